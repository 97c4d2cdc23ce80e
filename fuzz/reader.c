/*
 * Fuzz target (libFuzzer): the reader, the replay and the canonical
 * writer on any bytes.  Besides crashes, leaks and undefined behaviour it
 * checks the promises of the writer (pdn(5), "Canonical output") and the
 * reader (pdn/record.h):
 *
 *  - a round trip keeps the meaning: each game read, written canonically
 *    and read again is the same game: the same tags (the canonical
 *    writer adds the missing roster tags, and GameType when it was
 *    inferred, and writes a FEN in canonical form: the same position,
 *    its side to move '?' said when the first move tells, pdn(5)),
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
 *    other game and every other byte of a game (patched.h);
 *  - every cut of the input (pdn_cut_next(), found with the whole input
 *    in view and again as it comes in pieces, as -j N reads it) is where
 *    the reader starts a game afresh, and the parts read apart give the
 *    games and diagnostics of the whole.
 *
 * A run reads the input once (the first pass: reading, replaying and
 * writing it, and what the reader said of it), then each check compares
 * what it reads with that pass (check_skim(), check_rewrite(),
 * check_cuts()): a new check is one more such function.  The input's
 * file hint serves every read of it, and one replay handle every read.
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

/* What the replay made of a game, from its played game. */
static void
outcome_of(struct outcome *o, const pdn_played *pg)
{
	int k;

	o->errors = pdn_played_errors(pg);
	o->plies = pdn_played_plies(pg);
	o->lines = pdn_played_lines(pg);
	for (k = 0; k < o->lines; k++)
		o->final[k] = *pdn_played_final(pg, k);
}

static void
keep(struct games *gs, const pdn_game *g, const pdn_played *pg)
{
	struct outcome *o;
	pdn_game **np;

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
	outcome_of(&gs->o[gs->n], pg);
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

static int
same_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

/*
 * The first move of the elements [e, end) of a line before any setup, or
 * NULL: the move that tells the side to move of a FEN before them that
 * says '?' (pdn_setup_side()).
 */
static const pdn_movetok *
fen_first_move(const pdn_elem *e, const pdn_elem *end)
{
	for (; e < end && e->type != PDN_EL_SETUP; e++)
		if (e->type == PDN_EL_MOVE)
			return &e->u.move.tok;
	return NULL;
}

/*
 * Two FEN texts say the same: the same position of variant v (that of the
 * game; NULL: international draughts) when the first one reads (the
 * writer writes the position it read, in the notation of the variant:
 * "W:W29" of Russian draughts comes back as "W:Wa1"), else the same text.
 * A side to move '?' comes back as the side whose piece `first`, the
 * first move after the FEN (NULL: none), moves, when it tells (pdn(5):
 * the canonical FEN says who moves), or as '?' again (a FEN the replay
 * did not read, in a game of no known type or after an illegal move, is
 * written as read, and read again tells the same side); both '?' read as
 * White.
 */
static int
same_fen(const pdn_variant *v, const char *a, size_t alen, const char *b,
    size_t blen, const pdn_movetok *first)
{
	pdn_position pa, pb;
	pdn_fen_info ia, ib;
	int side;

	memset(&ia, 0, sizeof(ia));
	memset(&ib, 0, sizeof(ib));
	if (pdn_fen_read(&pa, v, a, alen, &ia) == 0) {
		if (pdn_fen_read(&pb, v, b, blen, &ib) != 0)
			return 0;
		if ((ia.warnings & PDN_FEN_W_SIDE_UNKNOWN) &&
		    !(ib.warnings & PDN_FEN_W_SIDE_UNKNOWN) && first != NULL &&
		    (side = pdn_setup_side(&pa, first)) >= 0)
			pdn_position_set_side(&pa, (pdn_colour)side);
		return pdn_position_equal(&pa, &pb);
	}
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
		    b->tags[j].value, b->tags[j].vlen,
		    fen_first_move(a->moves.e, a->moves.e + a->moves.n)) :
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
			    y->u.text.s, y->u.text.len,
			    fen_first_move(x + 1, a->e + a->n)))
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

