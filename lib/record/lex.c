/*
 * The tokenizer: bytes in, PDN tokens out.
 *
 * Input arrives through a read callback into one buffer.  Before each
 * token the general path tops the buffer up so that at least LX_WINDOW
 * bytes are in view: short tokens (numbers, moves, results, NAGs) are then
 * scanned by plain indexing, and only the long ones (comments, tag values)
 * refill as they go.  Memory is the buffer plus the text of the longest token, which
 * is capped; a longer token is an error, never a larger allocation.
 *
 * Speed comes from three things: a table of byte classes instead of
 * chains of comparisons, runs of plain text in comments and tag values
 * copied in one go, and short paths for the tokens that make up most of
 * the input: lex_fast() for "12.", "32-28" and "28x19" where enough bytes
 * are in view (no refill, no bounds check per byte), lex_tag_fast() for
 * [Name "Value"], so that the general code runs only for the rest.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/record.h"
#include "lex.h"
#include "board.h"

/*
 * SSE2 is part of x86-64's base: set_short(), class_run() and
 * skip_masks() use it.
 */
#if defined(__SSE2__)
#include <emmintrin.h>

#define VCMP(c, k)	_mm_cmpeq_epi8((c), _mm_set1_epi8(k))
#define VMASK(v, i)	((uint64_t)(unsigned)_mm_movemask_epi8(v) << (i))
#endif
/*
 * And AVX2 where the processor has it, asked at run time (skip_build()):
 * the default build runs on any x86-64.
 */
#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#define SKIP_AVX2	1
#include <immintrin.h>

#define VCMP256(c, k)	_mm256_cmpeq_epi8((c), _mm256_set1_epi8(k))
#define VMASK256(v, i)	((uint64_t)(uint32_t)_mm256_movemask_epi8(v) << (i))
#else
#define SKIP_AVX2	0
#endif

#define LX_BUF		(256 * 1024)
#define LX_WRAP_LINES	4		/* lines a tag value may run over */

/*
 * Byte classes, one table lookup per byte in the hot loops.  C_WS is what
 * separates tokens on a line; C_SP the blanks allowed inside a token
 * ("1- 7", "[Event  "); C_TEXT, C_STR and C_LINE the bytes a comment, a
 * quoted string and a line comment copy in bulk, everything else there
 * (line ends, NUL, quotes, escapes, braces, non-ASCII) taking the slow
 * path one character at a time.
 */
#define C_WS	0x01
#define C_SP	0x02
#define C_DIGIT	0x04
#define C_NAME	0x08	/* [A-Za-z0-9_] */
#define C_SEP	0x10	/* '-' 'x' 'X' ':' */
#define C_TEXT	0x20
#define C_STR	0x40
#define C_LINE	0x80

