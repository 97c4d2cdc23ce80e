/*
 * Reading one input on several threads (see chunks.h).
 *
 * The main thread reads the input straight into a chunk's buffer, a block
 * a little larger than CHUNK_MIN, scans it for the first cut past
 * CHUNK_MIN (pdn_cut_next()), copies the bytes past the cut into the next
 * chunk's buffer and queues the chunk.  -j N runs N threads over the
 * chunks: N - 1 workers and the main thread itself, which whenever it
 * would wait for the oldest chunk to print takes a queued one instead.
 * The thread that reads a chunk also counts its lines (pdn_cut_lines());
 * its base line is the sum of those before it, known when it is printed.
 * At most 2 * N chunks are in flight, their buffers and batches reused:
 * memory stays bounded and the output comes in input order.  Reading
 * with read(2), not a mapping, keeps the pages of the input out of the
 * resident size and works alike on a pipe.
 *
 * What remains serial is the main thread's own part, which
 * PDN_THREAD_STATS prints: read(2), the scan for the cut (which leaps
 * to about 1 kB before CHUNK_MIN, pdn_cut_next()), the copy of the bytes
 * past the cut (8 kB or so a chunk) and the printing in order.  Under
 * callgrind, pdn-validate -q -j 2 on intl-real-x20.pdn (15 MB): 12.6
 * million instructions of that part (the scan 11.7 million), 1,033.6
 * million in all against 1,013.4 million of -j 1, so that two threads
 * reach 2 * 1013.4 / 1033.6 = 1.96x at best; pdn-select -t, which reads
 * the least of a game, about 21 million (with its printing), 366.7
 * million against 342.6 million: 1.87x at best.  Not counted there:
 * read(2)'s copy in the kernel, which -j 1 makes too.
 *
 * For 16 threads (not built; the figures say where it would stop):
 * - The scan: sixteen readers of pdn-validate take 16 x 190 MB/s = 3 GB/s
 *   (76 MB in 0.41 s on one thread), and of pdn-select -t about three
 *   times that.  The scan's leap keeps
 *   up (it looks at a kB and a game a chunk, and memchr() passes the
 *   rest for braces), as long as the last brace before the leap is no
 *   '{'; where one is (a comment open across it, or a '{' in a tag's
 *   value) it scans the chunk whole, at 3.6 GB/s, which sixteen threads
 *   outrun.  Then the scan would be shared: its state at a byte is small
 *   (whether it stands in a comment, and the last lines starting with
 *   '[', pdn_cut); a thread given a range scans it from both comment
 *   states at its start (the scan from "in a comment" joins the other at
 *   the first '}'), the main thread chains the ranges' states in order, a
 *   step each, and the thread that reads a chunk checks its candidate.
 * - read(2) copies the input once, in the kernel, on the main thread (a
 *   part of its processor time that PDN_THREAD_STATS shows and callgrind
 *   does not); a file would be mapped instead, with MADV_DONTNEED or
 *   munmap() of the ranges printed so that the resident size stays that
 *   of the chunks in flight, and a SIGBUS handler for a file cut short
 *   under the mapping; a pipe keeps read(2).  Both that and a design in
 *   which whichever thread is free cuts the next chunk and reads it
 *   itself (its bytes in its own core's cache) were built and measured
 *   on this 2-core machine, and neither paid: pdn-validate -q -j 2 on
 *   intl-real-x20.pdn 0.052 s and 0.057 s as here against 0.053 s and
 *   0.061 s mapped, 0.053 s against 0.055 s cut by any thread (the
 *   fastest of 18 runs each, alternating).  Two copies of pdn-validate
 *   -q -j 1 on intl-real-x100.pdn, one on each core, each ran 5-18%
 *   slower than one alone (0.40-0.45 s against 0.38 s): the bound of
 *   -j 2 on this machine is about 1.8x, which -j 2 there reached
 *   (0.21-0.22 s, 1.73-1.81x).
 * - The printing: the tools' print() formats the records of a batch on
 *   the main thread; they would be formatted by the thread that read the
 *   chunk, into the batch's bytes, leaving the main thread one write a
 *   chunk.  Base lines, games and offsets are sums of the chunks before,
 *   known in order: a record whose text holds them (a line number in a
 *   diagnostic) would keep them as places to fill, or the chunk's base
 *   would be passed on from thread to thread as each chunk is done.
 * - With 2N chunks in flight and the main thread reading one only when
 *   the oldest is not done and one waits, the main thread helps little
 *   at 16, as it should: its own part is then the bound.
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

/*
 * A chunk is cut at the first boundary after CHUNK_MIN bytes: large enough
 * that handing it to a thread costs little next to its work.  With no
 * boundary in CHUNK_MAX bytes the rest is read as one stream, so that
 * memory stays bounded whatever the input.
 */
