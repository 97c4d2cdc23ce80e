/*
 * The streaming reader (reader.c): game boundaries, tags, movetext
 * structure, terminators, setups and every diagnostic with its code,
 * line, column, game and ply (testdata/reader.yaml); plus the memory
 * bound, the depth limit, read errors, source spans and raw text kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pdntest.h"
#include "../fuzz/skim.h"
#include "yamlvec.h"

static void
add_s(pdn_buf *b, const char *s)
{
	pdn_buf_add(b, s, strlen(s));
}

/* Diagnostics as the expectations write them, one per line. */
static void
collect(const pdn_diag *d, void *arg)
{
	pdn_buf *b = arg;
	char buf[128];

	snprintf(buf, sizeof(buf), "%ld:%ld %s ", d->line, d->col,
	    pdn_severity_name(d->severity));
	add_s(b, buf);
	add_s(b, d->name);
	add_s(b, ": ");
	pdntest_escape(b, d->message, strlen(d->message));
	snprintf(buf, sizeof(buf), " (game %ld, ply %ld)\n", d->game, d->ply);
	add_s(b, buf);
}

/*
 * A line of play: moves with the number written before them ("1.32-28",
 * "2...19-23", "2 33-29" without a dot), {comments}, <line comments>, $NAGs, strength marks,
 * /FEN setups/ and (variations), separated by spaces.
 */
static void
format_line(const pdn_line *l, pdn_buf *b)
{
	char buf[PDN_MOVETOK_STRMAX + 32];
	const pdn_elem *e;
	size_t i;

	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		if (i > 0)
			add_s(b, " ");
		switch (e->type) {
		case PDN_EL_MOVE:
			if (e->u.move.number >= 0) {
				snprintf(buf, sizeof(buf), "%ld%.*s",
				    e->u.move.number,
				    e->u.move.dots > 0 ? e->u.move.dots : 1,
				    e->u.move.dots > 0 ? "..." : " ");
				add_s(b, buf);
			}
			pdn_movetok_str(buf, &e->u.move.tok);
			add_s(b, buf);
			break;
		case PDN_EL_COMMENT:
			add_s(b, "{");
			pdntest_escape(b, e->u.text.s, e->u.text.len);
			add_s(b, "}");
			break;
		case PDN_EL_LINE_COMMENT:
			add_s(b, "<");
			pdntest_escape(b, e->u.text.s, e->u.text.len);
			add_s(b, ">");
			break;
		case PDN_EL_NAG:
			snprintf(buf, sizeof(buf), "$%ld", e->u.nag);
			add_s(b, buf);
			break;
		case PDN_EL_STRENGTH:
			pdntest_escape(b, e->u.text.s, e->u.text.len);
			break;
		case PDN_EL_SETUP:
			add_s(b, "/");
			pdntest_escape(b, e->u.text.s, e->u.text.len);
			add_s(b, "/");
			break;
		case PDN_EL_VARIATION:
			add_s(b, "(");
			format_line(e->u.variation, b);
			add_s(b, ")");
			break;
		}
	}
}

/*
 * A game in one line: "LINE@OFFSET [Name=value ...] MOVETEXT = TERMINATOR;
 * gametype N (inferred), P plies, E errors, W warnings (, truncated)".
 */
static void
format_game(const pdn_game *g, pdn_buf *b)
{
	char buf[128];
	size_t i;

	snprintf(buf, sizeof(buf), "%ld@%llu [", g->line,
	    (unsigned long long)g->offset);
	add_s(b, buf);
	for (i = 0; i < g->ntags; i++) {
		if (i > 0)
			add_s(b, " ");
		add_s(b, g->tags[i].name);
		add_s(b, "=");
		pdntest_escape(b, g->tags[i].value, g->tags[i].vlen);
	}
	add_s(b, "] ");
	format_line(&g->moves, b);
	add_s(b, " = ");
	add_s(b, g->terminator != NULL ? g->terminator : "none");
	snprintf(buf, sizeof(buf), "; gametype %d%s, %ld plies, %d errors, "
	    "%d warnings%s\n", g->gametype,
	    g->gametype_inferred ? " (inferred)" : "", g->plies, g->errors,
	    g->warnings, g->truncated ? ", truncated" : "");
	add_s(b, buf);
}

/* Reads every game of data into games and diags (one per line). */
static void
read_all(const char *data, size_t len, pdn_buf *games, pdn_buf *diags)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;
	const pdn_game *g;
	long n = 0;
	int rc;

	opt.finish = pdn_game_finish;
	opt.file = "t.pdn";
	opt.diag = collect;
	opt.diag_arg = diags;
	games->len = diags->len = 0;
	assert_int_equal(pdn_reader_new_mem(&r, data, len, &opt), 0);
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		assert_int_equal(g->index, ++n);
		assert_string_equal(g->file, "t.pdn");
		format_game(g, games);
	}
	assert_int_equal(rc, 0);
	pdn_reader_free(r);
	pdn_buf_add(games, "", 0);
	pdn_buf_add(diags, "", 0);
}

/* The items of the sequence `key` (absent: none), one per line. */
static void
expected(yamlvec *v, yaml_node_t *item, const char *key, pdn_buf *b)
{
	yaml_node_t *seq = yamlvec_get(v, item, key);
	int j;

	b->len = 0;
	for (j = 0; seq != NULL && j < yamlvec_len(seq); j++) {
		add_s(b, yamlvec_str(yamlvec_item(v, seq, j)));
		add_s(b, "\n");
	}
	pdn_buf_add(b, "", 0);
}

static void
test_vectors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item;
	pdn_buf games = { 0 }, diags = { 0 }, want = { 0 };
	const char *name;
	char *in;
	size_t len;
	int i;

	(void)state;
	yamlvec_load(&v, "reader.yaml");
	list = yamlvec_root(&v);
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		name = yamlvec_field(&v, item, "name");
		in = pdntest_unescape(yamlvec_field(&v, item, "in"), &len);
		assert_non_null(in);
		read_all(in, len, &games, &diags);
		expected(&v, item, "games", &want);
		if (strcmp(games.data, want.data) != 0)
			fail_msg("reader.yaml: %s: games:\nwant:\n%sgot:\n%s",
			    name, want.data, games.data);
		expected(&v, item, "diags", &want);
		if (strcmp(diags.data, want.data) != 0)
			fail_msg("reader.yaml: %s: diagnostics:\nwant:\n%s"
			    "got:\n%s", name, want.data, diags.data);
		free(in);
	}
	pdn_buf_free(&games);
	pdn_buf_free(&diags);
	pdn_buf_free(&want);
	yamlvec_free(&v);
}

