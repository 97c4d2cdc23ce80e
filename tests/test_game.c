/*
 * The small services of the game model (game.c): tag lookup, the side to
 * move of a '?' setup and the result tokens of both families (the
 * normalised text of a move token, pdn_movetok_str(), is tested with the
 * rest of the notation in test_notation.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>

/* A game of nothing but these tags. */
static void
tagged(pdn_game *g, const pdn_tag *tags, size_t n)
{
	memset(g, 0, sizeof(*g));
	g->tags = tags;
	g->ntags = n;
}

static void
test_tags(void **state)
{
	static const pdn_tag tags[] = {
		{ "Event", "Club", 4, 1 },
		{ "WhiteElo", "1800", 4, 2 },
		{ "White", "Sijbrands", 9, 3 },
		{ "Result", "2-0", 3, 4 },
		{ "White", "Second", 6, 5 },
		{ "Empty", "", 0, 6 },
	};
	pdn_game g;
	const pdn_tag *t;

	(void)state;
	tagged(&g, tags, sizeof(tags) / sizeof(tags[0]));
	assert_string_equal(pdn_game_tag(&g, "Event"), "Club");
	assert_string_equal(pdn_game_tag(&g, "Result"), "2-0");
	/* A name is the whole name: "White" is not "WhiteElo". */
	assert_string_equal(pdn_game_tag(&g, "White"), "Sijbrands");
	assert_string_equal(pdn_game_tag(&g, "WhiteElo"), "1800");
	/* Of duplicates, the first. */
	t = pdn_game_find_tag(&g, "White");
	assert_ptr_equal(t, &tags[2]);
	assert_int_equal(t->line, 3);
	assert_int_equal(t->vlen, 9);
	assert_ptr_equal(pdn_game_find_tag(&g, "Empty"), &tags[5]);
	assert_string_equal(pdn_game_tag(&g, "Empty"), "");
	/* Names are case-sensitive, and prefixes are not names. */
	assert_null(pdn_game_tag(&g, "white"));
	assert_null(pdn_game_tag(&g, "WHITE"));
	assert_null(pdn_game_tag(&g, "Whit"));
	assert_null(pdn_game_tag(&g, "Black"));
	assert_null(pdn_game_find_tag(&g, "Date"));
	assert_null(pdn_game_find_tag(&g, ""));
	/* A game without tags. */
	tagged(&g, NULL, 0);
	assert_null(pdn_game_tag(&g, "Event"));
	assert_null(pdn_game_find_tag(&g, "Event"));
}

/* A move token of two squares. */
static pdn_movetok
tok2(unsigned a, unsigned b, int capture, int alpha)
{
	pdn_movetok t;

	memset(&t, 0, sizeof(t));
	t.sq[0] = (uint16_t)a;
	t.sq[1] = (uint16_t)b;
	t.nsq = 2;
	t.capture = (uint8_t)capture;
	t.alpha = (uint8_t)alpha;
	return t;
}

#define ALG(file, rank) (PDN_ALPHA + ((file) - 'a' + 1) * 100 + (rank))

static void
test_setup_side(void **state)
{
	const char *fen = "?:W29,13,11,K45:B22,4,2,K40";
	const pdn_variant *ru = pdn_variant_by_name("russian");
	const pdn_variant *ca = pdn_variant_by_name("canadian");
	pdn_position pos;
	pdn_fen_info info;
	pdn_movetok t;

	(void)state;
	assert_int_equal(pdn_fen_read(&pos, NULL, fen, strlen(fen), &info), 0);
	assert_true(info.warnings & PDN_FEN_W_SIDE_UNKNOWN);
	/* The colour of the piece on the from-square, man or king. */
	t = tok2(29, 24, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_WHITE);
	t = tok2(45, 34, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_WHITE);
	t = tok2(22, 27, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_BLACK);
	t = tok2(40, 35, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_BLACK);
	/* The separator does not matter, nor the move's legality. */
	t = tok2(13, 2, 1, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_WHITE);
	/* No move, an empty square, no square, an algebraic one. */
	assert_int_equal(pdn_setup_side(&pos, NULL), -1);
	t = tok2(30, 25, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);
	t = tok2(51, 46, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);
	t = tok2(0, 5, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);
	t = tok2(ALG('a', 1), ALG('b', 2), 0, 1);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);

	/*
	 * In a variant whose records name squares by file and rank, the
	 * from-square c3 is square 22: the move is read in the position's
	 * variant, as the replay reads it.
	 */
	fen = "?:Wc3,e1:Bf6";
	assert_int_equal(pdn_fen_read(&pos, ru, fen, strlen(fen), NULL), 0);
	t = tok2(ALG('c', 3), ALG('d', 4), 0, 1);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_WHITE);
	t = tok2(ALG('f', 6), ALG('e', 5), 0, 1);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_BLACK);
	t = tok2(22, 18, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_WHITE);
	t = tok2(ALG('d', 4), ALG('e', 5), 0, 1);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);
	/* a2 is a light square: no square of the board. */
	t = tok2(ALG('a', 2), ALG('b', 3), 0, 1);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);
	t = tok2(33, 29, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);

	/* Canadian: square 72, whose bit is beyond the 64-bit boards. */
	fen = "?:W72:B1";
	assert_int_equal(pdn_fen_read(&pos, ca, fen, strlen(fen), NULL), 0);
	t = tok2(72, 66, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_WHITE);
	t = tok2(1, 7, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), PDN_BLACK);
	t = tok2(73, 67, 0, 0);
	assert_int_equal(pdn_setup_side(&pos, &t), -1);
}

