/*
 * libpdn: reading and writing PDN game records.
 *
 * This header covers everything above the rules core (pdn.h): the
 * diagnostics every tool shares, the tokenizer, the streaming reader and
 * the game model it fills, results, and the move-token matcher.  The library never prints and never exits: problems in the input
 * are reported through a pdn_diag_fn callback, one call per diagnostic.
 */
#ifndef PDN_GAME_H
#define PDN_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "pdn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* --- diagnostics (diag.c) ------------------------------------------- */

typedef enum pdn_severity {
	PDN_SEV_NOTE = 0,	/* information: something was inferred */
	PDN_SEV_WARNING,	/* a liberty was taken; the game is intact */
	PDN_SEV_ERROR		/* the game is wrong or incomplete */
} pdn_severity;

/*
 * Every diagnostic has one of these codes.  The code's name (a stable
 * string such as "tag-duplicate"), its severity and its fixed text come
 * from pdn_diag_name(), pdn_diag_severity() and pdn_diag_text(); the
 * values of this enum are not stable between versions, the names are.
 */
typedef enum pdn_diag_code {
	/* Errors of syntax: the reader resynchronises at the next game. */
	PDN_D_UNEXPECTED_CHAR,
	PDN_D_STRAY_BRACE,
	PDN_D_UNBALANCED_PAREN,
	PDN_D_UNTERMINATED_COMMENT,
	PDN_D_UNTERMINATED_STRING,
	PDN_D_BAD_TAG,
	PDN_D_BAD_MOVE,
	PDN_D_BAD_NAG,
	PDN_D_BAD_SETUP,
	PDN_D_NUMBER_TOO_LONG,
	PDN_D_TOKEN_TOO_LONG,
	PDN_D_TOO_DEEP,
	PDN_D_GAME_TOO_LARGE,
	PDN_D_UNCLOSED_VARIATION,
	PDN_D_VARIATION_FIRST,
	/* Errors of content that do not stop reading the game. */
	PDN_D_BAD_FEN,
	/* Warnings: liberties the reader took. */
	PDN_D_TAG_DUPLICATE,
	PDN_D_TAG_NAME,
	PDN_D_TAG_UNQUOTED,
	PDN_D_TAG_QUOTES,
	PDN_D_NO_TERMINATOR,
	PDN_D_RESULT_MISMATCH,
	PDN_D_RESULT_UNKNOWN,
	PDN_D_RESULT_SPACED,
	PDN_D_RESULT_GLUED,
	PDN_D_LATIN1,
	PDN_D_SQUARE_PADDED,
	PDN_D_MOVE_SPACES,
	PDN_D_COLON_CAPTURE,
	PDN_D_MOVENUM_PADDED,
	PDN_D_MOVENUM_NO_DOT,
	PDN_D_MOVENUM_DANGLING,
	PDN_D_NESTED_BRACE,
	PDN_D_FEN_LIBERTY,
	PDN_D_NO_GAMES,
	PDN_D_TEXT_AFTER_GAME,
	/* Notes. */
	PDN_D_GAMETYPE_INFERRED,
	PDN_D_GAMETYPE_UNKNOWN,
	/* The replay by the rules (replay.c). */
	PDN_D_ILLEGAL_MOVE,		/* error: the move is not legal */
	PDN_D_IRREGULAR_MOVE,		/* warning: accepted by --lenient */
	PDN_D_AMBIGUOUS_GAME,		/* warning: several lines survive */
	PDN_D_RESULT_POSITION,		/* error: result vs final position */
	PDN_D_SETUP_POSITION,		/* error: an impossible setup */
	PDN_D_UNSUPPORTED_GAMETYPE,	/* note: a variant not replayed */
	PDN_D_MOVE_SEPARATOR,		/* warning: 'x' quiet or '-' capture */
	PDN_D_GAMETYPE_VALUE,		/* warning: a GameType not understood */
	PDN_D_NCODES
} pdn_diag_code;