/*
 * A game larger than max_game is cut short with game-too-large, which
 * names the limit, and the reader goes on with the next game.
 */
static void
test_max_game(void **state)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_buf in = { 0 }, diags = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	int i;

	opt.finish = pdn_game_finish;
	(void)state;
	add_s(&in, "[Event \"big\"]\n");
	for (i = 0; i < 2000; i++)
		add_s(&in, "32-28 28-32 ");
	add_s(&in, "*\n[Event \"next\"]\n1. 32-28 *\n");
	opt.diag = collect;
	opt.diag_arg = &diags;
	opt.max_game = 64 * 1024;
	assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len, &opt), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_true(g->truncated);
	assert_int_equal(g->errors, 1);
	/* Each move costs its element; 64 KiB hold a few hundred. */
	assert_in_range(g->plies, 100, 1000);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_string_equal(pdn_game_tag(g, "Event"), "next");
	assert_int_equal(g->plies, 1);
	assert_false(g->truncated);
	assert_int_equal(pdn_reader_next(&g, r), 0);
	pdn_reader_free(r);
	pdn_buf_add(&diags, "", 0);
	/* The message names the limit. */
	assert_non_null(strstr(diags.data, "error game-too-large: game too "
	    "large: more than 65536 bytes in memory"));
	pdn_buf_free(&in);
	pdn_buf_free(&diags);
}

/* Variations nest up to PDN_MAX_DEPTH; one more is variation-too-deep. */
static void
test_depth(void **state)
{
	pdn_buf in = { 0 }, games = { 0 }, diags = { 0 };
	int i, depth;
	char want[128];

	(void)state;
	for (depth = PDN_MAX_DEPTH; depth <= PDN_MAX_DEPTH + 1; depth++) {
		in.len = 0;
		add_s(&in, "1. 32-28");
		for (i = 0; i < depth; i++)
			add_s(&in, " (32-28");
		for (i = 0; i < depth; i++)
			add_s(&in, ")");
		add_s(&in, " *\n");
		read_all(in.data, in.len, &games, &diags);
		if (depth == PDN_MAX_DEPTH) {
			assert_string_equal(diags.data, "1:1 note "
			    "gametype-inferred: no GameType tag: international "
			    "draughts (20) inferred (game 1, ply 0)\n");
		} else {
			snprintf(want, sizeof(want), "1:%d error "
			    "variation-too-deep: variations nested too deep: "
			    "more than %d (game 1, ply 1)\n",
			    10 + 7 * PDN_MAX_DEPTH, PDN_MAX_DEPTH);
			assert_true(strncmp(diags.data, want,
			    strlen(want)) == 0);
		}
	}
	pdn_buf_free(&in);
	pdn_buf_free(&games);
	pdn_buf_free(&diags);
}

static long
failing_read(void *arg, char *buf, size_t len)
{
	int *calls = arg;

	if ((*calls)++ > 0)
		return -1;
	(void)len;
	memcpy(buf, "[Event \"x\"]\n1. 32-28 ", 21);
	return 21;
}

/* A read error is PDN_EIO from pdn_reader_next(), not a game. */
static void
test_read_error(void **state)
{
	pdn_reader *r;
	const pdn_game *g;
	int calls = 0;

	(void)state;
	assert_int_equal(pdn_reader_new(&r, failing_read, &calls, pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&g, r), PDN_EIO);
	pdn_reader_free(r);
	pdn_reader_free(NULL);
}


/* A read callback handing out a buffer a few bytes at a time. */
struct trickle {
	const char *data;
	size_t len, at, step;
};

static long
trickle_read(void *arg, char *buf, size_t len)
{
	struct trickle *t = arg;
	size_t n = t->len - t->at;

	if (n > t->step)
		n = t->step;
	if (n > len)
		n = len;
	memcpy(buf, t->data + t->at, n);
	t->at += n;
	return (long)n;
}

/* The bytes of the input at span sp are exactly s. */
static void
assert_span(const char *data, size_t len, pdn_span sp, const char *s)
{
	assert_true(sp.offset <= len && sp.len <= len - sp.offset);
	if (sp.len != strlen(s) || memcmp(data + sp.offset, s, sp.len) != 0)
		fail_msg("span %llu+%llu is \"%.*s\", not \"%s\"",
		    (unsigned long long)sp.offset, (unsigned long long)sp.len,
		    (int)sp.len, data + sp.offset, s);
}

/* The span of the first tag named `name`. */
static pdn_tag_span
tag_span(const pdn_game *g, const char *name)
{
	size_t i;

	assert_non_null(g->tag_spans);
	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tag_spans[i];
	fail_msg("no tag %s", name);
	/* NOTREACHED */
	return g->tag_spans[0];
}

/*
 * The games of spans_input (below), LF or CR LF: each tag, value,
 * terminator and game span holds exactly the bytes it says.  eol is the
 * line end.
 */
static void
check_spans(pdn_reader *r, const char *data, size_t len, const char *eol,
    const char *longval)
{
	const pdn_game *g;
	char want[256];
	pdn_tag_span ts;

	/* A Result "2-0", its terminator, the game to it. */
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_int_equal(g->span.offset, g->offset);
	assert_int_equal(g->ntags, 3);
	ts = tag_span(g, "Result");
	assert_span(data, len, ts.tag, "[Result \"2-0\"]");
	assert_span(data, len, ts.value, "2-0");
	ts = tag_span(g, "Event");
	assert_span(data, len, ts.tag, "[Event \"spans\"]");
	assert_span(data, len, ts.value, "spans");
	ts = tag_span(g, "Annotator");
	assert_span(data, len, ts.value, longval);
	assert_span(data, len, g->terminator_span, "2-0");
	assert_int_equal(g->span.offset, 0);
	assert_int_equal(g->span.len,
	    g->terminator_span.offset + g->terminator_span.len);

	/* An empty Result, a padded and an unquoted tag, a spaced result. */
	assert_int_equal(pdn_reader_next(&g, r), 1);
	ts = tag_span(g, "Result");
	assert_span(data, len, ts.tag, "[Result \"\"]");
	assert_span(data, len, ts.value, "");
	assert_int_equal(ts.value.offset, ts.tag.offset + 9);
	ts = tag_span(g, "Site");
	assert_span(data, len, ts.tag, "[Site  \"padded\" ]");
	assert_span(data, len, ts.value, "padded");
	ts = tag_span(g, "Round");
	assert_span(data, len, ts.tag, "[Round  un quoted  ]");
	assert_span(data, len, ts.value, "un quoted");
	assert_span(data, len, g->terminator_span, "1 - 1");
	snprintf(want, sizeof(want), "[Event \"empty result\"]%s"
	    "[Result \"\"]%s[Site  \"padded\" ]%s[Round  un quoted  ]%s%s"
	    "1. 32-28 {a%scomment} 1 - 1", eol, eol, eol, eol, eol, eol);
	assert_span(data, len, g->span, want);

	/* No Result tag, no terminator: the game ends at its last move. */
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_null(pdn_game_tag(g, "Result"));
	assert_int_equal(g->ntags, 1);
	assert_int_equal(g->terminator_span.len, 0);
	snprintf(want, sizeof(want), "[Event \"no result tag\"]%s"
	    "1. 33-28 18-23", eol);
	assert_span(data, len, g->span, want);

	/* A result glued to the next game's move number: "0-0" of "0-001.". */
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_span(data, len, g->terminator_span, "0-0");
	snprintf(want, sizeof(want), "[Event \"glued\"]%s1. 34-29 0-0", eol);
	assert_span(data, len, g->span, want);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_int_equal(g->ntags, 0);
	assert_span(data, len, g->span, "01. 32-28 *");
	assert_span(data, len, g->terminator_span, "*");
	assert_int_equal(pdn_reader_next(&g, r), 0);
}

