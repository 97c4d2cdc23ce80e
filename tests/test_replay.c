/*
 * The replay (replay.c): the direct check of quiet moves against the
 * generator, the token forms, the lenient mode, whole games with their
 * diagnostics and plies, variations, ambiguity kept until later moves
 * decide (schildpad.pdn), and the result against the final position.
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
/*
 * A white-box test: it reads the fields of moves and lists, and what the
 * library keeps of a game it read.
 */
#include "gamepriv.h"
#include "move.h"

static void
fen(pdn_position *pos, const char *s)
{
	if (pdn_fen_read(pos, NULL, s, strlen(s), NULL) != 0)
		fail_msg("bad FEN %s", s);
}

static pdn_movetok
token(const char *s)
{
	pdn_movetok t;
	const char *p = s;
	char *end;

	memset(&t, 0, sizeof(t));
	while (*p != '\0') {
		t.sq[t.nsq++] = (uint16_t)strtol(p, &end, 10);
		p = end;
		if (*p == 'x')
			t.capture = 1;
		if (*p != '\0')
			p++;
	}
	return t;
}

/*
 * Every token "a-b" of every square pair: the direct checks (of quiet
 * moves, and of single captures by men) must accept exactly the moves
 * the generator lists.
 */
static void
quiet_agrees(void **state)
{
	static const char *const fens[] = {
		"W:W31-50:B1-20", "B:W31-50:B1-20", "W:WK28", "B:BK23,K1",
		"W:W28,32:B23", "W:W6,K10,15,K46:B5,K45,41,19",
		"B:WK33,K44,K50:B1,K3,12,18,K40", "W:W8", "B:B43,44",
		/* Captures by men: single, several, longer ones. */
		"W:W28,33,39:B22,23,29,34", "B:W27,28,32,38:B17,18,22,23",
		"W:W35:B30,K40", "W:W47:B13,14,22,24,31,34,K41,44",
		"W:W15:B9,10", "B:W37,38,42:B32,33,27", "W:W7,8:B2,3,12",
	};
	pdn_position pos;
	pdn_movelist legal;
	pdn_movelist out;
	pdn_movetok t;
	int f, a, b, n, want, i, idx[4];

	(void)state;

	for (f = 0; f < (int)(sizeof(fens) / sizeof(fens[0])); f++) {
		fen(&pos, fens[f]);
		pdn_generate(&legal, &pos);
		for (a = 1; a <= 50; a++)
			for (b = 1; b <= 50; b++) {
				memset(&t, 0, sizeof(t));
				t.sq[0] = (uint16_t)a;
				t.sq[1] = (uint16_t)b;
				t.nsq = 2;
				want = 0;
				for (i = 0; i < legal.n; i++)
					if (legal.m[i].ncap == 0 &&
					    legal.m[i].from == a &&
					    legal.m[i].to == b)
						want++;
				n = pdn_match(&out, &pos, &t, 0);
				/* A dash may also name a capture a..b. */
				if (want == 0)
					want = pdn_match_list(idx, 4, NULL, pdn_variant_default(), &t, &legal);
				if (n != want)
					fail_msg("%s: %d-%d matched %d, want %d",
					    fens[f], a, b, n, want);
				if (n == 1 && out.m[0].ncap == 0) {
					pdn_position p1 = pos, p2 = pos;

					pdn_make(&p1, &out.m[0]);
					for (i = 0; i < legal.n; i++)
						if (legal.m[i].from == a &&
						    legal.m[i].to == b)
							pdn_make(&p2,
							    &legal.m[i]);
					assert_true(pdn_position_equal(&p1,
					    &p2));
				}
			}
	}
}

/* Short, full, captured-square and partial paths (RULES.md). */
static void
token_forms(void **state)
{
	pdn_position pos;
	pdn_movelist out;
	pdn_movetok t;

	(void)state;

	fen(&pos, "W:WK4:B13,32,37,20");
	t = token("4x15");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 2);
	t = token("4x27x38x15");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 1);
	assert_int_equal(out.m[0].path[0], 27);
	t = token("4x37x15");	/* a captured square */
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 1);
	assert_int_equal(out.m[0].path[0], 31);
	t = token("4-15");	/* a capture written with a dash */
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 2);
	t = token("4x14");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 0);
	fen(&pos, "W:W15:B8,19,20");
	t = token("15x2");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 1);
	assert_int_equal(out.m[0].ncap, 3);
	assert_int_equal(out.m[0].promotes, 1);
	t = token("15x24x13x2");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 1);
	t = token("15x2x24");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 0);
}

/* The lenient mode: a quiet move while a capture is due, a short capture. */
static void
lenient(void **state)
{
	pdn_position pos;
	pdn_movelist out;
	pdn_movetok t;
	int sq[4];

	(void)state;

	fen(&pos, "W:W28,32:B23");
	t = token("32-27");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 0);
	assert_int_equal(pdn_match(&out, &pos, &t, PDN_MATCH_LENIENT), -1);
	assert_int_equal(out.m[0].ncap, 0);
	fen(&pos, "W:WK48:B7,8,31,34,K42,44");
	t = token("48x37");
	assert_int_equal(pdn_match(&out, &pos, &t, 0), 0);
	assert_int_equal(pdn_match(&out, &pos, &t, PDN_MATCH_LENIENT), -1);
	assert_int_equal(out.m[0].ncap, 1);
	assert_int_equal(pdn_move_captured(sq, 4, NULL, &out.m[0]), 1);
	assert_int_equal(sq[0], 42);
	/* Still no move that is not even geometrically possible. */
	t = token("48x36");
	assert_int_equal(pdn_match(&out, &pos, &t, PDN_MATCH_LENIENT), 0);
}

