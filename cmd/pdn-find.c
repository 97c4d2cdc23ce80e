/*
 * pdn-find: the games in which, at some ply of the main line (with
 * --variations, of a variation too), a position is reached: an exact one
 * (--fen, --moves), one that meets patterns of squares (--pattern) and
 * piece counts (--material), all of them at the same position.  The games
 * go out as read with a {hit} comment after the move that reached it
 * first (or a HitPly tag, --hit-tag), or as a record per game (-f tsv, json:
 * file, game, line, offset, ply, fen); --tree prints the opening tree from
 * the position instead.  See pdn-find(1).
 *
 * With -j N the input is cut into chunks at game boundaries (chunks.h);
 * the threads replay and search, and the main thread writes in input
 * order, so that the output is the same as with -j 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "emit.h"
#include "player.h"
#include "reach.h"
#include "tags.h"
#include "tree.h"
#include <pdn/pdn.h>

enum format { FMT_PDN, FMT_RAW, FMT_TEXT, FMT_TSV, FMT_JSON };
static const char *const formats[] = {
	"pdn", "raw", "text", "tsv", "json", NULL
};

static const char *const tsv_columns[] = {
	"file", "game", "line", "offset", "ply", "fen", NULL
};

#define MAX_PATTERNS	16

enum {
	OPT_FEN = DRV_K_OWN, OPT_MOVES, OPT_ANY_SIDE, OPT_PATTERN, OPT_MIRROR,
	OPT_MATERIAL, OPT_VARIATIONS, OPT_PLY, OPT_TREE, OPT_PLAYER
};

static const struct drv_option options[] = {
	{ OPT_FEN, "fen", "fen", "FEN",
	    "games that reach this position (the side to move counts)" },
	{ OPT_MOVES, "moves", "moves", "MOVES",
	    "games that reach the position after these moves from the start "
	    "(\"32-28 18-23\")" },
	{ OPT_ANY_SIDE, "any-side", NULL, NULL,
	    "--fen and --moves: whichever side is to move" },
	{ OPT_PATTERN, "pattern", "pattern", "PATTERN",
	    "games that reach a position with these squares (W28,K33:B*19:"
	    "E23:A18: white man, white king, black piece, empty, any piece); "
	    "several must all hold" },
	{ OPT_MIRROR, "mirror", NULL, NULL,
	    "a pattern matches its colour-reversed copy too" },
	{ OPT_MATERIAL, "material", "w:b", "W:B",
	    "games that reach these piece counts (3K:1K, 2-4:1+K); several "
	    "must all hold" },
	{ OPT_VARIATIONS, "variations", NULL, NULL,
	    "search the variations too" },
	{ OPT_PLY, "hit-tag", NULL, NULL,
	    "mark the hit with a HitPly tag instead of a {hit} comment" },
	{ OPT_TREE, "tree", NULL, NULL,
	    "print the opening tree from the position (--fen or --moves; "
	    "default the start)" },
	{ OPT_PLAYER, "player", "name", "NAME",
	    "only the games where White or Black contains NAME (any case or "
	    "accent, word by word; with --alias any spelling of his); "
	    "several must all hold" },
	{ 0, NULL, NULL, NULL, NULL }
};

/* The search, as the options say; only read once the games are read. */
struct find {
	struct reach_fen fen;
	int has_fen, any_side;
	const char *fen_arg, *moves_arg;
	struct reach_pattern pat[MAX_PATTERNS];
	int npat;
	struct reach_material mat[MAX_PATTERNS];
	int nmat;
	int mirror, variations, ply_tag, tree;
	/* --player: each names White or Black (--alias: aliases). */
	struct player_match players[MAX_PATTERNS];
	int nplayers;
	struct player_aliases aliases;
};

/* The run's options (the driver's), for the callbacks. */
static struct drv drv;

/* --- the search --------------------------------------------------------- */

/* Whether pos, of variant v (index vi), meets every criterion. */
static int
holds(const struct find *f, const pdn_variant *v, int vi,
    const pdn_position *pos)
{
	int i;

	if (f->has_fen && !reach_fen_holds(&f->fen, vi, pos, f->any_side))
		return 0;
	for (i = 0; i < f->npat; i++)
		if (!reach_pattern_holds(&f->pat[i], v, pos))
			return 0;
	for (i = 0; i < f->nmat; i++)
		if (!reach_material_holds(&f->mat[i], pos))
			return 0;
	return 1;
}

