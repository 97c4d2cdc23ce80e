/*
 * Position hashing (zobrist.c, through pdn_position_hash() and
 * pdn_hash_after()): the hash is the XOR of one key per (kind, square)
 * and one for Black to move, all distinct; equal positions hash equal;
 * and the hash after a move, updated from the move, is the hash of the
 * position the move makes, for every legal move of positions of every
 * variant, the 12x12 board's squares beyond bit 64 included.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "pdntest.h"
/* A white-box test: it reads the fields of moves and lists. */
#include "move.h"

static const pdn_piece kinds[4] = {
	PDN_WHITE_MAN, PDN_BLACK_MAN, PDN_WHITE_KING, PDN_BLACK_KING
};

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * The keys, read as the hashes of one piece on an empty board with White
 * to move, and of the empty board with Black to move: nonzero and
 * distinct, for each board (the 12x12 board has every square number).
 */
static void
test_keys(void **state)
{
	static uint64_t keys[4 * 72 + 1];
	const pdn_variant *v;
	pdn_position pos;
	int i, k, n, squares, nkeys;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		squares = pdn_variant_squares(v);
		pdn_variant_clear(v, &pos, PDN_WHITE);
		/* The empty board, White to move: no key at all. */
		assert_true(pdn_position_hash(&pos) == 0);
		nkeys = 0;
		for (k = 0; k < 4; k++)
			for (n = 1; n <= squares; n++) {
				pdn_variant_clear(v, &pos, PDN_WHITE);
				pdn_position_set(&pos, n, kinds[k]);
				assert_int_equal(pdn_position_get(&pos, n),
				    kinds[k]);
				keys[nkeys++] = pdn_position_hash(&pos);
			}
		pdn_variant_clear(v, &pos, PDN_BLACK);
		keys[nkeys++] = pdn_position_hash(&pos);
		assert_int_equal(nkeys, 4 * squares + 1);
		qsort(keys, (size_t)nkeys, sizeof(keys[0]), cmp_u64);
		assert_true(keys[0] != 0);
		for (n = 1; n < nkeys; n++)
			if (keys[n] == keys[n - 1])
				fail_msg("%s: two keys are %016llx",
				    pdn_variant_name(v),
				    (unsigned long long)keys[n]);
	}
}

/* The hash of a position, recomputed from one-piece positions. */
static uint64_t
xor_of_pieces(const pdn_position *pos)
{
	const pdn_variant *v = pdn_position_variant(pos);
	pdn_position one;
	pdn_piece p;
	uint64_t h = 0;
	int n;

	for (n = 1; n <= pdn_variant_squares(v); n++) {
		p = pdn_position_get(pos, n);
		if (p == PDN_EMPTY)
			continue;
		pdn_variant_clear(v, &one, PDN_WHITE);
		pdn_position_set(&one, n, p);
		h ^= pdn_position_hash(&one);
	}
	if (pdn_position_side(pos) == PDN_BLACK) {
		pdn_variant_clear(v, &one, PDN_BLACK);
		h ^= pdn_position_hash(&one);
	}
	return h;
}

/* A random position of v: each square empty or any piece. */
static void
random_position(const pdn_variant *v, pdn_position *pos, uint64_t *rnd)
{
	int n;

	pdn_variant_clear(v, pos, pdntest_rnd(rnd) & 1 ? PDN_BLACK :
	    PDN_WHITE);
	for (n = 1; n <= pdn_variant_squares(v); n++)
		pdn_position_set(pos, n, (pdn_piece)(pdntest_rnd(rnd) % 5));
}

/*
 * The hash is the XOR of its pieces' keys and the side's; the side to
 * move changes it by the Black key exactly, and a piece's kind by the
 * difference of two keys.
 */
static void
test_xor(void **state)
{
	const pdn_variant *v;
	pdn_position pos, other, black;
	uint64_t rnd = 0x9e3779b97f4a7c15ULL, bkey;
	int i, j;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		pdn_variant_clear(v, &black, PDN_BLACK);
		bkey = pdn_position_hash(&black);
		for (j = 0; j < 50; j++) {
			random_position(v, &pos, &rnd);
			assert_true(pdn_position_hash(&pos) ==
			    xor_of_pieces(&pos));
			other = pos;
			pdn_position_set_side(&other,
			    pdn_position_side(&pos) == PDN_WHITE ? PDN_BLACK :
			    PDN_WHITE);
			assert_true(pdn_position_hash(&pos) !=
			    pdn_position_hash(&other));
			assert_true((pdn_position_hash(&pos) ^
			    pdn_position_hash(&other)) == bkey);
		}
		/* The start position, in both sides to move. */
		pdn_variant_start(v, &pos);
		assert_true(pdn_position_hash(&pos) == xor_of_pieces(&pos));
		other = pos;
		pdn_position_set_side(&other, pdn_position_side(&pos) ==
		    PDN_WHITE ? PDN_BLACK : PDN_WHITE);
		assert_true((pdn_position_hash(&pos) ^
		    pdn_position_hash(&other)) == bkey);
	}
}

