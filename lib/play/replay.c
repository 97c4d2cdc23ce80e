/*
 * Replaying a game record by the rules (see pdn/replay.h).
 *
 * The candidate positions of a line form layers: layer k holds every
 * position the first k moves can have led to (one, unless a short capture
 * was ambiguous), each node pointing to its parent in the layer before.
 * A move token takes every node of a layer to the nodes of the next; a
 * layer that comes out empty is an illegal move.  When the line ends, the
 * nodes of its last layer are the surviving lines, and walking their
 * parents finds the moves they made: that is the backtracking, done once
 * at the end rather than by trial and error.
 *
 * Only the current layer and the one before the last move are kept as a
 * line is played; a variation is given the layer it branches from.
 *
 * Speed comes from checking the notated move directly.  A plain quiet
 * move "a-b" is legal when a piece of the side to move stands on a, b is
 * one step forward (a man) or along an empty diagonal (a king), and the
 * side to move has no capture: bitboard tests of a few nanoseconds.  A
 * capture "axb" of one piece by a man is legal when the side has no king
 * and no man can take two pieces, tested for all men at once.  On a line
 * with one candidate these two are played straight into a node
 * (play_fast()); the full legal move list is generated only for the rest.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamepriv.h"
#include "make.h"
#include "match.h"
#include "movegen.h"
#include "outcome.h"
#include "play.h"

int
pdn_replay_new(pdn_replay **out)
{
	pdn_replay *rp;

	*out = NULL;
	if ((rp = calloc(1, sizeof(*rp))) == NULL)
		return PDN_ENOMEM;
	*out = rp;
	return 0;
}

void
pdn_replay_free(pdn_replay *rp)
{
	if (rp == NULL)
		return;
	free(rp->pg.nodes);
	free(rp->pg.path);
	free(rp->pg.setups);
	free(rp->pg.lrecs);
	free(rp->pg.slots);
	free(rp->pg.diags);
	free(rp->pg.text);
	free(rp->layers);
	free(rp->stack);
	free(rp);
}

/* --- lines ------------------------------------------------------------- */

static struct node *
new_node(pdn_replay *rp)
{
	if (play_grow((void **)&rp->pg.nodes, &rp->pg.capn, rp->pg.nn + 1,
	    sizeof(*rp->pg.nodes)) != 0) {
		rp->oom = 1;
		return NULL;
	}
	return &rp->pg.nodes[rp->pg.nn++];
}

static inline int
push_layer(pdn_replay *rp, size_t b, size_t e)
{
	if (rp->nl >= rp->capl && play_grow((void **)&rp->layers, &rp->capl,
	    rp->nl + 1, sizeof(*rp->layers)) != 0) {
		rp->oom = 1;
		return -1;
	}
	rp->layers[rp->nl].b = b;
	rp->layers[rp->nl].e = e;
	rp->nl++;
	return 0;
}

/* Reports the liberty node x took: a wrong move separator. */
static void
report_liberty(pdn_replay *rp, const struct node *x)
{
	play_report(rp, PDN_D_MOVE_SEPARATOR, 0, 0, x->elem, x->ply,
	    x->move.ncap > 0 ? ": capture written with '-'" :
	    ": quiet move written with 'x'");
}

/*
 * What the draw rules see of a ply: a move by a man or a king, capturing
 * or not, into material class `cls` (1..12); a setup is 16 and up, a node
 * that is no ply (a root, a variation's copy) 32.
 */
static inline unsigned
ply_tag(int capture, int king, unsigned cls)
{
	return 1 + (capture ? 1u : 0u) + (king ? 2u : 0u) + (cls << 2);
}

static unsigned
node_tag(const pdn_replay *rp, const struct node *x)
{
	if (x->flags & NODE_SETUP)
		return 16 + (unsigned)ending_of(&x->pos);
	if (x->elem == NULL || x->parent < 0)
		return 32;
	const pdn_position *before = &rp->pg.nodes[x->parent].pos;
	int king = before->variant == VARIANT_CANADIAN ?
	    set_has(before, 2, variant_bit(rp->pg.variant, x->move.from)) :
	    (before->kings & square_bit(before, x->move.from)) != 0;

	return ply_tag(x->move.ncap > 0, king, (unsigned)ending_of(&x->pos));
}

/* The key of a line one tag longer (a multiplicative hash). */
static inline uint32_t
next_key(uint32_t key, unsigned tag)
{
	return (key ^ tag) * 0x9e3779b1u + 0x85ebca6bu;
}

/*
 * The common cases, tried before play_move(): one candidate position
 * (node b) and a plain move "a-b" of a man that is legal there, or a
 * capture "axb" of one piece by a man when nothing longer is possible,
 * played straight into a node already allocated.  Returns 1 when it
 * played the move; 0 leaves everything to play_move() (a king moving,
 * longer captures, a wrong separator, no room for the node...), which
 * reaches the same result for every move taken here.
 *
 * The position is read field by field: it was written that way a moment
 * ago, and a whole-struct read of it would stall (see make_move_to()).
 *
 * The replay's one speed trick: pdn-validate -q on 20 copies of the bench
 * games took 739.8 million instructions with it and 1,673 million without
 * (callgrind, 2026-12-03), the matcher's own quick tests still on.
 */
