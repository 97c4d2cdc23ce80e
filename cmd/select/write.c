/*
 * pdn-select's output (write.h): the items of the batches written in
 * input order where they go (the output, a file of --split or --split-by,
 * the --dup-file), as read, canonical (changed by --strip and --add) or
 * as records (tsv, json).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>

#include "batch.h"
#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "dups.h"
#include "emit.h"
#include "options.h"
#include "partname.h"
#include <pdn/pdn.h>
#include "write.h"

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
write_changed(pdn_buf *out, const struct sel_opt *o, const pdn_game *g,
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

/* A file of --split or --split-by. */
struct part {
	struct cli_output *out;
	char *value;		/* --split-by: the tag's value, or NULL */
	size_t len;
	int none;		/* no such tag */
	char *name;		/* what the value became in the file name */
	char *path;		/* the file's */
	long used;		/* when it was last written */
};

/* The most files of --split-by open at once; the others are reopened. */
#define MAX_OPEN	128

/* The path of part `name` of the -o stem: stem-name.pdn. */
static char *
part_path(const char *stem, const char *name)
{
	size_t n = strlen(stem);
	char *p;

	if (n > 4 && strcasecmp(stem + n - 4, ".pdn") == 0)
		n -= 4;
	if ((p = malloc(n + strlen(name) + 6)) == NULL)
		return NULL;
	memcpy(p, stem, n);
	sprintf(p + n, "-%s.pdn", name);
	return p;
}

/*
 * --split-by finds the file of a value, and whether a name is taken,
 * through two hash indexes of the parts, so that a run over many values
 * does not compare each game's value with every file's.  Names are
 * compared without case (partname.h): two that differ only in it are one
 * file on a case-insensitive file system.
 */
#define NONE_HASH	0x6e6f6e65ULL

static uint64_t
value_hash(int none, const char *v, size_t len)
{
	return none ? NONE_HASH : dup_hash(v, len) ^ (NONE_HASH + 1);
}

static void
index_put(size_t *ix, size_t cap, uint64_t h, size_t i)
{
	for (h &= cap - 1; ix[h] != 0; h = (h + 1) & (cap - 1))
		;
	ix[h] = i + 1;
}

/* Makes room in the indexes for one more part: 0, or -1. */
static int
index_grow(struct run *run)
{
	size_t cap, i, *v, *n;
	const struct part *pt;

	if (2 * (run->nparts + 1) <= run->icap)
		return 0;
	cap = run->icap == 0 ? 64 : 2 * run->icap;
	if ((v = calloc(cap, sizeof(*v))) == NULL ||
	    (n = calloc(cap, sizeof(*n))) == NULL) {
		free(v);
		return -1;
	}
	for (i = 0; i < run->nparts; i++) {
		pt = &run->parts[i];
		index_put(v, cap, value_hash(pt->none, pt->value, pt->len), i);
		index_put(n, cap, partname_hash(pt->name), i);
	}
	free(run->byvalue);
	free(run->byname);
	run->byvalue = v;
	run->byname = n;
	run->icap = cap;
	return 0;
}

static struct part *
find_value(const struct run *run, int none, const char *v, size_t len)
{
	uint64_t h = value_hash(none, v, len);
	const struct part *pt;
	size_t k;

	if (run->icap == 0)
		return NULL;
	for (k = h & (run->icap - 1); run->byvalue[k] != 0;
	    k = (k + 1) & (run->icap - 1)) {
		pt = &run->parts[run->byvalue[k] - 1];
		if (pt->none == none && (none || (pt->len == len &&
		    memcmp(pt->value, v, len) == 0)))
			return &run->parts[run->byvalue[k] - 1];
	}
	return NULL;
}

static int
name_taken(const struct run *run, const char *name)
{
	size_t k;

	if (run->icap == 0)
		return 0;
	for (k = partname_hash(name) & (run->icap - 1); run->byname[k] != 0;
	    k = (k + 1) & (run->icap - 1))
		if (partname_same(run->parts[run->byname[k] - 1].name, name))
			return 1;
	return 0;
}

