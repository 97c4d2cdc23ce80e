/*
 * Fuzz target (libFuzzer): FEN reading, canonical writing, and the move
 * generator on whatever position a FEN can describe, in every variant the
 * library knows.  Checks the contracts rather than only crashes: a
 * written FEN reads back to the same position without a liberty taken
 * and writes again to the same text, and every generated move plays to a
 * position with the right pieces and the hash the move says.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
pieces(const pdn_position *p)
{
	return pdn_position_count(p, PDN_WHITE) +
	    pdn_position_count(p, PDN_BLACK);
}

/* One variant's round: the contracts above. */
static void
check(const pdn_variant *v, const uint8_t *data, size_t size)
{
	static pdn_movelist *list;
	const pdn_move *m;
	pdn_position pos, back, child;
	pdn_fen_info info;
	char fen[PDN_FEN_STRMAX], again[PDN_FEN_STRMAX];
	size_t len;
	int i, n, rc;

	if ((rc = pdn_fen_read(&pos, v, (const char *)data, size, &info)) !=
	    0) {
		/* A refusal is one of the FEN codes, at a place in the text. */
		if (rc > PDN_EFEN_EMPTY || rc < PDN_EFEN_TRAILING ||
		    info.offset > size)
			abort();
		return;
	}
	if (pdn_position_variant(&pos) != v)
		abort();
	len = pdn_fen_write(fen, sizeof(fen), &pos);
	if (len >= sizeof(fen) || pdn_fen_read(&back, v, fen, len, &info) != 0 ||
	    !pdn_position_equal(&pos, &back))
		abort();
	/*
	 * The canonical FEN takes no liberty (but a man on its crown row is
	 * the position's) and is written back as it is.
	 */
	if ((info.warnings & ~(unsigned)PDN_FEN_W_MAN_ON_CROWN_ROW) != 0 ||
	    info.halfmove_clock != -1 || info.fullmove != -1 ||
	    pdn_fen_write(again, sizeof(again), &back) != len ||
	    memcmp(fen, again, len) != 0)
		abort();
	if (list == NULL && pdn_movelist_new(&list) != 0)
		abort();
	n = pdn_generate(list, &pos);
	if (n < 0)
		n = pdn_movelist_count(list);
	if (pdn_count_moves(&pos) != n)
		abort();
	for (i = 0; i < n; i++) {
		m = pdn_movelist_get(list, i);
		child = pos;
		pdn_make(&child, m);
		if (pieces(&child) != pieces(&pos) - pdn_move_captures(m) ||
		    pdn_position_hash(&child) !=
		    pdn_hash_after(pdn_position_hash(&pos), &pos, m))
			abort();
		(void)pdn_perft(&child, 1, 0);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const pdn_variant *v;
	int k;

	for (k = 0; (v = pdn_variant_list(k)) != NULL; k++)
		check(v, data, size);
	return 0;
}