static inline int
play_fast(pdn_replay *rp, size_t b, const pdn_elem *el, long ply)
{
	const pdn_movetok *tok = &el->u.move.tok;
	const struct node *src = &rp->pg.nodes[b];
	struct node *nd = &rp->pg.nodes[rp->pg.nn];
	unsigned from = tok->sq[0], to = tok->sq[1];
	uint64_t w, bl, k, us, them, empty, men, fb, tb, can[4];
	int white;

	if (tok->nsq != 2 || tok->alpha || from - 1 >= PDN_SQUARES ||
	    to - 1 >= PDN_SQUARES || rp->pg.nn >= rp->pg.capn ||
	    src->pos.variant != 0)
		return 0;
	if (tok->capture) {
		if (match_single_capture(&src->pos, (int)from, (int)to,
		    &nd->move) != 1)
			return 0;
		make_move_to(&nd->pos, &src->pos, &nd->move);
		goto played;
	}
	w = src->pos.white;
	bl = src->pos.black;
	k = src->pos.kings;
	white = src->pos.side == PDN_WHITE;
	us = white ? w : bl;
	them = white ? bl : w;
	empty = BOARD_MASK & ~(w | bl);
	men = us & ~k;
	fb = pdn_square_bits[from];
	tb = pdn_square_bits[to];
	if (!(fb & men) || !(tb & empty) || (white ?
	    (tb != fb >> 5 && tb != fb >> 6) : (tb != fb << 5 && tb != fb << 6)))
		return 0;
	jumpable(them, empty, can);
	if ((men & (can[0] | can[1] | can[2] | can[3])) ||
	    ((us & k) && kings_can_capture(us & k, them, empty)))
		return 0;
	nd->pos.white = white ? w ^ (fb | tb) : w;
	nd->pos.black = white ? bl : bl ^ (fb | tb);
	nd->pos.side = white ? PDN_BLACK : PDN_WHITE;
	copy_variant(&nd->pos, &src->pos);
	nd->move = (pdn_move){ .fromto = fb | tb, .from = (uint8_t)from,
	    .to = (uint8_t)to };
	if (tb & (white ? WHITE_CROWN : BLACK_CROWN)) {
		nd->move.promotes = 1;
		k |= tb;
	}
	nd->pos.kings = k;
played:
	rp->pg.nn++;
	nd->elem = el;
	nd->parent = (int)b;
	nd->flags = (src->flags & NODE_SETUP ? PDN_PLY_SETUP : 0) |
	    (src->flags & NODE_NLIB);
	nd->mark = 0;
	nd->setup = src->setup;
	nd->ply = (int)ply;
	/* The only node of its layer: no line is apart here (see key). */
	nd->key = src->key;
	return 1;
}

/*
 * Nonzero when nodes a and b, holding the same position, carry the same
 * draw-rule state, so that their lines may be merged (RULES.md 5.6).  The
 * lines are walked back together to where they part, and at every ply
 * both must have made the same kind of ply (ply_tag(): a man or a king
 * moving, capturing or not, or a setup) into the same material class.
 * Then the counts restart on the same plies, the same endings begin on
 * the same plies (so the 16- and 5-move deadlines agree), and the same
 * moves in between bring a position back in one line exactly when they
 * do in the other (the positions differ only in pieces those moves do not
 * touch), so repetitions, claims and the 25-move count agree too.  The
 * keys, a hash of those tags along each line, settle most cases at once
 * (lines that stay apart are told apart in one comparison per ply); the
 * walk confirms an equal key.
 */
static int
same_history(const pdn_replay *rp, size_t a, size_t b)
{
	const struct node *x = &rp->pg.nodes[a], *y = &rp->pg.nodes[b];

	if (x->key != y->key)
		return 0;
	while (x != y) {
		if (node_tag(rp, x) != node_tag(rp, y))
			return 0;
		if (x->parent < 0 || y->parent < 0)
			return x->parent == y->parent;
		x = &rp->pg.nodes[x->parent];
		y = &rp->pg.nodes[y->parent];
	}
	return 1;
}

/*
 * Frisian draughts, article 17: a player who has kings and men may not
 * make more than three consecutive quiet moves with the same king; a
 * capture, a man move or a move with another king lifts the ban.
 * Returns the square of the king that move m, from node i, would move a
 * fourth time, or 0 when it may.  The moves are read back along the
 * node's line: the side's moves are every other ply before it.
 */
static int
frisian_banned(const pdn_replay *rp, size_t i, const pdn_move *m)
{
	const struct node *x = &rp->pg.nodes[i], *ours;
	const pdn_position *p = &x->pos;
	uint64_t us = p->side == PDN_WHITE ? p->white : p->black;
	int count = 0, sq = m->from;

	if (!(us & p->kings) || !(us & ~p->kings) || m->ncap > 0 ||
	    !(p->kings & square_bit(p, m->from)))
		return 0;
	/* x was reached by the opponent's move, its parent by ours. */
	while (count < 3 && x->elem != NULL && x->parent >= 0) {
		ours = &rp->pg.nodes[x->parent];
		if (ours->elem == NULL || ours->parent < 0 ||
		    ours->move.ncap > 0 || ours->move.to != sq ||
		    !(rp->pg.nodes[ours->parent].pos.kings &
		    square_bit(p, ours->move.from)))
			break;
		count++;
		sq = ours->move.from;
		x = &rp->pg.nodes[ours->parent];
	}
	return count >= 3 ? m->from : 0;
}

/*
 * Plays move `el` from the nodes of layer [b, e), appending the next
 * layer.  Returns the number of nodes appended (0: illegal).
 */
