/*
 * The replay's own parts (private to libpdn): the played game and the
 * replay handle that makes it, shared by the files of the play layer,
 * each with one job:
 *
 *   replay.c   the lines of candidate positions: playing the moves of the
 *              main line and the variations, the surviving lines, the
 *              checks of the game's end; pdn_replay_game()
 *   setup.c    where a line starts: the FEN tag or the start position,
 *              the /FEN/ setups, their move numbers and checks
 *   explain.c  why a move is not legal, and what was possible instead
 *   report.c   the diagnostics of the replay, with the move's number,
 *              kept in the played game
 *   played.c   the accessors of the played game
 *   gametype.c the GameType of a record and the checks of its FENs: the
 *              reader's finish hook, or the replay's own step
 */
#ifndef PDN_PLAY_H
#define PDN_PLAY_H

#include <stdlib.h>

#include "pdn/replay.h"
#include "match.h"
#include "variant.h"

/* A node of a line: a position and the move that led to it. */
struct node {
	pdn_position pos;
	pdn_move move;
	const pdn_elem *elem;	/* the token matched, NULL for a root */
	int parent;		/* index of the node before, -1 for a root */
	unsigned flags;		/* PDN_PLY_* and NODE_* */
	unsigned mark;		/* stamp of the line that found it alive */
	int setup;		/* the last setup on its line (its own for one) */
	/*
	 * A setup node has no move; its move.ncap is the number of candidate
	 * positions it replaced, the layer of nodes parent.. parent + ncap - 1.
	 */
	int ply;
	/*
	 * A hash of the kinds of ply its line made (node_tag()), folded in
	 * only where a layer holds more than one node: two lines that are
	 * apart have been apart since a layer that did.
	 */
	uint32_t key;
};

/*
 * A node made by a /FEN/ setup: a position, no move.  Nodes without a move
 * (elem NULL: the root, setups, the copies a variation starts from) are
 * not plies.
 */
#define NODE_SETUP	(1u << 8)
/* A main-line node on a surviving line (PDN_PLY_ALIVE; see mark_lines()). */
#define NODE_ALIVE	PDN_PLY_ALIVE
/*
 * How many liberties (PDN_PLY_LIBERTY) the line took up to a node, in its
 * flags' top bits: of the lines that reach the end of the main line, those
 * that took the fewest stand (RULES.md 5.6).
 */
#define NODE_NLIB_SHIFT	16
#define NODE_NLIB	(0xffffu << NODE_NLIB_SHIFT)
#define NLIB_OF(nd)	((nd)->flags >> NODE_NLIB_SHIFT)

struct layer {
	size_t b, e;		/* nodes [b, e) */
};

/* A line of play replayed: its elements' slots start at `base`. */
struct lrec {
	const pdn_line *l;
	size_t base;
};

/*
 * What became of one element of a line: for a move, its readings are
 * nodes [a, a + n); for a variation, a is the number of its line (n 1);
 * for a setup, a is its index in setups[] (n 1).  All zero: not played.
 */
struct slot {
	uint32_t a, n;
};

/* The played game: everything a replay found, read by every consumer. */
struct pdn_played {
	struct node *nodes;
	size_t nn, capn;
	int *path;		/* the plies (node indices) of each line */
	size_t cappath;
	long npath;
	/*
	 * With `direct` set, line 0's ply i is node i + 1 and path[] is not
	 * filled: one candidate all along and no setup (see finish()).
	 */
	int direct;
	long mainplies;		/* moves played on the main line */
	int finals[PDN_REPLAY_MAX_LINES];
	int nfinal;
	long plies;
	pdn_replay_status status;
	pdn_replay_status main_status;	/* the main line's, variations aside */
	int errors, warnings;
	int main_errors;	/* errors outside the variations */
	int bad_variations;	/* variations that do not replay */
	const pdn_game *g;
	int gametype;		/* g's, or decided by the replay (play_finish()) */
	const pdn_variant *variant;
	pdn_setup *setups;	/* the main line's first, in order */
	size_t nsetup, capsetup, nmainsetup;
	struct lrec *lrecs;	/* the lines played, main line first */
	size_t nlrec, caplrec;
	struct slot *slots;
	size_t nslot, capslot;
	unsigned flags;		/* PDN_PLY_* of the plies made on line 0 */
	unsigned liberties;	/* PDN_PLY_LIBERTY, _IRREGULAR of survivors */
	/*
	 * The replay's diagnostics, in the order it found them; their
	 * messages and moves are in text[], NUL-ended, at msg and move
	 * (move SIZE_MAX: none).
	 */
	struct kept {
		pdn_diag_code code;
		long line, col, ply, number;
		pdn_colour side;
		int depth, second;
		size_t msg, move;
	} *diags;
	size_t ndiag, capdiag;
	char *text;
	size_t ntext, captext;
};

