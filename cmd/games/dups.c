/*
 * Copies of earlier games (dups.h), for pdn-select -D and pdn-standings:
 * the keys of games and their hashes, the table of the games kept, the
 * text cache, and the inputs read again to compare a game with a kept
 * one.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunks.h"
#include "cli.h"
#include "dups.h"
#include <pdn/pdn.h>

/*
 * -D: a game is a copy of an earlier one when their keys are equal.  A
 * key is bytes: for a game whose main line replays to its end, 'P', then
 * its setup (0 for the start position, else 1 and the position), then
 * per ply the move's from and to squares and its captured squares (with
 * the high bit set), and before a ply that follows a /FEN/ setup 0xff and
 * that position; with --dup-by final, 'F' and the final position.  A game
 * that does not replay (another variant, an illegal move) has the key of
 * its text: 'W', its GameType (the tag's, or the one inferred), its FEN
 * tag and its main line's move tokens, normalised, and setups.
 *
 * The games kept are found by the 64-bit hash of their key in an
 * open-addressing table of 16 bytes an entry, at most half full: the
 * hash, and where the game's text lies in its input.  A game whose key
 * has the hash of a kept one is a copy when the kept game's text, read
 * again from its input (pread), is its text, or else when the key of that
 * text, read and replayed again, is its key: never by the hash alone.  A
 * game of an input that cannot be read again (a pipe) keeps its key
 * itself, in an arena, for that comparison.
 */

/*
 * ref: the text's offset in the inputs one after another (see struct
 * src) times 2^24, plus its length (below REF_ARENA); or, with the
 * length REF_ARENA, the key's offset in the arena, where its length comes
 * first (a size_t).  0: an empty slot.
 */
struct dupent {
	uint64_t hash;
	uint64_t ref;
};

#define REF_LEN_BITS	24
#define REF_ARENA	((1u << REF_LEN_BITS) - 1)
#define REF_MAX_OFFSET	(UINT64_C(1) << (64 - REF_LEN_BITS))

/*
 * Copies of the same text, the common case (a file merged twice, or
 * with itself), are found before the game is replayed: in a stream, where
 * each game is decided as it comes, a game whose text has the hash of a
 * kept game's text in the text cache, and is that text (read again), is
 * a copy, with no replay and no key.  The cache maps a hash of the text
 * to where a kept game's text lies, one entry a slot (a later game takes
 * the slot), TC_N of them, 1 MB: it does not grow with the games, and
 * a game it has lost is still found by its key, as any other.  On the
 * bench games (all but the first copy copies), -D took 806 million
 * instructions on 20 copies of them, 509 million with the cache (the
 * reading of the moves is most of the rest).
 */
#define TC_N		(64 * 1024)

/*
 * An input that -D reads again, at offset `base` of the inputs' texts:
 * through its own descriptor for the first MAX_SRC_FDS, reopened by name
 * (the same file: device and inode) for the others.
 */
struct src {
	char *path;
	dev_t dev;
	ino_t ino;
	uint64_t size, base;
	off_t start;		/* where its reading began in the file */
	int fd;
	/*
	 * Its own variant, for its games read again, from the same head as
	 * the hint its reading had (cli_input_head()): src_head.
	 */
	pdn_file_hint *hint;
	struct src_head *head;
};

/* The head of d->srcs[i], read again when its hint asks for it. */
struct src_head {
	const struct dups *d;
	size_t i;
	char *buf;
	size_t len;
};

#define MAX_SRC_FDS	32

/*
 * The texts read again come through a few blocks of the inputs, reused
 * by the least recently used: the copies of a game tend to follow the
 * order of the games they copy (a file merged twice), and one read of a
 * block then serves many.  On the bench games (all but the first copy
 * copies), one read a game took 9% of the run.
 */
#define BLK_SIZE	(64 * 1024)
#define BLK_N		16

struct blk {
	const struct src *sr;	/* NULL: unused */
	uint64_t at;		/* offset in its input */
	size_t len;
	unsigned long used;
	char *data;
};

struct dups {
	/* How keys are made, and the games of a text read again replayed. */
	struct dup_by by;
	int gametype;
	pdn_replay_options ro;
	struct dupent *t;
	size_t cap, n;		/* cap: a power of two */
	struct dupent *tc;	/* the text cache (TC_N), or NULL */
	pdn_buf arena;
	struct src *srcs;
	size_t nsrcs, capsrcs;
	uint64_t next;		/* where the next input's text goes */
	const struct src *cur;	/* the input being read, or NULL */
	struct blk blk[BLK_N];
	unsigned long clock;
	pdn_buf text;		/* a kept game's text, read again */
	pdn_buf other;		/* its key */
	pdn_buf mine;		/* the key of the game looked for */
	pdn_buf look;		/* its text (dup_seen_ref()) */
	/* The games kept since dup_clear(): by their text, or hashed too. */
	struct grp {
		uint64_t ref;
		int hashed;
	} *grp;
	size_t ngrp, capgrp;
	int copying;		/* the input noted last is a copy being made */
	struct chunk_worker *w;	/* and its replay, made when needed */
	/*
	 * In a stream, the game looked for, still at hand (its key is made
	 * from its replay, not from its text read again), or NULL.
	 */
	const pdn_game *g;
	const pdn_played *pg;
};

