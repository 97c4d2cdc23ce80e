/*
 * The streaming reader: tokens in, one game at a time out.
 *
 * A game lives in an arena that is emptied when the next game starts, so
 * memory follows the largest game and never the input.  While a game is
 * read, the elements of each open line (the main line and the variations
 * inside it) collect in a scratch vector per depth; when a line closes its
 * elements move to the arena.  Nothing recurses on the input's nesting.
 */
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/record.h"
#include "gamepriv.h"
#include "outcome.h"
#include "lex.h"

/*
 * The arena's chunks grow from ARENA_FIRST bytes, doubling, to
 * ARENA_CHUNK: a reader of one short game (a FEN, a string a program
 * reads, a fuzzer's input) holds 2 kB, not 64 kB.  fuzz/reader made a
 * 64 kB chunk for each of its four readers a run, and touching those
 * fresh pages (the sanitizers' allocator does not hand freed memory back
 * at once) was a fifth of its time; a file's reader makes the five
 * smaller chunks once.
 */
#define ARENA_FIRST	(2 * 1024)
#define ARENA_CHUNK	(64 * 1024)
#define ALIGN		16

struct chunk {
	struct chunk *next;
	size_t size, used;
	unsigned char *data;
};

struct vec {
	void *p;
	size_t n, cap;
};

/*
 * A line open at a depth (the main line at 0): its elements, and with
 * skip_moves the moves it would hold, so that closing it counts their
 * copy (close_line()) as when they are kept.
 */
struct level {
	struct vec v;
	size_t skipped;
};

/* Levels a reader starts with; more are made as variations nest. */
#define LEVELS_FIRST	4

struct pdn_reader {
	pdn_lexer *lx;
	pdn_reader_options opt;
	pdn_token tok;
	int have_tok;		/* tok was read but belongs to the next game */
	struct chunk *arena;
	struct vec tags;
	struct vec tagspans;	/* pdn_tag_span, one per tag */
	/*
	 * The levels made, nlv of them (at most PDN_MAX_DEPTH + 1): a reader
	 * of a short text in memory (pdn-select -D reads a kept game's text
	 * again so) cleared and freed all 257 of them each time, 10 kB,
	 * which took twice what reading the text did.
	 */
	struct level *lv;
	int nlv;
	int depth;
	size_t used;		/* bytes the current game holds */
	/*
	 * Each token checks used >= limit only: limit is 0 out of memory,
	 * opt.max_game + 1 in a game and SIZE_MAX between games (set_limit()),
	 * so that the check is true whenever one of them needs a look.
	 */
	size_t limit;
	struct pdn_game_priv game;	/* game.pub is the game returned */
	long ngames;
	int in_game;
	int movetext;		/* a move, number or variation was read */
	int setups;		/* /FEN/ setups in the main line */
	/*
	 * What the GameType inference looks at in the main line, kept as
	 * its moves come (skip_moves keeps none): 1 when a numeric square
	 * of 33 to 50 came before any algebraic move, -1 when an algebraic
	 * one came first, else 0; and its first move when no setup came
	 * before it.
	 */
	int big;
	int have_first;
	pdn_movetok first;
	/*
	 * With skip_moves, whether this game's moves may pass unkept: when
	 * its GameType is known (its tag, or the caller's) or a square above
	 * 32 says its board; another untagged game keeps them, for the
	 * finish hook that infers its variant by replaying them (-1: not yet
	 * asked).
	 */
	int may_skip;
	/*
	 * The first move after each /FEN/ setup of the main line (nsq 0:
	 * none yet), which tells the side to move of a FEN that says '?';
	 * setup_waiting while the last one has none.
	 */
	struct vec setupfirst;
	int setup_waiting;
	/*
	 * Nonzero while a move of the main line has more to do than count
	 * itself (main_move()): big still 0, no first move yet, or a setup
	 * waiting for its own.
	 */
	int watch_moves;
	long pending_num;
	int pending_dots;
	uint64_t warned;	/* codes already reported for this game */
	int tagdiag;		/* diagnostics now concern tags, not a ply */
	uint64_t initials;	/* TAG_BIT() of the first letter of each tag */
	long numline, numcol;	/* where the pending move number was */
	long col;		/* column of the game's first token */
	/*
	 * With keep_raw the lexer records the input from rec_from on: from
	 * a game's first byte through the blanks after it, up to the next
	 * game's first token, so that what lies between two games (from
	 * prev_end, the end of the previous one) can be looked at.
	 */
	uint64_t rec_from, prev_end;
	/*
	 * Junk outside any game, skipped to the next game's tags
	 * (syntax_error()): reported when that game begins, as its own,
	 * with the warnings of what was read before it.
	 */
	int junk;
	long junk_line, junk_col, junk_from, junk_to;
	int junk_warnings;
	char junk_what[200];
	int oom;
	/* pdn_reader_set_wanted(): the codes whose message is wanted. */
	pdn_diag_wanted_fn wanted;
	void *wanted_arg;
};

/* syntax_error(): junk was skipped, and the next game follows. */
#define JUNK_SKIPPED	2

/*
 * The arena's head is the chunk in use; older chunks follow.  Emptying it
 * keeps its largest chunk of at most the standard size, which most games
 * fit in.
 */
static void
arena_reset(pdn_reader *r)
{
	struct chunk *c, *next, *keep = NULL;

	for (c = r->arena; c != NULL; c = next) {
		next = c->next;
		if (c->size <= ARENA_CHUNK &&
		    (keep == NULL || c->size > keep->size)) {
			free(keep);
			keep = c;
		} else
			free(c);
	}
	if (keep != NULL) {
		keep->next = NULL;
		keep->used = 0;
	}
	r->arena = keep;
}

