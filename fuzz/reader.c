/*
 * Fuzz target (libFuzzer): the reader, the replay and the canonical
 * writer on any bytes.  Besides crashes, leaks and undefined behaviour it
 * checks the promises of the writer (pdn(5), "Canonical output") and the
 * reader (pdn/record.h):
 *
 *  - a round trip keeps the meaning: each game read, written canonically
 *    and read again is the same game: the same tags (the canonical
 *    writer adds the missing roster tags, and GameType when it was
 *    inferred, and writes a FEN in canonical form: the same position),
 *    the same movetext element by element (moves with the same from and
 *    to squares, the same comments, NAGs, strength marks, setups and
 *    variations, nested alike) and the same terminator; and it replays
 *    alike: as many errors, the same plies and final positions of its
 *    main line.  A game a syntax error cut short is written byte for
 *    byte as read, and is exempt;
 *  - the canonical output is a fixed point: reading what it wrote and
 *    writing again gives the same bytes.  A game written as read ends
 *    with a blank line added when it had none, so an input holding one
 *    may settle only on the second pass: the second and third outputs
 *    must then be equal;
 *  - every diagnostic is within the text (where.h);
 *  - a reader with skip_moves, for the tags alone, reads the same games
 *    (places, spans, counts, tags, terminators, text kept as read) with
 *    the same diagnostics;
 *  - element spans lie in order, and edits made at the spans keep every
 *    other game and every other byte of a game (patched.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
#include "patched.h"
#include "skim.h"
#include "where.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * What the replay made of a game: its own errors (those of the reader
 * count in the verdict, and a rewrite mends some: a variation left open
 * is closed), the plies and the ends of its main line.
 */
struct outcome {
	int errors;
	long plies;
	int lines;
	pdn_position final[PDN_REPLAY_MAX_LINES];
};

/* The games of one pass, copied to outlive the reader, and outcomes. */
struct games {
	pdn_game **g;
	struct outcome *o;
	size_t n, cap;
	int truncated;		/* a game was written as read */
};

static void
keep(struct games *gs, const pdn_game *g, const pdn_played *pg)
{
	struct outcome *o;
	pdn_game **np;
	int k;

	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? gs->cap * 2 : 16;
		if ((np = realloc(gs->g, gs->cap * sizeof(*np))) == NULL)
			abort();
		gs->g = np;
		if ((o = realloc(gs->o, gs->cap * sizeof(*o))) == NULL)
			abort();
		gs->o = o;
	}
	if (pdn_game_clone(&gs->g[gs->n], g) != 0)
		abort();
	o = &gs->o[gs->n];
	o->errors = pdn_played_errors(pg);
	o->plies = pdn_played_plies(pg);
	o->lines = pdn_played_lines(pg);
	for (k = 0; k < o->lines; k++)
		o->final[k] = *pdn_played_final(pg, k);
	gs->n++;
	if (g->truncated)
		gs->truncated = 1;
}

static void
games_free(struct games *gs)
{
	size_t i;

	for (i = 0; i < gs->n; i++)
		pdn_game_free(gs->g[i]);
	free(gs->g);
	free(gs->o);
}

/*
 * The replay of the rewritten game b agrees with that of a: as many
 * errors, the same plies, as many lines ending on the same positions.
 */
static int
same_outcome(const struct outcome *a, const struct outcome *b)
{
	int k, m;

	if (a->errors != b->errors || a->plies != b->plies ||
	    a->lines != b->lines)
		return 0;
	for (k = 0; k < a->lines; k++) {
		for (m = 0; m < b->lines; m++)
			if (pdn_position_equal(&a->final[k], &b->final[m]))
				break;
		if (m == b->lines)
			return 0;
	}
	return 1;
}

/* The input as its own head, for the file hint (pdn_file_hint_new()). */
struct whole {
	const char *data;
	size_t size;
};

static const char *
whole_head(void *arg, size_t *len, int *whole)
{
	const struct whole *w = arg;

	*len = w->size;
	*whole = 1;
	return w->data;
}