#define CL_ASCII(c)	((c) > 0 && (c) < 0x80 && (c) != '\n' && (c) != '\r')
#define CL(c)	((unsigned char)( \
	((c) == ' ' || (c) == '\t' || (c) == '\r' || (c) == '\f' || \
	    (c) == '\v' ? C_WS : 0) | \
	((c) == ' ' || (c) == '\t' ? C_SP : 0) | \
	((c) >= '0' && (c) <= '9' ? C_DIGIT | C_NAME : 0) | \
	(((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') || \
	    (c) == '_' ? C_NAME : 0) | \
	((c) == '-' || (c) == 'x' || (c) == 'X' || (c) == ':' ? C_SEP : 0) | \
	(CL_ASCII(c) && (c) != '{' && (c) != '}' ? C_TEXT : 0) | \
	(CL_ASCII(c) && (c) != '"' && (c) != '\\' ? C_STR : 0) | \
	(CL_ASCII(c) ? C_LINE : 0)))
#define CL4(c)	CL(c), CL((c) + 1), CL((c) + 2), CL((c) + 3)
#define CL16(c)	CL4(c), CL4((c) + 4), CL4((c) + 8), CL4((c) + 12)
#define CL64(c)	CL16(c), CL16((c) + 16), CL16((c) + 32), CL16((c) + 48)

static const unsigned char cls[256] = {
	CL64(0), CL64(64), CL64(128), CL64(192)
};

#define IS(c, k)	(cls[(unsigned char)(c)] & (k))


static int
isdig(int c)
{
	return IS(c, C_DIGIT);
}

static int
isblank_(int c)
{
	return IS(c, C_SP);
}

static int
lexer_alloc(pdn_lexer **out)
{
	pdn_lexer *lx;

	*out = NULL;
	if ((lx = calloc(1, sizeof(*lx))) == NULL)
		return PDN_ENOMEM;
	lx->line = 1;
	*out = lx;
	return 0;
}

int
pdn_lexer_new(pdn_lexer **out, pdn_read_fn read, void *arg)
{
	pdn_lexer *lx;

	*out = NULL;
	if (lexer_alloc(&lx) != 0)
		return PDN_ENOMEM;
	if ((lx->own = malloc(LX_BUF)) == NULL) {
		free(lx);
		return PDN_ENOMEM;
	}
	lx->read = read;
	lx->arg = arg;
	lx->b = (const unsigned char *)lx->own;
	*out = lx;
	return 0;
}

int
pdn_lexer_new_mem(pdn_lexer **out, const char *data, size_t len)
{
	pdn_lexer *lx;

	*out = NULL;
	if (lexer_alloc(&lx) != 0)
		return PDN_ENOMEM;
	lx->b = (const unsigned char *)data;
	lx->end = len;
	lx->eof = 1;
	*out = lx;
	return 0;
}

void
pdn_lexer_free(pdn_lexer *lx)
{
	if (lx == NULL)
		return;
	free(lx->own);
	free(lx->t.p);
	free(lx->v.p);
	free(lx->raw.p);
	free(lx);
}

uint64_t
pdn_lexer_offset(const pdn_lexer *lx)
{
	return lx->base + lx->pos;
}

long
lex_line(const pdn_lexer *lx)
{
	return lx->line;
}

uint64_t
lex_blank_start(const pdn_lexer *lx)
{
	return lx->blank_at;
}

int
lex_error_in_tag(const pdn_lexer *lx)
{
	return lx->first == '[';
}

int
lex_error_no_tag_name(const pdn_lexer *lx)
{
	return lx->first == '[' && lx->noname;
}


static void keep(pdn_lexer *, size_t);

/* Moves the unread bytes to the front and reads until `need` are there. */
static size_t
refill(pdn_lexer *lx, size_t need)
{
	size_t avail = lx->end - lx->pos;
	long n;

	/* The bytes read are about to leave the buffer: keep them first. */
	if (lx->rec != 0)
		keep(lx, lx->pos);

	memmove(lx->own, lx->own + lx->pos, avail);
	lx->base += lx->pos;
	lx->pos = 0;
	lx->end = avail;
	while (lx->end < need && !lx->eof) {
		n = lx->read(lx->arg, lx->own + lx->end, LX_BUF - lx->end);
		if (n < 0) {
			lx->ioerr = 1;
			lx->eof = 1;
		} else if (n == 0)
			lx->eof = 1;
		else
			lx->end += (size_t)n;
	}
	return lx->end - lx->pos;
}

/*
 * Makes at least `need` bytes visible when the input has them; returns how
 * many are visible.
 */
static inline size_t
fill(pdn_lexer *lx, size_t need)
{
	size_t avail = lx->end - lx->pos;

	if (avail >= need || lx->eof)
		return avail;
	return refill(lx, need);
}

/* Appends to a text buffer; -1 when it would pass max, -2 out of memory. */
static int
sput(struct sbuf *s, const void *p, size_t n, size_t max)
{
	char *np;
	size_t nc;

	if (s->len + n + 1 > max)
		return -1;
	if (s->len + n + 1 > s->cap) {
		nc = s->cap ? s->cap : 256;
		while (nc < s->len + n + 1)
			nc *= 2;
		if ((np = realloc(s->p, nc)) == NULL)
			return -2;
		s->p = np;
		s->cap = nc;
	}
	memcpy(s->p + s->len, p, n);
	s->len += n;
	s->p[s->len] = '\0';
	return 0;
}

/* Keeps the recorded bytes in view up to position `to` (see pdn_lexer_record()). */
static void
keep(pdn_lexer *lx, size_t to)
{
	size_t from = (size_t)(lx->rec_at - lx->base);

	if (lx->rec > 0 && to > from &&
	    sput(&lx->raw, lx->b + from, to - from, lx->rec_max) != 0)
		lx->rec = -1;
	lx->rec_at = lx->base + to;
}

void
pdn_lexer_record(pdn_lexer *lx, uint64_t from, size_t max)
{
	size_t k;

	/*
	 * A recording that runs on and holds `from` keeps what it has from
	 * there on: those bytes may have left the buffer already (behind a
	 * long token).
	 */
	if (lx->rec > 0 && from >= lx->rec_from && from <= lx->rec_at) {
		k = (size_t)(from - lx->rec_from);
		if (k > 0) {
			memmove(lx->raw.p, lx->raw.p + k, lx->raw.len - k);
			lx->raw.len -= k;
			lx->raw.p[lx->raw.len] = '\0';
		}
	} else {
		lx->raw.len = 0;
		lx->rec_at = from < lx->base ? lx->base : from;
		from = lx->rec_at;
	}
	lx->rec = 1;
	lx->rec_max = max + 1;
	lx->rec_from = from;
}

const char *
pdn_lexer_recorded(pdn_lexer *lx, size_t *len)
{
	if (lx->rec == 0)
		return NULL;
	keep(lx, lx->pos);
	if (lx->rec < 0 || lx->raw.p == NULL)
		return NULL;
	*len = lx->raw.len;
	return lx->raw.p;
}

static void
newline(pdn_lexer *lx)
{
	lx->line++;
	lx->lstart = lx->base + lx->pos;
}

/* The line and column of the byte at the current position. */
static void
mark(const pdn_lexer *lx, long *line, long *col)
{
	*line = lx->line;
	*col = (long)(lx->base + lx->pos - lx->lstart) + 1;
}

static int
set_error(pdn_lexer *lx, pdn_token *tok, pdn_diag_code code,
    const char *detail)
{
	tok->type = PDN_TOK_ERROR;
	tok->code = code;
	tok->xline = 0;
	lx->t.len = 0;
	if (detail != NULL && sput(&lx->t, detail, strlen(detail),
	    LX_TEXT_MAX) == -2)
		return PDN_ENOMEM;
	tok->text = detail != NULL && lx->t.p != NULL ? lx->t.p : "";
	tok->len = lx->t.len;
	return 0;
}

/* Length of a valid UTF-8 sequence at b[i], or 0 when it is not one. */
static size_t
utf8_len(const unsigned char *b, size_t i, size_t end)
{
	unsigned c = b[i];
	size_t n, k;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (i + n > end)
		return 0;
	for (k = 1; k < n; k++)
		if ((b[i + k] & 0xc0) != 0x80)
			return 0;
	if (c == 0xe0 && b[i + 1] < 0xa0)
		return 0;
	if (c == 0xf0 && b[i + 1] < 0x90)
		return 0;
	return n;
}

/*
 * Copies the character at the current position into s as UTF-8 (a byte
 * that does not start valid UTF-8 is taken as Latin-1) and advances.
 * Returns 0, -1 too long, -2 out of memory.
 */
static int
copy_char(pdn_lexer *lx, struct sbuf *s, size_t max, pdn_token *tok)
{
	unsigned char c = lx->b[lx->pos], l1[2];
	size_t n;

	if (c < 0x80) {
		lx->pos++;
		return sput(s, &c, 1, max);
	}
	fill(lx, 4);
	n = utf8_len(lx->b, lx->pos, lx->end);
	if (n == 0) {
		l1[0] = (unsigned char)(0xc0 | (c >> 6));
		l1[1] = (unsigned char)(0x80 | (c & 0x3f));
		if (!(tok->flags & PDN_TF_LATIN1))
			mark(lx, &tok->uline, &tok->ucol);
		tok->flags |= PDN_TF_LATIN1;
		lx->pos++;
		return sput(s, l1, 2, max);
	}
	lx->pos += n;
	return sput(s, lx->b + lx->pos - n, n, max);
}

/*
 * Copies the run of bytes of class k (plain ASCII) at the current position
 * into s in one go and advances past it.  Returns 0, or as sput() -1 when s
 * would pass max, -2 out of memory.  On -1 the position is where copying a
 * byte at a time would have stopped: after the byte that did not fit when
 * `past` is set (copy_char() consumes a byte before storing it), on it when
 * not, so that the resynchronisation after the error starts at the same
 * place whichever way the text was copied.
 */
static int
copy_run(pdn_lexer *lx, struct sbuf *s, size_t max, unsigned k, int past)
{
	const unsigned char *b = lx->b;
	size_t i = lx->pos, end = lx->end;
	int rc;

	while (i < end && IS(b[i], k))
		i++;
	if ((rc = sput(s, b + lx->pos, i - lx->pos, max)) == -1)
		i = lx->pos + (max - 1 - s->len) + (past ? 1 : 0);
	lx->pos = i;
	return rc;
}

/*
 * A text that sput() refused (rc): out of memory, or as long as `max`,
 * the limit of `what` ("a comment"), which the message names (the text
 * holds less than max bytes).
 */
static int
text_error(pdn_lexer *lx, pdn_token *tok, int rc, const char *what,
    size_t max)
{
	char d[80];

	if (rc == -2)
		return PDN_ENOMEM;
	snprintf(d, sizeof(d), "%s of %zu bytes or more", what, max);
	return set_error(lx, tok, PDN_D_TOKEN_TOO_LONG, d);
}

/* A number of more than `max` digits, as the message says. */
static int
number_error(pdn_lexer *lx, pdn_token *tok, const char *what, int max)
{
	char d[60];

	snprintf(d, sizeof(d), "%s of more than %d digits", what, max);
	return set_error(lx, tok, PDN_D_NUMBER_TOO_LONG, d);
}

/* Shows a byte in a message: 'c' when printable, else its value. */
static void
show_byte(unsigned c, char *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";

	if (c >= 0x21 && c < 0x7f) {
		buf[0] = '\'';
		buf[1] = (char)c;
		buf[2] = '\'';
		buf[3] = '\0';
	} else if (size >= 10) {
		memcpy(buf, "byte 0x", 7);
		buf[7] = hex[c >> 4];
		buf[8] = hex[c & 15];
		buf[9] = '\0';
	}
}

/* A NUL byte inside a text, reported where it is. */
static int
nul_error(pdn_lexer *lx, pdn_token *tok, const char *detail)
{
	long line, col;
	int rc;

	mark(lx, &line, &col);
	lx->pos++;
	rc = set_error(lx, tok, PDN_D_UNEXPECTED_CHAR, detail);
	tok->xline = line;
	tok->xcol = col;
	return rc;
}

/*
 * Before an LF of a comment's text: every CR before it belongs to the
 * line end ("\r\r\n" of a file converted twice), or the text would read
 * back otherwise from the canonical output, which writes it.  A brace
 * comment and a parenthesis of prose read alike.
 */
static void
drop_crs(struct sbuf *t)
{
	while (t->len > 0 && t->p[t->len - 1] == '\r')
		t->len--;
}

static int
lex_comment(pdn_lexer *lx, pdn_token *tok)
{
	unsigned char c;
	int rc;

	lx->pos++;
	lx->t.len = 0;
	for (;;) {
		if (fill(lx, 4) == 0)
			return set_error(lx, tok, PDN_D_UNTERMINATED_COMMENT,
			    NULL);
		c = lx->b[lx->pos];
		if (IS(c, C_TEXT)) {
			if ((rc = copy_run(lx, &lx->t, LX_TEXT_MAX, C_TEXT,
			    1)) != 0)
				return text_error(lx, tok, rc, "a comment",
				    LX_TEXT_MAX);
			continue;
		}
		if (c == '}') {
			lx->pos++;
			break;
		}
		if (c == '\0')
			return nul_error(lx, tok, "NUL byte in a comment");
		/* CR before LF or at the end of input ends the line too. */
		if (c == '\r' && (lx->pos + 1 >= lx->end ||
		    lx->b[lx->pos + 1] == '\n')) {
			lx->pos++;
			continue;
		}
		if (c == '{' && !(tok->flags & PDN_TF_NESTED)) {
			mark(lx, &tok->xline, &tok->xcol);
			tok->flags |= PDN_TF_NESTED;
		}
		if (c == '\n')
			drop_crs(&lx->t);
		if ((rc = copy_char(lx, &lx->t, LX_TEXT_MAX, tok)) != 0)
			return text_error(lx, tok, rc, "a comment",
			    LX_TEXT_MAX);
		if (c == '\n')
			newline(lx);
	}
	tok->type = PDN_TOK_COMMENT;
	if (sput(&lx->t, "", 0, LX_TEXT_MAX + 1) == -2)
		return PDN_ENOMEM;
	tok->text = lx->t.p;
	tok->len = lx->t.len;
	return 0;
}

static int
lex_line_comment(pdn_lexer *lx, pdn_token *tok)
{
	unsigned char c;
	int rc;

	lx->t.len = 0;
	while (fill(lx, 4) > 0) {
		c = lx->b[lx->pos];
		if (IS(c, C_LINE)) {
			if ((rc = copy_run(lx, &lx->t, LX_TEXT_MAX, C_LINE,
			    1)) != 0)
				return text_error(lx, tok, rc, "a comment",
				    LX_TEXT_MAX);
			continue;
		}
		/*
		 * A line comment ends at LF, CR LF, or a CR alone (old Mac
		 * files); the line end is not part of its text.
		 */
		if (c == '\n' || c == '\r')
			break;
		if (c == '\0')
			return nul_error(lx, tok, "NUL byte in a comment");
		if ((rc = copy_char(lx, &lx->t, LX_TEXT_MAX, tok)) != 0)
			return text_error(lx, tok, rc, "a comment",
			    LX_TEXT_MAX);
	}
	tok->type = PDN_TOK_LINE_COMMENT;
	if (sput(&lx->t, "", 0, LX_TEXT_MAX + 1) == -2)
		return PDN_ENOMEM;
	tok->text = lx->t.p;
	tok->len = lx->t.len;
	return 0;
}

static void
skip_blanks(pdn_lexer *lx)
{
	for (;;) {
		while (lx->pos < lx->end && IS(lx->b[lx->pos], C_SP))
			lx->pos++;
		if (lx->pos < lx->end || fill(lx, 1) == 0)
			return;
	}
}

/* Curly quotes: U+201C and U+201D. */
static int
curly_quote(const pdn_lexer *lx)
{
	return lx->pos + 2 < lx->end && lx->b[lx->pos] == 0xe2 &&
	    lx->b[lx->pos + 1] == 0x80 &&
	    (lx->b[lx->pos + 2] == 0x9c || lx->b[lx->pos + 2] == 0x9d);
}

/*
 * At a line end inside a tag value (lx->pos on it): 1 when the value
 * closes within LX_WRAP_LINES lines in all, on a line that does not start
 * (after blanks) with '[' nor is blank, with its closing quote followed by
 * blanks and the ']'; -1 when it has not closed by the end of its last
 * line; else 0.  Looks ahead in the bytes in view (at least LX_TAG_MAX
 * when the input has them) and reads nothing: a value that does not
 * close so stays "not closed on its line".
 */
static int
wrap_closes(pdn_lexer *lx, int curly)
{
	const unsigned char *b;
	size_t j, end;
	int more = LX_WRAP_LINES - 1;

	end = lx->pos + fill(lx, LX_TAG_MAX);
	b = lx->b;
	for (j = lx->pos; j < end; j++) {
		if (b[j] == '\r' && j + 1 < end && b[j + 1] == '\n')
			j++;
		if (b[j] == '\n') {
			if (more-- == 0)
				return -1;
			while (j + 1 < end && IS(b[j + 1], C_SP))
				j++;
			if (j + 1 >= end || b[j + 1] == '\n' ||
			    b[j + 1] == '\r' || b[j + 1] == '[')
				return 0;
			continue;
		}
		if (b[j] == '\r' || b[j] == '\0')
			return 0;
		if (b[j] == '\\' && j + 1 < end &&
		    (b[j + 1] == '"' || b[j + 1] == '\\')) {
			j++;
			continue;
		}
		if (b[j] == '"')
			j++;
		else if (curly && j + 2 < end && b[j] == 0xe2 &&
		    b[j + 1] == 0x80 && (b[j + 2] == 0x9c || b[j + 2] == 0x9d))
			j += 3;
		else
			continue;
		while (j < end && IS(b[j], C_SP))
			j++;
		return j < end && b[j] == ']';
	}
	return 0;
}

/*
 * At the line end of a tag value that does not close (lx->pos on it):
 * when the line ends with the tag's ']' ("[Round \"11.1]", a quote left
 * out), the value is what lies before it, the tag is read with
 * PDN_TF_UNCLOSED, and 1 is returned; else 0, nothing changed.
 */
static int
unclosed_value(pdn_lexer *lx, pdn_token *tok)
{
	size_t n = lx->v.len, cut;

	while (n > 0 && isblank_(lx->v.p[n - 1]))
		n--;
	if (n == 0 || lx->v.p[n - 1] != ']')
		return 0;
	cut = lx->v.len - (n - 1);
	lx->v.len = n - 1;
	lx->v.p[lx->v.len] = '\0';
	lx->value_end = lx->base + lx->pos - cut;
	tok->flags |= PDN_TF_UNCLOSED;
	return 1;
}

/*
 * Reads a quoted string into lx->v (the position is on the opening
 * quote).  \" and \\ are escapes; a string ends on its own line, except
 * a tag value (`join` not NULL) that wrap_closes() finds continued on the
 * next lines (PDN_TF_WRAPPED): each line end, with the blanks before it
 * and those that start the next line, then becomes `join` in the value.
 */
static int
lex_string(pdn_lexer *lx, pdn_token *tok, const char *join)
{
	const char *what = join != NULL ? "a tag value" : "a setup string";
	unsigned char c;
	size_t joined = (size_t)-1, jlen = 0;
	int rc;

	lx->v.len = 0;
	if (lx->b[lx->pos] == '"')
		lx->pos++;
	else {
		tok->flags |= PDN_TF_QUOTES;
		lx->pos += 3;
	}
	/* Absolute: the string may refill the buffer as it goes. */
	lx->value_at = lx->base + lx->pos;
	for (;;) {
		if (fill(lx, 4) == 0)
			return set_error(lx, tok, PDN_D_UNTERMINATED_STRING,
			    NULL);
		c = lx->b[lx->pos];
		/* Looked ahead once: the lines after the first are known. */
		if ((c == '\n' || c == '\r') && !(tok->flags & PDN_TF_WRAPPED) &&
		    (rc = join != NULL ? wrap_closes(lx,
		    tok->flags & PDN_TF_QUOTES) : 0) <= 0) {
			char d[40];

			if (join != NULL && unclosed_value(lx, tok))
				return 0;

			snprintf(d, sizeof(d), "nor within %d lines",
			    LX_WRAP_LINES);
			return set_error(lx, tok, PDN_D_UNTERMINATED_STRING,
			    rc < 0 ? d : NULL);
		}
		if (c == '\n' || c == '\r') {
			tok->flags |= PDN_TF_WRAPPED;
			if (c == '\r')
				lx->pos++;
			lx->pos++;
			newline(lx);
			skip_blanks(lx);
			while (lx->v.len > 0 && isblank_(lx->v.p[lx->v.len - 1]))
				lx->v.len--;
			jlen = lx->v.len > 0 ? strlen(join) : 0;
			if ((rc = sput(&lx->v, join, jlen, LX_TAG_MAX)) != 0)
				return text_error(lx, tok, rc, what,
				    LX_TAG_MAX);
			joined = lx->v.len;
			continue;
		}
		if (IS(c, C_STR)) {
			if ((rc = copy_run(lx, &lx->v, LX_TAG_MAX, C_STR,
			    1)) != 0)
				return text_error(lx, tok, rc, what,
				    LX_TAG_MAX);
			continue;
		}
		if (c == '"') {
			lx->value_end = lx->base + lx->pos;
			lx->pos++;
			break;
		}
		if (c == '\0')
			return nul_error(lx, tok, "NUL byte in a string");
		if (curly_quote(lx) && (tok->flags & PDN_TF_QUOTES)) {
			lx->value_end = lx->base + lx->pos;
			lx->pos += 3;
			break;
		}
		if (c == '\\' && lx->pos + 1 < lx->end &&
		    (lx->b[lx->pos + 1] == '"' || lx->b[lx->pos + 1] == '\\'))
			lx->pos++;
		if ((rc = copy_char(lx, &lx->v, LX_TAG_MAX, tok)) != 0)
			return text_error(lx, tok, rc, what, LX_TAG_MAX);
	}
	/* A join that nothing followed: the value closed on a line alone. */
	if (lx->v.len == joined)
		lx->v.len -= jlen;
	if (sput(&lx->v, "", 0, LX_TAG_MAX + 1) == -2)
		return PDN_ENOMEM;
	return 0;
}

/* A tag token of the name in lx->t and the value in lx->v. */
static void
tag_token(pdn_lexer *lx, pdn_token *tok)
{
	tok->type = PDN_TOK_TAG;
	tok->text = lx->t.p;
	tok->len = lx->t.len;
	tok->value = lx->v.p;
	tok->vlen = lx->v.len;
}

/*
 * The common tag, [Name "Value"] in view with a plain ASCII value, in one
 * pass.  Returns 1 with the token, 0 (having changed nothing) for any
 * other, which lex_tag() then reads in full, the same way for every tag
 * taken here.
 */
/*
 * Sets text buffer s to the n bytes at p, in view before lim, as sput()
 * into an empty s does; a short text (most tag names and values) with one
 * 16-byte move where 16 bytes are in view at p and s has room for them,
 * not a call of memcpy().  pdn-select --count -t Result=2-0 on
 * intl-real-x20.pdn (two texts a tag, 179,600 tags) took 274.0 M
 * instructions with sput(), 268.4 M so (callgrind).
 */
static inline int
set_short(struct sbuf *s, const unsigned char *p, size_t n,
    const unsigned char *lim)
{
#if defined(__SSE2__)
	if (n < 16 && lim - p >= 16 && s->cap >= 17) {
		_mm_storeu_si128((__m128i *)(void *)s->p,
		    _mm_loadu_si128((const __m128i *)(const void *)p));
		s->p[n] = '\0';
		s->len = n;
		return 0;
	}
#else
	(void)lim;
#endif
	s->len = 0;
	return sput(s, p, n, LX_TAG_MAX);
}

/*
 * The end of the run of bytes of class k, C_NAME or C_STR, from b[i] on
 * and before b[end]: with SSE2 16 bytes a step while 16 are in view, a
 * byte a step after.  pdn-select --count -t Result=2-0 on
 * intl-real-x20.pdn (179,600 tags, 5 bytes a name and 8 a value on
 * average) took 313.1 M instructions with a byte a step, 311.3 M so
 * (callgrind).
 */
static inline size_t
class_run(const unsigned char *b, size_t i, size_t end, unsigned k)
{
#if defined(__SSE2__)
	__m128i c, in;
	unsigned m;

	for (; end - i >= 16; i += 16) {
		c = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
		if (k == C_NAME) {
			/*
			 * Letters (folded to lower case), then digits, moved
			 * to the least signed bytes.
			 */
			in = _mm_or_si128(_mm_cmplt_epi8(_mm_add_epi8(
			    _mm_or_si128(c, _mm_set1_epi8(0x20)),
			    _mm_set1_epi8((char)(0x80 - 'a'))),
			    _mm_set1_epi8(-128 + 26)),
			    _mm_cmplt_epi8(_mm_add_epi8(c,
			    _mm_set1_epi8((char)(0x80 - '0'))),
			    _mm_set1_epi8(-128 + 10)));
			in = _mm_or_si128(in, VCMP(c, '_'));
		} else {
			/* Not NUL, not above 0x7f (signed: below 1). */
			in = _mm_or_si128(_mm_or_si128(
			    _mm_cmplt_epi8(c, _mm_set1_epi8(1)),
			    VCMP(c, '\n')), _mm_or_si128(VCMP(c, '\r'),
			    _mm_or_si128(VCMP(c, '"'), VCMP(c, '\\'))));
			in = _mm_xor_si128(in, _mm_set1_epi8(-1));
		}
		if ((m = (unsigned)_mm_movemask_epi8(in) ^ 0xffffu) != 0)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < end && IS(b[i], k))
		i++;
	return i;
}

static int
lex_tag_fast(pdn_lexer *lx, pdn_token *tok, int *rc)
{
	const unsigned char *b = lx->b;
	size_t end = lx->end, n0 = lx->pos + 1, n1, v0, v1;

	n1 = class_run(b, n0, end, C_NAME);
	if (n1 == n0 || n1 + 1 >= end || b[n1] != ' ' || b[n1 + 1] != '"')
		return 0;
	v0 = n1 + 2;
	v1 = class_run(b, v0, end, C_STR);
	if (v1 + 1 >= end || b[v1] != '"' || b[v1 + 1] != ']' ||
	    n1 - n0 >= LX_TAG_MAX || v1 - v0 >= LX_TAG_MAX)
		return 0;
	if (set_short(&lx->t, b + n0, n1 - n0, b + end) != 0 ||
	    set_short(&lx->v, b + v0, v1 - v0, b + end) != 0) {
		*rc = PDN_ENOMEM;
		return 1;
	}
	if (!(b[n0] >= 'A' && b[n0] <= 'Z'))
		tok->flags |= PDN_TF_TAG_NAME;
	lx->value_at = lx->base + v0;
	lx->value_end = lx->base + v1;
	lx->pos = v1 + 2;
	tag_token(lx, tok);
	*rc = 0;
	return 1;
}

static int
lex_tag(pdn_lexer *lx, pdn_token *tok)
{
	int rc;

	lx->noname = 0;
	if (lex_tag_fast(lx, tok, &rc))
		return rc;
	lx->pos++;
	skip_blanks(lx);
	lx->t.len = 0;
	while (fill(lx, 1) > 0 && IS(lx->b[lx->pos], C_NAME))
		if ((rc = copy_run(lx, &lx->t, LX_TAG_MAX, C_NAME, 0)) != 0)
			return text_error(lx, tok, rc, "a tag name",
			    LX_TAG_MAX);
	if (lx->t.len == 0) {
		lx->noname = 1;
		return set_error(lx, tok, PDN_D_BAD_TAG, "no tag name");
	}
	if (!(lx->t.p[0] >= 'A' && lx->t.p[0] <= 'Z'))
		tok->flags |= PDN_TF_TAG_NAME;
	skip_blanks(lx);
	fill(lx, 4);
	if (lx->pos < lx->end && (lx->b[lx->pos] == '"' || curly_quote(lx))) {
		/*
		 * A wrapped value joins its lines with a space, a FEN's
		 * pieces with nothing: the line break is no part of it.
		 */
		if ((rc = lex_string(lx, tok, lx->t.len == 3 &&
		    memcmp(lx->t.p, "FEN", 3) == 0 ? "" : " ")) != 0 ||
		    tok->type == PDN_TOK_ERROR)
			return rc;
		if (tok->flags & PDN_TF_UNCLOSED) {
			tag_token(lx, tok);
			return 0;
		}
		skip_blanks(lx);
	} else {
		/* An unquoted value runs to the ']' on the same line. */
		tok->flags |= PDN_TF_UNQUOTED;
		lx->v.len = 0;
		lx->value_at = lx->base + lx->pos;
		while (fill(lx, 4) > 0 && lx->b[lx->pos] != ']' &&
		    lx->b[lx->pos] != '\n' && lx->b[lx->pos] != '\r' &&
		    lx->b[lx->pos] != '\0')
			if ((rc = copy_char(lx, &lx->v, LX_TAG_MAX,
			    tok)) != 0)
				return text_error(lx, tok, rc,
				    "a tag value", LX_TAG_MAX);
		/* The blanks dropped are bytes of the input, one each. */
		lx->value_end = lx->base + lx->pos;
		while (lx->v.len > 0 && isblank_(lx->v.p[lx->v.len - 1])) {
			lx->v.len--;
			lx->value_end--;
		}
		if (sput(&lx->v, "", 0, LX_TAG_MAX + 1) == -2)
			return PDN_ENOMEM;
	}
	if (fill(lx, 1) == 0 || lx->b[lx->pos] != ']')
		return set_error(lx, tok, PDN_D_BAD_TAG,
		    "expected ']' after the value");
	lx->pos++;
	tag_token(lx, tok);
	return 0;
}

static int
lex_setup(pdn_lexer *lx, pdn_token *tok)
{
	int rc;

	lx->pos++;
	skip_blanks(lx);
	fill(lx, 8);
	if (lx->end - lx->pos < 3 || memcmp(lx->b + lx->pos, "FEN", 3) != 0)
		return set_error(lx, tok, PDN_D_BAD_SETUP, "expected FEN");
	lx->pos += 3;
	skip_blanks(lx);
	fill(lx, 4);
	if (!(lx->pos < lx->end && (lx->b[lx->pos] == '"' || curly_quote(lx))))
		return set_error(lx, tok, PDN_D_BAD_SETUP, "expected '\"'");
	if ((rc = lex_string(lx, tok, NULL)) != 0 || tok->type == PDN_TOK_ERROR)
		return rc;
	skip_blanks(lx);
	if (fill(lx, 1) == 0 || lx->b[lx->pos] != '/')
		return set_error(lx, tok, PDN_D_BAD_SETUP,
		    "expected '/' after the FEN");
	lx->pos++;
	tok->type = PDN_TOK_SETUP;
	tok->text = lx->v.p;
	tok->len = lx->v.len;
	return 0;
}

/*
 * Scans one square at b[i]: digits, or a file letter and a rank (an
 * upper-case letter read as its lower case, with PDN_TF_UPPER in *flags).
 * Returns the index after it, or i when there is none.
 */
static size_t
scan_square(const unsigned char *b, size_t i, size_t end, unsigned *val,
    size_t *ndig, unsigned *flags)
{
	size_t j = i;
	unsigned v = 0;

	if (j < end && isdig(b[j])) {
		while (j < end && isdig(b[j])) {
			if (j - i < 9)
				v = v * 10 + (unsigned)(b[j] - '0');
			j++;
		}
		*ndig = j - i;
		/* Long numbers are errors later; never mistake one for alpha. */
		*val = v < PDN_ALPHA ? v : PDN_ALPHA - 1;
		return j;
	}
	if (j + 1 < end && ((b[j] >= 'a' && b[j] <= 'l') ||
	    (b[j] >= 'A' && b[j] <= 'L')) && isdig(b[j + 1])) {
		unsigned file = (unsigned)((b[j] | 0x20) - 'a' + 1);

		if (b[j] <= 'L')
			*flags |= PDN_TF_UPPER;

		j++;
		while (j < end && isdig(b[j]) && j - i <= 2) {
			v = v * 10 + (unsigned)(b[j] - '0');
			j++;
		}
		*ndig = 0;
		*val = PDN_ALPHA + file * 100 + v;
		return j;
	}
	return i;
}

static int
is_sep(int c)
{
	return IS(c, C_SEP);
}

/*
 * The origin of a short move at b[i], as Russian tournament records write
 * a move: a file letter, then the square it goes to ("ed4", a capture
 * "ec5" or "ee3" over several pieces) or a separator and that square
 * ("e:c5").  Returns the index after the letter, with *val the file alone
 * (PDN_ALPHA + file * 100, rank 0) and PDN_TF_SHORT (and for an upper-case
 * letter PDN_TF_UPPER) in *flags; i when there is none.
 */
static size_t
scan_file(const unsigned char *b, size_t i, size_t end, unsigned *val,
    unsigned *flags)
{
	unsigned v, f = 0;
	size_t nd, k = i + 1;

	if (!(i + 2 < end && ((b[i] >= 'a' && b[i] <= 'l') ||
	    (b[i] >= 'A' && b[i] <= 'L'))))
		return i;
	if (is_sep(b[k]))
		k++;
	if (scan_square(b, k, end, &v, &nd, &f) == k || v < PDN_ALPHA)
		return i;
	if (b[i] <= 'L')
		*flags |= PDN_TF_UPPER;
	*flags |= PDN_TF_SHORT;
	*val = PDN_ALPHA + (unsigned)((b[i] | 0x20) - 'a' + 1) * 100;
	return i + 1;
}

/* The value of n <= LX_NUM_DIGITS digits. */
static long
digits_value(const unsigned char *b, size_t n)
{
	long v = 0;

	while (n-- > 0)
		v = v * 10 + (*b++ - '0');
	return v;
}

static const char *const results[] = {
	"2-0", "0-2", "1-1", "0-0", "1-0", "0-1"
};

static const char *
result_pair(int a, int b)
{
	size_t k;

	for (k = 0; k < sizeof(results) / sizeof(results[0]); k++)
		if (results[k][0] == a && results[k][2] == b)
			return results[k];
	return NULL;
}

/* A result token: its text is one of the constant strings. */
static int
set_result(pdn_lexer *lx, pdn_token *tok, const char *s, size_t pos)
{
	lx->pos = pos;
	tok->type = PDN_TOK_RESULT;
	tok->text = s;
	tok->len = strlen(s);
	return 0;
}

/*
 * The common tokens, "12." and "32-28" or "28x19" not followed by another
 * separator, without the general machinery of lex_number().  Returns 1
 * when it read one, 0 when the token is something else (a longer capture
 * path, a result, a move with spaces...), which lex_number() then reads
 * from the start: every token taken here is read the same way there.
 */
static int
lex_short(pdn_lexer *lx, pdn_token *tok)
{
	const unsigned char *b = lx->b;
	size_t end = lx->end, i = lx->pos, j = i, k, q;
	unsigned v = 0, v2 = 0;
	unsigned char sep;

	while (j < end && isdig(b[j]) && j - i <= LX_NUM_DIGITS)
		v = v * 10 + (unsigned)(b[j++] - '0');
	if (j >= end || j - i > LX_NUM_DIGITS)
		return 0;
	if (b[j] == '.') {
		if (j - i > 1 && b[i] == '0')
			tok->flags |= PDN_TF_PADDED;
		tok->num = (long)v;
		for (k = j; k < end && b[k] == '.'; k++)
			;
		tok->dots = (int)(k - j);
		tok->type = PDN_TOK_MOVENUM;
		lx->pos = k;
		return 1;
	}
	sep = b[j];
	if ((sep != '-' && sep != 'x') || j - i > LX_SQ_DIGITS)
		return 0;
	/* "1-0", "1-10." and the like may be results. */
	if (sep == '-' && j - i == 1 && b[i] <= '2' && j + 1 < end &&
	    b[j + 1] <= '2')
		return 0;
	for (k = j + 1; k < end && isdig(b[k]) && k - j <= LX_SQ_DIGITS; k++)
		v2 = v2 * 10 + (unsigned)(b[k] - '0');
	if (k == j + 1 || k - j - 1 > LX_SQ_DIGITS || (k < end && isdig(b[k])))
		return 0;
	for (q = k; q < end && isblank_(b[q]); q++)
		;
	if (q < end && is_sep(b[q]))
		return 0;
	memset(&tok->move, 0, sizeof(tok->move));
	tok->move.sq[0] = (uint16_t)v;
	tok->move.sq[1] = (uint16_t)v2;
	tok->move.nsq = 2;
	tok->move.capture = sep == 'x';
	if ((j - i > 1 && b[i] == '0') || (k - j > 2 && b[j + 1] == '0'))
		tok->flags |= PDN_TF_PADDED;
	tok->type = PDN_TOK_MOVE;
	lx->pos = k;
	return 1;
}

/*
 * A token starting with a digit or a file letter: a move number, a move,
 * a result (also "1 - 1" and "1-101." where the result is glued to the
 * next game's move number) or "1/2-1/2".
 */
static int
lex_number(pdn_lexer *lx, pdn_token *tok)
{
	const unsigned char *b = lx->b;
	size_t end = lx->end, i = lx->pos, j, k, nd, sqstart[PDN_MOVETOK_MAX];
	unsigned v;
	pdn_movetok *m = &tok->move;
	const char *res;

	j = scan_square(b, i, end, &v, &nd, &tok->flags);
	if (j == i) {
		nd = 0;
		j = scan_file(b, i, end, &v, &tok->flags);
	}
	if (j == i) {
		char d[12];

		/*
		 * A UTF-16 byte order mark starting the input: its text is
		 * no PDN until converted (its NUL bytes keep any line from
		 * starting with '[': the whole input is this error).
		 */
		if (lx->base + i == 0 && i + 1 < end &&
		    ((b[i] == 0xff && b[i + 1] == 0xfe) ||
		    (b[i] == 0xfe && b[i + 1] == 0xff))) {
			lx->pos += 2;
			return set_error(lx, tok, PDN_D_UNEXPECTED_CHAR,
			    "UTF-16: convert to UTF-8 (iconv -f UTF-16 "
			    "-t UTF-8)");
		}
		show_byte(b[i], d, sizeof(d));
		lx->pos++;
		return set_error(lx, tok, PDN_D_UNEXPECTED_CHAR, d);
	}
	if (v < PDN_ALPHA && j < end && b[j] == '/') {
		if (end - i >= 7 && memcmp(b + i, "1/2-1/2", 7) == 0)
			return set_result(lx, tok, "1/2-1/2", i + 7);
		/* Russian records write their results with ':'. */
		if (end - i >= 7 && memcmp(b + i, "1/2:1/2", 7) == 0) {
			tok->flags |= PDN_TF_COLON;
			return set_result(lx, tok, "1/2-1/2", i + 7);
		}
		lx->pos = j;
		return set_error(lx, tok, PDN_D_BAD_MOVE, NULL);
	}
	if (v < PDN_ALPHA && j < end && b[j] == '.') {
		if (nd > LX_NUM_DIGITS) {
			lx->pos = j;
			return number_error(lx, tok, "a move number",
			    LX_NUM_DIGITS);
		}
		if (nd > 1 && b[i] == '0')
			tok->flags |= PDN_TF_PADDED;
		tok->num = digits_value(b + i, nd);
		for (k = j; k < end && b[k] == '.'; k++)
			;
		tok->dots = (int)(k - j);
		tok->type = PDN_TOK_MOVENUM;
		lx->pos = k;
		return 0;
	}
	memset(m, 0, sizeof(*m));
	m->alpha = v >= PDN_ALPHA;
	sqstart[0] = i;
	/*
	 * PDN 3.0 alphanumeric moves may omit the separator: "a3b4"; so
	 * does a short move ("ed4"), whose path may go on ("ed4:b6").
	 */
	if (v >= PDN_ALPHA) {
		unsigned v2;
		size_t nd2, j2 = scan_square(b, j, end, &v2, &nd2,
		    &tok->flags);

		if (j2 != j && v2 >= PDN_ALPHA) {
			m->nsq = 1;
			m->sq[0] = (uint16_t)v;
			sqstart[1] = j;
			v = v2;
			j = j2;
			nd = 0;
			if (!(j < end && is_sep(b[j]))) {
				m->sq[m->nsq++] = (uint16_t)v;
				lx->pos = j;
				tok->type = PDN_TOK_MOVE;
				return 0;
			}
		}
	}
	/* Look past blanks for a separator: "1- 7", "1 - 1". */
	k = j;
	while (k < end && isblank_(b[k]))
		k++;
	if (m->nsq == 0 && !(k < end && is_sep(b[k]))) {
		if (v >= PDN_ALPHA) {
			lx->pos = j;
			return set_error(lx, tok, PDN_D_BAD_MOVE,
			    "a square alone");
		}
		if (nd > LX_NUM_DIGITS) {
			lx->pos = j;
			return number_error(lx, tok, "a move number",
			    LX_NUM_DIGITS);
		}
		tok->flags |= PDN_TF_NO_DOT;
		if (nd > 1 && b[i] == '0')
			tok->flags |= PDN_TF_PADDED;
		tok->num = digits_value(b + i, nd);
		tok->dots = 0;
		tok->type = PDN_TOK_MOVENUM;
		lx->pos = j;
		return 0;
	}
	for (;;) {
		if (nd > LX_SQ_DIGITS) {
			lx->pos = j;
			return number_error(lx, tok, "a square", LX_SQ_DIGITS);
		}
		if (nd > 1 && b[sqstart[m->nsq]] == '0')
			tok->flags |= PDN_TF_PADDED;
		if (m->nsq == PDN_MOVETOK_MAX) {
			char d[40];

			lx->pos = j;
			snprintf(d, sizeof(d), "too many squares (more than %d)",
			    PDN_MOVETOK_MAX);
			return set_error(lx, tok, PDN_D_BAD_MOVE, d);
		}
		m->sq[m->nsq++] = (uint16_t)v;
		k = j;
		while (k < end && isblank_(b[k]))
			k++;
		if (!(k < end && is_sep(b[k])))
			break;
		if (k != j)
			tok->flags |= PDN_TF_SPACES;
		if (b[k] == 'x' || b[k] == 'X')
			m->capture = 1;
		else if (b[k] == ':') {
			m->capture = 1;
			tok->flags |= PDN_TF_COLON;
		}
		k++;
		i = k;
		while (k < end && isblank_(b[k]))
			k++;
		if (k != i)
			tok->flags |= PDN_TF_SPACES;
		if (m->nsq < PDN_MOVETOK_MAX)
			sqstart[m->nsq] = k;
		j = scan_square(b, k, end, &v, &nd, &tok->flags);
		if (j == k || (v >= PDN_ALPHA) != m->alpha) {
			lx->pos = k;
			return set_error(lx, tok, PDN_D_BAD_MOVE,
			    "incomplete move");
		}
	}
	lx->pos = j;
	/* Results look like moves: 1-0, 1 - 1, and 1-101. glued. */
	if (m->nsq == 2 && !m->alpha && !m->capture &&
	    j - sqstart[1] >= 1 && sqstart[1] - sqstart[0] >= 2 &&
	    isdig(b[sqstart[0]]) && !isdig(b[sqstart[0] + 1]) &&
	    (res = result_pair(b[sqstart[0]], b[sqstart[1]])) != NULL) {
		if (j - sqstart[1] == 1) {
			if (tok->flags & PDN_TF_SPACES)
				tok->flags = PDN_TF_SPACES;
			else
				tok->flags = 0;
			return set_result(lx, tok, res, j);
		}
		if (j < end && b[j] == '.') {
			tok->flags = PDN_TF_GLUED;
			return set_result(lx, tok, res, sqstart[1] + 1);
		}
	}
	/* "1:0" and "0:1", results as Russian records write them. */
	if (m->nsq == 2 && !m->alpha && tok->flags == PDN_TF_COLON &&
	    j == sqstart[0] + 3 && b[sqstart[0]] + b[sqstart[1]] == '0' + '1')
		return set_result(lx, tok, b[sqstart[0]] == '1' ? "1-0" :
		    "0-1", j);
	tok->type = PDN_TOK_MOVE;
	return 0;
}

/*
 * Nonzero when the n bytes at p read as a move sequence: moves, move
 * numbers, NAGs, strength marks, comments, setups and variations, no
 * error, result or tag among their tokens outside the parentheses nested
 * in them (prose there is their own: "(11-15 (Black wins.) 22-18)" is a
 * variation with a comment).  A lexer of its own reads them, on the
 * stack, which does not look ahead at a '(' itself: each '(' is looked
 * at once, over at most LX_WINDOW bytes.
 */
static int
reads_as_moves(const unsigned char *p, size_t n)
{
	pdn_lexer sub;
	pdn_token t;
	long depth = 0;
	int ok = 1;

	memset(&sub, 0, sizeof(sub));
	sub.b = p;
	sub.end = n;
	sub.eof = 1;
	sub.line = 1;
	sub.noprose = 1;
	/* Out of memory it says yes: the text is read as it always was. */
	while (pdn_lexer_next(&t, &sub) == 0 && t.type != PDN_TOK_EOF) {
		if (t.type == PDN_TOK_LPAREN)
			depth++;
		else if (t.type == PDN_TOK_RPAREN)
			depth--;
		else if (depth == 0 && (t.type == PDN_TOK_ERROR ||
		    t.type == PDN_TOK_RESULT || t.type == PDN_TOK_TAG)) {
			ok = 0;
			break;
		}
	}
	free(sub.t.p);
	free(sub.v.p);
	return ok;
}

/*
 * At a '(' (lx->pos on it), English books' annotations in parentheses
 * ("(Black wins.)"), which PDN would read as a variation: when the text
 * up to the matching ')', in view (LX_WINDOW bytes), without a brace and
 * without a line that starts with '[', does not read as a move sequence
 * (reads_as_moves()), the whole is one
 * comment token of that text with PDN_TF_PROSE, and 1 is returned with
 * *rc; else 0, nothing read.
 */
static int
prose_paren(pdn_lexer *lx, pdn_token *tok, int *rc)
{
	const unsigned char *b = lx->b;
	size_t i, open = lx->pos;
	uint64_t close;
	int depth = 0, bol = 0;
	unsigned char c;

	for (i = open; i < lx->end && i - open < LX_WINDOW; i++) {
		if (b[i] == '{' || b[i] == '}' || b[i] == '\0')
			return 0;
		/*
		 * Nor past a line that starts with '[': the next game's
		 * tags, whose bytes must not decide how this one reads.
		 */
		if (b[i] == '\n' || b[i] == '\r')
			bol = 1;
		else if (bol && b[i] == '[')
			return 0;
		else if (b[i] != ' ' && b[i] != '\t')
			bol = 0;
		if (b[i] == '(')
			depth++;
		else if (b[i] == ')' && --depth == 0)
			break;
	}
	if (i >= lx->end || b[i] != ')' || reads_as_moves(b + open + 1,
	    i - open - 1))
		return 0;
	/* Absolute: copying a character may refill the buffer. */
	close = lx->base + i;
	lx->t.len = 0;
	lx->pos++;
	while (lx->base + lx->pos < close) {
		c = lx->b[lx->pos];
		/* A line end is LF, as in a comment. */
		if (c == '\r' && lx->base + lx->pos + 1 < close &&
		    lx->b[lx->pos + 1] == '\n') {
			lx->pos++;
			continue;
		}
		if (c == '\n')
			drop_crs(&lx->t);
		if ((*rc = copy_char(lx, &lx->t, LX_TEXT_MAX, tok)) != 0) {
			*rc = text_error(lx, tok, *rc, "a comment",
			    LX_TEXT_MAX);
			return 1;
		}
		if (c == '\n')
			newline(lx);
	}
	lx->pos++;
	tok->type = PDN_TOK_COMMENT;
	tok->flags |= PDN_TF_PROSE;
	if (sput(&lx->t, "", 0, LX_TEXT_MAX + 1) == -2) {
		*rc = PDN_ENOMEM;
		return 1;
	}
	tok->text = lx->t.p;
	tok->len = lx->t.len;
	*rc = 0;
	return 1;
}

/*
 * A token's fields before the general path reads it, which the fast path
 * of tags (lex_fast()) sets alike.
 */
static inline void
token_init(pdn_token *tok)
{
	tok->type = PDN_TOK_EOF;
	tok->flags = 0;
	tok->text = "";
	tok->len = 0;
	tok->value = NULL;
	tok->vlen = 0;
	tok->num = 0;
	tok->dots = 0;
}

/*
 * Where the token at the position starts, after blanks with nl line ends:
 * only blanks lie between the last token and this one, and two line ends
 * among them make a blank line.
 */
static inline void
token_place(pdn_lexer *lx, pdn_token *tok, int nl)
{
	tok->blank = nl >= 2;
	tok->line = lx->line;
	tok->offset = lx->base + lx->pos;
	tok->col = (long)(tok->offset - lx->lstart) + 1;
	lx->first = lx->b[lx->pos];
}

/*
 * The general path of pdn_lexer_next(), from the current position, with
 * nl line ends already passed since the last token (whose end is in
 * lx->blank_at).
 */
static __attribute__((noinline)) int
lexer_next_slow(pdn_lexer *lx, pdn_token *tok, int nl)
{
	const unsigned char *b;
	unsigned char c;
	size_t k, pos;
	int rc;

	token_init(tok);
	for (;;) {
		b = lx->b;
		pos = lx->pos;
		while (pos < lx->end && IS(b[pos], C_WS))
			pos++;
		lx->pos = pos;
		if (pos >= lx->end) {
			if (fill(lx, 1) > 0)
				continue;
			tok->type = PDN_TOK_EOF;
			tok->blank = nl >= 2;
			tok->line = lx->line;
			tok->col = (long)(lx->base + lx->pos - lx->lstart) + 1;
			tok->offset = lx->base + lx->pos;
			return lx->ioerr ? PDN_EIO : 0;
		}
		c = b[pos];
		if (c == '\n') {
			lx->pos++;
			newline(lx);
			nl++;
		} else if (c >= 0x80) {
			/* NBSP (UTF-8 or Latin-1) and a BOM count as space. */
			fill(lx, 3);
			if (c == 0xa0)
				lx->pos++;
			else if (c == 0xc2 && lx->pos + 1 < lx->end &&
			    lx->b[lx->pos + 1] == 0xa0)
				lx->pos += 2;
			else if (c == 0xef && lx->pos + 2 < lx->end &&
			    lx->b[lx->pos + 1] == 0xbb &&
			    lx->b[lx->pos + 2] == 0xbf)
				lx->pos += 3;
			else
				break;
		} else
			break;
	}
	if (lx->end - lx->pos < LX_WINDOW)
		fill(lx, LX_WINDOW);
	token_place(lx, tok, nl);
	c = lx->first;
	if (isdig(c))
		return lex_short(lx, tok) ? 0 : lex_number(lx, tok);
	switch (c) {
	case '[':
		return lex_tag(lx, tok);
	case '{':
		return lex_comment(lx, tok);
	case '%':
	case ';':
		return lex_line_comment(lx, tok);
	case '/':
		return lex_setup(lx, tok);
	case '}':
		lx->pos++;
		return set_error(lx, tok, PDN_D_STRAY_BRACE, NULL);
	case ')':
		lx->pos++;
		tok->type = PDN_TOK_RPAREN;
		return 0;
	case '(':
		for (k = lx->pos + 1; k < lx->end &&
		    (lx->b[k] == '!' || lx->b[k] == '?'); k++)
			;
		if (k > lx->pos + 1 && k < lx->end && lx->b[k] == ')') {
			lx->t.len = 0;
			if (sput(&lx->t, lx->b + lx->pos, k + 1 - lx->pos,
			    LX_TEXT_MAX) != 0)
				return set_error(lx, tok,
				    PDN_D_TOKEN_TOO_LONG, NULL);
			lx->pos = k + 1;
			tok->type = PDN_TOK_STRENGTH;
			tok->text = lx->t.p;
			tok->len = lx->t.len;
			return 0;
		}
		if (!lx->noprose && prose_paren(lx, tok, &rc))
			return rc;
		lx->pos++;
		tok->type = PDN_TOK_LPAREN;
		return 0;
	case '!':
	case '?':
		for (k = lx->pos; k < lx->end &&
		    (lx->b[k] == '!' || lx->b[k] == '?'); k++)
			;
		lx->t.len = 0;
		if (sput(&lx->t, lx->b + lx->pos, k - lx->pos,
		    LX_TEXT_MAX) != 0)
			return set_error(lx, tok, PDN_D_TOKEN_TOO_LONG, NULL);
		lx->pos = k;
		tok->type = PDN_TOK_STRENGTH;
		tok->text = lx->t.p;
		tok->len = lx->t.len;
		return 0;
	case '$':
		for (k = lx->pos + 1; k < lx->end && isdig(lx->b[k]); k++)
			;
		if (k == lx->pos + 1) {
			lx->pos++;
			return set_error(lx, tok, PDN_D_BAD_NAG, NULL);
		}
		if (k - lx->pos - 1 > LX_NUM_DIGITS) {
			lx->pos = k;
			return number_error(lx, tok, "a NAG", LX_NUM_DIGITS);
		}
		tok->num = digits_value(lx->b + lx->pos + 1, k - lx->pos - 1);
		lx->pos = k;
		tok->type = PDN_TOK_NAG;
		return 0;
	case '*':
		return set_result(lx, tok, "*", lx->pos + 1);
	case '.':
		/* "12. ... 18-23": dots standing alone belong to a number. */
		for (k = lx->pos; k < lx->end && lx->b[k] == '.'; k++)
			;
		tok->type = PDN_TOK_MOVENUM;
		tok->num = -1;
		tok->dots = (int)(k - lx->pos);
		lx->pos = k;
		return 0;
	default:
		return lex_number(lx, tok);
	}
}

/*
 * Up to 3 digits at p: their value in *v, the byte after them returned;
 * NULL when there are more.  The caller has the bytes in view.
 */
static inline const unsigned char *
digits3(const unsigned char *p, unsigned *v)
{
	unsigned x = (unsigned)(*p++ - '0');

	if ((unsigned)(*p - '0') < 10) {
		x = x * 10 + (unsigned)(*p++ - '0');
		if ((unsigned)(*p - '0') < 10) {
			x = x * 10 + (unsigned)(*p++ - '0');
			if ((unsigned)(*p - '0') < 10)
				return NULL;
		}
	}
	*v = x;
	return p;
}

/*
 * The tokens that make up most of the input, a move number ("12.") or a
 * plain move ("32-28", "28x19"), read where at least LX_FAST bytes are in
 * view.  A token starting before `lim`, the last LX_FAST / 2 bytes in
 * view, has its digits and separator in view without a bounds check; the
 * runs that may be long (blanks, dots) stop at `lim` and leave the token
 * to the general path, which reads on past the bytes in view.
 *
 * plain_token() reads one at p (not a blank) into *pt and returns the
 * byte after it, or NULL for any other token, or one that the general
 * path must read (lexer_next_slow() reads every token taken here the same
 * way, through lex_short()).
 */
#define LX_FAST	64

struct plain {
	pdn_token_type type;	/* PDN_TOK_MOVENUM or PDN_TOK_MOVE */
	unsigned v, v2;		/* the number; or the two squares */
	int dots, capture;
	unsigned flags;		/* PDN_TF_PADDED or 0 */
};

static inline const unsigned char *
plain_token(const unsigned char *p, const unsigned char *lim,
    struct plain *pt)
{
	const unsigned char *q, *q2, *r;

	if ((unsigned)(*p - '0') >= 10 || (q = digits3(p, &pt->v)) == NULL)
		return NULL;
	pt->flags = 0;
	if (*q == '.') {
		if (q - p > 1 && *p == '0')
			pt->flags = PDN_TF_PADDED;
		pt->type = PDN_TOK_MOVENUM;
		for (r = q; r < lim && *r == '.'; r++)
			;
		/* More dots may lie past the bytes in view. */
		if (r >= lim)
			return NULL;
		pt->dots = (int)(r - q);
		return r;
	}
	if ((*q != '-' && *q != 'x') || (unsigned)(q[1] - '0') >= 10)
		return NULL;
	/* "1-0", "1-10." and the like may be results. */
	if (*q == '-' && q - p == 1 && *p <= '2' && q[1] <= '2')
		return NULL;
	if ((r = digits3(q + 1, &pt->v2)) == NULL)
		return NULL;
	/*
	 * A longer capture path or a move with spaces; blanks up to the end
	 * of the bytes in view may hide either.  Most moves end in one space
	 * and a byte that is neither, looked at first: validation of the
	 * bench file took 1,064.7 M instructions with the loop alone and
	 * 1,048.9 M so (callgrind).
	 */
	if (*r != ' ' || IS(r[1], C_SP | C_SEP)) {
		for (q2 = r; q2 < lim && (*q2 == ' ' || *q2 == '\t'); q2++)
			;
		if (q2 >= lim || IS(*q2, C_SEP))
			return NULL;
	}
	if ((q - p > 1 && *p == '0') || (r - q > 2 && q[1] == '0'))
		pt->flags = PDN_TF_PADDED;
	pt->type = PDN_TOK_MOVE;
	pt->capture = *q == 'x';
	return r;
}

/*
 * The blanks before a plain token: spaces and line ends (LF, CR LF; a
 * lone CR is the general path's), from p on.  Returns where they end, or
 * a place at or past lim, where the general path reads on; *line and
 * *lstart follow the line ends passed.
 */
static inline const unsigned char *
plain_blanks(const pdn_lexer *lx, const unsigned char *p,
    const unsigned char *lim, long *line, uint64_t *lstart)
{
	for (; p < lim; p++) {
		if (*p == ' ')
			continue;
		if (*p == '\r' && p[1] == '\n')
			p++;
		else if (*p != '\n')
			break;
		(*line)++;
		*lstart = lx->base + (uint64_t)(p + 1 - lx->b);
	}
	return p;
}

/*
 * After a plain move number without flags, ending at r: spaces and a
 * plain move without flags, which lex_next_numbered() and lex_moves()
 * read with the number as one.  Returns the move's start, with the move
 * in *mv and its end in *end; NULL when they are not there.
 */
static inline const unsigned char *
numbered_move(const unsigned char *r, const unsigned char *lim,
    struct plain *mv, const unsigned char **end)
{
	const unsigned char *q;

	for (q = r; q < lim && *q == ' '; q++)
		;
	if (q >= lim || (*end = plain_token(q, lim, mv)) == NULL ||
	    mv->type != PDN_TOK_MOVE || mv->flags != 0)
		return NULL;
	return q;
}

/*
 * One plain token after spaces and line ends.  Returns 1 with the token;
 * 0 leaves the position at the token's start (or where the blanks
 * stopped) and *nl at the line ends passed, for lexer_next_slow(), with
 * lx->blank_at set to where the blanks began.
 */
static inline int
lex_fast(pdn_lexer *lx, pdn_token *tok, int *nl, int numbered)
{
	const unsigned char *b = lx->b, *p = b + lx->pos, *r, *q, *r2;
	const unsigned char *lim = b + lx->end - LX_FAST / 2;
	struct plain pt, pt2;
	long num = 0, line = lx->line;
	int dots = 0, ret = 1, rc;

	p = plain_blanks(lx, p, lim, &lx->line, &lx->lstart);
	*nl += (int)(lx->line - line);
	if (p >= lim)
		goto slow;
	/*
	 * The common tag, which lex_tag_fast() reads as the general path
	 * does, with the bytes in view that it would make visible first.
	 * pdn-select --count -t Result=2-0 on intl-real-x20.pdn, whose
	 * 24,480 games have 179,600 tags, took 315.1 M instructions with
	 * every tag read by the general path, 313.1 M so (callgrind).
	 */
	if (*p == '[' && ((size_t)(b + lx->end - p) >= LX_WINDOW || lx->eof)) {
		lx->blank_at = lx->base + lx->pos;
		lx->pos = (size_t)(p - b);
		token_init(tok);
		token_place(lx, tok, *nl);
		lx->noname = 0;
		/* Else the general path reads it from its start. */
		return lex_tag_fast(lx, tok, &rc) && rc == 0;
	}
	if ((r = plain_token(p, lim, &pt)) == NULL)
		goto slow;
	/*
	 * For lex_next_numbered(): a plain move number, spaces and a plain
	 * move, the two tokens that the next call would read, as one.
	 */
	if (numbered && pt.type == PDN_TOK_MOVENUM && pt.flags == 0) {
		if ((q = numbered_move(r, lim, &pt2, &r2)) != NULL) {
			num = (long)pt.v;
			dots = pt.dots;
			pt = pt2;
			p = q;
			r = r2;
			ret = 2;
		}
	}
	tok->type = pt.type;
	if (pt.type == PDN_TOK_MOVENUM) {
		tok->num = (long)pt.v;
		tok->dots = pt.dots;
	} else {
		tok->num = num;
		tok->dots = dots;
		memset(&tok->move, 0, sizeof(tok->move));
		tok->move.sq[0] = (uint16_t)pt.v;
		tok->move.sq[1] = (uint16_t)pt.v2;
		tok->move.nsq = 2;
		tok->move.capture = (uint8_t)pt.capture;
	}
	tok->flags = pt.flags;
	tok->text = "";
	tok->len = 0;
	tok->value = NULL;
	tok->vlen = 0;
	tok->blank = *nl >= 2;
	tok->line = lx->line;
	tok->offset = lx->base + (uint64_t)(p - b);
	tok->col = (long)(tok->offset - lx->lstart) + 1;
	lx->pos = (size_t)(r - b);
	return ret;
slow:
	/* The general path wants where the last token ended (lex.h). */
	lx->blank_at = lx->base + lx->pos;
	lx->pos = (size_t)(p - b);
	return 0;
}

size_t
lex_moves(pdn_lexer *lx, pdn_elem *out, size_t max)
{
	const unsigned char *b = lx->b, *p = b + lx->pos, *r, *q, *r2, *lim;
	struct plain pt, pt2;
	long line = lx->line, num;
	uint64_t lstart = lx->lstart, at;
	size_t n = 0;
	pdn_elem *e;
	int dots;

	if (lx->end - lx->pos < LX_FAST)
		return 0;
	lim = b + lx->end - LX_FAST / 2;
	/* The blanks and the token as lex_fast() reads them. */
	while (n < max) {
		if ((p = plain_blanks(lx, p, lim, &line, &lstart)) >= lim ||
		    (r = plain_token(p, lim, &pt)) == NULL || pt.flags != 0)
			return n;
		num = -1;
		dots = 0;
		if (pt.type == PDN_TOK_MOVENUM) {
			if ((q = numbered_move(r, lim, &pt2, &r2)) == NULL)
				return n;
			num = (long)pt.v;
			dots = pt.dots;
			pt = pt2;
			p = q;
			r = r2;
		}
		/* Every field the reader's own move element has (reader.c). */
		e = &out[n++];
		at = lx->base + (uint64_t)(p - b);
		e->type = PDN_EL_MOVE;
		e->line = line;
		e->col = (long)(at - lstart) + 1;
		memset(&e->u.move.tok, 0, sizeof(e->u.move.tok));
		e->u.move.tok.sq[0] = (uint16_t)pt.v;
		e->u.move.tok.sq[1] = (uint16_t)pt.v2;
		e->u.move.tok.nsq = 2;
		e->u.move.tok.capture = (uint8_t)pt.capture;
		e->u.move.number = num;
		e->u.move.dots = dots;
		e->span.offset = at;
		e->span.len = (uint64_t)(r - p);
		/* Taken: the lexer stands after it, as after its token. */
		p = r;
		lx->pos = (size_t)(r - b);
		lx->line = line;
		lx->lstart = lstart;
	}
	return n;
}

/*
 * lex_skip_moves() reads plain moves with a state machine, a table
 * look-up a byte or two: pdn-select's selection by tags took 255 million
 * instructions on 20 copies of the bench games (bench/games.sh) with the
 * same loop built on plain_token(), 232 million with a look-up a byte.
 * It takes a
 * subset of what plain_token() takes, the moves of two numbers of at
 * most 3 digits (not zero-padded, not "1-0" and the like, no longer path
 * after them), each maybe after its move number (dots, no zero padding),
 * separated by spaces, LF and CR LF (tabs after a move); anything else
 * stops it, and the general path reads it.  tests/test_reader.c reads
 * inputs of every such token with and without skip_moves and compares.
 *
 * Byte classes: */
enum { K_OTHER, K_ZERO, K_LOW, K_HIGH, K_DASH, K_X, K_SEP, K_DOT, K_SP,
	K_TAB, K_LF, K_CR, K_N };

#define KL(c)	((unsigned char)((c) == '0' ? K_ZERO : \
	(c) == '1' || (c) == '2' ? K_LOW : (c) >= '3' && (c) <= '9' ? K_HIGH : \
	(c) == '-' ? K_DASH : (c) == 'x' ? K_X : (c) == 'X' || (c) == ':' ? \
	K_SEP : (c) == '.' ? K_DOT : (c) == ' ' ? K_SP : (c) == '\t' ? K_TAB : \
	(c) == '\n' ? K_LF : (c) == '\r' ? K_CR : K_OTHER))
#define KL4(c)	KL(c), KL((c) + 1), KL((c) + 2), KL((c) + 3)
#define KL16(c)	KL4(c), KL4((c) + 4), KL4((c) + 8), KL4((c) + 12)
#define KL64(c)	KL16(c), KL16((c) + 16), KL16((c) + 32), KL16((c) + 48)

static const unsigned char kls[256] = {
	KL64(0), KL64(64), KL64(128), KL64(192)
};

/*
 * States: blanks that may start a move number or a move (B), the first
 * number (N1: its first digit 0, 1-2 or 3-9, then its second and third),
 * the dots of a move number, blanks after it (BN) and the first number of
 * the move it numbers (M1: no dots), the separator (SEPL after a single
 * digit of 0-2 and '-': a second number of 0-2 would make a result), the
 * second number (N2), the blanks after the move (TRAIL1 the first,
 * TRAIL2 the second, TRAIL the others); and the states that take the
 * move, each continuing as B would from the byte after it: AM at the
 * move's end, A1 after one blank, A after more.  A missing entry is 0,
 * STOP.
 *
 * The common case, a move, a blank and the next token (A1_N1*), takes
 * the move without a branch (TAKE1 in the tables' low bits); the others
 * do what sflags says, a branch each.  Line ends are counted once the
 * moves are passed.
 */
enum {
	S_STOP, S_B, S_B_CR, S_N1Z, S_N1L, S_N1H, S_N1_2, S_N1_3,
	S_DOTS, S_BN, S_BN_CR, S_M1Z, S_M1L, S_M1H, S_M1_2, S_M1_3,
	S_SEPL, S_SEP, S_N2Z, S_N2_1, S_N2_2, S_N2_3, S_TRAIL1, S_TRAIL,
	S_A1_N1Z, S_A1_N1L, S_A1_N1H,
	/* The states that do something on entry (sflags), from here. */
	S_ACT, S_TRAIL2 = S_ACT,
	S_A_B, S_A_CR, S_A_N1Z, S_A_N1L, S_A_N1H, S_A_STOP,
	S_A1_B, S_A1_CR, S_A1_STOP, S_AM_B, S_AM_CR, S_AM_STOP, S_N
};

/* A state taking, without a branch, the move that ended a byte before. */
#define TAKE1(st)	((st) >= S_A1_N1Z && (st) <= S_A1_N1H)

/* What entering a state does, in this order. */
#define F_MARK	1	/* the move ended at this byte */
#define F_MARK1	2	/* the move ended at the byte before */
#define F_TAKE	4	/* the move is taken */
#define F_STOP	8

static const unsigned char sflags[S_N] = {
	[S_STOP] = F_STOP, [S_TRAIL2] = F_MARK1,
	[S_A_B] = F_TAKE, [S_A_CR] = F_TAKE, [S_A_N1Z] = F_TAKE,
	[S_A_N1L] = F_TAKE, [S_A_N1H] = F_TAKE, [S_A_STOP] = F_TAKE | F_STOP,
	[S_A1_B] = F_MARK1 | F_TAKE, [S_A1_CR] = F_MARK1 | F_TAKE,
	[S_A1_STOP] = F_MARK1 | F_TAKE | F_STOP,
	[S_AM_B] = F_MARK | F_TAKE, [S_AM_CR] = F_MARK | F_TAKE,
	[S_AM_STOP] = F_MARK | F_TAKE | F_STOP,
};

#define ROW_B	[K_ZERO] = S_N1Z, [K_LOW] = S_N1L, [K_HIGH] = S_N1H, \
	[K_SP] = S_B, [K_LF] = S_B, [K_CR] = S_B_CR
#define ROW_BCR	[K_LF] = S_B
#define ROW_BN	[K_ZERO] = S_M1Z, [K_LOW] = S_M1L, [K_HIGH] = S_M1H, \
	[K_SP] = S_BN, [K_LF] = S_BN, [K_CR] = S_BN_CR
#define ROW_N2END [K_OTHER] = S_AM_STOP, [K_DOT] = S_AM_STOP, \
	[K_SP] = S_TRAIL1, [K_TAB] = S_TRAIL1, [K_LF] = S_AM_B, \
	[K_CR] = S_AM_CR
#define ROW_TRAIL1 [K_OTHER] = S_A1_STOP, [K_DOT] = S_A1_STOP, \
	[K_SP] = S_TRAIL2, [K_TAB] = S_TRAIL2, [K_LF] = S_A1_B, \
	[K_CR] = S_A1_CR, [K_ZERO] = S_A1_N1Z, [K_LOW] = S_A1_N1L, \
	[K_HIGH] = S_A1_N1H
#define ROW_TRAIL [K_OTHER] = S_A_STOP, [K_DOT] = S_A_STOP, \
	[K_SP] = S_TRAIL, [K_TAB] = S_TRAIL, [K_LF] = S_A_B, \
	[K_CR] = S_A_CR, [K_ZERO] = S_A_N1Z, [K_LOW] = S_A_N1L, \
	[K_HIGH] = S_A_N1H
#define ROW_N1Z(dot) [K_DOT] = (dot), [K_DASH] = S_SEPL, [K_X] = S_SEP
#define ROW_N1L(dot, next) [K_ZERO] = (next), [K_LOW] = (next), \
	[K_HIGH] = (next), [K_DOT] = (dot), [K_DASH] = S_SEPL, [K_X] = S_SEP
#define ROW_N1(dot, next) [K_ZERO] = (next), [K_LOW] = (next), \
	[K_HIGH] = (next), [K_DOT] = (dot), [K_DASH] = S_SEP, [K_X] = S_SEP

/* Rows of 16, a shift to index. */
static const unsigned char dfa[S_N][16] = {
	[S_B] = { ROW_B }, [S_B_CR] = { ROW_BCR },
	[S_N1Z] = { ROW_N1Z(S_DOTS) },
	[S_N1L] = { ROW_N1L(S_DOTS, S_N1_2) },
	[S_N1H] = { ROW_N1(S_DOTS, S_N1_2) },
	[S_N1_2] = { ROW_N1(S_DOTS, S_N1_3) },
	[S_N1_3] = { ROW_N1(S_DOTS, S_STOP) },
	[S_DOTS] = { ROW_BN, [K_DOT] = S_DOTS },
	[S_BN] = { ROW_BN }, [S_BN_CR] = { [K_LF] = S_BN },
	[S_M1Z] = { ROW_N1Z(S_STOP) },
	[S_M1L] = { ROW_N1L(S_STOP, S_M1_2) },
	[S_M1H] = { ROW_N1(S_STOP, S_M1_2) },
	[S_M1_2] = { ROW_N1(S_STOP, S_M1_3) },
	[S_M1_3] = { ROW_N1(S_STOP, S_STOP) },
	[S_SEPL] = { [K_HIGH] = S_N2_1 },
	[S_SEP] = { [K_ZERO] = S_N2Z, [K_LOW] = S_N2_1, [K_HIGH] = S_N2_1 },
	[S_N2Z] = { ROW_N2END },
	[S_N2_1] = { ROW_N2END, [K_ZERO] = S_N2_2, [K_LOW] = S_N2_2,
	    [K_HIGH] = S_N2_2 },
	[S_N2_2] = { ROW_N2END, [K_ZERO] = S_N2_3, [K_LOW] = S_N2_3,
	    [K_HIGH] = S_N2_3 },
	[S_N2_3] = { ROW_N2END },
	[S_TRAIL1] = { ROW_TRAIL1 }, [S_TRAIL2] = { ROW_TRAIL },
	[S_TRAIL] = { ROW_TRAIL },
	[S_A_B] = { ROW_B }, [S_A_CR] = { ROW_BCR },
	[S_A_N1Z] = { ROW_N1Z(S_DOTS) },
	[S_A_N1L] = { ROW_N1L(S_DOTS, S_N1_2) },
	[S_A_N1H] = { ROW_N1(S_DOTS, S_N1_2) },
	[S_A1_B] = { ROW_B }, [S_A1_CR] = { ROW_BCR },
	[S_A1_N1Z] = { ROW_N1Z(S_DOTS) },
	[S_A1_N1L] = { ROW_N1L(S_DOTS, S_N1_2) },
	[S_A1_N1H] = { ROW_N1(S_DOTS, S_N1_2) },
	[S_AM_B] = { ROW_B }, [S_AM_CR] = { ROW_BCR },
};

/*
 * Nonzero when one of the squares in b[0..n-1], plain moves and move
 * numbers, is one of 33 to 50 (two digits: none is zero-padded there).
 */
static int
has_big_square(const unsigned char *b, size_t n)
{
	size_t i = 0, k;
	unsigned v;

	while (i < n) {
		if ((unsigned)(b[i] - '0') >= 10) {
			i++;
			continue;
		}
		for (k = i, v = 0; k < n && (unsigned)(b[k] - '0') < 10; k++)
			v = v * 10 + (unsigned)(b[k] - '0');
		if (k - i == 2 && (k == n || b[k] != '.') && v >= 33 &&
		    v <= 50)
			return 1;
		i = k;
	}
	return 0;
}

/*
 * The state machine by bytes, each entry its next state times 256, made
 * on first use: one load a byte instead of two (by classes, then by
 * state).  Then by pairs of bytes, their classes side by side: the state
 * after both, or PAIR_STEP when the first enters a state that does
 * something (which the byte table then takes alone).  Each step's load
 * waits for the one before, and the branch for each move taken missed
 * often.  On 54 MB of the bench games, of what pdn-select -t took (perf),
 * lex_skip_moves() was 57% with a step a byte and a branch a move, 51%
 * with a step for two bytes, 46% with the common take without a branch
 * and the line ends counted afterwards.  The takes of a pair are in a
 * table of their own beside it (not in the entry's low bits, which would
 * cost a mask in the chain of loads): the number of moves taken (0 or 1:
 * no two TAKE1 states follow each other) in the low 2 bits, and above
 * them where the move ended, 1 a byte before the pair, 2 at its first
 * byte; one test of the lengths a step, not two.  pdn-select -t took 264
 * million instructions on 20 copies of the bench games with a bit for
 * each byte of the pair and both tests, 240 million so.  45 kB, made
 * once for the process (a table a lexer was 10 million instructions of
 * pdn-select -j 2 -t, a reader a chunk, on 20 copies of the bench games).
 */
#define PAIR_STEP	0xffffu

static uint16_t skip_t[S_N * 256], skip_t2[S_N * 256];
static unsigned char skip_tb[S_N * 256];
static pthread_once_t skip_once = PTHREAD_ONCE_INIT;
static int skip_avx2;		/* the processor has AVX2 */

static void
skip_build(void)
{
	size_t st, c, k1, k2, s1, s2;

#if SKIP_AVX2
	skip_avx2 = __builtin_cpu_supports("avx2") &&
	    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
	    __builtin_cpu_supports("popcnt");
#endif
	for (st = 0; st < S_N; st++) {
		for (c = 0; c < 256; c++) {
			s1 = dfa[st][kls[c]];
			skip_t[st * 256 + c] = (uint16_t)(s1 << 8 |
			    (TAKE1(s1) ? 2 : 0));
		}
		for (c = 0; c < 256; c++) {
			k1 = c >> 4;
			k2 = c & 15;
			s1 = k1 < K_N ? dfa[st][k1] : S_STOP;
			skip_tb[st * 256 + c] = 0;
			if (s1 == S_STOP || s1 >= S_ACT || k2 >= K_N) {
				skip_t2[st * 256 + c] = PAIR_STEP;
				continue;
			}
			s2 = dfa[s1][k2];
			skip_t2[st * 256 + c] = (uint16_t)(s2 << 8);
			skip_tb[st * 256 + c] = (unsigned char)(TAKE1(s2) ?
			    1 | 2 << 2 : TAKE1(s1) ? 1 | 1 << 2 : 0);
		}
	}
}

#if defined(__SSE2__)
/*
 * Ahead of the state machine, on x86-64 (SSE2 is part of its base, AVX2
 * is used where there): the common run of plain moves 64 bytes at a time,
 * classes made by vector compares into one bit a byte, and the tokens
 * checked by shifts and masks instead of a table load a byte that waits
 * on the one before.  It takes a subset of what the state machine takes
 * from its state S_B, units of a move, maybe after its move number, each
 * with the blanks after it and the first byte of the token that follows,
 * all in the 64 bytes; it stops before the first unit it is not sure of,
 * at the start of a token that follows a move, where the state machine in
 * S_B goes on as if it had read the units itself (what it would take at
 * that byte is taken).  Anything rarer (tabs, a CR without its LF,
 * "1.32-28", 'X' and ':', a results' look-alike "1-0", zero padding, four
 * digits, a longer path, a glued comment) it leaves to the state machine.
 * pdn-select -t 'White~Sijbrands' took 191.7 million instructions on 20
 * copies of the bench games with it and 237.2 million without
 * (callgrind), 0.157 s against 0.200 s on 200 copies (best of 9 runs
 * each, 2026-12-03).
 */
/*
 * The CRs of p[0..63], bit i for byte i: looked for only when the 64
 * bytes hold one, which files of LF line ends have none of.
 */
static uint64_t
crs(const unsigned char *p)
{
	uint64_t cr = 0;
	int i;

	for (i = 0; i < 64; i += 16)
		cr |= VMASK(VCMP(_mm_loadu_si128((const __m128i *)(const void *)
		    (p + i)), '\r'), i);
	return cr;
}

/*
 * The classes of the bytes p[0..63], bit i for byte i: the digits, the
 * digits 0-2 with '-', '0' with '.', the separators ('x', '-'), the
 * blanks (space, LF, CR), the LFs, and the CRs without their LF.  Each
 * mask a class takes costs a movemask, a shift and an OR for each vector,
 * and the classes that no rule needs apart share one, told apart by the
 * digits; a CR is looked at only when there is one (crs()).  pdn-select
 * --count -t Result=2-0 on intl-real-x20.pdn took 324.0 M instructions
 * with a mask for each of nine classes, 315.1 M so (callgrind).
 */
struct skip_masks {
	uint64_t d, qd, zd, s, b, lf, lone;
};

static inline void
skip_masks(const unsigned char *p, struct skip_masks *m)
{
	__m128i anycr = _mm_setzero_si128();
	int i;

	m->d = m->qd = m->zd = m->s = m->b = m->lf = 0;
	for (i = 0; i < 64; i += 16) {
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + i));
		/* '0' to '9' become -128 to -119, the least signed bytes. */
		__m128i t = _mm_add_epi8(c, _mm_set1_epi8((char)(0x80 - '0')));
		__m128i vdash = VCMP(c, '-'), vcr = VCMP(c, '\r');
		__m128i vlf = VCMP(c, '\n');

		m->d |= VMASK(_mm_cmplt_epi8(t, _mm_set1_epi8(-128 + 10)), i);
		m->qd |= VMASK(_mm_or_si128(vdash,
		    _mm_cmplt_epi8(t, _mm_set1_epi8(-128 + 3))), i);
		m->zd |= VMASK(_mm_or_si128(VCMP(c, '0'), VCMP(c, '.')), i);
		m->s |= VMASK(_mm_or_si128(vdash, VCMP(c, 'x')), i);
		m->b |= VMASK(_mm_or_si128(_mm_or_si128(VCMP(c, ' '), vlf),
		    vcr), i);
		m->lf |= VMASK(vlf, i);
		anycr = _mm_or_si128(anycr, vcr);
	}
	m->lone = _mm_movemask_epi8(anycr) != 0 ? crs(p) & ~(m->lf >> 1) : 0;
}

