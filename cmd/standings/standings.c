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

#include "cli.h"
#include "report.h"
#include "tags.h"
#include "tooldiag.h"

const char *const standings_tb_names[TB_N] = {
	"sb", "wins", "direct", "solkoff", "cut1", "koya", "playoff", "aro",
	"balance", "ranked"
};
static const char *const tb_heads[TB_N] = {
	"SB", "W", "Dir", "Solk", "Cut1", "Koya", "PO", "ARO", "Bal", "Rk"
};

/* Wins, the games between the tied, Sonneborn-Berger (see the man page). */
static const int tb_round_robin[3] = { TB_WINS, TB_DIRECT, TB_SB };
/* Truncated Solkoff (the lowest opponent left out), Solkoff, wins. */
static const int tb_swiss[3] = { TB_CUT1, TB_SOLKOFF, TB_WINS };

/* The points, before every tie-break. */
#define KEY_POINTS TB_N

struct ent {
	uint32_t player;
	long games, w, d, l;	/* matches, with --system matches */
	long played;		/* games (byes and forfeits too) */
	double vsum, vsb;	/* virtual opponents: see build() */
	long vn;
	double vs, vmin;
	double koya, po;
	double pts, sb, solk, cut1, direct, key;
	double rsum;		/* the ratings of the opponents rated */
	long rn;		/* and how many games they are */
	double aro;		/* their average, rounded: 0 none */
	long bal;		/* plus-draws less minus-draws */
	double ranked;		/* points against the players placed above
				 * its tied group (TB_RANKED) */
	long rank;
	long start;		/* its start number: by rating, then name */
	double rating;		/* its rating for them: NAN until known */
	int by;			/* the key that put it below the entry
				 * above: -1 none (the first), nkeys tied */
	size_t a0, na;		/* its pairs: ev.adj[a0 .. a0 + na) */
	size_t g0, ng;		/* crosstables: its games, ev.pg[g0 .. g0 + ng) */
};

/*
 * The games of two players of the event (entries a < b): what the
 * tie-breaks are made of, so that they need no game kept.
 */
struct epair {
	uint32_t a, b;
	long n;			/* games */
	double pts[2];		/* the points of a and of b */
	double score[2];	/* their scores, a win 1 and a draw 0.5 */
	long np;		/* games played (not forfeited) */
	double pscore[2];	/* their scores in them */
	/*
	 * --micro-match fmjd: the points of a and of b in the stages of
	 * their micro-match, its games in order: the first game (standard),
	 * the next two (rapid), the others (blitz).
	 */
	double stage[3][2];
};

struct ev {
	struct pool *p;
	const struct ropts *ro;
	size_t ngi;		/* the event's games */
	uint32_t dmin, dmax;	/* their first and last dates, 0 none */
	struct sgame first;	/* its first game: where its warnings point */
	struct sgame *po;	/* its play-off games */
	size_t npo, cappo;
	struct ent *e;
	size_t n;
	struct epair *pr;	/* the pairs of players who met */
	size_t npr, cappr;
	uint32_t *pslot;	/* pair number + 1 by hash, 0 empty */
	size_t npslot;
	uint32_t *adj;		/* pair numbers, by entry (a0, na) */
	size_t capadj;
	/* Crosstables only: the event's games in order, and by player. */
	int keep_games;
	struct sgame *games;
	size_t capgames;
	uint32_t *pg;
	size_t cappg;
	long *local;		/* a player's entry, or -1 */
	unsigned char *mark;	/* in the group being split */
	int keys[TB_MAX + 1], nkeys;
	int rr;			/* a grid: a round robin or matches */
	int sys;		/* the system: SYS_* but SYS_AUTO */
	long rounds_n;		/* the most games a player played */
	uint32_t *order;	/* entries in the order of the standings */
	long *rounds;		/* Swiss: the rounds' keys, sorted */
	size_t nrounds;
	int machine;		/* the format is TSV, JSON or YAML */
	int rounds_wanted;	/* the Swiss table is written: rounds */
	struct skey *sk, *sk2;	/* sort_group()'s, a player each */
};

void
standings_points(char *buf, size_t size, double v)
{
	char *e;

	double x = v * 16;
	long n;
	size_t len;
	int d;

	/* Whole points, most of them, without printf (table_fmt_long()). */
	if (fabs(v - rint(v)) < 1e-9 && fabs(v) < 1e15 && size >= 24) {
		table_fmt_long(buf, (long)rint(v));
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
		len = table_fmt_long(buf, n / 16);
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

	if (g->res == PDN_OUTCOME_DOUBLE_LOSS)
		return ro->pts[2];
	s = tags_score(g->res, (pdn_colour)side);
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
	case TB_KOYA:
		return e->koya;
	case TB_PLAYOFF:
		return e->po;
	case TB_ARO:
		return e->aro;
	case TB_BALANCE:
		return (double)e->bal;
	case TB_RANKED:
		return e->ranked;
	}
	(void)v;
	return 0;
}

/* Pair k of entry e: e's side in it (0 a, 1 b) and the other entry. */
static int
pair_side(const struct ev *v, size_t k, size_t e, size_t *other)
{
	const struct epair *q = &v->pr[k];

	*other = q->a == e ? q->b : q->a;
	return q->a == e ? 0 : 1;
}

/* The points entry x scored against the entries marked (v->mark). */
static double
points_marked(const struct ev *v, size_t x)
{
	const struct ent *e = &v->e[x];
	double pts = 0;
	size_t k, o;
	int side;

	for (k = 0; k < e->na; k++) {
		side = pair_side(v, v->adj[e->a0 + k], x, &o);
		if (v->mark[o])
			pts += v->pr[v->adj[e->a0 + k]].pts[side];
	}
	return pts;
}

/* The points of each of idx[0..n) against the others of them. */
static void
direct(struct ev *v, const uint32_t *idx, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		v->mark[idx[i]] = 1;
	for (i = 0; i < n; i++)
		v->e[idx[i]].direct = points_marked(v, idx[i]);
	for (i = 0; i < n; i++)
		v->mark[idx[i]] = 0;
}

/* The points of each of idx[0..n) in the play-offs among them. */
static void
playoff(struct ev *v, const uint32_t *idx, size_t n)
{
	const struct sgame *g;
	long a, b;
	size_t i;

	for (i = 0; i < n; i++) {
		v->mark[idx[i]] = 1;
		v->e[idx[i]].po = 0;
	}
	for (i = 0; i < v->npo; i++) {
		g = &v->po[i];
		a = v->local[g->white];
		b = v->local[g->black];
		if (a < 0 || b < 0 || !v->mark[a] || !v->mark[b])
			continue;
		v->e[a].po += game_points(v->ro, g, 0);
		v->e[b].po += game_points(v->ro, g, 1);
	}
	for (i = 0; i < n; i++)
		v->mark[idx[i]] = 0;
}

