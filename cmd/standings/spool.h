/*
 * pdn-standings: a sorted store of game records that does not grow in
 * memory with the games (spool.c).  Records are gathered in a block of
 * SPOOL_BLOCK; a full block is sorted and written to a temporary file
 * (in $TMPDIR, else /tmp, removed at once) as a run, and a cursor merges
 * the runs back in order, as often as it is opened.  A store of no more
 * than a block never touches a file.
 */
#ifndef STANDINGS_SPOOL_H
#define STANDINGS_SPOOL_H

#include <stddef.h>
#include <stdint.h>

/* struct sgame's flags. */
#define SG_ADJUDICATED	0x01	/* counted by --adjudicate's result */
#define SG_FORFEIT	0x02	/* not played: Termination "forfeit" */
#define SG_BYE		0x04	/* against "BYE": White or Black is one */
#define SG_PLAYOFF	0x08	/* a play-off game: its Round a marker */
#define SG_UNPLAYED	(SG_FORFEIT | SG_BYE)	/* not rated */

/* A game read: 64 bytes. */
struct sgame {
	uint64_t seq;		/* input order: 0 for the first game read */
	uint64_t tags;		/* the hash of its players, date and round,
				 * what a copy has the same first; never 0 */
	uint64_t ref;		/* where its text lies (dups.h), or 0 */
	uint32_t white, black;	/* player numbers */
	uint32_t event;		/* event number */
	uint32_t date;		/* yyyymmdd, an unknown part 0: its
				 * tags_date_key() */
	uint32_t round;		/* major << 16 | minor; 0: none */
	uint32_t src;		/* its input: files.s[src] */
	uint32_t line;		/* where it starts */
	uint32_t game;		/* its number in its input */
	uint8_t res;		/* its result, a pdn_outcome: a game
				 * unfinished (*) or of no result is listed,
				 * not counted */
	uint8_t flags;		/* SG_* */
	uint16_t wr, br;	/* White's and Black's ratings in the game's
				 * tags (tags_rating()), 0 none or above
				 * 65535: in the record's padding */
};

/* The orders a store can keep its records in. */
enum {
	ORD_TAGS,		/* the identity of a copy, then input order */
	ORD_DATE,		/* date, round, input order */
	ORD_EVENT,		/* event, then as ORD_DATE */
	ORD_SEQ			/* input order */
};

/*
 * Records a block: 16,384 of 64 bytes, 1 MB.  The environment variable
 * PDN_STANDINGS_BLOCK (a number of records, at least 2) makes it smaller
 * or larger, so that the tests can write runs with a few games.
 */
#define SPOOL_BLOCK	16384

/* Runs merged at once; more are merged into longer runs first. */
#define SPOOL_FANIN	64

struct skey;

struct spool_run {
	uint64_t at;		/* its first record's offset in the file */
	size_t n;
};

struct spool {
	int order;		/* ORD_* */
	struct sgame *blk;	/* the block being filled, sorted when done */
	size_t n, cap, max;	/* max: records a block */
	int fd;			/* the runs' file, or -1 */
	uint64_t end;		/* its size */
	struct spool_run *runs;
	size_t nruns, capruns;
	size_t total;		/* records */
	int done;		/* spool_done() called */
	int renumbered;		/* its records' numbers are final (pool.c) */
	/*
	 * ORD_EVENT: the records are added in ORD_DATE order, so that a
	 * block is put in order by counting its events.
	 */
	int dated;
	struct skey *keys;	/* what a block is sorted by, twice (spool.c) */
};

/*
 * A temporary file of our own, open for reading and writing, in $TMPDIR
 * (else /tmp) and already removed: its descriptor, or -1 (errno).
 */
int spool_tmpfile(void);

/* Where: $TMPDIR, else /tmp. */
const char *spool_dir(void);

/* An empty store, in that order. */
void spool_init(struct spool *sp, int order);

/* Records a and b in order `order`: < 0, 0 (the same seq) or > 0. */
int spool_cmp(int order, const struct sgame *a, const struct sgame *b);

/* Adds a record: 0, or -1 (out of memory, or the file: errno). */
int spool_add(struct spool *sp, const struct sgame *g);

/*
 * No more records: the last block sorted (and written, if runs were), and
 * runs merged until SPOOL_FANIN are left.  0 or -1 (errno).
 */
int spool_done(struct spool *sp);

void spool_free(struct spool *sp);

/* A pass over a store in its order. */
struct spool_cur {
	const struct spool *sp;
	size_t i;		/* in memory: the next record */
	struct spool_src {
		struct sgame *buf;
		size_t n, i;	/* records in buf, the next */
		uint64_t at;	/* the next record's offset */
		size_t left;	/* records of the run not read yet */
	} *src;
	size_t nsrc;
	size_t *heap, nheap;
	struct sgame cur;	/* the record given out */
	int err;		/* a read failed (errno set) */
};

/* 0, or -1 out of memory. */
int spool_open(struct spool_cur *c, const struct spool *sp);

/* The next record (lent until the next call), or NULL at the end or
 * after an error (c->err). */
const struct sgame *spool_next(struct spool_cur *c);

void spool_close(struct spool_cur *c);

#endif /* STANDINGS_SPOOL_H */
