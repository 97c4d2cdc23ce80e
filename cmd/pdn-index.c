/*
 * pdn-index: an index of PDN collections in SQLite (index/db.h), and the
 * questions it answers in milliseconds.  `build DB FILE...` makes a new
 * database of the files' games (replacing DB only when it is complete),
 * `add DB FILE...` adds games to it in one transaction, leaving out the
 * copies of games it holds (the same setup and main line); `query DB`
 * lists the games whose main line reaches the position of --fen or
 * --moves, `tree DB` prints the opening tree from it (the start
 * position without either).  Both answer from what the index stores
 * of each position (index/db.h), without reading the games again: hits
 * are the entries of the position's key and check, and one game of them
 * is read again and replayed to the position before any is reported
 * (every one is, when that one does not reach it).  See pdn-index(1).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "emit.h"
#include "db.h"
#include "player.h"
#include "reach.h"
#include "tags.h"
#include "tree.h"
#include <pdn/pdn.h>

enum format { FMT_TEXT, FMT_TSV, FMT_JSON };
static const char *const formats[] = { "text", "tsv", "json", NULL };

static const char *const tsv_columns[] = {
	"file", "game", "line", "offset", "ply", "fen", NULL
};

enum cmd { C_BUILD, C_ADD, C_QUERY, C_TREE };
static const char *const commands[] = {
	"build", "add", "query", "tree", NULL
};

enum { OPT_FEN = DRV_K_OWN, OPT_MOVES, OPT_PLAYER };

/* The most --player. */
#define MAX_PLAYERS	16

/*
 * The trees kept: of every position that at least TREE_GAMES games reach
 * (PDN_INDEX_TREE_GAMES), found from the positions the games start from
 * (the first ROOTS of them), at most TREES of them.
 */
#define TREE_GAMES	10000
#define ROOTS		64
#define TREES		10000

static const struct drv_option options[] = {
	{ OPT_FEN, "fen", "fen", "FEN",
	    "query, tree: the position (the side to move counts)" },
	{ OPT_MOVES, "moves", "moves", "MOVES",
	    "query, tree: the position after these moves from the start "
	    "(\"32-28 18-23\")" },
	{ OPT_PLAYER, "player", "name", "NAME",
	    "build, add: only the games where White or Black contains NAME "
	    "(any case or accent, word by word; with --alias any spelling "
	    "of his); several must all hold" },
	{ 0, NULL, NULL, NULL, NULL }
};

struct ix {
	enum cmd cmd;
	const char *fen, *moves;
	/* build, add: --player, each names White or Black; --alias. */
	struct player_match players[MAX_PLAYERS];
	int nplayers;
	struct player_aliases aliases;
	struct db *db;
	pdn_replay *rp;
	/* build, add: a game's positions, and its moves. */
	struct db_ply *p;
	const pdn_move **mv;
	size_t cap, capmv;
	long added, copies, unplayed;
	/* build, add: the positions the games start from, and how many. */
	struct root {
		pdn_position pos;
		long games;
	} roots[ROOTS];
	int nroots, last_root;
	/* query, tree: the position, its output. */
	pdn_position pos;
	struct tree *tree;
	FILE *fp;
	long found;
	int64_t sample;		/* the game that confirmed the position */
	long sample_ply;
	/* build, add: the positions whose trees are kept, and to walk. */
	long tree_games;
	pdn_position *walk;
	size_t nwalk;
	uint64_t *seen;		/* their keys, open addressing (0: empty) */
	/* The file of the games read again, open. */
	int64_t file;
	int fd, file_bad;
	/* query -f tsv: a line's start, its file's name, for that file. */
	pdn_buf head;
	int64_t head_of;	/* the file's id, 0 for none yet */
};

static struct drv drv;

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	struct ix *x = arg;

	if (key == OPT_PLAYER) {
		if (x->nplayers == MAX_PLAYERS)
			return drv_usage_error(d, "at most %d --player",
			    MAX_PLAYERS);
		if (player_match_init(&x->players[x->nplayers], value) != 0) {
			cli_warn("out of memory");
			return 2;
		}
		x->nplayers++;
		return 0;
	}
	if (x->fen != NULL || x->moves != NULL)
		return drv_usage_error(d, "one --fen or --moves");
	if (key == OPT_FEN)
		x->fen = value;
	else
		x->moves = value;
	return 0;
}

static const struct drv_tool tool_def = {
	"build|add|query|tree DB [file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_LENIENT | DRV_READS |
	    DRV_RESULT_ORDER | DRV_VARIANT | DRV_ALIAS,
	formats, "query: tsv (the default) or json; tree: text (the "
	    "default), tsv or json",
	options, option, "games", NULL, NULL, NULL
};

