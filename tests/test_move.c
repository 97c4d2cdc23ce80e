/*
 * Moves and move lists through the public API alone (move.c): what a
 * program reads of a move it did not make itself, with no field of the
 * library's own view.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "pdntest.h"

static pdn_movelist *
moves(const char *variant, const char *fen, pdn_position *pos)
{
	pdn_movelist *list;
	const pdn_variant *v = pdn_variant_by_name(variant);

	assert_non_null(v);
	assert_int_equal(pdn_fen_read(pos, v, fen, strlen(fen), NULL), 0);
	assert_int_equal(pdn_movelist_new(&list), 0);
	pdn_generate(list, pos);
	return list;
}

/* A man's three-piece capture to the crown row: 15x24x13x2. */
static void
capture(void **state)
{
	pdn_position pos;
	pdn_movelist *list = moves("international", "W:W15:B8,19,20", &pos);
	const pdn_move *m;
	int sq[8], n;

	(void)state;
	assert_int_equal(pdn_movelist_count(list), 1);
	m = pdn_movelist_get(list, 0);
	assert_non_null(m);
	assert_null(pdn_movelist_get(list, 1));
	assert_null(pdn_movelist_get(list, -1));
	assert_int_equal(pdn_move_from(m), 15);
	assert_int_equal(pdn_move_to(m), 2);
	assert_int_equal(pdn_move_captures(m), 3);
	assert_int_equal(pdn_move_promotes(m), 1);
	memset(sq, 0, sizeof(sq));
	assert_int_equal(pdn_move_path(sq, 8, m), 4);
	assert_int_equal(sq[0], 15);
	assert_int_equal(sq[1], 24);
	assert_int_equal(sq[2], 13);
	assert_int_equal(sq[3], 2);
	/* A short buffer gets what fits; the count is the whole. */
	memset(sq, 0, sizeof(sq));
	assert_int_equal(pdn_move_path(sq, 2, m), 4);
	assert_int_equal(sq[1], 24);
	assert_int_equal(sq[2], 0);
	memset(sq, 0, sizeof(sq));
	assert_int_equal(pdn_move_captured(sq, 8, NULL, m), 3);
	assert_int_equal(sq[0], 8);
	assert_int_equal(sq[1], 19);
	assert_int_equal(sq[2], 20);
	memset(sq, 0, sizeof(sq));
	assert_int_equal(pdn_move_captured(sq, 1, NULL, m), 3);
	assert_int_equal(sq[0], 8);
	assert_int_equal(sq[1], 0);
	n = pdn_generate(list, &pos);
	assert_int_equal(n, 1);
	pdn_movelist_free(list);
	pdn_movelist_free(NULL);
}

/* Two captures of the same squares, and quiet moves. */
static void
same_squares(void **state)
{
	pdn_position pos;
	pdn_movelist *list = moves("international", "W:WK4:B13,32,37,20", &pos);
	const pdn_move *a, *b;
	int ca[4], cb[4];

	(void)state;
	assert_int_equal(pdn_movelist_count(list), 2);
	a = pdn_movelist_get(list, 0);
	b = pdn_movelist_get(list, 1);
	assert_int_equal(pdn_move_from(a), pdn_move_from(b));
	assert_int_equal(pdn_move_to(a), 15);
	assert_int_equal(pdn_move_to(b), 15);
	assert_false(pdn_move_equal(a, b));
	assert_true(pdn_move_equal(a, a));
	/* 4x27x38x15 takes 13, 20 and 32; 4x31x42x15 13, 20 and 37. */
	if (pdn_move_path(ca, 4, a) == 4 && ca[1] == 31) {
		const pdn_move *t = a;

		a = b;
		b = t;
	}
	assert_int_equal(pdn_move_captured(ca, 4, NULL, a), 3);
	assert_int_equal(pdn_move_captured(cb, 4, NULL, b), 3);
	assert_int_equal(ca[0], 13);
	assert_int_equal(ca[1], 20);
	assert_int_equal(ca[2], 32);
	assert_int_equal(cb[0], 13);
	assert_int_equal(cb[1], 20);
	assert_int_equal(cb[2], 37);
	assert_int_equal(pdn_move_promotes(a), 0);
	pdn_movelist_free(list);

	list = moves("international", "W:W32:B1", &pos);
	assert_int_equal(pdn_movelist_count(list), 2);
	a = pdn_movelist_get(list, 0);
	assert_int_equal(pdn_move_from(a), 32);
	assert_int_equal(pdn_move_captures(a), 0);
	assert_int_equal(pdn_move_path(ca, 4, a), 2);
	assert_int_equal(ca[0], 32);
	assert_int_equal(ca[1], pdn_move_to(a));
	assert_int_equal(pdn_move_captured(ca, 4, NULL, a), 0);
	pdn_movelist_free(list);
}

