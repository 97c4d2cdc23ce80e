/*
 * Copies of a game: a deep copy that outlives the reader (for handing a
 * game to another thread), and a shallow copy with a new result (for
 * rewriting a record with its adjudicated result).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gamepriv.h"
#include "pdn/write.h"
#include "strip.h"

/* Every part of the block starts at this alignment. */
#define ALIGN	(sizeof(max_align_t))
#define ROUND(n) (((n) + ALIGN - 1) / ALIGN * ALIGN)

/* The bytes a copy of line l needs: structures, then strings apart. */
static void
line_size(const pdn_line *l, size_t *structs, size_t *strings)
{
	const pdn_elem *e;
	size_t i;

	*structs += ROUND(sizeof(pdn_line)) + ROUND(l->n * sizeof(pdn_elem));
	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		switch (e->type) {
		case PDN_EL_COMMENT:
		case PDN_EL_LINE_COMMENT:
		case PDN_EL_STRENGTH:
		case PDN_EL_SETUP:
			*strings += e->u.text.len + 1;
			break;
		case PDN_EL_VARIATION:
			line_size(e->u.variation, structs, strings);
			break;
		default:
			break;
		}
	}
}

struct block {
	unsigned char *s;	/* the next structure */
	char *t;		/* the next string */
};

static void *
take(struct block *b, size_t n)
{
	void *p = b->s;

	b->s += ROUND(n);
	return p;
}

static const char *
copy_str(struct block *b, const char *s, size_t len)
{
	char *p = b->t;

	memcpy(p, s, len);
	p[len] = '\0';
	b->t += len + 1;
	return p;
}

static void
copy_line(struct block *b, pdn_line *dst, const pdn_line *src)
{
	pdn_elem *e = take(b, src->n * sizeof(pdn_elem));
	pdn_line *v;
	size_t i;

	/* An empty line may have no elements at all (e is NULL). */
	if (src->n > 0)
		memcpy(e, src->e, src->n * sizeof(pdn_elem));
	dst->n = src->n;
	dst->e = e;
	for (i = 0; i < src->n; i++)
		switch (e[i].type) {
		case PDN_EL_COMMENT:
		case PDN_EL_LINE_COMMENT:
		case PDN_EL_STRENGTH:
		case PDN_EL_SETUP:
			e[i].u.text.s = copy_str(b, e[i].u.text.s,
			    e[i].u.text.len);
			break;
		case PDN_EL_VARIATION:
			v = take(b, sizeof(pdn_line));
			copy_line(b, v, e[i].u.variation);
			e[i].u.variation = v;
			break;
		default:
			break;
		}
}

static void strip_line(struct block *, pdn_line *, const pdn_line *,
    unsigned);