/* A position reached by a line of moves given in full form. */
static void
play(pdn_position *pos, const char *const *line, int n)
{
	pdn_movelist list;
	char buf[PDN_MOVE_STRMAX];
	int i, j;

	for (i = 0; i < n; i++) {
		pdn_generate(&list, pos);
		for (j = 0; j < list.n; j++) {
			pdn_move_str(buf, pdn_position_variant(pos), &list.m[j], 1);
			if (strcmp(buf, line[i]) == 0)
				break;
		}
		if (j == list.n)
			fail_msg("%s is not legal", line[i]);
		pdn_make(pos, &list.m[j]);
	}
}

/* Equal positions hash equal, however they were reached. */
static void
test_equal(void **state)
{
	static const char *const a[] = { "31-27", "19-24", "32-28" };
	static const char *const b[] = { "32-28", "19-24", "31-27" };
	static const char *const ca[] = { "43-37", "25-31", "48-42" };
	static const char *const cb[] = { "48-42", "25-31", "43-37" };
	const char *fen = "B:W27,28,33-50:B1-18,20,24";
	const pdn_variant *canadian = pdn_variant_by_name("canadian");
	pdn_position p, q, r;
	int sq;

	(void)state;
	pdn_variant_start(pdn_variant_default(), &p);
	pdn_variant_start(pdn_variant_default(), &q);
	play(&p, a, 3);
	play(&q, b, 3);
	assert_true(pdn_position_equal(&p, &q));
	assert_true(pdn_position_hash(&p) == pdn_position_hash(&q));
	/* The same position read from its FEN. */
	assert_int_equal(pdn_fen_read(&r, NULL, fen, strlen(fen), NULL), 0);
	assert_true(pdn_position_equal(&p, &r));
	assert_true(pdn_position_hash(&p) == pdn_position_hash(&r));
	/* A start position and its FEN. */
	fen = "W:W31-50:B1-20";
	assert_int_equal(pdn_fen_read(&r, NULL, fen, strlen(fen), NULL), 0);
	pdn_variant_start(pdn_variant_default(), &p);
	assert_true(pdn_position_hash(&p) == pdn_position_hash(&r));
	/* One move changes it. */
	play(&p, a, 1);
	assert_true(pdn_position_hash(&p) != pdn_position_hash(&r));

	/* Canadian, with its squares beyond bit 64 on the board. */
	pdn_variant_start(canadian, &p);
	pdn_variant_start(canadian, &q);
	play(&p, ca, 3);
	play(&q, cb, 3);
	assert_true(pdn_position_equal(&p, &q));
	/* White's men on squares 55 and 66-72, which lie beyond bit 63. */
	assert_int_equal(pdn_position_get(&p, 55), PDN_WHITE_MAN);
	for (sq = 66; sq <= 72; sq++)
		assert_int_equal(pdn_position_get(&p, sq), PDN_WHITE_MAN);
	assert_true(pdn_position_hash(&p) == pdn_position_hash(&q));
	fen = "B:W37,42,44-47,49-72:B1-24,26-31";
	assert_int_equal(pdn_fen_read(&r, canadian, fen, strlen(fen), NULL), 0);
	assert_true(pdn_position_equal(&p, &r));
	assert_true(pdn_position_hash(&p) == pdn_position_hash(&r));
}

/*
 * For every legal move of pos: the hash updated by the move is that of
 * the position it makes.  Returns the number of moves.
 */
static int
check_moves(const pdn_position *pos)
{
	pdn_movelist list;
	pdn_position next;
	char buf[PDN_MOVE_STRMAX], fen[PDN_FEN_STRMAX];
	uint64_t h = pdn_position_hash(pos);
	int i, n = pdn_generate(&list, pos);

	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		next = *pos;
		pdn_make(&next, &list.m[i]);
		if (pdn_hash_after(h, pos, &list.m[i]) !=
		    pdn_position_hash(&next)) {
			pdn_fen_write(fen, sizeof(fen), pos);
			pdn_move_str(buf, pdn_position_variant(pos), &list.m[i], 1);
			fail_msg("%s %s: hash after %s differs",
			    pdn_variant_name(pdn_position_variant(pos)), fen,
			    buf);
		}
	}
	return n;
}

