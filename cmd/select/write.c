/*
 * pdn-select's output (write.h): the items of the batches written in
 * input order where they go (the output, a file of --split or --split-by,
 * the --dup-file), as read, canonical (changed by --strip and --add) or
 * as records (tsv, json).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>

#include "batch.h"
#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_run.h"
#include "dups.h"
#include "emit.h"
#include "options.h"
#include "partname.h"
#include "run.h"
#include "tooldiag.h"
#include <pdn/pdn.h>
#include "write.h"

/* A file of --split or --split-by. */
struct part {
	struct cli_output *out;
	char *value;		/* --split-by: the tag's value, or NULL */
	size_t len;
	int none;		/* no such tag */
	char *name;		/* what the value became in the file name */
	char *path;		/* the file's */
	long used;		/* when it was last written */
};

/* The most files of --split-by open at once; the others are reopened. */
#define MAX_OPEN	128

/* The path of part `name` of the -o stem: stem-name.pdn. */
static char *
part_path(const char *stem, const char *name)
{
	size_t n = strlen(stem);
	char *p;

	if (n > 4 && strcasecmp(stem + n - 4, ".pdn") == 0)
		n -= 4;
	if ((p = malloc(n + strlen(name) + 6)) == NULL)
		return NULL;
	memcpy(p, stem, n);
	sprintf(p + n, "-%s.pdn", name);
	return p;
}

/*
 * --split-by finds the file of a value, and whether a name is taken,
 * through two hash indexes of the parts, so that a run over many values
 * does not compare each game's value with every file's.  Names are
 * compared without case (partname.h): two that differ only in it are one
 * file on a case-insensitive file system.
 */
#define NONE_HASH	0x6e6f6e65ULL

static uint64_t
value_hash(int none, const char *v, size_t len)
{
	return none ? NONE_HASH : dup_hash(v, len) ^ (NONE_HASH + 1);
}

static void
index_put(size_t *ix, size_t cap, uint64_t h, size_t i)
{
	for (h &= cap - 1; ix[h] != 0; h = (h + 1) & (cap - 1))
		;
	ix[h] = i + 1;
}

/* Makes room in the indexes for one more part: 0, or -1. */
static int
index_grow(struct run *run)
{
	size_t cap, i, *v, *n;
	const struct part *pt;

	if (2 * (run->nparts + 1) <= run->icap)
		return 0;
	cap = run->icap == 0 ? 64 : 2 * run->icap;
	if ((v = calloc(cap, sizeof(*v))) == NULL ||
	    (n = calloc(cap, sizeof(*n))) == NULL) {
		free(v);
		return -1;
	}
	for (i = 0; i < run->nparts; i++) {
		pt = &run->parts[i];
		index_put(v, cap, value_hash(pt->none, pt->value, pt->len), i);
		index_put(n, cap, partname_hash(pt->name), i);
	}
	free(run->byvalue);
	free(run->byname);
	run->byvalue = v;
	run->byname = n;
	run->icap = cap;
	return 0;
}

static struct part *
find_value(const struct run *run, int none, const char *v, size_t len)
{
	uint64_t h = value_hash(none, v, len);
	const struct part *pt;
	size_t k;

	if (run->icap == 0)
		return NULL;
	for (k = h & (run->icap - 1); run->byvalue[k] != 0;
	    k = (k + 1) & (run->icap - 1)) {
		pt = &run->parts[run->byvalue[k] - 1];
		if (pt->none == none && (none || (pt->len == len &&
		    memcmp(pt->value, v, len) == 0)))
			return &run->parts[run->byvalue[k] - 1];
	}
	return NULL;
}

static int
name_taken(const struct run *run, const char *name)
{
	size_t k;

	if (run->icap == 0)
		return 0;
	for (k = partname_hash(name) & (run->icap - 1); run->byname[k] != 0;
	    k = (k + 1) & (run->icap - 1))
		if (partname_same(run->parts[run->byname[k] - 1].name, name))
			return 1;
	return 0;
}

