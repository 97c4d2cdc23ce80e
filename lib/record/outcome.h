/*
 * How a result reads in the variants where Black moves first (English,
 * pool, Thai), private to libpdn: the replay's check of the result and
 * the adjudicator share it.  PDN writes White's score first ("1-0":
 * White won) in every variant, and so does this library; files of those
 * games also write the first mover's score first ("1-0": Black won).
 * Where the final position decides the game, a recorded win of the side
 * that lost there is read in that other convention.
 */
#ifndef OUTCOME_H
#define OUTCOME_H

#include "pdn/record.h"

/*
 * Nonzero when `recorded` is the opposite win of `decided`, the winner
 * the final position of a game of variant v says, and v is one whose
 * first mover is Black: the record wrote the first mover's score first.
 */
static inline int
outcome_first_mover(const pdn_variant *v, pdn_outcome recorded,
    pdn_outcome decided)
{
	return v != NULL && pdn_variant_first(v) == PDN_BLACK &&
	    ((recorded == PDN_OUTCOME_WHITE && decided == PDN_OUTCOME_BLACK) ||
	    (recorded == PDN_OUTCOME_BLACK && decided == PDN_OUTCOME_WHITE));
}

#endif /* OUTCOME_H */
