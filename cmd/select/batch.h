/*
 * pdn-select's batches: what a stream or a chunk read (a thread's work
 * with -j N), its games judged by the criteria and kept with their bytes,
 * until the main thread writes them in input order (write.h).  A batch
 * is filled by pick.h.
 */
#ifndef SELECT_BATCH_H
#define SELECT_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "options.h"
#include "tooldiag.h"
#include <pdn/pdn.h>

/*
 * What a stream or a chunk read, until the main thread writes it in input
 * order: its games and the bytes between them.  Whether a game is
 * written is decided there, where -D knows every game before it.
 */
enum { IT_BYTES, IT_GAME };
enum { LOST_NONE, LOST_COPY, LOST_REWRITE };

struct item {
	int kind;
	/*
	 * IT_BYTES: bytes between games that are no game's text (junk,
	 * comments after the last game, blanks after the last game of a
	 * chunk), which belong to the next game, or at the end of the input
	 * to what was written.  IT_GAME: a game, `sel` when it meets the
	 * criteria, its text with what lies before it.
	 */
	int sel;
	size_t text, len;	/* its bytes in the body (as read, pdn) */
	/*
	 * Or, not NULL, its bytes where the reader holds them: a stream's
	 * game written as read, written before the reader goes on (a copy
	 * into the body was 4% of pdn-select -t's time).
	 */
	const char *at;
	size_t lead;		/* as read: the blanks they begin with */
	/*
	 * -D: its key's hash; its key in keys (keylen 0: not written); its
	 * text's place in the input, and its bytes in keys at ktext (span
	 * length 0: not at hand; ktext SIZE_MAX: at the end of its text in
	 * the body, as read).
	 */
	uint64_t hash;
	size_t key, keylen;
	pdn_span span;
	size_t ktext;
	/*
	 * -D in a stream: `copy`, a copy of a kept game's text (nothing
	 * else to look at); thash, its text's hash for the text cache (0:
	 * none).
	 */
	int copy;
	uint64_t thash;
	int lost;		/* LOST_*: selected, and it cannot be written */
	long game, line;	/* its record (tsv, json) */
	uint64_t offset;
	size_t vals;		/* the record's tag values in the arena */
	size_t sval, slen;	/* --split-by: the value (SIZE_MAX: none) */
};

struct batch {
	pdn_buf body;		/* texts */
	pdn_buf arena;		/* the records' tag values */
	pdn_buf keys;
	struct item *it;
	size_t nit, capit;
	long games;
	int live;
	int status;		/* 2: trouble (said) */
	struct kept_diags kd;
	/* The run's options, for the reader's diagnostics (pick_diag()). */
	const struct drv *drv;
	/*
	 * For the reader's question which messages are wanted
	 * (pick_wanted()): whether the moves' diagnostics are left out (a
	 * query by tags alone), and of each code, the warnings and notes
	 * kept with their message that no later step drops.
	 */
	int tags_only;
	long said[TOOLDIAG_NCODES];
};

/* Frees what a batch holds (not the batch). */
void batch_free(void *batch);

/* A printed batch (write_items() emptied it) as a new one. */
void batch_reset(void *batch);

/* How many blanks (space, tab, CR, LF) s[0..len-1] begins with. */
size_t batch_lead(const char *s, size_t len);

#endif /* SELECT_BATCH_H */