#if SKIP_AVX2
/*
 * skip_masks() 32 bytes a vector, where the processor has AVX2 (asked
 * once, skip_build(), with BMI and POPCNT, which processors with AVX2
 * have, for skip_units_of()'s ANDN and popcount): pdn-select --count
 * -t Result=2-0 on intl-real-x20.pdn took 318.2 M instructions with
 * skip_masks(), 282.3 M so (callgrind).  Two vectors make the CRs' mask
 * for a few instructions more, without a branch.
 */
__attribute__((target("avx2,bmi,bmi2,popcnt"))) static inline void
skip_masks_avx2(const unsigned char *p, struct skip_masks *m)
{
	uint64_t cr = 0;
	int i;

	m->d = m->qd = m->zd = m->s = m->b = m->lf = 0;
	for (i = 0; i < 64; i += 32) {
		__m256i c = _mm256_loadu_si256((const __m256i *)(const void *)
		    (p + i));
		__m256i t = _mm256_add_epi8(c,
		    _mm256_set1_epi8((char)(0x80 - '0')));
		__m256i vdash = VCMP256(c, '-'), vcr = VCMP256(c, '\r');
		__m256i vlf = VCMP256(c, '\n');

		m->d |= VMASK256(_mm256_cmpgt_epi8(
		    _mm256_set1_epi8(-128 + 10), t), i);
		m->qd |= VMASK256(_mm256_or_si256(vdash, _mm256_cmpgt_epi8(
		    _mm256_set1_epi8(-128 + 3), t)), i);
		m->zd |= VMASK256(_mm256_or_si256(VCMP256(c, '0'),
		    VCMP256(c, '.')), i);
		m->s |= VMASK256(_mm256_or_si256(vdash, VCMP256(c, 'x')), i);
		m->b |= VMASK256(_mm256_or_si256(_mm256_or_si256(
		    VCMP256(c, ' '), vlf), vcr), i);
		m->lf |= VMASK256(vlf, i);
		cr |= VMASK256(vcr, i);
	}
	m->lone = cr & ~(m->lf >> 1);
}
#endif

