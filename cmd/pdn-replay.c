/*
 * pdn-replay: replay the main line of each game by the rules and show the
 * position after its last move, after a given ply or move, or after every
 * ply: as FEN, a text diagram, an SVG picture, YAML or JSON Lines.  See
 * pdn-replay(1).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "emit.h"
#include <pdn/pdn.h>
#include "render.h"
#include "tooldiag.h"

enum format { FMT_FEN, FMT_BOARD, FMT_SVG, FMT_JSON, FMT_YAML };

/* Which positions of a game are shown. */
enum which { AT_END, AT_PLY, AT_MOVE, AT_EVERY };

/* Indexed by enum format: the extension of the files -o DIR writes. */
static const char *const extension[] = { "fen", "txt", "svg", "json", "yaml" };

/* An output stream: standard output, the -o file, or a file in -o DIR. */
struct sink {
	struct cli_output *out;	/* the driver's */
	FILE *fp;		/* out.fp, or NULL when closed */
	const char *name;
	struct yout y;		/* for FMT_YAML */
	int records;		/* records written to it */
};

struct run {
	enum format fmt;
	enum which which;
	long ply;		/* --ply N */
	long move;		/* --move N[w|b] */
	pdn_colour move_side;
	int board_field;	/* --board: json and yaml carry the diagram */
	struct render_opts ro;
	const char *dir;	/* -o DIR, else NULL */
	int whiches;		/* --ply, --move and --every given */
	struct sink out;	/* the single stream when dir is NULL */
	/*
	 * The picture of the single stream, held until the run is over:
	 * written then when it was the only one and the run went well, so
	 * that standard output gets what -o FILE would, a whole document or
	 * nothing.
	 */
	pdn_buf picture;
	struct sink game_out;	/* the current game's file in -o DIR */
	/*
	 * A second picture for one SVG stream was refused: the run ends
	 * there, the rest unread (it would fail whatever it holds).
	 */
	int too_many;
	struct drv *d;
	pdn_replay *rp;
	const pdn_played *pg;	/* the game being shown */
	pdn_buf buf;
	pdn_movelist *legal;	/* scratch for writing moves */
	char path[PATH_MAX];
};

/* One position to show and how the game got there. */
struct shot {
	const pdn_game *g;
	long ply;		/* plies played to reach it */
	int variant;		/* 0, or k for the k+1-th distinct position */
	const pdn_position *pos;
	const pdn_ply *last;	/* the ply that led here, or NULL */
	char mv[PDN_MOVE_STRMAX];	/* the last move: "45-40" */
	char move[PDN_MOVE_STRMAX + 32];	/* the same: "37. 45-40" */
	char fen[PDN_FEN_STRMAX];
	int valid;
	int lines;
};

/*
 * An error of this program about a game (a code of tooldiag.h), in the
 * tools' one format: its text, then the detail.
 */
static void
game_error(struct run *run, const pdn_game *g, int code, const char *detail)
{
	char msg[256];
	pdn_diag d;

	tooldiag_make(&d, code, msg, sizeof(msg), "%s", detail);
	d.file = g->file;
	d.line = g->line;
	d.col = 1;
	d.game = g->index;
	drv_diag(&d, run->d);
}

/* --- output streams ------------------------------------------------- */

/*
 * Opens path (NULL: the records' stream, drv_records()) through the
 * driver: every file is written as a temporary file, renamed over its
 * target only when the whole run went well.  Returns 0 or 2.
 */
static int
sink_open(struct run *run, struct sink *s, const char *path)
{
	memset(s, 0, sizeof(*s));
	s->out = path == NULL ? drv_records(run->d) : drv_output(run->d, path);
	if (s->out == NULL)
		return 2;
	s->fp = s->out->fp;
	s->name = s->out->name;
	if (run->fmt == FMT_YAML && emit_yaml_open(&s->y, s->fp) != 0) {
		cli_output_finish(s->out);
		s->fp = NULL;
		return 2;
	}
	return 0;
}

