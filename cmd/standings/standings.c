/*
 * pdn-standings: the standings of an event, their tie-breaks, and its
 * crosstable (report.h).
 *
 * Players are ranked by points, then by the tie-breaks in order: a group
 * tied on everything before a tie-break is split by it, and "direct" (the
 * results between the tied players) is counted within that group only,
 * so that it means the games among exactly the players it separates.
 * Players tied on everything share their place, listed by name.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

const char *const tb_names[TB_N] = {
	"sb", "wins", "direct", "solkoff", "cut1"
};
static const char *const tb_heads[TB_N] = {
	"SB", "W", "Dir", "Solk", "Cut1"
};

/* Wins, the games between the tied, Sonneborn-Berger (see the man page). */
const int tb_round_robin[3] = { TB_WINS, TB_DIRECT, TB_SB };
/* Truncated Solkoff (the lowest opponent left out), Solkoff, wins. */
const int tb_swiss[3] = { TB_CUT1, TB_SOLKOFF, TB_WINS };

/* The points, before every tie-break. */
#define KEY_POINTS TB_N

struct ent {
	uint32_t player;
	long games, w, d, l;
	double pts, sb, solk, cut1, direct, key;
	long rank;
	size_t g0, ng;		/* its games: ev.pg[g0 .. g0 + ng) */
};

struct ev {
	const struct pool *p;
	const struct ropts *ro;
	uint32_t *gi;		/* the event's games, in order */
	size_t ngi;
	struct ent *e;
	size_t n;
	uint32_t *pg;		/* game indices (into p->g), by player */
	long *local;		/* a player's entry, or -1 */
	unsigned char *mark;	/* in the group being split */
	int keys[TB_MAX + 1], nkeys;
	int rr;			/* every two players met */
	uint32_t *order;	/* entries in the order of the standings */
	long *rounds;		/* Swiss: the rounds' keys, sorted */
	size_t nrounds;
	int machine;		/* the format is TSV, JSON or YAML */
	int rounds_wanted;	/* the Swiss table is written: rounds */
	struct skey *sk, *sk2;	/* sort_group()'s, a player each */
};

void
fmt_points(char *buf, size_t size, double v)
{
	char *e;

	double x = v * 16;
	long n;
	size_t len;
	int d;

	/* Whole points, most of them, without printf (fmt_long()). */
	if (fabs(v - rint(v)) < 1e-9 && fabs(v) < 1e15 && size >= 24) {
		fmt_long(buf, (long)rint(v));
		return;
	}
	/*
	 * Sixteenths (halves and quarters: the Sonneborn-Berger sums of
	 * 2-1-0 and 1-0.5-0), exact in binary and in four decimals: by hand,
	 * as "%.4f" writes them.  On the bench games given players and
	 * rounds (bench/60-standings.sh), snprintf() took 86 million
	 * instructions of the standings' 1.3 billion.
	 */
	if (x == rint(x) && v > 0 && v < 1e12 && size >= 32) {
		n = (long)x;
		fmt_long(buf, n / 16);
		len = strlen(buf);
		buf[len++] = '.';
		/* n % 16 sixteenths: 625 ten-thousandths each. */
		for (n = n % 16 * 625, d = 1000; d > 0 && n > 0; d /= 10) {
			buf[len++] = (char)('0' + n / d);
			n %= d;
		}
		buf[len] = '\0';
		return;
	}
	snprintf(buf, size, "%.4f", v);
	/* The decimals that count. */
	for (e = buf + strlen(buf) - 1; *e == '0'; e--)
		*e = '\0';
}

/* The points of a player's side in game g, and the fraction of a win. */
static double
game_points(const struct ropts *ro, const struct sgame *g, int side)
{
	double s;

	if (g->res == RES_DOUBLE_LOSS)
		return ro->pts[2];
	s = res_score(g->res, side);
	return s == 1.0 ? ro->pts[0] : s == 0.0 ? ro->pts[2] : ro->pts[1];
}

static int
side_of(const struct sgame *g, uint32_t player)
{
	return g->white == player ? 0 : 1;
}

static uint32_t
opponent(const struct sgame *g, uint32_t player)
{
	return g->white == player ? g->black : g->white;
}

