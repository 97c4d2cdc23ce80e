/*
 * The canonical PDN writer (see pdn(5), "Canonical output").
 *
 * The writer plays nothing: the played game says, for every move element
 * of every line, which legal moves its token was read as.  A move read in
 * one way, or in several ways that all write alike, is written in the
 * shortest form no other legal move of its position shares; in the main
 * line only the readings the whole record can be read as count
 * (PDN_PLY_ALIVE), so a short capture the later moves decide is written as
 * they decided it.  An ambiguous capture is not guessed at: it stays as
 * written.  Moves the replay did not play (another game
 * type, an illegal move and what follows it) are written as read,
 * normalised.  A FEN the replay read is written in canonical form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamepriv.h"
#include "move.h"
#include "pdn/write.h"
#include "strip.h"

#define LINE_MAX_COLS	79

/*
 * Movetext is written in units: an atom and the atoms glued to it ("(",
 * a move, its strength mark, ")").  A unit is not broken, so whether a
 * line break goes before it is decided only once it is complete: the unit
 * is written into the output after a placeholder space, which becomes a
 * newline when the unit's first line does not fit.
 */
struct wr {
	pdn_buf *out;
	size_t col;		/* line length before the pending unit */
	size_t unit;		/* offset of the pending unit in out */
	int pending;		/* a unit is open */
	int sep;		/* a placeholder space precedes it */
	int glue;		/* the next atom follows without a space */
	const pdn_game *g;
	const pdn_played *pg;	/* may be NULL */
	/*
	 * The colour whose move opens each numbered pair: Black in English
	 * draughts, pool and Thai, White elsewhere and in games not played.
	 */
	pdn_colour first;
	unsigned strip;		/* PDN_STRIP_*: what is left out */
	/*
	 * Scratch, allocated when first needed: the readings of a move
	 * played (PDN_REPLAY_MAX_LINES), the legal moves of a capture's
	 * position.  A game not played, or played without a capture, does
	 * without the 20 kB of the move list.
	 */
	pdn_ply *readings;
	pdn_movelist *legal;
};

