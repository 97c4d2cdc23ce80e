/*
 * Writing moves in PDN notation.
 */
#include "pdn.h"

static int
put_square(char *buf, int len, int square)
{
	if (square >= 10)
		buf[len++] = (char)('0' + square / 10);
	buf[len++] = (char)('0' + square % 10);
	return len;
}

int
pdn_move_str(char *buf, const pdn_move *m, int full)
{
	int i, len;

	len = put_square(buf, 0, m->from);
	if (m->ncap == 0) {
		buf[len++] = '-';
	} else if (full) {
		for (i = 0; i + 1 < m->ncap; i++) {
			buf[len++] = 'x';
			len = put_square(buf, len, m->path[i]);
		}
		buf[len++] = 'x';
	} else {
		buf[len++] = 'x';
	}
	len = put_square(buf, len, m->to);
	buf[len] = '\0';
	return len;
}

int
pdn_move_str_unique(char *buf, const pdn_move *m, const pdn_movelist *list)
{
	int i;

	for (i = 0; i < list->n; i++) {
		const pdn_move *o = &list->m[i];

		if (o->from == m->from && o->to == m->to &&
		    o->captured != m->captured)
			return pdn_move_str(buf, m, 1);
	}
	return pdn_move_str(buf, m, 0);
}
