/*
 * The table of diagnostics (diag.c): every code's stable name, severity
 * and text, against the names and severities pdn-parse(1) and
 * pdn-validate(1) document, and the diagnostics the reader hands out
 * carrying them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>

/*
 * The name and severity of every code, as the manual pages list them:
 * users match these names in profiles, scripts and --format output, so
 * none may change.  Indexed by code, so that a new code without its entry
 * here fails the size check below.
 */
static const struct {
	pdn_diag_code code;
	const char *name;
	pdn_severity severity;
} documented[] = {
	{ PDN_D_UNEXPECTED_CHAR, "unexpected-char", PDN_SEV_ERROR },
	{ PDN_D_STRAY_BRACE, "stray-brace", PDN_SEV_ERROR },
	{ PDN_D_UNBALANCED_PAREN, "unbalanced-paren", PDN_SEV_ERROR },
	{ PDN_D_UNTERMINATED_COMMENT, "unterminated-comment", PDN_SEV_ERROR },
	{ PDN_D_UNTERMINATED_STRING, "unterminated-string", PDN_SEV_ERROR },
	{ PDN_D_BAD_TAG, "bad-tag", PDN_SEV_ERROR },
	{ PDN_D_BAD_MOVE, "bad-move", PDN_SEV_ERROR },
	{ PDN_D_BAD_NAG, "bad-nag", PDN_SEV_ERROR },
	{ PDN_D_BAD_SETUP, "bad-setup", PDN_SEV_ERROR },
	{ PDN_D_NUMBER_TOO_LONG, "number-too-long", PDN_SEV_ERROR },
	{ PDN_D_TOKEN_TOO_LONG, "token-too-long", PDN_SEV_ERROR },
	{ PDN_D_TOO_DEEP, "variation-too-deep", PDN_SEV_ERROR },
	{ PDN_D_GAME_TOO_LARGE, "game-too-large", PDN_SEV_ERROR },
	{ PDN_D_UNCLOSED_VARIATION, "unclosed-variation", PDN_SEV_ERROR },
	{ PDN_D_VARIATION_FIRST, "variation-first", PDN_SEV_ERROR },
	{ PDN_D_BAD_FEN, "bad-fen", PDN_SEV_ERROR },
	{ PDN_D_TAG_DUPLICATE, "tag-duplicate", PDN_SEV_WARNING },
	{ PDN_D_TAG_NAME, "tag-name", PDN_SEV_WARNING },
	{ PDN_D_TAG_UNQUOTED, "tag-unquoted", PDN_SEV_WARNING },
	{ PDN_D_TAG_QUOTES, "tag-quotes", PDN_SEV_WARNING },
	{ PDN_D_NO_TERMINATOR, "no-terminator", PDN_SEV_WARNING },
	{ PDN_D_RESULT_MISMATCH, "result-mismatch", PDN_SEV_WARNING },
	{ PDN_D_RESULT_UNKNOWN, "result-unknown", PDN_SEV_WARNING },
	{ PDN_D_RESULT_SPACED, "result-spaced", PDN_SEV_WARNING },
	{ PDN_D_RESULT_GLUED, "result-glued", PDN_SEV_WARNING },
	{ PDN_D_LATIN1, "latin1", PDN_SEV_WARNING },
	{ PDN_D_SQUARE_PADDED, "square-padded", PDN_SEV_WARNING },
	{ PDN_D_MOVE_SPACES, "move-spaces", PDN_SEV_WARNING },
	{ PDN_D_COLON_CAPTURE, "colon-capture", PDN_SEV_WARNING },
	{ PDN_D_MOVENUM_PADDED, "movenum-padded", PDN_SEV_WARNING },
	{ PDN_D_MOVENUM_NO_DOT, "movenum-no-dot", PDN_SEV_WARNING },
	{ PDN_D_MOVENUM_DANGLING, "movenum-dangling", PDN_SEV_WARNING },
	{ PDN_D_NESTED_BRACE, "nested-brace", PDN_SEV_WARNING },
	{ PDN_D_FEN_LIBERTY, "fen-liberty", PDN_SEV_WARNING },
	{ PDN_D_NO_GAMES, "no-games", PDN_SEV_WARNING },
	{ PDN_D_TEXT_AFTER_GAME, "text-after-game", PDN_SEV_WARNING },
	{ PDN_D_GAMETYPE_INFERRED, "gametype-inferred", PDN_SEV_NOTE },
	{ PDN_D_GAMETYPE_UNKNOWN, "gametype-unknown", PDN_SEV_WARNING },
	{ PDN_D_ILLEGAL_MOVE, "illegal-move", PDN_SEV_ERROR },
	{ PDN_D_IRREGULAR_MOVE, "irregular-move", PDN_SEV_WARNING },
	{ PDN_D_AMBIGUOUS_GAME, "ambiguous-game", PDN_SEV_WARNING },
	{ PDN_D_RESULT_POSITION, "result-position", PDN_SEV_ERROR },
	{ PDN_D_SETUP_POSITION, "setup-position", PDN_SEV_ERROR },
	{ PDN_D_UNSUPPORTED_GAMETYPE, "unsupported-gametype",
	    PDN_SEV_WARNING },
	{ PDN_D_MOVE_SEPARATOR, "move-separator", PDN_SEV_WARNING },
	{ PDN_D_GAMETYPE_VALUE, "gametype-value", PDN_SEV_WARNING },
	{ PDN_D_AS_READ, "as-read", PDN_SEV_WARNING },
	{ PDN_D_VARIATION_ILLEGAL, "variation-illegal", PDN_SEV_WARNING },
	{ PDN_D_TAG_WRAPPED, "tag-wrapped", PDN_SEV_WARNING },
	{ PDN_D_JUNK_SKIPPED, "junk-skipped", PDN_SEV_WARNING },
	{ PDN_D_FEN_SIDE_UNKNOWN, "fen-side-unknown", PDN_SEV_WARNING },
	{ PDN_D_MOVE_UPPERCASE, "move-uppercase", PDN_SEV_NOTE },
	{ PDN_D_TAG_ITALIAN, "tag-italian", PDN_SEV_NOTE },
	{ PDN_D_MOVE_SHORT, "move-short", PDN_SEV_NOTE },
	{ PDN_D_SHORT_RESOLVED, "short-resolved", PDN_SEV_NOTE },
	{ PDN_D_RESULT_COLON, "result-colon", PDN_SEV_NOTE },
	{ PDN_D_TAG_UNCLOSED, "tag-unclosed", PDN_SEV_WARNING },
	{ PDN_D_PROSE_VARIATION, "prose-variation", PDN_SEV_WARNING },
	{ PDN_D_RESULT_FIRST_MOVER, "result-first-mover", PDN_SEV_NOTE },
	{ PDN_D_SETUP_EMPTY, "setup-empty", PDN_SEV_WARNING },
	{ PDN_D_RESULT_WHITE_FIRST, "result-white-first", PDN_SEV_NOTE },
};