/* An entry as sort_group() sorts it. */
struct skey {
	double key;
	uint32_t player, idx;
};

/* By key, greater first, then by name (the players are numbered so). */
static int
before(const struct skey *x, const struct skey *y)
{
	if (fabs(x->key - y->key) > 1e-9)
		return x->key > y->key;
	return x->player < y->player;
}

/*
 * Sorts idx[0..n) by before(): a merge sort of the keys copied side by
 * side (v->sk, v->sk2), runs of 8 by insertion first.  The order of the
 * entries is the one qsort() gave them with the same comparison through
 * their indices, but on the bench games given players and rounds
 * (bench/60-standings.sh: 370 events of some 490 players, most of them
 * tied on points) qsort() took 300 million instructions of the
 * standings' 1.0 billion.
 */
static void
sort_group(struct ev *v, uint32_t *idx, size_t n)
{
	struct skey *a = v->sk, *b = v->sk2, *t, x;
	size_t i, j, w, lo, mid, hi, p, q;

	for (i = 0; i < n; i++) {
		a[i].key = v->e[idx[i]].key;
		a[i].player = v->e[idx[i]].player;
		a[i].idx = idx[i];
	}
	for (lo = 0; lo < n; lo += 8) {
		hi = lo + 8 < n ? lo + 8 : n;
		for (i = lo + 1; i < hi; i++) {
			x = a[i];
			for (j = i; j > lo && before(&x, &a[j - 1]); j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
	}
	for (w = 8; w < n; w *= 2) {
		for (lo = 0; lo < n; lo += 2 * w) {
			mid = lo + w < n ? lo + w : n;
			hi = lo + 2 * w < n ? lo + 2 * w : n;
			for (p = lo, q = mid, i = lo; i < hi; i++)
				b[i] = q >= hi || (p < mid &&
				    !before(&a[q], &a[p])) ? a[p++] : a[q++];
		}
		t = a;
		a = b;
		b = t;
	}
	for (i = 0; i < n; i++)
		idx[i] = a[i].idx;
}

static double
key_value(struct ev *v, const struct ent *e, int key)
{
	switch (key) {
	case KEY_POINTS:
		return e->pts;
	case TB_SB:
		return e->sb;
	case TB_WINS:
		return (double)e->w;
	case TB_DIRECT:
		return e->direct;
	case TB_SOLKOFF:
		return e->solk;
	case TB_CUT1:
		return e->cut1;
	}
	(void)v;
	return 0;
}

/* The points of each of idx[0..n) against the others of them. */
static void
direct(struct ev *v, const uint32_t *idx, size_t n)
{
	const struct sgame *g;
	struct ent *e;
	size_t i, k;

	for (i = 0; i < n; i++)
		v->mark[idx[i]] = 1;
	for (i = 0; i < n; i++) {
		e = &v->e[idx[i]];
		e->direct = 0;
		for (k = 0; k < e->ng; k++) {
			g = &v->p->g[v->pg[e->g0 + k]];
			if (v->mark[v->local[opponent(g, e->player)]])
				e->direct += game_points(v->ro, g,
				    side_of(g, e->player));
		}
	}
	for (i = 0; i < n; i++)
		v->mark[idx[i]] = 0;
}

/*
 * Orders idx[0..n), tied on every key before keys[k], by the keys from
 * k on; base is the number of players ranked above them.
 */
static void
rank_group(struct ev *v, uint32_t *idx, size_t n, int k, long base)
{
	size_t i, j;

	if (n == 1) {
		v->e[idx[0]].rank = base + 1;
		return;
	}
	if (k == v->nkeys) {
		for (i = 0; i < n; i++)
			v->e[idx[i]].key = 0;
		sort_group(v, idx, n);
		for (i = 0; i < n; i++)
			v->e[idx[i]].rank = base + 1;
		return;
	}
	if (v->keys[k] == TB_DIRECT)
		direct(v, idx, n);
	for (i = 0; i < n; i++)
		v->e[idx[i]].key = key_value(v, &v->e[idx[i]], v->keys[k]);
	sort_group(v, idx, n);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && fabs(v->e[idx[j]].key -
		    v->e[idx[i]].key) <= 1e-9; j++)
			;
		rank_group(v, idx + i, j - i, k + 1, base + (long)i);
		/* The recursion sorted keys of its own: back to this one. */
		for (size_t m = i; m < j; m++)
			v->e[idx[m]].key = key_value(v, &v->e[idx[m]],
			    v->keys[k]);
	}
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Whether every two players of the event met: 1 yes, 0 no, -1 out of
 * memory.  That takes at least as many games as pairs of players, which
 * most events of many players do not have: their games are not sorted.
 */
static int
round_robin(const struct ev *v)
{
	const struct sgame *g;
	uint64_t *pairs;
	size_t i, npairs;

	if (v->n < 2 || v->ngi < v->n * (v->n - 1) / 2)
		return 0;
	if ((pairs = malloc(v->ngi * sizeof(*pairs))) == NULL)
		return -1;
	for (i = 0; i < v->ngi; i++) {
		g = &v->p->g[v->gi[i]];
		pairs[i] = g->white < g->black ? (uint64_t)g->white << 32 |
		    g->black : (uint64_t)g->black << 32 | g->white;
	}
	qsort(pairs, v->ngi, sizeof(*pairs), cmp_u64);
	for (i = 0, npairs = 0; i < v->ngi; i++)
		if (i == 0 || pairs[i] != pairs[i - 1])
			npairs++;
	free(pairs);
	return npairs == v->n * (v->n - 1) / 2;
}

/*
 * Builds the event's entries from the games v->gi, their totals, their
 * tie-breaks and their order.  0, or -1 out of memory.
 */
static int
build(struct ev *v)
{
	const struct pool *p = v->p;
	const struct sgame *g;
	struct ent *e, *o;
	size_t i, k, *fill;
	double op, minop;
	uint32_t pl[2];
	int s;

	for (i = 0; i < v->ngi; i++) {
		g = &p->g[v->gi[i]];
		pl[0] = g->white;
		pl[1] = g->black;
		for (s = 0; s < 2; s++) {
			if (v->local[pl[s]] < 0) {
				v->local[pl[s]] = (long)v->n;
				e = &v->e[v->n++];
				memset(e, 0, sizeof(*e));
				e->player = pl[s];
			}
			e = &v->e[v->local[pl[s]]];
			e->games++;
			e->pts += game_points(v->ro, g, s);
			if (g->res == RES_DRAW)
				e->d++;
			else if (res_score(g->res, s) == 1.0)
				e->w++;
			else
				e->l++;
		}
	}
	/* Each player's games, in order. */
	if ((fill = calloc(v->n + 1, sizeof(*fill))) == NULL)
		return -1;
	for (i = 0, k = 0; i < v->n; i++) {
		v->e[i].g0 = k;
		k += (size_t)v->e[i].games;
	}
	for (i = 0; i < v->ngi; i++) {
		g = &p->g[v->gi[i]];
		e = &v->e[v->local[g->white]];
		v->pg[e->g0 + fill[e - v->e]++] = v->gi[i];
		e = &v->e[v->local[g->black]];
		v->pg[e->g0 + fill[e - v->e]++] = v->gi[i];
	}
	free(fill);
	for (i = 0; i < v->n; i++) {
		e = &v->e[i];
		e->ng = (size_t)e->games;
		minop = HUGE_VAL;
		for (k = 0; k < e->ng; k++) {
			g = &p->g[v->pg[e->g0 + k]];
			o = &v->e[v->local[opponent(g, e->player)]];
			op = o->pts;
			e->solk += op;
			if (op < minop)
				minop = op;
			e->sb += (g->res == RES_DOUBLE_LOSS ? 0.0 :
			    res_score(g->res, side_of(g, e->player))) * op;
		}
		e->cut1 = e->ng > 0 ? e->solk - minop : 0;
	}
	if ((v->rr = round_robin(v)) < 0)
		return -1;
	/* The keys: points, then the tie-breaks asked for or the event's. */
	v->nkeys = 0;
	v->keys[v->nkeys++] = KEY_POINTS;
	if (v->ro->ntb > 0)
		for (i = 0; i < (size_t)v->ro->ntb; i++)
			v->keys[v->nkeys++] = v->ro->tb[i];
	else
		for (i = 0; i < 3; i++)
			v->keys[v->nkeys++] = v->rr ? tb_round_robin[i] :
			    tb_swiss[i];
	for (i = 0; i < v->n; i++)
		v->order[i] = (uint32_t)i;
	rank_group(v, v->order, v->n, 0, 0);
	/* The score against the players of the same points, as shown. */
	for (i = 0; i < v->n; i = k) {
		for (k = i + 1; k < v->n && fabs(v->e[v->order[k]].pts -
		    v->e[v->order[i]].pts) <= 1e-9; k++)
			;
		direct(v, v->order + i, k - i);
	}
	/* The rounds, for the Swiss table. */
	if (!v->rounds_wanted)
		return 0;
	if ((v->rounds = malloc((v->ngi + 1) * sizeof(*v->rounds))) == NULL)
		return -1;
	for (i = 0; i < v->ngi; i++)
		v->rounds[i] = (long)p->g[v->gi[i]].round;
	if (v->ngi > 0)
		qsort(v->rounds, v->ngi, sizeof(*v->rounds), cmp_long);
	for (i = 0, v->nrounds = 0; i < v->ngi; i++)
		if (i == 0 || v->rounds[i] != v->rounds[i - 1])
			v->rounds[v->nrounds++] = v->rounds[i];
	return 0;
}

static void
round_label(char *buf, size_t size, uint32_t r)
{
	if (r == 0)
		snprintf(buf, size, "?");
	else if ((r & 0xffff) != 0)
		snprintf(buf, size, "%u.%u", r >> 16, r & 0xffff);
	else
		snprintf(buf, size, "%u", r >> 16);
}

/* The event's title for text and HTML. */
static void
title(char *buf, size_t size, const struct ev *v, const char *name)
{
	snprintf(buf, size, "%s: %s, %zu players, %zu games", name,
	    v->rr ? "round robin" : "Swiss", v->n, v->ngi);
}

/*
 * The tie-breaks as the columns show them: in text, those the event's
 * order uses, in that order (but wins, a column of its own); in the
 * machine formats, all of them, in the order of TB_*, the same for every
 * event.  Returns the number of text columns; the machine's follow.
 */
static int
tb_columns(const struct ev *v, int *cols)
{
	int n = 0, k, tb;

	for (k = 1; k < v->nkeys; k++)
		if (v->keys[k] != TB_WINS)
			cols[n++] = v->keys[k];
	for (tb = 0; tb < TB_N; tb++)
		if (tb != TB_WINS)
			cols[n + (tb > TB_WINS ? tb - 1 : tb)] = tb;
	return n;
}

/* The columns of the standings after "#" and "Player". */
static void
standing_cells(struct table *t, const struct ev *v, const struct ent *e)
{
	char buf[64];
	double most = (double)e->games * v->ro->pts[0];
	const struct tcol *c;
	int cols[2 * TB_N], n, k;

	fmt_points(buf, sizeof(buf), e->pts);
	tab_cell(t, CELL_NUM, buf);
	tab_long(t, CELL_NUM, e->games);
	tab_long(t, CELL_NUM, e->w);
	tab_long(t, CELL_NUM, e->d);
	tab_long(t, CELL_NUM, e->l);
	tab_tenths(t, CELL_NUM, most > 0 ? 100.0 * e->pts / most : 0.0);
	n = tb_columns(v, cols) + TB_N - 1;
	for (k = 0; k < n; k++) {
		/*
		 * A column the format does not write is left absent: in text,
		 * four of the seven tie-breaks of each row.
		 */
		c = &t->cols[t->ncells % t->ncols];
		if (v->machine ? c->text_only : c->machine_only) {
			tab_cell(t, CELL_NULL, NULL);
			continue;
		}
		fmt_points(buf, sizeof(buf), key_value(NULL, e, cols[k]));
		tab_cell(t, CELL_NUM, buf);
	}
}

static size_t
standing_cols(struct table *t, const struct ev *v, size_t c)
{
	static const char *const keys[] = {
		"points", "games", "wins", "draws", "losses", "score"
	};
	static const char *const heads[] = {
		"Pts", "G", "W", "D", "L", "%"
	};
	int cols[2 * TB_N], n, k;
	size_t i;

	for (i = 0; i < 6; i++)
		tab_col(t, c++, keys[i], heads[i], 1);
	n = tb_columns(v, cols);
	for (k = 0; k < n + TB_N - 1; k++) {
		tab_col(t, c, tb_names[cols[k]], tb_heads[cols[k]], 1);
		if (k < n)
			t->cols[c++].text_only = 1;
		else
			t->cols[c++].machine_only = 1;
	}
	return c;
}

/* The number of the standings' columns after "#" and "Player". */
static size_t
nstand(const struct ev *v)
{
	int cols[2 * TB_N];

	return 6 + (size_t)tb_columns(v, cols) + TB_N - 1;
}

static void
write_standings(struct tout *o, struct ev *v, const char *name)
{
	char head[1024];
	struct table t;
	const struct ent *e;
	size_t i, c = 0;

	title(head, sizeof(head), v, name);
	tab_init(&t, 3 + nstand(v), head);
	tab_col(&t, c, "event", "Event", 0);
	t.cols[c++].machine_only = 1;
	tab_col(&t, c++, "rank", "#", 1);
	tab_col(&t, c++, "player", "Player", 0);
	standing_cols(&t, v, c);
	for (i = 0; i < v->n; i++) {
		e = &v->e[v->order[i]];
		tab_str(&t, name);
		tab_long(&t, CELL_NUM, e->rank);
		tab_str(&t, v->p->players.s[e->player]);
		standing_cells(&t, v, e);
	}
	tab_write(o, &t);
	tab_free(&t);
}

/* The cells of the grid: a player's results against another. */
static void
grid_cell(char *buf, size_t size, const struct ev *v, const struct ent *e,
    uint32_t against)
{
	const struct sgame *g;
	char pts[32];
	size_t k, n = 0;

	buf[0] = '\0';
	for (k = 0; k < e->ng && n + 1 < size; k++) {
		g = &v->p->g[v->pg[e->g0 + k]];
		if (opponent(g, e->player) != against)
			continue;
		fmt_points(pts, sizeof(pts), game_points(v->ro, g,
		    side_of(g, e->player)));
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n > 0 ? " " :
		    "", pts);
	}
	if (n == 0)
		snprintf(buf, size, ".");
}

