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
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
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

enum { ST_VALID, ST_INVALID, ST_UNSUPPORTED, ST_NONE };

struct rgame {
	long game, line;
	uint64_t offset;
	int status;		/* ST_*; ST_NONE: diagnostics of no game */
	size_t d0, nd;		/* its diagnostics */
};

/* The results of a stream or of a chunk. */
struct batch {
	struct kept_diags kd;
	struct rgame *g;
	size_t ng, capg;
	size_t pending;		/* first diagnostic not yet given a game */
	long games, valid, invalid, unsupported;
	int oom;
};

/* A pdn_diag_fn: keeps the diagnostic for the game it belongs to. */
static void
collect(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;

	if (d->severity == PDN_SEV_NOTE && !opt.verbose)
		return;
	kept_add(&b->kd, d, opt.strict && d->severity == PDN_SEV_WARNING ?
	    PDN_SEV_ERROR : d->severity);
}

/* Gives the diagnostics collected since the last game to a record. */
static void
add_record(struct batch *b, long game, long line, uint64_t offset,
    int status)
{
	struct rgame *r;

	if (status == ST_NONE && b->pending == b->kd.n)
		return;
	/* A valid game with nothing to say is only counted, in text. */
	if (opt.fmt == FMT_TEXT && b->pending == b->kd.n)
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
	int rc, status;
	size_t i;

	ro.flags = opt.flags;
	ro.diag = collect;
	ro.diag_arg = b;
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		if (pdn_replay_game(&pg, rp, g, &ro) != 0) {
			b->oom = 1;
			break;
		}
		switch (pdn_played_status(pg)) {
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
			for (i = b->pending; i < b->kd.n; i++)
				if (b->kd.d[i].sev == PDN_SEV_ERROR)
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
			print_records(arg, b, live);
	}
	add_record(b, 0, 0, 0, ST_NONE);
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
	const char *s;
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
	for (s = at->file; *s != '\0'; s++)
		fputc(*s == '\t' || *s == '\n' ? ' ' : *s, fp);
	fprintf(fp, "\t%ld\t%ld\t%llu\t%s\t%ld\t%ld\t", r->game + at->game,
	    r->line + at->line, (unsigned long long)(r->offset + at->offset),
	    status_name[r->status], ne, nw);
	if (first != NULL) {
		fprintf(fp, "%ld:%ld: %s: ", first->line + at->line, first->col,
		    pdn_diag_name(first->code));
		if (first->move != (size_t)-1)
			fprintf(fp, "ply %ld %s: ", first->ply,
			    kept_str(&b->kd, first->move));
		for (s = kept_str(&b->kd, first->msg); *s != '\0'; s++)
			fputc(*s == '\t' || *s == '\n' ? ' ' : *s, fp);
	}
	fputc('\n', fp);
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
		json_cstr(fp, kept_str(&b->kd, d->move));
		fputs(",\"code\":", fp);
		json_cstr(fp, pdn_diag_name(d->code));
		fputs(",\"message\":", fp);
		json_cstr(fp, kept_str(&b->kd, d->msg));
		fputc('}', fp);
	}
	fputc(']', fp);
}

static void
print_json(FILE *fp, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at)
{
	fputs("{\"file\":", fp);
	json_cstr(fp, at->file);
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
    const struct chunk_base *at, int errors)
{
	const struct kept_diag *d;
	size_t i;

	y_seq(y, 1);
	for (i = r->d0; i < r->d0 + r->nd; i++) {
		d = &b->kd.d[i];
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
		y_str(y, kept_str(&b->kd, d->move));
		y_key(y, "code");
		y_str(y, pdn_diag_name(d->code));
		y_key(y, "message");
		y_str(y, kept_str(&b->kd, d->msg));
		y_map(y, 0);
	}
	y_seq(y, 0);
}

static void
print_yaml(struct yout *y, const struct batch *b, const struct rgame *r,
    const struct chunk_base *at)
{
	y_doc(y, 1);
	y_map(y, 1);
	y_key(y, "file");
	y_str(y, at->file);
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
print_records(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct rgame *r;
	size_t i;

	for (i = 0; i < b->ng && !opt.quiet; i++) {
		r = &b->g[i];
		/* Diagnostics of no game exist only as text. */
		if (r->status == ST_NONE || opt.fmt == FMT_TEXT) {
			kept_print(&b->kd, r->d0, r->nd, at);
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
	b->ng = b->pending = 0;
	kept_clear(&b->kd);
}

/* Prints what is left of a batch and adds up its counts. */
static void
print_batch(void *arg, void *batch, const struct chunk_base *at)
{
	struct run *run = arg;
	struct batch *b = batch;

	print_records(run, b, at);
	run->games += b->games;
	run->valid += b->valid;
	run->invalid += b->invalid;
	run->unsupported += b->unsupported;
}

static void
batch_free(void *batch)
{
	struct batch *b = batch;

	kept_free(&b->kd);
	free(b->g);
}

static const struct chunk_tool tool = {
	collect, sizeof(struct batch), batch_free, validate, print_batch, 0
};

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
run_file(struct run *run, const char *path, void *const *rp, int jobs)
{
	struct cli_input in;
	int st;

	if (cli_input_open(&in, path) != 0)
		return 2;
	st = chunks_run(&tool, run, rp, jobs, &in);
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
	void *rp[256];		/* a replay handle per job */
	pdn_replay *h;
	long jobs = 1;
	int ch, i, st, nrp;

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

	for (nrp = 0; nrp < jobs; nrp++) {
		if (pdn_replay_new(&h) != 0) {
			cli_warn("out of memory");
			st = 2;
			goto out;
		}
		rp[nrp] = h;
	}
	/* Quiet prints nothing, so it does not replace the -o file either. */
	st = 2;
	if (cli_output_open(&output, opt.quiet ? NULL : outname) != 0)
		goto out;
	run.fp = output.fp;
	if (opt.fmt == FMT_YAML && !opt.quiet &&
	    yout_open(&run.y, run.fp) != 0) {
		cli_output_close(&output);
		goto out;
	}
	if (argc == 0)
		run.status = run_file(&run, "-", rp, (int)jobs);
	for (i = 0; i < argc; i++) {
		st = run_file(&run, argv[i], rp, (int)jobs);
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
	st = run.status;
out:
	while (nrp > 0)
		pdn_replay_free(rp[--nrp]);
	return st;
}