#define CHUNK_MIN	(256u << 10)
#define CHUNK_MAX	(8u << 20)
#define READ_SIZE	65536

/*
 * A chunk is read to CHUNK_FILL bytes before its scan: a few games past
 * CHUNK_MIN, which the bytes past the cut are copied on from.
 */
#define CHUNK_FILL	(CHUNK_MIN + (8u << 10))

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
	char *data;		/* the chunk, read into it in place */
	size_t len, cap;
	/* File and offset set when it is cut, line and game when printed. */
	struct chunk_base at;
	long lines;		/* its line ends, counted by its reader */
	void *batch;
	long games;
	int status;
	int done;
	struct job *next;	/* in the work queue, or among the spares */
	struct job *order;	/* in input order, waiting to be printed */
};

/* Where a thread's time went, for PDN_THREAD_STATS. */
struct clock {
	double busy;		/* seconds reading chunks */
	double waited;		/* seconds waiting: for one, or for the oldest */
	double cpu;		/* the thread's processor time */
	double cpu_busy;	/* of it, on chunks (the main thread's) */
	/*
	 * Chunks read, and how often the thread found none to read and
	 * slept: a worker that sleeps often waits for the main thread's own
	 * part, or for a main thread that other programs held off its core.
	 */
	long chunks, sleeps;
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
	void *ctx;		/* the main thread's, for the chunks it reads */
	struct clock main;
};

struct worker {
	struct queue *q;
	void *ctx;
	pthread_t tid;
	struct clock c;
};

/*
 * The calling thread's processor time, for PDN_THREAD_STATS beside the
 * seconds of cli_now(): on a loaded machine a thread's seconds on chunks
 * count the time others ran on its core too.
 */
static double
thread_cpu(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Reads and processes chunk j with a thread's context ctx, and counts its
 * lines there, where its bytes are in the cache, so that the main thread
 * does not.
 */
static void
run_job(struct queue *q, void *ctx, struct job *j)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct cli_input mem;
	pdn_reader *r;

	ro.file = q->file;
	ro.diag = q->t->diag;
	ro.diag_arg = j->batch;
	ro.keep_raw = q->t->keep_raw;
	ro.skip_moves = q->t->skip_moves;
	ro.gametype = q->t->gametype;
	ro.result_order = q->t->drv != NULL ? q->t->drv->result_order : 0;
	ro.finish = pdn_game_finish;
	ro.finish_arg = q->hint;
	/* A chunk in memory has no read to fail. */
	memset(&mem, 0, sizeof(mem));
	mem.fd = -1;
	mem.name = q->file;
	if (pdn_reader_new_mem(&r, j->data, j->len, &ro) != 0)
		j->status = 2;
	else {
		j->status = q->t->work(q->arg, r, &mem, ctx, j->batch, NULL,
		    &j->games);
		pdn_reader_free(r);
	}
	j->lines = pdn_cut_lines(j->data, j->len);
}

/* Takes the first chunk of the work queue, with q->mu held; or NULL. */
static struct job *
take(struct queue *q)
{
	struct job *j;

	if ((j = q->head) != NULL) {
		q->head = j->next;
		if (q->head == NULL)
			q->tail = NULL;
	}
	return j;
}

