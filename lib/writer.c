/*
 * The canonical PDN writer (see pdn(5), "Canonical output").
 *
 * Where a line replays under the international rules, each move is
 * written in the shortest form no other legal move shares.  An ambiguous
 * short capture is not guessed at.  In the main line the replay, which
 * keeps every candidate until later moves decide, says which move it was,
 * and that move is written in its shortest unambiguous form; only when
 * several lines survive to the end does the move stay as written.  In a
 * variation every position it can lead to is kept (up to POS_MAX) and the
 * move stays as written; later moves that match in one way only are again
 * written in their shortest form.  Where a line
 * does not replay (another game type, an illegal move), moves are written
 * as read, normalised.  Variations start from the position before the
 * move they replace.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn_game.h"
#include "pdn_replay.h"

#define LINE_MAX_COLS	79
#define POS_MAX		8
#define MATCH_MAX	16

struct posset {
	int known;
	int n;
	pdn_position p[POS_MAX];
};

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
	int is10;		/* the game replays as international draughts */
	const pdn_game *g;
	int depth;		/* 0 in the main line, more in variations */
	long mainply;		/* main-line moves written so far */
	pdn_replay *rp;		/* the main line replayed, once needed */
	int resolved;		/* 0 not tried, 1 one line survives, -1 not */
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

/* Reads a FEN of a 10x10 game; 0 when it is unreadable. */
static int
read_fen(const char *s, size_t len, pdn_position *pos, pdn_fen_info *info)
{
	memset(info, 0, sizeof(*info));
	return pdn_fen_read(pos, s, len, info) == 0;
}

/*
 * The FEN as we write it: normalised into buf (PDN_FEN_STRMAX bytes) when
 * we read all of it, else the text as read, whatever its length.  Sets
 * *out to it and returns its length.
 */
