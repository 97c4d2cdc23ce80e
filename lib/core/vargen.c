/*
 * Legal move generation for every variant but international draughts
 * (which movegen.c does on bitboards): one generator read from the
 * variant's data (variant.h; VARIANTS.md 17).
 *
 * The position is spread on a board of squares (mailbox), whose square 0
 * stands for everything off the board, so that a neighbour table entry of
 * 0 ends every line.  Captures are searched depth first from each piece.
 * Under the Turkish strike a jumped piece stays on the board, marked,
 * until the capture ends: it blocks and cannot be jumped again; with
 * immediate removal (Thai) it leaves at once.  The moving piece's start
 * square is empty throughout.  A flying king that has a choice of landing
 * squares behind a piece must take one from which the capture goes on,
 * when one does.  Each complete capture gets the key of the variant's
 * precedence rule; only those with the greatest key stay, and moves with
 * the same start, end, captured set and piece at the end are one move
 * (VARIANTS.md 3, "drop").
 */
#include <string.h>

#include "board.h"
#include "make.h"
#include "variant.h"

/* What stands on a square of the mailbox. */
enum {
	SQ_EMPTY = 0,
	SQ_WHITE = 1,
	SQ_BLACK = 2,
	SQ_KING = 4,
	SQ_TAKEN = 8,		/* jumped, not yet removed */
	SQ_OFF = 16		/* square 0: off the board */
};

struct vgen {
	const pdn_variant *v;
	const uint8_t (*nb)[8];
	pdn_movelist *list;
	uint8_t board[GEOM_MAX + 1];
	uint8_t enemy;		/* SQ_WHITE or SQ_BLACK: the opponent */
	uint8_t own;		/* and the side to move */
	/* The directions a man and a king capture in (capture_dirs()). */
	uint8_t man_dirs, king_dirs;
	uint8_t crown_y;	/* the rank where the mover's men are crowned */
	uint8_t from;
	uint8_t mover_king;	/* the moving piece started as a king */
	int overflow;
	uint64_t best;		/* greatest key found */
	uint8_t path[PDN_MAX_CAPTURES];
	uint8_t taken[PDN_MAX_CAPTURES];	/* captured squares in order */
	uint8_t taken_king[PDN_MAX_CAPTURES];	/* and whether each was a king */
};

/*
 * The bit of square sq in the bitboards; 0 from bit 64 on (the edge
 * squares of the 12x12 board, where no piece is ever captured, and which
 * fromto then leaves out: vargen_make() plays such moves).
 */
static inline uint64_t
bit(const struct vgen *g, int sq)
{
	int b = g->v->geom->bit[sq];

	return b < 64 ? 1ULL << b : 0;
}

/*
 * The directions a piece captures in, a mask of bits of 0..7, set once
 * for the side to move.
 */
static void
set_capture_dirs(struct vgen *g)
{
	unsigned dirs = 0xf, man = 0xf;

	if (!g->v->men_back)
		man = g->enemy == SQ_BLACK ? 0x5 : 0xa;
	if (g->v->orthogonal) {
		dirs |= 0xf0;
		man |= 0xf0;
	}
	g->king_dirs = (uint8_t)dirs;
	g->man_dirs = (uint8_t)man;
}

static inline unsigned
capture_dirs(const struct vgen *g, int king)
{
	return king ? g->king_dirs : g->man_dirs;
}

/* Nonzero when the piece on `sq` (an enemy's, not yet taken) may be taken. */
static inline int
takeable(const struct vgen *g, int sq, int king)
{
	uint8_t c = g->board[sq];

	if (!(c & g->enemy) || (c & SQ_TAKEN))
		return 0;
	return king || g->v->man_takes_king || !(c & SQ_KING);
}

/*
 * The first square behind which a piece on `sq` could land capturing in
 * direction d: the piece it would take in *over, or 0 when it cannot.
 */
static inline __attribute__((always_inline)) int
jump(const struct vgen *g, int sq, int d, int king, int *over)
{
	int t = g->nb[sq][d], l;

	if (king && g->v->flying)
		while (g->board[t] == SQ_EMPTY)
			t = g->nb[t][d];
	if (!takeable(g, t, king))
		return 0;
	l = g->nb[t][d];
	if (g->board[l] != SQ_EMPTY)
		return 0;
	*over = t;
	return l;
}

