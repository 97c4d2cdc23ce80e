/*
 * Fuzz target (libFuzzer): the replay, strict and lenient, on whatever
 * games the reader makes of any bytes.  Besides crashes it checks that the
 * replayed main line hangs together: each ply starts where the last one
 * ended, each move is one of the legal moves of its position (or, in the
 * lenient mode, flagged irregular), and the line ends on a final position.
 * Only a /FEN/ setup may break the chain of positions.
 *
 * A run does the reading and the two replays and little else: the replay
 * handle and the move list serve every run (a handle is reset by each
 * game, as the tools reuse theirs), and a move found legal in a position
 * is not generated again in that run: the lenient replay and the lines of
 * an ambiguous record go through the same positions and moves as the
 * strict one, and every move is still checked against the generator once
 * (pdn_generate() took a fifth of the time).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>
/* What the library keeps of a game: whether its GameType is decided. */
#include "gamepriv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The moves found legal in this run, each with the position it was
 * played in: a table of SEEN slots addressed by a hash of the position,
 * with no removal (emptied by the next run), that stops taking moves
 * when full.
 */
#define SEEN	4096

struct seen {
	pdn_position pos[SEEN];
	unsigned char *moves;	/* SEEN moves of pdn_move_size() bytes */
	unsigned char used[SEEN];
	size_t n;
};

static struct seen seen;

static size_t
seen_slot(const pdn_position *pos)
{
	const unsigned char *b = (const unsigned char *)pos;
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < sizeof(*pos); i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return (size_t)(h % SEEN);
}

/*
 * Looks up move m in pos: 1 when it was found legal there, else 0 with
 * *at the free slot to keep it in (SEEN: none).
 */
static int
seen_find(const pdn_position *pos, const pdn_move *m, size_t *at)
{
	size_t i, k, size = pdn_move_size();

	*at = SEEN;
	if (seen.n >= SEEN / 2)
		return 0;
	for (i = seen_slot(pos), k = 0; k < SEEN; i = (i + 1) % SEEN, k++) {
		if (!seen.used[i]) {
			*at = i;
			return 0;
		}
		if (memcmp(&seen.pos[i], pos, sizeof(*pos)) == 0 &&
		    pdn_move_equal((const pdn_move *)(const void *)
		    (seen.moves + i * size), m))
			return 1;
	}
	return 0;
}

static int
is_legal(const pdn_position *pos, const pdn_move *m)
{
	static pdn_movelist *list;
	size_t at;
	int i, n;

	if (list == NULL && pdn_movelist_new(&list) != 0)
		abort();
	if (seen_find(pos, m, &at))
		return 1;
	n = pdn_generate(list, pos);
	for (i = 0; i < n; i++)
		if (pdn_move_equal(pdn_movelist_get(list, i), m)) {
			if (at < SEEN) {
				seen.used[at] = 1;
				seen.pos[at] = *pos;
				memcpy(seen.moves + at * pdn_move_size(), m,
				    pdn_move_size());
				seen.n++;
			}
			return 1;
		}
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
	static pdn_replay *rp;
	pdn_replay_options opt = PDN_REPLAY_OPTIONS_INIT;
	pdn_reader *r;
	struct pdn_game_priv decided;
	const pdn_game *g;
	const pdn_played *pg;
	const pdn_variant *v;

	if (rp == NULL && (pdn_replay_new(&rp) != 0 ||
	    (seen.moves = malloc(SEEN * pdn_move_size())) == NULL))
		abort();
	memset(seen.used, 0, sizeof(seen.used));
	seen.n = 0;
	if (pdn_reader_new_mem(&r, (const char *)data, size, NULL) != 0)
		abort();
	while (pdn_reader_next(&g, r) == 1) {
		opt.flags = 0;
		if (pdn_replay_game(&pg, rp, g, &opt) != 0)
			abort();
		check(pg);
		/*
		 * The reader has no finish hook: the strict replay decided
		 * the type of an untagged game itself, by replaying its
		 * moves in each variant that may be its (both replays doing
		 * so took a third of a run).  The lenient replay is given
		 * that type, which it would decide again the same way (the
		 * mode plays no part in it), in a copy of the record and of
		 * what the library keeps of it that says it is decided.
		 */
		if (g->gametype_inferred && !game_finished(g) &&
		    (v = pdn_played_variant(pg)) != NULL) {
			decided = *g->priv;
			decided.pub.priv = &decided;
			decided.pub.gametype = pdn_variant_gametype(v);
			decided.finished = 1;
			g = &decided.pub;
		}
		opt.flags = PDN_REPLAY_LENIENT;
		if (pdn_replay_game(&pg, rp, g, &opt) != 0)
			abort();
		check(pg);
	}
	pdn_reader_free(r);
	return 0;
}
