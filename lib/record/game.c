/*
 * Small services of the game model: tag lookup and result tokens (the
 * one table of them, in both families), and what a game's result says
 * in the order its file writes them.
 */
#include <string.h>

#include "gamepriv.h"
#include "outcome.h"

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
const char *const game_roster[GAME_ROSTER_TAGS] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Result"
};

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

pdn_outcome
pdn_outcome_order(pdn_outcome o, const pdn_variant *v,
    pdn_result_order order)
{
	return outcome_swapped(v, order) ? outcome_swap(o) : o;
}

pdn_result_order
pdn_game_result_order(const pdn_game *g)
{
	const pdn_variant *v = pdn_variant_get(g->gametype);
	pdn_result_order order = g->priv != NULL ?
	    (pdn_result_order)g->priv->order : PDN_ORDER_DECIDE;

	return outcome_swapped(v, order) ? PDN_ORDER_FIRST_MOVER :
	    PDN_ORDER_WHITE;
}

pdn_outcome
pdn_game_outcome(const pdn_game *g)
{
	pdn_outcome o;

	if ((o = pdn_outcome_parse(pdn_game_tag(g, "Result"), NULL)) ==
	    PDN_OUTCOME_NONE)
		o = pdn_outcome_parse(g->terminator, NULL);
	return pdn_game_result_order(g) == PDN_ORDER_FIRST_MOVER ?
	    outcome_swap(o) : o;
}
