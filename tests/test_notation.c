/*
 * Writing moves (notation.c): the exact strings of quiet moves and
 * captures, short, full and unique, in each variant's squares and
 * separator; and the normalised text of a move token as read,
 * pdn_movetok_str() (game.c).
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
/* A white-box test: it reads the fields of moves and lists. */
#include "move.h"

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The moves of a FEN of variant `name`, written by `how` (0 short, 1 full,
 * 2 unique), sorted and joined by spaces into out, checking that each
 * call returns the length it wrote.
 */
static void
moves_of(const char *name, const char *fen, int how, char *out, size_t size)
{
	const pdn_variant *v = pdn_variant_by_name(name);
	static char bufs[PDN_MAX_MOVES][PDN_MOVE_STRMAX];
	const char *sorted[PDN_MAX_MOVES];
	pdn_position pos;
	pdn_movelist list;
	size_t len = 0;
	int i, n, got;

	assert_non_null(v);
	if (pdn_fen_read(&pos, v, fen, strlen(fen), NULL) != 0)
		fail_msg("%s: bad FEN %s", name, fen);
	n = pdn_generate(&list, &pos);
	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		if (how == 2)
			got = pdn_move_str_unique(bufs[i], v, &list.m[i], &list);
		else
			got = pdn_move_str(bufs[i], v, &list.m[i], how);
		assert_int_equal(got, (int)strlen(bufs[i]));
		sorted[i] = bufs[i];
	}
	qsort(sorted, (size_t)n, sizeof(sorted[0]), cmp_str);
	out[0] = '\0';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%s",
		    i > 0 ? " " : "", sorted[i]);
}

static void
check_moves(const char *name, const char *fen, int how, const char *want)
{
	char got[4096];

	moves_of(name, fen, how, got, sizeof(got));
	if (strcmp(got, want) != 0)
		fail_msg("%s %s (%s): got \"%s\", want \"%s\"", name, fen,
		    how == 0 ? "short" : how == 1 ? "full" : "unique", got,
		    want);
}

/* Quiet moves: "from-to", one or two digits, or file and rank. */
static void
test_quiet(void **state)
{
	static const char intl[] = "31-26 31-27 32-27 32-28 33-28 33-29 "
	    "34-29 34-30 35-30";
	static const char ru[] = "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4";
	int how;

	(void)state;
	for (how = 0; how < 3; how++) {
		check_moves("international", "W:W31-50:B1-20", how, intl);
		check_moves("international", "B:W31-50:B1-20", how,
		    "16-21 17-21 17-22 18-22 18-23 19-23 19-24 20-24 20-25");
		check_moves("international", "B:W50:B1", how, "1-6 1-7");
		check_moves("international", "W:WK46:B1", how,
		    "46-10 46-14 46-19 46-23 46-28 46-32 46-37 46-41 46-5");
		check_moves("russian", "W:W21-32:B1-12", how, ru);
		check_moves("brazilian", "W:W21-32:B1-12", how, ru);
		check_moves("czech", "W:W21-32:B1-12", how, ru);
		check_moves("english", "B:W21-32:B1-12", how,
		    "10-14 10-15 11-15 11-16 12-16 9-13 9-14");
		check_moves("pool", "W:W21-32:B1-12", how,
		    "21-17 22-17 22-18 23-18 23-19 24-19 24-20");
		check_moves("spanish", "W:W1-12:B21-32", how,
		    "10-13 10-14 11-14 11-15 12-15 12-16 9-13");
		check_moves("canadian", "W:W43-72:B1-30", how,
		    "43-37 44-37 44-38 45-38 45-39 46-39 46-40 47-40 47-41 "
		    "48-41 48-42");
		check_moves("frisian", "W:W31-50:B1-20", how, intl);
	}
}

