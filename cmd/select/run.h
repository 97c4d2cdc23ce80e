/*
 * A run of pdn-select: its options, the duplicate finder of -D, the
 * outputs and what their writing keeps between batches.  The reading of
 * the games (pick.h) and their writing (write.h) share it.
 */
#ifndef SELECT_RUN_H
#define SELECT_RUN_H

#include <stdio.h>

#include "driver.h"
#include "dups.h"
#include "options.h"
#include <pdn/pdn.h>

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

#endif /* SELECT_RUN_H */