/* Machine formats: a row per game of each player, in rank order. */
static void
write_games(struct tout *o, struct ev *v, const char *name)
{
	static const char *const keys[] = {
		"event", "rank", "player", "round", "opponent_rank",
		"opponent", "colour", "points"
	};
	const struct sgame *g;
	const struct ent *e, *op;
	struct table t;
	char buf[64];
	size_t i, k;

	tab_init(&t, 8, NULL);
	for (i = 0; i < 8; i++)
		tab_col(&t, i, keys[i], keys[i], 0);
	for (i = 0; i < v->n; i++) {
		e = &v->e[v->order[i]];
		for (k = 0; k < e->ng; k++) {
			g = &v->p->g[v->pg[e->g0 + k]];
			op = &v->e[v->local[opponent(g, e->player)]];
			tab_str(&t, name);
			tab_long(&t, CELL_NUM, e->rank);
			tab_str(&t, v->p->players.s[e->player]);
			round_label(buf, sizeof(buf), g->round);
			tab_str(&t, g->round != 0 ? buf : NULL);
			tab_long(&t, CELL_NUM, op->rank);
			tab_str(&t, v->p->players.s[op->player]);
			tab_str(&t, side_of(g, e->player) == 0 ? "white" :
			    "black");
			fmt_points(buf, sizeof(buf), game_points(v->ro, g,
			    side_of(g, e->player)));
			tab_cell(&t, CELL_NUM, buf);
		}
	}
	tab_write(o, &t);
	tab_free(&t);
}

