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

#include "batch.h"
#include "chunks.h"
#include "run.h"

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
void write_batch(void *arg, void *batch, const struct chunk_base *at);

/*
 * At the end of an input: the bytes after its last game go to each
 * output that got a game of it.  Returns 0, or 2 after saying that some
 * could not be kept (out of memory).
 */
int write_input_end(struct run *run);

/* Frees what the writing of run holds: its parts, the bytes waiting. */
void write_free(struct run *run);

#endif /* SELECT_WRITE_H */