static __attribute__((noinline)) size_t
play_move(pdn_replay *rp, size_t b, size_t e, const pdn_elem *el, long ply,
    int depth)
{
	const pdn_movetok *tok = &el->u.move.tok;
	size_t first = rp->pg.nn, i, k;
	struct node *nd;
	int n, j, irregular = 0, banned, banned_at = 0;
	unsigned nlib;
	char why[900];

	for (i = b; i < e; i++) {
		n = match_moves(rp->cand, PDN_REPLAY_MAX_LINES,
		    &rp->pg.nodes[i].pos, tok, rp->opt.flags &
		    PDN_REPLAY_LENIENT ? PDN_MATCH_LENIENT : 0, &rp->list);
		if (n < 0) {
			irregular = 1;
			n = -n;
		}
		if (n > PDN_REPLAY_MAX_LINES)
			n = PDN_REPLAY_MAX_LINES;
		if (rp->pg.variant->gametype == 40)
			for (j = 0; j < n; j++)
				if ((banned = frisian_banned(rp, i,
				    &rp->cand[j])) != 0) {
					rp->cand[j--] = rp->cand[--n];
					banned_at = banned;
				}
		for (j = 0; j < n; j++) {
			if (rp->pg.nn - first >= PDN_REPLAY_MAX_LINES)
				break;
			/* Played straight into a node (see make_move_to()). */
			if ((nd = new_node(rp)) == NULL)
				return 0;
			make_any(&nd->pos, &rp->pg.nodes[i].pos, &rp->cand[j]);
			nd->move = rp->cand[j];
			nd->elem = el;
			nd->parent = (int)i;
			nd->flags = 0;
			nd->mark = 0;
			nd->setup = rp->pg.nodes[i].setup;
			nd->ply = (int)ply;
			/*
			 * One node from one: a layer of one, whose key is its
			 * parent's (struct node), as play_fast() keeps it
			 * (pdn-validate -q on intl-real-x20.pdn: 879.6 M
			 * instructions with node_tag() for it, 869.1 M so).
			 */
			nd->key = e - b > 1 || n > 1 ? next_key(rp->pg.nodes[i].key,
			    node_tag(rp, nd)) : rp->pg.nodes[i].key;
			if (n > 1)
				nd->flags |= PDN_PLY_AMBIGUOUS;
			if (rp->pg.nodes[i].flags & NODE_SETUP)
				nd->flags |= PDN_PLY_SETUP;
			nlib = NLIB_OF(&rp->pg.nodes[i]);
			/*
			 * A capture written with '-' is Thai draughts' own
			 * notation, no liberty there.
			 */
			if ((nd->move.ncap > 0) != (tok->capture != 0) &&
			    !(nd->move.ncap > 0 && rp->pg.variant->sep == '-') &&
			    movetok_file(tok) == 0) {
				nd->flags |= PDN_PLY_LIBERTY;
				if (nlib < 0xffff)
					nlib++;
			}
			nd->flags |= nlib << NODE_NLIB_SHIFT;
			/*
			 * Lines that meet again are one line from here, when
			 * the draw rules cannot tell them apart either; the
			 * one that took fewer liberties goes on.
			 */
			for (k = first; k + 1 < rp->pg.nn; k++)
				if (pdn_position_equal(&rp->pg.nodes[k].pos,
				    &nd->pos) && same_history(rp, k,
				    rp->pg.nn - 1))
					break;
			if (k + 1 < rp->pg.nn) {
				if (NLIB_OF(&rp->pg.nodes[k]) > nlib)
					rp->pg.nodes[k] = *nd;
				rp->pg.nn--;
				continue;
			}
		}
	}
	if (rp->pg.nn > first) {
		if (irregular) {
			for (k = first; k < rp->pg.nn; k++)
				rp->pg.nodes[k].flags |= PDN_PLY_IRREGULAR;
			if (depth == 0)
				rp->pg.flags |= PDN_PLY_IRREGULAR;
			play_explain(rp, &rp->pg.nodes[b].pos, tok, why, sizeof(why));
			play_report(rp, PDN_D_IRREGULAR_MOVE, 0, 0, el, ply,
			    "%s; %s", depth > 0 ? " in a variation" : "",
			    why);
		}
		/*
		 * The main line's liberties are reported once its surviving
		 * lines are known (report_liberties()); a variation's where
		 * every reading takes one.
		 */
		for (k = first; k < rp->pg.nn; k++)
			if (!(rp->pg.nodes[k].flags & PDN_PLY_LIBERTY))
				break;
		if (depth == 0)
			rp->pg.flags |= rp->pg.nodes[first].flags &
			    PDN_PLY_LIBERTY;
		else if (k == rp->pg.nn)
			report_liberty(rp, &rp->pg.nodes[first]);
		return rp->pg.nn - first;
	}
	/*
	 * A variation is an annotation (an engine's expected line, often
	 * garbled): one that does not replay is its own problem, a warning,
	 * and the game stands or falls by its main line.
	 */
	play_explain(rp, &rp->pg.nodes[b].pos, tok, why, sizeof(why));
	if (banned_at != 0)
		snprintf(why, sizeof(why), "the king on %d has made three "
		    "quiet moves in a row, and its side has men (Frisian "
		    "rules, article 17)", banned_at);
	if (depth > 0) {
		rp->pg.bad_variations++;
		play_report(rp, PDN_D_VARIATION_ILLEGAL, 0, 0, el, ply, "; %s", why);
	} else
		play_report(rp, PDN_D_ILLEGAL_MOVE, 0, 0, el, ply, "; %s", why);
	return 0;
}

/* The first move of the elements [el, end) of a line, before any setup. */
/*
 * Reads the /FEN/ setup el of a line ending at `end` into a root node
 * after node `parent`; -1 when unreadable.
 */