static void *
worker_main(void *warg)
{
	struct worker *w = warg;
	struct queue *q = w->q;
	struct job *j;
	double t0 = cli_now(), t1;

	/*
	 * Waiting runs from the end of one chunk to the start of the next:
	 * the lock taken to hand a chunk back counts, since on a loaded
	 * machine a main thread preempted while it holds the lock holds up
	 * the workers.
	 */
	for (;;) {
		pthread_mutex_lock(&q->mu);
		if (q->head == NULL && !q->stop)
			w->c.sleeps++;
		while (q->head == NULL && !q->stop)
			pthread_cond_wait(&q->work, &q->mu);
		j = take(q);
		pthread_mutex_unlock(&q->mu);
		t1 = cli_now();
		w->c.waited += t1 - t0;
		if (j == NULL)
			break;
		run_job(q, w->ctx, j);
		w->c.chunks++;
		t0 = cli_now();
		w->c.busy += t0 - t1;
		pthread_mutex_lock(&q->mu);
		j->done = 1;
		pthread_cond_broadcast(&q->done);
		pthread_mutex_unlock(&q->mu);
	}
	w->c.cpu = thread_cpu();
	return NULL;
}

static void
job_free(const struct chunk_tool *t, struct job *j)
{
	if (j == NULL)
		return;
	if (j->batch != NULL)
		t->batch_free(j->batch);
	free(j->batch);
	free(j->data);
	free(j);
}

/*
 * Makes room in j for `need` bytes and the NUL the old copies had
 * after them.  Returns 0, or -1 when out of memory.
 */
static int
job_room(struct job *j, size_t need)
{
	size_t nc = j->cap * 2;
	char *np;

	if (need + 1 <= j->cap)
		return 0;
	if (nc < need + 1)
		nc = need + 1;
	if ((np = realloc(j->data, nc)) == NULL)
		return -1;
	j->data = np;
	j->cap = nc;
	return 0;
}

/*
 * A job for the chunk at input offset `offset`, which starts with
 * head[0..nhead) (the bytes read past the last cut): a spare one of q's
 * when there is one, room made for CHUNK_FILL bytes; or NULL when out of
 * memory.
 */
static struct job *
job_new(struct queue *q, const char *head, size_t nhead, uint64_t offset)
{
	const struct chunk_tool *t = q->t;
	struct job *j;

	if ((j = q->spare) != NULL) {
		q->spare = j->next;
		if (t->batch_reset != NULL)
			t->batch_reset(j->batch);
		else {
			t->batch_free(j->batch);
			memset(j->batch, 0, t->batch_size);
		}
		j->games = j->lines = 0;
		j->status = 0;
		j->done = 0;
		j->next = j->order = NULL;
	} else if ((j = calloc(1, sizeof(*j))) == NULL ||
	    (j->batch = calloc(1, t->batch_size)) == NULL) {
		free(j);
		return NULL;
	}
	if (job_room(j, CHUNK_FILL > nhead ? CHUNK_FILL : nhead) != 0) {
		job_free(t, j);
		return NULL;
	}
	if (nhead > 0)		/* the first chunk's head is NULL */
		memcpy(j->data, head, nhead);
	j->len = nhead;
	memset(&j->at, 0, sizeof(j->at));
	j->at.file = q->file;
	j->at.offset = offset;
	return j;
}

/*
 * Reads input into j until it holds `want` bytes or the input ends (*eof
 * set; *rerr too, to the errno of a failed read).  Returns 0, or -1 when
 * out of memory.
 */
static int
fill(struct cli_input *in, struct job *j, size_t want, int *eof,
    int *rerr)
{
	long got;

	if (job_room(j, want) != 0)
		return -1;
	while (j->len < want && !*eof) {
		/* The head first, which the hint has read. */
		got = cli_read_fd(in, j->data + j->len, want - j->len);
		if (got < 0) {
			/* Said after the chunks before it, as -j 1. */
			*rerr = in->error != 0 ? in->error : EIO;
			*eof = 1;
		} else if (got == 0)
			*eof = 1;
		else
			j->len += (size_t)got;
	}
	return 0;
}

/* What the main thread holds of the chunks it handed out. */
struct feed {
	struct queue *q;
	struct job *oldest, *last;	/* in flight, in input order */
	int n;				/* how many */
	long lines, games;		/* of the chunks printed */
	int status;			/* the worst of theirs */
};

/* Queues chunk j for the threads. */
static void
hand_out(struct feed *f, struct job *j)
{
	struct queue *q = f->q;

	pthread_mutex_lock(&q->mu);
	if (q->tail != NULL)
		q->tail->next = j;
	else
		q->head = j;
	q->tail = j;
	pthread_cond_signal(&q->work);
	pthread_mutex_unlock(&q->mu);
	if (f->last != NULL)
		f->last->order = j;
	else
		f->oldest = j;
	f->last = j;
	f->n++;
}

