/*
 * The square tables of each board numbering (geometry.c), through the
 * public accessors: every square of every variant goes to its file and
 * rank and back, to its bit and back, and the corners are where
 * VARIANTS.md 2.1 and 2.2 put them.
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
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "variant.h"

/* Nonzero when b has exactly one bit set. */
static int
single_bit(uint64_t b)
{
	return b != 0 && (b & (b - 1)) == 0;
}

/*
 * Every square of every variant: its file and rank on the board, the
 * square found there again, a dark square of the board's colour, one bit
 * of its own and the square of that bit again.
 */
static void
test_round_trips(void **state)
{
	const pdn_variant *v;
	uint64_t seen, b;
	int i, n, x, y, w, h, squares, played, a1_dark, nbits;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		w = pdn_variant_width(v);
		h = pdn_variant_height(v);
		squares = pdn_variant_squares(v);
		assert_int_equal(squares, w * h / 2);
		/* Italian and Spanish are played with a1 light. */
		a1_dark = strcmp(pdn_variant_name(v), "italian") != 0 &&
		    strcmp(pdn_variant_name(v), "spanish") != 0;
		seen = 0;
		nbits = 0;
		for (n = 1; n <= squares; n++) {
			x = y = -1;
			assert_int_equal(pdn_variant_square_xy(v, n, &x, &y),
			    0);
			assert_in_range(x, 0, w - 1);
			assert_in_range(y, 0, h - 1);
			if (((x + y) % 2 == 0) != a1_dark)
				fail_msg("%s square %d on %c%d: a square of "
				    "the wrong colour", pdn_variant_name(v), n,
				    'a' + x, y + 1);
			assert_int_equal(pdn_variant_square_at(v, x, y), n);
			b = variant_square_bit(v, n);
			if (b == 0)
				continue;
			assert_true(single_bit(b));
			assert_true((seen & b) == 0);
			seen |= b;
			nbits++;
			assert_int_equal(variant_bit_square(v, b), n);
		}
		/* Every square but the 12x12 board's last eight has a bit. */
		assert_int_equal(nbits, squares > 64 ? 64 : squares);
		/* The board holds no other played square. */
		for (played = 0, y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				played += pdn_variant_square_at(v, x, y) != 0;
		assert_int_equal(played, squares);
	}
	assert_int_equal(i, 11);
}

/*
 * The bits that are no square: of a 32-square board the upper half, of
 * the international board its ghost bits (50 of 64 bits are squares),
 * and anything that is not a single bit.
 */
static void
test_bits(void **state)
{
	const pdn_variant *v;
	int i, b, n, squares, want;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		squares = pdn_variant_squares(v);
		want = squares > 64 ? 64 : squares;
		for (n = 0, b = 0; b < 64; b++)
			n += variant_bit_square(v, 1ULL << b) != 0;
		assert_int_equal(n, want);
		assert_int_equal(variant_bit_square(v, 0), 0);
		assert_int_equal(variant_bit_square(v, 3), 0);
		assert_int_equal(variant_bit_square(v,
		    variant_square_bit(v, 1) |
		    variant_square_bit(v, 2)), 0);
		/* Every variant but international: square n is bit n - 1. */
		if (pdn_variant_gametype(v) != 20 && squares <= 64)
			for (n = 1; n <= squares; n++)
				assert_true(variant_square_bit(v, n) ==
				    1ULL << (n - 1));
	}
	/* International: no bit for a number that is no square. */
	v = pdn_variant_default();
	assert_true(variant_square_bit(v, 0) == 0);
	assert_true(variant_square_bit(v, 51) == 0);
}

/* What lies off the board, or is no number of a square. */
static void
test_outside(void **state)
{
	const pdn_variant *v;
	int i, x, y, w, h, squares;

	(void)state;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++) {
		w = pdn_variant_width(v);
		h = pdn_variant_height(v);
		squares = pdn_variant_squares(v);
		x = y = 99;
		assert_int_equal(pdn_variant_square_xy(v, 0, &x, &y), -1);
		assert_int_equal(pdn_variant_square_xy(v, -1, &x, &y), -1);
		assert_int_equal(pdn_variant_square_xy(v, squares + 1, &x, &y),
		    -1);
		assert_int_equal(pdn_variant_square_at(v, -1, 0), 0);
		assert_int_equal(pdn_variant_square_at(v, 0, -1), 0);
		assert_int_equal(pdn_variant_square_at(v, w, 0), 0);
		assert_int_equal(pdn_variant_square_at(v, 0, h), 0);
		assert_int_equal(pdn_variant_square_at(v, w, h), 0);
		assert_true(variant_square_bit(v, 0) == 0);
		assert_true(variant_square_bit(v, -1) == 0);
		assert_true(variant_square_bit(v, squares + 1) == 0);
	}
}

/* The square of a variant at a1-style coordinates, e.g. at(v, "b8"). */
static int
at(const pdn_variant *v, const char *alg)
{
	int rank = 0;
	const char *p;

	for (p = alg + 1; *p != '\0'; p++)
		rank = rank * 10 + (*p - '0');
	return pdn_variant_square_at(v, alg[0] - 'a', rank - 1);
}

