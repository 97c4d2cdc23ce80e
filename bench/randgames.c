/*
 * randgames N SEED: writes N games of international draughts made by
 * random legal play (a fixed linear congruential walk from SEED) as PDN
 * to standard output, each to its end or 80 plies, for the benchmark of
 * pdn-index on a million games (bench/70-find.sh): games as many as a
 * large base holds, with positions that real games rarely reach.
 */
#include <stdio.h>
#include <stdlib.h>

#include <pdn/pdn.h>

int
main(int argc, char **argv)
{
	pdn_movelist *list;
	pdn_position pos;
	char buf[PDN_MOVE_STRMAX];
	unsigned long long x;
	long n, g;
	int ply, k;

	if (argc != 3 || (n = atol(argv[1])) < 1) {
		fprintf(stderr, "usage: randgames N SEED\n");
		return 2;
	}
	x = strtoull(argv[2], NULL, 10) * 2654435761u + 1;
	if (pdn_movelist_new(&list) != 0)
		return 2;
	for (g = 1; g <= n; g++) {
		printf("[Event \"random %ld\"]\n[Result \"*\"]\n\n", g);
		pdn_variant_start(pdn_variant_default(), &pos);
		for (ply = 0; ply < 80; ply++) {
			if ((k = pdn_generate(list, &pos)) <= 0)
				break;
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			k = (int)((x >> 33) % (unsigned long long)k);
			pdn_move_str_unique(buf, pdn_variant_default(),
			    pdn_movelist_get(list, k), list);
			if (ply % 2 == 0)
				printf("%d. ", ply / 2 + 1);
			/* Eight moves a line. */
			printf("%s%s", buf, ply % 16 == 15 ? "\n" : " ");
			pdn_make(&pos, pdn_movelist_get(list, k));
		}
		printf("*\n\n");
	}
	pdn_movelist_free(list);
	return fflush(stdout) == 0 ? 0 : 2;
}
