/*
 * pdn-index's database (db.h): the schema, the checks that a file is one
 * of ours, the builder's buckets of keys and their flushes, lookups.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "chunks.h"
#include "cli.h"
#include "db.h"

#define NBUCKETS	(1u << DB_BUCKET_BITS)
/*
 * A bucket's row of a flush: the flush's first game (4 bytes), then its
 * entries, little-endian: 0 the key's low 56 bits (7 bytes; the bucket
 * is its top 12), 7 the check (4), 11 the game, less the first (3), 14
 * the ply (2), 16 the move's from and to squares and the reply's (a byte
 * each), 20 what a tree counts of the game there (5): its outcome (2
 * bits: 0 none, 1 white, 2 draw, 3 black), its year (14) and the rating
 * of the player to move (17).  Where the games are is rows of `games`,
 * of GAMES_CHUNK games each, GREC bytes a game: the file (4), the game's
 * number (4), line (4), length (4) and offset (8) in it, its GameType
 * (1), its key for add's copies (8); a row fits in a page, so that a
 * game's bytes are read without walking a chain of overflow pages.
 */
#define ENTRY		DB_ENTRY
/*
 * Entries kept before a flush: 100 MB of them, 25 KB a bucket.  A lookup
 * reads a row per flush, a chain of some seven pages: on a million games
 * of 73 plies, 18 rows rather than the 72 of flushes of a million
 * entries.  Rows of 4,096 buckets, not more: SQLite inserts a row of a
 * bucket in some 10,000 instructions (16,384 buckets of 6 KB rows: a
 * build of 348,036 games 10% slower).
 */
#define FLUSH_AT	(1u << 22)
#define HEAD		4
#define GREC		33	/* a game of a row of games */
#define GAMES_CHUNK	120	/* 3,960 bytes: a 4 KB page holds 4,061 */
#define KEY_LOW		((UINT64_C(1) << 56) - 1)
/*
 * SQLite's page: larger ones are fewer to write but leave more of the
 * last page of each bucket's row empty (with entries of 27 bytes, 16 KB
 * pages: 33 bytes a ply against 29.5, and no faster a build).
 */
#define PAGE_SIZE	4096

struct bucket {
	unsigned char *data;
	size_t len, cap;
	int own;		/* data is malloc()'s, not a slice of the arena */
};

struct db {
	sqlite3 *h;
	char *path;		/* the database */
	char *tmp;		/* db_create(): the file written, or NULL */
	int writing;
	int reading;		/* in the read transaction of a query */
	sqlite3_stmt *ins_file, *ins_game, *ins_post, *sel_post, *sel_game,
	    *sel_file;
	struct bucket *b;
	unsigned char *arena;	/* the buckets' first room, one map */
	size_t arena_len;
	struct bucket grec;	/* the games of the flush, GREC bytes each */
	/*
	 * db_game()'s row of games, open, and its bytes read at once: the
	 * hits of a query come in the order of their games, a row after
	 * the other (reading each game's GREC bytes alone through the blob
	 * handle took 9 of the 83 million instructions of a query of
	 * 49,586 games on the bench's index of a million).
	 */
	sqlite3_blob *blob;
	int64_t blob_row;
	unsigned char row[GAMES_CHUNK * GREC];
	size_t rowlen;		/* bytes of row read, 0 for none */
	size_t pending;		/* entries in the buckets */
	int64_t seq, next_game, first;	/* first: the flush's first game */
	/* The keys of the games stored, open addressing (0: empty). */
	uint64_t *keys;
	size_t nkeys, capkeys;
	struct db_file file;	/* db_game()'s */
	struct db_file *files;	/* db_file_of()'s, by their first games */
	size_t nfiles, file_at;	/* file_at: db_file_of()'s last, + 1 */
	int files_read;
	long games, positions;
};

/* Little-endian numbers of n bytes. */
static void
put(unsigned char *e, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++, v >>= 8)
		e[i] = (unsigned char)v;
}

static uint64_t
get(const unsigned char *e, int n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | e[n];
	return v;
}

/*
 * The temporary file of the build running, for the signal handler that
 * removes it when the build is interrupted (the target stays as it was).
 */
static char *volatile building;

static void
interrupted(int sig)
{
	if (building != NULL)
		unlink(building);
	signal(sig, SIG_DFL);
	raise(sig);
}

#define STR_(x)	#x
#define STR(x)	STR_(x)

static const char schema[] =
	"PRAGMA application_id = " STR(DB_APPLICATION_ID) ";"
	"PRAGMA user_version = " STR(DB_VERSION) ";"
	"CREATE TABLE files(id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
	"    path TEXT NOT NULL, size INTEGER, mtime INTEGER, "
	"    first INTEGER NOT NULL);"
	"CREATE TABLE games(chunk INTEGER PRIMARY KEY, data BLOB NOT NULL);"
	"CREATE TABLE post(id INTEGER PRIMARY KEY, data BLOB NOT NULL);"
	"CREATE TABLE trees(key INTEGER PRIMARY KEY, chk INTEGER NOT NULL, "
	"    game INTEGER NOT NULL, ply INTEGER NOT NULL, data BLOB NOT NULL);"
	"CREATE TABLE roots(variant TEXT NOT NULL, fen TEXT NOT NULL, "
	"    games INTEGER NOT NULL, PRIMARY KEY(variant, fen));";

