/*
 * The opening tree (cmd/games/tree.c), as pdn-find --tree and pdn-index
 * tree print it: the games of each move counted with their results,
 * ratings and years, the share and the percentages of a small tree to
 * the byte, the usual reply, the row of the games that end at the root;
 * a move that is not the root's left out; the counts saved and loaded
 * again as they were.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tree.h"

/* The tree of the start of international draughts. */
static struct tree *
start_tree(void)
{
	pdn_position pos;
	struct tree *t;

	pdn_variant_start(pdn_variant_get(20), &pos);
	assert_non_null(t = tree_new(&pos));
	return t;
}

/*
 * Counts a game whose move from the root goes from square `from` to
 * `to` (0: it ends there), the reply from nf to nt (0: none).
 */
static void
count(struct tree *t, int from, int to, int nf, int nt, pdn_outcome o,
    int rating, int year)
{
	int mi, ni;

	assert_int_equal(tree_resolve_squares(t, from, to, nf, nt, &mi, &ni),
	    0);
	tree_count(t, mi, ni, o, rating, year);
}

/* Five games: three of 32-28, one of 33-28, one that ends at once. */
static void
count_five(struct tree *t)
{
	count(t, 32, 28, 19, 23, PDN_OUTCOME_WHITE, 2300, 1999);
	count(t, 32, 28, 19, 23, PDN_OUTCOME_DRAW, 2100, 2003);
	count(t, 32, 28, 18, 23, PDN_OUTCOME_BLACK, 0, 0);
	count(t, 33, 28, 18, 22, PDN_OUTCOME_DRAW, 0, 1990);
	count(t, 0, 0, 0, 0, PDN_OUTCOME_UNKNOWN, 0, 0);
}

/* What tree_print() prints of t in format fmt. */
static char *
printed(const struct tree *t, int fmt, long *games)
{
	char *s = NULL;
	size_t len = 0;
	FILE *fp;

	assert_non_null(fp = open_memstream(&s, &len));
	*games = tree_print(t, fp, fmt, 0);
	assert_int_equal(fclose(fp), 0);
	return s;
}

static const char five_tsv[] =
    "move\tgames\tshare\twhite\tdraw\tblack\trating\tfirst\tlast\tnext\n"
    "32-28\t3\t60.0\t33.3\t33.3\t33.3\t2200\t1999\t2003\t19-23\n"
    "33-28\t1\t20.0\t0.0\t100.0\t0.0\t\t1990\t1990\t18-22\n"
    "end\t1\t20.0\t0.0\t0.0\t0.0\t\t\t\t\n";

static void
test_counts(void **state)
{
	struct tree *t = start_tree();
	const pdn_position *after;
	long games;
	char *s;

	(void)state;
	assert_int_equal(tree_moves(t), 9);
	count_five(t);
	assert_int_equal(tree_games(t), 5);
	s = printed(t, TREE_TSV, &games);
	assert_int_equal(games, 5);
	assert_string_equal(s, five_tsv);
	free(s);
	s = printed(t, TREE_JSON, &games);
	assert_string_equal(s,
	    "{\"move\":\"32-28\",\"games\":3,\"share\":60.0,\"white\":33.3,"
	    "\"draw\":33.3,\"black\":33.3,\"rating\":2200,\"first\":1999,"
	    "\"last\":2003,\"next\":\"19-23\"}\n"
	    "{\"move\":\"33-28\",\"games\":1,\"share\":20.0,\"white\":0.0,"
	    "\"draw\":100.0,\"black\":0.0,\"rating\":null,\"first\":1990,"
	    "\"last\":1990,\"next\":\"18-22\"}\n"
	    "{\"move\":\"end\",\"games\":1,\"share\":20.0,\"white\":0.0,"
	    "\"draw\":0.0,\"black\":0.0,\"rating\":null,\"first\":null,"
	    "\"last\":null,\"next\":null}\n");
	free(s);
	/* The position after the root's move, for a walk of the tree. */
	after = tree_after(t, 0, &games);
	assert_non_null(after);
	assert_int_equal(pdn_position_side(after), PDN_BLACK);
	tree_free(t);
}

/*
 * The average rating rounds half up; of replies played as often, the
 * usual one is the first the generator gives (19-23 before 18-23).
 */
static void
test_rounding(void **state)
{
	struct tree *t = start_tree();
	long games;
	char *s;

	(void)state;
	count(t, 32, 28, 18, 23, PDN_OUTCOME_WHITE, 2000, 2001);
	count(t, 32, 28, 19, 23, PDN_OUTCOME_WHITE, 2001, 2000);
	s = printed(t, TREE_TSV, &games);
	assert_string_equal(s,
	    "move\tgames\tshare\twhite\tdraw\tblack\trating\tfirst\tlast\t"
	    "next\n"
	    "32-28\t2\t100.0\t100.0\t0.0\t0.0\t2001\t2000\t2001\t19-23\n");
	free(s);
	tree_free(t);
}

/* A move that is not one of the root's is not counted. */
static void
test_not_a_move(void **state)
{
	struct tree *t = start_tree();
	int mi, ni;

	(void)state;
	assert_int_equal(tree_resolve_squares(t, 19, 23, 0, 0, &mi, &ni), 0);
	assert_int_equal(mi, -1);
	tree_count(t, mi, ni, PDN_OUTCOME_WHITE, 2000, 2000);
	/* A reply that is not one of the move's: the move counts alone. */
	assert_int_equal(tree_resolve_squares(t, 32, 28, 32, 27, &mi, &ni),
	    0);
	assert_true(mi >= 0);
	assert_int_equal(ni, -1);
	assert_int_equal(tree_games(t), 0);
	tree_free(t);
}

/* tree_save() and tree_load(): the same tree; damaged bytes, none. */
static void
test_save_load(void **state)
{
	struct tree *t = start_tree(), *u = start_tree();
	pdn_buf b = { 0 };
	long games;
	char *s;

	(void)state;
	count_five(t);
	assert_int_equal(tree_save(t, &b), 0);
	assert_int_equal(tree_load(u, (const unsigned char *)b.data, b.len),
	    0);
	s = printed(u, TREE_TSV, &games);
	assert_string_equal(s, five_tsv);
	free(s);
	tree_free(u);
	/* A row's move squares changed: not this root's tree. */
	u = start_tree();
	b.data[5] ^= 1;
	assert_int_equal(tree_load(u, (const unsigned char *)b.data, b.len),
	    -1);
	assert_int_equal(tree_games(u), 0);
	/* Cut short. */
	b.data[5] ^= 1;
	assert_int_equal(tree_load(u, (const unsigned char *)b.data,
	    b.len - 1), -1);
	assert_int_equal(tree_games(u), 0);
	tree_free(u);
	tree_free(t);
	pdn_buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_rounding),
		cmocka_unit_test(test_not_a_move),
		cmocka_unit_test(test_save_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
