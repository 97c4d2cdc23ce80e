/*
 * Where PDN text may be cut so that its parts read apart as they read
 * together (pdn_cut_next(), pdn/record.h): the one place outside the
 * tokenizer that looks at the syntax, and so beside it.
 *
 * Two steps.  A scan of every byte finds the lines starting with '['
 * outside comments, from bit masks of 64 bytes at a time, and among them
 * those that a result token comes right before: the candidates.  Then the
 * text of the game before a candidate is read again, token by token, as
 * the tokenizer reads it, in a grammar narrower than its own (tags alone
 * on their lines, moves, move numbers, comments, NAGs, strength marks,
 * variations, and the result last), in which no token is an error, ends a
 * game or reads two ways: a game that reads so ends with its result, and
 * the next starts at the candidate, whatever came before it.  The check
 * runs only at the candidates past `min`, a game or two in 256 kB for
 * the chunks of -j N: the scan alone sets the speed.
 *
 * Why the game read so ends at its result whatever came before it: the
 * game is read from a line starting with '[' outside comments (the scan
 * keeps its comment state so that it is in a comment whenever the
 * tokenizer is, below), and not inside a '(' that the tokenizer could
 * take for prose (the one token that may run over such a line: its
 * look-back, prose_ok()).  There the tokenizer starts a token, or passes
 * the line skipping after an error (which stops at the first line
 * starting with '[', or for a game's broken tags at the first after a
 * line that is not a tag, and ends that game there): either way a game
 * that starts at or after that line starts afresh.  Its tokens, in the
 * narrow grammar, hold no error: its result is read as a result token,
 * which ends it; or a skip from before passes it all and stops at the
 * candidate, ending the game it came from there, as the reader of the
 * text before the candidate ends it at its end.  One error is not the
 * text's but the reader's: a game too large (more than max_game bytes in
 * memory), which among a game's tags skips on to the first line that is
 * not a tag.  It cannot pass the candidate when a move number or move
 * came on a line before the result's line (that line then stops the
 * skip), nor when the game is short enough that it cannot be too large
 * (CUT_GAME_MAX) and is known to start afresh, after a result too.
 *
 * Why the scan is in a comment whenever the tokenizer is: it looks at
 * every byte but those of a line starting with '[' or '%' and of what
 * follows a ';' on its line, and the tokenizer's comment ends at the
 * first '}' as the scan's does.  What the scan passes so is text of a
 * tag, of a line comment, or of tokens after them, where a '{' may open a
 * comment; the tokenizer is in a comment at the end of that text only
 * when the last brace in it is a '{', and the scan then takes it to be in
 * one.  (It may be in one when the tokenizer is not: it then loses a cut,
 * until the next '}'.)
 */
#include <stdint.h>
#include <string.h>

#include "pdn/record.h"
#include "lex.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * The longest game, in bytes from the line that starts it to the next
 * game's, that cannot take more than PDN_GAME_MAX_DEFAULT bytes in a
 * reader: an element of a line costs the reader its size twice at most
 * (once more when the variation it is in closes) and a byte of the
 * input is one element at most (a '(' with nothing around it), its text
 * copied with 16 bytes of rounding; a tag costs less a byte.
 */
#define CUT_GAME_MAX	(PDN_GAME_MAX_DEFAULT / (2 * sizeof(pdn_elem) + 32))

/* --- the scan ---------------------------------------------------------- */

/*
 * Eight bytes at a time: ONES has 1 in each byte, ZEROS(x) has 0x80 in
 * exactly the bytes of x that are 0, and ANY(x, c) is nonzero when a byte
 * of x is c.
 */
#define ONES		0x0101010101010101ULL
#define LOW7		0x7f7f7f7f7f7f7f7fULL
#define ZEROS(x)	(~((((x) & LOW7) + LOW7) | (x) | LOW7))
#define ANY(x, c)	ZEROS((x) ^ (ONES * (unsigned char)(c)))

static uint64_t
load8(const char *p)
{
	uint64_t x;

	memcpy(&x, p, sizeof(x));
	return x;
}