/* Every result token: its outcome and family, and back. */
static void
test_outcomes(void **state)
{
	static const struct {
		const char *s;
		pdn_outcome o;
		pdn_result_family f;
	} tokens[] = {
		{ "2-0", PDN_OUTCOME_WHITE, PDN_FAMILY_DRAUGHTS },
		{ "0-2", PDN_OUTCOME_BLACK, PDN_FAMILY_DRAUGHTS },
		{ "1-1", PDN_OUTCOME_DRAW, PDN_FAMILY_DRAUGHTS },
		{ "0-0", PDN_OUTCOME_DOUBLE_LOSS, PDN_FAMILY_DRAUGHTS },
		{ "1-0", PDN_OUTCOME_WHITE, PDN_FAMILY_CHESS },
		{ "0-1", PDN_OUTCOME_BLACK, PDN_FAMILY_CHESS },
		{ "1/2-1/2", PDN_OUTCOME_DRAW, PDN_FAMILY_CHESS },
		{ "*", PDN_OUTCOME_UNKNOWN, PDN_FAMILY_DRAUGHTS },
	};
	pdn_result_family f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(tokens) / sizeof(tokens[0]); i++) {
		f = (pdn_result_family)-1;
		assert_int_equal(pdn_outcome_parse(tokens[i].s, &f),
		    tokens[i].o);
		/* "0-0" and "*" are both families' tokens: draughts first. */
		assert_int_equal(f, tokens[i].f);
		assert_int_equal(pdn_outcome_parse(tokens[i].s, NULL),
		    tokens[i].o);
		assert_true(pdn_result_valid(tokens[i].s));
		assert_string_equal(pdn_outcome_str(tokens[i].o, tokens[i].f),
		    tokens[i].s);
	}
}

/* What is no result token. */
static void
test_not_results(void **state)
{
	static const char *const bad[] = {
		"", "2", "2-", "-0", "2-1", "1-2", "3-0", "0-3", "2:0", "2x0",
		"20", "2 - 0", " 2-0", "2-0 ", "2-00", "02-0", "1/2", "1/2-",
		"1/2-1", "1/2 - 1/2", "1/2-1/2 ", "½-½", "0.5-0.5", "=", "**",
		"* ", "+", "1-O", "W", "2-0*"
	};
	pdn_result_family f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (pdn_outcome_parse(bad[i], NULL) != PDN_OUTCOME_NONE)
			fail_msg("\"%s\" read as a result", bad[i]);
		assert_int_equal(pdn_outcome_parse(bad[i], &f),
		    PDN_OUTCOME_NONE);
		assert_false(pdn_result_valid(bad[i]));
	}
	assert_int_equal(pdn_outcome_parse(NULL, &f), PDN_OUTCOME_NONE);
	assert_int_equal(pdn_outcome_parse(NULL, NULL), PDN_OUTCOME_NONE);
	assert_false(pdn_result_valid(NULL));
}

/* The token of each outcome in each family. */
static void
test_outcome_str(void **state)
{
	const pdn_result_family d = PDN_FAMILY_DRAUGHTS, c = PDN_FAMILY_CHESS;

	(void)state;
	assert_null(pdn_outcome_str(PDN_OUTCOME_NONE, d));
	assert_null(pdn_outcome_str(PDN_OUTCOME_NONE, c));
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_UNKNOWN, d), "*");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_UNKNOWN, c), "*");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_WHITE, d), "2-0");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_WHITE, c), "1-0");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_BLACK, d), "0-2");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_BLACK, c), "0-1");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_DRAW, d), "1-1");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_DRAW, c), "1/2-1/2");
	/* 0-0 has no chess-family token. */
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_DOUBLE_LOSS, d),
	    "0-0");
	assert_string_equal(pdn_outcome_str(PDN_OUTCOME_DOUBLE_LOSS, c),
	    "0-0");
	/* No outcome beyond the enum. */
	assert_null(pdn_outcome_str((pdn_outcome)(PDN_OUTCOME_DOUBLE_LOSS + 1),
	    d));
	assert_null(pdn_outcome_str((pdn_outcome)-1, c));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_setup_side),
		cmocka_unit_test(test_outcomes),
		cmocka_unit_test(test_not_results),
		cmocka_unit_test(test_outcome_str),
	};

	return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