static void rank_group(struct ev *v, uint32_t *idx, size_t n, int k,
    long base);
static double points_against(const struct ev *v, uint32_t a, uint32_t b);

/*
 * TB_RANKED ("ranked"): idx[0..n), tied on every key before keys[k],
 * ordered by their points against the player placed first, then against
 * the second, and so on down to the last of the `top` players placed
 * above the tied group (v->order[0..top), final by then: rank_group()
 * places its groups from the top down); from j on.  A group still tied
 * after them all goes on to keys[k + 1]; base is the number of players
 * ranked above idx[0].
 */
static void
ranked(struct ev *v, uint32_t *idx, size_t n, int k, long base, long top,
    long j)
{
	size_t i, m;

	if (n == 1 || j >= top) {
		rank_group(v, idx, n, k + 1, base);
		return;
	}
	for (i = 0; i < n; i++)
		v->e[idx[i]].key = points_against(v, idx[i], v->order[j]);
	sort_group(v, idx, n);
	for (i = 0; i < n; i = m) {
		for (m = i + 1; m < n && fabs(v->e[idx[m]].key -
		    v->e[idx[i]].key) <= 1e-9; m++)
			;
		ranked(v, idx + i, m - i, k, base + (long)i, top, j + 1);
		if (i > 0)
			v->e[idx[i]].by = k;
	}
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
		for (i = 0; i < n; i++) {
			v->e[idx[i]].rank = base + 1;
			if (i > 0)
				v->e[idx[i]].by = v->nkeys;
		}
		return;
	}
	if (v->keys[k] == TB_RANKED) {
		ranked(v, idx, n, k, base, base, 0);
		return;
	}
	if (v->keys[k] == TB_DIRECT)
		direct(v, idx, n);
	if (v->keys[k] == TB_PLAYOFF)
		playoff(v, idx, n);
	for (i = 0; i < n; i++)
		v->e[idx[i]].key = key_value(v, &v->e[idx[i]], v->keys[k]);
	sort_group(v, idx, n);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && fabs(v->e[idx[j]].key -
		    v->e[idx[i]].key) <= 1e-9; j++)
			;
		rank_group(v, idx + i, j - i, k + 1, base + (long)i);
		/*
		 * Its first (once the recursion ordered it) is below the
		 * group before it by this key.
		 */
		if (i > 0)
			v->e[idx[i]].by = k;
		/* The recursion sorted keys of its own: back to this one. */
		for (size_t m = i; m < j; m++)
			v->e[idx[m]].key = key_value(v, &v->e[idx[m]],
			    v->keys[k]);
	}
}

static int
cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* The entry of player pl in the event, made when new. */
static size_t
entry(struct ev *v, uint32_t pl)
{
	struct ent *e;

	if (v->local[pl] < 0) {
		v->local[pl] = (long)v->n;
		e = &v->e[v->n++];
		memset(e, 0, sizeof(*e));
		e->player = pl;
		e->rating = NAN;
	}
	return (size_t)v->local[pl];
}

static uint64_t
pair_hash(uint32_t a, uint32_t b)
{
	return ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ULL >> 20;
}

/* The pair of entries a < b, made when new: its number, or -1 no memory. */
static long
pair_of(struct ev *v, uint32_t a, uint32_t b)
{
	struct epair *t;
	uint32_t *ns;
	size_t k, i;

	if (2 * (v->npr + 1) > v->npslot) {
		size_t cap = v->npslot == 0 ? 256 : 2 * v->npslot;

		if ((ns = calloc(cap, sizeof(*ns))) == NULL)
			return -1;
		for (i = 0; i < v->npr; i++) {
			for (k = pair_hash(v->pr[i].a, v->pr[i].b) & (cap - 1);
			    ns[k] != 0; k = (k + 1) & (cap - 1))
				;
			ns[k] = (uint32_t)i + 1;
		}
		free(v->pslot);
		v->pslot = ns;
		v->npslot = cap;
	}
	for (k = pair_hash(a, b) & (v->npslot - 1); v->pslot[k] != 0;
	    k = (k + 1) & (v->npslot - 1)) {
		t = &v->pr[v->pslot[k] - 1];
		if (t->a == a && t->b == b)
			return (long)v->pslot[k] - 1;
	}
	if (v->npr == v->cappr) {
		v->cappr = v->cappr == 0 ? 256 : 2 * v->cappr;
		if ((t = realloc(v->pr, v->cappr * sizeof(*t))) == NULL)
			return -1;
		v->pr = t;
	}
	t = &v->pr[v->npr];
	memset(t, 0, sizeof(*t));
	t->a = a;
	t->b = b;
	v->pslot[k] = (uint32_t)++v->npr;
	return (long)v->npr - 1;
}

/* The pair of entries a and b (either order), or NULL: they never met. */
static const struct epair *
pair_find(const struct ev *v, uint32_t a, uint32_t b)
{
	const struct epair *t;
	uint32_t x = a < b ? a : b, y = a < b ? b : a;
	size_t k;

	if (v->npslot == 0)
		return NULL;
	for (k = pair_hash(x, y) & (v->npslot - 1); v->pslot[k] != 0;
	    k = (k + 1) & (v->npslot - 1)) {
		t = &v->pr[v->pslot[k] - 1];
		if (t->a == x && t->b == y)
			return t;
	}
	return NULL;
}

/* The points entry a scored against entry b (0: they never met). */
static double
points_against(const struct ev *v, uint32_t a, uint32_t b)
{
	const struct epair *q = pair_find(v, a, b);

	return q == NULL ? 0 : q->pts[q->a == a ? 0 : 1];
}

/* Whether player pl is "BYE" (ASCII case ignored). */
static int
is_bye(const struct pool *p, uint32_t pl)
{
	const char *s = p->players.s[pl];

	return (s[0] | 0x20) == 'b' && (s[1] | 0x20) == 'y' &&
	    (s[2] | 0x20) == 'e' && s[3] == '\0';
}

/*
 * An unplayed game (a bye, a forfeit) of entry e, side s, counted before
 * it: its virtual opponent (build()) had e's points before it, the
 * points of the other side of this game, then draws every round after.
 */
