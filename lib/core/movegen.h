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

/*
 * Fills can[] as jumpable() does for the side to move and returns nonzero
 * when that side has a capture.
 */
static inline int
capture_sets(const pdn_position *pos, uint64_t can[4])
{
	uint64_t us, them, empty;

	us = pos->side == PDN_WHITE ? pos->white : pos->black;
	them = pos->side == PDN_WHITE ? pos->black : pos->white;
	empty = BOARD_MASK & ~(us | them);
	jumpable(them, empty, can);
	if (us & ~pos->kings & (can[0] | can[1] | can[2] | can[3]))
		return 1;
	return kings_can_capture(us & pos->kings, them, empty);
}

static inline int
has_capture(const pdn_position *pos)
{
	uint64_t can[4];

	return capture_sets(pos, can);
}

/*
 * Receives one capture of a single piece by a man: the bits of its from
 * and to squares and of the piece taken; crowned as for quiet_fn below.
 */
typedef void single_fn(void *ctx, uint64_t from, uint64_t to,
    uint64_t captured, uint64_t crowned);

/*
 * The common case of a position with a capture (can[] from
 * capture_sets()): no king to move and no man that can jump twice, so
 * every capture takes one piece and comes straight from the jumper sets.
 * A man that has jumped in direction d could go on only in the three
 * other directions: the way back holds both the piece it jumped and its
 * own start square, the only squares whose state the capture has
 * changed.  So the board as it stands tells whether any man can jump
 * again.  Returns -1 without a visit when the case is not this one, else
 * the number of captures visited.  Always inlined, as quiet_moves().
 */
static inline __attribute__((always_inline)) int
single_captures(const pdn_position *pos, const uint64_t can[4],
    single_fn *visit, void *ctx)
{
	uint64_t us = pos->side == PDN_WHITE ? pos->white : pos->black;
	uint64_t crown = pos->side == PDN_WHITE ? WHITE_CROWN : BLACK_CROWN;
	uint64_t all = can[0] | can[1] | can[2] | can[3];
	uint64_t jumpers[4], again = 0, b, to;
	int d, n = 0;

	if (us & pos->kings)
		return -1;
	for (d = 0; d < 4; d++) {
		jumpers[d] = us & can[d];
		again |= step(jumpers[d], 2 * dirs[d]) & all & ~can[3 - d];
	}
	if (again != 0)
		return -1;
	/*
	 * Unrolled, each direction's shifts are constants: perft -d 8 took
	 * 399.7 M instructions (callgrind, generic path; bmi2 358.9 M) with
	 * the loop, 392.1 M (343.2 M) unrolled.
	 */
#pragma GCC unroll 4
	for (d = 0; d < 4; d++)
		for (b = jumpers[d]; b; b &= b - 1, n++) {
			to = step(b & -b, 2 * dirs[d]);
			visit(ctx, b & -b, to, step(b & -b, dirs[d]),
			    to & crown);
		}
	return n;
}

/*
 * pdn_generate() and pdn_count_moves() of international draughts, for a
 * position of that variant (perft calls intl_count_moves() straight).
 */
int intl_generate(pdn_movelist *list, const pdn_position *pos);
/*
 * intl_generate() of a position with a capture that single_captures()
 * above does not walk, can[] from capture_sets(): perft, which has tried
 * both, calls it straight.
 */
int intl_captures(pdn_movelist *list, const pdn_position *pos,
    const uint64_t can[4]);
int intl_count_moves(const pdn_position *pos);

/*
 * Receives one quiet move: the bits of its from and to squares; crowned,
 * the bit of `to` when a man is crowned there, else 0; king, nonzero when
 * a king moves.  The walker passes king as a constant in each of its
 * loops, so that a visitor inlined there plays a man's move without a
 * test or a bit index (see perft.c's leaves()).
 */
typedef void quiet_fn(void *ctx, uint64_t from, uint64_t to,
    uint64_t crowned, int king);

/*
 * Calls `visit` for every quiet move of the side to move, men first.  Only
 * meaningful when the side to move has no capture.  Always inlined, so
 * that each caller gets its own copy with `visit` inlined in turn.
 */
static inline __attribute__((always_inline)) void
quiet_moves(const pdn_position *pos, quiet_fn *visit, void *ctx)
{
	int white = pos->side == PDN_WHITE, d;
	uint64_t us = white ? pos->white : pos->black;
	uint64_t men = us & ~pos->kings, kings = us & pos->kings;
	uint64_t empty = BOARD_MASK & ~(pos->white | pos->black);
	uint64_t crown = white ? WHITE_CROWN : BLACK_CROWN;
	uint64_t t5, t6, b, to;

	/*
	 * All men step at once; the shift that brought a man to its target
	 * says where it came from.
	 */
	t5 = white ? (men >> 5) & empty : (men << 5) & empty;
	t6 = white ? (men >> 6) & empty : (men << 6) & empty;
	for (; t5; t5 &= t5 - 1) {
		to = t5 & -t5;
		visit(ctx, white ? to << 5 : to >> 5, to, to & crown, 0);
	}
	for (; t6; t6 &= t6 - 1) {
		to = t6 & -t6;
		visit(ctx, white ? to << 6 : to >> 6, to, to & crown, 0);
	}
	for (; kings; kings &= kings - 1)
		for (d = 0; d < 4; d++)
			for (b = step(kings & -kings, dirs[d]); b & empty;
			    b = step(b, dirs[d]))
				visit(ctx, kings & -kings, b, 0, 1);
}

#endif /* PDN_MOVEGEN_H */