/* A hash of 8 bytes at a time (the keys are long: a game's moves). */
uint64_t
dup_hash(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len, v;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&v, s + i, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (v = 0; i < len; i++)
		v = v << 8 | (unsigned char)s[i];
	h = (h ^ v) * 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 29);
}

/*
 * A position as its bytes: the library's positions are canonical, equal
 * positions having equal bytes (<pdn/core.h>).
 */
static void
key_pos(pdn_buf *b, const pdn_position *pos)
{
	pdn_buf_add(b, (const char *)pos, sizeof(*pos));
}

/*
 * A move as the key writes it: the squares it passes through (from, the
 * landing squares of a capture, to), then 0.  From one position two moves
 * with one path are one move (their captured pieces lie between its
 * squares), and the generator gives a move the same path every time:
 * equal keys, equal lines.
 */
static void
key_move(pdn_buf *b, const pdn_move *m)
{
	int sq[PDN_MOVE_STRMAX], j, len;
	unsigned char *c;

	len = pdn_move_path(sq, PDN_MOVE_STRMAX, m);
	if (len > PDN_MOVE_STRMAX)
		len = PDN_MOVE_STRMAX;
	if (pdn_buf_reserve(b, (size_t)len + 1) != 0)
		return;
	c = (unsigned char *)b->data + b->len;
	for (j = 0; j < len; j++)
		*c++ = (unsigned char)sq[j];
	*c++ = 0;
	b->len = (size_t)((char *)c - b->data);
}

/*
 * The first n plies of the main line of pg, which has no setup after its
 * start, as dup_make_key() writes them: their moves (key_move()).
 */
static void
key_moves(pdn_buf *b, const pdn_played *pg, long n)
{
	const pdn_move *mv[64];
	long from, got, k;

	for (from = 0; from < n && (got = pdn_played_moves(mv, 64, pg, 0,
	    from)) > 0; from += got)
		for (k = 0; k < got && from + k < n; k++)
			key_move(b, mv[k]);
}

/*
 * Whether game g, played as pg (or NULL), replays as far as its key goes:
 * its first n plies with --dup-by plies:N (n, N or fewer), else to its
 * end; if not, its key is of its text.
 */
static int
replayed(const struct dup_by *by, const pdn_game *g, const pdn_played *pg,
    long n)
{
	if (pg == NULL || pdn_played_setups(pg) == 0 ||
	    pdn_played_lines(pg) == 0)
		return 0;
	return by->what == DUP_PLIES ? pdn_played_plies(pg) >= n :
	    pdn_played_plies(pg) == g->plies;
}

/* Appends game g's key (played as pg, or NULL) to b. */
void
dup_make_key(pdn_buf *b, const struct dup_by *by, const pdn_game *g,
    const pdn_played *pg)
{
	pdn_position start;
	pdn_ply ply;
	char tok[PDN_MOVETOK_STRMAX];
	const char *fen;
	long i, n = g->plies;
	size_t k;

	if (by->what == DUP_PLIES && n > by->plies)
		n = by->plies;
	if (replayed(by, g, pg, n)) {
		if (by->what == DUP_FINAL) {
			pdn_buf_add(b, "F", 1);
			key_pos(b, pdn_played_final(pg, 0));
			return;
		}
		pdn_buf_add(b, "P", 1);
		pdn_variant_start(pdn_variant_default(), &start);
		if (pdn_position_equal(pdn_played_start(pg), &start))
			pdn_buf_add(b, "\0", 1);
		else {
			pdn_buf_add(b, "\1", 1);
			key_pos(b, pdn_played_start(pg));
		}
		/* The common case, fast: a line of moves and no setup. */
		if (pdn_played_setups(pg) == 1) {
			key_moves(b, pg, n);
			return;
		}
		for (i = 0; i < n && pdn_played_ply(&ply, pg, 0, i) == 0;
		    i++) {
			if (ply.flags & PDN_PLY_SETUP) {
				pdn_buf_add(b, "\377", 1);
				key_pos(b, ply.before);
			}
			key_move(b, ply.move);
		}
		return;
	}
	/* Its variant too: the same tokens in another variant are not it. */
	snprintf(tok, sizeof(tok), "W%d\n", g->gametype);
	pdn_buf_add(b, tok, strlen(tok));
	if ((fen = pdn_game_tag(g, "FEN")) != NULL)
		pdn_buf_add(b, fen, strlen(fen));
	pdn_buf_add(b, "\n", 1);
	for (k = 0, i = 0; k < g->moves.n && i < n; k++) {
		if (g->moves.e[k].type == PDN_EL_MOVE) {
			pdn_buf_add(b, tok, (size_t)pdn_movetok_str(tok,
			    &g->moves.e[k].u.move.tok));
			pdn_buf_add(b, " ", 1);
			i++;
		} else if (g->moves.e[k].type == PDN_EL_SETUP) {
			pdn_buf_add(b, "/", 1);
			pdn_buf_add(b, g->moves.e[k].u.text.s,
			    g->moves.e[k].u.text.len);
			pdn_buf_add(b, "/", 1);
		}
	}
}