/*
 * The units of 64 bytes whose classes are m: returns the bytes they span
 * (0: none), adds their moves to *moves and sets *last to the end of the
 * last move.
 */
static inline __attribute__((always_inline)) size_t
skip_units_of(const struct skip_masks *m, long *moves, size_t *last)
{
	uint64_t d = m->d, s = m->s, b = m->b;
	uint64_t q = m->qd & d, dash = m->qd & ~d, z = m->zd & d;
	uint64_t dot = m->zd & ~d;
	uint64_t bad, nb, ts, r, a, e, h, mn, nt, rn, keep;
	int at;

	/* Bit i is byte i: x << 1 is "the byte before is x", x >> 1 "after". */
	bad = ~(d | s | dot | b) | m->lone;
	/* A separator between digits; dots after a number, then a blank. */
	bad |= (s & ~(d << 1)) | (s & ~(d >> 1));
	bad |= (dot & ~((d | dot) << 1)) | (dot & ~((dot | b) >> 1));
	/* Numbers not zero-padded. */
	bad |= z & ~(d << 1) & (d >> 1);
	/* A single digit 0-2, '-' and a digit 0-2: a result's look-alike. */
	bad |= q & ~(d << 1) & (dash >> 1) & (q >> 2);
	/*
	 * Each token starts with a number (the rules above refuse a
	 * separator or a dot there) of at most 3 digits, then a separator or
	 * dots.
	 */
	nb = ~b;
	ts = nb & ~(nb << 1);
	r = ts & d;
	r |= (r << 1) & d;
	r |= (r << 1) & d;
	bad |= (r << 1) & ~r & ~(s | dot);
	/* After a separator a number of at most 3 digits, then a blank. */
	a = (s << 1) & d;
	a |= (a << 1) & d;
	a |= (a << 1) & d;
	e = (a << 1) & ~a;
	bad |= e & ~b;
	/*
	 * The token after a move number is a move.  Adding a bit at the
	 * bottom of a run of blanks carries it to the byte after the run.
	 */
	mn = dot & ~(dot >> 1) & (b >> 1);
	nt = (b + (mn << 1)) & ~b;
	rn = nt & d;
	rn |= (rn << 1) & d;
	rn |= (rn << 1) & d;
	bad |= (nt & ~d) | ((rn << 1) & ~rn & ~s);
	/*
	 * Where the state machine would take each move: the first byte
	 * after the blanks after it, when that is a digit or a dot.  Before
	 * a separator it takes none ("32-28 - 19" is one move with spaces,
	 * read by the general path), before other bytes some ('{') and not
	 * others ('X', ':'): left to it, the move and what follows.  The
	 * last such byte before the first bad one (or at it) ends the units.
	 */
	e &= b;
	h = (b + e) & ~b;
	bad |= h & ~(d | dot);
	h &= d | dot;
	if (bad != 0) {
		at = __builtin_ctzll(bad);
		h &= at == 63 ? ~(uint64_t)0 : ((uint64_t)2 << at) - 1;
	}
	if (h == 0)
		return 0;
	at = 63 - __builtin_clzll(h);
	keep = e & (((uint64_t)1 << at) - 1);
	*moves += popcount(keep);
	*last = (size_t)(63 - __builtin_clzll(keep));
	return (size_t)at;
}

