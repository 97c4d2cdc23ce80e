/*
 * pdn-select --split-by: a tag's value made a part of a file name
 * (partname.h).  The reader has made every value UTF-8 (a byte of invalid
 * UTF-8 read as Latin-1): the same holds here for a value from elsewhere,
 * so that every name is UTF-8 and made alike from alike values.
 */
#include <string.h>

#include "partname.h"

/*
 * The character at s[*i], of the len bytes of s, and *i past it: valid
 * UTF-8 (no overlong form, no surrogate, at most U+10FFFF), else the byte
 * itself as a Latin-1 character.
 */
static uint32_t
next_char(const unsigned char *s, size_t len, size_t *i)
{
	uint32_t c = s[*i], min;
	size_t n, k;

	if (c < 0x80) {
		(*i)++;
		return c;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		c &= 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		c &= 0x07;
		min = 0x10000;
	} else
		return s[(*i)++];
	if (len - *i < n)
		return s[(*i)++];
	for (k = 1; k < n; k++) {
		if ((s[*i + k] & 0xc0) != 0x80)
			return s[(*i)++];
		c = c << 6 | (s[*i + k] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return s[(*i)++];
	*i += n;
	return c;
}

/* Writes c as UTF-8 into out (4 bytes of room); returns its length. */
static size_t
put_char(char *out, uint32_t c)
{
	unsigned char *u = (unsigned char *)out;

	if (c < 0x80) {
		u[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		u[0] = (unsigned char)(0xc0 | c >> 6);
		u[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		u[0] = (unsigned char)(0xe0 | c >> 12);
		u[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	u[0] = (unsigned char)(0xf0 | c >> 18);
	u[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	u[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	u[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

/*
 * Whether c, not ASCII, stays in a name: not a control, a space (as the
 * ASCII blank does not stay), nor an invisible character that would make
 * a name look like another or show its bytes in another order (soft
 * hyphen, zero widths, marks and overrides of direction, the byte order
 * mark, the noncharacters U+FFFE and U+FFFF).
 */
static int
kept(uint32_t c)
{
	if (c <= 0xa0 || c == 0xad || c == 0x61c || c == 0x1680 ||
	    c == 0x180e || c == 0x202f || c == 0x205f || c == 0x3000 ||
	    c == 0xfeff || (c >= 0xfff9 && c <= 0xffff))
		return 0;
	if ((c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) ||
	    (c >= 0x2060 && c <= 0x206f))
		return 0;
	return 1;
}

void
partname_make(char *dst, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	char enc[4];
	size_t i = 0, n = 0, chars = 0, k;
	uint32_t c;

	while (i < len && chars < PARTNAME_CHARS) {
		c = next_char(u, len, &i);
		if (c >= 0x80 ? kept(c) : (c >= '0' && c <= '9') ||
		    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c != '\0' && strchr("-_+,=@", (int)c) != NULL) ||
		    (c == '.' && n > 0))
			k = put_char(enc, c);
		else
			k = put_char(enc, '_');
		if (n + k > PARTNAME_BYTES)
			break;
		memcpy(dst + n, enc, k);
		n += k;
		chars++;
	}
	if (n == 0)
		dst[n++] = '_';
	dst[n] = '\0';
}

/*
 * c in lower case, for the letters of the scripts named in partname.h.
 * Where unsure it folds more than a file system would, which only costs a
 * name its -2.
 */
static uint32_t
fold(uint32_t c)
{
	if (c >= 'A' && c <= 'Z')
		return c + 32;
	if (c < 0xc0)
		return c;
	if (c <= 0xde)
		return c == 0xd7 ? c : c + 32;
	if ((c >= 0x100 && c <= 0x137) || (c >= 0x14a && c <= 0x177))
		return c | 1;
	if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e))
		return c + (c & 1);
	if (c == 0x178)
		return 0xff;
	if ((c >= 0x391 && c <= 0x3ab && c != 0x3a2) || c == 0x3c2)
		return c == 0x3c2 ? 0x3c3 : c + 32;
	if (c >= 0x400 && c <= 0x40f)
		return c + 80;
	if (c >= 0x410 && c <= 0x42f)
		return c + 32;
	if ((c >= 0x460 && c <= 0x481) || (c >= 0x48a && c <= 0x4bf) ||
	    (c >= 0x4d0 && c <= 0x52f))
		return c | 1;
	if (c >= 0x4c1 && c <= 0x4ce)
		return c + (c & 1);
	return c;
}

int
partname_same(const char *a, const char *b)
{
	const unsigned char *ua = (const unsigned char *)a;
	const unsigned char *ub = (const unsigned char *)b;
	size_t la = strlen(a), lb = strlen(b), i = 0, j = 0;

	while (i < la && j < lb)
		if (fold(next_char(ua, la, &i)) != fold(next_char(ub, lb, &j)))
			return 0;
	return i == la && j == lb;
}

uint64_t
partname_hash(const char *name)
{
	const unsigned char *u = (const unsigned char *)name;
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t len = strlen(name), i = 0;

	while (i < len)
		h = (h ^ fold(next_char(u, len, &i))) * 0x100000001b3ULL;
	return h;
}
