/*
 * Small services of the game model: tag lookup, result tokens and the
 * normalised text of a move token.
 */
#include <string.h>

#include "pdn_game.h"

const char *
pdn_game_tag(const pdn_game *g, const char *name)
{
	size_t i;

	/* Most names differ in their first letter: no call for those. */
	for (i = 0; i < g->ntags; i++)
		if (g->tags[i].name[0] == name[0] &&
		    strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

int
pdn_result_valid(const char *s)
{
	/* 2-0 0-2 1-1 0-0 1-0 0-1: the pairs of 0..2 that sum to 2 at most. */
	if (s[0] >= '0' && s[0] <= '2' && s[1] == '-' && s[2] >= '0' &&
	    s[2] <= '2' && s[3] == '\0')
		return s[0] - '0' + s[2] - '0' <= 2;
	return strcmp(s, "*") == 0 || strcmp(s, "1/2-1/2") == 0;
}

static int
put_uint(unsigned v, char *buf)
{
	char tmp[12];
	int n = 0, len;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	len = n;
	while (n > 0)
		*buf++ = tmp[--n];
	return len;
}

int
pdn_movetok_str(const pdn_movetok *t, char *buf)
{
	int len = 0;
	unsigned sq;
	size_t k;

	/*
	 * "0-2", "1-1" and the like would read back as results: such a move
	 * (never legal, square 0 or from = to) keeps a padded first square.
	 */
	if (t->nsq == 2 && !t->capture && t->sq[0] + t->sq[1] <= 2)
		buf[len++] = '0';
	for (k = 0; k < t->nsq; k++) {
		if (k > 0)
			buf[len++] = t->capture ? 'x' : '-';
		sq = t->sq[k];
		if (sq >= PDN_ALPHA) {
			buf[len++] = (char)('a' - 1 + (sq - PDN_ALPHA) / 100);
			len += put_uint((sq - PDN_ALPHA) % 100, buf + len);
		} else
			len += put_uint(sq, buf + len);
	}
	buf[len] = '\0';
	return len;
}