void
pdn_buf_free(pdn_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

int
pdn_buf_reserve(pdn_buf *b, size_t len)
{
	char *np;
	size_t nc;

	if (b->oom)
		return PDN_ENOMEM;
	if (b->len + len + 1 > b->cap) {
		nc = b->cap ? b->cap : 4096;
		while (nc < b->len + len + 1)
			nc *= 2;
		if ((np = realloc(b->data, nc)) == NULL) {
			b->oom = 1;
			return PDN_ENOMEM;
		}
		b->data = np;
		b->cap = nc;
	}
	return 0;
}

void
pdn_buf_add(pdn_buf *b, const char *s, size_t len)
{
	if (pdn_buf_reserve(b, len) != 0)
		return;
	memcpy(b->data + b->len, s, len);
	b->len += len;
	b->data[b->len] = '\0';
}

static void
add_str(pdn_buf *b, const char *s)
{
	pdn_buf_add(b, s, strlen(s));
}

/*
 * Closes the pending unit: breaks the line before it when its first line
 * does not fit, and sets the column to the length of the output's last
 * line (after the unit's last newline when it spans lines).
 */
static void
flush_unit(struct wr *w)
{
	const char *s, *nl;
	size_t len, first;

	if (!w->pending || w->out->oom) {
		w->pending = 0;
		return;
	}
	w->pending = 0;
	s = w->out->data + w->unit;
	len = w->out->len - w->unit;
	nl = memchr(s, '\n', len);
	first = nl != NULL ? (size_t)(nl - s) : len;
	if (w->sep && w->col + 1 + first > LINE_MAX_COLS) {
		w->out->data[w->unit - 1] = '\n';
		w->col = 0;
	} else if (w->sep)
		w->col++;
	if (nl == NULL) {
		w->col += len;
		return;
	}
	while ((nl = memchr(s, '\n', len)) != NULL) {
		len -= (size_t)(nl + 1 - s);
		s = nl + 1;
	}
	w->col = len;
}

static void
endline(struct wr *w)
{
	flush_unit(w);
	if (w->col > 0)
		pdn_buf_add(w->out, "\n", 1);
	w->col = 0;
	w->glue = 0;
}

/*
 * Writes one atom of movetext: glued to the pending unit, or as a new
 * unit after closing that one.
 */
static void
atom(struct wr *w, const char *s, size_t len)
{
	if (!(w->glue && w->pending)) {
		flush_unit(w);
		w->sep = w->col > 0;
		if (w->sep)
			pdn_buf_add(w->out, " ", 1);
		w->unit = w->out->len;
		w->pending = 1;
	}
	w->glue = 0;
	pdn_buf_add(w->out, s, len);
}

static void
atom_str(struct wr *w, const char *s)
{
	atom(w, s, strlen(s));
}

/*
 * Writes a composite atom ("{comment}", "/FEN ..."/) built in tmp, then
 * frees tmp.  Whole, so that a line breaks before a comment that does not
 * fit instead of after its brace.
 */
static void
atom_buf(struct wr *w, pdn_buf *tmp)
{
	if (tmp->oom)
		w->out->oom = 1;
	else
		atom(w, tmp->data, tmp->len);
	pdn_buf_free(tmp);
}

/*
 * The FEN as we write it: the canonical form of the setup the replay read
 * into buf (PDN_FEN_STRMAX bytes), unless its text has fields we do not
 * write (lidraughts' ":H", ":F") or a side to move '?' that no move told
 * (it stays unknown); else the text as read, whatever its length.  Sets
 * *out to it and returns its length.
 */
static size_t
fen_text(const pdn_setup *st, const char *s, size_t len, char *buf,
    const char **out)
{
	if (st != NULL && !(st->fen_warnings & (PDN_FEN_W_EXTRA_FIELDS |
	    PDN_FEN_W_SIDE_UNKNOWN))) {
		*out = buf;
		return pdn_fen_write(buf, PDN_FEN_STRMAX, &st->pos);
	}
	*out = s;
	return len;
}

/* Appends a quoted string with \" and \\ escaped. */
static void
add_quoted(pdn_buf *b, const char *s, size_t len)
{
	size_t i, start = 0;

	pdn_buf_add(b, "\"", 1);
	for (i = 0; i < len; i++)
		if (s[i] == '"' || s[i] == '\\') {
			pdn_buf_add(b, s + start, i - start);
			pdn_buf_add(b, "\\", 1);
			start = i;
		}
	pdn_buf_add(b, s + start, len - start);
	pdn_buf_add(b, "\"", 1);
}

static void
write_tag(pdn_buf *b, const char *name, const char *value, size_t vlen)
{
	pdn_buf_add(b, "[", 1);
	add_str(b, name);
	pdn_buf_add(b, " ", 1);
	add_quoted(b, value, vlen);
	pdn_buf_add(b, "]\n", 2);
}

/* The shortest form of move p that no other legal move shares, in s. */
static void
unique_str(struct wr *w, const pdn_ply *p, char *s)
{
	/* A quiet move is never one of several: it has no capture to share
	 * its squares with. */
	const pdn_variant *v = pdn_position_variant(p->before);

	if (p->move->ncap == 0) {
		pdn_move_str(s, v, p->move, 0);
		return;
	}
	if (w->legal == NULL && pdn_movelist_new(&w->legal) != 0) {
		w->out->oom = 1;
		pdn_move_str(s, v, p->move, 0);
		return;
	}
	pdn_generate(w->legal, p->before);
	pdn_move_str_unique(s, v, p->move, w->legal);
}

/*
 * Writes move element i of line `line` (-1: a line not played) and
 * returns the side to move after it, or -1 when the replay does not know.
 */
static int
write_move(struct wr *w, long line, size_t i, const pdn_movetok *tok,
    const char *prefix)
{
	char text[PDN_MOVE_STRMAX + PDN_MOVETOK_STRMAX + 32];
	char s[PDN_MOVE_STRMAX > PDN_MOVETOK_STRMAX ? PDN_MOVE_STRMAX :
	    PDN_MOVETOK_STRMAX], s2[PDN_MOVE_STRMAX];
	int n = 0, j, alive = 0, seen = 0, same = 1, side = -1;

	if (w->pg != NULL && line >= 0 && w->readings == NULL &&
	    (w->readings = malloc(PDN_REPLAY_MAX_LINES *
	    sizeof(*w->readings))) == NULL)
		w->out->oom = 1;
	if (w->pg != NULL && line >= 0 && w->readings != NULL)
		n = pdn_played_readings(w->readings, PDN_REPLAY_MAX_LINES,
		    w->pg, line, i);
	if (n > PDN_REPLAY_MAX_LINES)
		n = PDN_REPLAY_MAX_LINES;
	/*
	 * In the main line only the readings the record can be read as to
	 * its end count: one of them, or several that write alike, settle
	 * the move.
	 */
	for (j = 0; j < n; j++)
		if (w->readings[j].flags & PDN_PLY_ALIVE)
			alive++;
	for (j = 0; j < n; j++) {
		if (alive > 0 && !(w->readings[j].flags & PDN_PLY_ALIVE))
			continue;
		unique_str(w, &w->readings[j], seen++ == 0 ? s : s2);
		if (seen > 1 && strcmp(s, s2) != 0)
			same = 0;
		if (side < 0)
			side = w->readings[j].after->side;
	}
	if (n == 0 || !same)
		pdn_movetok_str(s, tok);
	snprintf(text, sizeof(text), "%s%s", prefix, s);
	atom_str(w, text);
	return side;
}

static void
write_line(struct wr *w, const pdn_line *l, long line, long number,
    int side, int known, int adopt)
{
	const pdn_setup *st;
	long bnumber = number;
	int bside = side, bknown = known, need_num = 1, last_move = 0, after;
	char buf[PDN_FEN_STRMAX + 80];
	const char *text;
	size_t n;
	const pdn_elem *e;
	size_t i;

	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		if (w->strip != 0 && !strip_kept(e, w->strip))
			continue;
		switch (e->type) {
		case PDN_EL_MOVE:
			/* Where the replay does not know the side, the
			 * record's dots say it. */
			if (!known && adopt && e->u.move.dots >= 3)
				side = 1;
			if (adopt && e->u.move.number > 0)
				number = e->u.move.number;
			adopt = 0;
			bnumber = number;
			bside = side;
			bknown = known;
			if (side == 0)
				snprintf(buf, sizeof(buf), "%ld. ", number);
			else if (need_num)
				snprintf(buf, sizeof(buf), "%ld... ", number);
			else
				buf[0] = '\0';
			after = write_move(w, line, i, &e->u.move.tok, buf);
			if (side == 1)
				number++;
			side = after >= 0 ? after != (int)w->first : side ^ 1;
			known = after >= 0;
			need_num = 0;
			last_move = 1;
			continue;
		case PDN_EL_COMMENT:
			{
				pdn_buf tmp = { 0 };
				size_t len = e->u.text.len;

				pdn_buf_add(&tmp, "{", 1);
				if ((w->strip & PDN_STRIP_CLOCKS) && len > 0 &&
				    pdn_buf_reserve(&tmp, len) == 0) {
					/* Nothing but clocks: no comment. */
					if ((len = strip_unclock(tmp.data + 1,
					    e->u.text.s, len)) == 0) {
						pdn_buf_free(&tmp);
						continue;
					}
					tmp.len += len;
				} else
					pdn_buf_add(&tmp, e->u.text.s, len);
				pdn_buf_add(&tmp, "}", 1);
				atom_buf(w, &tmp);
			}
			need_num = 1;
			break;
		case PDN_EL_LINE_COMMENT:
			if (e->u.text.s[0] == '%')
				endline(w);
			atom(w, e->u.text.s, e->u.text.len);
			endline(w);
			need_num = 1;
			break;
		case PDN_EL_NAG:
			snprintf(buf, sizeof(buf), "$%ld", e->u.nag);
			atom_str(w, buf);
			break;
		case PDN_EL_STRENGTH:
			if (last_move)
				w->glue = 1;
			atom(w, e->u.text.s, e->u.text.len);
			break;
		case PDN_EL_SETUP:
			st = w->pg != NULL ? pdn_played_setup_at(w->pg, line,
			    i) : NULL;
			n = fen_text(st, e->u.text.s, e->u.text.len, buf,
			    &text);
			{
				pdn_buf tmp = { 0 };

				pdn_buf_add(&tmp, "/FEN ", 5);
				add_quoted(&tmp, text, n);
				pdn_buf_add(&tmp, "/", 1);
				atom_buf(w, &tmp);
			}
			known = st != NULL;
			if (st != NULL)
				side = st->pos.side != w->first;
			else
				side = e->u.text.len > 0 &&
				    (e->u.text.s[0] == 'B' ||
				    e->u.text.s[0] == 'b') ==
				    (w->first == PDN_WHITE);
			adopt = 1;
			need_num = 1;
			break;
		case PDN_EL_VARIATION:
			atom(w, "(", 1);
			/*
			 * "(" glued to a strength mark would read back as
			 * the mark "(!?)": keep them apart.
			 */
			w->glue = e->u.variation->n == 0 ||
			    e->u.variation->e[0].type != PDN_EL_STRENGTH;
			write_line(w, e->u.variation, w->pg != NULL ?
			    pdn_played_variation(w->pg, line, i) : -1,
			    bnumber, bside, bknown, 0);
			w->glue = 1;
			atom(w, ")", 1);
			need_num = 1;
			break;
		}
		last_move = 0;
	}
}

