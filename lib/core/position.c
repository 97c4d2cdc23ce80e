/*
 * Squares, positions and their hash.
 */
#include <stddef.h>
#include <string.h>

#include "board.h"
#include "make.h"
#include "variant.h"
#include "zobrist.h"

/*
 * A program sees a position as four opaque words (<pdn/core.h>); the
 * library's fields (layout.h) must fill exactly those, with no padding:
 * positions are compared and hashed as bytes.
 */
struct opaque_position {
	uint64_t opaque_[4];
};
_Static_assert(sizeof(pdn_position) == sizeof(struct opaque_position) &&
    _Alignof(pdn_position) == _Alignof(struct opaque_position),
    "a position is 32 bytes aligned as a uint64_t");
_Static_assert(offsetof(pdn_position, hi) + 3 == sizeof(pdn_position),
    "a position has no padding");

pdn_colour
pdn_position_side(const pdn_position *pos)
{
	return pos->side;
}

void
pdn_position_set_side(pdn_position *pos, pdn_colour side)
{
	pos->side = side == PDN_BLACK ? PDN_BLACK : PDN_WHITE;
}

pdn_piece
pdn_position_get(const pdn_position *pos, int square)
{
	const pdn_variant *v = pdn_variant_of(pos);
	int b, king;

	if (square < 1 || square > pdn_variant_squares(v))
		return PDN_EMPTY;
	b = variant_bit(v, square);
	king = set_has(pos, 2, b);
	if (set_has(pos, 0, b))
		return king ? PDN_WHITE_KING : PDN_WHITE_MAN;
	if (set_has(pos, 1, b))
		return king ? PDN_BLACK_KING : PDN_BLACK_MAN;
	return PDN_EMPTY;
}

void
pdn_position_set(pdn_position *pos, int square, pdn_piece piece)
{
	const pdn_variant *v = pdn_variant_of(pos);
	int b;

	if (square < 1 || square > pdn_variant_squares(v))
		return;
	b = variant_bit(v, square);
	set_put(pos, 0, b, piece == PDN_WHITE_MAN || piece == PDN_WHITE_KING);
	set_put(pos, 1, b, piece == PDN_BLACK_MAN || piece == PDN_BLACK_KING);
	set_put(pos, 2, b, piece == PDN_WHITE_KING || piece == PDN_BLACK_KING);
}

int
pdn_position_equal(const pdn_position *a, const pdn_position *b)
{
	return a->white == b->white && a->black == b->black &&
	    a->kings == b->kings && a->side == b->side &&
	    a->variant == b->variant && a->hi[0] == b->hi[0] &&
	    a->hi[1] == b->hi[1] && a->hi[2] == b->hi[2];
}

int
pdn_position_count(const pdn_position *pos, pdn_colour c)
{
	return popcount(c == PDN_WHITE ? pos->white : pos->black) +
	    popcount(pos->hi[c == PDN_WHITE ? 0 : 1]);
}

int
pdn_position_kings(const pdn_position *pos, pdn_colour c)
{
	return popcount((c == PDN_WHITE ? pos->white : pos->black) &
	    pos->kings) + popcount((unsigned)(pos->hi[c == PDN_WHITE ? 0 : 1] &
	    pos->hi[2]));
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
hash_set(uint64_t set, int k, const pdn_variant *v, int shift)
{
	uint64_t h = 0;

	for (; set != 0; set &= set - 1)
		h ^= pdn_zobrist_piece[k][variant_is_intl(v) ?
		    pdn_idx_square[bit_index(set)] :
		    v->geom->sq[bit_index(set) + shift]];
	return h;
}

uint64_t
pdn_position_hash(const pdn_position *pos)
{
	uint64_t h;

	const pdn_variant *v = pdn_variant_of(pos);

	h = hash_set(pos->white & ~pos->kings, kind(0, 0), v, 0) ^
	    hash_set(pos->black & ~pos->kings, kind(1, 0), v, 0) ^
	    hash_set(pos->white & pos->kings, kind(0, 1), v, 0) ^
	    hash_set(pos->black & pos->kings, kind(1, 1), v, 0);
	/* Squares from bit 64 on (12x12 boards). */
	if (pos->hi[0] | pos->hi[1])
		h ^= hash_set((uint64_t)(pos->hi[0] & ~pos->hi[2] & 0xff),
		    kind(0, 0), v, 64) ^
		    hash_set((uint64_t)(pos->hi[1] & ~pos->hi[2] & 0xff),
		    kind(1, 0), v, 64) ^
		    hash_set((uint64_t)(pos->hi[0] & pos->hi[2]), kind(0, 1),
		    v, 64) ^
		    hash_set((uint64_t)(pos->hi[1] & pos->hi[2]), kind(1, 1),
		    v, 64);
	if (pos->side == PDN_BLACK)
		h ^= pdn_zobrist_black;
	return h;
}

uint64_t
pdn_hash_after(uint64_t h, const pdn_position *pos, const pdn_move *m)
{
	const pdn_variant *v = pdn_variant_of(pos);
	int black = pos->side == PDN_BLACK;
	int king = set_has(pos, 2, variant_bit(v, m->from));
	uint64_t them = black ? pos->white : pos->black;

	/* The captured squares are never edge squares: all below bit 64. */
	h ^= pdn_zobrist_piece[kind(black, king)][m->from];
	h ^= pdn_zobrist_piece[kind(black, king || m->promotes)][m->to];
	h ^= hash_set(m->captured & them & ~pos->kings, kind(!black, 0), v, 0);
	h ^= hash_set(m->captured & them & pos->kings, kind(!black, 1), v, 0);
	return h ^ pdn_zobrist_black;
}
