/*
 * The opening tree from a position (tree.h).  The root's legal moves and,
 * after each, the legal replies are generated once, when the tree is
 * made: a game's moves are counted by their numbers in those lists.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "tags.h"
#include "tree.h"
#include <pdn/pdn.h>

struct row {
	long games, white, draw, black;
	long long rsum;
	long rn;
	int first, last;
	long *next;		/* per reply, the games that played it */
};

struct tree {
	pdn_position root;
	const pdn_variant *v;
	pdn_movelist *legal;
	int n;			/* legal moves */
	pdn_position *after;	/* the position after each */
	pdn_movelist **replies;
	struct row *rows;	/* per move, then the games that end here */
};

struct tree *
tree_new(const pdn_position *root)
{
	struct tree *t;
	int i;

	if ((t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	t->root = *root;
	t->v = pdn_position_variant(root);
	if (pdn_movelist_new(&t->legal) != 0 ||
	    pdn_generate(t->legal, root) < 0)
		goto fail;
	t->n = pdn_movelist_count(t->legal);
	if ((t->after = calloc((size_t)t->n + 1, sizeof(*t->after))) ==
	    NULL || (t->replies = calloc((size_t)t->n + 1,
	    sizeof(*t->replies))) == NULL || (t->rows = calloc((size_t)t->n +
	    1, sizeof(*t->rows))) == NULL)
		goto fail;
	for (i = 0; i < t->n; i++) {
		t->after[i] = *root;
		pdn_make(&t->after[i], pdn_movelist_get(t->legal, i));
		if (pdn_movelist_new(&t->replies[i]) != 0 ||
		    pdn_generate(t->replies[i], &t->after[i]) < 0 ||
		    (t->rows[i].next = calloc((size_t)pdn_movelist_count(
		    t->replies[i]) + 1, sizeof(long))) == NULL)
			goto fail;
	}
	return t;
fail:
	tree_free(t);
	return NULL;
}

void
tree_free(struct tree *t)
{
	int i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		if (t->replies != NULL)
			pdn_movelist_free(t->replies[i]);
		if (t->rows != NULL)
			free(t->rows[i].next);
	}
	pdn_movelist_free(t->legal);
	free(t->after);
	free(t->replies);
	free(t->rows);
	free(t);
}

/* The number of move m in list, or -1. */
static int
find(const pdn_movelist *list, const pdn_move *m)
{
	int i, n = pdn_movelist_count(list);

	for (i = 0; i < n; i++)
		if (pdn_move_equal(pdn_movelist_get(list, i), m))
			return i;
	return -1;
}

void
tree_resolve(const struct tree *t, const pdn_move *move, const pdn_move *next,
    int *mi, int *ni)
{
	*ni = -1;
	if (move == NULL) {
		*mi = t->n;
		return;
	}
	if ((*mi = find(t->legal, move)) >= 0 && next != NULL)
		*ni = find(t->replies[*mi], next);
}

/* The number of the one move of list from `from` to `to`, -1, or -2. */
static int
find_squares(const pdn_movelist *list, int from, int to)
{
	const pdn_move *m;
	int i, n = pdn_movelist_count(list), k = -1;

	for (i = 0; i < n; i++) {
		m = pdn_movelist_get(list, i);
		if (pdn_move_from(m) == from && pdn_move_to(m) == to) {
			if (k >= 0)
				return -2;
			k = i;
		}
	}
	return k;
}

int
tree_resolve_squares(const struct tree *t, int from, int to, int next_from,
    int next_to, int *mi, int *ni)
{
	*ni = -1;
	if (from == 0) {
		*mi = t->n;
		return 0;
	}
	if ((*mi = find_squares(t->legal, from, to)) == -2)
		return -1;
	if (*mi >= 0 && next_from != 0 && (*ni = find_squares(
	    t->replies[*mi], next_from, next_to)) == -2)
		return -1;
	return 0;
}

void
tree_count(struct tree *t, int mi, int ni, pdn_outcome outcome, int rating,
    int year)
{
	struct row *r;

	if (mi < 0 || mi > t->n)
		return;
	r = &t->rows[mi];
	r->games++;
	r->white += outcome == PDN_OUTCOME_WHITE;
	r->draw += outcome == PDN_OUTCOME_DRAW;
	r->black += outcome == PDN_OUTCOME_BLACK;
	if (rating > 0) {
		r->rsum += rating;
		r->rn++;
	}
	if (year > 0) {
		if (r->first == 0 || year < r->first)
			r->first = year;
		if (year > r->last)
			r->last = year;
	}
	if (ni >= 0 && mi < t->n)
		r->next[ni]++;
}

long
tree_games(const struct tree *t)
{
	long n = 0;
	int i;

	for (i = 0; i <= t->n; i++)
		n += t->rows[i].games;
	return n;
}

int
tree_moves(const struct tree *t)
{
	return t->n;
}

const pdn_position *
tree_after(const struct tree *t, int i, long *games)
{
	*games = t->rows[i].games;
	return &t->after[i];
}

/*
 * tree_save()'s bytes, little-endian: a version (1), the number of the
 * root's moves (2), then a record for each row that counts games: the
 * move's number (2; the root's number of moves for the games that end
 * there), its from and to squares (a byte each, 0 for the end), games,
 * white wins, draws, black wins (4 each), the sum of ratings (8), the
 * ratings counted (4), the first and last year (2 each), the replies
 * counted (2) and each reply's number, squares and games (2, 1, 1, 4).
 */
#define SAVE_VERSION	1
#define SAVE_ROW	34
#define SAVE_REPLY	8

static void
put_le(unsigned char *e, unsigned long long v, int n)
{
	int i;

	for (i = 0; i < n; i++, v >>= 8)
		e[i] = (unsigned char)v;
}

static unsigned long long
get_le(const unsigned char *e, int n)
{
	unsigned long long v = 0;

	while (n-- > 0)
		v = v << 8 | e[n];
	return v;
}

int
tree_save(const struct tree *t, pdn_buf *out)
{
	unsigned char e[SAVE_ROW];
	const struct row *r;
	const pdn_move *m;
	int i, j, k, nr;

	e[0] = SAVE_VERSION;
	put_le(e + 1, (unsigned)t->n, 2);
	pdn_buf_add(out, (const char *)e, 3);
	for (i = 0; i <= t->n; i++) {
		r = &t->rows[i];
		if (r->games == 0)
			continue;
		m = i < t->n ? pdn_movelist_get(t->legal, i) : NULL;
		nr = i < t->n ? pdn_movelist_count(t->replies[i]) : 0;
		for (j = k = 0; j < nr; j++)
			k += r->next[j] > 0;
		put_le(e, (unsigned)i, 2);
		e[2] = (unsigned char)(m != NULL ? pdn_move_from(m) : 0);
		e[3] = (unsigned char)(m != NULL ? pdn_move_to(m) : 0);
		put_le(e + 4, (unsigned long)r->games, 4);
		put_le(e + 8, (unsigned long)r->white, 4);
		put_le(e + 12, (unsigned long)r->draw, 4);
		put_le(e + 16, (unsigned long)r->black, 4);
		put_le(e + 20, (unsigned long long)r->rsum, 8);
		put_le(e + 28, (unsigned long)r->rn, 4);
		/* Two bytes of years: tags_year() reads four digits. */
		put_le(e + 32, (unsigned)r->first, 2);
		pdn_buf_add(out, (const char *)e, 34);
		put_le(e, (unsigned)r->last, 2);
		put_le(e + 2, (unsigned)k, 2);
		pdn_buf_add(out, (const char *)e, 4);
		for (j = 0; j < nr; j++) {
			if (r->next[j] == 0)
				continue;
			m = pdn_movelist_get(t->replies[i], j);
			put_le(e, (unsigned)j, 2);
			e[2] = (unsigned char)pdn_move_from(m);
			e[3] = (unsigned char)pdn_move_to(m);
			put_le(e + 4, (unsigned long)r->next[j], 4);
			pdn_buf_add(out, (const char *)e, SAVE_REPLY);
		}
	}
	return out->oom ? -1 : 0;
}

/* Counts nothing: every row and reply back to 0. */
static void
tree_clear(struct tree *t)
{
	long *next;
	int i;

	for (i = 0; i <= t->n; i++) {
		next = t->rows[i].next;
		if (next != NULL)
			memset(next, 0, (size_t)pdn_movelist_count(
			    t->replies[i]) * sizeof(*next));
		memset(&t->rows[i], 0, sizeof(t->rows[i]));
		t->rows[i].next = next;
	}
}

int
tree_load(struct tree *t, const unsigned char *d, size_t len)
{
	const unsigned char *end = d + len;
	const pdn_move *m;
	struct row *r;
	int i, j, k, nr;

	if (len < 3 || d[0] != SAVE_VERSION || (int)get_le(d + 1, 2) != t->n)
		return -1;
	for (d += 3; d < end; ) {
		if (end - d < SAVE_ROW + 4 || (i = (int)get_le(d, 2)) > t->n)
			goto bad;
		m = i < t->n ? pdn_movelist_get(t->legal, i) : NULL;
		if (d[2] != (m != NULL ? pdn_move_from(m) : 0) ||
		    d[3] != (m != NULL ? pdn_move_to(m) : 0))
			goto bad;
		r = &t->rows[i];
		r->games += (long)get_le(d + 4, 4);
		r->white += (long)get_le(d + 8, 4);
		r->draw += (long)get_le(d + 12, 4);
		r->black += (long)get_le(d + 16, 4);
		r->rsum += (long long)get_le(d + 20, 8);
		r->rn += (long)get_le(d + 28, 4);
		r->first = (int)get_le(d + 32, 2);
		r->last = (int)get_le(d + 34, 2);
		k = (int)get_le(d + 36, 2);
		d += SAVE_ROW + 4;
		nr = i < t->n ? pdn_movelist_count(t->replies[i]) : 0;
		if (end - d < (ptrdiff_t)k * SAVE_REPLY)
			goto bad;
		for (; k > 0; k--, d += SAVE_REPLY) {
			if ((j = (int)get_le(d, 2)) >= nr)
				goto bad;
			m = pdn_movelist_get(t->replies[i], j);
			if (d[2] != pdn_move_from(m) || d[3] != pdn_move_to(m))
				goto bad;
			r->next[j] += (long)get_le(d + 4, 4);
		}
	}
	return 0;
bad:
	tree_clear(t);
	return -1;
}

int
tree_rating(const struct tree *t, const pdn_game *g)
{
	return tags_rating(g, pdn_position_side(&t->root));
}

/* The rows in print order: most games first, then the moves' order. */
static const struct tree *sort_tree;

static int
by_games(const void *a, const void *b)
{
	int i = *(const int *)a, k = *(const int *)b;
	long d = sort_tree->rows[k].games - sort_tree->rows[i].games;

	if (d != 0)
		return d > 0 ? 1 : -1;
	return i - k;
}

static double
pct(long n, long of)
{
	return of > 0 ? 100.0 * (double)n / (double)of : 0.0;
}

/* One row; name the move's, next the reply's ("" for none). */
static void
print_row(FILE *fp, int fmt, const char *name, const struct row *r,
    long total, const char *next)
{
	long avg = r->rn > 0 ? (long)((r->rsum + r->rn / 2) / r->rn) : 0;

	switch (fmt) {
	case TREE_TSV:
		fprintf(fp, "%s\t%ld\t%.1f\t%.1f\t%.1f\t%.1f\t", name,
		    r->games, pct(r->games, total), pct(r->white, r->games),
		    pct(r->draw, r->games), pct(r->black, r->games));
		if (avg > 0)
			fprintf(fp, "%ld", avg);
		fputc('\t', fp);
		if (r->first > 0)
			fprintf(fp, "%d", r->first);
		fputc('\t', fp);
		if (r->last > 0)
			fprintf(fp, "%d", r->last);
		fprintf(fp, "\t%s\n", next);
		break;
	case TREE_JSON:
		fputs("{\"move\":", fp);
		emit_json_cstr(fp, name);
		fprintf(fp, ",\"games\":%ld,\"share\":%.1f,\"white\":%.1f,"
		    "\"draw\":%.1f,\"black\":%.1f,\"rating\":", r->games,
		    pct(r->games, total), pct(r->white, r->games),
		    pct(r->draw, r->games), pct(r->black, r->games));
		if (avg > 0)
			fprintf(fp, "%ld", avg);
		else
			fputs("null", fp);
		fputs(",\"first\":", fp);
		if (r->first > 0)
			fprintf(fp, "%d", r->first);
		else
			fputs("null", fp);
		fputs(",\"last\":", fp);
		if (r->last > 0)
			fprintf(fp, "%d", r->last);
		else
			fputs("null", fp);
		fputs(",\"next\":", fp);
		emit_json_cstr(fp, *next != '\0' ? next : NULL);
		fputs("}\n", fp);
		break;
	default:
		fprintf(fp, "%-10s %7ld %6.1f%% %6.1f%% %6.1f%% %6.1f%%", name,
		    r->games, pct(r->games, total), pct(r->white, r->games),
		    pct(r->draw, r->games), pct(r->black, r->games));
		if (avg > 0)
			fprintf(fp, " %6ld", avg);
		else
			fprintf(fp, " %6s", "-");
		if (r->first > 0)
			fprintf(fp, "  %4d-%-4d", r->first, r->last);
		else
			fprintf(fp, "  %-9s", "-");
		fprintf(fp, "  %s\n", *next != '\0' ? next : "-");
		break;
	}
}

long
tree_print(const struct tree *t, FILE *fp, int fmt, int no_header)
{
	struct row all;
	char name[PDN_MOVE_STRMAX], next[PDN_MOVE_STRMAX];
	int *order, i, k, j, best;
	long total = 0;

	memset(&all, 0, sizeof(all));
	for (i = 0; i <= t->n; i++) {
		const struct row *r = &t->rows[i];

		total += r->games;
		all.games += r->games;
		all.white += r->white;
		all.draw += r->draw;
		all.black += r->black;
		all.rsum += r->rsum;
		all.rn += r->rn;
		if (r->first > 0 && (all.first == 0 || r->first < all.first))
			all.first = r->first;
		if (r->last > all.last)
			all.last = r->last;
	}
	if (fmt == TREE_TSV && !no_header)
		fputs("move\tgames\tshare\twhite\tdraw\tblack\trating\tfirst\t"
		    "last\tnext\n", fp);
	else if (fmt == TREE_TEXT)
		fprintf(fp, "%-10s %7s %7s %7s %7s %7s %6s  %-9s  %s\n", "move",
		    "games", "share", "white", "draw", "black", "rating",
		    "years", "next");
	if ((order = calloc((size_t)t->n + 1, sizeof(*order))) == NULL)
		return -1;
	for (i = 0; i <= t->n; i++)
		order[i] = i;
	sort_tree = t;
	qsort(order, (size_t)t->n, sizeof(*order), by_games);
	for (k = 0; k <= t->n; k++) {
		i = order[k];
		if (t->rows[i].games == 0)
			continue;
		next[0] = '\0';
		if (i == t->n)
			strcpy(name, "end");
		else {
			pdn_move_str_unique(name, t->v, pdn_movelist_get(
			    t->legal, i), t->legal);
			best = -1;
			for (j = 0; j < pdn_movelist_count(t->replies[i]); j++)
				if (t->rows[i].next[j] > 0 && (best < 0 ||
				    t->rows[i].next[j] > t->rows[i].next[best]))
					best = j;
			if (best >= 0)
				pdn_move_str_unique(next, t->v,
				    pdn_movelist_get(t->replies[i], best),
				    t->replies[i]);
		}
		print_row(fp, fmt, name, &t->rows[i], total, next);
	}
	free(order);
	if (fmt == TREE_TEXT)
		print_row(fp, fmt, "total", &all, total, "");
	return total;
}