static void
spans_input(pdn_buf *b, const char *eol, const char *longval)
{
	b->len = 0;
	add_s(b, "[Event \"spans\"]"); add_s(b, eol);
	add_s(b, "[Annotator \""); add_s(b, longval); add_s(b, "\"]");
	add_s(b, eol);
	add_s(b, "[Result \"2-0\"]"); add_s(b, eol); add_s(b, eol);
	add_s(b, "1. 32-28 19-23 2-0"); add_s(b, eol); add_s(b, eol);
	add_s(b, "[Event \"empty result\"]"); add_s(b, eol);
	add_s(b, "[Result \"\"]"); add_s(b, eol);
	add_s(b, "[Site  \"padded\" ]"); add_s(b, eol);
	add_s(b, "[Round  un quoted  ]"); add_s(b, eol); add_s(b, eol);
	add_s(b, "1. 32-28 {a"); add_s(b, eol); add_s(b, "comment} 1 - 1");
	add_s(b, eol); add_s(b, eol);
	add_s(b, "[Event \"no result tag\"]"); add_s(b, eol);
	add_s(b, "1. 33-28 18-23"); add_s(b, eol); add_s(b, "  "); add_s(b, eol);
	add_s(b, "[Event \"glued\"]"); add_s(b, eol);
	add_s(b, "1. 34-29 0-001. 32-28 *"); add_s(b, eol);
}

/*
 * Source spans (pdn_game.span, terminator_span, tag_spans) are absolute
 * input offsets: the same from memory and from a stream read a few bytes
 * at a time (the lexer's buffer moves under them), with LF and CR LF, a
 * tag value longer than the lexer's window among them.
 */
static void
test_spans(void **state)
{
	static const char *const eols[] = { "\n", "\r\n" };
	pdn_buf in = { 0 };
	char longval[10001];
	struct trickle tr;
	pdn_reader *r;
	size_t k;

	(void)state;
	memset(longval, 'v', sizeof(longval) - 1);
	longval[sizeof(longval) - 1] = '\0';
	for (k = 0; k < 2; k++) {
		spans_input(&in, eols[k], longval);
		assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len, pdntest_reader_options()),
		    0);
		check_spans(r, in.data, in.len, eols[k], longval);
		pdn_reader_free(r);
		tr.data = in.data;
		tr.len = in.len;
		tr.at = 0;
		tr.step = 7;
		assert_int_equal(pdn_reader_new(&r, trickle_read, &tr, pdntest_reader_options()),
		    0);
		check_spans(r, in.data, in.len, eols[k], longval);
		pdn_reader_free(r);
	}
	pdn_buf_free(&in);
}

/* The span of element i of line l, and its type. */
static void
assert_elem(const char *data, size_t len, const pdn_line *l, size_t i,
    pdn_elem_type type, const char *s)
{
	assert_true(i < l->n);
	assert_int_equal(l->e[i].type, type);
	assert_span(data, len, l->e[i].span, s);
}

/*
 * Every kind of element of elem_input (below): its span holds exactly
 * its bytes as written (a move's without its number).
 */
static void
check_elem_spans(pdn_reader *r, const char *data, size_t len,
    const char *eol)
{
	const pdn_game *g;
	const pdn_line *l, *v;
	char want[256];

	assert_int_equal(pdn_reader_next(&g, r), 1);
	l = &g->moves;
	assert_int_equal(l->n, 12);
	assert_elem(data, len, l, 0, PDN_EL_COMMENT, "{before}");
	assert_elem(data, len, l, 1, PDN_EL_MOVE, "32-28");
	assert_elem(data, len, l, 2, PDN_EL_NAG, "$3");
	assert_elem(data, len, l, 3, PDN_EL_MOVE, "19 - 23");
	assert_elem(data, len, l, 4, PDN_EL_STRENGTH, "!?");
	snprintf(want, sizeof(want), "(1... 18-23 {in}%s2. 37-32 (2. 33-29))",
	    eol);
	assert_elem(data, len, l, 5, PDN_EL_VARIATION, want);
	v = l->e[5].u.variation;
	assert_int_equal(v->n, 4);
	assert_elem(data, len, v, 0, PDN_EL_MOVE, "18-23");
	assert_elem(data, len, v, 1, PDN_EL_COMMENT, "{in}");
	assert_elem(data, len, v, 2, PDN_EL_MOVE, "37-32");
	assert_elem(data, len, v, 3, PDN_EL_VARIATION, "(2. 33-29)");
	assert_elem(data, len, v->e[3].u.variation, 0, PDN_EL_MOVE, "33-29");
	assert_elem(data, len, l, 6, PDN_EL_LINE_COMMENT, "% a line");
	/* A comment between a number and its move comes first. */
	assert_elem(data, len, l, 7, PDN_EL_COMMENT, "{between}");
	assert_elem(data, len, l, 8, PDN_EL_MOVE, "28x19");
	assert_elem(data, len, l, 9, PDN_EL_MOVE, "14x23");
	assert_elem(data, len, l, 10, PDN_EL_SETUP, "/FEN \"W:W28:B23\"/");
	assert_elem(data, len, l, 11, PDN_EL_MOVE, "28x19");
	assert_span(data, len, g->terminator_span, "2-0");

	/* A variation never closed runs to the end of its last element,
	 * not over the terminator that ends the game inside it. */
	assert_int_equal(pdn_reader_next(&g, r), 1);
	l = &g->moves;
	assert_int_equal(l->n, 2);
	assert_elem(data, len, l, 0, PDN_EL_MOVE, "33-28");
	assert_elem(data, len, l, 1, PDN_EL_VARIATION, "(1. 34-29");
	assert_span(data, len, g->terminator_span, "*");
	assert_int_equal(pdn_reader_next(&g, r), 0);
}

