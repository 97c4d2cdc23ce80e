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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "pdntest.h"
/* A white-box test: it reads the fields of moves and lists. */
#include "move.h"

/* The adjudication the tests fill, one for the run. */
static pdn_adjudication *
result(void)
{
	static pdn_adjudication *r;

	if (r == NULL)
		assert_int_equal(pdn_adjudication_new(&r), 0);
	return r;
}

/* Who lost (an adjudication with a loser). */
static pdn_colour
test_loser(const pdn_adjudication *j)
{
	pdn_colour c = PDN_WHITE;

	assert_true(pdn_adjudication_loser(j, &c));
	return c;
}

/* The verdicts' stable names (results are test_game's). */
static void
test_verdict_names(void **state)
{
	(void)state;
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_AGREE), "agree");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_DISAGREE),
	    "disagree");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_UNDECIDED),
	    "undecided");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_CONTINUES),
	    "continues");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_INVALID), "invalid");
	assert_string_equal(pdn_verdict_str(PDN_VERDICT_UNSUPPORTED),
	    "unsupported");
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
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_adjudicator_new(&a, profile), 0);
	assert_int_equal(pdn_reader_next(&g, last_reader), 1);
	assert_int_equal(pdntest_adjudicate(out, a, g, NULL), 0);
	pdn_adjudicator_free(a);
}

/* The start position recurs at plies 4 and 8: fmjd draws at ply 8. */
#define THREEFOLD "[FEN \"W:WK6,46:BK2,5\"]\n1. 6-50 2-16 2. 50-6 16-2 " \
	"3. 6-50 2-16 4. 50-6 16-2 "