/*
 * Where skip_run() stands: the end of the last move taken (done), the
 * moves taken, the line ends before done and the start of the line done
 * is on (ls, NULL while on the first).
 */
struct skip_at {
	const unsigned char *done, *ls;
	long moves, lines;
};

/*
 * The units from p on while 64 bytes are in view before lim, the classes
 * of each 64 bytes made by masks(): returns where they end, with *at
 * moved on.  The line ends passed are counted from the masks (pdn-select
 * --count -t Result=2-0 on intl-real-x20.pdn took 278.0 M instructions
 * with a memchr() for each line, 274.0 M so, callgrind).
 */
static inline __attribute__((always_inline)) const unsigned char *
skip_run(const unsigned char *p, const unsigned char *lim,
    struct skip_at *at,
    void (*masks)(const unsigned char *, struct skip_masks *))
{
	struct skip_masks m;
	const unsigned char *tail_ls = NULL;
	uint64_t lf, passed;
	size_t n, last;
	long tail = 0;

	while (lim - p >= 64) {
		masks(p, &m);
		if ((n = skip_units_of(&m, &at->moves, &last)) == 0)
			break;
		/*
		 * The line ends before the last move's end are passed, and
		 * those of the blanks after it once a move follows.
		 */
		lf = m.lf & (((uint64_t)1 << n) - 1);
		passed = lf & (((uint64_t)1 << last) - 1);
		at->lines += tail + popcount(passed);
		if (passed != 0)
			at->ls = p + 64 - __builtin_clzll(passed);
		else if (tail != 0)
			at->ls = tail_ls;
		if ((lf &= ~passed) != 0) {
			tail = popcount(lf);
			tail_ls = p + 64 - __builtin_clzll(lf);
		} else
			tail = 0;
		at->done = p + last;
		p += n;
	}
	return p;
}