/*
 * Nonzero when a piece on `sq` can capture on: for most pieces, all that
 * the search does (captures()).
 */
static int
can_capture(const struct vgen *g, int sq, int king)
{
	unsigned dirs = capture_dirs(g, king);
	int over;

	for (; dirs != 0; dirs &= dirs - 1)
		if (jump(g, sq, __builtin_ctz(dirs), king, &over))
			return 1;
	return 0;
}

/* The key of a complete capture of n pieces under the precedence rule. */
static uint64_t
key_of(const struct vgen *g, int n)
{
	uint64_t kings = 0, order = 0;
	int i;

	for (i = 0; i < n; i++)
		if (g->taken_king[i]) {
			kings++;
			order |= 1ULL << (PDN_MAX_CAPTURES - 1 - i);
		}
	switch (g->v->prec) {
	case PREC_NONE:
		return 0;
	case PREC_COUNT:
		return (uint64_t)n;
	case PREC_KING_MOVER:
		return g->mover_king;
	case PREC_COUNT_KINGS:
		return (uint64_t)n << 8 | kings;
	case PREC_ITALIAN:
		return (uint64_t)n << 40 | (uint64_t)g->mover_king << 39 |
		    kings << 32 | order;
	case PREC_FRISIAN:
		/* men + 2 kings, then fewer kings, then with a king. */
		return (((uint64_t)n + kings) * 64 - kings) << 1 |
		    g->mover_king;
	}
	return 0;
}

/*
 * Keeps a complete capture of n pieces ending on `to`, the piece then
 * being a king when `king` (a man crowned on the way, or at the end).
 */
static void
record(struct vgen *g, int to, int n, int promotes)
{
	pdn_movelist *list = g->list;
	uint64_t key = key_of(g, n), captured = 0;
	pdn_move *m;
	int i;

	if (key < g->best)
		return;
	if (key > g->best) {
		g->best = key;
		list->n = 0;
	}
	for (i = 0; i < n; i++)
		captured |= bit(g, g->taken[i]);
	for (i = 0; i < list->n; i++) {
		m = &list->m[i];
		if (m->to == to && m->from == g->from &&
		    m->captured == captured && m->promotes == promotes)
			return;
	}
	if (list->n == PDN_MAX_MOVES) {
		g->overflow = 1;
		return;
	}
	m = &list->m[list->n++];
	memset(m, 0, sizeof(*m));
	m->captured = captured;
	m->fromto = bit(g, g->from) ^ bit(g, to);
	m->from = g->from;
	m->to = (uint8_t)to;
	m->ncap = (uint8_t)n;
	m->promotes = (uint8_t)promotes;
	memcpy(m->path, g->path, (size_t)n);
}

static void capture(struct vgen *g, int sq, int king, int promoted, int n);

/* Marks the piece on `over` taken (or removes it at once); its old state. */
static inline uint8_t
mark(struct vgen *g, int over)
{
	uint8_t was = g->board[over];

	g->board[over] = g->v->remove_now ? SQ_EMPTY :
	    (uint8_t)(was | SQ_TAKEN);
	return was;
}

/*
 * Takes the piece on `over` as the n+1st, lands on `to` and goes on from
 * there (or ends), then puts the piece back.  A man landing on its
 * crowning rank is crowned and goes on as a king (Russian), is crowned
 * and stops (men that capture forward only cannot go on from there), or
 * goes on as a man and is crowned only if the capture ends there.
 */
static void
take(struct vgen *g, int over, int to, int king, int promoted, int n)
{
	uint8_t was = mark(g, over);

	g->taken[n] = (uint8_t)over;
	g->taken_king[n] = (was & SQ_KING) != 0;
	g->path[n] = (uint8_t)to;
	if (!king && g->v->geom->y[to] == g->crown_y) {
		if (g->v->crown_goes_on)
			capture(g, to, 1, 1, n + 1);
		else if (!g->v->men_back)
			record(g, to, n + 1, 1);
		else
			capture(g, to, 0, 0, n + 1);
	} else
		capture(g, to, king, promoted, n + 1);
	g->board[over] = was;
}

