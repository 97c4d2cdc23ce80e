/*
 * Legal move generation under the FMJD rules (RULES.md sections 2-4).
 *
 * Quiet moves come from whole-board shifts.  Captures are searched depth
 * first per piece with the Turkish strike built in: jumped pieces stay on
 * the board (they block and cannot be jumped again) until the move ends, and
 * the moving piece's start square counts as empty.  Only sequences of the
 * greatest length survive (majority rule, a king counting as one), and
 * sequences with the same start, end and captured set are kept once.
 */
#include <string.h>

#include "make.h"
#include "movegen.h"
#include "variant.h"

struct capture {
	pdn_movelist *list;
	uint64_t empty;		/* empty squares; the start square included */
	uint64_t enemy;		/* the opponent's pieces */
	uint64_t crown;		/* where a man of the mover is crowned */
	int best;		/* greatest number of captures found so far */
	int overflow;		/* the list was full */
	uint8_t from;
	uint8_t path[PDN_MAX_CAPTURES];
};

/*
 * Keeps a finished capture sequence if no longer one is known.  Inlined
 * into the two searches: as a call, perft -d 8 took 423.0 M instructions
 * (callgrind, generic path; bmi2 383.0 M), inlined 409.0 M (369.0 M).
 */
static inline __attribute__((always_inline)) void
record(struct capture *c, int idx, uint64_t captured, int n, int man)
{
	pdn_movelist *list = c->list;
	uint8_t to = pdn_idx_square[idx];
	pdn_move *m;
	int i;

	if (n < c->best)
		return;
	if (n > c->best) {
		c->best = n;
		list->n = 0;
	}
	/*
	 * Twins (same start, end and captured set) need at least two
	 * captures: a king that stops on another square between two pieces on
	 * one line, or a tour that takes the same pieces in another order.
	 */
	for (i = 0; n >= 2 && i < list->n; i++) {
		m = &list->m[i];
		if (m->to == to && m->from == c->from && m->captured == captured)
			return;
	}
	if (list->n == PDN_MAX_MOVES) {
		c->overflow = 1;
		return;
	}
	m = &list->m[list->n++];
	m->captured = captured;
	m->fromto = pdn_square_bits[c->from] ^ (1ULL << idx);
	m->from = c->from;
	m->to = to;
	m->ncap = (uint8_t)n;
	m->promotes = man && (c->crown & (1ULL << idx)) != 0;
	memcpy(m->path, c->path, sizeof(m->path));
}

/*
 * Goes on with a man's capture from bit `idx`.  Most sequences end after
 * one jump, so all four directions are tried at once: the landing squares
 * come out as one set, in the order of dirs[], and the piece jumped to
 * reach each is the square halfway, since a jump is two equal steps.
 * With a loop over the four directions and a test of each, perft -d 8
 * took 437.5 M instructions (callgrind, generic path; bmi2 397.5 M);
 * this way 423.0 M (bmi2 383.0 M).
 */
static void
man_capture(struct capture *c, int idx, uint64_t captured, int n)
{
	uint64_t b = 1ULL << idx, enemy = c->enemy & ~captured, land;
	int to;

	land = (((b >> 6) & enemy) >> 6 | ((b >> 5) & enemy) >> 5 |
	    ((b << 5) & enemy) << 5 | ((b << 6) & enemy) << 6) & c->empty;
	if (land == 0) {
		record(c, idx, captured, n, 1);
		return;
	}
	for (; land; land &= land - 1) {
		to = bit_index(land);
		c->path[n] = pdn_idx_square[to];
		man_capture(c, to, captured | 1ULL << ((idx + to) >> 1),
		    n + 1);
	}
}

/*
 * Men of `from` jump in direction `dir` (all of them can) and go on from
 * their landing squares; each one's start square is empty from then on.
 */
static inline void
first_jumps(struct capture *c, uint64_t from, int dir, uint64_t empty)
{
	uint64_t b;
	int idx;

	for (; from; from &= from - 1) {
		b = from & -from;
		idx = bit_index(b) + 2 * dir;
		c->empty = empty | b;
		c->from = pdn_idx_square[bit_index(b)];
		c->path[0] = pdn_idx_square[idx];
		man_capture(c, idx, step(b, dir), 1);
	}
}

static void
king_capture(struct capture *c, int idx, uint64_t captured, int n)
{
	uint64_t b, land, enemy = c->enemy & ~captured;
	int d, found = 0;

	for (d = 0; d < 4; d++) {
		b = step(1ULL << idx, dirs[d]);
		while (b & c->empty)
			b = step(b, dirs[d]);
		if ((b & enemy) == 0)
			continue;
		/* Every empty square behind the piece is a landing square. */
		for (land = step(b, dirs[d]); land & c->empty;
		    land = step(land, dirs[d])) {
			found = 1;
			c->path[n] = pdn_idx_square[bit_index(land)];
			king_capture(c, bit_index(land), captured | b, n + 1);
		}
	}
	if (!found && n > 0)
		record(c, idx, captured, n, 0);
}

int
pdn_has_capture(const pdn_position *pos)
{
	if (pos->variant != 0)
		return vargen_has_capture(pos, pdn_variant_of(pos));
	return has_capture(pos);
}

