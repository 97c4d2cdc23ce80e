/*
 * pdn-validate: read PDN and check every move of every game by the rules,
 * with the reader's own diagnostics; text diagnostics, or one record per
 * game as TSV, JSON Lines or YAML.  See pdn-validate(1).
 *
 * With -j N the input is cut into chunks at game boundaries (chunks.h);
 * N threads read and replay the chunks, and the main thread prints their
 * results in input order, renumbering games, lines and offsets, so that
 * the output is the same as with -j 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "emit.h"
#include <pdn/pdn.h>

enum format { FMT_TEXT, FMT_TSV, FMT_JSON, FMT_YAML };
static const char *const formats[] = { "text", "tsv", "json", "yaml", NULL };

static const char *const tsv_columns[] = {
	"file", "game", "line", "offset", "status", "errors", "warnings",
	"first_error", "variations_invalid", NULL
};

/* The run's options (the driver's), for the callbacks. */
static struct drv drv;

/* --- results of games, kept until they are printed ------------------- */

enum { ST_VALID, ST_INVALID, ST_UNSUPPORTED, ST_NONE };

struct rgame {
	long game, line;
	uint64_t offset;
	int status;		/* ST_*; ST_NONE: diagnostics of no game */
	int badvar;		/* its variations that do not replay */
	size_t d0, nd;		/* its diagnostics */
};

/* The results of a stream or of a chunk. */
struct batch {
	struct kept_diags kd;
	struct rgame *g;
	size_t ng, capg;
	size_t pending;		/* first diagnostic not yet given a game */
	int live;		/* a stream, printed game by game */
	long games, valid, invalid, unsupported;
	long badvar;		/* games with variations that do not replay */
	int oom;
};

/* A pdn_diag_fn: keeps the diagnostic for the game it belongs to. */
static void
collect(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;

	/* Kept for the records; shown or not when printed. */
	if ((d->severity == PDN_SEV_NOTE && drv.min > PDN_SEV_NOTE) ||
	    drv_diag_off(&drv, d))
		return;
	chunk_kept_add(&b->kd, d, drv_severity(&drv, d));
}

/* Gives the diagnostics collected since the last game to a record. */
static void
add_record(struct batch *b, long game, long line, uint64_t offset,
    int status, int badvar)
{
	struct rgame *r;

	if (status == ST_NONE && b->pending == b->kd.n)
		return;
	/* A valid game with nothing to say is only counted, in text. */
	if (drv.fmt == FMT_TEXT && b->pending == b->kd.n)
		return;
	if (chunk_grow((void **)&b->g, &b->capg, b->ng + 1,
	    sizeof(*b->g)) != 0) {
		b->oom = 1;
		return;
	}
	r = &b->g[b->ng++];
	r->game = game;
	r->line = line;
	r->offset = offset;
	r->status = status;
	r->badvar = badvar;
	r->d0 = b->pending;
	r->nd = b->kd.n - b->pending;
	b->pending = b->kd.n;
}

struct run;
static void print_records(struct run *run, struct batch *b,
    const struct chunk_base *at);

/*
 * The work of a chunk or a stream (struct chunk_tool): validates the games
 * of a reader of input `in` into the batch with the replay handle ctx.
 * With `live` set, each game's record is printed as soon as it is made
 * (on the main thread); else they are kept for later.  Returns 0, or 2
 * after a read error or when out of memory.
 */
static int
validate(void *arg, pdn_reader *r, const struct cli_input *in, void *ctx,
    void *batch, const struct chunk_base *live, long *games)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	pdn_replay *rp = ctx;
	struct batch *b = batch;
	const pdn_game *g;
	const pdn_played *pg;
	int rc, status, badvar;
	size_t i;

	drv_replay_options(&drv, &ro);
	b->live = live != NULL;
	while ((rc = drv_reader_next(&drv, &g, r)) == 1) {
		if (pdn_replay_game(&pg, rp, g, &ro) != 0) {
			b->oom = 1;
			break;
		}
		/* The replay's diagnostics, kept by the played game. */
		drv_played_diags(pg, collect, b);
		switch (pdn_played_status(pg)) {
		case PDN_REPLAY_VALID:
			status = ST_VALID;
			break;
		case PDN_REPLAY_INVALID:
			status = ST_INVALID;
			break;
		default:
			/* A game of another variant is not judged. */
			status = ST_UNSUPPORTED;
		}
		if ((drv.strict || drv.wraised) && status == ST_VALID)
			for (i = b->pending; i < b->kd.n; i++)
				if (b->kd.d[i].sev == PDN_SEV_ERROR)
					status = ST_INVALID;
		/*
		 * The main line is the game: a variation that does not
		 * replay is counted apart (and under --strict its warning,
		 * an error then, has made the game invalid above).
		 */
		badvar = pdn_played_invalid_variations(pg);
		if (badvar > 0)
			b->badvar++;
		b->games++;
		if (status == ST_VALID)
			b->valid++;
		else if (status == ST_INVALID)
			b->invalid++;
		else
			b->unsupported++;
		add_record(b, g->index, g->line, g->offset, status, badvar);
		if (live != NULL) {
			print_records(arg, b, live);
			drv_progress(&drv, 1, g->offset + live->offset);
		}
	}
	add_record(b, 0, 0, 0, ST_NONE, 0);
	if (live != NULL)
		print_records(arg, b, live);
	*games = b->games;
	if (b->oom || b->kd.oom)
		return 2;
	return cli_input_end(in, rc);
}

