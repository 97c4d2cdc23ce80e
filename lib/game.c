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

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

int
pdn_result_valid(const char *s)
{
	static const char *const valid[] = {
		"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"
	};
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++)
		if (strcmp(s, valid[i]) == 0)
			return 1;
	return 0;
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