static void
elem_input(pdn_buf *b, const char *eol)
{
	b->len = 0;
	add_s(b, "[Event \"elements\"]"); add_s(b, eol); add_s(b, eol);
	add_s(b, "{before} 1. 32-28 $3 19 - 23 !? (1... 18-23 {in}");
	add_s(b, eol);
	add_s(b, "2. 37-32 (2. 33-29)) % a line"); add_s(b, eol);
	add_s(b, "2. {between}"); add_s(b, eol);
	add_s(b, "28x19 2... 14x23 /FEN \"W:W28:B23\"/ 28x19 2-0");
	add_s(b, eol); add_s(b, eol);
	add_s(b, "1. 33-28 (1. 34-29 *"); add_s(b, eol);
}

/*
 * Element spans (pdn_elem.span) are absolute input offsets,
 * from memory and from a stream read a few bytes at a time, with LF, CR
 * LF and lone CR line ends.
 */
static void
test_elem_spans(void **state)
{
	static const char *const eols[] = { "\n", "\r\n", "\r" };
	pdn_buf in = { 0 };
	struct trickle tr;
	pdn_reader *r;
	size_t k;

	(void)state;
	for (k = 0; k < 3; k++) {
		elem_input(&in, eols[k]);
		assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len,
		    pdntest_reader_options()), 0);
		check_elem_spans(r, in.data, in.len, eols[k]);
		pdn_reader_free(r);
		tr.data = in.data;
		tr.len = in.len;
		tr.at = 0;
		tr.step = 5;
		assert_int_equal(pdn_reader_new(&r, trickle_read, &tr,
		    pdntest_reader_options()), 0);
		check_elem_spans(r, in.data, in.len, eols[k]);
		pdn_reader_free(r);
	}
	pdn_buf_free(&in);
}

/*
 * keep_raw: a game cut short comes back with its bytes exactly as read,
 * to where the next game starts, also when they left the lexer's buffer
 * long before (a stream read a few bytes at a time), its first token
 * included; a copy keeps them.
 */
static void
test_keep_raw(void **state)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_buf in = { 0 };
	struct trickle tr;
	pdn_reader *r;
	const pdn_game *g;
	pdn_game *c, am;
	pdn_tag amtags[8];
	size_t start, end;
	int i, stream;

	opt.finish = pdn_game_finish;
	(void)state;
	add_s(&in, "[Event \"ok\"]\r\n1. 32-28 *\r\n\r\n");
	start = in.len;
	/* Its first token, longer than the lexer's window, too. */
	add_s(&in, "[Event \"broken ");
	for (i = 0; i < 1000; i++)
		add_s(&in, "0123456789");
	add_s(&in, "\"]\r\n1. 32-28 19-23 ");
	for (i = 0; i < 3000; i++)
		add_s(&in, "{a long comment} ");
	pdn_buf_add(&in, "{NUL \0 here} 2. 33-28\r\n\r\n", 25);
	end = in.len;
	add_s(&in, "[Event \"after\"]\r\n1. 32-28 *\r\n");
	opt.keep_raw = 1;
	for (stream = 0; stream < 2; stream++) {
		tr.data = in.data;
		tr.len = in.len;
		tr.at = 0;
		tr.step = 5;
		if (stream)
			assert_int_equal(pdn_reader_new(&r, trickle_read, &tr,
			    &opt), 0);
		else
			assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len,
			    &opt), 0);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_false(g->truncated);
		assert_null(g->raw);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_true(g->truncated);
		assert_non_null(g->raw);
		assert_int_equal(g->offset, start);
		assert_int_equal(g->rawlen, end - start);
		assert_memory_equal(g->raw, in.data + start, end - start);
		assert_int_equal(g->span.offset, start);
		assert_int_equal(g->span.len, end - start);
		assert_int_equal(pdn_game_clone(&c, g), 0);
		assert_true(c->raw != g->raw);
		assert_int_equal(c->rawlen, g->rawlen);
		assert_memory_equal(c->raw, g->raw, g->rawlen);
		assert_memory_equal(c->tag_spans, g->tag_spans,
		    g->ntags * sizeof(pdn_tag_span));
		assert_int_equal(c->span.len, g->span.len);
		pdn_game_free(c);
		/* An amended copy's tags are not all where the input has them. */
		assert_in_range(g->ntags, 1, 7);
		pdn_game_amend(&am, amtags, g, "2-0", "no-moves");
		assert_int_equal(am.ntags, g->ntags + 1);
		assert_null(am.tag_spans);
		assert_int_equal(am.span.offset, g->span.offset);
		assert_int_equal(am.span.len, g->span.len);
		assert_int_equal(pdn_reader_next(&g, r), 1);
		assert_string_equal(pdn_game_tag(g, "Event"), "after");
		assert_int_equal(g->offset, end);
		assert_int_equal(pdn_reader_next(&g, r), 0);
		pdn_reader_free(r);
	}
	pdn_buf_free(&in);
}

/*
 * keep_raw 2: every game's bytes, what lies before each (blanks, a lead,
 * CR LF) and the rest after the last are the input byte for byte, read
 * from memory or a few bytes at a time; a game too long for max_game has
 * none, and the games after it have theirs again.
 */