static void
test_verdicts(void **state)
{
	pdn_adjudication *a = result();

	(void)state;
	adjudicate("[Result \"1-1\"]\n" THREEFOLD "1-1\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_AGREE);
	assert_string_equal(pdn_adjudication_reason(a), "threefold");
	assert_int_equal(pdn_adjudication_ply(a), 8);
	assert_int_equal(pdn_adjudication_plies(a), 8);
	assert_int_equal(pdn_adjudication_number(a), 4);
	assert_int_equal(pdn_adjudication_side(a), PDN_BLACK);
	assert_string_equal(pdn_adjudication_move(a), "16-2");
	assert_false(pdn_adjudication_loser(a, NULL));

	adjudicate("[Result \"2-0\"]\n" THREEFOLD "2-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_DISAGREE);
	assert_string_equal(pdn_adjudication_recorded(a), "2-0");
	assert_string_equal(pdn_adjudication_result_str(a), "1-1");

	/* The 1-0 family is kept. */
	adjudicate("[Result \"1-0\"]\n" THREEFOLD "1-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_DISAGREE);
	assert_string_equal(pdn_adjudication_result_str(a), "1/2-1/2");

	adjudicate(THREEFOLD "5. 6-28 1-1\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_CONTINUES);
	assert_int_equal(pdn_adjudication_ply(a), 8);
	assert_int_equal(pdn_adjudication_plies(a), 9);

	/* Under lidraughts the start does not count and nothing ends. */
	adjudicate("[Result \"1-1\"]\n" THREEFOLD "1-1\n",
	    pdn_profile_builtin("lidraughts"), a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNDECIDED);
	assert_null(pdn_adjudication_reason(a));
	assert_string_equal(pdn_adjudication_result_str(a), "1-1");

	/* A resignation: no rule, the record stands. */
	adjudicate("1. 32-28 19-23 2. 28x19 14x23 2-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNDECIDED);
	assert_int_equal(pdn_adjudication_ply(a), -1);
	assert_int_equal(pdn_adjudication_result(a), PDN_OUTCOME_WHITE);

	adjudicate("[GameType \"20\"]\n1. 32-22 2-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_INVALID);
	assert_null(pdn_adjudication_result_str(a));

	/* Another variant is not judged: unsupported, never invalid. */
	adjudicate("[GameType \"30\"]\n1. 9-14 22-18 1-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNSUPPORTED);
	assert_true(pdn_adjudication_flags(a) & PDN_ADJ_UNSUPPORTED);
	assert_null(pdn_adjudication_result_str(a));
	assert_int_equal(pdn_adjudication_ply(a), -1);
	/* Untagged, and no variant's rules replay its moves. */
	adjudicate("1. 9-14 9-13 1-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNSUPPORTED);
	/* Untagged English draughts, read so (its rules replay it). */
	adjudicate("1. 9-14 22-18 1-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNDECIDED);
	/* ... but a broken game the reader could not type is invalid. */
	adjudicate("[Event \"x\n1. 9-14 22-18 1-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_INVALID);
	assert_false(pdn_adjudication_flags(a) & PDN_ADJ_UNSUPPORTED);
	/* A variation that does not replay leaves the main line judged. */
	adjudicate("[Result \"2-0\"]\n1. 32-28 (1. 33-28 19-23 45-40) "
	    "18-23 (18-23 99-98) 2-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNDECIDED);

	/* Decided in the initial position: Black to move has no piece. */
	adjudicate("[FEN \"B:WK46:B\"]\n2-0\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_AGREE);
	assert_string_equal(pdn_adjudication_reason(a), "no-pieces");
	assert_int_equal(pdn_adjudication_ply(a), 0);
	assert_true(pdn_adjudication_loser(a, NULL));
	assert_int_equal(test_loser(a), PDN_BLACK);

	/*
	 * A setup whose 25-move clock is at the limit ends the game where
	 * it stands (ply 1), even when the move after it is a man's and no
	 * king is left (found by test_random_records: the setup used to be
	 * passed over with the plies that leave no king).
	 */
	adjudicate("[FEN \"B:WK17:B23,K29\"]\n1... 29-45 "
	    "/FEN \"W:W14:B38:H52\"/ 2. 14-10 38-42 *\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_CONTINUES);
	assert_string_equal(pdn_adjudication_reason(a), "25-move");
	assert_int_equal(pdn_adjudication_ply(a), 1);
	assert_int_equal(pdn_adjudication_plies(a), 3);
	assert_string_equal(pdn_adjudication_move(a), "29-45");

	/* A setup after the last move is where the game ends: here its
	 * 25-move clock is at the limit (it used to be passed over). */
	adjudicate("1. 32-28 19-23 /FEN \"W:W28,K40,45:B23,K5,10:H50\"/ "
	    "1-1\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_AGREE);
	assert_string_equal(pdn_adjudication_reason(a), "25-move");
	assert_int_equal(pdn_adjudication_ply(a), 2);
	assert_int_equal(pdn_adjudication_plies(a), 2);
}

/* Diagnostics of the last adjudication, as "code@ply" words. */
static char diags[512];

static void
collect(const pdn_diag *d, void *arg)
{
	size_t n = strlen(diags);

	(void)arg;
	snprintf(diags + n, sizeof(diags) - n, "%s%s@%ld", n ? " " : "",
	    d->name, d->ply);
}

/* As adjudicate(), with the replay's diagnostics collected. */
static void
adjudicate_diag(const char *text, const pdn_profile *profile,
    pdn_adjudication *out)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	pdn_adjudicator *a;
	const pdn_game *g;

	diags[0] = '\0';
	ro.diag = collect;
	free_reader(NULL);
	assert_int_equal(pdn_reader_new_mem(&last_reader, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_adjudicator_new(&a, profile), 0);
	assert_int_equal(pdn_reader_next(&g, last_reader), 1);
	assert_int_equal(pdntest_adjudicate(out, a, g, &ro), 0);
	pdn_adjudicator_free(a);
}

/*
 * RULES.md 5.6, found by an independent check: a line that reads a token
 * only through a liberty does not survive beside one that reads it
 * exactly.  Here 1. 10x1 fits two captures; in one line 2. 1x40 is a
 * capture, in the other only a quiet move written with 'x', so one line
 * is left, and at its end Black has no pieces.
 */
static void
test_liberty_loses_to_exact(void **state)
{
	pdn_adjudication *a = result();

	(void)state;
	adjudicate_diag("[FEN \"W:WK10,42,K47:BK12,14,22,30,32,33,34,K44\"]\n"
	    "1. 10x1 33-39 2. 1x40 39-43 3. 47-36 43-49 4. 40-18 49-38 "
	    "5. 42x33 1/2-1/2\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_DISAGREE);
	assert_int_equal(pdn_adjudication_lines(a), 1);
	assert_int_equal(pdn_adjudication_flags(a), 0);
	assert_string_equal(pdn_adjudication_reason(a), "no-pieces");
	assert_int_equal(pdn_adjudication_ply(a), 9);
	assert_int_equal(pdn_adjudication_result(a), PDN_OUTCOME_WHITE);
	assert_string_equal(pdn_adjudication_result_str(a), "1-0");
	assert_true(pdn_adjudication_loser(a, NULL));
	assert_int_equal(test_loser(a), PDN_BLACK);
	assert_string_equal(pdn_adjudication_move(a), "42x33");
	/* No liberty is left in the line that stands. */
	assert_string_equal(diags, "");

	/*
	 * When the exact reading dies later (no black man on 30 after the
	 * exact 1. 10x1), the line that needs the liberty is the record's.
	 */
	adjudicate_diag("[FEN \"W:WK10,42,K47:BK12,14,22,30,32,33,34,K44\"]\n"
	    "1. 10x1 33-39 2. 1x40 30-35 *\n", NULL, a);
	assert_int_equal(pdn_adjudication_lines(a), 1);
	assert_int_not_equal(pdn_adjudication_verdict(a), PDN_VERDICT_INVALID);
	assert_string_equal(diags, "move-separator@3");

	/* A line that survives only through a liberty says so. */
	adjudicate_diag("[FEN \"W:WK10:BK50\"]\n1. 10x14 50-45 1-1\n", NULL,
	    a);
	assert_int_equal(pdn_adjudication_lines(a), 1);
	assert_string_equal(diags, "move-separator@1");
}

/*
 * RULES.md 5.6: under lidraughts threefold is a claim, and a record that
 * ends in a draw on a ply where the claim is available (not only the
 * first such ply) agrees: here plies 9 and 10 both bring a position back
 * for the third time.
 */
static void
test_claim_on_last_ply(void **state)
{
	const char *rec = "[FEN \"W:WK47,K48:BK3,K4\"]\n1. 47-41 3-8 "
	    "2. 41-47 8-3 3. 47-41 3-8 4. 41-47 8-3 5. 47-41 3-8 1-1\n";
	pdn_adjudication *a = result();

	(void)state;
	adjudicate(rec, pdn_profile_builtin("lidraughts"), a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_AGREE);
	assert_string_equal(pdn_adjudication_reason(a), "threefold");
	assert_int_equal(pdn_adjudication_ply(a), 10);
	assert_string_equal(pdn_adjudication_move(a), "3-8");
	assert_int_equal(pdn_adjudication_side(a), PDN_BLACK);
	assert_true(pdn_adjudication_flags(a) & PDN_ADJ_CLAIM);
	/* Under fmjd the start counts: the draw came at ply 8. */
	adjudicate(rec, NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_CONTINUES);
	assert_int_equal(pdn_adjudication_ply(a), 8);
}

/*
 * RULES.md 5.6: candidate lines that reach the same position are one line
 * only when their draw-rule state agrees.  In the first record 1. 12x10
 * takes the men on 14, 17, 27 (line K, a 5-move ending from ply 1) or 14,
 * 17 and the king on 31 (line M, which enters it at ply 2 by a
 * promotion); 3. 4x36 brings both to the same position, and the 5-move
 * rule ends line K at ply 11 and line M at ply 12.  In the second, both
 * lines enter the same endings on the same plies and meet: one line.  In
 * the third, a king move between the split and the meeting does not keep
 * them apart, as the same moves repeat a position in both or in neither.
 */
static void
test_merged_lines(void **state)
{
	pdn_adjudication *a = result();

	(void)state;
	adjudicate_diag("[FEN \"W:WK12:B14,17,27,K31,45\"]\n[Result \"1-1\"]\n"
	    "1. 12x10 45-50 2. 10-4 50-44 3. 4x36 44-39 4. 36-47 39-43 "
	    "5. 47-15 43-27 6. 15-20 27-31 1-1\n", NULL, a);
	assert_int_equal(pdn_adjudication_lines(a), 2);
	assert_int_equal(pdn_adjudication_flags(a),
	    PDN_ADJ_AMBIGUOUS | PDN_ADJ_LINES_DIFFER);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNDECIDED);
	assert_int_equal(pdn_adjudication_result(a), PDN_OUTCOME_DRAW);
	assert_string_equal(diags, "ambiguous-game@1");

	adjudicate_diag("[FEN \"W:WK1:B7,17,22,32,37,K41\"]\n[Result \"1-1\"]\n"
	    "1. 1x42 32-38 2. 42x11 41-23 3. 11-44 23-29 4. 44-49 29-18 "
	    "5. 49-21 18-45 6. 21-8 45-34 7. 8-3 1-1\n", NULL, a);
	assert_int_equal(pdn_adjudication_lines(a), 1);
	assert_int_equal(pdn_adjudication_flags(a), 0);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_AGREE);
	assert_string_equal(pdn_adjudication_reason(a), "5-move");
	assert_int_equal(pdn_adjudication_ply(a), 13);
	assert_string_equal(diags, "");

	/*
	 * The two readings of 1. 13x15 leave different men, but Black has no
	 * king and no ending comes: when 2. 45x37 brings both to one
	 * position, they are one line (a review found them kept apart).
	 */
	adjudicate_diag("[FEN \"W:WK13,14,16,31,35,K45:B6,9,18,20,28,K32,40\"]"
	    "\n1. 13x15 9x20 2. 45x37 *\n", NULL, a);
	assert_int_equal(pdn_adjudication_lines(a), 1);
	assert_int_equal(pdn_adjudication_flags(a), 0);
	assert_string_equal(diags, "");

	adjudicate_diag("[FEN \"W:WK38:B12,14,18,30,K32,K49\"]\n"
	    "[Result \"1-1\"]\n1. 38x34 49-43 2. 34x7 43-39 3. 7-23 39-22 "
	    "4. 23-34 22-4 5. 34-1 4-9 6. 1-7 1-1\n", NULL, a);
	assert_int_equal(pdn_adjudication_lines(a), 1);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_AGREE);
	assert_string_equal(pdn_adjudication_reason(a), "5-move");
	assert_int_equal(pdn_adjudication_ply(a), 11);
	assert_string_equal(diags, "");
}

static void
test_time(void **state)
{
	pdn_adjudication *a = result();

	(void)state;
	adjudicate("[Termination \"Time forfeit\"]\n[Result \"0-2\"]\n"
	    "1. 32-28 0-2\n", NULL, a);
	assert_int_equal(pdn_adjudication_verdict(a), PDN_VERDICT_UNDECIDED);
	assert_string_equal(pdn_adjudication_reason(a), "time");
	assert_int_equal(test_loser(a), PDN_WHITE);
	assert_true(pdn_adjudication_flags(a) & PDN_ADJ_TIME_TAG);

	/* No result recorded: the player to move lost. */
	adjudicate("[Termination \"lost on time\"]\n1. 32-28 *\n", NULL, a);
	assert_int_equal(test_loser(a), PDN_BLACK);

	/* Only the last [%clock] counts: live clocks count up from 0. */
	adjudicate("1. 32-28 {[%clock w0:00:00 B0:00:00]} 19-23 "
	    "{[%clock W0:00:03 b0:00:00.0]} 1-1\n", NULL, a);
	assert_string_equal(pdn_adjudication_reason(a), "time");
	assert_int_equal(test_loser(a), PDN_BLACK);
	assert_true(pdn_adjudication_flags(a) & PDN_ADJ_TIME_CLOCK);
	adjudicate("1. 32-28 {[%clock w0:00:00 B0:00:00]} 19-23 "
	    "{[%clock W0:00:03 b0:00:01]} 1-1\n", NULL, a);
	assert_null(pdn_adjudication_reason(a));
	assert_false(pdn_adjudication_loser(a, NULL));
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
		assert_int_equal(pdn_reader_new_mem(&r, data, len,
		    pdntest_reader_options()), 0);
		for (n = 0; pdn_reader_next(&g, r) == 1; n++) {
			a.len = b.len = 0;
			assert_int_equal(pdntest_write(&a, g), 0);
			assert_int_equal(pdn_game_clone(&c, g), 0);
			assert_int_equal(pdntest_write(&b, c), 0);
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
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	pdn_game_amend(&am, tags, g, "1-1", "threefold");
	assert_int_equal(am.ntags, g->ntags);
	assert_int_equal(pdntest_write(&out, &am), 0);
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
	assert_int_equal(pdn_reader_new_mem(&r, "1. 32-28 *\n", 11,
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	pdn_game_amend(&am, tags, g, "0-2", "no-moves");
	assert_int_equal(am.ntags, g->ntags + 1);
	assert_string_equal(am.tags[am.ntags - 1].name, "Termination");
	assert_string_equal(am.terminator, "0-2");
	pdn_game_amend(&am, tags, g, "0-2", NULL);
	assert_int_equal(am.ntags, g->ntags);
	pdn_reader_free(r);
	pdn_buf_free(&out);
}

/* A stripped copy writes without what was stripped; the original stays. */
static void
test_strip(void **state)
{
	static const char text[] =
	    "[Event \"E\"]\n\n"
	    "1. 32-28! {[%clock w0:10:00 B0:10:00]} 19-23 $1 "
	    "{ good [%clk 0:09:58] move } (18-23 {v} 2. 28x19) "
	    "2. 28x19 {[%emt 0:00:03]} 14x23\n% line\n2-0\n";
	static const struct {
		unsigned what;
		const char *moves;
	} cases[] = {
		{ PDN_STRIP_CLOCKS, "1. 32-28! 19-23 $1 {good move} (1... 18-23 "
		    "{v} 2. 28x19) 2. 28x19 14x23\n% line\n2-0\n\n" },
		{ PDN_STRIP_COMMENTS, "1. 32-28! 19-23 $1 (1... 18-23 "
		    "2. 28x19) 2. 28x19 14x23 2-0\n\n" },
		{ PDN_STRIP_NAGS | PDN_STRIP_VARIATIONS | PDN_STRIP_CLOCKS,
		    "1. 32-28 19-23 {good move} 2. 28x19 14x23\n% line\n"
		    "2-0\n\n" },
	};
	pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
	pdn_buf out = { 0 };
	pdn_game *c;
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_played *pg;
	const pdn_game *g;
	const char *p;
	size_t i;

	(void)state;
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_int_equal(pdn_replay_new(&rp), 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(pdn_game_strip(&c, g, cases[i].what), 0);
		assert_int_equal(c->plies, g->plies);
		out.len = 0;
		assert_int_equal(pdntest_write(&out, c), 0);
		assert_non_null(p = strstr(out.data, "\n\n"));
		assert_string_equal(p + 2, cases[i].moves);
		pdn_game_free(c);
		/* The writer strips alike, from the game's own replay. */
		wo.strip = cases[i].what;
		out.len = 0;
		assert_int_equal(pdn_replay_game(&pg, rp, g, NULL), 0);
		assert_int_equal(pdn_game_write(&out, g, pg, &wo), 0);
		assert_non_null(p = strstr(out.data, "\n\n"));
		assert_string_equal(p + 2, cases[i].moves);
	}
	wo.version = 99;
	assert_int_equal(pdn_game_write(&out, g, pg, &wo), PDN_EINVAL);
	pdn_replay_free(rp);
	assert_int_equal(g->moves.n, 11);
	pdn_reader_free(r);
	pdn_buf_free(&out);
}

/* --- random records against the tracker fed every ply --------------- */

/*
 * A few men and kings a side on random squares (a man is never put on
 * the row where it would have been crowned), or the start position.
 */
static void
random_position(uint64_t *seed, pdn_position *pos, pdn_colour side)
{
	int c, i, n, sq, king;

	pdn_variant_clear(pdn_variant_default(), pos, side);
	for (c = 0; c < 2; c++) {
		n = 1 + (int)(pdntest_rnd(seed) % 4);
		for (i = 0; i < n; i++) {
			do
				sq = 1 + (int)(pdntest_rnd(seed) % 50);
			while (pdn_position_get(pos, sq) != PDN_EMPTY);
			king = pdntest_rnd(seed) % 3 == 0 ||
			    (c == 0 ? sq <= 5 : sq >= 46);
			pdn_position_set(pos, sq, c == 0 ?
			    (king ? PDN_WHITE_KING : PDN_WHITE_MAN) :
			    (king ? PDN_BLACK_KING : PDN_BLACK_MAN));
		}
	}
}

/* A FEN of pos, with lidraughts' 25-move clock :H now and then. */
static void
random_fen(uint64_t *seed, const pdn_position *pos, char *buf, int *clock)
{
	size_t n = pdn_fen_write(buf, PDN_FEN_STRMAX, pos);

	*clock = -1;
	if (pdntest_rnd(seed) % 3 == 0) {
		*clock = (int)(pdntest_rnd(seed) % 60);
		snprintf(buf + n, 16, ":H%d", *clock);
	}
}

/* The first king move without capture of list from i on (cyclically), or i. */
static int
king_move(const pdn_position *pos, const pdn_movelist *list, int i)
{
	int j, m;

	for (j = 0; j < list->n; j++) {
		m = (i + j) % list->n;
		if (list->m[m].ncap == 0 &&
		    (pdn_position_get(pos, list->m[m].from) == PDN_WHITE_KING ||
		    pdn_position_get(pos, list->m[m].from) == PDN_BLACK_KING))
			return m;
	}
	return i;
}

/* The move of list going furthest toward the side's crown row, or i. */
static int
advance_move(const pdn_position *pos, const pdn_movelist *list, int i)
{
	int j, best = i;

	for (j = 0; j < list->n; j++)
		if (pdn_position_side(pos) == PDN_WHITE ? list->m[j].to < list->m[best].to :
		    list->m[j].to > list->m[best].to)
			best = j;
	return best;
}

/* What the tracker says of a record: its first end, else its claim. */
struct expect {
	const char *reason;
	long ply;
	pdn_outcome outcome;
};

static pdn_outcome
result_outcome(pdn_rules_result r)
{
	return r == PDN_RESULT_WHITE_WINS ? PDN_OUTCOME_WHITE :
	    r == PDN_RESULT_BLACK_WINS ? PDN_OUTCOME_BLACK :
	    r == PDN_RESULT_DRAW ? PDN_OUTCOME_DRAW : PDN_OUTCOME_NONE;
}

/*
 * Writes a random record into text (from the start position or from a
 * FEN tag, now and then with /FEN/ setups in its movetext, every move in
 * its unambiguous form, result "*") and feeds the same plies, every one
 * of them, to tracker t: the reference the adjudicator must agree with.
 */
static long
random_record(uint64_t *seed, pdn_rules *t, char *text, size_t size,
    struct expect *e)
{
	static pdn_movelist list;
	pdn_position pos;
	const pdn_rules_state *st;
	char fen[PDN_FEN_STRMAX + 16], mv[PDN_MOVE_STRMAX];
	size_t n;
	long ply, max;
	int clock, i, kingmoves = 0;

	n = (size_t)snprintf(text, size, "[GameType \"20\"]\n");
	if (pdntest_rnd(seed) % 3 == 0) {
		pdn_variant_start(pdn_variant_default(), &pos);
		clock = -1;
		max = 400;
		kingmoves = pdntest_rnd(seed) % 2;
	} else {
		random_position(seed, &pos, (pdn_colour)(pdntest_rnd(seed) %
		    2));
		random_fen(seed, &pos, fen, &clock);
		n += (size_t)snprintf(text + n, size - n, "[FEN \"%s\"]\n",
		    fen);
		max = (long)(pdntest_rnd(seed) % 160);
	}
	n += (size_t)snprintf(text + n, size - n, "\n");
	assert_int_equal(pdn_rules_start(t, &pos, clock), 0);
	for (ply = 0; ply < max; ply++) {
		if (ply > 0 && pdntest_rnd(seed) % 40 == 0) {
			/* A setup: the same side to move, a new board. */
			random_position(seed, &pos, pdn_position_side(&pos));
			random_fen(seed, &pos, fen, &clock);
			n += (size_t)snprintf(text + n, size - n,
			    "/FEN \"%s\"/ ", fen);
			assert_int_equal(pdn_rules_setup(t, &pos, clock), 0);
		}
		if (pdn_generate(&list, &pos) <= 0)
			break;
		i = (int)(pdntest_rnd(seed) % (uint64_t)list.n);
		/*
		 * From the start, half the records push their men to the
		 * crown row, then keep their kings moving, most of the time,
		 * and stop at a random ply once both sides have kings: kings
		 * while many pieces are left, and runs of king moves, where
		 * positions come back and the 25-move count grows.
		 */
		if (kingmoves && pdn_position_kings(&pos,
		    pdn_position_side(&pos)) == 0)
			i = advance_move(&pos, &list, i);
		else if (kingmoves && pdntest_rnd(seed) % 8 != 0)
			i = king_move(&pos, &list, i);
		if (kingmoves == 1 && pdn_position_kings(&pos, PDN_WHITE) &&
		    pdn_position_kings(&pos, PDN_BLACK)) {
			max = ply + (long)(pdntest_rnd(seed) % 60);
			kingmoves = 2;
		}
		pdn_move_str_unique(mv, NULL, &list.m[i], &list);
		if (pdn_position_side(&pos) == PDN_WHITE || ply == 0)
			n += (size_t)snprintf(text + n, size - n, "%ld%s ",
			    ply / 2 + 1, pdn_position_side(&pos) == PDN_WHITE ?
			    "." : "...");
		n += (size_t)snprintf(text + n, size - n, "%s ", mv);
		assert_int_equal(pdn_rules_play(NULL, t, &pos, &list.m[i]),
		    0);
		pdn_make(&pos, &list.m[i]);
	}
	if (ply > 0 && pdntest_rnd(seed) % 16 == 0) {
		/* A setup after the last move: the game ends there. */
		random_position(seed, &pos, pdn_position_side(&pos));
		random_fen(seed, &pos, fen, &clock);
		n += (size_t)snprintf(text + n, size - n, "/FEN \"%s\"/ ",
		    fen);
		assert_int_equal(pdn_rules_setup(t, &pos, clock), 0);
	}
	snprintf(text + n, size - n, "*\n");
	st = pdn_rules_state_get(t);
	e->reason = NULL;
	e->ply = -1;
	e->outcome = PDN_OUTCOME_UNKNOWN;	/* the record's "*" stands */
	if (st->end.reason != PDN_REASON_NONE) {
		e->reason = pdn_rules_reason_str(st->end.reason);
		e->ply = st->end.ply;
		e->outcome = result_outcome(st->end.result);
	} else if (st->claim.reason != PDN_REASON_NONE) {
		e->reason = pdn_rules_reason_str(st->claim.reason);
		e->ply = st->claim.ply;
	}
	return ply;
}

/*
 * The adjudicator passes over the opening where no king stands, starts
 * kingless records at their last position, and judges a ply with a move
 * after it for draws only; none of that may change what the rules say.
 * Random records (openings from the start, endings from FEN tags, setups
 * in the movetext, 25-move clocks from :H) are adjudicated under fmjd,
 * lidraughts and a profile with short limits, and compared with a
 * tracker fed every ply.
 */
static void
test_random_records(void **state)
{
	static char text[32768];
	pdn_profile *profs[3];
	pdn_adjudicator *a;
	pdn_adjudication *out = result();
	const char *why;
	pdn_rules *t;
	pdn_reader *r;
	const pdn_game *g;
	struct expect e;
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	long plies;
	int p, game, seen[8] = { 0 };
	size_t k;

	(void)state;
	assert_int_equal(pdn_profile_new(&profs[0],
	    pdn_profile_builtin("fmjd")), 0);
	assert_int_equal(pdn_profile_new(&profs[1],
	    pdn_profile_builtin("lidraughts")), 0);
	assert_int_equal(pdn_profile_new(&profs[2], profs[0]), 0);
	assert_int_equal(pdn_profile_set_name(profs[2], "short"), 0);
	assert_int_equal(pdn_profile_set(profs[2], PDN_RULE_THREEFOLD, 2), 0);
	assert_int_equal(pdn_profile_set(profs[2], PDN_RULE_KING_PLIES, 6), 0);
	assert_int_equal(pdn_profile_set(profs[2], PDN_RULE_ENDING16_PLIES, 8),
	    0);
	assert_int_equal(pdn_profile_set(profs[2], PDN_RULE_ENDING5_PLIES, 4),
	    0);
	assert_int_equal(pdn_profile_set(profs[2], PDN_RULE_TRANSITION,
	    PDN_TRANSITION_RESTART), 0);
	for (p = 0; p < 3; p++) {
		assert_int_equal(pdn_rules_new(&t, profs[p]), 0);
		assert_int_equal(pdn_adjudicator_new(&a, profs[p]), 0);
		for (game = 0; game < 1500; game++) {
			plies = random_record(&seed, t, text, sizeof(text), &e);
			assert_int_equal(pdn_reader_new_mem(&r, text,
			    strlen(text), pdntest_reader_options()), 0);
			assert_int_equal(pdn_reader_next(&g, r), 1);
			assert_int_equal(pdntest_adjudicate(out, a, g, NULL), 0);
			why = pdn_adjudication_reason(out);
			if (pdn_adjudication_plies(out) != plies ||
			    pdn_adjudication_lines(out) != 1 ||
			    pdn_adjudication_ply(out) != e.ply ||
			    (e.reason == NULL ? why != NULL : why == NULL ||
			    strcmp(why, e.reason) != 0) ||
			    pdn_adjudication_result(out) != e.outcome)
				fail_msg("%s, game %d: %s at %ld (%ld plies), "
				    "expected %s at %ld:\n%s",
				    pdn_profile_name(profs[p]), game,
				    why != NULL ? why : "nothing",
				    pdn_adjudication_ply(out),
				    pdn_adjudication_plies(out),
				    e.reason ? e.reason : "nothing", e.ply, text);
			k = (size_t)pdn_rules_reason_parse(e.reason);
			seen[k]++;
			pdn_reader_free(r);
		}
		pdn_adjudicator_free(a);
		pdn_rules_free(t);
	}
	for (p = 0; p < 3; p++)
		pdn_profile_free(profs[p]);
	/* Every rule fired somewhere, and some records ran to no end. */
	for (k = 0; k <= PDN_REASON_5_MOVE; k++)
		if (seen[k] == 0)
			fail_msg("no record ended by reason %zu", k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdict_names),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_liberty_loses_to_exact),
		cmocka_unit_test(test_claim_on_last_ply),
		cmocka_unit_test(test_merged_lines),
		cmocka_unit_test(test_time),
		cmocka_unit_test(test_clone),
		cmocka_unit_test(test_strip),
		cmocka_unit_test(test_amend),
		cmocka_unit_test(test_random_records),
	};

	return cmocka_run_group_tests(tests, NULL, free_reader);
}