/*
 * Prints the oldest chunk in flight once it is done, at the base of the
 * chunks printed before it, and keeps its job as a spare.  Until then the
 * main thread reads the chunks no worker has taken yet rather than wait,
 * so that -j N keeps N threads at work.
 */
static void
settle(struct feed *f)
{
	struct queue *q = f->q;
	struct job *j = f->oldest, *k;
	double t0, c0;

	pthread_mutex_lock(&q->mu);
	while (!j->done) {
		if ((k = take(q)) != NULL) {
			pthread_mutex_unlock(&q->mu);
			t0 = cli_now();
			c0 = thread_cpu();
			run_job(q, q->ctx, k);
			q->main.cpu_busy += thread_cpu() - c0;
			q->main.chunks++;
			q->main.busy += cli_now() - t0;
			pthread_mutex_lock(&q->mu);
			k->done = 1;
			continue;
		}
		t0 = cli_now();
		q->main.sleeps++;
		pthread_cond_wait(&q->done, &q->mu);
		q->main.waited += cli_now() - t0;
	}
	pthread_mutex_unlock(&q->mu);
	j->at.line = f->lines;
	j->at.game = f->games;
	f->lines += j->lines;
	f->games += j->games;
	q->t->print(q->arg, j->batch, &j->at);
	if (j->status > f->status)
		f->status = j->status;
	if ((f->oldest = j->order) == NULL)
		f->last = NULL;
	f->n--;
	j->next = q->spare;
	q->spare = j;
}

/*
 * Reads `in` into chunks, cut where pdn_cut_next() says past CHUNK_MIN
 * bytes, and hands them to the threads of q, printing them in order.
 * Returns the worst status, and in *rest the bytes read but not handed
 * out, with *nrest and *at set to them, when no cut was found in
 * CHUNK_MAX bytes and the rest must be read as one stream (*rest is NULL
 * otherwise).
 */