/*
 * A game's text as read (a truncated game's raw): its bytes exactly, then
 * what makes the next game start a line of its own after a blank line,
 * unless the text ends so already.  Read again, the text and the blank
 * lines after it are the game's text: the output reads back to itself.
 */
static void
write_as_read(pdn_buf *out, const char *s, size_t len)
{
	size_t i;

	pdn_buf_add(out, s, len);
	if (len == 0 || s[len - 1] != '\n') {
		/* At the end of input: the last line is not blank. */
		pdn_buf_add(out, "\n\n", 2);
		return;
	}
	/* Is the last line, before its '\n', blank? */
	for (i = len - 1; i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t' ||
	    s[i - 1] == '\r'); i--)
		;
	if (i > 0 && s[i - 1] != '\n')
		pdn_buf_add(out, "\n", 1);
}

/* The seven-tag roster, the record layer's: the tools ask for it here. */
_Static_assert(PDN_ROSTER_TAGS == GAME_ROSTER_TAGS, "one roster");

const char *
pdn_roster_tag(size_t i)
{
	return i < PDN_ROSTER_TAGS ? game_roster[i] : NULL;
}

int
pdn_game_write(pdn_buf *out, const pdn_game *g, const pdn_played *pg,
    const pdn_write_options *opt)
{
	struct wr *w;
	const pdn_setup *st0 = pg != NULL ? pdn_played_setup(pg, 0) : NULL;
	const pdn_tag *fen = NULL;
	const pdn_variant *v;
	const char *result = NULL, *term;
	char buf[PDN_FEN_STRMAX + 80];
	const char *text;
	unsigned char *used;
	size_t i, k;
	int side = 0;
	long number = 1;

	/* Options of a layout this library does not know are refused. */
	if (opt != NULL && opt->version != PDN_WRITE_OPTIONS_VERSION)
		return PDN_EINVAL;
	/*
	 * What the reader skipped before the game that is more than blanks
	 * (a byte order mark) goes out before it, as read.
	 */
	if (g->lead != NULL)
		pdn_buf_add(out, g->lead, g->leadlen);
	/*
	 * A game a syntax error cut short cannot be rewritten: its bytes go
	 * out exactly as read, whatever they are (a NUL byte, invalid
	 * UTF-8), so that nothing of the input is lost.  Without them (the
	 * reader did not keep them, and said so) nothing can be written.
	 */
	if (g->truncated) {
		if (g->raw != NULL)
			write_as_read(out, g->raw, g->rawlen);
		return out->oom ? PDN_ENOMEM : 0;
	}
	if ((used = calloc(g->ntags + 1, 1)) == NULL)
		return PDN_ENOMEM;
	if ((w = calloc(1, sizeof(*w))) == NULL) {
		free(used);
		return PDN_ENOMEM;
	}
	w->out = out;
	w->g = g;
	w->pg = pg;
	w->strip = opt != NULL ? opt->strip : 0;
	w->first = pg != NULL && pdn_played_variant(pg) != NULL ?
	    pdn_variant_first(pdn_played_variant(pg)) : PDN_WHITE;
	for (k = 0; k < PDN_ROSTER_TAGS; k++) {
		for (i = 0; i < g->ntags; i++)
			if (!used[i] &&
			    strcmp(g->tags[i].name, game_roster[k]) == 0)
				break;
		if (i < g->ntags) {
			used[i] = 1;
			write_tag(out, game_roster[k], g->tags[i].value,
			    g->tags[i].vlen);
			if (k == PDN_ROSTER_TAGS - 1)
				result = g->tags[i].value;
		} else if (k == PDN_ROSTER_TAGS - 1) {
			result = g->terminator != NULL ? g->terminator : "*";
			write_tag(out, game_roster[k], result, strlen(result));
		} else
			write_tag(out, game_roster[k], "?", 1);
	}
	/*
	 * An inferred type of a variant played, as a tag: the number for
	 * international draughts, the long form, which says the board and
	 * the notation, for the others ("25,W,8,8,A0,0").
	 */
	if (g->gametype_inferred && g->gametype == 20)
		write_tag(out, "GameType", "20", 2);
	else if (g->gametype_inferred && (v = pdn_variant_get(g->gametype)) !=
	    NULL)
		write_tag(out, "GameType", pdn_variant_tag(v),
		    strlen(pdn_variant_tag(v)));
	for (i = 0; i < g->ntags; i++) {
		if (used[i])
			continue;
		if (fen == NULL && strcmp(g->tags[i].name, "FEN") == 0) {
			/* The FEN the replay read (an amended copy of the
			 * game shares its text). */
			size_t n = fen_text(st0 != NULL && st0->tag != NULL &&
			    st0->tag->value == g->tags[i].value ? st0 : NULL,
			    g->tags[i].value, g->tags[i].vlen, buf, &text);

			fen = &g->tags[i];
			write_tag(out, "FEN", text, n);
		} else
			write_tag(out, g->tags[i].name, g->tags[i].value,
			    g->tags[i].vlen);
	}
	free(used);
	pdn_buf_add(out, "\n", 1);

	/* The start of the main line. */
	if (st0 != NULL) {
		side = st0->pos.side != w->first;
		if (st0->fullmove > 0)
			number = st0->fullmove;
	} else if (fen != NULL)
		side = fen->value[0] == 'B' || fen->value[0] == 'b';
	write_line(w, &g->moves, pg != NULL ? 0 : -1, number, side,
	    st0 != NULL, 1);

	/*
	 * The terminator is the record's own statement, kept when it
	 * differs from the Result tag (a "*" too); a game without one ends
	 * with the Result tag's result, or "*".
	 */
	term = g->terminator != NULL ? g->terminator :
	    pdn_result_valid(result) ? result : "*";
	atom_str(w, term);
	endline(w);
	pdn_buf_add(out, "\n", 1);
	free(w->readings);
	pdn_movelist_free(w->legal);
	free(w);
	return out->oom ? PDN_ENOMEM : 0;
}
