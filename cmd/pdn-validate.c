/*
 * pdn-validate: read PDN and check every move of every game by the rules,
 * with the reader's own diagnostics; text diagnostics, or one record per
 * game as TSV, JSON Lines or YAML.  See pdn-validate(1).
 *
 * With -j N the input is cut into chunks at game boundaries that any
 * reader agrees on (a line starting with '[' right after a result token,
 * outside comments); N threads read and replay the chunks, and the main
 * thread prints their results in input order, renumbering games, lines and
 * offsets, so that the output is the same as with -j 1.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "emit.h"
#include "pdn_game.h"
#include "pdn_replay.h"

enum format { FMT_TEXT, FMT_TSV, FMT_JSON, FMT_YAML };
static const char *const formats[] = { "text", "tsv", "json", "yaml", NULL };

struct opts {
	enum format fmt;
	int quiet, verbose, strict;
	unsigned flags;		/* PDN_REPLAY_* */
};

static struct opts opt;

/* --- results of games, kept until they are printed ------------------- */

/* A diagnostic, its strings kept as offsets into the batch's arena. */
struct rdiag {
	pdn_severity sev;
	pdn_diag_code code;
	size_t msg, move;	/* arena offsets; move (size_t)-1: none */
	long line, col, game, ply, number;
	pdn_colour side;
};

enum { ST_VALID, ST_INVALID, ST_UNSUPPORTED, ST_NONE };

struct rgame {
	long game, line;
	uint64_t offset;
	int status;		/* ST_*; ST_NONE: diagnostics of no game */
	size_t d0, nd;		/* its diagnostics */
};

/* The results of a stream or of a chunk. */
struct batch {
	const char *file;
	struct rdiag *d;
	size_t nd, capd;
	struct rgame *g;
	size_t ng, capg;
	pdn_buf arena;
	size_t pending;		/* first diagnostic not yet given a game */
	long games, valid, invalid, unsupported;
	int oom;
};

static int
grow(void **p, size_t *cap, size_t need, size_t size)
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
arena_str(struct batch *b, const char *s)
{
	size_t at = b->arena.len;

	pdn_buf_add(&b->arena, s, strlen(s) + 1);
	if (b->arena.oom)
		b->oom = 1;
	return at;
}

/* A pdn_diag_fn: keeps the diagnostic for the game it belongs to. */
static void
collect(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;
	struct rdiag *r;

	if (d->severity == PDN_SEV_NOTE && !opt.verbose)
		return;
	if (grow((void **)&b->d, &b->capd, b->nd + 1, sizeof(*b->d)) != 0) {
		b->oom = 1;
		return;
	}
	r = &b->d[b->nd++];
	r->sev = d->severity;
	if (opt.strict && r->sev == PDN_SEV_WARNING)
		r->sev = PDN_SEV_ERROR;
	r->code = d->code;
	r->msg = arena_str(b, d->message);
	r->move = d->move != NULL ? arena_str(b, d->move) : (size_t)-1;
	r->line = d->line;
	r->col = d->col;
	r->game = d->game;
	r->ply = d->ply;
	r->number = d->number;
	r->side = d->side;
}

/* Gives the diagnostics collected since the last game to a record. */
static void
add_record(struct batch *b, long game, long line, uint64_t offset,
    int status)
{
	struct rgame *r;

	if (status == ST_NONE && b->pending == b->nd)
		return;
	/* A valid game with nothing to say is only counted, in text. */
	if (opt.fmt == FMT_TEXT && b->pending == b->nd)
		return;
	if (grow((void **)&b->g, &b->capg, b->ng + 1, sizeof(*b->g)) != 0) {
		b->oom = 1;
		return;
	}
	r = &b->g[b->ng++];
	r->game = game;
	r->line = line;
	r->offset = offset;
	r->status = status;
	r->d0 = b->pending;
	r->nd = b->nd - b->pending;
	b->pending = b->nd;
}

/* Where a batch's lines, games and offsets start in its file. */
struct base {
	long line, game;
	uint64_t offset;
};

struct run;
static void print_records(struct run *run, struct batch *b,
    const struct base *at);

/*
 * Validates the games of a reader of input `in` into batch b with the
 * replay handle rp.
 * With `live` set, each game's record is printed as soon as it is made
 * (on the main thread); else they are kept for later.  Returns 0, or 2
 * after a read error or when out of memory.
 */
