/*
 * What the reader asks the tokenizer beyond its public interface
 * (pdn/lex.h): where parts of the token just read lie in the input, for
 * the source spans of a game (pdn_game.span...).  Not installed.  Offsets
 * count as pdn_token.offset does.
 */
#ifndef LEX_H
#define LEX_H

#include <stddef.h>
#include <stdint.h>

#include "pdn/lex.h"

/*
 * The tokenizer's state, here so that the reader can ask where it stands
 * inline (lex_end()); every other use is lex.c's.
 */
struct sbuf {
	char *p;
	size_t len, cap;
};

struct pdn_lexer {
	pdn_read_fn read;
	void *arg;
	char *own;			/* the buffer when reading a stream */
	const unsigned char *b;		/* bytes in view */
	size_t pos, end;
	int eof, ioerr, oom;
	uint64_t base;			/* input offset of b[0] */
	long line;
	uint64_t lstart;		/* input offset of the line's start */
	struct sbuf t, v;
	/*
	 * Recording (pdn_lexer_record()): the input from offset rec_from on
	 * is kept, in raw up to rec_at and in view from there.
	 */
	int rec;			/* 1 recording, -1 given up (too long) */
	size_t rec_max;
	uint64_t rec_from, rec_at;
	struct sbuf raw;
	/*
	 * For the reader's source spans (lex.h), set by the general path:
	 * where the blanks before the token began, where a tag's value
	 * lies, and the token's first byte.
	 */
	uint64_t blank_at;
	uint64_t value_at, value_end;
	unsigned char first;
	unsigned char noname;	/* the error: a '[' with no tag name */
	unsigned char noprose;	/* reads_as_moves()'s own: no look-ahead */
};

/*
 * Where the lexer stands: the end of the token just read, as
 * pdn_lexer_offset().  Inline for the element spans, which the reader
 * takes at every move: the call cost 3.4 M of the 1,163 M instructions of
 * bench/reader on 16 MB.
 */
static inline uint64_t
lex_end(const pdn_lexer *lx)
{
	return lx->base + lx->pos;
}

/*
 * The tokenizer's bounds, which the cutter (cut.c) knows too: the bytes
 * in view before each token, whose last ones a '(' looks over for its
 * ')' (prose in parentheses), and the longest texts and numbers it reads.
 */
#define LX_WINDOW	4096
#define LX_TEXT_MAX	(1024 * 1024)	/* longest comment */
#define LX_TAG_MAX	(64 * 1024)	/* longest tag name or value */
#define LX_NUM_DIGITS	9		/* longest move number or NAG */
#define LX_SQ_DIGITS	3		/* longest square number */

/* The line the lexer stands on, 1-based. */
long lex_line(const pdn_lexer *lx);

/*
 * Where the blanks before the current token begin: the end of the token
 * before it.  Kept by the general path only, which reads every token but
 * plain moves and move numbers (tags, results, comments, errors, the end
 * of input): it costs the hot path nothing.
 */
uint64_t lex_blank_start(const pdn_lexer *lx);

/*
 * After a PDN_TOK_TAG: where its value lies, the bytes between its quotes
 * (an unquoted value without the blanks around it).  Inline, as
 * lex_end(), for the reader's every tag.
 */
static inline void
lex_tag_value(const pdn_lexer *lx, uint64_t *offset, uint64_t *len)
{
	*offset = lx->value_at;
	*len = lx->value_end - lx->value_at;
}

/* After a PDN_TOK_ERROR: nonzero when the broken token is a tag ('['). */
int lex_error_in_tag(const pdn_lexer *lx);

/*
 * After a PDN_TOK_ERROR: nonzero when the broken token is a '[' that no
 * tag name follows ("[[[", "[]"): a line that is no tag of any game.
 */
int lex_error_no_tag_name(const pdn_lexer *lx);

/*
 * After such an error as a game's first tag: skips input up to the next
 * line that starts a named tag, passing the lines that start with '['
 * and no name too (pdn_lexer_skip_game() with in_tags would pass the tag
 * lines after it as the broken game's own: those of the next game).
 * Returns 0 or PDN_EIO.
 */
int lex_skip_stray(pdn_lexer *lx);

/*
 * After an error outside any game: skips input up to the next line that
 * starts with '[', as pdn_lexer_skip_game(lx, 0) does; *last gets the
 * last line skipped that holds more than blanks.  Returns 1 at that line,
 * 0 at the end of input, or PDN_EIO.
 */
int lex_skip_junk(pdn_lexer *lx, long *last);

/*
 * pdn_lexer_next() for the reader, which may take a plain move number and
 * the plain move after it (no flags either, only spaces between) as one
 * token: the move's, with the number's num and dots in its own (a move's
 * are 0).  Returns 1 when it did, else as pdn_lexer_next().  The reader
 * took 1.23 calls a move of the bench file and a pass through its loop
 * each (validation of intl-real-x20.pdn: 1,048.9 M instructions with a
 * token a call, 1,020.6 M so, callgrind).
 */
int lex_next_numbered(pdn_token *tok, pdn_lexer *lx);

/*
 * For the reader, after a move it keeps: the plain moves that follow,
 * read straight into out[0..max) as the reader's move elements (type,
 * line, col, the move token with its number and dots or -1 and 0, span),
 * without a token each.  It takes what lex_next_numbered() reads as one
 * move token without liberties (flags 0): "32-28", "28x19", each maybe
 * after its move number and spaces ("12. 32-28", "12... 28x19"), with
 * spaces and line ends before them, in the bytes in view; it stops before
 * anything else (a move number alone, a comment, a result, a longer path,
 * the end of the bytes in view), where the lexer stands after the last
 * move taken, as after its token, and lex_next_numbered() reads on.
 * Returns the number taken.
 */
struct pdn_elem;
size_t lex_moves(pdn_lexer *lx, struct pdn_elem *out, size_t max);

/*
 * For a reader that keeps no moves (pdn_reader_options.skip_moves): passes
 * the plain moves after the current position ("32-28", "28x19", each
 * maybe after its move number "12." or "12..."), those that the general
 * path would read as such tokens without a liberty to report, at most
 * s->max of them, and stops at the end of the last one, before anything
 * else (a comment, a result, a move number without its move...), which
 * pdn_lexer_next() then reads.  Says how many it passed; s->big, when it
 * is 0, becomes 1 if one of them lists a square of 33 to 50.  It reads
 * only the bytes in view: at the end of the buffer it stops, and the
 * general path refills.
 */
struct lex_skip {
	long max;
	long moves;
	int big;
};

void lex_skip_moves(pdn_lexer *lx, struct lex_skip *s);

#endif /* LEX_H */
