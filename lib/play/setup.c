/*
 * Where a line starts: the record's FEN tag or the start position (setup
 * 0), and the /FEN/ setups of the movetext, each read once into the
 * played game with its clocks and move number.
 */
#include <string.h>

#include "gamepriv.h"
#include "play.h"

static const pdn_elem *
first_move(const pdn_elem *el, const pdn_elem *end)
{
	for (; el < end && el->type != PDN_EL_SETUP; el++)
		if (el->type == PDN_EL_MOVE)
			return el;
	return NULL;
}

/*
 * Reads a FEN into the next entry of setups[] (tag or elem says where it
 * comes from), followed by the elements [next, end) of its line, whose
 * first move tells the side to move of a FEN that says '?'.  Returns its
 * index, or -1 when unreadable (the reader has reported it) or out of
 * memory.
 */
long
setup_add(pdn_replay *rp, const pdn_tag *tag, const pdn_elem *el, long ply,
    const pdn_elem *next, const pdn_elem *end)
{
	const struct pdn_game_priv *p = rp->pg.g->priv;
	pdn_setup *st;
	pdn_fen_info info;
	const char *s = tag != NULL ? tag->value : el->u.text.s;
	size_t len = tag != NULL ? tag->vlen : el->u.text.len;
	const pdn_elem *m;
	int side;

	if (play_grow((void **)&rp->pg.setups, &rp->pg.capsetup,
	    rp->pg.nsetup + 1, sizeof(*rp->pg.setups)) != 0) {
		rp->oom = 1;
		return -1;
	}
	st = &rp->pg.setups[rp->pg.nsetup];
	memset(&info, 0, sizeof(info));
	if (s == NULL)
		return -1;
	/* A FEN tag is read once: by the reader's finish hook, if it ran. */
	if (tag != NULL && p != NULL && p->fen_variant == rp->pg.variant &&
	    p->fen_value == tag->value) {
		if (p->fen_rc != 0)
			return -1;
		st->pos = p->fen_pos;
		info = p->fen_info;
	} else if (pdn_fen_read(&st->pos, rp->pg.variant, s, len, &info) != 0)
		return -1;
	if ((info.warnings & PDN_FEN_W_SIDE_UNKNOWN) &&
	    (m = first_move(next, end)) != NULL &&
	    (side = pdn_setup_side(&st->pos, &m->u.move.tok)) >= 0) {
		st->pos.side = (pdn_colour)side;
		info.warnings &= ~(unsigned)PDN_FEN_W_SIDE_UNKNOWN;
	}
	st->tag = tag;
	st->elem = el;
	st->ply = ply - 1;
	st->halfmove_clock = info.halfmove_clock;
	st->fullmove = info.fullmove;
	st->fen_warnings = info.warnings;
	st->number = info.fullmove > 0 ? info.fullmove : 1;
	return (long)rp->pg.nsetup++;
}

/*
 * The number written before the first move of the elements [el, end) of a
 * line, before any setup, or 0.
 */
long
setup_written_number(const pdn_elem *el, const pdn_elem *end)
{
	const pdn_elem *m = first_move(el, end);

	return m != NULL && m->u.move.number > 0 ? m->u.move.number : 0;
}


void
setup_check(pdn_replay *rp, const pdn_position *pos, long line, long col)
{
	int w = pdn_position_count(pos, PDN_WHITE);
	int b = pdn_position_count(pos, PDN_BLACK);
	int most = rp->pg.variant->men;

	if (w > most || b > most)
		play_report(rp, PDN_D_SETUP_POSITION, line, col, NULL, 0,
		    ": %s has %d pieces (at most %d)", w > most ? "White" :
		    "Black", w > most ? w : b, most);
	else if (w == 0 && b == 0)
		/*
		 * Odd, not broken: PDN 3.0's own bridges.pdn has "W::."
		 * (game 14, a draw).  No side has lost; the result stands.
		 */
		play_report(rp, PDN_D_SETUP_EMPTY, line, col, NULL, 0,
		    ": no rule decides the game, its result stands");
	else if ((pos->side == PDN_WHITE ? b : w) == 0)
		play_report(rp, PDN_D_SETUP_POSITION, line, col, NULL, 0,
		    ": %s, not to move, has no pieces",
		    pos->side == PDN_WHITE ? "Black" : "White");
}


/*
 * Where the record starts: its FEN tag, or the start position, as setup
 * 0.  Returns -1 when the FEN does not read (the reader has reported it).
 */
int
setup_read_start(pdn_replay *rp)
{
	const pdn_tag *t = pdn_game_find_tag(rp->pg.g, "FEN");
	const pdn_game *g = rp->pg.g;
	pdn_setup *st;
	long n;

	if (t != NULL) {
		/* No movetext: e is NULL, and NULL + 0 is undefined. */
		if (setup_add(rp, t, NULL, 1, g->moves.e, g->moves.n > 0 ?
		    g->moves.e + g->moves.n : g->moves.e) < 0)
			return -1;
		st = &rp->pg.setups[0];
		setup_check(rp, &st->pos, t->line, 1);
	} else {
		if (play_grow((void **)&rp->pg.setups, &rp->pg.capsetup, 1,
		    sizeof(*rp->pg.setups)) != 0) {
			rp->oom = 1;
			return -1;
		}
		st = &rp->pg.setups[0];
		memset(st, 0, sizeof(*st));
		pdn_variant_start(rp->pg.variant, &st->pos);
		st->halfmove_clock = st->fullmove = -1;
		st->number = 1;
		rp->pg.nsetup = 1;
	}
	rp->pg.nmainsetup = 1;
	/* A move number written before the first move sets the count. */
	if (g->moves.n > 0 && (n = setup_written_number(g->moves.e,
	    g->moves.e + g->moves.n)) > 0)
		st->number = n;
	return 0;
}

