/*
 * The tokenizer (lex.c): every construct of pdn(5) as exact token
 * sequences (testdata/lex.yaml), the same from memory and from a stream
 * read one byte at a time, plus resynchronisation, offsets and read
 * errors.
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

/* A byte source for pdn_lexer_new(): `step` bytes per read at most. */
struct src {
	const char *p;
	size_t len, off, step;
	int fail_at;		/* read number that fails (-1), or 0 */
	int reads;
};

static long
src_read(void *arg, char *buf, size_t len)
{
	struct src *s = arg;
	size_t n = s->len - s->off;

	if (++s->reads == s->fail_at)
		return -1;
	if (n > s->step)
		n = s->step;
	if (n > len)
		n = len;
	memcpy(buf, s->p + s->off, n);
	s->off += n;
	return (long)n;
}

static void
add_s(pdn_buf *b, const char *s)
{
	pdn_buf_add(b, s, strlen(s));
}

static void
add_quoted(pdn_buf *b, const char *s, size_t len)
{
	add_s(b, " \"");
	pdntest_escape(b, s, len);
	add_s(b, "\"");
}

/*
 * One token as the expectations write it: "LINE:COL type detail", then
 * "+flag" for each liberty noticed (with "@LINE:COL", the byte it is about,
 * for Latin-1 and a nested brace), and "@LINE:COL" after an error that
 * names its byte.
 */
static void
format_token(const pdn_token *t, pdn_buf *b)
{
	static const struct {
		unsigned bit;
		const char *name;
	} flags[] = {
		{ PDN_TF_PADDED, "padded" }, { PDN_TF_SPACES, "spaces" },
		{ PDN_TF_COLON, "colon" }, { PDN_TF_GLUED, "glued" },
		{ PDN_TF_LATIN1, "latin1" }, { PDN_TF_NESTED, "nested" },
		{ PDN_TF_UNQUOTED, "unquoted" }, { PDN_TF_QUOTES, "quotes" },
		{ PDN_TF_TAG_NAME, "tagname" }, { PDN_TF_NO_DOT, "nodot" },
		{ PDN_TF_UPPER, "upper" }, { PDN_TF_SHORT, "short" },
		{ PDN_TF_UNCLOSED, "unclosed" }, { PDN_TF_PROSE, "prose" },
	};
	char buf[PDN_MOVETOK_STRMAX + 64];
	size_t k;

	b->len = 0;
	snprintf(buf, sizeof(buf), "%ld:%ld ", t->line, t->col);
	add_s(b, buf);
	switch (t->type) {
	case PDN_TOK_EOF:
		add_s(b, "eof");
		break;
	case PDN_TOK_TAG:
		add_s(b, "tag ");
		pdntest_escape(b, t->text, t->len);
		add_quoted(b, t->value, t->vlen);
		break;
	case PDN_TOK_MOVENUM:
		if (t->num >= 0)
			snprintf(buf, sizeof(buf), "num %ld ", t->num);
		else
			snprintf(buf, sizeof(buf), "num - ");
		add_s(b, buf);
		/* Every dot: a run of them may be long. */
		for (k = 0; k < (size_t)t->dots; k++)
			add_s(b, ".");
		break;
	case PDN_TOK_MOVE:
		add_s(b, "move ");
		pdn_movetok_str(buf, &t->move);
		add_s(b, buf);
		break;
	case PDN_TOK_RESULT:
		add_s(b, "result ");
		pdn_buf_add(b, t->text, t->len);
		break;
	case PDN_TOK_NAG:
		snprintf(buf, sizeof(buf), "nag %ld", t->num);
		add_s(b, buf);
		break;
	case PDN_TOK_STRENGTH:
		add_s(b, "strength ");
		pdn_buf_add(b, t->text, t->len);
		break;
	case PDN_TOK_COMMENT:
		add_s(b, "comment");
		add_quoted(b, t->text, t->len);
		break;
	case PDN_TOK_LINE_COMMENT:
		add_s(b, "line");
		add_quoted(b, t->text, t->len);
		break;
	case PDN_TOK_LPAREN:
		add_s(b, "(");
		break;
	case PDN_TOK_RPAREN:
		add_s(b, ")");
		break;
	case PDN_TOK_SETUP:
		add_s(b, "setup");
		add_quoted(b, t->text, t->len);
		break;
	case PDN_TOK_ERROR:
		add_s(b, "error ");
		add_s(b, pdn_diag_name(t->code));
		if (t->len > 0)
			add_quoted(b, t->text, t->len);
		if (t->xline > 0) {
			snprintf(buf, sizeof(buf), " @%ld:%ld", t->xline,
			    t->xcol);
			add_s(b, buf);
		}
		break;
	}
	for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
		if (t->flags & flags[k].bit) {
			add_s(b, " +");
			add_s(b, flags[k].name);
			/* Where the byte of the liberty is. */
			buf[0] = '\0';
			if (flags[k].bit == PDN_TF_LATIN1)
				snprintf(buf, sizeof(buf), "@%ld:%ld", t->uline,
				    t->ucol);
			else if (flags[k].bit == PDN_TF_NESTED)
				snprintf(buf, sizeof(buf), "@%ld:%ld", t->xline,
				    t->xcol);
			add_s(b, buf);
		}
	pdn_buf_add(b, "", 0);
}