/*
 * One position into hash h, by its bytes (canonical, as key_pos() says):
 * four products side by side.
 */
static uint64_t
hash_pos(uint64_t h, const pdn_position *p)
{
	static const uint64_t mul[4] = { 0xff51afd7ed558ccdULL,
	    0xc4ceb9fe1a85ec53ULL, 0x9e3779b97f4a7c15ULL,
	    0xd6e8feb86659fd93ULL };
	uint64_t w[sizeof(*p) / 8], sum = 0;
	size_t i;

	memcpy(w, p, sizeof(w));
	for (i = 0; i < sizeof(w) / 8; i++)
		sum += w[i] * mul[i % 4];
	return (h << 23 | h >> 41) ^ sum;
}

/* Mixed once more (a table slot takes its low bits); never 0 ("none"). */
static uint64_t
hash_end(uint64_t h)
{
	h = (h ^ (h >> 31)) * 0xbf58476d1ce4e5b9ULL;
	return (h ^ (h >> 29)) | 1;
}

/*
 * The hash of the key dup_make_key() writes of a game that replays (a key of
 * 'P' or 'F'), from its positions: the start and the position after each
 * ply the key takes, or the final one, which are what the key says.
 * On 20 copies of the bench games, writing the keys took 50 million
 * instructions and -D 812 million in all; hashing the positions instead,
 * 795 million.  Most keys then need not be written at all (their games'
 * texts can be read again).
 * Returns 0 for a game whose key is written from its text ('W').
 */
uint64_t
dup_played_hash(const struct dup_by *by, const pdn_game *g,
    const pdn_played *pg)
{
	const pdn_position *pos[64];
	uint64_t h;
	long n = g->plies, from, got, k;

	if (by->what == DUP_PLIES && n > by->plies)
		n = by->plies;
	if (!replayed(by, g, pg, n))
		return 0;
	if (by->what == DUP_FINAL)
		return hash_end(hash_pos(0x46, pdn_played_final(pg, 0)));
	h = hash_pos(0x50 ^ (uint64_t)n << 8, pdn_played_start(pg));
	for (from = 0; from < n && (got = pdn_played_positions(pos, 64, pg,
	    0, from)) > 0; from += got)
		for (k = 0; k < got && from + k < n; k++)
			h = hash_pos(h, pos[k]);
	return hash_end(h);
}

/*
 * The hash -D finds game g's copies by (and --add hash writes): of its
 * positions when it replays, else of its key, written into *scratch.
 */
uint64_t
dup_game_hash(pdn_buf *scratch, const struct dup_by *by, const pdn_game *g,
    const pdn_played *pg)
{
	uint64_t h = dup_played_hash(by, g, pg);

	if (h != 0)
		return h;
	scratch->len = 0;
	dup_make_key(scratch, by, g, pg);
	return dup_hash(scratch->data, scratch->len);
}

/* Reads len bytes at `at` of input sr into buf: 0, or -1. */
static int
src_read(const struct src *sr, char *buf, size_t len, uint64_t at)
{
	struct stat st;
	ssize_t n;
	int fd;

	if ((fd = sr->fd) < 0 && ((fd = open(sr->path, O_RDONLY)) < 0 ||
	    fstat(fd, &st) != 0 || st.st_dev != sr->dev ||
	    st.st_ino != sr->ino)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	n = pread(fd, buf, len, sr->start + (off_t)at);
	if (sr->fd < 0)
		close(fd);
	return n >= 0 && (size_t)n == len ? 0 : -1;
}

/*
 * The text of the game at `ref` (not in the arena), *len bytes, lent
 * until the next call; NULL when it cannot be read as it was.
 */
/*
 * The input that holds the text at ref, and the text's offset in it (*at);
 * NULL when ref lies in none (a text that is no longer there).
 */
static const struct src *
ref_src(const struct dups *d, uint64_t ref, uint64_t *at)
{
	uint64_t off = ref >> REF_LEN_BITS, len = ref & REF_ARENA;
	size_t lo = 0, hi = d->nsrcs, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (d->srcs[mid].base <= off)
			lo = mid;
		else
			hi = mid;
	}
	if (lo >= d->nsrcs || off < d->srcs[lo].base ||
	    off - d->srcs[lo].base + len > d->srcs[lo].size)
		return NULL;
	*at = off - d->srcs[lo].base;
	return &d->srcs[lo];
}