/* Captures: the separator of the variant, short and full. */
static void
test_captures(void **state)
{
	(void)state;
	/* One piece: the short and the full form are one. */
	check_moves("international", "W:W28:B23", 0, "28x19");
	check_moves("international", "W:W28:B23", 1, "28x19");
	/* Men capture backward; three pieces, every landing square. */
	check_moves("international", "W:W15:B8,19,20", 0, "15x2");
	check_moves("international", "W:W15:B8,19,20", 1, "15x24x13x2");
	check_moves("international", "W:W15:B8,19,20", 2, "15x2");
	/*
	 * A man that comes back to its square: e5 takes f6, f8, d8 and d6
	 * round to e5 again, either way round, one move.
	 */
	check_moves("international", "W:W28:B12,13,22,23", 0, "28x28");
	check_moves("international", "W:W28:B12,13,22,23", 2, "28x28");
	/* English: 22 (c3) over 18 (d4) to 15 (e5). */
	check_moves("english", "W:W22:B18", 0, "22x15");
	/* Russian ':' and squares by file and rank; the man crowned on d8. */
	check_moves("russian", "W:Wf6:Be7,b6", 0, "f6:a5");
	check_moves("russian", "W:Wf6:Be7,b6", 1, "f6:d8:a5");
	check_moves("brazilian", "W:Wc3:Bd4", 0, "c3xe5");
	check_moves("czech", "W:Wc3:Bd4", 0, "c3xe5");
	/* Thai writes '-' in captures too: 11 (c3) over 15 (d4) to 18. */
	check_moves("thai", "W:W11:B15", 0, "11-18");
	/*
	 * Canadian: the king on 72 (k1), whose bit is beyond 64, takes 65
	 * (j2) and lands on 59 (i3), before its own man on 52 (h4); a black
	 * man of 61 (b2) goes to the edge squares 67 (a1) and 68 (c1).
	 */
	check_moves("canadian", "W:WK72,52:B65", 1, "72x59");
	check_moves("canadian", "B:W66:B61", 0, "61-67 61-68");
}

/*
 * The unique form: the full path only for moves another move shares its
 * from and to squares with.  King 4 (h10) takes 13 and lands on c5 (27)
 * to take 32 or on b4 (31) to take 37, and ends on 15 either way; a man
 * of 9 takes 14 to 20 on its own.
 */
static void
test_unique(void **state)
{
	(void)state;
	check_moves("international", "W:WK4:B13,20,32,37", 0, "4x15 4x15");
	check_moves("international", "W:WK4:B13,20,32,37", 1,
	    "4x27x38x15 4x31x42x15");
	check_moves("international", "W:WK4:B13,20,32,37", 2,
	    "4x27x38x15 4x31x42x15");
	/*
	 * King 46 (a1) takes 37 (c3) and 39 (g3) and ends on 44 or 50:
	 * two ends, so the short form is unique.
	 */
	check_moves("international", "W:WK46:B37,39", 0, "46x44 46x50");
	check_moves("international", "W:WK46:B37,39", 1, "46x28x44 46x28x50");
	check_moves("international", "W:WK46:B37,39", 2, "46x44 46x50");
	/* The same in pdn_move_str_unique(), international's own. */
	{
		const char *fen = "W:WK4:B13,20,32,37";
		pdn_position pos;
		pdn_movelist list;
		char buf[PDN_MOVE_STRMAX];

		assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL),
		    0);
		assert_int_equal(pdn_generate(&list, &pos), 2);
		assert_int_equal(pdn_move_str_unique(buf, NULL, &list.m[0], &list),
		    10);
		assert_true(strcmp(buf, "4x27x38x15") == 0 ||
		    strcmp(buf, "4x31x42x15") == 0);
		assert_int_equal(pdn_move_str(buf, NULL, &list.m[0], 0), 4);
		assert_string_equal(buf, "4x15");
		/* Alone in its list, the move is unique short. */
		list.n = 1;
		assert_int_equal(pdn_move_str_unique(buf, NULL, &list.m[0], &list),
		    4);
		assert_string_equal(buf, "4x15");
	}
}