static struct part *
new_part(struct run *run, const char *name)
{
	struct part *pt;
	char *path;

	if (chunk_grow((void **)&run->parts, &run->capparts, run->nparts + 1,
	    sizeof(*run->parts)) != 0 ||
	    (path = part_path(run->drv->output, name)) == NULL) {
		cli_warn("out of memory");
		return NULL;
	}
	pt = &run->parts[run->nparts];
	memset(pt, 0, sizeof(*pt));
	/* The output names itself by it, in its messages. */
	pt->path = path;
	pt->out = drv_output_also(run->drv, path, run->opt->split > 0 ?
	    "--split" : "--split-by");
	if (pt->out == NULL) {
		free(path);
		return NULL;
	}
	run->nparts++;
	run->nopen++;
	if ((pt->name = strdup(name)) == NULL) {
		cli_warn("out of memory");
		return NULL;
	}
	return pt;
}

/*
 * The most files of --split-by open at once: MAX_OPEN, or under a lower
 * limit of open files half of it (the inputs, the temporary files being
 * made need some too), at least 4.
 */
static size_t
max_open(void)
{
	static size_t max;
	struct rlimit rl;

	if (max == 0) {
		max = MAX_OPEN;
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 2 < max)
			max = rl.rlim_cur / 2 < 4 ? 4 : (size_t)rl.rlim_cur / 2;
	}
	return max;
}

/* Opens part pt again (closed to bound the files open), for appending. */
static int
reopen(struct run *run, struct part *pt)
{
	size_t i, lru = SIZE_MAX;

	if (pt->out->fp != NULL)
		return 0;
	if (run->nopen >= max_open()) {
		for (i = 0; i < run->nparts; i++)
			if (run->parts[i].out->fp != NULL &&
			    run->parts[i].out->tmp != NULL && (lru ==
			    SIZE_MAX || run->parts[i].used <
			    run->parts[lru].used))
				lru = i;
		if (lru != SIZE_MAX) {
			if (cli_output_finish(run->parts[lru].out) != 0)
				return -1;
			run->nopen--;
		}
	}
	if ((pt->out->fp = fopen(pt->out->tmp, "a")) == NULL) {
		cli_warn("%s: %s", pt->out->name, strerror(errno));
		return -1;
	}
	run->nopen++;
	return 0;
}

/* Whether a selected game goes to the file of the game written last. */
static int
to_last_part(const struct run *run, const struct batch *b,
    const struct item *it)
{
	const struct part *pt;

	if (run->nparts == 0)
		return 0;
	if (run->opt->split > 0)
		return run->ingame < run->opt->split;
	pt = find_value(run, it->slen == SIZE_MAX, b->arena.data + it->sval,
	    it->slen);
	return pt != NULL && pt->out->fp == run->fp;
}

/*
 * The file of --split or --split-by that a selected game goes to, or
 * NULL after saying why.
 */
static FILE *
part_fp(struct run *run, const struct batch *b, const struct item *it)
{
	char name[PARTNAME_BYTES + 32], base[PARTNAME_BYTES + 1];
	struct part *pt = NULL;
	size_t i, k;
	int none = it->slen == SIZE_MAX;
	const char *v = b->arena.data + it->sval;

	if (run->opt->split > 0) {
		if (run->nparts > 0 && run->ingame < run->opt->split)
			pt = &run->parts[run->nparts - 1];
		else {
			if (run->nparts > 0 && cli_output_finish(
			    run->parts[run->nparts - 1].out) != 0)
				return NULL;
			snprintf(name, sizeof(name), "%zu", run->nparts + 1);
			if ((pt = new_part(run, name)) == NULL)
				return NULL;
			run->ingame = 0;
		}
		run->ingame++;
		return pt->out->fp;
	}
	if ((pt = find_value(run, none, v, it->slen)) == NULL) {
		if (index_grow(run) != 0) {
			cli_warn("out of memory");
			return NULL;
		}
		if (none)
			strcpy(base, "none");
		else
			partname_make(base, v, it->slen);
		/*
		 * Two values that read alike, or alike but for case, get
		 * names of their own.
		 */
		strcpy(name, base);
		for (k = 2; name_taken(run, name); k++)
			snprintf(name, sizeof(name), "%s-%zu", base, k);
		if (run->nopen >= max_open()) {
			for (i = 0, k = SIZE_MAX; i < run->nparts; i++)
				if (run->parts[i].out->fp != NULL &&
				    run->parts[i].out->tmp != NULL &&
				    (k == SIZE_MAX || run->parts[i].used <
				    run->parts[k].used))
					k = i;
			if (k != SIZE_MAX) {
				if (cli_output_finish(run->parts[k].out) != 0)
					return NULL;
				run->nopen--;
			}
		}
		if ((pt = new_part(run, name)) == NULL)
			return NULL;
		pt->none = none;
		if (!none) {
			if ((pt->value = malloc(it->slen + 1)) == NULL) {
				cli_warn("out of memory");
				return NULL;
			}
			memcpy(pt->value, v, it->slen);
			pt->len = it->slen;
		}
		index_put(run->byvalue, run->icap, value_hash(none, pt->value,
		    pt->len), run->nparts - 1);
		index_put(run->byname, run->icap, partname_hash(pt->name),
		    run->nparts - 1);
	} else if (reopen(run, pt) != 0)
		return NULL;
	pt->used = ++run->clock;
	return pt->out->fp;
}

