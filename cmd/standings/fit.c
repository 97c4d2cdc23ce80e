/*
 * pdn-standings: the maximum-likelihood fit of ratings (fit.h).
 *
 * Newton's method on the ratings (player 0's held at 0) and White's
 * advantage when fitted, each step solved by a Cholesky factorisation
 * of the information (the negated Hessian), halved while it does not
 * raise the likelihood; its start is a few rounds of Hunter's
 * minorisation-maximisation (MM).  The covariance of the ratings is
 * phi times the inverse of the information at the maximum.  Above
 * dense_max players the matrices would be too large: the ratings are
 * fitted by MM alone (with an advantage, by Newton's method one player,
 * then the advantage, at a time) and the variances approximated.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"

#define LN10_400 (2.302585092994046 / 400.0)
#define FIT_PRIOR 1.0		/* 4 x 1/4: four games of equal players */

static double
expect(double ri, double rj)
{
	return 1.0 / (1.0 + pow(10.0, (rj - ri) / 400.0));
}

/* The log-likelihood of the ratings x and the advantage adv. */
static double
loglik(const struct fit_pair *pr, size_t npr, const double *x, double adv)
{
	double l = 0, e;
	size_t i;

	for (i = 0; i < npr; i++) {
		e = expect(x[pr[i].a] + adv, x[pr[i].b]);
		l += pr[i].s * log(e) + (pr[i].n - pr[i].s) * log(1 - e);
	}
	return l;
}

/*
 * The dot product of x and y, n long, in four sums side by side: the
 * compiler may then use vector instructions, which a single sum (whose
 * order of additions is fixed) forbids.  On 1,000 players it took the
 * factorisation from 0.26 s to 0.09 s.
 */
static double
dot(const double *x, const double *y, size_t n)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t k;

	for (k = 0; k + 4 <= n; k += 4) {
		s0 += x[k] * y[k];
		s1 += x[k + 1] * y[k + 1];
		s2 += x[k + 2] * y[k + 2];
		s3 += x[k + 3] * y[k + 3];
	}
	for (; k < n; k++)
		s0 += x[k] * y[k];
	return (s0 + s1) + (s2 + s3);
}

/*
 * Cholesky factorisation in place of the m x m matrix a (row-major,
 * symmetric positive definite): its lower triangle becomes L, a = L L'.
 * Returns 0, or -1 when a is not positive definite.
 */
static int
cholesky(double *a, size_t m)
{
	size_t i, j;
	double s;

	for (j = 0; j < m; j++) {
		s = a[j * m + j] - dot(&a[j * m], &a[j * m], j);
		if (!(s > 0))
			return -1;
		a[j * m + j] = sqrt(s);
		for (i = j + 1; i < m; i++)
			a[i * m + j] = (a[i * m + j] - dot(&a[i * m],
			    &a[j * m], j)) / a[j * m + j];
	}
	return 0;
}

/* Solves L L' x = b in place (b becomes x). */
static void
chol_solve(const double *l, size_t m, double *b)
{
	size_t i, k;
	double s;

	for (i = 0; i < m; i++) {
		s = b[i];
		for (k = 0; k < i; k++)
			s -= l[i * m + k] * b[k];
		b[i] = s / l[i * m + i];
	}
	for (i = m; i-- > 0;) {
		s = b[i];
		for (k = i + 1; k < m; k++)
			s -= l[k * m + i] * b[k];
		b[i] = s / l[i * m + i];
	}
}

/*
 * The information (the negated Hessian of the log-likelihood) over
 * players 1..m-1 (player 0's rating held) and, when fitted, the
 * advantage (index d = m - 1), into h (dd x dd), the gradient into g.
 */
