/*
 * Move generation: exact legal move lists from testdata/movegen.yaml, and
 * the board geometry the generator relies on.
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
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "yamlvec.h"
#include "move.h"
#include "variant.h"

/* "15x2 (8,19,20)": the move in short or full form and its captures. */
static void
describe(const pdn_move *m, int full, char *buf, size_t size)
{
	char mv[PDN_MOVE_STRMAX];
	size_t len;
	int n, first = 1;

	pdn_move_str(mv, NULL, m, full);
	len = (size_t)snprintf(buf, size, "%s", mv);
	if (m->ncap == 0)
		return;
	len += (size_t)snprintf(buf + len, size - len, " (");
	for (n = 1; n <= PDN_SQUARES; n++) {
		if ((m->captured & variant_square_bit(pdn_variant_default(), n)) == 0)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%d",
		    first ? "" : ",", n);
		first = 0;
	}
	snprintf(buf + len, size - len, ")");
}

static void
check_position(yamlvec *v, yaml_node_t *item)
{
	const char *fen = yamlvec_field(v, item, "fen");
	yaml_node_t *moves = yamlvec_get(v, item, "moves");
	yaml_node_t *after = yamlvec_get(v, item, "after");
	pdn_position pos, next;
	pdn_movelist list;
	char shortf[128], fullf[128], out[PDN_FEN_STRMAX];
	int used[PDN_MAX_MOVES] = { 0 };
	int i, j, n, want;

	if (pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL) != 0)
		fail_msg("%s: bad FEN", fen);
	n = pdn_generate(&list, &pos);
	want = yamlvec_len(moves);
	for (i = 0; i < want; i++) {
		const char *e = yamlvec_str(yamlvec_item(v, moves, i));

		for (j = 0; j < n; j++) {
			if (used[j])
				continue;
			describe(&list.m[j], 0, shortf, sizeof(shortf));
			describe(&list.m[j], 1, fullf, sizeof(fullf));
			if (strcmp(e, shortf) == 0 || strcmp(e, fullf) == 0)
				break;
		}
		if (j == n)
			fail_msg("%s (%s): expected move %s not generated", fen,
			    yamlvec_field(v, item, "rule"), e);
		used[j] = 1;
	}
	for (j = 0; j < n; j++) {
		if (used[j])
			continue;
		describe(&list.m[j], 1, fullf, sizeof(fullf));
		fail_msg("%s (%s): unexpected move %s", fen,
		    yamlvec_field(v, item, "rule"), fullf);
	}
	assert_int_equal(n, want);
	assert_int_equal(pdn_count_moves(&pos), n);
	assert_int_equal(pdn_has_capture(&pos), n > 0 && list.m[0].ncap > 0);
	if (after != NULL) {
		const char *e = yamlvec_str(yamlvec_item(v, moves, 0));

		for (j = 0; j < n; j++) {
			describe(&list.m[j], 0, shortf, sizeof(shortf));
			describe(&list.m[j], 1, fullf, sizeof(fullf));
			if (strcmp(e, shortf) == 0 || strcmp(e, fullf) == 0)
				break;
		}
		next = pos;
		pdn_make(&next, &list.m[j]);
		pdn_fen_write(out, sizeof(out), &next);
		if (strcmp(out, yamlvec_str(after)) != 0)
			fail_msg("%s: after %s got %s, want %s", fen, e, out,
			    yamlvec_str(after));
	}
}

static void
test_legal_moves(void **state)
{
	yamlvec v;
	yaml_node_t *positions;
	int i, n;

	(void)state;
	yamlvec_load(&v, "movegen.yaml");
	positions = yamlvec_get(&v, yamlvec_root(&v), "positions");
	n = yamlvec_len(positions);
	assert_true(n >= 19);	/* at least the vectors of RULES.md */
	for (i = 0; i < n; i++)
		check_position(&v, yamlvec_item(&v, positions, i));
	yamlvec_free(&v);
}

/*
 * The generator's shifts must agree with the board of RULES.md section 1:
 * square n is on row (n-1)/5, column 2*((n-1)%5) + (row even ? 1 : 0).  A
 * lone king's quiet moves therefore must be exactly the squares on its
 * diagonals, which this recomputes from coordinates for every square.
 */
static void
test_geometry(void **state)
{
	const pdn_variant *intl = pdn_variant_default();
	pdn_position pos;
	pdn_movelist list;
	int sq, r, c, dr, dc, rr, cc, n, want, i, found;

	(void)state;
	for (sq = 1; sq <= PDN_SQUARES; sq++) {
		pdn_variant_clear(pdn_variant_default(), &pos, PDN_WHITE);
		pdn_position_set(&pos, sq, PDN_WHITE_KING);
		n = pdn_generate(&list, &pos);
		r = (sq - 1) / 5;
		c = 2 * ((sq - 1) % 5) + (r % 2 == 0 ? 1 : 0);
		want = 0;
		for (dr = -1; dr <= 1; dr += 2)
			for (dc = -1; dc <= 1; dc += 2)
				for (rr = r + dr, cc = c + dc; rr >= 0 &&
				    rr < 10 && cc >= 0 && cc < 10;
				    rr += dr, cc += dc) {
					int to = rr * 5 + cc / 2 + 1;

					want++;
					found = 0;
					for (i = 0; i < n; i++)
						found |= list.m[i].to == to;
					if (!found)
						fail_msg("king on %d: no move "
						    "to %d", sq, to);
				}
		assert_int_equal(n, want);
		assert_int_equal(variant_bit_square(intl,
		    variant_square_bit(intl, sq)), sq);
	}
	assert_int_equal(variant_square_bit(pdn_variant_default(), 0), 0);
	assert_int_equal(variant_square_bit(pdn_variant_default(), 51), 0);
	assert_int_equal(variant_bit_square(pdn_variant_default(), 0), 0);
	assert_int_equal(variant_bit_square(pdn_variant_default(), 3), 0);
}

/* Notation: short and full forms, and the unique form of 4x15. */
static void
test_notation(void **state)
{
	pdn_position pos;
	pdn_movelist list;
	char buf[PDN_MOVE_STRMAX];
	const char *fen = "W:WK4:B13,32,37,20";
	int n, i, seen = 0;

	(void)state;
	assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL), 0);
	n = pdn_generate(&list, &pos);
	assert_int_equal(n, 2);
	for (i = 0; i < n; i++) {
		assert_int_equal(pdn_move_str(buf, NULL, &list.m[i], 0), 4);
		assert_string_equal(buf, "4x15");
		pdn_move_str_unique(buf, NULL, &list.m[i], &list);
		if (strcmp(buf, "4x27x38x15") == 0)
			seen |= 1;
		else if (strcmp(buf, "4x31x42x15") == 0)
			seen |= 2;
		else
			fail_msg("unexpected unique form %s", buf);
	}
	assert_int_equal(seen, 3);

	fen = "W:W15:B8,19,20";
	assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL), 0);
	assert_int_equal(pdn_generate(&list, &pos), 1);
	pdn_move_str_unique(buf, NULL, &list.m[0], &list);
	assert_string_equal(buf, "15x2");
	pdn_move_str(buf, NULL, &list.m[0], 1);
	assert_string_equal(buf, "15x24x13x2");

	pdn_variant_start(pdn_variant_default(), &pos);
	assert_int_equal(pdn_generate(&list, &pos), 9);
	pdn_move_str_unique(buf, NULL, &list.m[0], &list);
	assert_int_equal(buf[2], '-');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legal_moves),
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_notation),
	};

	return cmocka_run_group_tests_name("movegen", tests, NULL, NULL);
}