/*
 * Text and HTML: the grid of a round robin (a column per player, by
 * rank), or the table of a Swiss event (a column per round: the
 * opponent's rank, the colour, the points).
 */
static void
write_cross(struct tout *o, struct ev *v, const char *name)
{
	char head[1024], cell[256], pts[32], (*heads)[24];
	const struct sgame *g;
	const struct ent *e;
	struct table t;
	size_t ncells = v->rr ? v->n : v->nrounds, i, j, k, c, n;

	if ((heads = calloc(ncells + 1, sizeof(*heads))) == NULL)
		return;
	title(head, sizeof(head), v, name);
	tab_init(&t, 2 + ncells + nstand(v), head);
	c = 0;
	tab_col(&t, c++, "rank", "#", 1);
	tab_col(&t, c++, "player", "Player", 0);
	for (j = 0; j < ncells; j++) {
		if (v->rr)
			snprintf(heads[j], sizeof(heads[j]), "%zu", j + 1);
		else
			round_label(heads[j], sizeof(heads[j]),
			    (uint32_t)v->rounds[j]);
		tab_col(&t, c++, heads[j], heads[j], !v->rr);
	}
	standing_cols(&t, v, c);
	for (i = 0; i < v->n; i++) {
		e = &v->e[v->order[i]];
		tab_long(&t, CELL_NUM, e->rank);
		tab_str(&t, v->p->players.s[e->player]);
		for (j = 0; j < ncells; j++) {
			if (v->rr) {
				if (j == i)
					snprintf(cell, sizeof(cell), "x");
				else
					grid_cell(cell, sizeof(cell), v, e,
					    v->e[v->order[j]].player);
				tab_str(&t, cell);
				continue;
			}
			n = 0;
			cell[0] = '\0';
			for (k = 0; k < e->ng && n + 1 < sizeof(cell); k++) {
				g = &v->p->g[v->pg[e->g0 + k]];
				if ((long)g->round != v->rounds[j])
					continue;
				fmt_points(pts, sizeof(pts), game_points(v->ro,
				    g, side_of(g, e->player)));
				n += (size_t)snprintf(cell + n, sizeof(cell) -
				    n, "%s%ld%c%s", n > 0 ? " " : "",
				    v->e[v->local[opponent(g, e->player)]].rank,
				    side_of(g, e->player) == 0 ? 'w' : 'b',
				    pts);
			}
			tab_str(&t, n > 0 ? cell : "-");
		}
		standing_cells(&t, v, e);
	}
	tab_write(o, &t);
	tab_free(&t);
	free(heads);
}

