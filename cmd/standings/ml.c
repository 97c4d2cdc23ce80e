/*
 * pdn-standings: maximum-likelihood ratings of the whole pool (report.h).
 *
 * The model is Bradley-Terry on the Elo scale: a player of rating Ri
 * scores against one of Rj, on average, E = 1 / (1 + 10^((Rj - Ri) / 400)),
 * a draw counting half a win.  The ratings maximise the likelihood of
 * every score, L = sum over games of s log E + (1 - s) log (1 - E), which
 * depends on the differences only: the pool's mean is set to 1000, or one
 * player's rating to --anchor's.  A maximum exists, and is unique, only
 * among players each of whom both scored against and conceded to the
 * others (the largest strongly connected group of the graph "scored at
 * least a draw against"); the players outside it (all their games won or
 * lost against it, or of another group) are reported, not rated.
 *
 * The fit is Newton's method on the ratings (one player's held at 0),
 * each step solved by a Cholesky factorisation, halved while it does not
 * raise L.  The covariance of the ratings is the inverse of the negated
 * Hessian at the maximum; a rating's 95% interval is 1.96 standard
 * deviations either side, and the likelihood of superiority of a player
 * over the next is Phi((Ri - Rj) / sd(Ri - Rj)).  Above NEWTON_MAX players
 * the dense matrices would be too large: the ratings are then fitted by
 * the minorisation-maximisation iteration of Hunter (2004), and given
 * without intervals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "tags.h"

#define NEWTON_MAX 3000
#define LN10_400 (2.302585092994046 / 400.0)

/* The games between two players: a < b, and a's score. */
struct pair {
	uint32_t a, b;
	double n, s;
};

static int
cmp_pair(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return p->b < q->b ? -1 : p->b > q->b;
}

/*
 * The pairs of the pool's rated games, merged, in the order of cmp_pair;
 * *np of them.  They are gathered in a table of open addressing by their
 * two players: memory grows with the pairs of players who met, not with
 * the games.  NULL out of memory or after an error (errno).
 */
static struct pair *
pairs_of(struct pool *p, size_t *np)
{
	struct pool_cur c;
	struct pair *pr = NULL, *t;
	const struct sgame *g;
	uint32_t *slot = NULL, *ns, a, b;
	size_t n = 0, cap = 0, nslot = 0, i, k;
	uint64_t h;
	double sw;

	if (pool_open(&c, p, ORD_DATE) != 0)
		return NULL;
	while ((g = pool_next(&c)) != NULL) {
		if (g->res == PDN_OUTCOME_DOUBLE_LOSS)
			continue;
		a = g->white < g->black ? g->white : g->black;
		b = g->white < g->black ? g->black : g->white;
		if (2 * (n + 1) > nslot) {
			nslot = nslot == 0 ? 1024 : 2 * nslot;
			if ((ns = calloc(nslot, sizeof(*ns))) == NULL)
				goto fail;
			for (i = 0; i < n; i++) {
				h = ((uint64_t)pr[i].a << 32 | pr[i].b) *
				    0x9e3779b97f4a7c15ULL;
				for (k = (size_t)(h >> 20) & (nslot - 1);
				    ns[k] != 0; k = (k + 1) & (nslot - 1))
					;
				ns[k] = (uint32_t)i + 1;
			}
			free(slot);
			slot = ns;
		}
		h = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ULL;
		for (k = (size_t)(h >> 20) & (nslot - 1); slot[k] != 0 &&
		    (pr[slot[k] - 1].a != a || pr[slot[k] - 1].b != b);
		    k = (k + 1) & (nslot - 1))
			;
		if (slot[k] == 0) {
			if (n == cap) {
				cap = cap == 0 ? 1024 : 2 * cap;
				if ((t = realloc(pr, cap * sizeof(*t))) == NULL)
					goto fail;
				pr = t;
			}
			pr[n].a = a;
			pr[n].b = b;
			pr[n].n = 0;
			pr[n].s = 0;
			slot[k] = (uint32_t)++n;
		}
		sw = tags_score(g->res, PDN_WHITE);
		t = &pr[slot[k] - 1];
		t->n += 1;
		t->s += g->white < g->black ? sw : 1 - sw;
	}
	if (pool_close(&c) != 0)
		goto out;
	free(slot);
	if (pr == NULL && (pr = malloc(sizeof(*pr))) == NULL)
		return NULL;
	if (n > 0)
		qsort(pr, n, sizeof(*pr), cmp_pair);
	*np = n;
	return pr;
fail:
	pool_close(&c);
out:
	free(slot);
	free(pr);
	return NULL;
}

