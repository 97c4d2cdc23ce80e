/*
 * The games of a file by number (drv_games.h): --game, --skip, --max.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>


#include "driver.h"
#include "drv_games.h"

/* --- games by number ---------------------------------------------------- */

static int
cmp_range(const void *a, const void *b)
{
	const struct drv_range *x = a, *y = b;

	return x->from < y->from ? -1 : x->from > y->from;
}

/*
 * Adds --game's list "N,M-K,M-" to the ranges, kept sorted and merged.
 * Returns 0, -1 when it is no such list, or -2 out of memory.
 */
int
drv_games_add(struct drv_games *s, const char *list)
{
	struct drv_range *p;
	const char *q = list, *end;
	char *e;
	size_t i, n;
	long from, to;

	for (;;) {
		if (*q < '0' || *q > '9')
			return -1;
		errno = 0;
		from = strtol(q, &e, 10);
		end = e;
		if (errno != 0 || from < 1)
			return -1;
		to = from;
		if (*end == '-') {
			q = end + 1;
			if (*q == ',' || *q == '\0') {
				to = LONG_MAX;	/* M-: to the end */
				end = q;
			} else {
				if (*q < '0' || *q > '9')
					return -1;
				errno = 0;
				to = strtol(q, &e, 10);
				end = e;
				if (errno != 0 || to < from)
					return -1;
			}
		}
		if (*end != ',' && *end != '\0')
			return -1;
		if ((p = realloc(s->r, (s->n + 1) * sizeof(*p))) == NULL)
			return -2;
		s->r = p;
		s->r[s->n].from = from;
		s->r[s->n++].to = to;
		if (*end == '\0')
			break;
		q = end + 1;
	}
	qsort(s->r, s->n, sizeof(*s->r), cmp_range);
	for (i = 1, n = 1; i < s->n; i++) {
		if (s->r[i].from <= s->r[n - 1].to ||
		    s->r[i].from - 1 == s->r[n - 1].to) {
			if (s->r[i].to > s->r[n - 1].to)
				s->r[n - 1].to = s->r[i].to;
		} else
			s->r[n++] = s->r[i];
	}
	s->n = n;
	return 0;
}

/*
 * The rank of game `game` among those of the ranges (every game when
 * there are none): how many of them are at most `game`; *in is set when
 * it is one of them.
 */
static long
games_rank(const struct drv_games *s, long game, int *in)
{
	long rank = 0;
	size_t i;

	*in = s->n == 0;
	if (s->n == 0)
		return game;
	for (i = 0; i < s->n && s->r[i].from <= game; i++) {
		if (game <= s->r[i].to) {
			*in = 1;
			return rank + (game - s->r[i].from + 1);
		}
		rank += s->r[i].to - s->r[i].from + 1;
	}
	return rank;
}

int
drv_game_wanted(const struct drv *d, long game)
{
	const struct drv_games *s = &d->games;
	long rank;
	int in;

	if (!s->on || game <= 0)
		return 1;
	rank = games_rank(s, game, &in);
	return in && rank > s->skip && (s->max == 0 || rank - s->skip <=
	    s->max);
}

/* Whether no game after `game` can be chosen. */
int
drv_games_over(const struct drv *d, long game)
{
	const struct drv_games *s = &d->games;
	int in;

	if (s->n > 0 && game >= s->r[s->n - 1].to)
		return 1;
	return s->max > 0 && games_rank(s, game, &in) >= s->skip + s->max;
}

int
drv_no_game(const pdn_game *g)
{
	return g->truncated && g->errors == 0 && g->ntags == 0 &&
	    g->plies == 0 && g->terminator == NULL;
}

int
drv_reader_next(struct drv *d, const pdn_game **g, pdn_reader *r)
{
	int rc;

	if (!d->games.on)
		return pdn_reader_next(g, r);
	/* A new input: nothing of it read yet. */
	if (r != d->reader) {
		d->reader = r;
		d->last_game = 0;
	}
	for (;;) {
		if (d->last_game > 0 && drv_games_over(d, d->last_game))
			return 0;
		if ((rc = pdn_reader_next(g, r)) != 1)
			return rc;
		if (drv_no_game(*g))
			continue;
		d->last_game = (*g)->index;
		if (drv_game_wanted(d, (*g)->index))
			return 1;
	}
}
