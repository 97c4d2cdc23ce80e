/*
 * The move the test engines play (tests/hub/, tests/dxp/): a legal move
 * that depends only on the position and a seed, so that games are the
 * same from run to run, across restarts and across protocols.
 */
#ifndef TESTS_CHOOSE_H
#define TESTS_CHOOSE_H

#include <pdn/pdn.h>

/*
 * The move to play in pos, whose legal moves `list` holds (one at
 * least): with `greedy` 0 one picked by the position's hash and the
 * seed, else the one that leaves the opponent the fewest pieces to take
 * (reply: a list to work in).
 */
const pdn_move *choose_move(const pdn_position *pos,
    const pdn_movelist *list, pdn_movelist *reply, unsigned long long seed,
    int greedy);

#endif /* TESTS_CHOOSE_H */