#if SKIP_AVX2
__attribute__((target("avx2,bmi,bmi2,popcnt"))) static const unsigned char *
skip_run_avx2(const unsigned char *p, const unsigned char *lim,
    struct skip_at *at)
{
	return skip_run(p, lim, at, skip_masks_avx2);
}
#endif
#endif

void
lex_skip_moves(pdn_lexer *lx, struct lex_skip *s)
{
	const unsigned char *b = lx->b, *p = b + lx->pos, *from = p;
	const unsigned char *lim = b + lx->end, *mark = p, *q, *x, *ls = NULL;
	const unsigned char *done = p, *counted = p;
	long nl = 0, moves = 0;
	const uint16_t *t = skip_t, *t2 = skip_t2;
	const unsigned char *tb = skip_tb;
	unsigned off = S_B << 8, o, f, i, k;

	/*
	 * A move is 3 bytes at least and is taken at a byte after it: in
	 * 4 * max - 1 bytes, at most max moves are, and the loop need not
	 * count them against max.
	 */
	(void)pthread_once(&skip_once, skip_build);
	if (s->max <= 0)
		lim = p;
	else if ((size_t)(lim - p) / 4 >= (size_t)s->max)
		lim = p + 4 * (size_t)s->max - 1;
#if defined(__SSE2__)
	{
		/* A copy: moves and done stay in registers in the loop below. */
		struct skip_at at = { p, NULL, 0, 0 };

#if SKIP_AVX2
		if (skip_avx2)
			p = skip_run_avx2(p, lim, &at);
		else
#endif
			p = skip_run(p, lim, &at, skip_masks);
		moves = at.moves;
		done = counted = at.done;
		nl = at.lines;
		ls = at.ls;
	}
#endif
	/* Plain: a state that does nothing (S_STOP is 0, below 1). */
#define PLAIN(o)	((o) - 256u < (S_ACT - 1) * 256u)
	for (;;) {
		/* Most bytes change state and nothing else: two a step. */
		if (lim - p >= 2) {
			i = off + ((unsigned)kls[p[0]] << 4 | kls[p[1]]);
			o = t2[i];
			if (PLAIN(o)) {
				/* Without a branch: a move taken at p or p + 1. */
				k = tb[i];
				done = k != 0 ? p - 2 + (k >> 2) : done;
				moves += k & 3;
				off = o;
				p += 2;
				continue;
			}
			if (o != PAIR_STEP) {
				/* What the second byte entered does. */
				if (tb[i] != 0) {
					done = p - 1;
					moves++;
				}
				off = o;
				q = p + 1;
				p += 2;
				goto act;
			}
		} else if (p >= lim)
			break;
		q = p++;
		o = t[off + *q];
		off = o & 0xff00;
		if (PLAIN(o)) {
			done = o & 2 ? q - 1 : done;
			moves += o >> 1 & 1;
			continue;
		}
act:
		/* The state entered at byte q does something. */
		f = sflags[off >> 8];
		if (f & F_MARK)
			mark = q;
		if (f & F_MARK1)
			mark = q - 1;
		if (f & F_TAKE) {
			done = mark;
			moves++;
		}
		if (f & F_STOP)
			break;
	}
#undef PLAIN
	/*
	 * The line ends passed after those counted (memchr: a byte loop took
	 * a quarter).
	 */
	for (x = counted; x < done &&
	    (x = memchr(x, '\n', (size_t)(done - x))) != NULL; ls = ++x)
		nl++;
	if (ls != NULL) {
		lx->line += nl;
		lx->lstart = lx->base + (uint64_t)(ls - b);
	}
	lx->pos = (size_t)(done - b);
	s->moves = moves;
	if (!s->big)
		s->big = has_big_square(from, (size_t)(done - from));
}