static const char *
ref_text(struct dups *d, uint64_t ref, size_t *len, const struct src **srp)
{
	uint64_t at, end;
	const struct src *sr;
	struct blk *b, *old;
	size_t i;

	*len = (size_t)(ref & REF_ARENA);
	if ((sr = ref_src(d, ref, &at)) == NULL)
		return NULL;
	*srp = sr;
	end = at + *len;
	d->clock++;
	for (i = 0, old = b = d->blk; i < BLK_N; i++, b++) {
		if (b->sr == sr && b->at <= at && end <= b->at + b->len) {
			b->used = d->clock;
			return b->data + (at - b->at);
		}
		if (b->used < old->used)
			old = b;
	}
	/* A text longer than a block is read alone. */
	if (*len > BLK_SIZE / 2) {
		d->text.len = 0;
		if (pdn_buf_reserve(&d->text, *len) != 0 ||
		    src_read(sr, d->text.data, *len, at) != 0)
			return NULL;
		return d->text.data;
	}
	if (old->data == NULL && (old->data = malloc(BLK_SIZE)) == NULL)
		return NULL;
	old->sr = NULL;
	old->at = at & ~(uint64_t)4095;
	old->len = sr->size - old->at < BLK_SIZE ?
	    (size_t)(sr->size - old->at) : BLK_SIZE;
	if (src_read(sr, old->data, old->len, old->at) != 0)
		return NULL;
	old->sr = sr;
	old->used = d->clock;
	return old->data + (at - old->at);
}

/*
 * The game in text[0..len) of input sr (NULL: not known), read (*r, to be
 * freed: NULL when none was made) and replayed again as the inputs' games
 * are, into *g and *pg.  Returns 1, 0 when the text holds no game, -1 out
 * of memory.
 */
static int
replay_text(struct dups *d, const char *text, size_t len,
    const struct src *sr, pdn_reader **r, const pdn_game **g,
    const pdn_played **pg)
{
	pdn_reader_options o = PDN_READER_OPTIONS_INIT;

	*r = NULL;
	o.finish = pdn_game_finish;
	/* Its variant, where its file decides it, as when it was read. */
	o.finish_arg = sr != NULL ? sr->hint : NULL;
	if (d->w == NULL && (d->w = chunk_worker_new(NULL)) == NULL)
		return -1;
	o.gametype = d->gametype;
	if (pdn_reader_new_mem(r, text, len, &o) != 0) {
		*r = NULL;
		return -1;
	}
	if (pdn_reader_next(g, *r) != 1)
		return 0;
	return pdn_replay_game(pg, d->w->rp, *g, &d->ro) != 0 ? -1 : 1;
}

/*
 * The key of the game in text[0..len) of input sr (NULL: not known), read
 * and replayed again, into *to.  Returns 0, or -1 out of memory.
 */
static int
key_of_text(struct dups *d, pdn_buf *to, const char *text, size_t len,
    const struct src *sr)
{
	const pdn_played *pg;
	const pdn_game *g;
	pdn_reader *r;
	int rc;

	to->len = 0;
	if ((rc = replay_text(d, text, len, sr, &r, &g, &pg)) > 0)
		dup_make_key(to, &d->by, g, pg);
	pdn_reader_free(r);
	return rc < 0 || to->oom ? -1 : 0;
}

/*
 * The key of the game looked for, whose text is text[0..len), into
 * d->mine: from its replay when it is at hand.  0, or -1 out of memory.
 */
static int
key_mine(struct dups *d, const char *text, size_t len)
{
	if (d->g == NULL)
		return key_of_text(d, &d->mine, text, len, d->cur);
	d->mine.len = 0;
	dup_make_key(&d->mine, &d->by, d->g, d->pg);
	return d->mine.oom ? -1 : 0;
}

/*
 * Whether kept entry e is the game of key[0..len) (NULL: not written)
 * and text[0..tlen) (NULL: not at hand, then the key is written): 1 yes,
 * 0 no, -1 out of memory.
 */
