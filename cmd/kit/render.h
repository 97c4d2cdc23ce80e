/*
 * Pictures of a position: a text diagram and a standalone SVG image.  Pure
 * formatting: a position and the move that led to it go in, bytes come out
 * in a caller's buffer; nothing is printed.
 */
#ifndef RENDER_H
#define RENDER_H

#include <pdn/pdn.h>

struct render_opts {
	int numbers;		/* write the square numbers */
	int unicode;		/* text: draughts symbols and box lines */
	int flip;		/* Black's view: Black at the bottom */
};

/*
 * Appends to out a text diagram of pos: the framed board of its variant
 * (10 x 10, 8 x 8; White at the bottom unless opts->flip), White's men
 * and kings "w" and "W", Black's "b" and "B", "." for an empty played
 * square (with opts->numbers its number), the file letters and rank
 * numbers along the edges in an algebraic variant, then a line
 * saying the side to move and
 * `lastmove` (the text of the move that led here, NULL when there is none).
 * With opts->unicode the pieces are U+26C0..U+26C3 and the frame box lines.
 */
/*
 * Appends s as XML text (SVG, HTML): & < > " as entities, the control
 * characters XML 1.0 forbids left out.
 */
void render_xml_text(pdn_buf *out, const char *s);

void render_board(pdn_buf *out, const pdn_position *pos,
    const char *lastmove, const struct render_opts *opts);

/*
 * Appends to out an SVG document of pos, the board of its variant (with
 * opts->numbers its square numbers, or its files and ranks in the frame
 * for an algebraic variant): light and played squares, men as
 * discs, kings as discs with a crown, and when `last` is not NULL that move
 * marked (its from and to squares shaded, an arrow along its path, a cross
 * on each captured square).  `title` (NULL for none) becomes the picture's
 * title, escaped.
 */
void render_svg(pdn_buf *out, const pdn_position *pos, const pdn_move *last,
    const char *title, const struct render_opts *opts);

#endif /* RENDER_H */
