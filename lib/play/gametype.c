/*
 * The play layer's part of reading a record (pdn_game_finish(), the
 * reader's finish hook): the GameType of a game decided once, from its
 * tag, the caller's word or, without either, inferred from what the
 * reader saw of its moves (its first move, its squares), and its FEN tag
 * and /FEN/ setups checked in that variant: the reader itself knows no
 * variant's rules, no FEN and no matcher.  With a file hint, what the
 * file's first games say breaks the ties of inference (their variant,
 * their board), and decides once for the file whose score its result
 * tokens write first (the result order, outcome.h).
 */
#include <pthread.h>
#include <strings.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamepriv.h"
#include "outcome.h"
#include "play.h"

/*
 * The game being finished: where its diagnostics go (the reader's
 * pdn_reader_report(), or the replay's own report when no hook ran), what
 * its moves say, the GameType decided, and its FEN tag once read as
 * international.
 */
struct typing {
	void (*report)(void *ctx, pdn_diag_code code, long line, long col,
	    const char *text, const char *detail);
	void *ctx;
	const pdn_game *g;
	/* Where the FEN tag's reading goes for the replay, or NULL. */
	struct pdn_game_priv *out;
	/*
	 * The reader's hints (struct pdn_game_priv), or the same worked out
	 * from the moves (hints()): the main line's first move before any
	 * setup, big_square, and the number of setups of the main line with,
	 * from the reader, the first move after each (setup_first()).
	 */
	const pdn_movetok *first;
	int big;
	const pdn_movetok *setup_firsts;
	size_t nsetups;
	int gametype;
	int fen_read, fen_rc;
	pdn_position fen_pos;
	pdn_fen_info fen_info;
	/*
	 * The file's own variant, or NULL; for a game of the hint's head
	 * (scan), the hint whose head it is, for its memo alone (struct
	 * memo): the game's type is then its own.
	 */
	pdn_file_hint *hint;
	int scan;		/* a game of the hint's head: decisive only */
	/*
	 * Nonzero when the game itself says its type (a tag, a square or
	 * move of one board, one variant that replays it), with no help from
	 * the file: what the file's games say (hint_scan()).
	 */
	int decisive;
};

/* The GameTypes a file hint counts: every one the library knows is less. */
#define HINT_TYPES	64
/*
 * The games of one variant that say enough: the head is read no further.
 * Over the 8x8 files of the corpus (8,740 games), reading each head to
 * its end (512 kB) cost 64% more instructions than no hint (1,510 million
 * against 918 million).
 */
#define HINT_ENOUGH	8
/* And the most games of the head read, said their variant or not. */
#define HINT_GAMES	32
/*
 * The squares the head's games must name, none above 32, for the file
 * to be on an 8x8 board: an international position of that many pieces
 * all on squares 1-32 (Black's half and two rows more) is unheard of,
 * while a file of one endgame of a few pieces says nothing.
 */
#define HINT_BOARD_SQUARES	24

/*
 * The games whose 8x8 variants a file hint remembers (struct memo), and
 * the longest key of one (memo_key()): a game whose key is longer is
 * replayed as if not remembered.
 */
#define MEMO_GAMES	(HINT_GAMES + 1)
#define MEMO_KEY_MAX	8192

/* Why a file's FEN-only games are of its 8x8 variant (board_basis). */
enum {
	BOARD_BY_GAMES = 1,	/* its other games say that variant */
	BOARD_BY_NAME,		/* the file's name says it */
	BOARD_BY_SIDE,		/* its opening positions' side to move */
	BOARD_BY_DEFAULT	/* the first of the order of ties */
};

/*
 * What the head's games say of the file's result order: the weight of
 * those whose end reads with White's score first and of those that read
 * with the first mover's, by the final position (WEIGHT_PROOF), what a
 * comment or tag says (WEIGHT_SAID) or the material (WEIGHT_MATERIAL).
 * The material counts only from MATERIAL_GAMES games that say it on: a
 * side ahead at the end still loses one game in four of tinsley.pdn,
 * and a few such games say nothing.  One order wins when it has at least
 * twice the other's weight and ORDER_MARGIN more.
 */
#define WEIGHT_PROOF	4
#define WEIGHT_SAID	2
#define WEIGHT_MATERIAL	1
#define MATERIAL_GAMES	8
#define ORDER_MARGIN	2
/*
 * The head is read for the order no further than the game that makes the
 * order taken weigh ORDER_ENOUGH, or that makes ORDER_GAMES decisive
 * games replayed: the order of tinsley.pdn is plain from its first 20
 * decisive games, while replaying those of its whole head (724 games)
 * cost as much again as reading the file.
 */
#define ORDER_ENOUGH	16
#define ORDER_GAMES	32

/*
 * A file's own variant: how many of its first games (those in the bytes
 * head() gives, the last one left out when they are not the whole file,
 * up to the one that makes HINT_ENOUGH of one variant) say for themselves
 * that they are of each GameType, counted the first time a game needs
 * the tie-break; from the same games, the board they are on (board8:
 * the 8x8 variant of the file's games that no move or square places on
 * one board, or 0).  The lock makes that once, for a file's chunks read
 * by several threads.  The result order is decided apart, under its own
 * lock, the first time a game whose order matters asks (hint_order()),
 * from every game of the head.
 */
struct pdn_file_hint {
	pdn_head_fn head;
	void *arg;
	pthread_mutex_t mu;
	int done;
	long count[HINT_TYPES];
	int board8, board_basis;
	int fetched;		/* the head asked for (hint_head()) */
	const char *hbuf;
	size_t hlen;
	int hwhole;
	pthread_mutex_t omu;
	int odone;
	int order;		/* PDN_ORDER_*, or PDN_ORDER_DECIDE */
	long white, first;	/* weights for each order */
	pthread_mutex_t mmu;	/* of the memo */
	int nmemo;
	struct memo *memo;	/* MEMO_GAMES of them, allocated when first */
};

/*
 * What infer_8x8() found of a game, remembered by the file hint: the head's
 * games are inferred once for the hint (hint_scan()) and again as the
 * file's reader reads them, the same games in the same eight variants.
 * A game is known by everything that fits_variant() reads of it
 * (memo_key()), compared byte for byte, so that a game is never taken
 * for another.  On fuzz/reader's target (494 inputs of its corpus, all
 * their games in the head) it took the instructions from 328 million to
 * 289 (callgrind).
 */
struct memo {
	unsigned char *key;
	size_t len;
	int toomany;		/* a variant had too many readings alive */
	int n;
	int type[8], ends[8];
};

/*
 * What a game of the head says, added up (tally_add()): for the board,
 * the squares its FENs, setups and moves name, whether one is above 32,
 * whether its moves are numeric or algebraic (games of each), and its
 * opening positions (a FEN tag of no king and 9 men a side at least) by
 * side to move; for the result order, the weights.
 */
struct tally {
	long squares;
	int big;
	long numeric, algebraic;
	long opening[2];	/* by pdn_colour */
	long white, first;	/* by the final position, or what is said */
	long mwhite, mfirst;	/* by the material */
	long games;		/* decisive games replayed for the order */
};

