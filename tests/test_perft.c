/*
 * Perft from the start position against the published counts, with and
 * without bulk counting and under every code path of the walk, and the
 * hash kept along the whole tree.
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
#include "yamlvec.h"
/* A white-box test: it reads the fields of moves and lists. */
#include "move.h"
#include "perft.h"

/*
 * The published counts under one of perft's code paths (perft.h): every
 * path this build and CPU have must find them all.
 */
static void
perft_counts(const char *path)
{
	yamlvec v;
	yaml_node_t *list, *item, *counts;
	pdn_position pos;
	const char *fen;
	unsigned long long want;
	int i, d;

	yamlvec_load(&v, "perft.yaml");
	list = yamlvec_get(&v, yamlvec_root(&v), "positions");
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		fen = yamlvec_field(&v, item, "fen");
		assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL), 0);
		counts = yamlvec_get(&v, item, "counts");
		assert_true(yamlvec_len(counts) >= 7);
		for (d = 1; d <= yamlvec_len(counts); d++) {
			want = strtoull(yamlvec_str(yamlvec_item(&v, counts,
			    d - 1)), NULL, 10);
			if (pdn_perft(&pos, d, 0) != want ||
			    pdn_perft(&pos, d, 1) != want)
				fail_msg("%s path %s depth %d: %llu / %llu, "
				    "want %llu", fen, path, d,
				    (unsigned long long)pdn_perft(&pos, d, 0),
				    (unsigned long long)pdn_perft(&pos, d, 1),
				    want);
		}
	}
	assert_int_equal(pdn_perft(&pos, 0, 0), 1);
	yamlvec_free(&v);
}

static void
test_perft_counts(void **state)
{
	static const char *const paths[] = { "generic", "bmi2" };
	size_t i;
	int ran = 0;

	(void)state;
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (perft_use_path(paths[i]) != 0) {
			/* Not built for this machine, or the CPU lacks it. */
			print_message("perft path %s: not available here\n",
			    paths[i]);
			continue;
		}
		assert_string_equal(pdn_movegen_path(), paths[i]);
		perft_counts(paths[i]);
		ran++;
	}
	/* The generic path is always there. */
	assert_true(ran >= 1);
	assert_int_equal(perft_use_path("no-such-path"), -1);
}

/*
 * Walks the tree and checks at every move that the incremental hash is the
 * hash of the new position, that pdn_make() and FEN agree, and counts the
 * nodes so that the walk is known to have happened.
 */
static unsigned long
walk(const pdn_position *pos, int depth)
{
	pdn_movelist list;
	pdn_position child, back;
	char fen[PDN_FEN_STRMAX];
	unsigned long nodes = 1;
	uint64_t h = pdn_position_hash(pos);
	int i, n;

	if (depth == 0)
		return 1;
	n = pdn_generate(&list, pos);
	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		child = *pos;
		pdn_make(&child, &list.m[i]);
		assert_true(pdn_hash_after(h, pos, &list.m[i]) ==
		    pdn_position_hash(&child));
		assert_true(pdn_position_hash(&child) != h);
		pdn_fen_write(fen, sizeof(fen), &child);
		assert_int_equal(pdn_fen_read(&back, NULL, fen, strlen(fen), NULL),
		    0);
		assert_true(pdn_position_equal(&back, &child));
		nodes += walk(&child, depth - 1);
	}
	return nodes;
}

static void
test_hash_along_tree(void **state)
{
	static const char *const fens[] = {
		"W:W31-50:B1-20",
		"W:WK46,28,33:B13,17,23,K38,19",	/* kings, captures */
		"B:W27,28,38,39,42:BK25,14",
		"W:W6,7,K45:B41,42,K10",		/* promotions both ways */
	};
	pdn_position pos;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(fens) / sizeof(fens[0]); i++) {
		assert_int_equal(pdn_fen_read(&pos, NULL, fens[i], strlen(fens[i]), NULL), 0);
		assert_true(walk(&pos, 4) >= 5);
	}
}

static void
test_position_access(void **state)
{
	pdn_position a, b;

	(void)state;
	pdn_variant_start(pdn_variant_default(), &a);
	assert_int_equal(pdn_position_count(&a, PDN_WHITE), 20);
	assert_int_equal(pdn_position_count(&a, PDN_BLACK), 20);
	assert_int_equal(pdn_position_get(&a, 1), PDN_BLACK_MAN);
	assert_int_equal(pdn_position_get(&a, 25), PDN_EMPTY);
	assert_int_equal(pdn_position_get(&a, 50), PDN_WHITE_MAN);
	assert_int_equal(pdn_position_get(&a, 0), PDN_EMPTY);
	assert_int_equal(pdn_position_get(&a, 51), PDN_EMPTY);
	b = a;
	pdn_position_set(&b, 50, PDN_WHITE_KING);
	assert_false(pdn_position_equal(&a, &b));
	assert_true(pdn_position_hash(&a) != pdn_position_hash(&b));
	assert_int_equal(pdn_position_kings(&b, PDN_WHITE), 1);
	pdn_position_set(&b, 50, PDN_WHITE_MAN);
	assert_true(pdn_position_equal(&a, &b));
	pdn_position_set_side(&b, PDN_BLACK);
	assert_false(pdn_position_equal(&a, &b));
	assert_true(pdn_position_hash(&a) != pdn_position_hash(&b));
	pdn_position_set(&b, 25, PDN_BLACK_KING);
	assert_int_equal(pdn_position_get(&b, 25), PDN_BLACK_KING);
	pdn_position_set(&b, 25, PDN_EMPTY);
	assert_int_equal(pdn_position_get(&b, 25), PDN_EMPTY);
	pdn_position_set(&b, 99, PDN_BLACK_KING);	/* ignored */
	assert_int_equal(pdn_position_count(&b, PDN_BLACK), 20);
}

