/*
 * Text and SVG pictures of a position (see render.h).
 *
 * Both walk the board as it is drawn: display row by display row, and in a
 * row from left to right.  The board is that of the position's variant
 * (pdn_position_variant()): its width and height, its played squares and
 * their numbers.  In White's view display cell (r, c) shows file c, rank
 * height - 1 - r (White at the bottom); flipped (Black's view) it shows
 * file width - 1 - c, rank r.  Square 1 of international draughts is thus
 * at the top left only in White's view.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "render.h"

/* Appends printf-formatted text to out. */
static void
buf_printf(pdn_buf *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
buf_printf(pdn_buf *out, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* Every format of this file fits; a longer one would be a bug. */
	if (n > 0)
		pdn_buf_add(out, buf, (size_t)n < sizeof(buf) ? (size_t)n :
		    sizeof(buf) - 1);
}

static void
buf_puts(pdn_buf *out, const char *s)
{
	pdn_buf_add(out, s, strlen(s));
}

/* The board drawn: the variant's, and whose view. */
struct board {
	const pdn_variant *v;
	int width, height;	/* cells in a row, rows */
	int flip;
};

static void
board_of(struct board *b, const pdn_position *pos, int flip)
{
	b->v = pdn_position_variant(pos);
	b->width = pdn_variant_width(b->v);
	b->height = pdn_variant_height(b->v);
	b->flip = flip;
}

/* The file and rank shown in display cell (r, c). */
static void
cell_xy(const struct board *b, int r, int c, int *x, int *y)
{
	*x = b->flip ? b->width - 1 - c : c;
	*y = b->flip ? r : b->height - 1 - r;
}

/* The square shown in display cell (r, c), or 0 for an unplayed cell. */
static int
cell_square(const struct board *b, int r, int c)
{
	int x, y;

	cell_xy(b, r, c, &x, &y);
	return pdn_variant_square_at(b->v, x, y);
}

/* The display cell of square n (1..the variant's squares). */
static void
square_cell(const struct board *b, int n, int *r, int *c)
{
	int x = 0, y = 0;

	(void)pdn_variant_square_xy(b->v, n, &x, &y);
	*r = b->flip ? y : b->height - 1 - y;
	*c = b->flip ? b->width - 1 - x : x;
}

/*
 * The names of display column c and row r on the edges of an algebraic
 * variant's board: its file letter, its rank number.
 */
static char
column_file(const struct board *b, int c)
{
	int x, y;

	cell_xy(b, 0, c, &x, &y);
	return (char)('a' + x);
}

static int
row_rank(const struct board *b, int r)
{
	int x, y;

	cell_xy(b, r, 0, &x, &y);
	return y + 1;
}

/*
 * Whether the edges carry file letters and rank numbers: always on the
 * board of a variant whose records name squares by file and rank, since
 * a reader of its moves needs them to find c3 (with or without -n).
 */
static int
edge_names(const struct board *b)
{
	return pdn_variant_algebraic(b->v);
}

/* --- text ----------------------------------------------------------- */

static void
board_rule(pdn_buf *out, const struct board *b,
    const struct render_opts *opts, int top)
{
	int i;

	/* Under the rank numbers of the rows, blanks. */
	if (edge_names(b))
		buf_puts(out, b->height >= 10 ? "   " : "  ");
	buf_puts(out, opts->unicode ? (top ? "\u250c" : "\u2514") : "+");
	for (i = 0; i < 3 * b->width + 1; i++)
		buf_puts(out, opts->unicode ? "\u2500" : "-");
	buf_puts(out, opts->unicode ? (top ? "\u2510\n" : "\u2518\n") : "+\n");
}

void
render_board(pdn_buf *out, const pdn_position *pos, const char *lastmove,
    const struct render_opts *opts)
{
	/* Indexed by pdn_piece; the Unicode draughts symbols in the same order. */
	static const char *const ascii[] = { ".", "w", "b", "W", "B" };
	static const char *const uni[] = {
		"\u00b7", "\u26c0", "\u26c2", "\u26c1", "\u26c3"
	};
	const char *bar = opts->unicode ? "\u2502" : "|";
	struct board b;
	pdn_piece p;
	int r, c, n, names;

	board_of(&b, pos, opts->flip);
	/*
	 * The numbered variants write the number in an empty square; the
	 * algebraic ones name the files under the board and the ranks on
	 * its left, as their records name squares ("c3").
	 */
	names = edge_names(&b);
	board_rule(out, &b, opts, 1);
	for (r = 0; r < b.height; r++) {
		if (names)
			buf_printf(out, b.height >= 10 ? "%2d " : "%d ",
			    row_rank(&b, r));
		buf_puts(out, bar);
		for (c = 0; c < b.width; c++) {
			/*
			 * Cells are three wide, contents right-aligned; a
			 * blank before the right edge balances the left.
			 */
			if ((n = cell_square(&b, r, c)) == 0) {
				buf_puts(out, "   ");
				continue;
			}
			p = pdn_position_get(pos, n);
			if (p == PDN_EMPTY && opts->numbers && !names)
				buf_printf(out, " %2d", n);
			else
				buf_printf(out, "  %s",
				    (opts->unicode ? uni : ascii)[p]);
		}
		buf_puts(out, " ");
		buf_puts(out, bar);
		buf_puts(out, "\n");
	}
	board_rule(out, &b, opts, 0);
	if (names) {
		/* Each letter under the contents of its column. */
		buf_puts(out, b.height >= 10 ? "   " : "  ");
		buf_puts(out, " ");
		for (c = 0; c < b.width; c++)
			buf_printf(out, "  %c", column_file(&b, c));
		buf_puts(out, "\n");
	}
	buf_puts(out, pdn_position_side(pos) == PDN_WHITE ? "White" : "Black");
	buf_puts(out, " to move");
	if (lastmove != NULL) {
		buf_puts(out, ", last move ");
		buf_puts(out, lastmove);
	}
	buf_puts(out, "\n");
}

/* --- SVG ------------------------------------------------------------ */

#define CELL	50	/* size of a square in SVG units */
#define FRAME	12	/* the frame round the board */

/* The centre of square n in SVG units. */
static void
square_centre(const struct board *b, int n, double *x, double *y)
{
	int r, c;

	square_cell(b, n, &r, &c);
	*x = FRAME + c * CELL + CELL / 2.0;
	*y = FRAME + r * CELL + CELL / 2.0;
}

void
render_xml_text(pdn_buf *out, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			buf_puts(out, "&amp;");
			break;
		case '<':
			buf_puts(out, "&lt;");
			break;
		case '>':
			buf_puts(out, "&gt;");
			break;
		case '"':
			buf_puts(out, "&quot;");
			break;
		default:
			/* XML 1.0 allows no other control characters. */
			if ((unsigned char)*s >= 0x20 || *s == '\t' ||
			    *s == '\n')
				pdn_buf_add(out, s, 1);
		}
	}
}

