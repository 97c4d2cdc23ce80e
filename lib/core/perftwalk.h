/*
 * The international perft walk (private to perft.c, which includes this
 * file once per code path).  WALK(name) gives each function the path's
 * own name and WALK_TARGET the path's instruction set, so that every path
 * is this one text compiled again: the helpers it calls (movegen.h's
 * walkers, perft.c's visitors) are inlined and compiled with the
 * instruction set of the function they land in.  See perft.c for the
 * paths and their figures.
 */

/*
 * Plays and counts the moves of a position (depth 1 without bulk
 * counting).  It has no move list of its own, so that the most frequent
 * call stays small: quiet moves and captures of one piece by a man are
 * played as the walkers of movegen.h find them, from their bits.  With
 * the walker's bit indices, make_move_to()'s tests and every capture
 * listed first, perft -d 8 took 554.5 M instructions (callgrind); this
 * way 441.0 M.  The position comes in registers, not through memory: by
 * a pointer, 383.4 M (generic path; bmi2 333.4 M), so 377.5 M (331.5 M).
 */
static WALK_TARGET uint64_t
WALK(leaves)(uint64_t white, uint64_t black, uint64_t kings,
    pdn_colour side)
{
	const pdn_position *pos;
	struct walk w;
	uint64_t can[4];

	/* An international position: variant 0, no high bits. */
	memset(&w.pos, 0, sizeof(w.pos));
	w.pos.white = white;
	w.pos.black = black;
	w.pos.kings = kings;
	w.pos.side = side;
	w.nodes = 0;
	pos = &w.pos;
	if (capture_sets(pos, can)) {
		if (single_captures(pos, can, capture_leaf, &w) >= 0)
			return w.nodes;
		return capture_leaves(pos, can);
	}
	quiet_moves(pos, play_leaf, &w);
	return w.nodes;
}

/* Depth 2, quiet position: play each move, then its leaves (quiet_fn). */
static inline void
WALK(play_then_leaves)(void *ctx, uint64_t from, uint64_t to,
    uint64_t crowned, int king)
{
	struct walk *w = ctx;
	pdn_position child;

	after_quiet(&child, &w->pos, from, to, crowned, king);

	w->nodes += WALK(leaves)(child.white, child.black, child.kings,
	    child.side);
}

static WALK_TARGET uint64_t
WALK(perft)(const pdn_position *pos, int depth, int bulk);

/*
 * Depth 3 and more, quiet position: play each move, then walk on
 * (quiet_fn).  With the moves listed first (intl_generate()) and played
 * from the list, perft -d 8 took 409.0 M instructions (callgrind,
 * generic path; bmi2 369.0 M), this way 399.7 M (358.9 M).
 */
static inline WALK_TARGET void
WALK(play_then_walk)(void *ctx, uint64_t from, uint64_t to,
    uint64_t crowned, int king)
{
	struct walk *w = ctx;
	pdn_position child;

	after_quiet(&child, &w->pos, from, to, crowned, king);

	w->nodes += WALK(perft)(&child, w->depth - 1, w->bulk);
}

/*
 * Depth 2 and more, a capture of one piece by a man: play it, then walk
 * on (single_fn).  Played from intl_generate()'s list, perft -d 8 took
 * 392.1 M instructions (callgrind, generic path; bmi2 343.2 M), this way
 * 383.4 M (333.4 M).
 */
static inline WALK_TARGET void
WALK(capture_then_walk)(void *ctx, uint64_t from, uint64_t to,
    uint64_t captured, uint64_t crowned)
{
	struct walk *w = ctx;
	pdn_position child;

	after_single(&child, &w->pos, from, to, captured, crowned);

	w->nodes += WALK(perft)(&child, w->depth - 1, w->bulk);
}

static WALK_TARGET uint64_t
WALK(perft)(const pdn_position *pos, int depth, int bulk)
{
	pdn_movelist list;
	pdn_position child;
	struct walk w;
	uint64_t nodes = 0, can[4];
	int i, n;

	if (depth == 1)
		return bulk ? (uint64_t)intl_count_moves(pos) :
		    WALK(leaves)(pos->white, pos->black, pos->kings, pos->side);
	w.pos = *pos;
	w.nodes = 0;
	w.depth = depth;
	w.bulk = bulk;
	if (!capture_sets(pos, can)) {
		if (depth > 2)
			quiet_moves(pos, WALK(play_then_walk), &w);
		else if (bulk)
			quiet_moves(pos, play_then_count, &w);
		else
			quiet_moves(pos, WALK(play_then_leaves), &w);
		return w.nodes;
	}
	if (single_captures(pos, can, WALK(capture_then_walk), &w) >= 0)
		return w.nodes;
	/* The majority rule needs every capture found: a list. */
	n = intl_captures(&list, pos, can);
	if (n < 0)
		n = list.n;
	for (i = 0; i < n; i++) {
		make_move_to(&child, pos, &list.m[i]);
		nodes += WALK(perft)(&child, depth - 1, bulk);
	}
	return nodes;
}
