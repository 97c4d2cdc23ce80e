/*
 * The streaming reader (reader.c): game boundaries, tags, movetext
 * structure, terminators, setups and every diagnostic with its code,
 * line, column, game and ply (testdata/reader.yaml); plus the memory
 * bound, the depth limit and read errors.
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
 * A game larger than max_game is cut short with game-too-large, and the
 * reader goes on with the next game.
 */
static void
test_max_game(void **state)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_buf in = { 0 }, diags = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	int i;

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
	assert_non_null(strstr(diags.data, "error game-too-large"));
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
			    "variation-too-deep: variations nested too deep "
			    "(game 1, ply 1)\n", 10 + 7 * PDN_MAX_DEPTH);
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
	assert_int_equal(pdn_reader_new(&r, failing_read, &calls, NULL), 0);
	assert_int_equal(pdn_reader_next(&g, r), PDN_EIO);
	pdn_reader_free(r);
	pdn_reader_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_max_game),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_read_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
