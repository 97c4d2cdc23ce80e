/*
 * FEN: reading liberally, writing canonically (RULES.md 1, pdn(5) "Tags": FEN).
 *
 *	fen	= side { ":" field } [ "." ]
 *	side	= "W" | "B" | "?"
 *	field	= ("W" | "B") [ item { "," item } ] | ("H" | "F") number | ""
 *	item	= [ "K" ] square | square "-" square
 *
 * Blanks may stand between any two symbols; lower case letters, a final
 * dot, zero-padded numbers, lidraughts' H and F fields, an empty field
 * ("W::.") and a side to move '?' (PDN 3.0) are read and reported as
 * warnings.
 */
#include <string.h>

#include "board.h"
#include "variant.h"

struct fen_reader {
	const char *s;
	size_t len, pos;
	pdn_fen_info *info;
	const pdn_variant *v;
	pdn_position acc;	/* the pieces read so far */
	int crowned;		/* a man stands on its crowning rank */
};

static int
fail(struct fen_reader *r, int code, size_t at, int square)
{
	r->info->offset = at;
	r->info->square = square;
	return code;
}

static int
peek(struct fen_reader *r)
{
	while (r->pos < r->len && (r->s[r->pos] == ' ' ||
	    r->s[r->pos] == '\t')) {
		r->info->warnings |= PDN_FEN_W_SPACES;
		r->pos++;
	}
	return r->pos < r->len ? (unsigned char)r->s[r->pos] : -1;
}

/* An upper case letter; its lower case form is read with a warning. */
static int
letter(struct fen_reader *r, int upper)
{
	int c = peek(r);

	if (c == upper)
		return 1;
	if (c == upper - 'A' + 'a') {
		r->info->warnings |= PDN_FEN_W_LOWERCASE;
		return 1;
	}
	return 0;
}

/* A decimal number; at most `max` is kept, larger values read as max + 1. */
static int
number(struct fen_reader *r, int max, int *out)
{
	size_t start;
	int v = 0;

	if (peek(r) < '0' || peek(r) > '9')
		return 0;
	start = r->pos;
	while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
		if (v <= max)
			v = v * 10 + (r->s[r->pos] - '0');
		r->pos++;
	}
	if (r->s[start] == '0' && r->pos - start > 1)
		r->info->warnings |= PDN_FEN_W_ZERO_PADDED;
	*out = v > max ? max + 1 : v;
	return 1;
}

/*
 * A square: its number, or in any variant its file and rank ("c3"), which
 * *alpha then says.
 */
static int
square(struct fen_reader *r, int *sq, size_t *at, int *alpha)
{
	int c = peek(r), rank;

	*at = r->pos;
	*alpha = 0;
	if (c >= 'a' && c <= 'z' && r->pos + 1 < r->len &&
	    r->s[r->pos + 1] >= '1' && r->s[r->pos + 1] <= '9') {
		r->pos++;
		number(r, 99, &rank);
		*alpha = 1;
		*sq = pdn_variant_square_at(r->v, c - 'a', rank - 1);
		if (*sq == 0)
			return fail(r, PDN_EFEN_SQUARE_RANGE, *at, 0);
		return 0;
	}
	/* Large enough to name any square a user typed by mistake. */
	if (!number(r, 9999, sq))
		return fail(r, PDN_EFEN_SQUARE, r->pos, 0);
	if (*sq < 1 || *sq > r->v->geom->squares)
		return fail(r, PDN_EFEN_SQUARE_RANGE, *at, *sq);
	return 0;
}

static int
place(struct fen_reader *r, int colour, int sq, int king, size_t at)
{
	const struct geometry *g = r->v->geom;

	if (pdn_position_get(&r->acc, sq) != PDN_EMPTY)
		return fail(r, PDN_EFEN_DUPLICATE, at, sq);
	pdn_position_set(&r->acc, sq, colour == 0 ?
	    (king ? PDN_WHITE_KING : PDN_WHITE_MAN) :
	    (king ? PDN_BLACK_KING : PDN_BLACK_MAN));
	if (!king && g->y[sq] == (colour == 0 ? g->height - 1 : 0))
		r->crowned = 1;
	return 0;
}

