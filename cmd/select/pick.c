/*
 * pdn-select's reading (pick.h): the games of a stream or a chunk, read
 * and judged by the criteria, kept with their bytes (as read or
 * canonical), their records' values and what -D needs, until the main
 * thread writes them in input order (write.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "chunks.h"
#include "cli.h"
#include "criteria.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_run.h"
#include "dups.h"
#include "options.h"
#include <pdn/pdn.h>
#include "pick.h"
#include "rewrite.h"
#include "run.h"
#include "write.h"

static struct item *
new_item(struct batch *b, int kind)
{
	struct item *it;

	if (chunk_grow((void **)&b->it, &b->capit, b->nit + 1,
	    sizeof(*b->it)) != 0) {
		b->body.oom = 1;
		return NULL;
	}
	it = &b->it[b->nit++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->text = b->body.len;
	return it;
}

/* Bytes that are no game's text: an IT_BYTES item. */
static void
between(struct batch *b, const char *s, size_t len)
{
	struct item *it;

	if (len == 0 || (it = new_item(b, IT_BYTES)) == NULL)
		return;
	pdn_buf_add(&b->body, s, len);
	it->len = b->body.len - it->text;
}

/* The tag values of a record: for each, its length (or SIZE_MAX), bytes. */
static void
keep_values(struct batch *b, const struct sel_opt *o, const pdn_game *g)
{
	const pdn_tag *t;
	size_t i, len;

	for (i = 0; i < o->ntags; i++) {
		t = pdn_game_find_tag(g, o->tags[i]);
		len = t != NULL ? t->vlen : SIZE_MAX;
		pdn_buf_add(&b->arena, (const char *)&len, sizeof(len));
		if (t != NULL)
			pdn_buf_add(&b->arena, t->value, t->vlen);
	}
}

/*
 * Whether the games written are changed (--strip, --add, --plylimit,
 * --dropply, --split-variations): they are then written canonically.
 */
int
pick_changes(const struct sel_opt *o)
{
	return o->strip != 0 || o->add != 0 || o->plylimit >= 0 ||
	    o->dropply != 0 || o->splitvar;
}

/*
 * What pdn-validate says of a game, and a canonical rewrite, take every
 * variation; the other criteria only the main line.  The replay's
 * diagnostics are pdn-validate's to say.
 */
void
pick_replay_options(pdn_replay_options *ro, const struct sel_opt *o,
    const struct drv *d)
{
	ro->flags = d->flags;
	if (o->crit.status < 0 && d->fmt != FMT_PDN)
		ro->flags |= PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
}

/*
 * Whether a diagnostic of `code` is about the moves of its game: 1 for
 * the codes only the movetext has, 2 for those of any text (an
 * unexpected character, a long token, Latin-1) that are when found after
 * the tags, 0 for the others.
 */
static int
moves_code(pdn_diag_code code)
{
	switch (code) {
	case PDN_D_BAD_MOVE:
	case PDN_D_BAD_NAG:
	case PDN_D_BAD_SETUP:
	case PDN_D_TOO_DEEP:
	case PDN_D_UNCLOSED_VARIATION:
	case PDN_D_VARIATION_FIRST:
	case PDN_D_UNBALANCED_PAREN:
	case PDN_D_STRAY_BRACE:
	case PDN_D_NESTED_BRACE:
	case PDN_D_SQUARE_PADDED:
	case PDN_D_MOVE_SPACES:
	case PDN_D_COLON_CAPTURE:
	case PDN_D_MOVENUM_PADDED:
	case PDN_D_MOVENUM_NO_DOT:
	case PDN_D_MOVENUM_DANGLING:
	case PDN_D_MOVE_SEPARATOR:
	case PDN_D_RESULT_GLUED:
	case PDN_D_RESULT_SPACED:
		return 1;
	case PDN_D_UNEXPECTED_CHAR:
	case PDN_D_NUMBER_TOO_LONG:
	case PDN_D_TOKEN_TOO_LONG:
	case PDN_D_LATIN1:
	case PDN_D_NO_TERMINATOR:
		return 2;
	default:
		return 0;
	}
}