/*
 * Reads every game of data, replays it with its variations and writes it
 * canonically to out; keeps a copy of each game in gs when not NULL.  The
 * file hint of data itself decides the variants that its games leave
 * open, as the tools do.
 */
static void
rewrite(const char *data, size_t size, pdn_buf *out, struct games *gs)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct whole w = { data, size };
	pdn_file_hint *hint;
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_game *g;
	const pdn_played *pg;
	int rc;

	if (pdn_file_hint_new(&hint, whole_head, &w) != 0)
		abort();
	opt.finish = pdn_game_finish;
	opt.finish_arg = hint;
	opt.keep_raw = 1;
	ro.flags = PDN_REPLAY_NO_RESULT;
	if (pdn_reader_new_mem(&r, data, size, &opt) != 0 ||
	    pdn_replay_new(&rp) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		if (pdn_replay_game(&pg, rp, g, &ro) != 0 ||
		    pdn_game_write(out, g, pg, NULL) != 0)
			abort();
		if (gs != NULL)
			keep(gs, g, pg);
	}
	if (rc != 0)
		abort();
	pdn_replay_free(rp);
	pdn_reader_free(r);
	pdn_file_hint_free(hint);
}

static int
same_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

/*
 * Two FEN texts say the same: the same position of variant v (that of the
 * game; NULL: international draughts) when the first one reads (the
 * writer writes the position it read, in the notation of the variant:
 * "W:W29" of Russian draughts comes back as "W:Wa1"), else the same text.
 */
static int
same_fen(const pdn_variant *v, const char *a, size_t alen, const char *b,
    size_t blen)
{
	pdn_position pa, pb;

	if (pdn_fen_read(&pa, v, a, alen, NULL) == 0)
		return pdn_fen_read(&pb, v, b, blen, NULL) == 0 &&
		    pdn_position_equal(&pa, &pb);
	return same_bytes(a, alen, b, blen);
}

static int
is_roster(const char *name)
{
	static const char *const roster[] = {
		"Event", "Site", "Date", "Round", "White", "Black", "Result"
	};
	size_t k;

	for (k = 0; k < sizeof(roster) / sizeof(roster[0]); k++)
		if (strcmp(name, roster[k]) == 0)
			return 1;
	return 0;
}

/* The value the canonical writer gives a roster tag the game lacks. */
static const char *
roster_default(const pdn_game *g, const char *name)
{
	if (strcmp(name, "Result") == 0)
		return g->terminator != NULL ? g->terminator : "*";
	return "?";
}

/*
 * The GameType tag the canonical writer gives a game whose type was
 * inferred: "20" for international draughts, the long form for the other
 * variants played ("27,W,12,12,N2,0"), none ("") for the others.
 */
static const char *
inferred_tag(const pdn_game *g)
{
	const pdn_variant *v;

	if (g->gametype == 20)
		return "20";
	return (v = pdn_variant_get(g->gametype)) != NULL ?
	    pdn_variant_tag(v) : "";
}

/*
 * Every tag of a that is named `name`, in order, is in b in the same
 * order with the same value (the first FEN: the same position), and b
 * has no other; a roster tag a lacks is in b once with its default value,
 * and so is the GameType tag the writer gives a game whose type it
 * inferred (inferred_tag()).
 */
static int
same_tag_values(const pdn_game *a, const pdn_game *b, const char *name)
{
	size_t i = 0, j = 0, na = 0;
	int first = 1;

	for (;;) {
		while (i < a->ntags && strcmp(a->tags[i].name, name) != 0)
			i++;
		while (j < b->ntags && strcmp(b->tags[j].name, name) != 0)
			j++;
		if (i == a->ntags || j == b->ntags)
			break;
		if (first && strcmp(name, "FEN") == 0 ?
		    !same_fen(pdn_variant_get(a->gametype),
		    a->tags[i].value, a->tags[i].vlen,
		    b->tags[j].value, b->tags[j].vlen) :
		    !same_bytes(a->tags[i].value, a->tags[i].vlen,
		    b->tags[j].value, b->tags[j].vlen))
			return 0;
		first = 0;
		i++, j++, na++;
	}
	if (i < a->ntags)
		return 0;
	if (j == b->ntags)
		return 1;
	/* b has one more: what the writer adds to a game that has none. */
	if (na > 0)
		return 0;
	if (is_roster(name)) {
		if (strcmp(b->tags[j].value, roster_default(a, name)) != 0)
			return 0;
	} else if (strcmp(name, "GameType") != 0 || !a->gametype_inferred ||
	    strcmp(b->tags[j].value, inferred_tag(a)) != 0)
		return 0;
	for (j++; j < b->ntags; j++)
		if (strcmp(b->tags[j].name, name) == 0)
			return 0;
	return 1;
}

