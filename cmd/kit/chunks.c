/*
 * Reading one input on several threads (see chunks.h).
 *
 * The main thread reads the input into a buffer, cuts a chunk off its
 * front at the first safe boundary past CHUNK_MIN bytes, and queues it;
 * workers take chunks in order and run the tool over them.  At most
 * 2 * jobs chunks are in flight: then the main thread waits for the oldest
 * one and prints it, which keeps memory bounded and the output in order.
 *
 * What stops this from scaling is the main thread's own part, which
 * PDN_THREAD_STATS prints: reading, the cut's scan, the copy of each
 * chunk, its line count, the move of the rest of the buffer, and the
 * printing.  On intl-real-x20.pdn (14 MB) with -j 2 it took 0.05-0.09 s
 * of 0.24-0.33 s (on a machine loaded 9 deep), so that with 16 workers it
 * alone would bound the speed-up near 4.  For 16 the design would hand
 * each worker a byte range of the input read once (a mapping, not a
 * copy), let the worker find its own first cut past the range's start
 * and count its own lines (it reads the bytes anyway), and give the base
 * line of each chunk as the sum of those before it when it is printed,
 * so that the main thread only prints batches in order.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "chunks.h"
#include "driver.h"
#include "drv_games.h"
#include "tooldiag.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * A chunk is cut at the first boundary after CHUNK_MIN bytes: large enough
 * that handing it to a thread costs little next to its work.  With no
 * boundary in CHUNK_MAX bytes the rest is read as one stream, so that
 * memory stays bounded whatever the input.
 */
#define CHUNK_MIN	(256u << 10)
#define CHUNK_MAX	(8u << 20)
#define READ_SIZE	65536

/* --- kept diagnostics --------------------------------------------------- */

int
chunk_grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t nc;
	void *np;

	if (need <= *cap)
		return 0;
	nc = *cap ? *cap * 2 : 64;
	while (nc < need)
		nc *= 2;
	if ((np = realloc(*p, nc * size)) == NULL)
		return -1;
	*p = np;
	*cap = nc;
	return 0;
}

static size_t
arena_str(struct kept_diags *k, const char *s)
{
	size_t at = k->arena.len;

	pdn_buf_add(&k->arena, s, strlen(s) + 1);
	if (k->arena.oom)
		k->oom = 1;
	return at;
}

void *
chunk_worker_new(void *rules)
{
	const struct chunk_rules *cr = rules;
	struct chunk_worker *w;

	if ((w = calloc(1, sizeof(*w))) == NULL ||
	    pdn_replay_new(&w->rp) != 0 || (cr != NULL &&
	    (pdn_adjudicator_new(&w->a, cr->profile) != 0 ||
	    pdn_adjudication_new(&w->adj) != 0))) {
		chunk_worker_free(w);
		return NULL;
	}
	return w;
}

void
chunk_worker_free(void *arg)
{
	struct chunk_worker *w = arg;

	if (w == NULL)
		return;
	pdn_replay_free(w->rp);
	pdn_adjudicator_free(w->a);
	pdn_adjudication_free(w->adj);
	free(w);
}

int
chunks_contexts(void **ctx, int jobs, void *(*make)(void *), void *arg)
{
	int n;

	for (n = 0; n < jobs; n++)
		if ((ctx[n] = make(arg)) == NULL) {
			cli_warn("out of memory");
			break;
		}
	return n;
}

void
chunk_kept_add(struct kept_diags *k, const pdn_diag *d, pdn_severity sev)
{
	struct kept_diag *r;

	if (chunk_grow((void **)&k->d, &k->cap, k->n + 1, sizeof(*k->d)) !=
	    0) {
		k->oom = 1;
		return;
	}
	r = &k->d[k->n++];
	r->sev = sev;
	r->code = d->code;
	r->msg = arena_str(k, d->message);
	r->move = d->move != NULL ? arena_str(k, d->move) : (size_t)-1;
	r->line = d->line;
	r->col = d->col;
	r->game = d->game;
	r->ply = d->ply;
	r->number = d->number;
	r->side = d->side;
	r->second = d->second;
}

const char *
chunk_kept_str(const struct kept_diags *k, size_t at)
{
	return at != (size_t)-1 ? k->arena.data + at : NULL;
}