/* --- build and add ------------------------------------------------------ */

/* The key of a game's setup and main line: its positions' keys, mixed. */
static uint64_t
game_key(const struct db_ply *p, size_t n)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i].key;
		h *= UINT64_C(0x100000001b3);
		h ^= h >> 29;
	}
	return h;
}

/* Keeps position pos of key `key` at ply, and its check. */
static int
keep(struct ix *x, size_t n, uint64_t key, const pdn_position *pos,
    long ply)
{
	struct db_ply *p;

	if (n >= x->cap && chunk_grow((void **)&x->p, &x->cap, n + 1,
	    sizeof(*x->p)) != 0) {
		cli_warn("out of memory");
		return -1;
	}
	p = &x->p[n];
	p->key = key;
	p->check = db_check(pos);
	p->ply = ply;
	p->white = pdn_position_side(pos) == PDN_WHITE;
	return 0;
}

/*
 * The moves of the main line from the position at ply and after it (what
 * a tree counts): NULL for none, and at a ply whose position is a setup.
 */
static void
moves_at(const pdn_played *pg, long ply, const pdn_move **move,
    const pdn_move **next)
{
	pdn_ply p;

	*move = *next = NULL;
	if (pdn_played_ply(&p, pg, 0, ply) == 0 &&
	    !(p.flags & PDN_PLY_SETUP)) {
		*move = p.move;
		if (pdn_played_ply(&p, pg, 0, ply + 1) == 0 &&
		    !(p.flags & PDN_PLY_SETUP))
			*next = p.move;
	}
}

static void
set_squares(struct db_ply *p, const pdn_move *move, const pdn_move *next)
{
	p->from = (unsigned char)(move != NULL ? pdn_move_from(move) : 0);
	p->to = (unsigned char)(move != NULL ? pdn_move_to(move) : 0);
	p->next_from = (unsigned char)(next != NULL ? pdn_move_from(next) : 0);
	p->next_to = (unsigned char)(next != NULL ? pdn_move_to(next) : 0);
}

/*
 * The positions of a played game: the start, the /FEN/ setups of the
 * main line, after each ply; with each its key, check and moves.  Their
 * number, or -1 (said).
 */
static long
game_keys(struct ix *x, const pdn_played *pg)
{
	const pdn_position *pos[64];
	const pdn_move *move, *next;
	const pdn_position *before;
	const pdn_setup *su;
	uint64_t h;
	long from, n, k;
	size_t m = 0, i, nmv = 0;
	int chain = pdn_played_setups(pg) == 1;

	before = pdn_played_start(pg);
	h = pdn_position_hash(before);
	if (keep(x, m++, h, before, 0) != 0)
		return -1;
	for (i = 1; (su = pdn_played_setup(pg, i)) != NULL; i++)
		if (keep(x, m++, pdn_position_hash(&su->pos), &su->pos,
		    su->ply) != 0)
			return -1;
	/*
	 * Without a /FEN/ setup in the line, each key is the one before it
	 * moved on by the ply's move (pdn_hash_after()), a tenth of the
	 * build's time less than hashing every position (make bench).
	 */
	for (from = 0; (n = pdn_played_positions(pos, 64, pg, 0, from)) > 0;
	    from += n) {
		if (chain) {
			if (nmv + (size_t)n > x->capmv && chunk_grow((void **)
			    &x->mv, &x->capmv, nmv + (size_t)n,
			    sizeof(*x->mv)) != 0) {
				cli_warn("out of memory");
				return -1;
			}
			if (pdn_played_moves(x->mv + nmv, 64, pg, 0, from) != n)
				chain = 0;
			nmv += (size_t)n;
		}
		for (k = 0; k < n; k++) {
			h = chain ? pdn_hash_after(h, before, x->mv[from + k]) :
			    pdn_position_hash(pos[k]);
			before = pos[k];
			if (keep(x, m++, h, pos[k], from + k + 1) != 0)
				return -1;
		}
	}
	/*
	 * The moves from each position: the line's, at ply p the p-th (in a
	 * line without setups the entry of ply p is the p-th), each move's
	 * squares read once.
	 */
	if (chain) {
		unsigned char f = 0, t = 0, nf, nt;

		if (nmv > 0) {
			f = (unsigned char)pdn_move_from(x->mv[0]);
			t = (unsigned char)pdn_move_to(x->mv[0]);
		}
		for (i = 0; i < m; i++) {
			nf = nt = 0;
			if (i + 1 < nmv) {
				nf = (unsigned char)pdn_move_from(x->mv[i + 1]);
				nt = (unsigned char)pdn_move_to(x->mv[i + 1]);
			}
			x->p[i].from = f;
			x->p[i].to = t;
			x->p[i].next_from = f = nf;
			x->p[i].next_to = t = nt;
		}
		return (long)m;
	}
	for (i = 0; i < m; i++) {
		moves_at(pg, x->p[i].ply, &move, &next);
		set_squares(&x->p[i], move, next);
	}
	return (long)m;
}

