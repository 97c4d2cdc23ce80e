/*
 * Edits of the input a game was read from, made at the spans the reader
 * gave (pdn_game.span, tag_spans, terminator_span, pdn_elem.span), so that
 * a tool fixing a file in place changes the bytes it means to and no
 * other: no second reading of the text, only a look at the blanks beside
 * a span (in the game's bytes as read, with keep_raw 2) to choose where a
 * new line goes and which line end it takes.  See pdn/write.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/write.h"

void
pdn_patch_free(pdn_patch *p)
{
	free(p->e);
	pdn_buf_free(&p->text);
	memset(p, 0, sizeof(*p));
}

void
pdn_patch_clear(pdn_patch *p)
{
	p->n = 0;
	p->text.len = 0;
}

/*
 * The order of edits at one offset, whichever function added them first:
 * a variation closed before the game's new terminator, new tag lines
 * before the cut that may start where they end.
 */
enum { ORDER_CLOSE, ORDER_TAGS, ORDER_CUT, ORDER_TERMINATOR };

/*
 * Adds an edit of the bytes [off, off + len) to the text of n strings
 * (NULL ones skipped), after every edit at an offset below `off` and
 * every one at `off` whose order is not above `order`.  Returns it, or
 * NULL when out of memory.
 */
static pdn_edit *
edit(pdn_patch *p, uint64_t off, uint64_t len, unsigned order,
    const char *const *s, size_t n)
{
	pdn_edit *e, *ne;
	size_t i, at, nc;

	if (p->oom)
		return NULL;
	if (p->n == p->cap) {
		nc = p->cap ? 2 * p->cap : 16;
		if ((ne = realloc(p->e, nc * sizeof(*ne))) == NULL) {
			p->oom = 1;
			return NULL;
		}
		p->e = ne;
		p->cap = nc;
	}
	for (at = p->n; at > 0 && (p->e[at - 1].offset > off ||
	    (p->e[at - 1].offset == off && p->e[at - 1].order > order)); at--)
		;
	memmove(p->e + at + 1, p->e + at, (p->n - at) * sizeof(*e));
	p->n++;
	e = &p->e[at];
	e->offset = off;
	e->len = len;
	e->order = order;
	e->sep[0] = '\0';
	e->text = p->text.len;
	for (i = 0; i < n; i++)
		if (s[i] != NULL)
			pdn_buf_add(&p->text, s[i], strlen(s[i]));
	e->tlen = p->text.len - e->text;
	if (p->text.oom)
		p->oom = 1;
	return e;
}

/* The text of edit e. */
const char *
pdn_patch_text(const pdn_patch *p, const pdn_edit *e)
{
	return p->text.data != NULL ? p->text.data + e->text : "";
}

