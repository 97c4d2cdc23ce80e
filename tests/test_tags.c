/*
 * What a game's tags say as values (cmd/games/tags.c), as every tool
 * reads them: the result, in either notation, from the Result tag or
 * else the terminator, and the points it gives each side.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pdntest.h"
#include "tags.h"

static pdn_reader *reader;

/* The first game of text, until the next call. */
static const pdn_game *
game(const char *text)
{
	const pdn_game *g;

	pdn_reader_free(reader);
	assert_int_equal(pdn_reader_new_mem(&reader, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&g, reader), 1);
	return g;
}

static pdn_outcome
outcome(const char *text)
{
	return tags_outcome(game(text));
}

/* The Result tag, in both notations. */
static void
test_outcome_tag(void **state)
{
	(void)state;
	assert_int_equal(outcome("[Result \"2-0\"]\n1. 32-28 2-0\n"),
	    PDN_OUTCOME_WHITE);
	assert_int_equal(outcome("[Result \"0-1\"]\n1. 32-28 0-1\n"),
	    PDN_OUTCOME_BLACK);
	assert_int_equal(outcome("[Result \"1/2-1/2\"]\n1. 32-28 1/2-1/2\n"),
	    PDN_OUTCOME_DRAW);
	assert_int_equal(outcome("[Result \"0-0\"]\n1. 32-28 0-0\n"),
	    PDN_OUTCOME_DOUBLE_LOSS);
	assert_int_equal(outcome("[Result \"*\"]\n1. 32-28 *\n"),
	    PDN_OUTCOME_UNKNOWN);
}

/*
 * The tag first, even against the terminator; the terminator when the
 * tag is absent or no result; nothing when neither is one.
 */
static void
test_outcome_terminator(void **state)
{
	(void)state;
	assert_int_equal(outcome("[Result \"*\"]\n1. 32-28 2-0\n"),
	    PDN_OUTCOME_UNKNOWN);
	assert_int_equal(outcome("[Result \"0-2\"]\n1. 32-28 1-1\n"),
	    PDN_OUTCOME_BLACK);
	assert_int_equal(outcome("1. 32-28 1/2-1/2\n"), PDN_OUTCOME_DRAW);
	assert_int_equal(outcome("[Result \"?\"]\n1. 32-28 1-0\n"),
	    PDN_OUTCOME_WHITE);
	assert_int_equal(outcome("[Result \"3-0\"]\n1. 32-28\n"),
	    PDN_OUTCOME_NONE);
	assert_int_equal(outcome("[Event \"e\"]\n1. 32-28\n"),
	    PDN_OUTCOME_NONE);
}

static void
test_score(void **state)
{
	(void)state;
	assert_true(tags_score(PDN_OUTCOME_WHITE, PDN_WHITE) == 1.0);
	assert_true(tags_score(PDN_OUTCOME_WHITE, PDN_BLACK) == 0.0);
	assert_true(tags_score(PDN_OUTCOME_BLACK, PDN_WHITE) == 0.0);
	assert_true(tags_score(PDN_OUTCOME_BLACK, PDN_BLACK) == 1.0);
	assert_true(tags_score(PDN_OUTCOME_DRAW, PDN_WHITE) == 0.5);
	assert_true(tags_score(PDN_OUTCOME_DRAW, PDN_BLACK) == 0.5);
	assert_true(tags_score(PDN_OUTCOME_DOUBLE_LOSS, PDN_WHITE) == 0.0);
	assert_true(tags_score(PDN_OUTCOME_DOUBLE_LOSS, PDN_BLACK) == 0.0);
	assert_true(tags_score(PDN_OUTCOME_UNKNOWN, PDN_WHITE) == 0.0);
	assert_true(tags_score(PDN_OUTCOME_NONE, PDN_BLACK) == 0.0);
}

static int
teardown(void **state)
{
	(void)state;
	pdn_reader_free(reader);
	reader = NULL;
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outcome_tag),
		cmocka_unit_test(test_outcome_terminator),
		cmocka_unit_test(test_score),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
