/*
 * pdn-parse: read PDN, report its syntax problems, write it back as
 * canonical PDN, as YAML or JSON Lines (the game structure) or as TSV (the
 * tags).  See pdn-parse(1).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <yaml.h>

#include "cli.h"
#include "pdn_game.h"

enum format { FMT_PDN, FMT_YAML, FMT_JSON, FMT_TAGS };

struct out {
	FILE *fp;
	enum format fmt;
	yaml_emitter_t emitter;
	int yaml_ok;		/* the emitter is set up */
	int yaml_failed;
	pdn_buf buf;
};

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: %s [-qv] [-f pdn|yaml|json|tags] [-o file] "
	    "[file ...]\n", cli_progname);
}

/* --- JSON ----------------------------------------------------------- */

static void
json_str(FILE *fp, const char *s, size_t len)
{
	size_t i;
	unsigned char c;

	fputc('"', fp);
	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		switch (c) {
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				fprintf(fp, "\\u%04x", c);
			else
				fputc(c, fp);
		}
	}
	fputc('"', fp);
}

static void
json_cstr(FILE *fp, const char *s)
{
	if (s == NULL)
		fputs("null", fp);
	else
		json_str(fp, s, strlen(s));
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
			pdn_movetok_str(&e->u.move.tok, mv);
			fputs("{\"move\":", fp);
			json_cstr(fp, mv);
			if (e->u.move.number >= 0)
				fprintf(fp, ",\"number\":%ld",
				    e->u.move.number);
			fputc('}', fp);
			break;
		case PDN_EL_COMMENT:
			fputs("{\"comment\":", fp);
			json_str(fp, e->u.text.s, e->u.text.len);
			fputc('}', fp);
			break;
		case PDN_EL_LINE_COMMENT:
			fputs("{\"line_comment\":", fp);
			json_str(fp, e->u.text.s, e->u.text.len);
			fputc('}', fp);
			break;
		case PDN_EL_NAG:
			fprintf(fp, "{\"nag\":%ld}", e->u.nag);
			break;
		case PDN_EL_STRENGTH:
			fputs("{\"strength\":", fp);
			json_str(fp, e->u.text.s, e->u.text.len);
			fputc('}', fp);
			break;
		case PDN_EL_SETUP:
			fputs("{\"setup\":", fp);
			json_str(fp, e->u.text.s, e->u.text.len);
			fputc('}', fp);
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

	fputs("{\"file\":", fp);
	json_cstr(fp, g->file);
	fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
	    "\"errors\":%d,\"warnings\":%d,\"truncated\":%s,\"gametype\":",
	    g->index, g->line, (unsigned long long)g->offset, g->errors,
	    g->warnings, g->truncated ? "true" : "false");
	if (g->gametype > 0)
		fprintf(fp, "%d", g->gametype);
	else
		fputs("null", fp);
	fprintf(fp, ",\"gametype_inferred\":%s,\"tags\":[",
	    g->gametype_inferred ? "true" : "false");
	for (i = 0; i < g->ntags; i++) {
		fputs(i > 0 ? ",{\"name\":" : "{\"name\":", fp);
		json_cstr(fp, g->tags[i].name);
		fputs(",\"value\":", fp);
		json_str(fp, g->tags[i].value, g->tags[i].vlen);
		fputc('}', fp);
	}
	fputs("],\"result\":", fp);
	json_cstr(fp, pdn_game_tag(g, "Result"));
	fputs(",\"terminator\":", fp);
	json_cstr(fp, g->terminator);
	fprintf(fp, ",\"plies\":%ld,\"moves\":", g->plies);
	json_line(fp, &g->moves);
	fputs("}\n", fp);
}

/* --- YAML (libyaml's emitter) ---------------------------------------- */

static int
yaml_write(void *data, unsigned char *buffer, size_t size)
{
	FILE *fp = data;

	return fwrite(buffer, 1, size, fp) == size;
}

static void
y_emit(struct out *o, yaml_event_t *ev, int ok)
{
	if (o->yaml_failed)
		return;
	if (!ok || !yaml_emitter_emit(&o->emitter, ev))
		o->yaml_failed = 1;
}

static void
y_scalar(struct out *o, const char *s, size_t len, int quoted)
{
	yaml_event_t ev;

	y_emit(o, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)len, !quoted, 1,
	    quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_PLAIN_SCALAR_STYLE));
}

static void
y_key(struct out *o, const char *k)
{
	y_scalar(o, k, strlen(k), 0);
}

static void
y_str(struct out *o, const char *s)
{
	if (s == NULL)
		y_scalar(o, "null", 4, 0);
	else
		y_scalar(o, s, strlen(s), 1);
}