#define NDOCUMENTED (sizeof(documented) / sizeof(documented[0]))

/* Every code: a well-formed, distinct name, a severity, a text. */
static void
test_every_code(void **state)
{
	const char *name, *text, *p;
	pdn_severity sev;
	int c, d;
	size_t len;

	(void)state;
	assert_int_equal(PDN_D_NCODES, 61);
	for (c = 0; c < PDN_D_NCODES; c++) {
		name = pdn_diag_name((pdn_diag_code)c);
		assert_non_null(name);
		len = strlen(name);
		assert_true(len > 0);
		for (p = name; *p != '\0'; p++)
			if (!((*p >= 'a' && *p <= 'z') ||
			    (*p >= '0' && *p <= '9') || *p == '-'))
				fail_msg("code %d: name \"%s\" has '%c'", c,
				    name, *p);
		/* Words joined by single dashes. */
		assert_true(name[0] != '-' && name[len - 1] != '-');
		assert_null(strstr(name, "--"));
		for (d = 0; d < c; d++)
			if (strcmp(name, pdn_diag_name((pdn_diag_code)d)) == 0)
				fail_msg("codes %d and %d are both \"%s\"", d,
				    c, name);
		sev = pdn_diag_severity((pdn_diag_code)c);
		assert_true(sev == PDN_SEV_NOTE || sev == PDN_SEV_WARNING ||
		    sev == PDN_SEV_ERROR);
		text = pdn_diag_text((pdn_diag_code)c);
		assert_non_null(text);
		len = strlen(text);
		assert_true(len > 0);
		/*
		 * A message is the text, then ": detail": one line, with no
		 * blank or full stop at its end.
		 */
		assert_null(strchr(text, '\n'));
		assert_true(text[len - 1] != ' ' && text[len - 1] != '.');
		assert_true(text[0] != ' ');
	}
}