/*
 * The first hit of a game: its ply (-1: none), the position, and where to
 * mark it: after the move element `elem`, or before it (`before`), or
 * (elem NULL) by a tag.  For the tree, the main line's move from the
 * position and the reply (NULL: none).
 */
struct hit {
	long ply;
	pdn_position pos;
	const pdn_elem *elem;
	int before;
	const pdn_move *move, *next;
};

/* The first move element of a line, or NULL. */
static const pdn_elem *
first_move(const pdn_line *ln)
{
	size_t i;

	for (i = 0; i < ln->n; i++)
		if (ln->e[i].type == PDN_EL_MOVE)
			return &ln->e[i];
	return NULL;
}

/* The moves of the main line's plies i and i + 1 (0-based) into h. */
static void
moves_after(const pdn_played *pg, long i, struct hit *h)
{
	pdn_ply p;

	h->move = h->next = NULL;
	if (pdn_played_ply(&p, pg, 0, i) != 0 || (p.flags & PDN_PLY_SETUP))
		return;
	h->move = p.move;
	if (pdn_played_ply(&p, pg, 0, i + 1) == 0 &&
	    !(p.flags & PDN_PLY_SETUP))
		h->next = p.move;
}

/* The first hit of the main line (line 0 of the replay), into h. */
static int
search_main(const struct find *f, const pdn_played *pg, const pdn_variant *v,
    int vi, struct hit *h)
{
	const pdn_position *pos[64];
	const pdn_setup *su;
	pdn_ply p;
	long from, n, k, best = -1;
	size_t i;

	if (holds(f, v, vi, pdn_played_start(pg))) {
		h->ply = 0;
		h->pos = *pdn_played_start(pg);
		h->elem = first_move(&pdn_played_game(pg)->moves);
		h->before = 1;
		moves_after(pg, 0, h);
		return 1;
	}
	/* A /FEN/ setup in the line is a position too, before its move. */
	for (i = 1; (su = pdn_played_setup(pg, i)) != NULL; i++)
		if (holds(f, v, vi, &su->pos)) {
			best = su->ply;
			h->pos = su->pos;
			break;
		}
	for (from = 0; (best < 0 || from < best) && (n = pdn_played_positions(
	    pos, 64, pg, 0, from)) > 0; from += n)
		for (k = 0; k < n && (best < 0 || from + k + 1 < best); k++)
			if (holds(f, v, vi, pos[k])) {
				best = from + k + 1;
				h->pos = *pos[k];
				break;
			}
	if (best < 0)
		return 0;
	h->ply = best;
	h->elem = NULL;
	h->before = 0;
	if (pdn_played_ply(&p, pg, 0, best - 1) == 0 &&
	    pdn_position_equal(p.after, &h->pos))
		h->elem = p.elem;
	else if (pdn_played_ply(&p, pg, 0, best) == 0) {
		/* The setup's: marked before the move that follows it. */
		h->elem = p.elem;
		h->before = 1;
	}
	moves_after(pg, best, h);
	return 1;
}

/*
 * The first hit in the variations of line `ln` (the replay's line
 * `lineno`), in the order of the record, into h.
 */
static int
search_variations(const struct find *f, const pdn_played *pg,
    const pdn_variant *v, int vi, long lineno, const pdn_line *ln,
    struct hit *h)
{
	pdn_ply r[PDN_REPLAY_MAX_LINES];
	long var;
	size_t i;
	int n, k;

	for (i = 0; i < ln->n; i++) {
		if (lineno > 0 && ln->e[i].type == PDN_EL_MOVE) {
			n = pdn_played_readings(r, PDN_REPLAY_MAX_LINES, pg,
			    lineno, i);
			for (k = 0; k < n && k < PDN_REPLAY_MAX_LINES; k++)
				if (holds(f, v, vi, r[k].after)) {
					h->ply = r[k].ply;
					h->pos = *r[k].after;
					h->elem = r[k].elem;
					h->before = 0;
					h->move = h->next = NULL;
					return 1;
				}
		}
		if (ln->e[i].type == PDN_EL_VARIATION &&
		    (var = pdn_played_variation(pg, lineno, i)) >= 0 &&
		    search_variations(f, pg, v, vi, var,
		    ln->e[i].u.variation, h))
			return 1;
	}
	return 0;
}