static void
test_keep_raw_every(void **state)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_buf in = { 0 }, out = { 0 };
	struct trickle tr;
	pdn_reader *r;
	const pdn_game *g;
	const char *rest;
	size_t len;
	int i, stream, n, big;

	opt.finish = pdn_game_finish;
	(void)state;
	add_s(&in, "\r\n\xef\xbb\xbf[Event \"a\"]\r\n1. 32-28 *\r\n\r\n");
	add_s(&in, "[Event \"b\"]\n1. 32-28 19-23 {c} 2-0\n\n\n");
	add_s(&in, "[Event \"broken\"]\n1. 32-28 (19-23\n\n");
	add_s(&in, "[Event \"c\"]\n1. 32-28\n[Event \"d\"]\n1-1\n\n");
	opt.keep_raw = 2;
	for (stream = 0; stream < 2; stream++) {
		tr.data = in.data;
		tr.len = in.len;
		tr.at = 0;
		tr.step = 3;
		if (stream)
			assert_int_equal(pdn_reader_new(&r, trickle_read, &tr,
			    &opt), 0);
		else
			assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len,
			    &opt), 0);
		out.len = 0;
		n = 0;
		while (pdn_reader_next(&g, r) == 1) {
			assert_non_null(g->raw);
			assert_non_null(g->before);
			assert_int_equal(g->rawlen, g->span.len);
			assert_int_equal(out.len + g->beforelen, g->offset);
			pdn_buf_add(&out, g->before, g->beforelen);
			pdn_buf_add(&out, g->raw, g->rawlen);
			n++;
		}
		assert_int_equal(n, 5);
		assert_non_null(rest = pdn_reader_rest(r, &len));
		pdn_buf_add(&out, rest, len);
		assert_int_equal(out.len, in.len);
		assert_memory_equal(out.data, in.data, in.len);
		pdn_reader_free(r);
	}
	/* Without keep_raw 2, no rest and no before. */
	opt.keep_raw = 1;
	assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len, &opt), 0);
	while (pdn_reader_next(&g, r) == 1)
		assert_null(g->before);
	assert_null(pdn_reader_rest(r, &len));
	pdn_reader_free(r);
	/* A game above max_game loses its text; the next has its own. */
	in.len = 0;
	add_s(&in, "[Event \"a\"]\n1. 32-28 *\n\n[Event \"big\"]\n1. 32-28 ");
	for (i = 0; i < 300; i++)
		add_s(&in, "{a long comment} ");
	add_s(&in, "*\n\n[Event \"c\"]\n1. 32-28 *\n");
	opt.keep_raw = 2;
	opt.max_game = 2000;
	assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len, &opt), 0);
	n = big = 0;
	while (pdn_reader_next(&g, r) == 1) {
		n++;
		if (g->raw == NULL)
			big++;
		else
			assert_memory_equal(g->raw, in.data + g->offset,
			    g->rawlen);
	}
	assert_int_equal(n, 3);
	assert_int_equal(big, 1);
	pdn_reader_free(r);
	pdn_buf_free(&in);
	pdn_buf_free(&out);
}

/*
 * Junk outside any game (a byte order mark and a word before the first
 * game, comments and a stray ')' before the next) is no game: the game
 * after it is read whole, with one warning, and keeps the junk as its
 * lead (keep_raw 1) and its before (keep_raw 2, where befores, raws and
 * the rest are the input again), read from memory or a few bytes at a
 * time; a wrapped tag among them keeps its span over its lines.
 */
static void
test_junk_kept(void **state)
{
	static const char in[] = "\xef\xbb\xbfxx junk\n[Event \"a\"]\n"
	    "1. 32-28 *\n\n{c} ) more\r\n\r\n[Event \"b\"]\n"
	    "[FEN \"W:W31-\n 50:B1-20\"]\n1. 32-28 *\n\n[Event \"c\"]\n"
	    "1. 33-28 *\n";
	static const char *const leads[] = {
		"\xef\xbb\xbfxx junk\n", "{c} ) more\r\n\r\n", NULL
	};
	static const int warnings[] = { 1, 2, 0 };
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_buf out = { 0 };
	struct trickle tr;
	pdn_reader *r;
	const pdn_game *g;
	const char *rest;
	size_t len = sizeof(in) - 1;
	int keep, stream, n;

	opt.finish = pdn_game_finish;
	(void)state;
	for (keep = 0; keep <= 2; keep++)
		for (stream = 0; stream < 2; stream++) {
			opt.keep_raw = keep;
			tr.data = in;
			tr.len = len;
			tr.at = 0;
			tr.step = 3;
			if (stream)
				assert_int_equal(pdn_reader_new(&r, trickle_read,
				    &tr, &opt), 0);
			else
				assert_int_equal(pdn_reader_new_mem(&r, in, len,
				    &opt), 0);
			out.len = 0;
			for (n = 0; pdn_reader_next(&g, r) == 1; n++) {
				assert_in_range(n, 0, 2);
				assert_int_equal(g->index, n + 1);
				assert_false(g->truncated);
				assert_int_equal(g->errors, 0);
				assert_int_equal(g->warnings, warnings[n]);
				if (keep > 0 && leads[n] != NULL) {
					assert_int_equal(g->leadlen,
					    strlen(leads[n]));
					assert_memory_equal(g->lead, leads[n],
					    g->leadlen);
					assert_memory_equal(in + g->offset -
					    g->leadlen, leads[n], g->leadlen);
				} else
					assert_null(g->lead);
				if (n == 1)
					assert_span(in, len,
					    tag_span(g, "FEN").tag,
					    "[FEN \"W:W31-\n 50:B1-20\"]");
				if (keep == 2) {
					assert_int_equal(out.len + g->beforelen,
					    g->offset);
					pdn_buf_add(&out, g->before,
					    g->beforelen);
					pdn_buf_add(&out, g->raw, g->rawlen);
				}
			}
			assert_int_equal(n, 3);
			if (keep == 2) {
				assert_non_null(rest = pdn_reader_rest(r,
				    &len));
				pdn_buf_add(&out, rest, len);
				len = sizeof(in) - 1;
				assert_int_equal(out.len, len);
				assert_memory_equal(out.data, in, len);
			}
			pdn_reader_free(r);
		}
	pdn_buf_free(&out);
}

/* --- skip_moves reads the same games -------------------------------- */

/*
 * What a reader with skip_moves must say exactly as one without: every
 * game's place, span, tags, terminator, counts, GameType and raw text,
 * and every diagnostic.  The movetext is left out (skip_moves keeps no
 * moves), but its elements other than moves are counted (count_other()).
 */