/* The names and severities the manual pages document. */
static void
test_documented(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(NDOCUMENTED, PDN_D_NCODES);
	for (i = 0; i < NDOCUMENTED; i++) {
		assert_int_equal(documented[i].code, (int)i);
		assert_string_equal(pdn_diag_name(documented[i].code),
		    documented[i].name);
		if (pdn_diag_severity(documented[i].code) !=
		    documented[i].severity)
			fail_msg("%s is a %s, documented as a %s",
			    documented[i].name, pdn_severity_name(
			    pdn_diag_severity(documented[i].code)),
			    pdn_severity_name(documented[i].severity));
	}
	/* A few of them once more, by hand. */
	assert_string_equal(pdn_diag_name(PDN_D_BAD_TAG), "bad-tag");
	assert_int_equal(pdn_diag_severity(PDN_D_BAD_TAG), PDN_SEV_ERROR);
	assert_string_equal(pdn_diag_name(PDN_D_GAMETYPE_INFERRED),
	    "gametype-inferred");
	assert_int_equal(pdn_diag_severity(PDN_D_GAMETYPE_INFERRED),
	    PDN_SEV_NOTE);
	assert_string_equal(pdn_diag_name(PDN_D_RESULT_MISMATCH),
	    "result-mismatch");
	assert_int_equal(pdn_diag_severity(PDN_D_RESULT_MISMATCH),
	    PDN_SEV_WARNING);
	assert_string_equal(pdn_diag_name(PDN_D_ILLEGAL_MOVE),
	    "illegal-move");
	assert_int_equal(pdn_diag_severity(PDN_D_ILLEGAL_MOVE),
	    PDN_SEV_ERROR);
	/*
	 * The only notes: what the variant was read as, upper-case files,
	 * Italian tag names, the Russian records' short moves and colon
	 * results, a short move the game decided, and an English result
	 * read with the first mover's score first, or with White's where
	 * the final position proves it against the file's order.
	 */
	for (i = 0; i < NDOCUMENTED; i++)
		assert_int_equal(pdn_diag_severity(documented[i].code) ==
		    PDN_SEV_NOTE, documented[i].code ==
		    PDN_D_GAMETYPE_INFERRED || documented[i].code ==
		    PDN_D_MOVE_UPPERCASE || documented[i].code ==
		    PDN_D_TAG_ITALIAN || documented[i].code ==
		    PDN_D_MOVE_SHORT || documented[i].code ==
		    PDN_D_SHORT_RESOLVED || documented[i].code ==
		    PDN_D_RESULT_COLON || documented[i].code ==
		    PDN_D_RESULT_FIRST_MOVER || documented[i].code ==
		    PDN_D_RESULT_WHITE_FIRST);
}

/* No code: a placeholder rather than a crash or NULL. */
static void
test_no_code(void **state)
{
	(void)state;
	assert_string_equal(pdn_diag_name(PDN_D_NCODES), "?");
	assert_string_equal(pdn_diag_text(PDN_D_NCODES), "?");
	assert_int_equal(pdn_diag_severity(PDN_D_NCODES), PDN_SEV_ERROR);
	assert_string_equal(pdn_diag_name((pdn_diag_code)-1), "?");
	assert_string_equal(pdn_diag_text((pdn_diag_code)1000), "?");
}

static void
test_severity_name(void **state)
{
	(void)state;
	assert_string_equal(pdn_severity_name(PDN_SEV_NOTE), "note");
	assert_string_equal(pdn_severity_name(PDN_SEV_WARNING), "warning");
	assert_string_equal(pdn_severity_name(PDN_SEV_ERROR), "error");
}

/* What a callback saw: each diagnostic checked against the table. */
struct seen {
	int n;
	int bad_tag, inferred, mismatch;
};

static void
collect(const pdn_diag *d, void *arg)
{
	struct seen *s = arg;
	size_t len = strlen(pdn_diag_text(d->code));

	s->n++;
	assert_string_equal(d->name, pdn_diag_name(d->code));
	assert_int_equal(d->severity, pdn_diag_severity(d->code));
	/* The fixed text, then nothing or ": detail". */
	assert_memory_equal(d->message, pdn_diag_text(d->code), len);
	assert_true(d->message[len] == '\0' ||
	    strncmp(d->message + len, ": ", 2) == 0);
	s->bad_tag += d->code == PDN_D_BAD_TAG;
	s->inferred += d->code == PDN_D_GAMETYPE_INFERRED;
	s->mismatch += d->code == PDN_D_RESULT_MISMATCH;
}

/*
 * The reader's diagnostics carry the table's name, severity and text: a
 * game whose Result tag and terminator differ and which has no GameType
 * tag (a note, a warning), then a game cut short by a tag without a name
 * (an error; a game cut short has no GameType inferred).
 */
static void
test_reported(void **state)
{
	static const char input[] =
	    "[Result \"2-0\"]\n\n1. 32-28 19-23 0-2\n\n"
	    "[\"x\"]\n1. 32-28 *\n";
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;
	const pdn_game *g;
	struct seen s = { 0, 0, 0, 0 };
	int rc, games = 0;

	opt.finish = pdn_game_finish;
	(void)state;
	opt.diag = collect;
	opt.diag_arg = &s;
	assert_int_equal(pdn_reader_new_mem(&r, input, sizeof(input) - 1,
	    &opt), 0);
	while ((rc = pdn_reader_next(&g, r)) == 1)
		games++;
	assert_int_equal(rc, 0);
	pdn_reader_free(r);
	assert_int_equal(games, 2);
	assert_int_equal(s.mismatch, 1);
	assert_int_equal(s.inferred, 1);
	assert_int_equal(s.bad_tag, 1);
	assert_int_equal(s.n, 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_code),
		cmocka_unit_test(test_documented),
		cmocka_unit_test(test_no_code),
		cmocka_unit_test(test_severity_name),
		cmocka_unit_test(test_reported),
	};

	return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
