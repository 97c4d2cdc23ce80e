/*
 * The move-token matcher (match.c): which legal moves a token as written
 * selects, with the notes it takes, in international draughts and in the
 * variants that name squares by file and rank or pass squares on a
 * king's stretch.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
/* A white-box test: it reads the fields of moves and lists. */
#include "move.h"
#include "pdntest.h"

/* A token from its text (pdntest_tok()). */
#define tok(s) pdntest_tok(s)

/* The position of a FEN of variant `name`, and its legal moves. */
static const pdn_variant *
setup(const char *name, const char *fen, pdn_position *pos,
    pdn_movelist *list)
{
	const pdn_variant *v = pdn_variant_by_name(name);

	assert_non_null(v);
	if (pdn_fen_read(pos, v, fen, strlen(fen), NULL) != 0)
		fail_msg("%s: bad FEN %s", name, fen);
	assert_true(pdn_generate(list, pos) >= 0);
	return v;
}

/*
 * How many moves of `list` token `s` matches in v, and that each index
 * written is a move with the token's from and to squares; *first (may be
 * NULL) gets the full form of the first match, *notes its notes.
 */
static int
count(const pdn_variant *v, const pdn_movelist *list, const char *s,
    unsigned *notes, char *first)
{
	pdn_movetok t = tok(s), sq;
	int idx[PDN_MAX_MOVES], n, i;
	unsigned got = 0xdead;

	n = pdn_match_list(idx, PDN_MAX_MOVES, &got, v, &t, list);
	assert_true(got != 0xdead);
	if (notes != NULL)
		*notes = got;
	if (first != NULL)
		first[0] = '\0';
	if (n == 0)
		return 0;
	assert_int_equal(pdn_movetok_squares(v, &t, &sq), 0);
	for (i = 0; i < n; i++) {
		assert_in_range(idx[i], 0, list->n - 1);
		assert_int_equal(list->m[idx[i]].from, sq.sq[0]);
		assert_int_equal(list->m[idx[i]].to, sq.sq[sq.nsq - 1]);
		if (i > 0)
			assert_true(idx[i] > idx[i - 1]);
	}
	if (first != NULL)
		pdn_move_str(first, v, &list->m[idx[0]], 1);
	return n;
}

/* International draughts from the start: one move a token, or none. */
static void
test_start(void **state)
{
	const pdn_variant *v = pdn_variant_default();
	static const char *const legal[] = { "31-26", "31-27", "32-27",
	    "32-28", "33-28", "33-29", "34-29", "34-30", "35-30" };
	static const char *const illegal[] = { "32-26", "36-31", "46-41",
	    "31-36", "30-25", "28-23", "19-23", "51-46", "0-5", "32-0",
	    "32-51", "c3-d4", "b4-a5" };
	pdn_position pos;
	pdn_movelist list;
	unsigned notes;
	char full[PDN_MOVE_STRMAX];
	size_t i;

	(void)state;
	pdn_variant_start(pdn_variant_default(), &pos);
	assert_int_equal(pdn_generate(&list, &pos), 9);
	for (i = 0; i < sizeof(legal) / sizeof(legal[0]); i++) {
		assert_int_equal(count(v, &list, legal[i], &notes, full), 1);
		assert_string_equal(full, legal[i]);
		assert_int_equal(notes, 0);
	}
	for (i = 0; i < sizeof(illegal) / sizeof(illegal[0]); i++)
		if (count(v, &list, illegal[i], &notes, NULL) != 0)
			fail_msg("%s matched a move of the start",
			    illegal[i]);
	/* A quiet move written with 'x' matches, noted. */
	assert_int_equal(count(v, &list, "32x28", &notes, full), 1);
	assert_string_equal(full, "32-28");
	assert_int_equal(notes, PDN_MATCH_X_QUIET);
	/* A square in between is no square of a quiet move. */
	assert_int_equal(count(v, &list, "32-30-28", &notes, NULL), 0);
}