/*
 * Text and HTML: the games of the event (event -1: of the pool) listed,
 * not counted: p->pend[idx[0..n)], in input order.
 */
static void
write_pending(struct tout *o, const struct pool *p, long event,
    const uint32_t *idx, size_t n)
{
	const struct pending *pd;
	struct table t;
	char buf[1024];
	size_t i;

	if (n == 0 || (o->fmt != OUT_TEXT && o->fmt != OUT_HTML))
		return;
	snprintf(buf, sizeof(buf), "%s: not counted", event < 0 ?
	    "All games" : p->events.s[event]);
	tab_init(&t, 5, buf);
	tab_col(&t, 0, "where", "Where", 0);
	tab_col(&t, 1, "round", "Round", 1);
	tab_col(&t, 2, "white", "White", 0);
	tab_col(&t, 3, "black", "Black", 0);
	tab_col(&t, 4, "result", "Result", 0);
	for (i = 0; i < n; i++) {
		pd = &p->pend[idx[i]];
		tab_str(&t, pd->where);
		round_label(buf, sizeof(buf), pd->round);
		tab_str(&t, pd->round != 0 ? buf : "");
		tab_str(&t, p->players.s[pd->white]);
		tab_str(&t, p->players.s[pd->black]);
		tab_str(&t, pd->result[0] != '\0' ? pd->result :
		    "(no result)");
	}
	tab_write(o, &t);
	tab_free(&t);
}