static int
colour_list(struct fen_reader *r, int colour)
{
	size_t at, at2;
	int king, a, b, n, c, alpha, alpha2, rc;

	c = peek(r);
	if (c == ':' || c == '.' || c == -1)
		return 0;	/* an empty list */
	for (;;) {
		king = letter(r, 'K');
		if (king)
			r->pos++;
		if ((rc = square(r, &a, &at, &alpha)) < 0)
			return rc;
		if (peek(r) == '-') {
			r->pos++;
			if (letter(r, 'K'))
				return fail(r, PDN_EFEN_RANGE, r->pos, a);
			if ((rc = square(r, &b, &at2, &alpha2)) < 0)
				return rc;
			/* Ranges are of numbers only: "c3-e3" means nothing. */
			if (king || b < a || alpha || alpha2)
				return fail(r, PDN_EFEN_RANGE, at, a);
			for (n = a; n <= b; n++)
				if ((rc = place(r, colour, n, 0, at)) < 0)
					return rc;
		} else if ((rc = place(r, colour, a, king, at)) < 0) {
			return rc;
		}
		if (peek(r) != ',')
			return 0;
		r->pos++;
	}
}

static int
field(struct fen_reader *r, unsigned *seen)
{
	size_t at = r->pos;
	int colour, v;

	if (letter(r, 'W') || letter(r, 'B')) {
		colour = r->s[r->pos] == 'B' || r->s[r->pos] == 'b';
		if (*seen & (1u << colour))
			return fail(r, PDN_EFEN_DUP_COLOUR, at, 0);
		*seen |= 1u << colour;
		r->pos++;
		return colour_list(r, colour);
	}
	if (letter(r, 'H') || letter(r, 'F')) {
		int h = r->s[r->pos] == 'H' || r->s[r->pos] == 'h';

		r->pos++;
		if (!number(r, 99999, &v) || v > 99999)
			return fail(r, PDN_EFEN_FIELD, at, 0);
		if (h)
			r->info->halfmove_clock = v;
		else
			r->info->fullmove = v;
		r->info->warnings |= PDN_FEN_W_EXTRA_FIELDS;
		return 0;
	}
	/* Nothing at all: no pieces, of no colour ("W::." of PDN 3.0). */
	if (peek(r) == ':' || peek(r) == '.' || peek(r) == -1) {
		r->info->warnings |= PDN_FEN_W_EMPTY_FIELD;
		return 0;
	}
	return fail(r, PDN_EFEN_FIELD, at, 0);
}

int
pdn_fen_read(pdn_position *pos, const pdn_variant *v, const char *s,
    size_t len, pdn_fen_info *info)
{
	struct fen_reader r;
	pdn_fen_info scratch;
	pdn_colour side;
	unsigned seen = 0;
	int c, rc;

	if (v == NULL)
		v = pdn_variant_default();
	memset(&r, 0, sizeof(r));
	r.v = v;
	pdn_variant_clear(v, &r.acc, PDN_WHITE);
	r.s = s;
	r.len = len;
	r.info = info != NULL ? info : &scratch;
	memset(r.info, 0, sizeof(*r.info));
	r.info->halfmove_clock = -1;
	r.info->fullmove = -1;
	/* Blanks around the FEN are no liberty; only those inside warn. */
	while (r.pos < len && (s[r.pos] == ' ' || s[r.pos] == '\t'))
		r.pos++;
	while (r.len > r.pos && (s[r.len - 1] == ' ' || s[r.len - 1] == '\t'))
		r.len--;
	if (peek(&r) == -1)
		return fail(&r, PDN_EFEN_EMPTY, r.pos, 0);
	if (letter(&r, 'W'))
		side = PDN_WHITE;
	else if (letter(&r, 'B'))
		side = PDN_BLACK;
	else if (peek(&r) == '?') {
		/* The caller decides (pdn_setup_side()). */
		side = PDN_WHITE;
		r.info->warnings |= PDN_FEN_W_SIDE_UNKNOWN;
	} else
		return fail(&r, PDN_EFEN_SIDE, r.pos, 0);
	r.pos++;
	while ((c = peek(&r)) == ':') {
		r.pos++;
		if ((rc = field(&r, &seen)) < 0)
			return rc;
	}
	if (c == '.') {
		r.info->warnings |= PDN_FEN_W_TRAILING_DOT;
		r.pos++;
		c = peek(&r);
	}
	if (c != -1)
		return fail(&r, PDN_EFEN_TRAILING, r.pos, 0);
	if (r.crowned)
		r.info->warnings |= PDN_FEN_W_MAN_ON_CROWN_ROW;
	*pos = r.acc;
	pos->side = side;
	return 0;
}