/* A deep copy of g, stripped of `what` (PDN_STRIP_*; 0: all of it). */
static int
copy_game(pdn_game **out, const pdn_game *g, unsigned what)
{
	const struct pdn_game_priv *gp = g->priv;
	size_t structs, strings = 0, i;
	struct block b;
	struct pdn_game_priv *cp;
	pdn_game *c;
	pdn_tag *tags;
	pdn_tag_span *spans = NULL;
	void *mem;

	structs = ROUND(sizeof(*cp)) + ROUND(g->ntags * sizeof(pdn_tag));
	if (g->tag_spans != NULL)
		structs += ROUND(g->ntags * sizeof(pdn_tag_span));
	line_size(&g->moves, &structs, &strings);
	/* The main line's own pdn_line lives inside the game. */
	structs -= ROUND(sizeof(pdn_line));
	for (i = 0; i < g->ntags; i++)
		strings += strlen(g->tags[i].name) + 1 + g->tags[i].vlen + 1;
	if (g->terminator != NULL)
		strings += strlen(g->terminator) + 1;
	/* Bytes as read may hold NULs: copied by length. */
	if (g->raw != NULL)
		strings += g->rawlen + 1;
	if (g->lead != NULL)
		strings += g->leadlen + 1;
	if (g->before != NULL)
		strings += g->beforelen + 1;
	if ((mem = malloc(structs + strings)) == NULL)
		return PDN_ENOMEM;
	b.s = mem;
	b.t = (char *)mem + structs;
	/*
	 * The copy is the library's own game: whether the hook decided its
	 * GameType, the FEN tag's reading and the order of its result
	 * tokens stay with it; the reader's hints do not (its moves say the
	 * same).
	 */
	cp = take(&b, sizeof(*cp));
	memset(cp, 0, sizeof(*cp));
	if (gp != NULL) {
		cp->finished = gp->finished;
		cp->fen_variant = gp->fen_variant;
		cp->fen_rc = gp->fen_rc;
		cp->fen_pos = gp->fen_pos;
		cp->fen_info = gp->fen_info;
		cp->order = gp->order;
		cp->order_basis = gp->order_basis;
		cp->order_for = gp->order_for;
		cp->order_against = gp->order_against;
	}
	c = &cp->pub;
	*c = *g;
	c->priv = cp;
	tags = take(&b, g->ntags * sizeof(pdn_tag));
	for (i = 0; i < g->ntags; i++) {
		tags[i] = g->tags[i];
		tags[i].name = copy_str(&b, g->tags[i].name,
		    strlen(g->tags[i].name));
		tags[i].value = copy_str(&b, g->tags[i].value,
		    g->tags[i].vlen);
		/* The FEN read once stays read in the copy. */
		if (gp != NULL && gp->fen_value == g->tags[i].value)
			cp->fen_value = tags[i].value;
	}
	c->tags = tags;
	if (g->tag_spans != NULL) {
		spans = take(&b, g->ntags * sizeof(pdn_tag_span));
		if (g->ntags > 0)
			memcpy(spans, g->tag_spans,
			    g->ntags * sizeof(pdn_tag_span));
	}
	c->tag_spans = spans;
	if (g->raw != NULL)
		c->raw = copy_str(&b, g->raw, g->rawlen);
	if (g->lead != NULL)
		c->lead = copy_str(&b, g->lead, g->leadlen);
	if (g->before != NULL)
		c->before = copy_str(&b, g->before, g->beforelen);
	if (g->terminator != NULL)
		c->terminator = copy_str(&b, g->terminator,
		    strlen(g->terminator));
	if (what == 0)
		copy_line(&b, &c->moves, &g->moves);
	else
		strip_line(&b, &c->moves, &g->moves, what);
	*out = c;
	return 0;
}

int
pdn_game_clone(pdn_game **out, const pdn_game *g)
{
	return copy_game(out, g, 0);
}

void
pdn_game_free(pdn_game *g)
{
	free(g);
}

void
pdn_game_amend(pdn_game *out, pdn_tag *tags, const pdn_game *g,
    const char *result, const char *termination)
{
	size_t i, n = 0, at = g->ntags;
	int has_term = 0;

	*out = *g;
	for (i = 0; i < g->ntags; i++)
		if (termination != NULL &&
		    strcmp(g->tags[i].name, "Termination") == 0)
			has_term = 1;
	for (i = 0; i < g->ntags; i++) {
		tags[n] = g->tags[i];
		if (strcmp(tags[n].name, "Result") == 0) {
			tags[n].value = result;
			tags[n].vlen = strlen(result);
			if (at == g->ntags)
				at = n + 1;
		} else if (termination != NULL &&
		    strcmp(tags[n].name, "Termination") == 0) {
			tags[n].value = termination;
			tags[n].vlen = strlen(termination);
		}
		n++;
	}
	out->ntags = g->ntags;
	/* A Termination tag of its own goes right after the Result tag. */
	if (termination != NULL && !has_term) {
		memmove(&tags[at + 1], &tags[at], (n - at) * sizeof(*tags));
		tags[at].name = "Termination";
		tags[at].value = termination;
		tags[at].vlen = strlen(termination);
		tags[at].line = 0;
		out->ntags++;
	}
	out->tags = tags;
	/* Its tags are no longer all where the input has them. */
	out->tag_spans = NULL;
	out->terminator = result;
}

/* --- stripped copies ------------------------------------------------- */

/*
 * Whether a clock command starts at s: "[%clock", "[%clk" or "[%emt"
 * followed by a blank or ']'.
 */
