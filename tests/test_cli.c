/*
 * The command-line helpers shared by the tools (cmd/kit/cli.c): the
 * number writer of the per-game records, against the C library's; the
 * limit of the diagnostics of a code in a file, and the summary of a
 * search, with codes of the library and of the tools.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"
#include "tooldiag.h"

/* cli_utoa(v) must write exactly what "%llu" does, and return its length. */
static void
check_utoa(unsigned long long v)
{
	char got[32], want[32];
	int n;

	memset(got, 'x', sizeof(got));
	n = cli_utoa(v, got);
	snprintf(want, sizeof(want), "%llu", v);
	assert_string_equal(got, want);
	assert_int_equal(n, (int)strlen(want));
}

/* Every length: powers of ten and their neighbours, and the extremes. */
static void
test_utoa_edges(void **state)
{
	unsigned long long p;
	int k;

	(void)state;
	check_utoa(0);
	check_utoa(ULLONG_MAX);
	check_utoa(ULLONG_MAX - 1);
	for (p = 1, k = 0; k < 20; k++, p *= 10) {
		check_utoa(p);
		check_utoa(p - 1);
		check_utoa(p + 1);
		check_utoa(2 * p);
		check_utoa(9 * p + (p - 1));
	}
}

/* A spread of values of every size (a fixed linear congruential walk). */
static void
test_utoa_spread(void **state)
{
	unsigned long long x = 88172645463325252ULL;
	int i;

	(void)state;
	for (i = 0; i < 200000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		check_utoa(x >> (i % 64));
	}
}

/* Says n diagnostics of code `code` of file `file`, its severity's. */
static void
say(const char *file, int code, int n)
{
	pdn_diag d;
	char msg[256];
	int i;

	for (i = 0; i < n; i++) {
		tooldiag_make(&d, code, msg, sizeof(msg), NULL);
		d.file = file;
		d.line = i + 1;
		d.col = 1;
		d.game = i + 1;
		cli_diag(&d, NULL);
	}
}

