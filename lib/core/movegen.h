/*
 * The quiet-move walker (private to libpdn), shared by the move generator
 * and by perft, which plays leaf moves as they are found instead of
 * listing them first.
 */
#ifndef PDN_MOVEGEN_H
#define PDN_MOVEGEN_H

#include "board.h"

/* The four diagonal directions as bit shifts (see board.h). */
static const int dirs[4] = { -6, -5, 5, 6 };

/*
 * The squares from which a man could jump a piece of `enemy` in each
 * direction of dirs[] right now: an enemy next to it that way and an empty
 * square behind.  The men standing there are the ones that can capture.
 */
static inline void
jumpable(uint64_t enemy, uint64_t empty, uint64_t can[4])
{
	can[0] = (enemy << 6) & (empty << 12);
	can[1] = (enemy << 5) & (empty << 10);
	can[2] = (enemy >> 5) & (empty >> 10);
	can[3] = (enemy >> 6) & (empty >> 12);
}

static inline int
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

/* Nonzero when a king of `kings` can capture. */
static inline int
kings_can_capture(uint64_t kings, uint64_t enemy, uint64_t empty)
{
	for (; kings; kings &= kings - 1)
		if (king_can_capture(kings & -kings, enemy, empty))
			return 1;
	return 0;
}

static inline int
has_capture(const pdn_position *pos)
{
	uint64_t us, them, empty, can[4];

	us = pos->side == PDN_WHITE ? pos->white : pos->black;
	them = pos->side == PDN_WHITE ? pos->black : pos->white;
	empty = BOARD_MASK & ~(us | them);
	jumpable(them, empty, can);
	if (us & ~pos->kings & (can[0] | can[1] | can[2] | can[3]))
		return 1;
	return kings_can_capture(us & pos->kings, them, empty);
}

/*
 * pdn_generate() and pdn_count_moves() of international draughts, for a
 * position of that variant: its own walks (perft) call them straight.
 */
int intl_generate(pdn_movelist *list, const pdn_position *pos);
int intl_count_moves(const pdn_position *pos);

/* Receives one quiet move: bit indices of from and to, and promotion. */
typedef void quiet_fn(void *ctx, int from, int to, int promotes);

/*
 * Calls `visit` for every quiet move of the side to move, men first.  Only
 * meaningful when the side to move has no capture.  Always inlined, so
 * that each caller gets its own copy with `visit` inlined in turn.
 */
static inline __attribute__((always_inline)) void
quiet_moves(const pdn_position *pos, quiet_fn *visit, void *ctx)
{
	int white = pos->side == PDN_WHITE, d, from, to;
	uint64_t us = white ? pos->white : pos->black;
	uint64_t men = us & ~pos->kings, kings = us & pos->kings;
	uint64_t empty = BOARD_MASK & ~(pos->white | pos->black);
	uint64_t crown = white ? WHITE_CROWN : BLACK_CROWN;
	uint64_t t5, t6, b;

	/*
	 * All men step at once; the shift that brought a man to its target
	 * says where it came from.
	 */
	t5 = white ? (men >> 5) & empty : (men << 5) & empty;
	t6 = white ? (men >> 6) & empty : (men << 6) & empty;
	for (; t5; t5 &= t5 - 1) {
		to = bit_index(t5);
		visit(ctx, white ? to + 5 : to - 5, to, (int)(crown >> to) & 1);
	}
	for (; t6; t6 &= t6 - 1) {
		to = bit_index(t6);
		visit(ctx, white ? to + 6 : to - 6, to, (int)(crown >> to) & 1);
	}
	for (; kings; kings &= kings - 1) {
		from = bit_index(kings);
		for (d = 0; d < 4; d++)
			for (b = step(kings & -kings, dirs[d]); b & empty;
			    b = step(b, dirs[d]))
				visit(ctx, from, bit_index(b), 0);
	}
}

#endif /* PDN_MOVEGEN_H */
