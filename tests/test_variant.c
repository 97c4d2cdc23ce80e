/*
 * The variants (testdata/variants.yaml, from VARIANTS.md): the board
 * numberings against the formulas of VARIANTS.md 2.1, the start positions
 * and their FENs, perft counts, and exact legal move lists.
 */
/*
 * A white-box test: a position's fields (layout.h, which comes before
 * <pdn/pdn.h>) and the variants' bit layout (variant.h).
 */
#include "layout.h"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "yamlvec.h"
#include "move.h"
#include "variant.h"

/*
 * The file and rank of square n of a numbering, recomputed from VARIANTS.md
 * 2.1 rather than read from the library's tables.
 */
static void
formula_xy(const char *name, int n, int w, int h, int *x, int *y)
{
	int per = w / 2, r, k;

	if (strcmp(name, "italian") == 0 || strcmp(name, "spanish") == 0) {
		if (strcmp(name, "spanish") == 0) {
			/* y = (n-1) div 4 from White's side, right to left. */
			*y = (n - 1) / 4;
			*x = 7 - 2 * ((n - 1) % 4) - (*y % 2);
			return;
		}
		r = (n - 1) / per;
		k = (n - 1) % per;
		*y = 7 - r;
		*x = 2 * k + (r % 2);
		return;
	}
	if (strcmp(name, "thai") == 0)
		n = 33 - n;
	r = (n - 1) / per;
	k = (n - 1) % per;
	*y = h - 1 - r;
	*x = 2 * k + (*y % 2);
}

static void
test_numbering(void **state)
{
	const pdn_variant *v;
	int i, n, x, y, fx, fy, w, h, played;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		w = pdn_variant_width(v);
		h = pdn_variant_height(v);
		assert_int_equal(pdn_variant_squares(v), w * h / 2);
		for (n = 1; n <= pdn_variant_squares(v); n++) {
			assert_int_equal(pdn_variant_square_xy(v, n, &x, &y), 0);
			formula_xy(pdn_variant_name(v), n, w, h, &fx, &fy);
			if (x != fx || y != fy)
				fail_msg("%s square %d: %c%d, the formula says "
				    "%c%d", pdn_variant_name(v), n, 'a' + x,
				    y + 1, 'a' + fx, fy + 1);
			assert_int_equal(pdn_variant_square_at(v, x, y), n);
			/*
			 * The 12x12 board's last edge squares have no bit of
			 * a 64-bit board.
			 */
			if (variant_square_bit(v, n) != 0)
				assert_int_equal(variant_bit_square(v,
				    variant_square_bit(v, n)), n);
			else
				assert_true(pdn_variant_squares(v) > 64);
		}
		for (played = 0, y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				played += pdn_variant_square_at(v, x, y) != 0;
		assert_int_equal(played, w * h / 2);
		assert_int_equal(pdn_variant_square_xy(v, 0, &x, &y), -1);
		assert_int_equal(variant_square_bit(v, 0), 0);
		assert_int_equal(variant_square_bit(v, w * h / 2 + 1), 0);
		assert_ptr_equal(pdn_variant_by_name(pdn_variant_name(v)), v);
	}
	assert_true(i >= 11);
	/* Italian, Spanish: a1 is not played. */
	v = pdn_variant_by_name("italian");
	assert_int_equal(pdn_variant_square_at(v, 0, 0), 0);
	assert_int_equal(pdn_variant_square_at(v, 1, 0), 29);
	assert_null(pdn_variant_by_name("turkish"));
}

/* The variant's name for square n ("c3" or "22"). */
static int
square_named(const pdn_variant *v, const char *s, size_t len)
{
	char buf[8];
	int n;

	for (n = 1; n <= pdn_variant_squares(v); n++) {
		pdn_square_str(buf, v, n);
		if (strlen(buf) == len && memcmp(buf, s, len) == 0)
			return n;
	}
	fail_msg("%.*s is no square", (int)len, s);
	return 0;
}

/* "f6:a5 (e7,b6)": the move as written, and the set of its captures. */
static void
parse_expected(const pdn_variant *v, const char *e, char *mv, size_t size,
    uint64_t *captured)
{
	const char *p = strchr(e, ' '), *q;

	*captured = 0;
	snprintf(mv, size, "%.*s", p != NULL ? (int)(p - e) : (int)strlen(e),
	    e);
	if (p == NULL)
		return;
	for (p += 2; *p != ')' && *p != '\0'; p = *q == ',' ? q + 1 : q) {
		for (q = p; *q != ',' && *q != ')'; q++)
			;
		*captured |= variant_square_bit(v,
		    square_named(v, p, (size_t)(q - p)));
	}
}

