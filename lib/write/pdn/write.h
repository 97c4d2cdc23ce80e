/*
 * libpdn: writing game records back as PDN (writer.c), the last layer:
 * it reads a game record (pdn/record.h) and the played game its replay
 * gave (pdn/replay.h), and plays nothing itself.
 */
#ifndef PDN_WRITE_H
#define PDN_WRITE_H

#include <stddef.h>
#include <stdint.h>

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
 * where g was read, and its priv is g's: what the finish hook decided of
 * g holds for it.
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

/* --- edits of the input at its spans (patch.c) --------------------- */

/*
 * One edit of the input that games were read from: the `len` bytes at
 * `offset` (counted as pdn_game.span is) become `tlen` bytes of text
 * (pdn_patch_text()); an insertion has len 0.
 */
typedef struct pdn_edit {
	uint64_t offset, len;
	size_t text, tlen;	/* where its text lies in the patch's */
	unsigned order;		/* its place among edits at one offset */
	/*
	 * What goes after the text when the bytes written next would be
	 * read with it as one token (pdn_edit_sep()): the line end that
	 * keeps a replaced terminator apart from a token glued to it, or
	 * from a move's separator after blanks; "" for most edits.
	 */
	char sep[3];
} pdn_edit;

/*
 * What goes after the text of edit e, `next` being the first byte written
 * after it that is no space or tab (the next edits' text where they
 * start, else the input's bytes after e's; -1 when the input ends first)
 * and `blanks` nonzero when spaces or tabs come before it: e->sep when
 * `next` would be read with e's text as one token, glued to it or, after
 * blanks, a move's separator ('-', 'x', 'X', ':': blanks may stand between
 * a move's parts, and "2-0 -16" is one move); else "".
 */
const char *pdn_edit_sep(const pdn_edit *e, int next, int blanks);

/*
 * A list of edits in the order of their offsets, and their text.  Edits
 * at one offset go in the order their meaning asks (a variation closed
 * before a new terminator, new tag lines before a cut that starts where
 * they end), whichever function added them first.  Zero-initialise it;
 * pdn_patch_clear() empties it, pdn_patch_free() releases it.  The
 * functions that add edits may be called for several games in input
 * order: the edits of one game never overlap those of another.
 */
typedef struct pdn_patch {
	pdn_edit *e;
	size_t n, cap;
	pdn_buf text;
	int oom;		/* an edit could not be added */
} pdn_patch;

void pdn_patch_clear(pdn_patch *p);
void pdn_patch_free(pdn_patch *p);

/* The text of edit e of p (not NUL-ended: e->tlen bytes). */
const char *pdn_patch_text(const pdn_patch *p, const pdn_edit *e);

/*
 * Adds to p the edits that give game g the result `result` (a token,
 * "2-0"): the value of every Result tag, or without one a line [Result
 * "..."] after the last tag; with `termination` not NULL, the value of
 * every Termination tag, or without one a line after the Result tag
 * (after the new one); a game without tags gets both lines before it,
 * on lines of their own.  The terminator as written becomes `result`,
 * or without one `result` is added after the game's last token (on a
 * line of its own after a line comment or tags alone).  New lines end
 * with the game's own line end, the first in its bytes or in those before
 * it as the reader kept them (keep_raw 2); when they hold none, with
 * `eol` (the file's, say), or "\n" when that is NULL.  Read with keep_raw 2, the blanks beside a span are
 * looked at too: where moves follow the last tag on its line, the new
 * lines take the blanks' place and a line end follows them; a game that
 * shares its first line with the game before gets a line end before its
 * new tags.  Nothing else changes: every other byte of the game stays.
 * Returns 0, PDN_EINVAL for a game cut short (truncated: its bytes are
 * no game to edit) or one with tags but no tag_spans (a copy from
 * pdn_game_amend()), or PDN_ENOMEM with p->oom set.
 */
int pdn_patch_result(pdn_patch *p, const pdn_game *g, const char *result,
    const char *termination, const char *eol);

/*
 * Adds to p the edits that cut the main line of game g after ply `ply`
 * (0: before its first move): from the next move's number to the end of
 * the main line (its last element, or a number left after it), the
 * annotations and variations of the ply's move staying; the terminator is
 * not touched.  With `keep` nonzero the moves cut stay as a variation
 * that replaces the ply's move, written again at its head ("16-2 (2...
 * 16-2 3. 6-50 ...)"), and ply must be at least 1.  A game with no move
 * after the ply gets no edit.  Read with keep_raw 2 for the number of
 * the next move to be found past a comment written between it and its
 * move, and the ply's move to be written again as written (else in its
 * normal form).  Returns 0, PDN_EINVAL for a game cut short or a ply
 * below 0 (or 0 with keep), or PDN_ENOMEM with p->oom set.
 */
int pdn_patch_cut(pdn_patch *p, const pdn_game *g, long ply, int keep);

/*
 * Appends to out the `len` bytes of input `in` with the edits of p made
 * (offsets counted from in[0]).  Returns 0, PDN_EINVAL when an edit lies
 * outside the input or overlaps the one before, or PDN_ENOMEM.
 */
int pdn_patch_apply(pdn_buf *out, const char *in, size_t len,
    const pdn_patch *p);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_WRITE_H */