/* A diagnostic about the game: the code's text, then ": " and detail. */
static void
emit(struct typing *r, pdn_diag_code code, long line, long col,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void reader_report(void *ctx, pdn_diag_code code, long line, long col,
    const char *text, const char *detail);

/*
 * Whether a diagnostic of `code` is wanted with its detail: nothing is
 * formatted that the reader's caller does not show
 * (pdn_reader_set_wanted()).
 */
static int
wanted(const struct typing *r, pdn_diag_code code)
{
	return r->report != reader_report ||
	    pdn_reader_wants_message(r->ctx, code);
}

static void
emit(struct typing *r, pdn_diag_code code, long line, long col,
    const char *fmt, ...)
{
	char detail[400];
	va_list ap;

	if (fmt == NULL || !wanted(r, code)) {
		r->report(r->ctx, code, line, col, NULL, NULL);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	r->report(r->ctx, code, line, col, NULL, detail);
}

/*
 * What the moves of g say for its type: the reader's hints when it left
 * them, else the same from the moves of the main line, for a copy or a
 * game of the program's own.
 */
static void
hints(struct typing *r, const pdn_game *g)
{
	const struct pdn_game_priv *p = g->priv;
	const pdn_elem *e;
	size_t i;

	if (p != NULL && p->hints) {
		r->first = p->first_move;
		r->big = p->big_square;
		r->setup_firsts = p->setup_firsts;
		r->nsetups = p->nsetup_firsts;
		return;
	}
	r->first = NULL;
	r->big = 0;
	r->setup_firsts = NULL;
	r->nsetups = 0;
	for (i = 0; i < g->moves.n; i++) {
		e = &g->moves.e[i];
		if (e->type == PDN_EL_SETUP)
			r->nsetups++;
		if (e->type != PDN_EL_MOVE)
			continue;
		if (r->first == NULL && r->nsetups == 0)
			r->first = &e->u.move.tok;
		if (r->big == 0)
			r->big = game_move_big(&e->u.move.tok);
	}
}

/*
 * The first move after the setup that is element i of the main line, its
 * k-th setup: NULL when none comes before the next setup or the end.
 */
static const pdn_movetok *
setup_first(const struct typing *r, size_t i, size_t k)
{
	const pdn_line *l = &r->g->moves;
	const pdn_movetok *m;

	if (r->setup_firsts != NULL) {
		m = k < r->nsetups ? &r->setup_firsts[k] : NULL;
		return m != NULL && m->nsq > 0 ? m : NULL;
	}
	for (i++; i < l->n && l->e[i].type != PDN_EL_SETUP; i++)
		if (l->e[i].type == PDN_EL_MOVE)
			return &l->e[i].u.move.tok;
	return NULL;
}

/* Nonzero when FEN text s names a square of 33 to 50: not an 8x8 board. */
static int
fen_big_square(const char *s)
{
	long v;

	while (*s != '\0') {
		if (*s >= '0' && *s <= '9') {
			/* Past 1000 the exact value no longer matters. */
			for (v = 0; *s >= '0' && *s <= '9'; s++)
				if (v < 1000)
					v = v * 10 + (*s - '0');
			if (v > 32 && v <= 50)
				return 1;
		} else
			s++;
	}
	return 0;
}

/*
 * Checks a FEN, whose first move is `first` (NULL: none), in the game's
 * variant (international draughts' board for a game of a variant not
 * played).  Its liberties (a man on the crowning row...) are reported for
 * the variants played; a side to move '?', which any replay must decide,
 * for every game, with what its first move says.
 */
static void
check_fen(struct typing *r, const char *fen, size_t len, long line, long col,
    const pdn_movetok *first, int tag)
{
	pdn_position pos;
	pdn_fen_info info;
	char mv[PDN_MOVETOK_STRMAX];
	const pdn_variant *v = pdn_variant_get(r->gametype);
	int played = v != NULL, side, rc;

	memset(&info, 0, sizeof(info));
	/*
	 * A GameType the library does not play: its FEN is of a board the
	 * library does not know, and unsupported-gametype is the game's one
	 * diagnostic about its variant.
	 */
	if (v == NULL && r->gametype > 0)
		return;
	if (v == NULL)
		v = pdn_variant_default();
	/* The tag's FEN read as international already: not again. */
	if (tag && r->fen_read && v == pdn_variant_get(20)) {
		pos = r->fen_pos;
		info = r->fen_info;
		rc = r->fen_rc;
	} else
		rc = pdn_fen_read(&pos, v, fen, len, &info);
	/* The replay takes the tag's reading from here (setup_add()). */
	if (tag && played && r->out != NULL) {
		r->out->fen_variant = v;
		r->out->fen_value = fen;
		r->out->fen_rc = rc;
		r->out->fen_pos = pos;
		r->out->fen_info = info;
	}
	if (rc != 0) {
		if (info.square > 0 && rc != PDN_EFEN_SQUARE_RANGE)
			emit(r, PDN_D_BAD_FEN, line, col, "%s (square %d)",
			    pdn_strerror(rc), info.square);
		else if (rc == PDN_EFEN_SQUARE_RANGE &&
		    pdn_variant_gametype(v) != 20)
			/* The fixed text names international's 1-50. */
		{
			if (info.square > 0)
				emit(r, PDN_D_BAD_FEN, line, col, "square %d "
				    "is not on the board of %s (1-%d)",
				    info.square, pdn_variant_title(v),
				    pdn_variant_squares(v));
			else
				emit(r, PDN_D_BAD_FEN, line, col, "not a "
				    "playing square of %s",
				    pdn_variant_title(v));
		}
		else
			emit(r, PDN_D_BAD_FEN, line, col, "%s",
			    pdn_strerror(rc));
		return;
	}
	if (info.warnings & PDN_FEN_W_SIDE_UNKNOWN) {
		if ((side = pdn_setup_side(&pos, first)) >= 0) {
			pdn_movetok_str(mv, first);
			emit(r, PDN_D_FEN_SIDE_UNKNOWN, line, col,
			    "%s, whose piece the first move (%s) moves",
			    side == PDN_BLACK ? "Black" : "White", mv);
		} else
			emit(r, PDN_D_FEN_SIDE_UNKNOWN, line, col,
			    "no move tells, White is assumed");
	}
	if ((info.warnings & ~PDN_FEN_W_SIDE_UNKNOWN) != 0 && played) {
		static const struct {
			unsigned bit;
			const char *what;
		} w[] = {
			{ PDN_FEN_W_TRAILING_DOT, "final '.'" },
			{ PDN_FEN_W_ZERO_PADDED, "zero-padded square" },
			{ PDN_FEN_W_SPACES, "spaces" },
			{ PDN_FEN_W_EXTRA_FIELDS, "extra fields" },
			{ PDN_FEN_W_MAN_ON_CROWN_ROW, "man on the crowning row" },
			{ PDN_FEN_W_LOWERCASE, "lower case" },
			{ PDN_FEN_W_EMPTY_FIELD, "empty field" },
		};
		char list[200];
		size_t k, n = 0;
		/* The list only for a message that is shown. */
		size_t nw = wanted(r, PDN_D_FEN_LIBERTY) ?
		    sizeof(w) / sizeof(w[0]) : 0;

		list[0] = '\0';
		for (k = 0; k < nw; k++)
			if (info.warnings & w[k].bit)
				n += (size_t)snprintf(list + n, sizeof(list) - n,
				    "%s%s", n > 0 ? ", " : "", w[k].what);
		emit(r, PDN_D_FEN_LIBERTY, line, col, "%s", list);
	}
}


/* A run of digits at s, its value in *v (capped); returns its end. */
static const char *
digits(const char *s, int *v)
{
	*v = 0;
	for (; *s >= '0' && *s <= '9'; s++)
		if (*v < 10000)
			*v = *v * 10 + (*s - '0');
	return s;
}

/*
 * Checks a GameType value: the number alone, or the long form
 * "number,colour,width,height,notation[,invert]" ("20,W,10,10,N2,0").  A
 * value read otherwise is reported; so is a long form for international
 * draughts that does not describe it (White first, 10x10), since the
 * rules, not the tag, say who moves first.
 */
static void
check_gametype(struct typing *r, const pdn_tag *gt)
{
	const char *s = gt->value, *e;
	const pdn_variant *v;
	int n, w = 0, h = 0, colour;

	e = digits(s, &n);
	if (e == s || (e - s) > 3)
		goto bad;
	if (*e == '\0')
		return;
	if (*e != ',' || (e[1] != 'W' && e[1] != 'B') || e[2] != ',')
		goto bad;
	colour = e[1];
	s = digits(e + 3, &w);
	if (s == e + 3 || *s != ',')
		goto bad;
	e = digits(s + 1, &h);
	if (e == s + 1 || *e != ',' ||
	    (e[1] != 'A' && e[1] != 'N' && e[1] != 'S') ||
	    e[2] < '0' || e[2] > '9')
		goto bad;
	e += 3;
	if (*e == ',' && (e[1] == '0' || e[1] == '1') && e[2] == '\0')
		e += 2;
	if (*e != '\0')
		goto bad;
	/* A long form that does not describe the variant played. */
	if ((v = pdn_variant_get(n)) != NULL &&
	    (colour != (pdn_variant_first(v) == PDN_WHITE ? 'W' : 'B') ||
	    w != pdn_variant_width(v) || h != pdn_variant_height(v)))
		emit(r, PDN_D_GAMETYPE_VALUE, gt->line, 1,
		    "\"%s\": %s is %dx%d and %s moves first", gt->value,
		    pdn_variant_title(v), pdn_variant_width(v),
		    pdn_variant_height(v), pdn_variant_first(v) == PDN_WHITE ?
		    "White" : "Black");
	return;
bad:
	emit(r, PDN_D_GAMETYPE_VALUE, gt->line, 1, "\"%s\"", gt->value);
}

/*
 * Nonzero when the FEN (len bytes at fen) reads as a position of
 * international draughts and the first move after it (NULL: none) is
 * legal there, its side to move '?' decided by that move as the replay
 * decides it (add_setup()).
 */
static int
fits_international(struct typing *r, const char *fen, size_t len,
    const pdn_movetok *first, int tag)
{
	pdn_position p, *pos = tag ? &r->fen_pos : &p;
	pdn_fen_info i, *info = tag ? &r->fen_info : &i;
	pdn_movelist legal;
	pdn_move mv;
	int side, rc;

	memset(info, 0, sizeof(*info));
	rc = pdn_fen_read(pos, pdn_variant_get(20), fen, len, info);
	if (tag) {
		r->fen_read = 1;
		r->fen_rc = rc;
	}
	if (rc != 0)
		return 0;
	if (first == NULL)
		return 1;
	p = *pos;
	if ((info->warnings & PDN_FEN_W_SIDE_UNKNOWN) &&
	    (side = pdn_setup_side(&p, first)) >= 0)
		p.side = (pdn_colour)side;
	return match_moves(&mv, 1, &p, first, 0, &legal) > 0;
}

/*
 * Nonzero when nothing in an untagged game that no square or first move
 * says is international draughts contradicts it, the PDN default: it
 * has no algebraic move (big_square -1) and is not cut short (what was not
 * read could); without a FEN, it has no first move (from the start
 * position that move would have said 20 already), or a first setup
 * that fits_international(); with one, the FEN and its first move fit.
 */
static int
default_international(struct typing *r, const pdn_tag *fen)
{
	const pdn_game *g = r->g;
	size_t i;

	if (r->big != 0 || g->truncated)
		return 0;
	if (fen != NULL)
		return fits_international(r, fen->value, fen->vlen, r->first,
		    1);
	if (r->first != NULL)
		return 0;
	for (i = 0; r->nsetups > 0 && i < g->moves.n; i++)
		if (g->moves.e[i].type == PDN_EL_SETUP)
			return fits_international(r, g->moves.e[i].u.text.s,
			    g->moves.e[i].u.text.len, setup_first(r, i, 0), 0);
	return 1;
}

/*
 * The 8x8 variants an untagged game that is no international game may be,
 * in the order a tie between them is settled: English draughts first for
 * numbered squares (PDN's own first game), the variants that write their
 * squares "c3" first for algebraic ones.
 */
static const int numeric_8x8[] = { 21, 22, 23, 24, 25, 26, 29, 31 };
static const int algebraic_8x8[] = { 25, 26, 29, 21, 22, 23, 24, 31 };

#define FIT_LINES	8	/* readings of an ambiguous record followed */

/*
 * Whether every main-line move of g replays in variant v from its FEN tag
 * `fen` (or the start position), whose side to move '?' its first move
 * `first` tells, and its /FEN/ setups: the readings of an
 * ambiguous token followed side by side, equal positions once, FIT_LINES
 * of them at most.  Returns 1 on a fit, 0 when none, -1 when more readings
 * than that were alive (no answer).  On a fit *ends gets what the last
 * positions say of the game: -1 nothing (the side to move has a move),
 * the colour that has lost, or -2 when the readings disagree; and with
 * `last` not NULL, *last the last position, when one reading is left
 * (else 2 is returned, *last unset).
 */
static int
fits_variant(const pdn_variant *v, const pdn_game *g, const pdn_tag *fen,
    const pdn_movetok *first, int *ends, pdn_position *last)
{
	pdn_position cur[FIT_LINES], next[FIT_LINES], p;
	pdn_move mv[FIT_LINES];
	pdn_movelist scratch;
	pdn_fen_info info;
	const pdn_elem *e;
	size_t i, k;
	int n = 1, nn, j, m, q, side, end;

	memset(&info, 0, sizeof(info));
	if (fen != NULL) {
		if (pdn_fen_read(&cur[0], v, fen->value, fen->vlen, &info) != 0)
			return 0;
		if ((info.warnings & PDN_FEN_W_SIDE_UNKNOWN) &&
		    (side = pdn_setup_side(&cur[0], first)) >= 0)
			pdn_position_set_side(&cur[0], (pdn_colour)side);
	} else
		pdn_variant_start(v, &cur[0]);
	for (i = 0; i < g->moves.n; i++) {
		e = &g->moves.e[i];
		if (e->type == PDN_EL_SETUP) {
			if (pdn_fen_read(&cur[0], v, e->u.text.s, e->u.text.len,
			    &info) != 0)
				return 0;
			/* The side of a '?': the move after the setup says. */
			for (k = i + 1; k < g->moves.n &&
			    g->moves.e[k].type != PDN_EL_MOVE; k++)
				;
			if ((info.warnings & PDN_FEN_W_SIDE_UNKNOWN) &&
			    k < g->moves.n && (side = pdn_setup_side(&cur[0],
			    &g->moves.e[k].u.move.tok)) >= 0)
				pdn_position_set_side(&cur[0], (pdn_colour)side);
			n = 1;
			continue;
		}
		if (e->type != PDN_EL_MOVE)
			continue;
		for (j = 0, nn = 0; j < n; j++) {
			m = match_moves(mv, FIT_LINES, &cur[j], &e->u.move.tok, 0,
			    &scratch);
			if (m > FIT_LINES)
				return -1;
			for (k = 0; k < (size_t)m; k++) {
				p = cur[j];
				pdn_make(&p, &mv[k]);
				/* Canonical positions: equal ones, equal bytes. */
				for (q = 0; q < nn && memcmp(&next[q], &p,
				    sizeof(p)) != 0; q++)
					;
				if (q < nn)
					continue;
				if (nn == FIT_LINES)
					return -1;
				next[nn++] = p;
			}
		}
		if (nn == 0)
			return 0;
		memcpy(cur, next, (size_t)nn * sizeof(cur[0]));
		n = nn;
	}
	for (j = 0; j < n; j++) {
		end = pdn_count_moves(&cur[j]) == 0 ?
		    (int)pdn_position_side(&cur[j]) : -1;
		if (j == 0)
			*ends = end;
		else if (end != *ends)
			*ends = -2;
	}
	if (last != NULL) {
		if (n > 1)
			return 2;
		*last = cur[0];
	}
	return 1;
}

static const long *hint_counts(pdn_file_hint *h, const char *file);

/*
 * The variant the file's other games are of, among the nt GameTypes of
 * types[] (all the library plays when types is NULL): the one most of
 * them say, of those that any says, ties to the first; -1 for none (no
 * hint, or no game says one of them).  Asked only where a game leaves
 * its type open, so that the file's first games are read for it only
 * then.
 */
static int
file_choice(struct typing *r, const int *types, int nt)
{
	const long *count;
	int i, t, best = -1;

	if (r->hint == NULL || r->scan ||
	    (count = hint_counts(r->hint, r->g->file)) == NULL)
		return -1;
	for (i = 0; i < nt; i++) {
		t = types != NULL ? types[i] : i;
		if (t >= 0 && t < HINT_TYPES && count[t] > 0 &&
		    (best < 0 || count[t] > count[types != NULL ?
		    types[best] : best]))
			best = i;
	}
	return best;
}

/* The variants that replay an untagged game's moves (infer_8x8()). */
struct fits {
	int n;
	int type[8];
	int ends[8];		/* fits_variant()'s *ends */
	int chosen;		/* index of the one taken, -1 none */
	int by_file;		/* taken as the file's other games are */
};

/* Appends n bytes at p to key k; 0 when they do not fit. */
static int
key_put(unsigned char *k, size_t *len, const void *p, size_t n)
{
	if (n > MEMO_KEY_MAX - *len)
		return 0;
	if (n > 0)
		memcpy(k + *len, p, n);
	*len += n;
	return 1;
}

/*
 * Appends a mark and move token t (NULL: the mark alone).  Each mark
 * says what follows and how long it is (the number of squares, the
 * length of a text), so that two keys are equal only for the same items.
 */
static int
key_tok(unsigned char *k, size_t *len, unsigned char mark,
    const pdn_movetok *t)
{
	unsigned char h[4];

	h[0] = mark;
	if (t == NULL)
		return key_put(k, len, h, 1);
	h[1] = t->nsq;
	h[2] = t->capture;
	h[3] = t->alpha;
	return key_put(k, len, h, 4) &&
	    key_put(k, len, t->sq, (size_t)t->nsq * sizeof(t->sq[0]));
}

/* Appends a mark and a text of n bytes (s NULL: the mark alone). */
static int
key_text(unsigned char *k, size_t *len, unsigned char mark, const char *s,
    size_t n)
{
	return key_put(k, len, &mark, 1) && (s == NULL ||
	    (key_put(k, len, &n, sizeof(n)) && key_put(k, len, s, n)));
}

/*
 * The key of the game being typed in the memo, into k (MEMO_KEY_MAX
 * bytes) and *len: what fits_variant() and infer_8x8() read of it, its
 * FEN tag, its first move, and the moves and setups of its main line in
 * order.  0 when it is longer.
 */
static int
memo_key(const struct typing *r, const pdn_tag *fen, unsigned char *k,
    size_t *len)
{
	const pdn_line *l = &r->g->moves;
	const pdn_elem *e;
	size_t i;

	*len = 0;
	if (!key_text(k, len, fen != NULL ? 'F' : 'f',
	    fen != NULL ? fen->value : NULL, fen != NULL ? fen->vlen : 0) ||
	    !key_tok(k, len, r->first != NULL ? '1' : '0', r->first))
		return 0;
	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		if ((e->type == PDN_EL_MOVE &&
		    !key_tok(k, len, 'M', &e->u.move.tok)) ||
		    (e->type == PDN_EL_SETUP &&
		    !key_text(k, len, 'S', e->u.text.s, e->u.text.len)))
			return 0;
	}
	return 1;
}

/*
 * What the memo of h says of the game of key k: 1 when it knows it (its
 * fits into f, *toomany), else 0, with *room nonzero when it has room
 * for it.
 */
static int
memo_find(pdn_file_hint *h, const unsigned char *k, size_t len,
    struct fits *f, int *toomany, int *room)
{
	const struct memo *m;
	int i, found = 0;

	pthread_mutex_lock(&h->mmu);
	for (i = 0; i < h->nmemo && !found; i++) {
		m = &h->memo[i];
		if (m->len != len || memcmp(m->key, k, len) != 0)
			continue;
		f->n = m->n;
		memcpy(f->type, m->type, sizeof(f->type));
		memcpy(f->ends, m->ends, sizeof(f->ends));
		*toomany = m->toomany;
		found = 1;
	}
	*room = h->nmemo < MEMO_GAMES;
	pthread_mutex_unlock(&h->mmu);
	return found;
}

/* Remembers the fits of the game of key k, when there is room. */
static void
memo_add(pdn_file_hint *h, const unsigned char *k, size_t len,
    const struct fits *f, int toomany)
{
	struct memo *m;
	int i;

	pthread_mutex_lock(&h->mmu);
	for (i = 0; i < h->nmemo; i++)
		if (h->memo[i].len == len &&
		    memcmp(h->memo[i].key, k, len) == 0)
			break;
	if (h->memo == NULL)
		h->memo = calloc(MEMO_GAMES, sizeof(*h->memo));
	if (i == h->nmemo && h->nmemo < MEMO_GAMES && h->memo != NULL &&
	    (h->memo[i].key = malloc(len > 0 ? len : 1)) != NULL) {
		m = &h->memo[h->nmemo++];
		memcpy(m->key, k, len);
		m->len = len;
		m->toomany = toomany;
		m->n = f->n;
		memcpy(m->type, f->type, sizeof(m->type));
		memcpy(m->ends, f->ends, sizeof(m->ends));
	}
	pthread_mutex_unlock(&h->mmu);
}

/*
 * The 8x8 variants that replay the game's main line, into f->type and
 * f->ends (f->n of them), tried in the order of ties for its moves;
 * returns -1 (f->n 0) when one had too many readings alive to tell,
 * else 0.  With `all` 0, stops at the second that fits: the hint's head
 * asks only whether one does.
 */
static int
fitting_8x8(struct typing *r, const pdn_tag *fen, struct fits *f, int all)
{
	const int *order = r->first != NULL && r->first->alpha ?
	    algebraic_8x8 : numeric_8x8;
	const pdn_variant *v;
	int i, end, fit;

	f->n = 0;
	for (i = 0; i < (int)(sizeof(numeric_8x8) / sizeof(numeric_8x8[0]));
	    i++) {
		if ((v = pdn_variant_get(order[i])) == NULL ||
		    pdn_variant_squares(v) != 32 ||
		    (fit = fits_variant(v, r->g, fen, r->first, &end,
		    NULL)) == 0)
			continue;
		if (fit < 0) {
			f->n = 0;
			return -1;
		}
		f->type[f->n] = order[i];
		f->ends[f->n++] = end;
		if (!all && f->n > 1)
			break;
	}
	return 0;
}

/*
 * The 8x8 variant of an untagged game that international draughts does
 * not fit: the one variant whose rules replay every main-line move; of
 * several, the one the file's other games are of (file_choice()), else
 * the first of the order above unless they disagree on what the last
 * position says (one has the game won, another not), when none is taken.
 * Returns the GameType, or 0; f says which fit.  The variants that fit
 * come from the memo of the file hint when it knows the game, and go
 * there when it has room (struct memo): then all eight are tried, even
 * for the hint's head.  Not inlined: its key's buffer would make the
 * frame of decide_gametype(), which every game calls, that much larger
 * (-fstack-clash-protection probes each page of it); inlined,
 * pdn-validate -q on intl-real-x20.pdn, which never comes here, took
 * 954.56 million instructions, not inlined 954.49.
 */
static int __attribute__((noinline))
infer_8x8(struct typing *r, const pdn_tag *fen, struct fits *f)
{
	unsigned char key[MEMO_KEY_MAX];
	size_t len;
	int i, c, agree = 1, toomany = 0, room = 0, keyed;

	f->n = 0;
	f->chosen = -1;
	f->by_file = 0;
	/* No move: nothing tells one 8x8 variant from another. */
	if (r->first == NULL && r->nsetups == 0)
		return 0;
	keyed = r->hint != NULL && memo_key(r, fen, key, &len);
	if (!keyed || !memo_find(r->hint, key, len, f, &toomany, &room)) {
		toomany = fitting_8x8(r, fen, f, !r->scan || room) < 0;
		if (room)
			memo_add(r->hint, key, len, f, toomany);
	}
	/* Too many readings alive to tell: no variant is taken. */
	if (toomany) {
		f->n = 0;
		return 0;
	}
	/* The hint's head asks only whether one variant fits. */
	if (r->scan && f->n > 1)
		return 0;
	for (i = 1; i < f->n; i++)
		if (f->ends[i] != f->ends[0])
			agree = 0;
	if (f->n == 1)
		r->decisive = 1;
	else if (f->n > 1 && (c = file_choice(r, f->type, f->n)) >= 0 &&
	    f->ends[c] != -2) {
		f->chosen = c;
		f->by_file = 1;
		return f->type[c];
	}
	if (f->n == 0 || !agree || f->ends[0] == -2)
		return 0;
	f->chosen = 0;
	return f->type[0];
}

/*
 * Says which 8x8 variant was inferred (infer_8x8()): its rules replay the
 * moves, and which others' do.
 */
static void
report_8x8(struct typing *r, const struct fits *f)
{
	const pdn_variant *v = pdn_variant_get(f->type[f->chosen]);
	char others[128], text[320];
	size_t len = 0;
	int i;

	others[0] = '\0';
	for (i = 0; i < f->n; i++)
		if (i != f->chosen && len < sizeof(others))
			len += (size_t)snprintf(others + len,
			    sizeof(others) - len, "%s%s", len > 0 ? ", " : "",
			    pdn_variant_name(pdn_variant_get(f->type[i])));
	snprintf(text, sizeof(text), "no GameType tag: %s (%d) inferred, "
	    "whose rules replay its moves%s%s%s%s", pdn_variant_title(v),
	    f->type[f->chosen], len > 0 ? " (as do those of " : "", others,
	    len > 0 ? ")" : "", f->by_file ? ", the variant of the file's "
	    "other games" : "");
	r->report(r->ctx, PDN_D_GAMETYPE_INFERRED, r->g->line, 1, text, NULL);
}

/*
 * The variant of an untagged game that nothing in it contradicts
 * international draughts for (the PDN default), when the file's other
 * games say another that fits it as well, or, none saying one, when the
 * file is on an 8x8 board (its first games name no square above 32) and
 * that board's variant (hint_board8()) fits it: of a game without moves,
 * one whose board its FEN reads on; of one with a FEN and moves, one
 * whose rules replay them and agree on its end.  Returns the GameType,
 * or 0, and in *basis BOARD_BY_GAMES or why the 8x8 variant is the
 * file's.
 */
static int
default_by_file(struct typing *r, const pdn_tag *fen, int *basis)
{
	const pdn_game *g = r->g;
	const pdn_variant *v = NULL;
	const long *count;
	pdn_position pos;
	pdn_fen_info info;
	int t, end;

	*basis = BOARD_BY_GAMES;
	if ((t = file_choice(r, NULL, HINT_TYPES)) > 0 && t != 20 &&
	    (v = pdn_variant_get(t)) != NULL) {
		/* More of the file's games than its international ones. */
		count = hint_counts(r->hint, g->file);
		if (count[t] <= count[20])
			v = NULL;
	}
	if (v == NULL && r->hint != NULL && !r->scan &&
	    r->hint->board8 > 0) {
		t = r->hint->board8;
		*basis = r->hint->board_basis;
		v = pdn_variant_get(t);
	}
	if (v == NULL)
		return 0;
	if (r->first == NULL && r->nsetups == 0) {
		memset(&info, 0, sizeof(info));
		if (fen != NULL && pdn_fen_read(&pos, v, fen->value, fen->vlen,
		    &info) != 0)
			return 0;
		return t;
	}
	return pdn_variant_squares(v) == 32 && fits_variant(v, g, fen,
	    r->first, &end, NULL) == 1 && end != -2 ? t : 0;
}

/*
 * Says that an untagged game that fits international draughts was taken
 * as the file's 8x8 variant t, and why (default_by_file()'s basis).
 */
static void
report_board8(struct typing *r, int t, int basis)
{
	const pdn_variant *v = pdn_variant_get(t);
	char text[400];
	const char *why;

	switch (basis) {
	case BOARD_BY_NAME:
		why = "the file's name says it";
		break;
	case BOARD_BY_SIDE:
		why = pdn_variant_first(v) == PDN_BLACK ?
		    "the file's opening positions have Black to move, its "
		    "first mover" : "the file's opening positions have White "
		    "to move, its first mover";
		break;
	default:
		why = t == 21 ? "nothing in the file says which 8x8 variant: "
		    "the most common one" : "nothing in the file says which "
		    "8x8 variant: the first tried for moves by file and rank";
		break;
	}
	snprintf(text, sizeof(text), "no GameType tag: %s (%d) inferred, "
	    "the file naming no square above 32 (an 8x8 board)%s: %s",
	    pdn_variant_title(v), t, r->first == NULL && r->nsetups == 0 ?
	    "" : " and its rules replaying the moves", why);
	r->report(r->ctx, PDN_D_GAMETYPE_INFERRED, r->g->line, 1, text, NULL);
}

/*
 * Decides the game type: the GameType tag; Canadian draughts for a first
 * move from the 12x12 start; international draughts when a square above
 * 32 is used or the first move is legal from the 10x10 start position
 * (which no 8x8 variant's first move is), and, the PDN default, when
 * nothing contradicts it (default_international()).
 */
static void
decide_gametype(struct typing *r, const pdn_tag *fen)
{
	const pdn_game *g = r->g;
	const pdn_movetok *first = r->first;
	const pdn_tag *gt;
	pdn_position pos;
	pdn_movelist legal;
	pdn_move mv;
	struct fits f;
	char text[200];
	int big = r->big, gt8, end, basis, intl_default = 0;

	/* The reader says whether there is a tag: no lookup for most. */
	if (!g->gametype_inferred &&
	    (gt = pdn_game_find_tag(g, "GameType")) != NULL) {
		/*
		 * A game of a variant not played gets one diagnostic, the
		 * replay's unsupported-gametype, which quotes the value.
		 */
		if (pdn_variant_get(r->gametype) != NULL) {
			check_gametype(r, gt);
			r->decisive = 1;
		}
		return;
	}
	/* The caller says what an untagged game is (--gametype N). */
	if (!g->gametype_inferred || r->gametype > 0)
		return;
	/*
	 * A first move from the 12x12 start says Canadian draughts: every
	 * one of them (43-48 to 37-42) is illegal from the 10x10 start, where
	 * both squares hold White's men.  The squares are looked at first,
	 * so that other games pay no generation.
	 */
	if (fen == NULL && first != NULL && !first->alpha &&
	    first->sq[0] >= 43 && first->sq[0] <= 48 &&
	    first->sq[first->nsq - 1] >= 37 &&
	    first->sq[first->nsq - 1] <= 42) {
		pdn_variant_start(pdn_variant_get(27), &pos);
		if (match_moves(&mv, 1, &pos, first, 0, &legal) > 0)
			big = 2;
	}
	if (big == 0 && fen != NULL && fen_big_square(fen->value))
		big = 1;
	if (big == 0 && fen == NULL && first != NULL) {
		pdn_variant_start(pdn_variant_default(), &pos);
		if (match_moves(&mv, 1, &pos, first, 0, &legal) > 0)
			big = 1;
	}
	/* A square or first move of one board says it for itself. */
	if (big > 0)
		r->decisive = 1;
	if (big == 0 && default_international(r, fen)) {
		big = 1;
		/*
		 * A FEN of squares up to 32 and a first move that fit 10x10
		 * fit an 8x8 board as well (an endgame): the moves decide,
		 * the PDN default when they replay in international draughts
		 * or in no 8x8 variant.
		 */
		if (fen != NULL && first != NULL &&
		    fits_variant(pdn_variant_default(), g, fen, first,
		    &end, NULL) == 0) {
			big = 0;
			intl_default = 1;
		}
	}
	/*
	 * Contradicting international draughts (an 8x8 first move, an
	 * algebraic move, a FEN or first move that does not fit): the type
	 * stays 0, and the replay, which does not play such a game, says so
	 * once (gametype-unknown).
	 */
	if (big <= 0 && (gt8 = infer_8x8(r, fen, &f)) != 0) {
		r->gametype = gt8;
		report_8x8(r, &f);
		return;
	}
	if (intl_default)
		big = 1;
	/*
	 * The PDN default, nothing in the game against it: the file's other
	 * games may say another variant that fits it too.
	 */
	if (big == 1 && !r->decisive &&
	    (gt8 = default_by_file(r, fen, &basis)) != 0) {
		r->gametype = gt8;
		if (basis != BOARD_BY_GAMES) {
			report_board8(r, gt8, basis);
			return;
		}
		f.n = 1;
		f.type[0] = gt8;
		f.chosen = 0;
		f.by_file = 1;
		if (first == NULL && r->nsetups == 0) {
			snprintf(text, sizeof(text), "no GameType tag: %s (%d) "
			    "inferred, the variant of the file's other games "
			    "(the game has no move)",
			    pdn_variant_title(pdn_variant_get(gt8)), gt8);
			r->report(r->ctx, PDN_D_GAMETYPE_INFERRED, g->line, 1,
			    text, NULL);
		} else
			report_8x8(r, &f);
		return;
	}
	if (big == 1) {
		r->gametype = 20;
		/* Every untagged game: the fixed text, nothing formatted. */
		emit(r, PDN_D_GAMETYPE_INFERRED, g->line, 1, NULL);
	} else if (big == 2) {
		r->gametype = 27;
		r->report(r->ctx, PDN_D_GAMETYPE_INFERRED, g->line, 1,
		    "no GameType tag: Canadian draughts (27) inferred from its "
		    "first move", NULL);
	}
}


/* --- what the file's first games say ------------------------------- */

/*
 * A FEN of a game of the head (len bytes at fen, NUL-ended), for the
 * board: a square above 32, or the pieces it puts on the 8x8 board, and
 * for a FEN tag of no king and 9 men a side at least, its side to move.
 */
static void
tally_fen(struct tally *t, const char *fen, size_t len, int tag)
{
	pdn_position pos;
	pdn_fen_info info;
	int w, b;

	if (fen_big_square(fen)) {
		t->big = 1;
		return;
	}
	memset(&info, 0, sizeof(info));
	if (pdn_fen_read(&pos, pdn_variant_get(21), fen, len, &info) != 0)
		return;
	w = pdn_position_count(&pos, PDN_WHITE);
	b = pdn_position_count(&pos, PDN_BLACK);
	t->squares += w + b;
	if (tag && !(info.warnings & PDN_FEN_W_SIDE_UNKNOWN) && w >= 9 &&
	    b >= 9 && pdn_position_kings(&pos, PDN_WHITE) == 0 &&
	    pdn_position_kings(&pos, PDN_BLACK) == 0)
		t->opening[pdn_position_side(&pos) == PDN_BLACK]++;
}

/* What a game of the head says of the file's board. */
static void
tally_board(const struct typing *r, const pdn_tag *fen, struct tally *t)
{
	const pdn_line *l = &r->g->moves;
	const pdn_elem *e;
	size_t i;

	if (r->big > 0)
		t->big = 1;
	if (r->first != NULL || r->nsetups > 0) {
		if (r->big < 0)
			t->algebraic++;
		else
			t->numeric++;
	}
	if (fen != NULL)
		tally_fen(t, fen->value, fen->vlen, 1);
	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		if (e->type == PDN_EL_SETUP)
			tally_fen(t, e->u.text.s, e->u.text.len, 0);
		else if (e->type == PDN_EL_MOVE) {
			t->squares += e->u.move.tok.nsq;
			if (game_move_big(&e->u.move.tok) > 0)
				t->big = 1;
		}
	}
}