/* Whether the game may hold a hit at all: the counts of --material. */
static int
may_hit(const struct find *f, const pdn_played *pg)
{
	const pdn_position *fin;
	int i, k, any;

	if (f->variations || f->has_fen || f->npat > 0 ||
	    pdn_played_setups(pg) != 1)
		return 1;
	for (i = 0; i < f->nmat; i++) {
		for (k = any = 0; !any && k < pdn_played_lines(pg); k++)
			any = (fin = pdn_played_final(pg, k)) != NULL &&
			    reach_material_may(&f->mat[i], fin);
		if (!any)
			return 0;
	}
	return 1;
}

static int
search(const struct find *f, const pdn_played *pg, struct hit *h)
{
	const pdn_variant *v = pdn_played_variant(pg);
	int vi;

	h->ply = -1;
	if (v == NULL || pdn_played_setups(pg) == 0 || !may_hit(f, pg))
		return 0;
	vi = reach_variant_index(v);
	if (search_main(f, pg, v, vi, h))
		return 1;
	return f->variations && search_variations(f, pg, v, vi, 0,
	    &pdn_played_game(pg)->moves, h);
}

/* --- marking a game's text ---------------------------------------------- */

/*
 * The byte of raw (the game's text, whose first line is line `line`, its
 * first byte in column col0) at line l, column c; or -1.
 */
static long
byte_at(const char *raw, size_t len, long line, long col0, long l, long c)
{
	size_t i = 0;
	long start = -(col0 - 1);

	if (col0 < 1)
		return -1;
	for (; line < l && i < len; i++)
		if (raw[i] == '\n') {
			line++;
			start = (long)i + 1;
		}
	if (line != l || start + c - 1 < 0 || start + c - 1 >= (long)len)
		return -1;
	return start + c - 1;
}

/* The end of the move token at raw[at]: squares, separators, blanks. */
static size_t
token_end(const char *raw, size_t len, size_t at)
{
	size_t i = at, k;

	for (;;) {
		while (i < len && ((raw[i] >= '0' && raw[i] <= '9') ||
		    (raw[i] >= 'a' && raw[i] <= 'z') ||
		    (raw[i] >= 'A' && raw[i] <= 'Z')))
			i++;
		if (i >= len || (raw[i] != '-' && raw[i] != 'x' &&
		    raw[i] != 'X' && raw[i] != ':'))
			return i;
		/* A separator, blanks after it, then a square. */
		for (k = i + 1; k < len && raw[k] == ' '; k++)
			;
		if (k >= len || !((raw[k] >= '0' && raw[k] <= '9') ||
		    (raw[k] >= 'a' && raw[k] <= 'h')))
			return i;
		i = k;
	}
}

/* The column of the game's first byte, from what lies before it. */
static long
first_column(const pdn_game *g)
{
	size_t i;

	if (g->before == NULL)
		return g->offset == 0 ? 1 : 0;
	for (i = g->beforelen; i > 0; i--)
		if (g->before[i - 1] == '\n')
			return (long)(g->beforelen - i) + 1;
	return g->offset == g->beforelen ? (long)g->beforelen + 1 : 0;
}

/*
 * Appends game g's text to out, marked at the hit: a {hit} comment after
 * (or before) its move, or a HitPly tag after the last tag (with --hit-tag,
 * or when the move is not found in the text).
 */
