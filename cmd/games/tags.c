/*
 * What a game's tags say as values (tags.h): its result and its points.
 */
#include "tags.h"
#include <pdn/pdn.h>

pdn_outcome
tags_outcome(const pdn_game *g)
{
	pdn_outcome o;

	if ((o = pdn_outcome_parse(pdn_game_tag(g, "Result"), NULL)) !=
	    PDN_OUTCOME_NONE)
		return o;
	return pdn_outcome_parse(g->terminator, NULL);
}

double
tags_score(pdn_outcome o, pdn_colour side)
{
	switch (o) {
	case PDN_OUTCOME_WHITE:
		return side == PDN_WHITE ? 1.0 : 0.0;
	case PDN_OUTCOME_BLACK:
		return side == PDN_BLACK ? 1.0 : 0.0;
	case PDN_OUTCOME_DRAW:
		return 0.5;
	default:
		return 0.0;
	}
}