/* Counts a game that starts from pos (x->roots). */
static void
count_root(struct ix *x, const pdn_position *pos)
{
	int i;

	if (x->nroots > 0 && pdn_position_equal(&x->roots[x->last_root].pos,
	    pos)) {
		x->roots[x->last_root].games++;
		return;
	}
	for (i = 0; i < x->nroots; i++)
		if (pdn_position_equal(&x->roots[i].pos, pos))
			break;
	if (i == x->nroots) {
		if (x->nroots == ROOTS)
			return;
		x->roots[x->nroots].pos = *pos;
		x->roots[x->nroots++].games = 0;
	}
	x->roots[i].games++;
	x->last_root = i;
}

static int
index_file(void *arg, struct drv *d, struct cli_input *in)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	pdn_replay_options rpo = PDN_REPLAY_OPTIONS_INIT;
	struct ix *x = arg;
	struct db_game dg;
	const pdn_game *g;
	const pdn_played *pg;
	pdn_reader *r;
	struct stat sb;
	int64_t file;
	long n;
	int rc, st = 0;

	if (strcmp(in->name, "<stdin>") == 0 || fstat(in->fd, &sb) != 0 ||
	    !S_ISREG(sb.st_mode)) {
		cli_warn("%s: not a regular file: an index reads its games "
		    "again from their files", in->name);
		return 2;
	}
	if (db_add_file(x->db, in->name, (int64_t)sb.st_size,
	    (int64_t)sb.st_mtime, &file) != 0)
		return 2;
	drv_reader_options(d, &ro, in);
	drv_replay_options(d, &rpo);
	rpo.flags |= PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
	if (pdn_reader_new(&r, cli_read_fd, in, &ro) != 0) {
		cli_warn("out of memory");
		return 2;
	}
	while (st == 0 && (rc = drv_reader_next(d, &g, r)) == 1) {
		if (drv_no_game(g))
			continue;
		if (x->nplayers > 0 &&
		    !player_game_has_all(x->players, x->nplayers, g)) {
			drv_progress(d, 1, g->offset);
			continue;
		}
		if (pdn_replay_game(&pg, x->rp, g, &rpo) != 0) {
			cli_warn("out of memory");
			st = 2;
			break;
		}
		drv_played_diags(pg, drv_diag, d);
		drv_progress(d, 1, g->offset);
		if (pdn_played_variant(pg) == NULL ||
		    pdn_played_setups(pg) == 0) {
			x->unplayed++;
			continue;
		}
		if ((n = game_keys(x, pg)) < 0) {
			st = 2;
			break;
		}
		memset(&dg, 0, sizeof(dg));
		dg.key = game_key(x->p, (size_t)n);
		if (x->cmd == C_ADD && db_has_key(x->db, dg.key)) {
			x->copies++;
			continue;
		}
		count_root(x, pdn_played_start(pg));
		dg.file = file;
		dg.number = g->index;
		dg.line = g->line;
		dg.offset = g->offset;
		dg.len = g->span.len;
		dg.gametype = g->gametype;
		dg.outcome = tags_outcome(g);
		dg.year = tags_year(g);
		dg.white = tags_rating(g, PDN_WHITE);
		dg.black = tags_rating(g, PDN_BLACK);
		if (db_add_game(x->db, &dg, x->p, (size_t)n) != 0)
			st = 2;
		else
			x->added++;
	}
	if (st == 0)
		st = cli_input_end(in, rc);
	pdn_reader_free(r);
	return st;
}

/* --- query and tree ----------------------------------------------------- */

/*
 * Whether the files of the hits are as they were indexed: each is looked
 * at once (x->file, x->file_bad), and the games of one that changed are
 * left out, said once.  Returns 0, or 2 after trouble.
 */