static void
write_marked(pdn_buf *out, const struct find *f, const pdn_game *g,
    const struct hit *h)
{
	char tag[64];
	long at = -1;
	size_t end, len = g->rawlen;
	const char *raw = g->raw;

	if (!f->ply_tag && h->elem != NULL) {
		at = byte_at(raw, len, g->line, first_column(g), h->elem->line,
		    h->elem->col);
		if (at >= 0 && !h->before)
			at = (long)token_end(raw, len, (size_t)at);
	}
	if (at >= 0) {
		pdn_buf_add(out, raw, (size_t)at);
		if (h->before)
			pdn_buf_add(out, "{hit} ", 6);
		else
			pdn_buf_add(out, " {hit}", 6);
		pdn_buf_add(out, raw + at, len - (size_t)at);
	} else {
		snprintf(tag, sizeof(tag), "[HitPly \"%ld\"]", h->ply);
		if (g->ntags > 0 && g->tag_spans != NULL) {
			end = (size_t)(g->tag_spans[g->ntags - 1].tag.offset +
			    g->tag_spans[g->ntags - 1].tag.len - g->offset);
			if (end > len)
				end = len;
			pdn_buf_add(out, raw, end);
			pdn_buf_add(out, "\n", 1);
			pdn_buf_add(out, tag, strlen(tag));
			pdn_buf_add(out, raw + end, len - end);
		} else {
			pdn_buf_add(out, tag, strlen(tag));
			pdn_buf_add(out, "\n\n", 2);
			pdn_buf_add(out, raw, len);
		}
	}
	pdn_buf_add(out, "\n\n", 2);
}

/* --- batches ------------------------------------------------------------ */

/* A game with a hit or with diagnostics, until it is printed. */
struct item {
	long game, line;
	uint64_t offset;
	long ply;		/* -1: no hit */
	size_t text, len;	/* its output in the body */
	size_t d0, nd;		/* its diagnostics */
	int mi, ni;		/* --tree: its move and reply */
	pdn_outcome outcome;
	int rating, year;
};

struct batch {
	struct kept_diags kd;
	pdn_buf body;
	struct item *it;
	size_t nit, capit;
	size_t pending;		/* first diagnostic not yet given a game */
	long games;
	int live, oom;
};

/* The whole run: the search, the output, totals, a replay per job. */
struct run {
	struct find f;
	struct tree *tree;
	FILE *fp;
	long games, found;
	void *rp[DRV_MAX_JOBS];
};

/*
 * A pdn_diag_fn: keeps the diagnostics shown, but those -W no-CODE
 * leaves out, for the game they are of.
 */
static void
collect(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;
	pdn_severity sev = drv_severity(&drv, d);

	if (!drv_diag_off(&drv, d) && drv_shown(&drv, sev) >= 0)
		chunk_kept_add(&b->kd, d, sev);
}

/* The record of a hit (tsv, json): its FEN; the rest is the item's. */
static void
add_record(struct batch *b, const struct hit *h)
{
	char fen[PDN_FEN_STRMAX];

	pdn_buf_add(&b->body, fen, pdn_fen_write(fen, sizeof(fen), &h->pos));
}

static void print_items(struct run *run, struct batch *b,
    const struct chunk_base *at);