/* Captures: landing and captured squares in between, the notes. */
static void
test_captures(void **state)
{
	pdn_position pos;
	pdn_movelist list;
	const pdn_variant *v;
	unsigned notes;
	char full[PDN_MOVE_STRMAX];

	(void)state;
	/* 15 takes 20, 19 and 8 by 24 and 13 to 2. */
	v = setup("international", "W:W15:B8,19,20", &pos, &list);
	assert_int_equal(list.n, 1);
	assert_int_equal(count(v, &list, "15x2", &notes, full), 1);
	assert_string_equal(full, "15x24x13x2");
	assert_int_equal(notes, 0);
	assert_int_equal(count(v, &list, "15-2", &notes, NULL), 1);
	assert_int_equal(notes, PDN_MATCH_DASH_CAPTURE);
	assert_int_equal(count(v, &list, "15x24x13x2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "15x13x2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "15x24x2", &notes, NULL), 1);
	/* Captured squares, as some programs write them. */
	assert_int_equal(count(v, &list, "15x20x19x8x2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "15x19x2", &notes, NULL), 1);
	/* In any order: each listed square need only be on the move. */
	assert_int_equal(count(v, &list, "15x13x24x2", &notes, NULL), 1);
	/* A square neither landed on nor taken. */
	assert_int_equal(count(v, &list, "15x14x2", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "15x24x13x3x2", &notes, NULL), 0);
	/* Another end, another start. */
	assert_int_equal(count(v, &list, "15x13", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "14x2", &notes, NULL), 0);
	/* A quiet move where a capture is compulsory. */
	assert_int_equal(count(v, &list, "15-10", &notes, NULL), 0);
}

/*
 * Two captures with the same ends: king 4 takes 13 and 20 and either 32
 * (by 27 and 38) or 37 (by 31 and 42), ending on 15.
 */
static void
test_ambiguous(void **state)
{
	pdn_position pos;
	pdn_movelist list;
	pdn_movelist out;
	const pdn_variant *v;
	pdn_movetok t;
	unsigned notes;
	char full[PDN_MOVE_STRMAX];
	int idx[4] = { -1, -1, -1, -1 }, a, b;

	(void)state;
	v = setup("international", "W:WK4:B13,20,32,37", &pos, &list);
	assert_int_equal(list.n, 2);
	assert_int_equal(count(v, &list, "4x15", &notes, NULL), 2);
	assert_int_equal(count(v, &list, "4x13x15", &notes, NULL), 2);
	assert_int_equal(count(v, &list, "4x20x15", &notes, NULL), 2);
	assert_int_equal(count(v, &list, "4-15", &notes, NULL), 2);
	assert_int_equal(notes, PDN_MATCH_DASH_CAPTURE);
	/* A landing or a captured square tells them apart. */
	assert_int_equal(count(v, &list, "4x27x15", &notes, full), 1);
	assert_string_equal(full, "4x27x38x15");
	assert_int_equal(count(v, &list, "4x38x15", &notes, full), 1);
	assert_string_equal(full, "4x27x38x15");
	assert_int_equal(count(v, &list, "4x32x15", &notes, full), 1);
	assert_string_equal(full, "4x27x38x15");
	assert_int_equal(count(v, &list, "4x31x15", &notes, full), 1);
	assert_string_equal(full, "4x31x42x15");
	assert_int_equal(count(v, &list, "4x37x15", &notes, full), 1);
	assert_string_equal(full, "4x31x42x15");
	assert_int_equal(count(v, &list, "4x27x42x15", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "4x32x37x15", &notes, NULL), 0);
	/*
	 * Squares the king passes without landing are not in international
	 * records: 9 (g9), between 4 and 13, matches nothing.
	 */
	assert_int_equal(count(v, &list, "4x9x15", &notes, NULL), 0);

	/* The count goes on past max; only max indices are written. */
	t = tok("4x15");
	assert_int_equal(pdn_match_list(idx, 1, &notes, v, &t, &list), 2);
	assert_in_range(idx[0], 0, 1);
	assert_int_equal(idx[1], -1);
	assert_int_equal(pdn_match_list(idx, 0, NULL, v, &t, &list), 2);
	assert_int_equal(pdn_match_list(idx, 4, NULL, v, &t, &list), 2);
	a = idx[0];
	b = idx[1];
	assert_true(a != b && a >= 0 && b >= 0 && a + b == 1);
	assert_int_equal(idx[2], -1);
	/* pdn_match(): the same from the position, the moves themselves. */
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 2);
	assert_int_equal(out.m[0].from, 4);
	assert_int_equal(out.m[1].to, 15);
	assert_true(out.m[0].path[0] != out.m[1].path[0]);
	t = tok("4x31x15");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 1);
	assert_int_equal(out.m[0].path[0], 31);
}

