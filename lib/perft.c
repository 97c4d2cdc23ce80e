/*
 * Perft: the number of leaf nodes of the legal move tree.
 */
#include "movegen.h"

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

/* The position whose leaf moves are being played, and their number. */
struct leaves {
	pdn_position pos;
	uint64_t nodes;
};

/*
 * Plays one leaf move (a quiet_fn).  The empty asm statement hands the
 * finished child position to the compiler as used, so the optimiser cannot
 * drop leaf moves as dead code: without bulk counting every leaf move is
 * really played.
 */
static void
play_leaf(void *ctx, int from, int to, int promotes)
{
	struct leaves *l = ctx;
	pdn_position leaf = l->pos;
	pdn_move m;

	m.captured = 0;
	m.fromto = (1ULL << from) | (1ULL << to);
	m.promotes = (uint8_t)promotes;
	make_move(&leaf, &m);
	__asm__ volatile("" : : "r"(leaf.white), "r"(leaf.black),
	    "r"(leaf.kings), "r"(leaf.side));
	l->nodes++;
}

/* Plays and counts the leaf moves of a position with a capture. */
static __attribute__((noinline)) uint64_t
capture_leaves(const pdn_position *pos)
{
	pdn_movelist list;
	pdn_position child;
	int i, n;

	n = pdn_generate(pos, &list);
	if (n < 0)
		n = list.n;
	for (i = 0; i < n; i++) {
		child = *pos;
		make_move(&child, &list.m[i]);
		__asm__ volatile("" : : "r"(child.white), "r"(child.black),
		    "r"(child.kings), "r"(child.side));
	}
	return (uint64_t)n;
}

/*
 * Plays and counts the leaf moves of a position.  Quiet leaves are played
 * as the walker finds them, never listed; this function has no move list
 * of its own so that the most frequent call stays small.
 */
static uint64_t
leaves(const pdn_position *pos)
{
	struct leaves l;

	if (has_capture(pos))
		return capture_leaves(pos);
	l.pos = *pos;
	l.nodes = 0;
	quiet_moves(pos, play_leaf, &l);
	return l.nodes;
}

static uint64_t
perft_full(const pdn_position *pos, int depth)
{
	pdn_movelist list;
	pdn_position child;
	uint64_t nodes = 0;
	int i, n;

	if (depth == 1)
		return leaves(pos);
	n = pdn_generate(pos, &list);
	if (n < 0)
		n = list.n;
	for (i = 0; i < n; i++) {
		child = *pos;
		make_move(&child, &list.m[i]);
		nodes += depth == 2 ? leaves(&child) :
		    perft_full(&child, depth - 1);
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
