/*
 * The square layout of international draughts' bitboards: 50 squares in
 * 55 bits, a ghost bit after each row of five (board.h), so that a step
 * in a direction is one shift on every square.  The tables lie below
 * every other file of the core that reads international bitboards
 * (variant.c, position.c, movegen.c), and call none of them.
 */
#include "board.h"

const uint8_t pdn_idx_square[64] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0,
	11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0,
	21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 0,
	31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 0,
	41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0
};

#define B5(n) BIT_OF(n), BIT_OF(n + 1), BIT_OF(n + 2), BIT_OF(n + 3), \
	BIT_OF(n + 4)
const uint64_t pdn_square_bits[51] = {
	0, B5(1), B5(6), B5(11), B5(16), B5(21), B5(26), B5(31), B5(36),
	B5(41), B5(46)
};
#undef B5

int
intl_bit_square(uint64_t bit)
{
	if (bit == 0 || (bit & (bit - 1)) != 0 || (bit & BOARD_MASK) == 0)
		return 0;
	return pdn_idx_square[bit_index(bit)];
}