/*
 * Items 0..n) of event ev(i) (0..nev), sorted by event and kept in order
 * within one by counting: event e's are idx[first[e]..first[e + 1]).  One
 * pass over the games per event made a 348k-game file of 370 events cost
 * 130M iterations, as one over the games not counted did.  first has
 * nev + 2 elements, idx n.
 */
static void
by_event(size_t *first, uint32_t *idx, size_t nev, size_t n,
    uint32_t (*ev)(const struct pool *, size_t), const struct pool *p)
{
	size_t i, e;

	memset(first, 0, (nev + 2) * sizeof(*first));
	for (i = 0; i < n; i++)
		first[ev(p, i) + 2]++;
	for (e = 0; e < nev; e++)
		first[e + 2] += first[e + 1];
	for (i = 0; i < n; i++)
		idx[first[ev(p, i) + 1]++] = (uint32_t)i;
}

static uint32_t
game_event(const struct pool *p, size_t i)
{
	return p->g[i].event;
}

static uint32_t
pend_event(const struct pool *p, size_t i)
{
	return p->pend[i].event;
}

static uint32_t
no_event(const struct pool *p, size_t i)
{
	(void)p;
	(void)i;
	return 0;
}

void
report_standings(struct tout *o, const struct pool *p,
    const struct ropts *ro, int cross)
{
	struct ev v;
	size_t ev, nev = ro->pool ? 1 : p->events.n, i, np = p->players.n;
	size_t *first = NULL, *pfirst = NULL;
	uint32_t *byev = NULL, *pbyev = NULL;
	const char *name;
	int machine = o->fmt != OUT_TEXT && o->fmt != OUT_HTML;

	memset(&v, 0, sizeof(v));
	/* The games of each event, in order, and those not counted. */
	first = malloc((nev + 2) * sizeof(*first));
	byev = malloc((p->ng + 1) * sizeof(*byev));
	pfirst = malloc((nev + 2) * sizeof(*pfirst));
	pbyev = malloc((p->npend + 1) * sizeof(*pbyev));
	if (first == NULL || byev == NULL || pfirst == NULL || pbyev == NULL)
		goto out;
	by_event(first, byev, nev, p->ng, ro->pool ? no_event : game_event,
	    p);
	by_event(pfirst, pbyev, nev, p->npend, ro->pool ? no_event :
	    pend_event, p);
	v.p = p;
	v.ro = ro;
	v.machine = machine;
	v.rounds_wanted = cross && !machine;
	v.gi = malloc((p->ng + 1) * sizeof(*v.gi));
	v.e = malloc((np + 1) * sizeof(*v.e));
	v.pg = malloc((2 * p->ng + 1) * sizeof(*v.pg));
	v.local = malloc((np + 1) * sizeof(*v.local));
	v.mark = calloc(np + 1, 1);
	v.order = malloc((np + 1) * sizeof(*v.order));
	v.sk = malloc((np + 1) * sizeof(*v.sk));
	v.sk2 = malloc((np + 1) * sizeof(*v.sk2));
	if (v.gi == NULL || v.e == NULL || v.pg == NULL || v.local == NULL ||
	    v.mark == NULL || v.order == NULL || v.sk == NULL ||
	    v.sk2 == NULL)
		goto out;
	for (i = 0; i < np; i++)
		v.local[i] = -1;
	for (ev = 0; ev < nev; ev++) {
		v.ngi = first[ev + 1] - first[ev];
		memcpy(v.gi, byev + first[ev], v.ngi * sizeof(*v.gi));
		if (v.ngi == 0)
			continue;
		v.n = 0;
		if (build(&v) != 0)
			break;
		name = ro->pool ? "All games" : p->events.s[ev];
		if (cross && machine)
			write_games(o, &v, name);
		else if (cross)
			write_cross(o, &v, name);
		else
			write_standings(o, &v, name);
		write_pending(o, p, ro->pool ? -1 : (long)ev,
		    pbyev + pfirst[ev], pfirst[ev + 1] - pfirst[ev]);
		for (i = 0; i < v.n; i++)
			v.local[v.e[i].player] = -1;
		free(v.rounds);
		v.rounds = NULL;
	}
	/* The games not counted of events without a game counted. */
	if (!ro->pool)
		for (ev = 0; ev < p->events.n; ev++)
			if (first[ev + 1] == first[ev])
				write_pending(o, p, (long)ev,
				    pbyev + pfirst[ev],
				    pfirst[ev + 1] - pfirst[ev]);
out:
	free(first);
	free(byev);
	free(pfirst);
	free(pbyev);
	free(v.gi);
	free(v.e);
	free(v.pg);
	free(v.local);
	free(v.mark);
	free(v.order);
	free(v.sk);
	free(v.sk2);
	free(v.rounds);
}
