/*
 * For fuzz/reader.c and tests/test_reader.c, which compare what a reader
 * with skip_moves says with what one without says: the elements of a
 * line that are not moves (skip_moves keeps none), its variations' too.
 */
#ifndef FUZZ_COUNT_H
#define FUZZ_COUNT_H

#include "pdn_game.h"

static long
count_other(const pdn_line *l)
{
	long n = 0;
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (l->e[i].type == PDN_EL_VARIATION)
			n += 1 + count_other(l->e[i].u.variation);
		else if (l->e[i].type != PDN_EL_MOVE)
			n++;
	}
	return n;
}

#endif /* FUZZ_COUNT_H */