static int
dup_same(struct dups *d, struct dupent *e, const char *key, size_t len,
    const char *text, size_t tlen)
{
	const struct src *sr = NULL;
	const char *kept;
	size_t klen;

	/* The comparisons below want the key. */
	if (key == NULL && (e->ref & REF_ARENA) == REF_ARENA) {
		if (key_mine(d, text, tlen) != 0)
			return -1;
		key = d->mine.data;
		len = d->mine.len;
	}
	if ((e->ref & REF_ARENA) == REF_ARENA) {
		kept = d->arena.data + (e->ref >> REF_LEN_BITS);
		memcpy(&klen, kept, sizeof(klen));
		return klen == len && memcmp(kept + sizeof(klen), key,
		    len) == 0;
	}
	/* Changed since (or gone): not the game it was. */
	if ((kept = ref_text(d, e->ref, &klen, &sr)) == NULL)
		return 0;
	/* The same text is the same game: the common case, cheap. */
	if (text != NULL && klen == tlen && memcmp(kept, text, tlen) == 0)
		return 1;
	if (key_of_text(d, &d->other, kept, klen, sr) != 0)
		return -1;
	/*
	 * In a stream the kept game keeps that key from now on: the
	 * games written otherwise that follow are compared with it without
	 * reading it again (the copies of its text are found by the text
	 * cache), and their keys come from their replays.  Among the
	 * prefixes of the bench games (many of the same moves under other
	 * tags), -D took 1,661 million instructions reading the kept
	 * games again each time (76 million of them), 1,610 million so.
	 */
	if (d->g != NULL && d->arena.len < REF_MAX_OFFSET) {
		e->ref = (uint64_t)d->arena.len << REF_LEN_BITS | REF_ARENA;
		pdn_buf_add(&d->arena, (const char *)&d->other.len,
		    sizeof(d->other.len));
		pdn_buf_add(&d->arena, d->other.data, d->other.len);
		if (d->arena.oom)
			return -1;
	}
	if (key == NULL) {
		if (key_mine(d, text, tlen) != 0)
			return -1;
		key = d->mine.data;
		len = d->mine.len;
	}
	return d->other.len == len && memcmp(d->other.data, key, len) == 0;
}

/*
 * Whether text[0..len), whose hash is th, is the text of a kept game (the
 * text cache's): 1 yes, 0 not known.
 */
static int
dup_text_seen(struct dups *d, uint64_t th, const char *text, size_t len)
{
	const struct dupent *c;
	const struct src *sr;
	const char *kept;
	size_t klen;

	if (d->tc == NULL)
		return 0;
	c = &d->tc[(th >> 1) & (TC_N - 1)];
	if (c->hash != th || c->ref == 0 ||
	    (kept = ref_text(d, c->ref, &klen, &sr)) == NULL)
		return 0;
	return klen == len && memcmp(kept, text, len) == 0;
}

/* Room in the table for one more game: 0, or -1 out of memory. */
static int
dup_room(struct dups *d)
{
	struct dupent *t, *e;
	size_t i, cap;

	if (2 * (d->n + 1) <= d->cap)
		return 0;
	cap = d->cap == 0 ? 1024 : 2 * d->cap;
	if ((t = calloc(cap, sizeof(*t))) == NULL)
		return -1;
	for (i = 0; i < d->cap; i++) {
		if (d->t[i].ref == 0)
			continue;
		for (e = &t[d->t[i].hash & (cap - 1)]; e->ref != 0;
		    e = &t[(size_t)(e - t + 1) & (cap - 1)])
			;
		*e = d->t[i];
	}
	free(d->t);
	d->t = t;
	d->cap = cap;
	return 0;
}

/*
 * Whether the game of key[0..len) (hash h), whose text lies at `offset`
 * of the input being read, `tlen` bytes (text, or NULL when it is not at
 * hand), is a copy of one kept; if not, it is kept.  Returns 1 (a copy),
 * 0 (new), -1 out of memory.
 */
int
dup_seen(struct dups *d, const char *key, size_t len, uint64_t h,
    uint64_t offset, const char *text, size_t tlen, uint64_t th)
{
	struct dupent *e;
	uint64_t ref;
	int same, where;

	if (key == NULL && text == NULL)
		return 0;
	if (dup_room(d) != 0)
		return -1;
	/* Where it can be read again from, to be kept so. */
	where = (ref = dup_ref(d, offset, tlen)) != 0;
	for (e = &d->t[h & (d->cap - 1)]; e->ref != 0;
	    e = &d->t[(size_t)(e - d->t + 1) & (d->cap - 1)])
		if (e->hash == h && (same = dup_same(d, e, key, len, text,
		    tlen)) != 0)
			return same;
	e->hash = h;
	if (where) {
		e->ref = ref;
		if (th != 0 && (d->tc != NULL || (d->tc = calloc(TC_N,
		    sizeof(*d->tc))) != NULL)) {
			d->tc[(th >> 1) & (TC_N - 1)].hash = th;
			d->tc[(th >> 1) & (TC_N - 1)].ref = e->ref;
		}
	} else {
		/* Past what the input was when it was opened, say. */
		if (key == NULL) {
			if (key_mine(d, text, tlen) != 0)
				return -1;
			key = d->mine.data;
			len = d->mine.len;
		}
		if (d->arena.len >= REF_MAX_OFFSET)
			return -1;
		e->ref = (uint64_t)d->arena.len << REF_LEN_BITS | REF_ARENA;
		pdn_buf_add(&d->arena, (const char *)&len, sizeof(len));
		pdn_buf_add(&d->arena, key, len);
		if (d->arena.oom)
			return -1;
	}
	d->n++;
	return 0;
}