static size_t
clock_len(const char *s, size_t len)
{
	static const char *const names[] = { "clock", "clk", "emt", NULL };
	size_t i, k, n;

	if (len < 3 || s[0] != '[' || s[1] != '%')
		return 0;
	for (i = 0; names[i] != NULL; i++) {
		n = strlen(names[i]);
		if (len < 2 + n + 1 || memcmp(s + 2, names[i], n) != 0)
			continue;
		k = 2 + n;
		if (s[k] != ' ' && s[k] != '\t' && s[k] != ']' &&
		    s[k] != '\n' && s[k] != '\r')
			continue;
		for (; k < len && s[k] != ']'; k++)
			;
		return k < len ? k + 1 : 0;
	}
	return 0;
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * The text of comment s without its clock commands, into p (room for len
 * bytes and a NUL); the blanks around a removed command become one, and
 * the text loses the blanks at its ends when a command was removed.
 * Returns its length, 0 when nothing but blanks is left.
 */
size_t
strip_unclock(char *p, const char *s, size_t len)
{
	size_t i = 0, n = 0, k;
	int cut = 0;

	while (i < len) {
		if ((k = clock_len(s + i, len - i)) > 0) {
			cut = 1;
			i += k;
			while (n > 0 && is_blank(p[n - 1]))
				n--;
			while (i < len && is_blank(s[i]))
				i++;
			if (n > 0 && i < len)
				p[n++] = ' ';
			continue;
		}
		p[n++] = s[i++];
	}
	if (cut)
		while (n > 0 && is_blank(p[n - 1]))
			n--;
	for (k = 0; k < n && is_blank(p[k]); k++)
		;
	if (k == n)
		n = 0;
	else if (cut && k > 0) {
		memmove(p, p + k, n - k);
		n -= k;
	}
	p[n] = '\0';
	return n;
}

/* Whether element e goes into a copy stripped of `what`. */
int
strip_kept(const pdn_elem *e, unsigned what)
{
	switch (e->type) {
	case PDN_EL_COMMENT:
	case PDN_EL_LINE_COMMENT:
		return !(what & PDN_STRIP_COMMENTS);
	case PDN_EL_NAG:
	case PDN_EL_STRENGTH:
		return !(what & PDN_STRIP_NAGS);
	case PDN_EL_VARIATION:
		return !(what & PDN_STRIP_VARIATIONS);
	default:
		return 1;
	}
}

static void
strip_line(struct block *b, pdn_line *dst, const pdn_line *src,
    unsigned what)
{
	pdn_elem *e = take(b, src->n * sizeof(pdn_elem));
	pdn_line *v;
	char *p;
	size_t i, n = 0;

	for (i = 0; i < src->n; i++) {
		if (!strip_kept(&src->e[i], what))
			continue;
		e[n] = src->e[i];
		switch (e[n].type) {
		case PDN_EL_COMMENT:
			if (what & PDN_STRIP_CLOCKS) {
				p = b->t;
				e[n].u.text.len = strip_unclock(p, e[n].u.text.s,
				    e[n].u.text.len);
				e[n].u.text.s = p;
				b->t += e[n].u.text.len + 1;
				/* Nothing but clocks: no comment. */
				if (e[n].u.text.len == 0 &&
				    src->e[i].u.text.len > 0)
					continue;
				break;
			}
			/* FALLTHROUGH */
		case PDN_EL_LINE_COMMENT:
		case PDN_EL_STRENGTH:
		case PDN_EL_SETUP:
			e[n].u.text.s = copy_str(b, e[n].u.text.s,
			    e[n].u.text.len);
			break;
		case PDN_EL_VARIATION:
			v = take(b, sizeof(pdn_line));
			strip_line(b, v, e[n].u.variation, what);
			e[n].u.variation = v;
			break;
		default:
			break;
		}
		n++;
	}
	dst->n = n;
	dst->e = n > 0 ? e : NULL;
}

int
pdn_game_strip(pdn_game **out, const pdn_game *g, unsigned what)
{
	/* A truncated game is written as read: nothing to strip. */
	return copy_game(out, g, g->truncated ? 0 : what);
}