/* Returns 0 or 2; the stream is closed either way (committed at the end). */
static int
sink_close(struct sink *s)
{
	int status = 0;

	if (s->fp == NULL)
		return 0;
	if (emit_yaml_close(&s->y) != 0)
		status = 2;
	if (cli_output_finish(s->out) != 0)
		status = 2;
	s->fp = NULL;
	return status;
}

/*
 * The name -o DIR gives a file: DIR/BASE-GAME.EXT, where BASE is the input
 * file's name without its directory and its last extension ("stdin" for
 * standard input).  Pictures of several positions of one game add the ply
 * (-PLY, three digits at least, with --every) and the variant of an
 * ambiguous game (-vK, K from 2).
 */
/* BASE of an input's files in -o DIR: *n bytes at the pointer returned. */
static const char *
file_base(const char *file, size_t *n)
{
	const char *base, *dot;

	if (strcmp(file, "<stdin>") == 0 || strcmp(file, "-") == 0)
		base = "stdin";
	else if ((base = strrchr(file, '/')) != NULL)
		base++;
	else
		base = file;
	dot = strrchr(base, '.');
	*n = dot != NULL && dot != base ? (size_t)(dot - base) : strlen(base);
	return base;
}

/*
 * Two inputs whose files in -o DIR would have the same names: said, and
 * 2, before anything is written; else 0.
 */
static int
same_bases(const struct drv *d)
{
	const char *a, *b;
	size_t i, j, na, nb;

	for (i = 0; i < d->ninputs; i++)
		for (j = i + 1; j < d->ninputs; j++) {
			a = file_base(d->inputs[i], &na);
			b = file_base(d->inputs[j], &nb);
			if (na == nb && memcmp(a, b, na) == 0) {
				cli_warn("%s and %s would write the same files "
				    "in %s (%.*s-GAME...): give them different "
				    "names, or run once for each", d->inputs[i],
				    d->inputs[j], d->output, (int)na, a);
				return 2;
			}
		}
	return 0;
}

static void
dir_path(struct run *run, const struct shot *sh, int per_shot)
{
	const char *base;
	size_t n;
	int len;

	base = file_base(sh->g->file, &n);
	len = snprintf(run->path, sizeof(run->path), "%s/%.*s-%ld", run->dir,
	    (int)n, base, sh->g->index);
	if (per_shot && run->which == AT_EVERY)
		len += snprintf(run->path + len, sizeof(run->path) - (size_t)len,
		    "-%03ld", sh->ply);
	if (per_shot && sh->variant > 0)
		len += snprintf(run->path + len, sizeof(run->path) - (size_t)len,
		    "-v%d", sh->variant + 1);
	snprintf(run->path + len, sizeof(run->path) - (size_t)len, ".%s",
	    extension[run->fmt]);
}

/*
 * The stream a record goes to, or NULL when it cannot be written (the
 * reason has been said and *status raised to 2).  In -o DIR a picture has a
 * file of its own, other formats a file per game.
 */
static struct sink *
sink_for(struct run *run, const struct shot *sh, int *status)
{
	struct sink *s = &run->game_out;
	int per_shot = run->fmt == FMT_SVG;

	if (run->dir == NULL) {
		/* One SVG document per stream: a second would break it. */
		if (per_shot && run->out.records > 0) {
			if (!run->too_many)
				cli_warn("%s: more than one picture: use -o "
				    "DIR/", run->out.name);
			run->too_many = 1;
			*status = 2;
			return NULL;
		}
		return &run->out;
	}
	if (s->fp != NULL && !per_shot)
		return s;
	if (sink_close(s) != 0)
		*status = 2;
	dir_path(run, sh, per_shot);
	if (sink_open(run, s, run->path) != 0) {
		*status = 2;
		return NULL;
	}
	return s;
}

/* --- records -------------------------------------------------------- */

