/*
 * The bitboard generator against a reference generator written the
 * obvious way: a 10x10 array, (row, column) coordinates as in RULES.md
 * section 1, and a plain recursive search for captures.  The two share no
 * code, so a mistake in the shifts, the ghost squares or the pruning of
 * the fast generator shows up as a difference on some position.  The
 * positions are random (a fixed seed: every run checks the same ones) and
 * rich in kings, which the perft tree from the start position hardly
 * reaches.  On the same positions, pdn_perft()'s walk under each of its
 * code paths against perft over the listed moves.
 */
/*
 * A white-box test: a position's fields (layout.h, which comes before
 * <pdn/pdn.h>) and the variants' bit layout (variant.h).
 */
#include "layout.h"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "move.h"
#include "perft.h"
#include "variant.h"

#define NPOSITIONS 40000
#define NPERFT 4000	/* random positions counted ... */
#define NDEPTH 4	/* ... to this depth */

/* A move reduced to what identifies it: from, to, captured squares. */
struct ref_move {
	int from, to;
	uint64_t captured;	/* bit n-1 for square n */
};

struct ref {
	int board[10][10];	/* pdn_piece values */
	int captured[10][10];
	int white;		/* the side to move is White */
	int from;
	int best;
	int n;
	struct ref_move moves[4096];
};

static int
square_of(int r, int c)
{
	return r * 5 + c / 2 + 1;
}

static int
on_board(int r, int c)
{
	return r >= 0 && r < 10 && c >= 0 && c < 10 && (r + c) % 2 == 1;
}

static int
is_enemy(const struct ref *x, int p)
{
	if (x->white)
		return p == PDN_BLACK_MAN || p == PDN_BLACK_KING;
	return p == PDN_WHITE_MAN || p == PDN_WHITE_KING;
}

static void
add(struct ref *x, int from, int to, uint64_t captured, int count)
{
	int i;

	if (count < x->best)
		return;
	if (count > x->best) {
		x->best = count;
		x->n = 0;
	}
	for (i = 0; i < x->n; i++)
		if (x->moves[i].from == from && x->moves[i].to == to &&
		    x->moves[i].captured == captured)
			return;
	if (x->n == (int)(sizeof(x->moves) / sizeof(x->moves[0])))
		fail_msg("reference move list full");
	x->moves[x->n].from = from;
	x->moves[x->n].to = to;
	x->moves[x->n].captured = captured;
	x->n++;
}

static void
search(struct ref *x, int r, int c, int king, uint64_t taken, int count)
{
	static const int dr[4] = { -1, -1, 1, 1 }, dc[4] = { -1, 1, -1, 1 };
	int d, k, rr, cc, lr, lc, found = 0;

	for (d = 0; d < 4; d++) {
		/* The first piece along the diagonal (next square for a man). */
		rr = r + dr[d];
		cc = c + dc[d];
		if (king)
			while (on_board(rr, cc) && x->board[rr][cc] == PDN_EMPTY) {
				rr += dr[d];
				cc += dc[d];
			}
		if (!on_board(rr, cc) || !is_enemy(x, x->board[rr][cc]) ||
		    x->captured[rr][cc])
			continue;
		for (k = 1; ; k++) {
			lr = rr + k * dr[d];
			lc = cc + k * dc[d];
			if (!on_board(lr, lc) || x->board[lr][lc] != PDN_EMPTY)
				break;
			found = 1;
			x->captured[rr][cc] = 1;
			search(x, lr, lc, king, taken |
			    (1ULL << (square_of(rr, cc) - 1)), count + 1);
			x->captured[rr][cc] = 0;
			if (!king)
				break;
		}
	}
	if (!found && count > 0)
		add(x, x->from, square_of(r, c), taken, count);
}

static void
reference(const pdn_position *pos, struct ref *x)
{
	int r, c, p, king, mine, d, k, rr, cc, fwd;
	static const int dc2[2] = { -1, 1 };

	memset(x, 0, sizeof(*x));
	x->white = pdn_position_side(pos) == PDN_WHITE;
	for (r = 0; r < 10; r++)
		for (c = 0; c < 10; c++)
			if (on_board(r, c))
				x->board[r][c] = pdn_position_get(pos,
				    square_of(r, c));
	for (r = 0; r < 10; r++)
		for (c = 0; c < 10; c++) {
			p = x->board[r][c];
			if (!on_board(r, c) || p == PDN_EMPTY || is_enemy(x, p))
				continue;
			king = p == PDN_WHITE_KING || p == PDN_BLACK_KING;
			x->from = square_of(r, c);
			x->board[r][c] = PDN_EMPTY;	/* start square empty */
			search(x, r, c, king, 0, 0);
			x->board[r][c] = p;
		}
	if (x->n > 0)
		return;
	fwd = x->white ? -1 : 1;
	for (r = 0; r < 10; r++)
		for (c = 0; c < 10; c++) {
			p = x->board[r][c];
			if (!on_board(r, c) || p == PDN_EMPTY || is_enemy(x, p))
				continue;
			king = p == PDN_WHITE_KING || p == PDN_BLACK_KING;
			for (d = 0; d < 4; d++) {
				int dr = d < 2 ? fwd : -fwd;

				if (!king && d >= 2)
					break;
				for (k = 1; ; k++) {
					rr = r + k * dr;
					cc = c + k * dc2[d % 2];
					if (!on_board(rr, cc) ||
					    x->board[rr][cc] != PDN_EMPTY)
						break;
					add(x, square_of(r, c),
					    square_of(rr, cc), 0, 0);
					if (!king)
						break;
				}
			}
		}
	mine = 0;
	(void)mine;
}