/* Square n of v is on `alg`, both ways. */
static void
check_on(const char *name, int n, const char *alg)
{
	const pdn_variant *v = pdn_variant_by_name(name);
	int x, y;
	char buf[16];

	assert_non_null(v);
	assert_int_equal(pdn_variant_square_xy(v, n, &x, &y), 0);
	snprintf(buf, sizeof(buf), "%c%d", 'a' + x, y + 1);
	if (strcmp(buf, alg) != 0)
		fail_msg("%s square %d is on %s, not %s", name, n, buf, alg);
	assert_int_equal(at(v, alg), n);
}

/* The corners and checks of VARIANTS.md 2.1 and 2.2. */
static void
test_corners(void **state)
{
	static const char *const tl8[] = { "english", "pool", "russian",
	    "brazilian", "czech" };
	const pdn_variant *ca = pdn_variant_by_name("canadian");
	size_t i;

	(void)state;
	/* 10x10: 1 = b10, 5 = j10, 6 = a9, 46 = a1, 50 = i1. */
	check_on("international", 1, "b10");
	check_on("international", 5, "j10");
	check_on("international", 6, "a9");
	check_on("international", 45, "j2");
	check_on("international", 46, "a1");
	check_on("international", 50, "i1");
	check_on("frisian", 1, "b10");
	check_on("frisian", 46, "a1");
	check_on("frisian", 50, "i1");
	/* The English grid, also of the numeric files of Russian etc. */
	for (i = 0; i < sizeof(tl8) / sizeof(tl8[0]); i++) {
		check_on(tl8[i], 1, "b8");
		check_on(tl8[i], 4, "h8");
		check_on(tl8[i], 5, "a7");
		check_on(tl8[i], 22, "c3");
		check_on(tl8[i], 18, "d4");
		check_on(tl8[i], 28, "h2");
		check_on(tl8[i], 29, "a1");
		check_on(tl8[i], 32, "g1");
	}
	/* Italian, a1 light: 1 = a8, 4 = g8, 29 = b1, 32 = h1. */
	check_on("italian", 1, "a8");
	check_on("italian", 4, "g8");
	check_on("italian", 29, "b1");
	check_on("italian", 32, "h1");
	assert_int_equal(at(pdn_variant_by_name("italian"), "a1"), 0);
	/* Spanish: from h1, right to left and bottom to top. */
	check_on("spanish", 1, "h1");
	check_on("spanish", 4, "b1");
	check_on("spanish", 5, "g2");
	check_on("spanish", 29, "g8");
	check_on("spanish", 32, "a8");
	assert_int_equal(at(pdn_variant_by_name("spanish"), "a1"), 0);
	/* Thai: the English grid turned half round. */
	check_on("thai", 1, "g1");
	check_on("thai", 4, "a1");
	check_on("thai", 29, "h8");
	check_on("thai", 32, "b8");
	/* 12x12: 1 = b12, 6 = l12, 7 = a11, 67 = a1, 72 = k1. */
	assert_int_equal(pdn_variant_squares(ca), 72);
	assert_int_equal(pdn_variant_width(ca), 12);
	assert_int_equal(pdn_variant_height(ca), 12);
	check_on("canadian", 1, "b12");
	check_on("canadian", 6, "l12");
	check_on("canadian", 7, "a11");
	check_on("canadian", 61, "b2");
	check_on("canadian", 67, "a1");
	check_on("canadian", 72, "k1");
	assert_int_equal(at(ca, "l1"), 0);
	assert_int_equal(at(ca, "a12"), 0);
}

/*
 * The 12x12 board's bits (variant.h): its 50 inner squares first, bits
 * 0-49, then its 22 edge squares in the order of their numbers, bits
 * 50-71.  The edge squares are 1-6, 7, 18, 19, 30, 31, 42, 43, 54, 55, 66
 * and 67-72, so bits 64-71, which a 64-bit bitboard does not hold, are
 * squares 55 and 66-72: those, and only those, have no bit.
 */
static void
test_canadian_bits(void **state)
{
	const pdn_variant *ca = pdn_variant_by_name("canadian");
	uint64_t inner = 0;
	int n, x, y, edge, none;

	(void)state;
	for (n = 1; n <= 72; n++) {
		assert_int_equal(pdn_variant_square_xy(ca, n, &x, &y), 0);
		edge = x == 0 || x == 11 || y == 0 || y == 11;
		none = n == 55 || n >= 66;
		if (none) {
			assert_true(variant_square_bit(ca, n) == 0);
			continue;
		}
		assert_true(variant_square_bit(ca, n) != 0);
		if (!edge)
			inner |= variant_square_bit(ca, n);
		else
			assert_true(variant_square_bit(ca, n) >=
			    1ULL << 50);
	}
	/* The inner squares are exactly bits 0-49. */
	assert_true(inner == (1ULL << 50) - 1);
	/* The first inner square, 8 (c11), and the last, 65 (j2). */
	assert_true(variant_square_bit(ca, 8) == 1);
	assert_true(variant_square_bit(ca, 65) == 1ULL << 49);
	/* The first edge square, 1, and the last in 64 bits, 54. */
	assert_true(variant_square_bit(ca, 1) == 1ULL << 50);
	assert_true(variant_square_bit(ca, 54) == 1ULL << 63);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_bits),
		cmocka_unit_test(test_outside),
		cmocka_unit_test(test_corners),
		cmocka_unit_test(test_canadian_bits),
	};

	return cmocka_run_group_tests_name("geometry", tests, NULL, NULL);
}