static void
skim(const char *data, size_t len, int skip, int keep_raw, size_t step,
    size_t max_game, pdn_buf *out)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	struct trickle t = { data, len, 0, step };
	pdn_reader *r;
	const pdn_game *g;
	char buf[256];
	size_t i;
	int rc;

	opt.finish = pdn_game_finish;
	opt.file = "t.pdn";
	opt.diag = collect;
	opt.diag_arg = out;
	opt.skip_moves = skip;
	opt.keep_raw = keep_raw;
	opt.max_game = max_game;
	out->len = 0;
	if (step > 0)
		rc = pdn_reader_new(&r, trickle_read, &t, &opt);
	else
		rc = pdn_reader_new_mem(&r, data, len, &opt);
	assert_int_equal(rc, 0);
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		skim_game(buf, sizeof(buf), g);
		add_s(out, buf);
		for (i = 0; i < g->ntags; i++) {
			add_s(out, g->tags[i].name);
			add_s(out, "=");
			pdntest_escape(out, g->tags[i].value, g->tags[i].vlen);
			add_s(out, " ");
		}
		add_s(out, g->terminator != NULL ? g->terminator : "none");
		add_s(out, "\n");
	}
	assert_int_equal(rc, 0);
	pdn_reader_free(r);
	pdn_buf_add(out, "", 0);
}

static void
assert_same_skim(const char *data, size_t len, int keep_raw, size_t step,
    size_t max_game)
{
	pdn_buf a = { 0 }, b = { 0 };

	skim(data, len, 0, keep_raw, step, max_game, &a);
	skim(data, len, 1, keep_raw, step, max_game, &b);
	if (strcmp(a.data, b.data) != 0) {
		pdn_buf in = { 0 };
		size_t i = 0, l = 0;

		/* From the line where they part. */
		for (; a.data[i] == b.data[i]; i++)
			if (a.data[i] == '\n')
				l = i + 1;
		pdntest_escape(&in, data, len);
		pdn_buf_add(&in, "", 0);
		fail_msg("skip_moves reads otherwise (keep_raw %d, step %zu, "
		    "max_game %zu):\n%s\nwithout:\n%.300s\nwith:\n%.300s",
		    keep_raw, step, max_game, in.data, a.data + l,
		    b.data + l);
	}
	pdn_buf_free(&a);
	pdn_buf_free(&b);
}

/*
 * Tokens around the plain moves that skip_moves passes, and what stops
 * it: results that look like moves, padded numbers, numbers too long,
 * longer paths, separators after blanks, move numbers without moves,
 * lone CRs, tabs, tags and the rest.
 */
static const char *const skim_tokens[] = {
	"1.", "12.", "12...", "2..", "01.", "0.", "123.", "1234.", "12",
	"32-28", "28x19", "5-10", "1-7", "2-7", "1-10", "3-8", "0-5", "5-0",
	"46-50", "33-29", "50x1", "09-13", "32-08", "100-200", "1000-1",
	"1-1", "2-0", "0-2", "1-0", "0-1", "0-0", "1/2-1/2", "*", "0-001.",
	"1-101.", "32-28x", "28x19x10", "28:19", "28X19", "1- 7", "32 -28",
	"{c}", "{", "}", "(", ")", "$1", "!", "?!", "%line\n", ";line\n",
	"[Event \"x\"]\n", "[Result \"*\"]\n", "[GameType \"21\"]\n",
	"[FEN \"W:W31:B1\"]\n", "/FEN \"W:W31,32:B1\"/", "\r", "\t", ".",
	"x", "-", "c3-d4", "32-28!", "junk", "\xe9", "\n\n",
};
static const char *const skim_blanks[] = {
	" ", " ", " ", "\n", "\r\n", "", "\t", "  ", "\n\n", " \t",
};

/*
 * A record of n tokens, one in `rare` of them from skim_tokens and the
 * others numbered or plain moves, each followed by blanks from
 * skim_blanks (one in `rareb` of them) or else a space or a CR LF.
 */
static void
random_record(pdn_buf *in, uint64_t *seed, int n, int rare, int rareb)
{
	size_t nt = sizeof(skim_tokens) / sizeof(skim_tokens[0]);
	size_t nb = sizeof(skim_blanks) / sizeof(skim_blanks[0]);
	char buf[32];
	int k;

	in->len = 0;
	if (pdntest_rnd(seed) % 2)
		add_s(in, "[Event \"r\"]\n\n");
	for (k = 0; k < n; k++) {
		uint64_t x = pdntest_rnd(seed);

		if (x % (uint64_t)rare != 0) {
			/* A numbered move, a plain one. */
			snprintf(buf, sizeof(buf), "%d. %d-%d",
			    (int)((x >> 8) % 60) + 1,
			    (int)((x >> 16) % 50) + 1,
			    (int)((x >> 24) % 50) + 1);
			add_s(in, x % 5 == 0 ? buf + 3 +
			    (buf[1] == '.' ? 0 : 1) : buf);
		} else
			add_s(in, skim_tokens[(x >> 8) % nt]);
		x >>= 32;
		add_s(in, x % (uint64_t)rareb == 0 ?
		    skim_blanks[(x >> 8) % nb] : x % 7 == 0 ? "\r\n" : " ");
	}
	if (pdntest_rnd(seed) % 4 != 0)
		add_s(in, "*\n");
}

static void
test_skip_moves(void **state)
{
	yamlvec v;
	yaml_node_t *list;
	pdn_buf in = { 0 };
	uint64_t seed = 20261202;
	char *data;
	size_t len;
	int i;

	(void)state;
	/* Every reader vector, read whole, by a few bytes, as read. */
	yamlvec_load(&v, "reader.yaml");
	list = yamlvec_root(&v);
	for (i = 0; i < yamlvec_len(list); i++) {
		data = pdntest_unescape(yamlvec_field(&v,
		    yamlvec_item(&v, list, i), "in"), &len);
		assert_non_null(data);
		assert_same_skim(data, len, 0, 0, 0);
		assert_same_skim(data, len, 2, 7, 0);
		free(data);
	}
	yamlvec_free(&v);
	/*
	 * Random games: mostly plain moves, so that the runs it passes are
	 * long, among every other kind of token.
	 */
	for (i = 0; i < 4000; i++) {
		random_record(&in, &seed, 1 + (int)(pdntest_rnd(&seed) % 60),
		    3, 1);
		assert_same_skim(in.data, in.len, (int)(i % 3), 0,
		    i % 7 == 0 ? 256 : 0);
		if (i % 5 == 0)
			assert_same_skim(in.data, in.len, 0, 1 + i % 13, 0);
	}
	/*
	 * A long variation, then the main line goes on: the game is too
	 * large at the same move whatever max_game (closing a variation
	 * copies its moves, skipped ones included).
	 */
	in.len = 0;
	add_s(&in, "[Event \"v\"]\n\n1. 32-28 (1. 33-29");
	for (i = 0; i < 120; i++)
		add_s(&in, i % 2 ? " 29-33" : " 33-29");
	add_s(&in, ") 1... 19-23");
	for (i = 0; i < 120; i++)
		add_s(&in, i % 2 ? " 23-19" : " 19-23");
	add_s(&in, " *\n");
	for (len = 256; len <= 16384; len += 128)
		assert_same_skim(in.data, in.len, 0, 0, len);
	/*
	 * Long runs of plain moves, one token in 40 of another kind: what
	 * the 64 bytes at a time of lex_skip_moves() take (x86-64).
	 */
	for (i = 0; i < 2000; i++) {
		random_record(&in, &seed, 20 + (int)(pdntest_rnd(&seed) % 200),
		    40, 40);
		assert_same_skim(in.data, in.len, (int)(i % 3), 0,
		    i % 7 == 0 ? 4096 : 0);
	}
	pdn_buf_free(&in);
}

