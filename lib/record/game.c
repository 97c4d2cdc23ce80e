/*
 * Small services of the game model: tag lookup and result tokens (the
 * one table of them, in both families).
 */
#include <string.h>

#include "pdn/record.h"

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
