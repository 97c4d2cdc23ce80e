/*
 * What a game's tags say as values (cmd/games/tags.c), as every tool
 * reads them: the result, in either notation, from the Result tag or
 * else the terminator, and the points it gives each side; every form of
 * a date, its span and its order, the game's date and year (Date, else
 * EventDate); the ratings.
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

/* The date s reads as (rc its return), y, m, d its parts (0 unknown). */
static void
date_is(const char *s, int rc, int y, int m, int d)
{
	struct tags_date t;

	assert_int_equal(tags_date_read(s, &t), rc);
	assert_int_equal(t.year, y);
	assert_int_equal(t.month, m);
	assert_int_equal(t.day, d);
}

/* Every form of the grammar. */
static void
test_date_forms(void **state)
{
	(void)state;
	date_is("2003.05.12", 0, 2003, 5, 12);
	date_is("2003-05-12", 0, 2003, 5, 12);
	date_is("2003/05/12", 0, 2003, 5, 12);
	date_is("2003.05-12", 0, 2003, 5, 12);
	date_is("2003.5.1", 0, 2003, 5, 1);
	date_is("2003.05", 0, 2003, 5, 0);
	date_is("2003", 0, 2003, 0, 0);
	/* A separator that ends it. */
	date_is("1950.", 0, 1950, 0, 0);
	date_is("2003.05.", 0, 2003, 5, 0);
	date_is("2003.05.12.", 0, 2003, 5, 12);
	/* Unknown parts. */
	date_is("2003.??.??", 0, 2003, 0, 0);
	/* "?\?-" of C is a trigraph. */
	date_is("1847-?\?-?\?", 0, 1847, 0, 0);
	date_is("2003.05.??", 0, 2003, 5, 0);
	date_is("2003.?.?", 0, 2003, 0, 0);
	date_is("????.??.??", 0, 0, 0, 0);
	date_is("????.05.12", 0, 0, 5, 12);
	/* After a blank, nothing is read. */
	date_is("2004.10.27 - 2004.11.01", 1, 2004, 10, 27);
	date_is("2003 april", 1, 2003, 0, 0);
	date_is("2003.05.12\tround 3", 1, 2003, 5, 12);
}

static void
test_date_none(void **state)
{
	(void)state;
	date_is(NULL, -1, 0, 0, 0);
	date_is("", -1, 0, 0, 0);
	date_is("?", -1, 0, 0, 0);
	date_is("??", -1, 0, 0, 0);
	date_is("today", -1, 0, 0, 0);
	date_is("17 april 2009", -1, 0, 0, 0);
	date_is("14-01-1996", -1, 0, 0, 0);
	date_is("12.05.2003", -1, 0, 0, 0);
	date_is("203", -1, 0, 0, 0);
	date_is("20031", -1, 0, 0, 0);
	date_is("19??", -1, 0, 0, 0);
	date_is("2003.1?", -1, 0, 0, 0);
	date_is("2003.123", -1, 0, 0, 0);
	date_is("2007/2008", -1, 0, 0, 0);
	date_is("2003..05", -1, 0, 0, 0);
	date_is("2003.05.12x", -1, 0, 0, 0);
	date_is(" 2003", -1, 0, 0, 0);
	/* No month 0 or past 12, no day 0 or past 31. */
	date_is("2003.13.01", -1, 0, 0, 0);
	date_is("2003.00", -1, 0, 0, 0);
	date_is("2003.05.00", -1, 0, 0, 0);
	date_is("2003.05.32", -1, 0, 0, 0);
}

/* The days a date may be, and its key: an unknown part first. */
static void
test_date_span_key(void **state)
{
	struct tags_date t;
	long first, last;

	(void)state;
	tags_date_read("2003.05.12", &t);
	tags_date_span(&t, &first, &last);
	assert_int_equal(first, 20030512);
	assert_int_equal(last, 20030512);
	assert_int_equal(tags_date_key(&t), 20030512);
	tags_date_read("2003.??.??", &t);
	tags_date_span(&t, &first, &last);
	assert_int_equal(first, 20030101);
	assert_int_equal(last, 20031231);
	assert_int_equal(tags_date_key(&t), 20030000);
	tags_date_read("2003.02", &t);
	tags_date_span(&t, &first, &last);
	assert_int_equal(first, 20030201);
	assert_int_equal(last, 20030231);
	assert_int_equal(tags_date_key(&t), 20030200);
	tags_date_read("????.05.12", &t);
	tags_date_span(&t, &first, &last);
	assert_int_equal(first, 512);
	assert_int_equal(last, 99990512);
	assert_int_equal(tags_date_key(&t), 0);
	/* The day of an unknown month is no part of the order. */
	tags_date_read("2003.??.12", &t);
	assert_int_equal(tags_date_key(&t), 20030000);
	tags_date_read("no date", &t);
	tags_date_span(&t, &first, &last);
	assert_int_equal(first, 101);
	assert_int_equal(last, 99991231);
	assert_int_equal(tags_date_key(&t), 0);
}

