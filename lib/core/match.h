/*
 * What the replay asks the matcher beyond its public interface (private
 * to libpdn): the matcher itself, writing into the replay's own arrays,
 * and the quick test of a one-piece capture by a man, which the replay's
 * own fast path (play_fast() in play/replay.c) plays straight into a node
 * of its line.
 */
#ifndef PDN_MATCH_H
#define PDN_MATCH_H

#include "move.h"
#include "pdn/core.h"

/*
 * pdn_match() into an array: writes up to `max` (at most PDN_MATCH_MAX)
 * of the moves to out and returns the count as pdn_match() does;
 * `scratch` is a move list the call may use.
 */
int match_moves(pdn_move *out, int max, const pdn_position *pos,
    const pdn_movetok *tok, unsigned flags, pdn_movelist *scratch);

/*
 * The one-piece capture from x to by a man of international draughts if
 * that is a legal move of `pos`: when the side to move has no king and
 * none of its men can take a second piece after a first.  Returns 1 with
 * the move in *m, 0 when it is not legal, -1 when the quick test cannot
 * tell (kings, or a longer capture exists).
 */
int match_single_capture(const pdn_position *pos, int from, int to,
    pdn_move *m);

/*
 * The file (1 for 'a') that a short move's origin names ("ed4", "e:c5":
 * PDN_ALPHA + file * 100, rank 0), or 0 when the token starts on a square.
 */
static inline int
movetok_file(const pdn_movetok *tok)
{
	return tok->alpha && (tok->sq[0] - PDN_ALPHA) % 100 == 0 ?
	    (tok->sq[0] - PDN_ALPHA) / 100 : 0;
}

#endif /* PDN_MATCH_H */