/* A text as its own head, for the file hint (pdn_file_hint_new()). */
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
 * A text to read and its file hint, which decides the variants that its
 * games leave open, as the tools do: one for every read of the text, as
 * the readers of one input's chunks share one (the hint reads the text's
 * first games once, when a game first asks).
 */
struct text {
	struct whole w;
	pdn_file_hint *hint;
};

static void
text_open(struct text *t, const char *data, size_t size)
{
	t->w.data = data != NULL ? data : "";
	t->w.size = size;
	if (pdn_file_hint_new(&t->hint, whole_head, &t->w) != 0)
		abort();
}

static void
text_close(struct text *t)
{
	pdn_file_hint_free(t->hint);
}

/*
 * The replay handle of every pass of every run: a handle is reset by each
 * game (the tools keep theirs for all their games), and making one per
 * pass was a fifth of the allocations of a run.
 */
static pdn_replay *
replay(void)
{
	static pdn_replay *rp;

	if (rp == NULL && pdn_replay_new(&rp) != 0)
		abort();
	return rp;
}

/*
 * Where a read's text starts in the input: the lines, games and bytes
 * before it, which its places are counted from (a part of the input cut by
 * pdn_cut_next(), read apart as -j N reads it).
 */
struct base {
	long line, game;
	uint64_t offset;
};

/* The diagnostics of a read, the text they are about, and its base. */
struct diags {
	pdn_buf *out;
	struct where text;
	struct base at;
};

/*
 * Where each game of a read starts and ends, whether it ended with its
 * result token, and whether something other than blanks came before it
 * (its lead): what a cut of the text relies on.
 */
struct start {
	uint64_t offset, end;
	int terminated;		/* by its result token */
	int truncated;		/* by an error, and skipped to its end */
	int lead;
};

struct starts {
	struct start *s;
	size_t n, cap;
};

static void
starts_add(struct starts *ss, const pdn_game *g)
{
	struct start *np;

	if (ss->n == ss->cap) {
		ss->cap = ss->cap ? ss->cap * 2 : 16;
		if ((np = realloc(ss->s, ss->cap * sizeof(*np))) == NULL)
			abort();
		ss->s = np;
	}
	np = &ss->s[ss->n++];
	np->offset = g->span.offset;
	np->end = g->span.offset + g->span.len;
	np->terminated = g->terminator != NULL && !g->truncated;
	np->truncated = g->truncated;
	np->lead = g->lead != NULL;
}

/*
 * Appends the diagnostic's code and place, counted from the base of its
 * text, which it is within.
 */
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
	snprintf(s, sizeof(s), "%ld:%ld %s game %ld ply %ld\n",
	    d->line + ds->at.line, d->col, d->name,
	    d->game > 0 ? d->game + ds->at.game : 0, d->ply);
	pdn_buf_add(ds->out, s, strlen(s));
}

/*
 * What a reader says of game g besides its moves: its place, span,
 * counts, GameType, tags, terminator and raw text; its place counted in
 * the input from the base of its text.
 */
static void
skim_game_text(pdn_buf *out, const pdn_game *g, const struct base *at)
{
	pdn_game in = *g;
	char s[320];
	size_t i;

	in.index += at->game;
	in.line += at->line;
	in.offset += at->offset;
	in.span.offset += at->offset;
	skim_game(s, sizeof(s), &in);
	pdn_buf_add(out, s, strlen(s));
	for (i = 0; i < g->ntags; i++) {
		pdn_buf_add(out, g->tags[i].name, strlen(g->tags[i].name));
		pdn_buf_add(out, "=", 1);
		pdn_buf_add(out, g->tags[i].value, g->tags[i].vlen);
		pdn_buf_add(out, "\n", 1);
	}
	if (g->raw != NULL)
		pdn_buf_add(out, g->raw, g->rawlen);
	if (g->terminator != NULL)
		pdn_buf_add(out, g->terminator, strlen(g->terminator));
	pdn_buf_add(out, "\n", 1);
}

