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
#include <stdlib.h>
#include <string.h>

/*
 * The text and where each of its lines starts (start[lines] is one past
 * the end): a diagnostic is looked up in constant time, where walking the
 * text for each one made an input of many lines and diagnostics cost
 * their product.
 */
struct where {
	const char *s;
	size_t len;
	long lines;
	size_t *start;
};

static void
where_init(struct where *w, const char *s, size_t len)
{
	const char *p, *end = s + len;
	long n;

	w->s = s;
	w->len = len;
	w->lines = 1;
	for (p = s; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		w->lines++;
	if ((w->start = malloc((size_t)(w->lines + 1) *
	    sizeof(*w->start))) == NULL)
		abort();
	w->start[0] = 0;
	for (p = s, n = 1; (p = memchr(p, '\n', (size_t)(end - p))) != NULL;
	    p++)
		w->start[n++] = (size_t)(p - s) + 1;
	/* As if a LF followed the last line. */
	w->start[n] = len + 1;
}

static void
where_free(struct where *w)
{
	free(w->start);
	w->start = NULL;
}

/* Nonzero when line:col is a place of the text. */
static int
where_within(const struct where *w, long line, long col)
{
	return line >= 1 && line <= w->lines && col >= 1 &&
	    (size_t)col <= w->start[line] - w->start[line - 1];
}

#endif /* FUZZ_WHERE_H */