static void
put_fields_json(struct run *run, FILE *fp, const struct shot *sh)
{
	emit_json_game_id(fp, sh->g);
	fprintf(fp, ",\"ply\":%ld,\"move\":", sh->ply);
	emit_json_cstr(fp, sh->last != NULL ? sh->mv : NULL);
	if (sh->last != NULL)
		fprintf(fp, ",\"number\":%ld", sh->last->number);
	else
		fputs(",\"number\":null", fp);
	fputs(",\"fen\":", fp);
	emit_json_cstr(fp, sh->fen);
	fprintf(fp, ",\"valid\":%s,\"lines\":%d", sh->valid ? "true" : "false",
	    sh->lines);
	if (run->board_field) {
		fputs(",\"board\":", fp);
		emit_json_str(fp, run->buf.data, run->buf.len);
	}
	fputs("}\n", fp);
}

static void
put_fields_yaml(struct run *run, struct yout *y, const struct shot *sh)
{
	emit_yaml_doc(y, 1);
	emit_yaml_map(y, 1);
	emit_yaml_game_id(y, sh->g);
	emit_yaml_num_at(y, "ply", sh->ply);
	emit_yaml_str_at(y, "move", sh->last != NULL ? sh->mv : NULL);
	emit_yaml_key(y, "number");
	emit_yaml_num_or_null(y, sh->last != NULL ? sh->last->number : 0,
	    sh->last != NULL);
	emit_yaml_str_at(y, "fen", sh->fen);
	emit_yaml_bool_at(y, "valid", sh->valid);
	emit_yaml_num_at(y, "lines", sh->lines);
	if (run->board_field) {
		emit_yaml_key(y, "board");
		emit_yaml_block(y, run->buf.data, run->buf.len);
	}
	emit_yaml_map(y, 0);
	emit_yaml_doc(y, 0);
}

/* Writes one position in the chosen format.  Returns 0 or 2. */
static int
put_shot(struct run *run, const struct shot *sh)
{
	const char *move = sh->last != NULL ? sh->move : NULL;
	char title[PDN_FEN_STRMAX + 2 * PDN_MOVE_STRMAX + 4096];
	struct sink *s;
	int status = 0;

	if ((s = sink_for(run, sh, &status)) == NULL)
		return status;
	run->buf.len = 0;
	if (run->fmt == FMT_BOARD || run->board_field)
		render_board(&run->buf, sh->pos, move, &run->ro);
	switch (run->fmt) {
	case FMT_FEN:
		fprintf(s->fp, "%s\n", sh->fen);
		break;
	case FMT_BOARD:
		/* A heading says which position; a blank line separates. */
		fprintf(s->fp, "%s%s, game %ld, ply %ld%s\n",
		    s->records > 0 ? "\n" : "", sh->g->file, sh->g->index,
		    sh->ply, sh->lines > 1 ? " (ambiguous)" : "");
		fwrite(run->buf.data, 1, run->buf.len, s->fp);
		break;
	case FMT_SVG:
		snprintf(title, sizeof(title), "%s, game %ld, ply %ld: %s to "
		    "move%s%s", sh->g->file, sh->g->index, sh->ply,
		    pdn_position_side(sh->pos) == PDN_WHITE ? "White" : "Black",
		    move != NULL ? ", last move " : "",
		    move != NULL ? move : "");
		render_svg(&run->buf, sh->pos, sh->last != NULL ?
		    sh->last->move : NULL, title, &run->ro);
		if (run->dir == NULL) {
			pdn_buf_add(&run->picture, run->buf.data, run->buf.len);
			if (run->picture.oom)
				run->buf.oom = 1;
		} else
			fwrite(run->buf.data, 1, run->buf.len, s->fp);
		break;
	case FMT_JSON:
		put_fields_json(run, s->fp, sh);
		break;
	case FMT_YAML:
		put_fields_yaml(run, &s->y, sh);
		break;
	}
	s->records++;
	if (run->buf.oom) {
		cli_warn("out of memory");
		status = 2;
	}
	return status;
}

