/*
 * pdn-select's reading: the games of a stream or a chunk (a thread's work
 * with -j N) read into a batch (batch.h) and judged by the criteria.  The
 * functions here are a struct chunk_tool's, on a struct run (run.h) as
 * their argument.
 */
#ifndef SELECT_PICK_H
#define SELECT_PICK_H

#include "batch.h"
#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "options.h"
#include <pdn/pdn.h>

/*
 * The work of a chunk or a stream (struct chunk_tool's work, `arg` the
 * struct run): reads the games of reader r into the batch, judged by the
 * criteria, replayed with the worker ctx (a struct chunk_worker) when
 * they need it.  With `live` set (a stream), each game is written as it
 * comes (write_items()).  Returns 0, or 2 after saying what went wrong.
 */
int pick_games(void *arg, pdn_reader *r, const struct cli_input *in,
    void *ctx, void *batch, const struct chunk_base *live, long *games);


/*
 * The reader's diagnostics that are shown (struct chunk_tool's diag, the
 * batch its argument), kept to be said in order when it is written.
 */
void pick_diag(const pdn_diag *d, void *arg);

/*
 * The options the games are replayed with: every variation for what
 * pdn-validate says of a game and for a canonical rewrite, else only the
 * main line.  Into *ro, set up by the caller (PDN_REPLAY_OPTIONS_INIT).
 */
void pick_replay_options(pdn_replay_options *ro, const struct sel_opt *o,
    const struct drv *d);

/*
 * Whether the games written are changed (--strip, --add, --plylimit,
 * --dropply, --split-variations): they are then written canonically.
 */
int pick_changes(const struct sel_opt *o);

#endif /* SELECT_PICK_H */
