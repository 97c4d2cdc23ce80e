/*
 * A position as the library sees it (private to libpdn, which compiles
 * every file with this header first: the Makefile's -include).  A program
 * sees the same 32 bytes as opaque words (<pdn/core.h>); position.c checks
 * that both have one size and alignment.  The fields stay as they are:
 * they are what the move generators of every variant work on.
 */
#ifndef PDN_LAYOUT_H
#define PDN_LAYOUT_H

#include <stdint.h>

/*
 * white, black: the squares of each colour's men and kings; kings: the
 * kings of both colours.  The bits are the library's square layout of the
 * position's variant (square_bit() in board.h).  side: the side to move.
 * variant: the library's number of the variant (0: international),
 * pdn_variant_of() its descriptor.  hi: bits 64-71 of white, black and
 * kings on the boards of more than 64 squares (Canadian draughts), zero on
 * the others.
 */
#define PDN_POSITION_LAYOUT \
	uint64_t white; \
	uint64_t black; \
	uint64_t kings; \
	pdn_colour side; \
	uint8_t variant; \
	uint8_t hi[3];

#endif /* PDN_LAYOUT_H */
