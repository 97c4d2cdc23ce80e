/*
 * Moves and move lists as the library holds them (private to libpdn).
 * A program sees both only through pointers and the accessors of
 * <pdn/core.h>, so that a longer capture, a longer list or another board
 * changes these definitions and no program: the two bounds below are the
 * library's, not its ABI.
 */
#ifndef PDN_MOVE_H
#define PDN_MOVE_H

#include <stdint.h>

#include "pdn/core.h"

#define PDN_MAX_CAPTURES 20	/* a side has at most 20 pieces to lose */

/*
 * A legal move.  Squares are numbered as the variant's records do.  A
 * capture lists its landing squares in order (path[0..ncap-1], the last
 * being `to`) and the set of captured squares as a bitboard of the
 * position's layout (square_bit()); a quiet move has ncap == 0.  Moves are
 * identified by (from, to, captured set): sequences that take the same
 * pieces in another order and end on the same square are one move, whose
 * path is the first sequence found.
 */
struct pdn_move {
	uint64_t captured;	/* bitboard of captured squares */
	uint64_t fromto;	/* bits of from XOR to, for playing it */
	uint8_t from, to;	/* squares */
	uint8_t ncap;		/* number of pieces captured */
	uint8_t promotes;	/* nonzero when a man becomes a king */
	uint8_t path[PDN_MAX_CAPTURES];	/* landing squares of a capture */
};

/*
 * Enough for every position reachable in a game and for every position a
 * FEN can describe: the generator stops adding moves at this bound and
 * reports PDN_ERANGE rather than overrun.
 */
#define PDN_MAX_MOVES 512

struct pdn_movelist {
	int n;
	pdn_move m[PDN_MAX_MOVES];
};

/* The most moves match_moves() writes out. */
#define PDN_MATCH_MAX	64

/*
 * pdn_move_str(), pdn_move_str_unique() and pdn_square_str() with the
 * squares by file and rank ("c3") when alpha is 1, by number when 0,
 * whatever v's records write: the notation of a record that writes the
 * other one, for its diagnostics.
 */
int move_str_as(char *buf, const pdn_variant *v, const pdn_move *m,
    int full, int alpha);
int move_str_unique_as(char *buf, const pdn_variant *v, const pdn_move *m,
    const pdn_movelist *list, int alpha);
int square_str_as(char *buf, const pdn_variant *v, int square, int alpha);

#endif /* PDN_MOVE_H */