static int
file_ok(struct ix *x, const struct db_file *f, int *ok)
{
	struct stat sb;

	if (x->file != f->id) {
		if (x->fd >= 0)
			close(x->fd);
		x->file = f->id;
		x->file_bad = 0;
		if ((x->fd = open(f->path, O_RDONLY)) < 0) {
			cli_warn("%s: %s", f->path, strerror(errno));
			x->file_bad = 1;
		} else if (fstat(x->fd, &sb) != 0 ||
		    (int64_t)sb.st_size != f->size ||
		    (int64_t)sb.st_mtime != f->mtime) {
			cli_warn("%s: changed since it was indexed: its games "
			    "are left out (build the index again)", f->name);
			x->file_bad = 1;
		}
	}
	*ok = !x->file_bad;
	return 0;
}

/*
 * Reads stored game dg again from its file and replays it into *pg (with
 * the reader *r, which the caller frees): 0, 1 when it cannot be read as
 * it was indexed (said once per file), 2 after trouble.
 */
static int
reread(struct ix *x, const struct db_game *dg, const struct db_file *f,
    pdn_reader **r, char **buf, const pdn_played **pg)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	pdn_replay_options rpo = PDN_REPLAY_OPTIONS_INIT;
	const pdn_game *g;
	ssize_t got;
	int ok;

	if (file_ok(x, f, &ok) != 0)
		return 2;
	if (!ok)
		return 1;
	free(*buf);
	if (dg->len > (64u << 20) || (*buf = malloc(dg->len + 1)) == NULL) {
		*buf = NULL;
		cli_warn("out of memory");
		return 2;
	}
	if ((got = pread(x->fd, *buf, dg->len, (off_t)dg->offset)) !=
	    (ssize_t)dg->len) {
		cli_warn("%s: %s", f->name, got < 0 ? strerror(errno) :
		    "shorter than when it was indexed");
		x->file_bad = 1;
		return 1;
	}
	ro.file = f->name;
	ro.gametype = dg->gametype;
	ro.finish = pdn_game_finish;
	drv_replay_options(&drv, &rpo);
	rpo.flags |= PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
	pdn_reader_free(*r);
	*r = NULL;
	if (pdn_reader_new_mem(r, *buf, dg->len, &ro) != 0 ||
	    pdn_reader_next(&g, *r) != 1 ||
	    pdn_replay_game(pg, x->rp, g, &rpo) != 0) {
		cli_warn("%s: game %ld cannot be read again at offset %llu",
		    f->name, dg->number, (unsigned long long)dg->offset);
		return 1;
	}
	return 0;
}

/*
 * Whether the played game reaches the position at ply: the confirmation
 * of a hit.  The moves from it and after it for the tree.
 */
static int
confirm(const struct ix *x, const pdn_played *pg, long ply,
    const pdn_move **move, const pdn_move **next)
{
	const pdn_position *pos = NULL;
	const pdn_setup *su;
	pdn_ply p;
	size_t i;

	*move = *next = NULL;
	if (ply == 0)
		pos = pdn_played_start(pg);
	else if (pdn_played_ply(&p, pg, 0, ply - 1) == 0)
		pos = p.after;
	if (pos == NULL || !pdn_position_equal(pos, &x->pos)) {
		pos = NULL;
		for (i = 1; pos == NULL && (su = pdn_played_setup(pg, i)) !=
		    NULL; i++)
			if (su->ply == ply && pdn_position_equal(&su->pos,
			    &x->pos))
				pos = &su->pos;
		if (pos == NULL)
			return 0;
	}
	moves_at(pg, ply, move, next);
	return 1;
}

static void
print_hit(struct ix *x, const struct db_game *dg, const struct db_file *f,
    long ply, const char *fen)
{
	char line[5 * 22 + PDN_FEN_STRMAX + 1];
	size_t k;
	int n;

	if (drv.fmt == FMT_JSON) {
		fputs("{\"file\":", x->fp);
		emit_json_cstr(x->fp, f->name);
		fprintf(x->fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
		    "\"ply\":%ld,\"fen\":\"%s\"}\n", dg->number, dg->line,
		    (unsigned long long)dg->offset, ply, fen);
		return;
	}
	/*
	 * A line for each game of thousands: no format string, and one
	 * write of it (a putc() of each byte of the file's name and a
	 * fputs() of the FEN took 20 of the 83 million instructions of a
	 * query of 49,586 games).
	 */
	if (x->head_of != f->id || x->head_of == 0) {
		x->head.len = 0;
		emit_tsv_add(&x->head, f->name, strlen(f->name));
		x->head_of = f->id;
	}
	if (x->head.oom)
		return;
	fwrite(x->head.data, 1, x->head.len, x->fp);
	n = 0;
	line[n++] = '\t';
	n += cli_utoa((unsigned long long)dg->number, line + n);
	line[n++] = '\t';
	n += cli_utoa((unsigned long long)dg->line, line + n);
	line[n++] = '\t';
	n += cli_utoa((unsigned long long)dg->offset, line + n);
	line[n++] = '\t';
	n += cli_utoa((unsigned long long)ply, line + n);
	line[n++] = '\t';
	k = strlen(fen);
	memcpy(line + n, fen, k);
	n += (int)k;
	line[n++] = '\n';
	fwrite(line, 1, (size_t)n, x->fp);
}