struct out {
	char *buf;
	size_t size, len;
};

static void
put(struct out *o, const char *s)
{
	for (; *s != '\0'; s++, o->len++)
		if (o->len + 1 < o->size)
			o->buf[o->len] = *s;
}

static void
put_num(struct out *o, int n)
{
	char tmp[4] = { 0 };

	if (n >= 10) {
		tmp[0] = (char)('0' + n / 10);
		tmp[1] = (char)('0' + n % 10);
	} else {
		tmp[0] = (char)('0' + n);
	}
	put(o, tmp);
}

/*
 * Whether square n holds a piece of colour c: a king (king 1), a man
 * (0) or either (-1).
 */
static int
has(const pdn_position *pos, int n, pdn_colour c, int king)
{
	pdn_piece p = pdn_position_get(pos, n);

	if (p == PDN_EMPTY || (p == PDN_WHITE_MAN || p == PDN_WHITE_KING) !=
	    (c == PDN_WHITE))
		return 0;
	return king < 0 || (p == PDN_WHITE_KING || p == PDN_BLACK_KING) ==
	    (king == 1);
}

/* A square as the variant's records write it: "35", or "c3". */
static void
put_square(struct out *o, const pdn_variant *v, int n)
{
	char tmp[4] = { 0 };

	if (v->algebraic) {
		tmp[0] = (char)('a' + v->geom->x[n]);
		tmp[1] = (char)('1' + v->geom->y[n]);
		put(o, tmp);
	} else
		put_num(o, n);
}

/*
 * One colour's squares in ascending order: kings as K<n>, runs of three or
 * more men as a-b.  Algebraic squares ("Kc3") have no ranges, and come
 * rank by rank from White's side, each from file a.
 */
static void
put_colour(struct out *o, const pdn_variant *v, const pdn_position *pos,
    pdn_colour c)
{
	int n, end, first = 1, i, squares = v->geom->squares, x, y;

	for (i = 0; i < squares; i++) {
		if (v->algebraic) {
			/* The i-th square in that order. */
			y = i / (v->geom->width / 2);
			x = 2 * (i % (v->geom->width / 2));
			n = v->geom->at[y][x] != 0 ? v->geom->at[y][x] :
			    v->geom->at[y][x + 1];
		} else
			n = i + 1;
		if (!has(pos, n, c, -1))
			continue;
		if (!first)
			put(o, ",");
		first = 0;
		if (has(pos, n, c, 1)) {
			put(o, "K");
			put_square(o, v, n);
			continue;
		}
		put_square(o, v, n);
		if (v->algebraic)
			continue;
		for (end = n; end < squares && has(pos, end + 1, c, 0); end++)
			;
		if (end - n >= 2) {
			put(o, "-");
			put_num(o, end);
			n = end;
			i = end - 1;
		}
	}
}

size_t
pdn_fen_write(char *buf, size_t size, const pdn_position *pos)
{
	const pdn_variant *v = pdn_variant_of(pos);
	struct out o = { buf, size, 0 };

	put(&o, pos->side == PDN_WHITE ? "W:W" : "B:W");
	put_colour(&o, v, pos, PDN_WHITE);
	put(&o, ":B");
	put_colour(&o, v, pos, PDN_BLACK);
	if (size > 0)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len;
}
