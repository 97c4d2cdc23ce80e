/*
 * Reading one input on several threads, for the tools that make one record
 * per game (pdn-validate, pdn-adjudicate), so that -j N prints byte for
 * byte what -j 1 prints.
 *
 * The input is read in large blocks and cut into chunks at game boundaries
 * that any reader agrees on (pdn_cut_next(): a line starting with '['
 * after a game that ended with its result token, read alike whatever came
 * before it).  N threads (the main one and N - 1 workers) each read
 * (parse) and process whole chunks, so that reading runs in parallel too;
 * each chunk's results go to a batch of the tool's own, which the main
 * thread prints in input order.  A reader of a chunk numbers its lines, games and offsets from the
 * chunk's start: the batch keeps them so, and the tool adds the chunk's
 * base when it prints them.  When no cut is found in a long stretch of
 * input, the rest is read as one stream on the main thread.
 *
 * Diagnostics are kept in the same way (struct kept_diags), to be printed
 * with the base applied.
 */
#ifndef CHUNKS_H
#define CHUNKS_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include <pdn/pdn.h>

struct drv;

/* A chunk's file, and where its lines, games and offsets start in it. */
struct chunk_base {
	const char *file;
	long line, game;
	uint64_t offset;
};

/* A diagnostic, its strings kept as offsets into the arena. */
struct kept_diag {
	pdn_severity sev;
	pdn_diag_code code;
	size_t msg, move;	/* arena offsets; move (size_t)-1: none */
	long line, col, game, ply, number;
	pdn_colour side;
	int second;		/* the move is written "N..." */
};

struct kept_diags {
	struct kept_diag *d;
	size_t n, cap;
	pdn_buf arena;
	int oom;		/* something could not be kept */
};

/*
 * Grows the array *p of *cap elements of `size` bytes to hold `need`
 * (doubling).  Returns 0, or -1 when out of memory (*p is left as it was).
 */
int chunk_grow(void **p, size_t *cap, size_t need, size_t size);

/* Keeps d, with severity sev (a tool may raise it); sets k->oom if not. */
void chunk_kept_add(struct kept_diags *k, const pdn_diag *d, pdn_severity sev);

/* A kept string (an arena offset), or NULL for (size_t)-1. */
const char *chunk_kept_str(const struct kept_diags *k, size_t at);

/*
 * Prints kept diagnostics from..from+n-1 with cli_diag(), of the file of
 * the base *at, their lines and games moved by it.
 */
void chunk_kept_print(const struct kept_diags *k, size_t from, size_t n,
    const struct chunk_base *at);

/* Forgets every kept diagnostic, keeping the memory; frees it. */
void chunk_kept_clear(struct kept_diags *k);
void chunk_kept_free(struct kept_diags *k);

/*
 * Makes a worker context for each of `jobs` threads with make(arg), into
 * ctx[0..jobs).  Returns the number made: jobs, or fewer after saying
 * "out of memory" (the caller frees those made).
 */
int chunks_contexts(void **ctx, int jobs, void *(*make)(void *), void *arg);

/*
 * A job's context of the tools that replay games, and maybe adjudicate
 * them: chunk_worker_new() is a `make` for chunks_contexts(), whose
 * argument is a struct chunk_rules, or NULL for no adjudicator.
 */
struct chunk_worker {
	pdn_replay *rp;
	pdn_adjudicator *a;	/* NULL: the games are not adjudicated */
	pdn_adjudication *adj;	/* what a says of the current game */
};
struct chunk_rules {
	/* The profile --rules gave, or NULL: each variant's own. */
	const pdn_profile *profile;
};
void *chunk_worker_new(void *rules);
void chunk_worker_free(void *w);

/* What a tool does with chunks; `arg` is the tool's, as given. */
struct chunk_tool {
	/* Gets the reader's diagnostics, with the batch as its argument. */
	pdn_diag_fn diag;
	/* The size of a batch, which starts zeroed. */
	size_t batch_size;
	/* Frees what a batch holds (not the batch). */
	void (*batch_free)(void *batch);
	/*
	 * Reads and processes every game of r into batch, with a worker's
	 * context ctx; stores the number of games read in *games.  With
	 * `live` set it runs on the main thread over a stream, and prints
	 * each game's records as it goes, at that base, so that memory
	 * stays that of a game.  Returns 0, or 2 after a read error or
	 * when out of memory (having said so).
	 */
	int (*work)(void *arg, pdn_reader *r, const struct cli_input *in,
	    void *ctx, void *batch, const struct chunk_base *live,
	    long *games);
	/*
	 * On the main thread, in input order: prints the batch's records
	 * not printed yet at base *at, and counts its totals.
	 */
	void (*print)(void *arg, void *batch, const struct chunk_base *at);
	/* The reader keeps the text of broken games (keep_raw). */
	int keep_raw;
	/* The GameType of untagged games (reader option), or 0. */
	int gametype;
	/* The tool looks at the tags alone: no moves kept (skip_moves). */
	int skip_moves;
	/*
	 * Or NULL: makes a printed batch as a new one, keeping its memory,
	 * for the next chunk (else it is freed, and the next one zeroed).
	 */
	void (*batch_reset)(void *batch);
	/*
	 * Or NULL: the run's driver, whose --game, --skip and --max leave
	 * out the reader's diagnostics of the games they do not choose
	 * (drv_game_wanted()); the tool's work reads the games with
	 * drv_reader_next().
	 */
	const struct drv *drv;
};

/*
 * Runs tool t over input `in` with `jobs` threads, whose i-th gets ctx[i]
 * (the main thread, one of them, uses ctx[0], as it does with one job or
 * for a stream).  Returns
 * the worst status of the work, 0 or 2.
 */
int chunks_run(const struct chunk_tool *t, void *arg, void *const *ctx,
    int jobs, struct cli_input *in);

#endif /* CHUNKS_H */
