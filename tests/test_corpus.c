/*
 * The real files: every corpus file is read without a crash, with the
 * number of games the corpus notes count (testdata/corpus/SOURCES.md) and
 * the syntax errors we know of; its canonical output is idempotent (write,
 * read, write gives the same bytes) and lossless (every tag, comment, NAG,
 * strength mark, setup, variation and move of the input comes out again);
 * the result order and the board of the files that need their file's
 * word: CheckerBoard's Tinsley games, 11-man ballots, a played-out game.
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

static const struct corpus_file {
	const char *path;
	long games;
	int errors;
} corpus[] = {
	{ "testdata/corpus/checkerboard-egilbert/11_man_english.pdn", 2400, 0 },
	{ "testdata/corpus/checkerboard-egilbert/11_man_italian.pdn", 2400, 0 },
	{ "testdata/corpus/checkerboard-egilbert/games/tinsley.pdn", 724, 2 },
	{ "testdata/corpus/games-checkers-russian/World_Championship_1998.pdn", 460, 0 },
	{ "testdata/corpus/lidraughts-sample/lidraughts_001NahOY.pdn", 1, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy1.pdn", 43, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy2.pdn", 42, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy3.pdn", 49, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy4.pdn", 49, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy5.pdn", 41, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy6.pdn", 47, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy7.pdn", 30, 0 },
	{ "testdata/corpus/mobydam-book/book/games/babasy8.pdn", 30, 0 },
	{ "testdata/corpus/mobydam-book/book/games/diversen.pdn", 13, 0 },
	{ "testdata/corpus/mobydam-book/book/games/flankgam.pdn", 5, 0 },
	{ "testdata/corpus/mobydam-book/book/games/flankopn.pdn", 8, 0 },
	{ "testdata/corpus/mobydam-book/book/games/loi20.pdn", 22, 0 },
	{ "testdata/corpus/mobydam-book/book/games/loi21.pdn", 24, 0 },
	{ "testdata/corpus/mobydam-book/book/games/loi22.pdn", 18, 0 },
	{ "testdata/corpus/mobydam-book/book/games/loi23.pdn", 12, 0 },
	{ "testdata/corpus/mobydam-book/book/games/loi24.pdn", 18, 0 },
	{ "testdata/corpus/mobydam-book/book/games/opening1.pdn", 44, 0 },
	{ "testdata/corpus/mobydam-book/book/games/opening2.pdn", 46, 0 },
	{ "testdata/corpus/mobydam-book/book/games/sijbgant.pdn", 6, 0 },
	{ "testdata/corpus/mobydam-book/book/games/sur01.pdn", 77, 0 },
	{ "testdata/corpus/mobydam-book/book/games/sur06.pdn", 73, 0 },
	{ "testdata/corpus/mobydam-book/book/games/sur11.pdn", 61, 0 },
	{ "testdata/corpus/mobydam-book/book/games/sur16.pdn", 66, 0 },
	{ "testdata/corpus/mobydam-book/book/games/toprest1.pdn", 27, 0 },
	{ "testdata/corpus/mobydam-book/book/games/toprest2.pdn", 26, 0 },
	{ "testdata/corpus/mobydam-book/book/games/wierswal.pdn", 20, 0 },
	{ "testdata/corpus/orac81-dynamo-sage/DBASE0.PDN", 1, 0 },
	{ "testdata/corpus/orac81-dynamo-sage/oldbury1.pdn", 1, 0 },
	{ "testdata/corpus/orac81-dynamo-sage/test.pdn", 1, 0 },
	{ "testdata/corpus/pdn-standard-examples/checkers_double_corner.pdn", 1, 0 },
	{ "testdata/corpus/pdn-standard-examples/fmjd_wc2007_r7.pdn", 1, 0 },
	{ "testdata/corpus/pdn-standard-examples/live_board_setups.pdn", 1, 0 },
	{ "testdata/corpus/pdn-standard-examples/nk2009_analysis.pdn", 1, 0 },
	{ "testdata/corpus/raven-checkers/tests/sample.pdn", 1, 0 },
	{ "testdata/corpus/raven-checkers/training/german_open_2004.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-draughts/games/wiersma.pdn", 34, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/40Camp.DamaInternazionaleAssoluto.pdn", 45, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/Cat.A1.pdn", 35, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/Cat.C1.pdn", 46, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/abatsiev.pdn", 56, 1 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/delfts.pdn", 2, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/mrdrcd07.pdn", 72, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/mrdrcd08.pdn", 40, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/fail/nested_comment.pdn", 1, 1 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/090417ronde12.pdn", 7, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/Campionato Assoluto 2005.pdn", 53, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/Cat.B1.pdn", 37, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/Cat.D1.pdn", 19, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/DUTCH96H.pdn", 13, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/OCA_2.0.pdn", 43, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/PROF2.pdn", 16, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/PWCP 2a.pdn", 59, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/PWCP_2.pdn", 51, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/Principles of Strategy.pdn", 16, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/Tricks traps and shots.pdn", 91, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/alphanumeric.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/beginner.pdn", 58, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/borderclassics.pdn", 183, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/bridges.pdn", 267, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/candidate95.pdn", 8, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/fen.pdn", 3, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/gameterminator.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/gem.pdn", 162, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/goulds.pdn", 262, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/inferno.pdn", 68, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/kurnik.pdn", 4, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/linecomment.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/lpc.pdn", 100, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/movestrength.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/mrcd2000kval.pdn", 40, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/mrcd2006.pdn", 44, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/mrcd2007.pdn", 102, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/nk ronde 01.pdn", 7, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/nk ronde 02.pdn", 7, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/nk2003-amsterdam.pdn", 33, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/rk ronde 12.pdn", 7, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/schildpad.pdn", 34, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/string.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/unicode.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/ussr1947.pdn", 153, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/variation.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/windragon.pdn", 1, 0 },
	{ "testdata/corpus/wiegerw-pdn/games/succeed/wk2003.pdn", 23, 0 },
};

#define NFILES	(sizeof(corpus) / sizeof(corpus[0]))

static void
test_game_counts(void **state)
{
	struct pdntest_diags ds;
	pdn_buf out = { 0 };
	char *data;
	size_t i, len;
	long n, total = 0;

	(void)state;
	for (i = 0; i < NFILES; i++) {
		data = pdntest_slurp(corpus[i].path, &len);
		assert_non_null(data);
		memset(&ds, 0, sizeof(ds));
		out.len = 0;
		n = pdntest_rewrite(data, len, &out, &ds);
		if (n != corpus[i].games || ds.errors != corpus[i].errors)
			fprintf(stderr, "%s: %ld games, %d errors\n",
			    corpus[i].path, n, ds.errors);
		assert_int_equal(n, corpus[i].games);
		assert_int_equal(ds.errors, corpus[i].errors);
		total += n;
		free(data);
	}
	pdn_buf_free(&out);
	/*
	 * The corpus notes count 8,740 game records in its totals, and 460
	 * more in games-checkers-russian, a folder added since.
	 */
	assert_int_equal(total, 8740 + 460);
}

