/*
 * Perft: the number of leaf nodes of the legal move tree.
 */
#include "board.h"

static uint64_t
perft_bulk(const pdn_position *pos, int depth)
{
	pdn_movelist list;
	pdn_position child;
	uint64_t nodes = 0;
	int i, n;

	if (depth == 1)
		return (uint64_t)pdn_count_moves(pos);
	n = pdn_generate(pos, &list);
	if (n < 0)
		n = list.n;
	for (i = 0; i < n; i++) {
		child = *pos;
		make_move(&child, &list.m[i]);
		nodes += perft_bulk(&child, depth - 1);
	}
	return nodes;
}

/*
 * Without bulk counting every leaf move is played.  The empty asm statement
 * hands the finished child position to the compiler as used, so the
 * optimiser cannot drop the leaf moves as dead code.
 */
static uint64_t
perft_full(const pdn_position *pos, int depth)
{
	pdn_movelist list;
	pdn_position child, leaf;
	uint64_t nodes = 0;
	int i, n;

	n = pdn_generate(pos, &list);
	if (n < 0)
		n = list.n;
	if (depth > 1) {
		for (i = 0; i < n; i++) {
			child = *pos;
			make_move(&child, &list.m[i]);
			nodes += perft_full(&child, depth - 1);
		}
		return nodes;
	}
	/* The leaf position lives in registers: it never leaves this loop. */
	for (i = 0; i < n; i++) {
		leaf = *pos;
		make_move(&leaf, &list.m[i]);
		__asm__ volatile("" : : "r"(leaf.white), "r"(leaf.black),
		    "r"(leaf.kings), "r"(leaf.side));
		nodes++;
	}
	return nodes;
}

uint64_t
pdn_perft(const pdn_position *pos, int depth, int bulk)
{
	if (depth <= 0)
		return 1;
	return bulk ? perft_bulk(pos, depth) : perft_full(pos, depth);
}
