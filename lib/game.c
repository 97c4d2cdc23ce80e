/*
 * Small services of the game model: tag lookup, result tokens (the one
 * table of them, in both families) and the
 * normalised text of a move token.
 */
#include <string.h>

#include "pdn_game.h"

const pdn_tag *
pdn_game_find_tag(const pdn_game *g, const char *name)
{
	size_t i;

	/* Most names differ in their first letter: no call for those. */
	for (i = 0; i < g->ntags; i++)
		if (g->tags[i].name[0] == name[0] &&
		    strcmp(g->tags[i].name, name) == 0)
			return &g->tags[i];
	return NULL;
}

const char *
pdn_game_tag(const pdn_game *g, const char *name)
{
	const pdn_tag *t = pdn_game_find_tag(g, name);

	return t != NULL ? t->value : NULL;
}

int
pdn_setup_side(const pdn_position *pos, const pdn_movetok *first)
{
	pdn_movetok t;

	if (first == NULL || pdn_movetok_squares(pdn_position_variant(pos),
	    first, &t) != 0)
		return -1;
	switch (pdn_position_get(pos, t.sq[0])) {
	case PDN_WHITE_MAN:
	case PDN_WHITE_KING:
		return PDN_WHITE;
	case PDN_BLACK_MAN:
	case PDN_BLACK_KING:
		return PDN_BLACK;
	default:
		return -1;
	}
}

/* The tokens of each outcome, by family; indexed by pdn_outcome. */
static const char *const outcome_tokens[][2] = {
	{ NULL, NULL },
	{ "*", "*" },
	{ "2-0", "1-0" },
	{ "0-2", "0-1" },
	{ "1-1", "1/2-1/2" },
	{ "0-0", "0-0" }
};

pdn_outcome
pdn_outcome_parse(const char *s, pdn_result_family *family)
{
	size_t o;
	int f;

	if (s == NULL)
		return PDN_OUTCOME_NONE;
	for (o = PDN_OUTCOME_UNKNOWN; o <= PDN_OUTCOME_DOUBLE_LOSS; o++)
		for (f = 0; f < 2; f++)
			if (s[0] == outcome_tokens[o][f][0] &&
			    strcmp(s, outcome_tokens[o][f]) == 0) {
				if (family != NULL)
					*family = (pdn_result_family)f;
				return (pdn_outcome)o;
			}
	return PDN_OUTCOME_NONE;
}

const char *
pdn_outcome_str(pdn_outcome o, pdn_result_family family)
{
	if ((unsigned)o > PDN_OUTCOME_DOUBLE_LOSS)
		return NULL;
	return outcome_tokens[o][family == PDN_FAMILY_CHESS];
}

int
pdn_result_valid(const char *s)
{
	return pdn_outcome_parse(s, NULL) != PDN_OUTCOME_NONE;
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
pdn_movetok_str(char *buf, const pdn_movetok *t)
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