void
chunk_kept_print(const struct kept_diags *k, size_t from, size_t n,
    const struct chunk_base *at)
{
	const struct kept_diag *rd;
	pdn_diag d;
	size_t i;

	for (i = from; i < from + n; i++) {
		rd = &k->d[i];
		memset(&d, 0, sizeof(d));
		d.code = rd->code;
		d.severity = rd->sev;
		d.name = tooldiag_name((int)rd->code);
		d.message = chunk_kept_str(k, rd->msg);
		d.file = at->file;
		d.line = rd->line + at->line;
		d.col = rd->col;
		/* Game 0 is no game, whatever the chunk. */
		d.game = rd->game > 0 ? rd->game + at->game : 0;
		d.ply = rd->ply;
		d.move = chunk_kept_str(k, rd->move);
		d.number = rd->number;
		d.side = rd->side;
		d.second = rd->second;
		cli_diag(&d, NULL);
	}
}

void
chunk_kept_clear(struct kept_diags *k)
{
	k->n = 0;
	k->arena.len = 0;
}

void
chunk_kept_free(struct kept_diags *k)
{
	free(k->d);
	pdn_buf_free(&k->arena);
	memset(k, 0, sizeof(*k));
}

/* --- one stream, on the main thread -------------------------------------- */

/*
 * A pdn_read_fn that first hands out bytes already read (the chunked
 * reader's remainder), then reads the descriptor.
 */
struct src {
	struct cli_input *in;
	const char *pre;
	size_t npre;
};

static long
src_read(void *arg, char *buf, size_t len)
{
	struct src *s = arg;

	if (s->npre > 0) {
		if (len > s->npre)
			len = s->npre;
		memcpy(buf, s->pre, len);
		s->pre += len;
		s->npre -= len;
		return (long)len;
	}
	return cli_read_fd(s->in, buf, len);
}

/* The reader's diagnostics, to the tool's callback: those of its games. */
struct chosen {
	const struct chunk_tool *t;
	void *batch;
	long base;		/* the stream's first game, less one */
};

static void
chosen_diag(const pdn_diag *d, void *arg)
{
	const struct chosen *c = arg;

	if (d->game == 0 || drv_game_wanted(c->t->drv, d->game + c->base))
		c->t->diag(d, c->batch);
}

/*
 * Runs the tool over buffered bytes pre[0..npre) and then the rest of the
 * input, as one stream printed game by game, at base *at.  Returns 0 or 2.
 */
static int
run_stream(const struct chunk_tool *t, void *arg, void *ctx,
    struct cli_input *in, const char *pre, size_t npre,
    const struct chunk_base *at)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct chosen c;
	struct src s;
	pdn_reader *r;
	void *b;
	long games;
	int st;

	s.in = in;
	s.pre = pre;
	s.npre = npre;
	if ((b = calloc(1, t->batch_size)) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	ro.file = in->name;
	ro.diag = t->diag;
	ro.diag_arg = b;
	if (t->drv != NULL) {
		c.t = t;
		c.batch = b;
		c.base = at->game;
		ro.diag = chosen_diag;
		ro.diag_arg = &c;
	}
	ro.keep_raw = t->keep_raw;
	ro.skip_moves = t->skip_moves;
	ro.gametype = t->gametype;
	/* --result-order, the driver's: read by every chunk alike. */
	ro.result_order = t->drv != NULL ? t->drv->result_order : 0;
	ro.finish = pdn_game_finish;
	ro.finish_arg = in->hint;
	if (pdn_reader_new(&r, src_read, &s, &ro) != 0) {
		cli_warn("out of memory");
		free(b);
		return 2;
	}
	st = t->work(arg, r, in, ctx, b, at, &games);
	t->print(arg, b, at);
	t->batch_free(b);
	free(b);
	pdn_reader_free(r);
	return st;
}

/* --- several threads: chunks ------------------------------------------- */

struct job {
	char *data;
	size_t len, cap;
	struct chunk_base at;
	void *batch;
	long games;
	int status;
	int done;
	struct job *next;	/* in the work queue */
	struct job *order;	/* in input order, waiting to be printed */
};

struct queue {
	const struct chunk_tool *t;
	void *arg;
	const char *file;
	pdn_file_hint *hint;	/* the input's, for every chunk */
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct job *head, *tail;
	int stop;
	/*
	 * Jobs printed, for the chunks to come (the main thread's): their
	 * chunk buffers and batches keep their memory.  Freeing them and
	 * making new ones cost pdn-select -j 2 -t a page fault for every 5 kB
	 * of input: 40,035 faults and 1.49 s on 216 MB of the bench games,
	 * 908 faults and 0.58 s so (pdn-validate -q -j 2: 13,607 faults,
	 * 495 so).
	 */
	struct job *spare;
	double waited;		/* the main thread's wait for jobs done */
};

