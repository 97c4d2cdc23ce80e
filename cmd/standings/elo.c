/*
 * pdn-standings: incremental Elo ratings, their history and its chart
 * (report.h).
 *
 * Every player starts at ro->start.  Games are taken in the pool's order
 * (date, round, input order); in each, both players' expected scores come
 * from their ratings before it, E = 1 / (1 + 10^((Ro - R) / 400)), and
 * each rating changes by K (score - E), a draw scoring half, with K = k1
 * while the player has fewer than ro->provisional rated games before this
 * one (the rating is then provisional) and k2 after.  A double loss (0-0)
 * is no result between the two and is not rated, and so are byes,
 * forfeits and play-off games.  A player of --ratings starts at his
 * rating with his games.  KNDB's system (--rating-system kndb) rates an
 * event at a time: Rn = R0 + K (W - We), W the points (a win 2), We the
 * sum of 2 Phi((R0 - Ro) / (2000 / 7)) over the player's games, from the
 * ratings before the event, and K = 800 / (Ne + N), at least 5, Ne the
 * games rated before, N the event's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "tags.h"

struct rated {
	double r;		/* now */
	double change;		/* over the period */
	long n;			/* games rated */
	long pn;		/* games of the period */
	double popp, ps;	/* their opponents' ratings, the scores */
	/* KNDB: the event's games, points, expected points */
	long en;
	double ew, ewe;
	uint32_t elast;		/* the date of its last game */
};

#define KNDB_SIGMA (2000.0 / 7.0)

/* Player i's rating and games before the first game. */
static void
start_of(const struct ropts *ro, size_t i, struct rated *r)
{
	r->r = ro->start;
	r->n = 0;
	if (ro->start_r != NULL && !isnan(ro->start_r[i])) {
		r->r = ro->start_r[i];
		r->n = ro->start_n[i];
	}
}