static int
setup_node(pdn_replay *rp, const pdn_elem *el, const pdn_elem *end,
    size_t parent, size_t nparents, long ply, int depth)
{
	struct node *nd;
	pdn_setup *st;
	long k, n, num;
	pdn_colour side;

	if ((k = setup_add(rp, NULL, el, ply, el + 1, end)) < 0)
		return -1;
	/* Its number: as written next, else :F, else counted on. */
	st = &rp->pg.setups[k];
	if ((n = setup_written_number(el + 1, end)) > 0)
		st->number = n;
	else if (st->fullmove <= 0 && rp->pg.nodes[parent].elem != NULL) {
		play_number_of(&rp->pg, rp->pg.nodes[parent].setup, ply - 1, &num,
		    &side);
		st->number = side != rp->pg.variant->first ? num + 1 : num;
	} else if (st->fullmove <= 0)
		st->number = rp->pg.setups[rp->pg.nodes[parent].setup].number;
	if (depth == 0)
		rp->pg.nmainsetup = rp->pg.nsetup;
	if ((nd = new_node(rp)) == NULL)
		return -1;
	memset(nd, 0, sizeof(*nd));
	nd->pos = rp->pg.setups[k].pos;
	nd->parent = (int)parent;
	nd->flags = NODE_SETUP | (rp->pg.nodes[parent].flags & NODE_NLIB);
	nd->move.ncap = (uint8_t)nparents;
	nd->setup = (int)k;
	rp->anchor = (int)k;
	nd->ply = (int)ply;
	nd->key = next_key(rp->pg.nodes[parent].key, node_tag(rp, nd));
	return 0;
}

/*
 * Opens the slots of line l, all zero (nothing played), and returns the
 * number of the line, or -1 when out of memory.
 */
static long
open_line(pdn_replay *rp, const pdn_line *l)
{
	struct lrec *lr;

	if (play_grow((void **)&rp->pg.lrecs, &rp->pg.caplrec, rp->pg.nlrec + 1,
	    sizeof(*rp->pg.lrecs)) != 0 ||
	    play_grow((void **)&rp->pg.slots, &rp->pg.capslot,
	    rp->pg.nslot + l->n + 1, sizeof(*rp->pg.slots)) != 0) {
		rp->oom = 1;
		return -1;
	}
	lr = &rp->pg.lrecs[rp->pg.nlrec];
	lr->l = l;
	lr->base = rp->pg.nslot;
	memset(&rp->pg.slots[lr->base], 0, l->n * sizeof(*rp->pg.slots));
	rp->pg.nslot += l->n;
	return (long)rp->pg.nlrec++;
}

/*
 * Marks the nodes of the line from nodes[own..] that lead to a node of
 * its last layer [b, e) with a fresh stamp, which it returns.
 */
static unsigned
mark_alive(pdn_replay *rp, size_t own, size_t b, size_t e)
{
	unsigned stamp = ++rp->stamp;
	size_t i;
	int k;

	for (i = b; i < e; i++)
		for (k = (int)i; k >= 0 && (size_t)k >= own &&
		    rp->pg.nodes[k].mark != stamp; k = rp->pg.nodes[k].parent)
			rp->pg.nodes[k].mark = stamp;
	return stamp;
}

/*
 * Plays line l from the candidate nodes [b, e), its first move being ply
 * `ply`, then its variations, and records in the line's slots what became
 * of each element.  *fb and *fe get its last layer.  Returns the number
 * of the line (-1 when out of memory).  Recursion follows the nesting of
 * variations, which the reader bounds.
 */