/* A move of a position, found by its full form. */
static const pdn_move *
find(const pdn_movelist *list, const char *full)
{
	char buf[PDN_MOVE_STRMAX];
	int i;

	for (i = 0; i < list->n; i++) {
		pdn_move_str(buf, NULL, &list->m[i], 1);
		if (strcmp(buf, full) == 0)
			return &list->m[i];
	}
	fail_msg("no move %s", full);
	return NULL;
}

/* pdn_move_str(): international's squares and 'x', and its lengths. */
static void
test_move_str(void **state)
{
	const char *fen = "W:W15:B8,19,20";
	pdn_position pos;
	pdn_movelist list;
	char buf[PDN_MOVE_STRMAX];

	(void)state;
	assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL), 0);
	assert_int_equal(pdn_generate(&list, &pos), 1);
	assert_int_equal(pdn_move_str(buf, NULL, &list.m[0], 0), 4);
	assert_string_equal(buf, "15x2");
	assert_int_equal(pdn_move_str(buf, NULL, &list.m[0], 1), 10);
	assert_string_equal(buf, "15x24x13x2");
	assert_int_equal(pdn_move_str(buf, pdn_variant_default(), &list.m[0], 1), 10);
	assert_string_equal(buf, "15x24x13x2");
	pdn_variant_start(pdn_variant_default(), &pos);
	assert_int_equal(pdn_generate(&list, &pos), 9);
	assert_int_equal(pdn_move_str(buf, NULL, find(&list, "32-28"), 0), 5);
	assert_string_equal(buf, "32-28");
	assert_int_equal(pdn_move_str(buf, NULL, find(&list, "35-30"), 1), 5);
	assert_string_equal(buf, "35-30");
}

/* Squares as each variant writes them. */
static void
check_square(const char *name, int n, const char *want)
{
	const pdn_variant *v = pdn_variant_by_name(name);
	char buf[8];

	assert_non_null(v);
	memset(buf, 'Z', sizeof(buf));
	assert_int_equal(pdn_square_str(buf, v, n), (int)strlen(want));
	if (strcmp(buf, want) != 0)
		fail_msg("%s square %d written \"%s\", not \"%s\"", name, n,
		    buf, want);
}

static void
test_square_str(void **state)
{
	(void)state;
	check_square("international", 1, "1");
	check_square("international", 9, "9");
	check_square("international", 10, "10");
	check_square("international", 50, "50");
	check_square("canadian", 72, "72");
	check_square("english", 22, "22");
	check_square("italian", 1, "1");
	check_square("spanish", 32, "32");
	check_square("thai", 32, "32");
	check_square("pool", 5, "5");
	check_square("frisian", 46, "46");
	/* The algebraic variants: the English grid, by file and rank. */
	check_square("russian", 1, "b8");
	check_square("russian", 4, "h8");
	check_square("russian", 5, "a7");
	check_square("russian", 22, "c3");
	check_square("russian", 29, "a1");
	check_square("russian", 32, "g1");
	check_square("brazilian", 18, "d4");
	check_square("czech", 28, "h2");
}
/* An algebraic square of a move token, as the lexer stores it. */
#define ALG(file, rank) (PDN_ALPHA + ((file) - 'a' + 1) * 100 + (rank))

/* A move token of two squares. */
static pdn_movetok
tok2(unsigned a, unsigned b, int capture, int alpha)
{
	pdn_movetok t;

	memset(&t, 0, sizeof(t));
	t.sq[0] = (uint16_t)a;
	t.sq[1] = (uint16_t)b;
	t.nsq = 2;
	t.capture = (uint8_t)capture;
	t.alpha = (uint8_t)alpha;
	return t;
}