/*
 * Tokenizes data to the end (errors do not stop it) and returns the
 * formatted tokens, one per line.
 */
static void
tokens_of(const char *data, size_t len, size_t step, pdn_buf *out)
{
	pdn_lexer *lx;
	pdn_token tok;
	pdn_buf one = { 0 };
	struct src s = { data, len, 0, step, 0, 0 };
	size_t n = 0;

	if (step == 0)
		assert_int_equal(pdn_lexer_new_mem(&lx, data, len), 0);
	else
		assert_int_equal(pdn_lexer_new(&lx, src_read, &s), 0);
	out->len = 0;
	do {
		assert_int_equal(pdn_lexer_next(&tok, lx), 0);
		format_token(&tok, &one);
		pdn_buf_add(out, one.data, one.len);
		pdn_buf_add(out, "\n", 1);
		/* Every token but the last takes a byte at least. */
		assert_true(++n <= len + 1);
	} while (tok.type != PDN_TOK_EOF);
	pdn_lexer_free(lx);
	pdn_buf_free(&one);
}

static void
test_vectors(void **state)
{
	yamlvec v;
	yaml_node_t *list, *item, *want;
	pdn_buf exp = { 0 }, got = { 0 }, stream = { 0 };
	const char *name;
	char *in;
	size_t len;
	int i, j;

	(void)state;
	yamlvec_load(&v, "lex.yaml");
	list = yamlvec_root(&v);
	for (i = 0; i < yamlvec_len(list); i++) {
		item = yamlvec_item(&v, list, i);
		name = yamlvec_field(&v, item, "name");
		in = pdntest_unescape(yamlvec_field(&v, item, "in"), &len);
		assert_non_null(in);
		want = yamlvec_get(&v, item, "tokens");
		exp.len = 0;
		for (j = 0; j < yamlvec_len(want); j++) {
			add_s(&exp, yamlvec_str(yamlvec_item(&v, want, j)));
			pdn_buf_add(&exp, "\n", 1);
		}
		pdn_buf_add(&exp, "", 0);
		tokens_of(in, len, 0, &got);
		if (strcmp(got.data, exp.data) != 0)
			fail_msg("lex.yaml: %s:\nwant:\n%sgot:\n%s", name,
			    exp.data, got.data);
		/* A stream read byte by byte refills inside every token. */
		tokens_of(in, len, 1, &stream);
		if (strcmp(stream.data, exp.data) != 0)
			fail_msg("lex.yaml: %s: from a stream:\nwant:\n%sgot:\n%s",
			    name, exp.data, stream.data);
		free(in);
	}
	pdn_buf_free(&exp);
	pdn_buf_free(&got);
	pdn_buf_free(&stream);
	yamlvec_free(&v);
}

/*
 * Byte offsets count from the start of the input, a BOM included; after
 * each token pdn_lexer_offset() is just past it.
 */