/*
 * One diagnostic.  Everything it points to is borrowed and valid only
 * during the callback.  Lines and columns are 1-based and count bytes;
 * game is the 1-based index of the game in its file (0 when the problem
 * is outside any game); ply is the number of main-line moves read before
 * the problem (0 when it concerns no move).
 */
typedef struct pdn_diag {
	pdn_diag_code code;
	pdn_severity severity;
	const char *name;	/* stable code string, e.g. "bad-tag" */
	const char *message;	/* fixed text, then ": detail" if any */
	const char *file;
	long line;
	long col;
	long game;
	long ply;
	/*
	 * For diagnostics about one move (the replay's): the move as
	 * written, normalised ("28x19"), its move number and the side that
	 * made it; NULL, 0 and PDN_WHITE otherwise.
	 */
	const char *move;
	long number;
	pdn_colour side;
} pdn_diag;

typedef void (*pdn_diag_fn)(const pdn_diag *d, void *arg);

/* The stable name, severity and fixed text of a code. */
const char *pdn_diag_name(pdn_diag_code code);
pdn_severity pdn_diag_severity(pdn_diag_code code);
const char *pdn_diag_text(pdn_diag_code code);

/* "note", "warning" or "error". */
const char *pdn_severity_name(pdn_severity s);

/* --- input ---------------------------------------------------------- */

/*
 * The reader pulls its bytes through this callback: it fills at most len
 * bytes of buf and returns how many (0 at end of input), or -1 on a read
 * error.  The library does no I/O of its own.
 */
typedef long (*pdn_read_fn)(void *arg, char *buf, size_t len);

/* --- tokens (lex.c) ------------------------------------------------- */

typedef enum pdn_token_type {
	PDN_TOK_EOF = 0,
	PDN_TOK_TAG,		/* [Name "value"]: text = name, value */
	PDN_TOK_MOVENUM,	/* 12. or 12...: num, dots */
	PDN_TOK_MOVE,		/* 32-28, 26x37, c3-d4: move */
	PDN_TOK_RESULT,		/* 2-0 1-1 0-2 ... *: text normalised */
	PDN_TOK_NAG,		/* $n: num */
	PDN_TOK_STRENGTH,	/* ! ? !! ?? !? ?! (!) (?): text */
	PDN_TOK_COMMENT,	/* {...}: text (inside the braces) */
	PDN_TOK_LINE_COMMENT,	/* %... or ;...: text includes the mark */
	PDN_TOK_LPAREN,
	PDN_TOK_RPAREN,
	PDN_TOK_SETUP,		/* /FEN "..."/: text = the FEN */
	PDN_TOK_ERROR		/* code and text say what is wrong */
} pdn_token_type;

/* The most squares a move token may list: from, 20 landings, slack. */
#define PDN_MOVETOK_MAX	24

/*
 * An algebraic square ("c3") is stored as PDN_ALPHA + file * 100 + rank,
 * file 1 for 'a'; a numeric square as its number.
 */
#define PDN_ALPHA	10000

/* Liberties seen inside one token, as bits of pdn_token.flags. */
enum {
	PDN_TF_PADDED = 1 << 0,		/* "09-13", "01." */
	PDN_TF_SPACES = 1 << 1,		/* "1- 7", "1 - 1" */
	PDN_TF_COLON = 1 << 2,		/* "28:19" */
	PDN_TF_GLUED = 1 << 3,		/* "1-101.": result glued to a number */
	PDN_TF_LATIN1 = 1 << 4,		/* invalid UTF-8 read as Latin-1 */
	PDN_TF_NESTED = 1 << 5,		/* '{' inside a comment */
	PDN_TF_UNQUOTED = 1 << 6,	/* [Event foo] */
	PDN_TF_QUOTES = 1 << 7,		/* curly quotes around a tag value */
	PDN_TF_TAG_NAME = 1 << 8,	/* a tag name not [A-Z][A-Za-z0-9_]* */
	PDN_TF_NO_DOT = 1 << 9		/* a move number without its dot */
};

