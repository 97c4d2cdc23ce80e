/*
 * libpdn: replaying a game record by the rules (replay.c).
 *
 * A replay takes a game as the reader returns it (pdn_game) and plays
 * every move of the main line and of every variation against the legal
 * moves of its position: each move token is matched (short or full capture
 * forms, paths of landing or captured squares, PDN.md "Movetext").  A
 * short capture that fits several legal moves keeps every candidate line
 * alive until later moves decide (full backtracking); if more than one
 * line survives to the end, the game is ambiguous and each final position
 * is kept.  A variation replaces the move just before it: it is played
 * from the position before that move.
 *
 * Problems are reported through the reader's diagnostics callback
 * (pdn_diag_fn, codes illegal-move, irregular-move, ambiguous-game,
 * result-position, unsupported-gametype, setup-position); the
 * diagnostics' `move`, `number` and `side` fields say which move.  Once the
 * main line is resolved, its plies can be walked one by one with
 * pdn_replay_ply() or received through the `ply` callback of the options:
 * the position before, the move played, the position after.
 *
 * A replay handle is reused from game to game: its memory grows to the
 * longest game seen and is then recycled, so a caller allocates one per
 * thread.  Replaying is thread-safe across handles.
 */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include "pdn.h"
#include "pdn_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* How a game came out of its replay. */
typedef enum pdn_replay_status {
	PDN_REPLAY_VALID = 0,	/* every move legal, nothing else wrong */
	PDN_REPLAY_INVALID,	/* at least one error (the reader's too) */
	PDN_REPLAY_UNSUPPORTED	/* not international draughts: not replayed */
} pdn_replay_status;

/* One ply of a line, as pdn_replay_ply() and the ply callback give it. */
typedef struct pdn_ply {
	long ply;		/* 1-based plies from the record's start */
	long number;		/* the move number (as counted, not as written) */
	pdn_colour side;	/* the side that made the move */
	int depth;		/* 0 for the main line */
	unsigned flags;		/* PDN_PLY_* */
	pdn_position before;	/* the position the move was played in */
	pdn_position after;	/* the position it led to */
	pdn_move move;		/* the legal move the token was matched to */
	const pdn_elem *elem;	/* the token as read (line, col), borrowed */
} pdn_ply;

/* Bits of pdn_ply.flags. */
enum {
	PDN_PLY_IRREGULAR = 1 << 0,	/* accepted only by the lenient mode */
	PDN_PLY_SETUP = 1 << 1,		/* a /FEN/ setup came just before it */
	PDN_PLY_AMBIGUOUS = 1 << 2	/* the token fit several legal moves */
};

/*
 * Called for each main-line ply, in order, once the main line is resolved
 * (after the whole game has been replayed, so that backtracking is over).
 * Return 0 to go on, nonzero to stop the walk (the replay itself is done).
 */
typedef int (*pdn_ply_fn)(const pdn_ply *p, void *arg);

/* Bits of pdn_replay_options.flags. */
enum {
	/*
	 * Accept a move that is geometrically possible but breaks the
	 * compulsory-capture or the majority rule (FMJD art. 5.4, 5.7), with
	 * an irregular-move warning, and go on.
	 */
	PDN_REPLAY_LENIENT = 1 << 0,
	/* Skip the variations (faster when only the main line matters). */
	PDN_REPLAY_NO_VARIATIONS = 1 << 1,
	/* Do not check the result against the final position. */
	PDN_REPLAY_NO_RESULT = 1 << 2
};

typedef struct pdn_replay_options {
	unsigned version;
	unsigned flags;		/* PDN_REPLAY_* */
	pdn_diag_fn diag;	/* may be NULL */
	void *diag_arg;
	pdn_ply_fn ply;		/* may be NULL */
	void *ply_arg;
} pdn_replay_options;

#define PDN_REPLAY_OPTIONS_INIT	{ 1, 0, NULL, NULL, NULL, NULL }

/* The most lines an ambiguous record keeps alive at once. */
#define PDN_REPLAY_MAX_LINES	64

typedef struct pdn_replay pdn_replay;

/*
 * A replay handle.  Returns 0 or PDN_ENOMEM; *out belongs to the caller
 * (pdn_replay_free(), NULL-safe).
 */
