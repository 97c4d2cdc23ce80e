/*
 * The canonical writer (writer.c): exact output bytes for small games
 * (testdata/writer.yaml), each output a fixed point (read and written
 * again it comes out the same), the buffer it writes into, and games
 * written back as read (testdata/asread).
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
test_vectors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item;
	pdn_buf once = { 0 }, twice = { 0 };
	const char *name, *want;
	char *in;
	size_t len;
	const char *nl, *p;
	int i;

	(void)state;
	yamlvec_load(&v, "writer.yaml");
	list = yamlvec_root(&v);
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		name = yamlvec_field(&v, item, "name");
		want = yamlvec_field(&v, item, "out");
		in = pdntest_unescape(yamlvec_field(&v, item, "in"), &len);
		assert_non_null(in);
		once.len = twice.len = 0;
		pdntest_rewrite(in, len, &once, NULL);
		pdn_buf_add(&once, "", 0);
		if (strcmp(once.data, want) != 0)
			fail_msg("writer.yaml: %s:\nwant:\n%sgot:\n%s", name,
			    want, once.data);
		pdntest_rewrite(once.data, once.len, &twice, NULL);
		pdn_buf_add(&twice, "", 0);
		if (strcmp(twice.data, want) != 0)
			fail_msg("writer.yaml: %s: written again:\n%s", name,
			    twice.data);
		/* No line is longer than 79 bytes. */
		for (p = once.data; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
			assert_in_range(nl - p, 0, 79);
		free(in);
	}
	pdn_buf_free(&once);
	pdn_buf_free(&twice);
	yamlvec_free(&v);
}

/* pdn_buf: appends, stays NUL-terminated, frees to empty. */
static void
test_buf(void **state)
{
	pdn_buf b = { 0 };
	int i;

	(void)state;
	pdn_buf_add(&b, "", 0);
	assert_non_null(b.data);
	assert_int_equal(b.len, 0);
	assert_string_equal(b.data, "");
	for (i = 0; i < 2000; i++)
		pdn_buf_add(&b, "abc", 3);
	assert_int_equal(b.len, 6000);
	assert_int_equal(b.data[6000], '\0');
	assert_memory_equal(b.data + 5997, "abc", 3);
	assert_int_equal(b.oom, 0);
	pdn_buf_free(&b);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
}


static int
blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			return 0;
	return 1;
}

/*
 * Nothing lost (testdata/asread): read with keep_raw and written back as
 * pdn-parse does, every game the reader saw comes out, as many as went
 * in; a game cut short comes out with its bytes exactly as read, from its
 * first byte to where the next game starts, said by an as-read warning;
 * between the games' spans lie only blanks and the next game's lead
 * (junk before a game's tags included), which comes out before it; the
 * output reads back to itself.
 */
static void
test_as_read(void **state)
{
	static const char *const files[] = {
		"testdata/asread/nul-comment.pdn",
		"testdata/asread/nul-comment-crlf.pdn",
		"testdata/asread/junk-between.pdn",
		"testdata/asread/truncated-last.pdn",
		"testdata/asread/truncated-tags-crlf.pdn",
	};
	static const long want_games[] = { 3, 3, 7, 2, 2 };
	static const long want_raw[] = { 1, 1, 2, 1, 1 };
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	struct pdntest_diags ds;
	pdn_buf out = { 0 }, again = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	uint64_t prev;
	size_t k, len, at;
	long n, nraw, asread;
	char *data;
	int i;

	opt.finish = pdn_game_finish;
	(void)state;
	opt.keep_raw = 1;
	opt.diag = pdntest_diag;
	opt.diag_arg = &ds;
	for (k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
		assert_non_null(data = pdntest_slurp(files[k], &len));
		memset(&ds, 0, sizeof(ds));
		out.len = 0;
		n = nraw = 0;
		prev = 0;
		assert_int_equal(pdn_reader_new_mem(&r, data, len, &opt), 0);
		while (pdn_reader_next(&g, r) == 1) {
			n++;
			assert_int_equal(g->span.offset, g->offset);
			assert_true(g->offset >= prev);
			assert_true(g->span.len <= len - g->offset);
			/* Before the game: blanks, then what its lead holds. */
			at = (size_t)g->offset;
			if (g->lead != NULL) {
				assert_true(g->leadlen <= at - prev);
				at -= g->leadlen;
				assert_memory_equal(g->lead, data + at,
				    g->leadlen);
				assert_false(blank(g->lead, 1));
			}
			if (!blank(data + prev, at - prev))
				fail_msg("%s: game %ld: bytes lost before it",
				    files[k], n);
			at = out.len + g->leadlen;
			assert_int_equal(pdntest_write(&out, g), 0);
			if (g->truncated) {
				nraw++;
				assert_non_null(g->raw);
				assert_int_equal(g->rawlen, g->span.len);
				assert_memory_equal(g->raw, data + g->offset,
				    g->rawlen);
				assert_true(out.len >= at + g->rawlen);
				assert_memory_equal(out.data + at, g->raw,
				    g->rawlen);
			}
			prev = g->span.offset + g->span.len;
		}
		pdn_reader_free(r);
		/* A truncated game runs to the next: none lies in between. */
		if (!blank(data + prev, len - prev))
			fail_msg("%s: bytes lost after the last game",
			    files[k]);
		for (asread = 0, i = 0; i < ds.n; i++)
			asread += strcmp(ds.names[i], "as-read") == 0;
		if (n != want_games[k] || nraw != want_raw[k] ||
		    asread != nraw)
			fail_msg("%s: %ld games, %ld as read, %ld said", files[k],
			    n, nraw, asread);
		again.len = 0;
		assert_int_equal(pdntest_rewrite(out.data, out.len, &again,
		    NULL), n);
		assert_int_equal(again.len, out.len);
		assert_memory_equal(again.data, out.data, out.len);
		free(data);
	}
	pdn_buf_free(&out);
	pdn_buf_free(&again);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_buf),
		cmocka_unit_test(test_as_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