static int
validate(pdn_reader *r, const struct cli_input *in, pdn_replay *rp,
    struct batch *b, struct run *live, const struct base *at)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const pdn_game *g;
	int rc, status;
	size_t i;

	ro.flags = opt.flags;
	ro.diag = collect;
	ro.diag_arg = b;
	while ((rc = pdn_reader_next(r, &g)) == 1) {
		if (pdn_replay_game(rp, g, &ro) != 0) {
			b->oom = 1;
			break;
		}
		switch (pdn_replay_verdict(rp)) {
		case PDN_REPLAY_VALID:
			status = ST_VALID;
			break;
		case PDN_REPLAY_INVALID:
			status = ST_INVALID;
			break;
		default:
			/*
			 * A game of another variant is not judged; a game
			 * the reader could not even type, because it is
			 * broken, is invalid.
			 */
			status = g->gametype == 0 && g->errors > 0 ?
			    ST_INVALID : ST_UNSUPPORTED;
		}
		if (opt.strict && status == ST_VALID)
			for (i = b->pending; i < b->nd; i++)
				if (b->d[i].sev == PDN_SEV_ERROR)
					status = ST_INVALID;
		b->games++;
		if (status == ST_VALID)
			b->valid++;
		else if (status == ST_INVALID)
			b->invalid++;
		else
			b->unsupported++;
		add_record(b, g->index, g->line, g->offset, status);
		if (live != NULL)
			print_records(live, b, at);
	}
	add_record(b, 0, 0, 0, ST_NONE);
	if (live != NULL)
		print_records(live, b, at);
	if (b->oom)
		return 2;
	return cli_input_end(in, rc);
}

/* --- printing ----------------------------------------------------------- */

static const char *const status_name[] = {
	"valid", "invalid", "unsupported", "none"
};

/* Prints a record's diagnostics, in the one format of cli_diag(). */
static void
print_text(const struct batch *b, const struct rgame *r,
    const struct base *at)
{
	const struct rdiag *rd;
	pdn_diag d;
	size_t i;

	for (i = r->d0; i < r->d0 + r->nd; i++) {
		rd = &b->d[i];
		memset(&d, 0, sizeof(d));
		d.code = rd->code;
		d.severity = rd->sev;
		d.name = pdn_diag_name(rd->code);
		d.message = b->arena.data + rd->msg;
		d.file = b->file;
		d.line = rd->line + at->line;
		d.col = rd->col;
		d.game = rd->game > 0 ? rd->game + at->game : 0;
		d.ply = rd->ply;
		d.move = rd->move != (size_t)-1 ? b->arena.data + rd->move :
		    NULL;
		d.number = rd->number;
		d.side = rd->side;
		cli_diag(&d, NULL);
	}
}

static void
print_tsv(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct base *at)
{
	const struct rdiag *d, *first = NULL;
	long ne = 0, nw = 0;
	const char *s;
	size_t i;

	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->d[i];
		if (d->sev == PDN_SEV_ERROR) {
			if (first == NULL)
				first = d;
			ne++;
		} else if (d->sev == PDN_SEV_WARNING)
			nw++;
	}
	for (s = b->file; *s != '\0'; s++)
		fputc(*s == '\t' || *s == '\n' ? ' ' : *s, fp);
	fprintf(fp, "\t%ld\t%ld\t%llu\t%s\t%ld\t%ld\t", r->game + at->game,
	    r->line + at->line, (unsigned long long)(r->offset + at->offset),
	    status_name[r->status], ne, nw);
	if (first != NULL) {
		fprintf(fp, "%ld:%ld: %s: ", first->line + at->line, first->col,
		    pdn_diag_name(first->code));
		if (first->move != (size_t)-1)
			fprintf(fp, "ply %ld %s: ", first->ply,
			    b->arena.data + first->move);
		for (s = b->arena.data + first->msg; *s != '\0'; s++)
			fputc(*s == '\t' || *s == '\n' ? ' ' : *s, fp);
	}
	fputc('\n', fp);
}

static void
json_diags(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct base *at, int errors)
{
	const struct rdiag *d;
	size_t i;
	int n = 0;

	fputc('[', fp);
	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->d[i];
		if ((d->sev == PDN_SEV_ERROR) != errors ||
		    d->sev == PDN_SEV_NOTE)
			continue;
		fprintf(fp, "%s{\"line\":%ld,\"col\":%ld,\"ply\":",
		    n++ > 0 ? "," : "", d->line + at->line, d->col);
		if (d->ply > 0)
			fprintf(fp, "%ld", d->ply);
		else
			fputs("null", fp);
		fputs(",\"move\":", fp);
		json_cstr(fp, d->move != (size_t)-1 ?
		    b->arena.data + d->move : NULL);
		fputs(",\"code\":", fp);
		json_cstr(fp, pdn_diag_name(d->code));
		fputs(",\"message\":", fp);
		json_cstr(fp, b->arena.data + d->msg);
		fputc('}', fp);
	}
	fputc(']', fp);
}

