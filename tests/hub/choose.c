/*
 * The move the test engines play (choose.h).
 */
#include "choose.h"

const pdn_move *
choose_move(const pdn_position *pos, const pdn_movelist *list,
    pdn_movelist *reply, unsigned long long seed, int greedy)
{
	int n = pdn_movelist_count(list), i, best = 0, bc = 1 << 30, c;
	unsigned long long h = pdn_position_hash(pos) ^
	    (seed * 0x9e3779b97f4a7c15ULL);
	pdn_position after;

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	if (!greedy)
		return pdn_movelist_get(list, (int)(h % (unsigned)n));
	for (i = 0; i < n; i++) {
		int k = (int)((h + (unsigned)i) % (unsigned)n);
		const pdn_move *r;

		after = *pos;
		pdn_make(&after, pdn_movelist_get(list, k));
		pdn_generate(reply, &after);
		r = pdn_movelist_get(reply, 0);
		c = r != NULL ? pdn_move_captures(r) : 0;
		if (c < bc) {
			bc = c;
			best = k;
		}
	}
	return pdn_movelist_get(list, best);
}
