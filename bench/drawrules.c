/*
 * Draw and win detection speed: the time of one pdn_rules_play() call,
 * averaged over the plies of random legal games (a fixed seed, so every run
 * times the same plies) played from the start position until the rules end
 * them, under the fmjd profile.  Random games reach kings and endgames far
 * more often than real ones, so the figure errs on the slow side.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pdn/pdn.h>

#define NGAMES	1000
#define MAXPLY	400
#define ROUNDS	100

/* Move i of the kept ones: moves are copied out of their lists. */
#define MOVE(i) ((const pdn_move *)(moves + (i) * msize))

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A small fixed-seed generator: the same games on every machine. */
static uint64_t
next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int
main(void)
{
	pdn_movelist *list;
	pdn_position *before;
	char *moves;
	size_t *starts, nplies = 0, cap = 1 << 20, g, msize = pdn_move_size();
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	unsigned long reasons[7] = { 0 };
	pdn_rules *t;
	pdn_rules_state st;
	pdn_position pos, start;
	double t0, secs;
	int n, ply, round;

	before = malloc(cap * sizeof(*before));
	moves = malloc(cap * msize);
	starts = malloc((NGAMES + 1) * sizeof(*starts));
	if (before == NULL || moves == NULL || starts == NULL ||
	    pdn_rules_new(&t, NULL) != 0 || pdn_movelist_new(&list) != 0) {
		perror("drawrules bench");
		return 2;
	}
	pdn_variant_start(pdn_variant_default(), &start);
	for (g = 0; g < NGAMES; g++) {
		starts[g] = nplies;
		pos = start;
		pdn_rules_start(t, &pos, -1);
		for (ply = 0; ply < MAXPLY; ply++) {
			if ((n = pdn_generate(list, &pos)) <= 0)
				break;
			if (nplies == cap) {
				cap *= 2;
				before = realloc(before, cap * sizeof(*before));
				moves = realloc(moves, cap * msize);
				if (before == NULL || moves == NULL) {
					perror("drawrules bench");
					return 2;
				}
			}
			before[nplies] = pos;
			memcpy(moves + nplies * msize, pdn_movelist_get(list,
			    (int)(next_random(&seed) % (uint64_t)n)), msize);
			pdn_rules_play(&st, t, &pos, MOVE(nplies));
			pdn_make(&pos, MOVE(nplies));
			nplies++;
			if (st.end.reason != PDN_REASON_NONE)
				break;
		}
		reasons[pdn_rules_state_get(t)->end.reason]++;
	}
	starts[NGAMES] = nplies;

	t0 = now();
	for (round = 0; round < ROUNDS; round++) {
		for (g = 0; g < NGAMES; g++) {
			size_t i;

			pdn_rules_start(t, &start, -1);
			for (i = starts[g]; i < starts[g + 1]; i++)
				pdn_rules_play(&st, t, &before[i], MOVE(i));
		}
	}
	secs = now() - t0;
	printf("drawrules: %d random games, %zu plies (%.1f per game), "
	    "%.1f ns per ply\n", NGAMES, nplies, (double)nplies / NGAMES,
	    secs * 1e9 / ((double)ROUNDS * (double)nplies));
	printf("drawrules: endings: none %lu, no-pieces %lu, no-moves %lu, "
	    "threefold %lu, 25-move %lu, 16-move %lu, 5-move %lu\n",
	    reasons[0], reasons[1], reasons[2], reasons[3], reasons[4],
	    reasons[5], reasons[6]);
	pdn_rules_free(t);
	pdn_movelist_free(list);
	free(before);
	free(moves);
	free(starts);
	return 0;
}