/* --- positions of a game -------------------------------------------- */

/*
 * Fills sh->mv with the move of ply p ("45-40"), sh->move with it and its
 * number ("37. 45-40", "36... 9-13").
 */
static void
move_text(struct run *run, struct shot *sh, const pdn_ply *p)
{
	/*
	 * The shortest form no other legal move shares, as the records of
	 * the game's variant write it ("c3:e5" in Russian).
	 */
	pdn_generate(run->legal, p->before);
	pdn_move_str_unique(sh->mv, pdn_position_variant(p->before), p->move,
	    run->legal);
	snprintf(sh->move, sizeof(sh->move), "%ld%s %s", p->number,
	    p->second ? "..." : ".", sh->mv);
}

/*
 * Shows the position after `t` plies, once per distinct position among
 * the surviving lines of an ambiguous game.  Returns 0 or 2.
 */
static int
show_ply(struct run *run, const pdn_game *g, long t, int valid)
{
	const pdn_position *seen[PDN_REPLAY_MAX_LINES];
	pdn_ply p[PDN_REPLAY_MAX_LINES];
	struct shot sh;
	long plies = pdn_played_plies(run->pg);
	int lines = pdn_played_lines(run->pg);
	int k, j, nseen = 0, st, status = 0;

	for (k = 0; k < lines; k++) {
		memset(&sh, 0, sizeof(sh));
		if (t > 0 && pdn_played_ply(&p[k], run->pg, k, t - 1) == 0) {
			sh.last = &p[k];
			move_text(run, &sh, &p[k]);
		}
		/* The final node may be a /FEN/ setup after the last move. */
		if (t == plies)
			sh.pos = pdn_played_final(run->pg, k);
		else if (sh.last != NULL)
			sh.pos = p[k].after;
		else
			sh.pos = pdn_played_start(run->pg);
		for (j = 0; j < nseen; j++)
			if (pdn_position_equal(seen[j], sh.pos))
				break;
		if (j < nseen)
			continue;
		seen[nseen] = sh.pos;
		sh.g = g;
		sh.ply = t;
		sh.variant = nseen++;
		sh.valid = valid;
		sh.lines = lines;
		pdn_fen_write(sh.fen, sizeof(sh.fen), sh.pos);
		if ((st = put_shot(run, &sh)) > status)
			status = st;
	}
	return status;
}

/*
 * The number of plies after which --move N[w|b] stands, or -1 when the
 * game has no such move.  A game that stopped at an illegal move before it
 * is shown where it stopped.
 */
static long
move_target(struct run *run, int stopped)
{
	long plies = pdn_played_plies(run->pg), i, want, at;
	const pdn_variant *v;
	pdn_ply p;

	/*
	 * The colour asked, as the first or the second move of its pair:
	 * Black opens the pairs where Black moves first (English).
	 */
	v = pdn_played_variant(run->pg);
	want = 2 * run->move + (run->move_side != (v != NULL ?
	    pdn_variant_first(v) : PDN_WHITE));
	for (i = 0; i < plies; i++) {
		pdn_played_ply(&p, run->pg, 0, i);
		at = 2 * p.number + p.second;
		if (at == want)
			return i + 1;
		if (at > want)
			return -1;
	}
	return stopped ? plies : -1;
}