/*
 * Goes on with a capture of n pieces so far whose piece stands on `sq`
 * (a king when `king`; `promoted` when it was crowned on the way); a
 * capture that cannot go on is complete.
 */
static void
capture(struct vgen *g, int sq, int king, int promoted, int n)
{
	unsigned dirs = capture_dirs(g, king);
	int d, l, over, any = 0, goes_on;
	int land[GEOM_MAX], on[GEOM_MAX], nland, i;
	uint8_t was;

	/*
	 * A move records at most PDN_MAX_CAPTURES pieces; only a 12x12
	 * board has more to take, and such a position is refused
	 * (PDN_ERANGE) rather than given a capture cut short.
	 */
	if (n >= PDN_MAX_CAPTURES && can_capture(g, sq, king)) {
		g->overflow = 1;
		return;
	}
	if (n < PDN_MAX_CAPTURES)
		for (; dirs != 0; dirs &= dirs - 1) {
			d = __builtin_ctz(dirs);
			if ((l = jump(g, sq, d, king, &over)) == 0)
				continue;
			any = 1;
			if (!king || !g->v->flying || g->v->land_behind) {
				take(g, over, l, king, promoted, n);
				continue;
			}
			/*
			 * A flying king: any empty square behind the piece,
			 * but one from which it goes on if any does.
			 */
			was = mark(g, over);
			for (nland = 0, goes_on = 0; g->board[l] == SQ_EMPTY;
			    l = g->nb[l][d]) {
				land[nland] = l;
				on[nland] = can_capture(g, l, 1);
				goes_on |= on[nland++];
			}
			g->board[over] = was;
			for (i = 0; i < nland; i++)
				if (on[i] || !goes_on)
					take(g, over, land[i], 1, promoted, n);
		}
	if (!any && n > 0)
		record(g, sq, n, promoted ||
		    (!king && g->v->geom->y[sq] == g->crown_y));
}

/* Spreads the position on the mailbox. */
static void
spread(struct vgen *g, const pdn_position *pos, const pdn_variant *v)
{
	int n, squares = v->geom->squares;
	uint64_t b;

	const uint8_t *sq = v->geom->sq;

	g->v = v;
	g->nb = v->geom->nb;
	memset(g->board, 0, sizeof(g->board));
	g->board[0] = SQ_OFF;
	for (b = pos->white; b; b &= b - 1)
		g->board[sq[bit_index(b)]] = SQ_WHITE;
	for (b = pos->black; b; b &= b - 1)
		g->board[sq[bit_index(b)]] = SQ_BLACK;
	for (b = pos->kings; b; b &= b - 1)
		if (sq[bit_index(b)] != 0)
			g->board[sq[bit_index(b)]] |= SQ_KING;
	/* Bits 64 on (12x12). */
	for (n = 0; n < 8 && squares > 64; n++) {
		if (pos->hi[0] >> n & 1)
			g->board[sq[64 + n]] = SQ_WHITE;
		if (pos->hi[1] >> n & 1)
			g->board[sq[64 + n]] = SQ_BLACK;
		if (pos->hi[2] >> n & 1)
			g->board[sq[64 + n]] |= SQ_KING;
	}
	g->board[0] = SQ_OFF;
	g->enemy = pos->side == PDN_WHITE ? SQ_BLACK : SQ_WHITE;
	g->own = pos->side == PDN_WHITE ? SQ_WHITE : SQ_BLACK;
	set_capture_dirs(g);
	g->crown_y = pos->side == PDN_WHITE ?
	    (uint8_t)(v->geom->height - 1) : 0;
	g->overflow = 0;
	g->best = 0;
}

/*
 * The captures of the side to move into g->list; their number.  A piece
 * that has no first capture is not searched: can_capture() tells it for
 * a fraction of what capture() costs, and in the positions that the 8x8
 * variants' inference replays most pieces have none.  The moves found,
 * and their order, are those of a search from every piece.  With
 * capture() tried on every piece and both looping over the eight
 * directions, fuzz/reader's target on 494 inputs of its corpus took 421
 * million instructions; with this test first and the directions taken
 * by their bits, 340 million (callgrind).
 */
