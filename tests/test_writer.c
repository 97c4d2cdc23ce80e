/*
 * The canonical writer (writer.c): exact output bytes for small games
 * (testdata/writer.yaml), each output a fixed point (read and written
 * again it comes out the same), and the buffer it writes into.
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_buf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