static void
hessian(const struct fit_pair *pr, size_t npr, const double *x, double adv,
    size_t d, size_t dd, double *h, double *g)
{
	size_t i;
	double e, w, r;
	long a, b, v = dd > d ? (long)d : -1, n = (long)dd;

	memset(h, 0, dd * dd * sizeof(*h));
	memset(g, 0, dd * sizeof(*g));
	for (i = 0; i < npr; i++) {
		e = expect(x[pr[i].a] + adv, x[pr[i].b]);
		w = LN10_400 * LN10_400 * pr[i].n * e * (1 - e);
		r = LN10_400 * (pr[i].s - pr[i].n * e);
		a = (long)pr[i].a - 1;
		b = (long)pr[i].b - 1;
		if (a >= 0) {
			g[a] += r;
			h[a * n + a] += w;
		}
		if (b >= 0) {
			g[b] -= r;
			h[b * n + b] += w;
		}
		if (a >= 0 && b >= 0) {
			h[a * n + b] -= w;
			h[b * n + a] -= w;
		}
		if (v >= 0) {
			g[v] += r;
			h[v * n + v] += w;
			if (a >= 0) {
				h[v * n + a] += w;
				h[a * n + v] += w;
			}
			if (b >= 0) {
				h[v * n + b] -= w;
				h[b * n + v] -= w;
			}
		}
	}
}

/*
 * Newton's method from f->x and f->adv; 0, or -1 when it fails.  On
 * success h holds the Cholesky factor of the information at the
 * ratings before the last step, which moved none by 1e-6 (by 1e-4 when
 * it was a whole step, see below).
 */
static int
fit_newton(struct fit *f, const struct fit_pair *pr, size_t npr, double *h,
    double *g)
{
	double l0, l1 = 0, step, *old, dmax, adv0;
	size_t i, it, m = f->m, d = f->d, dd = f->dd;
	int rc = -1;

	if ((old = malloc(m * sizeof(*old))) == NULL)
		return -1;
	l0 = loglik(pr, npr, f->x, f->adv);
	for (it = 0; it < 100; it++) {
		hessian(pr, npr, f->x, f->adv, d, dd, h, g);
		if (cholesky(h, dd) != 0)
			break;
		chol_solve(h, dd, g);
		memcpy(old, f->x, m * sizeof(*old));
		adv0 = f->adv;
		for (step = 1; step > 1e-6; step /= 2) {
			for (i = 1; i < m; i++)
				f->x[i] = old[i] + step * g[i - 1];
			if (dd > d)
				f->adv = adv0 + step * g[d];
			if ((l1 = loglik(pr, npr, f->x, f->adv)) >= l0 - 1e-12)
				break;
		}
		dmax = fabs(f->adv - adv0);
		for (i = 1; i < m; i++)
			if (fabs(f->x[i] - old[i]) > dmax)
				dmax = fabs(f->x[i] - old[i]);
		l0 = l1;
		/*
		 * Near the maximum Newton's method converges quadratically:
		 * after a whole step that moved nothing by 1e-4 the next
		 * would move by about its square times a constant (on 1,000
		 * players and 200,000 games with the advantage fitted
		 * (bench/60-standings.sh), steps of 0.14, 2.8e-5, 1.1e-12:
		 * about 1e-3 times the square), so it is not taken: that
		 * factorisation was one of four, 0.5 of 4.8 billion
		 * instructions.  A halved step waits for 1e-6.
		 */
		if (dmax < 1e-6 || (step == 1 && dmax < 1e-4)) {
			rc = 0;
			break;
		}
	}
	free(old);
	return rc;
}

/*
 * Hunter's MM iteration, at most `iters` rounds or until no rating moves
 * by `tol`: the start of Newton's method (each round costs a pass over the
 * pairs, each of Newton's steps a factorisation of the dense
 * information), and the fit of pools too large for Newton's.  Without
 * an advantage.
 */