struct worker {
	struct queue *q;
	void *ctx;
	pthread_t tid;
	double busy, waited;	/* seconds on chunks, and waiting for one */
};

/* Seconds on the monotonic clock, for PDN_THREAD_STATS. */
static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *
worker_main(void *warg)
{
	struct worker *w = warg;
	struct queue *q = w->q;
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct cli_input mem;
	pdn_reader *r;
	struct job *j;
	double t0 = seconds(), t1;

	/*
	 * Waiting runs from the end of one chunk to the start of the next:
	 * the lock taken to hand a chunk back counts, since on a loaded
	 * machine a main thread preempted while it holds the lock holds up
	 * the workers.
	 */
	for (;;) {
		pthread_mutex_lock(&q->mu);
		while (q->head == NULL && !q->stop)
			pthread_cond_wait(&q->work, &q->mu);
		if ((j = q->head) == NULL) {
			pthread_mutex_unlock(&q->mu);
			w->waited += seconds() - t0;
			break;
		}
		q->head = j->next;
		if (q->head == NULL)
			q->tail = NULL;
		pthread_mutex_unlock(&q->mu);
		t1 = seconds();
		w->waited += t1 - t0;

		ro.file = q->file;
		ro.diag = q->t->diag;
		ro.diag_arg = j->batch;
		ro.keep_raw = q->t->keep_raw;
		ro.skip_moves = q->t->skip_moves;
		ro.gametype = q->t->gametype;
		ro.result_order = q->t->drv != NULL ?
		    q->t->drv->result_order : 0;
		ro.finish = pdn_game_finish;
		ro.finish_arg = q->hint;
		/* A chunk in memory has no read to fail. */
		memset(&mem, 0, sizeof(mem));
		mem.fd = -1;
		mem.name = q->file;
		if (pdn_reader_new_mem(&r, j->data, j->len, &ro) != 0)
			j->status = 2;
		else {
			j->status = q->t->work(q->arg, r, &mem, w->ctx,
			    j->batch, NULL, &j->games);
			pdn_reader_free(r);
		}
		t0 = seconds();
		w->busy += t0 - t1;
		pthread_mutex_lock(&q->mu);
		j->done = 1;
		pthread_cond_broadcast(&q->done);
		pthread_mutex_unlock(&q->mu);
	}
	return NULL;
}

/*
 * Eight bytes at a time (count_lines() runs on the main thread, which
 * every worker waits for): ONES has 1 in each byte, ZEROS(x) has 0x80 in
 * exactly the bytes of x that are 0, and ANY(x, c) is nonzero when a byte
 * of x is c.
 */
#define ONES		0x0101010101010101ULL
#define LOW7		0x7f7f7f7f7f7f7f7fULL
#define ZEROS(x)	(~((((x) & LOW7) + LOW7) | (x) | LOW7))
#define ANY(x, c)	ZEROS((x) ^ (ONES * (unsigned char)(c)))

static uint64_t
load8(const char *p)
{
	uint64_t x;

	memcpy(&x, p, sizeof(x));
	return x;
}

/*
 * The line ends in s[0..len): on x86-64 (SSE2) counted in bytes of a
 * vector, summed every 255 steps; elsewhere 8 bytes at a time, the flags
 * (0x80 a byte) summed by a product.  __builtin_popcountll(), a call into
 * libgcc without -mpopcnt, took 28 million instructions of pdn-select -j 2
 * -t on 20 copies of the bench games.
 */
static long
count_lines(const char *s, size_t len)
{
	size_t i = 0, end;
	long n = 0;

#if defined(__SSE2__)
	while (len - i >= 16) {
		__m128i acc = _mm_setzero_si128();

		end = len - i >= 16 * 255 ? i + 16 * 255 : len;
		for (; end - i >= 16; i += 16)
			acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128(
			    (const __m128i *)(const void *)(s + i)),
			    _mm_set1_epi8('\n')));
		acc = _mm_sad_epu8(acc, _mm_setzero_si128());
		n += _mm_cvtsi128_si32(acc) + _mm_extract_epi16(acc, 4);
	}
#endif
	for (; len - i >= 8; i += 8)
		n += (long)(((ANY(load8(s + i), '\n') >> 7) * ONES) >> 56);
	for (; i < len; i++)
		n += s[i] == '\n';
	return n;
}

