/*
 * The tools' own diagnostics (tooldiag.h): one stable name, one severity
 * and one fixed text per code, as the library's table has them, and the
 * program that says it.  Detail that varies (the ply asked for, the
 * player) is appended after ": ".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tooldiag.h"

struct tooldiag_info {
	const char *name;
	pdn_severity severity;
	const char *text;
	const char *tool;
};

#define NTOOL	(TOOLDIAG_NCODES - PDN_D_NCODES)
#define AT(code)	((code) - PDN_D_NCODES)

static const struct tooldiag_info tool_table[NTOOL] = {
	[AT(TOOLDIAG_NO_SUCH_PLY)] = { "no-such-ply", PDN_SEV_ERROR,
	    "no such ply", "pdn-replay" },
	[AT(TOOLDIAG_NO_SUCH_MOVE)] = { "no-such-move", PDN_SEV_ERROR,
	    "no such move", "pdn-replay" },
	[AT(TOOLDIAG_NO_PLAYERS)] = { "no-players", PDN_SEV_ERROR,
	    "a player missing, the game not counted", "pdn-standings" },
	[AT(TOOLDIAG_BAD_RESULT)] = { "bad-result", PDN_SEV_ERROR,
	    "Result tag is not a result, the game not counted",
	    "pdn-standings" },
	[AT(TOOLDIAG_SELF_PLAY)] = { "self-play", PDN_SEV_ERROR,
	    "a player against himself, the game not counted",
	    "pdn-standings" },
	[AT(TOOLDIAG_RESULT_ADJUDICATED)] = { "result-adjudicated",
	    PDN_SEV_WARNING, "the moves' result counted, not the recorded one",
	    "pdn-standings" },
	[AT(TOOLDIAG_MOVES_INVALID)] = { "moves-invalid", PDN_SEV_WARNING,
	    "moves that do not replay, the Result tag counted",
	    "pdn-standings" },
	[AT(TOOLDIAG_DUPLICATE)] = { "duplicate", PDN_SEV_WARNING,
	    "a copy of an earlier game (the same moves, players, date and "
	    "round), counted once", "pdn-standings" },
	[AT(TOOLDIAG_UNFINISHED)] = { "unfinished", PDN_SEV_NOTE,
	    "result * (unfinished), the game listed, not counted",
	    "pdn-standings" },
	[AT(TOOLDIAG_NO_RESULT)] = { "no-result", PDN_SEV_NOTE,
	    "no result, the game listed, not counted", "pdn-standings" },
	[AT(TOOLDIAG_COPY_TOO_LARGE)] = { "copy-too-large", PDN_SEV_ERROR,
	    "game too large to copy as read", "pdn-select" },
	[AT(TOOLDIAG_BROKEN_TOO_LARGE)] = { "broken-too-large", PDN_SEV_ERROR,
	    "game cut short by an error and too large to keep, not written",
	    "pdn-select" },
	[AT(TOOLDIAG_MOVES_KEPT)] = { "moves-kept", PDN_SEV_WARNING,
	    "game decided before its first move keeps its moves",
	    "pdn-adjudicate" },
	[AT(TOOLDIAG_ROUND_ROBIN_UNEQUAL)] = { "round-robin-unequal",
	    PDN_SEV_WARNING, "a round robin whose pairs played unequal "
	    "numbers of games", "pdn-standings" },
	[AT(TOOLDIAG_ROUND_ROBIN_MISSING)] = { "round-robin-missing",
	    PDN_SEV_WARNING, "games do not fit a round robin: pairs that "
	    "never met", "pdn-standings" },
	[AT(TOOLDIAG_SWISS_UNEQUAL)] = { "swiss-unequal", PDN_SEV_WARNING,
	    "a Swiss event whose players played unequal numbers of games",
	    "pdn-standings" },
};

/* The entry of a tool's code, or NULL for any other number. */
static const struct tooldiag_info *
info(int code)
{
	if (code < PDN_D_NCODES || code >= TOOLDIAG_NCODES)
		return NULL;
	return &tool_table[AT(code)];
}

const char *
tooldiag_name(int code)
{
	const struct tooldiag_info *t = info(code);

	return t != NULL ? t->name : pdn_diag_name((pdn_diag_code)code);
}

pdn_severity
tooldiag_severity(int code)
{
	const struct tooldiag_info *t = info(code);

	return t != NULL ? t->severity :
	    pdn_diag_severity((pdn_diag_code)code);
}

const char *
tooldiag_text(int code)
{
	const struct tooldiag_info *t = info(code);

	return t != NULL ? t->text : pdn_diag_text((pdn_diag_code)code);
}

const char *
tooldiag_tool(int code)
{
	const struct tooldiag_info *t = info(code);

	return t != NULL ? t->tool : NULL;
}

int
tooldiag_code(const char *name)
{
	int c;

	for (c = 0; c < TOOLDIAG_NCODES; c++)
		if (strcmp(name, tooldiag_name(c)) == 0)
			return c;
	return -1;
}

void
tooldiag_make(pdn_diag *dg, int code, char *buf, size_t size,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tooldiag_vmake(dg, code, buf, size, fmt, ap);
	va_end(ap);
}

/*
 * The fixed text is copied, not formatted, and the detail formatted once
 * into its place: pdn-standings says an error of each game of a file
 * without players (the 24,480 games of the bench file), and formatting
 * the text and the detail apart cost 4% of its instructions.
 */
void
tooldiag_vmake(pdn_diag *dg, int code, char *buf, size_t size,
    const char *fmt, va_list ap)
{
	const char *text = tooldiag_text(code);
	size_t n;

	memset(dg, 0, sizeof(*dg));
	dg->code = (pdn_diag_code)code;
	dg->severity = tooldiag_severity(code);
	dg->name = tooldiag_name(code);
	dg->side = PDN_WHITE;
	dg->message = size > 0 ? buf : text;
	if (size == 0)
		return;
	n = strlen(text);
	if (n >= size)
		n = size - 1;
	memcpy(buf, text, n);
	buf[n] = '\0';
	if (fmt == NULL || size - n <= 2)
		return;
	memcpy(buf + n, ": ", 3);
	n += 2;
	vsnprintf(buf + n, size - n, fmt, ap);
}
