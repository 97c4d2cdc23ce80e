/*
 * Writing moves in PDN notation.
 */
#include "pdn.h"

/* A square as the variant writes it: "35", or "c3". */
static int
put_square(char *buf, int len, const pdn_variant *v, int square)
{
	int x, y;

	if (pdn_variant_algebraic(v) &&
	    pdn_variant_square_xy(v, square, &x, &y) == 0) {
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
pdn_variant_square_str(const pdn_variant *v, char *buf, int square)
{
	int len = put_square(buf, 0, v, square);

	buf[len] = '\0';
	return len;
}

int
pdn_variant_move_str(const pdn_variant *v, char *buf, const pdn_move *m,
    int full)
{
	char sep = (char)pdn_variant_capture_separator(v);
	int i, len;

	len = put_square(buf, 0, v, m->from);
	if (m->ncap == 0) {
		buf[len++] = '-';
	} else if (full) {
		for (i = 0; i + 1 < m->ncap; i++) {
			buf[len++] = sep;
			len = put_square(buf, len, v, m->path[i]);
		}
		buf[len++] = sep;
	} else {
		buf[len++] = sep;
	}
	len = put_square(buf, len, v, m->to);
	buf[len] = '\0';
	return len;
}

int
pdn_move_str(char *buf, const pdn_move *m, int full)
{
	return pdn_variant_move_str(pdn_variant_default(), buf, m, full);
}

int
pdn_variant_move_str_unique(const pdn_variant *v, char *buf,
    const pdn_move *m, const pdn_movelist *list)
{
	int i;

	for (i = 0; i < list->n; i++) {
		const pdn_move *o = &list->m[i];

		if (o->from == m->from && o->to == m->to &&
		    (o->captured != m->captured || o->promotes != m->promotes))
			return pdn_variant_move_str(v, buf, m, 1);
	}
	return pdn_variant_move_str(v, buf, m, 0);
}

int
pdn_move_str_unique(char *buf, const pdn_move *m, const pdn_movelist *list)
{
	return pdn_variant_move_str_unique(pdn_variant_default(), buf, m,
	    list);
}