/* A move token of n squares. */
static pdn_movetok
tokn(int capture, int alpha, int n, const unsigned *sq)
{
	pdn_movetok t;
	int k;

	memset(&t, 0, sizeof(t));
	for (k = 0; k < n; k++)
		t.sq[k] = (uint16_t)sq[k];
	t.nsq = (uint8_t)n;
	t.capture = (uint8_t)capture;
	t.alpha = (uint8_t)alpha;
	return t;
}

static void
check_tok(const pdn_movetok *t, const char *want)
{
	char buf[PDN_MOVETOK_STRMAX];
	int len;

	memset(buf, 'Z', sizeof(buf));
	len = pdn_movetok_str(buf, t);
	assert_string_equal(buf, want);
	assert_int_equal(len, (int)strlen(want));
}

static void
test_movetok_str(void **state)
{
	static const unsigned path[] = { 26, 17, 28, 37 };
	static const unsigned alg3[] = { ALG('c', 3), ALG('e', 5),
	    ALG('c', 7) };
	unsigned long24[PDN_MOVETOK_MAX];
	char want[PDN_MOVETOK_STRMAX];
	pdn_movetok t;
	size_t len;
	int k;

	(void)state;
	t = tok2(32, 28, 0, 0);
	check_tok(&t, "32-28");
	t = tok2(1, 7, 0, 0);
	check_tok(&t, "1-7");
	t = tok2(28, 19, 1, 0);
	check_tok(&t, "28x19");
	t = tokn(1, 0, 4, path);
	check_tok(&t, "26x17x28x37");
	/* A path written with '-' stays '-'. */
	t = tokn(0, 0, 4, path);
	check_tok(&t, "26-17-28-37");
	t = tok2(ALG('c', 3), ALG('d', 4), 0, 1);
	check_tok(&t, "c3-d4");
	/* ':' is read as capture and written 'x'. */
	t = tokn(1, 1, 3, alg3);
	check_tok(&t, "c3xe5xc7");
	t = tok2(ALG('b', 12), ALG('a', 11), 0, 1);
	check_tok(&t, "b12-a11");
	t = tok2(72, 66, 0, 0);
	check_tok(&t, "72-66");
	/*
	 * Moves that would read back as results keep a padded first
	 * square: 1-0, 0-1, 2-0, 0-2, 1-1, 0-0.
	 */
	t = tok2(1, 0, 0, 0);
	check_tok(&t, "01-0");
	t = tok2(0, 1, 0, 0);
	check_tok(&t, "00-1");
	t = tok2(2, 0, 0, 0);
	check_tok(&t, "02-0");
	t = tok2(0, 2, 0, 0);
	check_tok(&t, "00-2");
	t = tok2(1, 1, 0, 0);
	check_tok(&t, "01-1");
	t = tok2(0, 0, 0, 0);
	check_tok(&t, "00-0");
	/* The others are written as they are. */
	t = tok2(1, 2, 0, 0);
	check_tok(&t, "1-2");
	t = tok2(2, 1, 0, 0);
	check_tok(&t, "2-1");
	t = tok2(1, 1, 1, 0);
	check_tok(&t, "1x1");
	/* The longest token: 24 squares of four digits. */
	for (k = 0; k < PDN_MOVETOK_MAX; k++)
		long24[k] = 9999;
	t = tokn(1, 0, PDN_MOVETOK_MAX, long24);
	for (len = 0, k = 0; k < PDN_MOVETOK_MAX; k++)
		len += (size_t)snprintf(want + len, sizeof(want) - len,
		    "%s9999", k > 0 ? "x" : "");
	assert_int_equal(len, 5 * PDN_MOVETOK_MAX - 1);
	check_tok(&t, want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quiet),
		cmocka_unit_test(test_captures),
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_move_str),
		cmocka_unit_test(test_square_str),
		cmocka_unit_test(test_movetok_str),
	};

	return cmocka_run_group_tests_name("notation", tests, NULL, NULL);
}