static struct part *
new_part(struct run *run, const char *name)
{
	struct part *pt;
	char *path;

	if (chunk_grow((void **)&run->parts, &run->capparts, run->nparts + 1,
	    sizeof(*run->parts)) != 0 ||
	    (path = part_path(run->drv->output, name)) == NULL) {
		cli_warn("out of memory");
		return NULL;
	}
	pt = &run->parts[run->nparts];
	memset(pt, 0, sizeof(*pt));
	/* The output names itself by it, in its messages. */
	pt->path = path;
	pt->out = drv_output_also(run->drv, path, run->opt->split > 0 ?
	    "--split" : "--split-by");
	if (pt->out == NULL) {
		free(path);
		return NULL;
	}
	run->nparts++;
	run->nopen++;
	if ((pt->name = strdup(name)) == NULL) {
		cli_warn("out of memory");
		return NULL;
	}
	return pt;
}

/*
 * The most files of --split-by open at once: MAX_OPEN, or under a lower
 * limit of open files half of it (the inputs, the temporary files being
 * made need some too), at least 4.
 */
static size_t
max_open(void)
{
	static size_t max;
	struct rlimit rl;

	if (max == 0) {
		max = MAX_OPEN;
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 2 < max)
			max = rl.rlim_cur / 2 < 4 ? 4 : (size_t)rl.rlim_cur / 2;
	}
	return max;
}

/* Opens part pt again (closed to bound the files open), for appending. */
static int
reopen(struct run *run, struct part *pt)
{
	size_t i, lru = SIZE_MAX;

	if (pt->out->fp != NULL)
		return 0;
	if (run->nopen >= max_open()) {
		for (i = 0; i < run->nparts; i++)
			if (run->parts[i].out->fp != NULL &&
			    run->parts[i].out->tmp != NULL && (lru ==
			    SIZE_MAX || run->parts[i].used <
			    run->parts[lru].used))
				lru = i;
		if (lru != SIZE_MAX) {
			if (cli_output_finish(run->parts[lru].out) != 0)
				return -1;
			run->nopen--;
		}
	}
	if ((pt->out->fp = fopen(pt->out->tmp, "a")) == NULL) {
		cli_warn("%s: %s", pt->out->name, strerror(errno));
		return -1;
	}
	run->nopen++;
	return 0;
}

/* Whether a selected game goes to the file of the game written last. */
static int
to_last_part(const struct run *run, const struct batch *b,
    const struct item *it)
{
	const struct part *pt;

	if (run->nparts == 0)
		return 0;
	if (run->opt->split > 0)
		return run->ingame < run->opt->split;
	pt = find_value(run, it->slen == SIZE_MAX, b->arena.data + it->sval,
	    it->slen);
	return pt != NULL && pt->out->fp == run->fp;
}

/*
 * The file of --split or --split-by that a selected game goes to, or
 * NULL after saying why.
 */
static FILE *
part_fp(struct run *run, const struct batch *b, const struct item *it)
{
	char name[PARTNAME_BYTES + 32], base[PARTNAME_BYTES + 1];
	struct part *pt = NULL;
	size_t i, k;
	int none = it->slen == SIZE_MAX;
	const char *v = b->arena.data + it->sval;

	if (run->opt->split > 0) {
		if (run->nparts > 0 && run->ingame < run->opt->split)
			pt = &run->parts[run->nparts - 1];
		else {
			if (run->nparts > 0 && cli_output_finish(
			    run->parts[run->nparts - 1].out) != 0)
				return NULL;
			snprintf(name, sizeof(name), "%zu", run->nparts + 1);
			if ((pt = new_part(run, name)) == NULL)
				return NULL;
			run->ingame = 0;
		}
		run->ingame++;
		return pt->out->fp;
	}
	if ((pt = find_value(run, none, v, it->slen)) == NULL) {
		if (index_grow(run) != 0) {
			cli_warn("out of memory");
			return NULL;
		}
		if (none)
			strcpy(base, "none");
		else
			partname_make(base, v, it->slen);
		/*
		 * Two values that read alike, or alike but for case, get
		 * names of their own.
		 */
		strcpy(name, base);
		for (k = 2; name_taken(run, name); k++)
			snprintf(name, sizeof(name), "%s-%zu", base, k);
		if (run->nopen >= max_open()) {
			for (i = 0, k = SIZE_MAX; i < run->nparts; i++)
				if (run->parts[i].out->fp != NULL &&
				    run->parts[i].out->tmp != NULL &&
				    (k == SIZE_MAX || run->parts[i].used <
				    run->parts[k].used))
					k = i;
			if (k != SIZE_MAX) {
				if (cli_output_finish(run->parts[k].out) != 0)
					return NULL;
				run->nopen--;
			}
		}
		if ((pt = new_part(run, name)) == NULL)
			return NULL;
		pt->none = none;
		if (!none) {
			if ((pt->value = malloc(it->slen + 1)) == NULL) {
				cli_warn("out of memory");
				return NULL;
			}
			memcpy(pt->value, v, it->slen);
			pt->len = it->slen;
		}
		index_put(run->byvalue, run->icap, value_hash(none, pt->value,
		    pt->len), run->nparts - 1);
		index_put(run->byname, run->icap, partname_hash(pt->name),
		    run->nparts - 1);
	} else if (reopen(run, pt) != 0)
		return NULL;
	pt->used = ++run->clock;
	return pt->out->fp;
}

