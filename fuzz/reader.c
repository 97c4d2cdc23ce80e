/*
 * Fuzz target (libFuzzer): the reader, the replay and the canonical
 * writer on any bytes.  Besides crashes, leaks and undefined behaviour it
 * checks the writer's promise for input the reader accepts without an error: the
 * canonical output is a fixed point, so reading what it wrote and writing
 * again gives the same bytes.  (A game with a syntax error is written
 * byte for byte as read, then a blank line when it does not end with one:
 * it may settle only on the second pass.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdn_write.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
count_errors(const pdn_diag *d, void *arg)
{
	if (d->severity == PDN_SEV_ERROR)
		(*(long *)arg)++;
}

/*
 * Reads every game of data and writes the complete ones canonically;
 * returns the number of errors reported.
 */
static long
rewrite(const char *data, size_t size, pdn_buf *out)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_game *g;
	const pdn_played *pg;
	long errors = 0;

	opt.diag = count_errors;
	opt.diag_arg = &errors;
	opt.keep_raw = 1;
	ro.flags = PDN_REPLAY_NO_RESULT;
	if (pdn_reader_new_mem(&r, data, size, &opt) != 0 ||
	    pdn_replay_new(&rp) != 0)
		abort();
	while (pdn_reader_next(&g, r) == 1)
		if (pdn_replay_game(&pg, rp, g, &ro) != 0 ||
		    pdn_game_write(out, g, pg) != 0)
			abort();
	pdn_replay_free(rp);
	pdn_reader_free(r);
	return errors;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pdn_buf once = { 0 }, twice = { 0 };
	long errors;

	errors = rewrite((const char *)data, size, &once);
	rewrite(once.data != NULL ? once.data : "", once.len, &twice);
	if (errors == 0 && (once.len != twice.len ||
	    (once.len > 0 && memcmp(once.data, twice.data, once.len) != 0)))
		abort();
	pdn_buf_free(&once);
	pdn_buf_free(&twice);
	return 0;
}