/*
 * The bytes of a block of the scan, 64 at buf[p..), a bit each (bit k for
 * buf[p + k]); past len, none.  Of the bytes that matter, '{', ';' and
 * '[' are those whose bits 0-4 and 7 are 0x1b's, with ESC (0x1b), and
 * '%' is one more compare: ev holds the five of them, one mask where
 * three took 60.9 million instructions of the scan of intl-real-x20.pdn,
 * against 52.5 million with two (which the scan of lines with memchr()
 * it replaces took 49.2 million).
 */
/* The bits k and above of a block's, k < 64. */
#define FROM(k)		(~(uint64_t)0 << (k))
/* The bits above k. */
#define AFTER(k)	((k) < 63 ? FROM((k) + 1) : 0)

struct block {
	uint64_t nl;		/* '\n' */
	uint64_t ev;		/* '{', ';', '[', '%' and ESC */
};

#if !defined(__SSE2__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The flags of ANY() (0x80 a byte), a bit a byte, the first byte lowest. */
static uint64_t
flags8(uint64_t m)
{
	return ((m >> 7) * 0x0102040810204080ULL) >> 56;
}
#endif

/*
 * Fills b for buf[p..p+64) of buf[0..len): 16 bytes a step on x86-64
 * (SSE2), 8 on other little-endian machines, a byte elsewhere.  A block
 * that ends past len is read from a copy padded with NULs, which are none
 * of these bytes.
 */
static void
block_at(const char *buf, size_t p, size_t len, struct block *b)
{
	char pad[64];
	const char *s = buf + p;
	int k;

	if (len - p < 64) {
		memset(pad, 0, sizeof(pad));
		memcpy(pad, s, len - p);
		s = pad;
	}
	b->nl = b->ev = 0;
#if defined(__SSE2__)
	for (k = 0; k < 64; k += 16) {
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)
		    (s + k));

		b->nl |= (uint64_t)(unsigned)_mm_movemask_epi8(
		    _mm_cmpeq_epi8(c, _mm_set1_epi8('\n'))) << k;
		b->ev |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(_mm_and_si128(c, _mm_set1_epi8(
		    (char)0x9f)), _mm_set1_epi8(0x1b)),
		    _mm_cmpeq_epi8(c, _mm_set1_epi8('%')))) << k;
	}
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (k = 0; k < 64; k += 8) {
		uint64_t x = load8(s + k);

		b->nl |= flags8(ANY(x, '\n')) << k;
		b->ev |= flags8(ANY(x & (ONES * 0x9f), 0x1b) |
		    ANY(x, '%')) << k;
	}
#else
	for (k = 0; k < 64; k++) {
		uint64_t bit = (uint64_t)1 << k;

		b->nl |= s[k] == '\n' ? bit : 0;
		b->ev |= (s[k] & 0x9f) == 0x1b || s[k] == '%' ? bit : 0;
	}
#endif
}

/*
 * After the scan passed buf[from..to) without looking (the text of a tag
 * line or a line comment): nonzero when the last brace in it is '{', a
 * comment the tokenizer may be in.
 */
static int
opens_comment(const char *buf, size_t from, size_t to)
{
	const char *o = NULL, *e = NULL, *p;

	for (p = buf + from; (p = memchr(p, '{', (size_t)(buf + to - p))) !=
	    NULL; p++)
		o = p;
	if (o == NULL)
		return 0;
	for (p = o; (p = memchr(p, '}', (size_t)(buf + to - p))) != NULL; p++)
		e = p;
	return e == NULL;
}

static int
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' ||
	    c == '\n';
}

/* Nonzero when buf[from..to) is blanks alone. */
static int
blanks(const char *buf, size_t from, size_t to)
{
	while (from < to && blank((unsigned char)buf[from]))
		from++;
	return from == to;
}

/*
 * The length of the result token at buf[i..end) that a blank or the end
 * follows, or 0: 2-0 0-2 1-1 0-0 1-0 0-1 1/2-1/2 *, and as Russian
 * records write them, 1:0 0:1 1/2:1/2.
 */
