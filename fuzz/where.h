/*
 * For the fuzz targets: is a diagnostic's place within the text it is
 * about?  Lines are counted as the reader counts them, at each LF (a CR
 * before it, or alone, is a byte of the line), columns in bytes from 1,
 * and the end of the text is a place too: its line is the last one (after
 * a final LF, an empty line) and its column that line's length + 1.
 */
#ifndef FUZZ_WHERE_H
#define FUZZ_WHERE_H

#include <stddef.h>
#include <string.h>

struct where {
	const char *s;
	size_t len;
	long lines;
};

static void
where_init(struct where *w, const char *s, size_t len)
{
	size_t i;

	w->s = s;
	w->len = len;
	w->lines = 1;
	for (i = 0; i < len; i++)
		if (s[i] == '\n')
			w->lines++;
}

/* The length of line `line` (1 to w->lines) without its LF. */
static long
where_line_length(const struct where *w, long line)
{
	const char *p = w->s, *end = w->s + w->len, *nl;
	long l;

	for (l = 1; l < line; l++)
		p = (const char *)memchr(p, '\n', (size_t)(end - p)) + 1;
	nl = memchr(p, '\n', (size_t)(end - p));
	return (long)((nl != NULL ? nl : end) - p);
}

/* Nonzero when line:col is a place of the text. */
static int
where_within(const struct where *w, long line, long col)
{
	return line >= 1 && line <= w->lines && col >= 1 &&
	    col <= where_line_length(w, line) + 1;
}

#endif /* FUZZ_WHERE_H */
