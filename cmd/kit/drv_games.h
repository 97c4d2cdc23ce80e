/*
 * The games of each input a run reads, by their numbers: --game,
 * --skip and --max.
 */
#ifndef DRV_GAMES_H
#define DRV_GAMES_H

#include "driver.h"
#include <pdn/pdn.h>

/*
 * pdn_reader_next() for the tools, which read the games of an input
 * through it: it returns only the games --game, --skip and --max choose
 * (all when none is given), and 0 (the end) once none is left to choose,
 * without reading further.  Text a reader returns as a game after the
 * last one (with keep_raw) is no game to choose: left out when they are
 * given.
 */
int drv_reader_next(struct drv *d, const pdn_game **g, pdn_reader *r);

/*
 * Whether game `game` of the input (0: none) is one --game, --skip and
 * --max choose: a tool drops the reader's diagnostics of the others, as
 * drv_diag() does.
 */
int drv_game_wanted(const struct drv *d, long game);

/*
 * Whether game g is no game but text that the reader gives as one only to
 * keep it (keep_raw): comments outside any game.  Text with an error in
 * it is a broken game, as pdn-validate counts it.
 */
int drv_no_game(const pdn_game *g);

/*
 * Adds the games of list ("N,M-K,M-") to those --game chooses.  Returns
 * 0, or -1 when the list is not one (nothing added).
 */
int drv_games_add(struct drv_games *s, const char *list);

/*
 * Whether no game after game `game` of the input is one --game, --skip
 * and --max choose.
 */
int drv_games_over(const struct drv *d, long game);

#endif /* DRV_GAMES_H */
