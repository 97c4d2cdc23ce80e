/*
 * Move generation speed: the time of one pdn_generate() call, averaged over
 * every position of the start position's tree to depth 5 (a realistic mix
 * of quiet positions and captures), for positions without and with a
 * capture apart.  The capture test itself is outside the timed loop's
 * figures only in so far as both loops pay it alike.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <pdn/pdn.h>

static pdn_position *positions;
static size_t npositions, cap;

static void
collect(const pdn_position *pos, int depth)
{
	pdn_movelist *list;
	pdn_position child;
	int i, n;

	if (npositions == cap) {
		cap = cap ? 2 * cap : 4096;
		positions = realloc(positions, cap * sizeof(*positions));
		if (positions == NULL) {
			perror("movegen bench");
			exit(2);
		}
	}
	positions[npositions++] = *pos;
	if (depth == 0)
		return;
	if (pdn_movelist_new(&list) != 0) {
		perror("movegen bench");
		exit(2);
	}
	n = pdn_generate(list, pos);
	for (i = 0; i < n; i++) {
		child = *pos;
		pdn_make(&child, pdn_movelist_get(list, i));
		collect(&child, depth - 1);
	}
	pdn_movelist_free(list);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(void)
{
	pdn_position start;
	pdn_movelist *list;
	unsigned long long calls, moves;
	double t0, secs;
	size_t i;
	int r, kind;

	if (pdn_movelist_new(&list) != 0) {
		perror("movegen bench");
		return 2;
	}
	pdn_variant_start(pdn_variant_default(), &start);
	collect(&start, 5);
	for (kind = 0; kind < 2; kind++) {
		calls = moves = 0;
		t0 = now();
		for (r = 0; r < 50; r++) {
			for (i = 0; i < npositions; i++) {
				if (pdn_has_capture(&positions[i]) != kind)
					continue;
				moves += (unsigned long long)pdn_generate(list, &positions[i]);
				calls++;
			}
		}
		secs = now() - t0;
		printf("move lists %s: %llu lists, %.2f moves per list, "
		    "%.1f ns per list, %.2f ns per move\n",
		    kind ? "with captures   " : "without captures",
		    calls, (double)moves / (double)calls,
		    secs * 1e9 / (double)calls, secs * 1e9 / (double)moves);
	}
	free(positions);
	pdn_movelist_free(list);
	return 0;
}
