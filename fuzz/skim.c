/*
 * Fuzz target (libFuzzer): the reader with skip_moves, which reads the
 * tags of games and skims over their moves (as pdn-select does when it
 * needs no move), against the reader that reads all, on any bytes.
 * Besides crashes, leaks and undefined behaviour it checks that:
 *
 *  - every diagnostic is within the text (where.h);
 *  - a reader with skip_moves, for the tags alone, reads the same games
 *    (places, spans, counts, tags, terminators, text kept as read) with
 *    the same diagnostics (pdn/record.h).
 *
 * This check was fuzz/reader.c's, which checks the round trip through the
 * canonical writer: apart, each target runs faster.  A run reads the
 * input twice, with the file hint the tools would give it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
#include "seen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * What a reader with skip_moves, for the tags alone, says of t: every
 * game but its moves (skim_game_text()) and every diagnostic, in order.
 */
static void
skim(const struct text *t, pdn_buf *out)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	struct diags ds;
	pdn_reader *r;
	const pdn_game *g;
	int rc;

	opt.finish = pdn_game_finish;
	opt.finish_arg = t->hint;
	memset(&ds, 0, sizeof(ds));
	ds.out = out;
	where_init(&ds.text, t->w.data, t->w.size);
	opt.keep_raw = 1;
	opt.skip_moves = 1;
	opt.diag = collect;
	opt.diag_arg = &ds;
	if (pdn_reader_new_mem(&r, t->w.data, t->w.size, &opt) != 0)
		abort();
	while ((rc = pdn_reader_next(&g, r)) == 1)
		skim_game_text(out, g, &ds.at);
	if (rc != 0 || out->oom)
		abort();
	pdn_reader_free(r);
	where_free(&ds.text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct text in;
	pdn_buf seen = { 0 }, tags = { 0 };

	text_open(&in, (const char *)data, size);
	seen_read(&in, &seen, NULL, NULL);
	skim(&in, &tags);
	if (!same_bytes(seen.data, seen.len, tags.data, tags.len))
		abort();
	text_close(&in);
	pdn_buf_free(&seen);
	pdn_buf_free(&tags);
	return 0;
}