/*
 * What a reader with skip_moves, for the tags alone, says of t: every
 * game but its moves (skim_game_text()) and every diagnostic, in order.
 */
static void
skim(const struct text *t, pdn_buf *out)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	struct diags ds;
	pdn_reader *r;
	const pdn_game *g;
	int rc;

	opt.finish = pdn_game_finish;
	opt.finish_arg = t->hint;
	memset(&ds, 0, sizeof(ds));
	ds.out = out;
	where_init(&ds.text, t->w.data, t->w.size);
	opt.keep_raw = 1;
	opt.skip_moves = 1;
	opt.diag = collect;
	opt.diag_arg = &ds;
	if (pdn_reader_new_mem(&r, t->w.data, t->w.size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1)
		skim_game_text(out, g, &ds.at);
	if (rc != 0 || out->oom)
		abort();
	pdn_reader_free(r);
	where_free(&ds.text);
}

/*
 * What a rewrite of a text finds, besides its output: the games it read
 * (copied) with the outcomes of their replays, for a later pass to be
 * compared with; when `seen` is set, what the reader said of the text
 * (skim_game_text() and collect()), for other reads to be compared with;
 * where its games start (`starts`); and a pass to compare its games
 * with, game by game, as they come (`against`, with `differs` set when
 * one differs).
 */
struct pass {
	struct games *keep;
	pdn_buf *seen;
	struct starts *starts;
	const struct games *against;
	size_t n;		/* games read */
	int differs;
};

/*
 * Reads every game of t, replays it with its variations and writes it
 * canonically to out, doing with each what p asks.
 */
static void
rewrite(const struct text *t, pdn_buf *out, struct pass *p)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct diags ds;
	struct outcome o;
	pdn_reader *r;
	const pdn_game *g;
	const pdn_played *pg;
	int rc;

	opt.finish = pdn_game_finish;
	opt.finish_arg = t->hint;
	opt.keep_raw = 1;
	if (p->seen != NULL) {
		memset(&ds, 0, sizeof(ds));
		ds.out = p->seen;
		where_init(&ds.text, t->w.data, t->w.size);
		opt.diag = collect;
		opt.diag_arg = &ds;
	}
	ro.flags = PDN_REPLAY_NO_RESULT;
	if (pdn_reader_new_mem(&r, t->w.data, t->w.size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		if (p->seen != NULL)
			skim_game_text(p->seen, g, &ds.at);
		if (p->starts != NULL)
			starts_add(p->starts, g);
		if (pdn_replay_game(&pg, replay(), g, &ro) != 0 ||
		    pdn_game_write(out, g, pg, NULL) != 0)
			abort();
		if (p->keep != NULL)
			keep(p->keep, g, pg);
		if (p->against != NULL && p->n < p->against->n &&
		    !p->against->g[p->n]->truncated) {
			outcome_of(&o, pg);
			if (!same_game(p->against->g[p->n], g) ||
			    !same_outcome(&p->against->o[p->n], &o))
				p->differs = 1;
		}
		p->n++;
	}
	if (rc != 0 || (p->seen != NULL && p->seen->oom))
		abort();
	pdn_reader_free(r);
	if (p->seen != NULL)
		where_free(&ds.text);
}

/* --- the checks ------------------------------------------------------ */

/*
 * What the first pass over the input made of it: its canonical output,
 * its games and what the reader said of them (struct pass).
 */
struct first {
	struct text in;
	pdn_buf once;
	struct games games;
	pdn_buf seen;
	struct starts starts;
};