static void
print_json(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct base *at)
{
	fputs("{\"file\":", fp);
	json_cstr(fp, b->file);
	fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
	    "\"status\":\"%s\",\"valid\":%s,\"errors\":", r->game + at->game,
	    r->line + at->line, (unsigned long long)(r->offset + at->offset),
	    status_name[r->status], r->status == ST_VALID ? "true" :
	    r->status == ST_INVALID ? "false" : "null");
	json_diags(fp, b, r, at, 1);
	fputs(",\"warnings\":", fp);
	json_diags(fp, b, r, at, 0);
	fputs("}\n", fp);
}

static void
yaml_diags(struct yout *y, const struct batch *b, const struct rgame *r,
    const struct base *at, int errors)
{
	const struct rdiag *d;
	size_t i;

	y_seq(y, 1);
	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->d[i];
		if ((d->sev == PDN_SEV_ERROR) != errors ||
		    d->sev == PDN_SEV_NOTE)
			continue;
		y_map(y, 1);
		y_key(y, "line");
		y_num(y, d->line + at->line);
		y_key(y, "col");
		y_num(y, d->col);
		y_key(y, "ply");
		if (d->ply > 0)
			y_num(y, d->ply);
		else
			y_scalar(y, "null", 4, 0);
		y_key(y, "move");
		y_str(y, d->move != (size_t)-1 ? b->arena.data + d->move :
		    NULL);
		y_key(y, "code");
		y_str(y, pdn_diag_name(d->code));
		y_key(y, "message");
		y_str(y, b->arena.data + d->msg);
		y_map(y, 0);
	}
	y_seq(y, 0);
}

static void
print_yaml(struct yout *y, const struct batch *b, const struct rgame *r,
    const struct base *at)
{
	y_doc(y, 1);
	y_map(y, 1);
	y_key(y, "file");
	y_str(y, b->file);
	y_key(y, "game");
	y_num(y, r->game + at->game);
	y_key(y, "line");
	y_num(y, r->line + at->line);
	y_key(y, "offset");
	y_num(y, (long long)(r->offset + at->offset));
	y_key(y, "status");
	y_scalar(y, status_name[r->status], strlen(status_name[r->status]),
	    0);
	y_key(y, "valid");
	if (r->status == ST_VALID || r->status == ST_INVALID)
		y_bool(y, r->status == ST_VALID);
	else
		y_scalar(y, "null", 4, 0);
	y_key(y, "errors");
	yaml_diags(y, b, r, at, 1);
	y_key(y, "warnings");
	yaml_diags(y, b, r, at, 0);
	y_map(y, 0);
	y_doc(y, 0);
}

/* Totals of the whole run, and the output. */
struct run {
	long games, valid, invalid, unsupported;
	FILE *fp;
	struct yout y;
	int status;
};

/* Prints a batch's records, then forgets them. */
static void
print_records(struct run *run, struct batch *b, const struct base *at)
{
	const struct rgame *r;
	size_t i;

	for (i = 0; i < b->ng && !opt.quiet; i++) {
		r = &b->g[i];
		/* Diagnostics of no game exist only as text. */
		if (r->status == ST_NONE || opt.fmt == FMT_TEXT) {
			print_text(b, r, at);
			continue;
		}
		switch (opt.fmt) {
		case FMT_TSV:
			print_tsv(run->fp, b, r, at);
			break;
		case FMT_JSON:
			print_json(run->fp, b, r, at);
			break;
		default:
			print_yaml(&run->y, b, r, at);
			break;
		}
	}
	b->nd = b->ng = b->pending = 0;
	b->arena.len = 0;
}

/* Adds up a batch's counts. */
static void
count_batch(struct run *run, const struct batch *b)
{
	run->games += b->games;
	run->valid += b->valid;
	run->invalid += b->invalid;
	run->unsupported += b->unsupported;
}

static void
batch_reset(struct batch *b, const char *file)
{
	b->file = file;
	b->nd = b->ng = b->pending = 0;
	b->arena.len = 0;
	b->games = b->valid = b->invalid = b->unsupported = 0;
	b->oom = 0;
}