/*
 * Reads hit h's game again and replays it to the position: 1 when it
 * reaches it (its moves there in *move, *next), 0 when not, -1 when it
 * cannot be read again (said), -2 after trouble.
 */
static int
replay_hit(struct ix *x, const struct db_hit *h, pdn_reader **r, char **buf,
    const pdn_move **move, const pdn_move **next)
{
	struct db_game dg;
	const struct db_file *f;
	const pdn_played *pg;
	int rc;

	if (db_game(x->db, h->game, &dg, &f) != 0)
		return -2;
	if ((rc = reread(x, &dg, f, r, buf, &pg)) != 0)
		return rc == 1 ? -1 : -2;
	return confirm(x, pg, h->ply, move, next);
}

/*
 * The games of the position's key and check, printed or counted.  One
 * game of them is read again and replayed to the position first: when it
 * reaches it, the others are taken as stored; when it does not (two
 * positions of one key and check), each is.
 */
static int
answer(struct ix *x)
{
	char fen[PDN_FEN_STRMAX];
	struct db_hit *h = NULL;
	struct db_game dg;
	const struct db_file *f, *gf;
	const pdn_move *move, *next;
	pdn_reader *r = NULL;
	char *buf = NULL;
	size_t n, i, j, k;
	int st = 0, rc, ok, each = 1, mi, ni;

	if (db_lookup(x->db, pdn_position_hash(&x->pos), db_check(&x->pos),
	    &h, &n) != 0)
		return 2;
	pdn_fen_write(fen, sizeof(fen), &x->pos);
	if (x->cmd == C_QUERY && drv.fmt == FMT_TSV)
		drv_tsv_header(&drv, x->fp, tsv_columns);
	for (i = 0; i < n && st < 2; i = j) {
		for (j = i + 1; j < n && h[j].game == h[i].game; j++)
			;
		if (db_file_of(x->db, h[i].game, &f) != 0 ||
		    file_ok(x, f, &ok) != 0) {
			st = 2;
			break;
		}
		if (!ok) {
			st = 1;
			continue;
		}
		move = next = NULL;
		/* Until one game confirms the position: each of its plies. */
		for (k = i, rc = 1; each && k < j; k++)
			if ((rc = replay_hit(x, &h[k], &r, &buf, &move,
			    &next)) != 0)
				break;
		if (rc < 0)
			st = rc == -1 ? 1 : 2;
		if (rc != 1)
			continue;
		if (each) {
			each = 0;
			x->sample = h[k].game;
			x->sample_ply = h[k].ply;
		} else
			k = i;	/* its first ply */
		x->found++;
		if (drv.quiet && x->cmd == C_QUERY)
			continue;
		if (x->cmd == C_QUERY) {
			if (db_game(x->db, h[k].game, &dg, &gf) != 0) {
				st = 2;
				break;
			}
			print_hit(x, &dg, gf, h[k].ply, fen);
			continue;
		}
		if (move != NULL || tree_resolve_squares(x->tree, h[k].from,
		    h[k].to, h[k].next_from, h[k].next_to, &mi, &ni) != 0) {
			/* Squares that fit several moves: the game's own. */
			if (move == NULL && (rc = replay_hit(x, &h[k], &r, &buf,
			    &move, &next)) != 1) {
				st = rc == -2 ? 2 : 1;
				continue;
			}
			tree_resolve(x->tree, move, next, &mi, &ni);
		}
		tree_count(x->tree, mi, ni, h[k].outcome, h[k].rating,
		    h[k].year);
	}
	/* A file that changed or went is trouble: the index is stale. */
	if (st == 1)
		st = 2;
	pdn_reader_free(r);
	free(buf);
	free(h);
	return st;
}

/* --- the trees kept ---------------------------------------------------- */

#define SEEN	(4 * TREES)	/* a power of two would do as well */