/* Waits for the oldest job, prints it and frees it; returns its status. */
static int
retire(struct queue *q, struct job **oldest, long *games)
{
	struct job *j = *oldest;
	double t0 = seconds();
	int st;

	pthread_mutex_lock(&q->mu);
	while (!j->done)
		pthread_cond_wait(&q->done, &q->mu);
	pthread_mutex_unlock(&q->mu);
	q->waited += seconds() - t0;
	j->at.game = *games;
	*games += j->games;
	q->t->print(q->arg, j->batch, &j->at);
	st = j->status;
	*oldest = j->order;
	j->next = q->spare;
	q->spare = j;
	return st;
}

static void
job_free(const struct chunk_tool *t, struct job *j)
{
	if (j->batch != NULL)
		t->batch_free(j->batch);
	free(j->batch);
	free(j->data);
	free(j);
}

/*
 * A job for buf[0..len) at base *at, a spare one of q's when there is
 * one, or NULL when out of memory.
 */
static struct job *
job_new(struct queue *q, const char *buf, size_t len,
    const struct chunk_base *at)
{
	const struct chunk_tool *t = q->t;
	struct job *j;
	char *np;

	if ((j = q->spare) != NULL) {
		q->spare = j->next;
		if (t->batch_reset != NULL)
			t->batch_reset(j->batch);
		else {
			t->batch_free(j->batch);
			memset(j->batch, 0, t->batch_size);
		}
		j->games = 0;
		j->status = 0;
		j->done = 0;
		j->next = j->order = NULL;
	} else if ((j = calloc(1, sizeof(*j))) == NULL ||
	    (j->batch = calloc(1, t->batch_size)) == NULL) {
		free(j);
		return NULL;
	}
	if (len + 1 > j->cap) {
		if ((np = realloc(j->data, len + 1)) == NULL) {
			job_free(t, j);
			return NULL;
		}
		j->data = np;
		j->cap = len + 1;
	}
	memcpy(j->data, buf, len);
	j->len = len;
	j->at = *at;
	return j;
}

/*
 * Reads `in` in blocks and hands its chunks to the workers of q, printing
 * them in order.  Returns the worst status, and in *rest the bytes read
 * but not handed out, with *nrest and *at set to them, when no cut was
 * found in CHUNK_MAX bytes and the rest must be read as one stream (*rest
 * is NULL otherwise).
 */
static int
feed(struct queue *q, int jobs, struct cli_input *in, char **rest,
    size_t *nrest, struct chunk_base *at)
{
	struct job *inflight = NULL, *last = NULL, *j;
	char *buf = NULL, *np;
	pdn_cut pc = PDN_CUT_INIT, fresh = PDN_CUT_INIT;
	size_t len = 0, cap = 0, cut;
	long games = 0;
	int eof = 0, n = 0, st = 0, wst = 0, rerr = 0, s;
	ssize_t got;

	memset(at, 0, sizeof(*at));
	at->file = in->name;
	for (;;) {
		cut = pdn_cut_next(&pc, buf, len, CHUNK_MIN);
		if (cut == 0 && eof)
			cut = len;
		if (cut == 0 && len >= CHUNK_MAX)
			break;	/* no boundary: the rest goes to one stream */
		/* After the end of input, or a failed read, read no more. */
		if (cut == 0 && !eof) {
			if (len + READ_SIZE > cap) {
				cap = cap ? cap * 2 : 1u << 20;
				if ((np = realloc(buf, cap)) == NULL) {
					cli_warn("out of memory");
					st = 2;
					break;
				}
				buf = np;
			}
			/* The head first, which the hint has read. */
			got = cli_read_fd(in, buf + len, READ_SIZE);
			if (got < 0) {
				/* Said after the chunks before it, as -j 1. */
				rerr = in->error != 0 ? in->error : EIO;
				eof = 1;
			} else if (got == 0)
				eof = 1;
			else
				len += (size_t)got;
			continue;
		}
		if (cut == 0 || len == 0)
			break;
		/* Hand buf[0..cut) to a job. */
		if ((j = job_new(q, buf, cut, at)) == NULL) {
			cli_warn("out of memory");
			st = 2;
			break;
		}
		at->line += count_lines(buf, cut);
		at->offset += cut;
		memmove(buf, buf + cut, len - cut);
		len -= cut;
		pc = fresh;
		pthread_mutex_lock(&q->mu);
		if (q->tail != NULL)
			q->tail->next = j;
		else
			q->head = j;
		q->tail = j;
		pthread_cond_signal(&q->work);
		pthread_mutex_unlock(&q->mu);
		if (last != NULL)
			last->order = j;
		else
			inflight = j;
		last = j;
		if (++n >= 2 * jobs) {
			if ((s = retire(q, &inflight, &games)) > wst)
				wst = s;
			n--;
			if (inflight == NULL)
				last = NULL;
		}
		if (eof && len == 0)
			break;
	}
	while (inflight != NULL)
		if ((s = retire(q, &inflight, &games)) > wst)
			wst = s;
	while ((j = q->spare) != NULL) {
		q->spare = j->next;
		job_free(q->t, j);
	}
	if (rerr != 0) {
		cli_warn("%s: %s", in->name, strerror(rerr));
		st = 2;
	}
	at->game = games;
	*rest = NULL;
	*nrest = 0;
	if (st == 0 && !eof) {
		*rest = buf;
		*nrest = len;
	} else
		free(buf);
	return st > wst ? st : wst;
}

