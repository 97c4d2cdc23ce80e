/*
 * Perft: the number of leaf nodes of the legal move tree.
 *
 * The last two plies are where the time goes, so there quiet positions (the
 * majority) never list their moves: the quiet-move walker of movegen.h
 * hands each move to a visitor that plays it on the spot, and so do the
 * positions where men alone take one piece each.  Positions with a longer
 * capture or a king that may capture take the generator's list, since the
 * majority rule is only known once every capture has been found.
 */
#include "make.h"
#include "movegen.h"
#include "variant.h"

/* A position being walked, and the nodes counted below it so far. */
struct walk {
	pdn_position pos;
	uint64_t nodes;
};

/*
 * The position after a quiet move as the walker gives it, written field
 * by field into *child (see make_move_to(): a copy of the whole position
 * right after its fields were written would stall).  The walker says
 * whether a king moves, so a man's move is played without make_move_to()'s
 * test of the kings.
 */
static inline void
after_quiet(pdn_position *child, const pdn_position *pos, uint64_t from,
    uint64_t to, uint64_t crowned, int king)
{
	uint64_t ft = from | to;

	if (pos->side == PDN_WHITE) {
		child->white = pos->white ^ ft;
		child->black = pos->black;
	} else {
		child->white = pos->white;
		child->black = pos->black ^ ft;
	}
	child->kings = king ? pos->kings ^ ft : pos->kings | crowned;
	child->side = (pdn_colour)!pos->side;
	copy_variant(child, pos);
}

/*
 * A leaf position has been reached.  The empty asm statement hands it to
 * the compiler as used, so the optimiser cannot drop leaf moves as dead
 * code: without bulk counting every leaf move is really played.
 */
static inline void
leaf(const pdn_position *p)
{
	__asm__ volatile("" : : "r"(p->white), "r"(p->black), "r"(p->kings),
	    "r"(p->side));
}

/* Plays one quiet leaf move (a quiet_fn). */
static void
play_leaf(void *ctx, uint64_t from, uint64_t to, uint64_t crowned, int king)
{
	struct walk *w = ctx;
	pdn_position child;

	after_quiet(&child, &w->pos, from, to, crowned, king);

	leaf(&child);
	w->nodes++;
}

/* Plays one leaf capture of a single piece by a man (a single_fn). */
static void
capture_leaf(void *ctx, uint64_t from, uint64_t to, uint64_t captured,
    uint64_t crowned)
{
	struct walk *w = ctx;
	const pdn_position *pos = &w->pos;
	pdn_position child;
	uint64_t ft = from | to;

	if (pos->side == PDN_WHITE) {
		child.white = pos->white ^ ft;
		child.black = pos->black & ~captured;
	} else {
		child.white = pos->white & ~captured;
		child.black = pos->black ^ ft;
	}
	child.kings = (pos->kings & ~captured) | crowned;
	child.side = (pdn_colour)!pos->side;

	leaf(&child);
	w->nodes++;
}

/* Plays and counts the leaf moves of a position with a longer capture. */
static __attribute__((noinline)) uint64_t
capture_leaves(const pdn_position *pos, const uint64_t can[4])
{
	pdn_movelist list;
	pdn_position child;
	int i, n;

	n = intl_captures(&list, pos, can);
	if (n < 0)
		n = list.n;
	for (i = 0; i < n; i++) {
		make_move_to(&child, pos, &list.m[i]);
		leaf(&child);
	}
	return (uint64_t)n;
}

/*
 * Plays and counts the moves of a position (depth 1 without bulk
 * counting).  It has no move list of its own, so that the most frequent
 * call stays small: quiet moves and captures of one piece by a man are
 * played as the walkers of movegen.h find them, from their bits.  With
 * the walker's bit indices, make_move_to()'s tests and every capture
 * listed first, perft -d 8 took 554.5 M instructions (callgrind); this
 * way 441.0 M.
 */
static uint64_t
leaves(const pdn_position *pos)
{
	struct walk w;
	uint64_t can[4];

	w.pos = *pos;
	w.nodes = 0;
	if (capture_sets(pos, can)) {
		if (single_captures(pos, can, capture_leaf, &w) >= 0)
			return w.nodes;
		return capture_leaves(pos, can);
	}
	quiet_moves(pos, play_leaf, &w);
	return w.nodes;
}

/* Depth 2, quiet position: play each move, then its leaves (quiet_fn). */
static void
play_then_leaves(void *ctx, uint64_t from, uint64_t to, uint64_t crowned,
    int king)
{
	struct walk *w = ctx;
	pdn_position child;

	after_quiet(&child, &w->pos, from, to, crowned, king);

	w->nodes += leaves(&child);
}

/* Depth 2, quiet position, bulk: play each move, count the next (quiet_fn). */
static void
play_then_count(void *ctx, uint64_t from, uint64_t to, uint64_t crowned,
    int king)
{
	struct walk *w = ctx;
	pdn_position child;

	after_quiet(&child, &w->pos, from, to, crowned, king);

	w->nodes += (uint64_t)intl_count_moves(&child);
}

static uint64_t
perft(const pdn_position *pos, int depth, int bulk)
{
	pdn_movelist list;
	pdn_position child;
	struct walk w;
	uint64_t nodes = 0;
	int i, n;

	if (depth == 1)
		return bulk ? (uint64_t)intl_count_moves(pos) : leaves(pos);
	if (depth == 2 && !has_capture(pos)) {
		w.pos = *pos;
		w.nodes = 0;
		if (bulk)
			quiet_moves(pos, play_then_count, &w);
		else
			quiet_moves(pos, play_then_leaves, &w);
		return w.nodes;
	}
	n = intl_generate(&list, pos);
	if (n < 0)
		n = list.n;
	for (i = 0; i < n; i++) {
		make_move_to(&child, pos, &list.m[i]);
		nodes += perft(&child, depth - 1, bulk);
	}
	return nodes;
}

/*
 * Every variant but international: the moves from the generator, each
 * played.  (International's walk above plays quiet moves as they are
 * found, on its own bitboards.)
 */
static uint64_t
perft_variant(const pdn_position *pos, int depth, int bulk)
{
	pdn_movelist list;
	pdn_position child;
	uint64_t nodes = 0;
	int i, n;

	n = pdn_generate(&list, pos);
	if (n < 0)
		n = list.n;
	if (depth == 1 && bulk)
		return (uint64_t)n;
	for (i = 0; i < n; i++) {
		make_any(&child, pos, &list.m[i]);
		if (depth == 1)
			leaf(&child);
		else
			nodes += perft_variant(&child, depth - 1, bulk);
	}
	return depth == 1 ? (uint64_t)n : nodes;
}

uint64_t
pdn_perft(const pdn_position *pos, int depth, int bulk)
{
	if (depth <= 0)
		return 1;
	if (pos->variant != 0)
		return perft_variant(pos, depth, bulk != 0);
	return perft(pos, depth, bulk != 0);
}