static long
play_line(pdn_replay *rp, const pdn_line *l, size_t b, size_t e, long ply,
    int depth, size_t *fb, size_t *fe)
{
	size_t base = rp->nl, own = rp->pg.nn, i, k, nb, vb, ve, x, y, sbase;
	size_t cb = b, ce = e, pb = 1, pe = 0;
	long p = ply, line, var;
	unsigned stamp;
	int dead = 0, single = 1, nvar = 0, vars;
	const pdn_elem *el;
	struct slot *sl, *slots;

	*fb = *fe = 0;
	rp->depth = depth;
	rp->anchor = rp->pg.nodes[b].setup;
	if ((line = open_line(rp, l)) < 0)
		return -1;
	sbase = rp->pg.lrecs[line].base;
	slots = &rp->pg.slots[sbase];
	vars = !(rp->opt.flags & PDN_REPLAY_NO_VARIATIONS);
	/*
	 * The layer [cb, ce) holds the candidate positions now, [pb, pe)
	 * those before the last move (empty when there is none to branch
	 * from).  Each variation gets the layer it branches from, pushed on
	 * the layer stack in order, so that no layer is kept per ply.
	 */
	for (i = 0; i < l->n && !rp->oom; i++) {
		el = &l->e[i];
		if (el->type == PDN_EL_VARIATION) {
			nvar++;
			if (vars && push_layer(rp, pb, pe) != 0)
				return -1;
			continue;
		}
		if (el->type == PDN_EL_MOVE && dead) {
			/* Nothing to branch from after a move not played. */
			pb = 1;
			pe = 0;
			continue;
		}
		if (dead && el->type == PDN_EL_SETUP) {
			/* Not played, but read: its FEN has one reader. */
			if ((x = (size_t)setup_add(rp, NULL, el, p, el + 1,
			    l->e + l->n)) !=
			    (size_t)-1)
				slots[i] = (struct slot){ (uint32_t)x, 1 };
			continue;
		}
		if (dead || (el->type != PDN_EL_MOVE &&
		    el->type != PDN_EL_SETUP))
			continue;
		nb = rp->pg.nn;
		/* No line is opened in this loop: the slots stay in place. */
		sl = &slots[i];
		if (el->type == PDN_EL_MOVE) {
			/* A variation after it branches from before it. */
			pb = cb;
			pe = ce;
			if (!(ce - cb == 1 && play_fast(rp, cb, el, p)) &&
			    play_move(rp, cb, ce, el, p, depth) == 0) {
				dead = 1;
				continue;
			}
			p++;
			*sl = (struct slot){ (uint32_t)nb,
			    (uint32_t)(rp->pg.nn - nb) };
		} else {
			if (setup_node(rp, el, l->e + l->n, cb, ce - cb, p,
			    depth) != 0) {
				dead = 1;
				continue;
			}
			setup_check(rp, &rp->pg.nodes[nb].pos, el->line, el->col);
			*sl = (struct slot){ (uint32_t)rp->pg.nodes[nb].setup, 1 };
		}
		if (rp->pg.nn - nb > 1)
			single = 0;
		cb = nb;
		ce = rp->pg.nn;
	}
	*fb = cb;
	*fe = ce;
	if (depth == 0) {
		rp->single = single;
		rp->pg.mainplies = p - ply;
	}
	if (nvar == 0 || !vars || rp->oom) {
		rp->nl = base;
		return rp->oom ? -1 : line;
	}
	/* With one candidate per layer every node is on the line. */
	stamp = single ? 0 : mark_alive(rp, own, *fb, *fe);
	/*
	 * The variations, each from the layer before the move it replaces,
	 * restricted to the positions of lines that survived; the k-th
	 * variation's layer is layers[base + k].
	 */
	k = 0;
	p = ply;
	for (i = 0; i < l->n && !rp->oom; i++) {
		el = &l->e[i];
		if (el->type == PDN_EL_MOVE)
			p++;
		if (el->type != PDN_EL_VARIATION)
			continue;
		x = rp->layers[base + k].b;
		y = rp->layers[base + k].e;
		k++;
		if (x >= y)
			continue;	/* nothing to branch from */
		/* Only the survivors of this line, gathered contiguously. */
		vb = rp->pg.nn;
		for (; x < y; x++) {
			if (stamp != 0 && x >= own &&
			    rp->pg.nodes[x].mark != stamp)
				continue;
			if (new_node(rp) == NULL)
				return -1;
			/* The copy stands for the same position: no ply. */
			rp->pg.nodes[rp->pg.nn - 1] = rp->pg.nodes[x];
			rp->pg.nodes[rp->pg.nn - 1].parent = (int)x;
			rp->pg.nodes[rp->pg.nn - 1].elem = NULL;
			rp->pg.nodes[rp->pg.nn - 1].flags =
			    rp->pg.nodes[x].flags & NODE_NLIB;
		}
		ve = rp->pg.nn;
		var = ve > vb ? play_line(rp, el->u.variation, vb, ve, p - 1,
		    depth + 1, &x, &y) : -1;
		rp->depth = depth;
		if (var >= 0) {
			sl = &rp->pg.slots[sbase + i];
			sl->a = (uint32_t)var;
			sl->n = 1;
		}
	}
	rp->nl = base;
	return rp->oom ? -1 : line;
}

/* --- the game ---------------------------------------------------------- */

/*
 * Nonzero when the side to move has a legal move: a capture, or a man
 * step forward or a king step to an empty square.
 */
static int
has_move(const pdn_position *pos)
{
	int white = pos->side == PDN_WHITE;
	uint64_t us = white ? pos->white : pos->black;
	uint64_t men = us & ~pos->kings, kings = us & pos->kings;
	uint64_t empty = BOARD_MASK & ~(pos->white | pos->black);

	if (pos->variant != 0)
		return pdn_count_moves(pos) > 0;
	if (white ? ((men >> 5) | (men >> 6)) & empty :
	    ((men << 5) | (men << 6)) & empty)
		return 1;
	if (((kings >> 5) | (kings >> 6) | (kings << 5) | (kings << 6)) &
	    empty)
		return 1;
	return has_capture(pos);
}

/*
 * Says that the game's result token is read with the first mover's score
 * first, and why: the order asked for, the file's (with the weight of
 * its games for and against it), or that of most files of the variant.
 */
static void
note_first_mover(pdn_replay *rp, long line, const char *res,
    const char *winner)
{
	const struct pdn_game_priv *p = rp->pg.g->priv;
	int basis = p != NULL ? p->order_basis : ORDER_BY_WRITERS;

	if (basis == ORDER_BY_CALLER)
		play_report(rp, PDN_D_RESULT_FIRST_MOVER, line, 1, NULL, 0,
		    ": %s is %s's win, as asked", res, winner);
	else if (basis == ORDER_BY_FILE)
		play_report(rp, PDN_D_RESULT_FIRST_MOVER, line, 1, NULL, 0,
		    ": %s is %s's win, as the file writes its results (the "
		    "ends of its first games weigh %d for that order, %d "
		    "against)", res, winner, p->order_for, p->order_against);
	else
		play_report(rp, PDN_D_RESULT_FIRST_MOVER, line, 1, NULL, 0,
		    ": %s is %s's win, as most files of %s write results "
		    "(nothing in the file says otherwise)", res, winner,
		    pdn_variant_title(rp->pg.variant));
}

/*
 * Says that the game's result token is read with White's score first
 * where most files of its variant write the first mover's, as its file's
 * first games say (with their weight for that order and against it): the
 * order a file was read in is counted when it was decided so.
 */
