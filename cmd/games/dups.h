/*
 * What is a copy of an earlier game (pdn-select -D, and pdn-standings,
 * which counts a game once).  A game's key is made from its replay (its
 * setup and main line, its final position, or its first N plies, as
 * --dup-by says), or from its text when it does not replay; the games
 * kept are found by the hash of their key, and a game
 * whose hash is a kept one's is compared with it by its text, read again
 * from its input, or by its key: never by the hash alone (dups.c says
 * how).
 *
 * The keys and hashes of games are made on any thread (the threads of
 * -j make those of their games); the table of the games kept (struct
 * dups) is the main thread's alone, which decides in input order.
 */
#ifndef DUPS_H
#define DUPS_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include <pdn/pdn.h>

/* What a copy is the same game by (--dup-by). */
enum { DUP_MAIN, DUP_FINAL, DUP_PLIES };

struct dup_by {
	int what;		/* DUP_* */
	long plies;		/* DUP_PLIES: the plies compared */
};

/* A hash of len bytes at s (of keys, texts, values: any bytes). */
uint64_t dup_hash(const char *s, size_t len);

/*
 * Appends to b the key of game g, played as pg (or NULL: it was not
 * replayed, and its key is of its text), as `by` says.
 */
void dup_make_key(pdn_buf *b, const struct dup_by *by, const pdn_game *g,
    const pdn_played *pg);

/*
 * The hash of the key of game g, played as pg, made from its positions
 * without writing the key; 0 when its key is of its text (then hash the
 * key written by dup_make_key() with dup_hash()).  Never 0 otherwise.
 */
uint64_t dup_played_hash(const struct dup_by *by, const pdn_game *g,
    const pdn_played *pg);

/*
 * The hash -D finds game g's copies by (and --add hash writes): of its
 * positions when it replays, else of its key, written into *scratch.
 */
uint64_t dup_game_hash(pdn_buf *scratch, const struct dup_by *by,
    const pdn_game *g, const pdn_played *pg);

/* The games kept (dups.c's own). */
struct dups;

/*
 * A table of no game yet, whose keys are made as `by` says; the text of
 * a kept game read again is read with GameType `gametype` for untagged
 * games and replayed with *ro, as the games of the inputs are.  NULL when
 * out of memory.
 */
struct dups *dup_new(const struct dup_by *by, int gametype,
    const pdn_replay_options *ro);

/*
 * Notes input `in`, about to be read, for the comparisons: when it is a
 * regular file, which can be read again, its games are kept by where
 * their texts lie in it; otherwise they keep their keys.
 */
void dup_source(struct dups *d, const struct cli_input *in);

/* Whether the input noted last can be read again. */
int dup_reread(const struct dups *d);

/*
 * In a stream: whether game g, whose text is at hand, is a copy of a
 * kept game's text (the text cache), with no replay and no key needed;
 * *th gets its text's hash for dup_seen(), or 0.
 */
int dup_text_copy(struct dups *d, const pdn_game *g, uint64_t *th);

/*
 * In a stream: game g and its replay pg are at hand while dup_seen()
 * decides it (its key is then made from the replay, not from its text
 * read again); NULL, NULL once it is no longer.
 */
void dup_at_hand(struct dups *d, const pdn_game *g, const pdn_played *pg);

/*
 * Whether the game of key[0..len) (NULL: not written) and hash h, whose
 * text lies at `offset` of the input noted last, tlen bytes (text, or
 * NULL when it is not at hand), with th its text's hash (0: none), is a
 * copy of a game kept; if not, it is kept.  Returns 1 (a copy), 0 (new),
 * -1 out of memory.
 */
int dup_seen(struct dups *d, const char *key, size_t len, uint64_t h,
    uint64_t offset, const char *text, size_t tlen, uint64_t th);

/*
 * Where the text of a game of the input noted last lies, `len` bytes at
 * `offset`, as the table keeps it: a reference for dups.c's own keeping, or 0
 * when it cannot be read again (the input is a pipe, the text too long).
 */
uint64_t dup_ref(const struct dups *d, uint64_t offset, size_t len);

/*
 * pdn-standings, once every game is read, a group of games of the same
 * players, date and round at a time: whether the game whose text is at
 * ref (dup_ref()), read and replayed again, is a copy of a game kept
 * since dup_clear(), compared as dup_seen() compares; if not, it is kept
 * under its dup_game_hash() xor salt.  A text that can no longer be read
 * as it was (the file changed) is no copy.  1 (a copy), 0, -1 out of
 * memory.
 */
int dup_seen_ref(struct dups *d, uint64_t ref, uint64_t salt);

/* Forgets the games kept (the inputs noted stay). */
void dup_clear(struct dups *d);

/*
 * Notes input `in`, which cannot be read again (a pipe), as the file open
 * as fd, which its reader copies its bytes to as it reads them: its games
 * are kept by where their texts lie in the copy, as a file's are.
 * dup_source_end() gives the copy's size once the input is read.
 * Returns 0, or -1 (errno).
 */
int dup_source_copy(struct dups *d, const struct cli_input *in, int fd);
void dup_source_end(struct dups *d, uint64_t size);

/*
 * pdn-select -c FILE: keeps every game of the file at path in d (a table
 * of its own, made by dup_new()), by its key, counting them in *games;
 * its diagnostics are not said.  Returns 0, or 2 after saying what went
 * wrong (unreadable, out of memory).
 */
int dup_load(struct dups *d, const char *path, long *games);

/*
 * Whether the game of key[0..len) and hash h (its dup_played_hash(), or
 * else dup_hash() of the key) is one that dup_load() kept.  It changes
 * nothing: the threads of -j look up at once.
 */
int dup_known(const struct dups *d, const char *key, size_t len,
    uint64_t h);

/* Frees d and what it holds (nothing for NULL). */
void dup_free(struct dups *d);

#endif /* DUPS_H */