static size_t
fen_text(const struct wr *w, const char *s, size_t len, char *buf,
    const char **out)
{
	pdn_position pos;
	pdn_fen_info info;

	if (w->is10 && read_fen(s, len, &pos, &info) &&
	    !(info.warnings & PDN_FEN_W_EXTRA_FIELDS)) {
		*out = buf;
		return pdn_fen_write(&pos, buf, PDN_FEN_STRMAX);
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

/*
 * For an ambiguous main-line move: the move the replay settled on, in its
 * shortest unambiguous form in s, and its position alone in *next.
 * Returns 0 when the replay cannot tell (several lines survive, or the
 * main line does not replay that far).
 */
static int
resolve(struct wr *w, struct posset *next, char *s)
{
	pdn_replay_options opt = PDN_REPLAY_OPTIONS_INIT;
	pdn_movelist legal;
	pdn_ply p;

	if (w->depth != 0)
		return 0;
	if (w->resolved == 0) {
		opt.flags = PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
		w->resolved = -1;
		if (pdn_replay_new(&w->rp) != 0) {
			w->out->oom = 1;
			return 0;
		}
		if (pdn_replay_game(w->rp, w->g, &opt) != 0)
			w->out->oom = 1;
		else if (pdn_replay_lines(w->rp) == 1)
			w->resolved = 1;
	}
	if (w->resolved != 1 ||
	    pdn_replay_ply(w->rp, 0, w->mainply, &p) != 0)
		return 0;
	pdn_generate(&p.before, &legal);
	pdn_move_str_unique(&p.move, &legal, s);
	next->known = 1;
	next->n = 1;
	next->p[0] = p.after;
	return 1;
}

/*
 * Writes the move token against the candidate positions in cur, then
 * moves cur on.
 */
static void
write_move(struct wr *w, struct posset *cur, const pdn_movetok *tok,
    const char *prefix)
{
	char text[PDN_MOVE_STRMAX + PDN_MOVETOK_STRMAX + 32];

	pdn_movelist legal;
	struct posset next;
	char s[PDN_MOVE_STRMAX > PDN_MOVETOK_STRMAX ? PDN_MOVE_STRMAX :
	    PDN_MOVETOK_STRMAX], s2[PDN_MOVE_STRMAX];
	int idx[MATCH_MAX], i, j, k, cnt, total = 0, same = 1;
	pdn_position p;

	if (!cur->known) {
		pdn_movetok_str(tok, s);
		snprintf(text, sizeof(text), "%s%s", prefix, s);
		atom_str(w, text);
		return;
	}
	next.known = 1;
	next.n = 0;
	for (i = 0; i < cur->n; i++) {
		cnt = pdn_match(&cur->p[i], tok, &legal, idx, MATCH_MAX, NULL);
		if (cnt > MATCH_MAX)
			next.known = 0;
		for (j = 0; j < cnt && j < MATCH_MAX; j++) {
			pdn_move_str_unique(&legal.m[idx[j]], &legal, s2);
			if (total == 0)
				memcpy(s, s2, sizeof(s2));
			else if (strcmp(s, s2) != 0)
				same = 0;
			total++;
			p = cur->p[i];
			pdn_make(&p, &legal.m[idx[j]]);
			for (k = 0; k < next.n; k++)
				if (pdn_position_equal(&next.p[k], &p))
					break;
			if (k < next.n)
				continue;
			if (next.n == POS_MAX)
				next.known = 0;
			else
				next.p[next.n++] = p;
		}
	}
	if (total > 1 && !same && resolve(w, &next, s))
		same = 1;
	if (total == 0 || !same)
		pdn_movetok_str(tok, s);
	if (total == 0)
		next.known = 0;
	if (w->depth == 0)
		w->mainply++;
	snprintf(text, sizeof(text), "%s%s", prefix, s);
	atom_str(w, text);
	*cur = next;
}

static void
write_line(struct wr *w, const pdn_line *l, const struct posset *start,
    long number, int side, int adopt)
{
	struct posset cur = *start, before = *start;
	pdn_position pos;
	pdn_fen_info info;
	long bnumber = number;
	int bside = side, need_num = 1, last_move = 0;
	char buf[PDN_FEN_STRMAX + 80];
	const char *text;
	size_t n;
	const pdn_elem *e;
	size_t i;

	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		switch (e->type) {
		case PDN_EL_MOVE:
			if (cur.known && cur.n > 0)
				side = cur.p[0].side == PDN_BLACK;
			else if (adopt && e->u.move.dots >= 3)
				side = 1;
			if (adopt && e->u.move.number > 0)
				number = e->u.move.number;
			adopt = 0;
			before = cur;
			bnumber = number;
			bside = side;
			if (side == 0)
				snprintf(buf, sizeof(buf), "%ld. ", number);
			else if (need_num)
				snprintf(buf, sizeof(buf), "%ld... ", number);
			else
				buf[0] = '\0';
			write_move(w, &cur, &e->u.move.tok, buf);
			if (side == 1)
				number++;
			side ^= 1;
			need_num = 0;
			last_move = 1;
			continue;
		case PDN_EL_COMMENT:
			{
				pdn_buf tmp = { 0 };

				pdn_buf_add(&tmp, "{", 1);
				pdn_buf_add(&tmp, e->u.text.s, e->u.text.len);
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
			n = fen_text(w, e->u.text.s, e->u.text.len, buf,
			    &text);
			{
				pdn_buf tmp = { 0 };

				pdn_buf_add(&tmp, "/FEN ", 5);
				add_quoted(&tmp, text, n);
				pdn_buf_add(&tmp, "/", 1);
				atom_buf(w, &tmp);
			}
			cur.n = 1;
			cur.known = w->is10 && read_fen(e->u.text.s,
			    e->u.text.len, &pos, &info);
			if (cur.known) {
				cur.p[0] = pos;
				side = pos.side == PDN_BLACK;
			} else
				side = e->u.text.len > 0 &&
				    (e->u.text.s[0] == 'B' ||
				    e->u.text.s[0] == 'b');
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
			w->depth++;
			write_line(w, e->u.variation, &before, bnumber, bside,
			    0);
			w->depth--;
			w->glue = 1;
			atom(w, ")", 1);
			need_num = 1;
			break;
		}
		last_move = 0;
	}
}

/* Nonzero when s is UTF-8 text without NUL bytes. */
static int
is_text(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, n;

	while (i < len) {
		if (p[i] == 0)
			return 0;
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		if (p[i] >= 0xc2 && p[i] <= 0xdf)
			n = 1;
		else if (p[i] >= 0xe0 && p[i] <= 0xef)
			n = 2;
		else if (p[i] >= 0xf0 && p[i] <= 0xf4)
			n = 3;
		else
			return 0;
		if (i + n >= len)
			return 0;	/* the sequence is cut off */
		for (k = 1; k <= n; k++)
			if ((p[i + k] & 0xc0) != 0x80)
				return 0;
		i += n + 1;
	}
	return 1;
}

int
pdn_game_write(const pdn_game *g, pdn_buf *out)
{
	static const char *const roster[] = {
		"Event", "Site", "Date", "Round", "White", "Black", "Result"
	};
	struct wr w;
	struct posset start;
	pdn_fen_info info;
	const char *result = NULL, *term;
	char buf[PDN_FEN_STRMAX + 80];
	const char *text;
	unsigned char *used;
	size_t i, k;
	int side = 0;
	long number = 1;

	/*
	 * A game a syntax error cut short cannot be rewritten: its text goes
	 * out as read, without the blanks at its end, so that nothing of it
	 * is lost and reading the output gives the same text again.  Bytes
	 * that are no text (NUL, invalid UTF-8) would make the output no
	 * text either: such a game is left out, its diagnostics said.
	 */
	if (g->truncated) {
		size_t n = g->rawlen;

		if (g->raw == NULL || !is_text(g->raw, n))
			return 0;
		while (n > 0 && (g->raw[n - 1] == '\n' ||
		    g->raw[n - 1] == '\r' || g->raw[n - 1] == ' ' ||
		    g->raw[n - 1] == '\t'))
			n--;
		pdn_buf_add(out, g->raw, n);
		pdn_buf_add(out, "\n\n", 2);
		return out->oom ? PDN_ENOMEM : 0;
	}
	memset(&w, 0, sizeof(w));
	w.out = out;
	w.is10 = g->gametype == 20;
	w.g = g;
	if ((used = calloc(g->ntags + 1, 1)) == NULL)
		return PDN_ENOMEM;
	for (k = 0; k < sizeof(roster) / sizeof(roster[0]); k++) {
		for (i = 0; i < g->ntags; i++)
			if (!used[i] && strcmp(g->tags[i].name, roster[k]) == 0)
				break;
		if (i < g->ntags) {
			used[i] = 1;
			write_tag(out, roster[k], g->tags[i].value,
			    g->tags[i].vlen);
			if (k == 6)
				result = g->tags[i].value;
		} else if (k == 6) {
			result = g->terminator != NULL ? g->terminator : "*";
			write_tag(out, roster[k], result, strlen(result));
		} else
			write_tag(out, roster[k], "?", 1);
	}
	if (g->gametype_inferred && g->gametype == 20)
		write_tag(out, "GameType", "20", 2);
	for (i = 0; i < g->ntags; i++) {
		if (used[i])
			continue;
		if (strcmp(g->tags[i].name, "FEN") == 0) {
			size_t n = fen_text(&w, g->tags[i].value,
			    g->tags[i].vlen, buf, &text);

			write_tag(out, "FEN", text, n);
		} else
			write_tag(out, g->tags[i].name, g->tags[i].value,
			    g->tags[i].vlen);
	}
	free(used);
	pdn_buf_add(out, "\n", 1);

	/* The start of the main line. */
	start.n = 1;
	start.known = w.is10;
	pdn_position_start(&start.p[0]);
	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, "FEN") == 0) {
			const char *v = g->tags[i].value;

			if (w.is10 && read_fen(v, g->tags[i].vlen,
			    &start.p[0], &info)) {
				if (info.fullmove > 0)
					number = info.fullmove;
			} else
				start.known = 0;
			side = v[0] == 'B' || v[0] == 'b';
			break;
		}
	if (start.known)
		side = start.p[0].side == PDN_BLACK;
	write_line(&w, &g->moves, &start, number, side, 1);

	term = pdn_result_valid(result) ? result :
	    g->terminator != NULL ? g->terminator : "*";
	atom_str(&w, term);
	endline(&w);
	pdn_buf_add(out, "\n", 1);
	pdn_replay_free(w.rp);
	return out->oom ? PDN_ENOMEM : 0;
}