static void
fit_mm(const struct fit_pair *pr, size_t npr, double *x, size_t m,
    long iters, double tol)
{
	double *gam, *den, *win, dmax, v, mean;
	size_t i, it;

	gam = malloc(m * sizeof(*gam));
	den = malloc(m * sizeof(*den));
	win = calloc(m, sizeof(*win));
	if (gam == NULL || den == NULL || win == NULL)
		goto out;
	for (i = 0; i < npr; i++) {
		win[pr[i].a] += pr[i].s;
		win[pr[i].b] += pr[i].n - pr[i].s;
	}
	for (i = 0; i < m; i++)
		gam[i] = 1;
	for (it = 0; it < (size_t)iters; it++) {
		memset(den, 0, m * sizeof(*den));
		for (i = 0; i < npr; i++) {
			v = pr[i].n / (gam[pr[i].a] + gam[pr[i].b]);
			den[pr[i].a] += v;
			den[pr[i].b] += v;
		}
		dmax = 0;
		mean = 0;
		for (i = 0; i < m; i++) {
			v = win[i] / den[i];
			if (fabs(log10(v / gam[i])) > dmax)
				dmax = fabs(log10(v / gam[i]));
			gam[i] = v;
			mean += log10(v);
		}
		mean /= (double)m;
		for (i = 0; i < m; i++)
			gam[i] /= pow(10.0, mean);
		if (400 * dmax < tol)
			break;
	}
	for (i = 0; i < m; i++)
		x[i] = 400 * log10(gam[i]) - 400 * log10(gam[0]);
out:
	free(gam);
	free(den);
	free(win);
}

/*
 * The pairs of each player: off[i]..off[i+1] of idx index pr.  NULL
 * out of memory.
 */
static uint32_t *
by_player(const struct fit_pair *pr, size_t npr, size_t m, size_t **offp)
{
	size_t *off, *pos, i;
	uint32_t *idx;

	off = calloc(m + 2, sizeof(*off));
	pos = malloc((m + 1) * sizeof(*pos));
	idx = malloc((2 * npr + 1) * sizeof(*idx));
	if (off == NULL || pos == NULL || idx == NULL) {
		free(off);
		free(pos);
		free(idx);
		return NULL;
	}
	for (i = 0; i < npr; i++) {
		off[pr[i].a + 1]++;
		off[pr[i].b + 1]++;
	}
	for (i = 0; i < m; i++)
		off[i + 1] += off[i];
	memcpy(pos, off, m * sizeof(*pos));
	for (i = 0; i < npr; i++) {
		idx[pos[pr[i].a]++] = (uint32_t)i;
		idx[pos[pr[i].b]++] = (uint32_t)i;
	}
	free(pos);
	*offp = off;
	return idx;
}

/*
 * With an advantage, above dense_max players: Newton's method on one
 * rating at a time, the others held, then on the advantage, until no
 * rating moves by 1e-6 (at most 10,000 rounds).
 */
static int
fit_sweep(struct fit *f, const struct fit_pair *pr, size_t npr, int fitadv)
{
	size_t *off, i, k, it;
	uint32_t *idx;
	double g, h, e, w, dmax, step, mean;
	const struct fit_pair *q;

	if ((idx = by_player(pr, npr, f->m, &off)) == NULL)
		return -1;
	for (it = 0; it < 10000; it++) {
		dmax = 0;
		for (i = 0; i < f->m; i++) {
			g = h = 0;
			for (k = off[i]; k < off[i + 1]; k++) {
				q = &pr[idx[k]];
				e = expect(f->x[q->a] + f->adv, f->x[q->b]);
				w = LN10_400 * q->n * e * (1 - e);
				if (q->a == i) {
					g += q->s - q->n * e;
					h += w;
				} else {
					g -= q->s - q->n * e;
					h += w;
				}
			}
			if (h <= 0)
				continue;
			step = g / h;
			if (step > 200)
				step = 200;
			if (step < -200)
				step = -200;
			f->x[i] += step;
			if (fabs(step) > dmax)
				dmax = fabs(step);
		}
		if (fitadv) {
			g = h = 0;
			for (k = 0; k < npr; k++) {
				e = expect(f->x[pr[k].a] + f->adv, f->x[pr[k].b]);
				g += pr[k].s - pr[k].n * e;
				h += LN10_400 * pr[k].n * e * (1 - e);
			}
			if (h > 0) {
				step = g / h;
				f->adv += step;
				if (fabs(step) > dmax)
					dmax = fabs(step);
			}
		}
		if (dmax < 1e-6)
			break;
	}
	mean = f->x[0];
	for (i = 0; i < f->m; i++)
		f->x[i] -= mean;
	free(idx);
	free(off);
	return 0;
}

