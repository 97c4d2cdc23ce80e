/*
 * pdn-standings: maximum-likelihood ratings of the whole pool (report.h).
 *
 * The model and its fit are fit.h's.  The pairs of players who met are
 * gathered here, merged (by White and Black when White's advantage is
 * given or fitted), with their draws.  A maximum exists, and is unique,
 * only among players each of whom both scored against and conceded to
 * the others (the largest strongly connected group of the graph "scored
 * at least a draw against"); of the players outside it, one who won (or
 * lost) every game, all of them against the group, gets a one-sided
 * bound; the others are reported, not rated.  The likelihood of
 * superiority of a player over the next is Phi((Ri - Rj) / sd(Ri - Rj)).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fit.h"
#include "report.h"
#include "tags.h"

#define NEWTON_MAX 3000

static int
cmp_pair(const void *x, const void *y)
{
	const struct fit_pair *p = x, *q = y;

	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return p->b < q->b ? -1 : p->b > q->b;
}

/*
 * The pairs of the pool's rated games, merged (a < b, or a White when
 * `directed`), in the order of cmp_pair; *np of them.  They are gathered in a table of open addressing by their
 * two players: memory grows with the pairs of players who met, not with
 * the games.  NULL out of memory or after an error (errno).
 */
static struct fit_pair *
pairs_of(struct pool *p, int directed, size_t *np)
{
	struct pool_cur c;
	struct fit_pair *pr = NULL, *t;
	const struct sgame *g;
	uint32_t *slot = NULL, *ns, a, b;
	size_t n = 0, cap = 0, nslot = 0, i, k;
	uint64_t h;
	double sw;

	if (pool_open(&c, p, ORD_DATE) != 0)
		return NULL;
	while ((g = pool_next(&c)) != NULL) {
		if (g->res == PDN_OUTCOME_DOUBLE_LOSS ||
		    (g->flags & (SG_UNPLAYED | SG_PLAYOFF)) != 0)
			continue;
		a = directed || g->white < g->black ? g->white : g->black;
		b = a == g->white ? g->black : g->white;
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
			pr[n].draws = 0;
			slot[k] = (uint32_t)++n;
		}
		sw = tags_score(g->res, PDN_WHITE);
		t = &pr[slot[k] - 1];
		t->n += 1;
		t->s += a == g->white ? sw : 1 - sw;
		t->draws += sw == 0.5;
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
pool_group(size_t np, const struct fit_pair *pr, size_t npr, int *comp)
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

static const double *sort_x;

static int
cmp_x(const void *a, const void *b)
{
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;

	if (sort_x[i] != sort_x[j])
		return sort_x[i] > sort_x[j] ? -1 : 1;
	return i < j ? -1 : i > j;
}

/*
 * The one-sided 95% bound of the rating of player `who`, who won (lost,
 * when `lost`) every game, all against players of the group (gidx):
 * the rating at which so perfect a score has a chance of 5%, his
 * opponents' ratings held.  A draw is less likely than half a win, so
 * the chance of a win is at most E: the bound errs low (high).
 */
static double
perfect_bound(const struct fit_pair *pr, size_t npr, const long *gidx,
    const struct fit *f, double shift, uint32_t who, int lost)
{
	double lo = -20000, hi = 20000, mid, l, e;
	size_t i;
	int it;

	for (it = 0; it < 100; it++) {
		mid = (lo + hi) / 2;
		l = 0;
		for (i = 0; i < npr; i++) {
			if (pr[i].a == who)
				e = 1 / (1 + pow(10, (f->x[gidx[pr[i].b]] +
				    shift - mid - f->adv) / 400));
			else if (pr[i].b == who)
				e = 1 - 1 / (1 + pow(10, (mid - f->x[gidx[pr[
				    i].a]] - shift - f->adv) / 400));
			else
				continue;
			l += pr[i].n * log(lost ? 1 - e : e);
		}
		/* The chance rises with the rating when he won. */
		if ((l > log(0.05)) == !lost)
			hi = mid;
		else
			lo = mid;
	}
	return (lo + hi) / 2;
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
	size_t np = p->players.n, npr, nall, i, m, k, j, nperf = 0;
	struct fit_pair *pr, *all = NULL;
	int *comp = NULL, status = 0, *perf = NULL;
	long *gidx = NULL, got, anchor = -1;
	uint32_t *who = NULL, *order = NULL;
	double *games = NULL, *score = NULL, *pgames = NULL, *pscore = NULL;
	double shift, vd, z, ndraws = 0, ngames = 0;
	struct table t;
	struct fit f;
	int adv = ro->adv_mode, unfit = 0;

	memset(&f, 0, sizeof(f));
	f.adv = ro->adv;
	if ((pr = pairs_of(p, ro->adv_mode != FIT_ADV_NONE, &npr)) == NULL)
		return 2;
	comp = malloc((np + 1) * sizeof(*comp));
	perf = calloc(np + 1, sizeof(*perf));
	gidx = malloc((np + 1) * sizeof(*gidx));
	who = malloc((np + 1) * sizeof(*who));
	games = calloc(np + 1, sizeof(*games));
	score = calloc(np + 1, sizeof(*score));
	pgames = calloc(np + 1, sizeof(*pgames));
	pscore = calloc(np + 1, sizeof(*pscore));
	all = malloc((npr + 1) * sizeof(*all));
	if (comp == NULL || perf == NULL || gidx == NULL || who == NULL ||
	    games == NULL || score == NULL || pgames == NULL ||
	    pscore == NULL || all == NULL ||
	    (got = pool_group(np, pr, npr, comp)) < 0) {
		status = 2;
		goto out;
	}
	memcpy(all, pr, npr * sizeof(*all));
	nall = npr;
	/* The group, numbered 0..m-1 in the order of the players. */
	for (i = 0, m = 0; i < np; i++) {
		gidx[i] = comp[i] == 1 ? (long)m : -1;
		if (comp[i] == 1)
			who[m++] = (uint32_t)i;
	}
	/*
	 * A perfect score against the group: perf[i] 1 all won, -1 all
	 * lost (pgames[i] < 0 once a game against another counts).
	 */
	for (i = 0; i < nall; i++)
		for (k = 0; k < 2; k++) {
			uint32_t u = k ? all[i].b : all[i].a;
			uint32_t v = k ? all[i].a : all[i].b;
			double s = k ? all[i].n - all[i].s : all[i].s;

			if (comp[u] != 0 || pgames[u] < 0)
				continue;
			if (comp[v] != 1) {
				pgames[u] = -1;
				continue;
			}
			pgames[u] += all[i].n;
			pscore[u] += s;
		}
	for (i = 0; i < np; i++)
		if (comp[i] == 0 && pgames[i] > 0 &&
		    (pscore[i] == pgames[i] || pscore[i] == 0)) {
			perf[i] = pscore[i] > 0 ? 1 : -1;
			nperf++;
		}
	if (ro->anchor != NULL) {
		long a = strtab_find(&p->players, ro->anchor,
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
		ngames += pr[i].n;
		ndraws += pr[i].draws;
	}
	order = malloc((m + 1) * sizeof(*order));
	if (order == NULL || fit_run(&f, pr, npr, m, adv, NEWTON_MAX) != 0) {
		status = 2;
		goto out;
	}
	/*
	 * An advantage that runs off (the colours of the games do not
	 * determine it: each pair met with one colour only, say) is not
	 * fitted.
	 */
	if (adv == FIT_ADV_FIT && !(fabs(f.adv) < 400)) {
		fit_free(&f);
		adv = FIT_ADV_NONE;
		if (fit_run(&f, pr, npr, m, adv, NEWTON_MAX) != 0) {
			status = 2;
			goto out;
		}
		unfit = 1;
	}
	/* The mean at 1000, or the anchor at its rating. */
	shift = 0;
	if (anchor >= 0)
		shift = ro->anchor_r - f.x[anchor];
	else {
		for (i = 0; i < m; i++)
			shift += f.x[i];
		shift = 1000 - shift / (double)m;
	}
	for (i = 0; i < m; i++)
		order[i] = (uint32_t)i;
	sort_x = f.x;
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
		double r = f.x[a] + shift, sd = -1, los = -1;

		if (f.intervals) {
			/* Var(x_a - mean), or Var(x_a - x_anchor). */
			if (anchor >= 0)
				vd = a == (size_t)anchor ? 0 :
				    fit_var_diff(&f, a, (size_t)anchor);
			else
				vd = fit_var_mean(&f, a);
			sd = sqrt(vd > 0 ? vd : 0);
			if (i + 1 < m) {
				j = order[i + 1];
				vd = fit_var_diff(&f, a, j);
				z = vd > 0 ? (f.x[a] - f.x[j]) / sqrt(vd) : 0;
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
	/* The perfect scores, after the ratings: a bound each, no rank. */
	for (k = 0; k < 2 && m >= 2 && ro->top == 0; k++)
		for (i = 0; i < np; i++) {
			double b;

			if (perf[i] != (k == 0 ? 1 : -1))
				continue;
			b = perfect_bound(all, nall, gidx, &f, shift,
			    (uint32_t)i, perf[i] < 0);
			table_str(&t, NULL);
			table_str(&t, p->players.s[i]);
			table_str(&t, "");
			if (perf[i] > 0) {
				table_fmt(&t, CELL_NUM, "%.0f", floor(b + 0.5));
				table_str(&t, "");
			} else {
				table_str(&t, "");
				table_fmt(&t, CELL_NUM, "%.0f", floor(b + 0.5));
			}
			table_str(&t, NULL);
			if (perf[i] > 0) {
				table_fmt(&t, CELL_NUM, "%.2f", b);
				table_str(&t, NULL);
			} else {
				table_str(&t, NULL);
				table_fmt(&t, CELL_NUM, "%.2f", b);
			}
			table_str(&t, NULL);
			table_fmt(&t, CELL_NUM, "%.0f", pgames[i]);
			table_fmt(&t, CELL_NUM, "%.1f", perf[i] > 0 ? 100.0 :
			    0.0);
		}
	for (i = 0; i < np; i++)
		if (comp[i] == 0 && (perf[i] == 0 || m < 2))
			table_note(&t,
			    "not rated: %s (not connected to the pool)",
			    p->players.s[i]);
		else if (perf[i] != 0 && ro->top == 0)
			table_note(&t, "%s: %s every game against the pool: "
			    "a one-sided 95%% bound, no rating",
			    p->players.s[i], perf[i] > 0 ? "won" : "lost");
	if (ndraws > 0 && f.intervals)
		table_note(&t, "draws: %.1f%% of the games; the intervals "
		    "are %.2f times those of half a win", 100 * ndraws /
		    ngames, sqrt(f.phi));
	if (unfit)
		table_note(&t, "White's advantage: not fitted: the colours "
		    "of the games do not determine it");
	else if (adv == FIT_ADV_FIT && f.adv_sd >= 0)
		table_note(&t, "White's advantage: %.1f (95%%: %.1f to %.1f), "
		    "fitted", f.adv, f.adv - 1.96 * f.adv_sd,
		    f.adv + 1.96 * f.adv_sd);
	else if (ro->adv_mode == FIT_ADV_GIVEN)
		table_note(&t, "White's advantage: %.1f, given", f.adv);
	if (!f.dense && m > NEWTON_MAX)
		table_note(&t, "%zu players: intervals approximated (see "
		    "pdn-standings(1))", m);
	if (t.oom)
		status = 2;
	else
		table_write(o, &t);
	table_free(&t);
	/* Said on standard error where the notes are not written. */
	for (i = 0; i < np && o->fmt != OUT_TEXT && o->fmt != OUT_HTML; i++)
		if (comp[i] == 0 && (perf[i] == 0 || m < 2))
			cli_warn("%s: not connected to the pool: not rated",
			    p->players.s[i]);
	if (o->fmt != OUT_TEXT && o->fmt != OUT_HTML && unfit)
		cli_warn("White's advantage: not fitted: the colours of the "
		    "games do not determine it");
	else if (o->fmt != OUT_TEXT && o->fmt != OUT_HTML &&
	    adv == FIT_ADV_FIT && f.adv_sd >= 0)
		cli_warn("White's advantage: %.2f (95%%: %.2f to %.2f), "
		    "fitted", f.adv, f.adv - 1.96 * f.adv_sd,
		    f.adv + 1.96 * f.adv_sd);
out:
	free(pr);
	free(all);
	free(comp);
	free(perf);
	free(gidx);
	free(who);
	free(games);
	free(score);
	free(pgames);
	free(pscore);
	free(order);
	fit_free(&f);
	return status;
}
