/*
 * libpdn: reading PDN game records.
 *
 * This header is the record layer above the rules core (pdn/core.h) and
 * the tokenizer (pdn/lex.h): the streaming reader, the game model it
 * fills, and results.  Problems
 * in the input are reported through a pdn_diag_fn callback (pdn/diag.h),
 * one call per diagnostic.
 */
#ifndef PDN_RECORD_H
#define PDN_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include <pdn/core.h>
#include <pdn/diag.h>
#include <pdn/lex.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* --- game model (game.c) -------------------------------------------- */

typedef struct pdn_tag {
	const char *name;
	const char *value;
	size_t vlen;
	long line;
} pdn_tag;

typedef enum pdn_elem_type {
	PDN_EL_MOVE,
	PDN_EL_COMMENT,		/* text between the braces */
	PDN_EL_LINE_COMMENT,	/* text from the '%' or ';' to the line end */
	PDN_EL_NAG,
	PDN_EL_STRENGTH,
	PDN_EL_SETUP,		/* text: the FEN of a /FEN "..."/ */
	PDN_EL_VARIATION
} pdn_elem_type;

typedef struct pdn_line pdn_line;

/*
 * A stretch of the input: a byte offset, counted as pdn_game.offset is
 * (from the start of what the reader reads), and a length.
 */
typedef struct pdn_span {
	uint64_t offset;
	uint64_t len;
} pdn_span;

/*
 * One element of a line of play, in input order.  A variation replaces
 * the last move before it in its line; annotations (comments, NAGs,
 * strength marks) follow the move they are about.
 */
typedef struct pdn_elem {
	pdn_elem_type type;
	long line, col;		/* where it was read */
	union {
		struct {
			pdn_movetok tok;
			long number;	/* move number written before it, or -1 */
			int dots;	/* its dots: 1, 3 (or 0) */
		} move;
		struct {
			const char *s;	/* NUL-ended */
			size_t len;
		} text;
		long nag;
		const pdn_line *variation;
	} u;
	/*
	 * Where it was read (API 3.0): the element as written, from its
	 * first byte to its last.  A move: the move token alone ("32x21",
	 * "1 - 7" spaced), without the number before it; a comment
	 * with its braces, a line comment from its mark to its line end
	 * (not included); a NAG or strength mark as written; a setup from
	 * '/' to '/'; a variation from '(' to ')', or when it is never
	 * closed to the end of its last element (its '(' alone if none).
	 */
	pdn_span span;
} pdn_elem;

struct pdn_line {
	size_t n;
	const pdn_elem *e;
};

/*
 * Where a tag was read: the whole tag from its '[' to its ']', and its
 * value, the bytes between the quotes (of a value without quotes, its text
 * without the blanks around it).  The value's bytes are as in the input,
 * escapes and all: pdn_tag.value is what they mean.
 */
typedef struct pdn_tag_span {
	pdn_span tag, value;
} pdn_tag_span;

struct pdn_game_priv;

/*
 * A game as read.  Everything it points to belongs to the reader and stays
 * valid until the next pdn_reader_next() or pdn_reader_free().
 */