static int
feed(struct queue *q, int jobs, struct cli_input *in, char **rest,
    size_t *nrest, struct chunk_base *at)
{
	struct feed f;
	struct job *cur, *next = NULL;
	pdn_cut pc = PDN_CUT_INIT, fresh = PDN_CUT_INIT;
	size_t cut;
	int eof = 0, rerr = 0, st = 0;

	memset(&f, 0, sizeof(f));
	f.q = q;
	*rest = NULL;
	*nrest = 0;
	if ((cur = job_new(q, NULL, 0, 0)) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	for (;;) {
		/*
		 * A chunk is read whole before its scan, which can then
		 * leap to CHUNK_MIN (pdn_cut_next()) over the bytes carried
		 * past the last cut too.
		 */
		if (!eof && cur->len < CHUNK_FILL && fill(in, cur, CHUNK_FILL,
		    &eof, &rerr) != 0) {
			cli_warn("out of memory");
			st = 2;
			break;
		}
		cut = pdn_cut_next(&pc, cur->data, cur->len, CHUNK_MIN);
		if (cut == 0 && eof) {
			/*
			 * An empty input is one chunk too, whose reader says
			 * it holds no game, as -j 1's does.
			 */
			if (cur->len == 0 && cur->at.offset > 0)
				break;
			cut = cur->len;
		}
		if (cut == 0 && cur->len >= CHUNK_MAX)
			break;	/* no boundary: the rest goes to one stream */
		if (cut == 0 && !eof) {
			/*
			 * A block more until a cut: what passes it is
			 * copied into the next chunk.
			 */
			if (fill(in, cur, cur->len + READ_SIZE, &eof, &rerr) !=
			    0) {
				cli_warn("out of memory");
				st = 2;
				break;
			}
			continue;
		}
		if (f.n >= 2 * jobs)
			settle(&f);
		if ((cut < cur->len || !eof) && (next = job_new(q,
		    cur->data + cut, cur->len - cut, cur->at.offset + cut)) ==
		    NULL) {
			cli_warn("out of memory");
			st = 2;
			break;
		}
		cur->len = cut;
		hand_out(&f, cur);
		if ((cur = next) == NULL)
			break;
		next = NULL;
		pc = fresh;
	}
	while (f.oldest != NULL)
		settle(&f);
	while ((next = q->spare) != NULL) {
		q->spare = next->next;
		job_free(q->t, next);
	}
	if (rerr != 0) {
		cli_warn("%s: %s", in->name, strerror(rerr));
		st = 2;
	}
	memset(at, 0, sizeof(*at));
	at->file = in->name;
	at->line = f.lines;
	at->game = f.games;
	if (cur != NULL && st == 0 && !eof) {
		at->offset = cur->at.offset;
		*rest = cur->data;
		*nrest = cur->len;
		cur->data = NULL;
	}
	job_free(q->t, cur);
	return st > f.status ? st : f.status;
}

/*
 * With PDN_THREAD_STATS set, says on standard error where the time of a
 * run on `all` seconds went: the main thread's own part (reading,
 * cutting and printing in order), which no number of threads shortens,
 * its time on chunks and its wait for the oldest chunk; each worker's
 * time on chunks and waiting for one; and the processor time of each
 * part, which on a loaded machine is less than its seconds.  Threads that
 * wait while the main thread works show a serial part that would stop a
 * larger -j scaling.
 */
static void
thread_stats(const struct queue *q, const struct worker *w, int n,
    double all)
{
	const struct clock *m = &q->main;
	char line[1024];
	size_t at;
	int i;

	if (getenv("PDN_THREAD_STATS") == NULL ||
	    *getenv("PDN_THREAD_STATS") == '\0')
		return;
	at = (size_t)snprintf(line, sizeof(line),
	    "threads: %d, %.3f s; main thread own part %.3f s (cpu %.3f s), "
	    "%ld chunks %.3f s (cpu %.3f s), waited %.3f s (%ld sleeps)",
	    n + 1, all, all - m->busy - m->waited, m->cpu - m->cpu_busy,
	    m->chunks, m->busy, m->cpu_busy, m->waited, m->sleeps);
	for (i = 0; i < n && at < sizeof(line); i++)
		at += (size_t)snprintf(line + at, sizeof(line) - at,
		    "; worker %d %ld chunks %.3f s (cpu %.3f s), waited %.3f s "
		    "(%ld sleeps)", i + 1, w[i].c.chunks, w[i].c.busy,
		    w[i].c.cpu, w[i].c.waited, w[i].c.sleeps);
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
	double t0 = cli_now(), c0 = thread_cpu();
	int i, nthreads = 0, st;

	at.file = in->name;
	/* The main thread reads chunks too: jobs - 1 workers. */
	if (jobs <= 1 ||
	    (w = calloc((size_t)jobs - 1, sizeof(*w))) == NULL)
		return run_stream(t, arg, ctx[0], in, NULL, 0, &at);
	memset(&q, 0, sizeof(q));
	q.t = t;
	q.arg = arg;
	q.file = in->name;
	q.hint = in->hint;
	q.ctx = ctx[0];
	/*
	 * The workers' games may ask the hint for the input's head: read
	 * here, before them, as -j 1's reader would have read it.
	 */
	cli_input_fill_head(in);
	pthread_mutex_init(&q.mu, NULL);
	pthread_cond_init(&q.work, NULL);
	pthread_cond_init(&q.done, NULL);
	for (i = 1; i < jobs; i++) {
		w[nthreads].q = &q;
		w[nthreads].ctx = ctx[i];
		if (pthread_create(&w[nthreads].tid, NULL, worker_main,
		    &w[nthreads]) == 0)
			nthreads++;
	}
	/* Without a worker, one stream: nothing to share the reading. */
	if (nthreads == 0)
		st = run_stream(t, arg, ctx[0], in, NULL, 0, &at);
	else
		st = feed(&q, nthreads + 1, in, &rest, &nrest, &at);
	pthread_mutex_lock(&q.mu);
	q.stop = 1;
	pthread_cond_broadcast(&q.work);
	pthread_mutex_unlock(&q.mu);
	for (i = 0; i < nthreads; i++)
		pthread_join(w[i].tid, NULL);
	q.main.cpu = thread_cpu() - c0;
	if (nthreads > 0)
		thread_stats(&q, w, nthreads, cli_now() - t0);
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
