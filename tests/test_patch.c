/*
 * Edits at the reader's spans (patch.c): the exact bytes of each input of
 * testdata/patch.yaml with a result given and the main line cut, read
 * again to as many games; and pdn_patch_apply()'s refusals.
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

/* The games of data[0..len), read as a program that edits in place. */
static long
count_games(const char *data, size_t len)
{
	pdn_reader_options opt = *pdntest_reader_options();
	pdn_reader *r;
	const pdn_game *g;
	long n = 0;

	assert_int_equal(pdn_reader_new_mem(&r, data, len, &opt), 0);
	while (pdn_reader_next(&g, r) == 1)
		n++;
	pdn_reader_free(r);
	return n;
}

/* The edits of vector `item` for every game of `in`, made. */
static void
patched(yamlvec *v, yaml_node_t *item, const char *in, size_t len,
    pdn_buf *out)
{
	pdn_reader_options opt = *pdntest_reader_options();
	yaml_node_t *n;
	const char *result = NULL, *term = NULL, *eol = NULL;
	pdn_patch p = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	long cut = -1;
	int keep = 0;

	if ((n = yamlvec_get(v, item, "result")) != NULL)
		result = yamlvec_str(n);
	if ((n = yamlvec_get(v, item, "termination")) != NULL)
		term = yamlvec_str(n);
	if ((n = yamlvec_get(v, item, "eol")) != NULL)
		eol = yamlvec_str(n);
	if (yamlvec_get(v, item, "cut") != NULL)
		cut = (long)yamlvec_int(v, item, "cut");
	if (yamlvec_get(v, item, "keep") != NULL)
		keep = (int)yamlvec_int(v, item, "keep");
	opt.keep_raw = 2;
	assert_int_equal(pdn_reader_new_mem(&r, in, len, &opt), 0);
	while (pdn_reader_next(&g, r) == 1) {
		if (g->truncated) {
			assert_int_equal(pdn_patch_result(&p, g, "2-0", NULL,
			    NULL), PDN_EINVAL);
			continue;
		}
		/* The cut first: the order of calls does not matter. */
		if (cut >= 0)
			assert_int_equal(pdn_patch_cut(&p, g, cut, keep), 0);
		if (result != NULL)
			assert_int_equal(pdn_patch_result(&p, g, result, term,
			    eol), 0);
	}
	pdn_reader_free(r);
	assert_int_equal(pdn_patch_apply(out, in, len, &p), 0);
	pdn_patch_free(&p);
}

static void
test_vectors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item;
	pdn_buf out = { 0 }, got = { 0 };
	const char *name;
	char *in, *want;
	size_t len, wlen;
	int i;

	(void)state;
	yamlvec_load(&v, "patch.yaml");
	list = yamlvec_root(&v);
	assert_true(yamlvec_len(list) > 0);
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		name = yamlvec_field(&v, item, "name");
		in = pdntest_unescape(yamlvec_field(&v, item, "in"), &len);
		want = pdntest_unescape(yamlvec_field(&v, item, "out"), &wlen);
		assert_non_null(in);
		assert_non_null(want);
		out.len = got.len = 0;
		patched(&v, item, in, len, &out);
		if (out.len != wlen || memcmp(out.data, want, wlen) != 0) {
			pdntest_escape(&got, out.data, out.len);
			pdn_buf_add(&got, "", 0);
			fail_msg("patch.yaml: %s:\nwant: %s\ngot:  %s", name,
			    yamlvec_field(&v, item, "out"), got.data);
		}
		if (count_games(want, wlen) != count_games(in, len))
			fail_msg("patch.yaml: %s: %ld games, then %ld", name,
			    count_games(in, len), count_games(want, wlen));
		free(in);
		free(want);
	}
	pdn_buf_free(&out);
	pdn_buf_free(&got);
	yamlvec_free(&v);
}

/*
 * pdn_patch_apply() refuses edits outside the input or overlapping; a
 * copy of a game by pdn_game_amend() has no tag spans to edit at; a cut
 * before the first move cannot be kept as a variation.
 */
static void
test_refusals(void **state)
{
	static const char in[] = "[Result \"*\"]\n1. 32-28 19-23 *\n";
	pdn_reader_options opt = *pdntest_reader_options();
	pdn_patch p = { 0 };
	pdn_buf out = { 0 };
	pdn_reader *r;
	const pdn_game *g;
	pdn_game amended;
	pdn_tag tags[2];

	(void)state;
	opt.keep_raw = 2;
	assert_int_equal(pdn_reader_new_mem(&r, in, sizeof(in) - 1, &opt), 0);
	assert_int_equal(pdn_reader_next(&g, r), 1);
	assert_int_equal(pdn_patch_cut(&p, g, 0, 1), PDN_EINVAL);
	assert_int_equal(pdn_patch_cut(&p, g, -1, 0), PDN_EINVAL);
	assert_int_equal(p.n, 0);
	pdn_game_amend(&amended, tags, g, "2-0", "x");
	assert_int_equal(pdn_patch_result(&p, &amended, "2-0", "x", NULL),
	    PDN_EINVAL);
	assert_int_equal(pdn_patch_result(&p, g, "2-0", NULL, NULL), 0);
	assert_int_equal(p.n, 2);
	/* Applied to a shorter input, the terminator lies outside it. */
	assert_int_equal(pdn_patch_apply(&out, in, 10, &p), PDN_EINVAL);
	out.len = 0;
	assert_int_equal(pdn_patch_apply(&out, in, sizeof(in) - 1, &p), 0);
	assert_int_equal(out.len, sizeof(in) - 1 + 4);
	assert_memory_equal(out.data, "[Result \"2-0\"]\n1. 32-28 19-23 2-0\n",
	    out.len);
	/* Two edits of the same bytes overlap. */
	assert_int_equal(pdn_patch_result(&p, g, "0-2", NULL, NULL), 0);
	out.len = 0;
	assert_int_equal(pdn_patch_apply(&out, in, sizeof(in) - 1, &p),
	    PDN_EINVAL);
	pdn_patch_clear(&p);
	assert_int_equal(p.n, 0);
	pdn_reader_free(r);
	pdn_patch_free(&p);
	pdn_buf_free(&out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
