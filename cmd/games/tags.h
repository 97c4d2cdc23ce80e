/*
 * What a game's tags say as values, read one way for every tool: its
 * result and the points it gives (pdn-select, pdn-standings, pdn-find,
 * pdn-index).  The result tokens are the library's (pdn_outcome_parse()):
 * no tool reads them itself.
 *
 * Nothing here keeps state: any thread may call it.
 */
#ifndef TAGS_H
#define TAGS_H

#include <pdn/pdn.h>

/*
 * The game's result: its Result tag's when that is a result token (in
 * either notation: 2-0 or 1-0), else its terminator's; PDN_OUTCOME_NONE
 * when neither is one.
 */
pdn_outcome tags_outcome(const pdn_game *g);

/*
 * The points outcome o gives side (PDN_WHITE or PDN_BLACK), in units of
 * a win: 1, 0.5 for a draw, else 0 (a loss, a double loss, no result).
 */
double tags_score(pdn_outcome o, pdn_colour side);

#endif /* TAGS_H */