/* A move as written: its squares and whether 'x' or ':' separated them. */
typedef struct pdn_movetok {
	uint16_t sq[PDN_MOVETOK_MAX];
	uint8_t nsq;		/* at least 2 */
	uint8_t capture;	/* written with 'x' or ':' */
	uint8_t alpha;		/* algebraic squares */
} pdn_movetok;

typedef struct pdn_token {
	pdn_token_type type;
	unsigned flags;		/* PDN_TF_* */
	long line, col;		/* where the token starts, 1-based */
	uint64_t offset;	/* byte offset of the token in the input */
	const char *text;	/* borrowed until the next call; NUL-ended */
	size_t len;
	const char *value;	/* tag value, borrowed; NUL-ended */
	size_t vlen;
	long num;		/* move number or NAG */
	int dots;		/* dots after a move number: 0, 1 or 3 */
	pdn_movetok move;
	pdn_diag_code code;	/* for PDN_TOK_ERROR */
	int blank;		/* a blank line came before the token */
	/*
	 * Where inside the token its problem lies, 1-based: for an error,
	 * the offending byte (line 0 when it is the token's start); with
	 * PDN_TF_NESTED, the first inner '{'.  Only meaningful then.
	 */
	long xline, xcol;
	long uline, ucol;	/* with PDN_TF_LATIN1: its first such byte */
} pdn_token;

typedef struct pdn_lexer pdn_lexer;

/*
 * A tokenizer over a byte stream.  pdn_lexer_new() returns 0 or
 * PDN_ENOMEM; the lexer belongs to the caller (pdn_lexer_free(), NULL-safe).
 * pdn_lexer_new_mem() reads the `len` bytes at `data`, which must stay
 * valid while the lexer lives.
 */
int pdn_lexer_new(pdn_lexer **out, pdn_read_fn read, void *arg);
int pdn_lexer_new_mem(pdn_lexer **out, const char *data, size_t len);
void pdn_lexer_free(pdn_lexer *lx);

/*
 * Reads the next token into *tok (its text is borrowed until the next
 * call).  Returns 0, or PDN_EIO when the read callback failed, or
 * PDN_ENOMEM.  At the end of input the token is PDN_TOK_EOF.
 */
int pdn_lexer_next(pdn_lexer *lx, pdn_token *tok);

/*
 * After an error: skips input up to the next line that starts with '['
 * (the tags of the next game).  With in_tags nonzero the error was among
 * a game's tags, whose following tag lines are skipped as well: the next
 * game's tags are the first after a line that is not a tag.  Returns 0 or
 * PDN_EIO.
 */
int pdn_lexer_skip_game(pdn_lexer *lx, int in_tags);

/* Bytes consumed so far. */
uint64_t pdn_lexer_offset(const pdn_lexer *lx);

/*
 * Keeps the input from byte offset `from` (which must not be behind the
 * current token) until the next call, up to `max` bytes; past that the
 * recording is given up.  pdn_lexer_recorded() returns the bytes kept up
 * to the current position and sets *len, or NULL when none were (not
 * recording, given up, out of memory); the text is borrowed until the next
 * pdn_lexer_record().
 */
void pdn_lexer_record(pdn_lexer *lx, uint64_t from, size_t max);
const char *pdn_lexer_recorded(pdn_lexer *lx, size_t *len);

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
} pdn_elem;

struct pdn_line {
	size_t n;
	const pdn_elem *e;
};

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
	int truncated;		/* a syntax error cut the game short */
	/*
	 * A truncated game's text as read, from its first token to where
	 * the next game starts, when the reader was asked to keep it
	 * (keep_raw); else NULL.
	 */
	const char *raw;
	size_t rawlen;
} pdn_game;

/* The value of the first tag named `name`, or NULL (borrowed). */
const char *pdn_game_tag(const pdn_game *g, const char *name);

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

