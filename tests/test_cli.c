/*
 * The command-line helpers shared by the tools (cmd/cli.c): the number
 * writer of the per-game records, against the C library's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"

/* cli_utoa(v) must write exactly what "%llu" does, and return its length. */
static void
check_utoa(unsigned long long v)
{
	char got[32], want[32];
	int n;

	memset(got, 'x', sizeof(got));
	n = cli_utoa(v, got);
	snprintf(want, sizeof(want), "%llu", v);
	assert_string_equal(got, want);
	assert_int_equal(n, (int)strlen(want));
}

/* Every length: powers of ten and their neighbours, and the extremes. */
static void
test_utoa_edges(void **state)
{
	unsigned long long p;
	int k;

	(void)state;
	check_utoa(0);
	check_utoa(ULLONG_MAX);
	check_utoa(ULLONG_MAX - 1);
	for (p = 1, k = 0; k < 20; k++, p *= 10) {
		check_utoa(p);
		check_utoa(p - 1);
		check_utoa(p + 1);
		check_utoa(2 * p);
		check_utoa(9 * p + (p - 1));
	}
}

/* A spread of values of every size (a fixed linear congruential walk). */
static void
test_utoa_spread(void **state)
{
	unsigned long long x = 88172645463325252ULL;
	int i;

	(void)state;
	for (i = 0; i < 200000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		check_utoa(x >> (i % 64));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utoa_edges),
		cmocka_unit_test(test_utoa_spread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
