/*
 * The replay's diagnostics: counted and kept in the played game
 * (pdn_played_diag()), and handed to the caller's callback, with the
 * move's text, number and side.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "play.h"

/*
 * The move number and side of ply `ply` of a line whose last setup is
 * setups[setup]: counted from the setup, whose position says who moves
 * first after it.
 */
void
play_number_of(const struct pdn_played *pg, int setup, long ply, long *number,
    pdn_colour *side)
{
	const pdn_setup *st = &pg->setups[setup];
	pdn_colour first = pg->variant->first;
	long k = ply - 1 - st->ply + (st->pos.side != first);

	/* Pairs open with the variant's first player (Black in English). */
	*number = st->number + k / 2;
	*side = (k & 1) ? (pdn_colour)!first : first;
}

/*
 * Reports a diagnostic; elem (may be NULL) is the move concerned, at ply
 * `ply`.
 */
/* Appends s and its NUL to the played game's text; its offset, or SIZE_MAX. */
static size_t
keep_text(struct pdn_played *pg, const char *s)
{
	size_t n = strlen(s) + 1, at = pg->ntext;

	if (play_grow((void **)&pg->text, &pg->captext, pg->ntext + n, 1) != 0)
		return SIZE_MAX;
	memcpy(pg->text + at, s, n);
	pg->ntext += n;
	return at;
}

/* The played game stores its diagnostics: the tools read them there. */
static void
keep(pdn_replay *rp, const pdn_diag *d)
{
	struct pdn_played *pg = &rp->pg;
	struct kept *k;

	if (play_grow((void **)&pg->diags, &pg->capdiag, pg->ndiag + 1,
	    sizeof(*pg->diags)) != 0) {
		rp->oom = 1;
		return;
	}
	k = &pg->diags[pg->ndiag];
	k->code = d->code;
	k->line = d->line;
	k->col = d->col;
	k->ply = d->ply;
	k->number = d->number;
	k->side = d->side;
	k->depth = d->depth;
	k->second = d->second;
	k->move = d->move != NULL ? keep_text(pg, d->move) : SIZE_MAX;
	if ((k->msg = keep_text(pg, d->message)) == SIZE_MAX ||
	    (d->move != NULL && k->move == SIZE_MAX)) {
		rp->oom = 1;
		return;
	}
	pg->ndiag++;
}

/*
 * Counts a diagnostic in the played game and hands it to the callback with
 * its message `msg` (NULL: the code's fixed text, then `fmt`'s detail).
 */
static void
deliver(pdn_replay *rp, pdn_diag_code code, long line, long col,
    const pdn_elem *elem, long ply, const char *msg, const char *fmt,
    va_list *ap)
{
	char buf[1024], mv[PDN_MOVETOK_STRMAX];
	size_t len;
	pdn_diag d;

	memset(&d, 0, sizeof(d));
	d.code = code;
	d.severity = pdn_diag_severity(code);
	if (d.severity == PDN_SEV_ERROR) {
		rp->pg.errors++;
		if (rp->depth == 0)
			rp->pg.main_errors++;
	}
	else if (d.severity == PDN_SEV_WARNING)
		rp->pg.warnings++;
	d.name = pdn_diag_name(code);
	if (msg == NULL) {
		len = (size_t)snprintf(buf, sizeof(buf), "%s",
		    pdn_diag_text(code));
		if (fmt != NULL)
			vsnprintf(buf + len, sizeof(buf) - len, fmt, *ap);
		msg = buf;
	}
	d.message = msg;
	d.file = rp->pg.g->file;
	d.line = line;
	d.col = col;
	d.game = rp->pg.g->index;
	d.depth = rp->depth;
	if (elem != NULL) {
		pdn_movetok_str(mv, &elem->u.move.tok);
		d.move = mv;
		d.ply = ply;
		play_number_of(&rp->pg, rp->anchor, ply, &d.number, &d.side);
		d.second = d.side != rp->pg.variant->first;
		d.line = elem->line;
		d.col = elem->col;
	}
	keep(rp, &d);
	if (rp->opt.diag != NULL)
		rp->opt.diag(&d, rp->opt.diag_arg);
}

void
play_report(pdn_replay *rp, pdn_diag_code code, long line, long col,
    const pdn_elem *elem, long ply, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	deliver(rp, code, line, col, elem, ply, NULL, fmt, &ap);
	va_end(ap);
}

void
play_report_text(pdn_replay *rp, pdn_diag_code code, long line, long col,
    const char *text)
{
	deliver(rp, code, line, col, NULL, 0, text, NULL, NULL);
}
