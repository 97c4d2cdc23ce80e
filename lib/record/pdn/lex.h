/*
 * libpdn: the tokenizer (lex.c), the first step of reading PDN: bytes in,
 * tokens out, with the liberties each token took.  Most programs use the
 * reader (pdn/record.h), which is built on it.
 */
#ifndef PDN_LEX_H
#define PDN_LEX_H

#include <stddef.h>
#include <stdint.h>

#include <pdn/core.h>
#include <pdn/diag.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

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
	PDN_TF_NO_DOT = 1 << 9,		/* a move number without its dot */
	PDN_TF_WRAPPED = 1 << 10,	/* a tag value over several lines */
	PDN_TF_UPPER = 1 << 11,		/* "E3-D4": upper-case file letters */
	PDN_TF_SHORT = 1 << 12,		/* "ed4", "e:c5": a file for origin */
	PDN_TF_UNCLOSED = 1 << 13,	/* [Round "11.1]: no closing quote */
	PDN_TF_PROSE = 1 << 14		/* "(Black wins.)": a comment */
};

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
int pdn_lexer_next(pdn_token *tok, pdn_lexer *lx);

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
 * Keeps the input from byte offset `from` until the next call, up to `max`
 * bytes; past that the recording is given up.  `from` must not be behind
 * the current token, unless the recording running (not given up) already
 * holds it: it then goes on from there, keeping what it has.
 * pdn_lexer_recorded() returns the bytes kept up to the current position
 * and sets *len, or NULL when none were (not recording, given up, out of
 * memory); the text is borrowed until the next pdn_lexer_record().
 */
void pdn_lexer_record(pdn_lexer *lx, uint64_t from, size_t max);
const char *pdn_lexer_recorded(pdn_lexer *lx, size_t *len);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_LEX_H */