static void
virtual(struct ev *v, struct ent *e, const struct sgame *g, int s)
{
	double other = game_points(v->ro, g, !s);
	double sc = tags_score(g->res, (pdn_colour)s);

	if (g->res == PDN_OUTCOME_DOUBLE_LOSS)
		sc = 0;
	e->vsum += e->pts + other - v->ro->pts[1] * (double)(e->played + 1);
	e->vsb += sc * (e->pts + other - v->ro->pts[1] *
	    (double)(e->played + 1));
	e->vs += sc;
	if (e->vn == 0 || e->pts + other - v->ro->pts[1] *
	    (double)(e->played + 1) < e->vmin)
		e->vmin = e->pts + other - v->ro->pts[1] *
		    (double)(e->played + 1);
	e->vn++;
}

/*
 * The rating of side s's player in game g: the game's tag's, else the
 * start rating of --ratings, else NAN (pdn-standings(1), "aro").
 */
static double
rating_in(const struct ev *v, const struct sgame *g, int s)
{
	unsigned r = s == 0 ? g->wr : g->br;
	uint32_t pl = s == 0 ? g->white : g->black;

	if (r != 0)
		return (double)r;
	if (v->ro->start_r != NULL && !isnan(v->ro->start_r[pl]))
		return v->ro->start_r[pl];
	return NAN;
}

/*
 * The ratings of a game played (not a bye or a forfeit) counted for side
 * s: the opponent's into the average (aro), and a draw against a player
 * rated higher (a plus-draw) or lower (a minus-draw) into the balance.
 */
static void
count_rating(struct ev *v, struct ent *e, const struct sgame *g, int s)
{
	double me = rating_in(v, g, s), op = rating_in(v, g, !s);

	if (isnan(op))
		return;
	e->rsum += op;
	e->rn++;
	if (g->res == PDN_OUTCOME_DRAW && !isnan(me))
		e->bal += (op > me) - (op < me);
}

/* A player's side of game g counted into his entry. */
static void
count_side(struct ev *v, struct ent *e, const struct sgame *g, int s)
{
	/* His rating in his first game of the event that gives one. */
	if (isnan(e->rating))
		e->rating = rating_in(v, g, s);
	if (g->flags & SG_UNPLAYED)
		virtual(v, e, g, s);
	else
		count_rating(v, e, g, s);
	e->games++;
	e->played++;
	e->pts += game_points(v->ro, g, s);
	if (g->res == PDN_OUTCOME_DRAW)
		e->d++;
	else if (tags_score(g->res, (pdn_colour)s) == 1.0)
		e->w++;
	else
		e->l++;
}

/* Keeps game g (a crosstable lists them). */
static int
keep_game(struct ev *v, const struct sgame *g)
{
	if (v->keep_games) {
		if (v->ngi == v->capgames) {
			struct sgame *t;

			v->capgames = v->capgames == 0 ? 256 : 2 * v->capgames;
			if ((t = realloc(v->games, v->capgames *
			    sizeof(*t))) == NULL)
				return -1;
			v->games = t;
		}
		v->games[v->ngi] = *g;
	}
	v->ngi++;
	return 0;
}

/* Game g of the event, counted into its players' entries and pair. */
static int
add_game(struct ev *v, const struct sgame *g)
{
	struct epair *q;
	struct ent *e;
	size_t pl[2];
	long k;
	int s, qs, st;

	if (v->ngi == 0 && v->npo == 0 && v->n == 0)
		v->first = *g;
	if (g->date != 0 && (v->dmin == 0 || g->date < v->dmin))
		v->dmin = g->date;
	if (g->date > v->dmax)
		v->dmax = g->date;
	/* A play-off game: kept for the tie-break, and nothing else. */
	if (g->flags & SG_PLAYOFF) {
		if (v->npo == v->cappo) {
			struct sgame *t;

			v->cappo = v->cappo == 0 ? 16 : 2 * v->cappo;
			if ((t = realloc(v->po, v->cappo * sizeof(*t))) ==
			    NULL)
				return -1;
			v->po = t;
		}
		v->po[v->npo++] = *g;
		return 0;
	}
	/* A bye: its player's game, without an opponent. */
	if (g->flags & SG_BYE) {
		s = is_bye(v->p, g->white) ? 1 : 0;
		if (is_bye(v->p, s == 0 ? g->white : g->black))
			return 0;
		e = &v->e[entry(v, s == 0 ? g->white : g->black)];
		count_side(v, e, g, s);
		return keep_game(v, g);
	}
	pl[0] = entry(v, g->white);
	pl[1] = entry(v, g->black);
	if ((k = pl[0] < pl[1] ? pair_of(v, (uint32_t)pl[0],
	    (uint32_t)pl[1]) : pair_of(v, (uint32_t)pl[1],
	    (uint32_t)pl[0])) < 0)
		return -1;
	q = &v->pr[k];
	/* The games come in order: this one is the pair's q->n'th. */
	st = q->n == 0 ? 0 : q->n <= 2 ? 1 : 2;
	q->n++;
	if (!(g->flags & SG_FORFEIT))
		q->np++;
	for (s = 0; s < 2; s++) {
		e = &v->e[pl[s]];
		count_side(v, e, g, s);
		qs = q->a == pl[s] ? 0 : 1;
		q->pts[qs] += game_points(v->ro, g, s);
		q->stage[st][qs] += game_points(v->ro, g, s);
		q->score[qs] += tags_score(g->res, (pdn_colour)s);
		if (!(g->flags & SG_FORFEIT))
			q->pscore[qs] += tags_score(g->res, (pdn_colour)s);
	}
	return keep_game(v, g);
}

/*
 * Says what of the event's games does not fit its system (codes of
 * tooldiag.h, at the event's first game): a round robin's pairs of
 * unequal games or that never met, a Swiss event's players of unequal
 * numbers of games.  Not of the pool: it has no system.
 */