int
pdn_lexer_next(pdn_token *tok, pdn_lexer *lx)
{
	int nl = 0;

	if (lx->end - lx->pos >= LX_FAST) {
		if (lex_fast(lx, tok, &nl, 0))
			return 0;
	} else
		lx->blank_at = lx->base + lx->pos;
	return lexer_next_slow(lx, tok, nl);
}

int
lex_next_numbered(pdn_token *tok, pdn_lexer *lx)
{
	int nl = 0, rc;

	if (lx->end - lx->pos >= LX_FAST) {
		if ((rc = lex_fast(lx, tok, &nl, 1)) != 0)
			return rc - 1;
	} else
		lx->blank_at = lx->base + lx->pos;
	return lexer_next_slow(lx, tok, nl);
}

/*
 * At the start of a line that holds '[': 1 when a tag name follows it
 * (after blanks, as lex_tag() reads them), the line a tag; 0 when not
 * (another '[', ']', a quote, the end of the line or of input).  The
 * bytes looked at are only peeked: lx->pos does not move.
 */
static int
starts_tag_name(pdn_lexer *lx)
{
	size_t k;

	for (k = 1; k < LX_BUF; k++) {
		if (fill(lx, k + 1) < k + 1)
			return 0;
		if (IS(lx->b[lx->pos + k], C_NAME))
			return 1;
		if (!IS(lx->b[lx->pos + k], C_SP))
			return 0;
	}
	/* A run of blanks as long as the buffer: the lexer decides. */
	return 1;
}