/*
 * The largest group of players each reachable from every other along
 * "scored against" (a draw goes both ways): comp[i] is 1 for them, 0 for
 * the other players with games, -1 for players without.  Kosaraju's two
 * passes, without recursion.  Returns the group's size, or -1 no memory.
 */
static long
pool_group(size_t np, const struct pair *pr, size_t npr, int *comp)
{
	size_t *off = NULL, *roff = NULL, *stk = NULL, *pos = NULL;
	uint32_t *adj = NULL, *radj = NULL, *fin = NULL, *cid = NULL;
	size_t i, k, nfin = 0, top, best = 0, nbest = 0, ncomp = 0;
	size_t *size = NULL;
	long rc = -1;
	uint32_t u, w;
	unsigned char *seen = NULL;

	off = calloc(np + 2, sizeof(*off));
	roff = calloc(np + 2, sizeof(*roff));
	adj = malloc((2 * npr + 1) * sizeof(*adj));
	radj = malloc((2 * npr + 1) * sizeof(*radj));
	stk = malloc((np + 1) * sizeof(*stk));
	pos = malloc((np + 1) * sizeof(*pos));
	fin = malloc((np + 1) * sizeof(*fin));
	cid = malloc((np + 1) * sizeof(*cid));
	size = calloc(np + 1, sizeof(*size));
	seen = calloc(np + 1, 1);
	if (off == NULL || roff == NULL || adj == NULL || radj == NULL ||
	    stk == NULL || pos == NULL || fin == NULL || cid == NULL ||
	    size == NULL || seen == NULL)
		goto out;
	/* Edges u -> w when u scored against w. */
#define EDGES(DO) \
	for (i = 0; i < npr; i++) { \
		if (pr[i].s > 0) { u = pr[i].a; w = pr[i].b; DO; } \
		if (pr[i].s < pr[i].n) { u = pr[i].b; w = pr[i].a; DO; } \
	}
	EDGES(off[u + 1]++; roff[w + 1]++)
	for (i = 0; i < np; i++) {
		off[i + 1] += off[i];
		roff[i + 1] += roff[i];
	}
	memcpy(pos, off, np * sizeof(*pos));
	EDGES(adj[pos[u]++] = w)
	memcpy(pos, roff, np * sizeof(*pos));
	EDGES(radj[pos[w]++] = u)
#undef EDGES
	for (i = 0; i < np; i++)
		comp[i] = off[i + 1] > off[i] || roff[i + 1] > roff[i] ? 0 : -1;
	/* The first pass: the order in which the players are finished. */
	for (i = 0; i < np; i++) {
		if (seen[i] || comp[i] < 0)
			continue;
		top = 0;
		stk[top++] = i;
		seen[i] = 1;
		pos[i] = off[i];
		while (top > 0) {
			u = (uint32_t)stk[top - 1];
			if (pos[u] < off[u + 1]) {
				w = adj[pos[u]++];
				if (!seen[w]) {
					seen[w] = 1;
					pos[w] = off[w];
					stk[top++] = w;
				}
			} else {
				fin[nfin++] = u;
				top--;
			}
		}
	}
	/* The second, on the reversed edges, in the reverse of that order. */
	for (i = 0; i < np; i++)
		cid[i] = UINT32_MAX;
	for (k = nfin; k-- > 0;) {
		if (cid[fin[k]] != UINT32_MAX)
			continue;
		top = 0;
		stk[top++] = fin[k];
		cid[fin[k]] = (uint32_t)ncomp;
		while (top > 0) {
			u = (uint32_t)stk[--top];
			size[ncomp]++;
			for (i = roff[u]; i < roff[u + 1]; i++)
				if (cid[radj[i]] == UINT32_MAX) {
					cid[radj[i]] = (uint32_t)ncomp;
					stk[top++] = radj[i];
				}
		}
		/* The largest; of two as large, the one found first. */
		if (size[ncomp] > nbest) {
			nbest = size[ncomp];
			best = ncomp;
		}
		ncomp++;
	}
	for (i = 0; i < np; i++)
		if (comp[i] >= 0)
			comp[i] = cid[i] == best && nbest >= 2;
	rc = nbest >= 2 ? (long)nbest : 0;
out:
	free(off);
	free(roff);
	free(adj);
	free(radj);
	free(stk);
	free(pos);
	free(fin);
	free(cid);
	free(size);
	free(seen);
	return rc;
}

