/*
 * Where PDN text may be cut (cut.c, pdn_cut_next()): the exact offsets
 * of the cuts of hand-made texts, and none where a reader of the whole
 * would not start a game afresh.  That every cut is such a place, and
 * that the parts read apart read as the whole, fuzz/reader checks on
 * any bytes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>

/* The first cut at min or after in the whole of s, as one call sees it. */
static size_t
first_cut(const char *s, size_t min)
{
	pdn_cut c = PDN_CUT_INIT;

	return pdn_cut_next(&c, s, strlen(s), min);
}

/*
 * Every cut of s, each scan starting from the last cut as -j N does
 * (min 0); returns how many, into at[].
 */
static size_t
all_cuts(const char *s, size_t *at, size_t max)
{
	size_t base = 0, n = 0, len = strlen(s), k;
	pdn_cut c;

	while (n < max) {
		c = (pdn_cut)PDN_CUT_INIT;
		if ((k = pdn_cut_next(&c, s + base, len - base, 0)) == 0)
			break;
		base += k;
		at[n++] = base;
	}
	return n;
}

static const char two[] =
    "[Event \"a\"]\n[Result \"2-0\"]\n\n"
    "1. 32-28 19-23\n2. 33-29 2-0\n\n"
    "[Event \"b\"]\n1. 32-28 0-2\n";

static void
test_games(void **state)
{
	static const char three[] =
	    "[Event \"a\"]\n\n1. 32-28 19-23\n2. 33-29 *\n"
	    "[Event \"b\"]\n\n1. 32-28 19-23\n2. 33-29 1/2-1/2\n\n\n"
	    "[Event \"c\"]\n\n1. 32-28 (1... 17-22)\n"
	    "1... 19-23 $1 2. 33-29! {fine} 1-0\n";
	static const char crlf[] =
	    "[Event \"a\"]\r\n\r\n1. 32-28 19-23\r\n2. 33-29 2-0\r\n\r\n"
	    "[Event \"b\"]\r\n1. 32-28 *\r\n";
	/* A comment's '[' and result token are a comment's. */
	static const char comment[] =
	    "[Event \"a\"]\n1. 32-28 { 2-0 [see] } 19-23\n"
	    "2. 33-29 1-1\n[Event \"b\"]\n1. 32-28 0-2\n";
	/*
	 * Squares by file and rank, results as Russian records write them,
	 * and their short moves (the origin's file and the square reached).
	 */
	static const char russian[] =
	    "[GameType \"25\"]\n1. c3-d4 f6-g5\n2. g3-h4 1/2:1/2\n"
	    "[GameType \"25\"]\n1. c3-d4 0:1\n";
	static const char shortmoves[] =
	    "[GameType \"25\"]\n1. ed4 dc5\n2. fe3 1/2:1/2\n\n"
	    "[GameType \"25\"]\n1. cd4 0:1\n";
	size_t at[8];

	(void)state;
	assert_int_equal(first_cut(two, 0), 57);
	assert_int_equal(all_cuts(two, at, 8), 1);
	assert_int_equal(all_cuts(three, at, 8), 2);
	assert_int_equal(at[0], 39);
	assert_int_equal(at[1], 86);
	assert_int_equal(first_cut(crlf, 0), 47);
	assert_int_equal(first_cut(comment, 0), 54);
	assert_int_equal(first_cut(russian, 0), 48);
	assert_int_equal(first_cut(shortmoves, 0), 43);
}

/*
 * A game on one line is a cut's only when it started afresh: at the
 * start of the text, or after a game that ended with its result (the
 * reader's game before it could be as large as max_game otherwise, and
 * its skip after that error run past the cut).
 */
static void
test_one_line(void **state)
{
	static const char fresh[] =
	    "[Event \"a\"]\n1. 32-28 19-23 2-0\n[Event \"b\"]\n1. 33-29 0-2\n";
	static const char after[] =
	    "  \n[Event \"a\"]\n1. 32-28 2-0\n[Event \"b\"]\n1. 33-29 0-2\n"
	    "[Event \"c\"]\n1. 34-30 1-1\n";
	static const char unknown[] =
	    "{c}\n[Event \"a\"]\n1. 32-28 19-23 2-0\n"
	    "[Event \"b\"]\n1. 33-29 0-2\n";
	size_t at[8];

	(void)state;
	assert_int_equal(first_cut(fresh, 0), 31);
	assert_int_equal(all_cuts(after, at, 8), 2);
	assert_int_equal(at[0], 28);
	assert_int_equal(at[1], 53);
	assert_int_equal(first_cut(unknown, 0), 0);
}

/*
 * No cut: where a reader of the whole would not start a game afresh (the
 * '[' in a comment, after junk or an error that its skip passes, inside
 * prose), or where the cutter cannot tell that it would (an error, a
 * comment holding a line that starts with '[').
 */
