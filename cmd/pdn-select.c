/*
 * pdn-select: read PDN and write the games that match the criteria, each
 * exactly as it was read (the default), canonically (-f pdn), or as one
 * record per game (-f tsv, json); or only their number (--count).  See
 * pdn-select(1).
 *
 * Selection by tags reads the games and never replays them: the reader
 * keeps no moves (skip_moves), finding the same games several times
 * faster than when it keeps them.  As read, a game is written with the bytes
 * before it that belong to it, so that selecting every game gives back
 * the input byte for byte: the reader (keep_raw 2) gives each game's text
 * and what lies between it and the game before (blank lines, a byte order
 * mark), which is the game's; the bytes after the last game of an input
 * go at the end to each output that got a game of it.  -D on a file
 * concatenated with itself then writes the file.
 *
 * With -j N the input is cut into chunks at game boundaries (chunks.h);
 * the threads select, the main thread writes in input order, and decides
 * there what is a copy of an earlier game (-D): it alone knows them all.
 *
 * This file reads the options (into a struct sel_opt, select/options.h)
 * and runs the driver; the jobs are pdn-select's modules in cmd/select/:
 * the criteria (criteria.h), -D (dups.h), the games read and judged
 * (batch.h) and their writing (write.h).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "drv_options.h"
#include "drv_run.h"
#include <pdn/pdn.h>
#include "batch.h"
#include "criteria.h"
#include "dups.h"
#include "options.h"
#include "pick.h"
#include "run.h"
#include "write.h"

static const char *const formats[] = { "raw", "pdn", "tsv", "json", NULL };

/* In the order of ST_* (criteria.h) and of pdn_verdict. */
static const char *const status_names[] = {
	"valid", "invalid", "unsupported", NULL
};
static const char *const verdict_names[] = {
	"agree", "disagree", "continues", "undecided", "invalid", "unsupported",
	NULL
};

enum {
	OPT_PLAYER = DRV_K_OWN, OPT_RESULT, OPT_WINNER, OPT_LOSER, OPT_COUNT, OPT_TAGS, OPT_STATUS,
	OPT_VERDICT, OPT_PLIES, OPT_FEN, OPT_MATERIAL,
	OPT_DUPBY, OPT_DUPFILE, OPT_SUMMARY, OPT_SPLIT, OPT_SPLITBY,
	OPT_STRIP, OPT_ADD, OPT_PLYLIMIT, OPT_DROPPLY, OPT_SPLITVAR
};