/* Squares of an algebraic variant: Russian numbers as English does. */
static void
russian(void **state)
{
	pdn_position pos;
	pdn_movelist *list = moves("russian", "W:Wc3:Bd4,f6", &pos);
	const pdn_variant *v = pdn_variant_by_name("russian");
	const pdn_move *m;
	char s[PDN_MOVE_STRMAX], sq[8];
	int cap[4];

	(void)state;
	assert_int_equal(pdn_movelist_count(list), 1);
	m = pdn_movelist_get(list, 0);
	pdn_move_str(s, v, m, 1);
	assert_string_equal(s, "c3:e5:g7");
	assert_int_equal(pdn_move_captured(cap, 4, v, m), 2);
	pdn_square_str(sq, v, cap[0]);
	assert_string_equal(sq, "f6");
	pdn_square_str(sq, v, cap[1]);
	assert_string_equal(sq, "d4");
	pdn_movelist_free(list);
}

/* A move kept past its list: pdn_move_size() bytes copied. */
static void
kept(void **state)
{
	pdn_position pos, a, b;
	pdn_movelist *list = moves("international", "W:W15:B8,19,20", &pos);
	void *copy = malloc(pdn_move_size());

	(void)state;
	assert_non_null(copy);
	assert_true(pdn_move_size() >= 8 && pdn_move_size() % 8 == 0);
	memcpy(copy, pdn_movelist_get(list, 0), pdn_move_size());
	a = b = pos;
	pdn_make(&a, pdn_movelist_get(list, 0));
	pdn_variant_start(pdn_variant_default(), &pos);
	pdn_generate(list, &pos);
	pdn_make(&b, copy);
	assert_true(pdn_position_equal(&a, &b));
	assert_true(pdn_move_equal(copy, copy));
	free(copy);
	pdn_movelist_free(list);
}

/* pdn_match() into a list, and the lenient mode's negated count. */
static void
match(void **state)
{
	pdn_position pos;
	pdn_movelist *list = moves("international", "W:WK4:B13,32,37,20", &pos);
	pdn_movetok t = pdntest_tok("4x15");
	int sq[8];

	(void)state;
	assert_int_equal(pdn_match(list, &pos, &t, 0), 2);
	assert_int_equal(pdn_movelist_count(list), 2);
	t = pdntest_tok("4x31x15");
	assert_int_equal(pdn_match(list, &pos, &t, 0), 1);
	assert_int_equal(pdn_movelist_count(list), 1);
	assert_int_equal(pdn_move_path(sq, 8, pdn_movelist_get(list, 0)), 4);
	assert_int_equal(sq[1], 31);
	assert_int_equal(sq[2], 42);
	assert_int_equal(sq[3], 15);
	t = pdntest_tok("4x14");
	assert_int_equal(pdn_match(list, &pos, &t, 0), 0);
	assert_int_equal(pdn_movelist_count(list), 0);
	pdn_movelist_free(list);

	list = moves("international", "W:W28,32:B23", &pos);
	t = pdntest_tok("32-27");
	assert_int_equal(pdn_match(list, &pos, &t, 0), 0);
	assert_int_equal(pdn_match(list, &pos, &t, PDN_MATCH_LENIENT), -1);
	assert_int_equal(pdn_movelist_count(list), 1);
	assert_int_equal(pdn_move_to(pdn_movelist_get(list, 0)), 27);
	assert_int_equal(pdn_move_captures(pdn_movelist_get(list, 0)), 0);
	pdn_movelist_free(list);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(capture),
		cmocka_unit_test(same_squares),
		cmocka_unit_test(russian),
		cmocka_unit_test(kept),
		cmocka_unit_test(match),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