static double
expect(double ri, double rj)
{
	return 1.0 / (1.0 + pow(10.0, (rj - ri) / 400.0));
}

/* The log-likelihood of the ratings x (by group index). */
static double
loglik(const struct pair *pr, size_t npr, const double *x)
{
	double l = 0, e;
	size_t i;

	for (i = 0; i < npr; i++) {
		e = expect(x[pr[i].a], x[pr[i].b]);
		l += pr[i].s * log(e) + (pr[i].n - pr[i].s) * log(1 - e);
	}
	return l;
}

/*
 * Cholesky factorisation in place of the m x m matrix a (row-major,
 * symmetric positive definite): its lower triangle becomes L, a = L L'.
 * Returns 0, or -1 when a is not positive definite.
 */
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
 * The negated Hessian of L over players 1..m of the group (player 0's
 * rating held), into h ((m-1) x (m-1)), and the gradient into g.
 */
static void
hessian(const struct pair *pr, size_t npr, const double *x, size_t m,
    double *h, double *g)
{
	size_t i, d = m - 1;
	double e, w, r;
	long a, b;

	memset(h, 0, d * d * sizeof(*h));
	memset(g, 0, d * sizeof(*g));
	for (i = 0; i < npr; i++) {
		e = expect(x[pr[i].a], x[pr[i].b]);
		w = LN10_400 * LN10_400 * pr[i].n * e * (1 - e);
		r = LN10_400 * (pr[i].s - pr[i].n * e);
		a = (long)pr[i].a - 1;
		b = (long)pr[i].b - 1;
		if (a >= 0) {
			g[a] += r;
			h[a * (long)d + a] += w;
		}
		if (b >= 0) {
			g[b] -= r;
			h[b * (long)d + b] += w;
		}
		if (a >= 0 && b >= 0) {
			h[a * (long)d + b] -= w;
			h[b * (long)d + a] -= w;
		}
	}
}

/*
 * Newton's method from x; 0, or -1 when it fails (then MM is used).  On
 * success h holds the Cholesky factor of the negated Hessian at the
 * ratings before the last step, which moved none by 1e-6: the
 * covariance is read from it.
 */
