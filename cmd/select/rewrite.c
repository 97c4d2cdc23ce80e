/*
 * pdn-select's changed games (rewrite.h): a game written canonically
 * with the changes of --strip, --add, --plylimit, --dropply and
 * --split-variations.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include <pdn/pdn.h>
#include "rewrite.h"

/*
 * Sets tag `name` of tags[0..*n-1] to value: the first of that name
 * takes it, the others go; without one, it is added at the end.
 */
static void
set_tag(pdn_tag *tags, size_t *n, const char *name, const char *value)
{
	size_t i, k = 0;
	int done = 0;

	for (i = 0; i < *n; i++) {
		if (strcmp(tags[i].name, name) == 0) {
			if (done)
				continue;
			done = 1;
			tags[i].value = value;
			tags[i].vlen = strlen(value);
		}
		tags[k++] = tags[i];
	}
	if (!done) {
		tags[k].name = name;
		tags[k].value = value;
		tags[k].vlen = strlen(value);
		tags[k].line = 0;
		k++;
	}
	*n = k;
}

/*
 * Appends game g (played as pg) canonically, stripped of what --strip
 * says and with the tags of --add.  Returns 0 or PDN_ENOMEM.
 */
static int
write_tagged(pdn_buf *out, const struct sel_opt *o, const pdn_game *g,
    const pdn_played *pg)
{
	pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
	char plies[32], fen[PDN_FEN_STRMAX], hash[20];
	const pdn_position *f;
	const pdn_game *src = g;
	pdn_game am;
	pdn_tag *tags = NULL;
	pdn_buf key = { 0 };
	size_t n;
	int rc = PDN_ENOMEM;

	if (g->truncated)
		return pdn_game_write(out, g, pg, NULL);
	if (o->add) {
		if ((tags = malloc((g->ntags + 3) * sizeof(*tags))) == NULL)
			return PDN_ENOMEM;
		if (g->ntags > 0)
			memcpy(tags, g->tags, g->ntags * sizeof(*tags));
		n = g->ntags;
		if (o->add & ADD_PLYCOUNT) {
			/* As --plies counts them: the main line's, written. */
			snprintf(plies, sizeof(plies), "%ld", g->plies);
			set_tag(tags, &n, "PlyCount", plies);
		}
		if ((o->add & ADD_FEN) && pdn_played_lines(pg) > 0 &&
		    pdn_played_plies(pg) == g->plies &&
		    (f = pdn_played_final(pg, 0)) != NULL) {
			pdn_fen_write(fen, sizeof(fen), f);
			set_tag(tags, &n, "FinalFEN", fen);
		}
		if (o->add & ADD_HASH) {
			snprintf(hash, sizeof(hash), "%016llx",
			    (unsigned long long)dup_game_hash(&key, &o->dupby,
			    g, pg));
			if (key.oom)
				goto out;
			set_tag(tags, &n, "Hash", hash);
		}
	}
	/* Stripped as it is written, from the played game at hand. */
	wo.strip = o->strip;
	if (o->add) {
		am = *src;
		am.tags = tags;
		am.ntags = n;
		am.tag_spans = NULL;
		src = &am;
	}
	rc = pdn_game_write(out, src, pg, &wo);
out:
	pdn_buf_free(&key);
	free(tags);
	return rc;
}

/*
 * A changed copy of a game (--plylimit, --dropply, --add fen-every,
 * --split-variations): the game's fields, its own tags and elements,
 * borrowing the rest (texts, variations) from the game read.
 */
struct gcopy {
	pdn_game g;
	pdn_tag *tags;
	pdn_elem *el;
	char *fens;		/* --add fen-every: the comments' texts */
	char fen[PDN_FEN_STRMAX];	/* the FEN tag's value */
};

static void
gcopy_free(struct gcopy *c)
{
	free(c->tags);
	free(c->el);
	free(c->fens);
	memset(c, 0, sizeof(*c));
}

/*
 * c a copy of g whose main line is line[from..to) (plies its moves),
 * with room for `more` tags; 0 or -1 out of memory.
 */
static int
gcopy_make(struct gcopy *c, const pdn_game *g, const pdn_line *line,
    size_t from, size_t to, size_t more)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->g = *g;
	if ((c->tags = malloc((g->ntags + more + 1) * sizeof(*c->tags))) ==
	    NULL || (c->el = malloc((to - from + 1) * sizeof(*c->el))) ==
	    NULL) {
		gcopy_free(c);
		return -1;
	}
	if (g->ntags > 0)
		memcpy(c->tags, g->tags, g->ntags * sizeof(*c->tags));
	if (to > from)
		memcpy(c->el, line->e + from, (to - from) * sizeof(*c->el));
	c->g.tags = c->tags;
	c->g.tag_spans = NULL;
	c->g.moves.e = c->el;
	c->g.moves.n = to - from;
	c->g.plies = 0;
	for (i = 0; i < to - from; i++)
		c->g.plies += c->el[i].type == PDN_EL_MOVE;
	return 0;
}

