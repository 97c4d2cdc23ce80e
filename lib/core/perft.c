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
#include <stdlib.h>
#include <string.h>

#include "make.h"
#include "movegen.h"
#include "perft.h"
#include "variant.h"

/*
 * A position being walked, the nodes counted below it so far, and (for
 * the walk on from depth 3) the depth and bulk of the count.
 */
struct walk {
	pdn_position pos;
	uint64_t nodes;
	int depth, bulk;
};

/*
 * The position after a move as a walker of movegen.h gives it, a quiet
 * move (captured 0) or a capture of one piece by a man (king 0), written
 * field by field into *child (see make_move_to(): a copy of the whole
 * position right after its fields were written would stall).  The walker
 * says whether a king moves, so a man's move is played without
 * make_move_to()'s test of the kings; each caller's constants fold the
 * terms it does not need away.
 */
static inline void
after_walker(pdn_position *child, const pdn_position *pos, uint64_t ft,
    uint64_t captured, uint64_t crowned, int king)
{
	if (pos->side == PDN_WHITE) {
		child->white = pos->white ^ ft;
		child->black = pos->black & ~captured;
	} else {
		child->white = pos->white & ~captured;
		child->black = pos->black ^ ft;
	}
	child->kings = king ? (pos->kings ^ ft) & ~captured :
	    (pos->kings & ~captured) | crowned;
	child->side = (pdn_colour)!pos->side;
	copy_variant(child, pos);
}

/* After a quiet move (quiet_fn's arguments). */
static inline void
after_quiet(pdn_position *child, const pdn_position *pos, uint64_t from,
    uint64_t to, uint64_t crowned, int king)
{
	after_walker(child, pos, from | to, 0, crowned, king);
}

/* After a capture of one piece by a man (single_fn's arguments). */
static inline void
after_single(pdn_position *child, const pdn_position *pos, uint64_t from,
    uint64_t to, uint64_t captured, uint64_t crowned)
{
	after_walker(child, pos, from | to, captured, crowned, 0);
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
	pdn_position child;

	after_single(&child, &w->pos, from, to, captured, crowned);

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

/*
 * The code paths of the international walk, and the one place that
 * chooses between them.  The generic path is always built and runs on
 * any CPU.  On x86-64 the same walk is compiled a second time for BMI1,
 * BMI2 and POPCNT (perftwalk.h): the walker's bit loops become blsi,
 * blsr and tzcnt, and its shifts by a variable shlx and shrx, one
 * instruction each where the generic code needs two or three.  That path
 * runs when the CPU has the three (__builtin_cpu_supports) and the
 * environment does not say PDN_MOVEGEN=generic.  Figures of pdn-perft
 * -d 8 (callgrind, every depth up to 8): when this path came, generic
 * 437.5 M instructions, bmi2 397.5 M (9.1% fewer); with the walk as it
 * is now, generic 377.5 M, bmi2 331.5 M (12.2% fewer).  The minimum of
 * 10 interleaved runs of pdn-perft -d 10 (the depth-10 line) on a 2-core
 * AMD EPYC at load average 5: generic 1.282 s, bmi2 0.986 s.  The
 * capture search of movegen.c compiled for bmi2 as well saved only 0.7%
 * more (329.0 M), so it has one path.
 */
#define WALK(name) name##_generic
#define WALK_TARGET
#include "perftwalk.h"
#undef WALK
#undef WALK_TARGET

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_BMI2_PATH 1
#define WALK(name) name##_bmi2
#define WALK_TARGET __attribute__((target("popcnt,bmi,bmi2")))
#include "perftwalk.h"
#undef WALK
#undef WALK_TARGET
#else
#define HAVE_BMI2_PATH 0
#endif

enum { PATH_GENERIC, PATH_BMI2, NPATHS };

static const char *const path_names[NPATHS] = { "generic", "bmi2" };

/* The path chosen, once: -1 until the first walk asks. */
static int walk_path = -1;

/* Nonzero when this build and this CPU can run path p. */
static int
path_available(int p)
{
	if (p == PATH_GENERIC)
		return 1;
#if HAVE_BMI2_PATH
	__builtin_cpu_init();
	if (p == PATH_BMI2)
		return __builtin_cpu_supports("bmi") &&
		    __builtin_cpu_supports("bmi2") &&
		    __builtin_cpu_supports("popcnt");
#endif
	return 0;
}

/* The fastest path available, or the generic one on demand. */
static int
choose_path(void)
{
	const char *env = getenv("PDN_MOVEGEN");
	int p;

	if (env != NULL && strcmp(env, "generic") == 0)
		return PATH_GENERIC;
	for (p = NPATHS - 1; p > PATH_GENERIC; p--)
		if (path_available(p))
			return p;
	return PATH_GENERIC;
}

/*
 * The path in use.  Threads that ask at once each compute the same
 * choice; the atomic accesses keep that race defined.
 */
static int
current_path(void)
{
	int p = __atomic_load_n(&walk_path, __ATOMIC_RELAXED);

	if (p < 0) {
		p = choose_path();
		__atomic_store_n(&walk_path, p, __ATOMIC_RELAXED);
	}
	return p;
}

int
perft_use_path(const char *name)
{
	int p;

	for (p = 0; p < NPATHS; p++)
		if (strcmp(name, path_names[p]) == 0 && path_available(p)) {
			__atomic_store_n(&walk_path, p, __ATOMIC_RELAXED);
			return 0;
		}
	return -1;
}

const char *
pdn_movegen_path(void)
{
	return path_names[current_path()];
}

static uint64_t
perft(const pdn_position *pos, int depth, int bulk)
{
#if HAVE_BMI2_PATH
	if (current_path() == PATH_BMI2)
		return perft_bmi2(pos, depth, bulk);
#endif
	return perft_generic(pos, depth, bulk);
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