static void
batch_free(struct batch *b)
{
	free(b->d);
	free(b->g);
	pdn_buf_free(&b->arena);
}

/* --- one thread: a stream, printed game by game ------------------------ */

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

/*
 * Validates a stream on this thread, printing after every game so that
 * memory stays that of one game.  Returns 0 or 2.
 */
static int
run_stream(struct run *run, struct src *s, const struct base *at)
{
	const char *name = s->in->name;
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct batch b;
	pdn_reader *r = NULL;
	pdn_replay *rp = NULL;
	int st;

	memset(&b, 0, sizeof(b));
	batch_reset(&b, name);
	ro.file = name;
	ro.diag = collect;
	ro.diag_arg = &b;
	if (pdn_reader_new(&r, src_read, s, &ro) != 0 ||
	    pdn_replay_new(&rp) != 0) {
		cli_warn("out of memory");
		pdn_reader_free(r);
		return 2;
	}
	st = validate(r, s->in, rp, &b, run, at);
	count_batch(run, &b);
	batch_free(&b);
	pdn_replay_free(rp);
	pdn_reader_free(r);
	return st;
}

/* --- several threads: chunks ------------------------------------------- */

#define CHUNK_MIN	(256u << 10)	/* cut chunks at the first boundary after */
#define CHUNK_MAX	(8u << 20)	/* no boundary in this much: stream the rest */

struct job {
	char *data;
	size_t len;
	struct base at;
	struct batch b;
	int status;
	int done;
	struct job *next;	/* in the work queue */
	struct job *order;	/* in input order, waiting to be printed */
};

struct pool {
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct job *head, *tail;
	int stop;
};

static void *
worker(void *arg)
{
	struct pool *p = arg;
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct cli_input mem;
	pdn_replay *rp = NULL;
	pdn_reader *r;
	struct job *j;

	if (pdn_replay_new(&rp) != 0)
		return NULL;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		while (p->head == NULL && !p->stop)
			pthread_cond_wait(&p->work, &p->mu);
		if ((j = p->head) == NULL) {
			pthread_mutex_unlock(&p->mu);
			break;
		}
		p->head = j->next;
		if (p->head == NULL)
			p->tail = NULL;
		pthread_mutex_unlock(&p->mu);

		ro.file = j->b.file;
		ro.diag = collect;
		ro.diag_arg = &j->b;
		/* A chunk in memory has no read to fail. */
		mem.fd = -1;
		mem.name = j->b.file;
		mem.error = 0;
		if (pdn_reader_new_mem(&r, j->data, j->len, &ro) != 0)
			j->status = 2;
		else {
			j->status = validate(r, &mem, rp, &j->b, NULL, NULL);
			pdn_reader_free(r);
		}
		pthread_mutex_lock(&p->mu);
		j->done = 1;
		pthread_cond_broadcast(&p->done);
		pthread_mutex_unlock(&p->mu);
	}
	pdn_replay_free(rp);
	return NULL;
}

/* Nonzero when the last token before buf[at] is a result token. */
static int
result_before(const char *buf, size_t at)
{
	static const char *const results[] = {
		"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"
	};
	size_t e = at, s, k;

	while (e > 0 && (buf[e - 1] == ' ' || buf[e - 1] == '\t' ||
	    buf[e - 1] == '\r' || buf[e - 1] == '\n'))
		e--;
	s = e;
	while (s > 0 && buf[s - 1] != ' ' && buf[s - 1] != '\t' &&
	    buf[s - 1] != '\r' && buf[s - 1] != '\n')
		s--;
	if (s == 0 && e == 0)
		return 0;
	/*
	 * On a line with a line comment the token may be inside it: no cut
	 * there (a cut may always be refused; it only has to be sure).
	 */
	for (k = s; k > 0 && buf[k - 1] != '\n'; k--)
		if (buf[k - 1] == ';')
			return 0;
	if (buf[k] == '%' || buf[k] == '[')
		return 0;
	for (k = 0; k < sizeof(results) / sizeof(results[0]); k++)
		if (strlen(results[k]) == e - s &&
		    memcmp(buf + s, results[k], e - s) == 0)
			return 1;
	return 0;
}

/*
 * Where to cut buf[0..len): right before a line starting with '[' that
 * follows a result token, outside comments, the first such place at or
 * after `min`.  Scanning resumes at *scan with the comment state
 * *in_comment of the last call.  Returns 0 when there is none yet.
 */
