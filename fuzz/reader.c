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
 *    must then be equal.
 *
 * What the reader says of the input, its diagnostics within it, a reader
 * with skip_moves saying the same, the reader's element spans, the edits
 * made at them and the cuts of pdn_cut_next() are checked by
 * fuzz/spans.c, a target of their own, so that each target runs fast
 * enough: a run of this one reads, replays and writes the input, then its
 * canonical output.
 *
 * A run reads the input once (the first pass: reading, replaying and
 * writing it), then each check compares what it reads with that pass
 * (check_rewrite()): a new check is one more such function.  The input's
 * file hint serves every read of it, and one replay handle every read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
#include "text.h"

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
 * What a rewrite of a text finds, besides its output: the games it read
 * (copied) with the outcomes of their replays, for a later pass to be
 * compared with; and a pass to compare its games with, game by game, as
 * they come (`against`, with `differs` set when one differs).
 */
struct pass {
	struct games *keep;
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
	struct outcome o;
	pdn_reader *r;
	const pdn_game *g;
	const pdn_played *pg;
	int rc;

	opt.finish = pdn_game_finish;
	opt.finish_arg = t->hint;
	opt.keep_raw = 1;
	ro.flags = PDN_REPLAY_NO_RESULT;
	if (pdn_reader_new_mem(&r, t->w.data, t->w.size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1) {
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
	if (rc != 0)
		abort();
	pdn_reader_free(r);
}

/* --- the checks ------------------------------------------------------ */

/*
 * What the first pass over the input made of it: its canonical output
 * and its games (struct pass).
 */
struct first {
	struct text in;
	pdn_buf once;
	struct games games;
};

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
	struct pass p = { NULL, NULL, 0, 0 };
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct first f;
	struct pass p = { NULL, NULL, 0, 0 };

	memset(&f, 0, sizeof(f));
	text_open(&f.in, (const char *)data, size);
	p.keep = &f.games;
	rewrite(&f.in, &f.once, &p);
	check_rewrite(&f);
	text_close(&f.in);
	games_free(&f.games);
	pdn_buf_free(&f.once);
	return 0;
}

