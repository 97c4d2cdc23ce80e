/*
 * Squares, positions and their hash.
 */
#include <string.h>

#include "board.h"
#include "variant.h"
#include "zobrist.h"

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

uint64_t
pdn_square_bit(int square)
{
	return square >= 1 && square <= PDN_SQUARES ? pdn_square_bits[square] : 0;
}

int
pdn_bit_square(uint64_t bit)
{
	if (bit == 0 || (bit & (bit - 1)) != 0 || (bit & BOARD_MASK) == 0)
		return 0;
	return pdn_idx_square[bit_index(bit)];
}

void
pdn_position_clear(pdn_position *pos, pdn_colour side)
{
	memset(pos, 0, sizeof(*pos));
	pos->side = side;
}

void
pdn_position_start(pdn_position *pos)
{
	int n;

	pdn_position_clear(pos, PDN_WHITE);
	for (n = 1; n <= 20; n++)
		pos->black |= pdn_square_bits[n];
	for (n = 31; n <= 50; n++)
		pos->white |= pdn_square_bits[n];
}

pdn_piece
pdn_position_get(const pdn_position *pos, int square)
{
	uint64_t b = pdn_variant_square_bit(pdn_variant_of(pos), square);
	int king = (pos->kings & b) != 0;

	if (pos->white & b)
		return king ? PDN_WHITE_KING : PDN_WHITE_MAN;
	if (pos->black & b)
		return king ? PDN_BLACK_KING : PDN_BLACK_MAN;
	return PDN_EMPTY;
}

void
pdn_position_set(pdn_position *pos, int square, pdn_piece piece)
{
	uint64_t b = pdn_variant_square_bit(pdn_variant_of(pos), square);

	pos->white &= ~b;
	pos->black &= ~b;
	pos->kings &= ~b;
	switch (piece) {
	case PDN_WHITE_KING:
		pos->kings |= b;
		/* FALLTHROUGH */
	case PDN_WHITE_MAN:
		pos->white |= b;
		break;
	case PDN_BLACK_KING:
		pos->kings |= b;
		/* FALLTHROUGH */
	case PDN_BLACK_MAN:
		pos->black |= b;
		break;
	case PDN_EMPTY:
		break;
	}
}

int
pdn_position_equal(const pdn_position *a, const pdn_position *b)
{
	return a->white == b->white && a->black == b->black &&
	    a->kings == b->kings && a->side == b->side &&
	    a->variant == b->variant;
}

int
pdn_position_count(const pdn_position *pos, pdn_colour c)
{
	return popcount(c == PDN_WHITE ? pos->white : pos->black);
}

int
pdn_position_kings(const pdn_position *pos, pdn_colour c)
{
	return popcount((c == PDN_WHITE ? pos->white : pos->black) &
	    pos->kings);
}

/* The Zobrist kind index of a colour and kind: see zobrist.h. */
static int
kind(int black, int king)
{
	return black + 2 * king;
}

/*
 * The keys of a set of pieces of kind k, by square number: the ghost
 * layout's for international (`intl`), bit n - 1 for square n otherwise.
 */
static uint64_t
hash_set(uint64_t set, int k, int intl)
{
	uint64_t h = 0;

	for (; set != 0; set &= set - 1)
		h ^= pdn_zobrist_piece[k][intl ?
		    pdn_idx_square[bit_index(set)] : bit_index(set) + 1];
	return h;
}

uint64_t
pdn_position_hash(const pdn_position *pos)
{
	uint64_t h;

	int intl = pos->variant == 0;

	h = hash_set(pos->white & ~pos->kings, kind(0, 0), intl) ^
	    hash_set(pos->black & ~pos->kings, kind(1, 0), intl) ^
	    hash_set(pos->white & pos->kings, kind(0, 1), intl) ^
	    hash_set(pos->black & pos->kings, kind(1, 1), intl);
	if (pos->side == PDN_BLACK)
		h ^= pdn_zobrist_black;
	return h;
}

uint64_t
pdn_hash_after(uint64_t h, const pdn_position *pos, const pdn_move *m)
{
	int black = pos->side == PDN_BLACK, intl = pos->variant == 0;
	uint64_t from = intl ? pdn_square_bits[m->from] : 1ULL << (m->from - 1);
	int king = (pos->kings & from) != 0;
	uint64_t them = black ? pos->white : pos->black;

	h ^= pdn_zobrist_piece[kind(black, king)][m->from];
	h ^= pdn_zobrist_piece[kind(black, king || m->promotes)][m->to];
	h ^= hash_set(m->captured & them & ~pos->kings, kind(!black, 0),
	    intl);
	h ^= hash_set(m->captured & them & pos->kings, kind(!black, 1), intl);
	return h ^ pdn_zobrist_black;
}
