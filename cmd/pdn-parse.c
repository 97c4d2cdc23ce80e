/*
 * pdn-parse: read PDN, report its syntax problems, write it back as
 * canonical PDN, as YAML or JSON Lines (the game structure) or as TSV (the
 * tags).  See pdn-parse(1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "emit.h"
#include <pdn/pdn.h>

enum format { FMT_PDN, FMT_YAML, FMT_JSON, FMT_TAGS };
static const char *const formats[] = { "pdn", "yaml", "json", "tags", NULL };

struct out {
	FILE *fp;
	enum format fmt;
	struct yout y;		/* for FMT_YAML */
	pdn_buf buf;
	/*
	 * For FMT_PDN: the writer reads each game's replay (which says how
	 * each move reads); its diagnostics are pdn-validate's, not ours.
	 */
	pdn_replay *rp;
};

/* --- JSON ----------------------------------------------------------- */

/* An element of text as {"key":"text"}. */
static void
json_text(FILE *fp, const char *key, const pdn_elem *e)
{
	fprintf(fp, "{\"%s\":", key);
	emit_json_str(fp, e->u.text.s, e->u.text.len);
	fputc('}', fp);
}

static void
json_line(FILE *fp, const pdn_line *l)
{
	char mv[PDN_MOVETOK_STRMAX];
	const pdn_elem *e;
	size_t i;

	fputc('[', fp);
	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		if (i > 0)
			fputc(',', fp);
		switch (e->type) {
		case PDN_EL_MOVE:
			pdn_movetok_str(mv, &e->u.move.tok);
			fputs("{\"move\":", fp);
			emit_json_cstr(fp, mv);
			if (e->u.move.number >= 0)
				fprintf(fp, ",\"number\":%ld",
				    e->u.move.number);
			fputc('}', fp);
			break;
		case PDN_EL_COMMENT:
			json_text(fp, "comment", e);
			break;
		case PDN_EL_LINE_COMMENT:
			json_text(fp, "line_comment", e);
			break;
		case PDN_EL_NAG:
			fprintf(fp, "{\"nag\":%ld}", e->u.nag);
			break;
		case PDN_EL_STRENGTH:
			json_text(fp, "strength", e);
			break;
		case PDN_EL_SETUP:
			json_text(fp, "setup", e);
			break;
		case PDN_EL_VARIATION:
			fputs("{\"variation\":", fp);
			json_line(fp, e->u.variation);
			fputc('}', fp);
			break;
		}
	}
	fputc(']', fp);
}

static void
json_game(FILE *fp, const pdn_game *g)
{
	size_t i;

	emit_json_game_id(fp, g);
	fprintf(fp, ",\"errors\":%d,\"warnings\":%d,\"truncated\":%s,"
	    "\"gametype\":", g->errors, g->warnings,
	    g->truncated ? "true" : "false");
	if (g->gametype > 0)
		fprintf(fp, "%d", g->gametype);
	else
		fputs("null", fp);
	fprintf(fp, ",\"gametype_inferred\":%s,\"tags\":[",
	    g->gametype_inferred ? "true" : "false");
	for (i = 0; i < g->ntags; i++) {
		fputs(i > 0 ? ",{\"name\":" : "{\"name\":", fp);
		emit_json_cstr(fp, g->tags[i].name);
		fputs(",\"value\":", fp);
		emit_json_str(fp, g->tags[i].value, g->tags[i].vlen);
		fputc('}', fp);
	}
	fputs("],\"result\":", fp);
	emit_json_cstr(fp, pdn_game_tag(g, "Result"));
	fputs(",\"terminator\":", fp);
	emit_json_cstr(fp, g->terminator);
	fprintf(fp, ",\"plies\":%ld,\"moves\":", g->plies);
	json_line(fp, &g->moves);
	fputs("}\n", fp);
}

/* --- YAML (libyaml's emitter) ---------------------------------------- */