/* A game replayed from text, diagnostics recorded. */
struct run {
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_played *pg;
	const pdn_game *g;
	struct pdntest_diags ds;
	char *data;
};

static void
replay_text(struct run *x, const char *text, unsigned flags)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;

	memset(x, 0, sizeof(*x));
	x->data = strdup(text);
	assert_int_equal(pdn_reader_new_mem(&x->r, x->data, strlen(x->data),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_replay_new(&x->rp), 0);
	assert_int_equal(pdn_reader_next(&x->g, x->r), 1);
	ro.flags = flags;
	ro.diag = pdntest_diag;
	ro.diag_arg = &x->ds;
	assert_int_equal(pdn_replay_game(&x->pg, x->rp, x->g, &ro), 0);
}

static void
run_free(struct run *x)
{
	pdn_replay_free(x->rp);
	pdn_reader_free(x->r);
	free(x->data);
}

static void
final_fen(const pdn_played *pg, int k, const char *want)
{
	char buf[PDN_FEN_STRMAX];

	assert_non_null(pdn_played_final(pg, k));
	pdn_fen_write(buf, sizeof(buf), pdn_played_final(pg, k));
	assert_string_equal(buf, want);
}

static void
legal_game(void **state)
{
	struct run x;
	pdn_ply p;
	char mv[PDN_MOVE_STRMAX], buf[PDN_FEN_STRMAX];

	(void)state;

	replay_text(&x, "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(x.ds.n, 0);
	assert_int_equal(pdn_played_plies(x.pg), 5);
	assert_int_equal(pdn_played_lines(x.pg), 1);
	final_fen(x.pg, 0, "B:W31-36,38-50:B1-13,15-18,20,23");
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 2), 0);
	assert_int_equal(p.ply, 3);
	assert_int_equal(p.number, 2);
	assert_int_equal(p.side, PDN_WHITE);
	assert_int_equal(p.flags, 0);
	pdn_move_str(mv, NULL, p.move, 0);
	assert_string_equal(mv, "28x19");
	assert_int_equal(p.elem->line, 1);
	assert_int_equal(p.elem->col, 19);
	pdn_fen_write(buf, sizeof(buf), p.before);
	assert_string_equal(buf, "W:W28,31,33-50:B1-18,20,23");
	pdn_fen_write(buf, sizeof(buf), p.after);
	assert_string_equal(buf, "B:W19,31,33-50:B1-18,20");
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 3), 0);
	assert_int_equal(p.number, 2);
	assert_int_equal(p.side, PDN_BLACK);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 5), PDN_EINVAL);
	assert_int_equal(pdn_played_ply(&p, x.pg, 1, 0), PDN_EINVAL);
	run_free(&x);
}

/* The plies of the main line, walked in order after the replay. */
static void
ply_walk(void **state)
{
	const char *text = "[FEN \"B:W31-50:B1-20\"]\n"
	    "1... 20-24 2. 31-26 *\n";
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	pdn_reader_options rdo = PDN_READER_OPTIONS_INIT;
	pdn_reader *r, *r2;
	pdn_replay *rp;
	const pdn_played *pg;
	const pdn_game *g;
	pdn_ply p;
	long n;

	rdo.finish = pdn_game_finish;
	(void)state;

	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_replay_new(&rp), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_int_equal(pdn_replay_game(&pg, rp, g, NULL), 0);
	for (n = 0; pdn_played_ply(&p, pg, 0, n) == 0; n++)
		assert_int_equal(p.ply, n + 1);
	assert_int_equal(n, 2);
	/* Options of a layout the library does not know are refused. */
	ro.version = PDN_REPLAY_OPTIONS_VERSION + 1;
	assert_int_equal(pdn_replay_game(&pg, rp, g, &ro), PDN_EINVAL);
	assert_null(pg);
	rdo.version = PDN_READER_OPTIONS_VERSION + 1;
	assert_int_equal(pdn_reader_new_mem(&r2, text, strlen(text), &rdo),
	    PDN_EINVAL);
	assert_null(r2);
	pdn_replay_free(rp);
	pdn_reader_free(r);
	pdn_replay_free(NULL);
}

static void
illegal_main_line(void **state)
{
	struct run x;

	(void)state;

	replay_text(&x, "1. 32-28 19-23 2. 33-29 28-32 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "illegal-move");
	assert_int_equal(x.ds.lines[0], 1);
	assert_int_equal(x.ds.cols[0], 19);
	assert_int_equal(pdn_played_errors(x.pg), 1);
	/* The plies before the illegal move, and where they led. */
	assert_int_equal(pdn_played_plies(x.pg), 2);
	final_fen(x.pg, 0, "W:W28,31,33-50:B1-18,20,23");
	run_free(&x);
}

/* The message says what was written, why it is wrong, what was possible. */
static void
record_msg(const pdn_diag *d, void *arg)
{
	char *buf = arg;

	snprintf(buf, 512, "%s|%ld|%ld|%d|%s|%s", d->move, d->ply, d->number,
	    (int)d->side, d->name, d->message);
}

static void
illegal_message(void **state)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const char *text = "[FEN \"B:W27,28,38,39,42:BK25,10\"]\n"
	    "1... 10-14 *\n";
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_played *pg;
	const pdn_game *g;
	char msg[512] = "";

	(void)state;

	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_replay_new(&rp), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	ro.diag = record_msg;
	ro.diag_arg = msg;
	assert_int_equal(pdn_replay_game(&pg, rp, g, &ro), 0);
	assert_string_equal(msg, "10-14|1|1|1|illegal-move|not legal here; "
	    "a capture of 4 pieces is compulsory: 25x33");
	pdn_replay_free(rp);
	pdn_reader_free(r);
}