/*
 * The variances above dense_max players: v_i = 1/I_ii plus the sum over
 * his opponents j of (I_ij / I_ii)^2 v_j, I the information, solved by
 * iteration; and the advantage's, 1/I_AA.
 */
static int
approx_var(struct fit *f, const struct fit_pair *pr, size_t npr)
{
	double *ii, *v, *nv, e, w, s, ia = 0, dmax;
	size_t i, it;

	ii = calloc(f->m + 1, sizeof(*ii));
	v = calloc(f->m + 1, sizeof(*v));
	nv = calloc(f->m + 1, sizeof(*nv));
	if (ii == NULL || v == NULL || nv == NULL) {
		free(ii);
		free(v);
		free(nv);
		return -1;
	}
	for (i = 0; i < npr; i++) {
		e = expect(f->x[pr[i].a] + f->adv, f->x[pr[i].b]);
		w = LN10_400 * LN10_400 * pr[i].n * e * (1 - e);
		ii[pr[i].a] += w;
		ii[pr[i].b] += w;
		ia += w;
	}
	for (i = 0; i < f->m; i++)
		v[i] = 1 / ii[i];
	for (it = 0; it < 200; it++) {
		for (i = 0; i < f->m; i++)
			nv[i] = 1 / ii[i];
		for (i = 0; i < npr; i++) {
			e = expect(f->x[pr[i].a] + f->adv, f->x[pr[i].b]);
			w = LN10_400 * LN10_400 * pr[i].n * e * (1 - e);
			s = w / ii[pr[i].a];
			nv[pr[i].a] += s * s * v[pr[i].b];
			s = w / ii[pr[i].b];
			nv[pr[i].b] += s * s * v[pr[i].a];
		}
		dmax = 0;
		for (i = 0; i < f->m; i++) {
			if (fabs(nv[i] - v[i]) > dmax * v[i])
				dmax = fabs(nv[i] - v[i]) / v[i];
			v[i] = nv[i];
		}
		if (dmax < 1e-9)
			break;
	}
	for (i = 0; i < f->m; i++)
		f->var[i] = f->phi * v[i];
	if (f->adv_sd == 0)
		f->adv_sd = ia > 0 ? sqrt(f->phi / ia) : 0;
	free(ii);
	free(v);
	free(nv);
	return 0;
}

/*
 * The covariance of x_a and x_b, dense: from M = L^-1 (dd x dd), kept
 * transposed in the upper triangle (dense_var()); player 0's rating is
 * held, its covariances are 0.
 */
static double
cov(const struct fit *f, size_t a, size_t b)
{
	size_t k;

	if (a == 0 || b == 0)
		return 0;
	a--;
	b--;
	k = a > b ? a : b;
	/* M[k][a] M[k][b] over k >= a, b: rows a and b of M'. */
	return f->phi * dot(&f->mi[a * f->dd + k], &f->mi[b * f->dd + k],
	    f->dd - k);
}

/*
 * The dense covariances: M = L^-1, Var(x_i), Cov(x_i, mean).  M is
 * written transposed, M' in the upper triangle of h (its diagonal over
 * L's), column j of M as row j of M', so that every sum runs along a row
 * (dot()): the loops down M's columns took 0.9 of the 4.3 billion
 * instructions of --ml --white-advantage fit on 1,000 players and 200,000
 * games (bench/60-standings.sh), and missed the cache at every step.
 */
