/*
 * The tracker's entry for the adjudicator (private to libpdn), which has
 * the replay's positions at hand and knows what comes next in the record.
 */
#ifndef PDN_DRAWRULES_H
#define PDN_DRAWRULES_H

#include "pdn_rules.h"

/*
 * pdn_rules_play() for a move already played: `after` is the position m
 * reaches from `before`, copied instead of played again.  With `more`
 * set the record goes on from `after` with a legal move, so the side to
 * move has pieces and a move: only the draws are judged there.  Returns
 * as pdn_rules_play().  The state pdn_rules_state_get() points to stays
 * at the same address for the tracker's life.
 */
int rules_step(pdn_rules *t, const pdn_position *before, const pdn_move *m,
    const pdn_position *after, int more);

/*
 * Why the side to move has lost in `pos` (PDN_REASON_NO_PIECES or
 * PDN_REASON_NO_MOVES), or PDN_REASON_NONE.
 */
pdn_rules_reason rules_lost(const pdn_position *pos);

#endif /* PDN_DRAWRULES_H */
