/*
 * The variants of draughts the library plays (see pdn/core.h and variant.h):
 * one static descriptor each, looked up by GameType number or name.  The
 * rules of each come from VARIANTS.md (section per variant, and the table
 * of section 17).
 */
#include <stddef.h>
#include <string.h>

#include "board.h"
#include "variant.h"

/* pdn_position.variant is the index in this table: international first. */
static const struct pdn_variant variants[] = {
	{ .gametype = 20, .played = 1, .name = "international",
	  .title = "international draughts", .tag = "20,W,10,10,N2,0",
	  .geom = &pdn_geom_tl10, .men = 20, .first = PDN_WHITE,
	  .men_back = 1, .flying = 1, .man_takes_king = 1,
	  .prec = PREC_COUNT, .sep = 'x', .intl_results = 1,
	  .start_fen = "W:W31-50:B1-20" },
	{ .gametype = 26, .played = 1, .name = "brazilian",
	  .title = "Brazilian draughts", .tag = "26,W,8,8,A0,0",
	  .geom = &pdn_geom_tl8, .men = 12, .first = PDN_WHITE,
	  .men_back = 1, .flying = 1, .man_takes_king = 1, .algebraic = 1,
	  .prec = PREC_COUNT, .sep = 'x',
	  .start_fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:"
	      "Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" },
	{ .gametype = 25, .played = 1, .name = "russian",
	  .title = "Russian draughts", .tag = "25,W,8,8,A0,0",
	  .geom = &pdn_geom_tl8, .men = 12, .first = PDN_WHITE,
	  .men_back = 1, .flying = 1, .man_takes_king = 1, .algebraic = 1,
	  .crown_goes_on = 1, .prec = PREC_NONE, .sep = ':',
	  .start_fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:"
	      "Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" },
	{ .gametype = 21, .played = 1, .name = "english",
	  .title = "English draughts", .tag = "21,B,8,8,N1,0",
	  .geom = &pdn_geom_tl8, .men = 12, .first = PDN_BLACK,
	  .man_takes_king = 1, .prec = PREC_NONE, .sep = 'x',
	  .start_fen = "B:W21-32:B1-12" },
	{ .gametype = 22, .played = 1, .name = "italian",
	  .title = "Italian draughts", .tag = "22,W,8,8,N2,1",
	  .geom = &pdn_geom_italian8, .men = 12, .first = PDN_WHITE,
	  .prec = PREC_ITALIAN, .sep = 'x',
	  .start_fen = "W:W21-32:B1-12" },
	{ .gametype = 23, .played = 1, .name = "pool",
	  .title = "pool checkers", .tag = "23,B,8,8,N1,0",
	  .geom = &pdn_geom_tl8, .men = 12, .first = PDN_BLACK,
	  .men_back = 1, .flying = 1, .man_takes_king = 1,
	  .prec = PREC_NONE, .sep = 'x',
	  .start_fen = "B:W21-32:B1-12" },
	{ .gametype = 24, .played = 1, .name = "spanish",
	  .title = "Spanish draughts", .tag = "24,W,8,8,N1,1",
	  .geom = &pdn_geom_spanish8, .men = 12, .first = PDN_WHITE,
	  .flying = 1, .man_takes_king = 1, .prec = PREC_COUNT_KINGS,
	  .sep = 'x', .start_fen = "W:W1-12:B21-32" },
	{ .gametype = 29, .played = 1, .name = "czech",
	  .title = "Czech draughts", .tag = "29,W,8,8,A0,0",
	  .geom = &pdn_geom_tl8, .men = 12, .first = PDN_WHITE,
	  .flying = 1, .man_takes_king = 1, .algebraic = 1,
	  .prec = PREC_KING_MOVER, .sep = 'x',
	  .start_fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:"
	      "Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" },
	{ .gametype = 31, .played = 1, .name = "thai",
	  .title = "Thai draughts", .tag = "31,B,8,8,N2,0",
	  .geom = &pdn_geom_thai8, .men = 8, .first = PDN_BLACK,
	  .flying = 1, .land_behind = 1, .remove_now = 1,
	  .man_takes_king = 1, .prec = PREC_NONE, .sep = '-',
	  .start_fen = "B:W1-8:B25-32" },
	{ .gametype = 40, .played = 1, .name = "frisian",
	  .title = "Frisian draughts", .tag = "40,W,10,10,N2,0",
	  .geom = &pdn_geom_tl10, .men = 20, .first = PDN_WHITE,
	  .men_back = 1, .flying = 1, .man_takes_king = 1, .orthogonal = 1,
	  .prec = PREC_FRISIAN, .sep = 'x',
	  .start_fen = "W:W31-50:B1-20" },
	/* VARIANT_CANADIAN (variant.h): international rules on 12x12. */
	{ .gametype = 27, .played = 1, .name = "canadian",
	  .title = "Canadian draughts", .tag = "27,W,12,12,N2,0",
	  .geom = &pdn_geom_tl12, .men = 30, .first = PDN_WHITE,
	  .men_back = 1, .flying = 1, .man_takes_king = 1,
	  .prec = PREC_COUNT, .sep = 'x', .intl_results = 1,
	  .start_fen = "W:W43-72:B1-30" },
};

#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

_Static_assert(NVARIANTS == VARIANT_CANADIAN + 1,
    "Canadian draughts is the last variant (VARIANT_CANADIAN)");

