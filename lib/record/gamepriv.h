/*
 * What the library keeps of a game beyond the fields of pdn_game (private
 * to libpdn, shared by the record, play and write layers): the reader's
 * hints to the play layer's finish hook, whether that hook ran, and the
 * FEN tag as the hook read it.
 *
 * A game the library makes, the reader's or a copy by pdn_game_clone(),
 * is a struct pdn_game_priv, its public part first, and its `priv` points
 * to it.  A program's own game has priv NULL (pdn_game g = { 0 }), and
 * the library then works out what a hint would have said from the game
 * itself (gametype.c), and decides its GameType in the replay.  A copy by
 * assignment or pdn_game_amend() shares the priv of the game it copies,
 * as it shares that game's moves and tags: what the priv says is about
 * them, and the FEN tag's reading is taken only while the FEN tag is the
 * same string (setup.c).
 */
#ifndef PDN_GAMEPRIV_H
#define PDN_GAMEPRIV_H

#include <stddef.h>

#include "pdn/record.h"

/*
 * The seven-tag roster (pdn(5)), the one table of it: the names a game
 * record has first, in order, as the writer writes them
 * (pdn_roster_tag()), and whose strings the reader keeps as a tag's name
 * rather than a copy of it.
 */
#define GAME_ROSTER_TAGS	7
extern const char *const game_roster[GAME_ROSTER_TAGS];

struct pdn_game_priv {
	pdn_game pub;		/* first: &priv->pub is the game handed out */
	/*
	 * Nonzero when the reader set the four hints below from the moves it
	 * saw (with skip_moves, of moves it did not keep), for deciding the
	 * GameType of an untagged game: the main line's first move when no
	 * setup came before it (NULL: none), borrowed from the reader until
	 * its next game; big_square 1 when a move names a numeric square
	 * above 32 before any algebraic square, -1 when an algebraic move
	 * comes first, else 0; the first move after each /FEN/ setup of the
	 * main line, in order (nsq 0: none), setup_firsts[0..nsetup_firsts),
	 * and nsetup_firsts 0 when the main line has no setup.  Zero in a
	 * copy, whose hints are worked out from its moves.
	 */
	int hints;
	const pdn_movetok *first_move;
	int big_square;
	const pdn_movetok *setup_firsts;
	size_t nsetup_firsts;
	/*
	 * Nonzero when the reader's finish hook ran on the game: its
	 * gametype is then decided.  pdn_replay_game() decides that of a
	 * game not finished so itself, as pdn_game_finish() would.
	 */
	int finished;
	/*
	 * The FEN tag value fen_value as the finish hook read it, in the
	 * game's variant fen_variant (NULL: not read): what pdn_fen_read()
	 * returned, and the position and info it gave, which the replay takes
	 * instead of reading the tag again while the game's FEN tag is that
	 * same value.
	 */
	const pdn_variant *fen_variant;
	const char *fen_value;
	int fen_rc;
	pdn_position fen_pos;
	pdn_fen_info fen_info;
	/*
	 * The order of the game's result tokens (pdn_result_order): the
	 * reader's option, or what the finish hook decided for the file;
	 * PDN_ORDER_DECIDE when neither said (a game whose order does not
	 * matter, or one the hook did not see), and the variant's writers'
	 * order stands (outcome.h).  Why (ORDER_BY_*), and for the note
	 * that says so, the weight of the file's games that read in that
	 * order and of those that read in the other.
	 */
	int order;
	int order_basis;
	int order_for, order_against;
};

/*
 * What move m says of the board, as big_square counts it: -1 for an
 * algebraic move, 1 for one that names a numeric square of 33 to 50,
 * which no 8x8 board has, else 0.
 */
static inline int
game_move_big(const pdn_movetok *m)
{
	int k, n = m->nsq < PDN_MOVETOK_MAX ? m->nsq : PDN_MOVETOK_MAX;

	if (m->alpha)
		return -1;
	for (k = 0; k < n; k++)
		if (m->sq[k] > 32 && m->sq[k] <= 50)
			return 1;
	return 0;
}

/* Nonzero when the reader's finish hook decided g's GameType. */
static inline int
game_finished(const pdn_game *g)
{
	return g->priv != NULL && g->priv->finished;
}

#endif /* PDN_GAMEPRIV_H */
