/*
 * pdn-select's output: the items of the batches (batch.h), written on the
 * main thread in input order where they go: a selected game to the output
 * (or to its file of --split or --split-by), a copy that -D drops to the
 * --dup-file, each as read, canonical, or as a record (tsv, json), with
 * the bytes between games that belong to it.  -D decides there what is a
 * copy (dups.h): the main thread alone sees every game before it.
 */
#ifndef SELECT_WRITE_H
#define SELECT_WRITE_H

#include <stdio.h>

#include "chunks.h"
#include "driver.h"
#include "dups.h"
#include "options.h"
#include <pdn/pdn.h>

struct batch;

/* A file of --split or --split-by (write.c's own). */
struct part;

/*
 * A run: its options, its outputs and what was written, the argument of
 * the batches' functions.  The caller (main) zeroes it and sets the
 * options, the dups of -D, the outputs, `splitting` and the workers'
 * contexts; the rest is write.c's.
 */
struct run {
	struct drv *drv;	/* the common options, and the outputs */
	const struct sel_opt *opt;
	struct dups *dups;	/* -D: the games kept, or NULL */
	struct dups *check;	/* -c: the games of FILE, or NULL */
	FILE *fp;		/* the selected games */
	FILE *dupfp;		/* --dup-file: the copies dropped, or NULL */
	long games, selected, dropped;
	/*
	 * Bytes between games, waiting for the next game of the input, or
	 * its end; the outputs that got a game of the input.
	 */
	pdn_buf carry;
	int to_out, to_dup;
	int status;		/* 2: trouble in the writing (said) */
	void *rp[DRV_MAX_JOBS];	/* the workers' contexts */
	/* --split, --split-by: the files, the one written last. */
	int splitting, split_failed;
	struct part *parts;
	size_t nparts, capparts, nopen;
	/* --split-by: the parts by value and by name (index + 1; 0 empty). */
	size_t *byvalue, *byname, icap;
	long ingame;		/* --split: games in the current file */
	long clock;
	/*
	 * The criteria need no moves and the games are not rewritten: the
	 * moves are not read (skip_moves), nor is anything said of them.
	 */
	int tags_only;
};

/*
 * Writes the items of batch b, whose chunk has base *at, in input order
 * where they go, then forgets them: a game to the output when it was
 * selected and is no copy of an earlier one, to the --dup-file when it is
 * one, with the bytes between games that came before it.  The bytes
 * after the last game wait for the input's end (write_input_end()).
 */
void write_items(struct run *run, struct batch *b,
    const struct chunk_base *at);

/*
 * Writes a batch (struct chunk_tool's print, `arg` the struct run), and
 * counts its games in the progress line.
 */
void print_batch(void *arg, void *batch, const struct chunk_base *at);

/*
 * At the end of an input: the bytes after its last game go to each
 * output that got a game of it.  Returns 0, or 2 after saying that some
 * could not be kept (out of memory).
 */
int write_input_end(struct run *run);

/*
 * Appends game g (played as pg) canonically to out, changed as the
 * options say: cut by --plylimit and --dropply, split by
 * --split-variations (the main line, then each variation a game), with a
 * FEN comment after each move (--add fen-every), stripped of what --strip
 * says and with the tags of --add.  A changed copy is replayed with rp
 * and *ro before it is written (pg is then no longer valid).  Returns 0
 * or PDN_ENOMEM.
 */
int write_changed(pdn_buf *out, const struct sel_opt *o, const pdn_game *g,
    const pdn_played *pg, pdn_replay *rp, const pdn_replay_options *ro);

/* Frees what the writing of run holds: its parts, the bytes waiting. */
void write_free(struct run *run);

#endif /* SELECT_WRITE_H */
