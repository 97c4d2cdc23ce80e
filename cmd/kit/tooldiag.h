/*
 * The tools' own diagnostics: what a tool finds wrong with a game beyond
 * what the library says (pdn-replay's ply that the game does not have,
 * pdn-standings' game without its players).  One table of the same form
 * as the library's (a stable name, a severity and a fixed text per
 * code), numbered after the library's codes, so that one index from 0 to
 * TOOLDIAG_NCODES covers both: -W names either, the per-file summaries
 * count either, and a tool's diagnostic carries its code in brackets as
 * the library's do.
 */
#ifndef TOOLDIAG_H
#define TOOLDIAG_H

#include <stdarg.h>
#include <stddef.h>

#include <pdn/pdn.h>

enum tooldiag_code {
	/* pdn-replay: the position asked for is not in the game. */
	TOOLDIAG_NO_SUCH_PLY = PDN_D_NCODES,
	TOOLDIAG_NO_SUCH_MOVE,
	/* pdn-standings: a game not counted, or counted otherwise. */
	TOOLDIAG_NO_PLAYERS,
	TOOLDIAG_BAD_RESULT,
	TOOLDIAG_SELF_PLAY,
	TOOLDIAG_RESULT_ADJUDICATED,
	TOOLDIAG_MOVES_INVALID,
	TOOLDIAG_DUPLICATE,
	TOOLDIAG_UNFINISHED,
	TOOLDIAG_NO_RESULT,
	/* pdn-select: a game too large to be written. */
	TOOLDIAG_COPY_TOO_LARGE,
	TOOLDIAG_BROKEN_TOO_LARGE,
	/* pdn-adjudicate -i --truncate variation: a game left uncut. */
	TOOLDIAG_MOVES_KEPT,
	/*
	 * pdn-standings: an event's games that do not fit its system (after
	 * the others, so that no code's number changes).
	 */
	TOOLDIAG_ROUND_ROBIN_UNEQUAL,
	TOOLDIAG_ROUND_ROBIN_MISSING,
	TOOLDIAG_SWISS_UNEQUAL,
	/* The library's codes and the tools' together. */
	TOOLDIAG_NCODES
};

/*
 * The stable name, the severity and the fixed text of a code, the
 * library's (below PDN_D_NCODES) or a tool's: "?", error and "?" for a
 * number that is neither.
 */
const char *tooldiag_name(int code);
pdn_severity tooldiag_severity(int code);
const char *tooldiag_text(int code);

/*
 * The program that says a tool's code ("pdn-standings"), or NULL for a
 * code of the library's, which every tool that reads games may say.
 */
const char *tooldiag_tool(int code);

/* The code of a name, the library's or a tool's, or -1. */
int tooldiag_code(const char *name);

/*
 * Makes *dg a diagnostic of tool code `code`: its code, name, severity
 * and message, the code's fixed text then ": " and the detail of the
 * printf format fmt (fmt NULL: the text alone), written into buf of
 * `size` bytes (truncated to fit), which dg->message points to.  Where it
 * is (file, line, column, game) the caller sets; the rest is zero.
 */
void tooldiag_make(pdn_diag *dg, int code, char *buf, size_t size,
    const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* tooldiag_make() with the arguments of fmt as a va_list. */
void tooldiag_vmake(pdn_diag *dg, int code, char *buf, size_t size,
    const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));

#endif /* TOOLDIAG_H */
