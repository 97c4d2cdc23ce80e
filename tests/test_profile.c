/*
 * Rules profiles: the built-in ones against the shipped YAML files, the
 * profiles and the refusals of testdata/drawrules.yaml (exact status,
 * position, key and message), and loading by name, file and directory.
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

/* The status names used in the vectors, in enum order. */
/* The codes of refusal by the names drawrules.yaml gives them. */
static const char *
status_name(int code)
{
	switch (code) {
	case PDN_EPROFILE_IO: return "io";
	case PDN_EPROFILE_SYNTAX: return "syntax";
	case PDN_EPROFILE_NOT_MAPPING: return "not-mapping";
	case PDN_EPROFILE_UNKNOWN_KEY: return "unknown-key";
	case PDN_EPROFILE_DUPLICATE_KEY: return "duplicate-key";
	case PDN_EPROFILE_WRONG_TYPE: return "wrong-type";
	case PDN_EPROFILE_MISSING_KEY: return "missing-key";
	case PDN_EPROFILE_UNKNOWN_BASE: return "unknown-base";
	case PDN_EPROFILE_UNKNOWN_NAME: return "unknown-name";
	}
	return "?";
}

static int
parse_bool(yamlvec *v, yaml_node_t *map, const char *key)
{
	const char *s = yamlvec_field(v, map, key);

	if (strcmp(s, "true") == 0)
		return 1;
	if (strcmp(s, "false") == 0)
		return 0;
	fail_msg("%s: %s: \"%s\" is not true or false", v->path, key, s);
	return 0;
}

/* The shipped files are complete (no `base`) and equal the built-ins. */
static void
test_shipped_files(void **state)
{
	static const char *const names[] = { "fmjd", "lidraughts", "fmjd64",
	    "cbd", "wcdf", "fid", "fid-dctl", "pool", "spanish", "czech",
	    "thai", "frisian", "canadian" };
	pdn_profile_error err;
	pdn_profile p;
	char path[64];
	int i;

	(void)state;
	for (i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
		snprintf(path, sizeof(path), "profiles/%s.yaml", names[i]);
		if (pdn_profile_read_file(&p, path, &err) != 0)
			fail_msg("%s:%d:%d: %s", err.file, err.line,
			    err.column, err.message);
		assert_non_null(pdn_profile_builtin(names[i]));
		assert_true(pdn_profile_equal(&p, pdn_profile_builtin(names[i])));
	}
	/* The two differ exactly where RULES.md 5.5 says they do. */
	p = *pdn_profile_builtin("fmjd");
	assert_int_equal(p.threefold, 3);
	assert_int_equal(p.threefold_initial, 1);
	assert_int_equal(p.threefold_claim, 0);
	assert_int_equal(p.king_plies, 50);
	assert_int_equal(p.ending16_plies, 32);
	assert_int_equal(p.ending5_plies, 10);
	assert_int_equal(p.transition, PDN_TRANSITION_KEEP);
	p.threefold_initial = 0;
	p.threefold_claim = 1;
	p.transition = PDN_TRANSITION_RESTART;
	strcpy(p.name, "lidraughts");
	assert_true(pdn_profile_equal(&p, pdn_profile_builtin("lidraughts")));
	assert_ptr_equal(pdn_profile_default(), pdn_profile_builtin("fmjd"));
	assert_null(pdn_profile_builtin("fide"));
	assert_null(pdn_profile_builtin(NULL));
}

static void
test_valid(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item, *e;
	pdn_profile_error err;
	pdn_profile p;
	const char *text;
	int i, n;

	(void)state;
	yamlvec_load(&v, "drawrules.yaml");
	list = yamlvec_get(&v, yamlvec_root(&v), "profiles");
	n = yamlvec_len(list);
	assert_true(n >= 3);
	for (i = 0; i < n; i++) {
		item = yamlvec_item(&v, list, i);
		text = yamlvec_field(&v, item, "text");
		e = yamlvec_get(&v, item, "expect");
		if (pdn_profile_read(&p, text, strlen(text), "t.yaml",
		    &err) != 0)
			fail_msg("%s: %s:%d:%d: %s",
			    yamlvec_field(&v, item, "name"), err.file,
			    err.line, err.column, err.message);
		assert_string_equal(p.name, yamlvec_field(&v, e, "name"));
		assert_int_equal(p.threefold, yamlvec_int(&v, e, "threefold"));
		assert_int_equal(p.threefold_initial,
		    parse_bool(&v, e, "initial"));
		assert_int_equal(p.threefold_claim, parse_bool(&v, e, "claim"));
		assert_int_equal(p.king_plies, yamlvec_int(&v, e, "25-move"));
		assert_int_equal(p.ending16_plies,
		    yamlvec_int(&v, e, "16-move"));
		assert_int_equal(p.ending5_plies, yamlvec_int(&v, e, "5-move"));
		assert_int_equal(p.transition,
		    strcmp(yamlvec_field(&v, e, "into-5-move"), "keep") == 0 ?
		    PDN_TRANSITION_KEEP : PDN_TRANSITION_RESTART);
	}
	yamlvec_free(&v);
}