static void
yaml_line(struct yout *y, const pdn_line *l)
{
	char mv[PDN_MOVETOK_STRMAX];
	const pdn_elem *e;
	size_t i;

	emit_yaml_seq(y, 1);
	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		emit_yaml_map(y, 1);
		switch (e->type) {
		case PDN_EL_MOVE:
			pdn_movetok_str(mv, &e->u.move.tok);
			emit_yaml_str_at(y, "move", mv);
			if (e->u.move.number >= 0) {
				emit_yaml_num_at(y, "number", e->u.move.number);
			}
			break;
		case PDN_EL_COMMENT:
			emit_yaml_key(y, "comment");
			emit_yaml_scalar(y, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_LINE_COMMENT:
			emit_yaml_key(y, "line_comment");
			emit_yaml_scalar(y, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_NAG:
			emit_yaml_num_at(y, "nag", e->u.nag);
			break;
		case PDN_EL_STRENGTH:
			emit_yaml_key(y, "strength");
			emit_yaml_scalar(y, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_SETUP:
			emit_yaml_key(y, "setup");
			emit_yaml_scalar(y, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_VARIATION:
			emit_yaml_key(y, "variation");
			yaml_line(y, e->u.variation);
			break;
		}
		emit_yaml_map(y, 0);
	}
	emit_yaml_seq(y, 0);
}

static void
yaml_game(struct yout *y, const pdn_game *g)
{
	size_t i;

	emit_yaml_doc(y, 1);
	emit_yaml_map(y, 1);
	emit_yaml_game_id(y, g);
	emit_yaml_num_at(y, "errors", g->errors);
	emit_yaml_num_at(y, "warnings", g->warnings);
	emit_yaml_bool_at(y, "truncated", g->truncated);
	emit_yaml_key(y, "gametype");
	emit_yaml_num_or_null(y, g->gametype, g->gametype > 0);
	emit_yaml_bool_at(y, "gametype_inferred", g->gametype_inferred);
	emit_yaml_key(y, "tags");
	emit_yaml_seq(y, 1);
	for (i = 0; i < g->ntags; i++) {
		emit_yaml_map(y, 1);
		emit_yaml_str_at(y, "name", g->tags[i].name);
		emit_yaml_key(y, "value");
		emit_yaml_scalar(y, g->tags[i].value, g->tags[i].vlen, 1);
		emit_yaml_map(y, 0);
	}
	emit_yaml_seq(y, 0);
	emit_yaml_str_at(y, "result", pdn_game_tag(g, "Result"));
	emit_yaml_str_at(y, "terminator", g->terminator);
	emit_yaml_num_at(y, "plies", g->plies);
	emit_yaml_key(y, "moves");
	yaml_line(y, &g->moves);
	emit_yaml_map(y, 0);
	emit_yaml_doc(y, 0);
}

/* --- TSV ------------------------------------------------------------ */

/* The columns: the roster's tags (pdn_roster_tag()) in lower case. */
static const char *const tags_columns[] = {
	"file", "game", "line", "offset", "event", "site", "date", "round",
	"white", "black", "result", NULL
};

static void
tags_game(FILE *fp, const pdn_game *g)
{
	const char *name;
	size_t k;

	emit_tsv_cstr(fp, g->file);
	fprintf(fp, "\t%ld\t%ld\t%llu", g->index, g->line,
	    (unsigned long long)g->offset);
	for (k = 0; (name = pdn_roster_tag(k)) != NULL; k++) {
		fputc('\t', fp);
		emit_tsv_cstr(fp, pdn_game_tag(g, name));
	}
	fputc('\n', fp);
}

/* --- driver --------------------------------------------------------- */

/* Returns 0, 1 (some game had errors) or 2 (trouble). */
static int
parse_file(void *arg, struct drv *d, struct cli_input *in)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct out *o = arg;
	pdn_reader *r;
	const pdn_game *g;
	const pdn_played *pg;
	int rc, status = 0;

	/* The writer reads the replay; its diagnostics are pdn-validate's. */
	ro.flags = PDN_REPLAY_NO_RESULT | d->flags;
	drv_reader_options(d, &opt, in);
	/* A broken game is written back as read: nothing is lost. */
	opt.keep_raw = o->fmt == FMT_PDN;
	if (pdn_reader_new(&r, cli_read_fd, in, &opt) != 0) {
		cli_warn("out of memory");
		return 2;
	}
	while ((rc = drv_reader_next(d, &g, r)) == 1) {
		if (g->errors > 0 || (d->strict && g->warnings > 0))
			status = 1;
		drv_progress(d, 1, g->offset);
		if (d->quiet)
			continue;
		switch (o->fmt) {
		case FMT_PDN:
			o->buf.len = 0;
			if (pdn_replay_game(&pg, o->rp, g, &ro) != 0 ||
			    pdn_game_write(&o->buf, g, pg, NULL) != 0) {
				cli_warn("out of memory");
				status = 2;
				break;
			}
			/* A game left out (no text) may leave no buffer. */
			if (o->buf.len > 0)
				fwrite(o->buf.data, 1, o->buf.len, o->fp);
			/*
			 * A broken game too large to keep is not written
			 * back (the reader said so): the rewrite is
			 * incomplete, and -o leaves its target as it was.
			 */
			if (g->truncated && g->raw == NULL)
				status = 2;
			break;
		case FMT_JSON:
			json_game(o->fp, g);
			break;
		case FMT_YAML:
			yaml_game(&o->y, g);
			break;
		case FMT_TAGS:
			tags_game(o->fp, g);
			break;
		}
	}
	if (cli_input_end(in, rc) != 0)
		status = 2;
	pdn_reader_free(r);
	return status;
}

static const struct drv_tool tool = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_LENIENT | DRV_STRICT |
	    DRV_READS,
	formats, "pdn (canonical, the default), yaml, json or tags (TSV)",
	NULL, NULL, "games", NULL, NULL, NULL
};

int
main(int argc, char **argv)
{
	struct cli_output *output;
	struct drv d;
	struct out o;
	int status = 2;

	if ((status = drv_start(&d, &tool, NULL, argc, argv)) >= 0)
		return status;
	status = 2;
	memset(&o, 0, sizeof(o));
	o.fmt = (enum format)d.fmt;
	if (o.fmt == FMT_PDN && pdn_replay_new(&o.rp) != 0) {
		cli_warn("out of memory");
		goto out;
	}
	/* Canonical PDN of the games read may replace its input. */
	d.rewrite = o.fmt == FMT_PDN;
	if ((output = drv_records(&d)) == NULL)
		goto out;
	o.fp = output->fp;
	if (o.fmt == FMT_YAML && !d.quiet && emit_yaml_open(&o.y, o.fp) != 0)
		goto out;
	if (o.fmt == FMT_TAGS)
		drv_tsv_header(&d, o.fp, tags_columns);
	status = drv_run(&d, parse_file, &o);
	if (emit_yaml_close(&o.y) != 0)
		status = 2;
out:
	pdn_buf_free(&o.buf);
	pdn_replay_free(o.rp);
	return drv_end(&d, status);
}
