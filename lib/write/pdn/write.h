/*
 * libpdn: writing game records back as PDN (writer.c), the last layer:
 * it reads a game record (pdn/record.h) and the played game its replay
 * gave (pdn/replay.h), and plays nothing itself.
 */
#ifndef PDN_WRITE_H
#define PDN_WRITE_H

#include <stddef.h>

#include <pdn/core.h>
#include <pdn/record.h>
#include <pdn/replay.h>

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

/* --- copies of a game (gamecopy.c) ---------------------------------- */

/*
 * Deep-copies game g into one block of memory, so that it outlives the
 * reader (to hand it to another thread): its tags, movetext, spans and
 * text as read (raw, lead).  The copy owns everything it points to except
 * `file`, which stays borrowed from the reader's options.
 * Returns 0 with *out set (the caller's: pdn_game_free(), NULL-safe) or
 * PDN_ENOMEM.
 */
int pdn_game_clone(pdn_game **out, const pdn_game *g);
void pdn_game_free(pdn_game *g);

/*
 * Fills *out with a shallow copy of g (borrowing what g points to) whose
 * every Result tag and terminator is `result`, and whose every Termination
 * tag is `termination` when that is not NULL; without a Termination tag,
 * one is added right after the first Result tag (after the other tags
 * when there is none).  `tags` must have room for
 * g->ntags + 1 entries and becomes out->tags; `result` and `termination`
 * are borrowed.  pdn_game_write() then writes the record with them.  The
 * copy has no tag_spans (NULL); its span and terminator_span are still
 * where g was read.
 */
void pdn_game_amend(pdn_game *out, pdn_tag *tags, const pdn_game *g,
    const char *result, const char *termination);

/*
 * What pdn_game_strip() leaves out, as bits: comments (between braces,
 * and from '%' or ';' to the line end); NAGs ($n) and strength marks (!,
 * ?!...); variations; clock commands, "[%clock ...]", "[%clk ...]" and
 * "[%emt ...]" in a comment between braces (the blanks around one become
 * one, those at the ends of the comment go; a comment left with nothing
 * but blanks goes too).
 */
#define PDN_STRIP_COMMENTS	(1u << 0)
#define PDN_STRIP_NAGS		(1u << 1)
#define PDN_STRIP_VARIATIONS	(1u << 2)
#define PDN_STRIP_CLOCKS	(1u << 3)

/*
 * A deep copy of g, as pdn_game_clone() makes, whose lines lack what
 * `what` says (PDN_STRIP_*); its moves and setups are g's, in order, so
 * that its `plies` are g's.  Replay the copy itself (pdn_replay_game())
 * before pdn_game_write(): the played game of g refers to g's elements by
 * their places, which the copy does not keep.  To write g stripped, the
 * writer's own `strip` (pdn_write_options) needs no copy and no replay.
 * A truncated game is copied whole (it is written as read).  Returns 0
 * with *out set (free it with pdn_game_free()) or PDN_ENOMEM.
 */
int pdn_game_strip(pdn_game **out, const pdn_game *g, unsigned what);

/*
 * Options of pdn_game_write().  Initialise with PDN_WRITE_OPTIONS_INIT,
 * then set what differs: fields may be added at the end in later
 * versions.
 */
typedef struct pdn_write_options {
	unsigned version;	/* PDN_WRITE_OPTIONS_VERSION */
	unsigned strip;		/* PDN_STRIP_*: what the lines leave out */
} pdn_write_options;

#define PDN_WRITE_OPTIONS_VERSION 1
#define PDN_WRITE_OPTIONS_INIT	{ PDN_WRITE_OPTIONS_VERSION, 0 }

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
 * one, or not at all when the reader did not keep its text.  With options
 * (opt may be NULL), the lines are written without what opt->strip says
 * (PDN_STRIP_*), as pdn_game_strip() would copy them, from g and its own
 * played game.  Returns 0, PDN_EINVAL for options whose version is not
 * PDN_WRITE_OPTIONS_VERSION, or PDN_ENOMEM with out->oom set.
 */
int pdn_game_write(pdn_buf *out, const pdn_game *g, const pdn_played *pg,
    const pdn_write_options *opt);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_WRITE_H */
