/*
 * Matching a move as written against the legal moves of a position.
 *
 * Writers disagree on what a capture's path lists: PDN 3.0 lists landing
 * squares, some programs list the captured squares, some a partial path.
 * So a token selects every legal move with its from and to squares whose
 * landing or captured squares include each square listed in between.  The
 * caller decides what to do when more than one move matches.
 */
#include <string.h>

#include "pdn/core.h"

int
pdn_movetok_squares(const pdn_variant *v, const pdn_movetok *tok,
    pdn_movetok *out)
{
	int intl = pdn_variant_gametype(v) == 20, squares;
	unsigned k, a;

	squares = pdn_variant_squares(v);
	*out = *tok;
	out->alpha = 0;
	if (tok->nsq < 2)
		return -1;
	for (k = 0; k < tok->nsq; k++) {
		if (tok->alpha) {
			if (intl)
				return -1;
			a = tok->sq[k] - PDN_ALPHA;
			out->sq[k] = (uint16_t)pdn_variant_square_at(v,
			    (int)(a / 100) - 1, (int)(a % 100) - 1);
			if (out->sq[k] == 0)
				return -1;
		} else if (tok->sq[k] < 1 || tok->sq[k] > squares)
			return -1;
	}
	return 0;
}

/*
 * The squares a capture passes over on its way, landing squares and the
 * squares between them on each straight stretch (diagonal, or along a
 * rank or file two files a step).  A record may name one of them where
 * the piece could have landed: the square right behind a captured piece
 * (PDN 3.0), which the generator's path, one route of the move, need not
 * hold.
 */
static void
route(const pdn_variant *v, const pdn_move *m, uint8_t *via)
{
	int j, a = m->from, b, x0, y0, x1, y1, dx, dy, n;

	for (j = 0; j < m->ncap; j++, a = b) {
		b = m->path[j];
		if (pdn_variant_square_xy(v, a, &x0, &y0) != 0 ||
		    pdn_variant_square_xy(v, b, &x1, &y1) != 0)
			continue;
		dx = (x1 > x0) - (x1 < x0);
		dy = (y1 > y0) - (y1 < y0);
		if (dy == 0)
			dx *= 2;
		else if (dx == 0)
			dy *= 2;
		else if (x1 - x0 != y1 - y0 && x1 - x0 != y0 - y1)
			continue;
		for (n = 0; n < 32 && (x0 != x1 || y0 != y1); n++) {
			x0 += dx;
			y0 += dy;
			via[pdn_variant_square_at(v, x0, y0)] = 1;
		}
	}
}

int
pdn_variant_match_list(const pdn_variant *v, int *idx, int max,
    unsigned *notes, const pdn_movetok *tok, const pdn_movelist *legal)
{
	const pdn_move *m;
	pdn_movetok nt;
	uint64_t via;
	uint8_t on[PDN_MOVETOK_MAX + 73];	/* squares passed, 12x12 */
	unsigned n = 0, k, from, to;
	int i, j, sq;

	if (notes != NULL)
		*notes = 0;
	if (pdn_movetok_squares(v, tok, &nt) != 0)
		return 0;
	from = nt.sq[0];
	to = nt.sq[nt.nsq - 1];
	for (i = 0; i < legal->n; i++) {
		m = &legal->m[i];
		if (m->from != from || m->to != to)
			continue;
		/*
		 * The squares a listed one may be: captured (always below
		 * bit 64), landing, and in every variant but international,
		 * whose records name landing squares, the squares passed.
		 */
		via = m->captured;
		memset(on, 0, sizeof(on));
		for (j = 0; j < m->ncap; j++)
			on[m->path[j]] = 1;
		if (nt.nsq > 2 && pdn_variant_gametype(v) != 20)
			route(v, m, on);
		for (k = 1; k + 1 < nt.nsq; k++) {
			sq = nt.sq[k];
			if (!on[sq] && !(via & pdn_variant_square_bit(v, sq)))
				break;
		}
		if (k + 1 < nt.nsq)
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
pdn_match_list(int *idx, int max, unsigned *notes, const pdn_movetok *tok,
    const pdn_movelist *legal)
{
	return pdn_variant_match_list(pdn_variant_default(), idx, max, notes,
	    tok, legal);
}

int
pdn_match(int *idx, int max, unsigned *notes, pdn_movelist *legal,
    const pdn_position *pos, const pdn_movetok *tok)
{
	if (pdn_generate(legal, pos) < 0 && legal->n == 0)
		return 0;
	return pdn_variant_match_list(pdn_position_variant(pos), idx, max,
	    notes, tok, legal);
}

int
pdn_setup_side(const pdn_position *pos, const pdn_movetok *first)
{
	pdn_movetok t;

	if (first == NULL || pdn_movetok_squares(pdn_position_variant(pos),
	    first, &t) != 0)
		return -1;
	switch (pdn_position_get(pos, t.sq[0])) {
	case PDN_WHITE_MAN:
	case PDN_WHITE_KING:
		return PDN_WHITE;
	case PDN_BLACK_MAN:
	case PDN_BLACK_KING:
		return PDN_BLACK;
	default:
		return -1;
	}
}
