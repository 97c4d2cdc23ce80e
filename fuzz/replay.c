/*
 * Fuzz target (libFuzzer): the replay, strict and lenient, on whatever
 * games the reader makes of any bytes.  Besides crashes it checks that the
 * replayed main line hangs together: each ply starts where the last one
 * ended, each move is one of the legal moves of its position (or, in the
 * lenient mode, flagged irregular), and the line ends on a final position.
 * Only a /FEN/ setup may break the chain of positions.
 */
#include <stdint.h>
#include <stdlib.h>

#include <pdn/pdn.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
is_legal(const pdn_position *pos, const pdn_move *m)
{
	static pdn_movelist *list;
	int i, n;

	if (list == NULL && pdn_movelist_new(&list) != 0)
		abort();
	n = pdn_generate(list, pos);
	for (i = 0; i < n; i++)
		if (pdn_move_equal(pdn_movelist_get(list, i), m))
			return 1;
	return 0;
}

static void
check(const pdn_played *pg)
{
	pdn_ply p;
	pdn_position at, next;
	long i, plies = pdn_played_plies(pg);
	int k;

	for (k = 0; k < pdn_played_lines(pg); k++) {
		at = *pdn_played_start(pg);
		for (i = 0; i < plies; i++) {
			/* A /FEN/ setup replaces the position before a ply. */
			if (pdn_played_ply(&p, pg, k, i) != 0 ||
			    (!(p.flags & PDN_PLY_SETUP) &&
			    !pdn_position_equal(p.before, &at)))
				abort();
			if (!(p.flags & PDN_PLY_IRREGULAR) &&
			    !is_legal(p.before, p.move))
				abort();
			if (!(p.flags & PDN_PLY_IRREGULAR)) {
				next = *p.before;
				pdn_make(&next, p.move);
				if (!pdn_position_equal(&next, p.after))
					abort();
			}
			at = *p.after;
		}
		if (pdn_played_final(pg, k) == NULL)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pdn_replay_options opt = PDN_REPLAY_OPTIONS_INIT;
	pdn_reader *r;
	pdn_replay *rp;
	const pdn_game *g;
	const pdn_played *pg;

	if (pdn_reader_new_mem(&r, (const char *)data, size, NULL) != 0 ||
	    pdn_replay_new(&rp) != 0)
		abort();
	while (pdn_reader_next(&g, r) == 1) {
		opt.flags = 0;
		if (pdn_replay_game(&pg, rp, g, &opt) != 0)
			abort();
		check(pg);
		opt.flags = PDN_REPLAY_LENIENT;
		if (pdn_replay_game(&pg, rp, g, &opt) != 0)
			abort();
		check(pg);
	}
	pdn_replay_free(rp);
	pdn_reader_free(r);
	return 0;
}
