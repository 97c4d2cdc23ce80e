/*
 * Why a move is not legal, and what was possible instead: the detail of
 * the illegal-move and variation-illegal diagnostics.
 */
#include <stdio.h>
#include <string.h>

#include "match.h"
#include "move.h"
#include "play.h"

/*
 * Appends the moves of list selected by `want` to buf, comma-separated,
 * their squares by file and rank when alpha is 1, else by number.
 */
static size_t
list_moves(const pdn_variant *v, int alpha, const pdn_movelist *list,
    int (*want)(const pdn_move *, int), int arg, char *buf, size_t size)
{
	char s[PDN_MOVE_STRMAX];
	size_t len = 0;
	int i, shown = 0;

	buf[0] = '\0';
	for (i = 0; i < list->n && len + 1 < size; i++) {
		if (!want(&list->m[i], arg))
			continue;
		if (shown == 12) {
			len += (size_t)snprintf(buf + len, size - len, ", ...");
			break;
		}
		move_str_unique_as(s, v, &list->m[i], list, alpha);
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    shown > 0 ? ", " : "", s);
		shown++;
	}
	return len < size ? len : size - 1;
}

static int
want_any(const pdn_move *m, int arg)
{
	(void)m;
	(void)arg;
	return 1;
}

static int
want_from(const pdn_move *m, int from)
{
	return m->from == from;
}

static int
want_fromto(const pdn_move *m, int fromto)
{
	return m->from == fromto / 64 && m->to == fromto % 64;
}

/* What a precedence rule makes compulsory, for a message. */
static const char *
precedence_rule(enum precedence prec)
{
	switch (prec) {
	case PREC_KING_MOVER:
		return "a capture, with a king when one can capture,";
	case PREC_COUNT_KINGS:
		return "the capture of the most pieces, then of the most kings,";
	case PREC_ITALIAN:
		return "the capture Italian precedence requires (the most "
		    "pieces, by a king, the most kings, kings first)";
	case PREC_FRISIAN:
		return "the capture of the most value (a king worth almost "
		    "two men), by a king at equal value,";
	default:
		return "a capture";
	}
}

static const char *
piece_name(pdn_piece p)
{
	switch (p) {
	case PDN_WHITE_MAN:
		return "a white man";
	case PDN_BLACK_MAN:
		return "a black man";
	case PDN_WHITE_KING:
		return "a white king";
	case PDN_BLACK_KING:
		return "a black king";
	default:
		return "nothing";
	}
}

/*
 * Says why the token is not legal in pos, and what was possible: the
 * detail after "not legal here", its squares and moves in the notation
 * of the token (a record of Russian draughts by number is told of 22-18,
 * not of c3-d4).
 */
void
play_explain(pdn_replay *rp, const pdn_position *pos,
    const pdn_movetok *written, char *buf, size_t size)
{
	pdn_movelist *list = &rp->list;
	const pdn_variant *v = pdn_variant_of(pos);
	const char *side = pos->side == PDN_WHITE ? "White" : "Black";
	char moves[600], f[8], t[8];
	pdn_movetok nt, one;
	const pdn_movetok *tok = &nt;
	int alpha = written->alpha, from, to, k, n;
	pdn_piece p;

	if (written->alpha && variant_is_intl(v)) {
		snprintf(buf, size, "algebraic squares in a 10x10 game");
		return;
	}
	if (pdn_movetok_squares(v, written, &nt) != 0) {
		/* The first square that is none of the board. */
		for (k = 0; k < written->nsq; k++) {
			one = *written;
			one.nsq = 2;
			one.sq[0] = one.sq[1] = written->sq[k];
			if (pdn_movetok_squares(v, &one, &nt) != 0)
				break;
		}
		if (written->alpha)
			snprintf(buf, size, "%c%u is not a square of the board",
			    'a' + (written->sq[k] - PDN_ALPHA) / 100 - 1,
			    (written->sq[k] - PDN_ALPHA) % 100);
		else
			snprintf(buf, size, "square %u is not on the board",
			    written->sq[k]);
		return;
	}
	n = pdn_generate(list, pos);
	if (n <= 0) {
		snprintf(buf, size, "%s has no legal move", side);
		return;
	}
	from = tok->sq[0];
	to = tok->sq[tok->nsq - 1];
	square_str_as(t, v, to, alpha);
	if ((k = movetok_file(written)) != 0) {
		/* A short move ("ed4"): a file, no square, to look at. */
		list_moves(v, alpha, list, want_any, 0, moves, sizeof(moves));
		snprintf(buf, size, "no move from the %c file to %s fits; %s "
		    "can play: %s", 'a' + k - 1, t, side, moves);
		return;
	}
	square_str_as(f, v, from, alpha);
	if (list->m[0].ncap > 0) {
		/* The generator keeps only the captures the rules allow. */
		if (pdn_match_list(NULL, 0, NULL, v, tok, list) == 0 &&
		    list_moves(v, alpha, list, want_fromto, from * 64 + to, moves,
		    sizeof(moves)) > 0) {
			snprintf(buf, size, "the squares listed fit none of "
			    "the captures from %s to %s: %s", f, t, moves);
			return;
		}
		list_moves(v, alpha, list, want_any, 0, moves, sizeof(moves));
		if (v->prec == PREC_COUNT || variant_is_intl(v))
			snprintf(buf, size, "a capture of %d piece%s is "
			    "compulsory: %s", list->m[0].ncap,
			    list->m[0].ncap == 1 ? "" : "s", moves);
		else
			snprintf(buf, size, "%s is compulsory: %s",
			    precedence_rule(v->prec), moves);
		return;
	}
	p = pdn_position_get(pos, from);
	if ((pos->side == PDN_WHITE && p != PDN_WHITE_MAN &&
	    p != PDN_WHITE_KING) || (pos->side == PDN_BLACK &&
	    p != PDN_BLACK_MAN && p != PDN_BLACK_KING)) {
		snprintf(buf, size, "%s to move and %s holds %s", side, f,
		    piece_name(p));
		return;
	}
	if (tok->nsq > 2 || tok->capture) {
		snprintf(buf, size, "there is no capture");
		if (list_moves(v, alpha, list, want_from, from, moves,
		    sizeof(moves)) > 0)
			snprintf(buf + strlen(buf), size - strlen(buf),
			    "; %s on %s can play: %s", piece_name(p), f,
			    moves);
		return;
	}
	if (list_moves(v, alpha, list, want_from, from, moves,
	    sizeof(moves)) > 0)
		snprintf(buf, size, "%s on %s can play: %s", piece_name(p),
		    f, moves);
	else
		snprintf(buf, size, "%s on %s cannot move", piece_name(p), f);
}