static void
check_moves(yamlvec *y, yaml_node_t *item, const pdn_variant *v,
    const pdn_position *pos)
{
	yaml_node_t *moves = yamlvec_get(y, item, "moves");
	yaml_node_t *pr = yamlvec_get(y, item, "promotes");
	const char *promotes = pr != NULL ? yamlvec_str(pr) : NULL;
	const char *fen = yamlvec_field(y, item, "fen");
	pdn_movelist list;
	char want[64], shortf[PDN_MOVE_STRMAX], fullf[PDN_MOVE_STRMAX];
	uint64_t cap;
	int used[PDN_MAX_MOVES] = { 0 };
	int i, j, n, nwant;

	n = pdn_generate(&list, pos);
	nwant = yamlvec_len(moves);
	for (i = 0; i < nwant; i++) {
		parse_expected(v, yamlvec_str(yamlvec_item(y, moves, i)), want,
		    sizeof(want), &cap);
		for (j = 0; j < n; j++) {
			if (used[j])
				continue;
			pdn_move_str(shortf, v, &list.m[j], 0);
			pdn_move_str(fullf, v, &list.m[j], 1);
			if ((strcmp(want, shortf) == 0 ||
			    strcmp(want, fullf) == 0) && list.m[j].captured == cap)
				break;
		}
		if (j == n)
			fail_msg("%s %s: expected move %s not generated",
			    pdn_variant_name(v), fen,
			    yamlvec_str(yamlvec_item(y, moves, i)));
		used[j] = 1;
		if (i == 0 && promotes != NULL &&
		    list.m[j].promotes != (strcmp(promotes, "true") == 0))
			fail_msg("%s %s: %s %s", pdn_variant_name(v), fen, want,
			    list.m[j].promotes ? "promotes" : "does not promote");
	}
	for (j = 0; j < n; j++)
		if (!used[j]) {
			pdn_move_str(fullf, v, &list.m[j], 1);
			fail_msg("%s %s: unexpected move %s", pdn_variant_name(v),
			    fen, fullf);
		}
	assert_int_equal(pdn_count_moves(pos), n);
	assert_int_equal(pdn_has_capture(pos), n > 0 && list.m[0].ncap > 0);
}

static void
check_perft(yamlvec *y, yaml_node_t *counts, const pdn_variant *v,
    const pdn_position *pos, const char *what)
{
	int d, n = yamlvec_len(counts);
	uint64_t want, got;

	for (d = 1; d <= n; d++) {
		want = strtoull(yamlvec_str(yamlvec_item(y, counts, d - 1)),
		    NULL, 10);
		got = pdn_perft(pos, d, 1);
		if (got != want)
			fail_msg("%s %s: perft %d is %llu, want %llu",
			    pdn_variant_name(v), what, d,
			    (unsigned long long)got, (unsigned long long)want);
		/* Without bulk counting, every leaf played. */
		if (d <= 4)
			assert_true(pdn_perft(pos, d, 0) == want);
	}
}

static void
test_variants(void **state)
{
	yamlvec y;
	yaml_node_t *list, *item, *positions, *p;
	const pdn_variant *v;
	pdn_position start, pos;
	char fen[PDN_FEN_STRMAX];
	const char *s;
	int i, j;

	(void)state;
	yamlvec_load(&y, "variants.yaml");
	list = yamlvec_get(&y, yamlvec_root(&y), "variants");
	assert_true(yamlvec_len(list) >= 9);
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&y, list, i);
		v = pdn_variant_by_name(yamlvec_field(&y, item, "name"));
		assert_non_null(v);
		assert_int_equal(pdn_variant_gametype(v),
		    atoi(yamlvec_field(&y, item, "gametype")));
		/* The start position, its FEN read and written. */
		pdn_variant_start(v, &start);
		assert_ptr_equal(pdn_position_variant(&start), v);
		s = yamlvec_field(&y, item, "start");
		assert_int_equal(pdn_fen_read(&pos, v, s, strlen(s), NULL), 0);
		assert_true(pdn_position_equal(&pos, &start));
		pdn_fen_write(fen, sizeof(fen), &start);
		assert_string_equal(fen, s);
		check_perft(&y, yamlvec_get(&y, item, "perft"), v, &start,
		    "start");
		positions = yamlvec_get(&y, item, "positions");
		for (j = 0; j < yamlvec_len(positions); j++) {
			p = yamlvec_item(&y, positions, j);
			s = yamlvec_field(&y, p, "fen");
			if (pdn_fen_read(&pos, v, s, strlen(s), NULL) != 0)
				fail_msg("%s: bad FEN %s", pdn_variant_name(v),
				    s);
			if (yamlvec_get(&y, p, "moves") != NULL)
				check_moves(&y, p, v, &pos);
			if (yamlvec_get(&y, p, "perft") != NULL)
				check_perft(&y, yamlvec_get(&y, p, "perft"), v,
				    &pos, s);
		}
	}
	yamlvec_free(&y);
}

