/*
 * For fuzz/reader.c and fuzz/spans.c: a text to read with the file hint
 * the tools would give it.
 */
#ifndef FUZZ_TEXT_H
#define FUZZ_TEXT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>

static int
same_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

/* A text as its own head, for the file hint (pdn_file_hint_new()). */
struct whole {
	const char *data;
	size_t size;
};

static const char *
whole_head(void *arg, size_t *len, int *whole)
{
	const struct whole *w = arg;

	*len = w->size;
	*whole = 1;
	return w->data;
}

/*
 * A text to read and its file hint, which decides the variants that its
 * games leave open, as the tools do: one for every read of the text, as
 * the readers of one input's chunks share one (the hint reads the text's
 * first games once, when a game first asks).
 */
struct text {
	struct whole w;
	pdn_file_hint *hint;
};

static void
text_open(struct text *t, const char *data, size_t size)
{
	t->w.data = data != NULL ? data : "";
	t->w.size = size;
	if (pdn_file_hint_new(&t->hint, whole_head, &t->w) != 0)
		abort();
}

static void
text_close(struct text *t)
{
	pdn_file_hint_free(t->hint);
}

#endif /* FUZZ_TEXT_H */