/* --- printing ----------------------------------------------------------- */

static const char *const status_name[] = {
	"valid", "invalid", "unsupported", "none"
};

static void
print_tsv(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at)
{
	const struct kept_diag *d, *first = NULL;
	long ne = 0, nw = 0;
	size_t i;

	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->kd.d[i];
		if (d->sev == PDN_SEV_ERROR) {
			if (first == NULL)
				first = d;
			ne++;
		} else if (d->sev == PDN_SEV_WARNING)
			nw++;
	}
	emit_tsv_cstr(fp, at->file);
	fprintf(fp, "\t%ld\t%ld\t%llu\t%s\t%ld\t%ld\t", r->game + at->game,
	    r->line + at->line, (unsigned long long)(r->offset + at->offset),
	    status_name[r->status], ne, nw);
	if (first != NULL) {
		fprintf(fp, "%ld:%ld: %s: ", first->line + at->line, first->col,
		    pdn_diag_name(first->code));
		if (first->move != (size_t)-1) {
			fprintf(fp, "ply %ld ", first->ply);
			emit_tsv_cstr(fp, chunk_kept_str(&b->kd, first->move));
			fputs(": ", fp);
		}
		emit_tsv_cstr(fp, chunk_kept_str(&b->kd, first->msg));
	}
	fprintf(fp, "\t%d\n", r->badvar);
}

static void
json_diags(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at, int errors)
{
	const struct kept_diag *d;
	size_t i;
	int n = 0;

	fputc('[', fp);
	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->kd.d[i];
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
		emit_json_cstr(fp, chunk_kept_str(&b->kd, d->move));
		fputs(",\"code\":", fp);
		emit_json_cstr(fp, pdn_diag_name(d->code));
		fputs(",\"message\":", fp);
		emit_json_cstr(fp, chunk_kept_str(&b->kd, d->msg));
		fputc('}', fp);
	}
	fputc(']', fp);
}

static void
print_json(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at)
{
	fputs("{\"file\":", fp);
	emit_json_cstr(fp, at->file);
	fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
	    "\"status\":\"%s\",\"valid\":%s,\"errors\":", r->game + at->game,
	    r->line + at->line, (unsigned long long)(r->offset + at->offset),
	    status_name[r->status], r->status == ST_VALID ? "true" :
	    r->status == ST_INVALID ? "false" : "null");
	json_diags(fp, b, r, at, 1);
	fputs(",\"warnings\":", fp);
	json_diags(fp, b, r, at, 0);
	fprintf(fp, ",\"variations_invalid\":%d}\n", r->badvar);
}

static void
yaml_diags(struct yout *y, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at, int errors)
{
	const struct kept_diag *d;
	size_t i;

	emit_yaml_seq(y, 1);
	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->kd.d[i];
		if ((d->sev == PDN_SEV_ERROR) != errors ||
		    d->sev == PDN_SEV_NOTE)
			continue;
		emit_yaml_map(y, 1);
		emit_yaml_num_at(y, "line", d->line + at->line);
		emit_yaml_num_at(y, "col", d->col);
		emit_yaml_key(y, "ply");
		emit_yaml_num_or_null(y, d->ply, d->ply > 0);
		emit_yaml_str_at(y, "move", chunk_kept_str(&b->kd, d->move));
		emit_yaml_str_at(y, "code", pdn_diag_name(d->code));
		emit_yaml_str_at(y, "message", chunk_kept_str(&b->kd, d->msg));
		emit_yaml_map(y, 0);
	}
	emit_yaml_seq(y, 0);
}

static void
print_yaml(struct yout *y, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at)
{
	emit_yaml_doc(y, 1);
	emit_yaml_map(y, 1);
	emit_yaml_str_at(y, "file", at->file);
	emit_yaml_num_at(y, "game", r->game + at->game);
	emit_yaml_num_at(y, "line", r->line + at->line);
	emit_yaml_num_at(y, "offset", (long long)(r->offset + at->offset));
	emit_yaml_key(y, "status");
	emit_yaml_scalar(y, status_name[r->status],
	    strlen(status_name[r->status]), 0);
	emit_yaml_key(y, "valid");
	if (r->status == ST_VALID || r->status == ST_INVALID)
		emit_yaml_bool(y, r->status == ST_VALID);
	else
		emit_yaml_scalar(y, "null", 4, 0);
	emit_yaml_key(y, "errors");
	yaml_diags(y, b, r, at, 1);
	emit_yaml_key(y, "warnings");
	yaml_diags(y, b, r, at, 0);
	emit_yaml_num_at(y, "variations_invalid", r->badvar);
	emit_yaml_map(y, 0);
	emit_yaml_doc(y, 0);
}

