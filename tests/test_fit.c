/*
 * pdn-standings --ml's fit (cmd/standings/fit.c): do its 95% intervals
 * hold the truth 95% of the time?  Games are generated from known
 * ratings (a fixed seed: the same games on every machine), with no
 * draws, half of them drawn and 85% drawn, with and without White's
 * advantage, in many small round robins and in one pool too large for
 * the exact covariances; the test counts how often the intervals (of a
 * rating's difference with the pool's mean, and of the advantage) hold
 * the true value.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fit.h"

static uint64_t rng = 0x39;

/* splitmix64: the same stream everywhere. */
static uint64_t
next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double
uniform(void)
{
	return (double)(next() >> 11) / 9007199254740992.0;
}

static double
normal(void)
{
	double u = uniform(), v = uniform();

	return sqrt(-2 * log(u + 1e-300)) * cos(6.283185307179586 * v);
}

/*
 * White's score against Black, true ratings rw and rb: E as the model
 * says, a draw with chance min(draw, 2 min(E, 1 - E)) (so that E holds),
 * another model of draws than the fit's.
 */
static double
play(double rw, double rb, double adv, double draw)
{
	double e = 1 / (1 + pow(10, (rb - rw - adv) / 400)), pd, u;

	pd = draw < 2 * e ? draw : 2 * e;
	pd = pd < 2 * (1 - e) ? pd : 2 * (1 - e);
	u = uniform();
	if (u < pd)
		return 0.5;
	return u < pd + (e - pd / 2) ? 1 : 0;
}

/* Adds a game to the pairs of (w, b), White first when `directed`. */
static void
add(struct fit_pair *pr, size_t *npr, uint32_t w, uint32_t b, double s,
    int directed)
{
	uint32_t a = directed || w < b ? w : b, o = a == w ? b : w;
	size_t i;

	for (i = 0; i < *npr; i++)
		if (pr[i].a == a && pr[i].b == o)
			break;
	if (i == *npr) {
		pr[i].a = a;
		pr[i].b = o;
		pr[i].n = pr[i].s = pr[i].draws = 0;
		(*npr)++;
	}
	pr[i].n += 1;
	pr[i].s += a == w ? s : 1 - s;
	pr[i].draws += s == 0.5;
}

struct cover {
	long in, n;		/* ratings */
	long ain, an;		/* the advantage */
	long oin;		/* ratings, a draw as half a win (phi 1) */
};

/*
 * `events` round robins of `np` players (true ratings: normal, sd 150),
 * each two playing `k` games, colours alternating.
 */
static void
round_robins(struct cover *c, int events, uint32_t np, int k, double draw,
    double adv, int mode)
{
	struct fit_pair *pr = malloc(np * np * sizeof(*pr));
	double truth[64], tmean, xmean, sd;
	size_t npr;
	uint32_t i, j;
	int e, g;
	struct fit f;

	assert_non_null(pr);
	for (e = 0; e < events; e++) {
		npr = 0;
		tmean = 0;
		for (i = 0; i < np; i++) {
			truth[i] = 150 * normal();
			tmean += truth[i] / np;
		}
		for (i = 0; i < np; i++)
			for (j = i + 1; j < np; j++)
				for (g = 0; g < k; g++) {
					uint32_t w = g % 2 ? j : i;
					uint32_t b = g % 2 ? i : j;

					add(pr, &npr, w, b, play(truth[w],
					    truth[b], adv, draw),
					    mode != FIT_ADV_NONE);
				}
		memset(&f, 0, sizeof(f));
		f.adv = adv;
		assert_int_equal(fit_run(&f, pr, npr, np, mode, 3000), 0);
		assert_true(f.dense && f.intervals);
		xmean = 0;
		for (i = 0; i < np; i++)
			xmean += f.x[i] / np;
		for (i = 0; i < np; i++) {
			sd = sqrt(fit_var_mean(&f, i));
			c->in += fabs(f.x[i] - xmean - (truth[i] - tmean)) <=
			    1.96 * sd;
			c->oin += fabs(f.x[i] - xmean - (truth[i] - tmean)) <=
			    1.96 * sd / sqrt(f.phi);
			c->n++;
		}
		if (mode == FIT_ADV_FIT) {
			c->ain += fabs(f.adv - adv) <= 1.96 * f.adv_sd;
			c->an++;
		}
		fit_free(&f);
	}
	free(pr);
}

