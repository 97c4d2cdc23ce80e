/*
 * pdn-standings: the games counted and their players (pool.c), what the
 * reports are made from.  A game counted is a small record of numbers (its
 * players, event, date, round and result), whatever its moves: memory
 * grows with the players and these records, never with the games' text.
 */
#ifndef STANDINGS_POOL_H
#define STANDINGS_POOL_H

#include <stddef.h>
#include <stdint.h>

/* A result, from White's side. */
enum { RES_WHITE, RES_DRAW, RES_BLACK, RES_DOUBLE_LOSS };

/* A game counted. */
struct sgame {
	uint32_t white, black;	/* player numbers */
	uint32_t event;		/* event number */
	uint32_t date;		/* yyyymmdd, an unknown part 0 */
	uint32_t round;		/* major << 16 | minor; 0: none */
	uint8_t res;		/* RES_* */
};

/* A game listed and not counted: unfinished (*) or of no result. */
struct pending {
	char *where;		/* "file:line" */
	uint32_t white, black, event;
	uint32_t date, round;
	char result[8];		/* "*", or "" for none */
};

/* Strings to numbers: names, events, aliases (open addressing). */
struct strtab {
	char **s;		/* by number */
	size_t n, cap;
	uint32_t *slot;		/* number + 1, 0 empty */
	size_t nslot;		/* a power of two */
};

/* Returns the number of s (len bytes), added if new; -1 out of memory. */
long strtab_add(struct strtab *t, const char *s, size_t len);
/* The number of s, or -1. */
long strtab_find(const struct strtab *t, const char *s, size_t len);
void strtab_free(struct strtab *t);

struct pool {
	struct strtab players, events;
	struct strtab alias_from;	/* an alias ... */
	uint32_t *alias_to;		/* ... its name's number in alias_names */
	struct strtab alias_names;
	struct sgame *g;
	size_t ng, capg;
	struct pending *pend;
	size_t npend, cappend;
};

/*
 * A name as it is matched: blanks (spaces, tabs, line ends) at both ends
 * removed and every run of them inside made one space, into buf of size
 * bytes (truncated to fit).  Returns the length.
 */
size_t name_fold(char *buf, size_t size, const char *s, size_t len);

/*
 * Reads the alias file `path` (TSV: alias, a tab, the name; blank lines
 * and lines starting with '#' skipped).  Returns 0, or 2 after saying
 * what is wrong (file:line).
 */
int pool_aliases(struct pool *p, const char *path);

/* The player number of a folded name, its alias resolved; -1 no memory. */
long pool_player(struct pool *p, const char *name, size_t len);

/*
 * Adds a game after those added before: the games are kept in input
 * order (pool_finish() sorts them stably).  0 or -1 out of memory.
 */
int pool_add(struct pool *p, const struct sgame *g);
int pool_pend(struct pool *p, const struct pending *pd);

/*
 * Once every game is read: numbers the players in the order of their
 * names (bytes) and the events in the order of their first game, sorts
 * the games by date, round and input order, so that nothing depends on
 * the order of the inputs but what has to.  0 or -1 out of memory.
 */
int pool_finish(struct pool *p);

void pool_free(struct pool *p);

/* "2003.05.12" (any of . - / between, ? for unknown digits) to yyyymmdd. */
uint32_t parse_date(const char *s);
/* "3", "3.2": major << 16 | minor; 0 for none. */
uint32_t parse_round(const char *s);

/* The points of side (0 White, 1 Black) in a result, in units of a win:
 * 1, 0.5 or 0. */
double res_score(int res, int side);

#endif /* STANDINGS_POOL_H */