/*
 * The pieces are defined once and placed with <use>: a disc with an inner
 * ring for a man, a disc with a crown for a king, so that kings stand out
 * at any size and without colour.
 */
static const char svg_defs[] =
"<defs>\n"
"<circle id=\"wd\" r=\"18\" fill=\"#fbf8ef\" stroke=\"#4a4a4a\" "
"stroke-width=\"2\"/>\n"
"<circle id=\"bd\" r=\"18\" fill=\"#2b2b2b\" stroke=\"#000\" "
"stroke-width=\"2\"/>\n"
"<path id=\"crown\" d=\"M-12 8V-6L-6 1 0-11 6 1 12-6V8Z\" "
"stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
"<g id=\"wm\"><use xlink:href=\"#wd\"/><circle r=\"12\" fill=\"none\" "
"stroke=\"#c9bfa8\" stroke-width=\"2\"/></g>\n"
"<g id=\"bm\"><use xlink:href=\"#bd\"/><circle r=\"12\" fill=\"none\" "
"stroke=\"#5a5a5a\" stroke-width=\"2\"/></g>\n"
"<g id=\"wk\"><use xlink:href=\"#wd\"/><use xlink:href=\"#crown\" "
"fill=\"#d9a520\" stroke=\"#7a5a10\"/></g>\n"
"<g id=\"bk\"><use xlink:href=\"#bd\"/><use xlink:href=\"#crown\" "
"fill=\"#f2c84b\" stroke=\"#fff3c4\"/></g>\n"
"<marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" "
"markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\">"
"<path d=\"M0 0L10 5 0 10Z\" fill=\"#1f7a3a\"/></marker>\n"
"</defs>\n";

/* Shades the from and to squares of the last move. */
static void
svg_last_squares(pdn_buf *out, const pdn_move *m, const struct board *b)
{
	int sq[2], i, r, c;

	sq[0] = pdn_move_from(m);
	sq[1] = pdn_move_to(m);
	for (i = 0; i < 2; i++) {
		/* A king's capture may end where it began. */
		if (i == 1 && sq[1] == sq[0])
			break;
		square_cell(b, sq[i], &r, &c);
		buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
		    "height=\"%d\" fill=\"#e8d44d\" fill-opacity=\"0.55\"/>\n",
		    FRAME + c * CELL, FRAME + r * CELL, CELL, CELL);
	}
}

/*
 * An arrow from the from square along the landing squares to the to
 * square, its head's tip at the edge of the piece that moved; a cross on
 * every captured square.
 */