static void
test_idempotent(void **state)
{
	struct pdntest_diags ds;
	pdn_buf a = { 0 }, b = { 0 };
	struct pdntest_diags din;
	char *data;
	size_t i, len;

	(void)state;
	for (i = 0; i < NFILES; i++) {
		data = pdntest_slurp(corpus[i].path, &len);
		assert_non_null(data);
		a.len = b.len = 0;
		memset(&din, 0, sizeof(din));
		pdntest_rewrite(data, len, &a, &din);
		memset(&ds, 0, sizeof(ds));
		pdntest_rewrite(a.data, a.len, &b, &ds);
		if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
			fprintf(stderr, "%s: second rewrite differs\n",
			    corpus[i].path);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.data, b.data, a.len);
		/*
		 * Our own output adds no error: what is written back as read
		 * (an unreadable FEN, a game a syntax error cut short) is
		 * found again, nothing more.  A file without errors gives
		 * output without errors.
		 */
		if (ds.errors > din.errors)
			fprintf(stderr, "%s: %d errors in our output, %d in "
			    "the input\n", corpus[i].path, ds.errors,
			    din.errors);
		assert_true(ds.errors <= din.errors);
		free(data);
	}
	pdn_buf_free(&a);
	pdn_buf_free(&b);
}

/* --- line length ---------------------------------------------------- */

