/*
 * pdn-standings: a sorted store of game records on a temporary file
 * (spool.h).  An external merge sort: blocks sorted in memory become runs
 * of the file, and a cursor merges them with a heap, reading each run
 * through a buffer of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spool.h"

/* Records read from a run at a time: 16 kB. */
#define SRC_BUF		256

static size_t
block_size(void)
{
	const char *e = getenv("PDN_STANDINGS_BLOCK");
	char *end;
	long n;

	if (e == NULL || *e == '\0')
		return SPOOL_BLOCK;
	n = strtol(e, &end, 10);
	if (*end != '\0' || n < 2 || n > (1L << 24))
		return SPOOL_BLOCK;
	return (size_t)n;
}

static int
cmp_u64(uint64_t x, uint64_t y)
{
	return x < y ? -1 : x > y;
}

/* The orders: each ends with the input order, so that no two are equal. */
static int
cmp_tags(const void *a, const void *b)
{
	const struct sgame *x = a, *y = b;

	if (x->tags != y->tags)
		return cmp_u64(x->tags, y->tags);
	return cmp_u64(x->seq, y->seq);
}

static int
cmp_date(const void *a, const void *b)
{
	const struct sgame *x = a, *y = b;

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	if (x->round != y->round)
		return x->round < y->round ? -1 : 1;
	return cmp_u64(x->seq, y->seq);
}

static int
cmp_event(const void *a, const void *b)
{
	const struct sgame *x = a, *y = b;

	if (x->event != y->event)
		return x->event < y->event ? -1 : 1;
	return cmp_date(a, b);
}

static int
cmp_seq(const void *a, const void *b)
{
	return cmp_u64(((const struct sgame *)a)->seq,
	    ((const struct sgame *)b)->seq);
}

static int (*const cmps[])(const void *, const void *) = {
	cmp_tags, cmp_date, cmp_event, cmp_seq
};

int
spool_cmp(int order, const struct sgame *a, const struct sgame *b)
{
	return cmps[order](a, b);
}

void
spool_init(struct spool *sp, int order)
{
	memset(sp, 0, sizeof(*sp));
	sp->order = order;
	sp->fd = -1;
	sp->max = block_size();
}

const char *
spool_dir(void)
{
	const char *dir = getenv("TMPDIR");

	return dir == NULL || *dir == '\0' ? "/tmp" : dir;
}

int
spool_tmpfile(void)
{
	const char *dir = spool_dir();
	char path[4096];
	int n, fd;

	n = snprintf(path, sizeof(path), "%s/pdn-standings.XXXXXX", dir);
	if (n < 0 || (size_t)n >= sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = mkstemp(path)) < 0)
		return -1;
	/* Nobody else needs its name: it goes when it is closed. */
	unlink(path);
	return fd;
}

/* The runs' file, made at the first run: 0 or -1. */
static int
spool_file(struct spool *sp)
{
	if (sp->fd < 0 && (sp->fd = spool_tmpfile()) < 0)
		return -1;
	return 0;
}

