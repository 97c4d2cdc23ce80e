/*
 * Fuzz target (libFuzzer): where the reader says a game and its elements
 * lie in any bytes, and what is done at those places.  Besides crashes,
 * leaks and undefined behaviour it checks the promises of the cutter
 * (pdn_cut_next()) and of the edits at the spans (pdn_patch_result(),
 * pdn_patch_cut()):
 *
 *  - every diagnostic is within the text (where.h);
 *  - element spans lie in order, and edits made at the spans keep every
 *    other game and every other byte of a game (patched.h), as
 *    pdn-adjudicate -i makes them;
 *  - every cut of the input (pdn_cut_next(), found with the whole input
 *    in view and again as it comes in pieces, as -j N reads it) is where
 *    the reader starts a game afresh, and the parts read apart give the
 *    games and diagnostics of the whole.
 *
 * These checks were fuzz/reader.c's, which checks the round trip through
 * the canonical writer, and fuzz/skim.c checks the reader with
 * skip_moves: apart, each target runs about twice as many inputs a second
 * as the one did, and this one replays and writes nothing.  A run reads
 * the input once for what the reader says of it and where its games
 * start (seen_read()), then check_cuts() compares the parts with that
 * read, and check_patch() reads the input and its edited copy.  The
 * input's file hint serves every read of it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
#include "patched.h"
#include "seen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Where each game of a read starts and ends, whether it ended with its
 * result token, and whether something other than blanks came before it
 * (its lead): what a cut of the text relies on.
 */
struct start {
	uint64_t offset, end;
	int terminated;		/* by its result token */
	int truncated;		/* by an error, and skipped to its end */
	int lead;
};

struct starts {
	struct start *s;
	size_t n, cap;
};

static void
starts_add(struct starts *ss, const pdn_game *g)
{
	struct start *np;

	if (ss->n == ss->cap) {
		ss->cap = ss->cap ? ss->cap * 2 : 16;
		if ((np = realloc(ss->s, ss->cap * sizeof(*np))) == NULL)
			abort();
		ss->s = np;
	}
	np = &ss->s[ss->n++];
	np->offset = g->span.offset;
	np->end = g->span.offset + g->span.len;
	np->terminated = g->terminator != NULL && !g->truncated;
	np->truncated = g->truncated;
	np->lead = g->lead != NULL;
}

/* Where game g starts and ends, kept in starts (arg). */
static void
add_start(void *arg, const pdn_game *g)
{
	starts_add(arg, g);
}

/*
 * The input, what a reader said of it (skim_game_text() and collect())
 * and where its games start.
 */
struct first {
	struct text in;
	pdn_buf seen;
	struct starts starts;
};

/*
 * The bytes past those a call is given are poisoned under
 * AddressSanitizer, so that a read of one is an error: the cutter's
 * calls see a text that grows in a buffer of the whole input.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(FUZZ_ASAN)
#include <sanitizer/asan_interface.h>
#define HIDE(p, n)	ASAN_POISON_MEMORY_REGION((p), (n))
#define SHOW(p, n)	ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define HIDE(p, n)	((void)(p), (void)(n))
#define SHOW(p, n)	((void)(p), (void)(n))
#endif

/*
 * The places where the input may be cut (pdn_cut_next()), each scan
 * starting from the last cut as -j N does, at `min` bytes past it or
 * later: with the whole rest in view, or with it given in pieces of
 * varying sizes (with min 0 the cuts are the same).  Returns how many,
 * into cuts[].
 */
static size_t
cuts_of(const struct text *t, uint64_t *cuts, size_t max, int pieces,
    size_t min)
{
	const char *data = t->w.data;
	uint64_t seed = t->w.size;
	size_t base = 0, have = 0, n = 0, at, step, size = t->w.size;
	pdn_cut c = PDN_CUT_INIT, fresh = PDN_CUT_INIT;
	char *view;

	if ((view = malloc(size > 0 ? size : 1)) == NULL)
		abort();
	memcpy(view, data, size);
	while (n < max && base < size) {
		if (!pieces)
			have = size - base;
		else {
			/* The next piece: 1 to 64 bytes, as the input says. */
			seed = seed * 6364136223846793005ULL +
			    (unsigned char)data[base + have % (size - base)];
			step = 1 + (size_t)(seed >> 58);
			have = have + step < size - base ? have + step :
			    size - base;
		}
		HIDE(view + base + have, size - base - have);
		at = pdn_cut_next(&c, view + base, have, min);
		SHOW(view + base + have, size - base - have);
		if (at > 0) {
			if (at >= have)
				abort();
			cuts[n++] = base + at;
			base += at;
			have = 0;
			c = fresh;
		} else if (have == size - base)
			break;
	}
	free(view);
	return n;
}