/* Says what SQLite said about the database. */
static void
said(const struct db *db, const char *what)
{
	cli_warn("%s: %s%s%s", db->path, what != NULL ? what : "",
	    what != NULL ? ": " : "", sqlite3_errmsg(db->h));
}

static int
exec(struct db *db, const char *sql)
{
	if (sqlite3_exec(db->h, sql, NULL, NULL, NULL) != SQLITE_OK) {
		said(db, NULL);
		return 2;
	}
	return 0;
}

/* A number of one PRAGMA; -1 after saying why it could not be read. */
static long long
pragma(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	long long v = -1;
	int rc;

	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK) {
		said(db, "not a pdn-index database");
		return -1;
	}
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		said(db, "not a pdn-index database");
	sqlite3_finalize(st);
	return v;
}

/* Whether the open database is ours, of our version: 0, or 2 (said). */
static int
check_ours(struct db *db, int any_version)
{
	long long id, ver;

	if ((id = pragma(db, "PRAGMA application_id")) < 0)
		return 2;
	if (id != DB_APPLICATION_ID) {
		cli_warn("%s: not a pdn-index database (%s)", db->path,
		    id == 0 ? "an SQLite database without pdn-index's mark" :
		    "an SQLite database of another program");
		return 2;
	}
	if ((ver = pragma(db, "PRAGMA user_version")) < 0)
		return 2;
	if (ver != DB_VERSION && !any_version) {
		cli_warn("%s: a pdn-index database of version %lld; this "
		    "pdn-index reads version %d: build it again", db->path,
		    ver, DB_VERSION);
		return 2;
	}
	return 0;
}

static int
prepare(struct db *db)
{
	static const struct {
		size_t off;
		const char *sql;
	} s[] = {
		{ offsetof(struct db, ins_file),
		    "INSERT INTO files VALUES(?, ?, ?, ?, ?, ?)" },
		{ offsetof(struct db, ins_game),
		    "INSERT OR REPLACE INTO games VALUES(?, ?)" },
		{ offsetof(struct db, ins_post),
		    "INSERT INTO post VALUES(? << " STR(DB_BUCKET_BITS) " | ?, ?)" },
		{ offsetof(struct db, sel_post),
		    "SELECT data FROM post WHERE id = ? << " STR(DB_BUCKET_BITS)
		    " | ?" },
		{ offsetof(struct db, sel_game),
		    "SELECT data FROM games WHERE chunk = ?" },
		{ offsetof(struct db, sel_file),
		    "SELECT name, path, size, mtime FROM files WHERE id = ?" },
	};
	size_t i;

	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		if (sqlite3_prepare_v2(db->h, s[i].sql, -1,
		    (sqlite3_stmt **)(void *)((char *)db + s[i].off),
		    NULL) != SQLITE_OK) {
			said(db, "not a pdn-index database");
			return 2;
		}
	return 0;
}

/* A number of one query (max(id) and such); 0 for NULL. */
static int64_t
one_number(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -1;

	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		said(db, NULL);
	sqlite3_finalize(st);
	return v;
}

static int
key_insert(struct db *db, uint64_t key)
{
	uint64_t *n;
	size_t i, cap;

	key = key == 0 ? 1 : key;
	if (2 * (db->nkeys + 1) > db->capkeys) {
		cap = db->capkeys == 0 ? 1024 : 2 * db->capkeys;
		if ((n = calloc(cap, sizeof(*n))) == NULL)
			return -1;
		for (i = 0; i < db->capkeys; i++) {
			size_t k;

			if (db->keys[i] == 0)
				continue;
			for (k = db->keys[i] & (cap - 1); n[k] != 0;
			    k = (k + 1) & (cap - 1))
				;
			n[k] = db->keys[i];
		}
		free(db->keys);
		db->keys = n;
		db->capkeys = cap;
	}
	for (i = key & (db->capkeys - 1); db->keys[i] != 0;
	    i = (i + 1) & (db->capkeys - 1))
		if (db->keys[i] == key)
			return 0;
	db->keys[i] = key;
	db->nkeys++;
	return 0;
}

int
db_has_key(struct db *db, uint64_t key)
{
	size_t i;

	key = key == 0 ? 1 : key;
	if (db->capkeys == 0)
		return 0;
	for (i = key & (db->capkeys - 1); db->keys[i] != 0;
	    i = (i + 1) & (db->capkeys - 1))
		if (db->keys[i] == key)
			return 1;
	return 0;
}

static struct db *
db_new(const char *path)
{
	struct db *db;

	if ((db = calloc(1, sizeof(*db))) == NULL ||
	    (db->path = strdup(path)) == NULL) {
		free(db);
		cli_warn("out of memory");
		return NULL;
	}
	return db;
}