static size_t
find_cut(const char *buf, size_t len, size_t *scan, int *in_comment,
    size_t min)
{
	size_t i = *scan;
	const char *nl;

	while (i < len) {
		if (*in_comment) {
			const char *c = memchr(buf + i, '}', len - i);

			if (c == NULL) {
				i = len;
				break;
			}
			*in_comment = 0;
			i = (size_t)(c - buf) + 1;
			continue;
		}
		/* At the start of a line. */
		if (i == 0 || buf[i - 1] == '\n') {
			if (buf[i] == '[' && i >= min && i > 0 &&
			    result_before(buf, i)) {
				*scan = i;
				return i;
			}
			if (buf[i] == '[' || buf[i] == '%') {
				/* A tag or a line comment: skip the line. */
				if ((nl = memchr(buf + i, '\n', len - i)) ==
				    NULL)
					break;
				i = (size_t)(nl - buf) + 1;
				continue;
			}
		}
		if (buf[i] == '{')
			*in_comment = 1;
		else if (buf[i] == ';') {
			if ((nl = memchr(buf + i, '\n', len - i)) == NULL)
				break;
			i = (size_t)(nl - buf);
			continue;
		}
		i++;
	}
	*scan = i;
	return 0;
}

static long
count_lines(const char *s, size_t len)
{
	const char *e = s + len;
	long n = 0;

	while ((s = memchr(s, '\n', (size_t)(e - s))) != NULL) {
		n++;
		s++;
	}
	return n;
}

/* Waits for the oldest job, prints it and frees it. */
static void
retire(struct run *run, struct pool *p, struct job **oldest, long *games)
{
	struct job *j = *oldest;

	pthread_mutex_lock(&p->mu);
	while (!j->done)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
	j->at.game = *games;
	*games += j->b.games;
	print_records(run, &j->b, &j->at);
	count_batch(run, &j->b);
	if (j->status > run->status)
		run->status = j->status;
	*oldest = j->order;
	batch_free(&j->b);
	free(j->data);
	free(j);
}

static int
run_chunks(struct run *run, struct cli_input *in, int jobs)
{
	struct pool p;
	pthread_t *tid;
	struct job *inflight = NULL, *last = NULL, *j;
	char *buf = NULL, *np;
	size_t len = 0, cap = 0, scan = 0, cut;
	struct base at = { 0, 0, 0 };
	long games = 0;
	int in_comment = 0, eof = 0, n = 0, i, nthreads = 0, st = 0;
	ssize_t got;
	struct src s;

	memset(&p, 0, sizeof(p));
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.work, NULL);
	pthread_cond_init(&p.done, NULL);
	if ((tid = calloc((size_t)jobs, sizeof(*tid))) == NULL)
		return 2;
	for (i = 0; i < jobs; i++)
		if (pthread_create(&tid[i], NULL, worker, &p) == 0)
			nthreads++;
	for (;;) {
		cut = find_cut(buf, len, &scan, &in_comment, CHUNK_MIN);
		if (cut == 0 && eof)
			cut = len;
		if (cut == 0 && len >= CHUNK_MAX)
			break;	/* no boundary: the rest goes to one stream */
		/* After the end of input, or a failed read, read no more. */
		if (cut == 0 && !eof) {
			if (len + 65536 > cap) {
				cap = cap ? cap * 2 : 1u << 20;
				if ((np = realloc(buf, cap)) == NULL) {
					cli_warn("out of memory");
					st = 2;
					break;
				}
				buf = np;
			}
			do
				got = read(in->fd, buf + len, 65536);
			while (got < 0 && errno == EINTR);
			if (got < 0) {
				cli_warn("%s: %s", in->name, strerror(errno));
				st = 2;
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
		if ((j = calloc(1, sizeof(*j))) == NULL ||
		    (j->data = malloc(cut + 1)) == NULL) {
			free(j);
			cli_warn("out of memory");
			st = 2;
			break;
		}
		memcpy(j->data, buf, cut);
		j->len = cut;
		j->at = at;
		batch_reset(&j->b, in->name);
		at.line += count_lines(buf, cut);
		at.offset += cut;
		memmove(buf, buf + cut, len - cut);
		len -= cut;
		scan = 0;
		pthread_mutex_lock(&p.mu);
		if (p.tail != NULL)
			p.tail->next = j;
		else
			p.head = j;
		p.tail = j;
		pthread_cond_signal(&p.work);
		pthread_mutex_unlock(&p.mu);
		if (last != NULL)
			last->order = j;
		else
			inflight = j;
		last = j;
		if (++n >= 2 * jobs) {
			retire(run, &p, &inflight, &games);
			n--;
			if (inflight == NULL)
				last = NULL;
		}
		if (eof && len == 0)
			break;
	}
	while (inflight != NULL) {
		retire(run, &p, &inflight, &games);
		if (inflight == NULL)
			last = NULL;
	}
	pthread_mutex_lock(&p.mu);
	p.stop = 1;
	pthread_cond_broadcast(&p.work);
	pthread_mutex_unlock(&p.mu);
	for (i = 0; i < nthreads; i++)
		pthread_join(tid[i], NULL);
	free(tid);
	if (st == 0 && !eof) {
		/* The remainder, from the bytes already read, on one stream. */
		s.in = in;
		s.pre = buf;
		s.npre = len;
		at.game = games;
		st = run_stream(run, &s, &at);
	}
	free(buf);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.work);
	pthread_cond_destroy(&p.done);
	return st;
}