/*
 * An illegal move in a variation only: a warning of its own, counted, and
 * the game valid by its main line; an illegal main-line move is still an
 * error whatever its variations.
 */
static void
illegal_variation(void **state)
{
	struct run x;

	(void)state;

	replay_text(&x, "1. 32-28 (1. 32-27 2. 35-30) 19-23 "
	    "(1... 19-24 2. 28-22 (2. 28x19 14x23) 17x28) *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(pdn_played_main_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(pdn_played_invalid_variations(x.pg), 2);
	assert_int_equal(pdn_played_errors(x.pg), 0);
	assert_int_equal(pdn_played_warnings(x.pg), 2);
	assert_int_equal(x.ds.n, 2);
	assert_string_equal(x.ds.names[0], "variation-illegal");
	assert_int_equal(x.ds.cols[0], 23);	/* 35-30: Black to move */
	assert_string_equal(x.ds.names[1], "variation-illegal");
	assert_int_equal(x.ds.cols[1], 61);	/* 28x19: nothing on 23 */
	assert_int_equal(pdn_played_plies(x.pg), 2);
	run_free(&x);

	/*
	 * An engine's line that starts with the move just played, then a
	 * garbled one (a square off the board): each variation once.
	 */
	replay_text(&x, "1. 32-28 (1. 33-28 19-23 45-40 ) 18-23 "
	    "(18-23 99-98) *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(pdn_played_invalid_variations(x.pg), 2);
	assert_int_equal(x.ds.n, 2);
	assert_string_equal(x.ds.names[0], "variation-illegal");
	assert_string_equal(x.ds.names[1], "variation-illegal");
	assert_int_equal(pdn_played_plies(x.pg), 2);
	run_free(&x);

	/* Without the variations, nothing to count. */
	replay_text(&x, "1. 32-28 (1. 32-27 2. 35-30) 19-23 *\n",
	    PDN_REPLAY_NO_VARIATIONS);
	assert_int_equal(pdn_played_invalid_variations(x.pg), 0);
	assert_int_equal(x.ds.n, 0);
	run_free(&x);

	/* The main line illegal: an error, the game invalid. */
	replay_text(&x, "1. 32-28 (1. 32-27 2. 35-30) 19-23 2. 33-29 *\n",
	    0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_int_equal(pdn_played_invalid_variations(x.pg), 1);
	assert_int_equal(x.ds.n, 2);
	assert_string_equal(x.ds.names[0], "illegal-move");
	assert_string_equal(x.ds.names[1], "variation-illegal");
	run_free(&x);

	/* The same variations, legal. */
	replay_text(&x, "1. 32-28 (1. 32-27 17-21) 19-23 "
	    "(1... 19-24 2. 28-22 (2. 33-29 24x22) 17x28) *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(x.ds.n, 0);
	run_free(&x);
}

/* Two lines survive to the end: a warning and both final positions. */
static void
ambiguous_to_the_end(void **state)
{
	struct run x;

	(void)state;

	replay_text(&x, "[FEN \"W:WK4:B13,32,37,20\"]\n1. 4x15 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "ambiguous-game");
	assert_int_equal(pdn_played_lines(x.pg), 2);
	final_fen(x.pg, 0, "B:WK15:B37");
	final_fen(x.pg, 1, "B:WK15:B32");
	assert_null(pdn_played_final(x.pg, 2));
	run_free(&x);

	/* The next move decides: only one line can play 37-41... */
	replay_text(&x, "[FEN \"W:WK4:B13,32,37,20\"]\n1. 4x15 37-41 *\n",
	    0);
	assert_int_equal(x.ds.n, 0);
	assert_int_equal(pdn_played_lines(x.pg), 1);
	final_fen(x.pg, 0, "W:WK15:B41");
	run_free(&x);
}

/*
 * The played game as its consumers read it: the setups with their clocks
 * (the FEN tag's :H, a /FEN/ setup in the movetext), the readings of each
 * move element (two for an ambiguous capture, lines that die included),
 * the line a variation element holds, the positions of a line in
 * batches, and the liberties the surviving line took.
 */
static void
played_game(void **state)
{
	const pdn_position *pos[4];
	const pdn_setup *st;
	const pdn_line *main_line;
	pdn_ply r[4], p;
	struct run x;
	char buf[PDN_FEN_STRMAX];
	long v;

	(void)state;

	replay_text(&x, "[FEN \"W:WK4:B13,32,37,20:H7\"]\n"
	    "1. 4x15 (1. 4x27x38x15 {x}) 37-41 /FEN \"W:WK50:BK1\"/ 2. 50x45 "
	    "*\n",
	    0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(pdn_played_lines(x.pg), 1);
	assert_int_equal(pdn_played_plies(x.pg), 3);
	/* Setup 0 is the FEN tag, with its clock; setup 1 the /FEN/. */
	assert_int_equal(pdn_played_setups(x.pg), 2);
	st = pdn_played_setup(x.pg, 0);
	assert_non_null(st);
	assert_non_null(st->tag);
	assert_null(st->elem);
	assert_int_equal(st->ply, 0);
	assert_int_equal(st->halfmove_clock, 7);
	st = pdn_played_setup(x.pg, 1);
	assert_non_null(st);
	assert_null(st->tag);
	assert_int_equal(st->ply, 2);
	assert_int_equal(st->halfmove_clock, -1);
	pdn_fen_write(buf, sizeof(buf), &st->pos);
	assert_string_equal(buf, "W:WK50:BK1");
	assert_null(pdn_played_setup(x.pg, 2));
	main_line = &x.g->moves;
	assert_ptr_equal(pdn_played_setup_at(x.pg, 0, 3), st);
	assert_null(pdn_played_setup_at(x.pg, 0, 0));
	/* 1. 4x15 reads two ways; 37-41 only in one of them. */
	assert_int_equal(pdn_played_readings(r, 4, x.pg, 0, 0), 2);
	assert_ptr_equal(r[0].elem, &main_line->e[0]);
	assert_int_equal(r[0].ply, 1);
	assert_true(r[0].flags & PDN_PLY_AMBIGUOUS);
	assert_int_equal(r[0].move->ncap, 3);
	assert_int_equal(pdn_played_readings(r, 4, x.pg, 0, 2), 1);
	assert_int_equal(pdn_played_readings(r, 4, x.pg, 0, 1), 0);
	/* The variation is line 1; its full path reads one way. */
	v = pdn_played_variation(x.pg, 0, 1);
	assert_int_equal(v, 1);
	assert_int_equal(pdn_played_variation(x.pg, 0, 0), -1);
	assert_int_equal(pdn_played_readings(r, 4, x.pg, v, 0), 1);
	assert_int_equal(r[0].move->ncap, 3);
	assert_int_equal(r[0].move->path[0], 27);
	assert_int_equal(pdn_played_readings(r, 4, x.pg, v, 1), 0);
	/* The plies after the setup come from it, and count from it. */
	assert_int_equal(st->number, 2);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 2), 0);
	assert_true(p.flags & PDN_PLY_SETUP);
	assert_ptr_equal(p.setup, st);
	assert_int_equal(p.number, 2);
	assert_int_equal(p.side, PDN_WHITE);
	/* Positions in batches, as pdn_played_ply() gives them. */
	assert_int_equal(pdn_played_positions(pos, 4, x.pg, 0, 0), 3);
	assert_int_equal(pdn_played_positions(pos + 3, 1, x.pg, 0, 3), 0);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 1), 0);
	assert_ptr_equal(pos[1], p.after);
	assert_int_equal(pdn_played_positions(pos, 2, x.pg, 0, 1), 2);
	assert_ptr_equal(pos[0], p.after);
	/* 50x45 is a quiet move written with 'x'. */
	assert_int_equal(pdn_played_liberties(x.pg), PDN_PLY_LIBERTY);
	assert_true(p.flags == 0);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 2), 0);
	assert_true(p.flags & PDN_PLY_LIBERTY);
	run_free(&x);

	/*
	 * A setup that gives the move back to White: 28x19 is White's second
	 * move and 1-7 Black's (a review found them counted by parity).
	 */
	replay_text(&x, "1. 32-28 /FEN \"W:W28,K50:BK1,23\"/ 2. 28x19 1-7 "
	    "3. 50-44 *\n", 0);
	assert_int_equal(pdn_played_plies(x.pg), 4);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 1), 0);
	assert_int_equal(p.number, 2);
	assert_int_equal(p.side, PDN_WHITE);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 2), 0);
	assert_int_equal(p.number, 2);
	assert_int_equal(p.side, PDN_BLACK);
	assert_int_equal(pdn_played_ply(&p, x.pg, 0, 3), 0);
	assert_int_equal(p.number, 3);
	assert_int_equal(p.side, PDN_WHITE);
	run_free(&x);

	/* A game of another variant is not played: nothing to read. */
	replay_text(&x, "[GameType \"30\"]\n1. 11-15 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_UNSUPPORTED);
	assert_null(pdn_played_variant(x.pg));
	assert_int_equal(pdn_played_setups(x.pg), 0);
	assert_null(pdn_played_start(x.pg));
	assert_int_equal(pdn_played_lines(x.pg), 0);
	assert_int_equal(pdn_played_readings(r, 4, x.pg, 0, 0), 0);
	run_free(&x);
}

