/*
 * pdn-standings: the games counted and their players (pool.c), what the
 * reports are made from.  A game read is a small record of numbers (its
 * players, event, date, round and result, and where its text lies),
 * whatever its moves, kept in a sorted store on a temporary file
 * (spool.h): memory grows with the players, never with the games.
 */
#ifndef STANDINGS_POOL_H
#define STANDINGS_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "player.h"
#include "spool.h"

/* A game listed and not counted: unfinished (*) or of no result. */
struct pending {
	uint64_t seq;
	uint32_t src, line;
	uint32_t white, black, event;
	uint32_t date, round;
	int unfinished;		/* "*", else no result */
};

struct pool {
	/*
	 * The players met (player.h), numbered as pool_player() gives them;
	 * players holds their names once pool_finish() made it.
	 */
	struct player_aliases aliases;
	struct player_roster roster;
	struct strtab players, events;
	struct strtab files;		/* the inputs' names */
	/*
	 * The games as read (ORD_TAGS); the games counted (ORD_DATE), and
	 * the same by event (ORD_EVENT, made when a report first asks).
	 * Their records keep the numbers of players and events as read:
	 * pool_next() gives them renumbered.
	 */
	struct spool *read, *bydate, *byevent;
	size_t ng;			/* games counted */
	/*
	 * Each event's first game counted (ORD_DATE), by its number as
	 * read, kept by pool_keep(): the events are numbered in their order.
	 */
	struct sgame *efirst;
	unsigned char *ehas;		/* efirst[i] is one */
	size_t nefirst;
	struct pending *pend;
	size_t npend, cappend;
	uint32_t *pmap, *emap;		/* old to new numbers */
};

/*
 * Reads the spelling file `path` (pdn(5); player.h).  Returns 0, or 2
 * after saying what is wrong (file:line).
 */
int pool_aliases(struct pool *p, const char *path);

/*
 * The player number of a spelling (player_trim()'s), met once more: the
 * same for every spelling that folds alike or that the spelling file
 * makes his; -1 no memory.
 */
long pool_player(struct pool *p, const char *name, size_t len);

/* 0, or -1 out of memory. */
int pool_init(struct pool *p);

/*
 * Adds a game read (its seq the number of games added before): 0, or -1
 * out of memory or the temporary file failed (errno, said by the caller).
 */
int pool_add(struct pool *p, const struct sgame *g);

/*
 * Once every game is read: a pass over them in the order of ORD_TAGS,
 * to take the copies out (pdn-standings.c), and, for each game that is
 * no copy, pool_keep().  0, or -1 (errno).
 */
int pool_read_open(struct spool_cur *c, struct pool *p);
int pool_keep(struct pool *p, const struct sgame *g);

/*
 * Then: numbers the players in the order of their names (bytes) and the
 * events in the order of their first game; the games counted are in the
 * order of date, round and input order, so that nothing depends on the
 * order of the inputs but what has to.  0, or -1 (errno).
 */
int pool_finish(struct pool *p);

/*
 * A pass over the games counted, renumbered, in order ORD_DATE or
 * ORD_EVENT: pool_next() gives each (lent until the next call), NULL at
 * the end.  pool_open() and pool_close() return 0, or -1 after an error
 * (errno): the reports then stop short.
 */
struct pool_cur {
	const struct pool *p;
	struct spool_cur c;
	int renumber;		/* the store's records are as read */
	struct sgame cur;
};
int pool_open(struct pool_cur *c, struct pool *p, int order);
const struct sgame *pool_next(struct pool_cur *c);
int pool_close(struct pool_cur *c);

void pool_free(struct pool *p);

/* "3", "3.2": major << 16 | minor; 0 for none. */
uint32_t pool_round(const char *s);

#endif /* STANDINGS_POOL_H */
