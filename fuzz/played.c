/*
 * Fuzz target (libFuzzer): the played game of records made to be
 * plausible, which random bytes seldom are.  The input's bytes choose a
 * position (the start position, the start position after some random
 * legal plies, or a few pieces placed at random, the last two given as a
 * FEN tag) and then a record from there: moves chosen among the legal
 * ones and written in their short, full or unique form, numbered as a
 * record numbers them, mixed with comments, NAGs, strength marks,
 * variations, line ends (LF or CR LF) and in half of the records illegal
 * tokens (squares at random, 0 to 99; move numbers at random), and a
 * terminator.  The record goes through the reader and the
 * replay, strict and lenient.  Checked, besides crashes:
 *
 *  - every diagnostic, the reader's and the replay's, is within the
 *    text: its line between 1 and the number of lines, its column within
 *    that line's length + 1;
 *  - a record of legal moves only, from a position with at most 20
 *    pieces a side and a piece of the side not to move, replays as
 *    valid, strict, with as many plies as were written, one of its lines
 *    ending on the position the moves reached: its only line when every
 *    move was written in a form no other legal move shares; leniently
 *    too; and so does its canonical form (pdn_game_write()).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
#include "where.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TOKENS	300

/* The input's bytes, taken one at a time: 0 once they are used up. */
struct bytes {
	const uint8_t *p;
	size_t n;
};

static unsigned
next(struct bytes *b)
{
	if (b->n == 0)
		return 0;
	b->n--;
	return *b->p++;
}

/* The text made. */
struct text {
	pdn_buf buf;
};

static void
put(struct text *t, const char *s)
{
	pdn_buf_add(&t->buf, s, strlen(s));
}

/* A blank between tokens: mostly a space, sometimes a line end. */
static void
blank(struct text *t, struct bytes *b)
{
	unsigned c = next(b);

	if (c % 8 == 7)
		put(t, c & 8 ? "\r\n" : "\n");
	else
		put(t, " ");
}

/*
 * A move of `list` written in one of its forms; returns 0 when another
 * move of the list could be written alike (a short capture).
 */
static int
put_move(struct text *t, const pdn_move *m, const pdn_movelist *list,
    unsigned how)
{
	char s[PDN_MOVE_STRMAX], u[PDN_MOVE_STRMAX];

	pdn_move_str_unique(u, NULL, m, list);
	if (how % 3 == 2)
		memcpy(s, u, sizeof(s));
	else
		pdn_move_str(s, NULL, m, (int)(how % 3));
	put(t, s);
	return how % 3 == 1 || strcmp(s, u) == 0;
}

/*
 * Places up to 20 pieces on squares the bytes name; some may land on the
 * same square (the last one stays).
 */
static void
random_position(pdn_position *pos, struct bytes *b)
{
	static const pdn_piece kinds[] = {
		PDN_WHITE_MAN, PDN_BLACK_MAN, PDN_WHITE_KING, PDN_BLACK_KING
	};
	unsigned n = next(b) % 21, i, c;

	pdn_variant_clear(pdn_variant_default(), pos,
	    next(b) & 1 ? PDN_BLACK : PDN_WHITE);
	for (i = 0; i < n; i++) {
		c = next(b);
		/* Men more often than kings. */
		pdn_position_set(pos, (int)(c % 50) + 1,
		    kinds[(c >> 6) == 3 ? 2 + (c & 1) : (c >> 6) & 1]);
	}
}

/* Is pos the final position of one of the surviving lines? */
static int
has_final(const pdn_played *pg, const pdn_position *pos)
{
	int k;

	for (k = 0; k < pdn_played_lines(pg); k++)
		if (pdn_position_equal(pdn_played_final(pg, k), pos))
			return 1;
	return 0;
}

/*
 * Was the record replayed as it was made: valid, with `plies` plies, one
 * line ending on pos (one of several when a move was written in a form
 * that another legal move shares: not `unique`)?
 */
static int
played_as(const pdn_played *pg, long plies, int unique,
    const pdn_position *pos)
{
	return pdn_played_main_status(pg) == PDN_REPLAY_VALID &&
	    pdn_played_plies(pg) == plies &&
	    (!unique || pdn_played_lines(pg) == 1) && has_final(pg, pos);
}

