/*
 * libpdn: writing game records back as PDN (writer.c), the last layer:
 * it reads a game record (pdn_game.h) and the played game its replay
 * gave (pdn_replay.h), and plays nothing itself.
 */
#ifndef PDN_WRITE_H
#define PDN_WRITE_H

#include <stddef.h>

#include "pdn.h"
#include "pdn_game.h"
#include "pdn_replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* A growable byte buffer; zero-initialise it, release with pdn_buf_free. */
typedef struct pdn_buf {
	char *data;
	size_t len, cap;
	int oom;		/* an allocation failed: contents incomplete */
} pdn_buf;

/* Frees the bytes of b (not b itself), which is then empty and reusable. */
void pdn_buf_free(pdn_buf *b);

/*
 * Appends `len` bytes and keeps a NUL after them.  A failed allocation sets
 * b->oom, after which nothing more is appended.
 */
void pdn_buf_add(pdn_buf *b, const char *s, size_t len);

/*
 * Makes room for `len` more bytes and a NUL after b->len, for a caller
 * that writes them itself at b->data + b->len.  Returns 0, or PDN_ENOMEM
 * (with b->oom set).
 */
int pdn_buf_reserve(pdn_buf *b, size_t len);

/*
 * Appends the canonical PDN of game g to out (see pdn(5)): the seven-tag
 * roster, GameType, the other tags in input order, FENs normalised, and
 * the movetext with every move the replay read in one way only written in
 * its shortest unambiguous form (an ambiguous one of the main line as the
 * surviving line played it, when one line survives), the others as
 * written, normalised; then the terminator as read (where the game has
 * none, its Result tag when that is a result, else "*") and one blank
 * line.  `pg` is the played game of g, or of the game g was amended from
 * (pdn_game_amend(): the same movetext), replayed with its variations;
 * NULL writes every move and FEN as written.  The game's lead, when the
 * reader kept one, goes first, as read.  A truncated game is appended
 * byte for byte as read (g->raw), then a blank line unless it ends with
 * one, or not at all when the reader did not keep its text.  Returns 0, or
 * PDN_ENOMEM with out->oom set.
 */
int pdn_game_write(pdn_buf *out, const pdn_game *g, const pdn_played *pg);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_WRITE_H */
