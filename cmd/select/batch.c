/*
 * pdn-select's batches (batch.h): the store of the games read and
 * judged (pick.c) until the main thread writes them (write.c).
 */
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "chunks.h"
#include <pdn/pdn.h>

/*
 * How many blanks s[0..len-1] begins with (a comparison a byte: strchr()
 * a byte was 1.5% of pdn-select -t's time).
 */
size_t
batch_lead(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && (s[i] == ' ' || s[i] == '\t' ||
	    s[i] == '\r' || s[i] == '\n'); i++)
		;
	return i;
}

void
batch_free(void *batch)
{
	struct batch *b = batch;

	pdn_buf_free(&b->body);
	pdn_buf_free(&b->arena);
	pdn_buf_free(&b->keys);
	free(b->it);
	chunk_kept_free(&b->kd);
}

/* A printed batch (write_items() emptied it) as a new one. */
void
batch_reset(void *batch)
{
	struct batch *b = batch;

	b->body.len = b->arena.len = b->keys.len = 0;
	b->body.oom = b->arena.oom = b->keys.oom = 0;
	b->nit = 0;
	b->games = 0;
	b->live = 0;
	b->status = 0;
	chunk_kept_clear(&b->kd);
	b->kd.oom = b->kd.arena.oom = 0;
	/* It may read another file, whose diagnostics are counted anew. */
	memset(b->said, 0, sizeof(b->said));
}