/*
 * Whether a movetext line holds one unbreakable unit of the writer: no
 * space outside a comment or a quoted FEN separates two atoms (the space
 * after a move number or after "/FEN" is part of its atom; a line comment
 * runs to the end of the line).  *in_comment carries a comment that spans
 * lines from one line to the next.
 */
static int
one_unit(const char *s, size_t n, int *in_comment)
{
	size_t i;
	int quoted = 0, one = 1;

	for (i = 0; i < n; i++) {
		if (*in_comment) {
			if (s[i] == '}')
				*in_comment = 0;
		} else if (quoted) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				quoted = 0;
		} else if (s[i] == '{')
			*in_comment = 1;
		else if (s[i] == '"')
			quoted = 1;
		else if (s[i] == ';' || s[i] == '%')
			break;
		else if (s[i] == ' ' && i > 0 && s[i - 1] != '.' &&
		    !(i >= 4 && memcmp(s + i - 4, "/FEN", 4) == 0))
			one = 0;
	}
	return one;
}

/*
 * pdn(5) "Canonical output": canonical lines are at most 79 characters;
 * only a tag or a single atom longer than that (a long comment, or a line
 * of one) may pass it.
 */
static void
test_line_length(void **state)
{
	pdn_buf out = { 0 };
	const char *p, *nl;
	char *data;
	size_t i, len, n;
	int header, in_comment, one;

	(void)state;
	for (i = 0; i < NFILES; i++) {
		data = pdntest_slurp(corpus[i].path, &len);
		assert_non_null(data);
		out.len = 0;
		pdntest_rewrite(data, len, &out, NULL);
		pdn_buf_add(&out, "", 0);
		header = 1;
		in_comment = 0;
		for (p = out.data; (nl = strchr(p, '\n')) != NULL;
		    p = nl + 1) {
			n = (size_t)(nl - p);
			/* A blank line outside comments ends a section. */
			if (n == 0 && !in_comment) {
				header = !header;
				continue;
			}
			if (header)
				continue;
			one = one_unit(p, n, &in_comment);
			if (n > 79 && !one)
				fprintf(stderr, "%s: line of %zu: %.*s\n",
				    corpus[i].path, n, (int)n, p);
			assert_true(n <= 79 || one);
		}
		free(data);
	}
	pdn_buf_free(&out);
}

/* --- losslessness ---------------------------------------------------- */

/*
 * A FEN as compared: normalised when the rules core reads it, in the
 * game's variant v (NULL: international; the writer writes a FEN in the
 * canonical form of the variant, "Wa1,c1" in Russian).
 */
static void
sig_fen(pdn_buf *s, const pdn_variant *v, const char *fen, size_t len)
{
	pdn_position pos;
	pdn_fen_info info;
	char buf[PDN_FEN_STRMAX];

	memset(&info, 0, sizeof(info));
	if (pdn_fen_read(&pos, v, fen, len, &info) == 0 &&
	    !(info.warnings & PDN_FEN_W_EXTRA_FIELDS)) {
		pdn_fen_write(buf, sizeof(buf), &pos);
		pdn_buf_add(s, buf, strlen(buf));
	} else
		pdn_buf_add(s, fen, len);
}

/*
 * The signature of a line: every element in order, moves by their from
 * and to squares (the writer may shorten a capture's path).
 */
