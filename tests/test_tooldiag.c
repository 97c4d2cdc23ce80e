/*
 * The tools' own diagnostics (cmd/kit/tooldiag.c): one index over the
 * library's codes and the tools', every name unique and found again, and
 * a tool's message its fixed text then the detail.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tooldiag.h"

/*
 * Below PDN_D_NCODES the library's table, above it the tools': each name
 * in kebab case, given once, found again by tooldiag_code(); each tool
 * code with its program, its text and a severity.
 */
static void
test_table(void **state)
{
	const char *n, *p;
	int c, k;

	(void)state;
	for (c = 0; c < TOOLDIAG_NCODES; c++) {
		n = tooldiag_name(c);
		assert_true(strcmp(n, "?") != 0);
		for (p = n; *p != '\0'; p++)
			assert_true((*p >= 'a' && *p <= 'z') ||
			    (*p >= '0' && *p <= '9') || (*p == '-' && p > n &&
			    p[1] != '\0'));
		assert_int_equal(tooldiag_code(n), c);
		for (k = 0; k < c; k++)
			assert_string_not_equal(n, tooldiag_name(k));
		assert_true(strlen(tooldiag_text(c)) > 0);
		assert_true(tooldiag_severity(c) >= PDN_SEV_NOTE &&
		    tooldiag_severity(c) <= PDN_SEV_ERROR);
		if (c < PDN_D_NCODES) {
			assert_string_equal(n,
			    pdn_diag_name((pdn_diag_code)c));
			assert_string_equal(tooldiag_text(c),
			    pdn_diag_text((pdn_diag_code)c));
			assert_int_equal(tooldiag_severity(c),
			    pdn_diag_severity((pdn_diag_code)c));
			assert_null(tooldiag_tool(c));
		} else
			assert_int_equal(strncmp(tooldiag_tool(c), "pdn-", 4),
			    0);
	}
	assert_string_equal(tooldiag_name(TOOLDIAG_NO_SUCH_PLY),
	    "no-such-ply");
	assert_string_equal(tooldiag_tool(TOOLDIAG_DUPLICATE),
	    "pdn-standings");
	assert_int_equal(tooldiag_severity(TOOLDIAG_UNFINISHED), PDN_SEV_NOTE);
	assert_string_equal(tooldiag_name(TOOLDIAG_NCODES), "?");
	assert_string_equal(tooldiag_name(-1), "?");
	assert_int_equal(tooldiag_severity(TOOLDIAG_NCODES), PDN_SEV_ERROR);
	assert_int_equal(tooldiag_code("xyzzy"), -1);
	assert_int_equal(tooldiag_code("fen-liberty"), PDN_D_FEN_LIBERTY);
}

/* A diagnostic made: the code's name, severity, text and detail. */
static void
test_make(void **state)
{
	pdn_diag d;
	char buf[64], small[12];

	(void)state;
	tooldiag_make(&d, TOOLDIAG_NO_SUCH_PLY, buf, sizeof(buf),
	    "ply %d asked, the game has %d", 9, 4);
	assert_int_equal(d.code, TOOLDIAG_NO_SUCH_PLY);
	assert_string_equal(d.name, "no-such-ply");
	assert_int_equal(d.severity, PDN_SEV_ERROR);
	assert_ptr_equal(d.message, buf);
	assert_string_equal(d.message,
	    "no such ply: ply 9 asked, the game has 4");
	assert_null(d.file);
	assert_int_equal(d.game, 0);
	assert_null(d.move);
	tooldiag_make(&d, TOOLDIAG_MOVES_INVALID, buf, sizeof(buf), NULL);
	assert_string_equal(d.message,
	    "moves that do not replay, the Result tag counted");
	assert_int_equal(d.severity, PDN_SEV_WARNING);
	/* Truncated to fit. */
	tooldiag_make(&d, TOOLDIAG_NO_SUCH_MOVE, small, sizeof(small), "%s",
	    "12. asked");
	assert_string_equal(d.message, "no such mov");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_make),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