/* Sets tag name of copy c to value (borrowed). */
static void
gcopy_tag(struct gcopy *c, const char *name, const char *value)
{
	set_tag(c->tags, &c->g.ntags, name, value);
}

/*
 * Copy c ends before the game did: its result is unknown ("*": a part of
 * a game says nothing of how it ended).
 */
static void
gcopy_result(struct gcopy *c)
{
	gcopy_tag(c, "Result", "*");
	c->g.terminator = "*";
}

/* Copy c starts from pos: a FEN tag and SetUp "1". */
static void
gcopy_from(struct gcopy *c, const pdn_position *pos)
{
	pdn_fen_write(c->fen, sizeof(c->fen), pos);
	gcopy_tag(c, "SetUp", "1");
	gcopy_tag(c, "FEN", c->fen);
}

/* The index in l of its move element k (0-based), or l->n. */
static size_t
move_at(const pdn_line *l, long k)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].type == PDN_EL_MOVE && k-- == 0)
			return i;
	return l->n;
}

/*
 * Writes copy c, played as pg, with a FEN comment after every move of
 * its main line when --add fen-every says so (the copy made with them is
 * replayed with rp), and the tags of --add, stripped as --strip says.
 */
static int
write_final(pdn_buf *out, const struct sel_opt *o, const pdn_game *g,
    const pdn_played *pg, pdn_replay *rp, const pdn_replay_options *ro)
{
	struct gcopy c;
	pdn_ply ply;
	size_t i, k, n;
	long p = 0;
	int rc;

	if (!(o->add & ADD_FEN_EVERY) || g->truncated)
		return write_tagged(out, o, g, pg);
	n = g->moves.n;
	if (gcopy_make(&c, g, &g->moves, 0, 0, 0) != 0)
		return PDN_ENOMEM;
	free(c.el);
	if ((c.el = malloc((2 * n + 1) * sizeof(*c.el))) == NULL ||
	    (c.fens = malloc((size_t)g->plies * PDN_FEN_STRMAX + 1)) ==
	    NULL) {
		gcopy_free(&c);
		return PDN_ENOMEM;
	}
	c.g.moves.e = c.el;
	c.g.plies = g->plies;
	/*
	 * After each move the replay played (its first surviving line),
	 * after the annotations that belong to the move itself (NAGs,
	 * strength marks), before its comments and variations.
	 */
	for (i = k = 0; i < n; i++) {
		c.el[k++] = g->moves.e[i];
		if (g->moves.e[i].type != PDN_EL_MOVE)
			continue;
		while (i + 1 < n && (g->moves.e[i + 1].type == PDN_EL_NAG ||
		    g->moves.e[i + 1].type == PDN_EL_STRENGTH))
			c.el[k++] = g->moves.e[++i];
		if (pdn_played_lines(pg) == 0 || p >= pdn_played_plies(pg) ||
		    pdn_played_ply(&ply, pg, 0, p) != 0) {
			p++;
			continue;
		}
		c.el[k] = g->moves.e[i];
		c.el[k].type = PDN_EL_COMMENT;
		c.el[k].u.text.s = c.fens + p * PDN_FEN_STRMAX;
		c.el[k].u.text.len = pdn_fen_write(c.fens + p * PDN_FEN_STRMAX,
		    PDN_FEN_STRMAX, ply.after);
		k++;
		p++;
	}
	c.g.moves.n = k;
	if (pdn_replay_game(&pg, rp, &c.g, ro) != 0)
		rc = PDN_ENOMEM;
	else
		rc = write_tagged(out, o, &c.g, pg);
	gcopy_free(&c);
	return rc;
}

/*
 * --split-variations: the variations of line l, number `line` (of g,
 * played as pg), each a game of its own from the position it starts in,
 * then theirs, depth first, into pieces[*np..max).  0 or PDN_ENOMEM.
 */