static int
fit_newton(const struct pair *pr, size_t npr, double *x, size_t m,
    double *h, double *g)
{
	double l0, l1, step, *old = NULL, dmax;
	size_t i, it;
	int rc = -1;

	if ((old = malloc(m * sizeof(*old))) == NULL)
		return -1;
	l0 = loglik(pr, npr, x);
	for (it = 0; it < 100; it++) {
		hessian(pr, npr, x, m, h, g);
		if (cholesky(h, m - 1) != 0)
			break;
		chol_solve(h, m - 1, g);
		memcpy(old, x, m * sizeof(*x));
		for (step = 1; step > 1e-6; step /= 2) {
			for (i = 1; i < m; i++)
				x[i] = old[i] + step * g[i - 1];
			if ((l1 = loglik(pr, npr, x)) >= l0 - 1e-12)
				break;
		}
		dmax = 0;
		for (i = 1; i < m; i++)
			if (fabs(x[i] - old[i]) > dmax)
				dmax = fabs(x[i] - old[i]);
		l0 = l1;
		if (dmax < 1e-6) {
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
 * pairs, each of Newton's steps a factorisation of the dense Hessian),
 * and the fit of pools too large for Newton's.
 */
static void
fit_mm(const struct pair *pr, size_t npr, double *x, size_t m, long iters,
    double tol)
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
 * C_ab, the covariance of the ratings of group players a and b, from
 * M = L^-1 (d x d, in place of L): player 0's rating is held, its
 * covariances are 0.
 */
static double
cov(const double *mi, size_t d, size_t a, size_t b)
{
	size_t k, from;
	double s = 0;

	if (a == 0 || b == 0)
		return 0;
	a--;
	b--;
	for (k = from = a > b ? a : b; k < d; k++)
		s += mi[k * d + a] * mi[k * d + b];
	return s;
}

static const double *sort_x;

static int
cmp_x(const void *a, const void *b)
{
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;

	if (sort_x[i] != sort_x[j])
		return sort_x[i] > sort_x[j] ? -1 : 1;
	return i < j ? -1 : i > j;
}

int
ml_report(struct tout *o, struct pool *p, const struct ropts *ro)
{
	static const char *const keys[] = {
		"rank", "player", "rating", "low", "high", "rating", "low",
		"high", "los", "games", "score"
	};
	static const char *const heads[] = {
		"#", "Player", "Rating", "Low", "High", "Rating", "Low",
		"High", "LOS", "Games", "Score"
	};
	size_t np = p->players.n, npr, i, m, d, k, j;
	struct pair *pr;
	int *comp = NULL, status = 0, dense;
	long *gidx = NULL, got, anchor = -1;
	uint32_t *who = NULL, *order = NULL;
	double *x = NULL, *h = NULL, *g = NULL, *var = NULL, *cm = NULL;
	double *games = NULL, *score = NULL, shift, mtm = 0, cij, vd, z;
	struct table t;

	if ((pr = pairs_of(p, &npr)) == NULL)
		return 2;
	comp = malloc((np + 1) * sizeof(*comp));
	gidx = malloc((np + 1) * sizeof(*gidx));
	who = malloc((np + 1) * sizeof(*who));
	games = calloc(np + 1, sizeof(*games));
	score = calloc(np + 1, sizeof(*score));
	if (comp == NULL || gidx == NULL || who == NULL || games == NULL ||
	    score == NULL || (got = pool_group(np, pr, npr, comp)) < 0) {
		status = 2;
		goto out;
	}
	/* The group, numbered 0..m-1 in the order of the players. */
	for (i = 0, m = 0; i < np; i++) {
		gidx[i] = comp[i] == 1 ? (long)m : -1;
		if (comp[i] == 1)
			who[m++] = (uint32_t)i;
	}
	if (ro->anchor != NULL) {
		long a = pool_strtab_find(&p->players, ro->anchor,
		    strlen(ro->anchor));

		if (a < 0 || gidx[a] < 0) {
			cli_warn("--anchor: %s is %s", ro->anchor, a < 0 ?
			    "no player of the games" : "not rated (not "
			    "connected to the pool)");
			status = 1;
			goto out;
		}
		anchor = gidx[a];
	}
	/* The games between players of the group, renumbered. */
	for (i = 0, k = 0; i < npr; i++)
		if (gidx[pr[i].a] >= 0 && gidx[pr[i].b] >= 0) {
			pr[k] = pr[i];
			pr[k].a = (uint32_t)gidx[pr[i].a];
			pr[k].b = (uint32_t)gidx[pr[i].b];
			k++;
		}
	npr = k;
	/* The games the ratings rest on, and their scores. */
	for (i = 0; i < npr; i++) {
		games[pr[i].a] += pr[i].n;
		games[pr[i].b] += pr[i].n;
		score[pr[i].a] += pr[i].s;
		score[pr[i].b] += pr[i].n - pr[i].s;
	}
	x = calloc(m + 1, sizeof(*x));
	var = calloc(m + 1, sizeof(*var));
	cm = calloc(m + 1, sizeof(*cm));
	order = malloc((m + 1) * sizeof(*order));
	if (x == NULL || var == NULL || cm == NULL || order == NULL) {
		status = 2;
		goto out;
	}
	d = m > 0 ? m - 1 : 0;
	if (m >= 2)
		fit_mm(pr, npr, x, m, 300, 1e-3);
	dense = m >= 2 && m <= NEWTON_MAX &&
	    (h = malloc((d * d + 1) * sizeof(*h))) != NULL &&
	    (g = malloc((d + 1) * sizeof(*g))) != NULL &&
	    fit_newton(pr, npr, x, m, h, g) == 0;
	if (!dense && m >= 2)
		fit_mm(pr, npr, x, m, 100000, 1e-6);
	if (dense) {
		/*
		 * The covariance C of x[1..m-1] is the inverse of the
		 * negated Hessian L L' (h holds L): C = M' M with M = L^-1,
		 * computed in place of L (x[0] is held: its row of C is 0).
		 */
		for (j = 0; j < d; j++) {
			h[j * d + j] = 1 / h[j * d + j];
			for (i = j + 1; i < d; i++) {
				double s = 0;

				for (k = j; k < i; k++)
					s -= h[i * d + k] * h[k * d + j];
				h[i * d + j] = s / h[i * d + i];
			}
		}
		/* var[i] = C_ii, cm = C 1/m (the mean's covariances). */
		for (i = 0; i < d; i++) {
			double s = 0;

			for (k = i; k < d; k++)
				s += h[k * d + i] * h[k * d + i];
			var[i + 1] = s;
		}
		for (i = 0; i < d; i++)
			g[i] = 1.0 / (double)m;
		/* C 1/m = M' (M 1/m). */
		for (k = 0; k < d; k++) {
			double s = 0;

			for (j = 0; j <= k; j++)
				s += h[k * d + j] * g[j];
			cm[k + 1] = s;
		}
		for (i = 0; i < d; i++) {
			double s = 0;

			for (k = i; k < d; k++)
				s += h[k * d + i] * cm[k + 1];
			g[i] = s;
		}
		for (i = 0; i < d; i++) {
			cm[i + 1] = g[i];
			mtm += g[i] / (double)m;
		}
	}
	/* The mean at 1000, or the anchor at its rating. */
	shift = 0;
	if (anchor >= 0)
		shift = ro->anchor_r - x[anchor];
	else {
		for (i = 0; i < m; i++)
			shift += x[i];
		shift = 1000 - shift / (double)m;
	}
	for (i = 0; i < m; i++)
		order[i] = (uint32_t)i;
	sort_x = x;
	if (m > 0)
		qsort(order, m, sizeof(*order), cmp_x);
	table_init(&t, 11, "Maximum-likelihood ratings");
	for (i = 0; i < 11; i++)
		table_col(&t, i, keys[i], heads[i], i != 1);
	/* Text: rounded; machine: two decimals. */
	t.cols[2].text_only = t.cols[3].text_only = t.cols[4].text_only = 1;
	t.cols[5].machine_only = t.cols[6].machine_only =
	    t.cols[7].machine_only = 1;
	for (i = 0; i < m && (ro->top == 0 || (long)i < ro->top); i++) {
		size_t a = order[i];
		double r = x[a] + shift, sd = -1, los = -1;

		if (dense) {
			/* Var(x_a - mean), or Var(x_a - x_anchor). */
			if (anchor >= 0)
				vd = var[a] + var[anchor] - 2 * cov(h, d, a,
				    (size_t)anchor);
			else
				vd = var[a] - 2 * cm[a] + mtm;
			sd = sqrt(vd > 0 ? vd : 0);
			if (i + 1 < m) {
				j = order[i + 1];
				cij = cov(h, d, a, j);
				vd = var[a] + var[j] - 2 * cij;
				z = vd > 0 ? (x[a] - x[j]) / sqrt(vd) : 0;
				los = 0.5 * erfc(-z / sqrt(2.0));
			}
		}
		table_fmt(&t, CELL_NUM, "%zu", i + 1);
		table_str(&t, p->players.s[who[a]]);
		table_fmt(&t, CELL_NUM, "%.0f", floor(r + 0.5));
		if (sd >= 0) {
			table_fmt(&t, CELL_NUM, "%.0f", floor(r - 1.96 * sd +
			    0.5));
			table_fmt(&t, CELL_NUM, "%.0f", floor(r + 1.96 * sd +
			    0.5));
		} else {
			table_str(&t, "");
			table_str(&t, "");
		}
		table_fmt(&t, CELL_NUM, "%.2f", r);
		if (sd >= 0) {
			table_fmt(&t, CELL_NUM, "%.2f", r - 1.96 * sd);
			table_fmt(&t, CELL_NUM, "%.2f", r + 1.96 * sd);
		} else {
			table_str(&t, NULL);
			table_str(&t, NULL);
		}
		if (los >= 0)
			table_fmt(&t, CELL_NUM, "%.1f", 100 * los);
		else
			table_str(&t, NULL);
		table_fmt(&t, CELL_NUM, "%.0f", games[a]);
		table_fmt(&t, CELL_NUM, "%.1f", 100 * score[a] / games[a]);
	}
	for (i = 0; i < np; i++)
		if (comp[i] == 0)
			table_note(&t,
			    "not rated: %s (not connected to the pool)",
			    p->players.s[i]);
	if (!dense && m > NEWTON_MAX)
		table_note(&t, "%zu players: fitted without intervals", m);
	if (t.oom)
		status = 2;
	else
		table_write(o, &t);
	table_free(&t);
	/* Said on standard error where the notes are not written. */
	for (i = 0; i < np && o->fmt != OUT_TEXT && o->fmt != OUT_HTML; i++)
		if (comp[i] == 0)
			cli_warn("%s: not connected to the pool: not rated",
			    p->players.s[i]);
out:
	free(pr);
	free(comp);
	free(gidx);
	free(who);
	free(games);
	free(score);
	free(x);
	free(h);
	free(g);
	free(var);
	free(cm);
	free(order);
	return status;
}