/*
 * Whether diagnostic k, of a game whose last tag is on line `last`, is
 * about its moves (moves_code()).
 */
static int
about_moves(const struct kept_diag *k, long last)
{
	int m = moves_code(k->code);

	return m == 1 || (m == 2 && k->line > last);
}

/*
 * A query on the tags alone (run->tags_only): of the diagnostics kept
 * from `from` on, leaves out those about the moves of game g, which the
 * query does not look at, and its "written back as read" when the errors
 * that cut it short were all about its moves (as read, it goes out whole
 * anyway).  Unterminated comments and strings, which swallow what
 * follows, stay.
 */
static void
drop_move_diags(struct batch *b, size_t from, const pdn_game *g)
{
	struct kept_diags *kd = &b->kd;
	long last = g->ntags > 0 ? g->tags[g->ntags - 1].line : 0;
	size_t i, n;
	int dropped = 0, kept = 0;

	for (i = from; i < kd->n; i++) {
		if (kd->d[i].game != g->index ||
		    kd->d[i].sev != PDN_SEV_ERROR)
			continue;
		if (about_moves(&kd->d[i], last))
			dropped++;
		else
			kept++;
	}
	for (i = n = from; i < kd->n; i++) {
		if (kd->d[i].game == g->index &&
		    (about_moves(&kd->d[i], last) ||
		    (kd->d[i].code == PDN_D_AS_READ && dropped > 0 &&
		    kept == 0)))
			continue;
		kd->d[n++] = kd->d[i];
	}
	kd->n = n;
}

static int pick_wanted(pdn_diag_code code, void *arg);

/*
 * The work of a chunk or a stream (struct chunk_tool): reads the games of
 * reader r into the batch, judged by the criteria, with the worker ctx.
 */
