/*
 * Frisian draughts, article 17 (Official Rules for Frisian Draughts,
 * 2011): a player who has kings and men may not make more than three
 * consecutive quiet moves with the same king.  That king may still
 * capture; a capture, a man move or a quiet move with another king lifts
 * the ban, and a player with only kings is exempt.
 *
 * The ban depends on the game's history, which a position does not hold:
 * a pdn_streak carries the part of it that matters, per colour the number
 * of consecutive quiet moves of one king (0 to 3) and that king's square,
 * as lidraughts keeps them.  The generators stay history-free; this file
 * filters their moves.  Every other variant has no such rule: there the
 * streak stays clear and allows every move.
 */
#include <string.h>

#include "board.h"
#include "make.h"
#include "move.h"
#include "variant.h"

/* Nonzero when pos's variant has article 17. */
static int
has_article17(const pdn_position *pos)
{
	return pdn_variant_of(pos)->prec == PREC_FRISIAN;
}

void
pdn_streak_clear(pdn_streak *s)
{
	memset(s, 0, sizeof(*s));
}

int
pdn_streak_allows(const pdn_streak *s, const pdn_position *pos,
    const pdn_move *m)
{
	uint64_t us;
	int c = pos->side == PDN_BLACK;

	if (!has_article17(pos) || m->ncap > 0 || s->count[c] < 3 ||
	    s->square[c] != m->from)
		return 1;
	us = c ? pos->black : pos->white;
	/* Only kings, or (a man on the square) no king streak at all. */
	if (!(us & ~pos->kings) || !(pos->kings & square_bit(pos, m->from)))
		return 1;
	return 0;
}

void
pdn_streak_update(pdn_streak *s, const pdn_position *pos, const pdn_move *m)
{
	int c = pos->side == PDN_BLACK, o = !c;

	if (!has_article17(pos))
		return;
	if (m->ncap > 0) {
		s->count[c] = 0;
		s->square[c] = 0;
		/* The opponent's counted king taken: its streak is over. */
		if (s->square[o] != 0 &&
		    (m->captured & square_bit(pos, s->square[o]))) {
			s->count[o] = 0;
			s->square[o] = 0;
		}
		return;
	}
	if (!(pos->kings & square_bit(pos, m->from))) {
		/* A man's move (a promotion too). */
		s->count[c] = 0;
		s->square[c] = 0;
		return;
	}
	if (s->count[c] > 0 && s->square[c] == m->from) {
		if (s->count[c] < 255)
			s->count[c]++;
	} else
		s->count[c] = 1;
	s->square[c] = m->to;
}

int
pdn_generate_streak(pdn_movelist *list, const pdn_position *pos,
    const pdn_streak *s)
{
	int n, i, k, c = pos->side == PDN_BLACK;

	n = pdn_generate(list, pos);
	if (!has_article17(pos) || s->count[c] < 3)
		return n;
	for (i = k = 0; i < list->n; i++)
		if (pdn_streak_allows(s, pos, &list->m[i]))
			list->m[k++] = list->m[i];
	list->n = k;
	return n < 0 ? n : k;
}

static uint64_t
perft_streak(const pdn_position *pos, const pdn_streak *s, int depth,
    int bulk)
{
	pdn_movelist list;
	pdn_position child;
	pdn_streak next;
	uint64_t nodes = 0;
	int i, n;

	n = pdn_generate_streak(&list, pos, s);
	if (n < 0)
		n = list.n;
	if (depth == 1 && bulk)
		return (uint64_t)n;
	for (i = 0; i < n; i++) {
		make_any(&child, pos, &list.m[i]);
		if (depth == 1) {
			/* Played, as pdn_perft() plays its leaves. */
			__asm__ volatile("" : : "r"(child.white),
			    "r"(child.black), "r"(child.kings));
			nodes++;
			continue;
		}
		next = *s;
		pdn_streak_update(&next, pos, &list.m[i]);
		nodes += perft_streak(&child, &next, depth - 1, bulk);
	}
	return nodes;
}

uint64_t
pdn_perft_streak(const pdn_position *pos, const pdn_streak *s, int depth,
    int bulk)
{
	if (depth <= 0)
		return 1;
	if (!has_article17(pos))
		return pdn_perft(pos, depth, bulk);
	return perft_streak(pos, s, depth, bulk != 0);
}