const pdn_variant *
pdn_variant_get(int gametype)
{
	size_t i;

	for (i = 0; i < NVARIANTS; i++)
		if (variants[i].gametype == gametype && variants[i].played)
			return &variants[i];
	return NULL;
}

const pdn_variant *
pdn_variant_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < NVARIANTS; i++)
		if (strcmp(variants[i].name, name) == 0)
			return &variants[i];
	return NULL;
}

const pdn_variant *
pdn_variant_list(int i)
{
	return i >= 0 && (size_t)i < NVARIANTS ? &variants[i] : NULL;
}

const pdn_variant *
pdn_variant_default(void)
{
	return &variants[0];
}

const pdn_variant *
pdn_variant_of(const pdn_position *pos)
{
	return pos->variant < NVARIANTS ? &variants[pos->variant] :
	    &variants[0];
}

const pdn_variant *
pdn_position_variant(const pdn_position *pos)
{
	return pdn_variant_of(pos);
}

int
pdn_variant_played(const pdn_variant *v)
{
	return v->played;
}

int
pdn_variant_gametype(const pdn_variant *v)
{
	return v->gametype;
}

const char *
pdn_variant_name(const pdn_variant *v)
{
	return v->name;
}

const char *
pdn_variant_title(const pdn_variant *v)
{
	return v->title;
}

const char *
pdn_variant_tag(const pdn_variant *v)
{
	return v->tag;
}

int
pdn_variant_width(const pdn_variant *v)
{
	return v->geom->width;
}

int
pdn_variant_height(const pdn_variant *v)
{
	return v->geom->height;
}

int
pdn_variant_squares(const pdn_variant *v)
{
	return v->geom->squares;
}

pdn_colour
pdn_variant_first(const pdn_variant *v)
{
	return v->first;
}

int
pdn_variant_algebraic(const pdn_variant *v)
{
	return v->algebraic;
}

int
pdn_variant_capture_separator(const pdn_variant *v)
{
	return v->sep;
}

int
pdn_variant_intl_results(const pdn_variant *v)
{
	return v->intl_results;
}

int
variant_bit(const pdn_variant *v, int n)
{
	return variant_is_intl(v) ? bit_index(pdn_square_bits[n]) :
	    v->geom->bit[n];
}

uint64_t
variant_square_bit(const pdn_variant *v, int square)
{
	int b;

	if (square < 1 || square > v->geom->squares)
		return 0;
	b = variant_bit(v, square);
	return b < 64 ? 1ULL << b : 0;
}

int
variant_bit_square(const pdn_variant *v, uint64_t bit)
{
	if (variant_is_intl(v))
		return intl_bit_square(bit);
	if (bit == 0 || (bit & (bit - 1)) != 0 ||
	    v->geom->sq[bit_index(bit)] == 0)
		return 0;
	return v->geom->sq[bit_index(bit)];
}

int
pdn_variant_square_xy(const pdn_variant *v, int square, int *x, int *y)
{
	if (square < 1 || square > v->geom->squares)
		return PDN_EINVAL;
	*x = v->geom->x[square];
	*y = v->geom->y[square];
	return 0;
}

int
pdn_variant_square_at(const pdn_variant *v, int x, int y)
{
	if (x < 0 || y < 0 || x >= v->geom->width || y >= v->geom->height)
		return 0;
	return v->geom->at[y][x];
}

void
pdn_variant_clear(const pdn_variant *v, pdn_position *pos, pdn_colour side)
{
	memset(pos, 0, sizeof(*pos));
	pos->side = side;
	pos->variant = (uint8_t)(v - variants);
}

void
pdn_variant_start(const pdn_variant *v, pdn_position *pos)
{
	int n, rows = v->men / (v->geom->width / 2);

	/* Every game without a FEN starts here: the short way for most. */
	if (variant_is_intl(v)) {
		pdn_variant_clear(v, pos, PDN_WHITE);
		for (n = 1; n <= 20; n++)
			pos->black |= pdn_square_bits[n];
		for (n = 31; n <= 50; n++)
			pos->white |= pdn_square_bits[n];
		return;
	}
	pdn_variant_clear(v, pos, v->first);
	for (n = 1; n <= v->geom->squares; n++) {
		if (v->geom->y[n] < rows)
			set_put(pos, 0, variant_bit(v, n), 1);
		else if (v->geom->y[n] >= v->geom->height - rows)
			set_put(pos, 1, variant_bit(v, n), 1);
	}
}

/* The GameType numbers of PDN 3.0, played or not (pdn(5) "Tags": GameType). */
static const struct {
	int gametype;
	const char *name;
} gametypes[] = {
	{ 20, "international draughts" },
	{ 21, "English draughts" },
	{ 22, "Italian draughts" },
	{ 23, "pool checkers" },
	{ 24, "Spanish draughts" },
	{ 25, "Russian draughts" },
	{ 26, "Brazilian draughts" },
	{ 27, "Canadian draughts" },
	{ 28, "Portuguese draughts" },
	{ 29, "Czech draughts" },
	{ 30, "Turkish draughts" },
	{ 31, "Thai draughts" },
	{ 40, "Frisian draughts" },
	{ 41, "Spantsiretti" },
};

const char *
pdn_gametype_name(int gametype)
{
	size_t i;

	if (gametype >= 96 && gametype <= 99)
		return "a lidraughts variant";
	for (i = 0; i < sizeof(gametypes) / sizeof(gametypes[0]); i++)
		if (gametypes[i].gametype == gametype)
			return gametypes[i].name;
	return NULL;
}
