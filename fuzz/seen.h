/*
 * For fuzz/spans.c and fuzz/skim.c: what a reader says of a text, game by
 * game and diagnostic by diagnostic, as text to compare with what another
 * read of it says (skim_game_text(), collect(), seen_read()); every
 * diagnostic within its text (where.h).
 */
#ifndef FUZZ_SEEN_H
#define FUZZ_SEEN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
#include "skim.h"
#include "text.h"
#include "where.h"

/*
 * Where a read's text starts in the input: the lines, games and bytes
 * before it, which its places are counted from (a part of the input cut by
 * pdn_cut_next(), read apart as -j N reads it).
 */
struct base {
	long line, game;
	uint64_t offset;
};

/* The diagnostics of a read, the text they are about, and its base. */
struct diags {
	pdn_buf *out;
	struct where text;
	struct base at;
};

/*
 * Appends the diagnostic's code and place, counted from the base of its
 * text, which it is within.
 */
static void
collect(const pdn_diag *d, void *arg)
{
	struct diags *ds = arg;
	char s[160];

	if (!where_within(&ds->text, d->line, d->col)) {
		fprintf(stderr, "fuzz: diagnostic %s at %ld:%ld, outside the "
		    "text (%ld lines)\n", d->name, d->line, d->col,
		    ds->text.lines);
		abort();
	}
	snprintf(s, sizeof(s), "%ld:%ld %s game %ld ply %ld\n",
	    d->line + ds->at.line, d->col, d->name,
	    d->game > 0 ? d->game + ds->at.game : 0, d->ply);
	pdn_buf_add(ds->out, s, strlen(s));
}

/*
 * What a reader says of game g besides its moves: its place, span,
 * counts, GameType, tags, terminator and raw text; its place counted in
 * the input from the base of its text.
 */
static void
skim_game_text(pdn_buf *out, const pdn_game *g, const struct base *at)
{
	pdn_game in = *g;
	char s[320];
	size_t i;

	in.index += at->game;
	in.line += at->line;
	in.offset += at->offset;
	in.span.offset += at->offset;
	skim_game(s, sizeof(s), &in);
	pdn_buf_add(out, s, strlen(s));
	for (i = 0; i < g->ntags; i++) {
		pdn_buf_add(out, g->tags[i].name, strlen(g->tags[i].name));
		pdn_buf_add(out, "=", 1);
		pdn_buf_add(out, g->tags[i].value, g->tags[i].vlen);
		pdn_buf_add(out, "\n", 1);
	}
	if (g->raw != NULL)
		pdn_buf_add(out, g->raw, g->rawlen);
	if (g->terminator != NULL)
		pdn_buf_add(out, g->terminator, strlen(g->terminator));
	pdn_buf_add(out, "\n", 1);
}

/*
 * Reads every game of t as the tools do (keep_raw 1, the file hint
 * deciding the variants left open), appending to seen what the reader
 * says of each game (skim_game_text()) and each diagnostic (collect()),
 * in order; each game also goes to each(arg, g) unless each is NULL.
 */
static void
seen_read(const struct text *t, pdn_buf *seen,
    void (*each)(void *, const pdn_game *), void *arg)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	struct diags ds;
	pdn_reader *r;
	const pdn_game *g;
	int rc;

	opt.finish = pdn_game_finish;
	opt.finish_arg = t->hint;
	opt.keep_raw = 1;
	memset(&ds, 0, sizeof(ds));
	ds.out = seen;
	where_init(&ds.text, t->w.data, t->w.size);
	opt.diag = collect;
	opt.diag_arg = &ds;
	if (pdn_reader_new_mem(&r, t->w.data, t->w.size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		skim_game_text(seen, g, &ds.at);
		if (each != NULL)
			each(arg, g);
	}
	if (rc != 0 || seen->oom)
		abort();
	pdn_reader_free(r);
	where_free(&ds.text);
}

#endif /* FUZZ_SEEN_H */