static const struct drv_option options[] = {
	{ 't', "tag", "expr", "'NAME OP VALUE'",
	    "games whose tag NAME compares so with VALUE; OP one of = != "
	    "~ (contains, any case or accent) < > <= >=" },
	{ 'T', "criteria", "file", "FILE",
	    "games that meet one line of FILE (criteria as -t, "
	    "tab-separated)" },
	{ OPT_PLAYER, "player", "name", "NAME",
	    "games where White or Black contains NAME (any case or "
	    "accent, word by word)" },
	{ OPT_RESULT, "result", "result", "RESULT",
	    "games with this result, in either notation (2-0 is 1-0)" },
	{ OPT_WINNER, "winner", "name", "NAME",
	    "games that a player whose name contains NAME (as --player) "
	    "won" },
	{ OPT_LOSER, "loser", "name", "NAME",
	    "games that a player whose name contains NAME (as --player) "
	    "lost" },
	{ 'v', "invert", NULL, NULL, "the games that do not match instead" },
	{ OPT_COUNT, "count", NULL, NULL,
	    "print only the number of games selected (with -D, kept)" },
	{ OPT_STATUS, "status", "status", "valid|invalid|unsupported",
	    "games that pdn-validate judges so" },
	{ OPT_VERDICT, "verdict", "verdict",
	    "agree|disagree|continues|undecided|invalid|unsupported",
	    "games that pdn-adjudicate judges so (with --rules)" },
	{ OPT_PLIES, "plies", "min-max", "MIN-MAX",
	    "games of MIN to MAX plies in the main line (MIN-, -MAX)" },
	{ OPT_FEN, "fen", "fen", "FEN",
	    "games whose main line reaches this position" },
	{ OPT_MATERIAL, "material", "w:b", "W:B",
	    "games whose main line reaches these piece counts (1K:3: a "
	    "white king alone against three black pieces; * any number)" },
	{ 'D', "dedup", NULL, NULL,
	    "drop the later copies of a game: the same setup and main line" },
	{ 'U', "only-dups", NULL, NULL,
	    "write only the copies that -D drops, not the first of each "
	    "game (implies -D)" },
	{ 'c', "check-file", "file", "FILE",
	    "leave out the games that are copies of a game of FILE, as -D "
	    "finds them" },
	{ OPT_DUPBY, "dup-by", "key", "main|final|plies:N",
	    "copies are games of the same main line (the default), final "
	    "position, or first N plies (implies -D)" },
	{ OPT_DUPFILE, "dup-file", "file", "FILE",
	    "write the copies dropped to FILE (implies -D)" },
	{ OPT_SUMMARY, "summary", NULL, NULL,
	    "say at the end how many games were read, selected, dropped, "
	    "written" },
	{ OPT_SPLIT, "split", "n", "N",
	    "write N games a file, named from -o's stem: out-1.pdn, "
	    "out-2.pdn..." },
	{ OPT_SPLITBY, "split-by", "tag", "TAG",
	    "write a file per value of TAG, named from -o's stem: "
	    "out-VALUE.pdn (out-none.pdn: no such tag)" },
	{ OPT_STRIP, "strip", "list", "comments,variations,nags,clocks",
	    "leave these out of the games written (canonical)" },
	{ OPT_ADD, "add", "list", "plycount,fen,hash,fen-every",
	    "add the tags PlyCount, FinalFEN, Hash, a FEN comment after "
	    "every move (canonical)" },
	{ OPT_PLYLIMIT, "plylimit", "n", "N",
	    "cut each game's main line after N plies, its result then * "
	    "(canonical)" },
	{ OPT_DROPPLY, "dropply", "n", "N",
	    "leave out the first N plies (-N: all but the last N), the game "
	    "set up where they lead (canonical)" },
	{ OPT_SPLITVAR, "split-variations", NULL, NULL,
	    "write each variation as a game of its own, set up where it "
	    "starts, after its game without them (canonical)" },
	{ OPT_TAGS, "tags", "list", "LIST",
	    "the tags of a tsv or json record, comma-separated (default: "
	    "the seven-tag roster)" },
	{ 0, NULL, NULL, NULL, NULL }
};

