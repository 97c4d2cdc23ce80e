/*
 * For fuzz/reader.c and tests/test_reader.c, which compare what a reader
 * with skip_moves says with what one without says.
 */
#ifndef FUZZ_SKIM_H
#define FUZZ_SKIM_H

#include <stdio.h>

#include <pdn/pdn.h>

/* The elements of a line that are not moves (skip_moves keeps none). */
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

/*
 * Game g but its moves, in one line into buf: its place, span, counts,
 * GameType and the lengths of its raw text, lead and what lies before.
 */
static void
skim_game(char *buf, size_t size, const pdn_game *g)
{
	snprintf(buf, size, "game %ld %ld@%llu span %llu+%llu "
	    "%ld plies, %ld other, type %d%s, %d errors, %d warnings, "
	    "%s, raw %zu, lead %zu, before %zu: ", g->index, g->line,
	    (unsigned long long)g->offset,
	    (unsigned long long)g->span.offset,
	    (unsigned long long)g->span.len, g->plies,
	    count_other(&g->moves), g->gametype,
	    g->gametype_inferred ? " inferred" : "", g->errors,
	    g->warnings, g->truncated ? "truncated" : "whole",
	    g->raw != NULL ? g->rawlen : 0,
	    g->lead != NULL ? g->leadlen : 0,
	    g->before != NULL ? g->beforelen : 0);
}

#endif /* FUZZ_SKIM_H */
