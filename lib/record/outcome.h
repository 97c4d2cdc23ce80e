/*
 * How a result token reads, private to libpdn: whose score it writes
 * first (pdn_result_order), which the reader's finish hook decides once
 * for a file and keeps in each game (gamepriv.h), and which the replay's
 * check of the result, the adjudicator and pdn_game_outcome() share.
 * PDN writes White's score first ("1-0": White won) in every variant;
 * where Black moves first (English, pool, Thai), files also write the
 * first mover's ("1-0": Black won), and most English files do, as
 * CheckerBoard writes them.  A game whose final position decides it
 * keeps the reading that the position proves (outcome_proved()).
 */
#ifndef OUTCOME_H
#define OUTCOME_H

#include "pdn/record.h"

/*
 * Why a game's tokens are read in its order (pdn_game_priv.order_basis):
 * the reader was given it, the file's games said it (its finish hook's
 * tally), or, the file saying nothing, the variant's writers' order.
 */
enum {
	ORDER_BY_WRITERS = 0,
	ORDER_BY_CALLER,
	ORDER_BY_FILE
};

/*
 * The order most files of variant v are written in: the first mover's
 * for English draughts, as CheckerBoard (which wrote most English
 * collections) and the engines' match logs write them; PDN's, White's,
 * for every other (pool and Thai files: no writer known to differ).
 */
static inline pdn_result_order
outcome_writers_order(const pdn_variant *v)
{
	return v != NULL && pdn_variant_gametype(v) == 21 ?
	    PDN_ORDER_FIRST_MOVER : PDN_ORDER_WHITE;
}

/* The other side's win for a win, any other outcome as it is. */
static inline pdn_outcome
outcome_swap(pdn_outcome o)
{
	return o == PDN_OUTCOME_WHITE ? PDN_OUTCOME_BLACK :
	    o == PDN_OUTCOME_BLACK ? PDN_OUTCOME_WHITE : o;
}

/*
 * Nonzero when tokens in `order` of a game of variant v read otherwise
 * than PDN's: the first mover's score first, and Black the first mover.
 */
static inline int
outcome_swapped(const pdn_variant *v, pdn_result_order order)
{
	if (v == NULL || pdn_variant_first(v) != PDN_BLACK)
		return 0;
	if (order == PDN_ORDER_DECIDE)
		order = outcome_writers_order(v);
	return order == PDN_ORDER_FIRST_MOVER;
}

/*
 * Where the final position decides the game (`decided`, the winner it
 * says), and the record in `order` gives the win to the side that lost
 * there while the other order gives it to the side that won: that other
 * order, which the game's own end proves; else `order` (PDN_ORDER_DECIDE
 * as the variant's writers').
 */
static inline pdn_result_order
outcome_proved(const pdn_variant *v, pdn_outcome token, pdn_outcome decided,
    pdn_result_order order)
{
	int sw;

	if (order == PDN_ORDER_DECIDE)
		order = outcome_writers_order(v);
	if (v == NULL || pdn_variant_first(v) != PDN_BLACK ||
	    (token != PDN_OUTCOME_WHITE && token != PDN_OUTCOME_BLACK))
		return order;
	sw = order == PDN_ORDER_FIRST_MOVER;
	if ((sw ? outcome_swap(token) : token) != decided &&
	    (sw ? token : outcome_swap(token)) == decided)
		return sw ? PDN_ORDER_WHITE : PDN_ORDER_FIRST_MOVER;
	return order;
}

#endif /* OUTCOME_H */