/* The game's date: Date, or EventDate when Date gives no year. */
static void
test_game_date(void **state)
{
	struct tags_date t;

	(void)state;
	assert_int_equal(tags_game_date(game("[Date \"2003.05.12\"]\n"
	    "[EventDate \"2003.05.10\"]\n*\n"), &t), 0);
	assert_int_equal(tags_date_key(&t), 20030512);
	assert_int_equal(tags_game_date(game("[Date \"????.??.??\"]\n"
	    "[EventDate \"2003.05.10\"]\n*\n"), &t), 0);
	assert_int_equal(tags_date_key(&t), 20030510);
	assert_int_equal(tags_game_date(game("[Date \"\"]\n"
	    "[EventDate \"2003.05\"]\n*\n"), &t), 0);
	assert_int_equal(tags_date_key(&t), 20030500);
	assert_int_equal(tags_game_date(game("[EventDate \"1999\"]\n*\n"),
	    &t), 0);
	assert_int_equal(t.year, 1999);
	/* A date of no year, without an EventDate that is a date. */
	assert_int_equal(tags_game_date(game("[Date \"????.05.12\"]\n"
	    "[EventDate \"?\"]\n*\n"), &t), 0);
	assert_int_equal(t.month, 5);
	assert_int_equal(tags_game_date(game("[Date \"today\"]\n*\n"), &t),
	    -1);
	assert_int_equal(t.year, 0);
	assert_int_equal(tags_game_date(game("[Event \"e\"]\n*\n"), &t), -1);
	assert_int_equal(tags_year(game("[Date \"1950.\"]\n*\n")), 1950);
	assert_int_equal(tags_year(game("[Date \"2004.10.27 - 2004.11.01\"]\n"
	    "*\n")), 2004);
	assert_int_equal(tags_year(game("[Date \"2007/2008\"]\n"
	    "[EventDate \"2007\"]\n*\n")), 2007);
	assert_int_equal(tags_year(game("[Date \"2007/2008\"]\n*\n")), 0);
}

static void
test_rating(void **state)
{
	const pdn_game *g;

	(void)state;
	g = game("[WhiteElo \"2300\"]\n[BlackElo \"2150\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 2300);
	assert_int_equal(tags_rating(g, PDN_BLACK), 2150);
	/* Elo first, then Rating. */
	g = game("[WhiteRating \"1900\"]\n[WhiteElo \"2000\"]\n"
	    "[BlackRating \"1800\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 2000);
	assert_int_equal(tags_rating(g, PDN_BLACK), 1800);
	g = game("[WhiteElo \"-\"]\n[WhiteRating \"1900\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 1900);
	/* Blanks around the number; nothing glued to it. */
	g = game("[WhiteElo \" 2300 (prov.)\"]\n[BlackElo \"2150?\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 2300);
	assert_int_equal(tags_rating(g, PDN_BLACK), 0);
	/* 1 to 100000. */
	g = game("[WhiteElo \"100000\"]\n[BlackElo \"100001\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 100000);
	assert_int_equal(tags_rating(g, PDN_BLACK), 0);
	g = game("[WhiteElo \"0\"]\n[BlackElo \"\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 0);
	assert_int_equal(tags_rating(g, PDN_BLACK), 0);
	g = game("[Event \"e\"]\n*\n");
	assert_int_equal(tags_rating(g, PDN_WHITE), 0);
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
		cmocka_unit_test(test_date_forms),
		cmocka_unit_test(test_date_none),
		cmocka_unit_test(test_date_span_key),
		cmocka_unit_test(test_game_date),
		cmocka_unit_test(test_rating),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