typedef struct pdn_game {
	const char *file;	/* as given in the reader options */
	long index;		/* 1-based index in the file */
	long line;		/* line of the game's first token */
	uint64_t offset;	/* byte offset of the game's first token */
	size_t ntags;
	const pdn_tag *tags;	/* in input order, duplicates too */
	pdn_line moves;		/* the main line */
	const char *terminator;	/* the result token ending it, or NULL */
	int gametype;		/* 20, 21, ...; 0 when unknown */
	int gametype_inferred;	/* no GameType tag: it was inferred */
	long plies;		/* moves in the main line */
	int errors;		/* error diagnostics about this game */
	int warnings;
	/*
	 * A syntax error cut the game short; or, with keep_raw, the
	 * "game" is text the reader found after the last game (comments
	 * alone, PDN_D_TEXT_AFTER_GAME) and returns so that a rewrite keeps
	 * it.
	 */
	int truncated;
	/*
	 * With keep_raw, a truncated game's bytes exactly as read, from its
	 * first byte to where the next game starts (or the end of input),
	 * whatever they are (NUL bytes, invalid UTF-8, CR LF); NULL when
	 * they were more than max_game bytes, and for every other game.
	 * With keep_raw 2, every game's: its span's bytes (not NUL-ended).
	 */
	const char *raw;
	size_t rawlen;
	/*
	 * Fields are only ever appended from here on: the reader allocates
	 * pdn_game, so a program built against an older header reads the
	 * fields it knows where they were.  A program that gives
	 * pdn_game_amend() a pdn_game of its own is rebuilt when the
	 * library's minor version grows it.
	 *
	 * Where the game lies in the input, in offsets as `offset` counts:
	 * tag_spans[i] is where tags[i] was read; terminator_span the
	 * terminator as written ("1 - 1" spaced, "0-0" of "0-001." glued),
	 * length 0 when there is none; span the game, from its first byte
	 * (`offset`) to the end of its last token, or for a truncated game
	 * to where the next game starts, as raw.  The bytes between two
	 * games' spans are blanks and what the lead of the second holds.
	 * A copy made by pdn_game_amend() has no tag_spans (NULL).
	 */
	const pdn_tag_span *tag_spans;
	pdn_span terminator_span;
	pdn_span span;
	/*
	 * With keep_raw, what the reader skipped between the previous game
	 * (or the start of input) and this one when that is more than
	 * spaces, tabs and line ends, such as a byte order mark, a
	 * no-break space or junk (PDN_D_JUNK_SKIPPED): the bytes from the
	 * first such one to the game's first byte, which a rewrite writes
	 * before the game.  Else NULL.
	 */
	const char *lead;
	size_t leadlen;
	/*
	 * With keep_raw 2, the bytes between the end of the previous game's
	 * span (or the start of input) and this game's first byte, exactly
	 * as read: blanks, and the lead when there is one (lead holds a copy
	 * of those bytes).  The befores, raws and pdn_reader_rest() of an
	 * input are then the whole input, in order.  NULL (and raw too) when
	 * the game and what lies before it are more than max_game bytes;
	 * NULL for every game without keep_raw 2.
	 */
	const char *before;
	size_t beforelen;
	/*
	 * The library's own, not for programs to read: what it keeps of a
	 * game it made (the reader's, a copy by pdn_game_clone()) beyond the
	 * fields above, such as whether the reader's finish hook decided the
	 * GameType.  A game a program makes itself has it NULL (pdn_game g =
	 * { 0 }, or memset): pdn_replay_game() then does what that hook does,
	 * from the game alone (with gametype_inferred set and gametype 0, the
	 * GameType is inferred from its moves).  A copy by assignment or
	 * pdn_game_amend() shares the one of the game it copies, as it shares
	 * that game's moves and tags.
	 */
	struct pdn_game_priv *priv;
} pdn_game;

/* The value of the first tag named `name`, or NULL (borrowed). */
const char *pdn_game_tag(const pdn_game *g, const char *name);

/* The first tag named `name` itself (its length, its line), or NULL. */
const pdn_tag *pdn_game_find_tag(const pdn_game *g, const char *name);


/* --- results (game.c) --------------------------------------------- */

/* A game result, whatever its notation. */
typedef enum pdn_outcome {
	PDN_OUTCOME_NONE = 0,	/* absent or not a result token */
	PDN_OUTCOME_UNKNOWN,	/* `*`: unknown or unfinished */
	PDN_OUTCOME_WHITE,	/* White won: 2-0, 1-0 */
	PDN_OUTCOME_BLACK,	/* Black won: 0-2, 0-1 */
	PDN_OUTCOME_DRAW,	/* 1-1, 1/2-1/2 */
	PDN_OUTCOME_DOUBLE_LOSS	/* 0-0 (no 1-0 family token) */
} pdn_outcome;

/* The two families of result notation (pdn(5)). */
typedef enum pdn_result_family {
	PDN_FAMILY_DRAUGHTS = 0,	/* 2-0 0-2 1-1 0-0 */
	PDN_FAMILY_CHESS		/* 1-0 0-1 1/2-1/2 */
} pdn_result_family;