static size_t
result_at(const char *buf, size_t i, size_t end)
{
	size_t n;
	char a, b;

	for (n = i; n < end && !blank((unsigned char)buf[n]); n++)
		;
	n -= i;
	if (n == 1)
		return buf[i] == '*' ? 1 : 0;
	if (n == 3) {
		a = buf[i];
		b = buf[i + 2];
		if (a < '0' || a > '2' || b < '0' || b > '2')
			return 0;
		if (buf[i + 1] == '-')
			return a + b == '0' + '2' || a + b == '0' + '1' ||
			    (a == b && a < '2') ? 3 : 0;
		return buf[i + 1] == ':' && a + b == '0' + '1' ? 3 : 0;
	}
	return n == 7 && (memcmp(buf + i, "1/2-1/2", 7) == 0 ||
	    memcmp(buf + i, "1/2:1/2", 7) == 0) ? 7 : 0;
}

/*
 * Nonzero when the last word before buf[at], between blanks, is a result
 * token: a candidate, which check() looks at.
 */
static int
result_before(const char *buf, size_t at)
{
	size_t e = at, s;

	/*
	 * Most tags follow a tag ("]\n[", "]\r\n["): the walk below in
	 * short, 4.1 million instructions of the scan of intl-real-x20.pdn.
	 */
	if (e > 0 && buf[e - 1] == '\n')
		e--;
	if (e > 0 && buf[e - 1] == '\r')
		e--;
	if (e > 0 && buf[e - 1] == ']')
		return 0;
	while (e > 0 && blank((unsigned char)buf[e - 1]))
		e--;
	/* Every result token ends so ("]" of a tag line does not). */
	if (e == 0 || (buf[e - 1] != '0' && buf[e - 1] != '1' &&
	    buf[e - 1] != '2' && buf[e - 1] != '*'))
		return 0;
	for (s = e; s > 0 && !blank((unsigned char)buf[s - 1]); s--)
		;
	return result_at(buf, s, e) == e - s;
}

/*
 * The line ends ('\n') in buf[0..len): on x86-64 (SSE2) counted in the
 * bytes of a vector, summed every 255 steps; elsewhere 8 bytes at a time,
 * the flags (0x80 a byte) summed by a product.  __builtin_popcountll(), a
 * call into libgcc without -mpopcnt, took 28 million instructions of
 * pdn-select -j 2 -t on 20 copies of the bench games.
 */
long
pdn_cut_lines(const char *buf, size_t len)
{
	size_t i = 0, end;
	long n = 0;

#if defined(__SSE2__)
	while (len - i >= 16) {
		__m128i acc = _mm_setzero_si128();

		end = len - i >= 16 * 255 ? i + 16 * 255 : len;
		for (; end - i >= 16; i += 16)
			acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128(
			    (const __m128i *)(const void *)(buf + i)),
			    _mm_set1_epi8('\n')));
		acc = _mm_sad_epu8(acc, _mm_setzero_si128());
		n += _mm_cvtsi128_si32(acc) + _mm_extract_epi16(acc, 4);
	}
#endif
	for (; len - i >= 8; i += 8)
		n += (long)(((ANY(load8(buf + i), '\n') >> 7) * ONES) >> 56);
	for (; i < len; i++)
		n += buf[i] == '\n';
	return n;
}

/* --- the game before a candidate -------------------------------------- */

/*
 * Nonzero when no '(' less than LX_WINDOW bytes before buf[at] may be
 * open there as the tokenizer's prose: one whose ')' (as prose_paren()
 * in lex.c matches them, byte by byte, up to a brace) is not before it.
 */
static int
prose_ok(const char *buf, size_t at)
{
	size_t i, stop = at > LX_WINDOW ? at - LX_WINDOW : 0, close = 0;

	for (i = at; i > stop; i--)
		switch (buf[i - 1]) {
		case '{':
		case '}':
		case '\0':
			return 1;
		case ')':
			close++;
			break;
		case '(':
			if (close == 0)
				return 0;
			close--;
			break;
		}
	return 1;
}