static int
find_games(void *arg, pdn_reader *r, const struct cli_input *in, void *ctx,
    void *batch, const struct chunk_base *live, long *games)
{
	struct run *run = arg;
	const struct find *f = &run->f;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct batch *b = batch;
	struct item *it;
	struct hit h;
	const pdn_game *g;
	const pdn_played *pg;
	int rc, hit;

	drv_replay_options(&drv, &ro);
	if (!f->variations)
		ro.flags |= PDN_REPLAY_NO_VARIATIONS;
	ro.flags |= PDN_REPLAY_NO_RESULT;
	b->live = live != NULL;
	while ((rc = drv_reader_next(&drv, &g, r)) == 1) {
		if (drv_no_game(g))
			continue;
		/* The games of other players are not replayed. */
		if (f->nplayers > 0 &&
		    !player_game_has_all(f->players, f->nplayers, g)) {
			b->games++;
			hit = 0;
		} else {
			if (pdn_replay_game(&pg, ctx, g, &ro) != 0) {
				b->oom = 1;
				break;
			}
			drv_played_diags(pg, collect, b);
			b->games++;
			hit = search(f, pg, &h);
		}
		if (!hit && b->pending == b->kd.n)
			goto next;
		if (chunk_grow((void **)&b->it, &b->capit, b->nit + 1,
		    sizeof(*b->it)) != 0) {
			b->oom = 1;
			break;
		}
		it = &b->it[b->nit++];
		memset(it, 0, sizeof(*it));
		it->game = g->index;
		it->line = g->line;
		it->offset = g->offset;
		it->ply = hit ? h.ply : -1;
		it->d0 = b->pending;
		it->nd = b->kd.n - b->pending;
		b->pending = b->kd.n;
		it->text = b->body.len;
		if (hit && !drv.quiet) {
			if (f->tree) {
				tree_resolve(run->tree, h.move, h.next, &it->mi,
				    &it->ni);
				it->outcome = tags_outcome(g);
				it->rating = tree_rating(run->tree, g);
				it->year = tags_year(g);
			} else if (drv.fmt == FMT_TSV || drv.fmt == FMT_JSON)
				add_record(b, &h);
			else if (drv.fmt == FMT_RAW) {
				pdn_buf_add(&b->body, g->raw, g->rawlen);
				pdn_buf_add(&b->body, "\n\n", 2);
			} else
				write_marked(&b->body, f, g, &h);
		}
		it->len = b->body.len - it->text;
next:
		if (live != NULL) {
			print_items(run, b, live);
			drv_progress(&drv, 1, g->offset + live->offset);
		}
	}
	*games = b->games;
	if (b->oom || b->kd.oom || b->body.oom) {
		cli_warn("out of memory");
		return 2;
	}
	return cli_input_end(in, rc);
}

/* Prints the batch's items, then forgets them. */
static void
print_items(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct item *it;
	FILE *fp = run->fp;
	size_t i;

	for (i = 0; i < b->nit; i++) {
		it = &b->it[i];
		chunk_kept_print(&b->kd, it->d0, it->nd, at);
		if (it->ply < 0)
			continue;
		run->found++;
		if (drv.quiet)
			continue;
		if (run->f.tree) {
			tree_count(run->tree, it->mi, it->ni, it->outcome,
			    it->rating, it->year);
			continue;
		}
		if (drv.fmt == FMT_TSV) {
			emit_tsv_cstr(fp, at->file);
			fprintf(fp, "\t%ld\t%ld\t%llu\t%ld\t%.*s\n",
			    it->game + at->game, it->line + at->line,
			    (unsigned long long)(it->offset + at->offset),
			    it->ply, (int)it->len, b->body.data + it->text);
		} else if (drv.fmt == FMT_JSON) {
			fputs("{\"file\":", fp);
			emit_json_cstr(fp, at->file);
			fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":"
			    "%llu,\"ply\":%ld,\"fen\":\"%.*s\"}\n",
			    it->game + at->game, it->line + at->line,
			    (unsigned long long)(it->offset + at->offset),
			    it->ply, (int)it->len, b->body.data + it->text);
		} else
			fwrite(b->body.data + it->text, 1, it->len, fp);
	}
	/* Diagnostics of no game (after the last one). */
	if (b->pending < b->kd.n)
		chunk_kept_print(&b->kd, b->pending, b->kd.n - b->pending, at);
	b->nit = b->pending = 0;
	b->body.len = 0;
	chunk_kept_clear(&b->kd);
}

static void
print_batch(void *arg, void *batch, const struct chunk_base *at)
{
	struct run *run = arg;
	struct batch *b = batch;

	print_items(run, b, at);
	if (!b->live)
		drv_progress(&drv, (uint64_t)b->games, at->offset);
	run->games += b->games;
}

static void
batch_free(void *batch)
{
	struct batch *b = batch;

	chunk_kept_free(&b->kd);
	pdn_buf_free(&b->body);
	free(b->it);
}

static void
batch_reset(void *batch)
{
	struct batch *b = batch;

	b->games = 0;
	b->live = 0;
}

static struct chunk_tool tool = {
	collect, sizeof(struct batch), batch_free, find_games, print_batch,
	2, 0, 0, batch_reset, NULL
};

