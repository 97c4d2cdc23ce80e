/*
 * pdn-standings: players, events and the games counted (pool.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pool.h"
#include <pdn/pdn.h>

int
pool_aliases(struct pool *p, const char *path)
{
	return player_aliases_read(&p->aliases, path);
}

long
pool_player(struct pool *p, const char *name, size_t len)
{
	return player_add(&p->roster, name, len);
}

int
pool_init(struct pool *p)
{
	memset(p, 0, sizeof(*p));
	if ((p->read = malloc(sizeof(*p->read))) == NULL ||
	    (p->bydate = malloc(sizeof(*p->bydate))) == NULL ||
	    (p->byevent = malloc(sizeof(*p->byevent))) == NULL)
		return -1;
	spool_init(p->read, ORD_TAGS);
	spool_init(p->bydate, ORD_DATE);
	spool_init(p->byevent, ORD_EVENT);
	player_roster_init(&p->roster, &p->aliases);
	return 0;
}

int
pool_add(struct pool *p, const struct sgame *g)
{
	return spool_add(p->read, g);
}

int
pool_read_open(struct spool_cur *c, struct pool *p)
{
	if (spool_done(p->read) != 0)
		return -1;
	return spool_open(c, p->read);
}

/* A game listed, not counted. */
static int
pool_pend(struct pool *p, const struct sgame *g)
{
	struct pending *n, *pd;

	if (p->npend == p->cappend) {
		p->cappend = p->cappend == 0 ? 16 : 2 * p->cappend;
		if ((n = realloc(p->pend, p->cappend * sizeof(*n))) == NULL)
			return -1;
		p->pend = n;
	}
	pd = &p->pend[p->npend++];
	pd->seq = g->seq;
	pd->src = g->src;
	pd->line = g->line;
	pd->white = g->white;
	pd->black = g->black;
	pd->event = g->event;
	pd->date = g->date;
	pd->round = g->round;
	pd->unfinished = g->res == PDN_OUTCOME_UNKNOWN;
	return 0;
}

/*
 * Game g, counted, kept as its event's first if it comes before the one
 * kept (ORD_DATE), so that pool_finish() numbers the events without a
 * pass over the games counted.  0, or -1 out of memory.
 */
static int
pool_first(struct pool *p, const struct sgame *g)
{
	struct sgame *nf;
	unsigned char *nh;
	size_t n;

	if (g->event >= p->nefirst) {
		n = p->events.n > g->event ? p->events.n : (size_t)g->event + 1;
		if ((nf = realloc(p->efirst, n * sizeof(*nf))) == NULL)
			return -1;
		p->efirst = nf;
		if ((nh = realloc(p->ehas, n)) == NULL)
			return -1;
		p->ehas = nh;
		memset(nh + p->nefirst, 0, n - p->nefirst);
		p->nefirst = n;
	}
	if (!p->ehas[g->event] ||
	    spool_cmp(ORD_DATE, g, &p->efirst[g->event]) < 0) {
		p->efirst[g->event] = *g;
		p->ehas[g->event] = 1;
	}
	return 0;
}

int
pool_keep(struct pool *p, const struct sgame *g)
{
	if (g->res == PDN_OUTCOME_UNKNOWN || g->res == PDN_OUTCOME_NONE)
		return pool_pend(p, g);
	p->ng++;
	if (pool_first(p, g) != 0)
		return -1;
	return spool_add(p->bydate, g);
}

static const struct strtab *sort_names;

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(sort_names->s[*(const uint32_t *)a],
	    sort_names->s[*(const uint32_t *)b]);
}

static const struct sgame *sort_first;

static int
cmp_first(const void *a, const void *b)
{
	return spool_cmp(ORD_DATE, &sort_first[*(const uint32_t *)a],
	    &sort_first[*(const uint32_t *)b]);
}