static void
note_white_first(pdn_replay *rp, long line, const char *res,
    const char *winner)
{
	const struct pdn_game_priv *p = rp->pg.g->priv;

	if (p == NULL || p->order_basis != ORDER_BY_FILE ||
	    p->order != PDN_ORDER_WHITE ||
	    outcome_writers_order(rp->pg.variant) != PDN_ORDER_FIRST_MOVER)
		return;
	play_report(rp, PDN_D_RESULT_WHITE_FIRST, line, 1, NULL, 0,
	    ": %s is %s's win, as the file writes its results, not as most "
	    "files of %s do (the ends of its first games weigh %d for that "
	    "order, %d against)", res, winner,
	    pdn_variant_title(rp->pg.variant), p->order_for,
	    p->order_against);
}

/*
 * A side to move without a legal move at the end has lost: a recorded
 * win for it, or a draw, contradicts the final position.  On a board of
 * no pieces at all (a setup, setup-empty) no side has lost: whatever
 * the result, it stands.  Where Black moves first, the token is read in
 * the order of the file's results (outcome.h), or in the other when the
 * final position proves that one; a token read with the first mover's
 * score first is noted, and so is one read with White's against the
 * file's order.
 */
static void
check_result(pdn_replay *rp, const pdn_position *fin)
{
	const pdn_game *g = rp->pg.g;
	const pdn_tag *t = pdn_game_find_tag(g, "Result");
	const char *res, *side;
	pdn_result_family family;
	pdn_outcome o, want, read;
	long line;
	int proved, swapped;

	res = play_token(g, &o, &family);
	if (o != PDN_OUTCOME_WHITE && o != PDN_OUTCOME_BLACK &&
	    o != PDN_OUTCOME_DRAW)
		return;
	line = t != NULL ? t->line : g->line;
	swapped = play_order(&rp->pg, o, &proved) == PDN_ORDER_FIRST_MOVER;
	read = swapped ? outcome_swap(o) : o;
	side = fin->side == PDN_WHITE ? "White" : "Black";
	if ((fin->white | fin->black) == 0 && (fin->hi[0] | fin->hi[1]) == 0) {
		if (swapped && o != PDN_OUTCOME_DRAW)
			note_first_mover(rp, line, res, read ==
			    PDN_OUTCOME_WHITE ? "White" : "Black");
		else if (o != PDN_OUTCOME_DRAW)
			note_white_first(rp, line, res, read ==
			    PDN_OUTCOME_WHITE ? "White" : "Black");
		return;
	}
	want = fin->side == PDN_WHITE ? PDN_OUTCOME_BLACK : PDN_OUTCOME_WHITE;
	/* The end proves the order read: it says so, not the file. */
	if (proved || (swapped && read == want && !has_move(fin))) {
		play_report(rp, swapped ? PDN_D_RESULT_FIRST_MOVER :
		    PDN_D_RESULT_WHITE_FIRST, line, 1, NULL, 0, "%s: %s is %s's "
		    "win: %s to move has %s at the end", swapped ? "" :
		    ", against the order of the file's results", res,
		    read == PDN_OUTCOME_WHITE ? "White" : "Black", side,
		    pdn_position_count(fin, fin->side) == 0 ? "no pieces" :
		    "no legal move");
		return;
	}
	if (swapped && o != PDN_OUTCOME_DRAW)
		note_first_mover(rp, line, res, read == PDN_OUTCOME_WHITE ?
		    "White" : "Black");
	else if (o != PDN_OUTCOME_DRAW)
		note_white_first(rp, line, res, read == PDN_OUTCOME_WHITE ?
		    "White" : "Black");
	if (read == want || has_move(fin))
		return;
	play_report(rp, PDN_D_RESULT_POSITION, line, 1, NULL, 0, ": %s to "
	    "move has %s at the end, so the result is %s, not %s", side,
	    pdn_position_count(fin, fin->side) == 0 ? "no pieces" :
	    "no legal move", pdn_outcome_str(swapped ? outcome_swap(want) :
	    want, family), res);
}

/*
 * Marks NODE_ALIVE the main-line nodes from which the record reads to the
 * end: those on the surviving lines, and, before a setup on one, every
 * candidate the setup replaced (the setup hangs off the first one only).
 * The walk is over a graph, so each node is visited once (its mark).
 */
static void
mark_lines(pdn_replay *rp)
{
	struct pdn_played *pg = &rp->pg;
	unsigned stamp = ++rp->stamp;
	size_t n = 0, need;
	struct node *x;
	int j, k, q;

	for (j = 0; j < pg->nfinal; j++) {
		if (play_grow((void **)&rp->stack, &rp->capstack, n + 1,
		    sizeof(*rp->stack)) != 0) {
			rp->oom = 1;
			return;
		}
		rp->stack[n++] = pg->finals[j];
	}
	while (n > 0) {
		k = rp->stack[--n];
		x = &pg->nodes[k];
		if (x->mark == stamp)
			continue;
		x->mark = stamp;
		x->flags |= NODE_ALIVE;
		if (x->parent < 0)
			continue;
		need = (x->flags & NODE_SETUP) && x->move.ncap > 1 ?
		    x->move.ncap : 1;
		if (play_grow((void **)&rp->stack, &rp->capstack, n + need,
		    sizeof(*rp->stack)) != 0) {
			rp->oom = 1;
			return;
		}
		for (q = 0; q < (int)need; q++)
			rp->stack[n++] = x->parent + q;
	}
}

/*
 * Builds the paths of the surviving lines, gathers the liberties they
 * took and marks the nodes they pass through.
 */