static void
test_none(void **state)
{
	static const char *const none[] = {
		/* One game. */
		"[Event \"a\"]\n1. 32-28 19-23\n2. 33-29 2-0\n",
		/* No result before the tag. */
		"[Event \"a\"]\n1. 32-28\n19-23\n[Event \"b\"]\n1. 32-28 0-2\n",
		/* The '[' lines are inside a comment. */
		"[Event \"a\"]\n1. 32-28 19-23\n2. 33-29 { lost 2-0\n"
		"[Event \"x\"]\n} 1-1\n[Event \"b\"]\n1. 32-28 0-2\n",
		/*
		 * A comment after a tag, on its line: the scan passes tag
		 * lines without looking, but not their braces.
		 */
		"[Event \"a\"] {\n1. 32-28\n2-0\n[Site \"b\"]\n}\n",
		/* A line comment that a lone CR ends: a comment after it. */
		"[Event \"a\"]\n1. 32-28 19-23\n% x\r{\n2-0\n[Event \"b\"]\n"
		"}\n1. 32-28 0-2\n",
		"[Event \"a\"]\n1. 32-28 19-23\n2. 33-29 ; x\r{\n2-0\n"
		"[Event \"b\"]\n}\n",
		/* Junk after a game: the reader skips it to the next tag. */
		"[Event \"a\"]\n1. 32-28 19-23\n2. 33-29 2-0 }\n1-0\n"
		"[Event \"b\"]\n1. 32-28 0-2\n",
		/* An error before the result: its skip passes it. */
		"[Event \"a\"]\n) 1-0\n[Event \"b\"]\n1. 32-28 0-2\n",
		/* A '(' the tokenizer reads as prose, to its ')'. */
		"(\n[Event \"a\"]\n1. 32-28 19-23\n2-0\n[Event \"b\"]\n)\n",
		/* A comment with a line starting with '['. */
		"[Event \"a\"]\n1. 32-28 {see\n[x]} 19-23\n2. 33-29 2-0\n"
		"[Event \"b\"]\n1. 32-28 0-2\n",
		/*
		 * A parenthesis in a line comment inside a variation, which
		 * the tokenizer's look for prose counts.
		 */
		"[Event \"a\"]\n1. 32-28 19-23\n2. 33-29 (2. 34-29 ; (\n"
		"33-29) 2-0\n[Event \"b\"]\n1. 33-29 )\n",
		/* A result inside a variation. */
		"[Event \"a\"]\n1. 32-28 19-23\n2. 33-29 (2. 34-29 2-0)\n"
		"[Event \"b\"]\n",
		/* "1-1" is a result, blanks or not, and "1-10." one glued. */
		"[Event \"a\"]\n1. 32-28 19-23\n2. 1- 1 2-0\n[Event \"b\"]\n",
		"[Event \"a\"]\n1. 32-28 19-23\n2. 1-10. 2-0\n[Event \"b\"]\n",
		"",
		"\n\n[",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		assert_int_equal(first_cut(none[i], 0), 0);
}

/*
 * The buffer grows between calls: no cut before the line of the '[' is
 * whole, then the same cut as with all in view; and none before min.
 */
static void
test_edges(void **state)
{
	static const char comment[] =
	    "[Event \"a\"]\n1. 32-28 {a\nlong\ncomment} 19-23\n"
	    "2. 33-29 2-0\n[Event \"b\"]\n";
	pdn_cut c = PDN_CUT_INIT;
	char *b;
	size_t len;

	(void)state;
	/* The cut's line ends at byte 68 of `two`. */
	for (len = 0; len < 69; len++) {
		/* Each call's bytes in a buffer of their own. */
		b = malloc(len + 1);
		assert_non_null(b);
		memcpy(b, two, len);
		assert_int_equal(pdn_cut_next(&c, b, len, 0), 0);
		free(b);
	}
	b = malloc(sizeof(two));
	assert_non_null(b);
	memcpy(b, two, sizeof(two));
	assert_int_equal(pdn_cut_next(&c, b, 69, 0), 57);
	free(b);
	/* At min or after. */
	assert_int_equal(first_cut(two, 57), 57);
	assert_int_equal(first_cut(two, 58), 0);
	/* A call that ends inside a comment, the next goes on in it. */
	c = (pdn_cut)PDN_CUT_INIT;
	assert_int_equal(pdn_cut_next(&c, comment, 26, 0), 0);
	assert_int_equal(c.in_comment, 1);
	assert_int_equal(pdn_cut_next(&c, comment, sizeof(comment) - 1, 0),
	    57);
}

/* The line ends of buf[0..len), byte by byte. */
static long
lines_of(const char *buf, size_t len)
{
	long n = 0;

	while (len-- > 0)
		n += *buf++ == '\n';
	return n;
}

/*
 * The line ends of a text, counted 16 and 8 bytes at a time and byte by
 * byte: every length up to 600 from each of 17 starts (the loads are
 * unaligned) of a text with line ends at irregular places (CRs too, which
 * are no line end of their own), and texts longer than the 255 vectors a
 * byte's count holds, of line ends alone too.
 */
static void
test_lines(void **state)
{
	static char buf[9000];
	size_t i, len, from;

	(void)state;
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = i % 7 == 3 || i % 61 == 0 ? '\n' : i % 13 == 5 ?
		    '\r' : (char)('a' + i % 26);
	for (from = 0; from < 17; from++)
		for (len = 0; from + len <= 600; len++)
			assert_int_equal(pdn_cut_lines(buf + from, len),
			    lines_of(buf + from, len));
	assert_int_equal(pdn_cut_lines(buf + 3, sizeof(buf) - 3),
	    lines_of(buf + 3, sizeof(buf) - 3));
	memset(buf, '\n', sizeof(buf));
	assert_int_equal(pdn_cut_lines(buf + 1, sizeof(buf) - 1),
	    (long)sizeof(buf) - 1);
	assert_int_equal(pdn_cut_lines(two, strlen(two)), 8);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games),
		cmocka_unit_test(test_one_line),
		cmocka_unit_test(test_none),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_lines),
	};

	return cmocka_run_group_tests_name("cut", tests, NULL, NULL);
}