/* --tags: a comma-separated list of tag names. */
static int
set_tags(struct sel_opt *o, struct drv *d, const char *value)
{
	char *p, *q;
	size_t n = 1, i, k;

	for (p = (char *)(uintptr_t)value; *p != '\0'; p++)
		n += *p == ',';
	free(o->tagsbuf);
	free(o->tags);
	if ((o->tagsbuf = strdup(value)) == NULL ||
	    (o->tags = calloc(n + 1, sizeof(*o->tags))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	o->ntags = 0;
	for (p = o->tagsbuf; p != NULL; p = q) {
		if ((q = strchr(p, ',')) != NULL)
			*q++ = '\0';
		o->tags[o->ntags++] = p;
	}
	for (i = 0; i < o->ntags; i++) {
		if (o->tags[i][0] == '\0' || strchr(o->tags[i], ' ') != NULL)
			break;
		/* A JSON record holds a name once. */
		for (k = 0; k < i && strcmp(o->tags[k], o->tags[i]) != 0;
		    k++)
			;
		if (k < i)
			break;
	}
	if (o->ntags == 0 || i < o->ntags)
		return drv_bad_value(d, "--tags", value,
		    "tag names separated by commas, each once");
	return 0;
}

/* A number of plies, or -1 for none; the end of it in *end. */
static long
plies_number(const char *s, const char **end)
{
	long v = 0;

	if (*s < '0' || *s > '9') {
		*end = s;
		return -1;
	}
	for (; *s >= '0' && *s <= '9'; s++)
		if ((v = v * 10 + (*s - '0')) > 1000000000L)
			v = 1000000000L;
	*end = s;
	return v;
}

/* --plies MIN-MAX, MIN-, -MAX or N. */
static int
set_plies(struct criteria *cr, struct drv *d, const char *value)
{
	const char *p;
	long lo, hi;

	lo = plies_number(value, &p);
	if (*p == '\0' && lo >= 0)
		hi = lo;
	else if (*p == '-') {
		hi = plies_number(p + 1, &p);
		if (*p != '\0' || (lo < 0 && hi < 0))
			lo = hi = -2;
		if (lo == -1)
			lo = 0;
		if (hi == -1)
			hi = LONG_MAX;
	} else
		lo = hi = -2;
	if (lo < 0 || hi < lo)
		return drv_bad_value(d, "--plies", value,
		    "MIN-MAX, MIN-, -MAX or N, MIN at most MAX");
	cr->pmin = lo;
	cr->pmax = hi;
	return 0;
}

/*
 * A comma-separated list of words of names (NULL-ended) into bits
 * (names[i]: bit i).  Returns 0, or -1.
 */
static int
word_bits(const char *value, const char *const *names, unsigned *bits)
{
	const char *p = value, *q;
	size_t n;
	int i;

	*bits = 0;
	for (;;) {
		q = strchr(p, ',');
		n = q != NULL ? (size_t)(q - p) : strlen(p);
		for (i = 0; names[i] != NULL; i++)
			if (strlen(names[i]) == n && strncmp(p, names[i], n) == 0)
				break;
		if (names[i] == NULL)
			return -1;
		*bits |= 1u << i;
		if (q == NULL)
			return 0;
		p = q + 1;
	}
}

/* The index of s in names (NULL-ended), or -1. */
static int
word(const char *s, const char *const *names)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	struct sel_opt *o = arg;
	const char *why;
	long n;

	switch (key) {
	case OPT_STATUS:
		if ((o->crit.status = word(value, status_names)) < 0)
			return drv_bad_value(d, "--status", value,
			    "valid, invalid or unsupported");
		return 0;
	case OPT_VERDICT:
		if ((o->crit.verdict = word(value, verdict_names)) < 0)
			return drv_bad_value(d, "--verdict", value,
			    "agree, disagree, continues, undecided, invalid or "
			    "unsupported");
		return 0;
	case OPT_PLIES:
		return set_plies(&o->crit, d, value);
	case OPT_FEN:
		return criteria_add_fen(&o->crit, d, value);
	case OPT_MATERIAL:
		return criteria_add_material(&o->crit, d, value);
	case 't':
		return criteria_add_tag(&o->crit, d, value);
	case 'T':
		return criteria_read(&o->crit, value);
	case OPT_PLAYER:
		return criteria_add_player(&o->crit, value);
	case OPT_RESULT:
		return criteria_add_result(&o->crit, d, value);
	case OPT_WINNER:
	case OPT_LOSER:
		return criteria_add_winner(&o->crit, value, key == OPT_LOSER);
	case 'v':
		o->invert = 1;
		return 0;
	case 'D':
		o->dedup = 1;
		return 0;
	case 'U':
		o->dedup = o->onlydups = 1;
		return 0;
	case 'c':
		o->checkfile = value;
		return 0;
	case OPT_DUPBY:
		o->dedup = 1;
		if (strcmp(value, "main") == 0)
			o->dupby.what = DUP_MAIN;
		else if (strcmp(value, "final") == 0)
			o->dupby.what = DUP_FINAL;
		else if (strncmp(value, "plies:", 6) == 0 &&
		    (n = plies_number(value + 6, &why)) > 0 && *why == '\0') {
			o->dupby.what = DUP_PLIES;
			o->dupby.plies = n;
		} else
			return drv_bad_value(d, "--dup-by", value,
			    "main, final or plies:N, N at least 1");
		return 0;
	case OPT_DUPFILE:
		o->dedup = 1;
		o->dupfile = value;
		return 0;
	case OPT_SUMMARY:
		o->summary = 1;
		return 0;
	case OPT_COUNT:
		o->count = 1;
		return 0;
	case OPT_TAGS:
		return set_tags(o, d, value);
	case OPT_SPLIT:
		n = plies_number(value, &why);
		if (*why != '\0' || n < 1)
			return drv_bad_value(d, "--split", value,
			    "a number of games, at least 1");
		o->split = n;
		return 0;
	case OPT_SPLITBY:
		for (why = value; *why == '_' || (*why >= '0' && *why <= '9') ||
		    (*why >= 'A' && *why <= 'Z') || (*why >= 'a' && *why <= 'z');
		    why++)
			;
		if (*value == '\0' || *why != '\0')
			return drv_bad_value(d, "--split-by", value,
			    "a tag name: letters, digits, _");
		o->splitby = value;
		return 0;
	case OPT_STRIP: {
		static const char *const names[] = {
			"comments", "nags", "variations", "clocks", NULL
		};

		/* In the order of the PDN_STRIP_* bits. */
		if (word_bits(value, names, &o->strip) != 0)
			return drv_bad_value(d, "--strip", value,
			    "comments, variations, nags or clocks, "
			    "comma-separated");
		return 0;
	}
	case OPT_ADD: {
		static const char *const names[] = {
			"plycount", "fen", "hash", "fen-every", NULL
		};

		/* In the order of the ADD_* bits. */
		if (word_bits(value, names, &o->add) != 0)
			return drv_bad_value(d, "--add", value,
			    "plycount, fen, hash or fen-every, "
			    "comma-separated");
		return 0;
	}
	case OPT_PLYLIMIT:
		n = plies_number(value, &why);
		if (*why != '\0' || n < 0)
			return drv_bad_value(d, "--plylimit", value,
			    "a number of plies, 0 or more");
		o->plylimit = n;
		return 0;
	case OPT_DROPPLY:
		n = plies_number(value + (*value == '-'), &why);
		if (*why != '\0' || n < 0)
			return drv_bad_value(d, "--dropply", value,
			    "a number of plies, N or -N");
		o->dropply = *value == '-' ? -n : n;
		return 0;
	case OPT_SPLITVAR:
		o->splitvar = 1;
		return 0;
	}
	return 0;
}

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_JOBS | DRV_LENIENT |
	    DRV_RULES | DRV_READS | DRV_RESULT_ORDER | DRV_VARIANT | DRV_ALIAS,
	formats, "raw (each game exactly as read, the default), pdn "
	    "(canonical), tsv or json (a record per game)",
	options, option, "games", NULL,
	"read games without a GameType tag as GameType N, and select the "
	"games of GameType N (unless --variant)", NULL
};