/* --- main --------------------------------------------------------------- */

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	struct find *f = arg;
	const char *why;
	int rc;

	switch (key) {
	case OPT_FEN:
		if (f->fen_arg != NULL || f->moves_arg != NULL)
			return drv_usage_error(d, "one --fen or --moves");
		if ((rc = reach_fen_read(&f->fen, value)) != 0)
			return drv_bad_value(d, "--fen", value,
			    pdn_strerror(rc));
		f->fen_arg = value;
		f->has_fen = 1;
		return 0;
	case OPT_MOVES:
		if (f->fen_arg != NULL || f->moves_arg != NULL)
			return drv_usage_error(d, "one --fen or --moves");
		f->moves_arg = value;
		return 0;
	case OPT_ANY_SIDE:
		f->any_side = 1;
		return 0;
	case OPT_PATTERN:
		if (f->npat == MAX_PATTERNS)
			return drv_usage_error(d, "at most %d --pattern",
			    MAX_PATTERNS);
		if (reach_pattern_read(&f->pat[f->npat], value, &why) != 0)
			return drv_bad_value(d, "--pattern", value, why);
		f->npat++;
		return 0;
	case OPT_MIRROR:
		f->mirror = 1;
		return 0;
	case OPT_MATERIAL:
		if (f->nmat == MAX_PATTERNS)
			return drv_usage_error(d, "at most %d --material",
			    MAX_PATTERNS);
		if (reach_material_read(&f->mat[f->nmat], value) != 0)
			return drv_bad_value(d, "--material", value,
			    "W:B, each side N, NM, NK or NMNK, each N a "
			    "number, A-B, A+ or *: 3K:1K, 2-4:1+K, *:K");
		f->nmat++;
		return 0;
	case OPT_VARIATIONS:
		f->variations = 1;
		return 0;
	case OPT_PLY:
		f->ply_tag = 1;
		return 0;
	case OPT_TREE:
		f->tree = 1;
		return 0;
	case OPT_PLAYER:
		if (f->nplayers == MAX_PATTERNS)
			return drv_usage_error(d, "at most %d --player",
			    MAX_PATTERNS);
		if (player_match_init(&f->players[f->nplayers], value) != 0) {
			cli_warn("out of memory");
			return 2;
		}
		f->nplayers++;
		return 0;
	}
	return 0;
}

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_JOBS | DRV_LENIENT |
	    DRV_READS | DRV_RESULT_ORDER | DRV_VARIANT | DRV_ALIAS,
	formats, "pdn (each game as read, the hit marked; the default), raw "
	    "(as read, unmarked), tsv or json (a record per game); with "
	    "--tree text (the default), tsv or json",
	options, option, "games", NULL, NULL, NULL
};

static void *
replay_make(void *arg)
{
	pdn_replay *h;

	(void)arg;
	return pdn_replay_new(&h) == 0 ? h : NULL;
}

static int
run_file(void *arg, struct drv *d, struct cli_input *in)
{
	struct run *run = arg;

	return chunks_run(&tool, run, run->rp, d->jobs, in);
}

/* The variant of --moves and --tree: --variant's, or international. */
static const pdn_variant *
run_variant(void)
{
	const pdn_variant *v;

	if (drv.variant != 0 && (v = pdn_variant_get(drv.variant)) != NULL)
		return v;
	return pdn_variant_default();
}

/*
 * Sets up the position of --moves, of --tree, in the search: 0, or 2
 * after saying what is wrong.
 */
