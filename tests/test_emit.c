/*
 * The one TSV writer of the tools (cmd/kit/emit.c): the exact bytes of a
 * field, to a stream and into a buffer, of several fields and of a
 * record.  A tab, a line feed, a carriage return and a backslash are
 * escaped; every other byte, NUL of a counted field and non-ASCII too, is
 * written as it is.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emit.h"

static char *mem;
static size_t memlen;

static FILE *
open_mem(void)
{
	FILE *fp = open_memstream(&mem, &memlen);

	assert_non_null(fp);
	return fp;
}

/* Closes fp and checks that it holds exactly want[0..len). */
static void
close_is(FILE *fp, const char *want, size_t len)
{
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(memlen, len);
	assert_memory_equal(mem, want, len);
	free(mem);
	mem = NULL;
}

#define CLOSE_IS(fp, want) close_is(fp, want, sizeof(want) - 1)

/* The field s (len bytes) written to a stream and added to a buffer. */
static void
field_is(const char *s, size_t len, const char *want, size_t wlen)
{
	pdn_buf b = { 0 };
	FILE *fp = open_mem();

	emit_tsv_field(fp, s, len);
	close_is(fp, want, wlen);
	pdn_buf_add(&b, "x", 1);
	emit_tsv_add(&b, s, len);
	assert_false(b.oom);
	assert_int_equal(b.len, wlen + 1);
	assert_memory_equal(b.data + 1, want, wlen);
	assert_int_equal(b.data[b.len], '\0');
	pdn_buf_free(&b);
}

#define FIELD_IS(s, want) \
	field_is(s, sizeof(s) - 1, want, sizeof(want) - 1)

static void
test_field(void **state)
{
	(void)state;
	FIELD_IS("", "");
	FIELD_IS("Sijbrands, T.", "Sijbrands, T.");
	FIELD_IS("a\tb", "a\\tb");
	FIELD_IS("a\nb\r\n", "a\\nb\\r\\n");
	FIELD_IS("C:\\games\\x.pdn", "C:\\\\games\\\\x.pdn");
	FIELD_IS("\\t", "\\\\t");
	FIELD_IS("\t\t", "\\t\\t");
	/* Every other byte as it is: spaces, quotes, UTF-8, controls, NUL. */
	FIELD_IS(" \"'", " \"'");
	FIELD_IS("Фадеев 高文龙", "Фадеев 高文龙");
	FIELD_IS("a\001\013\014\177\377b", "a\001\013\014\177\377b");
	FIELD_IS("a\0b", "a\0b");
}

static void
test_cstr(void **state)
{
	FILE *fp = open_mem();

	(void)state;
	emit_tsv_cstr(fp, "x\ty");
	emit_tsv_cstr(fp, NULL);
	emit_tsv_cstr(fp, "");
	emit_tsv_cstr(fp, "\\");
	CLOSE_IS(fp, "x\\ty\\\\");
}

/* Fields between tabs, or each after one; NULL is empty. */
static void
test_fields(void **state)
{
	static const char *const f[] = { "a\tb", NULL, "", "c\\d\n" };
	pdn_buf b = { 0 };

	(void)state;
	emit_tsv_fields(&b, f, 4, 0);
	assert_string_equal(b.data, "a\\tb\t\t\tc\\\\d\\n");
	b.len = 0;
	emit_tsv_fields(&b, f, 4, 1);
	assert_string_equal(b.data, "\ta\\tb\t\t\tc\\\\d\\n");
	b.len = 0;
	emit_tsv_fields(&b, f, 0, 1);
	assert_int_equal(b.len, 0);
	emit_tsv_fields(&b, f + 1, 1, 0);
	assert_int_equal(b.len, 0);
	assert_false(b.oom);
	pdn_buf_free(&b);
}

static void
test_row(void **state)
{
	static const char *const f[] = { "file\tname", "1", NULL, "x\r" };
	FILE *fp = open_mem();

	(void)state;
	emit_tsv_row(fp, f, 4);
	emit_tsv_row(fp, f, 1);
	emit_tsv_row(fp, f, 0);
	CLOSE_IS(fp, "file\\tname\t1\t\tx\\r\nfile\\tname\n\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_field),
		cmocka_unit_test(test_cstr),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