/*
 * Reads a result token (2-0 0-2 1-1 0-0 1-0 0-1 1/2-1/2 *); the family it
 * is written in goes to *family when not NULL.  NULL or anything else is
 * PDN_OUTCOME_NONE.
 */
pdn_outcome pdn_outcome_parse(const char *s, pdn_result_family *family);

/*
 * The token of an outcome in a family ("2-0", "1/2-1/2", "*"); 0-0 has no
 * chess-family token and is written "0-0" in both.  NULL for
 * PDN_OUTCOME_NONE.  The string is static.
 */
const char *pdn_outcome_str(pdn_outcome o, pdn_result_family family);

/* Nonzero when s is a result token: 2-0 0-2 1-1 0-0 1-0 0-1 1/2-1/2 *. */
int pdn_result_valid(const char *s);

/*
 * Whose score a result token writes first.  PDN writes White's
 * ("1-0": White won) in every variant, and where White moves first that
 * is also the first mover's.  Where Black moves first (English, pool,
 * Thai), most files write the first mover's, Black's ("1-0": Black won),
 * as CheckerBoard does.  The reader's finish hook decides it once for a
 * file (pdn_game_finish(), pdn/replay.h); PDN_ORDER_DECIDE asks it to.
 */
typedef enum pdn_result_order {
	PDN_ORDER_DECIDE = 0,		/* the file's records say (options) */
	PDN_ORDER_WHITE,		/* White's score first, as PDN */
	PDN_ORDER_FIRST_MOVER		/* the first mover's score first */
} pdn_result_order;

/*
 * The order g's result tokens are written in: the one the finish hook
 * decided for its file (or the reader was given), or for a game it did
 * not see, the one files of its variant are mostly written in (the first
 * mover's for English draughts, White's for every other).  Always
 * PDN_ORDER_WHITE where White moves first, where both are the same.
 */
pdn_result_order pdn_game_result_order(const pdn_game *g);

/*
 * What g's result says: the Result tag when it is a result
 * token, else the terminator, read in the game's order
 * (pdn_game_result_order()): PDN_OUTCOME_WHITE is a win of White
 * whatever the token.  The one reading of a recorded result that a
 * program wants; pdn_played_outcome() (pdn/replay.h) also takes what
 * the final position proves.
 */
pdn_outcome pdn_game_outcome(const pdn_game *g);

/*
 * An outcome read in, or written for, a game of variant v whose tokens
 * are in `order`: the same outcome, or the other win where Black moves
 * first and the order is the first mover's.  The conversion is its own
 * inverse: pdn_outcome_str(pdn_outcome_order(o, v, order), family)
 * writes outcome o as the file writes it.
 */
pdn_outcome pdn_outcome_order(pdn_outcome o, const pdn_variant *v,
    pdn_result_order order);


/* --- streaming reader (reader.c) ------------------------------------ */

typedef struct pdn_reader pdn_reader;

/*
 * A hook the reader calls with each game it has read, before it reports
 * the game's last diagnostics and returns it: it may set the game's
 * gametype and gametype_inferred, and report diagnostics about the game
 * (pdn_reader_report()).  The play layer's pdn_game_finish() (pdn/replay.h)
 * is the one a program wants: the reader itself knows no variant's rules,
 * no FEN and no matcher.  It returns 0; the reader does not look at the
 * value, which is kept for later use.
 */
typedef int (*pdn_game_fn)(pdn_reader *r, pdn_game *g, void *arg);