uint64_t
dup_ref(const struct dups *d, uint64_t offset, size_t len)
{
	if (d->cur == NULL || offset + len > d->cur->size || len == 0 ||
	    len >= REF_ARENA || d->cur->base + offset >= REF_MAX_OFFSET)
		return 0;
	return (d->cur->base + offset) << REF_LEN_BITS | len;
}

/*
 * Keeps the game whose text is at ref (dup_ref(), of this input or an
 * earlier one), read and replayed again, under its dup_game_hash() xor
 * salt, without looking whether it is a copy: a game put aside unlooked
 * at, until a later game might be its copy (pdn-standings, whose copies
 * have the same players, date and round first).  A text that can no longer
 * be read as it was (the file changed) is not kept.  Returns 0, or -1 out
 * of memory.
 */
static int
dup_keep_ref(struct dups *d, uint64_t ref, uint64_t salt)
{
	const pdn_played *pg;
	const struct src *sr;
	const pdn_game *g;
	const char *text;
	pdn_reader *r;
	struct dupent *e;
	size_t len;
	uint64_t h;
	int rc;

	/* Changed since (or gone): no longer the game it was. */
	if ((text = ref_text(d, ref, &len, &sr)) == NULL)
		return 0;
	if ((rc = replay_text(d, text, len, sr, &r, &g, &pg)) <= 0) {
		pdn_reader_free(r);
		return rc;
	}
	h = dup_game_hash(&d->mine, &d->by, g, pg) ^ salt;
	pdn_reader_free(r);
	if (d->mine.oom || dup_room(d) != 0)
		return -1;
	for (e = &d->t[h & (d->cap - 1)]; e->ref != 0;
	    e = &d->t[(size_t)(e - d->t + 1) & (d->cap - 1)])
		;
	e->hash = h;
	e->ref = ref;
	d->n++;
	return 0;
}

struct dups *
dup_new(const struct dup_by *by, int gametype, const pdn_replay_options *ro)
{
	struct dups *d;

	if ((d = calloc(1, sizeof(*d))) == NULL)
		return NULL;
	d->by = *by;
	d->gametype = gametype;
	d->ro = *ro;
	return d;
}

/*
 * The hint's head() of an input read again: its first CLI_HEAD_MAX bytes,
 * the bytes its reading's hint had.
 */
static const char *
src_head(void *arg, size_t *len, int *whole)
{
	struct src_head *h = arg;
	const struct src *sr = &h->d->srcs[h->i];
	size_t n = sr->size < CLI_HEAD_MAX ? (size_t)sr->size : CLI_HEAD_MAX;

	*len = 0;
	*whole = sr->size < CLI_HEAD_MAX;
	if (h->buf == NULL && ((h->buf = malloc(n > 0 ? n : 1)) == NULL ||
	    src_read(sr, h->buf, n, 0) != 0))
		return NULL;
	*len = n;
	return h->buf;
}

/*
 * Notes input `in` for the comparisons of -D (d->cur) when it is a
 * regular file, which can be read again; otherwise its games keep their
 * keys.
 */
void
dup_source(struct dups *d, const struct cli_input *in)
{
	struct stat st;
	struct src *n;
	off_t start;

	d->cur = NULL;
	/* Standard input may be a file read from its middle on. */
	if (fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (start = lseek(in->fd, 0, SEEK_CUR)) < 0 || st.st_size <= start)
		return;
	if (d->nsrcs == d->capsrcs) {
		size_t cap = d->capsrcs == 0 ? 16 : 2 * d->capsrcs;

		if ((n = realloc(d->srcs, cap * sizeof(*n))) == NULL)
			return;
		d->srcs = n;
		d->capsrcs = cap;
	}
	n = &d->srcs[d->nsrcs];
	n->fd = -1;
	n->path = NULL;
	n->hint = NULL;
	n->head = NULL;
	/* Standard input, redirected from a file, has no name to reopen. */
	if (d->nsrcs < MAX_SRC_FDS || in->fd == STDIN_FILENO)
		n->fd = dup(in->fd);
	else
		n->path = strdup(in->name);
	if (n->fd < 0 && n->path == NULL)
		return;
	n->dev = st.st_dev;
	n->ino = st.st_ino;
	n->size = (uint64_t)(st.st_size - start);
	n->start = start;
	n->base = d->next;
	/* Without memory for it, no hint: its games read as without one. */
	if ((n->head = calloc(1, sizeof(*n->head))) != NULL) {
		n->head->d = d;
		n->head->i = d->nsrcs;
		if (pdn_file_hint_new(&n->hint, src_head, n->head) != 0) {
			free(n->head);
			n->head = NULL;
		}
	}
	d->next += n->size;
	d->cur = n;
	d->nsrcs++;
}

