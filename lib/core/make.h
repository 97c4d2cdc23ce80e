/*
 * A generated move played on a position (private to libpdn): in the
 * bitboards of board.h, and for the boards of more than 64 squares by the
 * squares of their variant (variant.h).  The move generators, perft, the
 * replay and the draw rules play moves so in their hot paths; pdn_make()
 * is the same for a program.
 */
#ifndef PDN_MAKE_H
#define PDN_MAKE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "move.h"
#include "pdn/core.h"
#include "variant.h"

/*
 * Plays a generated move of src into dst (pdn_make() in the hot paths).
 * The fields are read and written one by one: a position written field by
 * field and read back whole (a struct copy) right after would stall the
 * CPU, since narrow stores cannot forward to one wide load.  The mover's bits
 * change by the XOR of the from and to bits, so a king that comes back to
 * its own square after a capture stays where it is.  A promotion looks up
 * its square: a man that a FEN put on its own crown row may capture round
 * a loop and end where it started.
 */
static inline __attribute__((always_inline)) void
play_bits(pdn_position *dst, const pdn_position *src, const pdn_move *m)
{
	uint64_t ft = m->fromto, white = src->white, black = src->black;
	uint64_t kings = src->kings & ~m->captured, own;

	if (src->side == PDN_WHITE) {
		own = white;
		white ^= ft;
		black &= ~m->captured;
	} else {
		own = black;
		black ^= ft;
		white &= ~m->captured;
	}
	/*
	 * A king leaves its own square (ft & own) for its landing square,
	 * which the captures have emptied: in Thai draughts, where a piece
	 * taken leaves the board at once, a king may land on the square of a
	 * piece it took (fuzz/fen found "W:WK1:B6,9,17,19,27", whose 1x6 left
	 * a man on 6 when the captures were taken off the kings last).
	 */
	if (src->kings & ft & own)
		kings ^= ft;
	else if (m->promotes)
		kings |= square_bit(src, m->to);
	dst->white = white;
	dst->black = black;
	dst->kings = kings;
	dst->side = (pdn_colour)!src->side;
}

/*
 * The variant and the high bits of a position, its last four bytes, in
 * one copy (a 12x12 position never comes here: see make_any() below).
 */
_Static_assert(offsetof(pdn_position, hi) ==
    offsetof(pdn_position, variant) + 1 && sizeof(pdn_position) ==
    offsetof(pdn_position, variant) + 4, "variant and hi end the position");

static inline void
copy_variant(pdn_position *dst, const pdn_position *src)
{
	memcpy(&dst->variant, &src->variant, 4);
}

static inline void
make_move_to(pdn_position *dst, const pdn_position *src, const pdn_move *m)
{
	play_bits(dst, src, m);
	copy_variant(dst, src);
}

/*
 * Plays a generated move on pos itself.  Its variant stays as it is:
 * a byte written there would stall the next whole read of the position
 * (perft -b -d 10 took 2.25 s against 1.48 s with that store).
 */
static inline void
make_move(pdn_position *pos, const pdn_move *m)
{
	play_bits(pos, pos, m);
}

/*
 * Plays a generated move of any variant: the boards of more than 64
 * squares by their squares, the others on the bitboards (board.h).
 */
static inline void
make_any(pdn_position *dst, const pdn_position *src, const pdn_move *m)
{
	if (src->variant == VARIANT_CANADIAN)
		vargen_make(dst, src, m);
	else
		make_move_to(dst, src, m);
}

#endif /* PDN_MAKE_H */