static int
check_fen(const char *name, const char *fen)
{
	const pdn_variant *v = pdn_variant_by_name(name);
	pdn_position pos;

	assert_non_null(v);
	if (pdn_fen_read(&pos, v, fen, strlen(fen), NULL) != 0)
		fail_msg("%s: bad FEN %s", name, fen);
	return check_moves(&pos);
}

/*
 * Positions of captures of men and kings, promotions, and a man coming
 * back to its own square, with the number of their legal moves.
 */
static void
test_after_positions(void **state)
{
	(void)state;
	/* The start positions: 9, 7 and 11 quiet moves. */
	assert_int_equal(check_fen("international", "W:W31-50:B1-20"), 9);
	assert_int_equal(check_fen("english", "B:W21-32:B1-12"), 7);
	assert_int_equal(check_fen("canadian", "W:W43-72:B1-30"), 11);
	/* Men taking men, kings taking, a man and a king taken. */
	assert_int_equal(check_fen("international", "W:W15:B8,19,20"), 1);
	assert_int_equal(check_fen("international", "W:WK4:B13,20,32,37"),
	    2);
	assert_int_equal(check_fen("international", "W:W28:BK23"), 1);
	/* The black king of 28 takes the king of 37 or the man of 39. */
	assert_int_equal(check_fen("international", "B:WK46,K37,39:BK28"),
	    3);
	/* 28 round the four men and home again. */
	assert_int_equal(check_fen("international", "W:W28:B12,13,22,23"), 1);
	/* Promotion: 7 to 1 or 2, 44 to 49 or 50. */
	assert_int_equal(check_fen("international", "W:W7:B40"), 2);
	assert_int_equal(check_fen("international", "B:W10:B44"), 2);
	/* Russian: crowned on d8 in the capture, and on. */
	assert_int_equal(check_fen("russian", "W:Wf6:Be7,b6"), 1);
	/* English: a man crowned by a capture. */
	assert_int_equal(check_fen("english", "W:W10:B6"), 1);
	/*
	 * Thai; then positions of kings and men of the other variants,
	 * whose exact move lists test_variant checks: here they need only
	 * have moves to check.
	 */
	assert_int_equal(check_fen("thai", "W:W11:B15"), 1);
	assert_true(check_fen("frisian", "W:WK28:B23,18,33") >= 1);
	assert_true(check_fen("spanish", "W:W9,K1:B13,K20") >= 1);
	assert_true(check_fen("italian", "W:W22,K30:B18,K14") >= 1);
	assert_true(check_fen("czech", "W:Wc3,Ka1:Bd4,Kf6") >= 1);
	assert_true(check_fen("pool", "B:W18,K27:B14,K5") >= 1);
	assert_true(check_fen("brazilian", "W:Wc3,Kh2:Bd4,Kb6,f4") >= 1);
	/*
	 * Canadian: the king on 72 takes 65 to 59; a white man of 55 (a3,
	 * beyond bit 64) takes 49 (b4) to 44 (c5); a black man goes to 67
	 * or 68, crowned beyond bit 64; a king on 66 (l2) moves.
	 */
	assert_int_equal(check_fen("canadian", "W:WK72,52:B65"), 1);
	assert_int_equal(check_fen("canadian", "W:W55:B49"), 1);
	assert_int_equal(check_fen("canadian", "B:W66:B61"), 2);
	assert_true(check_fen("canadian", "W:WK66,K72:BK60,K1") >= 2);
}

/*
 * Random games of every variant from the start: at every ply, every
 * legal move.  The games go on until they end or 300 plies.
 */
static void
test_after_games(void **state)
{
	const pdn_variant *v;
	pdn_position pos;
	pdn_movelist list;
	uint64_t rnd = 0x2545f4914f6cdd1dULL, h;
	long checked;
	int i, game, ply, n;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		checked = 0;
		for (game = 0; game < 8; game++) {
			pdn_variant_start(v, &pos);
			h = pdn_position_hash(&pos);
			for (ply = 0; ply < 300; ply++) {
				assert_true(h == pdn_position_hash(&pos));
				checked += check_moves(&pos);
				n = pdn_generate(&list, &pos);
				if (n <= 0)
					break;
				n = (int)(pdntest_rnd(&rnd) % (uint64_t)n);
				h = pdn_hash_after(h, &pos, &list.m[n]);
				pdn_make(&pos, &list.m[n]);
			}
		}
		/* Every variant's games did reach some moves. */
		assert_true(checked > 100);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_xor),
		cmocka_unit_test(test_equal),
		cmocka_unit_test(test_after_positions),
		cmocka_unit_test(test_after_games),
	};

	return cmocka_run_group_tests_name("zobrist", tests, NULL, NULL);
}