/*
 * Keeps the key and hash of the game read again from text[0..len) of sr:
 * its dup_game_hash() xor salt into *h, its key into d->mine.  1, 0 when
 * the text holds no game, -1 out of memory.
 */
static int
ref_key(struct dups *d, const char *text, size_t len, const struct src *sr,
    uint64_t salt, uint64_t *h)
{
	const pdn_played *pg;
	const pdn_game *g;
	pdn_reader *r;
	int rc;

	if ((rc = replay_text(d, text, len, sr, &r, &g, &pg)) > 0) {
		*h = dup_game_hash(&d->mine, &d->by, g, pg) ^ salt;
		d->mine.len = 0;
		dup_make_key(&d->mine, &d->by, g, pg);
		if (d->mine.oom)
			rc = -1;
	}
	pdn_reader_free(r);
	return rc;
}

/*
 * The text at ref read into *to, exactly its bytes (no block of the
 * cache: pdn-standings reads the games of a group where they lie, far
 * apart), and its input into *srp.  0, or -1 when it cannot be read as
 * it was.
 */
static int
ref_read(struct dups *d, uint64_t ref, pdn_buf *to, const struct src **srp)
{
	size_t len = (size_t)(ref & REF_ARENA);
	uint64_t at;

	if ((*srp = ref_src(d, ref, &at)) == NULL)
		return -1;
	to->len = 0;
	if (pdn_buf_reserve(to, len) != 0 || src_read(*srp, to->data, len,
	    at) != 0)
		return -1;
	to->len = len;
	return 0;
}

int
dup_seen_ref(struct dups *d, uint64_t ref, uint64_t salt)
{
	const struct src *sr, *osr;
	struct dupent *e;
	struct grp *gr;
	uint64_t h = 0;
	size_t i;
	int rc;

	/* Changed since (or gone): no longer the game it was. */
	if (ref_read(d, ref, &d->look, &sr) != 0)
		return 0;
	/* The same text is the same game: a file merged twice. */
	for (i = 0; i < d->ngrp; i++)
		if (ref_read(d, d->grp[i].ref, &d->other, &osr) == 0 &&
		    d->other.len == d->look.len && memcmp(d->other.data,
		    d->look.data, d->look.len) == 0)
			return 1;
	if (d->ngrp > 0) {
		/* Other texts: the games are compared by their keys. */
		for (i = 0; i < d->ngrp; i++)
			if (!d->grp[i].hashed) {
				if (dup_keep_ref(d, d->grp[i].ref, salt) != 0)
					return -1;
				d->grp[i].hashed = 1;
			}
		if ((rc = ref_key(d, d->look.data, d->look.len, sr, salt,
		    &h)) <= 0)
			return rc;
		if (dup_room(d) != 0)
			return -1;
		for (e = &d->t[h & (d->cap - 1)]; e->ref != 0;
		    e = &d->t[(size_t)(e - d->t + 1) & (d->cap - 1)])
			if (e->hash == h && (rc = dup_same(d, e, d->mine.data,
			    d->mine.len, d->look.data, d->look.len)) != 0)
				return rc;
		e->hash = h;
		e->ref = ref;
		d->n++;
	}
	if (d->ngrp == d->capgrp) {
		d->capgrp = d->capgrp == 0 ? 8 : 2 * d->capgrp;
		if ((gr = realloc(d->grp, d->capgrp * sizeof(*gr))) == NULL)
			return -1;
		d->grp = gr;
	}
	d->grp[d->ngrp].ref = ref;
	d->grp[d->ngrp].hashed = d->ngrp > 0;
	d->ngrp++;
	return 0;
}

void
dup_clear(struct dups *d)
{
	if (d->n > 0)
		memset(d->t, 0, d->cap * sizeof(*d->t));
	d->n = 0;
	d->ngrp = 0;
	d->arena.len = 0;
}

int
dup_source_copy(struct dups *d, const struct cli_input *in, int fd)
{
	struct src *n;

	(void)in;
	d->cur = NULL;
	if (d->nsrcs == d->capsrcs) {
		size_t cap = d->capsrcs == 0 ? 16 : 2 * d->capsrcs;

		if ((n = realloc(d->srcs, cap * sizeof(*n))) == NULL)
			return -1;
		d->srcs = n;
		d->capsrcs = cap;
	}
	n = &d->srcs[d->nsrcs];
	memset(n, 0, sizeof(*n));
	n->path = NULL;
	if ((n->fd = dup(fd)) < 0)
		return -1;
	n->start = 0;
	n->base = d->next;
	/* Until its end is known (dup_source_end()), all it may be. */
	n->size = REF_MAX_OFFSET - n->base;
	if ((n->head = calloc(1, sizeof(*n->head))) != NULL) {
		n->head->d = d;
		n->head->i = d->nsrcs;
		if (pdn_file_hint_new(&n->hint, src_head, n->head) != 0) {
			free(n->head);
			n->head = NULL;
		}
	}
	d->cur = n;
	d->nsrcs++;
	d->copying = 1;
	return 0;
}

