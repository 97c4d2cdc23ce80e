/* Zobrist keys for position hashing (private to libpdn). */
#ifndef PDN_ZOBRIST_H
#define PDN_ZOBRIST_H

#include <stdint.h>

/* Indexed [kind][square]: kind 0 white man, 1 black man, 2 white king,
 * 3 black king; square 1..72. */
extern const uint64_t pdn_zobrist_piece[4][73];
extern const uint64_t pdn_zobrist_black;

#endif /* PDN_ZOBRIST_H */
