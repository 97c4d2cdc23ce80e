/*
 * Strings to numbers: the table in which a tool keeps the names it meets
 * (players, events, files, spellings), each once, numbered 0, 1, ... in
 * the order they were added.  Open addressing on an FNV-1a hash; the
 * table owns copies of its strings.  A zeroed struct strtab is empty.
 */
#ifndef STRTAB_H
#define STRTAB_H

#include <stddef.h>
#include <stdint.h>

struct strtab {
	char **s;		/* by number */
	size_t n, cap;
	uint32_t *slot;		/* number + 1, 0 empty */
	size_t nslot;		/* a power of two */
};

/* The number of s (len bytes, no NUL among them), or -1. */
long strtab_find(const struct strtab *t, const char *s, size_t len);

/*
 * The number of s, added if new (then *added, when not NULL, is set to
 * 1, else to 0); -1 out of memory.
 */
long strtab_add(struct strtab *t, const char *s, size_t len, int *added);

/*
 * Renumbers t in the order `order` (its t->n old numbers, in the new
 * order), and old-to-new numbers into map (t->n of them); -1 out of
 * memory.
 */
int strtab_reorder(struct strtab *t, const uint32_t *order, uint32_t *map);

/* Frees the strings and the table, and leaves it empty. */
void strtab_free(struct strtab *t);

#endif /* STRTAB_H */