/*
 * Each of cuts[0..n) is where the reader of the whole starts a game
 * afresh: the game before it ended with its result token, and only blanks
 * lie between the two, or an error cut it short and the skip after the
 * error stopped there.
 */
static void
starts_afresh(const struct first *f, const uint64_t *cuts, size_t n)
{
	const struct starts *ss = &f->starts;
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		while (k < ss->n && ss->s[k].offset < cuts[i])
			k++;
		if (k == 0 || k == ss->n || ss->s[k].offset != cuts[i] ||
		    ss->s[k].lead || (ss->s[k - 1].terminated ?
		    ss->s[k - 1].end > cuts[i] : !ss->s[k - 1].truncated ||
		    ss->s[k - 1].end != cuts[i])) {
			fprintf(stderr, "spans: a cut at byte %llu, where no "
			    "game starts afresh\n",
			    (unsigned long long)cuts[i]);
			abort();
		}
	}
}

/*
 * Every cut of the input is where the reader of the whole starts a game
 * afresh, as a reader of the text from there does: the game before it
 * ended with its result token, and only blanks lie between the two, or
 * an error cut it short and the skip after the error stopped there (no
 * junk skipped, no comment, nothing a reader carries from one game to the
 * next).  And so reading the parts apart, each with a reader of its own,
 * gives what the whole gave, game by game and diagnostic by
 * diagnostic, their places counted from each part's start: what -j N
 * relies on to print what -j 1 prints.
 */
static void
check_cuts(const struct first *f)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	uint64_t cuts[64], again[64];
	size_t n, i, from, to;
	long games;
	pdn_buf parts = { 0 };
	struct diags ds;
	const char *nl;
	pdn_reader *r;
	const pdn_game *g;
	int rc, pieces;

	n = cuts_of(&f->in, cuts, sizeof(cuts) / sizeof(cuts[0]), 0, 0);
	if (cuts_of(&f->in, again, sizeof(again) / sizeof(again[0]), 1, 0) !=
	    n || (n > 0 && memcmp(cuts, again, n * sizeof(cuts[0])) != 0)) {
		fprintf(stderr, "spans: the cuts differ when the text comes "
		    "in pieces\n");
		abort();
	}
	starts_afresh(f, cuts, n);
	/*
	 * With min past 1 kB the scan may leap over the bytes before it
	 * (cut.c, leap()): where it cuts then, a game starts afresh too.
	 */
	for (pieces = 0; pieces < 2; pieces++)
		starts_afresh(f, again, cuts_of(&f->in, again,
		    sizeof(again) / sizeof(again[0]), pieces,
		    f->in.w.size / 3));
	if (n == 0)
		return;
	/* The parts read apart, as seen_read() read the whole. */
	opt.finish = pdn_game_finish;
	opt.finish_arg = f->in.hint;
	opt.keep_raw = 1;
	opt.diag = collect;
	opt.diag_arg = &ds;
	memset(&ds, 0, sizeof(ds));
	ds.out = &parts;
	for (i = 0, from = 0; i <= n; i++, from = to) {
		to = i < n ? (size_t)cuts[i] : f->in.w.size;
		where_init(&ds.text, f->in.w.data + from, to - from);
		if (pdn_reader_new_mem(&r, f->in.w.data + from, to - from,
		    &opt) != 0)
			abort();
		for (games = 0; (rc = pdn_reader_next(&g, r)) == 1; games++)
			skim_game_text(&parts, g, &ds.at);
		if (rc != 0)
			abort();
		pdn_reader_free(r);
		where_free(&ds.text);
		ds.at.game += games;
		ds.at.offset = to;
		for (nl = f->in.w.data + from; (nl = memchr(nl, '\n',
		    (size_t)(f->in.w.data + to - nl))) != NULL; nl++)
			ds.at.line++;
	}
	if (parts.oom || !same_bytes(f->seen.data, f->seen.len, parts.data,
	    parts.len)) {
		fprintf(stderr, "spans: the parts cut read otherwise\n");
		abort();
	}
	pdn_buf_free(&parts);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct first f;

	memset(&f, 0, sizeof(f));
	text_open(&f.in, (const char *)data, size);
	seen_read(&f.in, &f.seen, add_start, &f.starts);
	check_cuts(&f);
	check_patch((const char *)data, size);
	text_close(&f.in);
	free(f.starts.s);
	pdn_buf_free(&f.seen);
	return 0;
}