/*
 * A reader with skip_moves, for the tags alone, reads the same games as
 * the first pass (places, spans, counts, tags, terminators, text kept as
 * read) with the same diagnostics.
 */
static void
check_skim(const struct first *f)
{
	pdn_buf tags = { 0 };

	skim(&f->in, &tags);
	if (!same_bytes(f->seen.data, f->seen.len, tags.data, tags.len))
		abort();
	pdn_buf_free(&tags);
}

/*
 * The canonical output keeps the meaning and is a fixed point (see the
 * top of the file): its games, read again, are the first pass's, game by
 * game, and written again are the same bytes.  When they are, a third
 * pass would read those same bytes again: it runs only when they are not,
 * as they may not be after a game written as read.
 */
static void
check_rewrite(const struct first *f)
{
	struct pass p = { NULL, NULL, NULL, NULL, 0, 0 };
	struct text t;
	pdn_buf twice = { 0 }, thrice = { 0 };

	p.against = &f->games;
	text_open(&t, f->once.data, f->once.len);
	rewrite(&t, &twice, &p);
	text_close(&t);
	/* Games written as read may read back as more or fewer games. */
	if (!f->games.truncated && f->games.n != p.n)
		abort();
	if (f->games.n == p.n && p.differs)
		abort();
	if (same_bytes(f->once.data, f->once.len, twice.data, twice.len)) {
		pdn_buf_free(&twice);
		return;
	}
	if (!f->games.truncated)
		abort();
	memset(&p, 0, sizeof(p));
	text_open(&t, twice.data, twice.len);
	rewrite(&t, &thrice, &p);
	text_close(&t);
	if (!same_bytes(twice.data, twice.len, thrice.data, thrice.len))
		abort();
	pdn_buf_free(&twice);
	pdn_buf_free(&thrice);
}

/*
 * The bytes past those a call is given are poisoned under
 * AddressSanitizer, so that a read of one is an error: the cutter's
 * calls see a text that grows in a buffer of the whole input.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(FUZZ_ASAN)
#include <sanitizer/asan_interface.h>
#define HIDE(p, n)	ASAN_POISON_MEMORY_REGION((p), (n))
#define SHOW(p, n)	ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define HIDE(p, n)	((void)(p), (void)(n))
#define SHOW(p, n)	((void)(p), (void)(n))
#endif

/*
 * The places where the input may be cut (pdn_cut_next()), each scan
 * starting from the last cut as -j N does: with the whole rest in view,
 * or with it given in pieces of varying sizes (the cuts are the same).
 * Returns how many, into cuts[].
 */
static size_t
cuts_of(const struct text *t, uint64_t *cuts, size_t max, int pieces)
{
	const char *data = t->w.data;
	uint64_t seed = t->w.size;
	size_t base = 0, have = 0, n = 0, at, step, size = t->w.size;
	pdn_cut c = PDN_CUT_INIT, fresh = PDN_CUT_INIT;
	char *view;

	if ((view = malloc(size > 0 ? size : 1)) == NULL)
		abort();
	memcpy(view, data, size);
	while (n < max && base < size) {
		if (!pieces)
			have = size - base;
		else {
			/* The next piece: 1 to 64 bytes, as the input says. */
			seed = seed * 6364136223846793005ULL +
			    (unsigned char)data[base + have % (size - base)];
			step = 1 + (size_t)(seed >> 58);
			have = have + step < size - base ? have + step :
			    size - base;
		}
		HIDE(view + base + have, size - base - have);
		at = pdn_cut_next(&c, view + base, have, 0);
		SHOW(view + base + have, size - base - have);
		if (at > 0) {
			if (at >= have)
				abort();
			cuts[n++] = base + at;
			base += at;
			have = 0;
			c = fresh;
		} else if (have == size - base)
			break;
	}
	free(view);
	return n;
}

