/*
 * pdn-select's changed games: a game rewritten canonically with the
 * changes the options ask for.
 */
#ifndef SELECT_REWRITE_H
#define SELECT_REWRITE_H

#include "options.h"
#include <pdn/pdn.h>

/*
 * Appends game g (played as pg) canonically to out, changed as the
 * options say: cut by --plylimit and --dropply, split by
 * --split-variations (the main line, then each variation a game), with a
 * FEN comment after each move (--add fen-every), stripped of what --strip
 * says and with the tags of --add.  A changed copy is replayed with rp
 * and *ro before it is written (pg is then no longer valid).  Returns 0
 * or PDN_ENOMEM.
 */
int rewrite_game(pdn_buf *out, const struct sel_opt *o, const pdn_game *g,
    const pdn_played *pg, pdn_replay *rp, const pdn_replay_options *ro);

#endif /* SELECT_REWRITE_H */
