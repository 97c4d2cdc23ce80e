/*
 * pdn-standings: the maximum-likelihood fit of ratings to the scores of
 * pairs of players (ml.c reads the pairs from the pool and reports the
 * fit; pdn-standings(1), "Maximum-likelihood ratings", states the model).
 *
 * A player of rating Ri, White against one of Rj, scores on average
 * E = 1 / (1 + 10^((Rj - Ri - A) / 400)), A White's advantage (0 unless
 * given or fitted); a draw counts half a win.  The ratings solve the
 * equations "score = expected score" of each player, the maximum of the
 * likelihood of Bradley-Terry.  Their covariance is the inverse of the
 * information times the draws' factor phi: a game's score varies by
 * E(1 - E) - P(draw)/4 about E, less than the E(1 - E) of half a win, and
 * phi = 1 - (draws/4) / sum of E(1 - E) over the games (1 without draws,
 * about 1 - D with a draw rate D between equal players).
 */
#ifndef STANDINGS_FIT_H
#define STANDINGS_FIT_H

#include <stddef.h>
#include <stdint.h>

/*
 * The games between two players a and b of the group (0..m-1): n games,
 * s of a's points (1 a win, 0.5 a draw), `draws` of them drawn.  Without
 * an advantage any a, b; with one, a is White in these games.
 */
struct fit_pair {
	uint32_t a, b;
	double n, s, draws;
};

/* White's advantage: none, given (fit.adv), fitted. */
enum { FIT_ADV_NONE, FIT_ADV_GIVEN, FIT_ADV_FIT };

struct fit {
	size_t m;		/* players */
	double *x;		/* their ratings, x[0] = 0 */
	double adv;		/* White's advantage */
	double adv_sd;		/* its standard deviation, -1: given */
	double phi;		/* the draws' factor of the covariance */
	int dense;		/* covariances exact (m <= dense_max) */
	int intervals;		/* variances known */
	/* The fit's own. */
	size_t d, dd;		/* player 1..m-1, then A when fitted */
	double *mi;		/* dense: (L^-1)' in the upper triangle,
				 * L L' the information */
	double *var;		/* Var(x_i) (dense), Var(x_i - mean) */
	double *cm, mtm;	/* dense: Cov(x_i, mean), Var(mean) */
};

/*
 * Fits the ratings of m players to npr pairs, with the advantage of mode
 * `adv` (FIT_ADV_*; f->adv is the given one).  Up to dense_max players
 * by Newton's method, with exact covariances; more by Hunter's
 * minorisation-maximisation (with an advantage, player by player), with
 * the variances of an approximation: each player's rating as his own
 * games' information gives it plus the spread of his opponents' (their
 * variances weighted by the squares of their shares of his
 * information).  Returns 0, or -1 out of memory.
 */
int fit_run(struct fit *f, const struct fit_pair *pr, size_t npr,
    size_t m, int adv, size_t dense_max);

/* Var(x_a - mean of x), and Var(x_a - x_b); -1 when unknown. */
double fit_var_mean(const struct fit *f, size_t a);
double fit_var_diff(const struct fit *f, size_t a, size_t b);

void fit_free(struct fit *f);

#endif /* STANDINGS_FIT_H */