/*
 * Every cut of the input is where the reader of the whole starts a game
 * afresh, as a reader of the text from there does: the game before it
 * ended with its result token, and only blanks lie between the two, or
 * an error cut it short and the skip after the error stopped there (no
 * junk skipped, no comment, nothing a reader carries from one game to the
 * next).  And so reading the parts apart, each with a reader of its own,
 * gives what the first pass read, game by game and diagnostic by
 * diagnostic, their places counted from each part's start: what -j N
 * relies on to print what -j 1 prints.
 */
static void
check_cuts(const struct first *f)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	const struct starts *ss = &f->starts;
	uint64_t cuts[64], again[64];
	size_t n, i, k = 0, from, to;
	long games;
	pdn_buf parts = { 0 };
	struct diags ds;
	const char *nl;
	pdn_reader *r;
	const pdn_game *g;
	int rc;

	n = cuts_of(&f->in, cuts, sizeof(cuts) / sizeof(cuts[0]), 0);
	if (cuts_of(&f->in, again, sizeof(again) / sizeof(again[0]), 1) !=
	    n || (n > 0 && memcmp(cuts, again, n * sizeof(cuts[0])) != 0)) {
		fprintf(stderr, "reader: the cuts differ when the text comes "
		    "in pieces\n");
		abort();
	}
	for (i = 0; i < n; i++) {
		while (k < ss->n && ss->s[k].offset < cuts[i])
			k++;
		if (k == 0 || k == ss->n || ss->s[k].offset != cuts[i] ||
		    ss->s[k].lead || (ss->s[k - 1].terminated ?
		    ss->s[k - 1].end > cuts[i] : !ss->s[k - 1].truncated ||
		    ss->s[k - 1].end != cuts[i])) {
			fprintf(stderr, "reader: a cut at byte %llu, where no "
			    "game starts afresh\n",
			    (unsigned long long)cuts[i]);
			abort();
		}
	}
	if (n == 0)
		return;
	/* The parts read apart, as the first pass read the whole. */
	opt.finish = pdn_game_finish;
	opt.finish_arg = f->in.hint;
	opt.keep_raw = 1;
	opt.diag = collect;
	opt.diag_arg = &ds;
	memset(&ds, 0, sizeof(ds));
	ds.out = &parts;
	for (i = 0, from = 0; i <= n; i++, from = to) {
		to = i < n ? (size_t)cuts[i] : f->in.w.size;
		where_init(&ds.text, f->in.w.data + from, to - from);
		if (pdn_reader_new_mem(&r, f->in.w.data + from, to - from,
		    &opt) != 0)
			abort();
		for (games = 0; (rc = pdn_reader_next(&g, r)) == 1; games++)
			skim_game_text(&parts, g, &ds.at);
		if (rc != 0)
			abort();
		pdn_reader_free(r);
		where_free(&ds.text);
		ds.at.game += games;
		ds.at.offset = to;
		for (nl = f->in.w.data + from; (nl = memchr(nl, '\n',
		    (size_t)(f->in.w.data + to - nl))) != NULL; nl++)
			ds.at.line++;
	}
	if (parts.oom || !same_bytes(f->seen.data, f->seen.len, parts.data,
	    parts.len)) {
		fprintf(stderr, "reader: the parts cut read otherwise\n");
		abort();
	}
	pdn_buf_free(&parts);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct first f;
	struct pass p = { NULL, NULL, NULL, NULL, 0, 0 };

	memset(&f, 0, sizeof(f));
	text_open(&f.in, (const char *)data, size);
	p.keep = &f.games;
	p.seen = &f.seen;
	p.starts = &f.starts;
	rewrite(&f.in, &f.once, &p);
	check_skim(&f);
	check_rewrite(&f);
	check_cuts(&f);
	check_patch((const char *)data, size);
	text_close(&f.in);
	free(f.starts.s);
	games_free(&f.games);
	pdn_buf_free(&f.once);
	pdn_buf_free(&f.seen);
	return 0;
}