/* The batches' work and writing, for chunks_run(). */
static struct chunk_tool tool = {
	pick_diag, sizeof(struct batch), batch_free, pick_games,
	write_batch, 2, 0, 0, batch_reset, NULL
};

static int
run_file(void *arg, struct drv *d, struct cli_input *in)
{
	struct run *run = arg;
	int st, end;

	if (run->dups != NULL)
		dup_source(run->dups, in);
	st = chunks_run(&tool, run, run->rp, d->jobs, in);
	/* What follows the last game, after the input's games. */
	if ((end = write_input_end(run)) != 0)
		st = end;
	return st;
}

static void
free_opt(struct sel_opt *o)
{
	criteria_free(&o->crit);
	free(o->tags);
	free(o->tagsbuf);
	free(o->header);
}

int
main(int argc, char **argv)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct cli_output *output, *dupout = NULL;
	struct chunk_rules rules;
	struct sel_opt opt;
	struct drv drv;
	struct run run;
	size_t i;
	const char *base;
	struct stat sb;
	char *dir;
	long written;
	int st, made, nrp = 0;

	memset(&run, 0, sizeof(run));
	memset(&opt, 0, sizeof(opt));
	criteria_init(&opt.crit);
	opt.plylimit = -1;
	if ((st = drv_start(&drv, &tool_def, &opt, argc, argv)) >= 0) {
		free_opt(&opt);
		return st;
	}
	run.drv = &drv;
	run.opt = &opt;
	st = 2;
	opt.crit.variant = drv.variant;
	/*
	 * --gametype N reads the games without the tag as N (the option of
	 * every tool) and, a criterion of pdn-select's, selects the games of
	 * GameType N, as --variant N, unless --variant says otherwise.
	 */
	if (opt.crit.variant == 0)
		opt.crit.variant = drv.gametype;
	if (drv.alias != NULL && criteria_aliases(&opt.crit, drv.alias) != 0)
		goto out;
	if (opt.tags != NULL && drv.fmt != FMT_TSV && drv.fmt != FMT_JSON) {
		st = drv_usage_error(&drv, "--tags is for -f tsv and -f json");
		goto out;
	}
	/* The tags of a record without --tags: the library's roster. */
	if (opt.tags == NULL) {
		opt.ntags = PDN_ROSTER_TAGS;
		if ((opt.tags = calloc(opt.ntags + 1,
		    sizeof(*opt.tags))) == NULL)
			goto out;
		for (i = 0; i < opt.ntags; i++)
			opt.tags[i] = (char *)(uintptr_t)pdn_roster_tag(i);
	}
	if (pick_changes(&opt) && (drv.fmt == FMT_TSV ||
	    drv.fmt == FMT_JSON || (drv.fmt == FMT_RAW && drv.fmt_given))) {
		if (opt.strip || opt.add)
			st = drv_usage_error(&drv, "--strip and --add write "
			    "games canonically, not -f %s", formats[drv.fmt]);
		else
			st = drv_usage_error(&drv, "%s writes games "
			    "canonically, not -f %s", opt.splitvar ?
			    "--split-variations" : opt.plylimit >= 0 ?
			    "--plylimit" : "--dropply", formats[drv.fmt]);
		goto out;
	}
	if (opt.splitvar && (opt.plylimit >= 0 || opt.dropply != 0)) {
		st = drv_usage_error(&drv, "--split-variations, or --plylimit "
		    "and --dropply, not both");
		goto out;
	}
	if (opt.onlydups && opt.dupfile != NULL) {
		st = drv_usage_error(&drv, "-U writes the copies: not with "
		    "--dup-file");
		goto out;
	}
	/* Games changed are written canonically. */
	if (pick_changes(&opt))
		drv.fmt = FMT_PDN;
	if (opt.split > 0 || opt.splitby != NULL) {
		if (opt.split > 0 && opt.splitby != NULL) {
			st = drv_usage_error(&drv, "--split or --split-by, "
			    "not both");
			goto out;
		}
		/*
		 * A stem names files: not "", nor a directory ("d/"), nor
		 * only ".pdn" in one ("d/.pdn" made "d/-1.pdn").
		 */
		if (drv.output == NULL || strcmp(drv.output, "-") == 0) {
			st = drv_usage_error(&drv, "%s needs -o, the stem of "
			    "the files' names", opt.split > 0 ? "--split" :
			    "--split-by");
			goto out;
		}
		base = strrchr(drv.output, '/');
		base = base != NULL ? base + 1 : drv.output;
		if (*base == '\0' || strcasecmp(base, ".pdn") == 0) {
			st = drv_usage_error(&drv, "%s: -o %s names no file "
			    "(the stem of the files' names, as out for "
			    "out-1.pdn)", opt.split > 0 ? "--split" :
			    "--split-by", drv.output);
			goto out;
		}
		if (drv.fmt == FMT_TSV || drv.fmt == FMT_JSON) {
			st = drv_usage_error(&drv, "%s writes PDN, not -f %s",
			    opt.split > 0 ? "--split" : "--split-by",
			    formats[drv.fmt]);
			goto out;
		}
		/* -o is the stem: there is no output for a number. */
		if (drv.quiet || opt.count) {
			st = drv_usage_error(&drv, "%s writes games, not with "
			    "%s", opt.split > 0 ? "--split" : "--split-by",
			    drv.quiet ? "-q" : "--count");
			goto out;
		}
		run.splitting = 1;
		/* The stem's directory, made when it is missing. */
		if (base > drv.output) {
			if ((dir = strdup(drv.output)) == NULL) {
				cli_warn("out of memory");
				goto out;
			}
			dir[base - drv.output] = '\0';
			made = stat(dir, &sb) == 0 ? 0 :
			    drv_make_dirs(&drv, dir);
			free(dir);
			if (made != 0)
				goto out;
		}
	}
	/* As read needs every game's text; canonical, a broken one's. */
	tool.keep_raw = drv.fmt == FMT_RAW ? 2 : drv.fmt == FMT_PDN;
	/* -D compares the texts of games as read. */
	if (opt.dedup && drv.fmt != FMT_PDN)
		tool.keep_raw = 2;
	/* Selection by tags alone reads no moves (the games' as read). */
	tool.skip_moves = drv.fmt != FMT_PDN &&
	    !criteria_need_replay(&opt.crit) && !opt.dedup &&
	    opt.checkfile == NULL;
	run.tags_only = tool.skip_moves;
	tool.gametype = drv.gametype;
	tool.drv = &drv;
	rules.profile = drv.profile;
	if ((nrp = chunks_contexts(run.rp, drv.jobs, chunk_worker_new,
	    opt.crit.verdict >= 0 ? &rules : NULL)) <
	    drv.jobs)
		goto out;
	/* Games as read or canonical may replace their input (-o). */
	drv.rewrite = drv.fmt == FMT_RAW || drv.fmt == FMT_PDN;
	output = NULL;
	if (!run.splitting && (output = drv_records(&drv)) == NULL)
		goto out;
	run.fp = output != NULL ? output->fp : NULL;
	if (drv.fmt == FMT_TSV && !opt.count && !drv.quiet) {
		if ((opt.header = calloc(opt.ntags + 5,
		    sizeof(*opt.header))) == NULL)
			goto out;
		opt.header[0] = "file";
		opt.header[1] = "game";
		opt.header[2] = "line";
		opt.header[3] = "offset";
		for (i = 0; i < opt.ntags; i++)
			opt.header[4 + i] = opt.tags[i];
		drv_tsv_header(&drv, run.fp, opt.header);
	}
	/* As the games, the copies are not written with -q or --count. */
	if (opt.dupfile != NULL && !drv.quiet && !opt.count) {
		if ((dupout = drv_output_also(&drv, opt.dupfile,
		    "--dup-file")) == NULL)
			goto out;
		run.dupfp = dupout->fp;
		if (drv.fmt == FMT_TSV && !opt.count)
			drv_tsv_header(&drv, run.dupfp, opt.header);
	}
	/* -D: the games kept, whose texts are replayed as the inputs'. */
	pick_replay_options(&ro, &opt, &drv);
	if (opt.dedup && (run.dups = dup_new(&opt.dupby, drv.gametype,
	    &ro)) == NULL) {
		cli_warn("out of memory");
		goto out;
	}
	/* -c FILE: its games, read first, by their keys. */
	if (opt.checkfile != NULL) {
		long n;

		if ((run.check = dup_new(&opt.dupby, drv.gametype,
		    &ro)) == NULL) {
			cli_warn("out of memory");
			goto out;
		}
		if (dup_load(run.check, opt.checkfile, &n) != 0)
			goto out;
	}
	st = drv_run(&drv, run_file, &run);
	if (run.status > st)
		st = run.status;
	written = opt.onlydups ? run.dropped : run.selected - run.dropped;
	if (opt.count && !drv.quiet)
		fprintf(run.fp, "%ld\n", written);
	if ((output != NULL && cli_output_finish(output) != 0) ||
	    (dupout != NULL && cli_output_finish(dupout) != 0))
		st = 2;
	/* After the games (cli_warn flushes them first). */
	if (opt.summary && !drv.quiet) {
		if (opt.onlydups)
			cli_warn("%ld game%s: %ld selected, %ld cop%s written",
			    run.games, run.games == 1 ? "" : "s", run.selected,
			    run.dropped, run.dropped == 1 ? "y" : "ies");
		else if (opt.dedup || opt.checkfile != NULL)
			cli_warn("%ld game%s: %ld selected, %ld cop%s dropped, "
			    "%ld written", run.games, run.games == 1 ? "" :
			    "s", run.selected, run.dropped,
			    run.dropped == 1 ? "y" : "ies", written);
		else
			cli_warn("%ld game%s: %ld selected", run.games,
			    run.games == 1 ? "" : "s", run.selected);
	}
	if (st == 0 && written == 0)
		st = 1;
out:
	write_free(&run);
	dup_free(run.dups);
	dup_free(run.check);
	st = drv_end(&drv, st);
	while (nrp > 0)
		chunk_worker_free(run.rp[--nrp]);
	free_opt(&opt);
	return st;
}