/* Totals of the whole run, the output, a replay handle per job. */
struct run {
	long games, valid, invalid, unsupported, badvar;
	FILE *fp;
	struct yout y;
	void *rp[DRV_MAX_JOBS];
};

/* Prints a batch's records, then forgets them. */
static void
print_records(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct rgame *r;
	size_t i, k;

	for (i = 0; i < b->ng && !drv.quiet; i++) {
		r = &b->g[i];
		/* Diagnostics of no game exist only as text. */
		if (r->status == ST_NONE || drv.fmt == FMT_TEXT) {
			for (k = r->d0; k < r->d0 + r->nd; k++)
				if (drv_shown(&drv, b->kd.d[k].sev) >= 0)
					chunk_kept_print(&b->kd, k, 1, at);
			continue;
		}
		switch (drv.fmt) {
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
	b->ng = b->pending = 0;
	chunk_kept_clear(&b->kd);
}

/* Prints what is left of a batch and adds up its counts. */
static void
print_batch(void *arg, void *batch, const struct chunk_base *at)
{
	struct run *run = arg;
	struct batch *b = batch;

	print_records(run, b, at);
	/* A stream's games were counted as they came. */
	if (!b->live)
		drv_progress(&drv, (uint64_t)b->games, at->offset);
	run->games += b->games;
	run->valid += b->valid;
	run->invalid += b->invalid;
	run->unsupported += b->unsupported;
	run->badvar += b->badvar;
}

static void
batch_free(void *batch)
{
	struct batch *b = batch;

	chunk_kept_free(&b->kd);
	free(b->g);
}

static struct chunk_tool tool = {
	collect, sizeof(struct batch), batch_free, validate, print_batch, 0, 0,
	0, NULL, NULL
};

/* --- main --------------------------------------------------------------- */

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_JOBS | DRV_LENIENT |
	    DRV_STRICT | DRV_RESULT_ORDER | DRV_READS,
	formats, "text (diagnostics, the default), tsv, json or yaml",
	NULL, NULL, "games", NULL, NULL, NULL
};

/* A job's context: a replay handle (NULL when out of memory). */
static void *
replay_make(void *arg)
{
	pdn_replay *h;

	(void)arg;
	return pdn_replay_new(&h) == 0 ? h : NULL;
}

static int
run_file(void *arg, struct drv *d, struct cli_input *in)
{
	struct run *run = arg;

	return chunks_run(&tool, run, run->rp, d->jobs, in);
}

int
main(int argc, char **argv)
{
	struct cli_output *output;
	struct run run;
	int st, nrp = 0;

	if ((st = drv_start(&drv, &tool_def, NULL, argc, argv)) >= 0)
		return st;
	memset(&run, 0, sizeof(run));
	tool.gametype = drv.gametype;
	tool.drv = &drv;
	st = 2;
	if ((nrp = chunks_contexts(run.rp, drv.jobs, replay_make, NULL)) <
	    drv.jobs)
		goto out;
	if ((output = drv_records(&drv)) == NULL)
		goto out;
	run.fp = output->fp;
	if (drv.fmt == FMT_TEXT) {
		/* The report is the diagnostics: into -o FILE if given. */
		if (output->fp != stdout)
			cli_diag_stream(output->fp);
		drv.tty_records = 0;
	}
	if (drv.fmt == FMT_YAML && !drv.quiet &&
	    emit_yaml_open(&run.y, run.fp) != 0)
		goto out;
	if (drv.fmt == FMT_TSV)
		drv_tsv_header(&drv, run.fp, tsv_columns);
	st = drv_run(&drv, run_file, &run);
	if (drv.fmt == FMT_YAML && !drv.quiet && emit_yaml_close(&run.y) != 0)
		st = 2;
	/* A write error is said before the summary. */
	cli_diag_stream(NULL);
	if (cli_output_finish(output) != 0)
		st = 2;
	/* After the records (cli_warn flushes them first). */
	/* The games with variations that do not replay, when there are. */
	if (!drv.quiet && run.badvar > 0)
		cli_warn("%ld game%s: %ld valid, %ld invalid, %ld unsupported; "
		    "%ld with variations that do not replay", run.games,
		    run.games == 1 ? "" : "s", run.valid, run.invalid,
		    run.unsupported, run.badvar);
	else if (!drv.quiet)
		cli_warn("%ld game%s: %ld valid, %ld invalid, %ld unsupported",
		    run.games, run.games == 1 ? "" : "s", run.valid,
		    run.invalid, run.unsupported);
	if (st == 0 && run.invalid > 0)
		st = 1;
out:
	st = drv_end(&drv, st);
	while (nrp > 0)
		pdn_replay_free(run.rp[--nrp]);
	return st;
}
