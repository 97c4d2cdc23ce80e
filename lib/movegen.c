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

#include "board.h"

static const int dirs[4] = { -6, -5, 5, 6 };

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

/* Keeps a finished capture sequence if no longer one is known. */
static void
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
	 * Taking the same pieces in another order needs a closed tour round
	 * them, so sequences of fewer than three captures are never twins.
	 */
	for (i = 0; n >= 3 && i < list->n; i++) {
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
 * Where a man on `b` lands when it jumps in direction `dir`: 0 when it
 * cannot.
 */
static inline uint64_t
man_landing(uint64_t b, int dir, uint64_t enemy, uint64_t empty)
{
	return step(step(b, dir) & enemy, dir) & empty;
}

/*
 * Goes on with a man's capture from bit `idx`.  Most sequences end after
 * one jump, so all four directions are tried at once first and only a man
 * that can jump again branches out.
 */
static void
man_capture(struct capture *c, int idx, uint64_t captured, int n)
{
	uint64_t b = 1ULL << idx, enemy = c->enemy & ~captured;
	uint64_t land[4];
	int d;

	land[0] = man_landing(b, -6, enemy, c->empty);
	land[1] = man_landing(b, -5, enemy, c->empty);
	land[2] = man_landing(b, 5, enemy, c->empty);
	land[3] = man_landing(b, 6, enemy, c->empty);
	if ((land[0] | land[1] | land[2] | land[3]) == 0) {
		record(c, idx, captured, n, 1);
		return;
	}
	for (d = 0; d < 4; d++) {
		if (land[d] == 0)
			continue;
		c->path[n] = pdn_idx_square[bit_index(land[d])];
		man_capture(c, bit_index(land[d]),
		    captured | step(b, dirs[d]), n + 1);
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

/* The men of `men` that can jump a piece of `enemy` right now. */
static uint64_t
man_capturers(uint64_t men, uint64_t enemy, uint64_t empty)
{
	return men & (((enemy >> 5) & (empty >> 10)) |
	    ((enemy >> 6) & (empty >> 12)) |
	    ((enemy << 5) & (empty << 10)) |
	    ((enemy << 6) & (empty << 12)));
}

static int
king_can_capture(uint64_t king, uint64_t enemy, uint64_t empty)
{
	uint64_t b;
	int d;

	for (d = 0; d < 4; d++) {
		b = step(king, dirs[d]);
		while (b & empty)
			b = step(b, dirs[d]);
		if ((b & enemy) && (step(b, dirs[d]) & empty))
			return 1;
	}
	return 0;
}

static inline int
has_capture(const pdn_position *pos)
{
	uint64_t us, them, empty, kings;

	us = pos->side == PDN_WHITE ? pos->white : pos->black;
	them = pos->side == PDN_WHITE ? pos->black : pos->white;
	empty = BOARD_MASK & ~(us | them);
	if (man_capturers(us & ~pos->kings, them, empty))
		return 1;
	for (kings = us & pos->kings; kings; kings &= kings - 1)
		if (king_can_capture(kings & -kings, them, empty | (kings & -kings)))
			return 1;
	return 0;
}

int
pdn_has_capture(const pdn_position *pos)
{
	return has_capture(pos);
}

static int
gen_captures(const pdn_position *pos, pdn_movelist *list)
{
	struct capture c;
	uint64_t us, them, men, kings, b, empty;
	int idx;

	us = pos->side == PDN_WHITE ? pos->white : pos->black;
	them = pos->side == PDN_WHITE ? pos->black : pos->white;
	c.list = list;
	c.enemy = them;
	c.crown = pos->side == PDN_WHITE ? WHITE_CROWN : BLACK_CROWN;
	c.best = 0;
	c.overflow = 0;
	list->n = 0;
	empty = BOARD_MASK & ~(us | them);
	men = us & ~pos->kings;
	/* The first jump of every man, one direction at a time. */
	first_jumps(&c, men & (them >> 6) & (empty >> 12), 6, empty);
	first_jumps(&c, men & (them >> 5) & (empty >> 10), 5, empty);
	first_jumps(&c, men & (them << 5) & (empty << 10), -5, empty);
	first_jumps(&c, men & (them << 6) & (empty << 12), -6, empty);
	for (kings = us & pos->kings; kings; kings &= kings - 1) {
		b = kings & -kings;
		idx = bit_index(b);
		c.empty = (BOARD_MASK & ~(us | them)) | b;
		c.from = pdn_idx_square[idx];
		king_capture(&c, idx, 0, 0);
	}
	return c.overflow ? PDN_ERANGE : list->n;
}

/*
 * Quiet moves never overflow the list: 20 pieces have at most 17 moves each
 * (a king in the centre), far below PDN_MAX_MOVES.
 */
static inline pdn_move *
add_quiet(pdn_move *m, int from, int to, int promotes)
{
	m->captured = 0;
	m->fromto = (1ULL << from) | (1ULL << to);
	m->from = pdn_idx_square[from];
	m->to = pdn_idx_square[to];
	m->ncap = 0;
	m->promotes = (uint8_t)promotes;
	return m + 1;
}

/*
 * Quiet man moves: all men step at once; the shift that brought a man to
 * its target says where it came from.
 */
static pdn_move *
gen_man_moves(uint64_t men, uint64_t empty, uint64_t crown, int white,
    pdn_move *m)
{
	uint64_t t5, t6;
	int to;

	t5 = white ? (men >> 5) & empty : (men << 5) & empty;
	t6 = white ? (men >> 6) & empty : (men << 6) & empty;
	for (; t5; t5 &= t5 - 1) {
		to = bit_index(t5);
		m = add_quiet(m, white ? to + 5 : to - 5, to, (crown >> to) & 1);
	}
	for (; t6; t6 &= t6 - 1) {
		to = bit_index(t6);
		m = add_quiet(m, white ? to + 6 : to - 6, to, (crown >> to) & 1);
	}
	return m;
}

static pdn_move *
gen_king_moves(uint64_t kings, uint64_t empty, pdn_move *m)
{
	uint64_t b;
	int d, from;

	for (; kings; kings &= kings - 1) {
		from = bit_index(kings);
		for (d = 0; d < 4; d++)
			for (b = step(kings & -kings, dirs[d]); b & empty;
			    b = step(b, dirs[d]))
				m = add_quiet(m, from, bit_index(b), 0);
	}
	return m;
}

int
pdn_generate(const pdn_position *pos, pdn_movelist *list)
{
	uint64_t us, empty;
	int white = pos->side == PDN_WHITE;
	pdn_move *m;

	if (has_capture(pos))
		return gen_captures(pos, list);
	us = white ? pos->white : pos->black;
	empty = BOARD_MASK & ~(pos->white | pos->black);
	m = gen_man_moves(us & ~pos->kings, empty,
	    white ? WHITE_CROWN : BLACK_CROWN, white, list->m);
	m = gen_king_moves(us & pos->kings, empty, m);
	list->n = (int)(m - list->m);
	return list->n;
}

int
pdn_count_moves(const pdn_position *pos)
{
	pdn_movelist list;
	uint64_t us, men, kings, empty, b;
	int white = pos->side == PDN_WHITE, d, n;

	if (has_capture(pos)) {
		n = gen_captures(pos, &list);
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
	make_move(pos, m);
}
