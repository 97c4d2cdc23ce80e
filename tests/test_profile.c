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
	pdn_profile *p;
	char path[64];
	int i;

	(void)state;
	for (i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
		snprintf(path, sizeof(path), "profiles/%s.yaml", names[i]);
		if (pdn_profile_read_file(&p, path, &err) != 0)
			fail_msg("%s:%d:%d: %s", err.file, err.line,
			    err.column, err.message);
		assert_non_null(pdn_profile_builtin(names[i]));
		assert_true(pdn_profile_equal(p, pdn_profile_builtin(names[i])));
		pdn_profile_free(p);
	}
	/* The two differ exactly where RULES.md 5.5 says they do. */
	assert_int_equal(pdn_profile_new(&p, pdn_profile_builtin("fmjd")), 0);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_THREEFOLD), 3);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_THREEFOLD_INITIAL), 1);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_THREEFOLD_CLAIM), 0);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_KING_PLIES), 50);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_ENDING16_PLIES), 32);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_ENDING5_PLIES), 10);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_TRANSITION),
	    PDN_TRANSITION_KEEP);
	assert_int_equal(pdn_profile_set(p, PDN_RULE_THREEFOLD_INITIAL, 0), 0);
	assert_int_equal(pdn_profile_set(p, PDN_RULE_THREEFOLD_CLAIM, 1), 0);
	assert_int_equal(pdn_profile_set(p, PDN_RULE_TRANSITION,
	    PDN_TRANSITION_RESTART), 0);
	assert_false(pdn_profile_equal(p, pdn_profile_builtin("lidraughts")));
	assert_int_equal(pdn_profile_set_name(p, "lidraughts"), 0);
	assert_true(pdn_profile_equal(p, pdn_profile_builtin("lidraughts")));
	/* Values out of range, rules that are none: refused, unchanged. */
	assert_int_equal(pdn_profile_set(p, PDN_RULE_THREEFOLD, 1),
	    PDN_EINVAL);
	assert_int_equal(pdn_profile_set(p, PDN_RULE_KING_PLIES,
	    PDN_PROFILE_PLIESMAX + 1), PDN_EINVAL);
	assert_int_equal(pdn_profile_set(p, PDN_RULE_THREEFOLD_CLAIM, 2),
	    PDN_EINVAL);
	assert_int_equal(pdn_profile_set(p, (pdn_rule)99, 1), PDN_EINVAL);
	assert_int_equal(pdn_profile_get(p, (pdn_rule)99), -1);
	assert_true(pdn_profile_equal(p, pdn_profile_builtin("lidraughts")));
	assert_int_equal(pdn_profile_set_name(p, "a name longer than the "
	    "sixty-three bytes a profile's name may take, by far"),
	    PDN_ERANGE);
	assert_string_equal(pdn_profile_name(p), "lidraughts");
	pdn_profile_free(p);
	assert_ptr_equal(pdn_profile_default(), pdn_profile_builtin("fmjd"));
	assert_null(pdn_profile_builtin("fide"));
	assert_null(pdn_profile_builtin(NULL));
	/* The list: fmjd first, each built-in under its own name. */
	assert_ptr_equal(pdn_profile_list(0), pdn_profile_default());
	for (i = 0; pdn_profile_list(i) != NULL; i++)
		assert_ptr_equal(pdn_profile_list(i), pdn_profile_builtin(
		    pdn_profile_name(pdn_profile_list(i))));
	assert_int_equal(i, (int)(sizeof(names) / sizeof(names[0])));
	assert_null(pdn_profile_list(-1));
}

static void
test_valid(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item, *e;
	pdn_profile_error err;
	pdn_profile *p;
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
		assert_string_equal(pdn_profile_name(p), yamlvec_field(&v, e, "name"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_THREEFOLD),
		    yamlvec_int(&v, e, "threefold"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_THREEFOLD_INITIAL),
		    parse_bool(&v, e, "initial"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_THREEFOLD_CLAIM),
		    parse_bool(&v, e, "claim"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_KING_PLIES),
		    yamlvec_int(&v, e, "25-move"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_ENDING16_PLIES),
		    yamlvec_int(&v, e, "16-move"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_ENDING5_PLIES),
		    yamlvec_int(&v, e, "5-move"));
		assert_int_equal(pdn_profile_get(p, PDN_RULE_TRANSITION),
		    strcmp(yamlvec_field(&v, e, "into-5-move"), "keep") == 0 ?
		    PDN_TRANSITION_KEEP : PDN_TRANSITION_RESTART);
		pdn_profile_free(p);
	}
	yamlvec_free(&v);
}

static void
test_errors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item;
	pdn_profile_error err;
	static char sentinel;
	pdn_profile *p, *untouched = (pdn_profile *)(void *)&sentinel;
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
		p = untouched;
		rc = pdn_profile_read(&p, text, strlen(text), "t.yaml", &err);
		/* The profile is only written on success. */
		assert_ptr_equal(p, untouched);
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
	pdn_profile *p;

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
	pdn_profile *p;

	(void)state;
	assert_int_equal(pdn_profile_load(&p, "lidraughts", NULL, &err), 0);
	assert_true(pdn_profile_equal(p, pdn_profile_builtin("lidraughts")));
	pdn_profile_free(p);
	/* A built-in name wins over a file of that name in the directory. */
	assert_int_equal(pdn_profile_load(&p, "fmjd", "testdata/profiles",
	    &err), 0);
	assert_true(pdn_profile_equal(p, pdn_profile_builtin("fmjd")));
	pdn_profile_free(p);

	assert_int_equal(pdn_profile_load(&p, "testdata/profiles/short-25.yaml",
	    NULL, &err), 0);
	assert_string_equal(pdn_profile_name(p), "short-25");
	assert_int_equal(pdn_profile_get(p, PDN_RULE_KING_PLIES), 20);
	pdn_profile_free(p);
	assert_int_equal(pdn_profile_load(&p, "no-endgame",
	    "testdata/profiles", &err), 0);
	assert_string_equal(pdn_profile_name(p), "no-endgame");
	assert_int_equal(pdn_profile_get(p, PDN_RULE_ENDING16_PLIES), 0);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_ENDING5_PLIES), 0);
	assert_int_equal(pdn_profile_get(p, PDN_RULE_KING_PLIES), 50);
	pdn_profile_free(p);

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