static void
db_free(struct db *db)
{
	size_t i;

	sqlite3_finalize(db->ins_file);
	sqlite3_finalize(db->ins_game);
	sqlite3_finalize(db->ins_post);
	sqlite3_finalize(db->sel_post);
	sqlite3_finalize(db->sel_game);
	sqlite3_finalize(db->sel_file);
	sqlite3_blob_close(db->blob);
	sqlite3_close(db->h);
	if (db->b != NULL)
		for (i = 0; i < NBUCKETS; i++)
			if (db->b[i].own)
				free(db->b[i].data);
	free(db->b);
	if (db->arena != NULL)
		munmap(db->arena, db->arena_len);
	free(db->grec.data);
	free(db->keys);
	for (i = 0; i < db->nfiles; i++) {
		free(db->files[i].name);
		free(db->files[i].path);
	}
	free(db->files);
	free(db->file.name);
	free(db->file.path);
	free(db->tmp);
	free(db->path);
	free(db);
}

/* The writer's state: buckets, the next ids, the keys stored. */
static int
start_writing(struct db *db)
{
	sqlite3_stmt *st;
	size_t i, slice;

	db->writing = 1;
	if ((db->b = calloc(NBUCKETS, sizeof(*db->b))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	/*
	 * Room for a flush's share of each bucket and a quarter more, at
	 * once (grown from nothing, the buckets' copies were a percent of
	 * the build, callgrind), in one map of huge pages where the system
	 * gives them: 130 MB of 4 KB pages written a few entries at a time
	 * took a third of a build of 348,036 games in page faults and misses
	 * of the TLB.
	 */
	slice = HEAD + FLUSH_AT / NBUCKETS * ENTRY / 4 * 5;
	db->arena_len = slice * NBUCKETS;
	if ((db->arena = mmap(NULL, db->arena_len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED) {
		db->arena = NULL;
		cli_warn("out of memory");
		return 2;
	}
#ifdef MADV_HUGEPAGE
	madvise(db->arena, db->arena_len, MADV_HUGEPAGE);
#endif
	for (i = 0; i < NBUCKETS; i++) {
		db->b[i].data = db->arena + i * slice;
		db->b[i].cap = slice;
	}
	if ((db->seq = one_number(db, "SELECT coalesce(max(id) >> "
	    STR(DB_BUCKET_BITS) ", 0) + 1 FROM post")) < 0)
		return 2;
	db->next_game = 1;
	if (sqlite3_prepare_v2(db->h, "SELECT chunk, data FROM games ORDER BY "
	    "chunk", -1, &st, NULL) != SQLITE_OK) {
		said(db, NULL);
		return 2;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		const unsigned char *d = sqlite3_column_blob(st, 1);
		size_t len = (size_t)sqlite3_column_bytes(st, 1);

		db->next_game = sqlite3_column_int64(st, 0) * GAMES_CHUNK +
		    (int64_t)(len / GREC) + 1;
		for (i = 0; i + GREC <= len; i += GREC)
			if (key_insert(db, get(d + i + 25, 8)) != 0) {
				sqlite3_finalize(st);
				cli_warn("out of memory");
				return 2;
			}
	}
	sqlite3_finalize(st);
	db->first = db->next_game;
	return 0;
}

/* db_open(), or with write -1 only whether it is ours, of any version. */
static struct db *
open_db(const char *path, int write)
{
	struct db *db;
	struct stat sb;

	if ((db = db_new(path)) == NULL)
		return NULL;
	if (stat(path, &sb) != 0) {
		cli_warn("%s: %s", path, strerror(errno));
		goto fail;
	}
	/*
	 * A reader opens it for writing too, when it may, though it writes
	 * nothing: the last connection to close then removes the
	 * write-ahead log and its index, which a read-only one leaves.
	 */
	if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, NULL) !=
	    SQLITE_OK) {
		if (write > 0) {
			said(db, NULL);
			goto fail;
		}
		sqlite3_close(db->h);
		db->h = NULL;
		if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READONLY |
		    SQLITE_OPEN_NOMUTEX,
		    NULL) != SQLITE_OK) {
			said(db, NULL);
			goto fail;
		}
	}
	/* A database another run is writing is not waited for. */
	sqlite3_busy_timeout(db->h, 0);
	/*
	 * A reader's cache of 50 pages, used again and again: on this
	 * machine (a virtual one) the first touch of a page of memory
	 * costs more than reading a page of the file into it, and a page
	 * fault of a map of the file 20 to 50 us against 7 for a pread()
	 * of a page, so that neither SQLite's map of the database nor its
	 * default cache of 2,000 pages pays: a query of 2,065 games of a
	 * million 22.1 ms of task clock with the map, 11.3 with neither.
	 */
	if (write <= 0)
		sqlite3_exec(db->h, "PRAGMA cache_size = 50", NULL, NULL,
		    NULL);
	if (check_ours(db, write < 0) != 0 || (write >= 0 && prepare(db) != 0))
		goto fail;
	/*
	 * A query reads in one transaction: one snapshot, and one lock
	 * taken rather than one for each statement (176 fcntl() calls of
	 * a lookup on an index of a million games).
	 */
	if (write == 0) {
		if (exec(db, "BEGIN") != 0)
			goto fail;
		db->reading = 1;
	}
	if (write > 0) {
		if (sqlite3_exec(db->h, "PRAGMA journal_mode = WAL", NULL,
		    NULL, NULL) != SQLITE_OK ||
		    sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL,
		    NULL) != SQLITE_OK) {
			said(db, sqlite3_errcode(db->h) == SQLITE_BUSY ?
			    "cannot add to it" : NULL);
			goto fail;
		}
		if (start_writing(db) != 0)
			goto fail;
	}
	return db;