/* A broken promise: says which, shows the record and aborts. */
static void
fail(const struct where *w, const char *why)
{
	fprintf(stderr, "played: %s; the record:\n", why);
	fwrite(w->s, 1, w->len, stderr);
	fputc('\n', stderr);
	abort();
}

static void
check_diag(const pdn_diag *d, void *arg)
{
	const struct where *w = arg;
	char why[160];

	if (!where_within(w, d->line, d->col)) {
		snprintf(why, sizeof(why), "diagnostic %s at %ld:%ld, outside "
		    "the text (%ld lines)", d->name, d->line, d->col,
		    w->lines);
		fail(w, why);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static pdn_movelist *list, *before_list;
	struct bytes b = { data, size };
	struct text t = { { 0 } };
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	pdn_position pos, before = { 0 };
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_game *g;
	const pdn_played *pg;
	struct where w;
	char s[PDN_FEN_STRMAX + 64];
	unsigned mode = next(&b), c, i, k, kind;
	long plies = 0, number = 1;
	int n, legal_only = 1, unique = 1, need_number = 1, have_before = 0;
	int rc, check;
	pdn_buf canon = { 0 };

	if (list == NULL && (pdn_movelist_new(&list) != 0 ||
	    pdn_movelist_new(&before_list) != 0))
		abort();
	opt.finish = pdn_game_finish;
	pdn_variant_start(pdn_variant_default(), &pos);
	if (mode % 3 == 1) {
		/* Random legal plies from the start position. */
		for (k = next(&b) % 60; k > 0; k--) {
			if ((n = pdn_generate(list, &pos)) <= 0)
				break;
			pdn_make(&pos, pdn_movelist_get(list,
			    (int)(next(&b) % (unsigned)n)));
		}
	} else if (mode % 3 == 2)
		random_position(&pos, &b);
	if (pdn_position_count(&pos, PDN_WHITE) > 20 ||
	    pdn_position_count(&pos, PDN_BLACK) > 20 ||
	    pdn_position_count(&pos, pdn_position_side(&pos) == PDN_WHITE ? PDN_BLACK :
	    PDN_WHITE) == 0)
		legal_only = 0;
	if (mode & 8)
		put(&t, "[Event \"fuzz\"]\n");
	if (!(mode & 16))
		put(&t, "[GameType \"20\"]\n");
	if (mode % 3 != 0) {
		put(&t, "[FEN \"");
		pdn_fen_write(s, PDN_FEN_STRMAX, &pos);
		put(&t, s);
		put(&t, mode & 32 ? "\"]\r\n" : "\"]\n");
	}
	if (t.buf.len > 0)
		put(&t, mode & 64 ? "\n" : "");
	for (i = 0; i < MAX_TOKENS && b.n > 0; i++) {
		c = next(&b);
		/* Half the records have no illegal token. */
		kind = c % 16;
		if (!(mode & 128) && (kind == 10 || kind == 15))
			kind = 0;
		switch (kind) {
		default:
			/* A legal move, numbered as a record numbers it. */
			if ((n = pdn_generate(list, &pos)) <= 0)
				break;
			if (pdn_position_side(&pos) == PDN_WHITE || need_number) {
				snprintf(s, sizeof(s), pdn_position_side(&pos) == PDN_WHITE ?
				    "%ld." : "%ld...", number);
				put(&t, s);
				blank(&t, &b);
			}
			before = pos;
			have_before = 1;
			k = next(&b) % (unsigned)n;
			if (!put_move(&t, pdn_movelist_get(list, (int)k), list,
			    c >> 4))
				unique = 0;
			pdn_make(&pos, pdn_movelist_get(list, (int)k));
			if (pdn_position_side(&pos) == PDN_WHITE)
				number++;
			need_number = 0;
			plies++;
			blank(&t, &b);
			break;
		case 10:
			/* Squares at random: mostly illegal. */
			snprintf(s, sizeof(s), "%u%c%u", next(&b) % 100,
			    c & 16 ? 'x' : '-', next(&b) % 100);
			put(&t, s);
			blank(&t, &b);
			legal_only = 0;
			break;
		case 11:
			/* A comment; printable text, a line end inside. */
			put(&t, "{");
			for (k = next(&b) % 12; k > 0; k--) {
				s[0] = (char)(' ' + next(&b) % 94);
				s[1] = '\0';
				if (s[0] == '}' || s[0] == '{')
					s[0] = '\n';
				put(&t, s);
			}
			put(&t, "}");
			blank(&t, &b);
			need_number = 1;
			break;
		case 12:
			/* A NAG or a strength mark. */
			if (c & 16) {
				snprintf(s, sizeof(s), "$%u", next(&b));
				put(&t, s);
			} else
				put(&t, c & 32 ? "!" : "?!");
			blank(&t, &b);
			break;
		case 13:
			/* Another move instead of the last one. */
			if (!have_before || pdn_generate(before_list,
			    &before) < 1)
				break;
			put(&t, "(");
			if (pdn_position_side(&before) == PDN_BLACK)
				snprintf(s, sizeof(s), "%ld... ",
				    pdn_position_side(&pos) == PDN_WHITE ? number - 1 :
				    number);
			else
				snprintf(s, sizeof(s), "%ld. ", number);
			put(&t, s);
			(void)put_move(&t, pdn_movelist_get(before_list,
			    (int)(next(&b) % (unsigned)pdn_movelist_count(
			    before_list))), before_list, c >> 4);
			put(&t, ")");
			blank(&t, &b);
			need_number = 1;
			break;
		case 14:
			put(&t, c & 16 ? "\r\n" : "\n");
			break;
		case 15:
			/* A move number, maybe a wrong one. */
			snprintf(s, sizeof(s), "%u.", next(&b) % 100);
			put(&t, s);
			blank(&t, &b);
			legal_only = 0;
			break;
		}
	}
	c = next(&b);
	put(&t, (const char *[]){ "*", "2-0", "1-1", "0-2", "", "1-0",
	    "0-0", "*\n" }[c % 8]);
	if (t.buf.oom)
		abort();

	where_init(&w, t.buf.data != NULL ? t.buf.data : "", t.buf.len);
	opt.diag = check_diag;
	opt.diag_arg = &w;
	ro.diag = check_diag;
	ro.diag_arg = &w;
	if (pdn_reader_new_mem(&r, w.s, w.len, &opt) != 0 ||
	    pdn_replay_new(&rp) != 0)
		abort();
	check = legal_only;
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		check = check && g->index == 1 && g->gametype == 20;
		ro.flags = PDN_REPLAY_NO_RESULT;
		if (pdn_replay_game(&pg, rp, g, &ro) != 0)
			abort();
		if (check && !played_as(pg, plies, unique, &pos))
			fail(&w, "legal moves only, not replayed so");
		if (check && pdn_game_write(&canon, g, pg, NULL) != 0)
			abort();
		ro.flags = PDN_REPLAY_LENIENT | PDN_REPLAY_NO_RESULT;
		if (pdn_replay_game(&pg, rp, g, &ro) != 0)
			abort();
		if (check && !played_as(pg, plies, unique, &pos))
			fail(&w, "legal moves only, not so replayed leniently");
	}
	if (rc != 0)
		abort();
	pdn_reader_free(r);
	/* Its canonical form plays the same moves. */
	if (check && canon.len > 0) {
		if (pdn_reader_new_mem(&r, canon.data, canon.len, NULL) != 0 ||
		    pdn_reader_next(&g, r) != 1)
			abort();
		ro.flags = PDN_REPLAY_NO_RESULT;
		ro.diag = NULL;
		if (pdn_replay_game(&pg, rp, g, &ro) != 0)
			abort();
		if (!played_as(pg, plies, unique, &pos)) {
			w.s = canon.data;
			w.len = canon.len;
			fail(&w, "its canonical form replays otherwise");
		}
		pdn_reader_free(r);
	}
	pdn_replay_free(rp);
	where_free(&w);
	pdn_buf_free(&canon);
	pdn_buf_free(&t.buf);
	return 0;
}