static void
sig_line(pdn_buf *s, const pdn_variant *v, const pdn_line *l)
{
	char buf[64];
	const pdn_elem *e;
	size_t i;

	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		switch (e->type) {
		case PDN_EL_MOVE:
			/* An algebraic origin as file.rank, rank 0 a file alone. */
			if (e->u.move.tok.alpha)
				snprintf(buf, sizeof(buf), " M%u.%u-%u",
				    (e->u.move.tok.sq[0] - PDN_ALPHA) / 100,
				    (e->u.move.tok.sq[0] - PDN_ALPHA) % 100,
				    e->u.move.tok.sq[e->u.move.tok.nsq - 1]);
			else
				snprintf(buf, sizeof(buf), " M%u-%u",
				    e->u.move.tok.sq[0],
				    e->u.move.tok.sq[e->u.move.tok.nsq - 1]);
			pdn_buf_add(s, buf, strlen(buf));
			break;
		case PDN_EL_COMMENT:
		case PDN_EL_LINE_COMMENT:
		case PDN_EL_STRENGTH:
			snprintf(buf, sizeof(buf), " %c{", "MCLNS"[e->type]);
			pdn_buf_add(s, buf, strlen(buf));
			pdn_buf_add(s, e->u.text.s, e->u.text.len);
			pdn_buf_add(s, "}", 1);
			break;
		case PDN_EL_NAG:
			snprintf(buf, sizeof(buf), " $%ld", e->u.nag);
			pdn_buf_add(s, buf, strlen(buf));
			break;
		case PDN_EL_SETUP:
			pdn_buf_add(s, " F{", 3);
			sig_fen(s, v, e->u.text.s, e->u.text.len);
			pdn_buf_add(s, "}", 1);
			break;
		case PDN_EL_VARIATION:
			pdn_buf_add(s, " (", 2);
			sig_line(s, v, e->u.variation);
			pdn_buf_add(s, " )", 2);
			break;
		}
	}
}

struct inventory {
	long n;
	pdn_buf *sig;		/* one movetext signature per game */
	pdn_buf *tags;		/* "name=value\n" per tag, per game */
};

static void
take_inventory(const char *data, size_t len, struct inventory *inv)
{
	pdn_reader *r;
	const pdn_game *g;
	size_t i;

	memset(inv, 0, sizeof(*inv));
	assert_int_equal(pdn_reader_new_mem(&r, data, len,
	    pdntest_reader_options()), 0);
	while (pdn_reader_next(&g, r) == 1) {
		if (g->truncated)
			continue;
		inv->sig = realloc(inv->sig, (size_t)(inv->n + 1) *
		    sizeof(pdn_buf));
		inv->tags = realloc(inv->tags, (size_t)(inv->n + 1) *
		    sizeof(pdn_buf));
		assert_non_null(inv->sig);
		assert_non_null(inv->tags);
		memset(&inv->sig[inv->n], 0, sizeof(pdn_buf));
		memset(&inv->tags[inv->n], 0, sizeof(pdn_buf));
		sig_line(&inv->sig[inv->n], pdn_variant_get(g->gametype),
		    &g->moves);
		pdn_buf_add(&inv->sig[inv->n], "", 0);
		for (i = 0; i < g->ntags; i++) {
			pdn_buf *t = &inv->tags[inv->n];

			pdn_buf_add(t, g->tags[i].name,
			    strlen(g->tags[i].name));
			pdn_buf_add(t, "=", 1);
			if (strcmp(g->tags[i].name, "FEN") == 0)
				sig_fen(t, pdn_variant_get(g->gametype),
				    g->tags[i].value, g->tags[i].vlen);
			else
				pdn_buf_add(t, g->tags[i].value,
				    g->tags[i].vlen);
			pdn_buf_add(t, "\n", 1);
		}
		pdn_buf_add(&inv->tags[inv->n], "", 0);
		inv->n++;
	}
	pdn_reader_free(r);
}

static void
free_inventory(struct inventory *inv)
{
	long i;

	for (i = 0; i < inv->n; i++) {
		pdn_buf_free(&inv->sig[i]);
		pdn_buf_free(&inv->tags[i]);
	}
	free(inv->sig);
	free(inv->tags);
}

/*
 * Signatures a (as read) and b (its canonical output) agree, word by
 * word; a short move's origin, a file alone ("ed4", rank 0), is written
 * back as the square the replay found on that file.
 */