/* What read_game() found of a game that ended with its result. */
struct game {
	int moved;		/* a move or number came before its line */
	int tag_line;		/* its result is on a line starting with '[' */
};

/* Nonzero for the bytes a move may end at ("32-28{", "32-28!"). */
static int
move_end(const char *buf, size_t i, size_t end)
{
	return i == end || blank((unsigned char)buf[i]) ||
	    memchr("{()!?$;%", buf[i], 8) != NULL;
}

/* Nonzero for a file and a rank of the 8x8 boards at buf[i]. */
static int
square_at(const char *buf, size_t i, size_t end)
{
	return end - i >= 2 && buf[i] >= 'a' && buf[i] <= 'h' &&
	    buf[i + 1] >= '1' && buf[i + 1] <= '8';
}

/*
 * The end of a move at buf[i]: squares 1 to 999 with '-', 'x', 'X' or
 * ':' between them, maybe blanks after each ("32-28", "26x37x48", "1- 7"),
 * or a board's squares "c3-d4", "e3:g5" (files a to h, ranks 1 to 8), or
 * the short form of Russian records, the file of the origin and the
 * square reached ("ed4"); i when there is none.  "1-1" is a result,
 * whatever the blanks.
 */
static size_t
move_at(const char *buf, size_t i, size_t end)
{
	size_t j = i, k, sq = i;
	int n = 0, alpha = buf[i] >= 'a' && buf[i] <= 'h';

	if (alpha && !square_at(buf, i, end))
		return square_at(buf, i + 1, end) &&
		    move_end(buf, i + 3, end) ? i + 3 : i;
	for (;;) {
		if (alpha) {
			if (!square_at(buf, j, end))
				return i;
			j += 2;
		} else {
			if (j == end || buf[j] < '1' || buf[j] > '9')
				return i;
			for (sq = k = j++; j < end && j - k < LX_SQ_DIGITS &&
			    buf[j] >= '0' && buf[j] <= '9'; j++)
				;
		}
		if (++n > PDN_MOVETOK_MAX)
			return i;
		if (j < end && (buf[j] == '-' || buf[j] == 'x' ||
		    buf[j] == ':' || (!alpha && buf[j] == 'X'))) {
			for (j++; j < end && (buf[j] == ' ' || buf[j] == '\t');
			    j++)
				;
			continue;
		}
		if (n == 2 && !alpha && buf[i] == '1' && buf[i + 1] == '-' &&
		    buf[sq] == '1' && j == sq + 1)
			return i;
		return n >= 2 && move_end(buf, j, end) ? j : i;
	}
}