static void
fit_warnings(const struct ev *v, const char *name, size_t all, long least,
    long most, long gleast, long gmost)
{
	char buf[1280];
	size_t miss = (size_t)most * all - v->ngi;

	if (v->ro->pool || v->ro->diag == NULL)
		return;
	if (v->sys == SYS_ROUND_ROBIN && v->npr == all && least < most) {
		snprintf(buf, sizeof(buf), "%s: %zu players, the pairs played "
		    "%ld to %ld games", name, v->n, least, most);
		v->ro->diag(TOOLDIAG_ROUND_ROBIN_UNEQUAL, &v->first, buf);
	} else if (v->sys == SYS_ROUND_ROBIN && (size_t)most * all > v->ngi) {
		snprintf(buf, sizeof(buf), "%s: %zu players, %ld game%s a "
		    "pair: %zu game%s missing (%zu pair%s never met)", name,
		    v->n, most, most == 1 ? "" : "s", miss, miss == 1 ? "" :
		    "s", all - v->npr, all - v->npr == 1 ? "" : "s");
		v->ro->diag(TOOLDIAG_ROUND_ROBIN_MISSING, &v->first, buf);
	}
	if (v->sys == SYS_SWISS && gleast != gmost) {
		snprintf(buf, sizeof(buf), "%s: the players played %ld to %ld "
		    "games", name, gleast, gmost);
		v->ro->diag(TOOLDIAG_SWISS_UNEQUAL, &v->first, buf);
	}
}

/*
 * --micro-match fmjd: pair q's micro-match scored as FMJD scores one
 * played across formats: won in the standard game 12-0, else won on the
 * rapid games' points 8-4, else on the blitz games' 7-5, else 6-6 (the
 * stages of struct epair; pdn-standings(1), --micro-match).
 */
static void
fmjd_match(struct epair *q)
{
	static const double win[3][2] = { { 12, 0 }, { 8, 4 }, { 7, 5 } };
	int st;

	q->pts[0] = q->pts[1] = 6;
	for (st = 0; st < 3; st++)
		if (fabs(q->stage[st][0] - q->stage[st][1]) > 1e-9) {
			q->pts[0] = win[st][q->stage[st][0] < q->stage[st][1]];
			q->pts[1] = win[st][q->stage[st][0] > q->stage[st][1]];
			return;
		}
}

/* The points of a win: of a game, or of a micro-match. */
static double
win_points(const struct ev *v)
{
	return v->sys == SYS_MATCHES && v->ro->micro == MICRO_FMJD ? 12 :
	    v->ro->pts[0];
}

/*
 * The event's system: given, or a round robin when every two players
 * met, or when three in four pairs did and played more than one game on
 * average (micro-matches with some missing), else Swiss.  Games that do
 * not fit it are said (a warning): a round robin's missing games, a Swiss
 * event's players of unequal numbers of games.  Matches: each pair's
 * games are one match, won by the more points, scored by --points.
 */
static void
system_of(struct ev *v, const char *name)
{
	size_t all = v->n * (v->n - 1) / 2, i;
	long most = 0, least = 0, gmost = 0, gleast = 0;
	struct epair *q;
	struct ent *a, *b;
	double r;

	for (i = 0; i < v->npr; i++) {
		if (v->pr[i].n > most)
			most = v->pr[i].n;
		if (i == 0 || v->pr[i].n < least)
			least = v->pr[i].n;
	}
	for (i = 0; i < v->n; i++) {
		if (i == 0 || v->e[i].played > gmost)
			gmost = v->e[i].played;
		if (i == 0 || v->e[i].played < gleast)
			gleast = v->e[i].played;
	}
	v->rounds_n = gmost;
	v->sys = v->ro->system;
	if (v->sys == SYS_AUTO)
		v->sys = v->n >= 2 && (v->npr == all || (v->n >= 3 &&
		    4 * v->npr >= 3 * all && 2 * v->ngi >= 3 * v->npr)) ?
		    SYS_ROUND_ROBIN : SYS_SWISS;
	v->rr = v->sys != SYS_SWISS;
	fit_warnings(v, name, all, least, most, gleast, gmost);
	if (v->sys != SYS_MATCHES)
		return;
	for (i = 0; i < v->n; i++) {
		v->e[i].games = v->e[i].w = v->e[i].d = v->e[i].l = 0;
		v->e[i].pts = 0;
	}
	for (i = 0; i < v->npr; i++) {
		q = &v->pr[i];
		q->n = 1;
		if (v->ro->micro == MICRO_FMJD)
			fmjd_match(q);
		else {
			r = fabs(q->pts[0] - q->pts[1]) <= 1e-9 ? 0.5 :
			    q->pts[0] > q->pts[1] ? 1 : 0;
			q->pts[0] = r == 1 ? v->ro->pts[0] : r == 0 ?
			    v->ro->pts[2] : v->ro->pts[1];
			q->pts[1] = r == 0 ? v->ro->pts[0] : r == 1 ?
			    v->ro->pts[2] : v->ro->pts[1];
		}
		r = fabs(q->pts[0] - q->pts[1]) <= 1e-9 ? 0.5 :
		    q->pts[0] > q->pts[1] ? 1 : 0;
		q->score[0] = r;
		q->score[1] = 1 - r;
		a = &v->e[q->a];
		b = &v->e[q->b];
		a->games++;
		b->games++;
		a->pts += q->pts[0];
		b->pts += q->pts[1];
		a->w += r == 1;
		a->d += r == 0.5;
		a->l += r == 0;
		b->w += r == 0;
		b->d += r == 0.5;
		b->l += r == 1;
	}
}

/*
 * The points each of idx[0..n) scored against the players placed above
 * them: those are marked (v->mark) as the groups of equal points are
 * gone through from the top; the caller clears the marks.
 */
static void
above(struct ev *v, const uint32_t *idx, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		v->e[idx[i]].ranked = points_marked(v, idx[i]);
	for (i = 0; i < n; i++)
		v->mark[idx[i]] = 1;
}

/*
 * Once the event's games are counted (add_game()): its entries' pairs,
 * tie-breaks and order, and for the crosstables each player's games.  0,
 * or -1 out of memory.
 */