typedef struct pdn_reader_options {
	unsigned version;
	const char *file;	/* name used in diagnostics; "<stdin>"... */
	pdn_diag_fn diag;	/* may be NULL */
	void *diag_arg;
	size_t max_game;	/* bytes a game may take in memory; 0: default */
	/*
	 * For a rewrite that loses nothing: keep the bytes of a game that a
	 * syntax error cuts short, exactly as read (pdn_game.raw), and of
	 * comments after the last game (returned as a truncated game of
	 * their own); keep what the reader skips before a game that is more
	 * than blanks (pdn_game.lead).  Each game with raw text is reported
	 * (PDN_D_AS_READ: it will be written back as read), and one whose
	 * text was too long to keep is an error (PDN_D_GAME_TOO_LARGE).
	 * keep_raw 2 also keeps the text of every other game, for a tool
	 * that copies games exactly as read (pdn_game.raw, pdn_game.before,
	 * pdn_reader_rest()): it costs nothing more, since the reader
	 * records each game's bytes with keep_raw 1 too, to find its lead.
	 */
	int keep_raw;
	/*
	 * Version 2: the GameType of a game without a GameType tag (20, 21,
	 * ...), instead of inferring it from its moves; 0 infers.
	 */
	int gametype;
	/*
	 * Version 3: for a tool that looks at the tags alone.  Nonzero reads
	 * the movetext as always (the same games, the same diagnostics, the
	 * same counts: plies, the inferred GameType) but keeps no moves: the
	 * lines of pdn_game.moves hold everything else (comments,
	 * variations, setups, NAGs...), and plain moves pass without a
	 * token each, several times faster.  Such a game is not for
	 * pdn_replay_game() or pdn_game_write().
	 */
	int skip_moves;
	/*
	 * Version 4: the hook that finishes each game (NULL: none, and an
	 * untagged game's GameType is the caller's `gametype`, or 0), and its
	 * argument.  Set finish = pdn_game_finish to have the GameType of an
	 * untagged game inferred and the FENs checked.
	 */
	pdn_game_fn finish;
	void *finish_arg;
	/*
	 * Version 5: the order of every game's result tokens
	 * (pdn_result_order), instead of the one the finish hook decides
	 * for the file; PDN_ORDER_DECIDE (0) has it decided.
	 */
	int result_order;
} pdn_reader_options;

/*
 * Initialise the options with PDN_READER_OPTIONS_INIT, then set what
 * differs: fields may be added at the end in later versions.  Options of
 * versions 1 (without `gametype`), 2 (without `skip_moves`), 3
 * (without `finish`) and 4 (without `result_order`) are still accepted.
 */
#define PDN_READER_OPTIONS_VERSION 5
#define PDN_READER_OPTIONS_INIT	{ PDN_READER_OPTIONS_VERSION, "<input>", \
	NULL, NULL, 0, 0, 0, 0, NULL, NULL, 0 }
#define PDN_GAME_MAX_DEFAULT	(4u << 20)
#define PDN_MAX_DEPTH		256	/* variations nested deeper: error */

/*
 * A reader of games from a byte stream (read callback) or from memory.
 * Returns 0 or PDN_ENOMEM; *out belongs to the caller (pdn_reader_free(),
 * NULL-safe), or PDN_EINVAL for options whose version is not 1 to
 * PDN_READER_OPTIONS_VERSION.  The options are copied, but not the strings
 * they point to:
 * `file`, and the `data` of pdn_reader_new_mem(), must stay valid while
 * the reader lives (and `file` while its games are used).  opt may be
 * NULL.
 */
int pdn_reader_new(pdn_reader **out, pdn_read_fn read, void *arg,
    const pdn_reader_options *opt);
int pdn_reader_new_mem(pdn_reader **out, const char *data, size_t len,
    const pdn_reader_options *opt);
void pdn_reader_free(pdn_reader *r);

/*
 * Reads the next game.  Returns 1 and sets *out to a game borrowed from the
 * reader (valid until the next call), 0 at the end of input, PDN_EIO when
 * the read callback failed or PDN_ENOMEM.  Diagnostics about the game are
 * reported before it is returned.  Memory is bounded by the largest game
 * (at most max_game bytes), never by the input.
 */
int pdn_reader_next(const pdn_game **out, pdn_reader *r);

/*
 * With keep_raw 2, once pdn_reader_next() returned 0: the bytes after
 * the last game's span to the end of input (blanks; the whole input when
 * it holds no game), borrowed until pdn_reader_free(); *len gets their
 * length.  NULL (*len 0) without keep_raw 2, before the end, or when they
 * were more than max_game bytes.
 */