/* What the diagnostics said into fp since it was opened; fp is closed. */
static char *
said(FILE *fp)
{
	static char buf[8192];
	size_t n;

	rewind(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	cli_diag_stream(NULL);
	return buf;
}

/* The lines of the text s that contain `part`, joined. */
static const char *
lines_with(const char *s, const char *part)
{
	static char out[4096];
	char line[512];
	const char *nl;
	size_t len = 0, k;

	out[0] = '\0';
	for (; *s != '\0'; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			break;
		k = (size_t)(nl - s) + 1;
		assert_true(k < sizeof(line));
		memcpy(line, s, k);
		line[k] = '\0';
		if (strstr(line, part) != NULL && len + k < sizeof(out)) {
			memcpy(out + len, line, k + 1);
			len += k;
		}
	}
	return out;
}

/*
 * The limit: five of a code in a file, then a line that names the code,
 * a tool's as the library's; errors all said; a code of all[] every time.
 */
static void
test_limit(void **state)
{
	static char name[] = "pdn-test", *argv[] = { name, NULL };
	static unsigned char all[TOOLDIAG_NCODES];
	FILE *fp;
	const char *s;

	(void)state;
	cli_init(argv);
	assert_non_null(fp = tmpfile());
	cli_diag_stream(fp);
	all[PDN_D_MOVE_SPACES] = 1;
	cli_diag_limit(CLI_DIAG_LIMIT, all);
	say("a.pdn", PDN_D_FEN_LIBERTY, 7);
	say("a.pdn", TOOLDIAG_DUPLICATE, 8);
	say("a.pdn", TOOLDIAG_NO_PLAYERS, 6);
	say("a.pdn", PDN_D_MOVE_SPACES, 6);
	cli_diag_flush();
	cli_diag_limit(0, NULL);
	s = said(fp);
	assert_int_equal(strlen(lines_with(s, "[fen-liberty]")), 5 * strlen(
	    "pdn-test: a.pdn:1:1: warning: nonstandard FEN [fen-liberty] "
	    "(game 1)\n"));
	assert_string_equal(lines_with(s, "pdn-test: a.pdn:6:1: warning: a "
	    "copy"), "");
	assert_string_equal(lines_with(s, "pdn-test: a.pdn:5:1: warning: a "
	    "copy"), "pdn-test: a.pdn:5:1: warning: a copy of an earlier game "
	    "(the same moves, players, date and round), counted once "
	    "[duplicate] (game 5)\n");
	assert_string_equal(lines_with(s, "more in this file"),
	    "pdn-test: a.pdn: fen-liberty: 2 more in this file (-W "
	    "fen-liberty shows them)\n"
	    "pdn-test: a.pdn: duplicate: 3 more in this file (-W duplicate "
	    "shows them)\n");
	assert_string_equal(lines_with(s, "a.pdn:6:1: error"),
	    "pdn-test: a.pdn:6:1: error: a player missing, the game not "
	    "counted [no-players] (game 6)\n");
	assert_string_equal(lines_with(s, "a.pdn:6:1: warning: spaces"),
	    "pdn-test: a.pdn:6:1: warning: spaces inside a move "
	    "[move-spaces] (game 6)\n");
}

/*
 * The summary of a search: the warnings and notes of a file counted in
 * one line, by code in the order first seen, named when there is one;
 * errors said, and the codes of `limited` said up to the limit.
 */
static void
test_summary(void **state)
{
	static char name[] = "pdn-test", *argv[] = { name, NULL };
	static unsigned char limited[TOOLDIAG_NCODES];
	FILE *fp;
	const char *s;

	(void)state;
	cli_init(argv);
	assert_non_null(fp = tmpfile());
	cli_diag_stream(fp);
	limited[PDN_D_GAMETYPE_UNKNOWN] = 1;
	cli_diag_limit(CLI_DIAG_LIMIT, NULL);
	cli_diag_summary(limited);
	say("a.pdn", PDN_D_FEN_LIBERTY, 7);
	say("a.pdn", PDN_D_ILLEGAL_MOVE, 1);
	say("a.pdn", PDN_D_GAMETYPE_UNKNOWN, 6);
	say("a.pdn", PDN_D_GAMETYPE_INFERRED, 2);
	say("a.pdn", TOOLDIAG_DUPLICATE, 3);
	say("b.pdn", PDN_D_COLON_CAPTURE, 1);
	cli_diag_flush();
	cli_diag_limit(0, NULL);
	say("c.pdn", PDN_D_NO_TERMINATOR, 1);
	s = said(fp);
	assert_string_equal(lines_with(s, "fen-liberty]"), "");
	assert_string_equal(lines_with(s, "[illegal-move]"),
	    "pdn-test: a.pdn:1:1: error: not legal here [illegal-move] "
	    "(game 1)\n");
	assert_int_equal(strlen(lines_with(s, "[gametype-unknown]")), 5 *
	    strlen("pdn-test: a.pdn:1:1: warning: no GameType tag, and no "
	    "variant's rules replay its moves alike [gametype-unknown] "
	    "(game 1)\n"));
	assert_string_equal(lines_with(s, "in this file"),
	    "pdn-test: a.pdn: gametype-unknown: 1 more in this file (-W "
	    "gametype-unknown shows them)\n"
	    "pdn-test: a.pdn: 10 warnings and 2 notes in this file: "
	    "fen-liberty 7, gametype-inferred 2, duplicate 3 (-W CODE shows "
	    "them)\n"
	    "pdn-test: b.pdn: 1 warning in this file: colon-capture 1 (-W "
	    "colon-capture shows them)\n");
	/* cli_diag_limit() ends the summary: said again. */
	assert_string_equal(lines_with(s, "c.pdn"),
	    "pdn-test: c.pdn:1:1: warning: game ends without a result token "
	    "[no-terminator] (game 1)\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utoa_edges),
		cmocka_unit_test(test_utoa_spread),
		cmocka_unit_test(test_limit),
		cmocka_unit_test(test_summary),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