/* Nonzero when text s[i..) starts with word w, ignoring case. */
static int
starts(const char *s, size_t i, size_t len, const char *w)
{
	size_t n = strlen(w);

	return i + n <= len && strncasecmp(s + i, w, n) == 0;
}

static int
letter(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/*
 * Nonzero when the text at i, after blanks and a version number ("Cake
 * 1.8 wins"), says that who came before it won: "wins", "won", "takes"
 * (a lead), "leads", "beats", or "to play and win" / "to move and win".
 */
static int
says_won(const char *s, size_t i, size_t len)
{
	static const char *const verbs[] = { "wins", "won", "takes",
	    "leads", "beats", "to play and win", "to move and win" };
	size_t k;

	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
	    s[i] == '\r' || (s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
		i++;
	for (k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++)
		if (starts(s, i, len, verbs[k]) &&
		    (i + strlen(verbs[k]) == len ||
		    !letter(s[i + strlen(verbs[k])])))
			return 1;
	return 0;
}

/*
 * Whom text s (len bytes) says won: bit 1 << PDN_WHITE or 1 << PDN_BLACK
 * for each side it names as the winner, by its colour ("White wins",
 * "Red wins", "Black to play and win") or by a word of four letters or
 * more of a player's name (the White and Black tags: "Nemesis takes a
 * 5-0 lead").
 */
static unsigned
said(const pdn_game *g, const char *s, size_t len)
{
	static const struct {
		const char *w;
		pdn_colour c;
	} colours[] = { { "white", PDN_WHITE }, { "black", PDN_BLACK },
	    { "red", PDN_BLACK } };
	const char *name, *p;
	unsigned bits = 0;
	size_t i, k, n;
	int c;

	for (i = 0; i < len; i++) {
		if (!letter(s[i]) || (i > 0 && letter(s[i - 1])))
			continue;
		for (k = 0; k < sizeof(colours) / sizeof(colours[0]); k++) {
			n = strlen(colours[k].w);
			if (starts(s, i, len, colours[k].w) &&
			    (i + n == len || !letter(s[i + n])) &&
			    says_won(s, i + n, len))
				bits |= 1u << colours[k].c;
		}
		for (c = PDN_WHITE; c <= PDN_BLACK; c++) {
			name = pdn_game_tag(g, c == PDN_WHITE ? "White" :
			    "Black");
			for (p = name; p != NULL && *p != '\0'; p += n) {
				for (n = 0; letter(p[n]); n++)
					;
				if (n == 0) {
					n = 1;
					continue;
				}
				if (n >= 4 && i + n <= len &&
				    strncasecmp(s + i, p, n) == 0 &&
				    (i + n == len || !letter(s[i + n])) &&
				    says_won(s, i + n, len))
					bits |= 1u << c;
			}
		}
	}
	return bits;
}

/*
 * The winner that g's comments before its first move or after its last
 * (of the main line) and its Termination tag say, when they name one
 * side alone: PDN_WHITE, PDN_BLACK, or -1.
 */
static int
winner_said(const pdn_game *g)
{
	const pdn_line *l = &g->moves;
	const pdn_tag *t;
	size_t i, first = l->n, last = 0;
	unsigned bits = 0;

	for (i = 0; i < l->n; i++)
		if (l->e[i].type == PDN_EL_MOVE) {
			if (first == l->n)
				first = i;
			last = i;
		}
	for (i = 0; i < l->n; i++)
		if ((l->e[i].type == PDN_EL_COMMENT ||
		    l->e[i].type == PDN_EL_LINE_COMMENT) &&
		    (i < first || i > last || first == l->n))
			bits |= said(g, l->e[i].u.text.s, l->e[i].u.text.len);
	if ((t = pdn_game_find_tag(g, "Termination")) != NULL)
		bits |= said(g, t->value, t->vlen);
	return bits == 1u << PDN_WHITE ? PDN_WHITE :
	    bits == 1u << PDN_BLACK ? PDN_BLACK : -1;
}

/* The token a game records: its Result tag's when a result, else its end. */
static pdn_outcome
recorded(const pdn_game *g)
{
	pdn_outcome o = pdn_outcome_parse(pdn_game_tag(g, "Result"), NULL);

	return o != PDN_OUTCOME_NONE ? o : pdn_outcome_parse(g->terminator,
	    NULL);
}

/* Material, a king worth one and a half men. */
static int
material(const pdn_position *pos, pdn_colour c)
{
	return 2 * pdn_position_count(pos, c) + pdn_position_kings(pos, c);
}

/*
 * The variant a decisive game of the head is replayed in for the result
 * order: that of its GameType tag, else the first of the 8x8 variants
 * where Black moves first (in the order of ties) whose rules replay its
 * moves, which fits_variant() gives with *fit, *ends and *last; NULL
 * for a game of another board or of a variant where White moves first.
 * Only the variants where the order matters are tried, and the first
 * that fits is taken: a replay or two, not the inference of every 8x8
 * variant a game being read gets.
 */
static const pdn_variant *
order_variant(const pdn_game *g, const pdn_tag *fen, const pdn_movetok *first,
    int *fit, int *ends, pdn_position *last)
{
	const int *order = first != NULL && first->alpha ? algebraic_8x8 :
	    numeric_8x8;
	const pdn_variant *v;
	size_t i;

	if (!g->gametype_inferred) {
		if ((v = pdn_variant_get(g->gametype)) == NULL ||
		    pdn_variant_first(v) != PDN_BLACK)
			return NULL;
		*fit = fits_variant(v, g, fen, first, ends, last);
		return v;
	}
	for (i = 0; i < sizeof(numeric_8x8) / sizeof(numeric_8x8[0]); i++)
		if ((v = pdn_variant_get(order[i])) != NULL &&
		    pdn_variant_squares(v) == 32 &&
		    pdn_variant_first(v) == PDN_BLACK &&
		    (*fit = fits_variant(v, g, fen, first, ends, last)) != 0)
			return v;
	return NULL;
}

/*
 * What a decisive game of the head, of a variant where Black moves
 * first, says of the file's result order: who won, by its final position
 * (the side to move has no piece or no move), else by what its comments
 * or Termination tag say, else by the material at its end (the side
 * ahead); the weight of that goes to White's order when the token gives
 * the win to that side as PDN reads it, else to the first mover's.
 * Counts in t->games a game replayed for it.
 */
static void
tally_order(const pdn_game *g, struct tally *t)
{
	pdn_outcome o = recorded(g), won;
	struct typing r;
	pdn_position last;
	int fit = 0, ends = -1, w, b, weight, c;

	if ((o != PDN_OUTCOME_WHITE && o != PDN_OUTCOME_BLACK) ||
	    g->truncated)
		return;
	memset(&r, 0, sizeof(r));
	hints(&r, g);
	/* A square above 32: not a game of the 8x8 variants. */
	if (r.big > 0)
		return;
	t->games++;
	if (order_variant(g, pdn_game_find_tag(g, "FEN"), r.first, &fit,
	    &ends, &last) == NULL || fit < 0)
		return;
	if (fit > 0 && ends >= 0) {
		won = ends == PDN_WHITE ? PDN_OUTCOME_BLACK : PDN_OUTCOME_WHITE;
		weight = WEIGHT_PROOF;
	} else if ((c = winner_said(g)) >= 0) {
		won = c == PDN_WHITE ? PDN_OUTCOME_WHITE : PDN_OUTCOME_BLACK;
		weight = WEIGHT_SAID;
	} else if (fit == 1 && (w = material(&last, PDN_WHITE)) !=
	    (b = material(&last, PDN_BLACK))) {
		won = w > b ? PDN_OUTCOME_WHITE : PDN_OUTCOME_BLACK;
		if (o == won)
			t->mwhite += WEIGHT_MATERIAL;
		else
			t->mfirst += WEIGHT_MATERIAL;
		return;
	} else
		return;
	if (o == won)
		t->white += weight;
	else
		t->first += weight;
}

/* What finish() does with a game. */
enum {
	FINISH_GAME,		/* a game read: all of it */
	FINISH_TYPES		/* of the head, for its variant and board */
};

static int hint_order(pdn_file_hint *h, long *white, long *first);

/*
 * The order of g's result tokens, into out, for a game of a variant
 * where Black moves first: the file's, or without a hint or when the
 * file does not say, the variant's writers' (PDN_ORDER_DECIDE).
 */
static void
set_order(const struct typing *r, struct pdn_game_priv *out)
{
	const pdn_variant *v = pdn_variant_get(r->gametype);
	long white = 0, first = 0;
	int o;

	if (v == NULL || pdn_variant_first(v) != PDN_BLACK)
		return;
	o = r->hint != NULL ? hint_order(r->hint, &white, &first) :
	    PDN_ORDER_DECIDE;
	out->order = o;
	out->order_basis = o != PDN_ORDER_DECIDE ? ORDER_BY_FILE :
	    ORDER_BY_WRITERS;
	if (outcome_swapped(v, o)) {
		out->order_for = (int)first;
		out->order_against = (int)white;
	} else {
		out->order_for = (int)white;
		out->order_against = (int)first;
	}
}

/*
 * Decides the GameType of game g and checks its FENs, its diagnostics
 * going to report(ctx, ...), with the file's hint (NULL: none), and sets
 * the order of its result tokens; returns the GameType, and in *decisive
 * (may be NULL) whether the game says it for itself.  A game of the
 * hint's head (mode FINISH_TYPES) is not checked, and what it says goes
 * to *tally; its hint is the one whose head it is, for the memo alone
 * (struct memo): its own type is not decided by the file's.
 */
static int
finish(const pdn_game *g, struct pdn_game_priv *out, void (*report)(void *,
    pdn_diag_code, long, long, const char *, const char *), void *ctx,
    pdn_file_hint *hint, int *decisive, int mode, struct tally *tally)
{
	struct typing t;
	const pdn_tag *fen;
	size_t i, k;

	memset(&t, 0, sizeof(t));
	t.report = report;
	t.ctx = ctx;
	t.g = g;
	t.out = out;
	t.gametype = g->gametype;
	t.hint = hint;
	t.scan = mode == FINISH_TYPES;
	hints(&t, g);
	fen = pdn_game_find_tag(g, "FEN");
	decide_gametype(&t, fen);
	if (decisive != NULL)
		*decisive = t.decisive;
	/* The hint's head: the type, not the checks of its FENs. */
	if (mode == FINISH_TYPES) {
		tally_board(&t, fen, tally);
		return t.gametype;
	}
	if (fen != NULL)
		check_fen(&t, fen->value, fen->vlen, fen->line, 1, t.first,
		    1);
	/* Most games have no setup: no need to look for one. */
	for (i = 0, k = 0; t.nsetups > 0 && i < g->moves.n; i++)
		if (g->moves.e[i].type == PDN_EL_SETUP) {
			check_fen(&t, g->moves.e[i].u.text.s,
			    g->moves.e[i].u.text.len, g->moves.e[i].line,
			    g->moves.e[i].col, setup_first(&t, i, k), 0);
			k++;
		}
	if (out != NULL && out->order_basis != ORDER_BY_CALLER)
		set_order(&t, out);
	return t.gametype;
}

static void
reader_report(void *ctx, pdn_diag_code code, long line, long col,
    const char *text, const char *detail)
{
	pdn_reader_report(ctx, code, line, col, text, detail);
}

int
pdn_game_finish(pdn_reader *r, pdn_game *g, void *arg)
{
	g->gametype = finish(g, g->priv, reader_report, r, arg, NULL,
	    FINISH_GAME, NULL);
	return 0;
}

/* --- the file's own variant, board and result order ----------------- */

int
pdn_file_hint_new(pdn_file_hint **out, pdn_head_fn head, void *arg)
{
	pdn_file_hint *h;

	*out = NULL;
	if ((h = calloc(1, sizeof(*h))) == NULL)
		return PDN_ENOMEM;
	if (pthread_mutex_init(&h->mu, NULL) != 0) {
		free(h);
		return PDN_ENOMEM;
	}
	if (pthread_mutex_init(&h->omu, NULL) != 0) {
		pthread_mutex_destroy(&h->mu);
		free(h);
		return PDN_ENOMEM;
	}
	if (pthread_mutex_init(&h->mmu, NULL) != 0) {
		pthread_mutex_destroy(&h->mu);
		pthread_mutex_destroy(&h->omu);
		free(h);
		return PDN_ENOMEM;
	}
	h->head = head;
	h->arg = arg;
	*out = h;
	return 0;
}

void
pdn_file_hint_free(pdn_file_hint *h)
{
	int i;

	if (h == NULL)
		return;
	pthread_mutex_destroy(&h->mu);
	pthread_mutex_destroy(&h->omu);
	pthread_mutex_destroy(&h->mmu);
	for (i = 0; i < h->nmemo; i++)
		free(h->memo[i].key);
	free(h->memo);
	free(h);
}

/*
 * The head being read: the type its last game said and what it said of
 * the board or the result order, not yet counted (the last game of a
 * head that is not the whole file may be cut, and is left out).
 */
struct hint_scan {
	pdn_file_hint *h;
	int pending;
	struct tally pend, sum;
	int games;		/* read so far */
	int enough;		/* a variant said HINT_ENOUGH times */
};

static void
quiet_report(void *ctx, pdn_diag_code code, long line, long col,
    const char *text, const char *detail)
{
	(void)ctx, (void)code, (void)line, (void)col, (void)text;
	(void)detail;
}

/* Adds what one game said to the sum. */
static void
tally_add(struct tally *sum, const struct tally *t)
{
	sum->squares += t->squares;
	sum->big |= t->big;
	sum->numeric += t->numeric;
	sum->algebraic += t->algebraic;
	sum->opening[0] += t->opening[0];
	sum->opening[1] += t->opening[1];
	sum->white += t->white;
	sum->first += t->first;
	sum->mwhite += t->mwhite;
	sum->mfirst += t->mfirst;
	sum->games += t->games;
}

/* The finish hook of the head's reader: its games' own types counted. */
static int
hint_finish(pdn_reader *r, pdn_game *g, void *arg)
{
	struct hint_scan *sc = arg;
	struct tally one;
	int decisive, t;

	(void)r;
	memset(&one, 0, sizeof(one));
	t = finish(g, g->priv, quiet_report, NULL, sc->h, &decisive,
	    FINISH_TYPES, &one);
	g->gametype = t;
	if (sc->pending > 0 && ++sc->h->count[sc->pending] >= HINT_ENOUGH)
		sc->enough = 1;
	tally_add(&sc->sum, &sc->pend);
	sc->pend = one;
	if (++sc->games > HINT_GAMES)
		sc->enough = 1;
	sc->pending = decisive && t > 0 && t < HINT_TYPES &&
	    pdn_variant_get(t) != NULL ? t : 0;
	return 0;
}

/*
 * The order the weights of sum say (the material's counted from
 * MATERIAL_GAMES games on), and those weights into *white and *first:
 * PDN_ORDER_WHITE or PDN_ORDER_FIRST_MOVER when one has at least twice
 * the other's weight and ORDER_MARGIN more, else PDN_ORDER_DECIDE.
 */
static int
order_weighed(const struct tally *sum, long *white, long *first)
{
	*white = sum->white;
	*first = sum->first;
	if (sum->mwhite + sum->mfirst >= MATERIAL_GAMES * WEIGHT_MATERIAL) {
		*white += sum->mwhite;
		*first += sum->mfirst;
	}
	if (*first >= 2 * *white && *first - *white >= ORDER_MARGIN)
		return PDN_ORDER_FIRST_MOVER;
	if (*white >= 2 * *first && *white - *first >= ORDER_MARGIN)
		return PDN_ORDER_WHITE;
	return PDN_ORDER_DECIDE;
}

/*
 * The finish hook of the head's reader for the result order: what the
 * game before said is added (a game is counted once the next one is
 * read, the last of a cut head being left out), and the head read no
 * further once that says enough (ORDER_ENOUGH, ORDER_GAMES).  Only a
 * decisive game is replayed.
 */
static int
order_finish(pdn_reader *r, pdn_game *g, void *arg)
{
	struct hint_scan *sc = arg;
	long white, first;
	int o;

	(void)r;
	tally_add(&sc->sum, &sc->pend);
	memset(&sc->pend, 0, sizeof(sc->pend));
	o = order_weighed(&sc->sum, &white, &first);
	if (sc->sum.games >= ORDER_GAMES || (o != PDN_ORDER_DECIDE &&
	    (o == PDN_ORDER_WHITE ? white : first) >= ORDER_ENOUGH)) {
		sc->enough = 1;
		return 0;
	}
	tally_order(g, &sc->pend);
	return 0;
}

/*
 * The 8x8 variant a word of the file's name (its last part) names:
 * "11_man_italian.pdn" says Italian draughts.  0 for none.
 */
static int
name_variant(const char *file)
{
	static const struct {
		const char *w;
		int type;
	} words[] = { { "english", 21 }, { "checkers", 21 },
	    { "italian", 22 }, { "italiana", 22 }, { "pool", 23 },
	    { "spanish", 24 }, { "russian", 25 }, { "brazilian", 26 },
	    { "czech", 29 }, { "thai", 31 } };
	const char *p, *base;
	size_t n, k;

	if (file == NULL)
		return 0;
	base = (p = strrchr(file, '/')) != NULL ? p + 1 : file;
	for (p = base; *p != '\0'; p += n) {
		for (n = 0; letter(p[n]); n++)
			;
		if (n == 0) {
			n = 1;
			continue;
		}
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			if (strlen(words[k].w) == n &&
			    strncasecmp(p, words[k].w, n) == 0)
				return words[k].type;
	}
	return 0;
}

/*
 * The file's board from what its first games said (t), once their types
 * are counted: 8x8 when they name HINT_BOARD_SQUARES squares or more,
 * none above 32, and none says a variant of another board.  Its variant
 * for the games that fit international draughts as well is then the
 * one a word of the file's name says, else the first of the order of
 * ties (numeric_8x8[], or algebraic_8x8[] when more of its games write
 * their moves by file and rank) whose first mover is the side to move of
 * its opening positions, when they all agree, else the first of that
 * order: English draughts, or Russian.
 * (The variant the file's other games say is found before this, in
 * default_by_file().)
 */
static void
hint_board8(pdn_file_hint *h, const struct tally *t, const char *file)
{
	const int *order = t->algebraic > t->numeric ? algebraic_8x8 :
	    numeric_8x8;
	const pdn_variant *v;
	int i, side = -1;

	if (t->big || t->squares < HINT_BOARD_SQUARES)
		return;
	for (i = 1; i < HINT_TYPES; i++)
		if (h->count[i] > 0 && ((v = pdn_variant_get(i)) == NULL ||
		    pdn_variant_squares(v) != 32))
			return;
	if ((h->board8 = name_variant(file)) > 0) {
		h->board_basis = BOARD_BY_NAME;
		return;
	}
	if (t->opening[PDN_WHITE] > 0 && t->opening[PDN_BLACK] == 0)
		side = PDN_WHITE;
	else if (t->opening[PDN_BLACK] > 0 && t->opening[PDN_WHITE] == 0)
		side = PDN_BLACK;
	for (i = 0; side >= 0 && i < (int)(sizeof(numeric_8x8) /
	    sizeof(numeric_8x8[0])); i++)
		if ((v = pdn_variant_get(order[i])) != NULL &&
		    (int)pdn_variant_first(v) == side) {
			h->board8 = order[i];
			h->board_basis = BOARD_BY_SIDE;
			return;
		}
	h->board8 = order[0];
	h->board_basis = BOARD_BY_DEFAULT;
}

/*
 * The head of the file, fetched once (head() is called at most once):
 * NULL when there is none.
 */
struct head {
	const char *buf;
	size_t len;
	int whole;
};

/*
 * Counts the GameTypes the games at the head of the file say for
 * themselves, once, and decides its board: the last game read when the
 * head is not the whole file may have been cut, and is left out.
 */
static void
hint_scan(pdn_file_hint *h, const struct head *hd, const char *file)
{
	pdn_reader_options o = PDN_READER_OPTIONS_INIT;
	struct hint_scan sc;
	const pdn_game *g;
	pdn_reader *r;

	if (hd->buf == NULL || hd->len == 0)
		return;
	memset(&sc, 0, sizeof(sc));
	sc.h = h;
	o.file = "";
	o.finish = hint_finish;
	o.finish_arg = &sc;
	if (pdn_reader_new_mem(&r, hd->buf, hd->len, &o) != 0)
		return;
	while (!sc.enough && pdn_reader_next(&g, r) == 1)
		;
	if (hd->whole && !sc.enough) {
		if (sc.pending > 0)
			h->count[sc.pending]++;
		tally_add(&sc.sum, &sc.pend);
	}
	pdn_reader_free(r);
	hint_board8(h, &sc.sum, file);
}

/* The head of the file, fetched the first time it is asked for. */
static void
hint_head(pdn_file_hint *h, struct head *hd)
{
	pthread_mutex_lock(&h->mu);
	if (!h->fetched) {
		if (h->head != NULL)
			h->hbuf = h->head(h->arg, &h->hlen, &h->hwhole);
		h->fetched = 1;
	}
	hd->buf = h->hbuf;
	hd->len = h->hlen;
	hd->whole = h->hwhole;
	pthread_mutex_unlock(&h->mu);
}

/* The hint's counts, made the first time they are asked for. */
static const long *
hint_counts(pdn_file_hint *h, const char *file)
{
	struct head hd;

	hint_head(h, &hd);
	pthread_mutex_lock(&h->mu);
	if (!h->done) {
		hint_scan(h, &hd, file);
		h->done = 1;
	}
	pthread_mutex_unlock(&h->mu);
	return h->count;
}

/*
 * The file's result order, decided the first time it is asked for from
 * the decisive games of the head (order_finish(): as many as say enough,
 * the last left out when the head is not the whole file), and the
 * weights of its games for each order into *white and *first
 * (order_weighed()): PDN_ORDER_WHITE, PDN_ORDER_FIRST_MOVER, or
 * PDN_ORDER_DECIDE (the variant's writers').  The same bytes give the
 * same answer, whichever game of the file asks first.
 */
static int
hint_order(pdn_file_hint *h, long *white, long *first)
{
	pdn_reader_options o = PDN_READER_OPTIONS_INIT;
	struct hint_scan sc;
	struct head hd;
	const pdn_game *g;
	pdn_reader *r;

	pthread_mutex_lock(&h->omu);
	if (!h->odone) {
		hint_head(h, &hd);
		memset(&sc, 0, sizeof(sc));
		sc.h = h;
		o.file = "";
		o.finish = order_finish;
		o.finish_arg = &sc;
		if (hd.buf != NULL && hd.len > 0 &&
		    pdn_reader_new_mem(&r, hd.buf, hd.len, &o) == 0) {
			while (!sc.enough && pdn_reader_next(&g, r) == 1)
				;
			if (hd.whole && !sc.enough)
				tally_add(&sc.sum, &sc.pend);
			pdn_reader_free(r);
		}
		h->order = order_weighed(&sc.sum, &h->white, &h->first);
		h->odone = 1;
	}
	pthread_mutex_unlock(&h->omu);
	*white = h->white;
	*first = h->first;
	return h->order;
}

static void
replay_report(void *ctx, pdn_diag_code code, long line, long col,
    const char *text, const char *detail)
{
	if (text != NULL)
		play_report_text(ctx, code, line, col, text);
	else if (detail != NULL)
		play_report(ctx, code, line, col, NULL, 0, ": %s", detail);
	else
		play_report(ctx, code, line, col, NULL, 0, NULL);
}

int
play_finish(pdn_replay *rp, const pdn_game *g)
{
	return finish(g, NULL, replay_report, rp, NULL, NULL, FINISH_GAME,
	    NULL);
}