static void
test_offsets(void **state)
{
	static const char in[] = "\xef\xbb\xbf[Event \"x\"]\r\n1. 32-28 *";
	static const uint64_t start[] = { 3, 16, 19, 25, 26 };
	static const uint64_t end[] = { 14, 18, 24, 26, 26 };
	static const long col[] = { 4, 1, 4, 10, 11 };
	pdn_lexer *lx;
	pdn_token tok;
	size_t i;

	(void)state;
	assert_int_equal(pdn_lexer_new_mem(&lx, in, sizeof(in) - 1), 0);
	for (i = 0; i < sizeof(start) / sizeof(start[0]); i++) {
		assert_int_equal(pdn_lexer_next(&tok, lx), 0);
		assert_int_equal(tok.offset, start[i]);
		assert_int_equal(tok.col, col[i]);
		assert_int_equal(pdn_lexer_offset(lx), end[i]);
	}
	assert_int_equal(tok.type, PDN_TOK_EOF);
	pdn_lexer_free(lx);
}

/*
 * After an error the lexer skips to the next line starting with '['; an
 * error among tags skips the rest of that game's tag block as well.
 */
static void
test_skip_game(void **state)
{
	static const char in[] =
	    "1. 32-28 } 19-23\n"
	    "[Event \"a\"]\n"
	    "[Bad \"x\n"
	    "[Site \"y\"]\n"
	    "\n"
	    "1. 33-29 *\n"
	    "[Event \"b\"]\n";
	pdn_lexer *lx;
	pdn_token tok;

	(void)state;
	assert_int_equal(pdn_lexer_new_mem(&lx, in, sizeof(in) - 1), 0);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_MOVENUM);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_MOVE);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_ERROR);
	assert_int_equal(tok.code, PDN_D_STRAY_BRACE);
	/* In movetext: the next '[' line is the next game. */
	assert_int_equal(pdn_lexer_skip_game(lx, 0), 0);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_TAG);
	assert_string_equal(tok.text, "Event");
	assert_int_equal(tok.line, 2);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_ERROR);
	assert_int_equal(tok.code, PDN_D_UNTERMINATED_STRING);
	assert_int_equal(tok.line, 3);
	/* Among tags: [Site] still belongs to the broken game. */
	assert_int_equal(pdn_lexer_skip_game(lx, 1), 0);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_TAG);
	assert_string_equal(tok.value, "b");
	assert_int_equal(tok.line, 7);
	assert_int_equal(tok.col, 1);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, PDN_TOK_EOF);
	assert_int_equal(tok.line, 8);
	pdn_lexer_free(lx);
}

/* A failing read callback is PDN_EIO, at the end of what was read. */
static void
test_read_error(void **state)
{
	static const char in[] = "1. 32-28 19-23 2. 33-29";
	struct src s = { in, sizeof(in) - 1, 0, 4, 3, 0 };
	pdn_lexer *lx;
	pdn_token tok;
	int rc, n = 0;

	(void)state;
	assert_int_equal(pdn_lexer_new(&lx, src_read, &s), 0);
	while ((rc = pdn_lexer_next(&tok, lx)) == 0 &&
	    tok.type != PDN_TOK_EOF)
		n++;
	assert_int_equal(rc, PDN_EIO);
	assert_int_equal(tok.type, PDN_TOK_EOF);
	/* Only the 8 bytes of the first two reads: "1." and "32-28". */
	assert_int_equal(n, 2);
	pdn_lexer_free(lx);
}

/*
 * Lexes open + n bytes of c + close and checks the first token's type and
 * length (of its text, or its value for a tag) or error code.
 */
static void
check_long(const char *open, size_t n, int c, const char *close,
    pdn_token_type type, size_t len, pdn_diag_code code)
{
	size_t lo = strlen(open), lc = strlen(close);
	pdn_lexer *lx;
	pdn_token tok;
	char *buf;

	assert_non_null(buf = malloc(lo + n + lc));
	memcpy(buf, open, lo);
	memset(buf + lo, c, n);
	memcpy(buf + lo + n, close, lc);
	assert_int_equal(pdn_lexer_new_mem(&lx, buf, lo + n + lc), 0);
	assert_int_equal(pdn_lexer_next(&tok, lx), 0);
	assert_int_equal(tok.type, type);
	if (type == PDN_TOK_ERROR)
		assert_int_equal(tok.code, code);
	else
		assert_int_equal(type == PDN_TOK_TAG ? tok.vlen : tok.len, len);
	pdn_lexer_free(lx);
	free(buf);
}

