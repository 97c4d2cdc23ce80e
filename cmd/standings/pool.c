/*
 * pdn-standings: players, events, aliases and the games counted (pool.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pool.h"

static uint64_t
str_hash(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h ^ (h >> 31);
}

static int
strtab_grow(struct strtab *t)
{
	size_t n = 256, i, k;
	uint32_t *slot;

	/* At most a quarter full after growing, a half before the next. */
	while (n < 4 * (t->n + 1))
		n *= 2;

	if ((slot = calloc(n, sizeof(*slot))) == NULL)
		return -1;
	for (i = 0; i < t->n; i++) {
		k = str_hash(t->s[i], strlen(t->s[i])) & (n - 1);
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
	for (k = str_hash(s, len) & (t->nslot - 1); t->slot[k] != 0;
	    k = (k + 1) & (t->nslot - 1)) {
		e = t->s[t->slot[k] - 1];
		if (strncmp(e, s, len) == 0 && e[len] == '\0')
			return (long)t->slot[k] - 1;
	}
	return -1;
}

long
strtab_add(struct strtab *t, const char *s, size_t len)
{
	long at = strtab_find(t, s, len);
	char **ns, *copy;
	size_t k;

	if (at >= 0)
		return at;
	if (2 * (t->n + 1) > t->nslot && strtab_grow(t) != 0)
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
	for (k = str_hash(s, len) & (t->nslot - 1); t->slot[k] != 0;
	    k = (k + 1) & (t->nslot - 1))
		;
	t->slot[k] = (uint32_t)t->n + 1;
	return (long)t->n++;
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

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t
name_fold(char *buf, size_t size, const char *s, size_t len)
{
	size_t i, n = 0;
	int gap = 0;

	if (size == 0)
		return 0;
	for (i = 0; i < len && n + 1 < size; i++) {
		if (blank(s[i])) {
			gap = n > 0;
			continue;
		}
		if (gap && n + 2 < size)
			buf[n++] = ' ';
		gap = 0;
		buf[n++] = s[i];
	}
	buf[n] = '\0';
	return n;
}

int
pool_aliases(struct pool *p, const char *path)
{
	char *line = NULL, a[512], b[512];
	size_t cap = 0, la, lb;
	ssize_t len;
	long lineno = 0, from, to;
	uint32_t *nt;
	char *tab;
	FILE *fp;
	int status = 0;

	if ((fp = fopen(path, "r")) == NULL) {
		cli_warn("%s: %s", path, strerror(errno));
		return 2;
	}
	while ((len = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		la = name_fold(a, sizeof(a), line, (size_t)len);
		if (la == 0 || a[0] == '#')
			continue;
		if ((tab = strchr(line, '\t')) == NULL) {
			cli_warn("%s:%ld: error: no tab between the alias and "
			    "the name", path, lineno);
			status = 2;
			continue;
		}
		la = name_fold(a, sizeof(a), line, (size_t)(tab - line));
		lb = name_fold(b, sizeof(b), tab + 1, strlen(tab + 1));
		if (la == 0 || lb == 0 || strchr(b, '\t') != NULL) {
			cli_warn("%s:%ld: error: an alias line is ALIAS, a tab, "
			    "NAME", path, lineno);
			status = 2;
			continue;
		}
		if (strtab_find(&p->alias_from, a, la) >= 0) {
			cli_warn("%s:%ld: error: alias \"%s\" given twice",
			    path, lineno, a);
			status = 2;
			continue;
		}
		if ((from = strtab_add(&p->alias_from, a, la)) < 0 ||
		    (to = strtab_add(&p->alias_names, b, lb)) < 0 ||
		    (nt = realloc(p->alias_to, p->alias_from.n *
		    sizeof(*nt))) == NULL) {
			cli_warn("out of memory");
			status = 2;
			break;
		}
		p->alias_to = nt;
		nt[from] = (uint32_t)to;
	}
	if (ferror(fp)) {
		cli_warn("%s: %s", path, strerror(errno));
		status = 2;
	}
	free(line);
	fclose(fp);
	return status;
}

long
pool_player(struct pool *p, const char *name, size_t len)
{
	long a = strtab_find(&p->alias_from, name, len);

	if (a >= 0) {
		name = p->alias_names.s[p->alias_to[a]];
		len = strlen(name);
	}
	return strtab_add(&p->players, name, len);
}

int
pool_add(struct pool *p, const struct sgame *g)
{
	struct sgame *n;

	if (p->ng == p->capg) {
		p->capg = p->capg == 0 ? 1024 : 2 * p->capg;
		if ((n = realloc(p->g, p->capg * sizeof(*n))) == NULL)
			return -1;
		p->g = n;
	}
	p->g[p->ng++] = *g;
	return 0;
}

int
pool_pend(struct pool *p, const struct pending *pd)
{
	struct pending *n;

	if (p->npend == p->cappend) {
		p->cappend = p->cappend == 0 ? 16 : 2 * p->cappend;
		if ((n = realloc(p->pend, p->cappend * sizeof(*n))) == NULL)
			return -1;
		p->pend = n;
	}
	p->pend[p->npend++] = *pd;
	return 0;
}

static const struct strtab *sort_names;

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(sort_names->s[*(const uint32_t *)a],
	    sort_names->s[*(const uint32_t *)b]);
}

/* Digit k (16 bits) of game g's order: round's, then date's, low first. */
static unsigned
order_digit(const struct sgame *g, int k)
{
	uint32_t v = k < 2 ? g->round : g->date;

	return (unsigned)(v >> (k % 2 * 16)) & 0xffff;
}

/*
 * Sorts the games by date, round and input order: they are in input order,
 * and each pass of a radix sort by 16 bits of the round, then of the date,
 * keeps the order of the games it does not tell apart; a pass whose digit
 * is the same in every game is left out.  On the bench games given players
 * and rounds (bench/60-standings.sh, 174,018 games), qsort() took 104
 * million instructions, its merges moving the 28-byte records with
 * memcpy().  0, or -1 out of memory.
 */
static int
sort_games(struct pool *p)
{
	struct sgame *from = p->g, *to, *t;
	size_t *count, i, sum, c;
	int k;

	if (p->ng < 2)
		return 0;
	to = malloc(p->ng * sizeof(*to));
	count = malloc(65536 * sizeof(*count));
	if (to == NULL || count == NULL) {
		free(to);
		free(count);
		return -1;
	}
	for (k = 0; k < 4; k++) {
		memset(count, 0, 65536 * sizeof(*count));
		for (i = 0; i < p->ng; i++)
			count[order_digit(&from[i], k)]++;
		if (count[order_digit(&from[0], k)] == p->ng)
			continue;
		for (i = 0, sum = 0; i < 65536; i++) {
			c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < p->ng; i++)
			to[count[order_digit(&from[i], k)]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != p->g) {
		memcpy(p->g, from, p->ng * sizeof(*from));
		to = from;
	}
	free(to);
	free(count);
	return 0;
}

/*
 * Renumbers table t in the order `order` (old numbers, in the new order);
 * old-to-new numbers go to map.
 */
static int
renumber(struct strtab *t, const uint32_t *order, uint32_t *map)
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
	return strtab_grow(t) == 0 ? 0 : -1;
}

int
pool_finish(struct pool *p)
{
	size_t n = p->players.n > p->events.n ? p->players.n : p->events.n;
	uint32_t *order, *map, *first;
	size_t i, k;
	int rc = -1;

	order = malloc((n + 1) * sizeof(*order));
	map = malloc((n + 1) * sizeof(*map));
	first = malloc((n + 1) * sizeof(*first));
	if (order == NULL || map == NULL || first == NULL)
		goto out;
	/* The players by name. */
	for (i = 0; i < p->players.n; i++)
		order[i] = (uint32_t)i;
	sort_names = &p->players;
	if (p->players.n > 0)
		qsort(order, p->players.n, sizeof(*order), cmp_name);
	/* The table is rebuilt: renumber() regrows the slots. */
	free(p->players.slot);
	p->players.slot = NULL;
	p->players.nslot = 0;
	if (renumber(&p->players, order, map) != 0)
		goto out;
	for (i = 0; i < p->ng; i++) {
		p->g[i].white = map[p->g[i].white];
		p->g[i].black = map[p->g[i].black];
	}
	for (i = 0; i < p->npend; i++) {
		p->pend[i].white = map[p->pend[i].white];
		p->pend[i].black = map[p->pend[i].black];
	}
	if (sort_games(p) != 0)
		goto out;
	/* The events by their first game; those of none after, by name. */
	for (i = 0; i < p->events.n; i++)
		first[i] = UINT32_MAX;
	k = 0;
	for (i = 0; i < p->ng; i++)
		if (first[p->g[i].event] == UINT32_MAX) {
			first[p->g[i].event] = (uint32_t)k;
			order[k++] = p->g[i].event;
		}
	for (i = 0; i < p->events.n; i++)
		if (first[i] == UINT32_MAX)
			order[k++] = (uint32_t)i;
	free(p->events.slot);
	p->events.slot = NULL;
	p->events.nslot = 0;
	if (renumber(&p->events, order, map) != 0)
		goto out;
	for (i = 0; i < p->ng; i++)
		p->g[i].event = map[p->g[i].event];
	for (i = 0; i < p->npend; i++)
		p->pend[i].event = map[p->pend[i].event];
	rc = 0;
out:
	free(order);
	free(map);
	free(first);
	return rc;
}

void
pool_free(struct pool *p)
{
	size_t i;

	strtab_free(&p->players);
	strtab_free(&p->events);
	strtab_free(&p->alias_from);
	strtab_free(&p->alias_names);
	free(p->alias_to);
	free(p->g);
	for (i = 0; i < p->npend; i++)
		free(p->pend[i].where);
	free(p->pend);
	memset(p, 0, sizeof(*p));
}

/* Up to `n` digits of s into *v (unknown digits '?' make 0). */
static const char *
digits(const char *s, int n, uint32_t *v, int *known)
{
	int i;

	*v = 0;
	*known = 1;
	for (i = 0; i < n && ((*s >= '0' && *s <= '9') || *s == '?'); i++) {
		if (*s == '?')
			*known = 0;
		else
			*v = *v * 10 + (uint32_t)(*s - '0');
		s++;
	}
	if (i == 0)
		*known = 0;
	return s;
}

uint32_t
parse_date(const char *s)
{
	uint32_t y, m = 0, d = 0;
	int ky, km = 0, kd = 0;

	if (s == NULL)
		return 0;
	s = digits(s, 4, &y, &ky);
	if (*s == '.' || *s == '-' || *s == '/') {
		s = digits(s + 1, 2, &m, &km);
		if (*s == '.' || *s == '-' || *s == '/')
			s = digits(s + 1, 2, &d, &kd);
	}
	if (!ky)
		return 0;
	if (!km || m > 12)
		m = 0, kd = 0;
	if (!kd || d > 31)
		d = 0;
	return y * 10000 + m * 100 + d;
}

uint32_t
parse_round(const char *s)
{
	uint32_t major = 0, minor = 0;
	int any = 0;

	if (s == NULL)
		return 0;
	while (*s == ' ')
		s++;
	for (; *s >= '0' && *s <= '9' && major < 0xffff; s++, any = 1)
		major = major * 10 + (uint32_t)(*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9' && minor < 0xffff; s++)
			minor = minor * 10 + (uint32_t)(*s - '0');
	if (!any || major > 0xffff)
		return 0;
	return major << 16 | (minor > 0xffff ? 0xffff : minor);
}

double
res_score(int res, int side)
{
	switch (res) {
	case RES_WHITE:
		return side == 0 ? 1.0 : 0.0;
	case RES_BLACK:
		return side == 0 ? 0.0 : 1.0;
	case RES_DRAW:
		return 0.5;
	default:
		return 0.0;
	}
}
