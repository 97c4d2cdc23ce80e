/*
 * libpdn: diagnostics (diag.c), the one way the library reports what is
 * wrong with its input.  The library never prints and never exits:
 * problems are handed to a pdn_diag_fn callback, one call per diagnostic,
 * each with a stable code, its severity and where it was found.
 */
#ifndef PDN_DIAG_H
#define PDN_DIAG_H

#include <pdn/core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

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
	/*
	 * A warning, from the replay: a game without a GameType tag that
	 * it does not play (see PDN_D_UNSUPPORTED_GAMETYPE).
	 */
	PDN_D_GAMETYPE_UNKNOWN,
	/* The replay by the rules (replay.c). */
	PDN_D_ILLEGAL_MOVE,		/* error: the move is not legal */
	PDN_D_IRREGULAR_MOVE,		/* warning: accepted by --lenient */
	PDN_D_AMBIGUOUS_GAME,		/* warning: several lines survive */
	PDN_D_RESULT_POSITION,		/* error: result vs final position */
	PDN_D_SETUP_POSITION,		/* error: an impossible setup */
	/*
	 * Warning: a GameType the library does not play.  A game not
	 * replayed gets exactly one diagnostic, this or gametype-unknown.
	 */
	PDN_D_UNSUPPORTED_GAMETYPE,
	PDN_D_MOVE_SEPARATOR,		/* warning: 'x' quiet or '-' capture */
	PDN_D_GAMETYPE_VALUE,		/* warning: a GameType not understood */
	/* The reader with keep_raw (reader.c). */
	PDN_D_AS_READ,			/* warning: raw text kept for a rewrite */
	/* The replay, variations judged apart from the main line. */
	PDN_D_VARIATION_ILLEGAL,	/* warning: a variation does not replay */
	/* More liberties of the reader. */
	PDN_D_TAG_WRAPPED,		/* warning: a tag value over lines */
	PDN_D_JUNK_SKIPPED,		/* warning: text outside any game */
	PDN_D_FEN_SIDE_UNKNOWN,		/* warning: a FEN's side to move '?' */
	PDN_D_MOVE_UPPERCASE,		/* note: "E3-D4" read as "e3-d4" */
	PDN_D_TAG_ITALIAN,		/* note: [Bianco] read as [White] */
	PDN_D_MOVE_SHORT,		/* note: Russian "ed4" (a file, a square) */
	PDN_D_SHORT_RESOLVED,		/* note: an "ed4" of two pieces decided */
	PDN_D_RESULT_COLON,		/* note: "1:0", "1/2:1/2" read with '-' */
	PDN_D_TAG_UNCLOSED,		/* warning: [Round "11.1] read to ']' */
	PDN_D_PROSE_VARIATION,		/* warning: "(Black wins.)" a comment */
	PDN_D_RESULT_FIRST_MOVER,	/* note: English "1-0", Black's win */
	PDN_D_SETUP_EMPTY,		/* warning: a setup of no pieces at all */
	PDN_D_RESULT_WHITE_FIRST,	/* note: "1-0" White's, as its end says */
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
	/*
	 * Where the replay found it: 0 in the main line (or outside any
	 * line), 1 and more inside a variation, as deep as it is nested.
	 */
	int depth;
	/*
	 * Nonzero when the move is the second of its numbered pair, written
	 * "N...": Black's, or White's in the variants where Black moves
	 * first (English, pool, Thai).
	 */
	int second;
} pdn_diag;

typedef void (*pdn_diag_fn)(const pdn_diag *d, void *arg);

/* The stable name, severity and fixed text of a code. */
const char *pdn_diag_name(pdn_diag_code code);
pdn_severity pdn_diag_severity(pdn_diag_code code);
const char *pdn_diag_text(pdn_diag_code code);

/* "note", "warning" or "error". */
const char *pdn_severity_name(pdn_severity s);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_DIAG_H */
