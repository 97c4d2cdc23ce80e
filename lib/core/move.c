/*
 * What a program reads of a move and of a move list (move.h holds both).
 */
#include <stdlib.h>

#include "move.h"
#include "variant.h"
#include "pdn/core.h"

int
pdn_move_from(const pdn_move *m)
{
	return m->from;
}

int
pdn_move_to(const pdn_move *m)
{
	return m->to;
}

int
pdn_move_captures(const pdn_move *m)
{
	return m->ncap;
}

int
pdn_move_promotes(const pdn_move *m)
{
	return m->promotes != 0;
}

int
pdn_move_path(int *sq, int max, const pdn_move *m)
{
	int i, n = m->ncap == 0 ? 2 : m->ncap + 1;

	if (max > 0)
		sq[0] = m->from;
	if (m->ncap == 0) {
		if (max > 1)
			sq[1] = m->to;
		return n;
	}
	for (i = 0; i < m->ncap && i + 1 < max; i++)
		sq[i + 1] = m->path[i];
	return n;
}

int
pdn_move_captured(int *sq, int max, const pdn_variant *v, const pdn_move *m)
{
	int s, n = 0, squares;

	if (v == NULL)
		v = pdn_variant_default();
	squares = pdn_variant_squares(v);
	/* Ascending squares; a capture has at most a few dozen to test. */
	for (s = 1; s <= squares && n < m->ncap; s++)
		if (m->captured & variant_square_bit(v, s)) {
			if (n < max)
				sq[n] = s;
			n++;
		}
	return m->ncap;
}

int
pdn_move_equal(const pdn_move *a, const pdn_move *b)
{
	return a->from == b->from && a->to == b->to &&
	    a->captured == b->captured;
}

size_t
pdn_move_size(void)
{
	return sizeof(pdn_move);
}

int
pdn_movelist_new(pdn_movelist **out)
{
	if ((*out = malloc(sizeof(**out))) == NULL)
		return PDN_ENOMEM;
	(*out)->n = 0;
	return 0;
}

void
pdn_movelist_free(pdn_movelist *list)
{
	free(list);
}

int
pdn_movelist_count(const pdn_movelist *list)
{
	return list->n;
}

const pdn_move *
pdn_movelist_get(const pdn_movelist *list, int i)
{
	return i >= 0 && i < list->n ? &list->m[i] : NULL;
}