/* Replays one game and shows what was asked.  Returns 0, 1 or 2. */
static int
replay_game(struct run *run, const pdn_game *g, unsigned flags)
{
	pdn_replay_options opt = PDN_REPLAY_OPTIONS_INIT;
	char msg[160];
	long plies, t, from, to;
	int status = 0, st, stopped, valid;

	opt.flags = flags;
	drv_replay_options(run->d, &opt);
	if (pdn_replay_game(&run->pg, run->rp, g, &opt) != 0) {
		cli_warn("out of memory");
		return 2;
	}
	drv_played_diags(run->pg, drv_diag, (void *)(uintptr_t)run->d);
	switch (pdn_played_status(run->pg)) {
	case PDN_REPLAY_UNSUPPORTED:
		/* Another variant is no fault. */
		return 0;
	case PDN_REPLAY_INVALID:
		status = 1;
		valid = 0;
		break;
	default:
		valid = 1;
		break;
	}
	/* No line at all: the record's FEN did not read. */
	if (pdn_played_lines(run->pg) == 0 || run->d->quiet)
		return status;
	plies = pdn_played_plies(run->pg);
	stopped = pdn_played_errors(run->pg) > 0;
	from = to = plies;
	switch (run->which) {
	case AT_END:
		break;
	case AT_PLY:
		if (run->ply > plies && !stopped) {
			snprintf(msg, sizeof(msg), "ply %ld asked, the game "
			    "has %ld", run->ply, plies);
			game_error(run, g, TOOLDIAG_NO_SUCH_PLY, msg);
			return 1;
		}
		from = to = run->ply < plies ? run->ply : plies;
		break;
	case AT_MOVE:
		if ((t = move_target(run, stopped)) < 0) {
			snprintf(msg, sizeof(msg), "%ld%s asked", run->move,
			    run->move_side == PDN_WHITE ? "." : "...");
			game_error(run, g, TOOLDIAG_NO_SUCH_MOVE, msg);
			return 1;
		}
		from = to = t;
		break;
	case AT_EVERY:
		from = 0;
		break;
	}
	for (t = from; t <= to; t++)
		if ((st = show_ply(run, g, t, valid)) > status)
			status = st;
	return status;
}

/* Returns 0, 1 (some game did not replay) or 2 (trouble). */
static int
replay_file(void *arg, struct drv *d, struct cli_input *in)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	/* Variations do not change the main line's positions. */
	unsigned flags = PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
	struct run *run = arg;
	pdn_reader *r;
	const pdn_game *g;
	int rc = 0, st, status = 0;

	if (run->too_many)
		return 2;
	drv_reader_options(d, &opt, in);
	if (pdn_reader_new(&r, cli_read_fd, in, &opt) != 0) {
		cli_warn("out of memory");
		return 2;
	}
	while (!run->too_many && (rc = drv_reader_next(d, &g, r)) == 1) {
		if ((st = replay_game(run, g, flags)) > status)
			status = st;
		if (sink_close(&run->game_out) != 0)
			status = 2;
		drv_progress(d, 1, g->offset);
	}
	if (run->too_many) {
		/* What was read is not said: the run failed already. */
		pdn_reader_free(r);
		return 2;
	}
	if (cli_input_end(in, rc) != 0)
		status = 2;
	pdn_reader_free(r);
	/* Under --strict the warnings were counted as errors. */
	if (d->strict && d->ds.errors > 0 && status < 1)
		status = 1;
	return status;
}

/* --- options -------------------------------------------------------- */

enum {
	OPT_PLY = DRV_K_OWN, OPT_MOVE, OPT_EVERY, OPT_BOARD, OPT_FLIP
};

static const struct drv_option options[] = {
	{ OPT_PLY, "ply", "n", "N", "the position after ply N" },
	{ OPT_MOVE, "move", "n[w|b]", "N[w|b]",
	    "the position after White's (w) or Black's (b) move N" },
	{ OPT_EVERY, "every", NULL, NULL, "the position after every ply" },
	{ OPT_BOARD, "board", NULL, NULL, "json and yaml: add the text diagram" },
	{ 'n', "numbers", NULL, NULL, "board and svg: number the squares" },
	{ 'u', "unicode", NULL, NULL,
	    "board: draw the pieces with Unicode symbols" },
	{ OPT_FLIP, "flip", NULL, NULL, "board and svg: Black at the bottom" },
	{ 0, NULL, NULL, NULL, NULL }
};

/* Reads a whole non-negative decimal number; -1 when it is not one. */
static long
number_arg(const char *s, char **end)
{
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, end, 10);
	if (errno != 0 || v > INT_MAX)
		return -1;
	return v;
}

