/*
 * Adjudication (adjudicate.c) and copies of a game (gamecopy.c): results
 * in both families, verdicts on small records, the time rules, and that a
 * clone writes exactly as its original and an amended copy changes only
 * the result and the Termination tag.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pdn_adjudicate.h"
#include "pdntest.h"

static void
test_outcomes(void **state)
{
	static const struct {
		const char *s;
		pdn_outcome o;
		pdn_result_family f;
	} cases[] = {
		{ "2-0", PDN_OUTCOME_WHITE, PDN_FAMILY_DRAUGHTS },
		{ "0-2", PDN_OUTCOME_BLACK, PDN_FAMILY_DRAUGHTS },
		{ "1-1", PDN_OUTCOME_DRAW, PDN_FAMILY_DRAUGHTS },
		{ "0-0", PDN_OUTCOME_DOUBLE_LOSS, PDN_FAMILY_DRAUGHTS },
		{ "1-0", PDN_OUTCOME_WHITE, PDN_FAMILY_CHESS },
		{ "0-1", PDN_OUTCOME_BLACK, PDN_FAMILY_CHESS },
		{ "1/2-1/2", PDN_OUTCOME_DRAW, PDN_FAMILY_CHESS },
		{ "*", PDN_OUTCOME_UNKNOWN, PDN_FAMILY_DRAUGHTS }
	};
	pdn_result_family f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		f = (pdn_result_family)-1;
		assert_int_equal(pdn_outcome_parse(cases[i].s, &f), cases[i].o);
		assert_int_equal(f, cases[i].f);
		assert_string_equal(pdn_outcome_str(cases[i].o, cases[i].f),
		    cases[i].s);
	}
	assert_int_equal(pdn_outcome_parse(NULL, NULL), PDN_OUTCOME_NONE);
	assert_int_equal(pdn_outcome_parse("?", NULL), PDN_OUTCOME_NONE);
	assert_int_equal(pdn_outcome_parse("2-1", NULL), PDN_OUTCOME_NONE);
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_DOUBLE_LOSS,
	    PDN_FAMILY_CHESS), "0-0");
	assert_null(pdn_outcome_str(PDN_OUTCOME_NONE, PDN_FAMILY_DRAUGHTS));
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_AGREE), "agree");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_CONTINUES),
	    "continues");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_INVALID), "invalid");
	assert_null(pdn_verdict_str((pdn_verdict)99));
}

/*
 * The reader of the last game adjudicated: the adjudication borrows from
 * its game, so it lives until the next call (or the group's teardown).
 */
static pdn_reader *last_reader;

static int
free_reader(void **state)
{
	(void)state;
	pdn_reader_free(last_reader);
	last_reader = NULL;
	return 0;
}

/* Adjudicates the only game of `text` under `profile` (NULL: fmjd). */
static void
adjudicate(const char *text, const pdn_profile *profile,
    pdn_adjudication *out)
{
	pdn_adjudicator *a;
	const pdn_game *g;

	free_reader(NULL);
	assert_int_equal(pdn_reader_new_mem(&last_reader, text, strlen(text),
	    NULL), 0);
	assert_int_equal(pdn_adjudicator_new(&a, profile), 0);
	assert_int_equal(pdn_reader_next(last_reader, &g), 1);
	assert_int_equal(pdn_adjudicate(a, g, NULL, out), 0);
	pdn_adjudicator_free(a);
}

/* The start position recurs at plies 4 and 8: fmjd draws at ply 8. */
#define THREEFOLD "[FEN \"W:WK6,46:BK2,5\"]\n1. 6-50 2-16 2. 50-6 16-2 " \
	"3. 6-50 2-16 4. 50-6 16-2 "