/*
 * Tokens too long for their caps are errors, never bigger buffers: a
 * comment holds 1 MiB less its NUL, a tag value 64 KiB less its NUL.
 */
static void
test_caps(void **state)
{
	(void)state;
	check_long("{", (1u << 20) - 1, 'c', "} *", PDN_TOK_COMMENT,
	    (1u << 20) - 1, 0);
	check_long("{", 1u << 20, 'c', "} *", PDN_TOK_ERROR, 0,
	    PDN_D_TOKEN_TOO_LONG);
	check_long("% ", (1u << 20) - 3, 'c', "\n", PDN_TOK_LINE_COMMENT,
	    (1u << 20) - 1, 0);
	check_long("% ", (1u << 20) - 2, 'c', "\n", PDN_TOK_ERROR, 0,
	    PDN_D_TOKEN_TOO_LONG);
	check_long("[Event \"", 65535, 'v', "\"]", PDN_TOK_TAG, 65535, 0);
	check_long("[Event \"", 65536, 'v', "\"]", PDN_TOK_ERROR, 0,
	    PDN_D_TOKEN_TOO_LONG);
	check_long("[", 65535, 'N', " \"v\"]", PDN_TOK_TAG, 1, 0);
	check_long("[", 65536, 'N', " \"v\"]", PDN_TOK_ERROR, 0,
	    PDN_D_TOKEN_TOO_LONG);
}

/*
 * Tokens that run across the end of the bytes in view.  First, inputs
 * that end inside each pattern, from buffers of their exact size: under
 * the sanitizers a read past the input is an error.  Then each pattern sits
 * at every offset around the end of the first buffer of a stream (256 KiB,
 * LX_BUF in lex.c) read in large blocks, after plain moves that the lexer
 * takes without reading more, and must give the tokens it gives from
 * memory, where the whole input is in view.
 */
static void
test_window(void **state)
{
	static const char *const pat[] = {
		"5........................................ *",
		"32-28                                        -23 *",
		"12... 32-28                                      ",
		"28x19\t \t x10 1-0",
	};
	const size_t view = 256 * 1024;
	pdn_buf mem = { 0 }, stream = { 0 };
	size_t i, k, shift, n, fill, plen;
	char *in;

	(void)state;
	for (k = 0; k < sizeof(pat) / sizeof(pat[0]); k++)
		for (n = 1; n <= strlen(pat[k]); n++) {
			assert_non_null(in = malloc(n + 32));
			memset(in, ' ', 32);
			memcpy(in + 32, pat[k], n);
			tokens_of(in, n + 32, 0, &mem);
			free(in);
		}
	for (k = 0; k < sizeof(pat) / sizeof(pat[0]); k++) {
		plen = strlen(pat[k]);
		for (shift = 0; shift < 100; shift++) {
			fill = view - 70 + shift;
			n = fill + plen + 100;
			assert_non_null(in = malloc(n));
			memset(in, ' ', n);
			/*
			 * Moves of the fast path before it, so that the
			 * lexer reads no more until near the buffer's end
			 * (few of them: the blanks between are cheap).
			 */
			for (i = 0; i + 64 <= fill; i += 64)
				memcpy(in + i, "32-28", 5);
			memcpy(in + fill, pat[k], plen);
			in[fill + plen] = '\n';
			tokens_of(in, n, 0, &mem);
			tokens_of(in, n, 1u << 20, &stream);
			if (mem.len != stream.len ||
			    memcmp(mem.data, stream.data, mem.len) != 0)
				fail_msg("pattern %zu at %zu:\nmemory:\n%s\n"
				    "stream:\n%s", k, fill, mem.data,
				    stream.data);
			free(in);
		}
	}
	pdn_buf_free(&mem);
	pdn_buf_free(&stream);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_offsets),
		cmocka_unit_test(test_skip_game),
		cmocka_unit_test(test_read_error),
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_window),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