/*
 * With PDN_THREAD_STATS set, says on standard error where the time of a
 * run on `all` seconds went: the main thread's own part (reading,
 * cutting, copying the chunks and printing them in order), which no
 * number of workers shortens, and its wait for them; each worker's time
 * on chunks and waiting for one.  Workers that wait while the main
 * thread works show a serial part that would stop a larger -j scaling.
 */
static void
thread_stats(const struct queue *q, const struct worker *w, int n,
    double all)
{
	char line[1024];
	size_t at;
	int i;

	if (getenv("PDN_THREAD_STATS") == NULL ||
	    *getenv("PDN_THREAD_STATS") == '\0')
		return;
	at = (size_t)snprintf(line, sizeof(line),
	    "threads: %d workers, %.3f s; main thread %.3f s (waited %.3f s)",
	    n, all, all - q->waited, q->waited);
	for (i = 0; i < n && at < sizeof(line); i++)
		at += (size_t)snprintf(line + at, sizeof(line) - at,
		    "; worker %d busy %.3f s, waited %.3f s", i + 1,
		    w[i].busy, w[i].waited);
	cli_warn("%s", line);
}

int
chunks_run(const struct chunk_tool *t, void *arg, void *const *ctx,
    int jobs, struct cli_input *in)
{
	struct chunk_base at = { NULL, 0, 0, 0 };
	struct worker *w;
	struct queue q;
	char *rest = NULL;
	size_t nrest = 0;
	double t0 = seconds();
	int i, nthreads = 0, st;

	at.file = in->name;
	if (jobs <= 1 ||
	    (w = calloc((size_t)jobs, sizeof(*w))) == NULL)
		return run_stream(t, arg, ctx[0], in, NULL, 0, &at);
	memset(&q, 0, sizeof(q));
	q.t = t;
	q.arg = arg;
	q.file = in->name;
	q.hint = in->hint;
	/*
	 * The workers' games may ask the hint for the input's head: read
	 * here, before them, as -j 1's reader would have read it.
	 */
	cli_input_fill_head(in);
	pthread_mutex_init(&q.mu, NULL);
	pthread_cond_init(&q.work, NULL);
	pthread_cond_init(&q.done, NULL);
	for (i = 0; i < jobs; i++) {
		w[nthreads].q = &q;
		w[nthreads].ctx = ctx[i];
		if (pthread_create(&w[nthreads].tid, NULL, worker_main,
		    &w[nthreads]) == 0)
			nthreads++;
	}
	/* Without a worker no chunk would ever be done: one stream then. */
	if (nthreads == 0)
		st = run_stream(t, arg, ctx[0], in, NULL, 0, &at);
	else
		st = feed(&q, nthreads, in, &rest, &nrest, &at);
	pthread_mutex_lock(&q.mu);
	q.stop = 1;
	pthread_cond_broadcast(&q.work);
	pthread_mutex_unlock(&q.mu);
	for (i = 0; i < nthreads; i++)
		pthread_join(w[i].tid, NULL);
	thread_stats(&q, w, nthreads, seconds() - t0);
	free(w);
	pthread_mutex_destroy(&q.mu);
	pthread_cond_destroy(&q.work);
	pthread_cond_destroy(&q.done);
	/* The remainder, from the bytes already read, on one stream. */
	if (rest != NULL) {
		if ((i = run_stream(t, arg, ctx[0], in, rest, nrest, &at)) >
		    st)
			st = i;
		free(rest);
	}
	return st;
}