/* A random position: about a third of the squares occupied, many kings. */
static void
random_position(pdn_position *pos, uint64_t *seed)
{
	int sq;
	uint64_t r;

	pdn_variant_clear(pdn_variant_default(), pos, PDN_WHITE);
	for (sq = 1; sq <= PDN_SQUARES; sq++) {
		*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
		r = *seed >> 33;
		if (r % 100 < 62)
			continue;
		switch ((r >> 8) % 4) {
		case 0:
			if (sq > 5)
				pdn_position_set(pos, sq, PDN_WHITE_MAN);
			break;
		case 1:
			if (sq < 46)
				pdn_position_set(pos, sq, PDN_BLACK_MAN);
			break;
		case 2:
			pdn_position_set(pos, sq, (r >> 16) % 3 ?
			    PDN_WHITE_MAN : PDN_WHITE_KING);
			if (sq <= 5)
				pdn_position_set(pos, sq, PDN_WHITE_KING);
			break;
		default:
			pdn_position_set(pos, sq, (r >> 16) % 3 ?
			    PDN_BLACK_MAN : PDN_BLACK_KING);
			if (sq >= 46)
				pdn_position_set(pos, sq, PDN_BLACK_KING);
			break;
		}
	}
	pdn_position_set_side(pos, (*seed >> 40) & 1 ? PDN_BLACK :
	    PDN_WHITE);
}

static uint64_t
captured_squares(uint64_t bits)
{
	uint64_t out = 0;
	int n;

	for (n = 1; n <= PDN_SQUARES; n++)
		if (bits & variant_square_bit(pdn_variant_default(), n))
			out |= 1ULL << (n - 1);
	return out;
}

static void
compare(const pdn_position *pos, struct ref *x, pdn_movelist *list)
{
	char fen[PDN_FEN_STRMAX];
	int i, j, n;

	reference(pos, x);
	n = pdn_generate(list, pos);
	pdn_fen_write(fen, sizeof(fen), pos);
	if (n != x->n)
		fail_msg("%s: %d moves, reference %d", fen, n, x->n);
	for (i = 0; i < n; i++) {
		const pdn_move *m = &list->m[i];

		for (j = 0; j < x->n; j++)
			if (x->moves[j].from == m->from &&
			    x->moves[j].to == m->to && x->moves[j].captured ==
			    captured_squares(m->captured))
				break;
		if (j == x->n)
			fail_msg("%s: move %d-%d not in the reference", fen,
			    m->from, m->to);
		if (m->ncap != x->best)
			fail_msg("%s: %d captured, reference %d", fen, m->ncap,
			    x->best);
	}
	assert_int_equal(pdn_count_moves(pos), n);
}

static void
test_random_positions(void **state)
{
	static struct ref x;
	static pdn_movelist list;
	pdn_position pos;
	uint64_t seed = 20261129;
	long i, captures = 0, multi = 0;

	(void)state;
	for (i = 0; i < NPOSITIONS; i++) {
		random_position(&pos, &seed);
		compare(&pos, &x, &list);
		captures += x.best > 0;
		multi += x.best > 1;
	}
	/* The sample must exercise what it is meant to. */
	assert_true(captures > NPOSITIONS / 4);
	assert_true(multi > NPOSITIONS / 20);
}

/*
 * Perft the plain way: every move listed by pdn_generate(), which the
 * test above holds to the reference, and played with pdn_make().
 */
static uint64_t
list_perft(const pdn_position *pos, int depth)
{
	pdn_movelist list;
	pdn_position child;
	uint64_t nodes = 0;
	int i, n;

	if (depth == 0)
		return 1;
	n = pdn_generate(&list, pos);
	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		child = *pos;
		pdn_make(&child, &list.m[i]);
		nodes += list_perft(&child, depth - 1);
	}
	return nodes;
}

/*
 * pdn_perft()'s own walk (perft.c: moves played as they are found, men's
 * single captures apart) against list_perft() on random positions, under
 * every code path this build and CPU have: the walk's shortcuts at depths
 * 1 and 2 and each path's instructions meet the kings and the long
 * captures that the start position's tree hardly reaches.
 */
static void
test_random_perft(void **state)
{
	static const char *const paths[] = { "generic", "bmi2" };
	pdn_position pos;
	char fen[PDN_FEN_STRMAX];
	uint64_t seed, want, got, total;
	size_t k;
	long i;
	int d, ran = 0;

	(void)state;
	for (k = 0; k < sizeof(paths) / sizeof(paths[0]); k++) {
		if (perft_use_path(paths[k]) != 0) {
			print_message("perft path %s: not available here\n",
			    paths[k]);
			continue;
		}
		ran++;
		seed = 20261206;
		total = 0;
		for (i = 0; i < NPERFT; i++) {
			random_position(&pos, &seed);
			for (d = 1; d <= NDEPTH; d++) {
				want = list_perft(&pos, d);
				got = pdn_perft(&pos, d, 0);
				if (got != want || pdn_perft(&pos, d, 1) != want) {
					pdn_fen_write(fen, sizeof(fen), &pos);
					fail_msg("%s path %s depth %d: %llu, "
					    "want %llu", fen, paths[k], d,
					    (unsigned long long)got,
					    (unsigned long long)want);
				}
				total += want;
			}
		}
		/* The walk was long enough to mean something. */
		assert_true(total > 100 * NPERFT);
	}
	assert_true(ran >= 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_positions),
		cmocka_unit_test(test_random_perft),
	};

	return cmocka_run_group_tests_name("movegen_ref", tests, NULL, NULL);
}
