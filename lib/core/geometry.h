/*
 * The board numberings (private to libpdn): the squares of each board,
 * their files, ranks and neighbours, in tables that geometry.c holds
 * (written by scripts/geometry.py) and each variant's descriptor points
 * to (variant.h).
 */
#ifndef PDN_GEOMETRY_H
#define PDN_GEOMETRY_H

#include <stdint.h>

/* The largest board of the tables: 12x12, 72 squares. */
#define GEOM_MAX 72

/*
 * A board numbering (geometry.c, written by scripts/geometry.py): the file
 * x and rank y of each square (0-based, White at the bottom), its
 * neighbours and the square at each (x, y).  Directions 0-3 are the
 * diagonals, 4-7 the orthogonal lines (one played square apart); d ^ 1 is
 * the opposite of d; White's men move in directions 0 and 2 (+y), Black's
 * in 1 and 3.
 */
struct geometry {
	uint8_t width, height, squares;
	uint8_t x[GEOM_MAX + 1], y[GEOM_MAX + 1];
	/*
	 * The bit of each square in the bitboards, and the square of each
	 * bit: n - 1, except on the 12x12 board, whose 50 inner squares come
	 * first (bits 0-49) and edge squares last (50-71, those from 64 on
	 * in pdn_position.hi): a captured piece is never on an edge square,
	 * so a move's captured set fits 64 bits.
	 */
	uint8_t bit[GEOM_MAX + 1];
	uint8_t sq[80];
	uint8_t nb[GEOM_MAX + 1][8];
	uint8_t at[12][12];	/* [y][x]; 0 for an unplayed square */
};

extern const struct geometry pdn_geom_tl8, pdn_geom_italian8,
    pdn_geom_spanish8, pdn_geom_thai8, pdn_geom_tl10, pdn_geom_tl12;

#endif /* PDN_GEOMETRY_H */