static void
y_num(struct out *o, long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v);
	y_scalar(o, buf, strlen(buf), 0);
}

static void
y_map(struct out *o, int start)
{
	yaml_event_t ev;

	if (start)
		y_emit(o, &ev, yaml_mapping_start_event_initialize(&ev, NULL,
		    NULL, 1, YAML_ANY_MAPPING_STYLE));
	else
		y_emit(o, &ev, yaml_mapping_end_event_initialize(&ev));
}

static void
y_seq(struct out *o, int start)
{
	yaml_event_t ev;

	if (start)
		y_emit(o, &ev, yaml_sequence_start_event_initialize(&ev, NULL,
		    NULL, 1, YAML_ANY_SEQUENCE_STYLE));
	else
		y_emit(o, &ev, yaml_sequence_end_event_initialize(&ev));
}

static void
yaml_line(struct out *o, const pdn_line *l)
{
	char mv[PDN_MOVETOK_STRMAX];
	const pdn_elem *e;
	size_t i;

	y_seq(o, 1);
	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		y_map(o, 1);
		switch (e->type) {
		case PDN_EL_MOVE:
			pdn_movetok_str(&e->u.move.tok, mv);
			y_key(o, "move");
			y_str(o, mv);
			if (e->u.move.number >= 0) {
				y_key(o, "number");
				y_num(o, e->u.move.number);
			}
			break;
		case PDN_EL_COMMENT:
			y_key(o, "comment");
			y_scalar(o, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_LINE_COMMENT:
			y_key(o, "line_comment");
			y_scalar(o, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_NAG:
			y_key(o, "nag");
			y_num(o, e->u.nag);
			break;
		case PDN_EL_STRENGTH:
			y_key(o, "strength");
			y_scalar(o, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_SETUP:
			y_key(o, "setup");
			y_scalar(o, e->u.text.s, e->u.text.len, 1);
			break;
		case PDN_EL_VARIATION:
			y_key(o, "variation");
			yaml_line(o, e->u.variation);
			break;
		}
		y_map(o, 0);
	}
	y_seq(o, 0);
}

static void
yaml_game(struct out *o, const pdn_game *g)
{
	yaml_event_t ev;
	size_t i;

	y_emit(o, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
	    NULL, 0));
	y_map(o, 1);
	y_key(o, "file");
	y_str(o, g->file);
	y_key(o, "game");
	y_num(o, g->index);
	y_key(o, "line");
	y_num(o, g->line);
	y_key(o, "offset");
	y_num(o, (long long)g->offset);
	y_key(o, "errors");
	y_num(o, g->errors);
	y_key(o, "warnings");
	y_num(o, g->warnings);
	y_key(o, "truncated");
	y_scalar(o, g->truncated ? "true" : "false", g->truncated ? 4 : 5, 0);
	y_key(o, "gametype");
	if (g->gametype > 0)
		y_num(o, g->gametype);
	else
		y_scalar(o, "null", 4, 0);
	y_key(o, "gametype_inferred");
	y_scalar(o, g->gametype_inferred ? "true" : "false",
	    g->gametype_inferred ? 4 : 5, 0);
	y_key(o, "tags");
	y_seq(o, 1);
	for (i = 0; i < g->ntags; i++) {
		y_map(o, 1);
		y_key(o, "name");
		y_str(o, g->tags[i].name);
		y_key(o, "value");
		y_scalar(o, g->tags[i].value, g->tags[i].vlen, 1);
		y_map(o, 0);
	}
	y_seq(o, 0);
	y_key(o, "result");
	y_str(o, pdn_game_tag(g, "Result"));
	y_key(o, "terminator");
	y_str(o, g->terminator);
	y_key(o, "plies");
	y_num(o, g->plies);
	y_key(o, "moves");
	yaml_line(o, &g->moves);
	y_map(o, 0);
	y_emit(o, &ev, yaml_document_end_event_initialize(&ev, 1));
}

/* --- TSV ------------------------------------------------------------ */

static void
tsv_field(FILE *fp, const char *s)
{
	for (; s != NULL && *s != '\0'; s++) {
		if (*s == '\t')
			fputs("\\t", fp);
		else if (*s == '\n')
			fputs("\\n", fp);
		else if (*s == '\r')
			fputs("\\r", fp);
		else if (*s == '\\')
			fputs("\\\\", fp);
		else
			fputc(*s, fp);
	}
}

static void
tags_game(FILE *fp, const pdn_game *g)
{
	static const char *const roster[] = {
		"Event", "Site", "Date", "Round", "White", "Black", "Result"
	};
	size_t k;

	tsv_field(fp, g->file);
	fprintf(fp, "\t%ld\t%ld\t%llu", g->index, g->line,
	    (unsigned long long)g->offset);
	for (k = 0; k < sizeof(roster) / sizeof(roster[0]); k++) {
		fputc('\t', fp);
		tsv_field(fp, pdn_game_tag(g, roster[k]));
	}
	fputc('\n', fp);
}

/* --- driver --------------------------------------------------------- */

/* Returns 0, 1 (some game had errors) or 2 (trouble). */
static int
parse_file(struct out *o, const char *path, struct cli_diag_state *ds)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;
	const pdn_game *g;
	const char *name;
	int fd, rc, status = 0;

	if ((fd = cli_open(path, &name)) < 0)
		return 2;
	opt.file = name;
	opt.diag = cli_diag;
	opt.diag_arg = ds;
	if (pdn_reader_new(&r, cli_read_fd, &fd, &opt) != 0) {
		cli_warn("out of memory");
		if (fd != STDIN_FILENO)
			close(fd);
		return 2;
	}
	while ((rc = pdn_reader_next(r, &g)) == 1) {
		if (g->errors > 0)
			status = 1;
		switch (o->fmt) {
		case FMT_PDN:
			/* A game cut short by a syntax error is not made up. */
			if (g->truncated)
				break;
			o->buf.len = 0;
			if (pdn_game_write(g, &o->buf) != 0) {
				cli_warn("out of memory");
				status = 2;
				break;
			}
			fwrite(o->buf.data, 1, o->buf.len, o->fp);
			break;
		case FMT_JSON:
			json_game(o->fp, g);
			break;
		case FMT_YAML:
			yaml_game(o, g);
			break;
		case FMT_TAGS:
			tags_game(o->fp, g);
			break;
		}
	}
	if (rc == PDN_EIO) {
		cli_warn("%s: read error", name);
		status = 2;
	} else if (rc == PDN_ENOMEM) {
		cli_warn("%s: out of memory", name);
		status = 2;
	}
	pdn_reader_free(r);
	if (fd != STDIN_FILENO)
		close(fd);
	return status;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct cli_diag_state ds = { PDN_SEV_WARNING, 0, 0 };
	struct out o;
	const char *outname = "<stdout>";
	yaml_event_t ev;
	int ch, i, st, status = 0;

	cli_init(argv[0]);
	memset(&o, 0, sizeof(o));
	o.fp = stdout;
	o.fmt = FMT_PDN;
	while ((ch = getopt_long(argc, argv, "f:o:qvh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			if (strcmp(optarg, "pdn") == 0)
				o.fmt = FMT_PDN;
			else if (strcmp(optarg, "yaml") == 0)
				o.fmt = FMT_YAML;
			else if (strcmp(optarg, "json") == 0)
				o.fmt = FMT_JSON;
			else if (strcmp(optarg, "tags") == 0)
				o.fmt = FMT_TAGS;
			else {
				cli_warn("unknown format: %s", optarg);
				usage(stderr);
				return 2;
			}
			break;
		case 'o':
			outname = optarg;
			if ((o.fp = fopen(optarg, "w")) == NULL) {
				cli_warn("%s: cannot open for writing",
				    optarg);
				return 2;
			}
			break;
		case 'q':
			ds.min = PDN_SEV_ERROR;
			break;
		case 'v':
			ds.min = PDN_SEV_NOTE;
			break;
		case 'h':
			usage(stdout);
			return cli_close_output(stdout, "<stdout>");
		case 'V':
			printf("%s %s\n", cli_progname, PDN_VERSION);
			return cli_close_output(stdout, "<stdout>");
		default:
			usage(stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;

	if (o.fmt == FMT_YAML) {
		if (!yaml_emitter_initialize(&o.emitter)) {
			cli_warn("out of memory");
			return 2;
		}
		o.yaml_ok = 1;
		yaml_emitter_set_output(&o.emitter, yaml_write, o.fp);
		yaml_emitter_set_unicode(&o.emitter, 1);
		y_emit(&o, &ev, yaml_stream_start_event_initialize(&ev,
		    YAML_UTF8_ENCODING));
	}
	if (argc == 0)
		status = parse_file(&o, "-", &ds);
	for (i = 0; i < argc; i++) {
		st = parse_file(&o, argv[i], &ds);
		if (st > status)
			status = st;
	}
	if (o.yaml_ok) {
		y_emit(&o, &ev, yaml_stream_end_event_initialize(&ev));
		if (o.yaml_failed) {
			cli_warn("YAML emitter: %s", o.emitter.problem != NULL ?
			    o.emitter.problem : "write error");
			status = 2;
		}
		yaml_emitter_delete(&o.emitter);
	}
	pdn_buf_free(&o.buf);
	if (cli_close_output(o.fp, outname) != 0)
		status = 2;
	return status;
}