static void
finish(pdn_replay *rp)
{
	struct pdn_played *pg = &rp->pg;
	long n = 0, i;
	int k, j;

	pg->npath = 0;
	pg->direct = 0;
	pg->liberties = 0;
	if (pg->nfinal == 0)
		return;
	if (rp->single && pg->finals[0] == pg->mainplies) {
		/*
		 * One candidate all along and no setup: the main line's
		 * plies are nodes 1, 2... in order, the root being node 0,
		 * and every ply made is on it.
		 */
		pg->direct = 1;
		pg->npath = pg->mainplies;
		pg->liberties = pg->flags & (PDN_PLY_LIBERTY |
		    PDN_PLY_IRREGULAR);
		return;
	}
	for (k = pg->finals[0]; k >= 0; k = pg->nodes[k].parent)
		if (pg->nodes[k].elem != NULL)
			n++;
	/*
	 * The plies of every surviving line, line j's from path[j * n], so
	 * that any ply of any line is one look-up.  (The lines' nodes take
	 * more room than this already.)
	 */
	if (play_grow((void **)&pg->path, &pg->cappath,
	    (size_t)n * (size_t)pg->nfinal + 1, sizeof(*pg->path)) != 0) {
		rp->oom = 1;
		return;
	}
	pg->npath = n;
	for (j = 0; j < pg->nfinal; j++) {
		i = n;
		for (k = pg->finals[j]; k >= 0 && i > 0;
		    k = pg->nodes[k].parent)
			if (pg->nodes[k].elem != NULL)
				pg->path[(size_t)j * (size_t)n + (size_t)--i] = k;
	}
	for (j = 0; j < pg->nfinal; j++)
		for (k = pg->finals[j]; k >= 0; k = pg->nodes[k].parent)
			pg->liberties |= pg->nodes[k].flags &
			    (PDN_PLY_LIBERTY | PDN_PLY_IRREGULAR);
	mark_lines(rp);
}

/*
 * A game of a variant the library does not play: unsupported, with the
 * one diagnostic that says which GameType it is (given by its tag, by
 * the reader's option for untagged games, or none at all) and why it is
 * not played.  A game the reader could not even type because it is
 * broken (no tag, no type, syntax errors) is invalid instead: its errors
 * say why.
 */
static void
unsupported(pdn_replay *rp, const pdn_game *g)
{
	const pdn_tag *gt = pdn_game_find_tag(g, "GameType");
	const char *name = pdn_gametype_name(rp->pg.gametype);

	if (gt == NULL && rp->pg.gametype == 0 &&
	    g->errors + rp->pg.errors > 0) {
		rp->pg.status = rp->pg.main_status = PDN_REPLAY_INVALID;
		return;
	}
	rp->pg.status = rp->pg.main_status = PDN_REPLAY_UNSUPPORTED;
	if (gt == NULL && rp->pg.gametype == 0)
		play_report(rp, PDN_D_GAMETYPE_UNKNOWN, g->line, 1, NULL, 0,
		    ": not replayed (--gametype N says what untagged games "
		    "are)");
	else if (gt == NULL)
		play_report(rp, PDN_D_UNSUPPORTED_GAMETYPE, g->line, 1, NULL, 0,
		    ": GameType %d%s%s%s, as --gametype says of untagged games, "
		    "is not supported", rp->pg.gametype, name != NULL ? " (" : "",
		    name != NULL ? name : "", name != NULL ? ")" : "");
	else if (rp->pg.gametype <= 0)
		play_report(rp, PDN_D_UNSUPPORTED_GAMETYPE, gt->line, 1, NULL, 0,
		    ": GameType \"%s\" names no variant", gt->value);
	else
		play_report(rp, PDN_D_UNSUPPORTED_GAMETYPE, gt->line, 1, NULL, 0,
		    ": GameType %d (%s) is not supported", rp->pg.gametype,
		    name != NULL ? name : "no variant PDN 3.0 lists");
}


/*
 * Reports every liberty the surviving lines of the main line took, in ply
 * order, each node once.
 */
static void
report_liberties(pdn_replay *rp)
{
	struct pdn_played *pg = &rp->pg;
	unsigned stamp = ++rp->stamp;
	struct node *x;
	long i;
	int j, k;

	for (i = 0; i < pg->npath; i++)
		for (j = 0; j < pg->nfinal; j++) {
			if ((k = play_ply_node(pg, j, i)) < 0)
				continue;
			x = &pg->nodes[k];
			if ((x->flags & PDN_PLY_LIBERTY) && x->mark != stamp) {
				x->mark = stamp;
				rp->anchor = x->setup;
				report_liberty(rp, x);
			}
		}
}

/* Reports the surviving lines of an ambiguous record, where they split. */
static void
report_ambiguous(pdn_replay *rp, const pdn_game *g)
{
	const struct pdn_played *pg = &rp->pg;
	const pdn_elem *el = NULL;
	char fen[PDN_FEN_STRMAX], list[4 * PDN_FEN_STRMAX];
	size_t len = 0;
	long ply = 0;
	int k;

	for (k = pg->finals[0]; k >= 0; k = pg->nodes[k].parent)
		if (pg->nodes[k].flags & PDN_PLY_AMBIGUOUS) {
			el = pg->nodes[k].elem;
			ply = pg->nodes[k].ply;
			rp->anchor = pg->nodes[k].setup;
		}
	list[0] = '\0';
	for (k = 0; k < pg->nfinal && len + 1 < sizeof(list); k++) {
		pdn_fen_write(fen, sizeof(fen), &pg->nodes[pg->finals[k]].pos);
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s",
		    k > 0 ? ", " : "", fen);
	}
	/* Lines meet only with the same draw-rule history: say why. */
	for (k = 1; k < pg->nfinal; k++)
		if (pdn_position_equal(&pg->nodes[pg->finals[k]].pos,
		    &pg->nodes[pg->finals[0]].pos))
			break;
	play_report(rp, PDN_D_AMBIGUOUS_GAME, g->line, 1, el, ply,
	    ": %d final positions: %s%s", pg->nfinal, list, k < pg->nfinal ?
	    " (equal positions reached with different draw-rule histories)" :
	    "");
}

