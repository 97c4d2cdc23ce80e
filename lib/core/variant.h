/*
 * The variants of draughts (private to libpdn): each is data (a board
 * numbering and a few rule switches, VARIANTS.md 17) read by one generator
 * (vargen.c).  International draughts has its own bitboard generator
 * (movegen.c), which the rules of its descriptor describe as well.
 *
 * Positions of every variant but international hold square n in bit n - 1
 * of their bitboards; international's keep the ghost layout of board.h.
 */
#ifndef PDN_VARIANT_H
#define PDN_VARIANT_H

#include <stdint.h>

#include "geometry.h"
#include "pdn/core.h"

/* Which complete captures are legal (VARIANTS.md 17, "Keys"). */
enum precedence {
	PREC_NONE,		/* any */
	PREC_COUNT,		/* most pieces */
	PREC_KING_MOVER,	/* with a king if one can (Czech) */
	PREC_COUNT_KINGS,	/* most pieces, then most kings (Spanish) */
	PREC_ITALIAN,		/* count, with a king, kings, first kings */
	PREC_FRISIAN		/* value (a king almost two men), with a king */
};

struct pdn_variant {
	int gametype;		/* PDN 3.0 number */
	/*
	 * Its records are replayed (pdn_variant_get() gives it): each
	 * variant in the order of VARIANTS.md's issue once it is complete.
	 * The others are generated (perft) but not yet read in games.
	 */
	int played;
	const char *name;	/* "brazilian": --variant, profiles */
	const char *title;	/* "Brazilian draughts" */
	const char *tag;	/* the GameType tag's full form */
	const struct geometry *geom;
	int men;		/* men of each side at the start */
	pdn_colour first;	/* who moves first */
	unsigned char men_back;		/* men capture backward */
	unsigned char flying;		/* kings move and capture at distance */
	unsigned char land_behind;	/* a king lands right behind (Thai) */
	unsigned char remove_now;	/* captured pieces leave at once (Thai) */
	unsigned char crown_goes_on;	/* crowned mid-capture, goes on (Russian) */
	unsigned char man_takes_king;	/* a man may capture a king */
	unsigned char orthogonal;	/* captures also along ranks and files */
	unsigned char algebraic;	/* its records name squares "c3" */
	enum precedence prec;
	char sep;		/* capture separator it writes */
	int intl_results;	/* results "2-0" (else "1-0") */
	const char *start_fen;	/* in its own notation */
};

/* International draughts (GameType 20): positions in the ghost layout. */
static inline int
variant_is_intl(const pdn_variant *v)
{
	return v->gametype == 20;
}

/* The descriptor of a position's variant (pos->variant); never NULL. */
const pdn_variant *pdn_variant_of(const pdn_position *pos);

/*
 * The bit index of square n of variant v in its bitboards (0..71): the
 * ghost layout's in international draughts.
 */
int variant_bit(const pdn_variant *v, int n);

/*
 * The bit of a square in the variant's bitboards; 0 for no square, and
 * for the 12x12 board's edge squares kept in the position's hi bytes (a
 * captured piece, never on an edge square, always has its bit in a move's
 * captured set).  And back: the square of a single-bit bitboard, 0 for
 * none.
 */
uint64_t variant_square_bit(const pdn_variant *v, int square);
int variant_bit_square(const pdn_variant *v, uint64_t bit);

/* One of a position's three sets (0 white, 1 black, 2 kings), bit b. */
static inline int
set_has(const pdn_position *p, int which, int b)
{
	uint64_t w = which == 0 ? p->white : which == 1 ? p->black : p->kings;

	return b < 64 ? (int)(w >> b & 1) : p->hi[which] >> (b - 64) & 1;
}

static inline void
set_put(pdn_position *p, int which, int b, int on)
{
	uint64_t *w = which == 0 ? &p->white : which == 1 ? &p->black :
	    &p->kings;

	if (b >= 64)
		p->hi[which] = (uint8_t)(on ? p->hi[which] | 1u << (b - 64) :
		    p->hi[which] & ~(1u << (b - 64)));
	else if (on)
		*w |= 1ULL << b;
	else
		*w &= ~(1ULL << b);
}

/* The index of Canadian draughts in the table (pdn_position.variant). */
#define VARIANT_CANADIAN 10

/* Plays a move of a board of more than 64 squares (vargen.c). */
void vargen_make(pdn_position *dst, const pdn_position *src,
    const pdn_move *m);

/* Generation for every variant but international (vargen.c). */
int vargen_generate(pdn_movelist *list, const pdn_position *pos,
    const pdn_variant *v);
int vargen_has_capture(const pdn_position *pos, const pdn_variant *v);

#endif /* PDN_VARIANT_H */
