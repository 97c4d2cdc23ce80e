/*
 * pdn-index's database (SQLite, libsqlite3): the files indexed, their
 * games (where each lies in its file, to be read again), and for every
 * position of every main line its Zobrist key (pdn_position_hash()).
 *
 * The keys are kept in postings: the top DB_BUCKET_BITS bits of a key
 * choose its bucket, and each flush of the builder (every four million
 * positions) appends one row per bucket, a blob of DB_ENTRY-byte
 * entries, so that a build writes 4,096 rows per four million positions
 * rather than a row per position (SQLite inserts a row in about a
 * microsecond: a row per ply would cap a build of games of 60 plies at
 * some 20,000 games/s).  The rows are keyed by flush << DB_BUCKET_BITS |
 * bucket in a rowid table: a flush appends, and a seek compares numbers
 * (a WITHOUT ROWID table of blobs is an index B-tree, whose seeks read
 * the blobs they pass).  An entry holds what a query and a tree need of
 * the game at that ply, so that neither reads the games again: the key,
 * a second check of the position (32 bits, db_check(), independent of
 * the key), the game and the ply, the from and to squares of the move
 * played there and of the reply after it, what a tree counts of the game
 * (its outcome and year, the rating of the player to move).  Where a
 * game is (file, offset) is rows of a hundred games each, each row
 * within a page.  A lookup reads the rows of one bucket, a row per
 * flush.
 *
 * No false hit: an entry is a hit only when both its key and its check
 * are the position's (96 bits; two different positions agree on both
 * about once in 2^96 pairs), and one game of those hits is read again
 * from its file and replayed to the position before any is reported;
 * when that game does not reach it, every hit is confirmed so.
 *
 * The database says whose it is: application_id 'PDNI' and user_version
 * DB_VERSION.  Every write of a run is one transaction (add) or goes to a
 * temporary file renamed over the target at the end (build): a run that
 * fails or is interrupted leaves the database as it was.
 */
#ifndef INDEX_DB_H
#define INDEX_DB_H

#include <stddef.h>
#include <stdint.h>

#include <pdn/pdn.h>

#define DB_APPLICATION_ID	1346653769	/* 0x50444e49, "PDNI" */
#define DB_VERSION	3
#define DB_BUCKET_BITS	12
#define DB_ENTRY	25	/* bytes */

struct db;

/* A game as stored: where it is, and what re-reading it needs. */
struct db_game {
	int64_t id, file;
	long number, line;
	uint64_t offset, len;
	int gametype;
	uint64_t key;		/* its setup and main line, for copies */
	/* What a tree counts of it (struct db_hit), 0 for none. */
	int outcome, year, white, black;
};

/* A file as stored. */
struct db_file {
	int64_t id;
	char *name;		/* as given to build or add */
	char *path;		/* absolute, to read it again */
	int64_t size, mtime;
	int64_t first;		/* its first game's id (its games: to the next's) */
};

/* A position of a game, as db_add_game() stores it. */
struct db_ply {
	uint64_t key;		/* pdn_position_hash() */
	uint32_t check;		/* db_check() */
	long ply;
	int white;		/* whether White is to move */
	/* The move played from it and the reply: squares, 0 for none. */
	unsigned char from, to, next_from, next_to;
};

/*
 * A hit: a game whose main line reaches the position, at ply (its
 * first), and what is stored there (struct db_ply): the game's outcome
 * (pdn_outcome, only WHITE, DRAW, BLACK; NONE for others), year and the
 * rating of the player to move (0: none).  24 bytes: the hits of the
 * start position are a million on an index of a million games.
 */
struct db_hit {
	int64_t game;
	uint16_t ply;
	unsigned char from, to, next_from, next_to;
	unsigned char outcome;
	uint16_t year;
	int32_t rating;
};

/* The check of a position: a hash of its bytes, independent of the key. */
uint32_t db_check(const pdn_position *pos);

/*
 * Opens the database at path to read it (write 0) or to add to it
 * (write 1: a transaction is begun, which db_close() commits when
 * `commit` is set).  Returns NULL after saying why: no such file, not a
 * pdn-index database, of another version, locked.
 */
struct db *db_open(const char *path, int write);

/*
 * Creates a new database to replace path: a temporary file beside it,
 * renamed over it by db_close() with commit set.  A file at path that
 * is not a pdn-index database is not replaced (NULL, said); one of
 * another version is.
 */
struct db *db_create(const char *path);

/*
 * Commits (commit nonzero) or abandons what was written, and closes.
 * Returns 0, or 2 after saying why it failed (the database is then as
 * it was).
 */
int db_close(struct db *db, int commit);

/* Adds a file; its id in *id.  Returns 0, or 2 (said). */
int db_add_file(struct db *db, const char *name, int64_t size,
    int64_t mtime, int64_t *id);

/*
 * Whether a game of this key is stored (db_add_game() included): for
 * add, which skips copies.
 */
int db_has_key(struct db *db, uint64_t key);

/* Adds a game and its positions p[0..n-1].  Returns 0, or 2 (said). */
int db_add_game(struct db *db, struct db_game *g, const struct db_ply *p,
    size_t n);

/*
 * The hits of a position of this key and check, in the order of their
 * games and plies (a game may reach it more than once): *out (the
 * caller frees it), their number in *n; the entries of the key with another check (a collision
 * of keys) are left out.  They are not yet confirmed (db.h above).
 * Returns 0, or 2 (said).
 */
int db_lookup(struct db *db, uint64_t key, uint32_t check,
    struct db_hit **out, size_t *n);

/* A stored game and its file (borrowed until the next call). */
int db_game(struct db *db, int64_t id, struct db_game *g,
    const struct db_file **file);

/*
 * The file of stored game `game`, from the files read once (borrowed
 * until db_close()), without reading the game.  Returns 0, or 2 (said).
 */
int db_file_of(struct db *db, int64_t game, const struct db_file **file);

/* Writes the entries kept, so that lookups see them.  0, or 2 (said). */
int db_flush(struct db *db);

/* All the files, by their first games (borrowed until db_close()). */
int db_files(struct db *db, const struct db_file **files, size_t *n);

/*
 * The positions the games start from (a FEN of a variant, by its name)
 * and how many games start there: db_root_add() adds games to one,
 * db_roots() calls fn with each, most games first, until it returns
 * nonzero (which it returns).  Both return 2 after trouble (said).
 */
int db_root_add(struct db *db, const char *variant, const char *fen,
    long games);
int db_roots(struct db *db, int (*fn)(void *arg, const char *variant,
    const char *fen, long games), void *arg);

/*
 * The trees kept (pdn-index.c: those of the positions most played, as
 * tree_save() writes them), each with a game that reaches its position
 * and the ply there, to confirm it.  db_trees_clear() empties them, for
 * build and add to keep them again; db_tree_get() returns 1 with a
 * copy of the tree's bytes in *data (the caller frees it), 0 when none
 * is kept of this key and check.  Each returns 2 after trouble (said).
 */
int db_trees_clear(struct db *db);
int db_tree_put(struct db *db, uint64_t key, uint32_t check, int64_t game,
    long ply, const void *data, size_t len);
int db_tree_get(struct db *db, uint64_t key, uint32_t check,
    unsigned char **data, size_t *len, int64_t *game, long *ply);

/* The totals, for the summary: games and positions stored. */
void db_counts(struct db *db, long *games, long *positions);

#endif /* INDEX_DB_H */