/*
 * Notes each short move of the main line ("ed4") that two pieces of the
 * file could make, where one line reads to the end: the move it was read
 * as, and one it was not.
 */
static void
report_short_resolved(pdn_replay *rp)
{
	struct pdn_played *pg = &rp->pg;
	const struct node *x, *o;
	char mv[PDN_MOVE_STRMAX], alt[PDN_MOVE_STRMAX];
	size_t j;
	long i;
	int k;

	for (i = 0; i < pg->npath; i++) {
		if ((k = play_ply_node(pg, 0, i)) < 0)
			continue;
		x = &pg->nodes[k];
		if (!(x->flags & PDN_PLY_AMBIGUOUS) || x->elem == NULL ||
		    movetok_file(&x->elem->u.move.tok) == 0)
			continue;
		/* The other readings hang off the same node. */
		for (j = 0, o = NULL; j < pg->nn && o == NULL; j++)
			if (&pg->nodes[j] != x && pg->nodes[j].elem == x->elem &&
			    pg->nodes[j].parent == x->parent)
				o = &pg->nodes[j];
		pdn_move_str(mv, pg->variant, &x->move, 0);
		if (o != NULL)
			pdn_move_str(alt, pg->variant, &o->move, 0);
		rp->anchor = x->setup;
		play_report(rp, PDN_D_SHORT_RESOLVED, 0, 0, x->elem, x->ply,
		    ": %s%s%s", mv, o != NULL ? ", not " : "",
		    o != NULL ? alt : "");
	}
}

int
pdn_replay_game(const pdn_played **out, pdn_replay *rp, const pdn_game *g,
    const pdn_replay_options *opt)
{
	static const pdn_replay_options defaults = PDN_REPLAY_OPTIONS_INIT;
	struct pdn_played *pg = &rp->pg;
	size_t fb = 0, fe = 0, i;
	unsigned minlib;
	struct node *root;

	*out = NULL;
	/* Options of a layout this library does not know are refused. */
	if (opt != NULL && opt->version != PDN_REPLAY_OPTIONS_VERSION)
		return PDN_EINVAL;
	rp->opt = opt != NULL ? *opt : defaults;
	pg->g = g;
	pg->nn = rp->nl = 0;
	pg->ndiag = pg->ntext = 0;
	pg->nfinal = 0;
	pg->npath = 0;
	pg->direct = 0;
	pg->mainplies = 0;
	pg->plies = 0;
	pg->errors = pg->warnings = pg->main_errors = 0;
	pg->bad_variations = 0;
	rp->depth = 0;
	pg->nsetup = pg->nmainsetup = 0;
	pg->nlrec = pg->nslot = 0;
	pg->flags = pg->liberties = 0;
	rp->oom = 0;
	rp->stamp = 0;
	rp->single = 1;
	/* The GameType is decided once: by the reader's hook, or here. */
	pg->gametype = game_finished(g) ? g->gametype : play_finish(rp, g);
	pg->variant = rp->opt.variant != NULL ? rp->opt.variant :
	    pdn_variant_get(pg->gametype);
	if (pg->variant == NULL) {
		unsupported(rp, g);
		*out = pg;
		return 0;
	}
	if (setup_read_start(rp) == 0 && (root = new_node(rp)) != NULL) {
		memset(root, 0, sizeof(*root));
		root->pos = pg->setups[0].pos;
		root->parent = -1;
		play_line(rp, &g->moves, 0, 1, 1, 0, &fb, &fe);
		/*
		 * Liberties never compete with exact readings (RULES.md
		 * 5.6): of the lines that reach the end, those that took the
		 * fewest liberties stand.
		 */
		for (i = fb, minlib = NODE_NLIB; i < fe; i++)
			if (NLIB_OF(&pg->nodes[i]) < minlib)
				minlib = NLIB_OF(&pg->nodes[i]);
		for (i = fb; i < fe && pg->nfinal < PDN_REPLAY_MAX_LINES; i++)
			if (NLIB_OF(&pg->nodes[i]) == minlib)
				pg->finals[pg->nfinal++] = (int)i;
	}
	if (!rp->oom)
		finish(rp);
	if (rp->oom)
		return PDN_ENOMEM;
	pg->plies = pg->npath;
	if (pg->liberties & PDN_PLY_LIBERTY)
		report_liberties(rp);
	if (pg->nfinal > 1)
		report_ambiguous(rp, g);
	else if (pg->nfinal == 1 && !pg->direct)
		report_short_resolved(rp);
	if (pg->errors == 0 && pg->nfinal == 1 &&
	    !(rp->opt.flags & PDN_REPLAY_NO_RESULT))
		check_result(rp, &pg->nodes[pg->finals[0]].pos);
	pg->status = pg->errors > 0 || g->errors > 0 ? PDN_REPLAY_INVALID :
	    PDN_REPLAY_VALID;
	pg->main_status = pg->main_errors > 0 || g->errors > 0 ?
	    PDN_REPLAY_INVALID : PDN_REPLAY_VALID;
	*out = pg;
	return 0;
}