static void
test_verdicts(void **state)
{
	pdn_adjudication a;

	(void)state;
	adjudicate("[Result \"1-1\"]\n" THREEFOLD "1-1\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_AGREE);
	assert_string_equal(a.reason, "threefold");
	assert_int_equal(a.ply, 8);
	assert_int_equal(a.plies, 8);
	assert_int_equal(a.number, 4);
	assert_int_equal(a.side, PDN_BLACK);
	assert_string_equal(a.move, "16-2");
	assert_false(a.has_loser);

	adjudicate("[Result \"2-0\"]\n" THREEFOLD "2-0\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_DISAGREE);
	assert_string_equal(a.recorded, "2-0");
	assert_string_equal(a.adjudicated_str, "1-1");

	/* The 1-0 family is kept. */
	adjudicate("[Result \"1-0\"]\n" THREEFOLD "1-0\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_DISAGREE);
	assert_string_equal(a.adjudicated_str, "1/2-1/2");

	adjudicate(THREEFOLD "5. 6-28 1-1\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_CONTINUES);
	assert_int_equal(a.ply, 8);
	assert_int_equal(a.plies, 9);

	/* Under lidraughts the start does not count and nothing ends. */
	adjudicate("[Result \"1-1\"]\n" THREEFOLD "1-1\n",
	    pdn_profile_builtin("lidraughts"), &a);
	assert_int_equal(a.verdict, PDN_VERDICT_UNDECIDED);
	assert_null(a.reason);
	assert_string_equal(a.adjudicated_str, "1-1");

	/* A resignation: no rule, the record stands. */
	adjudicate("1. 32-28 19-23 2. 28x19 14x23 2-0\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_UNDECIDED);
	assert_int_equal(a.ply, -1);
	assert_int_equal(a.adjudicated, PDN_OUTCOME_WHITE);

	adjudicate("[GameType \"20\"]\n1. 32-22 2-0\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_INVALID);
	assert_null(a.adjudicated_str);

	adjudicate("[GameType \"21\"]\n1. 9-14 22-18 1-0\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_INVALID);
	assert_true(a.flags & PDN_ADJ_UNSUPPORTED);

	/* Decided in the initial position: Black to move has no piece. */
	adjudicate("[FEN \"B:WK46:B\"]\n2-0\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_AGREE);
	assert_string_equal(a.reason, "no-pieces");
	assert_int_equal(a.ply, 0);
	assert_true(a.has_loser);
	assert_int_equal(a.loser, PDN_BLACK);
}

static void
test_time(void **state)
{
	pdn_adjudication a;

	(void)state;
	adjudicate("[Termination \"Time forfeit\"]\n[Result \"0-2\"]\n"
	    "1. 32-28 0-2\n", NULL, &a);
	assert_int_equal(a.verdict, PDN_VERDICT_UNDECIDED);
	assert_string_equal(a.reason, "time");
	assert_int_equal(a.loser, PDN_WHITE);
	assert_true(a.flags & PDN_ADJ_TIME_TAG);

	/* No result recorded: the player to move lost. */
	adjudicate("[Termination \"lost on time\"]\n1. 32-28 *\n", NULL, &a);
	assert_int_equal(a.loser, PDN_BLACK);

	/* Only the last [%clock] counts: live clocks count up from 0. */
	adjudicate("1. 32-28 {[%clock w0:00:00 B0:00:00]} 19-23 "
	    "{[%clock W0:00:03 b0:00:00.0]} 1-1\n", NULL, &a);
	assert_string_equal(a.reason, "time");
	assert_int_equal(a.loser, PDN_BLACK);
	assert_true(a.flags & PDN_ADJ_TIME_CLOCK);
	adjudicate("1. 32-28 {[%clock w0:00:00 B0:00:00]} 19-23 "
	    "{[%clock W0:00:03 b0:00:01]} 1-1\n", NULL, &a);
	assert_null(a.reason);
	assert_false(a.has_loser);
}

/* Every game of a corpus file: the clone writes as the original. */
static void
test_clone(void **state)
{
	static const char *const files[] = {
		"testdata/corpus/pdn-standard-examples/nk2009_analysis.pdn",
		"testdata/corpus/wiegerw-pdn/games/succeed/variation.pdn",
		"testdata/corpus/mobydam-book/book/games/babasy1.pdn",
		"testdata/adjudicate/verdicts.pdn"
	};
	pdn_buf a = { 0 }, b = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	pdn_game *c;
	char *data;
	size_t i, len;
	long n;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		assert_non_null(data = pdntest_slurp(files[i], &len));
		assert_int_equal(pdn_reader_new_mem(&r, data, len, NULL), 0);
		for (n = 0; pdn_reader_next(r, &g) == 1; n++) {
			a.len = b.len = 0;
			assert_int_equal(pdn_game_write(g, &a), 0);
			assert_int_equal(pdn_game_clone(g, &c), 0);
			assert_int_equal(pdn_game_write(c, &b), 0);
			assert_int_equal(a.len, b.len);
			assert_memory_equal(a.data, b.data, a.len);
			assert_int_equal(c->ntags, g->ntags);
			assert_int_equal(c->plies, g->plies);
			pdn_game_free(c);
		}
		assert_true(n > 0);
		pdn_reader_free(r);
		free(data);
	}
	pdn_game_free(NULL);
	pdn_buf_free(&a);
	pdn_buf_free(&b);
}

static void
test_amend(void **state)
{
	static const char text[] =
	    "[Event \"E\"]\n[Result \"2-0\"]\n[Termination \"Normal\"]\n\n"
	    "1. 32-28 {c} 19-23 (18-23) 2-0\n";
	pdn_buf out = { 0 };
	pdn_tag tags[8];
	pdn_game am;
	pdn_reader *r;
	const pdn_game *g;

	(void)state;
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text), NULL), 0);
	assert_int_equal(pdn_reader_next(r, &g), 1);
	pdn_game_amend(&am, tags, g, "1-1", "threefold");
	assert_int_equal(am.ntags, g->ntags);
	assert_int_equal(pdn_game_write(&am, &out), 0);
	assert_string_equal(out.data,
	    "[Event \"E\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n"
	    "[White \"?\"]\n[Black \"?\"]\n[Result \"1-1\"]\n"
	    "[GameType \"20\"]\n[Termination \"threefold\"]\n\n"
	    "1. 32-28 {c} 1... 19-23 (1... 18-23) 1-1\n\n");
	/* The original is untouched. */
	assert_string_equal(pdn_game_tag(g, "Result"), "2-0");
	assert_string_equal(g->terminator, "2-0");

	/* Without a Termination tag one is added; NULL leaves it. */
	pdn_reader_free(r);
	assert_int_equal(pdn_reader_new_mem(&r, "1. 32-28 *\n", 11, NULL), 0);
	assert_int_equal(pdn_reader_next(r, &g), 1);
	pdn_game_amend(&am, tags, g, "0-2", "no-moves");
	assert_int_equal(am.ntags, g->ntags + 1);
	assert_string_equal(am.tags[am.ntags - 1].name, "Termination");
	assert_string_equal(am.terminator, "0-2");
	pdn_game_amend(&am, tags, g, "0-2", NULL);
	assert_int_equal(am.ntags, g->ntags);
	pdn_reader_free(r);
	pdn_buf_free(&out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outcomes),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_time),
		cmocka_unit_test(test_clone),
		cmocka_unit_test(test_amend),
	};

	return cmocka_run_group_tests(tests, NULL, free_reader);
}