static int
sig_equal(const char *a, const char *b)
{
	unsigned f1, r1, t1, f2, r2, t2;
	size_t n1, n2;

	for (;;) {
		n1 = strcspn(a, " ");
		n2 = strcspn(b, " ");
		if (!(n1 == n2 && memcmp(a, b, n1) == 0) &&
		    !(sscanf(a, "M%u.%u-%u", &f1, &r1, &t1) == 3 && r1 == 0 &&
		    sscanf(b, "M%u.%u-%u", &f2, &r2, &t2) == 3 && f1 == f2 &&
		    t1 == t2))
			return 0;
		if (a[n1] == '\0' || b[n2] == '\0')
			return a[n1] == b[n2];
		a += n1 + 1;
		b += n2 + 1;
	}
}

/* Every line of `in` occurs in `out` as often at least. */
static int
tags_kept(const char *in, char *out)
{
	const char *nl;
	char *hit, *p;
	size_t n;

	while (*in != '\0' && (nl = strchr(in, '\n')) != NULL) {
		n = (size_t)(nl - in) + 1;
		hit = NULL;
		for (p = out; p != NULL && *p != '\0'; ) {
			if (strncmp(p, in, n) == 0) {
				hit = p;
				break;
			}
			if ((p = strchr(p, '\n')) != NULL)
				p++;
		}
		if (hit == NULL)
			return 0;
		hit[0] = '\001';	/* used up: duplicates need their own */
		in = nl + 1;
	}
	return 1;
}

static void
test_lossless(void **state)
{
	struct inventory before, after;
	pdn_buf a = { 0 };
	char *data;
	size_t i, len;
	long k;
	int kept;

	(void)state;
	for (i = 0; i < NFILES; i++) {
		data = pdntest_slurp(corpus[i].path, &len);
		assert_non_null(data);
		a.len = 0;
		pdntest_rewrite(data, len, &a, NULL);
		take_inventory(data, len, &before);
		take_inventory(a.data, a.len, &after);
		assert_int_equal(before.n, after.n);
		for (k = 0; k < before.n; k++) {
			if (!sig_equal(before.sig[k].data, after.sig[k].data))
				fail_msg("%s: game %ld movetext changed\n"
				    "%s\n%s\n", corpus[i].path, k + 1,
				    before.sig[k].data, after.sig[k].data);
			kept = tags_kept(before.tags[k].data,
			    after.tags[k].data);
			if (!kept)
				fprintf(stderr, "%s: game %ld lost a tag:\n%s"
				    "after:\n%s", corpus[i].path, k + 1,
				    before.tags[k].data, after.tags[k].data);
			assert_true(kept);
		}
		free_inventory(&before);
		free_inventory(&after);
		free(data);
	}
	pdn_buf_free(&a);
}

/* --- a program's own games ------------------------------------------ */

/* The replays of one game, q of a copy of it, say the same of it. */
static void
same_played(const pdn_played *p, const pdn_played *q, const char *path,
    long index, int diags)
{
	pdn_diag a, b;
	size_t i;

	if (pdn_played_variant(p) != pdn_played_variant(q) ||
	    pdn_played_status(p) != pdn_played_status(q) ||
	    (diags && pdn_played_diags(p) != pdn_played_diags(q)))
		fail_msg("%s: game %ld replays otherwise as a copy", path,
		    index);
	for (i = 0; diags && i < pdn_played_diags(p); i++) {
		assert_int_equal(pdn_played_diag(&a, p, i), 0);
		assert_int_equal(pdn_played_diag(&b, q, i), 0);
		if (a.code != b.code || a.line != b.line || a.col != b.col)
			fail_msg("%s: game %ld: diagnostic %zu is %s at %ld:%ld "
			    "in a copy, %s at %ld:%ld as read", path, index, i,
			    b.name, b.line, b.col, a.name, a.line, a.col);
	}
}

/*
 * What the library keeps of a game it read (pdn_game.priv) saves work and
 * changes nothing.  Read without the finish hook, every game replays as a
 * program's own copy of it (priv NULL) and a deep copy do, although the
 * replay decides their GameType from their moves, not from what the
 * reader saw of them: the same variant, status and diagnostics.  Read
 * with the hook, a program's own copy is finished by the replay as the
 * hook finished the game: the same variant and status.
 */
