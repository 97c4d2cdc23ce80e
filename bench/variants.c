/*
 * Perft of every variant from its start position, deeper than make check
 * goes (testdata/variants.yaml), against the "drop" rows of VARIANTS.md:
 * nodes, time and nodes per second per depth, "ok" or MISMATCH.  The
 * depths keep each variant to a few seconds on a 2020s machine.
 */
#include <stdio.h>
#include <time.h>

#include <pdn/pdn.h>

static const struct {
	const char *name;
	int depth;
	unsigned long long counts[13];
} table[] = {
	{ "brazilian", 10, { 7, 49, 302, 1469, 7473, 37628, 187302, 907830,
	    4431766, 21560022 } },
	{ "russian", 10, { 7, 49, 302, 1469, 7482, 37986, 190146, 929899,
	    4570586, 22444032 } },
	{ "english", 10, { 7, 49, 302, 1469, 7361, 36768, 179740, 845931,
	    3963680, 18391564 } },
	{ "italian", 10, { 7, 49, 302, 1469, 7361, 36473, 177532, 828783,
	    3860875, 17761384 } },
	{ "pool", 10, { 7, 49, 302, 1469, 7482, 37986, 190146, 929896,
	    4570534, 22435955 } },
	{ "spanish", 10, { 7, 49, 302, 1469, 7361, 36473, 177532, 828783,
	    3860866, 17743464 } },
	{ "czech", 10, { 7, 49, 302, 1469, 7361, 36768, 179740, 845931,
	    3963671, 18368918 } },
	{ "thai", 8, { 7, 49, 392, 3136, 26592, 218695, 1820189,
	    14533014 } },
	{ "frisian", 9, { 9, 81, 658, 3874, 21265, 102431, 540126, 2825779,
	    15605069 } },
	{ "canadian", 8, { 11, 121, 1222, 10053, 79049, 584100, 4369366,
	    31839056 } },
};

int
main(void)
{
	const pdn_variant *v;
	pdn_position pos;
	struct timespec t0, t1;
	unsigned long long n;
	double secs;
	size_t i;
	int d, bad = 0;

	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		if ((v = pdn_variant_by_name(table[i].name)) == NULL) {
			printf("perft %-9s: no such variant\n", table[i].name);
			bad = 1;
			continue;
		}
		pdn_variant_start(v, &pos);
		for (d = table[i].depth - 2; d <= table[i].depth; d++) {
			clock_gettime(CLOCK_MONOTONIC, &t0);
			n = pdn_perft(&pos, d, 1);
			clock_gettime(CLOCK_MONOTONIC, &t1);
			secs = (double)(t1.tv_sec - t0.tv_sec) +
			    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
			printf("perft %-9s depth %2d: %11llu nodes %7.3f s "
			    "%6.1f M nodes/s  %s\n", table[i].name, d, n, secs,
			    secs > 0 ? (double)n / secs / 1e6 : 0.0,
			    n == table[i].counts[d - 1] ? "ok" : "MISMATCH");
			bad |= n != table[i].counts[d - 1];
		}
	}
	return bad;
}