/* The blanks a tag allows between its parts. */
static size_t
spaces(const char *buf, size_t i, size_t end)
{
	while (i < end && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	return i;
}

/*
 * The end of a tag at buf[i], a '[' at a line's start: [Name "value"],
 * blanks between its parts or not, a value of any bytes but quotes,
 * backslashes, line ends and NUL; i when it is not one.
 */
static size_t
tag_at(const char *buf, size_t i, size_t end)
{
	size_t j = spaces(buf, i + 1, end), n = j, v;

	while (j < end && ((buf[j] >= 'A' && buf[j] <= 'Z') ||
	    (buf[j] >= 'a' && buf[j] <= 'z') || (buf[j] >= '0' &&
	    buf[j] <= '9') || buf[j] == '_'))
		j++;
	if (j == n || j - n >= LX_TAG_MAX ||
	    (j = spaces(buf, j, end)) == end || buf[j] != '"')
		return i;
	for (v = ++j; j < end && buf[j] != '"' && buf[j] != '\\' &&
	    buf[j] != '\n' && buf[j] != '\r' && buf[j] != '\0'; j++)
		;
	/* A value of Latin-1 takes two bytes a byte in the reader. */
	if (j == end || 2 * (j - v) >= LX_TAG_MAX ||
	    (j = spaces(buf, j + 1, end)) == end || buf[j] != ']')
		return i;
	return j + 1;
}

/*
 * The end of a comment's text at buf[i] (after its '{'): its '}', when
 * the tokenizer reads it whole and as it is: no NUL, no line starting
 * with '[' (a line where a skip after an error stops), and as long as a
 * comment may be; else i.
 */
static size_t
comment_at(const char *buf, size_t i, size_t end)
{
	const char *e = memchr(buf + i, '}', end - i), *p;

	if (e == NULL || 2 * (size_t)(e - buf - i) >= LX_TEXT_MAX ||
	    memchr(buf + i, '\0', (size_t)(e - buf) - i) != NULL)
		return i;
	for (p = buf + i; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++)
		if (p + 1 < e && p[1] == '[')
			return i;
	return (size_t)(e - buf);
}

/*
 * Reads buf[from..to), from a line starting with '[' to a candidate, in
 * the narrow grammar (the top of the file): 1 when it holds no other
 * token than those, its last is a result token outside any variation,
 * and only blanks follow, with what g says of the game it ends; else 0.
 */
static int
read_game(const char *buf, size_t from, size_t to, struct game *g)
{
	size_t i = from, k, line = from;
	int depth = 0, moved = 0, moved_line = 0, result = 0;

	while (i < to) {
		unsigned char c = (unsigned char)buf[i];

		if (i == from || buf[i - 1] == '\n') {
			line = i;
			moved_line = moved;
			if (c == '[') {
				/* A tag: a game's first, or another of it. */
				if (depth > 0 || result ||
				    (k = tag_at(buf, i, to)) == i)
					return 0;
				moved = moved_line = 0;
				i = k;
				continue;
			}
		}
		/*
		 * After the result, blanks that a reader skips as such, no
		 * form feed or vertical tab: those are the next game's lead
		 * (pdn_game.lead), where the cut would leave them behind.
		 */
		if (result && c != ' ' && c != '\t' && c != '\r' && c != '\n')
			return 0;
		if (blank(c)) {
			i++;
			continue;
		}
		switch (c) {
		case '{':
			if ((k = comment_at(buf, i + 1, to)) == i + 1)
				return 0;
			i = k + 1;
			continue;
		case ';':
		case '%':
			/*
			 * Inside a variation, no parenthesis either: the
			 * tokenizer matches a '(' with its ')' byte by byte
			 * to tell prose (lex.c, prose_paren()), and counts
			 * these too.
			 */
			for (k = i; k < to && buf[k] != '\n' && buf[k] != '\r';
			    k++)
				if (buf[k] == '\0' || (depth > 0 &&
				    (buf[k] == '(' || buf[k] == ')')))
					return 0;
			if (2 * (k - i) >= LX_TEXT_MAX)
				return 0;
			i = k;
			continue;
		case '$':
			for (k = i + 1; k < to && k - i <= LX_NUM_DIGITS &&
			    buf[k] >= '0' && buf[k] <= '9'; k++)
				;
			if (k == i + 1 || k - i > LX_NUM_DIGITS)
				return 0;
			moved = 1;
			i = k;
			continue;
		case '!':
		case '?':
			for (k = i; k < to && k - i < 8 &&
			    (buf[k] == '!' || buf[k] == '?'); k++)
				;
			moved = 1;
			i = k;
			continue;
		case '(':
			/* "(!)" is a strength mark. */
			for (k = i + 1; k < to && k - i < 8 &&
			    (buf[k] == '!' || buf[k] == '?'); k++)
				;
			moved = 1;
			if (k > i + 1 && k < to && buf[k] == ')') {
				i = k + 1;
				continue;
			}
			if (++depth > PDN_MAX_DEPTH)
				return 0;
			i++;
			continue;
		case ')':
			if (depth == 0)
				return 0;
			depth--;
			i++;
			continue;
		}
		if ((k = result_at(buf, i, to)) > 0) {
			if (depth > 0)
				return 0;
			result = 1;
			g->moved = moved_line;
			g->tag_line = buf[line] == '[';
			i += k;
			continue;
		}
		/* A move number: digits and dots ("12.", "12...", "..."). */
		for (k = i; k < to && k - i <= LX_NUM_DIGITS &&
		    buf[k] >= '0' && buf[k] <= '9'; k++)
			;
		if (k < to && buf[k] == '.' && k - i <= LX_NUM_DIGITS) {
			while (k < to && buf[k] == '.')
				k++;
			moved = 1;
			i = k;
			continue;
		}
		if ((k = move_at(buf, i, to)) == i)
			return 0;
		moved = 1;
		i = k;
	}
	return result;
}

/*
 * Nonzero when the game before the candidate at buf[at] reads in the
 * narrow grammar from the line starting with '[' at buf[from], the last
 * one before it, and no skip from before can pass the candidate (a move
 * number or move came on a line before the result's line, which stops
 * the skip of a game's broken tags).
 */
static int
ends_afresh(const char *buf, size_t from, size_t at)
{
	struct game g;

	return prose_ok(buf, from) && read_game(buf, from, at, &g) &&
	    g.moved && !g.tag_line;
}

/*
 * Nonzero when the candidate at buf[at] is a cut: the game before it
 * ends afresh (ends_afresh()) and cannot be too large; or it reads in the
 * narrow grammar from the candidate before, which was one as the text's
 * first game or by ends_afresh(), and it is short enough.  That candidate
 * must be one itself: after a game's broken tag the reader skips every
 * line that starts with '[' up to a line that does not, so that in a run
 * of games each a tag line with its result ("[FEN \"...\"] *"), which all
 * read in the narrow grammar, a broken tag before the run makes none of
 * them start afresh (found by fuzz/spans with a min past the broken tag:
 * before, two such games in a row made a cut).  Not inline: a candidate
 * past min is one tag line in thousands, and the registers it takes cost
 * every line_end() 20 instructions more.
 */
static int __attribute__((noinline))
check(const pdn_cut *c, const char *buf, size_t at)
{
	struct game g;

	if (c->tag != PDN_CUT_NONE && ends_afresh(buf, c->tag, at))
		return 1;
	return c->sec != PDN_CUT_NONE && at - c->sec <= CUT_GAME_MAX &&
	    prose_ok(buf, c->sec) && read_game(buf, c->sec, at, &g) &&
	    (c->sec_tag != PDN_CUT_NONE ? ends_afresh(buf, c->sec_tag,
	    c->sec) : blanks(buf, 0, c->sec));
}

/*
 * The line from buf[x] to its end at buf[e], which the scan passes whole:
 * a tag (x a '[' at a line's start) or a line comment; `braces` when it
 * holds a byte past x that may be a brace.  Returns 1 when x is the cut,
 * with s->scan at it.
 */
static int
line_end(pdn_cut *s, const char *buf, size_t x, size_t e, int braces,
    size_t min)
{
	if (buf[x] == '[') {
		if (x > 0 && result_before(buf, x)) {
			if (x >= min && check(s, buf, x)) {
				s->scan = x;
				return 1;
			}
			s->sec_tag = s->tag;
			s->sec = x;
		} else if (s->sec == PDN_CUT_NONE) {
			s->sec_tag = PDN_CUT_NONE;
			s->sec = x;
		}
		s->tag = x;
	}
	s->in_comment = braces && opens_comment(buf, x, e);
	return 0;
}

/*
 * The scan need not look at the bytes more than CUT_BACK before min: it
 * may go on from there, at from = min - CUT_BACK, as from a line start,
 * when no comment may be open there: when the scan stands out of one,
 * and the last brace between it and from is not '{' (or there is none),
 * the tokenizer is out of one at from, since a comment ends at the first
 * '}' and opens only at a '{'.  From there on the scan is in a comment
 * whenever the tokenizer is, as from the text's start (the rest of a tag
 * or line comment that from falls in is read as moves: a '{' there is
 * taken to open a comment, which it may), and that is all that the
 * check of a candidate asks of it; the lines starting with '[' before
 * from are forgotten (a candidate whose game started before from is not
 * taken: the next one is).  For -j N, whose chunks are 256 kB, that
 * leaves about 1 kB and a game of each to scan, and the memchr() calls
 * of opens_comment() over the rest: on intl-real-x20.pdn, cut as -j N
 * cuts it, 50.6 million instructions become 11.8 million, and on
 * intl-real-x100.pdn 38.4 ms become 9.9 ms (the fastest of 30 runs,
 * alternating, on this loaded machine).  fuzz/spans checks such cuts.
 */
#define CUT_BACK	1024

static void
leap(pdn_cut *s, const char *buf, size_t len, size_t min)
{
	size_t from;

	if (min <= CUT_BACK || len < min || s->in_comment ||
	    s->scan >= (from = min - CUT_BACK) ||
	    opens_comment(buf, s->scan, from))
		return;
	s->scan = from;
	s->tag = s->sec = s->sec_tag = PDN_CUT_NONE;
}

/*
 * The scan and the check of the candidates past min, a block of 64 bytes
 * at a time: the bits of the line ends and of the bytes that may matter
 * (struct block), the lines they start, and of those bytes the first past
 * where the scan stands; no byte between them is looked at again.  On the
 * 76 MB of intl-real-x100.pdn (100 copies of the real international games
 * of the issues' figures), cut as -j N cuts them (min 256 kB, the scan
 * starting again at each cut, more bytes given 64 kB at a time), gcc -O3,
 * the fastest of 40 runs alternating with the scan it replaces (lines one
 * by one, the ends of tag lines found with memchr()) on this loaded
 * machine: 21.3 ms against 29.7 ms (3.6 against 2.6 GB/s), at the same
 * 289 places.  Instructions hardly changed (50.6 million against 49.2 on
 * intl-real-x20.pdn): the memchr() calls and a branch a line went.
 */
size_t
pdn_cut_next(pdn_cut *c, const char *buf, size_t len, size_t min)
{
	pdn_cut s = *c;		/* in registers, not stored at each line */
	size_t p, x = 0;
	struct block b;
	uint64_t starts, m;
	const char *nl;
	unsigned k, e;
	int passing = 0, braces = 0;

	leap(&s, buf, len, min);
	p = s.scan;
	while (p < len) {
		if (s.in_comment) {
			/* Comments are few: the bytes to their end. */
			if ((nl = memchr(buf + p, '}', len - p)) == NULL) {
				p = len;
				break;
			}
			s.in_comment = 0;
			p = (size_t)(nl - buf) + 1;
			continue;
		}
		/* A block from p, and the bytes of it that start a line. */
		block_at(buf, p, len, &b);
		starts = b.nl << 1 | (p == 0 || buf[p - 1] == '\n');
		k = 0;
		if (passing) {
			/* The end of the line from x, in this block or on. */
			if (b.nl == 0) {
				braces |= b.ev != 0;
				p += 64;
				continue;
			}
			k = (unsigned)__builtin_ctzll(b.nl);
			passing = 0;
			if (line_end(&s, buf, x, p + k, braces ||
			    (b.ev & ~FROM(k)) != 0, min)) {
				*c = s;
				return x;
			}
			k++;
		}
		while (k < 64 && !s.in_comment) {
			/*
			 * Nothing else matters but a '{', a ';' and a line
			 * starting with '[' or '%'.
			 */
			if ((m = b.ev & FROM(k)) == 0) {
				k = 64;
				break;
			}
			k = (unsigned)__builtin_ctzll(m);
			x = p + k;
			if (buf[x] == '{') {
				s.in_comment = 1;
				k++;
				continue;
			}
			if (buf[x] != ';' && (!(starts >> k & 1) ||
			    buf[x] == 0x1b)) {
				k++;
				continue;
			}
			/* A tag, a line comment: to the line's end. */
			if ((m = b.nl & FROM(k)) == 0) {
				passing = 1;
				braces = (b.ev & AFTER(k)) != 0;
				k = 64;
				break;
			}
			e = (unsigned)__builtin_ctzll(m);
			if (line_end(&s, buf, x, p + e, (b.ev & AFTER(k) &
			    ~FROM(e)) != 0, min)) {
				*c = s;
				return x;
			}
			k = e + 1;
		}
		p += k;
	}
	/* A line not ended yet is passed again with more bytes. */
	s.scan = passing ? x : p < len ? p : len;
	*c = s;
	return 0;
}
