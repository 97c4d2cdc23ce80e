/*
 * For fuzz/spans.c: the reader's element spans, and the edits made at
 * the spans (pdn_patch_result(), pdn_patch_cut()) as pdn-adjudicate -i
 * makes them, on any bytes.
 *
 *  - the elements of a line lie in input order within their game's span,
 *    none overlapping another, each of a variation within the variation's
 *    own span;
 *  - every game that a syntax error did not cut short is given a result
 *    and a Termination tag, and every other one of them is cut after half
 *    its plies (kept as a variation or dropped, in turn).  The edited
 *    input reads to as many games, in the same order: a game cut short
 *    comes back byte for byte; each other one comes back with the same
 *    tags but Result and Termination, which hold what was asked, the
 *    result as its terminator, and, when it was not cut, the same
 *    movetext element by element (moves, comments, NAGs, setups,
 *    variations and their bytes); a game cut has the plies it was cut
 *    to, and the moves cut as a variation that starts again with the
 *    ply's move when they were kept.
 */
#ifndef FUZZ_PATCHED_H
#define FUZZ_PATCHED_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>

#define PATCH_RESULT	"2-0"
#define PATCH_TERM	"fuzz"

/* Line l's elements in order within [from, to), nested alike. */
static void
spans_in_order(const pdn_line *l, uint64_t from, uint64_t to)
{
	const pdn_elem *e;
	size_t i;

	for (i = 0; i < l->n; i++) {
		e = &l->e[i];
		if (e->span.offset < from || e->span.len > to - from ||
		    e->span.offset + e->span.len > to) {
			fprintf(stderr, "spans: element %zu (type %d) spans "
			    "%llu+%llu, outside %llu..%llu\n", i, (int)e->type,
			    (unsigned long long)e->span.offset,
			    (unsigned long long)e->span.len,
			    (unsigned long long)from, (unsigned long long)to);
			abort();
		}
		if (e->type == PDN_EL_VARIATION)
			spans_in_order(e->u.variation, e->span.offset + 1,
			    e->span.offset + e->span.len);
		from = e->span.offset + e->span.len;
	}
}

/* Lines a and b hold the same elements, as the same bytes. */
static int
same_elems(const pdn_line *a, const pdn_line *b)
{
	const pdn_elem *x, *y;
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++) {
		x = &a->e[i];
		y = &b->e[i];
		if (x->type != y->type || x->span.len != y->span.len)
			return 0;
		switch (x->type) {
		case PDN_EL_MOVE:
			if (memcmp(&x->u.move.tok, &y->u.move.tok,
			    sizeof(x->u.move.tok)) != 0 ||
			    x->u.move.number != y->u.move.number ||
			    x->u.move.dots != y->u.move.dots)
				return 0;
			break;
		case PDN_EL_NAG:
			if (x->u.nag != y->u.nag)
				return 0;
			break;
		case PDN_EL_VARIATION:
			if (!same_elems(x->u.variation, y->u.variation))
				return 0;
			break;
		default:
			if (x->u.text.len != y->u.text.len ||
			    memcmp(x->u.text.s, y->u.text.s,
			    x->u.text.len) != 0)
				return 0;
		}
	}
	return 1;
}

/* Every tag of a that is not named Result or Termination is b's. */
static int
same_other_tags(const pdn_game *a, const pdn_game *b)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < a->ntags && (strcmp(a->tags[i].name, "Result") ==
		    0 || strcmp(a->tags[i].name, "Termination") == 0))
			i++;
		while (j < b->ntags && (strcmp(b->tags[j].name, "Result") ==
		    0 || strcmp(b->tags[j].name, "Termination") == 0))
			j++;
		if (i == a->ntags || j == b->ntags)
			return i == a->ntags && j == b->ntags;
		if (strcmp(a->tags[i].name, b->tags[j].name) != 0 ||
		    a->tags[i].vlen != b->tags[j].vlen ||
		    memcmp(a->tags[i].value, b->tags[j].value,
		    a->tags[i].vlen) != 0)
			return 0;
		i++;
		j++;
	}
}

/* Every tag of g named `name` holds `value`, and there is one. */
static int
all_tags(const pdn_game *g, const char *name, const char *value)
{
	size_t i;
	int n = 0;

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0) {
			if (strcmp(g->tags[i].value, value) != 0)
				return 0;
			n++;
		}
	return n > 0;
}

/* The games of data, copied; each one's spans checked. */
static size_t
patch_read(const char *data, size_t size, pdn_game ***out)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;
	const pdn_game *g;
	pdn_game **gs = NULL, **ng;
	size_t n = 0;
	int rc;

	opt.finish = pdn_game_finish;
	opt.keep_raw = 2;
	if (pdn_reader_new_mem(&r, data, size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		spans_in_order(&g->moves, g->span.offset,
		    g->span.offset + g->span.len);
		if ((ng = realloc(gs, (n + 1) * sizeof(*ng))) == NULL)
			abort();
		gs = ng;
		if (pdn_game_clone(&gs[n++], g) != 0)
			abort();
	}
	if (rc != 0)
		abort();
	pdn_reader_free(r);
	*out = gs;
	return n;
}