/* A replay handle: the played game and the scratch that made it. */
struct pdn_replay {
	struct pdn_played pg;
	struct layer *layers;	/* a stack: each line pushes its own */
	size_t nl, capl;
	int oom;
	int *stack;		/* for mark_lines() */
	size_t capstack;
	int depth;		/* the nesting of the line being played */
	int anchor;		/* the last setup of the line being played */
	unsigned stamp;
	int single;		/* the main line never had two candidates */
	pdn_replay_options opt;
	pdn_movelist list;	/* scratch for generation */
	pdn_move cand[PDN_REPLAY_MAX_LINES];
};


static inline int
play_grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t nc;
	void *np;

	if (need <= *cap)
		return 0;
	nc = *cap ? *cap * 2 : 256;
	while (nc < need)
		nc *= 2;
	if ((np = realloc(*p, nc * size)) == NULL)
		return PDN_ENOMEM;
	*p = np;
	*cap = nc;
	return 0;
}


/*
 * The move number and side of ply `ply` of a line whose last setup is
 * setups[setup] (report.c).
 */
void play_number_of(const struct pdn_played *pg, int setup, long ply,
    long *number, pdn_colour *side);

/*
 * Reports a diagnostic, counted in the played game; elem (may be NULL) is
 * the move concerned, at ply `ply` (report.c).
 */
void play_report(pdn_replay *rp, pdn_diag_code code, long line, long col,
    const pdn_elem *elem, long ply, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/*
 * Says into buf (size bytes) why token `written` is not legal in pos, and
 * what was possible: the detail after "not legal here" (explain.c).
 */
void play_explain(pdn_replay *rp, const pdn_position *pos,
    const pdn_movetok *written, char *buf, size_t size);

/* Reports a diagnostic whose whole message is `text` (report.c). */
void play_report_text(pdn_replay *rp, pdn_diag_code code, long line,
    long col, const char *text);

/*
 * The GameType of a game that no finish hook finished (pdn_game_finish()
 * was not the reader's): decided, and its FENs checked, here, the
 * diagnostics reported by the replay (gametype.c).
 */
int play_finish(pdn_replay *rp, const pdn_game *g);

/* The node of ply i of surviving line k (played.c). */
int play_ply_node(const struct pdn_played *pg, int k, long i);

/*
 * The record's result token and its outcome as written (played.c); the
 * colour a final position has lost, or -1; and the order the played
 * game's token reads in: the game's (its file's, outcome.h), or the
 * other where the final position decides the game and proves that one
 * (*proved set).  PDN_ORDER_WHITE where White moves first.
 */
const char *play_token(const pdn_game *g, pdn_outcome *o,
    pdn_result_family *family);
int play_decided(const pdn_position *fin);
pdn_result_order play_order(const struct pdn_played *pg, pdn_outcome token,
    int *proved);

/*
 * Reads a FEN into the next entry of setups[], its side to move '?' told
 * by the first move of [next, end); its index, or -1 (setup.c).
 */
long setup_add(pdn_replay *rp, const pdn_tag *tag, const pdn_elem *el,
    long ply, const pdn_elem *next, const pdn_elem *end);

/* The number written before the first move of [el, end), or 0. */
long setup_written_number(const pdn_elem *el, const pdn_elem *end);

/* Reports a setup no game can reach (too many pieces, none to move). */
void setup_check(pdn_replay *rp, const pdn_position *pos, long line,
    long col);

/* Setup 0, where the record starts; -1 when its FEN does not read. */
int setup_read_start(pdn_replay *rp);

#endif /* PDN_PLAY_H */
