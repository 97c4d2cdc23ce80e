/*
 * What a position meets (cmd/games/reach.c), for pdn-select --fen and
 * --material, pdn-find and pdn-index: the position after moves from the
 * start, an exact position from a FEN (the side to move too, or either),
 * piece counts with ranges, and patterns of squares with their mirror.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "reach.h"

static const pdn_variant *
intl(void)
{
	return pdn_variant_get(20);
}

/* The position after moves from the start; its FEN checked. */
static void
after(pdn_position *pos, const char *moves, const char *fen)
{
	char why[128], got[PDN_FEN_STRMAX];

	why[0] = '\0';
	assert_int_equal(reach_moves(pos, intl(), moves, why, sizeof(why)),
	    0);
	pdn_fen_write(got, sizeof(got), pos);
	assert_string_equal(got, fen);
}

static void
test_moves(void **state)
{
	pdn_position pos;
	char why[128];

	(void)state;
	after(&pos, "", "W:W31-50:B1-20");
	after(&pos, "32-28 18-23", "W:W28,31,33-50:B1-17,19,20,23");
	after(&pos, "1. 32-28 19-23 2. 28x19 14x23",
	    "W:W31,33-50:B1-13,15-18,20,23");
	/* Not legal there, or not a move. */
	why[0] = '\0';
	assert_int_equal(reach_moves(&pos, intl(), "32-28 28-23", why,
	    sizeof(why)), -1);
	assert_true(why[0] != '\0');
	assert_int_equal(reach_moves(&pos, intl(), "32-27 19-23 27-22",
	    why, sizeof(why)), 0);
	assert_int_equal(reach_moves(&pos, intl(), "32-28 19-23 33-29",
	    why, sizeof(why)), -1);
}

static void
test_fen(void **state)
{
	struct reach_fen q;
	pdn_position pos, start;
	int vi = reach_variant_index(intl());

	(void)state;
	assert_true(vi >= 0);
	assert_int_equal(reach_fen_read(&q, "B:W28,31,33-50:B1-20"), 0);
	assert_true(q.ok[vi]);
	after(&pos, "32-28", "B:W28,31,33-50:B1-20");
	after(&start, "", "W:W31-50:B1-20");
	assert_true(reach_fen_holds(&q, vi, &pos, 0));
	assert_false(reach_fen_holds(&q, vi, &start, 0));
	/* The same pieces, the other side to move: only with any_side. */
	assert_int_equal(reach_fen_read(&q, "W:W28,31,33-50:B1-20"), 0);
	assert_false(reach_fen_holds(&q, vi, &pos, 0));
	assert_true(reach_fen_holds(&q, vi, &pos, 1));
	/* A position to look for has a side to move. */
	assert_int_equal(reach_fen_read(&q, "?:W28:B1"), PDN_EFEN_SIDE);
	assert_true(reach_fen_read(&q, "not a fen") < 0);
}

static int
material(const char *value, const pdn_position *pos)
{
	struct reach_material m;

	assert_int_equal(reach_material_read(&m, value), 0);
	return reach_material_holds(&m, pos);
}

static void
test_material(void **state)
{
	struct reach_material m;
	pdn_position start, pos;

	(void)state;
	after(&start, "", "W:W31-50:B1-20");
	assert_true(material("20:20", &start));
	assert_true(material("20-20", &start));
	assert_true(material("20M:20M", &start));
	assert_false(material("20K:20", &start));
	assert_false(material("19:20", &start));
	assert_true(material("15-20:20+", &start));
	assert_true(material("*:*", &start));
	assert_true(material("*M:20", &start));
	assert_false(material("K:*", &start));
	/* After 32-28 19-23 28x19 14x23: White 19, Black 19. */
	after(&pos, "32-28 19-23 28x19 14x23", "W:W31,33-50:B1-13,15-18,20,23");
	assert_true(material("19:19", &pos));
	assert_false(material("20:20", &pos));
	assert_true(material("19M0K:19", &pos));
	/*
	 * Pieces are only taken: a line that ends with 19 pieces a side may
	 * have had 20 before, never a king and three.
	 */
	assert_int_equal(reach_material_read(&m, "20:20"), 0);
	assert_true(reach_material_may(&m, &pos));
	assert_int_equal(reach_material_read(&m, "1K:3"), 0);
	assert_false(reach_material_may(&m, &pos));
	assert_int_equal(reach_material_read(&m, "19:*"), 0);
	assert_true(reach_material_may(&m, &pos));
	assert_int_equal(reach_material_read(&m, "x"), -1);
	assert_int_equal(reach_material_read(&m, "3"), -1);
	assert_int_equal(reach_material_read(&m, "2-1K:3-4:5"), -1);
}

static int
pattern(const char *value, int mirror, const pdn_position *pos)
{
	struct reach_pattern p;
	const char *why = NULL;

	assert_int_equal(reach_pattern_read(&p, value, &why), 0);
	p.mirror = mirror;
	return reach_pattern_holds(&p, intl(), pos);
}

static void
test_pattern(void **state)
{
	struct reach_pattern p;
	pdn_position start, a, b;
	const char *why = NULL;

	(void)state;
	after(&start, "", "W:W31-50:B1-20");
	after(&a, "32-28 19-23", "W:W28,31,33-50:B1-18,20,23");
	after(&b, "33-28 19-23", "W:W28,31,32,34-50:B1-18,20,23");
	assert_true(pattern("W28:E32", 0, &a));
	assert_false(pattern("W28:E32", 0, &start));
	assert_false(pattern("W28:E32", 0, &b));
	/* Its mirror, a black man on 23 and 19 empty, is b's. */
	assert_true(pattern("W28:E32", 1, &b));
	assert_true(pattern("B23:E19:A28", 0, &a));
	assert_false(pattern("BK23", 0, &a));
	assert_true(pattern("B*23", 0, &a));
	assert_true(pattern("E21,22,24-27,29,30", 0, &a));
	assert_false(pattern("E21-30", 0, &a));
	assert_int_equal(reach_pattern_read(&p, "X12", &why), -1);
	assert_non_null(why);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_fen),
		cmocka_unit_test(test_material),
		cmocka_unit_test(test_pattern),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