int
pick_games(void *arg, pdn_reader *r, const struct cli_input *in, void *ctx,
    void *batch, const struct chunk_base *live, long *games)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct run *run = arg;
	const struct sel_opt *o = run->opt;
	const struct criteria *cr = &o->crit;
	struct drv *d = run->drv;
	struct chunk_worker *w = ctx;
	struct batch *b = batch;
	const pdn_played *pg;
	const pdn_game *g;
	const char *rest;
	struct item *it;
	size_t len, d0;
	uint64_t th, kh;
	int rc, sel, copy, out = !d->quiet && !o->count;
	/*
	 * Fixed for the run, as whether the input can be read again (-D):
	 * the criteria are another module's, called only when they judge.
	 */
	int replay = criteria_need_replay(cr);
	int reach = cr->nfens > 0 || cr->nmats > 0;
	int reread = o->dedup && dup_reread(run->dups);

	pick_replay_options(&ro, o, d);
	b->live = live != NULL;
	/* The reader's diagnostics (pick_diag()) are shown as d says. */
	b->drv = d;
	b->tags_only = run->tags_only;
	pdn_reader_set_wanted(r, pick_wanted, b);
	for (d0 = b->kd.n; (rc = drv_reader_next(d, &g, r)) == 1;
	    d0 = b->kd.n) {
		if (run->tags_only)
			drop_move_diags(b, d0, g);
		if (drv_no_game(g)) {
			if (d->fmt == FMT_RAW && out && g->raw != NULL) {
				if (g->before != NULL)
					between(b, g->before, g->beforelen);
				between(b, g->raw, g->rawlen);
			} else if (d->fmt == FMT_PDN && out &&
			    (it = new_item(b, IT_BYTES)) != NULL) {
				(void)pdn_game_write(&b->body, g, NULL, NULL);
				it->len = b->body.len - it->text;
			}
			continue;
		}
		sel = criteria_meets_read(cr, g);
		pg = NULL;
		/*
		 * -D in a stream, selected whatever the replay says: a copy
		 * of a kept game's text needs no replay.
		 */
		copy = 0;
		th = 0;
		if (o->dedup && live != NULL && !replay && sel != o->invert)
			copy = dup_text_copy(run->dups, g, &th);
		if (sel && (replay || (o->dedup && !copy))) {
			if (pdn_replay_game(&pg, w->rp, g, &ro) != 0) {
				b->body.oom = 1;
				break;
			}
			if (cr->status >= 0 &&
			    criteria_status(pg) != cr->status)
				sel = 0;
			if (sel && cr->verdict >= 0) {
				if (pdn_adjudicate(w->adj, w->a, pg) != 0) {
					b->body.oom = 1;
					break;
				}
				sel = (int)pdn_adjudication_verdict(w->adj) ==
				    cr->verdict;
			}
			if (sel && reach)
				sel = criteria_reached(cr, pg);
		}
		sel = sel != o->invert;
		b->games++;
		if ((it = new_item(b, IT_GAME)) == NULL)
			break;
		/*
		 * Its text not at hand (too large to keep): as read, it
		 * cannot be copied; cut short by an error, not rewritten
		 * either (said where it is written, with its place).
		 */
		if (out && sel && d->fmt == FMT_RAW &&
		    (g->raw == NULL || g->before == NULL))
			it->lost = LOST_COPY;
		else if (out && sel && d->fmt == FMT_PDN && g->truncated &&
		    g->raw == NULL)
			it->lost = LOST_REWRITE;
		it->sel = sel;
		it->game = g->index;
		it->line = g->line;
		it->offset = g->offset;
		if (sel && o->dedup && live != NULL && replay)
			copy = dup_text_copy(run->dups, g, &th);
		/* -c: a copy of a game of FILE is one (not kept for -D). */
		if (sel && run->check != NULL && !copy) {
			if (pg == NULL && pdn_replay_game(&pg, w->rp, g,
			    &ro) != 0) {
				b->body.oom = 1;
				break;
			}
			len = b->keys.len;
			dup_make_key(&b->keys, &o->dupby, g, pg);
			if ((kh = dup_played_hash(&o->dupby, g, pg)) == 0)
				kh = dup_hash(b->keys.data + len,
				    b->keys.len - len);
			copy = !b->keys.oom && dup_known(run->check,
			    b->keys.data + len, b->keys.len - len, kh);
			b->keys.len = len;
		}
		it->copy = copy;
		it->thash = th;
		if (sel && o->dedup && !copy) {
			/* -v selects games that were not replayed. */
			if (pg == NULL && pdn_replay_game(&pg, w->rp, g,
			    &ro) != 0) {
				b->body.oom = 1;
				break;
			}
			/*
			 * Its hash, its text for the comparison, and its
			 * key when its text will not do.
			 */
			it->span = g->span;
			if (g->raw == NULL || g->rawlen != g->span.len)
				it->span.len = 0;
			it->key = b->keys.len;
			it->hash = dup_played_hash(&o->dupby, g, pg);
			if (it->hash == 0 || it->span.len == 0 || !reread) {
				dup_make_key(&b->keys, &o->dupby, g, pg);
				it->keylen = b->keys.len - it->key;
				if (it->hash == 0)
					it->hash = dup_hash(b->keys.data +
					    it->key, it->keylen);
			} else
				it->keylen = 0;
			/* Written as read, it ends the body's text. */
			if (d->fmt == FMT_RAW && out && g->before != NULL)
				it->ktext = SIZE_MAX;
			else {
				it->ktext = b->keys.len;
				if (it->span.len > 0)
					pdn_buf_add(&b->keys, g->raw,
					    g->rawlen);
			}
		}
		if (sel && out && o->splitby != NULL) {
			const pdn_tag *t = pdn_game_find_tag(g, o->splitby);

			it->sval = b->arena.len;
			it->slen = t != NULL ? t->vlen : SIZE_MAX;
			if (t != NULL)
				pdn_buf_add(&b->arena, t->value, t->vlen);
		}
		if (sel && out) {
			switch (d->fmt) {
			case FMT_RAW:
				/*
				 * Not at hand (said above): a blank line in
				 * its place keeps the games around it apart
				 * (its text held the line ends between them).
				 */
				if (g->raw == NULL || g->before == NULL) {
					pdn_buf_add(&b->body, "\n\n", 2);
					break;
				}
				if (live != NULL &&
				    g->raw == g->before + g->beforelen) {
					it->at = g->before;
					it->lead = batch_lead(g->before,
					    g->beforelen);
					it->len = g->beforelen + g->rawlen;
					break;
				}
				pdn_buf_add(&b->body, g->before,
				    g->beforelen);
				pdn_buf_add(&b->body, g->raw, g->rawlen);
				it->lead = batch_lead(g->before, g->beforelen);
				break;
			case FMT_PDN:
				if ((pg == NULL && pdn_replay_game(&pg, w->rp,
				    g, &ro) != 0) ||
				    (!pick_changes(o) ?
				    pdn_game_write(&b->body, g, pg, NULL) :
				    rewrite_game(&b->body, o, g, pg, w->rp,
				    &ro)) != 0)
					b->body.oom = 1;
				/*
				 * A changed copy replayed took the handle's
				 * played game: g's is no longer at hand.
				 */
				if (o->plylimit >= 0 || o->dropply != 0 ||
				    o->splitvar || (o->add & ADD_FEN_EVERY))
					pg = NULL;
				break;
			default:
				it->vals = b->arena.len;
				keep_values(b, o, g);
				break;
			}
			if (it->at == NULL)
				it->len = b->body.len - it->text;
		}
		if (live != NULL) {
			/* Its played game, at hand for the copies' keys. */
			if (o->dedup && pg != NULL)
				dup_at_hand(run->dups, g, pg);
			write_items(run, b, live);
			if (o->dedup)
				dup_at_hand(run->dups, NULL, NULL);
			drv_progress(d, 1, g->offset + live->offset);
		}
	}
	if (d->fmt == FMT_RAW && out && rc == 0 &&
	    (rest = pdn_reader_rest(r, &len)) != NULL)
		between(b, rest, len);
	*games = b->games;
	if (b->body.oom || b->arena.oom || b->keys.oom) {
		cli_warn("out of memory");
		b->status = 2;
	}
	rc = cli_input_end(in, rc);
	return rc > b->status ? rc : b->status;
}