/*
 * schildpad.pdn: two short captures fit two legal moves each.  In game 3
 * the wrong one (36x18x7x16) stays playable for 20 more plies, so only
 * full backtracking reads the game; in game 7 one ply decides.
 */
static void
schildpad(void **state)
{
	const char *path =
	    "testdata/corpus/wiegerw-pdn/games/succeed/schildpad.pdn";
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_played *pg;
	const pdn_game *g;
	pdn_movelist out, o2;
	pdn_position q;
	pdn_ply p, pj;
	char *data, mv[PDN_MOVE_STRMAX];
	size_t len;
	long i, j, games = 0, amb = 0;
	int n, k;

	(void)state;

	assert_non_null(data = pdntest_slurp(path, &len));
	assert_int_equal(pdn_reader_new_mem(&r, data, len,
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_replay_new(&rp), 0);
	while (pdn_reader_next(&g, r) == 1) {
		games++;
		assert_int_equal(pdn_replay_game(&pg, rp, g, NULL), 0);
		assert_int_equal(pdn_played_status(pg), PDN_REPLAY_VALID);
		assert_int_equal(pdn_played_lines(pg), 1);
		for (i = 0; i < pdn_played_plies(pg); i++) {
			pdn_played_ply(&p, pg, 0, i);
			if (!(p.flags & PDN_PLY_AMBIGUOUS))
				continue;
			amb++;
			pdn_move_str(mv, NULL, p.move, 1);
			n = pdn_match(&out, p.before, &p.elem->u.move.tok, 0);
			assert_int_equal(n, 2);
			/* How long the other candidate stays playable. */
			k = out.m[0].path[0] == p.move->path[0] ? 1 : 0;
			q = *p.before;
			pdn_make(&q, &out.m[k]);
			for (j = i + 1; j < pdn_played_plies(pg); j++) {
				pdn_played_ply(&pj, pg, 0, j);
				if (pdn_match(&o2, &q, &pj.elem->u.move.tok, 0) < 1)
					break;
				pdn_make(&q, &o2.m[0]);
			}
			if (g->index == 3) {
				assert_int_equal(p.ply, 69);
				assert_string_equal(mv, "36x13x2x16");
				assert_int_equal(j + 1, 90);
			} else {
				assert_int_equal(g->index, 7);
				assert_int_equal(p.ply, 111);
				assert_string_equal(mv, "4x31x42x24");
				assert_int_equal(j + 1, 112);
			}
		}
	}
	assert_int_equal(games, 34);
	assert_int_equal(amb, 2);
	pdn_replay_free(rp);
	pdn_reader_free(r);
	free(data);
}

static void
result_position(void **state)
{
	struct run x;

	(void)state;

	replay_text(&x, "[GameType \"20\"]\n[FEN \"B:W23:B18\"]\n"
	    "[Result \"2-0\"]\n1... 18x29 2-0\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "result-position");
	assert_int_equal(x.ds.lines[0], 3);
	run_free(&x);
	replay_text(&x, "[GameType \"20\"]\n[FEN \"B:W23:B18\"]\n"
	    "[Result \"0-2\"]\n1... 18x29 0-2\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	run_free(&x);
	/* Blocked, not captured: no legal move loses as well. */
	replay_text(&x, "[GameType \"20\"]\n[FEN \"W:W46:B41,37\"]\n"
	    "[Result \"1-1\"]\n1-1\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_string_equal(x.ds.names[0], "result-position");
	run_free(&x);
	replay_text(&x, "[GameType \"20\"]\n[FEN \"W:W46:B41,37\"]\n"
	    "[Result \"0-2\"]\n0-2\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	run_free(&x);
}

static void
unsupported_and_setup(void **state)
{
	struct run x;

	(void)state;

	/*
	 * A game not played gets one diagnostic, a warning naming the
	 * GameType (or saying there is none), and no more.
	 */
	replay_text(&x, "[GameType \"30\"]\n1. 11-15 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_UNSUPPORTED);
	assert_int_equal(pdn_played_main_status(x.pg),
	    PDN_REPLAY_UNSUPPORTED);
	assert_null(pdn_played_variant(x.pg));
	assert_int_equal(pdn_played_lines(x.pg), 0);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "unsupported-gametype");
	assert_int_equal(x.ds.warnings, 1);
	assert_int_equal(x.ds.lines[0], 1);
	run_free(&x);
	/* Untagged, and moves that no variant's rules replay. */
	replay_text(&x, "[Event \"8x8\"]\n1. 11-15 11-16 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_UNSUPPORTED);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "gametype-unknown");
	assert_int_equal(x.ds.warnings, 1);
	run_free(&x);
	replay_text(&x, "[GameType \"abc\"]\n1. 11-15 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_UNSUPPORTED);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "unsupported-gametype");
	run_free(&x);
	/* Untagged, untyped and broken: invalid, its errors the reader's. */
	replay_text(&x, "[Event \"x\n1. 11-15 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_int_equal(pdn_played_main_status(x.pg), PDN_REPLAY_INVALID);
	assert_int_equal(x.ds.n, 0);
	run_free(&x);
	replay_text(&x, "[GameType \"20\"]\n[FEN \"W:W1-21:B50\"]\n*\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_true(pdntest_has(&x.ds, "setup-position"));
	run_free(&x);
	/*
	 * No pieces at all (PDN 3.0's bridges.pdn): odd, not broken, and
	 * whatever the result, no side has lost.  White to move with none,
	 * Black holding some, has.
	 */
	replay_text(&x, "[GameType \"20\"]\n[Result \"1/2-1/2\"]\n"
	    "[FEN \"W::\"]\n1/2-1/2\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "setup-empty");
	assert_int_equal(x.ds.warnings, 1);
	run_free(&x);
	replay_text(&x, "[GameType \"20\"]\n[Result \"1/2-1/2\"]\n"
	    "[FEN \"W::B1\"]\n1/2-1/2\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_true(pdntest_has(&x.ds, "result-position"));
	run_free(&x);
}

/*
 * Reader and replay together: a game of a variant not played, tagged,
 * untagged, forced by the reader's gametype option or with a malformed
 * GameType, gets exactly one diagnostic of the two of them.
 */
static void
unsupported_said_once(void **state)
{
	static const struct {
		const char *text;
		int gametype;
		const char *code;
	} cases[] = {
		{ "[GameType \"30\"]\n1. 11-15 *\n", 0, "unsupported-gametype" },
		{ "[GameType \"30,Q\"]\n1. 11-15 *\n", 0,
		    "unsupported-gametype" },
		{ "[GameType \"\"]\n1. 11-15 *\n", 0, "unsupported-gametype" },
		{ "[Event \"8x8\"]\n1. 11-15 11-16 *\n", 0,
		    "gametype-unknown" },
		{ "[Event \"8x8\"]\n1. 11-15 *\n", 30, "unsupported-gametype" },
	};
	pdn_reader_options rop = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct pdntest_diags ds;
	const pdn_played *pg;
	const pdn_game *g;
	pdn_replay *rp;
	pdn_reader *r;
	size_t i;

	rop.finish = pdn_game_finish;
	(void)state;

	assert_int_equal(pdn_replay_new(&rp), 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&ds, 0, sizeof(ds));
		rop.diag = ro.diag = pdntest_diag;
		rop.diag_arg = ro.diag_arg = &ds;
		rop.gametype = cases[i].gametype;
		assert_int_equal(pdn_reader_new_mem(&r, cases[i].text,
		    strlen(cases[i].text), &rop), 0);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_int_equal(pdn_replay_game(&pg, rp, g, &ro), 0);
		assert_int_equal(pdn_played_status(pg), PDN_REPLAY_UNSUPPORTED);
		if (ds.n != 1)
			fail_msg("case %zu: %d diagnostics", i, ds.n);
		assert_string_equal(ds.names[0], cases[i].code);
		assert_int_equal(ds.warnings, 1);
		pdn_reader_free(r);
	}
	pdn_replay_free(rp);
	assert_string_equal(pdn_gametype_name(21), "English draughts");
	assert_string_equal(pdn_gametype_name(20), "international draughts");
	assert_string_equal(pdn_gametype_name(97), "a lidraughts variant");
	assert_null(pdn_gametype_name(55));
}

static void
lenient_game(void **state)
{
	struct run x;

	(void)state;

	replay_text(&x, "1. 32-28 19-23 2. 33-29 23x32 3. 37x28 *\n", 0);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_INVALID);
	assert_int_equal(pdn_played_plies(x.pg), 2);
	run_free(&x);
	replay_text(&x, "1. 32-28 19-23 2. 33-29 23x32 3. 37x28 *\n",
	    PDN_MATCH_LENIENT);
	assert_int_equal(pdn_played_status(x.pg), PDN_REPLAY_VALID);
	assert_int_equal(x.ds.n, 1);
	assert_string_equal(x.ds.names[0], "irregular-move");
	assert_int_equal(pdn_played_plies(x.pg), 5);
	run_free(&x);
}

/* xorshift64*: the same games on every run. */
#define rnd pdntest_rnd

/*
 * A random one-square step "a-b" to an empty square, forward for a man
 * and any way for a king, of a piece of the side to move (squares by
 * row and column).  Returns 0 when there is none.
 */
static int
step_token(const pdn_position *pos, uint64_t *seed, int *from, int *to)
{
	int cand[2 * 200], n = 0, sq, row, col, dr, dc, r2, c2, t;
	pdn_piece p;

	for (sq = 1; sq <= 50; sq++) {
		p = pdn_position_get(pos, sq);
		if (p == PDN_EMPTY || ((p == PDN_WHITE_MAN ||
		    p == PDN_WHITE_KING) != (pdn_position_side(pos) == PDN_WHITE)))
			continue;
		row = (sq - 1) / 5;
		col = 2 * ((sq - 1) % 5) + (row % 2 == 0);
		for (dr = -1; dr <= 1; dr += 2)
			for (dc = -1; dc <= 1; dc += 2) {
				if (p == PDN_WHITE_MAN && dr > 0)
					continue;
				if (p == PDN_BLACK_MAN && dr < 0)
					continue;
				r2 = row + dr;
				c2 = col + dc;
				if (r2 < 0 || r2 > 9 || c2 < 0 || c2 > 9)
					continue;
				t = r2 * 5 + c2 / 2 + 1;
				if (pdn_position_get(pos, t) != PDN_EMPTY)
					continue;
				cand[n++] = sq;
				cand[n++] = t;
			}
	}
	if (n == 0)
		return 0;
	t = (int)(rnd(seed) % (uint64_t)(n / 2));
	*from = cand[2 * t];
	*to = cand[2 * t + 1];
	return 1;
}

/*
 * Plays a random game of up to `max` plies from the start, keeping the
 * positions after each ply in pos[1..] (pos[0] the start) and writing its
 * movetext into text: every move in the form `form` picks (0 the short
 * form, 1 the shortest unambiguous one), except ply `bad` (if >= 0), which
 * becomes a quiet move "a-b" that no legal move makes, and ends the text
 * (*wrote set).  Returns the plies before the end or the bad move.
 */
static int
random_game(uint64_t *seed, int max, int form, int bad, pdn_position *pos,
    char *text, size_t size, int *wrote)
{
	pdn_movelist list;
	char mv[PDN_MOVE_STRMAX];
	size_t n;
	int ply, i, a, b;

	*wrote = 0;
	pdn_variant_start(pdn_variant_default(), &pos[0]);
	n = (size_t)snprintf(text, size, "[GameType \"20\"]\n\n");
	for (ply = 0; ply < max; ply++) {
		if (pdn_generate(&list, &pos[ply]) < 0 || list.n == 0)
			break;
		if (ply % 2 == 0)
			n += (size_t)snprintf(text + n, size - n, "%d. ",
			    ply / 2 + 1);
		if (ply == bad) {
			/* A plain step while a capture is compulsory. */
			if (list.m[0].ncap > 0 && (i = step_token(&pos[ply],
			    seed, &a, &b)) != 0) {
				snprintf(text + n, size - n, "%d-%d *\n", a, b);
				*wrote = 1;
				return ply;
			}
			do {
				a = (int)(rnd(seed) % 50) + 1;
				b = (int)(rnd(seed) % 50) + 1;
				for (i = 0; i < list.n; i++)
					if (list.m[i].from == a &&
					    list.m[i].to == b)
						break;
			} while (i < list.n);
			snprintf(text + n, size - n, "%d-%d *\n", a, b);
			*wrote = 1;
			return ply;
		}
		i = (int)(rnd(seed) % (uint64_t)list.n);
		if (form)
			pdn_move_str_unique(mv, NULL, &list.m[i], &list);
		else
			pdn_move_str(mv, NULL, &list.m[i], 0);
		n += (size_t)snprintf(text + n, size - n, "%s ", mv);
		pos[ply + 1] = pos[ply];
		pdn_make(&pos[ply + 1], &list.m[i]);
	}
	snprintf(text + n, size - n, "*\n");
	return ply;
}

/*
 * Random games against the generator, through every path of the replay:
 * the fast paths for plain moves and single captures by men, and the
 * general one (kings, longer captures, several candidate positions).
 * Written in the unambiguous form, every ply must give the position the
 * generator played; in the short form, ambiguous captures leave several
 * lines, one of which ends on the game's position; a move no piece can
 * make stops the line at that ply.
 */
static void
random_games(void **state)
{
	static pdn_position pos[402];
	static char text[16384];
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	pdn_replay *rp;
	const pdn_played *pg;
	pdn_reader *r;
	const pdn_game *g;
	int game, plies, form, k, found, bad, wrote, kings = 0;
	pdn_ply pl;
	long i;

	(void)state;
	assert_int_equal(pdn_replay_new(&rp), 0);
	for (game = 0; game < 3000; game++) {
		form = game % 3 != 0;
		bad = game % 5 == 4 ? (int)(rnd(&seed) % 150) : -1;
		plies = random_game(&seed, 400, form, bad, pos, text,
		    sizeof(text), &wrote);
		assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
		    pdntest_reader_options()), 0);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_int_equal(pdn_replay_game(&pg, rp, g, NULL), 0);
		if (wrote) {
			if (pdn_played_status(pg) != PDN_REPLAY_INVALID ||
			    pdn_played_plies(pg) != bad)
				fail_msg("game %d: move %d not refused:\n%s",
				    game, bad, text);
			pdn_reader_free(r);
			continue;
		}
		if (pdn_played_status(pg) != PDN_REPLAY_VALID ||
		    pdn_played_plies(pg) != plies)
			fail_msg("game %d: not replayed:\n%s", game, text);
		for (k = found = 0; k < pdn_played_lines(pg); k++)
			if (pdn_position_equal(pdn_played_final(pg, k),
			    &pos[plies]))
				found = 1;
		if (!found)
			fail_msg("game %d: no line ends right:\n%s", game,
			    text);
		if (form) {
			assert_int_equal(pdn_played_lines(pg), 1);
			for (i = 0; i < plies; i++)
				if (pdn_played_ply(&pl, pg, 0, i) != 0 ||
				    !pdn_position_equal(pl.after, &pos[i + 1]))
					fail_msg("game %d: ply %ld differs:\n%s",
					    game, i + 1, text);
		}
		if (pdn_position_kings(&pos[plies], PDN_WHITE) +
		    pdn_position_kings(&pos[plies], PDN_BLACK) != 0)
			kings++;
		pdn_reader_free(r);
	}
	/* The games reach the paths for kings. */
	assert_true(kings > 1000);
	pdn_replay_free(rp);
}

/*
 * The FEN tag is read once, by the reader's finish hook; a copy whose FEN
 * tag says another position is played from that one.
 */
/*
 * A program's own game (priv NULL) is finished by the replay from the
 * game alone, as a game the reader read without the finish hook is from
 * what the reader saw of its moves: untagged games of each board, whose
 * FEN tag or /FEN/ setups leave the side to move to the move after them,
 * give the same variant and the same diagnostics, word for word.  A copy
 * by pdn_game_clone() keeps whether the hook ran and the FEN tag's reading.
 */
static void
own_game(void **state)
{
	static const char *const texts[] = {
		"1. 32-28 19-23 /FEN \"?:W28,33,38:B19,23,24\"/ 2. 28x19 "
		"24x13 *\n",
		"1. 32-28 /FEN \"?:W28:B19\"/ /FEN \"?:W33:B18,19\"/ "
		"2. 19-23 *\n",
		"[FEN \"?:W28,33:B19,23\"]\n1. 28x19 *\n",
		"1. 11-15 23-19 2. 8-11 22-17 *\n",
		"1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n",
		"1. 43-37 *\n",
		"/FEN \"?:W12:B5\"/ 1. 12-8 *\n",
	};
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay *rp, *rq;
	pdn_reader *r;
	const pdn_game *g;
	const pdn_played *p, *q;
	pdn_game own, *c;
	pdn_diag a, b;
	size_t i, k;
	int hook;

	(void)state;
	assert_int_equal(pdn_replay_new(&rp), 0);
	assert_int_equal(pdn_replay_new(&rq), 0);
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		assert_int_equal(pdn_reader_new_mem(&r, texts[i],
		    strlen(texts[i]), &opt), 0);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_false(g->priv->finished);
		assert_int_equal(pdn_replay_game(&p, rp, g, NULL), 0);
		memset(&own, 0, sizeof(own));
		own.tags = g->tags;
		own.ntags = g->ntags;
		own.moves = g->moves;
		own.line = g->line;
		own.gametype_inferred = 1;
		assert_int_equal(pdn_replay_game(&q, rq, &own, NULL), 0);
		assert_ptr_equal(pdn_played_variant(p), pdn_played_variant(q));
		assert_int_equal(pdn_played_diags(p), pdn_played_diags(q));
		assert_true(pdn_played_diags(p) > 0);
		for (k = 0; k < pdn_played_diags(p); k++) {
			assert_int_equal(pdn_played_diag(&a, p, k), 0);
			assert_int_equal(pdn_played_diag(&b, q, k), 0);
			assert_string_equal(a.name, b.name);
			assert_string_equal(a.message, b.message);
			assert_int_equal(a.line, b.line);
			assert_int_equal(a.col, b.col);
		}
		pdn_reader_free(r);
	}
	/* A deep copy keeps what the hook did. */
	for (hook = 0; hook < 2; hook++) {
		opt.finish = hook ? pdn_game_finish : NULL;
		assert_int_equal(pdn_reader_new_mem(&r, texts[2],
		    strlen(texts[2]), &opt), 0);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_int_equal(pdn_game_clone(&c, g), 0);
		assert_non_null(c->priv);
		assert_true(c->priv != g->priv);
		assert_int_equal(c->priv->finished, hook);
		assert_int_equal(c->gametype, g->gametype);
		if (hook) {
			assert_ptr_equal(c->priv->fen_value,
			    pdn_game_tag(c, "FEN"));
			assert_ptr_equal(c->priv->fen_variant,
			    g->priv->fen_variant);
		} else
			assert_null(c->priv->fen_value);
		pdn_reader_free(r);
		assert_int_equal(pdn_replay_game(&q, rq, c, NULL), 0);
		assert_int_equal(pdn_variant_gametype(pdn_played_variant(q)), 20);
		pdn_game_free(c);
	}
	pdn_replay_free(rp);
	pdn_replay_free(rq);
}

static void
fen_read_once(void **state)
{
	static const char text[] = "[Event \"x\"]\n[FEN \"W:W31-50:B1-20\"]\n"
	    "1. 32-28 *\n";
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_game *g;
	const pdn_played *pg;
	pdn_tag tags[8];
	pdn_game c;
	char fen[PDN_FEN_STRMAX];
	size_t i;

	(void)state;
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_replay_new(&rp), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_non_null(g->priv);
	assert_true(g->priv->finished);
	assert_non_null(g->priv->fen_variant);
	assert_int_equal(pdn_replay_game(&pg, rp, g, NULL), 0);
	pdn_fen_write(fen, sizeof(fen), pdn_played_final(pg, 0));
	assert_string_equal(fen, "B:W28,31,33-50:B1-20");
	assert_true(g->ntags < 7);
	pdn_game_amend(&c, tags, g, "*", NULL);
	for (i = 0; i < c.ntags; i++)
		if (strcmp(tags[i].name, "FEN") == 0) {
			tags[i].value = "W:W32:B1";
			tags[i].vlen = 8;
		}
	assert_int_equal(pdn_replay_game(&pg, rp, &c, NULL), 0);
	pdn_fen_write(fen, sizeof(fen), pdn_played_final(pg, 0));
	assert_string_equal(fen, "B:W28:B1");
	pdn_replay_free(rp);
	pdn_reader_free(r);
}

/* The played game keeps the diagnostics its callback got, in order. */
static void
kept_diagnostics(void **state)
{
	struct run x;
	pdn_diag d;
	size_t i;

	(void)state;
	replay_text(&x, "1. 32-28 19-23 2. 28x19 (2. 33-29 {v} 45-40) 14x23 "
	    "3. 31-26 33-28 4. 37-32 *\n", 0);
	assert_true(x.ds.n >= 2);
	assert_int_equal(pdn_played_diags(x.pg), (size_t)x.ds.n);
	for (i = 0; i < pdn_played_diags(x.pg); i++) {
		assert_int_equal(pdn_played_diag(&d, x.pg, i), 0);
		assert_string_equal(d.name, x.ds.names[i]);
		assert_int_equal(d.line, x.ds.lines[i]);
		assert_int_equal(d.col, x.ds.cols[i]);
		assert_int_equal(d.game, 1);
		assert_non_null(d.message);
		assert_true(strncmp(d.message, pdn_diag_text(d.code),
		    strlen(pdn_diag_text(d.code))) == 0);
	}
	assert_int_equal(pdn_played_diag(&d, x.pg, i), PDN_EINVAL);
	run_free(&x);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quiet_agrees),
		cmocka_unit_test(token_forms),
		cmocka_unit_test(lenient),
		cmocka_unit_test(legal_game),
		cmocka_unit_test(ply_walk),
		cmocka_unit_test(illegal_main_line),
		cmocka_unit_test(illegal_message),
		cmocka_unit_test(illegal_variation),
		cmocka_unit_test(ambiguous_to_the_end),
		cmocka_unit_test(played_game),
		cmocka_unit_test(schildpad),
		cmocka_unit_test(result_position),
		cmocka_unit_test(unsupported_and_setup),
		cmocka_unit_test(unsupported_said_once),
		cmocka_unit_test(lenient_game),
		cmocka_unit_test(own_game),
		cmocka_unit_test(fen_read_once),
		cmocka_unit_test(kept_diagnostics),
		cmocka_unit_test(random_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