static void
svg_last_arrow(pdn_buf *out, const pdn_move *m, const struct board *b)
{
	int sq[PDN_MOVE_STRMAX], cap[PDN_MOVE_STRMAX];
	double x[PDN_MOVE_STRMAX], y[PDN_MOVE_STRMAX];
	double dx, dy;
	int i, n, k, ncap;

	n = pdn_move_path(sq, PDN_MOVE_STRMAX, m);
	if (n > PDN_MOVE_STRMAX)
		n = PDN_MOVE_STRMAX;
	for (i = 0; i < n; i++)
		square_centre(b, sq[i], &x[i], &y[i]);
	/*
	 * A diagonal step backs off 18 units on each axis, which with the
	 * head reaching 6 beyond the line's end puts its tip on the disc (an
	 * orthogonal one, Frisian, on its axis only).
	 */
	dx = x[n - 1] - x[n - 2];
	dy = y[n - 1] - y[n - 2];
	x[n - 1] -= dx > 0 ? 18 : dx < 0 ? -18 : 0;
	y[n - 1] -= dy > 0 ? 18 : dy < 0 ? -18 : 0;
	buf_puts(out, "<polyline fill=\"none\" stroke=\"#1f7a3a\" "
	    "stroke-opacity=\"0.8\" stroke-width=\"7\" stroke-linecap=\"round\" "
	    "stroke-linejoin=\"round\" marker-end=\"url(#head)\" points=\"");
	for (i = 0; i < n; i++)
		buf_printf(out, "%s%g,%g", i > 0 ? " " : "", x[i], y[i]);
	buf_puts(out, "\"/>\n");
	ncap = pdn_move_captured(cap, PDN_MOVE_STRMAX, b->v, m);
	for (k = 0; k < ncap && k < PDN_MOVE_STRMAX; k++) {
		square_centre(b, cap[k], &dx, &dy);
		buf_printf(out, "<path d=\"M%g %gl14 14m0-14l-14 14\" "
		    "stroke=\"#c0392b\" stroke-width=\"4\" "
		    "stroke-linecap=\"round\"/>\n", dx - 7, dy - 7);
	}
}

void
render_svg(pdn_buf *out, const pdn_position *pos, const pdn_move *last,
    const char *title, const struct render_opts *opts)
{
	static const char *const id[] = { NULL, "wm", "bm", "wk", "bk" };
	struct board b;
	pdn_piece p;
	double x, y;
	int r, c, n, w, h;

	board_of(&b, pos, opts->flip);
	w = 2 * FRAME + b.width * CELL;
	h = 2 * FRAME + b.height * CELL;
	buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
	    w, h, w, h);
	if (title != NULL) {
		buf_puts(out, "<title>");
		render_xml_text(out, title);
		buf_puts(out, "</title>\n");
	}
	buf_puts(out, svg_defs);
	/* The frame, the light squares as one background, the played ones. */
	buf_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#5c3a1e\"/>\n",
	    w, h);
	buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"#f0dcb4\"/>\n", FRAME, FRAME, b.width * CELL,
	    b.height * CELL);
	buf_puts(out, "<g fill=\"#a5683a\">\n");
	for (r = 0; r < b.height; r++)
		for (c = 0; c < b.width; c++)
			if (cell_square(&b, r, c) != 0)
				buf_printf(out, "<rect x=\"%d\" y=\"%d\" "
				    "width=\"%d\" height=\"%d\"/>\n",
				    FRAME + c * CELL, FRAME + r * CELL,
				    CELL, CELL);
	buf_puts(out, "</g>\n");
	if (last != NULL)
		svg_last_squares(out, last, &b);
	if (edge_names(&b)) {
		/* The files in the bottom frame, the ranks in the left one. */
		buf_puts(out, "<g font-family=\"sans-serif\" font-size=\"10\" "
		    "fill=\"#f6e9cf\" text-anchor=\"middle\">\n");
		for (c = 0; c < b.width; c++)
			buf_printf(out, "<text x=\"%d\" y=\"%d\">%c</text>\n",
			    FRAME + c * CELL + CELL / 2, h - 3,
			    column_file(&b, c));
		for (r = 0; r < b.height; r++)
			buf_printf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n",
			    FRAME / 2, FRAME + r * CELL + CELL / 2 + 4,
			    row_rank(&b, r));
		buf_puts(out, "</g>\n");
	} else if (opts->numbers) {
		/* In the corner, where a piece leaves the square free. */
		buf_puts(out, "<g font-family=\"sans-serif\" font-size=\"10\" "
		    "fill=\"#f6e9cf\">\n");
		for (n = 1; n <= pdn_variant_squares(b.v); n++) {
			square_cell(&b, n, &r, &c);
			buf_printf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n",
			    FRAME + c * CELL + 2, FRAME + r * CELL + 10, n);
		}
		buf_puts(out, "</g>\n");
	}
	for (n = 1; n <= pdn_variant_squares(b.v); n++) {
		if ((p = pdn_position_get(pos, n)) == PDN_EMPTY)
			continue;
		square_centre(&b, n, &x, &y);
		buf_printf(out, "<use xlink:href=\"#%s\" x=\"%g\" y=\"%g\"/>\n",
		    id[p], x, y);
	}
	if (last != NULL)
		svg_last_arrow(out, last, &b);
	buf_puts(out, "</svg>\n");
}