/* --- the moves read in runs (lex_moves()) are the moves' tokens ----- */

/*
 * Each move element against the lexer's token at its offset, read afresh
 * from there: the whole move token (squares past nsq included), the
 * span's length, the line and column (lines end at LF); and its number,
 * where the text before it is a move number ("12.", "12...": that one)
 * or a plain move ("32-28": none).
 */
static void
check_move_elem(const char *data, size_t len, const pdn_elem *e)
{
	pdn_lexer *lx;
	pdn_token t;
	size_t o = (size_t)e->span.offset, i, w, k, b;
	long line = 1, col;
	int dots;

	assert_true(o < len);
	assert_int_equal(pdn_lexer_new_mem(&lx, data + o, len - o), 0);
	assert_int_equal(pdn_lexer_next(&t, lx), 0);
	assert_int_equal(t.type, PDN_TOK_MOVE);
	assert_int_equal(t.offset, 0);
	assert_memory_equal(&t.move, &e->u.move.tok, sizeof(t.move));
	assert_int_equal(pdn_lexer_offset(lx), e->span.len);
	pdn_lexer_free(lx);
	for (i = 0, k = 0; i < o; i++)
		if (data[i] == '\n') {
			line++;
			k = i + 1;
		}
	col = (long)(o - k) + 1;
	assert_int_equal(e->line, line);
	assert_int_equal(e->col, col);
	/* The word before it, past blanks. */
	for (i = o; i > 0 && strchr(" \t\r\n", data[i - 1]) != NULL; i--)
		;
	for (w = i; w > 0 && strchr(" \t\r\n", data[w - 1]) == NULL; w--)
		;
	for (k = w; k < i && data[k] >= '0' && data[k] <= '9'; k++)
		;
	for (dots = 0; k + (size_t)dots < i && data[k + dots] == '.'; dots++)
		;
	/* Not the end of a path with spaces: "25-5 x 42." is one move. */
	for (b = w; b > 0 && strchr(" \t\r\n", data[b - 1]) != NULL; b--)
		;
	if (b > 0 && strchr("-xX:", data[b - 1]) != NULL)
		return;
	if (k > w && dots > 0 && k + (size_t)dots == i && data[w] != '0') {
		assert_int_equal(e->u.move.number, atol(data + w));
		assert_int_equal(e->u.move.dots, dots);
	} else if (k > w && k < i && (data[k] == '-' || data[k] == 'x') &&
	    k + 1 < i && strspn(data + k + 1, "0123456789") == i - k - 1) {
		assert_int_equal(e->u.move.number, -1);
		assert_int_equal(e->u.move.dots, 0);
	}
}

static void
check_line_moves(const char *data, size_t len, const pdn_line *l, long *n)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].type == PDN_EL_MOVE) {
			check_move_elem(data, len, &l->e[i]);
			(*n)++;
		} else if (l->e[i].type == PDN_EL_VARIATION)
			check_line_moves(data, len, l->e[i].u.variation, n);
}

static void
test_move_runs(void **state)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_buf in = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	uint64_t seed = 20261206;
	long n = 0;
	int i;

	(void)state;
	opt.finish = pdn_game_finish;
	for (i = 0; i < 3000; i++) {
		/* Mostly plain moves among every kind of token, then long runs. */
		if (i < 1500)
			random_record(&in, &seed, 1 + (int)(pdntest_rnd(&seed) %
			    80), 3, 1);
		else
			random_record(&in, &seed, 20 + (int)(pdntest_rnd(&seed) %
			    200), 40, 40);
		/* Short games (max_game) stop the runs at the size check. */
		opt.max_game = i % 7 == 0 ? 1024 + (size_t)i : 0;
		assert_int_equal(pdn_reader_new_mem(&r, in.data, in.len, &opt),
		    0);
		while (pdn_reader_next(&g, r) == 1)
			check_line_moves(in.data, in.len, &g->moves, &n);
		pdn_reader_free(r);
	}
	/* The records are mostly moves: most of them were looked at. */
	assert_true(n > 100000);
	pdn_buf_free(&in);
}

/* --- messages not wanted are not formatted ------------------------- */

/* pdn_reader_set_wanted(): every code but the one in *arg. */
static int
all_but(pdn_diag_code code, void *arg)
{
	return code != *(const pdn_diag_code *)arg;
}

/*
 * The diagnostics of text read with the message of code `no` not wanted
 * (PDN_D_NCODES: all wanted), and the game's warnings and errors.
 */
static void
wanted_read(const char *text, pdn_diag_code no, pdn_buf *diags,
    long *counts)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;
	const pdn_game *g;

	opt.finish = pdn_game_finish;
	opt.diag = collect;
	opt.diag_arg = diags;
	diags->len = 0;
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text), &opt), 0);
	if (no != PDN_D_NCODES)
		pdn_reader_set_wanted(r, all_but, &no);
	assert_true(pdn_reader_wants_message(r, PDN_D_TAG_NAME));
	assert_int_equal(pdn_reader_wants_message(r, PDN_D_TAG_DUPLICATE),
	    no != PDN_D_TAG_DUPLICATE);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	*counts = g->warnings * 1000 + g->errors;
	pdn_reader_free(r);
	pdn_buf_add(diags, "", 0);
}