fail:
	db_free(db);
	return NULL;
}

struct db *
db_open(const char *path, int write)
{
	return open_db(path, write);
}

struct db *
db_create(const char *path)
{
	struct db *db, *old;
	struct stat sb;
	size_t n = strlen(path);
	mode_t mask;
	int fd;

	if (stat(path, &sb) == 0 && sb.st_size > 0) {
		/* Only one of ours is replaced, of any version. */
		if ((old = open_db(path, -1)) == NULL) {
			cli_warn("%s: not replaced", path);
			return NULL;
		}
		db_free(old);
	}
	if ((db = db_new(path)) == NULL)
		return NULL;
	if ((db->tmp = malloc(n + 16)) == NULL) {
		cli_warn("out of memory");
		goto fail;
	}
	snprintf(db->tmp, n + 16, "%s.tmp-XXXXXX", path);
	if ((fd = mkstemp(db->tmp)) < 0) {
		cli_warn("%s: %s", db->tmp, strerror(errno));
		free(db->tmp);
		db->tmp = NULL;
		goto fail;
	}
	building = db->tmp;
	signal(SIGINT, interrupted);
	signal(SIGTERM, interrupted);
	signal(SIGHUP, interrupted);
	/* A new file's mode, as the umask has it (mkstemp()'s is 0600). */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	close(fd);
	if (sqlite3_open_v2(db->tmp, &db->h, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, NULL) !=
	    SQLITE_OK) {
		said(db, NULL);
		goto fail;
	}
	/*
	 * The file is new and renamed only when complete: no journal is
	 * needed while it is written.
	 */
	if (exec(db, "PRAGMA page_size = " STR(PAGE_SIZE) "; "
	    "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; "
	    "PRAGMA cache_size = -16384") != 0 || exec(db, schema) != 0 ||
	    exec(db, "BEGIN") != 0 || prepare(db) != 0 ||
	    start_writing(db) != 0)
		goto fail;
	return db;
fail:
	building = NULL;
	if (db->tmp != NULL)
		unlink(db->tmp);
	db_free(db);
	return NULL;
}

/*
 * Writes the flush's games (from db->first, rec bytes each in buf) into
 * rows of `chunk` games: the rows they fill, a row begun by an earlier
 * flush or add read and written again with them.  Returns 0, or 2
 * (said).
 */
static int
write_chunks(struct db *db, sqlite3_stmt *ins, sqlite3_stmt *sel,
    int64_t chunk, size_t rec, struct bucket *buf)
{
	unsigned char row[GAMES_CHUNK * GREC];
	int64_t g = db->first, end = db->first + (int64_t)(buf->len / rec);
	int64_t k, to;
	size_t have, len;
	int rc;

	while (g < end) {
		k = (g - 1) / chunk;
		to = (k + 1) * chunk + 1 < end ? (k + 1) * chunk + 1 : end;
		have = (size_t)(g - 1 - k * chunk) * rec;
		if (have > 0) {
			sqlite3_bind_int64(sel, 1, k);
			if ((rc = sqlite3_step(sel)) != SQLITE_ROW ||
			    (size_t)sqlite3_column_bytes(sel, 0) != have) {
				sqlite3_reset(sel);
				if (rc == SQLITE_ROW || rc == SQLITE_DONE)
					cli_warn("%s: a row of games is damaged",
					    db->path);
				else
					said(db, NULL);
				return 2;
			}
			memcpy(row, sqlite3_column_blob(sel, 0), have);
			sqlite3_reset(sel);
		}
		len = (size_t)(to - g) * rec;
		memcpy(row + have, buf->data + (size_t)(g - db->first) * rec,
		    len);
		sqlite3_bind_int64(ins, 1, k);
		sqlite3_bind_blob(ins, 2, row, (int)(have + len), SQLITE_STATIC);
		rc = sqlite3_step(ins);
		sqlite3_reset(ins);
		if (rc != SQLITE_DONE) {
			said(db, NULL);
			return 2;
		}
		g = to;
	}
	buf->len = 0;
	return 0;
}