const char *pdn_reader_rest(pdn_reader *r, size_t *len);

/*
 * For a finish hook (pdn_game_fn), while it runs: reports diagnostic
 * `code` about the game being finished, at line:col, counted in the
 * game's errors or warnings.  Its message is `text` when that is not
 * NULL; else the code's fixed text, followed by ": " and `detail` when
 * that is not NULL.
 */
void pdn_reader_report(pdn_reader *r, pdn_diag_code code, long line,
    long col, const char *text, const char *detail);

/*
 * Which diagnostics the caller shows with their message: for a code that
 * `wanted` refuses (returns 0), the reader and its finish hook format no
 * detail, and the diagnostic comes with the code's fixed text
 * (pdn_diag_text()) as its message, otherwise as ever (counted, its
 * place, game and ply).  For a program that shows the first few of a
 * code and counts the others, or leaves some out.  fn NULL, as a new
 * reader has: every message in full.  arg is passed to fn.
 */
typedef int (*pdn_diag_wanted_fn)(pdn_diag_code code, void *arg);
void pdn_reader_set_wanted(pdn_reader *r, pdn_diag_wanted_fn fn, void *arg);

/*
 * For a finish hook, before it formats the detail of a diagnostic of
 * `code` (pdn_reader_report()): nonzero when the caller wants it.
 */
int pdn_reader_wants_message(const pdn_reader *r, pdn_diag_code code);

/* --- where games start (cut.c) ------------------------------------- */

/*
 * The place to cut PDN text so that its parts can be read apart, each by a
 * reader of its own (pdn-validate -j N reads an input's parts on several
 * threads): a line starting with '[' after a game that ended with its
 * result token, where every reader of the whole text starts a game, as a
 * reader of the text from there does, with nothing of what came before
 * (no comment, junk or skip after an error) carried into it.  Reading the
 * text before the cut and the text from it, each with a reader of the
 * same options (a max_game of PDN_GAME_MAX_DEFAULT or more), gives the
 * games and the diagnostics that one reader gives of the whole, their
 * lines, offsets and game numbers counted from the cut.  Such places are
 * found where the game before them reads as plainly as most do: tags,
 * moves, move numbers, comments, NAGs and variations, nothing that is an
 * error or that the reader might take another way; elsewhere none is.
 *
 * A scan goes over a buffer that starts where a reader starts (the input's
 * first byte or a cut) and may grow between calls: pdn_cut_next() goes on
 * from where the last call stopped.  Initialise the state with
 * PDN_CUT_INIT, and again to scan from a cut on.
 */
typedef struct pdn_cut {
	size_t scan;		/* where the next call goes on */
	int in_comment;		/* scan stands inside a { } comment */
	/*
	 * The library's own: the last line starting with '[' that the scan
	 * passed, the first of the game that followed the last place a
	 * result token came before such a line, and the last one before it.
	 */
	size_t tag, sec, sec_tag;
} pdn_cut;

#define PDN_CUT_NONE	((size_t)-1)
#define PDN_CUT_INIT	{ 0, 0, PDN_CUT_NONE, PDN_CUT_NONE, PDN_CUT_NONE }

/*
 * The first cut at `min` or after in buf[0..len), the bytes read so far
 * of a text starting where a reader starts, scanning on from where the
 * last call with c stopped; 0 when there is none yet (more bytes may make
 * one).  A cut is never 0.  buf may move between calls, and grow, but the
 * bytes already given must stay the same.  The bytes more than 1 kB before
 * min are passed unscanned where no comment can be open after them.
 */
size_t pdn_cut_next(pdn_cut *c, const char *buf, size_t len, size_t min);

/*
 * The line ends ('\n') of buf[0..len), the text before a cut (or between
 * two): how many lines a reader of the text from the cut numbers less
 * than a reader of the whole, which a program that reads the parts apart
 * adds back to the lines they report.
 */
long pdn_cut_lines(const char *buf, size_t len);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_RECORD_H */