/* --- main --------------------------------------------------------------- */

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: %s [-hqVv] [--lenient] [--strict] "
	    "[-f text|tsv|json|yaml] [-j N] [-o file] [file ...]\n",
	    cli_progname);
}

static const char *const help_lines[] = {
	"  -f, --format F   text (default), tsv, json or yaml",
	"  -j, --jobs N     use N threads (1-256), same output as one",
	"  -o, --output F   write the records to file F (replaced when done)",
	"      --lenient    accept the irregular moves of FMJD 5.4 and 5.7",
	"      --strict     make every warning an error",
	"  -q, --quiet      print nothing, only the exit status",
	"  -v, --verbose    notes too",
	"  -h, --help       show this help",
	"  -V, --version    show the version",
	NULL
};

static int
run_file(struct run *run, const char *path, int jobs)
{
	struct base at = { 0, 0, 0 };
	struct cli_input in;
	struct src s;
	int st;

	if (cli_input_open(&in, path) != 0)
		return 2;
	if (jobs > 1)
		st = run_chunks(run, &in, jobs);
	else {
		s.in = &in;
		s.pre = NULL;
		s.npre = 0;
		st = run_stream(run, &s, &at);
	}
	cli_input_close(&in);
	return st;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "lenient", no_argument, NULL, 'L' },
		{ "strict", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct cli_output output;
	struct run run;
	const char *outname = NULL;
	long jobs = 1;
	int ch, i, st;

	cli_init(argv);
	memset(&run, 0, sizeof(run));
	while ((ch = getopt_long(argc, argv, "f:j:o:qvhV", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'f':
			/* In the order of enum format. */
			if ((i = cli_choice("format", optarg, formats)) < 0) {
				usage(stderr);
				return 2;
			}
			opt.fmt = (enum format)i;
			break;
		case 'j':
			if (cli_number("number of jobs", optarg, 1, 256,
			    &jobs) != 0) {
				usage(stderr);
				return 2;
			}
			break;
		case 'o':
			outname = optarg;
			break;
		case 'q':
			opt.quiet = 1;
			break;
		case 'v':
			opt.verbose = 1;
			break;
		case 'L':
			opt.flags |= PDN_REPLAY_LENIENT;
			break;
		case 'S':
			opt.strict = 1;
			break;
		case 'h':
			return cli_help(usage, help_lines);
		case 'V':
			return cli_version();
		default:
			usage(stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;

	/* Quiet prints nothing, so it does not replace the -o file either. */
	if (cli_output_open(&output, opt.quiet ? NULL : outname) != 0)
		return 2;
	run.fp = output.fp;
	if (opt.fmt == FMT_YAML && !opt.quiet &&
	    yout_open(&run.y, run.fp) != 0) {
		cli_output_close(&output);
		return 2;
	}
	if (argc == 0)
		run.status = run_file(&run, "-", (int)jobs);
	for (i = 0; i < argc; i++) {
		st = run_file(&run, argv[i], (int)jobs);
		if (st > run.status)
			run.status = st;
	}
	if (opt.fmt == FMT_YAML && !opt.quiet && yout_close(&run.y) != 0)
		run.status = 2;
	if (cli_output_close(&output) != 0)
		run.status = 2;
	/* After the records (cli_warn flushes them first). */
	if (!opt.quiet)
		cli_warn("%ld game%s: %ld valid, %ld invalid, %ld unsupported",
		    run.games, run.games == 1 ? "" : "s", run.valid,
		    run.invalid, run.unsupported);
	if (run.status == 0 && run.invalid > 0)
		run.status = 1;
	return run.status;
}
