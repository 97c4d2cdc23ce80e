/*
 * One game between two engines, judged by the library: the clocks, the
 * moves checked, the draw rules, the adjudication by scores, and the game
 * written as PDN.  Private to pdn-match.
 */
#ifndef MATCH_GAME_H
#define MATCH_GAME_H

#include <pdn/pdn.h>

#include "engine.h"

/* A time control (--tc, --st, --depth). */
enum { TC_CLOCK, TC_MOVETIME, TC_DEPTH };
struct tc {
	int kind;
	double base, inc;	/* TC_CLOCK: seconds */
	int moves;		/* TC_CLOCK: moves per period, 0: the game */
	double movetime;	/* TC_MOVETIME: seconds a move */
	int depth;		/* TC_DEPTH: plies */
	double margin;		/* seconds past the flag that still count */
};

/*
 * Reads --tc's value: "T", "T+I", "N/T+I" (N moves in T, then again),
 * the time T "h:mm:ss", "m:ss" or "Ns" in seconds, the increment I in
 * seconds ("0.5", "0.5s").  A bare number T is seconds, as cutechess-cli
 * reads it.  Returns 0, 1 when T was a bare number, or -1.
 */
int game_tc_parse(struct tc *tc, const char *s);

/* An opening: a start position and the Hub moves played from it. */
struct opening {
	pdn_position start;
	int standard;		/* the start position: no FEN tag */
	char **moves;		/* Hub notation */
	int nmoves;
	long number;		/* in the openings, from 1: MatchOpening */
};

/* What every game of a match shares. */
struct game_cfg {
	struct tc tc;
	const pdn_profile *profile;	/* NULL: fmjd */
	double startup;		/* seconds for each handshake answer */
	double stall;		/* seconds for "done" after the flag */
	double move_timeout;	/* without a clock: seconds a move, 0: none */
	int draw_after;		/* moves of each within draw_score, 0: off */
	double draw_score;
	int resign_after;	/* moves of one at -resign_score or less */
	double resign_score;
	int max_moves;		/* a draw after this many moves, 0: none */
	const char *event, *site;
	const char *fingerprint;	/* MatchFingerprint, or NULL */
	int stopfd;		/* readable: stop at once (Ctrl-C) */
};

/* How a game ended. */
struct game_out {
	pdn_rules_result result;	/* PDN_RESULT_* (NONE: interrupted) */
	char termination[48];		/* the Termination tag */
	pdn_buf pdn;			/* the game as PDN */
	long plies;
	int interrupted;
};

/*
 * Plays game number `round` from opening `op` between e[0] (White's
 * engine, named names[0]) and e[1], starting or restarting each that is
 * not running or failed its last game.  Fills *out (its pdn buffer is
 * emptied first).  Returns 0, or -1 out of memory.
 */
int game_play(struct game_out *out, const struct game_cfg *cfg,
    const struct opening *op, struct engine *e[2], const char *names[2],
    long round);

#endif /* MATCH_GAME_H */