static void
check(const char *what, long in, long n, double lo, double hi)
{
	double share = (double)in / (double)n;

	printf("# %s: %ld of %ld intervals hold the truth (%.1f%%)\n", what,
	    in, n, 100 * share);
	assert_true(share >= lo && share <= hi);
}

/*
 * No draws, half and 85% drawn: about 95% each; a draw as half a win
 * held the truth nearly always with 85% draws.
 */
static void
test_draws(void **state)
{
	static const double draws[] = { 0, 0.5, 0.85 };
	char what[64];
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++) {
		struct cover c = { 0, 0, 0, 0, 0 };

		round_robins(&c, 250, 12, 4, draws[i], 0, FIT_ADV_NONE);
		snprintf(what, sizeof(what), "%.0f%% draws", 100 * draws[i]);
		check(what, c.in, c.n, 0.93, 0.97);
		if (draws[i] > 0.8) {
			snprintf(what, sizeof(what), "%.0f%% draws, a draw "
			    "as half a win", 100 * draws[i]);
			check(what, c.oin, c.n, 0.99, 1);
		}
	}
}

/* White's advantage of 40 points, fitted: the ratings and it. */
static void
test_advantage(void **state)
{
	struct cover c = { 0, 0, 0, 0, 0 };

	(void)state;
	round_robins(&c, 250, 12, 4, 0.7, 40, FIT_ADV_FIT);
	check("70% draws, White +40 fitted: ratings", c.in, c.n, 0.93, 0.97);
	check("70% draws, White +40 fitted: the advantage", c.ain, c.an, 0.91,
	    0.99);
}

/*
 * 4,000 players, each White in 10 games against random others, 70%
 * drawn: fitted by MM with the approximated variances.
 */
static void
test_large(void **state)
{
	const uint32_t np = 4000;
	struct fit_pair *pr = malloc(np * 10 * sizeof(*pr));
	double *truth = malloc(np * sizeof(*truth)), tmean = 0, xmean = 0;
	size_t npr = 0, i;
	long in = 0;
	uint32_t b;
	int g;
	struct fit f;

	(void)state;
	assert_non_null(pr);
	assert_non_null(truth);
	for (i = 0; i < np; i++) {
		truth[i] = 150 * normal();
		tmean += truth[i] / np;
	}
	for (i = 0; i < np; i++)
		for (g = 0; g < 10; g++) {
			do
				b = (uint32_t)(next() % np);
			while (b == i);
			pr[npr].a = (uint32_t)i;
			pr[npr].b = b;
			pr[npr].n = 1;
			pr[npr].s = play(truth[i], truth[b], 0, 0.7);
			pr[npr].draws = pr[npr].s == 0.5;
			npr++;
		}
	memset(&f, 0, sizeof(f));
	assert_int_equal(fit_run(&f, pr, npr, np, FIT_ADV_NONE, 3000), 0);
	assert_true(!f.dense && f.intervals);
	for (i = 0; i < np; i++)
		xmean += f.x[i] / np;
	for (i = 0; i < np; i++)
		in += fabs(f.x[i] - xmean - (truth[i] - tmean)) <=
		    1.96 * sqrt(fit_var_mean(&f, i));
	check("4,000 players, 70% draws, approximated", in, np, 0.93, 0.97);
	fit_free(&f);
	free(pr);
	free(truth);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_draws),
		cmocka_unit_test(test_advantage),
		cmocka_unit_test(test_large),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