static int
is_eol(char c)
{
	return c == '\n' || c == '\r';
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The first line end in s[0..n): "\r\n", "\n" or "\r"; NULL for none. */
static const char *
first_eol(const char *s, size_t n)
{
	size_t i;

	if (s == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		if (s[i] == '\n')
			return "\n";
		if (s[i] == '\r')
			return i + 1 < n && s[i + 1] == '\n' ? "\r\n" : "\r";
	}
	return NULL;
}

/* The line end new lines of game g take (pdn_patch_result()). */
static const char *
game_eol(const pdn_game *g, const char *eol)
{
	const char *e;

	if ((e = first_eol(g->raw, g->rawlen)) != NULL ||
	    (e = first_eol(g->before, g->beforelen)) != NULL)
		return e;
	return eol != NULL ? eol : "\n";
}

/* The game's byte at input offset off, or -1 when it was not kept. */
static int
byte_at(const pdn_game *g, uint64_t off)
{
	if (g->raw == NULL || off < g->span.offset ||
	    off - g->span.offset >= g->rawlen)
		return -1;
	return (unsigned char)g->raw[off - g->span.offset];
}

/*
 * Whether the game starts a line: what lies before it on its line is
 * blanks or a byte order mark alone, or the input starts there.  Unknown
 * without its `before` (keep_raw 2): taken as yes.
 */
static int
starts_line(const pdn_game *g, uint64_t *blanks)
{
	const char *b = g->before;
	size_t n = g->beforelen, i;

	*blanks = 0;
	if (b == NULL)
		return 1;
	for (i = n; i > 0 && is_blank(b[i - 1]); i--)
		;
	*blanks = n - i;
	if (i > 0 && is_eol(b[i - 1]))
		return 1;
	/* The first line of the input, a BOM or nothing before. */
	if (g->span.offset == n && (i == 0 || (i == 3 &&
	    memcmp(b, "\xef\xbb\xbf", 3) == 0)))
		return 1;
	return 0;
}

/* Whether the game's bytes [from, to) are blanks and line ends. */
static int
all_blank(const pdn_game *g, uint64_t from, uint64_t to)
{
	int c;

	for (; from < to; from++)
		if ((c = byte_at(g, from)) < 0 || (!is_blank((char)c) &&
		    !is_eol((char)c)))
			return 0;
	return 1;
}

static uint64_t
span_end(const pdn_span *s)
{
	return s->offset + s->len;
}

/* Whether a cut of [s, end) leaves non-blank bytes either side of it. */
static int
gap(const pdn_game *g, uint64_t s, uint64_t end)
{
	int a = byte_at(g, s - 1), b = byte_at(g, end);

	return s > g->span.offset && a >= 0 && b >= 0 && !is_blank((char)a) &&
	    !is_eol((char)a) && !is_blank((char)b) && !is_eol((char)b);
}

/*
 * The element whose last byte is element e's: e, or in a variation never
 * closed (which ends where its last element does) that last element's.
 */
static const pdn_elem *
last_token(const pdn_elem *e)
{
	const pdn_line *l;

	while (e->type == PDN_EL_VARIATION && (l = e->u.variation)->n > 0 &&
	    span_end(&l->e[l->n - 1].span) == span_end(&e->span))
		e = &l->e[l->n - 1];
	return e;
}

/*
 * Where an edit may go after element e: its end, or past the line end
 * that ends a line comment there (an edit before it would be in the
 * comment).  Without the game's bytes, its end.
 */
static uint64_t
after(const pdn_game *g, const pdn_elem *e)
{
	uint64_t at = span_end(&e->span);
	int c;

	if (last_token(e)->type != PDN_EL_LINE_COMMENT)
		return at;
	if ((c = byte_at(g, at)) == '\r')
		return byte_at(g, at + 1) == '\n' ? at + 2 : at + 1;
	return c == '\n' ? at + 1 : at;
}

int
pdn_patch_result(pdn_patch *p, const pdn_game *g, const char *result,
    const char *termination, const char *eol)
{
	const char *nl = game_eol(g, eol);
	const pdn_tag_span *sp;
	const pdn_elem *last;
	long res = -1, term = -1;
	uint64_t at, blanks, end;
	size_t i;
	int c;

	if (g->truncated || (g->ntags > 0 && g->tag_spans == NULL))
		return PDN_EINVAL;
	for (i = 0; i < g->ntags; i++) {
		if (strcmp(g->tags[i].name, "Result") == 0 && res < 0)
			res = (long)i;
		if (strcmp(g->tags[i].name, "Termination") == 0 && term < 0)
			term = (long)i;
	}
	if (termination == NULL)
		term = 0;	/* nothing to add */
	if (g->ntags == 0) {
		/* The tags open the game, on a line of their own. */
		const char *s[] = { NULL, "[Result \"", result, "\"]", nl,
		    "[Termination \"", termination, "\"]", nl };

		if (!starts_line(g, &blanks))
			s[0] = nl;
		edit(p, g->span.offset - (s[0] != NULL ? blanks : 0),
		    s[0] != NULL ? blanks : 0, ORDER_TAGS, s,
		    termination != NULL ? 9 : 5);
	}
	for (i = 0; i < g->ntags; i++) {
		sp = &g->tag_spans[i];
		if (strcmp(g->tags[i].name, "Result") == 0 ||
		    (termination != NULL &&
		    strcmp(g->tags[i].name, "Termination") == 0)) {
			/*
			 * The value's bytes; a blank before where an
			 * unquoted value was glued to the name ("[Result'
			 * x]" would be read "[Result2-0]").
			 */
			const char *s[] = { NULL,
			    g->tags[i].name[0] == 'R' ? result : termination };

			c = byte_at(g, sp->value.offset - 1);
			if (c >= 0 && c != '"' && !is_blank((char)c) &&
			    !is_eol((char)c) && c < 0x80)
				s[0] = " ";
			edit(p, sp->value.offset, sp->value.len, ORDER_TAGS,
			    s, 2);
		}
		/*
		 * The lines a game lacks, after its last tag (Termination
		 * after Result when it has one): on lines of their own,
		 * before the line end that follows, or when the movetext
		 * follows on the same line, in place of the blanks
		 * between.
		 */
		if ((res < 0 && i + 1 == g->ntags) || (term < 0 &&
		    (long)i == (res >= 0 ? res : (long)g->ntags - 1))) {
			const char *s[] = { nl, NULL, NULL, NULL, NULL,
			    NULL, NULL, NULL, NULL };
			size_t k = 1;

			if (res < 0 && i + 1 == g->ntags) {
				s[k++] = "[Result \"";
				s[k++] = result;
				s[k++] = "\"]";
			}
			if (term < 0) {
				if (k > 1)
					s[k++] = nl;
				s[k++] = "[Termination \"";
				s[k++] = termination;
				s[k++] = "\"]";
			}
			at = sp->tag.offset + sp->tag.len;
			for (end = at; (c = byte_at(g, end)) >= 0 &&
			    is_blank((char)c); end++)
				;
			/*
			 * More on the tag's line (tags, moves): a line end
			 * after, in place of the blanks; else before the
			 * line end (after blanks that end the tag's line).
			 */
			if (c >= 0 && !is_eol((char)c)) {
				s[k++] = nl;
				edit(p, at, end - at, ORDER_TAGS, s, k);
			} else
				edit(p, c >= 0 ? end : at, 0, ORDER_TAGS, s,
				    k);
		}
	}
	if (g->terminator_span.len > 0) {
		/*
		 * A terminator glued to the token before it ("51*": a
		 * number without its dot) is one no longer once longer
		 * ("512-0"): a line end between, since blanks may join
		 * the tokens of a move ("8- 2-0").
		 */
		const char *s[] = { NULL, result };
		pdn_edit *te;

		c = byte_at(g, g->terminator_span.offset - 1);
		if (g->terminator_span.offset > g->span.offset && c >= 0 &&
		    !is_blank((char)c) && !is_eol((char)c) && c != ')' &&
		    c != '}')
			s[0] = nl;
		/* And one after it ("*1]": "2-01]"; "2-0 x13" would be
		 * one move) when the input has none there, which lies
		 * beyond the game's bytes: said to whoever applies the
		 * edit (pdn_edit_sep()). */
		if ((te = edit(p, g->terminator_span.offset,
		    g->terminator_span.len, ORDER_TERMINATOR, s, 2)) != NULL)
			snprintf(te->sep, sizeof(te->sep), "%s", nl);
	} else {
		/*
		 * After the last token, on its line; on a line of its own
		 * after tags alone or after a line comment (which would
		 * take it in).
		 */
		const char *s[] = { " ", result };

		last = g->moves.n > 0 ? last_token(&g->moves.e[g->moves.n - 1]) :
		    NULL;
		if (last == NULL || (last->type == PDN_EL_LINE_COMMENT &&
		    span_end(&last->span) == span_end(&g->span)))
			s[0] = nl;
		edit(p, g->span.offset + g->span.len, 0, ORDER_TERMINATOR, s,
		    2);
	}
	return p->oom ? PDN_ENOMEM : 0;
}

int
pdn_patch_cut(pdn_patch *p, const pdn_game *g, long ply, int keep)
{
	const pdn_line *l = &g->moves;
	const pdn_elem *e = l->e, *pm = NULL;
	char head[64 + PDN_MOVETOK_STRMAX];
	size_t i, k = 0, j;
	long plies = 0, num = -1;
	int second = 0, c;
	uint64_t s, end;

	if (g->truncated || ply < 0 || (ply == 0 && keep))
		return PDN_EINVAL;
	/* The move of the ply, how it is numbered, and the next move. */
	for (i = 0; i < l->n; i++) {
		if (e[i].type != PDN_EL_MOVE)
			continue;
		if (plies == ply) {
			k = i;
			break;
		}
		/* "12." or "12...", or Black's (or the second) of a pair. */
		if (e[i].u.move.number >= 0) {
			num = e[i].u.move.number;
			second = e[i].u.move.dots == 3;
		} else
			second = num >= 0;
		pm = &e[i];
		plies++;
	}
	if (i == l->n)
		return 0;	/* nothing after the ply */
	/*
	 * The cut starts after the ply's move and what is about it, and
	 * before the next move's number; a comment written between that
	 * number and its move goes with the move.
	 */
	j = k;
	if (e[k].u.move.number >= 0 || e[k].u.move.dots > 0)
		while (j > 0 && e[j - 1].type != PDN_EL_MOVE &&
		    e[j - 1].type != PDN_EL_VARIATION &&
		    all_blank(g, span_end(&e[j - 1].span), e[j].span.offset))
			j--;
	if (j > 0)
		s = after(g, &e[j - 1]);
	else {
		/* The first move: where the movetext starts. */
		s = g->ntags > 0 && g->tag_spans != NULL ?
		    span_end(&g->tag_spans[g->ntags - 1].tag) : g->span.offset;
		while ((c = byte_at(g, s)) >= 0 && (is_blank((char)c) ||
		    is_eol((char)c)))
			s++;
	}
	/* To the end of the main line: its last element, or past it up to
	 * the terminator what is not blank (a move number left alone). */
	end = after(g, &e[l->n - 1]);
	if (g->raw != NULL) {
		uint64_t to = g->terminator_span.len > 0 ?
		    g->terminator_span.offset : g->span.offset + g->span.len;

		for (; to > end && (c = byte_at(g, to - 1)) >= 0 &&
		    (is_blank((char)c) || is_eol((char)c)); to--)
			;
		if (to > end)
			end = to;
	}
	if (!keep) {
		/*
		 * What is left either side of the cut may be glued to it
		 * ("10x19 (...)*": "10x19*", then "10x192-0" once the
		 * terminator is replaced): a line end between them then.
		 */
		const char *sep[] = { gap(g, s, end) ? game_eol(g, NULL) : NULL };

		edit(p, s, end - s, ORDER_CUT, sep, 1);
		return p->oom ? PDN_ENOMEM : 0;
	}
	{
		const pdn_span *ms = &pm->span;
		char mv[PDN_MOVETOK_STRMAX + 1];
		size_t n = ms->len < PDN_MOVETOK_STRMAX ? (size_t)ms->len :
		    PDN_MOVETOK_STRMAX;
		const char *h[] = { head };
		const char *close[] = { ")" };
		const char *lead, *tail;

		/* The ply's move as written, when its bytes were kept. */
		if (g->raw != NULL && ms->offset >= g->span.offset &&
		    span_end(ms) <= span_end(&g->span)) {
			memcpy(mv, g->raw + (ms->offset - g->span.offset), n);
			mv[n] = '\0';
		} else
			pdn_movetok_str(mv, &pm->u.move.tok);
		/*
		 * A blank before it, but at the start of a line (after a
		 * line comment), and after it where the next byte is glued
		 * to s.
		 */
		c = byte_at(g, s - 1);
		lead = s > g->span.offset && (c == '\n' || c == '\r') ? "" :
		    " ";
		c = byte_at(g, s);
		tail = c >= 0 && !is_blank((char)c) && !is_eol((char)c) ?
		    " " : "";
		if (num >= 0)
			snprintf(head, sizeof(head), "%s(%ld%s %s%s", lead, num,
			    second ? "..." : ".", mv, tail);
		else
			snprintf(head, sizeof(head), "%s(%s%s", lead, mv, tail);
		edit(p, s, 0, ORDER_CUT, h, 1);
		edit(p, end, 0, ORDER_CLOSE, close, 1);
	}
	return p->oom ? PDN_ENOMEM : 0;
}

const char *
pdn_edit_sep(const pdn_edit *e, int next, int blanks)
{
	if (next < 0 || is_blank((char)next) || is_eol((char)next))
		return "";
	/* After blanks, only a move's separator joins ("2-0 -16"). */
	if (blanks && next != '-' && next != 'x' && next != 'X' &&
	    next != ':')
		return "";
	return e->sep;
}

/*
 * The byte written after edit i of p, once its text is written and the
 * input is at pos, that is no space or tab (-1: the input ends first),
 * the edits after it made; *blanks is set when spaces or tabs come
 * before it.
 */
static int
next_written(const char *in, size_t len, const pdn_patch *p, size_t i,
    uint64_t pos, int *blanks)
{
	const pdn_edit *e;
	const char *t;
	size_t k;

	*blanks = 0;
	for (i++;;) {
		/* An edit's text comes before the input's byte at its offset. */
		for (; i < p->n && p->e[i].offset <= pos; i++) {
			e = &p->e[i];
			t = pdn_patch_text(p, e);
			for (k = 0; k < e->tlen && is_blank(t[k]); k++)
				*blanks = 1;
			if (k < e->tlen)
				return (unsigned char)t[k];
			pos = e->offset + e->len;
		}
		if (pos >= len)
			return -1;
		if (!is_blank(in[pos]))
			return (unsigned char)in[pos];
		*blanks = 1;
		pos++;
	}
}

int
pdn_patch_apply(pdn_buf *out, const char *in, size_t len,
    const pdn_patch *p)
{
	uint64_t pos = 0;
	const char *sep;
	size_t i;
	int next, blanks;

	for (i = 0; i < p->n; i++) {
		const pdn_edit *e = &p->e[i];

		if (e->offset < pos || e->offset > len ||
		    e->len > len - e->offset)
			return PDN_EINVAL;
		pdn_buf_add(out, in + pos, (size_t)(e->offset - pos));
		pdn_buf_add(out, pdn_patch_text(p, e), e->tlen);
		pos = e->offset + e->len;
		if (e->sep[0] == '\0')
			continue;
		next = next_written(in, len, p, i, pos, &blanks);
		sep = pdn_edit_sep(e, next, blanks);
		pdn_buf_add(out, sep, strlen(sep));
	}
	pdn_buf_add(out, in + pos, len - (size_t)pos);
	return out->oom ? PDN_ENOMEM : 0;
}