int pdn_replay_new(pdn_replay **out);
void pdn_replay_free(pdn_replay *rp);

/*
 * Replays game `g` (borrowed; it must stay valid while the results below
 * are used, since the plies point to its elements).  Diagnostics go to
 * opt->diag, then the main-line plies to opt->ply.  opt may be NULL (no
 * callbacks, strict).  Returns 0 or PDN_ENOMEM; what the game is worth
 * comes from pdn_replay_verdict().
 */
int pdn_replay_game(pdn_replay *rp, const pdn_game *g,
    const pdn_replay_options *opt);

/* The verdict on the last game replayed. */
pdn_replay_status pdn_replay_verdict(const pdn_replay *rp);

/* Error and warning diagnostics the replay itself reported. */
int pdn_replay_errors(const pdn_replay *rp);
int pdn_replay_warnings(const pdn_replay *rp);

/* The initial position of the record (the start or its FEN tag). */
const pdn_position *pdn_replay_start(const pdn_replay *rp);

/*
 * The number of main-line plies replayed: all of them, or those before
 * the first illegal move.
 */
long pdn_replay_plies(const pdn_replay *rp);

/*
 * The number of lines that survived to the end of the main line (its
 * final positions): 1 for an unambiguous record, more for an ambiguous
 * one (at most PDN_REPLAY_MAX_LINES), 0 for an unsupported game.
 */
int pdn_replay_lines(const pdn_replay *rp);

/* The final position of surviving line k (0-based), or NULL. */
const pdn_position *pdn_replay_final(const pdn_replay *rp, int k);

/*
 * Fills *out with ply i (0-based, i < pdn_replay_plies()) of surviving
 * line k.  Returns 0, or PDN_EINVAL when k or i is out of range.
 */
int pdn_replay_ply(const pdn_replay *rp, int k, long i, pdn_ply *out);

/*
 * The position after ply i (0-based) of surviving line k and its PDN_PLY_*
 * flags (flags may be NULL), without copying the whole ply: for callers
 * that look at most plies and need all of few.  NULL when k or i is out
 * of range.  The pointer is valid until the next pdn_replay_game().
 */
const pdn_position *pdn_replay_after(const pdn_replay *rp, int k, long i,
    unsigned *flags);

/*
 * Ply i (0-based) of surviving line k by reference, without copying it:
 * the move, with the positions before and after it in *before and *after
 * and its PDN_PLY_* flags in *flags (each may be NULL).  NULL when k or i
 * is out of range.  The pointers are valid until the next
 * pdn_replay_game().
 */
const pdn_move *pdn_replay_step(const pdn_replay *rp, int k, long i,
    const pdn_position **before, const pdn_position **after,
    unsigned *flags);

/*
 * The number of plies at the start of line k that leave no king on the
 * board and follow no /FEN/ setup.  Until a king appears no draw rule can
 * run and no position can come back, so a caller that follows the rules
 * may pass over them in one step.
 */
long pdn_replay_kingless(const pdn_replay *rp, int k);

/*
 * The longest run of consecutive plies i (from <= i < to) of the main line
 * that move a king and capture nothing.  Only inside such a run can a
 * position come back, and only along one does the 25-move count grow, so
 * a caller that follows the rules can tell from it that neither a
 * repetition nor the 25-move rule ends the game there.  -1 when a /FEN/
 * setup lies in the range, when k is not 0 (other lines are not mapped
 * ply by ply) or when the range is out of bounds.
 */
long pdn_replay_king_run(const pdn_replay *rp, int k, long from, long to);

/*
 * Matches one move token in one position, the fast way: a quiet move is
 * checked directly; the legal moves are generated only when a capture is
 * possible or the token is not a plain quiet move.  Writes up to `max`
 * matching moves to out and returns how many legal moves match (0: the
 * token is not legal here).  With PDN_REPLAY_LENIENT in flags and no legal
 * match, the irregular moves (quiet while a capture is compulsory, a capture
 * of fewer than the most pieces) are matched instead and the count is
 * returned negated.  `scratch` is a move list the call may use.
 */
int pdn_replay_match(const pdn_position *pos, const pdn_movetok *tok,
    unsigned flags, pdn_movelist *scratch, pdn_move *out, int max);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_REPLAY_H */