/* Appends a capture of one piece (a single_fn; ctx is a pdn_move **). */
static void
append_single(void *ctx, uint64_t from, uint64_t to, uint64_t captured,
    uint64_t crowned)
{
	pdn_move **mp = ctx, *m = *mp;

	m->captured = captured;
	m->fromto = from | to;
	m->from = pdn_idx_square[bit_index(from)];
	m->to = pdn_idx_square[bit_index(to)];
	m->ncap = 1;
	m->promotes = crowned != 0;
	m->path[0] = m->to;
	*mp = m + 1;
}

int
intl_captures(pdn_movelist *list, const pdn_position *pos,
    const uint64_t can[4])
{
	struct capture c;
	uint64_t us, them, men, kings, b, empty, jumpers[4];
	int d, idx;

	us = pos->side == PDN_WHITE ? pos->white : pos->black;
	them = pos->side == PDN_WHITE ? pos->black : pos->white;
	empty = BOARD_MASK & ~(us | them);
	men = us & ~pos->kings;
	c.crown = pos->side == PDN_WHITE ? WHITE_CROWN : BLACK_CROWN;
	for (d = 0; d < 4; d++)
		jumpers[d] = men & can[d];
	c.list = list;
	c.enemy = them;
	c.best = 0;
	c.overflow = 0;
	list->n = 0;
	for (d = 0; d < 4; d++)
		first_jumps(&c, jumpers[d], dirs[d], empty);
	for (kings = us & pos->kings; kings; kings &= kings - 1) {
		b = kings & -kings;
		idx = bit_index(b);
		c.empty = empty | b;
		c.from = pdn_idx_square[idx];
		king_capture(&c, idx, 0, 0);
	}
	return c.overflow ? PDN_ERANGE : list->n;
}

/* Appends a quiet move to the list (a quiet_fn; ctx is a pdn_move **). */
static void
append_quiet(void *ctx, uint64_t from, uint64_t to, uint64_t crowned,
    int king)
{
	pdn_move **mp = ctx, *m = *mp;

	(void)king;
	m->captured = 0;
	m->fromto = from | to;
	m->from = pdn_idx_square[bit_index(from)];
	m->to = pdn_idx_square[bit_index(to)];
	m->ncap = 0;
	m->promotes = crowned != 0;
	*mp = m + 1;
}

int
pdn_generate(pdn_movelist *list, const pdn_position *pos)
{
	if (pos->variant != 0)
		return vargen_generate(list, pos, pdn_variant_of(pos));
	return intl_generate(list, pos);
}

int
intl_generate(pdn_movelist *list, const pdn_position *pos)
{
	uint64_t can[4];
	pdn_move *m = list->m;

	if (capture_sets(pos, can)) {
		if ((list->n = single_captures(pos, can, append_single,
		    &m)) >= 0)
			return list->n;
		return intl_captures(list, pos, can);
	}
	/* At most 20 pieces with 17 moves each: the list cannot overflow. */
	quiet_moves(pos, append_quiet, &m);
	list->n = (int)(m - list->m);
	return list->n;
}

int
pdn_count_moves(const pdn_position *pos)
{
	pdn_movelist list;
	int n;

	if (pos->variant != 0) {
		n = pdn_generate(&list, pos);
		return n < 0 ? PDN_MAX_MOVES : n;
	}
	return intl_count_moves(pos);
}

/*
 * Counts nothing itself (a single_fn): single_captures() counts the
 * captures it visits.
 */
static void
skip_single(void *ctx, uint64_t from, uint64_t to, uint64_t captured,
    uint64_t crowned)
{
	(void)ctx;
	(void)from;
	(void)to;
	(void)captured;
	(void)crowned;
}

/*
 * Captures of one piece by men are counted without a list: with the list
 * of intl_generate(), perft -b -d 8 took 332.4 M instructions (callgrind,
 * generic path; bmi2 327.5 M), without 280.7 M (275.8 M).
 */
int
intl_count_moves(const pdn_position *pos)
{
	pdn_movelist list;
	uint64_t us, men, kings, empty, b, can[4];
	int white = pos->side == PDN_WHITE, d, n;

	if (capture_sets(pos, can)) {
		if ((n = single_captures(pos, can, skip_single, NULL)) >= 0)
			return n;
		n = intl_captures(&list, pos, can);
		return n < 0 ? PDN_MAX_MOVES : n;
	}
	us = white ? pos->white : pos->black;
	men = us & ~pos->kings;
	empty = BOARD_MASK & ~(pos->white | pos->black);
	if (white)
		n = popcount((men >> 5) & empty) + popcount((men >> 6) & empty);
	else
		n = popcount((men << 5) & empty) + popcount((men << 6) & empty);
	for (kings = us & pos->kings; kings; kings &= kings - 1)
		for (d = 0; d < 4; d++)
			for (b = step(kings & -kings, dirs[d]); b & empty;
			    b = step(b, dirs[d]))
				n++;
	return n;
}

void
pdn_make(pdn_position *pos, const pdn_move *m)
{
	make_any(pos, pos, m);
}