/* Days since 1970-01-01 of a date of the proleptic Gregorian calendar. */
static long
civil_days(long y, long m, long d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/*
 * The period that holds the latest date `last` (yyyymmdd): whether a game
 * of date `date` falls in it.  Periods are calendar ones: the week from
 * Monday, the month, the year; "all" holds every game.
 */
struct period {
	int kind, ok;		/* ok: `last` tells the period */
	long from;		/* week: its Monday's day number */
	uint32_t last;
};

static void
period_init(struct period *pe, int kind, uint32_t last)
{
	long day;

	pe->kind = kind;
	pe->from = 0;
	pe->last = last;
	switch (kind) {
	case PERIOD_ALL:
		pe->ok = 1;
		break;
	case PERIOD_YEAR:
		pe->ok = last != 0;
		break;
	case PERIOD_MONTH:
		pe->ok = last % 10000 / 100 != 0;
		break;
	default:
		pe->ok = last % 100 != 0;
		if (pe->ok) {
			day = civil_days(last / 10000, last % 10000 / 100,
			    last % 100);
			/* 1970-01-01 was a Thursday. */
			pe->from = day - ((day % 7 + 7 + 3) % 7);
		}
		break;
	}
}

static int
in_period(const struct period *pe, uint32_t date)
{
	if (!pe->ok)
		return 0;
	switch (pe->kind) {
	case PERIOD_ALL:
		return 1;
	case PERIOD_YEAR:
		return date / 10000 == pe->last / 10000;
	case PERIOD_MONTH:
		return date / 100 == pe->last / 100;
	default:
		return date % 100 != 0 && date % 10000 / 100 != 0 &&
		    civil_days(date / 10000, date % 10000 / 100, date % 100) >=
		    pe->from;
	}
}

static int
rated_game(const struct sgame *g)
{
	return g->res != PDN_OUTCOME_DOUBLE_LOSS &&
	    (g->flags & (SG_UNPLAYED | SG_PLAYOFF)) == 0;
}

/*
 * Rates game g: the new ratings of White and Black into after[2], from
 * the players' states rp.
 */
static void
rate(const struct ropts *ro, const struct rated *w, const struct rated *b,
    const struct sgame *g, double after[2])
{
	double ew = 1.0 / (1.0 + pow(10.0, (b->r - w->r) / 400.0));
	double kw = w->n < ro->provisional ? ro->k1 : ro->k2;
	double kb = b->n < ro->provisional ? ro->k1 : ro->k2;
	double sw = tags_score(g->res, PDN_WHITE);

	after[0] = w->r + kw * (sw - ew);
	after[1] = b->r + kb * ((1.0 - sw) - (1.0 - ew));
}

/* The date of the last game rated into *last: 0, or -1 (errno). */
static int
last_date(struct pool *p, uint32_t *last)
{
	struct pool_cur c;
	const struct sgame *g;

	*last = 0;
	if (pool_open(&c, p, ORD_DATE) != 0)
		return -1;
	while ((g = pool_next(&c)) != NULL)
		if (rated_game(g))
			*last = g->date;
	return pool_close(&c);
}

/* Game g into its players' performance, when it falls in the period. */
static void
perf(struct rated *rp, const struct sgame *g, const struct period *pe)
{
	double sw = tags_score(g->res, PDN_WHITE);

	if (!in_period(pe, g->date))
		return;
	rp[g->white].pn++;
	rp[g->white].popp += rp[g->black].r;
	rp[g->white].ps += sw;
	rp[g->black].pn++;
	rp[g->black].popp += rp[g->white].r;
	rp[g->black].ps += 1 - sw;
}

/*
 * What run() tells of each side of each game rated, in order: the game,
 * the side, its player's state before it, his rating after it (NAN with
 * KNDB's ratings, which change an event at a time) and the number of the
 * game among those rated.
 */
typedef void each_fn(void *arg, const struct pool *p, const struct ropts *ro,
    const struct sgame *g, int s, const struct rated *before, double after,
    size_t n);

/*
 * KNDB's ratings: the games an event at a time, each rated from the
 * ratings before its event (see above); `each` as run()'s.  0, or -1
 * (errno).
 */
static int
run_kndb(struct pool *p, const struct ropts *ro, struct rated *rp,
    const struct period *pe, each_fn *each, void *arg)
{
	struct pool_cur c;
	const struct sgame *g;
	uint32_t *in = NULL, who[2];
	size_t nin = 0, i;
	uint32_t ev = UINT32_MAX;
	double sw, e, k, d;
	size_t n = 0;
	int s;

	if ((in = malloc((p->players.n + 1) * sizeof(*in))) == NULL ||
	    pool_open(&c, p, ORD_EVENT) != 0) {
		free(in);
		return -1;
	}
	for (;;) {
		g = pool_next(&c);
		if (g != NULL && !rated_game(g))
			continue;
		/* An event's end: its players' new ratings. */
		if (g == NULL || g->event != ev) {
			for (i = 0; i < nin; i++) {
				struct rated *r = &rp[in[i]];

				k = 800.0 / (double)(r->n + r->en);
				if (k < 5)
					k = 5;
				d = k * (r->ew - r->ewe);
				if (in_period(pe, r->elast))
					r->change += d;
				r->r += d;
				r->n += r->en;
				r->en = 0;
				r->ew = r->ewe = 0;
				r->elast = 0;
			}
			nin = 0;
			if (g == NULL)
				break;
			ev = g->event;
		}
		perf(rp, g, pe);
		sw = tags_score(g->res, PDN_WHITE);
		who[0] = g->white;
		who[1] = g->black;
		n++;
		for (s = 0; s < 2; s++) {
			struct rated *r = &rp[who[s]];

			/* The rating changes at the event's end, not here. */
			if (each != NULL)
				each(arg, p, ro, g, s, r, NAN, n);
			if (r->en == 0)
				in[nin++] = who[s];
			e = 0.5 * erfc(-(r->r - rp[who[1 - s]].r) /
			    KNDB_SIGMA / sqrt(2.0));
			r->en++;
			r->ew += 2 * (s == 0 ? sw : 1 - sw);
			r->ewe += 2 * e;
			if (g->date > r->elast)
				r->elast = g->date;
		}
	}
	free(in);
	return pool_close(&c);
}

/* each_fn: --history's row of game g's side s, into table arg. */
static void
hist_row(void *arg, const struct pool *p, const struct ropts *ro,
    const struct sgame *g, int s, const struct rated *r, double after,
    size_t n)
{
	struct table *hist = arg;
	char date[16], buf[32];

	table_fmt(hist, CELL_NUM, "%zu", n);
	if (g->date == 0)
		table_str(hist, NULL);
	else {
		standings_date(date, sizeof(date), g->date);
		table_str(hist, date);
	}
	table_str(hist, p->players.s[s == 0 ? g->white : g->black]);
	table_str(hist, p->players.s[s == 0 ? g->black : g->white]);
	standings_points(buf, sizeof(buf), tags_score(g->res, (pdn_colour)s));
	table_cell(hist, CELL_NUM, buf);
	table_fmt(hist, CELL_NUM, "%.0f%s", floor(after + 0.5), r->n + 1 <
	    ro->provisional ? "?" : " ");
	table_fmt(hist, CELL_NUM, "%+.0f", floor(after + 0.5) -
	    floor(r->r + 0.5));
	table_fmt(hist, CELL_NUM, "%.4f", after);
	table_fmt(hist, CELL_NUM, "%.4f", after - r->r);
	table_long(hist, CELL_NUM, r->n + 1);
}

/*
 * Runs the ratings over the pool into rp (a state per player); with
 * `each`, tells it of each side of each game rated.  0, or -1 (errno).
 */
static int
run(struct pool *p, const struct ropts *ro, struct rated *rp, each_fn *each,
    void *arg)
{
	struct pool_cur c;
	const struct sgame *g;
	struct period pe;
	double after[2];
	uint32_t last, who[2];
	size_t i, n = 0;
	int s;

	for (i = 0; i < p->players.n; i++) {
		memset(&rp[i], 0, sizeof(rp[i]));
		start_of(ro, i, &rp[i]);
	}
	if (last_date(p, &last) != 0)
		return -1;
	period_init(&pe, ro->period, last);
	if (ro->rsys == RSYS_KNDB)
		return run_kndb(p, ro, rp, &pe, each, arg);
	if (pool_open(&c, p, ORD_DATE) != 0)
		return -1;
	while ((g = pool_next(&c)) != NULL) {
		if (!rated_game(g))
			continue;
		n++;
		perf(rp, g, &pe);
		rate(ro, &rp[g->white], &rp[g->black], g, after);
		who[0] = g->white;
		who[1] = g->black;
		for (s = 0; s < 2; s++) {
			struct rated *r = &rp[who[s]];

			if (in_period(&pe, g->date))
				r->change += after[s] - r->r;
			if (each != NULL)
				each(arg, p, ro, g, s, r, after[s], n);
		}
		rp[g->white].r = after[0];
		rp[g->black].r = after[1];
		rp[g->white].n++;
		rp[g->black].n++;
	}
	if (pool_close(&c) != 0)
		return -1;
	if (ro->period == PERIOD_ALL)
		for (i = 0; i < p->players.n; i++) {
			struct rated st;

			start_of(ro, i, &st);
			rp[i].change = rp[i].r - st.r;
		}
	return 0;
}

/*
 * The performance rating of the games of the period: the opponents'
 * average rating (before each game) plus the difference at which the
 * rating system expects the score, at most 800 either way.
 */
static double
tpr(const struct ropts *ro, const struct rated *r)
{
	double p = r->ps / (double)r->pn, lo = -800, hi = 800, mid, e;
	int it;

	for (it = 0; it < 60; it++) {
		mid = (lo + hi) / 2;
		e = ro->rsys == RSYS_KNDB ? 0.5 * erfc(-mid / KNDB_SIGMA /
		    sqrt(2.0)) : 1 / (1 + pow(10, -mid / 400));
		if (e < p)
			lo = mid;
		else
			hi = mid;
	}
	return r->popp / (double)r->pn + (lo + hi) / 2;
}

/*
 * The name of rated player i: a player of the games, or after them one
 * of --ratings' players of no game (ro->extra_name).
 */
static const char *
name_of(const struct pool *p, const struct ropts *ro, size_t i)
{
	return i < p->players.n ? p->players.s[i] :
	    ro->extra_name[i - p->players.n];
}

static const struct rated *sort_rp;
static const struct pool *sort_p;
static const struct ropts *sort_ro;

/* By rating, higher first, then by name (bytes). */
static int
cmp_rating(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (sort_rp[x].r != sort_rp[y].r)
		return sort_rp[x].r > sort_rp[y].r ? -1 : 1;
	/* The players of the games are numbered by name already. */
	if (x < sort_p->players.n && y < sort_p->players.n)
		return x < y ? -1 : x > y;
	return strcmp(name_of(sort_p, sort_ro, x), name_of(sort_p, sort_ro,
	    y));
}

static const char *const period_heads[] = { "Week", "Month", "Year", "All" };

/*
 * The players with a rated game, and with `extra` --ratings' players of
 * no game (rp[players.n ..]), by rating; their number in *n.
 */
static uint32_t *
ranked(const struct pool *p, const struct ropts *ro, const struct rated *rp,
    int extra, size_t *n)
{
	uint32_t *order;
	size_t i, all = p->players.n + (extra ? ro->nextra : 0);

	*n = 0;
	if ((order = malloc((all + 1) * sizeof(*order))) == NULL)
		return NULL;
	for (i = 0; i < all; i++)
		if (rp[i].n > 0 || i >= p->players.n)
			order[(*n)++] = (uint32_t)i;
	sort_rp = rp;
	sort_p = p;
	sort_ro = ro;
	if (*n > 0)
		qsort(order, *n, sizeof(*order), cmp_rating);
	return order;
}

int
elo_report(struct tout *o, struct pool *p, const struct ropts *ro,
    int history)
{
	/* The text's rating and change, as shown; the machine's, exact. */
	static const char *const hkeys[] = {
		"n", "date", "player", "opponent", "score", "rating",
		"change", "rating", "change", "games"
	};
	static const char *const hheads[] = {
		"N", "Date", "Player", "Opponent", "Score", "Rating", "Change",
		"Rating", "Change", "Games"
	};
	const char *lkeys[] = {
		"rank", "player", "rating", "rating", "provisional", "change",
		"change", "games", "tpr", "tpr"
	};
	const char *lheads[] = {
		"#", "Player", "Rating", "Rating", "Provisional",
		period_heads[ro->period], period_heads[ro->period], "Games",
		"TPR", "TPR"
	};
	struct rated *rp;
	struct table t;
	uint32_t *order = NULL, last = 0;
	size_t i, n;
	const struct rated *r;
	struct period pe;
	int status = 0;

	if ((rp = malloc((p->players.n + ro->nextra + 1) * sizeof(*rp))) ==
	    NULL)
		return 2;
	/* --ratings' players of no game: as the file has them. */
	for (i = 0; i < ro->nextra; i++) {
		memset(&rp[p->players.n + i], 0, sizeof(*rp));
		rp[p->players.n + i].r = ro->extra_r[i];
		rp[p->players.n + i].n = ro->extra_n[i];
	}
	if (history) {
		table_init(&t, 10, "Elo history");
		for (i = 0; i < 10; i++)
			table_col(&t, i, hkeys[i], hheads[i], i == 0 || i >= 4);
		t.cols[5].text_only = t.cols[6].text_only = 1;
		t.cols[7].machine_only = t.cols[8].machine_only = 1;
		if (run(p, ro, rp, hist_row, &t) != 0)
			status = 2;
	} else {
		if (run(p, ro, rp, NULL, NULL) != 0 || last_date(p, &last) != 0 ||
		    (order = ranked(p, ro, rp, 1, &n)) == NULL) {
			free(rp);
			return 2;
		}
		period_init(&pe, ro->period, last);
		table_init(&t, 10, ro->rsys == RSYS_KNDB ? "KNDB ratings" :
		    "Elo ratings");
		for (i = 0; i < 10; i++)
			table_col(&t, i, lkeys[i], lheads[i], i != 1);
		t.cols[2].text_only = t.cols[5].text_only = 1;
		t.cols[3].machine_only = t.cols[4].machine_only = 1;
		t.cols[6].machine_only = 1;
		t.cols[8].text_only = t.cols[9].machine_only = 1;
		for (i = 0; i < n && (ro->top == 0 || (long)i < ro->top);
		    i++) {
			r = &rp[order[i]];
			table_fmt(&t, CELL_NUM, "%zu", i + 1);
			table_str(&t, name_of(p, ro, order[i]));
			table_fmt(&t, CELL_NUM, "%.0f%s", floor(r->r + 0.5),
			    r->n < ro->provisional ? "?" : " ");
			table_fmt(&t, CELL_NUM, "%.4f", r->r);
			table_cell(&t, CELL_BOOL, r->n < ro->provisional ?
			    "true" : "false");
			if (pe.ok) {
				table_fmt(&t, CELL_NUM, "%+.0f",
				    floor(r->change + 0.5));
				table_fmt(&t, CELL_NUM, "%.4f", r->change);
			} else {
				table_str(&t, "");
				table_str(&t, NULL);
			}
			table_long(&t, CELL_NUM, r->n);
			if (r->pn > 0) {
				table_fmt(&t, CELL_NUM, "%.0f",
				    floor(tpr(ro, r) + 0.5));
				table_fmt(&t, CELL_NUM, "%.2f", tpr(ro, r));
			} else {
				table_str(&t, "");
				table_str(&t, NULL);
			}
		}
	}
	if (t.oom)
		status = 2;
	else if (status == 0)
		table_write(o, &t);
	table_free(&t);
	free(order);
	free(rp);
	return status;
}

/* A side of a game rated, for the player sections (elo_players()). */
struct pgame {
	uint32_t player, opp, event, date, round;
	uint8_t side, res;
	double after;		/* his rating after it, NAN: KNDB's */
	size_t n;		/* the game's number among those rated */
};

struct pgames {
	struct pgame *g;
	size_t n, cap;
	int oom;
};

/* each_fn: a side of a game rated into the pgames arg. */
static void
player_game(void *arg, const struct pool *p, const struct ropts *ro,
    const struct sgame *g, int s, const struct rated *r, double after,
    size_t n)
{
	struct pgames *pg = arg;
	struct pgame *t;

	(void)p;
	(void)ro;
	(void)r;
	if (pg->oom)
		return;
	if (pg->n == pg->cap) {
		pg->cap = pg->cap == 0 ? 256 : 2 * pg->cap;
		if ((t = realloc(pg->g, pg->cap * sizeof(*t))) == NULL) {
			pg->oom = 1;
			return;
		}
		pg->g = t;
	}
	t = &pg->g[pg->n++];
	t->player = s == 0 ? g->white : g->black;
	t->opp = s == 0 ? g->black : g->white;
	t->event = g->event;
	t->date = g->date;
	t->round = g->round;
	t->side = (uint8_t)s;
	t->res = g->res;
	t->after = after;
	t->n = n;
}

/* By player (by name), then in the order rated. */
static int
cmp_pgame(const void *a, const void *b)
{
	const struct pgame *x = a, *y = b;

	if (x->player != y->player)
		return x->player < y->player ? -1 : 1;
	return x->n < y->n ? -1 : x->n > y->n;
}

/* One player's section: his games pg[0..n), in order. */
static void
player_section(struct tout *o, const struct pool *p, const struct ropts *ro,
    const struct pgame *pg, size_t n)
{
	static const char *const heads[] = {
		"Date", "Event", "Round", "Colour", "Opponent", "Result",
		"Rating"
	};
	char buf[1024];
	struct table t;
	double sc;
	size_t i, c;

	snprintf(buf, sizeof(buf), "%s: %zu game%s rated",
	    p->players.s[pg[0].player], n, n == 1 ? "" : "s");
	table_init(&t, 7, buf);
	for (c = 0; c < 7; c++)
		table_col(&t, c, heads[c], heads[c], c == 2 || c == 6);
	for (i = 0; i < n; i++) {
		if (pg[i].date != 0) {
			standings_date(buf, sizeof(buf), pg[i].date);
			table_str(&t, buf);
		} else
			table_str(&t, "");
		table_str(&t, p->events.s[pg[i].event]);
		standings_round(buf, sizeof(buf), pg[i].round);
		table_str(&t, pg[i].round != 0 ? buf : "");
		table_str(&t, pg[i].side == 0 ? "white" : "black");
		table_str(&t, p->players.s[pg[i].opp]);
		sc = tags_score(pg[i].res, (pdn_colour)pg[i].side);
		table_str(&t, sc == 1 ? "win" : sc == 0 ? "loss" : "draw");
		table_class(&t, sc == 1 ? CLS_WIN : sc == 0 ? CLS_LOSS :
		    CLS_DRAW);
		if (isnan(pg[i].after))
			table_str(&t, "");
		else
			table_fmt(&t, CELL_NUM, "%.0f", floor(pg[i].after +
			    0.5));
	}
	(void)ro;
	table_write(o, &t);
	table_free(&t);
}

int
elo_players(struct tout *o, struct pool *p, const struct ropts *ro)
{
	struct pgames pg;
	struct rated *rp;
	size_t i, j;
	int st = 0;

	memset(&pg, 0, sizeof(pg));
	if ((rp = malloc((p->players.n + 1) * sizeof(*rp))) == NULL)
		return 2;
	if (run(p, ro, rp, player_game, &pg) != 0 || pg.oom)
		st = 2;
	if (st == 0 && pg.n > 0)
		qsort(pg.g, pg.n, sizeof(*pg.g), cmp_pgame);
	for (i = 0; st == 0 && i < pg.n; i = j) {
		for (j = i + 1; j < pg.n && pg.g[j].player == pg.g[i].player;
		    j++)
			;
		player_section(o, p, ro, pg.g + i, j - i);
	}
	free(pg.g);
	free(rp);
	return st;
}

/* The chart's colours, one per player shown. */
static const char *const palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf"
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

/* A step of 1, 2 or 5 times a power of ten giving at most 10 ticks. */
static double
tick_step(double span)
{
	double step = 1;

	while (span / step > 10) {
		if (span / (step * 2) <= 10)
			return step * 2;
		if (span / (step * 5) <= 10)
			return step * 5;
		step *= 10;
	}
	return step;
}

/* The day (civil_days()) of a date key, or -1 when a part is unknown. */
static long
day_of(uint32_t d)
{
	if (d / 10000 == 0 || d % 10000 / 100 == 0 || d % 100 == 0)
		return -1;
	return civil_days(d / 10000, d % 10000 / 100, d % 100);
}

/* The date key of a day: civil_days() undone, a month at a time. */
static uint32_t
date_of(long day)
{
	long y = 1970 + day / 366, m = 1;

	while (civil_days(y + 1, 1, 1) <= day)
		y++;
	while (civil_days(y, 1, 1) > day)
		y--;
	while (m < 12 && civil_days(y, m + 1, 1) <= day)
		m++;
	return (uint32_t)(y * 10000 + m * 100 + (day - civil_days(y, m, 1) +
	    1));
}

/* A dash pattern per round of the palette, so that no two lines look alike. */
static const char *const dashes[] = { "", "6 3", "2 2", "8 3 2 3" };
#define NDASHES (sizeof(dashes) / sizeof(dashes[0]))

/* Chart geometry. */
#define CW 800
#define CH 400
#define ML 60
#define MR 200
#define MT 30
#define MB 40

int
elo_chart(struct tout *o, struct pool *p, const struct ropts *ro)
{
	struct pool_cur c;
	struct rated *rp, *cur;
	uint32_t *order;
	long *slot;
	size_t i, n, shown, total = 0, k;
	double lo, hi, after[2], step, y, xs, ys, v, x0, x1;
	const struct sgame *g;
	FILE *fp = o->fp;
	int s, *started, bydate = 1, ch;
	long d0 = -1, d1 = -1, day;
	char date[16];

	rp = malloc((p->players.n + 1) * sizeof(*rp));
	cur = malloc((p->players.n + 1) * sizeof(*cur));
	slot = malloc((p->players.n + 1) * sizeof(*slot));
	if (rp == NULL || cur == NULL || slot == NULL) {
		free(rp);
		free(cur);
		free(slot);
		return 2;
	}
	if (run(p, ro, rp, NULL, NULL) != 0 ||
	    (order = ranked(p, ro, rp, 0, &n)) == NULL) {
		free(rp);
		free(cur);
		free(slot);
		return 2;
	}
	/*
	 * The players shown: --top's, else on the page every one, in an SVG
	 * document of its own the first ten.
	 */
	shown = ro->top > 0 && (size_t)ro->top < n ? (size_t)ro->top : n;
	if (shown > NPALETTE && ro->top == 0 && o->fmt != OUT_HTML)
		shown = NPALETTE;
	for (i = 0; i < p->players.n; i++)
		slot[i] = -1;
	for (i = 0; i < shown; i++)
		slot[order[i]] = (long)i;
	/* The range of the ratings shown, over their whole history. */
	lo = hi = ro->start;
	for (i = 0; i < p->players.n; i++) {
		start_of(ro, i, &cur[i]);
		if (slot[i] >= 0 && cur[i].r < lo)
			lo = cur[i].r;
		if (slot[i] >= 0 && cur[i].r > hi)
			hi = cur[i].r;
	}
	if (pool_open(&c, p, ORD_DATE) != 0)
		goto fail;
	while ((g = pool_next(&c)) != NULL) {
		if (!rated_game(g))
			continue;
		total++;
		/* By date when every game rated has a whole date. */
		if ((day = day_of(g->date)) < 0)
			bydate = 0;
		else {
			if (d0 < 0 || day < d0)
				d0 = day;
			if (day > d1)
				d1 = day;
		}
		rate(ro, &cur[g->white], &cur[g->black], g, after);
		cur[g->white].r = after[0];
		cur[g->black].r = after[1];
		cur[g->white].n++;
		cur[g->black].n++;
		for (s = 0; s < 2; s++)
			if (slot[s == 0 ? g->white : g->black] >= 0) {
				if (after[s] < lo)
					lo = after[s];
				if (after[s] > hi)
					hi = after[s];
			}
	}
	if (pool_close(&c) != 0)
		goto fail;
	step = tick_step(hi - lo > 0 ? hi - lo : 1);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	if (hi <= lo)
		hi = lo + step;
	/* One day's games, or none, are by game. */
	bydate = bydate && d1 > d0;
	xs = (double)(CW - ML - MR) / (bydate ? (double)(d1 - d0) :
	    (double)(total > 0 ? total : 1));
	/* Taller for a legend of more players than the plot has room for. */
	ch = CH;
	if (MT + 16 * (int)shown + MB > ch)
		ch = MT + 16 * (int)shown + MB;
	ys = (double)(ch - MT - MB) / (hi - lo);
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"12\">\n", CW, ch, CW, ch);
	fprintf(fp, "<title>Elo ratings by %s</title>\n", bydate ? "date" :
	    "game");
	fprintf(fp, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
	    CW, ch);
	/* The axes, their ticks and the grid. */
	fprintf(fp, "<g stroke=\"#dddddd\">\n");
	for (v = lo; v <= hi + step / 2; v += step) {
		y = ch - MB - (v - lo) * ys;
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n",
		    ML, y, CW - MR, y);
	}
	fprintf(fp, "</g>\n<g text-anchor=\"end\">\n");
	for (v = lo; v <= hi + step / 2; v += step)
		fprintf(fp, "<text x=\"%d\" y=\"%.1f\">%.0f</text>\n", ML - 6,
		    ch - MB - (v - lo) * ys + 4, v);
	fprintf(fp, "</g>\n<g text-anchor=\"middle\">\n");
	if (bydate) {
		/* Dates, at most five: each label is 70 pixels wide. */
		step = tick_step(2 * (double)(d1 - d0));
		/* Within the axis: a date past the last is no game's. */
		for (v = 0; v <= (double)(d1 - d0); v += step) {
			standings_date(date, sizeof(date), date_of(d0 +
			    (long)v));
			fprintf(fp, "<text x=\"%.1f\" y=\"%d\">%s</text>\n",
			    ML + v * xs, ch - MB + 16, date);
		}
	} else {
		step = tick_step((double)(total > 0 ? total : 1));
		for (v = 0; v <= (double)total + step / 2; v += step)
			fprintf(fp, "<text x=\"%.1f\" y=\"%d\">%.0f</text>\n",
			    ML + v * xs, ch - MB + 16, v);
	}
	fprintf(fp, "<text x=\"%d\" y=\"%d\">%s</text>\n", (ML + CW - MR) / 2,
	    ch - 6, bydate ? "date of the game" : "games rated, in order");
	fprintf(fp, "<text transform=\"rotate(-90)\" x=\"%d\" y=\"14\">"
	    "Elo rating</text>\n", -(MT + ch - MB) / 2);
	fprintf(fp, "</g>\n<path d=\"M%d %dV%dH%d\" fill=\"none\" "
	    "stroke=\"#000000\"/>\n", ML, MT, ch - MB, CW - MR);
	/* A line per player shown, from the start before its first game. */
	if ((started = calloc(shown + 1, sizeof(*started))) == NULL)
		shown = 0;
	for (k = 0; k < shown; k++) {
		fprintf(fp, "<polyline fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"1.5\"%s%s%s points=\"", palette[k % NPALETTE],
		    k >= NPALETTE ? " stroke-dasharray=\"" : "",
		    dashes[k / NPALETTE % NDASHES], k >= NPALETTE ? "\"" : "");
		for (i = 0; i < p->players.n; i++)
			start_of(ro, i, &cur[i]);
		total = 0;
		if (pool_open(&c, p, ORD_DATE) != 0)
			break;
		while ((g = pool_next(&c)) != NULL) {
			if (!rated_game(g))
				continue;
			total++;
			rate(ro, &cur[g->white], &cur[g->black], g, after);
			for (s = 0; s < 2; s++) {
				if (slot[s == 0 ? g->white : g->black] !=
				    (long)k)
					continue;
				/* By date: the rating before at the day. */
				x1 = ML + (bydate ? (double)(day_of(g->date) -
				    d0) : (double)total) * xs;
				x0 = bydate ? x1 : x1 - xs;
				if (!started[k])
					fprintf(fp, "%.1f,%.1f", x0, ch - MB -
					    (cur[s == 0 ? g->white :
					    g->black].r - lo) * ys);
				started[k] = 1;
				fprintf(fp, " %.1f,%.1f", x1, ch - MB -
				    (after[s] - lo) * ys);
			}
			cur[g->white].r = after[0];
			cur[g->black].r = after[1];
			cur[g->white].n++;
			cur[g->black].n++;
		}
		if (pool_close(&c) != 0)
			break;
		fprintf(fp, "\"/>\n");
	}
	/* A pass that failed leaves the chart unfinished. */
	if (k < shown) {
		free(started);
		goto fail;
	}
	/* The legend: the players, by their rating now. */
	for (k = 0; k < shown; k++) {
		y = MT + 16.0 * (double)k;
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
		    "stroke=\"%s\" stroke-width=\"3\"%s%s%s/>\n", CW - MR + 10,
		    y, CW - MR + 30, y, palette[k % NPALETTE], k >= NPALETTE ?
		    " stroke-dasharray=\"" : "", dashes[k / NPALETTE % NDASHES],
		    k >= NPALETTE ? "\"" : "");
		fprintf(fp, "<text x=\"%d\" y=\"%.1f\">", CW - MR + 36, y + 4);
		table_html_text(fp, p->players.s[order[k]]);
		fprintf(fp, " %.0f</text>\n", floor(rp[order[k]].r + 0.5));
	}
	fprintf(fp, "</svg>\n");
	free(started);
	free(order);
	free(rp);
	free(cur);
	free(slot);
	return 0;
fail:
	free(order);
	free(rp);
	free(cur);
	free(slot);
	return 2;
}