static void
test_wanted(void **state)
{
	/* A duplicate tag (the reader's), a FEN's liberty (the hook's). */
	static const char text[] = "[Event \"a\"]\n[Event \"b\"]\n"
	    "[FEN \"W:W31,32:B1,2.\"]\n\n1. 32-28 *\n";
	/* The code not wanted, then what each message is said as. */
	static const struct {
		pdn_diag_code no;
		const char *dup, *fen;
	} c[] = {
		{ PDN_D_NCODES, "tag-duplicate: duplicate tag: Event",
		    "fen-liberty: nonstandard FEN: final '.'" },
		/* Not wanted: the code's text alone, counted as ever. */
		{ PDN_D_TAG_DUPLICATE, "tag-duplicate: duplicate tag (game 1",
		    "fen-liberty: nonstandard FEN: final '.'" },
		{ PDN_D_FEN_LIBERTY, "tag-duplicate: duplicate tag: Event",
		    "fen-liberty: nonstandard FEN (game 1" },
	};
	pdn_buf diags = { 0 };
	long n_all = 0, n;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		wanted_read(text, c[i].no, &diags, &n);
		if (i == 0)
			n_all = n;
		assert_int_equal(n, n_all);
		assert_non_null(strstr(diags.data, c[i].dup));
		assert_non_null(strstr(diags.data, c[i].fen));
	}
	pdn_buf_free(&diags);
}

/*
 * The file hint of pdn_game_finish(): a Czech game (its moves replay in
 * Czech draughts alone) and one whose moves Russian, Brazilian and Czech
 * rules all replay, from mrcd2007.pdn (testdata/corpus/wiegerw-pdn).
 */
static const char czech_game[] =
    "[Event \"m-CR-q\"]\n\n"
    "1. c3-b4 b6-c5 2. b2-c3 f6-e5 3. e3-f4 g7-f6 4. a1-b2 h8-g7 5. b4-a5 "
    "c7-b6 6. a5xc7 d8xb6 7. f2-e3 b6-a5 8. g3-h4 e5xg3 9. h2xf4 f6-e5 "
    "10. f4-g5 h6xf4 11. e3xg5 g7-f6 12. d2-e3 c5-d4 13. e3xc5 d6xb4xd2 "
    "14. c1xe3 e5-f4 15. e1-d2 b8-c7 16. g1-h2 c7-d6 17. b2-c3 f6-e5 "
    "1/2-1/2\n\n";
static const char open_game[] =
    "[Event \"m-CR-q\"]\n\n"
    "1. g3-h4 d6-e5 2. e3-d4 h6-g5 3. d2-e3 g7-h6 4. c1-d2 c7-d6 5. f2-g3 "
    "b6-a5 6. e1-f2 a5-b4 7. a3xc5 d6xb4 8. c3xa5 e5xc3xe1 9. b2-a3 e7-d6 "
    "10. a3-b4 d6-e5 11. a1-b2 f8-g7 12. b2-c3 e5-f4 13. g3xe5 "
    "e1xg3xd6xa3 14. e3-d4 g5-f4 15. g1-f2 f4-g3 16. h2xf4 f6-g5 0-1\n\n";
static const char nomove_game[] = "[Event \"m-CR-q\"]\n\n1-0\n\n";
static const char intl_game[] = "[Event \"intl\"]\n\n1. 32-28 19-23 *\n\n";

struct head {
	const char *s;
	size_t len;
	int whole;
	int calls;
};

static const char *
head_of(void *arg, size_t *len, int *whole)
{
	struct head *h = arg;

	h->calls++;
	*len = h->len;
	*whole = h->whole;
	return h->s;
}

/* The GameTypes of the games of text, read with hint h (NULL: none). */
static void
hint_types(const char *text, pdn_file_hint *h, int *types, int n)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	const pdn_game *g;
	pdn_reader *r;
	int i = 0;

	opt.finish = pdn_game_finish;
	opt.finish_arg = h;
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text), &opt), 0);
	while (pdn_reader_next(&g, r) == 1) {
		assert_true(i < n);
		types[i++] = g->gametype;
	}
	assert_int_equal(i, n);
	pdn_reader_free(r);
}

static void
test_file_hint(void **state)
{
	pdn_buf file = { 0 };
	pdn_file_hint *h;
	struct head hd;
	int t[5];

	(void)state;
	add_s(&file, czech_game);
	add_s(&file, open_game);
	add_s(&file, nomove_game);
	add_s(&file, open_game);
	pdn_buf_add(&file, "", 0);
	/* Without a hint: Russian, the first that fits; the PDN default. */
	hint_types(file.data, NULL, t, 4);
	assert_int_equal(t[0], 29);
	assert_int_equal(t[1], 25);
	assert_int_equal(t[2], 20);
	assert_int_equal(t[3], 25);
	/* With the file's head: Czech, as its first game says; once. */
	hd.s = file.data;
	hd.len = strlen(file.data);
	hd.whole = 1;
	hd.calls = 0;
	assert_int_equal(pdn_file_hint_new(&h, head_of, &hd), 0);
	hint_types(file.data, h, t, 4);
	assert_int_equal(t[0], 29);
	assert_int_equal(t[1], 29);
	assert_int_equal(t[2], 29);
	assert_int_equal(t[3], 29);
	assert_int_equal(hd.calls, 1);
	pdn_file_hint_free(h);
	/* A head that is not the whole file: its last game is left out. */
	hd.s = czech_game;
	hd.len = strlen(czech_game);
	hd.whole = 0;
	hd.calls = 0;
	assert_int_equal(pdn_file_hint_new(&h, head_of, &hd), 0);
	hint_types(file.data, h, t, 4);
	assert_int_equal(t[1], 25);
	assert_int_equal(t[2], 20);
	pdn_file_hint_free(h);
	/* More international games than Czech ones: the PDN default. */
	file.len = 0;
	add_s(&file, czech_game);
	add_s(&file, intl_game);
	add_s(&file, intl_game);
	add_s(&file, nomove_game);
	add_s(&file, open_game);
	pdn_buf_add(&file, "", 0);
	hd.s = file.data;
	hd.len = strlen(file.data);
	hd.whole = 1;
	assert_int_equal(pdn_file_hint_new(&h, head_of, &hd), 0);
	hint_types(file.data, h, t, 5);
	assert_int_equal(t[3], 20);
	/* Of the variants that replay a game, the file's is still taken. */
	assert_int_equal(t[4], 29);
	pdn_file_hint_free(h);
	pdn_buf_free(&file);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_max_game),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_read_error),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_elem_spans),
		cmocka_unit_test(test_keep_raw),
		cmocka_unit_test(test_keep_raw_every),
		cmocka_unit_test(test_junk_kept),
		cmocka_unit_test(test_skip_moves),
		cmocka_unit_test(test_move_runs),
		cmocka_unit_test(test_wanted),
		cmocka_unit_test(test_file_hint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