static int
write_all(int fd, const void *buf, size_t len, uint64_t at)
{
	const char *p = buf;
	ssize_t n;

	while (len > 0) {
		if ((n = pwrite(fd, p, len, (off_t)at)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
		at += (uint64_t)n;
	}
	return 0;
}

static int
add_run(struct spool *sp, uint64_t at, size_t n)
{
	struct spool_run *r;

	if (sp->nruns == sp->capruns) {
		sp->capruns = sp->capruns == 0 ? 16 : 2 * sp->capruns;
		if ((r = realloc(sp->runs, sp->capruns * sizeof(*r))) == NULL)
			return -1;
		sp->runs = r;
	}
	sp->runs[sp->nruns].at = at;
	sp->runs[sp->nruns].n = n;
	sp->nruns++;
	return 0;
}

/* A record as sort_keys() sorts it: its order's fields as two numbers. */
struct skey {
	uint64_t key;		/* the first fields */
	uint64_t seq;		/* then the input order */
	uint32_t i;		/* in the block */
};

/* The first fields of order `order` (not ORD_EVENT) as one number. */
static uint64_t
key_of(int order, const struct sgame *g)
{
	switch (order) {
	case ORD_TAGS:
		return g->tags;
	case ORD_DATE:
		return (uint64_t)g->date << 32 | g->round;
	default:
		return g->seq;
	}
}

/*
 * The block put in the order of a[0..n), whose i say which record goes
 * at each place: in place, a cycle of the permutation at a time (a[].i
 * are spent on the way).
 */
static void
permute(struct sgame *blk, struct skey *a, size_t n)
{
	struct sgame t;
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		if (a[i].i == i)
			continue;
		t = blk[i];
		for (j = i; a[j].i != i; j = k) {
			k = a[j].i;
			blk[j] = blk[k];
			a[j].i = (uint32_t)j;
		}
		blk[j] = t;
		a[j].i = (uint32_t)j;
	}
}

/* Digits of a radix sort pass: 11 bits, 6 to a number. */
#define RADIX_BITS	11
#define RADIX_N		(1u << RADIX_BITS)
#define RADIX_DIGITS	6

/*
 * The block sorted through keys (ORD_TAGS, ORD_DATE, ORD_SEQ): a radix
 * sort (least significant digit first, each pass stable) of the order's
 * first fields as one number and the input order after them, beside each
 * record's index, then the records put in place (permute()); a
 * pass whose digit is the same in every record is skipped.  The order is
 * the one qsort() gave with cmps[], but on the 100 MB bench games given
 * players and rounds (bench/60-standings.sh) qsort() of the 64-byte
 * records through a comparison called each time took 168 million
 * instructions of the 9.4 billion of --adjudicate and 5.5% of its time,
 * a merge sort of these keys 115 million and 3.9% (a comparison of
 * random keys is a branch mispredicted half the time), this 66 million
 * and 2% (permute() included).  0, or -1 out of memory.
 */
static int
sort_keys(struct spool *sp)
{
	struct skey *a = sp->keys, *b = sp->keys + sp->cap, *t;
	const struct sgame *blk = sp->blk;
	size_t n = sp->n, i, d, sum, c;
	uint32_t (*count)[RADIX_N];
	uint64_t v;
	unsigned sh;

	if ((count = calloc(2 * RADIX_DIGITS, sizeof(*count))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		a[i].key = key_of(sp->order, &blk[i]);
		a[i].seq = blk[i].seq;
		a[i].i = (uint32_t)i;
		for (d = 0; d < RADIX_DIGITS; d++) {
			sh = (unsigned)(d * RADIX_BITS);
			count[d][(a[i].seq >> sh) & (RADIX_N - 1)]++;
			count[RADIX_DIGITS + d][(a[i].key >> sh) &
			    (RADIX_N - 1)]++;
		}
	}
	/* The input order's digits first, then the key's. */
	for (d = 0; d < 2 * RADIX_DIGITS; d++) {
		sh = (unsigned)(d % RADIX_DIGITS * RADIX_BITS);
		v = d < RADIX_DIGITS ? a[0].seq : a[0].key;
		if (count[d][(v >> sh) & (RADIX_N - 1)] == n)
			continue;
		for (c = 0, sum = 0; c < RADIX_N; c++) {
			size_t k = count[d][c];

			count[d][c] = (uint32_t)sum;
			sum += k;
		}
		for (i = 0; i < n; i++) {
			v = d < RADIX_DIGITS ? a[i].seq : a[i].key;
			b[count[d][(v >> sh) & (RADIX_N - 1)]++] = a[i];
		}
		t = a;
		a = b;
		b = t;
	}
	free(count);
	permute(sp->blk, a, n);
	return 0;
}

/*
 * A block of ORD_EVENT whose records came in ORD_DATE order sorted by
 * counting sort on the event, which keeps the order within an event: on
 * the 100 MB bench games given players and rounds
 * (bench/60-standings.sh), qsort() took 73 million instructions of the
 * 9.5 billion of --adjudicate to sort them by event, counting and
 * permute() 10.  0, or -1 out of memory.
 */
static int
sort_events(struct spool *sp)
{
	size_t *first, i, max = 0;

	for (i = 0; i < sp->n; i++)
		if (sp->blk[i].event > max)
			max = sp->blk[i].event;
	if ((first = calloc(max + 2, sizeof(*first))) == NULL)
		return -1;
	for (i = 0; i < sp->n; i++)
		first[sp->blk[i].event + 1]++;
	for (i = 0; i < max; i++)
		first[i + 1] += first[i];
	for (i = 0; i < sp->n; i++)
		sp->keys[first[sp->blk[i].event]++].i = (uint32_t)i;
	free(first);
	permute(sp->blk, sp->keys, sp->n);
	return 0;
}

/* The block sorted in the store's order: 0, or -1 out of memory. */
static int
sort_block(struct spool *sp)
{
	if (sp->n < 2)
		return 0;
	if (sp->order == ORD_EVENT && !sp->dated) {
		qsort(sp->blk, sp->n, sizeof(*sp->blk), cmps[sp->order]);
		return 0;
	}
	if (sp->keys == NULL &&
	    (sp->keys = malloc(2 * sp->cap * sizeof(*sp->keys))) == NULL)
		return -1;
	if (sp->order == ORD_EVENT)
		return sort_events(sp);
	return sort_keys(sp);
}

/* The block, sorted, written as a run. */
static int
spill(struct spool *sp)
{
	if (sort_block(sp) != 0 || spool_file(sp) != 0 ||
	    write_all(sp->fd, sp->blk, sp->n * sizeof(*sp->blk),
	    sp->end) != 0 || add_run(sp, sp->end, sp->n) != 0)
		return -1;
	sp->end += sp->n * sizeof(*sp->blk);
	sp->n = 0;
	return 0;
}

int
spool_add(struct spool *sp, const struct sgame *g)
{
	struct sgame *b;
	size_t cap;

	if (sp->n == sp->cap) {
		/* Grown up to a block: a small input takes little memory. */
		if (sp->cap < sp->max) {
			cap = sp->cap == 0 ? 64 : 2 * sp->cap;
			if (cap > sp->max)
				cap = sp->max;
			if ((b = realloc(sp->blk, cap * sizeof(*b))) == NULL)
				return -1;
			sp->blk = b;
			sp->cap = cap;
		} else if (spill(sp) != 0)
			return -1;
	}
	sp->blk[sp->n++] = *g;
	sp->total++;
	return 0;
}

/* Opens a cursor on runs [first, first + n) of sp. */
static int
open_runs(struct spool_cur *c, const struct spool *sp, size_t first,
    size_t n);

/*
 * Merges runs [first, first + n) into one run at the end of the file,
 * which takes their place in sp->runs.  0 or -1.
 */
static int
merge_runs(struct spool *sp, size_t first, size_t n)
{
	struct spool_cur c;
	const struct sgame *g;
	struct sgame *out;
	size_t k = 0, total = 0, i;
	uint64_t at = sp->end;
	int rc = -1;

	if ((out = malloc(SRC_BUF * sizeof(*out))) == NULL)
		return -1;
	if (open_runs(&c, sp, first, n) != 0) {
		free(out);
		return -1;
	}
	while ((g = spool_next(&c)) != NULL) {
		out[k++] = *g;
		if (k == SRC_BUF) {
			if (write_all(sp->fd, out, k * sizeof(*out), sp->end) != 0)
				goto out;
			sp->end += k * sizeof(*out);
			total += k;
			k = 0;
		}
	}
	if (c.err || write_all(sp->fd, out, k * sizeof(*out), sp->end) != 0)
		goto out;
	sp->end += k * sizeof(*out);
	total += k;
	sp->runs[first].at = at;
	sp->runs[first].n = total;
	for (i = first + 1; i + n - 1 < sp->nruns; i++)
		sp->runs[i] = sp->runs[i + n - 1];
	sp->nruns -= n - 1;
	rc = 0;
out:
	spool_close(&c);
	free(out);
	return rc;
}

int
spool_done(struct spool *sp)
{
	size_t first = 0;

	if (sp->done)
		return 0;
	sp->done = 1;
	if (sp->nruns == 0) {
		/* All in memory. */
		if (sort_block(sp) != 0)
			return -1;
		free(sp->keys);
		sp->keys = NULL;
		return 0;
	}
	if (sp->n > 0 && spill(sp) != 0)
		return -1;
	free(sp->blk);
	free(sp->keys);
	sp->blk = NULL;
	sp->keys = NULL;
	sp->cap = 0;
	/* Fewer runs than SPOOL_FANIN, a merge of the earliest at a time. */
	while (sp->nruns > SPOOL_FANIN) {
		if (first + SPOOL_FANIN > sp->nruns)
			first = 0;
		if (merge_runs(sp, first, SPOOL_FANIN) != 0)
			return -1;
		first++;
	}
	return 0;
}

void
spool_free(struct spool *sp)
{
	free(sp->blk);
	free(sp->keys);
	free(sp->runs);
	if (sp->fd >= 0)
		close(sp->fd);
	spool_init(sp, sp->order);
}

/* --- cursors --------------------------------------------------------- */

/* Refills source s: 0 (it may have ended) or -1. */
static int
refill(const struct spool *sp, struct spool_src *s)
{
	size_t want = s->left < SRC_BUF ? s->left : SRC_BUF, got = 0;
	size_t bytes = want * sizeof(*s->buf);
	ssize_t r;

	while (got < bytes) {
		r = pread(sp->fd, (char *)s->buf + got, bytes - got,
		    (off_t)(s->at + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0)
				errno = EIO;
			return -1;
		}
		got += (size_t)r;
	}
	s->at += bytes;
	s->left -= want;
	s->n = want;
	s->i = 0;
	return 0;
}

/*
 * Whether source a's next record comes before source b's: the comparison
 * of the order called directly, not through cmps[] (sift_down() took 9.6
 * million instructions so, 7.8 this way, on 20 MB of the bench games
 * given players and rounds, bench/60-standings.sh).
 */
static int
src_less(const struct spool_cur *c, size_t a, size_t b)
{
	const struct spool_src *x = &c->src[a], *y = &c->src[b];
	const struct sgame *g = &x->buf[x->i], *h = &y->buf[y->i];

	switch (c->sp->order) {
	case ORD_TAGS:
		return cmp_tags(g, h) < 0;
	case ORD_DATE:
		return cmp_date(g, h) < 0;
	case ORD_EVENT:
		return cmp_event(g, h) < 0;
	default:
		return cmp_seq(g, h) < 0;
	}
}

static void
sift_down(struct spool_cur *c, size_t i)
{
	size_t l, m, t;

	for (;;) {
		l = 2 * i + 1;
		if (l >= c->nheap)
			return;
		m = l + 1 < c->nheap && src_less(c, c->heap[l + 1],
		    c->heap[l]) ? l + 1 : l;
		if (!src_less(c, c->heap[m], c->heap[i]))
			return;
		t = c->heap[m];
		c->heap[m] = c->heap[i];
		c->heap[i] = t;
		i = m;
	}
}

static int
open_runs(struct spool_cur *c, const struct spool *sp, size_t first,
    size_t n)
{
	struct spool_src *s;
	size_t i;

	memset(c, 0, sizeof(*c));
	c->sp = sp;
	if (sp->nruns == 0)
		return 0;
	if ((c->src = calloc(n, sizeof(*c->src))) == NULL ||
	    (c->heap = malloc(n * sizeof(*c->heap))) == NULL)
		goto fail;
	for (i = 0; i < n; i++) {
		s = &c->src[i];
		if ((s->buf = malloc(SRC_BUF * sizeof(*s->buf))) == NULL)
			goto fail;
		s->at = sp->runs[first + i].at;
		s->left = sp->runs[first + i].n;
		if (refill(sp, s) != 0)
			goto fail;
		if (s->n > 0)
			c->heap[c->nheap++] = i;
	}
	c->nsrc = n;
	for (i = c->nheap; i-- > 0;)
		sift_down(c, i);
	return 0;
fail:
	c->nsrc = n;
	spool_close(c);
	return -1;
}

int
spool_open(struct spool_cur *c, const struct spool *sp)
{
	return open_runs(c, sp, 0, sp->nruns);
}

const struct sgame *
spool_next(struct spool_cur *c)
{
	const struct spool *sp = c->sp;
	struct spool_src *s;

	if (sp->nruns == 0)
		return c->i < sp->n ? &sp->blk[c->i++] : NULL;
	if (c->nheap == 0 || c->err)
		return NULL;
	/* A copy: its buffer may be refilled now. */
	s = &c->src[c->heap[0]];
	c->cur = s->buf[s->i++];
	if (s->i == s->n) {
		if (s->left == 0)
			c->heap[0] = c->heap[--c->nheap];
		else if (refill(sp, s) != 0) {
			c->err = 1;
			return NULL;
		}
	}
	if (c->nheap > 0)
		sift_down(c, 0);
	return &c->cur;
}

void
spool_close(struct spool_cur *c)
{
	size_t i;

	if (c->src != NULL)
		for (i = 0; i < c->nsrc; i++)
			free(c->src[i].buf);
	free(c->src);
	free(c->heap);
	memset(c, 0, sizeof(*c));
}
