/*
 * pdn-select's own options, as its command line set them (pdn-select.c
 * reads them; the driver's common ones are in struct drv).  They are set
 * before the first game is read and only read after, by every thread:
 * the modules get them as a const struct sel_opt.
 */
#ifndef SELECT_OPTIONS_H
#define SELECT_OPTIONS_H

#include <stddef.h>

#include "criteria.h"
#include "dups.h"

/* The output formats, in the order of the tool's -f names. */
enum { FMT_RAW, FMT_PDN, FMT_TSV, FMT_JSON };

/* The tags of --add: bits of sel_opt.add. */
enum { ADD_PLYCOUNT = 1, ADD_FEN = 2, ADD_HASH = 4, ADD_FEN_EVERY = 8 };

struct sel_opt {
	struct criteria crit;	/* what a game must meet */
	int invert, count;	/* -v, --count */
	/* -D: drop later copies, as --dup-by says, to --dup-file. */
	int dedup, summary;
	struct dup_by dupby;
	const char *dupfile;
	/*
	 * -U: write only the copies (implies -D); -c FILE: the games that
	 * are copies of one of FILE are copies too.
	 */
	int onlydups;
	const char *checkfile;
	/* --tags: the tags of a record, NULL-ended, with the columns. */
	char **tags;
	size_t ntags;
	const char **header;
	char *tagsbuf;
	/* --split N, --split-by TAG; --strip, --add: their bits. */
	long split;
	const char *splitby;
	unsigned strip, add;
	/*
	 * --plylimit N (-1: none), --dropply N (0: none; -N all but the
	 * last N), --split-variations.
	 */
	long plylimit, dropply;
	int splitvar;
};

#endif /* SELECT_OPTIONS_H */
