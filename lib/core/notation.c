/*
 * Writing moves in PDN notation, and the normalised text of a move token.
 */
#include "match.h"
#include "move.h"
#include "pdn/core.h"

/* A square by file and rank ("c3") when alpha is 1, else by number. */
static int
put_square(char *buf, int len, const pdn_variant *v, int square, int alpha)
{
	int x, y;

	if (alpha && pdn_variant_square_xy(v, square, &x, &y) == 0) {
		buf[len++] = (char)('a' + x);
		if (y >= 9)
			buf[len++] = (char)('0' + (y + 1) / 10);
		buf[len++] = (char)('0' + (y + 1) % 10);
		return len;
	}
	if (square >= 10)
		buf[len++] = (char)('0' + square / 10);
	buf[len++] = (char)('0' + square % 10);
	return len;
}

int
square_str_as(char *buf, const pdn_variant *v, int square, int alpha)
{
	int len;

	if (v == NULL)
		v = pdn_variant_default();
	len = put_square(buf, 0, v, square, alpha);
	buf[len] = '\0';
	return len;
}

int
pdn_square_str(char *buf, const pdn_variant *v, int square)
{
	if (v == NULL)
		v = pdn_variant_default();
	return square_str_as(buf, v, square, pdn_variant_algebraic(v));
}

int
move_str_as(char *buf, const pdn_variant *v, const pdn_move *m, int full,
    int alpha)
{
	char sep;
	int i, len;

	if (v == NULL)
		v = pdn_variant_default();
	sep = (char)pdn_variant_capture_separator(v);
	len = put_square(buf, 0, v, m->from, alpha);
	if (m->ncap == 0) {
		buf[len++] = '-';
	} else if (full) {
		for (i = 0; i + 1 < m->ncap; i++) {
			buf[len++] = sep;
			len = put_square(buf, len, v, m->path[i], alpha);
		}
		buf[len++] = sep;
	} else {
		buf[len++] = sep;
	}
	len = put_square(buf, len, v, m->to, alpha);
	buf[len] = '\0';
	return len;
}

int
pdn_move_str(char *buf, const pdn_variant *v, const pdn_move *m, int full)
{
	if (v == NULL)
		v = pdn_variant_default();
	return move_str_as(buf, v, m, full, pdn_variant_algebraic(v));
}

int
move_str_unique_as(char *buf, const pdn_variant *v, const pdn_move *m,
    const pdn_movelist *list, int alpha)
{
	int i;

	for (i = 0; i < list->n; i++) {
		const pdn_move *o = &list->m[i];

		if (o->from == m->from && o->to == m->to &&
		    (o->captured != m->captured || o->promotes != m->promotes))
			return move_str_as(buf, v, m, 1, alpha);
	}
	return move_str_as(buf, v, m, 0, alpha);
}

int
pdn_move_str_unique(char *buf, const pdn_variant *v, const pdn_move *m,
    const pdn_movelist *list)
{
	if (v == NULL)
		v = pdn_variant_default();
	return move_str_unique_as(buf, v, m, list, pdn_variant_algebraic(v));
}

static int
put_uint(unsigned v, char *buf)
{
	char tmp[12];
	int n = 0, len;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	len = n;
	while (n > 0)
		*buf++ = tmp[--n];
	return len;
}

int
pdn_movetok_str(char *buf, const pdn_movetok *t)
{
	int len = 0, file = movetok_file(t) != 0;
	unsigned sq;
	size_t k;

	/*
	 * "0-2", "1-1" and the like would read back as results: such a move
	 * (never legal, square 0 or from = to) keeps a padded first square.
	 */
	if (t->nsq == 2 && !t->capture && t->sq[0] + t->sq[1] <= 2)
		buf[len++] = '0';
	for (k = 0; k < t->nsq; k++) {
		/*
		 * A short move's file alone ("e"), then its square without a
		 * separator ("ed4", "ed4xb6"), but a capture of two squares
		 * with one ("exc5"): each reads back as the same token.
		 */
		if (k > 0 && !(k == 1 && file && (t->nsq > 2 || !t->capture)))
			buf[len++] = t->capture ? 'x' : '-';
		sq = t->sq[k];
		if (sq >= PDN_ALPHA) {
			buf[len++] = (char)('a' - 1 + (sq - PDN_ALPHA) / 100);
			if (k > 0 || !file)
				len += put_uint((sq - PDN_ALPHA) % 100,
				    buf + len);
		} else
			len += put_uint(sq, buf + len);
	}
	buf[len] = '\0';
	return len;
}
