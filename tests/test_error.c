/*
 * The one error convention (pdn/core.h): every return code has its own
 * message, the FEN and profile readers return the code of their refusal,
 * and a number that is no code says so.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>

static const int codes[] = {
	PDN_OK, PDN_EINVAL, PDN_ENOMEM, PDN_EIO, PDN_ERANGE,
	PDN_EFEN_EMPTY, PDN_EFEN_SIDE, PDN_EFEN_COLOUR, PDN_EFEN_SQUARE,
	PDN_EFEN_SQUARE_RANGE, PDN_EFEN_RANGE, PDN_EFEN_DUPLICATE,
	PDN_EFEN_DUP_COLOUR, PDN_EFEN_FIELD, PDN_EFEN_TRAILING,
	PDN_EPROFILE_IO, PDN_EPROFILE_SYNTAX, PDN_EPROFILE_NOT_MAPPING,
	PDN_EPROFILE_UNKNOWN_KEY, PDN_EPROFILE_DUPLICATE_KEY,
	PDN_EPROFILE_WRONG_TYPE, PDN_EPROFILE_MISSING_KEY,
	PDN_EPROFILE_UNKNOWN_BASE, PDN_EPROFILE_UNKNOWN_NAME
};
#define NCODES	(sizeof(codes) / sizeof(codes[0]))

/* Every code its own message; the messages users see, exactly. */
static void
test_messages(void **state)
{
	size_t i, j;

	(void)state;
	for (i = 0; i < NCODES; i++) {
		assert_true(codes[i] <= 0);
		assert_string_not_equal(pdn_strerror(codes[i]),
		    "unknown error");
		for (j = 0; j < i; j++)
			assert_string_not_equal(pdn_strerror(codes[i]),
			    pdn_strerror(codes[j]));
	}
	assert_string_equal(pdn_strerror(PDN_OK), "no error");
	assert_string_equal(pdn_strerror(PDN_ENOMEM), "out of memory");
	assert_string_equal(pdn_strerror(PDN_EFEN_DUPLICATE),
	    "square listed twice");
	assert_string_equal(pdn_strerror(PDN_EPROFILE_UNKNOWN_KEY),
	    "unknown key");
	assert_string_equal(pdn_strerror(1), "unknown error");
	assert_string_equal(pdn_strerror(-19), "unknown error");
}

/* The readers return the code of the refusal, with its place. */
static void
test_returned(void **state)
{
	static const char dup[] = "W:W31,31:B1";
	static const char key[] = "base: fmjd\nnosuch: 1\n";
	pdn_position pos;
	pdn_fen_info info;
	pdn_profile *p = NULL;
	pdn_profile_error err;

	(void)state;
	assert_int_equal(pdn_fen_read(&pos, NULL, dup, strlen(dup), &info),
	    PDN_EFEN_DUPLICATE);
	assert_int_equal(info.square, 31);
	assert_int_equal(pdn_fen_read(&pos, NULL, "", 0, NULL),
	    PDN_EFEN_EMPTY);
	assert_int_equal(pdn_profile_read(&p, key, strlen(key), "k.yaml",
	    &err), PDN_EPROFILE_UNKNOWN_KEY);
	assert_int_equal(err.line, 2);
	assert_string_equal(err.key, "nosuch");
	assert_true(strncmp(err.message, "unknown key", 11) == 0);
	assert_null(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_messages),
		cmocka_unit_test(test_returned),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