static int
captures(struct vgen *g)
{
	uint8_t c;
	int sq, squares = g->v->geom->squares;

	g->list->n = 0;
	for (sq = 1; sq <= squares; sq++) {
		c = g->board[sq];
		if (!(c & g->own))
			continue;
		g->board[sq] = SQ_EMPTY;
		if (can_capture(g, sq, (c & SQ_KING) != 0)) {
			g->from = (uint8_t)sq;
			g->mover_king = (c & SQ_KING) != 0;
			capture(g, sq, g->mover_king, 0, 0);
		}
		g->board[sq] = c;
	}
	return g->list->n;
}

int
vargen_has_capture(const pdn_position *pos, const pdn_variant *v)
{
	struct vgen g;
	uint8_t own, c;
	int sq, r = 0;

	spread(&g, pos, v);
	own = g.enemy == SQ_BLACK ? SQ_WHITE : SQ_BLACK;
	for (sq = 1; sq <= v->geom->squares && !r; sq++) {
		c = g.board[sq];
		if (!(c & own))
			continue;
		g.board[sq] = SQ_EMPTY;
		r = can_capture(&g, sq, (c & SQ_KING) != 0);
		g.board[sq] = c;
	}
	return r;
}

static void
add_quiet(const struct vgen *g, pdn_movelist *list, int from, int to,
    int promotes)
{
	pdn_move *m = &list->m[list->n++];

	memset(m, 0, sizeof(*m));
	m->fromto = bit(g, from) | bit(g, to);
	m->from = (uint8_t)from;
	m->to = (uint8_t)to;
	m->promotes = (uint8_t)promotes;
}

int
vargen_generate(pdn_movelist *list, const pdn_position *pos,
    const pdn_variant *v)
{
	struct vgen g;
	uint8_t c;
	int sq, d, t, squares = v->geom->squares;

	spread(&g, pos, v);
	g.list = list;
	if (captures(&g) > 0 || g.overflow)
		return g.overflow ? PDN_ERANGE : list->n;
	/* At most 20 pieces with 17 moves each: the list cannot overflow. */
	for (sq = 1; sq <= squares; sq++) {
		c = g.board[sq];
		if (!(c & g.own))
			continue;
		/*
		 * A man's two forward directions alone (0 and 2 for White, 1
		 * and 3 for Black), not the four tested: 340 million
		 * instructions against 328 (the inputs of captures()).
		 */
		if (!(c & SQ_KING)) {
			for (d = g.own == SQ_BLACK; d < 4; d += 2) {
				t = g.nb[sq][d];
				if (g.board[t] == SQ_EMPTY)
					add_quiet(&g, list, sq, t,
					    v->geom->y[t] == g.crown_y);
			}
			continue;
		}
		for (d = 0; d < 4; d++)
			for (t = g.nb[sq][d]; g.board[t] == SQ_EMPTY;
			    t = g.nb[t][d]) {
				add_quiet(&g, list, sq, t, 0);
				if (!v->flying)
					break;
			}
	}
	return list->n;
}

void
vargen_make(pdn_position *dst, const pdn_position *src, const pdn_move *m)
{
	const pdn_variant *v = pdn_variant_of(src);
	int us = src->side == PDN_WHITE ? 0 : 1;
	int bf = v->geom->bit[m->from], bt = v->geom->bit[m->to], king;
	pdn_position p = *src;

	king = set_has(&p, 2, bf);
	set_put(&p, us, bf, 0);
	set_put(&p, 2, bf, 0);
	/* Captured pieces are never on an edge square: all below bit 64. */
	if (us == 0)
		p.black &= ~m->captured;
	else
		p.white &= ~m->captured;
	p.kings &= ~m->captured;
	set_put(&p, us, bt, 1);
	if (king || m->promotes)
		set_put(&p, 2, bt, 1);
	p.side = (pdn_colour)!src->side;
	*dst = p;
}
