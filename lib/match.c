/*
 * Matching a move as written against the legal moves of a position.
 *
 * Writers disagree on what a capture's path lists: PDN 3.0 lists landing
 * squares, some programs list the captured squares, some a partial path.
 * So a token selects every legal move with its from and to squares whose
 * landing or captured squares include each square listed in between.  The
 * caller decides what to do when more than one move matches.
 */
#include "pdn_game.h"

int
pdn_match_list(int *idx, int max, unsigned *notes, const pdn_movetok *tok,
    const pdn_movelist *legal)
{
	const pdn_move *m;
	uint64_t via;
	unsigned n = 0, k, from, to;
	int i, j;

	if (notes != NULL)
		*notes = 0;
	if (tok->alpha || tok->nsq < 2)
		return 0;
	for (k = 0; k < tok->nsq; k++)
		if (tok->sq[k] < 1 || tok->sq[k] > PDN_SQUARES)
			return 0;
	from = tok->sq[0];
	to = tok->sq[tok->nsq - 1];
	for (i = 0; i < legal->n; i++) {
		m = &legal->m[i];
		if (m->from != from || m->to != to)
			continue;
		via = m->captured;
		for (j = 0; j < m->ncap; j++)
			via |= pdn_square_bit(m->path[j]);
		for (k = 1; k + 1 < tok->nsq; k++)
			if (!(via & pdn_square_bit(tok->sq[k])))
				break;
		if (k + 1 < tok->nsq)
			continue;
		if (notes != NULL) {
			if (m->ncap > 0 && !tok->capture)
				*notes |= PDN_MATCH_DASH_CAPTURE;
			if (m->ncap == 0 && tok->capture)
				*notes |= PDN_MATCH_X_QUIET;
		}
		if ((int)n < max)
			idx[n] = i;
		n++;
	}
	return (int)n;
}

int
pdn_match(int *idx, int max, unsigned *notes, pdn_movelist *legal,
    const pdn_position *pos, const pdn_movetok *tok)
{
	if (pdn_generate(legal, pos) < 0 && legal->n == 0)
		return 0;
	return pdn_match_list(idx, max, notes, tok, legal);
}
