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

#include "match.h"
#include "movegen.h"
#include "pdn/core.h"
#include "variant.h"

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
		return PDN_EINVAL;
	for (k = 0; k < tok->nsq; k++) {
		if (tok->alpha) {
			if (intl)
				return PDN_EINVAL;
			a = tok->sq[k] - PDN_ALPHA;
			if (k == 0 && a % 100 == 0) {
				/* A file alone: on the board, or none. */
				out->sq[0] = 0;
				if (a / 100 < 1 || (int)(a / 100) >
				    pdn_variant_width(v))
					return PDN_EINVAL;
				continue;
			}
			out->sq[k] = (uint16_t)pdn_variant_square_at(v,
			    (int)(a / 100) - 1, (int)(a % 100) - 1);
			if (out->sq[k] == 0)
				return PDN_EINVAL;
		} else if (tok->sq[k] < 1 || tok->sq[k] > squares)
			return PDN_EINVAL;
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
pdn_match_list(int *idx, int max, unsigned *notes, const pdn_variant *v,
    const pdn_movetok *tok, const pdn_movelist *legal)
{
	const pdn_move *m;
	pdn_movetok nt;
	uint64_t via;
	uint8_t on[PDN_MOVETOK_MAX + 73];	/* squares passed, 12x12 */
	unsigned n = 0, k, from, to;
	int i, j, sq, file = movetok_file(tok), x, y;

	if (notes != NULL)
		*notes = 0;
	if (pdn_movetok_squares(v, tok, &nt) != 0)
		return 0;
	from = nt.sq[0];
	to = nt.sq[nt.nsq - 1];
	for (i = 0; i < legal->n; i++) {
		m = &legal->m[i];
		if (m->to != to || (file == 0 ? m->from != from :
		    pdn_variant_square_xy(v, m->from, &x, &y) != 0 ||
		    x != file - 1))
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
			if (!on[sq] && !(via & variant_square_bit(v, sq)))
				break;
		}
		if (k + 1 < nt.nsq)
			continue;
		/* A short move writes no separator: none is wrong. */
		if (notes != NULL && file == 0) {
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

/* --- the matcher of a position ------------------------------------------ */

/*
 * International draughts' quick tests, quiet_geometry() and
 * match_single_capture(), are the one speed trick of matching: a plain
 * quiet move or a capture of one piece by a man, most of the moves of
 * real games, is checked on the bitboards without generating the legal
 * moves.  Measured (callgrind, pdn-validate -q on 20 copies of the bench
 * games, 2026-12-03): 739.8 million instructions with them, 745.5 million
 * without, since the replay plays most such moves itself before it asks
 * (play_fast() in play/replay.c: 1,673 million without both).
 */

/*
 * The quiet move a-b if the piece on a can make it, ignoring whether a
 * capture is compulsory; 0 when it cannot.
 */
static inline int
quiet_geometry(const pdn_position *pos, int from, int to, pdn_move *m)
{
	int white = pos->side == PDN_WHITE, d;
	uint64_t us = white ? pos->white : pos->black;
	uint64_t empty = BOARD_MASK & ~(pos->white | pos->black);
	uint64_t fb = pdn_square_bits[from], tb = pdn_square_bits[to], b;

	if (!(fb & us) || !(tb & empty))
		return 0;
	if (fb & pos->kings) {
		for (d = 0; d < 4; d++) {
			for (b = step(fb, dirs[d]); b & empty;
			    b = step(b, dirs[d]))
				if (b == tb)
					goto ok;
		}
		return 0;
	}
	if (white ? (tb != fb >> 5 && tb != fb >> 6) :
	    (tb != fb << 5 && tb != fb << 6))
		return 0;
ok:
	/*
	 * One memset: the fields written one by one saved 14 thousand of
	 * 745 million instructions (pdn-validate -q, 20 copies of the bench
	 * games, 2026-12-03), nothing to keep a trick for.
	 */
	memset(m, 0, sizeof(*m));
	m->fromto = fb | tb;
	m->from = (uint8_t)from;
	m->to = (uint8_t)to;
	m->promotes = !(fb & pos->kings) &&
	    (tb & (white ? WHITE_CROWN : BLACK_CROWN)) != 0;
	return 1;
}

/*
 * The one-piece capture a x b by a man if that is a legal move: when the
 * side to move has no king and none of its men can take a second piece
 * after a first (the majority rule then allows every single capture and
 * nothing else).  Returns 1 with the move, 0 when it is not legal, -1
 * when the quick test cannot tell (kings, or a longer capture exists).
 * Most captures in real games are of this kind, and this saves the
 * generation of every capture.
 */
int
match_single_capture(const pdn_position *pos, int from, int to, pdn_move *m)
{
	int white = pos->side == PDN_WHITE;
	uint64_t us = white ? pos->white : pos->black;
	uint64_t them = white ? pos->black : pos->white;
	uint64_t empty = BOARD_MASK & ~(pos->white | pos->black);
	uint64_t can[4], fb = pdn_square_bits[from], tb = pdn_square_bits[to];
	uint64_t more, over;

	if (us & pos->kings)
		return -1;
	jumpable(them, empty, can);
	/*
	 * All men at once, direction by direction: from its landing square
	 * after a jump in direction d, a man can take a second piece in any
	 * direction but back (which would jump the piece it just took).
	 * can[] still holds there: the first piece stays on the board until
	 * the capture ends, and the square the man left is reached only by
	 * jumping back.  dirs[] lists opposite directions at d and 3 - d.
	 */
	more = (((us & can[0]) >> 12) & (can[0] | can[1] | can[2])) |
	    (((us & can[1]) >> 10) & (can[0] | can[1] | can[3])) |
	    (((us & can[2]) << 10) & (can[0] | can[2] | can[3])) |
	    (((us & can[3]) << 12) & (can[1] | can[2] | can[3]));
	if (more)
		return -1;
	if (!(fb & us))
		return 0;
	if (fb & can[0] && tb == fb >> 12)
		over = fb >> 6;
	else if (fb & can[1] && tb == fb >> 10)
		over = fb >> 5;
	else if (fb & can[2] && tb == fb << 10)
		over = fb << 5;
	else if (fb & can[3] && tb == fb << 12)
		over = fb << 6;
	else
		return 0;
	m->captured = over;
	m->fromto = fb | tb;
	m->from = (uint8_t)from;
	m->to = (uint8_t)to;
	m->ncap = 1;
	m->promotes = (tb & (white ? WHITE_CROWN : BLACK_CROWN)) != 0;
	memset(m->path, 0, sizeof(m->path));
	m->path[0] = (uint8_t)to;
	return 1;
}

/* Squares of a token in 1..50, numeric: the only ones that can match. */
static int
token_on_board(const pdn_movetok *tok)
{
	int k;

	if (tok->alpha || tok->nsq < 2)
		return 0;
	for (k = 0; k < tok->nsq; k++)
		if (tok->sq[k] < 1 || tok->sq[k] > PDN_SQUARES)
			return 0;
	return 1;
}

/*
 * Every capture a piece could make ignoring the majority rule: each
 * sequence of jumps by the Turkish strike, stopping after any jump.  Only
 * the lenient mode needs it, after the strict match has failed, so it is
 * written for clarity rather than speed.
 */
struct irr {
	pdn_movelist *list;
	const pdn_position *pos;
	uint64_t origin, enemy, empty;
	int king;
	uint8_t path[PDN_MAX_CAPTURES];
};

static void
irr_add(struct irr *c, uint64_t at, uint64_t captured, int n)
{
	pdn_move *m;
	int i;
	uint8_t from = (uint8_t)intl_bit_square(c->origin);
	uint8_t to = (uint8_t)intl_bit_square(at);

	for (i = 0; i < c->list->n; i++) {
		m = &c->list->m[i];
		if (m->from == from && m->to == to && m->captured == captured)
			return;
	}
	if (c->list->n >= PDN_MAX_MOVES)
		return;
	m = &c->list->m[c->list->n++];
	memset(m, 0, sizeof(*m));
	m->captured = captured;
	m->fromto = c->origin ^ at;
	m->from = from;
	m->to = to;
	m->ncap = (uint8_t)n;
	m->promotes = !c->king && (at & (c->pos->side == PDN_WHITE ?
	    WHITE_CROWN : BLACK_CROWN)) != 0;
	memcpy(m->path, c->path, (size_t)n);
}

static void
irr_jumps(struct irr *c, uint64_t at, uint64_t captured, int n)
{
	uint64_t b, land;
	int d;

	if (n >= PDN_MAX_CAPTURES)
		return;
	for (d = 0; d < 4; d++) {
		b = step(at, dirs[d]);
		if (c->king)
			while (b & c->empty)
				b = step(b, dirs[d]);
		if (!(b & c->enemy & ~captured))
			continue;
		for (land = step(b, dirs[d]); land & c->empty;
		    land = step(land, dirs[d])) {
			c->path[n] = (uint8_t)intl_bit_square(land);
			irr_add(c, land, captured | b, n + 1);
			irr_jumps(c, land, captured | b, n + 1);
			if (!c->king)
				break;
		}
	}
}

static void
irregular_moves(const pdn_position *pos, pdn_movelist *list)
{
	struct irr c;
	uint64_t us, pieces;
	pdn_move m;
	int from, to;

	list->n = 0;
	c.list = list;
	c.pos = pos;
	us = pos->side == PDN_WHITE ? pos->white : pos->black;
	c.enemy = pos->side == PDN_WHITE ? pos->black : pos->white;
	for (pieces = us; pieces; pieces &= pieces - 1) {
		c.origin = pieces & -pieces;
		c.king = (c.origin & pos->kings) != 0;
		/* The moving piece's own square counts as empty. */
		c.empty = (BOARD_MASK & ~(pos->white | pos->black)) | c.origin;
		irr_jumps(&c, c.origin, 0, 0);
	}
	for (from = 1; from <= PDN_SQUARES; from++)
		for (to = 1; to <= PDN_SQUARES; to++)
			if (list->n < PDN_MAX_MOVES &&
			    quiet_geometry(pos, from, to, &m))
				list->m[list->n++] = m;
}

int
match_moves(pdn_move *out, int max, const pdn_position *pos,
    const pdn_movetok *tok, unsigned flags, pdn_movelist *scratch)
{
	int idx[PDN_MATCH_MAX], n, i;
	pdn_move q;

	if (max > PDN_MATCH_MAX)
		max = PDN_MATCH_MAX;
	if (pos->variant != 0) {
		/*
		 * The other variants: the generator's moves, all of them
		 * (international's quick tests are of its own board).
		 */
		if (max <= 0 || (pdn_generate(scratch, pos) < 0 &&
		    scratch->n == 0))
			return 0;
		n = pdn_match_list(idx, max, NULL, pdn_variant_of(pos), tok,
		    scratch);
		for (i = 0; i < n && i < max; i++)
			out[i] = scratch->m[idx[i]];
		return n;
	}
	if (!token_on_board(tok) || max <= 0)
		return 0;
	if (tok->nsq == 2 && quiet_geometry(pos, tok->sq[0], tok->sq[1],
	    &q)) {
		if (!has_capture(pos)) {
			out[0] = q;
			return 1;
		}
	} else if (!has_capture(pos))
		/*
		 * No capture, and not a quiet move of the piece: nothing,
		 * not even an irregular move, can match.
		 */
		return 0;
	if (tok->nsq == 2 && (n = match_single_capture(pos, tok->sq[0],
	    tok->sq[1], &q)) == 1) {
		out[0] = q;
		return 1;
	}
	if (pdn_generate(scratch, pos) < 0 && scratch->n == 0)
		return 0;
	n = pdn_match_list(idx, max, NULL, pdn_variant_of(pos), tok, scratch);
	for (i = 0; i < n && i < max; i++)
		out[i] = scratch->m[idx[i]];
	if (n > 0)
		return n;
	if (!(flags & PDN_MATCH_LENIENT))
		return 0;
	irregular_moves(pos, scratch);
	n = pdn_match_list(idx, max, NULL, pdn_variant_of(pos), tok, scratch);
	for (i = 0; i < n && i < max; i++)
		out[i] = scratch->m[idx[i]];
	return -n;
}

int
pdn_match(pdn_movelist *out, const pdn_position *pos,
    const pdn_movetok *tok, unsigned flags)
{
	pdn_movelist scratch;
	int n;

	n = match_moves(out->m, PDN_MATCH_MAX, pos, tok, flags, &scratch);
	out->n = n < 0 ? -n : n;
	if (out->n > PDN_MATCH_MAX)
		out->n = PDN_MATCH_MAX;
	return n;
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