static void
print_record(const struct run *run, FILE *fp, const struct batch *b,
    const struct item *r, const struct chunk_base *at)
{
	const struct sel_opt *o = run->opt;
	int fmt = run->drv->fmt;
	const char *p = b->arena.data + r->vals;
	size_t i, len;

	if (fmt == FMT_TSV) {
		emit_tsv_cstr(fp, at->file);
		fprintf(fp, "\t%ld\t%ld\t%llu", r->game + at->game,
		    r->line + at->line,
		    (unsigned long long)(r->offset + at->offset));
	} else {
		fputs("{\"file\":", fp);
		emit_json_cstr(fp, at->file);
		fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
		    "\"tags\":{", r->game + at->game, r->line + at->line,
		    (unsigned long long)(r->offset + at->offset));
	}
	for (i = 0; i < o->ntags; i++) {
		memcpy(&len, p, sizeof(len));
		p += sizeof(len);
		if (fmt == FMT_TSV) {
			fputc('\t', fp);
			if (len != SIZE_MAX)
				emit_tsv_field(fp, p, len);
		} else {
			if (i > 0)
				fputc(',', fp);
			emit_json_cstr(fp, o->tags[i]);
			fputc(':', fp);
			if (len != SIZE_MAX)
				emit_json_str(fp, p, len);
			else
				fputs("null", fp);
		}
		if (len != SIZE_MAX)
			p += len;
	}
	fputs(fmt == FMT_TSV ? "\n" : "}}\n", fp);
}

/* The bytes of item it. */
static const char *
item_bytes(const struct batch *b, const struct item *it)
{
	return it->at != NULL ? it->at : b->body.data + it->text;
}

/*
 * Says that the game of item it, at base *at, is too large to be written
 * (copy-too-large, broken-too-large).
 */
static void
too_large(struct run *run, const struct item *it, const struct chunk_base *at)
{
	char msg[256];
	pdn_diag dg;

	if (it->lost == LOST_COPY)
		tooldiag_make(&dg, TOOLDIAG_COPY_TOO_LARGE, msg, sizeof(msg),
		    "more than %u bytes with what lies before it",
		    PDN_GAME_MAX_DEFAULT);
	else
		tooldiag_make(&dg, TOOLDIAG_BROKEN_TOO_LARGE, msg, sizeof(msg),
		    "more than %u bytes", PDN_GAME_MAX_DEFAULT);
	dg.file = at->file;
	dg.line = it->line + at->line;
	dg.col = 1;
	dg.game = it->game + at->game;
	drv_diag(&dg, run->drv);
}

/*
 * Writes the items of a batch, in input order, where they go, then
 * forgets them: a game to the output when it was selected and is no copy
 * of an earlier one, to the --dup-file when it is one, with the bytes
 * between games that came before it.
 */