void
dup_source_end(struct dups *d, uint64_t size)
{
	if (!d->copying || d->cur == NULL)
		return;
	d->copying = 0;
	d->srcs[d->nsrcs - 1].size = size;
	d->next += size;
}

int
dup_reread(const struct dups *d)
{
	return d->cur != NULL;
}

/*
 * -D in a stream: whether game g, whose text is at hand, is a copy of a
 * kept game's text (the text cache); *th gets its text's hash, or 0.
 */
int
dup_text_copy(struct dups *d, const pdn_game *g, uint64_t *th)
{
	*th = 0;
	if (d->cur == NULL || g->raw == NULL || g->rawlen != g->span.len ||
	    g->rawlen == 0)
		return 0;
	*th = dup_hash(g->raw, g->rawlen) | 1;
	return dup_text_seen(d, *th, g->raw, g->rawlen);
}

/* -D in a stream: game g and its replay pg are at hand (NULL: no more). */
void
dup_at_hand(struct dups *d, const pdn_game *g, const pdn_played *pg)
{
	d->g = g;
	d->pg = pg;
}

/*
 * -c FILE: the games of path, each kept by its key (the table's inputs
 * are never read again).  Returns 0, or 2 after saying what went wrong.
 */
int
dup_load(struct dups *d, const char *path, long *games)
{
	pdn_reader_options o = PDN_READER_OPTIONS_INIT;
	struct cli_input in;
	const pdn_played *pg;
	const pdn_game *g;
	pdn_reader *r;
	uint64_t h;
	int rc, st = 0;

	*games = 0;
	if (cli_input_open(&in, path) != 0)
		return 2;
	o.finish = pdn_game_finish;
	o.finish_arg = in.hint;
	o.gametype = d->gametype;
	if (d->w == NULL && (d->w = chunk_worker_new(NULL)) == NULL) {
		cli_input_close(&in);
		cli_warn("out of memory");
		return 2;
	}
	if (pdn_reader_new(&r, cli_read_fd, &in, &o) != 0) {
		cli_input_close(&in);
		cli_warn("out of memory");
		return 2;
	}
	d->cur = NULL;
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		if (pdn_replay_game(&pg, d->w->rp, g, &d->ro) != 0) {
			st = -1;
			break;
		}
		d->mine.len = 0;
		dup_make_key(&d->mine, &d->by, g, pg);
		if ((h = dup_played_hash(&d->by, g, pg)) == 0)
			h = dup_hash(d->mine.data, d->mine.len);
		if (d->mine.oom || dup_seen(d, d->mine.data, d->mine.len, h,
		    0, NULL, 0, 0) < 0) {
			st = -1;
			break;
		}
		(*games)++;
	}
	if (st < 0) {
		cli_warn("out of memory");
		st = 2;
	} else
		st = cli_input_end(&in, rc);
	pdn_reader_free(r);
	cli_input_close(&in);
	return st;
}

/*
 * Whether the game of key[0..len), hash h, is one of the table's; a
 * lookup that changes nothing (any thread may make it).
 */
int
dup_known(const struct dups *d, const char *key, size_t len, uint64_t h)
{
	const struct dupent *e;
	const char *kept;
	size_t klen;

	if (d->cap == 0)
		return 0;
	for (e = &d->t[h & (d->cap - 1)]; e->ref != 0;
	    e = &d->t[(size_t)(e - d->t + 1) & (d->cap - 1)]) {
		if (e->hash != h || (e->ref & REF_ARENA) != REF_ARENA)
			continue;
		kept = d->arena.data + (e->ref >> REF_LEN_BITS);
		memcpy(&klen, kept, sizeof(klen));
		if (klen == len && memcmp(kept + sizeof(klen), key, len) == 0)
			return 1;
	}
	return 0;
}

void
dup_free(struct dups *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nsrcs; i++) {
		if (d->srcs[i].fd >= 0)
			close(d->srcs[i].fd);
		free(d->srcs[i].path);
		pdn_file_hint_free(d->srcs[i].hint);
		if (d->srcs[i].head != NULL)
			free(d->srcs[i].head->buf);
		free(d->srcs[i].head);
	}
	free(d->srcs);
	for (i = 0; i < BLK_N; i++)
		free(d->blk[i].data);
	free(d->t);
	free(d->tc);
	pdn_buf_free(&d->arena);
	pdn_buf_free(&d->text);
	pdn_buf_free(&d->other);
	pdn_buf_free(&d->mine);
	pdn_buf_free(&d->look);
	free(d->grp);
	if (d->w != NULL)
		chunk_worker_free(d->w);
	free(d);
}
