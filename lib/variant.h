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

#include "pdn.h"

/* The largest board of the tables: 10x10, 50 squares. */
#define GEOM_MAX 50

/*
 * A board numbering (geometry.c, written by scripts/geometry.py): the file
 * x and rank y of each square (0-based, White at the bottom), its
 * neighbours and the square at each (x, y).  Directions 0-3 are the
 * diagonals, 4-7 the orthogonal lines (one played square apart); d ^ 1 is
 * the opposite of d; White's men move in directions 0 and 2 (+y), Black's
 * in 1 and 3.
 */
struct geometry {
	uint8_t width, height, squares;
	uint8_t x[GEOM_MAX + 1], y[GEOM_MAX + 1];
	uint8_t nb[GEOM_MAX + 1][8];
	uint8_t at[10][10];	/* [y][x]; 0 for an unplayed square */
};

extern const struct geometry pdn_geom_tl8, pdn_geom_italian8,
    pdn_geom_spanish8, pdn_geom_thai8, pdn_geom_tl10;

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

/* Generation for every variant but international (vargen.c). */
int vargen_generate(pdn_movelist *list, const pdn_position *pos,
    const pdn_variant *v);
int vargen_has_capture(const pdn_position *pos, const pdn_variant *v);

#endif /* PDN_VARIANT_H */