static void
dense_var(struct fit *f, double *h, double *g)
{
	size_t i, j, k, dd = f->dd, m = f->m;
	double s, *mt;

	/*
	 * M'[j][i] = -(sum over k of L[i][k] M'[j][k], j <= k < i) / L[i][i];
	 * L's row i left of the diagonal is untouched until then.
	 */
	for (j = 0; j < dd; j++) {
		mt = &h[j * dd];
		mt[j] = 1 / mt[j];
		for (i = j + 1; i < dd; i++)
			mt[i] = -dot(&h[i * dd + j], &mt[j], i - j) /
			    h[i * dd + i];
	}
	for (i = 0; i < dd; i++) {
		s = dot(&h[i * dd + i], &h[i * dd + i], dd - i);
		if (i < f->d)
			f->var[i + 1] = f->phi * s;
		else
			f->adv_sd = sqrt(f->phi * s);
	}
	/* C u with u = 1/m over the players (0 for the advantage): M' M u. */
	for (i = 0; i < dd; i++)
		g[i] = i < f->d ? 1.0 / (double)m : 0;
	/* M u, a row of M' at a time: cm[k + 1] = sum of M'[j][k] u_j. */
	memset(f->cm, 0, (dd + 1) * sizeof(*f->cm));
	for (j = 0; j < dd; j++)
		for (k = j; k < dd; k++)
			f->cm[k + 1] += h[j * dd + k] * g[j];
	for (i = 0; i < dd; i++)
		g[i] = dot(&h[i * dd + i], &f->cm[i + 1], dd - i);
	f->mtm = 0;
	for (i = 0; i < f->d; i++) {
		f->cm[i + 1] = f->phi * g[i];
		f->mtm += f->cm[i + 1] / (double)m;
	}
	f->mi = h;
}

int
fit_run(struct fit *f, const struct fit_pair *pr, size_t npr, size_t m,
    int adv, size_t dense_max)
{
	double *h = NULL, *g = NULL, e, info = 0, draws = 0;
	size_t i;

	f->m = m;
	f->d = m > 0 ? m - 1 : 0;
	f->dd = f->d + (adv == FIT_ADV_FIT && m >= 2);
	if (adv != FIT_ADV_GIVEN)
		f->adv = 0;
	f->adv_sd = adv == FIT_ADV_FIT ? 0 : -1;
	f->phi = 1;
	f->dense = f->intervals = 0;
	f->mi = NULL;
	f->mtm = 0;
	f->x = calloc(m + 1, sizeof(*f->x));
	f->var = calloc(m + 1, sizeof(*f->var));
	f->cm = calloc(m + 1, sizeof(*f->cm));
	if (f->x == NULL || f->var == NULL || f->cm == NULL)
		return -1;
	if (m < 2)
		return 0;
	fit_mm(pr, npr, f->x, m, 300, 1e-3);
	f->dense = m <= dense_max &&
	    (h = malloc((f->dd * f->dd + 1) * sizeof(*h))) != NULL &&
	    (g = malloc((f->dd + 1) * sizeof(*g))) != NULL &&
	    fit_newton(f, pr, npr, h, g) == 0;
	if (!f->dense) {
		free(h);
		h = NULL;
		if (adv == FIT_ADV_NONE)
			fit_mm(pr, npr, f->x, m, 100000, 1e-6);
		else if (fit_sweep(f, pr, npr, adv == FIT_ADV_FIT) != 0) {
			free(g);
			return -1;
		}
	}
	/*
	 * phi: the draws' share of the variance of the scores, as if four
	 * more games between equal players had been decisive (so that a
	 * few draws do not make the intervals of a small pool narrow).
	 */
	for (i = 0; i < npr; i++) {
		e = expect(f->x[pr[i].a] + f->adv, f->x[pr[i].b]);
		info += pr[i].n * e * (1 - e);
		draws += pr[i].draws;
	}
	if (info > 0 && draws > 0) {
		f->phi = 1 - draws / 4 / (info + FIT_PRIOR);
		if (f->phi < 0.01)
			f->phi = 0.01;
	}
	if (f->dense)
		dense_var(f, h, g);
	else if (approx_var(f, pr, npr) != 0) {
		free(g);
		return -1;
	}
	f->intervals = 1;
	free(g);
	return 0;
}

double
fit_var_mean(const struct fit *f, size_t a)
{
	if (!f->intervals)
		return -1;
	if (!f->dense)
		return f->var[a];
	return f->var[a] - 2 * f->cm[a] + f->mtm;
}

double
fit_var_diff(const struct fit *f, size_t a, size_t b)
{
	if (!f->intervals)
		return -1;
	if (!f->dense)
		return f->var[a] + f->var[b];
	return f->var[a] + f->var[b] - 2 * cov(f, a, b);
}

void
fit_free(struct fit *f)
{
	free(f->x);
	free(f->var);
	free(f->cm);
	free(f->mi);
	f->x = f->var = f->cm = f->mi = NULL;
}