static int
build(struct ev *v, const char *name)
{
	const struct sgame *g;
	struct ent *e;
	size_t i, k, o, *fill;
	double op, minop;
	int side;

	system_of(v, name);

	/* Each entry's pairs. */
	if (2 * v->npr > v->capadj) {
		uint32_t *t;

		v->capadj = 2 * v->npr;
		if ((t = realloc(v->adj, v->capadj * sizeof(*t))) == NULL)
			return -1;
		v->adj = t;
	}
	for (i = 0; i < v->npr; i++) {
		v->e[v->pr[i].a].na++;
		v->e[v->pr[i].b].na++;
	}
	for (i = 0, k = 0; i < v->n; i++) {
		v->e[i].a0 = k;
		k += v->e[i].na;
		v->e[i].na = 0;
	}
	for (i = 0; i < v->npr; i++) {
		e = &v->e[v->pr[i].a];
		v->adj[e->a0 + e->na++] = (uint32_t)i;
		e = &v->e[v->pr[i].b];
		v->adj[e->a0 + e->na++] = (uint32_t)i;
	}
	for (i = 0; i < v->n; i++) {
		struct epair *q;

		e = &v->e[i];
		minop = HUGE_VAL;
		for (k = 0; k < e->na; k++) {
			q = &v->pr[v->adj[e->a0 + k]];
			side = pair_side(v, v->adj[e->a0 + k], i, &o);
			op = v->e[o].pts;
			/* Koya: the points against those of half or more. */
			if (2 * op >= (double)v->e[o].games * win_points(v))
				e->koya += q->pts[side];
			if (q->np == 0)
				continue;
			e->solk += (double)q->np * op;
			if (op < minop)
				minop = op;
			e->sb += q->pscore[side] * op;
		}
		/*
		 * The virtual opponents of the byes and forfeits: each had
		 * the player's points before the game, the other side's
		 * points of it, then a draw each round after (up to the
		 * most games a player of the event played).
		 */
		if (e->vn > 0) {
			op = v->ro->pts[1] * (double)v->rounds_n;
			e->solk += e->vsum + (double)e->vn * op;
			e->sb += e->vsb + e->vs * op;
			if (e->vmin + op < minop)
				minop = e->vmin + op;
		}
		e->cut1 = minop < HUGE_VAL ? e->solk - minop : 0;
		/* Rounded to a whole rating, as federations publish it. */
		e->aro = e->rn > 0 ? rint(e->rsum / (double)e->rn) : 0;
	}
	/* The keys: points, then the tie-breaks asked for or the event's. */
	v->nkeys = 0;
	v->keys[v->nkeys++] = KEY_POINTS;
	if (v->ro->ntb > 0)
		for (i = 0; i < (size_t)v->ro->ntb; i++)
			v->keys[v->nkeys++] = v->ro->tb[i];
	else {
		/* Play-offs first, where there are. */
		if (v->npo > 0)
			v->keys[v->nkeys++] = TB_PLAYOFF;
		for (i = 0; i < 3; i++)
			v->keys[v->nkeys++] = v->rr ?
			    tb_round_robin[i] : tb_swiss[i];
	}
	/* --tie-break +LIST: after those, but those already there. */
	for (i = 0; i < (size_t)v->ro->ntbx; i++) {
		for (k = 1; k < (size_t)v->nkeys && v->keys[k] !=
		    v->ro->tbx[i]; k++)
			;
		if (k == (size_t)v->nkeys)
			v->keys[v->nkeys++] = v->ro->tbx[i];
	}
	/*
	 * Start numbers, as arbiters number a Swiss event: by rating, the
	 * unrated after the rated, then by name (their numbers' order).
	 */
	for (i = 0; i < v->n; i++) {
		v->order[i] = (uint32_t)i;
		v->e[i].key = isnan(v->e[i].rating) ? -HUGE_VAL :
		    v->e[i].rating;
	}
	sort_group(v, v->order, v->n);
	for (i = 0; i < v->n; i++) {
		v->e[v->order[i]].start = (long)i + 1;
		v->order[i] = (uint32_t)i;
		v->e[i].by = -1;
	}
	rank_group(v, v->order, v->n, 0, 0);
	/*
	 * The score against the players of the same points, as shown, and
	 * against those placed above them (ranked's column).
	 */
	for (i = 0; i < v->n; i = k) {
		for (k = i + 1; k < v->n && fabs(v->e[v->order[k]].pts -
		    v->e[v->order[i]].pts) <= 1e-9; k++)
			;
		direct(v, v->order + i, k - i);
		if (v->npo > 0)
			playoff(v, v->order + i, k - i);
	}
	/* direct() and playoff() clear their marks; above() leaves its. */
	for (i = 0; i < v->n; i = k) {
		for (k = i + 1; k < v->n && fabs(v->e[v->order[k]].pts -
		    v->e[v->order[i]].pts) <= 1e-9; k++)
			;
		above(v, v->order + i, k - i);
	}
	for (i = 0; i < v->n; i++)
		v->mark[i] = 0;
	if (!v->keep_games)
		return 0;
	/* Each player's games, in order. */
	if (2 * v->ngi > v->cappg) {
		uint32_t *t;

		v->cappg = 2 * v->ngi;
		if ((t = realloc(v->pg, v->cappg * sizeof(*t))) == NULL)
			return -1;
		v->pg = t;
	}
	if ((fill = calloc(v->n + 1, sizeof(*fill))) == NULL)
		return -1;
	for (i = 0, k = 0; i < v->n; i++) {
		v->e[i].g0 = k;
		v->e[i].ng = (size_t)v->e[i].played;
		k += (size_t)v->e[i].played;
	}
	for (i = 0; i < v->ngi; i++) {
		g = &v->games[i];
		if (v->local[g->white] >= 0) {
			e = &v->e[v->local[g->white]];
			v->pg[e->g0 + fill[e - v->e]++] = (uint32_t)i;
		}
		if (v->local[g->black] >= 0) {
			e = &v->e[v->local[g->black]];
			v->pg[e->g0 + fill[e - v->e]++] = (uint32_t)i;
		}
	}
	free(fill);
	/* The rounds, for the Swiss table. */
	if (!v->rounds_wanted)
		return 0;
	if ((v->rounds = malloc((v->ngi + 1) * sizeof(*v->rounds))) == NULL)
		return -1;
	for (i = 0; i < v->ngi; i++)
		v->rounds[i] = (long)v->games[i].round;
	if (v->ngi > 0)
		qsort(v->rounds, v->ngi, sizeof(*v->rounds), cmp_long);
	for (i = 0, v->nrounds = 0; i < v->ngi; i++)
		if (i == 0 || v->rounds[i] != v->rounds[i - 1])
			v->rounds[v->nrounds++] = v->rounds[i];
	return 0;
}

void
standings_round(char *buf, size_t size, uint32_t r)
{
	if (r == 0)
		snprintf(buf, size, "?");
	else if ((r & 0xffff) != 0)
		snprintf(buf, size, "%u.%u", r >> 16, r & 0xffff);
	else
		snprintf(buf, size, "%u", r >> 16);
}

void
standings_date(char *buf, size_t size, uint32_t d)
{
	char m[3] = "??", day[3] = "??";

	if (d % 10000 / 100 != 0)
		snprintf(m, sizeof(m), "%02u", d % 10000 / 100 % 100);
	if (d % 100 != 0)
		snprintf(day, sizeof(day), "%02u", d % 100);
	snprintf(buf, size, "%04u.%s.%s", d / 10000 % 10000, m, day);
}