/* The ply at which game i is cut (-1: none), and whether kept. */
static long
patch_cut(const pdn_game *g, size_t i, int *keep)
{
	*keep = i % 4 == 1;
	if (i % 2 == 0 || g->plies < 2)
		return -1;
	return g->plies / 2;
}

/* The first move of line l, or NULL. */
static const pdn_elem *
first_move(const pdn_line *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].type == PDN_EL_MOVE)
			return &l->e[i];
	return NULL;
}

/* Move m is the ply-th of g's main line, from and to alike. */
static int
same_head(const pdn_game *g, long ply, const pdn_elem *m)
{
	const pdn_movetok *x = NULL, *y = &m->u.move.tok;
	size_t i;
	long n = 0;

	for (i = 0; i < g->moves.n && x == NULL; i++)
		if (g->moves.e[i].type == PDN_EL_MOVE && ++n == ply)
			x = &g->moves.e[i].u.move.tok;
	return x != NULL && x->nsq >= 2 && y->nsq >= 2 &&
	    x->sq[0] == y->sq[0] && x->sq[x->nsq - 1] == y->sq[y->nsq - 1];
}

static void
check_patch(const char *data, size_t size)
{
	pdn_game **a = NULL, **b = NULL;
	pdn_patch p = { 0 };
	pdn_buf out = { 0 };
	const pdn_elem *last, *m;
	size_t na, nb, i;
	long cut;
	int keep;

	na = patch_read(data, size, &a);
	for (i = 0; i < na; i++) {
		if (a[i]->truncated)
			continue;
		if (pdn_patch_result(&p, a[i], PATCH_RESULT, PATCH_TERM,
		    NULL) != 0)
			abort();
		if ((cut = patch_cut(a[i], i, &keep)) >= 0 &&
		    pdn_patch_cut(&p, a[i], cut, keep) != 0)
			abort();
	}
	if (pdn_patch_apply(&out, data, size, &p) != 0) {
		fprintf(stderr, "spans: the edits of %zu games do not "
		    "apply\n", na);
		abort();
	}
	nb = patch_read(out.data != NULL ? out.data : "", out.len, &b);
	if (na != nb) {
		fprintf(stderr, "spans: %zu games, %zu once edited\n", na,
		    nb);
		abort();
	}
	for (i = 0; i < na; i++) {
		if (a[i]->truncated != b[i]->truncated) {
			fprintf(stderr, "spans: game %zu: truncated %d, then "
			    "%d once edited\n", i + 1, a[i]->truncated,
			    b[i]->truncated);
			abort();
		}
		if (a[i]->truncated) {
			if ((a[i]->raw == NULL) != (b[i]->raw == NULL) ||
			    (a[i]->raw != NULL && (a[i]->rawlen !=
			    b[i]->rawlen || memcmp(a[i]->raw, b[i]->raw,
			    a[i]->rawlen) != 0))) {
				fprintf(stderr, "spans: game %zu, cut short, "
				    "changed once edited\n", i + 1);
				abort();
			}
			continue;
		}
		cut = patch_cut(a[i], i, &keep);
		if (!same_other_tags(a[i], b[i]) ||
		    !all_tags(b[i], "Result", PATCH_RESULT) ||
		    !all_tags(b[i], "Termination", PATCH_TERM) ||
		    b[i]->terminator == NULL ||
		    strcmp(b[i]->terminator, PATCH_RESULT) != 0) {
			fprintf(stderr, "spans: game %zu: its tags or "
			    "terminator once edited are not as asked\n", i + 1);
			abort();
		}
		if (cut < 0 && (!same_elems(&a[i]->moves, &b[i]->moves) ||
		    a[i]->plies != b[i]->plies ||
		    a[i]->gametype != b[i]->gametype)) {
			fprintf(stderr, "spans: game %zu: its movetext changed "
			    "once edited\n", i + 1);
			abort();
		}
		if (cut < 0)
			continue;
		if (b[i]->plies != cut) {
			fprintf(stderr, "spans: game %zu: %ld plies, cut after "
			    "%ld\n", i + 1, b[i]->plies, cut);
			abort();
		}
		if (!keep)
			continue;
		last = b[i]->moves.n > 0 ? &b[i]->moves.e[b[i]->moves.n - 1] :
		    NULL;
		if (last == NULL || last->type != PDN_EL_VARIATION ||
		    (m = first_move(last->u.variation)) == NULL) {
			fprintf(stderr, "spans: game %zu: no variation of the "
			    "moves cut\n", i + 1);
			abort();
		}
		if (!same_head(a[i], cut, m)) {
			fprintf(stderr, "spans: game %zu: the variation of the "
			    "moves cut starts with another move than ply "
			    "%ld\n", i + 1, cut);
			abort();
		}
	}
	for (i = 0; i < na; i++)
		pdn_game_free(a[i]);
	for (i = 0; i < nb; i++)
		pdn_game_free(b[i]);
	free(a);
	free(b);
	pdn_patch_free(&p);
	pdn_buf_free(&out);
}

#endif /* FUZZ_PATCHED_H */
