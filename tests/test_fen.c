/*
 * FEN: reading with every tolerated liberty, canonical writing, round
 * trips and every refusal (testdata/fen.yaml).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "yamlvec.h"

static const struct {
	const char *name;
	unsigned bit;
} warning_names[] = {
	{ "trailing-dot", PDN_FEN_W_TRAILING_DOT },
	{ "zero-padded", PDN_FEN_W_ZERO_PADDED },
	{ "spaces", PDN_FEN_W_SPACES },
	{ "extra-fields", PDN_FEN_W_EXTRA_FIELDS },
	{ "man-on-crown-row", PDN_FEN_W_MAN_ON_CROWN_ROW },
	{ "lowercase", PDN_FEN_W_LOWERCASE },
	{ "side-unknown", PDN_FEN_W_SIDE_UNKNOWN },
	{ "empty-field", PDN_FEN_W_EMPTY_FIELD },
};

/* The codes of refusal, by the names fen.yaml gives them. */
static const struct {
	int code;
	const char *name;
} status_names[] = {
	{ PDN_EFEN_EMPTY, "empty" },
	{ PDN_EFEN_SIDE, "bad-side" },
	{ PDN_EFEN_COLOUR, "bad-colour" },
	{ PDN_EFEN_SQUARE, "bad-square" },
	{ PDN_EFEN_SQUARE_RANGE, "square-range" },
	{ PDN_EFEN_RANGE, "bad-range" },
	{ PDN_EFEN_DUPLICATE, "duplicate" },
	{ PDN_EFEN_DUP_COLOUR, "dup-colour" },
	{ PDN_EFEN_FIELD, "bad-field" },
	{ PDN_EFEN_TRAILING, "trailing" },
};

static const char *
status_name(int code)
{
	size_t i;

	for (i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++)
		if (status_names[i].code == code)
			return status_names[i].name;
	return "?";
}

static unsigned
warning_bit(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(warning_names) / sizeof(warning_names[0]); i++)
		if (strcmp(warning_names[i].name, name) == 0)
			return warning_names[i].bit;
	fail_msg("unknown warning name %s", name);
	return 0;
}

static void
test_valid(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item, *w, *opt;
	pdn_position pos, again;
	pdn_fen_info info;
	char out[PDN_FEN_STRMAX], out2[PDN_FEN_STRMAX];
	const char *in;
	unsigned want;
	int i, j, rc;

	(void)state;
	yamlvec_load(&v, "fen.yaml");
	list = yamlvec_get(&v, yamlvec_root(&v), "valid");
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		in = yamlvec_field(&v, item, "in");
		if ((rc = pdn_fen_read(&pos, NULL, in, strlen(in), &info)) != 0)
			fail_msg("\"%s\" refused: %s at %zu", in,
			    pdn_strerror(rc), info.offset);
		assert_int_equal(pdn_fen_write(out, sizeof(out), &pos),
		    strlen(yamlvec_field(&v, item, "out")));
		assert_string_equal(out, yamlvec_field(&v, item, "out"));
		w = yamlvec_get(&v, item, "warnings");
		want = 0;
		for (j = 0; j < yamlvec_len(w); j++)
			want |= warning_bit(yamlvec_str(yamlvec_item(&v, w, j)));
		if (info.warnings != want)
			fail_msg("\"%s\": warnings %#x, want %#x", in,
			    info.warnings, want);
		opt = yamlvec_get(&v, item, "halfmove");
		assert_int_equal(info.halfmove_clock,
		    opt ? yamlvec_int(&v, item, "halfmove") : -1);
		opt = yamlvec_get(&v, item, "fullmove");
		assert_int_equal(info.fullmove,
		    opt ? yamlvec_int(&v, item, "fullmove") : -1);
		/* Round trip: the canonical FEN reads back to the same. */
		assert_int_equal(pdn_fen_read(&again, NULL, out, strlen(out), &info),
		    0);
		assert_int_equal(info.warnings & ~PDN_FEN_W_MAN_ON_CROWN_ROW,
		    0);
		assert_true(pdn_position_equal(&pos, &again));
		pdn_fen_write(out2, sizeof(out2), &again);
		assert_string_equal(out, out2);
	}
	yamlvec_free(&v);
}

static void
test_errors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item;
	pdn_position pos, untouched;
	pdn_fen_info info;
	const char *in, *status;
	int i, rc;

	(void)state;
	yamlvec_load(&v, "fen.yaml");
	list = yamlvec_get(&v, yamlvec_root(&v), "errors");
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		in = yamlvec_field(&v, item, "in");
		pdn_variant_start(pdn_variant_default(), &pos);
		untouched = pos;
		if ((rc = pdn_fen_read(&pos, NULL, in, strlen(in), &info)) >= 0)
			fail_msg("\"%s\" accepted", in);
		status = yamlvec_field(&v, item, "status");
		if (strcmp(status_name(rc), status) != 0)
			fail_msg("\"%s\": status %s, want %s", in,
			    status_name(rc), status);
		if ((long long)info.offset != yamlvec_int(&v, item, "offset"))
			fail_msg("\"%s\": offset %zu, want %lld", in,
			    info.offset, yamlvec_int(&v, item, "offset"));
		if (yamlvec_get(&v, item, "square") != NULL)
			assert_int_equal(info.square,
			    yamlvec_int(&v, item, "square"));
		/* A refused FEN leaves the position alone. */
		assert_true(pdn_position_equal(&pos, &untouched));
		assert_true(strlen(pdn_strerror(rc)) > 0);
		assert_string_not_equal(pdn_strerror(rc), "unknown error");
	}
	yamlvec_free(&v);
}

/* Writing into small buffers truncates and still says the full length. */
static void
test_write_truncates(void **state)
{
	pdn_position pos;
	char buf[8];

	(void)state;
	pdn_variant_start(pdn_variant_default(), &pos);
	assert_int_equal(pdn_fen_write(buf, sizeof(buf), &pos), 14);
	assert_string_equal(buf, "W:W31-5");
	assert_int_equal(pdn_fen_write(NULL, 0, &pos), 14);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_write_truncates),
	};

	return cmocka_run_group_tests_name("fen", tests, NULL, NULL);
}