static void
test_errors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item;
	pdn_profile_error err;
	pdn_profile p, untouched;
	const char *text;
	int i, n, rc;

	(void)state;
	yamlvec_load(&v, "drawrules.yaml");
	list = yamlvec_get(&v, yamlvec_root(&v), "profile-errors");
	n = yamlvec_len(list);
	assert_true(n >= 15);
	for (i = 0; i < n; i++) {
		item = yamlvec_item(&v, list, i);
		text = yamlvec_field(&v, item, "text");
		memset(&p, 0x5a, sizeof(p));
		untouched = p;
		rc = pdn_profile_read(&p, text, strlen(text), "t.yaml", &err);
		/* The profile is only written on success. */
		assert_memory_equal(&p, &untouched, sizeof(p));
		assert_string_equal(status_name(rc),
		    yamlvec_field(&v, item, "status"));
		assert_string_equal(err.file, "t.yaml");
		assert_int_equal(err.line, yamlvec_int(&v, item, "line"));
		assert_int_equal(err.column, yamlvec_int(&v, item, "column"));
		assert_string_equal(err.key, yamlvec_field(&v, item, "key"));
		assert_string_equal(err.message,
		    yamlvec_field(&v, item, "message"));
		/* Without an error struct the call still fails cleanly. */
		assert_int_equal(pdn_profile_read(&p, text, strlen(text),
		    "t.yaml", NULL), rc);
	}
	yamlvec_free(&v);
}

/* Refusals whose text comes from libyaml: only status and line. */
static void
test_syntax(void **state)
{
	static const char bad[] = "base: fmjd\nname: \"mine\n";
	static const char empty[] = "";
	static const char alias[] = "base: fmjd\n25-move: &a\n  plies: 40\n"
	    "16-move: *a\n";
	pdn_profile_error err;
	pdn_profile p;

	(void)state;
	assert_int_equal(pdn_profile_read(&p, bad, strlen(bad), NULL, &err),
	    PDN_EPROFILE_SYNTAX);
	assert_string_equal(err.file, "<profile>");
	assert_true(err.line >= 1);
	assert_true(strncmp(err.message, "YAML syntax error: ", 19) == 0);

	assert_int_equal(pdn_profile_read(&p, empty, 0, "e.yaml", &err),
	    PDN_EPROFILE_NOT_MAPPING);
	assert_string_equal(err.message,
	    "a mapping was expected: the profile is empty");

	/* An alias is not a mapping: anchors buy nothing in a profile. */
	assert_int_equal(pdn_profile_read(&p, alias, strlen(alias), "a.yaml",
	    &err), PDN_EPROFILE_WRONG_TYPE);
	assert_int_equal(err.line, 4);
	assert_string_equal(err.message,
	    "wrong type: 16-move: expected a mapping, got an alias");
}

static void
test_load(void **state)
{
	pdn_profile_error err;
	pdn_profile p;

	(void)state;
	assert_int_equal(pdn_profile_load(&p, "lidraughts", NULL, &err), 0);
	assert_true(pdn_profile_equal(&p, pdn_profile_builtin("lidraughts")));
	/* A built-in name wins over a file of that name in the directory. */
	assert_int_equal(pdn_profile_load(&p, "fmjd", "testdata/profiles",
	    &err), 0);
	assert_true(pdn_profile_equal(&p, pdn_profile_builtin("fmjd")));

	assert_int_equal(pdn_profile_load(&p, "testdata/profiles/short-25.yaml",
	    NULL, &err), 0);
	assert_string_equal(p.name, "short-25");
	assert_int_equal(p.king_plies, 20);
	assert_int_equal(pdn_profile_load(&p, "no-endgame",
	    "testdata/profiles", &err), 0);
	assert_string_equal(p.name, "no-endgame");
	assert_int_equal(p.ending16_plies, 0);
	assert_int_equal(p.ending5_plies, 0);
	assert_int_equal(p.king_plies, 50);

	assert_int_equal(pdn_profile_load(&p, "nosuch", NULL, &err),
	    PDN_EPROFILE_UNKNOWN_NAME);
	assert_string_equal(err.message, "unknown profile: nosuch");
	assert_int_equal(pdn_profile_load(&p, "nosuch", "testdata/profiles",
	    &err), PDN_EPROFILE_UNKNOWN_NAME);
	assert_string_equal(err.file, "nosuch");

	assert_int_equal(pdn_profile_load(&p, "testdata/profiles/nosuch.yaml",
	    NULL, &err), PDN_EPROFILE_IO);
	assert_string_equal(err.file, "testdata/profiles/nosuch.yaml");
	assert_int_equal(err.line, 0);
	assert_string_equal(err.message,
	    "cannot read profile: No such file or directory");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_files),
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_load),
	};

	return cmocka_run_group_tests_name("profile", tests, NULL, NULL);
}