static void *
arena_alloc(pdn_reader *r, size_t n)
{
	struct chunk *c = r->arena;
	size_t size, hdr = (sizeof(*c) + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	void *p;

	n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (c == NULL || c->size - c->used < n) {
		size = c == NULL ? ARENA_FIRST : c->size < ARENA_CHUNK / 2 ?
		    c->size * 2 : ARENA_CHUNK;
		if (size < n)
			size = n;
		if ((c = malloc(hdr + size)) == NULL) {
			r->oom = 1;
			r->limit = 0;
			return NULL;
		}
		c->data = (unsigned char *)c + hdr;
		c->size = size;
		c->used = 0;
		c->next = r->arena;
		r->arena = c;
	}
	p = c->data + c->used;
	c->used += n;
	r->used += n;
	return p;
}

static const char *
arena_strdup(pdn_reader *r, const char *s, size_t len)
{
	char *p;

	if ((p = arena_alloc(r, len + 1)) == NULL)
		return "";
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

/* A level for depth + 1: 0, or -1 out of memory (r->oom). */
static int
more_levels(pdn_reader *r)
{
	struct level *lv;
	int n;

	if (r->depth + 1 < r->nlv)
		return 0;
	n = 2 * r->nlv > PDN_MAX_DEPTH + 1 ? PDN_MAX_DEPTH + 1 : 2 * r->nlv;
	if ((lv = realloc(r->lv, (size_t)n * sizeof(*lv))) == NULL) {
		r->oom = 1;
		r->limit = 0;
		return -1;
	}
	memset(lv + r->nlv, 0, (size_t)(n - r->nlv) * sizeof(*lv));
	r->lv = lv;
	r->nlv = n;
	return 0;
}

static void *
vec_push(pdn_reader *r, struct vec *v, size_t size)
{
	void *np;
	size_t nc;

	if (v->n == v->cap) {
		nc = v->cap ? v->cap * 2 : 64;
		if ((np = realloc(v->p, nc * size)) == NULL) {
			r->oom = 1;
			r->limit = 0;
			return NULL;
		}
		v->p = np;
		v->cap = nc;
	}
	r->used += size;
	return (char *)v->p + size * v->n++;
}

/* Sets r->limit for the state the reader is in (see struct pdn_reader). */
static void
set_limit(pdn_reader *r)
{
	if (r->oom)
		r->limit = 0;
	else if (r->in_game)
		r->limit = r->opt.max_game < SIZE_MAX ? r->opt.max_game + 1 :
		    SIZE_MAX;
	else
		r->limit = SIZE_MAX;
}

static int
reader_alloc(pdn_reader **out, const pdn_reader_options *opt)
{
	static const pdn_reader_options defaults = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;

	*out = NULL;
	/*
	 * Options of a layout this library does not know are refused; those
	 * of version 1 end before `gametype`, those of version 2 before
	 * `skip_moves`, those of version 3 before `finish`, those of
	 * version 4 before `result_order`, and only that much is read.
	 */
	if (opt != NULL && (opt->version < 1 ||
	    opt->version > PDN_READER_OPTIONS_VERSION))
		return PDN_EINVAL;
	if ((r = calloc(1, sizeof(*r))) == NULL)
		return PDN_ENOMEM;
	if ((r->lv = calloc(LEVELS_FIRST, sizeof(*r->lv))) == NULL) {
		free(r->lv);
		free(r);
		return PDN_ENOMEM;
	}
	r->nlv = LEVELS_FIRST;
	r->opt = defaults;
	if (opt != NULL && opt->version == 1)
		memcpy(&r->opt, opt, offsetof(pdn_reader_options, gametype));
	else if (opt != NULL && opt->version == 2)
		memcpy(&r->opt, opt, offsetof(pdn_reader_options,
		    skip_moves));
	else if (opt != NULL && opt->version == 3)
		memcpy(&r->opt, opt, offsetof(pdn_reader_options, finish));
	else if (opt != NULL && opt->version == 4)
		memcpy(&r->opt, opt, offsetof(pdn_reader_options,
		    result_order));
	else if (opt != NULL)
		r->opt = *opt;
	r->opt.version = PDN_READER_OPTIONS_VERSION;
	if (r->opt.max_game == 0)
		r->opt.max_game = PDN_GAME_MAX_DEFAULT;
	if (r->opt.file == NULL)
		r->opt.file = "<input>";
	set_limit(r);
	*out = r;
	return 0;
}

/* With keep_raw, the input is recorded from its first byte (begin_game()). */
static void
reader_start(pdn_reader *r)
{
	if (r->opt.keep_raw)
		pdn_lexer_record(r->lx, 0, r->opt.max_game);
}

int
pdn_reader_new(pdn_reader **out, pdn_read_fn read, void *arg,
    const pdn_reader_options *opt)
{
	pdn_reader *r;
	int rc;

	*out = NULL;
	if ((rc = reader_alloc(&r, opt)) != 0)
		return rc;
	if (pdn_lexer_new(&r->lx, read, arg) != 0) {
		free(r->lv);
		free(r);
		return PDN_ENOMEM;
	}
	reader_start(r);
	*out = r;
	return 0;
}

int
pdn_reader_new_mem(pdn_reader **out, const char *data, size_t len,
    const pdn_reader_options *opt)
{
	pdn_reader *r;
	int rc;

	*out = NULL;
	if ((rc = reader_alloc(&r, opt)) != 0)
		return rc;
	if (pdn_lexer_new_mem(&r->lx, data, len) != 0) {
		free(r->lv);
		free(r);
		return PDN_ENOMEM;
	}
	reader_start(r);
	*out = r;
	return 0;
}

void
pdn_reader_free(pdn_reader *r)
{
	struct chunk *c, *next;
	int i;

	if (r == NULL)
		return;
	pdn_lexer_free(r->lx);
	for (c = r->arena; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	free(r->tags.p);
	free(r->tagspans.p);
	free(r->setupfirst.p);
	for (i = 0; i < r->nlv; i++)
		free(r->lv[i].v.p);
	free(r->lv);
	free(r);
}

/* Reports a diagnostic about the current game; detail may be NULL. */
/* Fills the rest of a diagnostic and hands it to the caller. */
static void
deliver(pdn_reader *r, pdn_diag *d, long line, long col, const char *msg)
{
	d->name = pdn_diag_name(d->code);
	d->message = msg;
	d->file = r->opt.file;
	d->line = line;
	d->col = col;
	d->game = r->in_game ? r->game.pub.index : 0;
	d->ply = r->in_game && !r->tagdiag ? r->game.pub.plies : 0;
	r->opt.diag(d, r->opt.diag_arg);
}

/*
 * A diagnostic whose message is the code's text, then ": " and detail
 * when it is not NULL: formatted once (pdn_reader_report()'s detail, a
 * hook's formatted already, went through "%s" once more: 3,320 FENs'
 * fen-liberty in pdn-validate -q on intl-real-x20.pdn).
 */
static void
emit_detail(pdn_reader *r, pdn_diag_code code, long line, long col,
    const char *detail)
{
	char msg[600];
	pdn_diag d;

	memset(&d, 0, sizeof(d));
	d.code = code;
	d.severity = pdn_diag_severity(code);
	if (d.severity == PDN_SEV_ERROR)
		r->game.pub.errors++;
	else if (d.severity == PDN_SEV_WARNING)
		r->game.pub.warnings++;
	if (r->opt.diag == NULL)
		return;
	if (detail != NULL) {
		snprintf(msg, sizeof(msg), "%s: %s", pdn_diag_text(code),
		    detail);
		deliver(r, &d, line, col, msg);
	} else
		deliver(r, &d, line, col, pdn_diag_text(code));
}

void
pdn_reader_set_wanted(pdn_reader *r, pdn_diag_wanted_fn fn, void *arg)
{
	r->wanted = fn;
	r->wanted_arg = arg;
}

int
pdn_reader_wants_message(const pdn_reader *r, pdn_diag_code code)
{
	return r->opt.diag != NULL && (r->wanted == NULL ||
	    r->wanted(code, r->wanted_arg));
}

static void
emit(pdn_reader *r, pdn_diag_code code, long line, long col,
    const char *fmt, ...)
{
	char detail[400];
	va_list ap;

	if (fmt == NULL || !pdn_reader_wants_message(r, code)) {
		emit_detail(r, code, line, col, NULL);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	emit_detail(r, code, line, col, detail);
}

/*
 * A diagnostic whose whole message is `text`, in place of the code's
 * fixed text (one that says something else in one case).
 */
static void
emit_text(pdn_reader *r, pdn_diag_code code, long line, long col,
    const char *text)
{
	pdn_diag d;

	memset(&d, 0, sizeof(d));
	d.code = code;
	d.severity = pdn_diag_severity(code);
	if (d.severity == PDN_SEV_ERROR)
		r->game.pub.errors++;
	else if (d.severity == PDN_SEV_WARNING)
		r->game.pub.warnings++;
	if (r->opt.diag != NULL)
		deliver(r, &d, line, col, pdn_reader_wants_message(r, code) ?
		    text : pdn_diag_text(code));
}

/*
 * Liberties are reported once per game, at their first occurrence: a bit
 * of `warned` per code, so that the codes must stay fewer than 64.
 */
_Static_assert(PDN_D_NCODES <= 64, "pdn_reader.warned has a bit per code");

void
pdn_reader_report(pdn_reader *r, pdn_diag_code code, long line, long col,
    const char *text, const char *detail)
{
	/*
	 * The caller is asked about a detail only: the finish hook's 22,120
	 * notes gametype-inferred without one asked pdn-select --count -t
	 * Result=2-0 on intl-real-x20.pdn for nothing (268.4 M instructions
	 * with the question, 265.8 M without, callgrind).
	 */
	if (text != NULL)
		emit_text(r, code, line, col, text);
	else
		emit_detail(r, code, line, col, detail != NULL &&
		    pdn_reader_wants_message(r, code) ? detail : NULL);
}

static void
emit_once_at(pdn_reader *r, pdn_diag_code code, long line, long col)
{
	uint64_t bit = (uint64_t)1 << code;

	if (r->warned & bit)
		return;
	r->warned |= bit;
	emit(r, code, line, col, NULL);
}

static void
emit_once(pdn_reader *r, pdn_diag_code code, const pdn_token *t)
{
	emit_once_at(r, code, t->line, t->col);
}

static const pdn_tag *find_tag(const pdn_reader *r, const char *name);
static int gametype_number(const char *s);

/*
 * Nonzero when ':' is the game's own capture separator (Russian draughts,
 * as its GameType tag, or for an untagged game the caller, says), and so
 * no liberty.
 */
static int
colon_separates(pdn_reader *r)
{
	const pdn_tag *gt = find_tag(r, "GameType");
	const pdn_variant *v = pdn_variant_get(gt != NULL ?
	    gametype_number(gt->value) : r->opt.gametype);

	return v != NULL && pdn_variant_capture_separator(v) == ':';
}

static void
token_liberties_slow(pdn_reader *r, const pdn_token *t)
{
	unsigned f = t->flags;
	if (f & PDN_TF_LATIN1)
		emit_once_at(r, PDN_D_LATIN1, t->uline, t->ucol);
	if (t->type == PDN_TOK_MOVE) {
		if (f & PDN_TF_PADDED)
			emit_once(r, PDN_D_SQUARE_PADDED, t);
		if (f & PDN_TF_SPACES)
			emit_once(r, PDN_D_MOVE_SPACES, t);
		if ((f & PDN_TF_COLON) && !colon_separates(r))
			emit_once(r, PDN_D_COLON_CAPTURE, t);
		if (f & PDN_TF_UPPER)
			emit_once(r, PDN_D_MOVE_UPPERCASE, t);
		if (f & PDN_TF_SHORT)
			emit_once(r, PDN_D_MOVE_SHORT, t);
	} else if (t->type == PDN_TOK_MOVENUM) {
		if (f & PDN_TF_PADDED)
			emit_once(r, PDN_D_MOVENUM_PADDED, t);
		if (f & PDN_TF_NO_DOT)
			emit_once(r, PDN_D_MOVENUM_NO_DOT, t);
	} else if (t->type == PDN_TOK_RESULT) {
		if (f & PDN_TF_SPACES)
			emit_once(r, PDN_D_RESULT_SPACED, t);
		if (f & PDN_TF_GLUED)
			emit(r, PDN_D_RESULT_GLUED, t->line, t->col, NULL);
		if (f & PDN_TF_COLON)
			emit_once(r, PDN_D_RESULT_COLON, t);
	} else if (t->type == PDN_TOK_TAG) {
		if (f & PDN_TF_TAG_NAME)
			emit(r, PDN_D_TAG_NAME, t->line, t->col, "%s",
			    t->text);
		if (f & PDN_TF_UNQUOTED)
			emit(r, PDN_D_TAG_UNQUOTED, t->line, t->col, "%s",
			    t->text);
		if (f & PDN_TF_QUOTES)
			emit_once(r, PDN_D_TAG_QUOTES, t);
		if (f & PDN_TF_UNCLOSED)
			emit(r, PDN_D_TAG_UNCLOSED, t->line, t->col, "%s",
			    t->text);
		/* The lexer stands right after the tag, on its last line. */
		if (f & PDN_TF_WRAPPED)
			emit(r, PDN_D_TAG_WRAPPED, t->line, t->col,
			    "%s, lines %ld-%ld", t->text, t->line,
			    lex_line(r->lx));
	} else if (t->type == PDN_TOK_COMMENT) {
		if (f & PDN_TF_NESTED)
			emit(r, PDN_D_NESTED_BRACE, t->xline, t->xcol, NULL);
		if (f & PDN_TF_PROSE)
			emit(r, PDN_D_PROSE_VARIATION, t->line, t->col, NULL);
	}
}

/* Reports the liberties a token took; most took none. */
static inline void
token_liberties(pdn_reader *r, const pdn_token *t)
{
	if (t->flags != 0)
		token_liberties_slow(r, t);
}

/*
 * With keep_raw: keeps as the game's lead what lies between the previous
 * game and this one's first token t when it is more than blanks, from the
 * recording that ran on since the previous game began; then records from
 * t on.
 */
static void
keep_lead(pdn_reader *r, const pdn_token *t)
{
	const char *rec;
	size_t n = 0;
	uint64_t i, end;

	uint64_t from = t->offset;
	/*
	 * After junk (syntax_error()) the recording may start past the end
	 * of the previous game, with blanks alone between the two.
	 */
	uint64_t start = r->prev_end > r->rec_from ? r->prev_end : r->rec_from;

	rec = pdn_lexer_recorded(r->lx, &n);
	if (rec != NULL && t->offset >= start &&
	    t->offset - r->rec_from <= n) {
		end = t->offset - r->rec_from;
		for (i = start - r->rec_from; i < end; i++)
			if (rec[i] != ' ' && rec[i] != '\t' && rec[i] != '\n' &&
			    rec[i] != '\r')
				break;
		if (i < end) {
			r->game.pub.lead = arena_strdup(r, rec + i, end - i);
			r->game.pub.leadlen = end - i;
			/* Kept from there: junk may yet make it the next's. */
			from = r->rec_from + i;
		}
		/*
		 * Keeping every game's text, the recording goes on from the
		 * end of the previous game, so that what lies between the
		 * two is this game's `before`.
		 */
		if (r->opt.keep_raw == 2)
			from = r->prev_end;
	}
	pdn_lexer_record(r->lx, from, r->opt.max_game);
	r->rec_from = from;
}

static void
begin_game(pdn_reader *r, const pdn_token *t)
{
	if (r->in_game)
		return;
	arena_reset(r);
	r->tags.n = 0;
	r->tagspans.n = 0;
	r->initials = 0;
	r->lv[0].v.n = 0;
	r->lv[0].skipped = 0;
	r->depth = 0;
	r->used = 0;
	r->warned = 0;
	r->movetext = 0;
	r->setups = 0;
	r->big = 0;
	r->have_first = 0;
	r->may_skip = -1;
	r->setupfirst.n = 0;
	r->setup_waiting = 0;
	r->watch_moves = 1;
	r->pending_num = -1;
	r->pending_dots = 0;
	memset(&r->game, 0, sizeof(r->game));
	r->game.pub.priv = &r->game;
	r->game.pub.file = r->opt.file;
	r->game.pub.index = ++r->ngames;
	r->game.pub.line = t->line;
	r->game.pub.offset = t->offset;
	r->game.pub.span.offset = t->offset;
	r->col = t->col;
	r->in_game = 1;
	set_limit(r);
	if (r->opt.keep_raw)
		keep_lead(r, t);
	if (r->junk) {
		r->junk = 0;
		r->game.pub.warnings += r->junk_warnings;
		r->tagdiag = 1;
		if (r->junk_to > r->junk_from)
			emit(r, PDN_D_JUNK_SKIPPED, r->junk_line, r->junk_col,
			    "lines %ld-%ld (%s)", r->junk_from, r->junk_to,
			    r->junk_what);
		else
			emit(r, PDN_D_JUNK_SKIPPED, r->junk_line, r->junk_col,
			    "line %ld (%s)", r->junk_from, r->junk_what);
		r->tagdiag = 0;
	}
}

static pdn_elem *
add_elem(pdn_reader *r, pdn_elem_type type, const pdn_token *t)
{
	pdn_elem *e;

	if ((e = vec_push(r, &r->lv[r->depth].v, sizeof(*e))) == NULL)
		return NULL;
	memset(e, 0, sizeof(*e));
	e->type = type;
	e->line = t->line;
	e->col = t->col;
	e->span.offset = t->offset;
	e->span.len = lex_end(r->lx) - t->offset;
	return e;
}

static void
add_text(pdn_reader *r, pdn_elem_type type, const pdn_token *t)
{
	pdn_elem *e;

	if ((e = add_elem(r, type, t)) == NULL)
		return;
	e->u.text.s = arena_strdup(r, t->text, t->len);
	e->u.text.len = t->len;
}

/*
 * Moves the elements of the variation at depth d > 0 into the arena: its
 * scratch vector serves the next variation at that depth.
 */
static const pdn_line *
close_line(pdn_reader *r, int d)
{
	pdn_line *l;
	pdn_elem *e = NULL;
	size_t n = r->lv[d].v.n;

	r->used += r->lv[d].skipped * sizeof(*e);
	r->lv[d].skipped = 0;
	if ((l = arena_alloc(r, sizeof(*l))) == NULL)
		return NULL;
	if (n > 0 && (e = arena_alloc(r, n * sizeof(*e))) == NULL)
		return NULL;
	if (n > 0)
		memcpy(e, r->lv[d].v.p, n * sizeof(*e));
	l->n = n;
	l->e = e;
	r->lv[d].v.n = 0;
	return l;
}

/* A bit for the first byte of a tag name: most names start differently. */
#define TAG_BIT(name)	(1ULL << ((unsigned char)(name)[0] & 63))

/*
 * The PDN name of an Italian tag name that the federation's files write
 * (Bianco, Nero, Risultato, Evento, Data), or NULL.
 */
static const char *
italian_name(const char *name, size_t len)
{
	const char *it, *pdn;

	/*
	 * One candidate by the length and the first letter, then one
	 * comparison: the PDN names (Event, White, Black, Round of 5
	 * letters, Result of 6 starting with R) mostly end at the switch.
	 */
	switch (len) {
	case 4:
		if (name[0] == 'N')
			it = "Nero", pdn = "Black";
		else if (name[0] == 'D')
			it = "Data", pdn = "Date";
		else
			return NULL;
		break;
	case 6:
		if (name[0] == 'B')
			it = "Bianco", pdn = "White";
		else if (name[0] == 'E')
			it = "Evento", pdn = "Event";
		else
			return NULL;
		break;
	case 9:
		it = "Risultato", pdn = "Result";
		break;
	default:
		return NULL;
	}
	return memcmp(name, it, len) == 0 ? pdn : NULL;
}

/*
 * Whether roster entry q is the name of len bytes: byte by byte, not
 * strcmp() (a call a roster entry of the same first letter): 859.2 M and
 * 329.3 M instructions with it, 853.9 M and 324.0 M so.  A tag name is of
 * [A-Za-z0-9_] (lex.c), without NUL: once its len bytes match, q[len] is
 * within q.
 */
static inline int
roster_is(const char *q, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < len && q[i] == name[i]; i++)
		;
	return i == len && q[len] == '\0';
}

/*
 * The roster's own string (game_roster) for a tag name of the seven-tag
 * roster, which nearly every game has, or NULL: kept as the tag's name
 * without a copy (pdn-validate -q on intl-real-x20.pdn, whose 24,480
 * games have 179,600 tags: 860.7 M instructions copying every name,
 * 853.9 M so; pdn-select --count -t Result=2-0: 332.0 M, 324.0 M).  The
 * entry `guess` is looked at first: the roster's tags mostly come first
 * and in its order, a game's n-th tag its n-th entry (pdn-select --count
 * -t Result=2-0 on intl-real-x20.pdn: 282.3 M instructions from the first
 * entry each time, 279.3 M so, callgrind).
 */
static const char *
roster_name(const char *name, size_t len, size_t guess)
{
	size_t k;

	if (len < 4 || len > 6)
		return NULL;
	if (guess < GAME_ROSTER_TAGS && roster_is(game_roster[guess], name,
	    len))
		return game_roster[guess];
	for (k = 0; k < GAME_ROSTER_TAGS; k++)
		if (roster_is(game_roster[k], name, len))
			return game_roster[k];
	return NULL;
}

static const pdn_tag *find_tag(const pdn_reader *r, const char *name);

/*
 * A Result tag of Russian records, "1:0", "0:1" or "1/2:1/2", is read as
 * the result it is ("1-0"), as its terminator is (lex.c): the value to
 * keep instead, NULL for any other.  The one note result-colon a game
 * says so, and the canonical writer writes the standard form.
 */
static const char *
colon_result(pdn_reader *r, const pdn_token *t)
{
	static const char *const forms[][2] = {
		{ "1:0", "1-0" }, { "0:1", "0-1" }, { "1/2:1/2", "1/2-1/2" }
	};
	size_t k;

	/* Two tests for every other value: "1-0", "1/2-1/2", "?". */
	if ((t->vlen != 3 || t->value[1] != ':') &&
	    (t->vlen != 7 || t->value[3] != ':'))
		return NULL;
	for (k = 0; k < sizeof(forms) / sizeof(forms[0]); k++)
		if (strcmp(t->value, forms[k][0]) == 0) {
			emit_once(r, PDN_D_RESULT_COLON, t);
			return forms[k][1];
		}
	return NULL;
}

static void
add_tag(pdn_reader *r, const pdn_token *t)
{
	pdn_tag *tag, *tags = r->tags.p;
	pdn_tag_span *sp;
	const char *pdn = italian_name(t->text, t->len), *res;
	size_t i;

	/*
	 * An Italian name is read as the PDN one, unless the game has that
	 * tag already: the canonical writer writes it so; the text as read
	 * stays as it was.
	 */
	if (pdn != NULL && find_tag(r, pdn) == NULL)
		emit(r, PDN_D_TAG_ITALIAN, t->line, t->col, "%s as %s",
		    t->text, pdn);
	else
		pdn = NULL;
	for (i = 0; (r->initials & TAG_BIT(t->text)) && i < r->tags.n; i++)
		if (tags[i].name[0] == t->text[0] &&
		    strcmp(tags[i].name, t->text) == 0) {
			emit(r, PDN_D_TAG_DUPLICATE, t->line, t->col, "%s",
			    t->text);
			break;
		}
	if ((sp = vec_push(r, &r->tagspans, sizeof(*sp))) == NULL)
		return;
	/* The lexer has just read the tag: it ends where it stands. */
	sp->tag.offset = t->offset;
	sp->tag.len = lex_end(r->lx) - t->offset;
	lex_tag_value(r->lx, &sp->value.offset, &sp->value.len);
	if ((tag = vec_push(r, &r->tags, sizeof(*tag))) == NULL)
		return;
	if (pdn != NULL) {
		r->initials |= TAG_BIT(pdn);
		tag->name = pdn;
	} else {
		r->initials |= TAG_BIT(t->text);
		if ((tag->name = roster_name(t->text, t->len,
		    r->tags.n - 1)) == NULL)
			tag->name = arena_strdup(r, t->text, t->len);
	}
	res = (pdn != NULL ? strcmp(pdn, "Result") == 0 : t->len == 6 &&
	    memcmp(t->text, "Result", 6) == 0) ? colon_result(r, t) : NULL;
	tag->value = arena_strdup(r, res != NULL ? res : t->value, t->vlen);
	tag->vlen = t->vlen;
	tag->line = t->line;
}

static const pdn_tag *
find_tag(const pdn_reader *r, const char *name)
{
	const pdn_tag *tags = r->tags.p;
	size_t i;

	if (!(r->initials & TAG_BIT(name)))
		return NULL;
	for (i = 0; i < r->tags.n; i++)
		if (tags[i].name[0] == name[0] &&
		    strcmp(tags[i].name, name) == 0)
			return &tags[i];
	return NULL;
}

/*
 * The number at the start of a GameType value ("20", "20,W,10,10,N2,0"):
 * two digits and the end or a comma without a call to atoi(), which is
 * slow enough to show in a profile, anything else as atoi() reads it.
 */
static int
gametype_number(const char *s)
{
	if (s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' &&
	    (s[2] == '\0' || s[2] == ','))
		return (s[0] - '0') * 10 + (s[1] - '0');
	return atoi(s);
}

static void
check_result(pdn_reader *r)
{
	const pdn_tag *res = find_tag(r, "Result");
	pdn_game *g = &r->game.pub;

	if (res == NULL)
		return;
	if (!pdn_result_valid(res->value)) {
		if (strcmp(res->value, "?") != 0 && res->value[0] != '\0')
			emit(r, PDN_D_RESULT_UNKNOWN, res->line, 1, "\"%s\"",
			    res->value);
		return;
	}
	if (g->terminator != NULL && strcmp(g->terminator, res->value) != 0)
		emit(r, PDN_D_RESULT_MISMATCH, res->line, 1,
		    "tag \"%s\", terminator %s", res->value, g->terminator);
}

static const pdn_line empty_line = { 0, NULL };

/* The current game ends at input offset `end`. */
static void
set_end(pdn_reader *r, uint64_t end)
{
	r->game.pub.span.len = end - r->game.pub.span.offset;
}

/*
 * With keep_raw: keeps the text of a truncated game, up to where the
 * lexer stands (its span's end), and says that a rewrite writes it back as
 * read (why: what the text is), or that it cannot.
 */
/*
 * With keep_raw: points the game's raw (and with keep_raw 2 its before)
 * into the recording, which runs from rec_from (the game's first byte, or
 * the end of the previous game) to where the lexer stands.  Returns 0, or
 * -1 when the recording does not hold them (given up: too long).
 */
static int
keep_recorded(pdn_reader *r)
{
	pdn_game *g = &r->game.pub;
	const char *rec;
	size_t n = 0;
	uint64_t off;

	g->raw = g->before = NULL;
	g->rawlen = g->beforelen = 0;
	rec = pdn_lexer_recorded(r->lx, &n);
	if (rec == NULL || g->span.offset < r->rec_from ||
	    pdn_lexer_offset(r->lx) - r->rec_from != n)
		return -1;
	off = g->span.offset - r->rec_from;
	if (off + g->span.len > n)
		return -1;
	g->raw = rec + off;
	g->rawlen = g->span.len;
	if (r->opt.keep_raw == 2) {
		g->before = rec;
		g->beforelen = off;
	}
	return 0;
}

static void
keep_text(pdn_reader *r, const char *why)
{
	pdn_game *g = &r->game.pub;

	r->tagdiag = 1;
	if (keep_recorded(r) == 0)
		emit(r, PDN_D_AS_READ, g->line, r->col, "%s", why);
	else {
		emit(r, PDN_D_GAME_TOO_LARGE, g->line, r->col,
		    "its text (%llu bytes, more than %zu) was not kept: a "
		    "rewrite leaves it out", (unsigned long long)g->span.len,
		    r->opt.max_game);
	}
	r->tagdiag = 0;
}

/*
 * Completes the current game; returns 1 (a game), or an error code.  With
 * `checks` zero, the text after the last game, it is not looked into.
 */
static int
finish_game(pdn_reader *r, int checks)
{
	pdn_game *g = &r->game.pub;
	const pdn_tag *gt;

	while (r->depth > 0) {
		/* After an error: close the lines still open, keeping them. */
		const pdn_line *l = close_line(r, r->depth);
		struct vec *parent = &r->lv[r->depth - 1].v;

		pdn_elem *v = (pdn_elem *)parent->p + (parent->n - 1);

		r->depth--;
		v->u.variation = l != NULL ? l : &empty_line;
		/* Never closed: its '(' and its elements. */
		v->span.len = l != NULL && l->n > 0 ? l->e[l->n - 1].span.offset +
		    l->e[l->n - 1].span.len - v->span.offset : 1;
	}
	/*
	 * The main line and the tags stay where they were collected: their
	 * vectors are not touched again before the next pdn_reader_next(),
	 * which is as long as the game is valid.
	 */
	g->moves.n = r->lv[0].v.n;
	g->moves.e = r->lv[0].v.p;
	g->ntags = r->tags.n;
	g->tags = r->tags.p;
	g->tag_spans = r->tagspans.p;
	/* Every game's text; a truncated one's is kept already. */
	if (r->opt.keep_raw == 2 && !g->truncated)
		(void)keep_recorded(r);
	r->prev_end = g->span.offset + g->span.len;
	r->in_game = 1;
	if (r->oom) {
		r->in_game = 0;
		set_limit(r);
		return PDN_ENOMEM;
	}
	if (!checks) {
		r->in_game = 0;
		set_limit(r);
		return 1;
	}
	r->tagdiag = 1;
	/*
	 * The GameType as written, or the caller's for an untagged game (0:
	 * not known here); what the moves say of an untagged game is for the
	 * finish hook (pdn_game_finish() of the play layer) to decide.
	 */
	if ((gt = find_tag(r, "GameType")) != NULL)
		g->gametype = gametype_number(gt->value);
	else {
		g->gametype_inferred = 1;
		g->gametype = r->opt.gametype > 0 ? r->opt.gametype : 0;
	}
	r->game.hints = 1;
	r->game.first_move = r->have_first ? &r->first : NULL;
	r->game.big_square = r->big;
	r->game.setup_firsts = r->setupfirst.p;
	r->game.nsetup_firsts = r->setups > 0 ? r->setupfirst.n : 0;
	/* The caller's order of result tokens, which the hook keeps. */
	if (r->opt.result_order == PDN_ORDER_WHITE ||
	    r->opt.result_order == PDN_ORDER_FIRST_MOVER) {
		r->game.order = r->opt.result_order;
		r->game.order_basis = ORDER_BY_CALLER;
	}
	if (r->opt.finish != NULL) {
		(void)r->opt.finish(r, g, r->opt.finish_arg);
		r->game.finished = 1;
	}
	check_result(r);
	r->tagdiag = 0;
	r->in_game = 0;
	set_limit(r);
	return r->oom ? PDN_ENOMEM : 1;
}

/*
 * Junk outside any game, from the game begun at r->game.pub.line (at the
 * junk, or at comments before it) to the next line that starts a tag:
 * when there is one, the begun game is none, and the junk is reported
 * with the game there (begin_game()); returns JUNK_SKIPPED.  At the end
 * of input, 0: the junk is the error it is.
 */
static int
skip_junk(pdn_reader *r, long line, long col, pdn_diag_code code,
    const char *detail)
{
	long last;
	int rc;

	if ((rc = lex_skip_junk(r->lx, &last)) <= 0)
		return rc;
	r->junk = 1;
	r->junk_line = line;
	r->junk_col = col;
	r->junk_from = r->game.pub.line;
	r->junk_to = last;
	r->junk_warnings = r->game.pub.warnings;
	snprintf(r->junk_what, sizeof(r->junk_what), "%s%s%s",
	    pdn_diag_text(code), detail != NULL && *detail != '\0' ? ": " :
	    "", detail != NULL ? detail : "");
	r->in_game = 0;
	r->ngames--;
	set_limit(r);
	return JUNK_SKIPPED;
}

/*
 * A syntax error: report it, skip to the next game, return this one; or
 * JUNK_SKIPPED (skip_junk()).
 */
static int
syntax_error(pdn_reader *r, const pdn_token *t, pdn_diag_code code,
    const char *detail)
{
	long line = t->line, col = t->col;
	int rc, in_tags, junk;

	begin_game(r, t);
	/* A lexer error may name the byte at fault inside its token. */
	if (t->type == PDN_TOK_ERROR && t->xline > 0) {
		line = t->xline;
		col = t->xcol;
	}
	/*
	 * Among the game's tags (it has some, or the broken token is one,
	 * and no movetext yet) the lines of its other tags are skipped too.
	 * Junk outside any game (a token that does not read, before any
	 * tag or movetext) is skipped to the next line that starts a tag,
	 * so that the game there is read as if it were not there.
	 */
	junk = r->tags.n == 0 && !r->movetext && t->type != PDN_TOK_TAG &&
	    code != PDN_D_GAME_TOO_LARGE &&
	    !(t->type == PDN_TOK_ERROR && lex_error_in_tag(r->lx));
	if (junk && (rc = skip_junk(r, line, col, code, detail)) != 0)
		return rc;
	if (detail != NULL && *detail != '\0')
		emit(r, code, line, col, "%s", detail);
	else
		emit(r, code, line, col, NULL);
	r->game.pub.truncated = 1;
	in_tags = !r->movetext && !junk;
	/*
	 * A game's first line a '[' with no tag name ("[[[[", "[]") is no
	 * tag of it: the tag lines after it are the next game's, and only
	 * the lines like it go with it (lex_skip_stray()).
	 */
	if (in_tags && r->tags.n == 0 && t->type == PDN_TOK_ERROR &&
	    lex_error_no_tag_name(r->lx))
		rc = lex_skip_stray(r->lx);
	else
		rc = pdn_lexer_skip_game(r->lx, in_tags);
	if (rc != 0)
		return rc;
	set_end(r, pdn_lexer_offset(r->lx));
	if (r->opt.keep_raw)
		keep_text(r, junk ? "text outside any game" :
		    "cut short by an error");
	return finish_game(r, 1);
}

/*
 * A move of the main line: counted, and looked at for decide_gametype()
 * while watch_moves says so, one test a move once the game's first moves
 * have told all (pdn-validate -q on intl-real-x20.pdn: 1,020.6 M
 * instructions with the three tests at each move, 1,012.6 M so, callgrind).
 */
static void
main_move(pdn_reader *r, const pdn_movetok *m)
{
	r->game.pub.plies++;
	if (!r->watch_moves)
		return;
	if (r->big == 0)
		r->big = game_move_big(m);
	if (!r->have_first && r->setups == 0) {
		r->first = *m;
		r->have_first = 1;
	}
	if (r->setup_waiting) {
		((pdn_movetok *)r->setupfirst.p)[r->setupfirst.n - 1] = *m;
		r->setup_waiting = 0;
	}
	/* The first move is now known, or a setup came before it. */
	r->watch_moves = r->big == 0;
}

/*
 * With skip_moves, after a move: the plain moves that follow it pass
 * without a token each (lex_skip_moves()), counted as if they were kept,
 * so that a game is too large (max_game) at the same token as when they
 * are: the run stops at the move that reaches the limit, and the token
 * after it meets the check.
 */
static void
skip_moves(pdn_reader *r)
{
	const size_t e = sizeof(pdn_elem);
	struct lex_skip s;
	size_t d, n;

	r->used += e;
	r->lv[r->depth].skipped++;
	if (r->used >= r->limit)
		return;
	d = r->limit - r->used;
	n = d / e + (d % e != 0);
	s.max = n < LONG_MAX ? (long)n : LONG_MAX;
	/* Only the main line's squares count, and only until one decides. */
	s.big = r->depth > 0 || r->big != 0;
	lex_skip_moves(r->lx, &s);
	r->used += (size_t)s.moves * e;
	r->lv[r->depth].skipped += (size_t)s.moves;
	if (r->depth == 0) {
		r->game.pub.plies += s.moves;
		if (r->big == 0 && s.big)
			r->big = 1;
	}
}

/*
 * After a move that is kept: the plain moves that follow it are read
 * straight into the line's elements (lex_moves()), without a token and a
 * pass through pdn_reader_next()'s loop each, as many as the vector has
 * room for and as the size check allows: a move is read while the game
 * holds less than the limit, as in that loop, so that a game is too large
 * at the same token either way.
 */
static void
take_moves(pdn_reader *r)
{
	const size_t e = sizeof(pdn_elem);
	struct vec *v = &r->lv[r->depth].v;
	pdn_elem *el = (pdn_elem *)v->p + v->n;
	size_t max = v->cap - v->n, d, n, k;

	if (r->used >= r->limit)
		return;
	d = r->limit - r->used;
	n = d / e + (d % e != 0);
	if (n < max)
		max = n;
	if (max == 0 || (n = lex_moves(r->lx, el, max)) == 0)
		return;
	v->n += n;
	r->used += n * e;
	if (r->depth > 0)
		return;
	if (!r->watch_moves)
		r->game.pub.plies += (long)n;
	else
		for (k = 0; k < n; k++)
			main_move(r, &el[k].u.move.tok);
}

/*
 * Whether a line has a move yet, for a variation to replace: asked at
 * each '(' rather than noted at each move, which pays for part of the
 * element spans (bench/reader's reading of 16 MB of real games: 682.6 M
 * instructions before spans, 702.4 M with spans and a note at each move,
 * 697.2 M without the note).  Its last elements are nearly always the
 * move or the move's annotations.
 */
static int
has_move(const struct level *l)
{
	const pdn_elem *e = l->v.p;
	size_t i;

	if (l->skipped > 0)
		return 1;
	for (i = l->v.n; i > 0; i--)
		if (e[i - 1].type == PDN_EL_MOVE)
			return 1;
	return 0;
}

/* A move number that no move followed. */
static void
dangling(pdn_reader *r)
{
	emit(r, PDN_D_MOVENUM_DANGLING, r->numline, r->numcol, "%ld",
	    r->pending_num);
	r->pending_num = -1;
}

static int
game_has_content(const pdn_reader *r)
{
	return r->tags.n > 0 || r->movetext;
}

int
pdn_reader_next(const pdn_game **out, pdn_reader *r)
{
	pdn_token *t = &r->tok;
	pdn_elem *e;
	const pdn_line *l;
	pdn_movetok *m;
	char limit[64];
	int rc, numbered;

	*out = &r->game.pub;
	for (;;) {
		/*
		 * A move number and its move may come as one token in a game
		 * (lex_next_numbered()), when the check below of the size
		 * would pass the move number.
		 */
		numbered = 0;
		if (!r->have_tok && r->in_game && r->used < r->limit) {
			/*
			 * The size check below would pass: reading a token
			 * uses no memory of the game's.  Not testing it again
			 * took pdn-validate -q on intl-real-x20.pdn from
			 * 1,012.6 M to 1,007.3 M instructions (callgrind).
			 */
			if ((rc = lex_next_numbered(t, r->lx)) < 0)
				return rc;
			numbered = rc;
		} else {
			if (r->have_tok)
				r->have_tok = 0;
			else if ((rc = pdn_lexer_next(t, r->lx)) != 0)
				return rc;
			if (r->used >= r->limit) {
				if (r->oom)
					return PDN_ENOMEM;
				if (r->in_game && r->used > r->opt.max_game) {
					snprintf(limit, sizeof(limit), "more "
					    "than %zu bytes in memory",
					    r->opt.max_game);
					return syntax_error(r, t,
					    PDN_D_GAME_TOO_LARGE, limit);
				}
			}
		}
		switch (t->type) {
		case PDN_TOK_EOF:
			if (!r->in_game) {
				if (r->ngames == 0)
					emit(r, PDN_D_NO_GAMES, t->line,
					    t->col, NULL);
				return 0;
			}
			if (!game_has_content(r) && r->opt.keep_raw) {
				/*
				 * Comments after the last game: a game of
				 * their own, so that a rewrite keeps them.
				 */
				r->game.pub.truncated = 1;
				set_end(r, pdn_lexer_offset(r->lx));
				keep_text(r, r->ngames > 1 ?
				    "comments after the last game" :
				    "comments outside any game");
				return finish_game(r, 0);
			}
			if (!game_has_content(r)) {
				r->in_game = 0;
				set_limit(r);
				r->ngames--;
				emit(r, PDN_D_TEXT_AFTER_GAME, t->line, t->col,
				    NULL);
				return 0;
			}
			if (r->pending_num >= 0)
				dangling(r);
			if (r->depth > 0)
				emit(r, PDN_D_UNCLOSED_VARIATION, t->line,
				    t->col, NULL);
			emit(r, PDN_D_NO_TERMINATOR, t->line, t->col, NULL);
			set_end(r, lex_blank_start(r->lx));
			return finish_game(r, 1);
		case PDN_TOK_ERROR:
			if ((rc = syntax_error(r, t, t->code, t->text)) !=
			    JUNK_SKIPPED)
				return rc;
			break;
		case PDN_TOK_TAG:
			/*
			 * Tags end a game with movetext.  A game of tags alone
			 * ends where, after a blank line, a tag it already has
			 * comes again: that is the next game's tag section (a
			 * duplicate among a game's own tags has no blank line
			 * before it).
			 */
			if (r->in_game && (r->movetext || (t->blank &&
			    find_tag(r, t->text) != NULL))) {
				r->have_tok = 1;
				emit(r, PDN_D_NO_TERMINATOR, t->line, t->col,
				    NULL);
				set_end(r, lex_blank_start(r->lx));
				return finish_game(r, 1);
			}
			begin_game(r, t);
			r->tagdiag = 1;
			token_liberties(r, t);
			add_tag(r, t);
			r->tagdiag = 0;
			break;
		case PDN_TOK_RESULT:
			begin_game(r, t);
			if (r->pending_num >= 0)
				dangling(r);
			token_liberties(r, t);
			if (r->depth > 0)
				emit(r, PDN_D_UNCLOSED_VARIATION, t->line,
				    t->col, NULL);
			r->game.pub.terminator = arena_strdup(r, t->text, t->len);
			/* As written: "1 - 1", the "0-0" of a glued "0-001.". */
			r->game.pub.terminator_span.offset = t->offset;
			set_end(r, pdn_lexer_offset(r->lx));
			r->game.pub.terminator_span.len = r->game.pub.span.len -
			    (t->offset - r->game.pub.span.offset);
			return finish_game(r, 1);
		case PDN_TOK_MOVENUM:
			begin_game(r, t);
			token_liberties(r, t);
			if (r->pending_num >= 0 && t->num >= 0)
				dangling(r);
			r->movetext = 1;
			r->numline = t->line;
			r->numcol = t->col;
			if (t->num >= 0)
				r->pending_num = t->num;
			r->pending_dots = t->dots;
			break;
		case PDN_TOK_MOVE:
			if (numbered) {
				/* What PDN_TOK_MOVENUM does, in a game. */
				if (r->pending_num >= 0)
					dangling(r);
				r->pending_num = t->num;
				r->pending_dots = t->dots;
			}
			begin_game(r, t);
			token_liberties(r, t);
			r->movetext = 1;
			if (r->depth == 0)
				main_move(r, &t->move);
			if (r->opt.skip_moves && r->may_skip < 0)
				r->may_skip = r->opt.gametype > 0 ||
				    find_tag(r, "GameType") != NULL;
			/* A square above 32 says 10x10 or 12x12: no replay. */
			if (r->opt.skip_moves && r->may_skip == 0 &&
			    r->big > 0)
				r->may_skip = 1;
			if (r->opt.skip_moves && r->may_skip) {
				r->pending_num = -1;
				r->pending_dots = 0;
				skip_moves(r);
				break;
			}
			if ((e = vec_push(r, &r->lv[r->depth].v,
			    sizeof(*e))) == NULL)
				break;
			e->type = PDN_EL_MOVE;
			/*
			 * The span's two halves stored apart: side by side,
			 * gcc packs them into one vector store that costs
			 * four instructions more a move (bench/reader,
			 * reading 16 MB of real games: 697.2 -> 693.6 M
			 * instructions; 682.6 M before spans).
			 */
			e->span.len = lex_end(r->lx) - t->offset;
			e->line = t->line;
			e->col = t->col;
			e->u.move.tok = t->move;
			e->u.move.number = r->pending_num;
			e->u.move.dots = r->pending_dots;
			e->span.offset = t->offset;
			r->pending_num = -1;
			r->pending_dots = 0;
			/*
			 * With skip_moves the next move may say the board,
			 * and the moves after it pass faster unkept.
			 */
			if (!r->opt.skip_moves)
				take_moves(r);
			break;
		case PDN_TOK_NAG:
			begin_game(r, t);
			r->movetext = 1;
			if ((e = add_elem(r, PDN_EL_NAG, t)) != NULL)
				e->u.nag = t->num;
			break;
		case PDN_TOK_STRENGTH:
			begin_game(r, t);
			r->movetext = 1;
			add_text(r, PDN_EL_STRENGTH, t);
			break;
		case PDN_TOK_COMMENT:
			begin_game(r, t);
			token_liberties(r, t);
			add_text(r, PDN_EL_COMMENT, t);
			break;
		case PDN_TOK_LINE_COMMENT:
			begin_game(r, t);
			token_liberties(r, t);
			add_text(r, PDN_EL_LINE_COMMENT, t);
			break;
		case PDN_TOK_SETUP:
			begin_game(r, t);
			token_liberties(r, t);
			r->movetext = 1;
			if (r->depth == 0) {
				r->setups++;
				if ((m = vec_push(r, &r->setupfirst,
				    sizeof(*m))) != NULL) {
					memset(m, 0, sizeof(*m));
					r->setup_waiting = 1;
					r->watch_moves = 1;
				}
			}
			add_text(r, PDN_EL_SETUP, t);
			break;
		case PDN_TOK_LPAREN:
			begin_game(r, t);
			r->movetext = 1;
			if (!has_move(&r->lv[r->depth]))
				return syntax_error(r, t,
				    PDN_D_VARIATION_FIRST, NULL);
			if (r->depth == PDN_MAX_DEPTH) {
				snprintf(limit, sizeof(limit), "more than %d",
				    PDN_MAX_DEPTH);
				return syntax_error(r, t, PDN_D_TOO_DEEP,
				    limit);
			}
			if ((e = add_elem(r, PDN_EL_VARIATION, t)) == NULL ||
			    more_levels(r) != 0)
				break;
			r->depth++;
			r->lv[r->depth].v.n = 0;
			r->lv[r->depth].skipped = 0;
			break;
		case PDN_TOK_RPAREN:
			begin_game(r, t);
			if (r->depth == 0 && (rc = syntax_error(r, t,
			    PDN_D_UNBALANCED_PAREN, NULL)) != JUNK_SKIPPED)
				return rc;
			if (r->depth == 0)
				break;
			l = close_line(r, r->depth);
			r->depth--;
			if (l == NULL)
				l = &empty_line;
			e = (pdn_elem *)r->lv[r->depth].v.p +
			    (r->lv[r->depth].v.n - 1);
			e->u.variation = l;
			e->span.len = lex_end(r->lx) - e->span.offset;
			break;
		}
	}
}

const char *
pdn_reader_rest(pdn_reader *r, size_t *len)
{
	const char *rec;
	size_t n = 0;

	*len = 0;
	if (r->opt.keep_raw != 2 || r->in_game ||
	    (rec = pdn_lexer_recorded(r->lx, &n)) == NULL ||
	    r->prev_end < r->rec_from ||
	    pdn_lexer_offset(r->lx) - r->rec_from != n ||
	    r->prev_end - r->rec_from > n)
		return NULL;
	*len = n - (size_t)(r->prev_end - r->rec_from);
	return rec + (r->prev_end - r->rec_from);
}