/* --move N, N w or N b (also "N." and "N..."); 0 or -1. */
static int
move_arg(struct run *run, const char *s)
{
	char *end;

	if ((run->move = number_arg(s, &end)) < 1)
		return -1;
	run->move_side = PDN_WHITE;
	if (strcmp(end, "b") == 0 || strcmp(end, "...") == 0)
		run->move_side = PDN_BLACK;
	else if (strcmp(end, "w") != 0 && strcmp(end, ".") != 0 &&
	    *end != '\0')
		return -1;
	return 0;
}

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	struct run *run = arg;
	char *end;

	switch (key) {
	case OPT_PLY:
	case OPT_MOVE:
	case OPT_EVERY:
		if (run->whiches++ > 0)
			return drv_usage_error(d, "--ply, --move and --every "
			    "exclude each other");
		break;
	}
	switch (key) {
	case OPT_PLY:
		run->which = AT_PLY;
		if ((run->ply = number_arg(value, &end)) < 0 || *end != '\0')
			return drv_bad_value(d, "--ply", value,
			    "a number of plies from 0");
		break;
	case OPT_MOVE:
		run->which = AT_MOVE;
		if (move_arg(run, value) != 0)
			return drv_bad_value(d, "--move", value,
			    "a move number from 1, then w or b");
		break;
	case OPT_EVERY:
		run->which = AT_EVERY;
		break;
	case OPT_BOARD:
		run->board_field = 1;
		break;
	case 'n':
		run->ro.numbers = 1;
		break;
	case 'u':
		run->ro.unicode = 1;
		break;
	case OPT_FLIP:
		run->ro.flip = 1;
		break;
	}
	return 0;
}

static const char *const formats[] = {
	"fen", "board", "svg", "json", "yaml", NULL
};

static const struct drv_tool tool = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_LENIENT | DRV_STRICT |
	    DRV_RESULT_ORDER | DRV_READS,
	formats, "fen (the default), board, svg, json or yaml",
	options, option, "games",
	"write to FILE, or a file per game in directory FILE (FILE/: made "
	    "when missing); replaced only when the run went well", NULL, NULL
};

int
main(int argc, char **argv)
{
	static struct run run;
	static struct drv d;
	struct stat sb;
	int status;

	if ((status = drv_start(&d, &tool, &run, argc, argv)) >= 0)
		return status;
	run.d = &d;
	run.fmt = (enum format)d.fmt;
	status = 2;
	/* -o DIR/ names a directory, made when it is missing. */
	if (d.output != NULL && !d.quiet && *d.output != '\0' &&
	    d.output[strlen(d.output) - 1] == '/' &&
	    stat(d.output, &sb) != 0 && drv_make_dirs(&d, d.output) != 0)
		goto out;
	if (d.output != NULL && stat(d.output, &sb) == 0 &&
	    S_ISDIR(sb.st_mode) && !d.quiet) {
		run.dir = d.output;
		if (same_bases(&d) != 0)
			goto out;
	}
	if (pdn_replay_new(&run.rp) != 0 ||
	    pdn_movelist_new(&run.legal) != 0) {
		cli_warn("out of memory");
		goto out;
	}
	/* The single stream: -o FILE or standard output (-o DIR: unused). */
	if (run.dir != NULL)
		d.output = NULL;
	if (sink_open(&run, &run.out, NULL) != 0)
		goto out;
	status = drv_run(&d, replay_file, &run);
	/* After trouble (a second picture, an unreadable input) none. */
	if (status < 2 && d.status < 2 && run.picture.len > 0)
		fwrite(run.picture.data, 1, run.picture.len, run.out.fp);
	if (sink_close(&run.out) != 0)
		status = 2;
out:
	pdn_replay_free(run.rp);
	pdn_movelist_free(run.legal);
	pdn_buf_free(&run.buf);
	pdn_buf_free(&run.picture);
	return drv_end(&d, status);
}
