/*
 * pdn-index's database (SQLite, libsqlite3): the files indexed, their
 * games (where each lies in its file, to be read again), and for every
 * position of every main line its Zobrist key (pdn_position_hash()).
 *
 * The keys are kept in postings: the top 12 bits of a key choose its
 * bucket, and each flush of the builder appends one row per bucket, a
 * blob of 12-byte entries (the key's low 48 bits, the game, the ply), so
 * that a build writes a few thousand rows per million positions rather
 * than a row per position.  A lookup reads the rows of one bucket.  A
 * key found so is only a candidate: pdn-index confirms each against its
 * game, read again from its file, before it reports a hit.
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

#define DB_APPLICATION_ID	1346653769	/* 0x50444e49, "PDNI" */
#define DB_VERSION	1
#define DB_BUCKET_BITS	12

struct db;

/* A game as stored: where it is, and what re-reading it needs. */
struct db_game {
	int64_t id, file;
	long number, line;
	uint64_t offset, len;
	int gametype;
	uint64_t key;		/* its setup and main line, for copies */
};

/* A file as stored. */
struct db_file {
	int64_t id;
	char *name;		/* as given to build or add */
	char *path;		/* absolute, to read it again */
	int64_t size, mtime;
};

/* A candidate: a game whose main line may reach a key, at ply. */
struct db_hit {
	int64_t game;
	long ply;
};

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
 * is not a pdn-index database is not replaced (NULL, said).
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

/*
 * Adds a game and the keys of its positions (keys[i] at plies[i]).
 * Returns 0, or 2 (said).
 */
int db_add_game(struct db *db, struct db_game *g, const uint64_t *keys,
    const long *plies, size_t n);

/*
 * The candidates for key, in the order of their games, the lowest ply of
 * each game: *out (the caller frees it), their number in *n.  Returns 0,
 * or 2 (said).
 */
int db_lookup(struct db *db, uint64_t key, struct db_hit **out, size_t *n);

/* A stored game and its file (borrowed until the next call). */
int db_game(struct db *db, int64_t id, struct db_game *g,
    const struct db_file **file);

/* The totals, for the summary: games and positions stored. */
void db_counts(struct db *db, long *games, long *positions);

#endif /* INDEX_DB_H */