static int
same_tags(const pdn_game *a, const pdn_game *b)
{
	size_t i;

	for (i = 0; i < a->ntags; i++)
		if (!same_tag_values(a, b, a->tags[i].name))
			return 0;
	for (i = 0; i < b->ntags; i++)
		if (!same_tag_values(a, b, b->tags[i].name))
			return 0;
	return 1;
}

/*
 * Two move tokens name the same ends: the writer may write a capture with
 * fewer or more of its landing squares, a separator taken as a liberty
 * the right way, and the squares in the notation of the game's variant v
 * ("22-17" of Russian draughts comes back as "c3-b4"): the from and to
 * squares stay, a short move's file that of its from square.
 */
static int
same_ends(const pdn_variant *v, const pdn_movetok *a, const pdn_movetok *b)
{
	pdn_movetok na, nb;
	int x, y;

	/*
	 * A short move's origin, a file alone ("ed4"), comes back as the
	 * square of that file the replay found, when it was played, in the
	 * variant's notation ("fg5" of an English game as "11-16").
	 */
	if (a->alpha && (a->sq[0] - PDN_ALPHA) % 100 == 0 &&
	    !(b->alpha && (b->sq[0] - PDN_ALPHA) % 100 == 0))
		return v != NULL && pdn_movetok_squares(v, a, &na) == 0 &&
		    pdn_movetok_squares(v, b, &nb) == 0 &&
		    pdn_variant_square_xy(v, nb.sq[0], &x, &y) == 0 &&
		    x + 1 == (int)(a->sq[0] - PDN_ALPHA) / 100 &&
		    na.sq[na.nsq - 1] == nb.sq[nb.nsq - 1];
	if (v != NULL && pdn_movetok_squares(v, a, &na) == 0 &&
	    pdn_movetok_squares(v, b, &nb) == 0) {
		a = &na;
		b = &nb;
	} else if (a->alpha != b->alpha)
		return 0;
	return a->sq[0] == b->sq[0] && a->sq[a->nsq - 1] == b->sq[b->nsq - 1];
}

static int
same_line(const pdn_variant *v, const pdn_line *a, const pdn_line *b)
{
	const pdn_elem *x, *y;
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++) {
		x = &a->e[i];
		y = &b->e[i];
		if (x->type != y->type)
			return 0;
		switch (x->type) {
		case PDN_EL_MOVE:
			if (!same_ends(v, &x->u.move.tok, &y->u.move.tok))
				return 0;
			break;
		case PDN_EL_COMMENT:
		case PDN_EL_LINE_COMMENT:
		case PDN_EL_STRENGTH:
			if (!same_bytes(x->u.text.s, x->u.text.len,
			    y->u.text.s, y->u.text.len))
				return 0;
			break;
		case PDN_EL_SETUP:
			if (!same_fen(v, x->u.text.s, x->u.text.len,
			    y->u.text.s, y->u.text.len))
				return 0;
			break;
		case PDN_EL_NAG:
			if (x->u.nag != y->u.nag)
				return 0;
			break;
		case PDN_EL_VARIATION:
			if (!same_line(v, x->u.variation, y->u.variation))
				return 0;
			break;
		}
	}
	return 1;
}

/* The terminator the canonical writer gives game g. */
static const char *
terminator(const pdn_game *g)
{
	const char *result = pdn_game_tag(g, "Result");

	if (g->terminator != NULL)
		return g->terminator;
	if (result == NULL)
		return "*";
	return pdn_result_valid(result) ? result : "*";
}