static void
tsv_field(FILE *fp, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		fputc(s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ? ' ' :
		    s[i], fp);
}

static void
print_record(const struct run *run, FILE *fp, const struct batch *b,
    const struct item *r, const struct chunk_base *at)
{
	const struct sel_opt *o = run->opt;
	int fmt = run->drv->fmt;
	const char *p = b->arena.data + r->vals;
	size_t i, len;

	if (fmt == FMT_TSV) {
		tsv_field(fp, at->file, strlen(at->file));
		fprintf(fp, "\t%ld\t%ld\t%llu", r->game + at->game,
		    r->line + at->line,
		    (unsigned long long)(r->offset + at->offset));
	} else {
		fputs("{\"file\":", fp);
		json_cstr(fp, at->file);
		fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
		    "\"tags\":{", r->game + at->game, r->line + at->line,
		    (unsigned long long)(r->offset + at->offset));
	}
	for (i = 0; i < o->ntags; i++) {
		memcpy(&len, p, sizeof(len));
		p += sizeof(len);
		if (fmt == FMT_TSV) {
			fputc('\t', fp);
			if (len != SIZE_MAX)
				tsv_field(fp, p, len);
		} else {
			if (i > 0)
				fputc(',', fp);
			json_cstr(fp, o->tags[i]);
			fputc(':', fp);
			if (len != SIZE_MAX)
				json_str(fp, p, len);
			else
				fputs("null", fp);
		}
		if (len != SIZE_MAX)
			p += len;
	}
	fputs(fmt == FMT_TSV ? "\n" : "}}\n", fp);
}

/* The bytes of item it. */
static const char *
item_bytes(const struct batch *b, const struct item *it)
{
	return it->at != NULL ? it->at : b->body.data + it->text;
}

/*
 * Writes the items of a batch, in input order, where they go, then
 * forgets them: a game to the output when it was selected and is no copy
 * of an earlier one, to the --dup-file when it is one, with the bytes
 * between games that came before it.
 */