/* Writes the buckets' entries: a row per bucket that has some. */
static int
flush(struct db *db)
{
	struct bucket *b;
	size_t i;

	if (db->pending == 0)
		return 0;
	for (i = 0; i < NBUCKETS; i++) {
		b = &db->b[i];
		if (b->len == 0)
			continue;
		sqlite3_bind_int64(db->ins_post, 1, db->seq);
		sqlite3_bind_int64(db->ins_post, 2, (sqlite3_int64)i);
		sqlite3_bind_blob(db->ins_post, 3, b->data, (int)b->len,
		    SQLITE_STATIC);
		if (sqlite3_step(db->ins_post) != SQLITE_DONE) {
			said(db, NULL);
			sqlite3_reset(db->ins_post);
			return 2;
		}
		sqlite3_reset(db->ins_post);
		b->len = 0;
	}
	if (write_chunks(db, db->ins_game, db->sel_game, GAMES_CHUNK, GREC,
	    &db->grec) != 0)
		return 2;
	db->seq++;
	db->first = db->next_game;
	db->pending = 0;
	return 0;
}

int
db_close(struct db *db, int commit)
{
	char *side;
	size_t n;
	int st = 0;

	if (db == NULL)
		return 0;
	/* An open blob (db_game()'s) is a read that a commit waits for. */
	sqlite3_blob_close(db->blob);
	db->blob = NULL;
	db->rowlen = 0;
	if (db->writing && commit)
		st = flush(db);
	if (db->writing && commit && st == 0)
		st = exec(db, "COMMIT");
	if (db->tmp != NULL && commit && st == 0)
		st = exec(db, "PRAGMA journal_mode = WAL");
	if (db->writing && (!commit || st != 0))
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_finalize(db->ins_file);
	sqlite3_finalize(db->ins_game);
	sqlite3_finalize(db->ins_post);
	sqlite3_finalize(db->sel_post);
	sqlite3_finalize(db->sel_game);
	sqlite3_finalize(db->sel_file);
	sqlite3_blob_close(db->blob);
	db->blob = NULL;
	db->rowlen = 0;
	db->ins_file = db->ins_game = db->ins_post = db->sel_post =
	    db->sel_game = db->sel_file = NULL;
	if (db->reading) {
		db->reading = 0;
		sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL);
	}
	if (sqlite3_close(db->h) != SQLITE_OK && st == 0) {
		said(db, NULL);
		st = 2;
	}
	db->h = NULL;
	if (db->tmp != NULL) {
		building = NULL;
		if (commit && st == 0) {
			/*
			 * The old database's write-ahead log and its index
			 * are not the new one's.
			 */
			n = strlen(db->path) + 8;
			if ((side = malloc(n)) != NULL) {
				snprintf(side, n, "%s-wal", db->path);
				unlink(side);
				snprintf(side, n, "%s-shm", db->path);
				unlink(side);
				free(side);
			}
			if (rename(db->tmp, db->path) != 0) {
				cli_warn("%s: %s", db->path, strerror(errno));
				st = 2;
			}
		}
		if (!commit || st != 0)
			unlink(db->tmp);
	}
	db_free(db);
	return st;
}