/* The move from-to of the legal moves of pos, or NULL. */
static const pdn_move *
find(pdn_movelist *list, const pdn_position *pos, int from, int to)
{
	int i, n = pdn_generate(list, pos);

	for (i = 0; i < n; i++)
		if (list->m[i].from == from && list->m[i].to == to)
			return &list->m[i];
	return NULL;
}

/* Plays from-to on pos, updating s. */
static void
play(pdn_streak *s, pdn_position *pos, int from, int to)
{
	static pdn_movelist list;
	const pdn_move *m = find(&list, pos, from, to);

	assert_non_null(m);
	assert_true(pdn_streak_allows(s, pos, m));
	pdn_streak_update(s, pos, m);
	pdn_make(pos, m);
}

/*
 * Frisian article 17: three quiet moves of one king, then the fourth is
 * banned while its side has men; another king, a man move or a capture
 * lifts the ban; a side of kings only is exempt.  Scan's perft(7) of
 * W:WK4,27,32:BK47 from no history is 607978 (735913 without the rule).
 */
static void
test_frisian_streak(void **state)
{
	static pdn_movelist list;
	const pdn_variant *fr = pdn_variant_by_name("frisian");
	const char *fen = "W:WK46,K50,36:B2,3,4";
	pdn_position pos, p2;
	pdn_streak s, none;
	int i, k, n;

	(void)state;
	assert_non_null(fr);
	pdn_streak_clear(&none);
	assert_int_equal(pdn_fen_read(&pos, fr, fen, strlen(fen), NULL), 0);
	s = none;
	play(&s, &pos, 46, 41);
	play(&s, &pos, 2, 7);
	play(&s, &pos, 41, 46);
	play(&s, &pos, 3, 8);
	play(&s, &pos, 46, 41);
	assert_int_equal(s.count[PDN_WHITE], 3);
	assert_int_equal(s.square[PDN_WHITE], 41);
	assert_int_equal(s.count[PDN_BLACK], 0);
	play(&s, &pos, 4, 9);
	/* The king on 41 may not move quietly a fourth time. */
	assert_false(pdn_streak_allows(&s, &pos, find(&list, &pos, 41, 46)));
	assert_true(pdn_streak_allows(&s, &pos, find(&list, &pos, 50, 44)));
	n = pdn_generate(&list, &pos);
	for (i = k = 0; i < n; i++)
		k += list.m[i].from == 41;
	assert_true(k > 0);
	assert_int_equal(pdn_generate_streak(&list, &pos, &s), n - k);
	for (i = 0; i < n - k; i++)
		assert_int_not_equal(list.m[i].from, 41);
	/* Without history, the same position allows it. */
	assert_true(pdn_streak_allows(&none, &pos, find(&list, &pos, 41, 46)));
	/* Another king lifts the ban. */
	p2 = pos;
	play(&s, &p2, 50, 44);
	assert_int_equal(s.count[PDN_WHITE], 1);
	assert_int_equal(s.square[PDN_WHITE], 44);
	/* A man move lifts it too. */
	play(&s, &p2, 7, 12);
	play(&s, &p2, 36, 31);
	assert_int_equal(s.count[PDN_WHITE], 0);
	assert_int_equal(s.square[PDN_WHITE], 0);
	/* Only kings: exempt. */
	fen = "W:WK46:B2";
	assert_int_equal(pdn_fen_read(&pos, fr, fen, strlen(fen), NULL), 0);
	s = none;
	s.count[PDN_WHITE] = 3;
	s.square[PDN_WHITE] = 46;
	assert_true(pdn_streak_allows(&s, &pos, find(&list, &pos, 46, 41)));
	/* International draughts has no such rule. */
	pdn_variant_start(pdn_variant_default(), &pos);
	fen = "W:WK4,27,32:BK47";
	assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), NULL), 0);
	assert_true(pdn_perft_streak(&pos, &none, 5, 1) ==
	    pdn_perft(&pos, 5, 1));
	assert_int_equal(pdn_fen_read(&pos, fr, fen, strlen(fen), NULL), 0);
	assert_true(pdn_perft(&pos, 7, 1) == 735913);
	assert_true(pdn_perft_streak(&pos, &none, 7, 1) == 607978);
	assert_true(pdn_perft_streak(&pos, &none, 6, 0) == 95098);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft_counts),
		cmocka_unit_test(test_hash_along_tree),
		cmocka_unit_test(test_position_access),
		cmocka_unit_test(test_frisian_streak),
	};

	return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}