static void
test_own_games(void **state)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay *rp, *rq;
	pdn_reader *r;
	const pdn_game *g;
	const pdn_played *p, *q;
	pdn_game own, *c;
	char *data;
	size_t i, len;
	int hook;

	(void)state;
	assert_int_equal(pdn_replay_new(&rp), 0);
	assert_int_equal(pdn_replay_new(&rq), 0);
	for (i = 0; i < NFILES; i++) {
		data = pdntest_slurp(corpus[i].path, &len);
		assert_non_null(data);
		for (hook = 0; hook < 2; hook++) {
			opt.finish = hook ? pdn_game_finish : NULL;
			assert_int_equal(pdn_reader_new_mem(&r, data, len,
			    &opt), 0);
			while (pdn_reader_next(&g, r) == 1) {
				assert_non_null(g->priv);
				assert_int_equal(pdn_replay_game(&p, rp, g,
				    NULL), 0);
				own = *g;
				own.priv = NULL;
				assert_int_equal(pdn_replay_game(&q, rq, &own,
				    NULL), 0);
				same_played(p, q, corpus[i].path, g->index,
				    !hook);
				assert_int_equal(pdn_game_clone(&c, g), 0);
				assert_int_equal(pdn_replay_game(&q, rq, c,
				    NULL), 0);
				same_played(p, q, corpus[i].path, g->index, 1);
				pdn_game_free(c);
			}
			pdn_reader_free(r);
		}
		free(data);
	}
	pdn_replay_free(rp);
	pdn_replay_free(rq);
}

/* A whole file as its own head, for a file hint. */
struct whole {
	char *data;
	size_t len;
};

static const char *
whole_head(void *arg, size_t *len, int *whole)
{
	struct whole *w = arg;

	*len = w->len;
	*whole = 1;
	return w->data;
}

/*
 * Reads file `path` with the finish hook and its hint (result order
 * `order`, PDN_ORDER_DECIDE: the file's), calling each(g, arg) on every
 * game.
 */
static void
read_hinted(const char *path, int order, void (*each)(const pdn_game *,
    void *), void *arg)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_file_hint *h;
	pdn_reader *r;
	const pdn_game *g;
	struct whole w;

	w.data = pdntest_slurp(path, &w.len);
	assert_non_null(w.data);
	assert_int_equal(pdn_file_hint_new(&h, whole_head, &w), 0);
	opt.file = path;
	opt.finish = pdn_game_finish;
	opt.finish_arg = h;
	opt.result_order = order;
	assert_int_equal(pdn_reader_new_mem(&r, w.data, w.len, &opt), 0);
	while (pdn_reader_next(&g, r) == 1)
		each(g, arg);
	pdn_reader_free(r);
	pdn_file_hint_free(h);
	free(w.data);
}

/* Marion Tinsley's games, counted from his side. */
struct record {
	long wins, draws, losses;
};

static void
count_tinsley(const pdn_game *g, void *arg)
{
	struct record *rec = arg;
	const char *w = pdn_game_tag(g, "White"), *b = pdn_game_tag(g, "Black");
	int white = w != NULL && strstr(w, "Tinsley") != NULL;
	int black = b != NULL && strstr(b, "Tinsley") != NULL;
	pdn_outcome o = pdn_game_outcome(g);

	if (white == black)
		return;
	if (o == PDN_OUTCOME_DRAW)
		rec->draws++;
	else if ((o == PDN_OUTCOME_WHITE) == white &&
	    (o == PDN_OUTCOME_WHITE || o == PDN_OUTCOME_BLACK))
		rec->wins++;
	else if (o == PDN_OUTCOME_WHITE || o == PDN_OUTCOME_BLACK)
		rec->losses++;
}

/*
 * CheckerBoard's tinsley.pdn writes the first mover's, Black's, score
 * first, as its games' ends say (no final position decides one): read
 * so, Marion Tinsley won 174 of the games it records and lost 17; read
 * with White's score first, he won 16 and lost 175 (one game, of no
 * variant the library plays, reads alike either way).
 */