/*
 * pdn_lexer_skip_game(), which returns 1 at a line that starts with '[',
 * 0 at the end of input, or PDN_EIO; with `last` not NULL, *last gets the
 * last line passed that holds more than blanks (the line the lexer was on
 * at least).  With `in_tags` SKIP_STRAY, after a '[' that starts no tag
 * name, the lines that start with '[' and no tag name either (a line of
 * '[') are passed too, and the next that starts a named tag stops it.
 */
#define SKIP_STRAY	2

static int
skip_lines(pdn_lexer *lx, int in_tags, long *last)
{
	const unsigned char *nl, *p, *e;
	int at_start = lx->base + lx->pos == lx->lstart;

	if (last != NULL)
		*last = lx->line;
	for (;;) {
		if (lx->pos >= lx->end && fill(lx, 1) == 0)
			return lx->ioerr ? PDN_EIO : 0;
		if (at_start && lx->b[lx->pos] == '[' && (!in_tags ||
		    (in_tags == SKIP_STRAY && starts_tag_name(lx))))
			return 1;
		/* The broken game's own tags end at a line that is no tag. */
		if (at_start && lx->b[lx->pos] != '[')
			in_tags = 0;
		nl = memchr(lx->b + lx->pos, '\n', lx->end - lx->pos);
		e = nl != NULL ? nl : lx->b + lx->end;
		for (p = lx->b + lx->pos; last != NULL && p < e; p++)
			if (!IS(*p, C_WS)) {
				*last = lx->line;
				break;
			}
		if (nl == NULL) {
			lx->pos = lx->end;
			at_start = 0;
			continue;
		}
		lx->pos = (size_t)(nl - lx->b) + 1;
		newline(lx);
		at_start = 1;
	}
}

int
pdn_lexer_skip_game(pdn_lexer *lx, int in_tags)
{
	int rc = skip_lines(lx, in_tags != 0, NULL);

	return rc < 0 ? rc : 0;
}

int
lex_skip_stray(pdn_lexer *lx)
{
	int rc = skip_lines(lx, SKIP_STRAY, NULL);

	return rc < 0 ? rc : 0;
}

int
lex_skip_junk(pdn_lexer *lx, long *last)
{
	return skip_lines(lx, 0, last);
}