/*
 * HTML: the event's header under its title: the system, players, games,
 * rounds, dates, the order of the tie-breaks.
 */
static void
header(struct table *t, const struct ev *v)
{
	char buf[1024], a[16], b[16];
	size_t n;
	int k;

	n = (size_t)snprintf(buf, sizeof(buf), "%s; %zu players, %zu games",
	    v->sys == SYS_MATCHES ? "matches" : v->rr ? "round robin" :
	    "Swiss", v->n, v->ngi);
	if (v->rounds != NULL && n < sizeof(buf))
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, ", %zu round%s",
		    v->nrounds, v->nrounds == 1 ? "" : "s");
	if (v->dmin != 0 && n < sizeof(buf)) {
		standings_date(a, sizeof(a), v->dmin);
		standings_date(b, sizeof(b), v->dmax);
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, v->dmin ==
		    v->dmax ? "; %s" : "; %s to %s", a, b);
	}
	if (v->ro->regs != NULL && n < sizeof(buf))
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
		    "; regulations %s", v->ro->regs);
	for (k = 1; k < v->nkeys && n < sizeof(buf); k++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s",
		    k == 1 ? "; tie-breaks: " : ", ",
		    standings_tb_names[v->keys[k]]);
	if (n < sizeof(buf) && v->npo > 0)
		snprintf(buf + n, sizeof(buf) - n, "; %zu play-off game%s",
		    v->npo, v->npo == 1 ? "" : "s");
	table_sub(t, buf);
}

/* The class of the cell of entry e's games gs[0..n). */
static int
cell_class(const struct ev *v, const struct sgame **gs, size_t n,
    uint32_t pl)
{
	double pts = 0, most = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		if (gs[k]->flags & SG_FORFEIT)
			return CLS_FORFEIT;
		if (gs[k]->flags & SG_BYE)
			return CLS_BYE;
		pts += game_points(v->ro, gs[k], side_of(gs[k], pl));
		most += v->ro->pts[0] + v->ro->pts[2];
	}
	if (n == 0)
		return CLS_NONE;
	return 2 * pts > most + 1e-9 ? CLS_WIN : 2 * pts < most - 1e-9 ?
	    CLS_LOSS : CLS_DRAW;
}

/* The event's title for text and HTML. */
static void
title(char *buf, size_t size, const struct ev *v, const char *name)
{
	snprintf(buf, size, "%s: %s%s%s%s, %zu players, %zu games", name,
	    v->sys == SYS_MATCHES ? "matches" : v->rr ? "round robin" :
	    "Swiss", v->ro->regs != NULL ? " (" : "", v->ro->regs != NULL ?
	    v->ro->regs : "", v->ro->regs != NULL ? " regulations)" : "",
	    v->n, v->ngi);
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
	double most = (double)e->games * win_points(v);
	const struct tcol *c;
	int cols[2 * TB_N], n, k;

	standings_points(buf, sizeof(buf), e->pts);
	table_cell(t, CELL_NUM, buf);
	table_long(t, CELL_NUM, e->games);
	table_long(t, CELL_NUM, e->w);
	table_long(t, CELL_NUM, e->d);
	table_long(t, CELL_NUM, e->l);
	table_tenths(t, CELL_NUM, most > 0 ? 100.0 * e->pts / most : 0.0);
	n = tb_columns(v, cols) + TB_N - 1;
	for (k = 0; k < n; k++) {
		/*
		 * A column the format does not write is left absent: in text,
		 * four of the seven tie-breaks of each row.
		 */
		c = &t->cols[t->ncells % t->ncols];
		if (v->machine ? c->text_only : c->machine_only) {
			table_cell(t, CELL_NULL, NULL);
			continue;
		}
		/* No opponent rated: no average, absent (text "-"). */
		if (cols[k] == TB_ARO && e->rn == 0) {
			table_cell(t, v->machine ? CELL_NULL : CELL_STR,
			    v->machine ? NULL : "-");
			continue;
		}
		standings_points(buf, sizeof(buf), key_value(NULL, e, cols[k]));
		table_cell(t, CELL_NUM, buf);
	}
	/* What decided the place: the key, "=" (text) a shared place. */
	if (e->by < 0)
		table_str(t, v->machine ? NULL : "");
	else if (e->by == v->nkeys)
		table_str(t, v->machine ? "shared" : "=");
	else if (v->keys[e->by] == KEY_POINTS)
		table_str(t, v->machine ? "points" : "Pts");
	else
		table_str(t, v->machine ? standings_tb_names[v->keys[e->by]] :
		    tb_heads[v->keys[e->by]]);
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
		table_col(t, c++, keys[i], heads[i], 1);
	n = tb_columns(v, cols);
	for (k = 0; k < n + TB_N - 1; k++) {
		table_col(t, c, standings_tb_names[cols[k]], tb_heads[cols[k]],
		    1);
		if (k < n)
			t->cols[c++].text_only = 1;
		else
			t->cols[c++].machine_only = 1;
	}
	table_col(t, c++, "decided_by", "By", 0);
	return c;
}

/* The number of the standings' columns after "#" and "Player". */
static size_t
nstand(const struct ev *v)
{
	int cols[2 * TB_N];

	return 7 + (size_t)tb_columns(v, cols) + TB_N - 1;
}

static void
write_standings(struct tout *o, struct ev *v, const char *name)
{
	char head[1024];
	struct table t;
	const struct ent *e;
	size_t i, c = 0;

	title(head, sizeof(head), v, name);
	table_init(&t, 3 + nstand(v), head);
	if (o->fmt == OUT_HTML)
		header(&t, v);
	table_col(&t, c, "event", "Event", 0);
	t.cols[c++].machine_only = 1;
	table_col(&t, c++, "rank", "#", 1);
	table_col(&t, c++, "player", "Player", 0);
	standing_cols(&t, v, c);
	for (i = 0; i < v->n; i++) {
		e = &v->e[v->order[i]];
		/* Text and HTML leave the event's column out: no copy. */
		table_str(&t, v->machine ? name : NULL);
		table_long(&t, CELL_NUM, e->rank);
		table_str(&t, v->p->players.s[e->player]);
		standing_cells(&t, v, e);
	}
	table_write(o, &t);
	table_free(&t);
}

/*
 * A game's points for player pl as a crosstable shows them: a forfeit's
 * as "+" (won), "-" (lost) or "=" (drawn), a bye's as "bye" and its
 * points.
 */