static void
test_result_order(void **state)
{
	static const char path[] =
	    "testdata/corpus/checkerboard-egilbert/games/tinsley.pdn";
	struct record rec;

	(void)state;
	memset(&rec, 0, sizeof(rec));
	read_hinted(path, PDN_ORDER_DECIDE, count_tinsley, &rec);
	assert_true(rec.wins > rec.losses);
	assert_int_equal(rec.wins, 174);
	assert_int_equal(rec.losses, 17);
	memset(&rec, 0, sizeof(rec));
	read_hinted(path, PDN_ORDER_WHITE, count_tinsley, &rec);
	assert_int_equal(rec.wins, 16);
	assert_int_equal(rec.losses, 175);
}

/* The GameTypes of a file's games, counted. */
struct types {
	long n, first, same;
	int want;
};

static void
count_types(const pdn_game *g, void *arg)
{
	struct types *t = arg;

	if (t->n++ == 0)
		t->first = g->gametype;
	if (g->gametype == t->want)
		t->same++;
}

/*
 * CheckerBoard's 11-man ballots, FENs alone without a GameType tag, name
 * no square above 32: every one of each file is read on the 8x8 board,
 * as the variant of its name, not as international draughts.  Gould's
 * problems (no variant in the name, no opening position) read as
 * English draughts.
 */
static void
test_eight_by_eight(void **state)
{
	static const struct {
		const char *path;
		long games;
		int type;
	} files[] = {
		{ "testdata/corpus/checkerboard-egilbert/11_man_english.pdn",
		    2400, 21 },
		{ "testdata/corpus/checkerboard-egilbert/11_man_italian.pdn",
		    2400, 22 },
		{ "testdata/corpus/wiegerw-pdn/games/succeed/goulds.pdn", 262,
		    21 },
	};
	struct types t;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		memset(&t, 0, sizeof(t));
		t.want = files[i].type;
		read_hinted(files[i].path, PDN_ORDER_DECIDE, count_types, &t);
		assert_int_equal(t.n, files[i].games);
		assert_int_equal(t.first, files[i].type);
		assert_int_equal(t.same, files[i].games);
	}
}

/* The played outcome of each game, and the replay's notes. */
struct played_out {
	pdn_replay *rp;
	pdn_outcome outcome;
	int notes;
};

static void
diag_note(const pdn_diag *d, void *arg)
{
	struct played_out *po = arg;

	if (d->code == PDN_D_RESULT_FIRST_MOVER)
		po->notes++;
}

static void
play_out(const pdn_game *g, void *arg)
{
	struct played_out *po = arg;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const pdn_played *pg;

	ro.diag = diag_note;
	ro.diag_arg = po;
	assert_int_equal(pdn_replay_game(&pg, po->rp, g, &ro), 0);
	assert_int_equal(pdn_played_status(pg), PDN_REPLAY_VALID);
	po->outcome = pdn_played_outcome(pg);
}

/*
 * The Sage program's oldbury1.pdn ends with Black, to move, without a
 * piece and records 0-1: a win of White, as its final position proves,
 * in whichever order its results are read (the file's own, or White's
 * first as asked, which the end overrules with a note).
 */
static void
test_played_out(void **state)
{
	static const char path[] =
	    "testdata/corpus/orac81-dynamo-sage/oldbury1.pdn";
	struct played_out po;
	int order;

	(void)state;
	for (order = PDN_ORDER_DECIDE; order <= PDN_ORDER_FIRST_MOVER;
	    order++) {
		memset(&po, 0, sizeof(po));
		assert_int_equal(pdn_replay_new(&po.rp), 0);
		read_hinted(path, order, play_out, &po);
		assert_int_equal(po.outcome, PDN_OUTCOME_WHITE);
		assert_int_equal(po.notes, 1);
		pdn_replay_free(po.rp);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_game_counts),
		cmocka_unit_test(test_idempotent),
		cmocka_unit_test(test_lossless),
		cmocka_unit_test(test_line_length),
		cmocka_unit_test(test_own_games),
		cmocka_unit_test(test_result_order),
		cmocka_unit_test(test_eight_by_eight),
		cmocka_unit_test(test_played_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