static int
cmp_pend(const void *a, const void *b)
{
	const struct pending *x = a, *y = b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int
pool_finish(struct pool *p)
{
	size_t n = p->players.n > p->events.n ? p->players.n : p->events.n;
	uint32_t *order;
	const char *name;
	size_t i, k;
	int rc = -1;

	/* The players by the names they are shown by, numbered as met. */
	for (i = 0; i < player_count(&p->roster); i++)
		if ((name = player_name(&p->roster, i)) == NULL ||
		    strtab_add(&p->players, name, strlen(name), NULL) != (long)i)
			return -1;
	n = p->players.n > p->events.n ? p->players.n : p->events.n;
	order = malloc((n + 1) * sizeof(*order));
	p->pmap = malloc((p->players.n + 1) * sizeof(*p->pmap));
	p->emap = malloc((p->events.n + 1) * sizeof(*p->emap));
	if (order == NULL || p->pmap == NULL || p->emap == NULL)
		goto out;
	if (spool_done(p->bydate) != 0)
		goto out;
	/* The games listed, in input order. */
	if (p->npend > 1)
		qsort(p->pend, p->npend, sizeof(*p->pend), cmp_pend);
	/* The players by name. */
	for (i = 0; i < p->players.n; i++)
		order[i] = (uint32_t)i;
	sort_names = &p->players;
	if (p->players.n > 0)
		qsort(order, p->players.n, sizeof(*order), cmp_name);
	/* The table is rebuilt: strtab_reorder() regrows the slots. */
	free(p->players.slot);
	p->players.slot = NULL;
	p->players.nslot = 0;
	if (strtab_reorder(&p->players, order, p->pmap) != 0)
		goto out;
	for (i = 0; i < p->npend; i++) {
		p->pend[i].white = p->pmap[p->pend[i].white];
		p->pend[i].black = p->pmap[p->pend[i].black];
	}
	/*
	 * The events by their first game counted (pool_keep() kept it); those
	 * of none after, in the order they were read.
	 */
	k = 0;
	for (i = 0; i < p->events.n; i++)
		if (i < p->nefirst && p->ehas[i])
			order[k++] = (uint32_t)i;
	sort_first = p->efirst;
	if (k > 1)
		qsort(order, k, sizeof(*order), cmp_first);
	for (i = 0; i < p->events.n; i++)
		if (i >= p->nefirst || !p->ehas[i])
			order[k++] = (uint32_t)i;
	free(p->events.slot);
	p->events.slot = NULL;
	p->events.nslot = 0;
	if (strtab_reorder(&p->events, order, p->emap) != 0)
		goto out;
	for (i = 0; i < p->npend; i++)
		p->pend[i].event = p->emap[p->pend[i].event];
	rc = 0;
out:
	free(order);
	return rc;
}

/* The games by event, made once: the records renumbered. */
static int
by_event(struct pool *p)
{
	struct pool_cur c;
	const struct sgame *g;
	int rc = 0;

	if (p->byevent->done)
		return 0;
	if (pool_open(&c, p, ORD_DATE) != 0)
		return -1;
	/* In date order: each block is put in order by counting. */
	p->byevent->dated = 1;
	while (rc == 0 && (g = pool_next(&c)) != NULL)
		rc = spool_add(p->byevent, g);
	if (pool_close(&c) != 0)
		rc = -1;
	/* Renumbered already. */
	p->byevent->renumbered = 1;
	return rc == 0 ? spool_done(p->byevent) : -1;
}

int
pool_open(struct pool_cur *c, struct pool *p, int order)
{
	struct spool *sp = order == ORD_EVENT ? p->byevent : p->bydate;

	memset(c, 0, sizeof(*c));
	c->p = p;
	if (order == ORD_EVENT && by_event(p) != 0)
		return -1;
	c->renumber = !sp->renumbered;
	return spool_open(&c->c, sp);
}

const struct sgame *
pool_next(struct pool_cur *c)
{
	const struct sgame *g = spool_next(&c->c);

	if (g == NULL || !c->renumber)
		return g;
	c->cur = *g;
	c->cur.white = c->p->pmap[g->white];
	c->cur.black = c->p->pmap[g->black];
	c->cur.event = c->p->emap[g->event];
	return &c->cur;
}

int
pool_close(struct pool_cur *c)
{
	int err = c->c.err;

	spool_close(&c->c);
	return err ? -1 : 0;
}

void
pool_free(struct pool *p)
{
	strtab_free(&p->players);
	strtab_free(&p->events);
	player_roster_free(&p->roster);
	player_aliases_free(&p->aliases);
	strtab_free(&p->files);
	if (p->read != NULL)
		spool_free(p->read);
	if (p->bydate != NULL)
		spool_free(p->bydate);
	if (p->byevent != NULL)
		spool_free(p->byevent);
	free(p->read);
	free(p->bydate);
	free(p->byevent);
	free(p->pend);
	free(p->efirst);
	free(p->ehas);
	free(p->pmap);
	free(p->emap);
	memset(p, 0, sizeof(*p));
}

uint32_t
pool_round(const char *s)
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
