/*
 * Strings to numbers (strtab.h): the one table of interned names that
 * pdn-standings' pool and the players' spellings (cmd/games/player.c)
 * share.
 */
#include <stdlib.h>
#include <string.h>

#include "strtab.h"

static uint64_t
hash(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h ^ (h >> 31);
}

static int
grow(struct strtab *t)
{
	size_t n = 64, i, k;
	uint32_t *slot;

	/* At most a quarter full after growing, a half before the next. */
	while (n < 4 * (t->n + 1))
		n *= 2;
	if ((slot = calloc(n, sizeof(*slot))) == NULL)
		return -1;
	for (i = 0; i < t->n; i++) {
		k = hash(t->s[i], strlen(t->s[i])) & (n - 1);
		while (slot[k] != 0)
			k = (k + 1) & (n - 1);
		slot[k] = (uint32_t)i + 1;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = n;
	return 0;
}

long
strtab_find(const struct strtab *t, const char *s, size_t len)
{
	size_t k;
	const char *e;

	if (t->nslot == 0)
		return -1;
	for (k = hash(s, len) & (t->nslot - 1); t->slot[k] != 0;
	    k = (k + 1) & (t->nslot - 1)) {
		e = t->s[t->slot[k] - 1];
		if (strncmp(e, s, len) == 0 && e[len] == '\0')
			return (long)t->slot[k] - 1;
	}
	return -1;
}

long
strtab_add(struct strtab *t, const char *s, size_t len, int *added)
{
	long at = strtab_find(t, s, len);
	char **ns, *copy;
	size_t k;

	if (added != NULL)
		*added = 0;
	if (at >= 0)
		return at;
	if (2 * (t->n + 1) > t->nslot && grow(t) != 0)
		return -1;
	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 64 : 2 * t->cap;
		if ((ns = realloc(t->s, t->cap * sizeof(*ns))) == NULL)
			return -1;
		t->s = ns;
	}
	if ((copy = malloc(len + 1)) == NULL)
		return -1;
	memcpy(copy, s, len);
	copy[len] = '\0';
	t->s[t->n] = copy;
	for (k = hash(s, len) & (t->nslot - 1); t->slot[k] != 0;
	    k = (k + 1) & (t->nslot - 1))
		;
	t->slot[k] = (uint32_t)t->n + 1;
	if (added != NULL)
		*added = 1;
	return (long)t->n++;
}

int
strtab_reorder(struct strtab *t, const uint32_t *order, uint32_t *map)
{
	char **ns;
	size_t i;

	if ((ns = malloc((t->n + 1) * sizeof(*ns))) == NULL)
		return -1;
	for (i = 0; i < t->n; i++) {
		ns[i] = t->s[order[i]];
		map[order[i]] = (uint32_t)i;
	}
	free(t->s);
	t->s = ns;
	t->cap = t->n + 1;
	return grow(t);
}

void
strtab_free(struct strtab *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}
