/*
 * pdn-select --split-by's file names (cmd/select/partname.c): what a value
 * becomes, whatever its bytes, and which names are one file where case is
 * ignored.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "partname.h"

static void
check(const char *value, size_t len, const char *want)
{
	char got[PARTNAME_BYTES + 1];

	partname_make(got, value, len);
	assert_string_equal(got, want);
}

#define CHECK(v, want) check(v, sizeof(v) - 1, want)

/* The ASCII rule as before: a safe set kept, '.' but first. */
static void
test_ascii(void **state)
{
	(void)state;
	CHECK("Sijbrands, T.", "Sijbrands,_T.");
	CHECK("", "_");
	CHECK(".", "_");
	CHECK("..", "_.");
	CHECK("../../x", "_._.._x");
	CHECK("a\0b\tc\177d\"e*f?g", "a_b_c_d_e_f_g");
	CHECK("-_+,=@", "-_+,=@");
}

/* Letters of UTF-8 are kept; controls, spaces, invisible marks are not. */
static void
test_utf8(void **state)
{
	(void)state;
	CHECK("Чемпионат мира", "Чемпионат_мира");
	CHECK("Café", "Café");
	CHECK("東京 2019", "東京_2019");
	/* U+0085 (NEL), U+00A0, U+200B, U+202E, U+FEFF, U+2028. */
	CHECK("a\xc2\x85" "b\xc2\xa0" "c\xe2\x80\x8b" "d\xe2\x80\xae" "e"
	    "\xef\xbb\xbf" "f\xe2\x80\xa8" "g", "a_b_c_d_e_f_g");
	/* A character past the BMP. */
	CHECK("\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
}

/* Bytes that are not UTF-8 are read as Latin-1, one character each. */
static void
test_latin1(void **state)
{
	(void)state;
	CHECK("Caf\xe9", "Café");
	CHECK("Fran\xe7" "ais \xe0 Paris", "Français_à_Paris");
	/* A lone continuation byte; C1 control 0x85 as Latin-1. */
	CHECK("a\x80" "b\x85", "a_b_");
	/* An overlong '/' (C0 AF): two Latin-1 characters, no '/'. */
	CHECK("\xc0\xaf", "À¯");
	/* A surrogate (ED A0 80), a value past U+10FFFF (F4 90 80 80). */
	CHECK("\xed\xa0\x80", "í__");
	CHECK("\xf4\x90\x80\x80", "ô___");
	/* A sequence cut short by the end. */
	CHECK("x\xd0", "xÐ");
}

/* At most 64 characters and 128 bytes, never part of one. */
static void
test_length(void **state)
{
	char v[400], want[PARTNAME_BYTES + 1];
	size_t i;

	(void)state;
	memset(v, 'a', 100);
	memset(want, 'a', 64);
	want[64] = '\0';
	check(v, 100, want);
	for (i = 0; i < 100; i++)
		memcpy(v + 2 * i, "ж", 2);
	want[0] = '\0';
	for (i = 0; i < 64; i++)
		strcat(want, "ж");
	check(v, 200, want);
	/* Three bytes each: 42 fit in 128 bytes, not 43. */
	for (i = 0; i < 100; i++)
		memcpy(v + 3 * i, "東", 3);
	want[0] = '\0';
	for (i = 0; i < 42; i++)
		strcat(want, "東");
	check(v, 300, want);
}

/* Names alike but for case are one file where case is ignored. */
static void
test_same(void **state)
{
	(void)state;
	assert_true(partname_same("Open", "oPEN"));
	assert_true(partname_same("Чемпионат_мира", "ЧЕМПИОНАТ_МИРА"));
	assert_true(partname_same("Ёлка", "ёлка"));
	assert_true(partname_same("Café", "CAFÉ"));
	assert_true(partname_same("Łódź", "ŁÓDŹ"));
	assert_true(partname_same("Ωμέγα", "ΩΜέΓΑ"));
	assert_false(partname_same("Café", "Cafe"));
	assert_false(partname_same("Open", "Open-2"));
	assert_false(partname_same("ab", "a"));
	assert_int_equal(partname_hash("Чемпионат_мира"),
	    partname_hash("ЧЕМПИОНАТ_МИРА"));
	assert_int_equal(partname_hash("Łódź"), partname_hash("łÓdŹ"));
	assert_int_equal(partname_hash("open"), partname_hash("OPEN"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ascii),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_latin1),
		cmocka_unit_test(test_length),
		cmocka_unit_test(test_same),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