static int
collect_variations(const pdn_game *g, const pdn_played *pg, long line,
    const pdn_line *l, struct gcopy *pieces, size_t *np, size_t max)
{
	const pdn_line *v;
	pdn_ply r;
	long vl;
	size_t i, f;
	int rc;

	for (i = 0; i < l->n; i++) {
		if (l->e[i].type != PDN_EL_VARIATION)
			continue;
		v = l->e[i].u.variation;
		vl = pdn_played_variation(pg, line, i);
		f = move_at(v, 0);
		/* Not played (it branches from nothing): no position. */
		if (vl < 0 || f == v->n || *np == max ||
		    pdn_played_readings(&r, 1, pg, vl, f) < 1)
			continue;
		if (gcopy_make(&pieces[*np], g, v, 0, v->n, 3) != 0)
			return PDN_ENOMEM;
		gcopy_from(&pieces[*np], r.before);
		gcopy_result(&pieces[*np]);
		/* Its first move keeps its number: "2. 37-32". */
		pieces[*np].el[f].u.move.number = r.number;
		pieces[*np].el[f].u.move.dots = r.second ? 3 : 1;
		(*np)++;
		if ((rc = collect_variations(g, pg, vl, v, pieces, np,
		    max)) != 0)
			return rc;
	}
	return 0;
}

/* The variations a line holds, in it and in them. */
static size_t
count_variations(const pdn_line *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++)
		if (l->e[i].type == PDN_EL_VARIATION)
			n += 1 + count_variations(l->e[i].u.variation);
	return n;
}

int
rewrite_game(pdn_buf *out, const struct sel_opt *o, const pdn_game *g,
    const pdn_played *pg, pdn_replay *rp, const pdn_replay_options *ro)
{
	struct gcopy c, *pieces;
	const pdn_position *pos;
	pdn_ply ply;
	size_t np = 0, i, n, from, to;
	long drop;
	int rc = 0;

	if (g->truncated)
		return pdn_game_write(out, g, pg, NULL);
	if (o->splitvar) {
		n = count_variations(&g->moves);
		if ((pieces = calloc(n + 1, sizeof(*pieces))) == NULL)
			return PDN_ENOMEM;
		/* The main line first, without its variations. */
		rc = collect_variations(g, pg, 0, &g->moves, pieces, &np, n);
		if (rc == 0 && n > 0) {
			struct sel_opt so = *o;

			so.strip |= PDN_STRIP_VARIATIONS;
			rc = write_final(out, &so, g, pg, rp, ro);
		} else if (rc == 0)
			rc = write_final(out, o, g, pg, rp, ro);
		for (i = 0; i < np; i++) {
			if (rc == 0) {
				struct sel_opt so = *o;

				so.strip |= PDN_STRIP_VARIATIONS;
				if (pdn_replay_game(&pg, rp, &pieces[i].g,
				    ro) != 0)
					rc = PDN_ENOMEM;
				else
					rc = write_final(out, &so,
					    &pieces[i].g, pg, rp, ro);
			}
			gcopy_free(&pieces[i]);
		}
		free(pieces);
		return rc;
	}
	if (o->plylimit < 0 && o->dropply == 0)
		return write_final(out, o, g, pg, rp, ro);
	/* --dropply -N: all but the last N plies. */
	drop = o->dropply;
	if (drop < 0)
		drop = g->plies + drop > 0 ? g->plies + drop : 0;
	/* All of them: the final position, no move. */
	if (drop > g->plies)
		drop = g->plies;
	from = drop > 0 ? move_at(&g->moves, drop) : 0;
	pos = NULL;
	if (drop > 0) {
		/* Where the game is then, as its first line played it. */
		if (pdn_played_lines(pg) == 0 || pdn_played_plies(pg) < drop ||
		    pdn_played_ply(&ply, pg, 0, drop - 1) != 0)
			return write_final(out, o, g, pg, rp, ro);
		/* What follows the last move dropped goes with it. */
		pos = ply.after;
	}
	to = g->moves.n;
	if (o->plylimit >= 0 && g->plies - drop > o->plylimit)
		to = move_at(&g->moves, drop + o->plylimit);
	if (from == 0 && to == g->moves.n)
		return write_final(out, o, g, pg, rp, ro);
	if (gcopy_make(&c, g, &g->moves, from, to, 3) != 0)
		return PDN_ENOMEM;
	if (pos != NULL) {
		gcopy_from(&c, pos);
		/* Its first move keeps its number: "23... 12-18". */
		if (from < to && c.el[0].type == PDN_EL_MOVE &&
		    drop < pdn_played_plies(pg) &&
		    pdn_played_ply(&ply, pg, 0, drop) == 0) {
			c.el[0].u.move.number = ply.number;
			c.el[0].u.move.dots = ply.second ? 3 : 1;
		}
	}
	if (to < g->moves.n)
		gcopy_result(&c);
	if (pdn_replay_game(&pg, rp, &c.g, ro) != 0)
		rc = PDN_ENOMEM;
	else
		rc = write_final(out, o, &c.g, pg, rp, ro);
	gcopy_free(&c);
	return rc;
}