static void
unplayed_points(char *buf, size_t size, const struct ev *v,
    const struct sgame *g, uint32_t pl)
{
	double pts = game_points(v->ro, g, side_of(g, pl));

	if ((g->flags & SG_BYE) && size > 3) {
		memcpy(buf, "bye", 3);
		standings_points(buf + 3, size - 3, pts);
	} else if (g->flags & SG_FORFEIT)
		snprintf(buf, size, "%s", pts == v->ro->pts[0] ? "+" :
		    pts == v->ro->pts[1] ? "=" : "-");
	else
		standings_points(buf, size, pts);
}

/*
 * Matches: after the games of a grid's cell, the micro-match's points of
 * entry e against player pl, in brackets: " (12)".
 */
static void
match_total(char *buf, size_t size, const struct ev *v, const struct ent *e,
    uint32_t pl)
{
	const struct epair *q = pair_find(v, (uint32_t)(e - v->e),
	    (uint32_t)v->local[pl]);
	char pts[48];

	if (q == NULL)
		return;
	standings_points(pts, sizeof(pts), q->pts[q->a == (uint32_t)(e - v->e) ?
	    0 : 1]);
	snprintf(buf, size, " (%s)", pts);
}

/* The cells of the grid: a player's results against another. */
static void
grid_cell(char *buf, size_t size, const struct ev *v, const struct ent *e,
    uint32_t against)
{
	const struct sgame *g;
	char pts[48];
	size_t k, n = 0;

	buf[0] = '\0';
	for (k = 0; k < e->ng && n + 1 < size; k++) {
		g = &v->games[v->pg[e->g0 + k]];
		if (opponent(g, e->player) != against)
			continue;
		unplayed_points(pts, sizeof(pts), v, g, e->player);
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n > 0 ? " " :
		    "", pts);
	}
	if (n == 0)
		snprintf(buf, size, ".");
	else if (v->sys == SYS_MATCHES && n + 1 < size)
		match_total(buf + n, size - n, v, e, against);
}

/* Machine formats: a row per game of each player, in rank order. */
static void
write_games(struct tout *o, struct ev *v, const char *name)
{
	static const char *const keys[] = {
		"event", "rank", "player", "round", "opponent_rank",
		"opponent", "colour", "points", "start", "opponent_start",
		"unplayed"
	};
	const struct sgame *g;
	const struct ent *e, *op;
	struct table t;
	char buf[64];
	size_t i, k;

	table_init(&t, 11, NULL);
	for (i = 0; i < 11; i++)
		table_col(&t, i, keys[i], keys[i], 0);
	for (i = 0; i < v->n; i++) {
		e = &v->e[v->order[i]];
		for (k = 0; k < e->ng; k++) {
			g = &v->games[v->pg[e->g0 + k]];
			op = v->local[opponent(g, e->player)] < 0 ? NULL :
			    &v->e[v->local[opponent(g, e->player)]];
			table_str(&t, name);
			table_long(&t, CELL_NUM, e->rank);
			table_str(&t, v->p->players.s[e->player]);
			standings_round(buf, sizeof(buf), g->round);
			table_str(&t, g->round != 0 ? buf : NULL);
			if (op != NULL) {
				table_long(&t, CELL_NUM, op->rank);
				table_str(&t, v->p->players.s[op->player]);
			} else {
				table_str(&t, NULL);
				table_str(&t, NULL);
			}
			table_str(&t, side_of(g, e->player) == 0 ? "white" :
			    "black");
			standings_points(buf, sizeof(buf), game_points(v->ro, g,
			    side_of(g, e->player)));
			table_cell(&t, CELL_NUM, buf);
			table_long(&t, CELL_NUM, e->start);
			if (op != NULL)
				table_long(&t, CELL_NUM, op->start);
			else
				table_str(&t, NULL);
			table_str(&t, g->flags & SG_BYE ? "bye" : g->flags &
			    SG_FORFEIT ? "forfeit" : NULL);
		}
	}
	table_write(o, &t);
	table_free(&t);
}

/* The class of the grid's cell of entry e against player pl. */
static int
against_class(const struct ev *v, const struct ent *e, uint32_t pl,
    const struct sgame **gs)
{
	const struct sgame *g;
	size_t k, n = 0;

	for (k = 0; k < e->ng; k++) {
		g = &v->games[v->pg[e->g0 + k]];
		if (opponent(g, e->player) == pl)
			gs[n++] = g;
	}
	return cell_class(v, gs, n, e->player);
}

/*
 * Text and HTML: the grid of a round robin (a column per player, by
 * rank), or the table of a Swiss event (a column per round: the
 * opponent's rank, the colour, the points).
 */