/*
 * A king's stretch: king a1 takes c3, turns on e5, takes g3 and lands on
 * h2 (Russian), or on 44 or 50 (international, the same squares 46, 37,
 * 28, 39).  Outside international a record may name a square the king
 * passes, such as d4 right behind c3.
 */
static void
test_passed(void **state)
{
	pdn_position pos;
	pdn_movelist list;
	const pdn_variant *v;
	unsigned notes;
	char full[PDN_MOVE_STRMAX];

	(void)state;
	v = setup("russian", "W:WKa1:Bc3,g3", &pos, &list);
	assert_int_equal(list.n, 1);
	assert_int_equal(count(v, &list, "a1:h2", &notes, full), 1);
	assert_string_equal(full, "a1:e5:h2");
	assert_int_equal(notes, 0);
	assert_int_equal(count(v, &list, "a1:e5:h2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "a1:c3:g3:h2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "a1:d4:h2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "a1:b2:f4:h2", &notes, NULL), 1);
	assert_int_equal(count(v, &list, "a1xd4xh2", &notes, NULL), 1);
	/* Numbers name the same squares: a1 29, d4 18, h2 28. */
	assert_int_equal(count(v, &list, "29x18x28", &notes, full), 1);
	assert_string_equal(full, "a1:e5:h2");
	assert_int_equal(count(v, &list, "29-28", &notes, NULL), 1);
	assert_int_equal(notes, PDN_MATCH_DASH_CAPTURE);
	/* f6 is beyond the turn, h8 beyond the board's end of it. */
	assert_int_equal(count(v, &list, "a1:f6:h2", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "a1:e5:f6:h2", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "a1:g1:h2", &notes, NULL), 0);

	v = setup("international", "W:WK46:B37,39", &pos, &list);
	assert_int_equal(list.n, 2);
	assert_int_equal(count(v, &list, "46x44", &notes, full), 1);
	assert_string_equal(full, "46x28x44");
	assert_int_equal(count(v, &list, "46x28x50", &notes, full), 1);
	assert_string_equal(full, "46x28x50");
	assert_int_equal(count(v, &list, "46x37x39x44", &notes, NULL), 1);
	/* 32 (d4) and 41 (b2) are passed, not landed on. */
	assert_int_equal(count(v, &list, "46x32x44", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "46x41x44", &notes, NULL), 0);
}

/* Tokens by file and rank, in every variant but international. */
static void
test_algebraic(void **state)
{
	pdn_position pos;
	pdn_movelist list;
	const pdn_variant *v;
	unsigned notes;
	char full[PDN_MOVE_STRMAX];

	(void)state;
	v = setup("russian", "W:W21-32:B1-12", &pos, &list);
	assert_int_equal(list.n, 7);
	assert_int_equal(count(v, &list, "c3-d4", &notes, full), 1);
	assert_string_equal(full, "c3-d4");
	assert_int_equal(count(v, &list, "22-18", &notes, full), 1);
	assert_string_equal(full, "c3-d4");
	assert_int_equal(count(v, &list, "c3:d4", &notes, NULL), 1);
	assert_int_equal(notes, PDN_MATCH_X_QUIET);
	assert_int_equal(count(v, &list, "c3-e5", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "d4-c3", &notes, NULL), 0);
	/* Light squares and squares off the board are none. */
	assert_int_equal(count(v, &list, "c4-d5", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "i3-h4", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "g0-h1", &notes, NULL), 0);
	assert_int_equal(count(v, &list, "33-29", &notes, NULL), 0);

	/* English, numeric in its records, reads them too. */
	v = setup("english", "B:W21-32:B1-12", &pos, &list);
	assert_int_equal(list.n, 7);
	assert_int_equal(count(v, &list, "b6-a5", &notes, full), 1);
	assert_string_equal(full, "9-13");
	assert_int_equal(count(v, &list, "11-15", &notes, full), 1);
	assert_string_equal(full, "11-15");
	assert_int_equal(count(v, &list, "22-18", &notes, NULL), 0);

	/* Canadian: a5-b6 is 43-37, and 72 squares. */
	v = setup("canadian", "W:W43-72:B1-30", &pos, &list);
	assert_int_equal(list.n, 11);
	assert_int_equal(count(v, &list, "a5-b6", &notes, full), 1);
	assert_string_equal(full, "43-37");
	assert_int_equal(count(v, &list, "48-42", &notes, full), 1);
	assert_int_equal(count(v, &list, "k5-l6", &notes, full), 1);
	assert_string_equal(full, "48-42");
	assert_int_equal(count(v, &list, "73-67", &notes, NULL), 0);

	/* International: algebraic tokens match nothing. */
	pdn_variant_start(pdn_variant_default(), &pos);
	assert_int_equal(pdn_generate(&list, &pos), 9);
	assert_int_equal(count(pdn_variant_default(), &list, "b4-a5", &notes,
	    NULL), 0);
}

/* Tokens turned into square numbers of a variant. */
static void
test_movetok_squares(void **state)
{
	static const struct {
		const char *variant, *token;
		int ok;
		unsigned from, to;
	} cases[] = {
		{ "russian", "c3-d4", 0, 22, 18 },
		{ "brazilian", "a1-b2", 0, 29, 25 },
		{ "czech", "b8-a7", 0, 1, 5 },
		{ "english", "c3-d4", 0, 22, 18 },
		{ "italian", "b1-a2", 0, 29, 25 },
		{ "italian", "a1-b2", -1, 0, 0 },
		{ "spanish", "h1-g2", 0, 1, 5 },
		{ "spanish", "b1-a2", 0, 4, 8 },
		{ "thai", "a1-b2", 0, 4, 8 },
		{ "thai", "g1-h2", 0, 1, 5 },
		{ "canadian", "a1-b2", 0, 67, 61 },
		{ "canadian", "l12-k11", 0, 6, 12 },
		{ "canadian", "m1-l2", -1, 0, 0 },
		{ "frisian", "a1-b2", 0, 46, 41 },
		{ "frisian", "j10-i9", 0, 5, 10 },
		{ "international", "a1-b2", -1, 0, 0 },
		{ "international", "46-41", 0, 46, 41 },
		{ "international", "50-51", -1, 0, 0 },
		{ "international", "0-6", -1, 0, 0 },
		{ "english", "32-28", 0, 32, 28 },
		{ "english", "33-28", -1, 0, 0 },
		{ "english", "i1-h2", -1, 0, 0 },
		{ "canadian", "72-66", 0, 72, 66 },
		{ "canadian", "73-67", -1, 0, 0 },
	};
	const pdn_variant *v;
	pdn_movetok t, out;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		v = pdn_variant_by_name(cases[i].variant);
		assert_non_null(v);
		t = tok(cases[i].token);
		if (pdn_movetok_squares(v, &t, &out) != cases[i].ok)
			fail_msg("%s %s: not %s", cases[i].variant,
			    cases[i].token, cases[i].ok == 0 ? "squares" :
			    "refused");
		if (cases[i].ok != 0)
			continue;
		assert_int_equal(out.nsq, 2);
		assert_int_equal(out.alpha, 0);
		assert_int_equal(out.capture, 0);
		if (out.sq[0] != cases[i].from || out.sq[1] != cases[i].to)
			fail_msg("%s %s: %u-%u, want %u-%u", cases[i].variant,
			    cases[i].token, out.sq[0], out.sq[1],
			    cases[i].from, cases[i].to);
	}
	/* Every square of a long capture, and its separator. */
	v = pdn_variant_by_name("russian");
	t = tok("a1:e5:h2");
	assert_int_equal(pdn_movetok_squares(v, &t, &out), 0);
	assert_int_equal(out.nsq, 3);
	assert_int_equal(out.capture, 1);
	assert_int_equal(out.sq[0], 29);
	assert_int_equal(out.sq[1], 15);
	assert_int_equal(out.sq[2], 28);
	/* One square is no move. */
	t = tok("22");
	assert_int_equal(t.nsq, 1);
	assert_int_equal(pdn_movetok_squares(v, &t, &out), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_captures),
		cmocka_unit_test(test_ambiguous),
		cmocka_unit_test(test_passed),
		cmocka_unit_test(test_algebraic),
		cmocka_unit_test(test_movetok_squares),
	};

	return cmocka_run_group_tests_name("match", tests, NULL, NULL);
}