static int
setup(struct run *run)
{
	struct find *f = &run->f;
	const pdn_variant *v = run_variant();
	pdn_position pos;
	char why[160];
	int i, vi = reach_variant_index(v);

	for (i = 0; i < f->npat; i++)
		f->pat[i].mirror = f->mirror;
	if (f->mirror && f->npat == 0)
		return drv_usage_error(&drv, "--mirror is for --pattern");
	if (f->any_side && !f->has_fen && f->moves_arg == NULL)
		return drv_usage_error(&drv, "--any-side is for --fen and "
		    "--moves");
	if (drv.fmt == FMT_TEXT && !f->tree)
		return drv_usage_error(&drv, "-f text is for --tree");
	if (f->tree && drv.fmt_given && drv.fmt != FMT_TEXT &&
	    drv.fmt != FMT_TSV && drv.fmt != FMT_JSON)
		return drv_usage_error(&drv, "--tree prints text, tsv or json, "
		    "not -f %s", formats[drv.fmt]);
	if (f->tree && !drv.fmt_given)
		drv.fmt = FMT_TEXT;
	if (f->tree && (f->npat > 0 || f->nmat > 0 || f->variations ||
	    f->any_side))
		return drv_usage_error(&drv, "--tree is from one position: "
		    "--fen or --moves, without --pattern, --material, "
		    "--variations or --any-side");
	if (f->ply_tag && (drv.fmt != FMT_PDN || f->tree))
		return drv_usage_error(&drv, "--hit-tag marks the games of -f pdn");
	if (drv.alias != NULL) {
		if (player_aliases_read(&f->aliases, drv.alias) != 0)
			return 2;
		for (i = 0; i < f->nplayers; i++)
			if (player_match_aliases(&f->players[i],
			    &f->aliases) != 0) {
				cli_warn("out of memory");
				return 2;
			}
	}
	if (!f->tree && !f->has_fen && f->moves_arg == NULL && f->npat == 0 &&
	    f->nmat == 0)
		return drv_usage_error(&drv, "what to find: --fen, --moves, "
		    "--pattern or --material (or --tree)");
	if (f->moves_arg != NULL) {
		if (reach_moves(&pos, v, f->moves_arg, why, sizeof(why)) != 0)
			return drv_bad_value(&drv, "--moves", f->moves_arg,
			    why);
		memset(&f->fen, 0, sizeof(f->fen));
		f->fen.pos[vi] = pos;
		f->fen.ok[vi] = 1;
		f->has_fen = 1;
	}
	if (f->tree) {
		if (!f->has_fen) {
			pdn_variant_start(v, &pos);
			memset(&f->fen, 0, sizeof(f->fen));
			f->fen.pos[vi] = pos;
			f->fen.ok[vi] = 1;
			f->has_fen = 1;
		} else if (!f->fen.ok[vi]) {
			return drv_bad_value(&drv, "--fen", f->fen_arg,
			    "no position of the variant of --tree");
		}
		if ((run->tree = tree_new(&f->fen.pos[vi])) == NULL) {
			cli_warn("out of memory");
			return 2;
		}
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct cli_output *output;
	struct run *run;
	int st, nrp = 0;

	if ((run = calloc(1, sizeof(*run))) == NULL) {
		cli_init(argv);
		cli_warn("out of memory");
		return 2;
	}
	if ((st = drv_start(&drv, &tool_def, &run->f, argc, argv)) >= 0) {
		while (run->f.nplayers > 0)
			player_match_free(&run->f.players[--run->f.nplayers]);
		free(run);
		return st;
	}
	tool.gametype = drv.gametype;
	tool.drv = &drv;
	drv_diag_summary();
	if ((st = setup(run)) != 0)
		goto out;
	st = 2;
	/* The marked or unmarked games need their text as read. */
	tool.keep_raw = drv.fmt == FMT_PDN || drv.fmt == FMT_RAW ? 2 : 0;
	if ((nrp = chunks_contexts(run->rp, drv.jobs, replay_make, NULL)) <
	    drv.jobs)
		goto out;
	if ((output = drv_records(&drv)) == NULL)
		goto out;
	run->fp = output->fp;
	if (drv.fmt == FMT_TSV && !run->f.tree)
		drv_tsv_header(&drv, run->fp, tsv_columns);
	st = drv_run(&drv, run_file, run);
	if (run->f.tree && !drv.quiet && tree_print(run->tree, run->fp,
	    drv.fmt == FMT_TSV ? TREE_TSV : drv.fmt == FMT_JSON ? TREE_JSON :
	    TREE_TEXT, !drv.header) < 0) {
		cli_warn("out of memory");
		st = 2;
	}
	if (cli_output_finish(output) != 0)
		st = 2;
	if (st == 0 && run->found == 0)
		st = 1;
out:
	st = drv_end(&drv, st);
	while (nrp > 0)
		pdn_replay_free(run->rp[--nrp]);
	tree_free(run->tree);
	while (run->f.nplayers > 0)
		player_match_free(&run->f.players[--run->f.nplayers]);
	player_aliases_free(&run->f.aliases);
	free(run);
	return st;
}