static void
write_cross(struct tout *o, struct ev *v, const char *name)
{
	char head[1024], cell[256], pts[48], (*heads)[24];
	const struct sgame *g, **gs;
	const struct ent *e;
	struct table t;
	size_t ncells = v->rr ? v->n : v->nrounds, i, j, k, c, n, ngs;

	if ((heads = calloc(ncells + 1, sizeof(*heads))) == NULL)
		return;
	if ((gs = malloc((v->ngi + 1) * sizeof(*gs))) == NULL) {
		free(heads);
		return;
	}
	title(head, sizeof(head), v, name);
	table_init(&t, 2 + !v->rr + ncells + nstand(v), head);
	if (o->fmt == OUT_HTML)
		header(&t, v);
	c = 0;
	table_col(&t, c++, "rank", "#", 1);
	if (!v->rr)
		table_col(&t, c++, "start", "No", 1);
	table_col(&t, c++, "player", "Player", 0);
	for (j = 0; j < ncells; j++) {
		if (v->rr)
			snprintf(heads[j], sizeof(heads[j]), "%zu", j + 1);
		else
			standings_round(heads[j], sizeof(heads[j]),
			    (uint32_t)v->rounds[j]);
		table_col(&t, c++, heads[j], heads[j], !v->rr);
	}
	standing_cols(&t, v, c);
	for (i = 0; i < v->n; i++) {
		e = &v->e[v->order[i]];
		table_long(&t, CELL_NUM, e->rank);
		if (!v->rr)
			table_long(&t, CELL_NUM, e->start);
		table_str(&t, v->p->players.s[e->player]);
		for (j = 0; j < ncells; j++) {
			if (v->rr) {
				if (j == i)
					snprintf(cell, sizeof(cell), "x");
				else
					grid_cell(cell, sizeof(cell), v, e,
					    v->e[v->order[j]].player);
				table_str(&t, cell);
				if (j != i && o->fmt == OUT_HTML)
					table_class(&t, against_class(v, e,
					    v->e[v->order[j]].player, gs));
				continue;
			}
			n = 0;
			cell[0] = '\0';
			ngs = 0;
			for (k = 0; k < e->ng && n + 1 < sizeof(cell); k++) {
				g = &v->games[v->pg[e->g0 + k]];
				if ((long)g->round != v->rounds[j])
					continue;
				gs[ngs++] = g;
				unplayed_points(pts, sizeof(pts), v, g,
				    e->player);
				if (g->flags & SG_BYE) {
					n += (size_t)snprintf(cell + n,
					    sizeof(cell) - n, "%s%s", n > 0 ?
					    " " : "", pts);
					continue;
				}
				n += (size_t)snprintf(cell + n, sizeof(cell) -
				    n, "%s%ld%c%s", n > 0 ? " " : "",
				    v->e[v->local[opponent(g, e->player)]].start,
				    side_of(g, e->player) == 0 ? 'w' : 'b',
				    pts);
			}
			table_str(&t, n > 0 ? cell : "-");
			if (o->fmt == OUT_HTML)
				table_class(&t, cell_class(v, gs, ngs,
				    e->player));
		}
		standing_cells(&t, v, e);
	}
	table_write(o, &t);
	table_free(&t);
	free(heads);
	free(gs);
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
	table_init(&t, 5, buf);
	table_col(&t, 0, "where", "Where", 0);
	table_col(&t, 1, "round", "Round", 1);
	table_col(&t, 2, "white", "White", 0);
	table_col(&t, 3, "black", "Black", 0);
	table_col(&t, 4, "result", "Result", 0);
	for (i = 0; i < n; i++) {
		pd = &p->pend[idx[i]];
		snprintf(buf, sizeof(buf), "%s:%lu", p->files.s[pd->src],
		    (unsigned long)pd->line);
		table_str(&t, buf);
		standings_round(buf, sizeof(buf), pd->round);
		table_str(&t, pd->round != 0 ? buf : "");
		table_str(&t, p->players.s[pd->white]);
		table_str(&t, p->players.s[pd->black]);
		table_str(&t, pd->unfinished ? "*" : "(no result)");
	}
	table_write(o, &t);
	table_free(&t);
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

/* Event ev's standings or crosstable, once its games are counted. */
static int
write_event(struct tout *o, struct ev *v, size_t ev, int cross,
    const size_t *pfirst, const uint32_t *pbyev)
{
	const struct pool *p = v->p;
	const char *name = v->ro->pool ? "All games" : p->events.s[ev];
	size_t i;

	if (build(v, name) != 0)
		return -1;
	if (cross && v->machine)
		write_games(o, v, name);
	else if (cross)
		write_cross(o, v, name);
	else
		write_standings(o, v, name);
	write_pending(o, p, v->ro->pool ? -1 : (long)ev, pbyev + pfirst[ev],
	    pfirst[ev + 1] - pfirst[ev]);
	/* Ready for the next event. */
	for (i = 0; i < v->n; i++)
		v->local[v->e[i].player] = -1;
	v->n = 0;
	v->ngi = 0;
	v->npr = 0;
	v->npo = 0;
	v->dmin = v->dmax = 0;
	if (v->pslot != NULL)
		memset(v->pslot, 0, v->npslot * sizeof(*v->pslot));
	free(v->rounds);
	v->rounds = NULL;
	return 0;
}

int
standings_report(struct tout *o, struct pool *p, const struct ropts *ro,
    int cross)
{
	struct ev v;
	struct pool_cur c;
	const struct sgame *g;
	size_t nev = ro->pool ? 1 : p->events.n, i, np = p->players.n;
	size_t *pfirst = NULL, ev, cur = SIZE_MAX;
	uint32_t *pbyev = NULL;
	unsigned char *has = NULL;
	int machine = o->fmt != OUT_TEXT && o->fmt != OUT_HTML, rc = -1;
	int open = 0;

	memset(&v, 0, sizeof(v));
	/* The games not counted of each event. */
	pfirst = malloc((nev + 2) * sizeof(*pfirst));
	pbyev = malloc((p->npend + 1) * sizeof(*pbyev));
	has = calloc(nev + 1, 1);
	if (pfirst == NULL || pbyev == NULL || has == NULL)
		goto out;
	by_event(pfirst, pbyev, nev, p->npend, ro->pool ? no_event :
	    pend_event, p);
	v.p = p;
	v.ro = ro;
	v.machine = machine;
	v.keep_games = cross;
	v.rounds_wanted = cross && !machine;
	v.e = malloc((np + 1) * sizeof(*v.e));
	v.local = malloc((np + 1) * sizeof(*v.local));
	v.mark = calloc(np + 1, 1);
	v.order = malloc((np + 1) * sizeof(*v.order));
	v.sk = malloc((np + 1) * sizeof(*v.sk));
	v.sk2 = malloc((np + 1) * sizeof(*v.sk2));
	if (v.e == NULL || v.local == NULL || v.mark == NULL ||
	    v.order == NULL || v.sk == NULL || v.sk2 == NULL)
		goto out;
	for (i = 0; i < np; i++)
		v.local[i] = -1;
	/* The games an event at a time, in order. */
	if (pool_open(&c, p, ro->pool ? ORD_DATE : ORD_EVENT) != 0)
		goto out;
	open = 1;
	for (;;) {
		g = pool_next(&c);
		ev = g == NULL || ro->pool ? 0 : g->event;
		if (cur != SIZE_MAX && (g == NULL || ev != cur) &&
		    write_event(o, &v, cur, cross, pfirst, pbyev) != 0)
			goto out;
		if (g == NULL)
			break;
		cur = ev;
		has[ev] = 1;
		if (add_game(&v, g) != 0)
			goto out;
	}
	open = 0;
	if (pool_close(&c) != 0)
		goto out;
	/* The games not counted of events without a game counted. */
	if (!ro->pool)
		for (ev = 0; ev < p->events.n; ev++)
			if (!has[ev])
				write_pending(o, p, (long)ev, pbyev + pfirst[ev],
				    pfirst[ev + 1] - pfirst[ev]);
	rc = 0;
out:
	if (open)
		pool_close(&c);
	free(pfirst);
	free(pbyev);
	free(has);
	free(v.e);
	free(v.local);
	free(v.mark);
	free(v.order);
	free(v.sk);
	free(v.sk2);
	free(v.rounds);
	free(v.pr);
	free(v.pslot);
	free(v.adj);
	free(v.games);
	free(v.pg);
	free(v.po);
	return rc == 0 ? 0 : 2;
}