/* The reader's diagnostics that are shown, kept to be said in order. */
void
pick_diag(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;
	int sev;

	if (!drv_diag_off(b->drv, d) &&
	    (sev = drv_shown(b->drv, drv_severity(b->drv, d))) >= 0) {
		chunk_kept_add(&b->kd, d, (pdn_severity)sev);
		/* Those a game's end may drop (drop_move_diags()) are not. */
		if (sev != PDN_SEV_ERROR && (unsigned)d->code < TOOLDIAG_NCODES &&
		    moves_code(d->code) == 0 && d->code != PDN_D_AS_READ)
			b->said[d->code]++;
	}
}

/*
 * The reader's question (pdn_reader_set_wanted()): whether a diagnostic of
 * `code` is shown with its message.  Not when pick_diag() leaves it out,
 * nor when a query by tags alone drops it (about the moves), nor when it
 * is a warning or a note past what cli_diag() says of its code in a file
 * (cli_diag_quota()): the batch holds that many of it already, all of
 * its file, said before it.  pdn-select --count -t Result=2-0 on
 * intl-real-x20.pdn formatted the 3,320 fen-liberty warnings of its FENs,
 * of which it says 5.
 */
static int
pick_wanted(pdn_diag_code code, void *arg)
{
	struct batch *b = arg;
	pdn_diag dg;
	long quota;
	int sev;

	memset(&dg, 0, sizeof(dg));
	dg.code = code;
	dg.severity = pdn_diag_severity(code);
	if (drv_diag_off(b->drv, &dg) ||
	    (sev = drv_shown(b->drv, drv_severity(b->drv, &dg))) < 0 ||
	    (b->tags_only && moves_code(code) == 1))
		return 0;
	if (sev == PDN_SEV_ERROR || (unsigned)code >= TOOLDIAG_NCODES ||
	    (quota = cli_diag_quota((int)code)) < 0)
		return 1;
	return b->said[code] < quota;
}

