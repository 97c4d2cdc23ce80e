/*
 * Board geometry shared by the rules modules (private to libpdn).
 *
 * The 50 squares live in a 64-bit word with a ghost bit after every ten
 * squares: square n (1..50) is bit s + s/10 with s = n - 1, so bits 10, 21,
 * 32 and 43 are never squares.  With that gap every diagonal step is a fixed
 * shift: +5 and +6 go one row towards square 50 (Black's forward), -5 and -6
 * one row towards square 1 (White's forward).  A step that would wrap round
 * the edge of the board lands on a ghost bit or beyond bit 53, both outside
 * BOARD_MASK, so masking after a shift is all the edge handling needed.
 */
#ifndef PDN_BOARD_H
#define PDN_BOARD_H

#include <stdint.h>

#include "pdn/core.h"

#define GHOSTS ((1ULL << 10) | (1ULL << 21) | (1ULL << 32) | (1ULL << 43))
#define BOARD_MASK (((1ULL << 54) - 1) & ~GHOSTS)
#define BIT_OF(n) (1ULL << ((n) - 1 + ((n) - 1) / 10))

/* The rows where men are crowned: 1-5 for White, 46-50 for Black. */
#define WHITE_CROWN (BIT_OF(1) | BIT_OF(2) | BIT_OF(3) | BIT_OF(4) | BIT_OF(5))
#define BLACK_CROWN (BIT_OF(46) | BIT_OF(47) | BIT_OF(48) | BIT_OF(49) | \
	BIT_OF(50))

/* Bit index (0..63) to square number (1..50), 0 for ghosts and beyond. */
extern const uint8_t pdn_idx_square[64];
/* Square number (0..50) to bit, 0 for square 0. */
extern const uint64_t pdn_square_bits[51];
/* The square (1..50) of a single-bit international bitboard; 0 for none. */
int intl_bit_square(uint64_t bit);

/*
 * The bit of square n in a position's bitboards: the ghost layout of
 * international draughts (variant 0), bit n - 1 in every other variant.
 */
static inline uint64_t
square_bit(const pdn_position *pos, int n)
{
	return pos->variant == 0 ? pdn_square_bits[n] : 1ULL << (n - 1);
}

static inline int
bit_index(uint64_t b)
{
	return __builtin_ctzll(b);
}

/*
 * The number of bits set.  With a popcount instruction (-march=native on
 * a CPU that has one, -mpopcnt) the builtin is that instruction; without
 * one gcc makes the builtin a call into libgcc, which cost bulk perft
 * (pdn_count_moves(): two counts per leaf) 7% against the instruction, so
 * a portable build counts inline instead, SWAR style: perft -b -d 10 then
 * took 1.75 s against 1.80 s for the native build (best of 6 runs each).
 */
static inline int
popcount(uint64_t b)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
	return __builtin_popcountll(b);
#else
	b -= (b >> 1) & 0x5555555555555555ULL;
	b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
	b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}

/*
 * The material classes of RULES.md 5.3 and 5.4, which the draw rules
 * (drawrules.c) count in and the replay compares lines by (replay.c).
 */
enum ending { ENDING_NONE, ENDING_16, ENDING_5 };

static inline enum ending
ending_of(const pdn_position *p)
{
	int n[2], k[2], lone, other;

	n[0] = popcount(p->white);
	n[1] = popcount(p->black);
	k[0] = popcount(p->white & p->kings);
	k[1] = popcount(p->black & p->kings);
	/* The 12x12 board's squares from bit 64 on. */
	if (p->hi[0] | p->hi[1]) {
		n[0] += popcount(p->hi[0]);
		n[1] += popcount(p->hi[1]);
		k[0] += popcount((unsigned)(p->hi[0] & p->hi[2]));
		k[1] += popcount((unsigned)(p->hi[1] & p->hi[2]));
	}
	/* The lone side has exactly one piece, a king.  When both have, the
	 * other side is one king as well: a 5-move ending either way. */
	if (n[0] == 1 && k[0] == 1)
		lone = 0;
	else if (n[1] == 1 && k[1] == 1)
		lone = 1;
	else
		return ENDING_NONE;
	other = 1 - lone;
	if (k[other] == 0)
		return ENDING_NONE;
	if (n[other] == 3)
		return ENDING_16;
	if (n[other] <= 2)
		return ENDING_5;
	return ENDING_NONE;
}

/*
 * One diagonal step of every bit in b, for a signed direction.  The result
 * may hold ghost bits or bits above the board; every caller intersects it
 * with a set of real squares (empty squares, enemy pieces), which drops
 * them, so no mask is needed here.
 */
static inline uint64_t
step(uint64_t b, int dir)
{
	return dir > 0 ? b << dir : b >> -dir;
}

#endif /* PDN_BOARD_H */