int
db_add_file(struct db *db, const char *name, int64_t size, int64_t mtime,
    int64_t *id)
{
	char *abs = realpath(name, NULL);

	*id = one_number(db, "SELECT coalesce(max(id), 0) + 1 FROM files");
	if (*id < 0 || abs == NULL) {
		if (abs == NULL)
			cli_warn("%s: %s", name, strerror(errno));
		free(abs);
		return 2;
	}
	sqlite3_bind_int64(db->ins_file, 1, *id);
	sqlite3_bind_text(db->ins_file, 2, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(db->ins_file, 3, abs, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(db->ins_file, 4, size);
	sqlite3_bind_int64(db->ins_file, 5, mtime);
	/* Its games are the next ones: from this id to the next file's. */
	sqlite3_bind_int64(db->ins_file, 6, db->next_game);
	free(abs);
	if (sqlite3_step(db->ins_file) != SQLITE_DONE) {
		said(db, NULL);
		sqlite3_reset(db->ins_file);
		return 2;
	}
	sqlite3_reset(db->ins_file);
	return 0;
}

uint32_t
db_check(const pdn_position *pos)
{
	uint64_t w[4], h;

	/* A position's bytes are canonical (pdn_position, core.h). */
	memcpy(w, pos, sizeof(w));
	h = w[0] * UINT64_C(0x9e3779b97f4a7c15);
	h = (h ^ (h >> 31) ^ w[1]) * UINT64_C(0xbf58476d1ce4e5b9);
	h = (h ^ (h >> 29) ^ w[2]) * UINT64_C(0x94d049bb133111eb);
	h = (h ^ (h >> 32) ^ w[3]) * UINT64_C(0xd6e8feb86659fd93);
	return (uint32_t)(h ^ (h >> 32));
}

/* A rating as stored: at most 100000 (tags_rating()), in 17 bits. */
static uint64_t
rating17(int r)
{
	return r > 0 && r < (1 << 17) ? (uint64_t)r : 0;
}

static unsigned
outcome_code(int outcome)
{
	return outcome == PDN_OUTCOME_WHITE ? 1 : outcome == PDN_OUTCOME_DRAW ?
	    2 : outcome == PDN_OUTCOME_BLACK ? 3 : 0;
}

/* Room for an entry more in bucket b, out of the arena: 0, or -1. */
static int
grow(struct bucket *b)
{
	unsigned char *d;

	if (b->own)
		return chunk_grow((void **)&b->data, &b->cap, b->len + ENTRY +
		    HEAD, 1);
	if ((d = malloc(2 * b->cap)) == NULL)
		return -1;
	memcpy(d, b->data, b->len);
	b->data = d;
	b->cap *= 2;
	b->own = 1;
	return 0;
}

int
db_add_game(struct db *db, struct db_game *g, const struct db_ply *p,
    size_t n)
{
	struct bucket *b;
	unsigned char *e;
	uint64_t info, white, black;
	uint32_t ply, off;
	size_t i;

	g->id = db->next_game++;
	if (g->id > (int64_t)UINT32_MAX) {
		cli_warn("%s: more games than an index holds", db->path);
		return 2;
	}
	if (db->grec.len + GREC > db->grec.cap && chunk_grow((void **)
	    &db->grec.data, &db->grec.cap, db->grec.len + GREC, 1) != 0)
		goto oom;
	e = db->grec.data + db->grec.len;
	put(e, (uint64_t)g->file, 4);
	put(e + 4, (uint64_t)g->number, 4);
	put(e + 8, (uint64_t)g->line, 4);
	put(e + 16, g->offset, 8);
	put(e + 12, g->len, 4);
	e[24] = (unsigned char)g->gametype;
	put(e + 25, g->key, 8);
	db->grec.len += GREC;
	/* The keys stored, for add's copies: build needs none. */
	if (db->tmp == NULL && key_insert(db, g->key) != 0)
		goto oom;
	/* A year past 9999 is none (tags_year() reads four digits). */
	info = outcome_code(g->outcome) |
	    (uint64_t)(g->year > 0 && g->year < (1 << 14) ? g->year : 0) << 2;
	white = info | rating17(g->white) << 16;
	black = info | rating17(g->black) << 16;
	off = (uint32_t)(g->id - db->first);
	for (i = 0; i < n; i++) {
		b = &db->b[p[i].key >> (64 - DB_BUCKET_BITS)];
		if (b->len + ENTRY + HEAD > b->cap && grow(b) != 0)
			goto oom;
		if (b->len == 0) {
			put(b->data, (uint64_t)db->first, HEAD);
			b->len = HEAD;
		}
		e = b->data + b->len;
		/* A ply past 65535 is kept as 65535 (no game is so long). */
		ply = p[i].ply > 65535 ? 65535 : (uint32_t)p[i].ply;
		put(e, p[i].key & KEY_LOW, 7);
		put(e + 7, p[i].check, 4);
		put(e + 11, off, 3);
		put(e + 14, ply, 2);
		e[16] = p[i].from;
		e[17] = p[i].to;
		e[18] = p[i].next_from;
		e[19] = p[i].next_to;
		put(e + 20, p[i].white ? white : black, 5);
		b->len += ENTRY;
	}
	db->pending += n;
	db->games++;
	db->positions += (long)n;
	/* A game of a flush is told by 24 bits. */
	if (db->pending >= FLUSH_AT || db->next_game - db->first >= (1 << 24))
		return flush(db);
	return 0;
oom:
	cli_warn("out of memory");
	return 2;
}

static int
by_game(const void *a, const void *b)
{
	const struct db_hit *x = a, *y = b;

	if (x->game != y->game)
		return x->game < y->game ? -1 : 1;
	return (x->ply > y->ply) - (x->ply < y->ply);
}

int
db_lookup(struct db *db, uint64_t key, uint32_t check, struct db_hit **out,
    size_t *n)
{
	static const unsigned char outcomes[] = { PDN_OUTCOME_NONE,
	    PDN_OUTCOME_WHITE, PDN_OUTCOME_DRAW, PDN_OUTCOME_BLACK };
	const unsigned char *e, *end;
	struct db_hit *h = NULL, *x;
	size_t nh = 0, cap = 0, i;
	uint64_t low = key & KEY_LOW, v;
	int64_t seq, first;
	int rc;

	/*
	 * A row of the bucket per flush: the rows are in the order of their
	 * flushes (seq), so that a flush appends, and are looked up one by
	 * one.
	 */
	if (db->seq == 0 && (db->seq = one_number(db, "SELECT "
	    "coalesce(max(id) >> " STR(DB_BUCKET_BITS) ", 0) + 1 FROM post")) < 0)
		return 2;
	for (seq = 1; seq < db->seq; seq++) {
		sqlite3_bind_int64(db->sel_post, 1, seq);
		sqlite3_bind_int64(db->sel_post, 2,
		    (sqlite3_int64)(key >> (64 - DB_BUCKET_BITS)));
		if ((rc = sqlite3_step(db->sel_post)) != SQLITE_ROW) {
			sqlite3_reset(db->sel_post);
			if (rc == SQLITE_DONE)
				continue;
			said(db, NULL);
			free(h);
			return 2;
		}
		e = sqlite3_column_blob(db->sel_post, 0);
		end = e + sqlite3_column_bytes(db->sel_post, 0);
		if (end - e < HEAD) {
			sqlite3_reset(db->sel_post);
			cli_warn("%s: a row of flush %lld is damaged",
			    db->path, (long long)seq);
			free(h);
			return 2;
		}
		first = (int64_t)get(e, HEAD);
		for (e += HEAD; e + ENTRY <= end; e += ENTRY) {
			if (get(e, 7) != low || get(e + 7, 4) != check)
				continue;
			if (chunk_grow((void **)&h, &cap, nh + 1,
			    sizeof(*h)) != 0) {
				sqlite3_reset(db->sel_post);
				free(h);
				cli_warn("out of memory");
				return 2;
			}
			x = &h[nh++];
			x->game = first + (int64_t)get(e + 11, 3);
			x->ply = (uint16_t)get(e + 14, 2);
			x->from = e[16];
			x->to = e[17];
			x->next_from = e[18];
			x->next_to = e[19];
			v = get(e + 20, 5);
			x->outcome = outcomes[v & 3];
			x->year = (uint16_t)(v >> 2 & ((1u << 14) - 1));
			x->rating = (int32_t)(v >> 16 & ((1u << 17) - 1));
		}
		sqlite3_reset(db->sel_post);
	}
	/*
	 * The entries are written in the order of their games and plies:
	 * sorted already, unless the database was made otherwise.
	 */
	for (i = 1; i < nh && by_game(&h[i - 1], &h[i]) <= 0; i++)
		;
	if (i < nh)
		qsort(h, nh, sizeof(*h), by_game);
	*out = h;
	*n = nh;
	return 0;
}

static char *
column_dup(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return strdup(s != NULL ? (const char *)s : "");
}

int
db_game(struct db *db, int64_t id, struct db_game *g,
    const struct db_file **file)
{
	const unsigned char *e;
	int64_t row = (id - 1) / GAMES_CHUNK;
	size_t at = (size_t)((id - 1) % GAMES_CHUNK) * GREC;
	int rc, len;

	if (db->rowlen == 0 || db->blob_row != row) {
		db->rowlen = 0;
		rc = SQLITE_OK;
		if (db->blob == NULL)
			rc = sqlite3_blob_open(db->h, "main", "games", "data",
			    row, 0, &db->blob);
		else if (db->blob_row != row)
			rc = sqlite3_blob_reopen(db->blob, row);
		db->blob_row = row;
		len = rc == SQLITE_OK ? sqlite3_blob_bytes(db->blob) : 0;
		if (rc == SQLITE_OK && (len <= 0 || len > (int)sizeof(db->row)))
			rc = SQLITE_CORRUPT;
		if (rc == SQLITE_OK && (rc = sqlite3_blob_read(db->blob,
		    db->row, len, 0)) == SQLITE_OK)
			db->rowlen = (size_t)len;
		if (rc != SQLITE_OK) {
			if (rc == SQLITE_CORRUPT)
				cli_warn("%s: no game %lld: the database is "
				    "damaged", db->path, (long long)id);
			else
				said(db, NULL);
			sqlite3_blob_close(db->blob);
			db->blob = NULL;
			return 2;
		}
	}
	if (at + GREC > db->rowlen) {
		cli_warn("%s: no game %lld: the database is damaged",
		    db->path, (long long)id);
		return 2;
	}
	e = db->row + at;
	g->id = id;
	g->file = (int64_t)get(e, 4);
	g->number = (long)get(e + 4, 4);
	g->line = (long)get(e + 8, 4);
	g->len = get(e + 12, 4);
	g->offset = get(e + 16, 8);
	g->gametype = e[24];
	g->key = get(e + 25, 8);
	if (db->file.name == NULL || db->file.id != g->file) {
		free(db->file.name);
		free(db->file.path);
		db->file.name = db->file.path = NULL;
		sqlite3_bind_int64(db->sel_file, 1, g->file);
		if ((rc = sqlite3_step(db->sel_file)) != SQLITE_ROW) {
			if (rc == SQLITE_DONE)
				cli_warn("%s: no file %lld: the database is "
				    "damaged", db->path, (long long)g->file);
			else
				said(db, NULL);
			sqlite3_reset(db->sel_file);
			return 2;
		}
		db->file.id = g->file;
		db->file.name = column_dup(db->sel_file, 0);
		db->file.path = column_dup(db->sel_file, 1);
		db->file.size = sqlite3_column_int64(db->sel_file, 2);
		db->file.mtime = sqlite3_column_int64(db->sel_file, 3);
		sqlite3_reset(db->sel_file);
		if (db->file.name == NULL || db->file.path == NULL) {
			cli_warn("out of memory");
			return 2;
		}
	}
	*file = &db->file;
	return 0;
}

/* All the files, by their first games (and ids: an empty one first). */
static int
read_files(struct db *db)
{
	sqlite3_stmt *st;
	struct db_file *f;
	size_t cap = 0;
	int rc;

	db->files_read = 1;
	if (sqlite3_prepare_v2(db->h, "SELECT id, name, path, size, mtime, "
	    "first FROM files ORDER BY first, id", -1, &st, NULL) !=
	    SQLITE_OK) {
		said(db, NULL);
		return 2;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (chunk_grow((void **)&db->files, &cap, db->nfiles + 1,
		    sizeof(*db->files)) != 0)
			break;
		f = &db->files[db->nfiles++];
		f->id = sqlite3_column_int64(st, 0);
		f->name = column_dup(st, 1);
		f->path = column_dup(st, 2);
		f->size = sqlite3_column_int64(st, 3);
		f->mtime = sqlite3_column_int64(st, 4);
		f->first = sqlite3_column_int64(st, 5);
		if (f->name == NULL || f->path == NULL)
			break;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW) {
		cli_warn("out of memory");
		return 2;
	}
	if (rc != SQLITE_DONE) {
		said(db, NULL);
		return 2;
	}
	return 0;
}

int
db_file_of(struct db *db, int64_t game, const struct db_file **file)
{
	size_t lo = 0, hi, mid;

	if (!db->files_read && read_files(db) != 0)
		return 2;
	/* The hits of a file come together: its file again, mostly. */
	if ((lo = db->file_at) > 0 && db->files[lo - 1].first <= game &&
	    (lo == db->nfiles || db->files[lo].first > game)) {
		*file = &db->files[lo - 1];
		return 0;
	}
	/* The last file whose first game is at most this one. */
	lo = 0;
	hi = db->nfiles;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (db->files[mid].first <= game)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0) {
		cli_warn("%s: no file of game %lld: the database is damaged",
		    db->path, (long long)game);
		return 2;
	}
	*file = &db->files[lo - 1];
	db->file_at = lo;
	return 0;
}

int
db_flush(struct db *db)
{
	return flush(db);
}

int
db_files(struct db *db, const struct db_file **files, size_t *n)
{
	if (!db->files_read && read_files(db) != 0)
		return 2;
	*files = db->files;
	*n = db->nfiles;
	return 0;
}

/* A statement of one use: prepared (0, or 2 said), then run by ran(). */
static int
statement(struct db *db, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(db->h, sql, -1, st, NULL) != SQLITE_OK) {
		said(db, NULL);
		return 2;
	}
	return 0;
}