/* Game b, read from the canonical output of game a, is the same game. */
static int
same_game(const pdn_game *a, const pdn_game *b)
{
	return !b->truncated && same_tags(a, b) &&
	    same_line(pdn_variant_get(a->gametype), &a->moves, &b->moves) &&
	    a->plies == b->plies &&
	    a->gametype == b->gametype && b->terminator != NULL &&
	    strcmp(b->terminator, terminator(a)) == 0;
}

/* The diagnostics of a read, and the text they are about. */
struct diags {
	pdn_buf *out;
	struct where text;
};

/* Appends the diagnostic's code and place, which is within the text. */
static void
collect(const pdn_diag *d, void *arg)
{
	struct diags *ds = arg;
	char s[160];

	if (!where_within(&ds->text, d->line, d->col)) {
		fprintf(stderr, "reader: diagnostic %s at %ld:%ld, outside the "
		    "text (%ld lines)\n", d->name, d->line, d->col,
		    ds->text.lines);
		abort();
	}
	snprintf(s, sizeof(s), "%ld:%ld %s game %ld ply %ld\n", d->line,
	    d->col, d->name, d->game, d->ply);
	pdn_buf_add(ds->out, s, strlen(s));
}

/*
 * What a reader says of data, with skip_moves or without, besides the
 * moves themselves: every game's place, span, counts, GameType, tags,
 * terminator and raw text, and every diagnostic, in order.
 */
static void
skim(const char *data, size_t size, int skip, pdn_buf *out)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	struct diags ds;
	pdn_reader *r;
	const pdn_game *g;
	char s[320];
	size_t i;
	int rc;

	opt.finish = pdn_game_finish;
	ds.out = out;
	where_init(&ds.text, data, size);
	opt.keep_raw = 1;
	opt.skip_moves = skip;
	opt.diag = collect;
	opt.diag_arg = &ds;
	if (pdn_reader_new_mem(&r, data, size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		skim_game(s, sizeof(s), g);
		pdn_buf_add(out, s, strlen(s));
		for (i = 0; i < g->ntags; i++) {
			pdn_buf_add(out, g->tags[i].name,
			    strlen(g->tags[i].name));
			pdn_buf_add(out, "=", 1);
			pdn_buf_add(out, g->tags[i].value, g->tags[i].vlen);
			pdn_buf_add(out, "\n", 1);
		}
		if (g->raw != NULL)
			pdn_buf_add(out, g->raw, g->rawlen);
		if (g->terminator != NULL)
			pdn_buf_add(out, g->terminator,
			    strlen(g->terminator));
		pdn_buf_add(out, "\n", 1);
	}
	if (rc != 0 || out->oom)
		abort();
	pdn_reader_free(r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pdn_buf once = { 0 }, twice = { 0 }, thrice = { 0 };
	struct games first = { 0 }, second = { 0 };
	size_t i;

	rewrite((const char *)data, size, &once, &first);
	rewrite(once.data != NULL ? once.data : "", once.len, &twice,
	    &second);
	rewrite(twice.data != NULL ? twice.data : "", twice.len, &thrice,
	    NULL);
	/* Games written as read may read back as more or fewer games. */
	if (!first.truncated && first.n != second.n)
		abort();
	for (i = 0; first.n == second.n && i < first.n; i++)
		if (!first.g[i]->truncated &&
		    (!same_game(first.g[i], second.g[i]) ||
		    !same_outcome(&first.o[i], &second.o[i])))
			abort();
	if (!first.truncated && !same_bytes(once.data, once.len, twice.data,
	    twice.len))
		abort();
	if (!same_bytes(twice.data, twice.len, thrice.data, thrice.len))
		abort();
	/* Reading for the tags alone reads the same games. */
	pdn_buf_free(&once);
	pdn_buf_free(&twice);
	skim((const char *)data, size, 0, &once);
	skim((const char *)data, size, 1, &twice);
	if (!same_bytes(once.data, once.len, twice.data, twice.len))
		abort();
	check_patch((const char *)data, size);
	games_free(&first);
	games_free(&second);
	pdn_buf_free(&once);
	pdn_buf_free(&twice);
	pdn_buf_free(&thrice);
	return 0;
}