/* Adds pos to the positions to walk, unless it is there: 0, or 2. */
static int
walk_to(struct ix *x, const pdn_position *pos)
{
	uint64_t key = pdn_position_hash(pos);
	size_t i;

	if (x->walk == NULL && ((x->walk = calloc(TREES,
	    sizeof(*x->walk))) == NULL || (x->seen = calloc(SEEN,
	    sizeof(*x->seen))) == NULL)) {
		cli_warn("out of memory");
		return 2;
	}
	if (x->nwalk == TREES)
		return 0;
	key = key == 0 ? 1 : key;
	for (i = key % SEEN; x->seen[i] != 0; i = (i + 1) % SEEN)
		if (x->seen[i] == key)
			return 0;
	x->seen[i] = key;
	x->walk[x->nwalk++] = *pos;
	return 0;
}

/* db_roots()'s callback: a start position of enough games is walked. */
static int
walk_root(void *arg, const char *variant, const char *fen, long games)
{
	struct ix *x = arg;
	const pdn_variant *v = pdn_variant_by_name(variant);
	pdn_position pos;
	pdn_fen_info info;

	if (games < x->tree_games || v == NULL ||
	    pdn_fen_read(&pos, v, fen, strlen(fen), &info) != 0)
		return 0;
	return walk_to(x, &pos);
}

/*
 * Keeps the trees of the positions that tree_games games reach or more
 * (db_tree_put()), made as `tree` makes them, for `tree` to print them
 * at once: from the positions the games start from, each move of that
 * many games is followed.  The trees kept before are made again (add:
 * the games added count in them).  Returns 0, or 2 (said).
 */
static int
keep_trees(struct ix *x)
{
	char fen[PDN_FEN_STRMAX];
	const pdn_position *after;
	pdn_buf b = { 0 };
	enum cmd cmd = x->cmd;
	size_t at;
	long games;
	int i, st;

	if (db_flush(x->db) != 0 || db_trees_clear(x->db) != 0)
		return 2;
	for (i = 0; i < x->nroots; i++) {
		pdn_fen_write(fen, sizeof(fen), &x->roots[i].pos);
		if (db_root_add(x->db, pdn_variant_name(pdn_position_variant(
		    &x->roots[i].pos)), fen, x->roots[i].games) != 0)
			return 2;
	}
	if ((st = db_roots(x->db, walk_root, x)) != 0)
		return st;
	x->cmd = C_TREE;
	for (at = 0; at < x->nwalk && st == 0; at++) {
		x->pos = x->walk[at];
		x->found = 0;
		if ((x->tree = tree_new(&x->pos)) == NULL) {
			cli_warn("out of memory");
			st = 2;
			break;
		}
		if ((st = answer(x)) == 0 && x->found >= x->tree_games) {
			b.len = 0;
			if (tree_save(x->tree, &b) != 0) {
				cli_warn("out of memory");
				st = 2;
			} else
				st = db_tree_put(x->db, pdn_position_hash(
				    &x->pos), db_check(&x->pos), x->sample,
				    x->sample_ply, b.data, b.len);
			for (i = 0; st == 0 && i < tree_moves(x->tree); i++)
				if ((after = tree_after(x->tree, i, &games)),
				    games >= x->tree_games)
					st = walk_to(x, after);
		}
		tree_free(x->tree);
		x->tree = NULL;
	}
	x->cmd = cmd;
	x->found = 0;
	pdn_buf_free(&b);
	return st;
}

/*
 * The tree of the position from the trees kept: 1 when it is kept, its
 * game reaches it and no indexed file changed (answer() says which did),
 * 0 when not, 2 after trouble.
 */
static int
kept_tree(struct ix *x)
{
	const struct db_file *files, *f;
	const pdn_played *pg;
	const pdn_move *move, *next;
	struct db_game dg;
	struct stat sb;
	pdn_reader *r = NULL;
	unsigned char *data;
	char *buf = NULL;
	size_t len, n, i;
	int64_t game;
	long ply;
	int rc;

	if ((rc = db_tree_get(x->db, pdn_position_hash(&x->pos),
	    db_check(&x->pos), &data, &len, &game, &ply)) != 1)
		return rc;
	if ((rc = db_files(x->db, &files, &n)) != 0)
		goto out;
	for (i = 0; i < n; i++)
		if (stat(files[i].path, &sb) != 0 ||
		    (int64_t)sb.st_size != files[i].size ||
		    (int64_t)sb.st_mtime != files[i].mtime)
			goto out;
	if ((rc = db_game(x->db, game, &dg, &f)) != 0)
		goto out;
	if ((rc = reread(x, &dg, f, &r, &buf, &pg)) != 0) {
		rc = rc == 1 ? 0 : rc;
		goto out;
	}
	if (confirm(x, pg, ply, &move, &next) && tree_load(x->tree, data,
	    len) == 0) {
		x->found = tree_games(x->tree);
		rc = 1;
	}
out:
	pdn_reader_free(r);
	free(buf);
	free(data);
	return rc;
}

