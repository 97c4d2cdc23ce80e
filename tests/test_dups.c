/*
 * The identity of a game (cmd/games/dups.c), what pdn-select -D and
 * pdn-standings count once: two copies of a game are one whatever their
 * tags, comments, variations, result and notation; a different game is
 * not; --dup-by final and plies:N; a game that does not replay is one by
 * its text; the table of the games kept says which is a copy.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dups.h"
#include "pdntest.h"

/* A game read and replayed: its key and the hash -D finds it by. */
struct keyed {
	pdn_buf key;
	uint64_t hash;
};

static void
keyed(struct keyed *k, const struct dup_by *by, const char *text)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const pdn_played *pg;
	const pdn_game *g;
	pdn_replay *rp;
	pdn_reader *r;
	pdn_buf scratch = { 0 };

	memset(k, 0, sizeof(*k));
	ro.flags = PDN_REPLAY_NO_RESULT | PDN_REPLAY_NO_VARIATIONS;
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_int_equal(pdn_replay_new(&rp), 0);
	assert_int_equal(pdn_replay_game(&pg, rp, g, &ro), 0);
	dup_make_key(&k->key, by, g, pg);
	k->hash = dup_game_hash(&scratch, by, g, pg);
	assert_false(k->key.oom);
	assert_true(k->hash != 0);
	pdn_buf_free(&scratch);
	pdn_replay_free(rp);
	pdn_reader_free(r);
}

/* Whether the games of texts a and b are one, by key and by hash. */
static int
same(const struct dup_by *by, const char *a, const char *b)
{
	struct keyed x, y;
	int eq;

	keyed(&x, by, a);
	keyed(&y, by, b);
	eq = x.key.len == y.key.len && memcmp(x.key.data, y.key.data,
	    x.key.len) == 0;
	/* One hash for one key (the table finds copies by it). */
	assert_int_equal(eq, x.hash == y.hash);
	pdn_buf_free(&x.key);
	pdn_buf_free(&y.key);
	return eq;
}

static const struct dup_by by_main = { DUP_MAIN, 0 };

static const char game[] =
    "[Event \"a\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"2-0\"]\n"
    "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 2-0\n";

static void
test_copies(void **state)
{
	(void)state;
	assert_true(same(&by_main, game, game));
	/* Other tags, comments, a variation, another result. */
	assert_true(same(&by_main, game,
	    "[Event \"b\"]\n[Date \"2003.05.12\"]\n[Result \"*\"]\n"
	    "{a copy} 1.32-28 19-23 (18-23 38-32) 2.28x19 {!} 14x23 "
	    "3.37-32 *\n"));
	/* The same moves in another notation: ':' captures, no numbers. */
	assert_true(same(&by_main, game,
	    "32-28 19-23 28:19 14:23 37-32 1-1\n"));
	/* The start position's FEN is the start. */
	assert_true(same(&by_main, game,
	    "[FEN \"W:W31-50:B1-20\"]\n1. 32-28 19-23 2. 28x19 14x23 "
	    "3. 37-32 *\n"));
}

static void
test_different(void **state)
{
	(void)state;
	/* Another move, one ply more or less, another setup. */
	assert_false(same(&by_main, game,
	    "1. 32-28 19-23 2. 28x19 14x23 3. 38-32 *\n"));
	assert_false(same(&by_main, game,
	    "1. 32-28 19-23 2. 28x19 14x23 *\n"));
	assert_false(same(&by_main, game,
	    "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *\n"));
	assert_false(same(&by_main, game,
	    "[FEN \"W:W31-49:B1-20\"]\n1. 32-28 19-23 2. 28x19 14x23 "
	    "3. 37-32 *\n"));
}

/* The same final position by two move orders; the first plies. */
static void
test_dup_by(void **state)
{
	static const struct dup_by final = { DUP_FINAL, 0 };
	static const struct dup_by plies2 = { DUP_PLIES, 2 };
	static const char a[] = "1. 31-26 19-24 2. 32-27 *\n";
	static const char b[] = "1. 32-27 19-24 2. 31-26 *\n";

	(void)state;
	assert_false(same(&by_main, a, b));
	assert_true(same(&final, a, b));
	assert_false(same(&final, a, "1. 31-26 19-24 2. 32-28 *\n"));
	assert_true(same(&plies2, a, "1. 31-26 19-24 2. 33-28 *\n"));
	assert_false(same(&plies2, a, b));
	/* A shorter game: its whole line. */
	assert_true(same(&plies2, "1. 31-26 *\n", "1. 31-26 2-0\n"));
	assert_false(same(&plies2, "1. 31-26 *\n", a));
}

/* A game that does not replay is one by its FEN tag and its moves' text. */
static void
test_not_replayed(void **state)
{
	static const char bad[] = "[Event \"a\"]\n1. 32-28 19-23 2. 33-29 *\n";

	(void)state;
	assert_true(same(&by_main, bad,
	    "[Event \"b\"]\n{c} 1.32-28 19-23 2.33-29 2-0\n"));
	assert_false(same(&by_main, bad, "1. 32-28 19-23 2. 34-29 *\n"));
	assert_false(same(&by_main, bad, "1. 32-28 19-23 *\n"));
}

/* The table: a game kept, its copy found, another game kept. */
static void
test_table(void **state)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct keyed x, y, z;
	struct dups *d;

	(void)state;
	assert_non_null(d = dup_new(&by_main, 0, &ro));
	keyed(&x, &by_main, game);
	keyed(&y, &by_main, "[Event \"b\"]\n32-28 19-23 28x19 14x23 37-32 *\n");
	keyed(&z, &by_main, "1. 32-28 18-23 *\n");
	assert_false(dup_known(d, x.key.data, x.key.len, x.hash));
	assert_int_equal(dup_seen(d, x.key.data, x.key.len, x.hash, 0, NULL,
	    0, 0), 0);
	assert_int_equal(dup_seen(d, y.key.data, y.key.len, y.hash, 0, NULL,
	    0, 0), 1);
	assert_int_equal(dup_seen(d, z.key.data, z.key.len, z.hash, 0, NULL,
	    0, 0), 0);
	assert_int_equal(dup_seen(d, z.key.data, z.key.len, z.hash, 0, NULL,
	    0, 0), 1);
	assert_true(dup_known(d, y.key.data, y.key.len, y.hash));
	/* Never by the hash alone: another key of the same hash is new. */
	assert_false(dup_known(d, z.key.data, z.key.len, x.hash));
	assert_int_equal(dup_seen(d, z.key.data, z.key.len, x.hash, 0, NULL,
	    0, 0), 0);
	dup_clear(d);
	assert_false(dup_known(d, x.key.data, x.key.len, x.hash));
	pdn_buf_free(&x.key);
	pdn_buf_free(&y.key);
	pdn_buf_free(&z.key);
	dup_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copies),
		cmocka_unit_test(test_different),
		cmocka_unit_test(test_dup_by),
		cmocka_unit_test(test_not_replayed),
		cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