/* FENs of other variants: algebraic squares, and what they refuse. */
static void
test_fen(void **state)
{
	const pdn_variant *ru = pdn_variant_by_name("russian");
	const pdn_variant *en = pdn_variant_by_name("english");
	pdn_position pos;
	pdn_fen_info info;
	char fen[PDN_FEN_STRMAX];
	const char *s;

	(void)state;
	/* A numeric FEN of a Russian game: the English grid (VARIANTS.md). */
	s = "W:WK26:B8,9,10,11,19";
	assert_int_equal(pdn_fen_read(&pos, ru, s, strlen(s), NULL), 0);
	pdn_fen_write(fen, sizeof(fen), &pos);
	assert_string_equal(fen, "W:WKd2:Bf4,b6,d6,f6,g7");
	assert_int_equal(pdn_position_get(&pos, 26), PDN_WHITE_KING);
	/* Squares that are not played, or off the board. */
	s = "W:Wa2:Bh8";
	assert_int_equal(pdn_fen_read(&pos, ru, s, strlen(s), &info),
	    PDN_EFEN_SQUARE_RANGE);
	s = "W:W33:B1";
	assert_int_equal(pdn_fen_read(&pos, en, s, strlen(s), &info),
	    PDN_EFEN_SQUARE_RANGE);
	assert_int_equal(info.square, 33);
	/* No ranges of algebraic squares. */
	s = "W:Wa1-c1:Bh8";
	assert_int_equal(pdn_fen_read(&pos, ru, s, strlen(s), &info),
	    PDN_EFEN_RANGE);
	/* A man on its crowning rank warns, as in international. */
	s = "W:W1:B32";
	assert_int_equal(pdn_fen_read(&pos, en, s, strlen(s), &info),
	    0);
	assert_true(info.warnings & PDN_FEN_W_MAN_ON_CROWN_ROW);
	/* International positions stay in their own variant. */
	s = "W:W31-50:B1-20";
	assert_int_equal(pdn_fen_read(&pos, NULL, s, strlen(s), NULL), 0);
	assert_ptr_equal(pdn_position_variant(&pos), pdn_variant_default());
}

/* Notation: separators, algebraic squares, the full path when needed. */
static void
test_notation(void **state)
{
	const pdn_variant *ru = pdn_variant_by_name("russian");
	const pdn_variant *th = pdn_variant_by_name("thai");
	pdn_position pos;
	pdn_movelist list;
	char buf[PDN_MOVE_STRMAX];
	const char *s = "W:Wf6:Be7,b6";

	(void)state;
	assert_int_equal(pdn_fen_read(&pos, ru, s, strlen(s), NULL), 0);
	assert_int_equal(pdn_generate(&list, &pos), 1);
	pdn_move_str(buf, ru, &list.m[0], 1);
	assert_string_equal(buf, "f6:d8:a5");
	pdn_move_str_unique(buf, ru, &list.m[0], &list);
	assert_string_equal(buf, "f6:a5");
	pdn_make(&pos, &list.m[0]);
	pdn_fen_write(buf, sizeof(buf), &pos);
	assert_string_equal(buf, "B:WKa5:B");
	s = "W:WK15:B18,8";
	assert_int_equal(pdn_fen_read(&pos, th, s, strlen(s), NULL), 0);
	assert_int_equal(pdn_generate(&list, &pos), 2);
	pdn_move_str(buf, th, &list.m[0], 0);
	assert_true(strcmp(buf, "15-22") == 0 || strcmp(buf, "15-4") == 0);
	pdn_square_str(buf, ru, 32);
	assert_string_equal(buf, "g1");
	pdn_square_str(buf, th, 32);
	assert_string_equal(buf, "32");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbering),
		cmocka_unit_test(test_variants),
		cmocka_unit_test(test_fen),
		cmocka_unit_test(test_notation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