/* The position of --fen, --moves, or the start: 0, or 2 (said). */
static int
position(struct ix *x)
{
	const pdn_variant *v = pdn_variant_default();
	pdn_fen_info info;
	char why[160];
	int rc;

	if (drv.variant != 0 && pdn_variant_get(drv.variant) != NULL)
		v = pdn_variant_get(drv.variant);
	if (x->fen != NULL) {
		if ((rc = pdn_fen_read(&x->pos, v, x->fen, strlen(x->fen),
		    &info)) != 0)
			return drv_bad_value(&drv, "--fen", x->fen,
			    pdn_strerror(rc));
		if (info.warnings & PDN_FEN_W_SIDE_UNKNOWN)
			return drv_bad_value(&drv, "--fen", x->fen,
			    pdn_strerror(PDN_EFEN_SIDE));
	} else if (x->moves != NULL) {
		if (reach_moves(&x->pos, v, x->moves, why, sizeof(why)) != 0)
			return drv_bad_value(&drv, "--moves", x->moves, why);
	} else if (x->cmd == C_QUERY)
		return drv_usage_error(&drv, "query needs --fen or --moves");
	else
		pdn_variant_start(v, &x->pos);
	return 0;
}

/* --- main --------------------------------------------------------------- */

/* TREE_GAMES, or PDN_INDEX_TREE_GAMES when it is a positive number. */
static long
env_tree_games(void)
{
	const char *s = getenv("PDN_INDEX_TREE_GAMES");
	char *end;
	long n;

	if (s == NULL || *s < '0' || *s > '9')
		return TREE_GAMES;
	errno = 0;
	n = strtol(s, &end, 10);
	return *end == '\0' && errno == 0 && n > 0 ? n : TREE_GAMES;
}

/*
 * Takes the command out of argv: the first operand, which is not the
 * value of an option.  Returns its index in commands[], or -1.
 */
static int
take_command(int *argc, char **argv)
{
	static const char *const valued[] = {
		"-f", "-o", "--format", "--output", "--fen", "--moves",
		"--gametype", "--variant", "--game", "--skip", "--max", NULL
	};
	int i, k, c;

	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (argv[i][0] == '-' && argv[i][1] != '\0') {
			for (k = 0; valued[k] != NULL &&
			    strcmp(argv[i], valued[k]) != 0; k++)
				;
			if (valued[k] != NULL)
				i++;
			continue;
		}
		break;
	}
	if (i < *argc && strcmp(argv[i], "--") == 0)
		i++;
	if (i >= *argc)
		return -1;
	for (c = 0; commands[c] != NULL && strcmp(argv[i], commands[c]) != 0;
	    c++)
		;
	if (commands[c] == NULL)
		return -2;
	for (; i + 1 < *argc; i++)
		argv[i] = argv[i + 1];
	(*argc)--;
	return c;
}