/* The two families of result notation (RULES.md 7). */
typedef enum pdn_result_family {
	PDN_FAMILY_DRAUGHTS = 0,	/* 2-0 0-2 1-1 0-0 */
	PDN_FAMILY_CHESS		/* 1-0 0-1 1/2-1/2 */
} pdn_result_family;

/*
 * Reads a result token ; the family it
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
 * Formats a move token as written, normalised: no padding, no spaces,
 * 'x' for any capture separator.  buf holds at least PDN_MOVETOK_STRMAX
 * bytes.  Returns the length.
 */
#define PDN_MOVETOK_STRMAX	(5 * PDN_MOVETOK_MAX + 1)
int pdn_movetok_str(const pdn_movetok *t, char *buf);

/* --- copies of a game (gamecopy.c) ---------------------------------- */

/*
 * Deep-copies game g into one block of memory, so that it outlives the
 * reader (to hand it to another thread).  The copy owns everything it
 * points to except `file`, which stays borrowed from the reader's options.
 * Returns 0 with *out set (the caller's: pdn_game_free(), NULL-safe) or
 * PDN_ENOMEM.
 */
int pdn_game_clone(const pdn_game *g, pdn_game **out);
void pdn_game_free(pdn_game *g);

/*
 * Fills *out with a shallow copy of g (borrowing what g points to) whose
 * every Result tag and terminator is `result`, and whose every Termination
 * tag is `termination` when that is not NULL; without a Termination tag,
 * one is added after the other tags.  `tags` must have room for
 * g->ntags + 1 entries and becomes out->tags; `result` and `termination`
 * are borrowed.  pdn_game_write() then writes the record with them.
 */
void pdn_game_amend(pdn_game *out, pdn_tag *tags, const pdn_game *g,
    const char *result, const char *termination);

/* --- streaming reader (reader.c) ------------------------------------ */

typedef struct pdn_reader_options {
	unsigned version;
	const char *file;	/* name used in diagnostics; "<stdin>"... */
	pdn_diag_fn diag;	/* may be NULL */
	void *diag_arg;
	size_t max_game;	/* bytes a game may take in memory; 0: default */
	/*
	 * Keep the text of a game that a syntax error cuts short, as read
	 * (pdn_game.raw), so that a rewrite loses nothing of it.
	 */
	int keep_raw;
} pdn_reader_options;

#define PDN_READER_OPTIONS_INIT	{ 1, "<input>", NULL, NULL, 0, 0 }
#define PDN_GAME_MAX_DEFAULT	(4u << 20)
#define PDN_MAX_DEPTH		256	/* variations nested deeper: error */

typedef struct pdn_reader pdn_reader;

/*
 * A reader of games from a byte stream (read callback) or from memory.
 * Returns 0 or PDN_ENOMEM; *out belongs to the caller (pdn_reader_free(),
 * NULL-safe).  The options are copied; opt may be NULL.
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
int pdn_reader_next(pdn_reader *r, const pdn_game **out);

/* --- move matching (match.c) ---------------------------------------- */

/* What a match noticed, as bits. */
enum {
	PDN_MATCH_DASH_CAPTURE = 1 << 0,	/* capture written with '-' */
	PDN_MATCH_X_QUIET = 1 << 1		/* quiet move written with 'x' */
};

/*
 * Selects from `legal` (the legal moves of a position) the moves a token
 * can mean: same from and to squares, and every square listed in between
 * is a landing or a captured square of the move.  Writes up to `max`
 * indices into `legal->m` to idx and returns how many moves match (which
 * may exceed max); *notes (may be NULL) gets PDN_MATCH_* bits.  Algebraic
 * tokens and squares outside 1..50 match nothing.
 */
int pdn_match_list(const pdn_movetok *tok, const pdn_movelist *legal,
    int *idx, int max, unsigned *notes);

/*
 * The same from a position: generates its legal moves into *legal (which
 * the caller provides) and matches against them.
 */
int pdn_match(const pdn_position *pos, const pdn_movetok *tok,
    pdn_movelist *legal, int *idx, int max, unsigned *notes);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_GAME_H */