void
write_items(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct item *it;
	FILE *to, *prev;
	size_t i, skip, cl;
	int dup, where;

	chunk_kept_print(&b->kd, 0, b->kd.n, at);
	chunk_kept_clear(&b->kd);
	for (i = 0; i < b->nit; i++) {
		it = &b->it[i];
		if (it->kind == IT_BYTES) {
			pdn_buf_add(&run->carry, b->body.data + it->text,
			    it->len);
			continue;
		}
		dup = it->sel && it->copy;
		if (it->sel && run->opt->dedup && !it->copy && (dup = dup_seen(
		    run->dups, it->keylen > 0 ? b->keys.data + it->key : NULL,
		    it->keylen, it->hash, it->span.offset + at->offset,
		    it->span.len == 0 ? NULL : it->ktext != SIZE_MAX ?
		    b->keys.data + it->ktext : item_bytes(b, it) +
		    it->len - it->span.len, it->span.len, it->thash)) < 0) {
			if (run->status < 2)
				cli_warn("out of memory");
			run->status = 2;
			dup = 0;
		}
		/* -U: the copies are the games written, the others none. */
		where = !it->sel ? 0 : dup ? 2 : 1;
		if (run->opt->onlydups)
			where = where == 2 ? 1 : 0;
		to = where == 1 ? run->fp : where == 2 ? run->dupfp : NULL;
		skip = 0;
		if (where == 1 && run->splitting) {
			/*
			 * The blank lines after a game end its file rather
			 * than start the next one's (before part_fp(), which
			 * may close that file).
			 */
			prev = run->fp;
			/*
			 * With -j N the blank lines after the last game of a
			 * chunk come first, as bytes between games (carry):
			 * with the game's own, they are what a stream reads
			 * before it.  Bytes that are no blank there (junk)
			 * go with the game, and so do those blanks.
			 */
			cl = batch_lead(run->carry.data, run->carry.len);
			if (prev != NULL && !run->split_failed &&
			    cl == run->carry.len && cl + it->lead > 0 &&
			    !to_last_part(run, b, it)) {
				if (cl > 0)
					fwrite(run->carry.data, 1, cl, prev);
				run->carry.len = 0;
				if (it->lead > 0)
					fwrite(item_bytes(b, it), 1, it->lead,
					    prev);
				skip = it->lead;
			}
			/* What follows the input's last game goes here. */
			if (run->split_failed ||
			    (to = part_fp(run, b, it)) == NULL) {
				/* Said once; nothing will be renamed. */
				run->split_failed = 1;
				to = NULL;
				run->status = 2;
				where = 0;
			} else
				run->fp = to;
		}
		/* Said of a game that goes somewhere (not a copy dropped). */
		if (it->lost != LOST_NONE && to != NULL) {
			too_large(run, it, at);
			run->status = 2;
		}
		run->games++;
		run->selected += it->sel;
		run->dropped += dup;
		if (to != NULL && run->carry.len > 0)
			fwrite(run->carry.data, 1, run->carry.len, to);
		run->carry.len = 0;
		if (to == NULL)
			continue;
		if (where == 1)
			run->to_out = 1;
		else
			run->to_dup = 1;
		if (run->drv->fmt == FMT_TSV || run->drv->fmt == FMT_JSON) {
			if (!run->drv->quiet && !run->opt->count)
				print_record(run, to, b, it, at);
		} else if (it->len > skip)
			fwrite(item_bytes(b, it) + skip, 1,
			    it->len - skip, to);
	}
	b->body.len = b->arena.len = b->keys.len = 0;
	b->nit = 0;
}

/* Writes a batch (struct chunk_tool's print). */
void
write_batch(void *arg, void *batch, const struct chunk_base *at)
{
	struct run *run = arg;
	struct batch *b = batch;

	write_items(run, b, at);
	/* A stream's games were counted as they came. */
	if (!b->live)
		drv_progress(run->drv, (uint64_t)b->games, at->offset);
}

int
write_input_end(struct run *run)
{
	int st = 0;

	if (run->carry.oom) {
		cli_warn("out of memory");
		st = 2;
	}
	if (run->to_out && run->fp != NULL && run->carry.len > 0)
		fwrite(run->carry.data, 1, run->carry.len, run->fp);
	if (run->to_dup && run->dupfp != NULL && run->carry.len > 0)
		fwrite(run->carry.data, 1, run->carry.len, run->dupfp);
	run->carry.len = 0;
	run->to_out = run->to_dup = 0;
	return st;
}

void
write_free(struct run *run)
{
	size_t i;

	for (i = 0; i < run->nparts; i++) {
		free(run->parts[i].value);
		free(run->parts[i].name);
		free(run->parts[i].path);
	}
	free(run->parts);
	free(run->byvalue);
	free(run->byname);
	pdn_buf_free(&run->carry);
}