int
main(int argc, char **argv)
{
	struct cli_output *output = NULL;
	struct ix x;
	const char *dbpath;
	char *word = NULL;
	long games, positions;
	int st, c, i;

	memset(&x, 0, sizeof(x));
	x.fd = -1;
	for (i = 1; i < argc && word == NULL; i++)
		if (argv[i][0] != '-')
			word = argv[i];
	c = take_command(&argc, argv);
	if ((st = drv_start(&drv, &tool_def, &x, argc, argv)) >= 0) {
		while (x.nplayers > 0)
			player_match_free(&x.players[--x.nplayers]);
		return st;
	}
	if (c < 0) {
		st = c == -1 || word == NULL ? drv_usage_error(&drv,
		    "a command first: build, add, query or tree") :
		    drv_usage_error(&drv, "unknown command: %s (build, add, "
		    "query or tree)", word);
		return drv_end(&drv, st);
	}
	x.cmd = (enum cmd)c;
	x.tree_games = env_tree_games();
	st = 2;
	if (drv.ninputs == 0 || strcmp(drv.inputs[0], "-") == 0) {
		st = drv_usage_error(&drv, "%s needs the database", commands[c]);
		goto out;
	}
	dbpath = drv.inputs[0];
	if ((x.cmd == C_BUILD || x.cmd == C_ADD) && (drv.ninputs < 2 ||
	    x.fen != NULL || x.moves != NULL || drv.fmt_given)) {
		st = drv.ninputs < 2 ? drv_usage_error(&drv, "%s needs the "
		    "files to index", commands[c]) : drv_usage_error(&drv,
		    "%s takes no --fen, --moves or -f", commands[c]);
		goto out;
	}
	if ((x.cmd == C_QUERY || x.cmd == C_TREE) && (x.nplayers > 0 ||
	    drv.alias != NULL)) {
		st = drv_usage_error(&drv, "%s: --player and --alias are for "
		    "build and add (the index keeps no names)", commands[c]);
		goto out;
	}
	if (drv.alias != NULL) {
		if (player_aliases_read(&x.aliases, drv.alias) != 0)
			goto out;
		for (i = 0; i < x.nplayers; i++)
			if (player_match_aliases(&x.players[i],
			    &x.aliases) != 0) {
				cli_warn("out of memory");
				goto out;
			}
	}
	if ((x.cmd == C_QUERY || x.cmd == C_TREE) && drv.ninputs > 1) {
		st = drv_usage_error(&drv, "%s reads no files: %s",
		    commands[c], drv.inputs[1]);
		goto out;
	}
	if (pdn_replay_new(&x.rp) != 0) {
		cli_warn("out of memory");
		goto out;
	}
	if (x.cmd == C_BUILD || x.cmd == C_ADD) {
		if ((x.db = x.cmd == C_BUILD ? db_create(dbpath) :
		    db_open(dbpath, 1)) == NULL)
			goto out;
		/*
		 * The files only: drv_run() reads its inputs.  The
		 * database's name goes after them, for drv_end() to free.
		 */
		memmove(drv.inputs, drv.inputs + 1,
		    (drv.ninputs - 1) * sizeof(*drv.inputs));
		drv.inputs[--drv.ninputs] = (char *)(uintptr_t)dbpath;
		drv_diag_summary();
		st = drv_run(&drv, index_file, &x);
		drv.ninputs++;
		if (st < 2 && keep_trees(&x) != 0)
			st = 2;
		db_counts(x.db, &games, &positions);
		if (db_close(x.db, st < 2) != 0)
			st = 2;
		x.db = NULL;
		if (st < 2 && !drv.quiet) {
			if (x.cmd == C_ADD)
				cli_warn("%s: %ld game%s added (%ld "
				    "positions), %ld cop%s left out, %ld not "
				    "played", dbpath, games, games == 1 ? "" :
				    "s", positions, x.copies, x.copies == 1 ?
				    "y" : "ies", x.unplayed);
			else
				cli_warn("%s: %ld game%s indexed (%ld "
				    "positions), %ld not played", dbpath,
				    games, games == 1 ? "" : "s", positions,
				    x.unplayed);
		}
		goto out;
	}
	if (x.cmd == C_QUERY && drv.fmt_given && drv.fmt == FMT_TEXT) {
		st = drv_usage_error(&drv, "query prints tsv or json");
		goto out;
	}
	if (x.cmd == C_QUERY && !drv.fmt_given)
		drv.fmt = FMT_TSV;
	if (position(&x) != 0)
		goto out;
	if ((x.db = db_open(dbpath, 0)) == NULL)
		goto out;
	if (x.cmd == C_TREE && (x.tree = tree_new(&x.pos)) == NULL) {
		cli_warn("out of memory");
		goto out;
	}
	if ((output = drv_records(&drv)) == NULL)
		goto out;
	x.fp = output->fp;
	if (x.cmd != C_TREE || (st = kept_tree(&x)) == 0)
		st = answer(&x);
	else if (st == 1)
		st = 0;
	if (st < 2 && x.cmd == C_TREE && !drv.quiet &&
	    tree_print(x.tree, x.fp, drv.fmt == FMT_TSV ? TREE_TSV :
	    drv.fmt == FMT_JSON ? TREE_JSON : TREE_TEXT, !drv.header) < 0) {
		cli_warn("out of memory");
		st = 2;
	}
	if (cli_output_finish(output) != 0)
		st = 2;
	if (st == 0 && x.found == 0)
		st = 1;
out:
	db_close(x.db, 0);
	if (x.fd >= 0)
		close(x.fd);
	pdn_buf_free(&x.head);
	tree_free(x.tree);
	pdn_replay_free(x.rp);
	free(x.p);
	free(x.mv);
	free(x.walk);
	free(x.seen);
	while (x.nplayers > 0)
		player_match_free(&x.players[--x.nplayers]);
	player_aliases_free(&x.aliases);
	return drv_end(&drv, st);
}