void
write_items(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct item *it;
	FILE *to, *prev;
	size_t i, skip, cl;
	int dup, where;

	kept_print(&b->kd, 0, b->kd.n, at);
	kept_clear(&b->kd);
	for (i = 0; i < b->nit; i++) {
		it = &b->it[i];
		if (it->kind == IT_BYTES) {
			pdn_buf_add(&run->carry, b->body.data + it->text,
			    it->len);
			continue;
		}
		dup = it->sel && it->copy;
		if (it->sel && run->opt->dedup && !it->copy && (dup = dup_seen(
		    run->dups, it->keylen > 0 ? b->keys.data + it->key : NULL,
		    it->keylen, it->hash, it->span.offset + at->offset,
		    it->span.len == 0 ? NULL : it->ktext != SIZE_MAX ?
		    b->keys.data + it->ktext : item_bytes(b, it) +
		    it->len - it->span.len, it->span.len, it->thash)) < 0) {
			if (run->status < 2)
				cli_warn("out of memory");
			run->status = 2;
			dup = 0;
		}
		/* -U: the copies are the games written, the others none. */
		where = !it->sel ? 0 : dup ? 2 : 1;
		if (run->opt->onlydups)
			where = where == 2 ? 1 : 0;
		to = where == 1 ? run->fp : where == 2 ? run->dupfp : NULL;
		skip = 0;
		if (where == 1 && run->splitting) {
			/*
			 * The blank lines after a game end its file rather
			 * than start the next one's (before part_fp(), which
			 * may close that file).
			 */
			prev = run->fp;
			/*
			 * With -j N the blank lines after the last game of a
			 * chunk come first, as bytes between games (carry):
			 * with the game's own, they are what a stream reads
			 * before it.  Bytes that are no blank there (junk)
			 * go with the game, and so do those blanks.
			 */
			cl = blank_lead(run->carry.data, run->carry.len);
			if (prev != NULL && !run->split_failed &&
			    cl == run->carry.len && cl + it->lead > 0 &&
			    !to_last_part(run, b, it)) {
				if (cl > 0)
					fwrite(run->carry.data, 1, cl, prev);
				run->carry.len = 0;
				if (it->lead > 0)
					fwrite(item_bytes(b, it), 1, it->lead,
					    prev);
				skip = it->lead;
			}
			/* What follows the input's last game goes here. */
			if (run->split_failed ||
			    (to = part_fp(run, b, it)) == NULL) {
				/* Said once; nothing will be renamed. */
				run->split_failed = 1;
				to = NULL;
				run->status = 2;
				where = 0;
			} else
				run->fp = to;
		}
		/* Said of a game that goes somewhere (not a copy dropped). */
		if (it->lost != LOST_NONE && to != NULL) {
			cli_warn("%s:%ld: game %ld: %s (more than %u bytes%s): "
			    "it cannot be %s", at->file, it->line + at->line,
			    it->game + at->game, it->lost == LOST_COPY ?
			    "too large" : "cut short by an error and too "
			    "large to keep", PDN_GAME_MAX_DEFAULT,
			    it->lost == LOST_COPY ? " with what lies before "
			    "it" : "", it->lost == LOST_COPY ? "copied as "
			    "read" : "written");
			run->status = 2;
		}
		run->games++;
		run->selected += it->sel;
		run->dropped += dup;
		if (to != NULL && run->carry.len > 0)
			fwrite(run->carry.data, 1, run->carry.len, to);
		run->carry.len = 0;
		if (to == NULL)
			continue;
		if (where == 1)
			run->to_out = 1;
		else
			run->to_dup = 1;
		if (run->drv->fmt == FMT_TSV || run->drv->fmt == FMT_JSON) {
			if (!run->drv->quiet && !run->opt->count)
				print_record(run, to, b, it, at);
		} else if (it->len > skip)
			fwrite(item_bytes(b, it) + skip, 1,
			    it->len - skip, to);
	}
	b->body.len = b->arena.len = b->keys.len = 0;
	b->nit = 0;
}

/* Writes a batch (struct chunk_tool's print). */
void
print_batch(void *arg, void *batch, const struct chunk_base *at)
{
	struct run *run = arg;
	struct batch *b = batch;

	write_items(run, b, at);
	/* A stream's games were counted as they came. */
	if (!b->live)
		drv_progress(run->drv, (uint64_t)b->games, at->offset);
}

int
write_input_end(struct run *run)
{
	int st = 0;

	if (run->carry.oom) {
		cli_warn("out of memory");
		st = 2;
	}
	if (run->to_out && run->fp != NULL && run->carry.len > 0)
		fwrite(run->carry.data, 1, run->carry.len, run->fp);
	if (run->to_dup && run->dupfp != NULL && run->carry.len > 0)
		fwrite(run->carry.data, 1, run->carry.len, run->dupfp);
	run->carry.len = 0;
	run->to_out = run->to_dup = 0;
	return st;
}

void
write_free(struct run *run)
{
	size_t i;

	for (i = 0; i < run->nparts; i++) {
		free(run->parts[i].value);
		free(run->parts[i].name);
		free(run->parts[i].path);
	}
	free(run->parts);
	free(run->byvalue);
	free(run->byname);
	pdn_buf_free(&run->carry);
}