/* Runs a statement that returns no row, and finalizes it: 0, or 2. */
static int
ran(struct db *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		said(db, NULL);
		return 2;
	}
	return 0;
}

int
db_root_add(struct db *db, const char *variant, const char *fen, long games)
{
	sqlite3_stmt *st;

	if (statement(db, "INSERT INTO roots VALUES(?, ?, ?) ON CONFLICT("
	    "variant, fen) DO UPDATE SET games = games + excluded.games",
	    &st) != 0)
		return 2;
	sqlite3_bind_text(st, 1, variant, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, fen, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, games);
	return ran(db, st);
}

int
db_roots(struct db *db, int (*fn)(void *, const char *, const char *, long),
    void *arg)
{
	sqlite3_stmt *st;
	int rc, r = 0;

	if (statement(db, "SELECT variant, fen, games FROM roots ORDER BY "
	    "games DESC, variant, fen", &st) != 0)
		return 2;
	while (r == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW)
		r = fn(arg, (const char *)sqlite3_column_text(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    (long)sqlite3_column_int64(st, 2));
	sqlite3_finalize(st);
	if (r == 0 && rc != SQLITE_DONE) {
		said(db, NULL);
		return 2;
	}
	return r;
}

int
db_trees_clear(struct db *db)
{
	return exec(db, "DELETE FROM trees");
}

int
db_tree_put(struct db *db, uint64_t key, uint32_t check, int64_t game,
    long ply, const void *data, size_t len)
{
	sqlite3_stmt *st;

	if (statement(db, "INSERT OR REPLACE INTO trees VALUES(?, ?, ?, ?, ?)",
	    &st) != 0)
		return 2;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)key);
	sqlite3_bind_int64(st, 2, check);
	sqlite3_bind_int64(st, 3, game);
	sqlite3_bind_int64(st, 4, ply);
	sqlite3_bind_blob(st, 5, data, (int)len, SQLITE_STATIC);
	return ran(db, st);
}

int
db_tree_get(struct db *db, uint64_t key, uint32_t check, unsigned char **data,
    size_t *len, int64_t *game, long *ply)
{
	sqlite3_stmt *st;
	int rc;

	*data = NULL;
	*len = 0;
	if (statement(db, "SELECT game, ply, data FROM trees WHERE key = ? "
	    "AND chk = ?", &st) != 0)
		return 2;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)key);
	sqlite3_bind_int64(st, 2, check);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*game = sqlite3_column_int64(st, 0);
		*ply = (long)sqlite3_column_int64(st, 1);
		*len = (size_t)sqlite3_column_bytes(st, 2);
		if ((*data = malloc(*len + 1)) == NULL) {
			sqlite3_finalize(st);
			cli_warn("out of memory");
			return 2;
		}
		if (*len > 0)
			memcpy(*data, sqlite3_column_blob(st, 2), *len);
		sqlite3_finalize(st);
		return 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		said(db, NULL);
		return 2;
	}
	return 0;
}

void
db_counts(struct db *db, long *games, long *positions)
{
	*games = db->games;
	*positions = db->positions;
}
