/*
 * Reader benchmark.
 *
 *   reader MB file ...   repeats the files in memory up to MB megabytes,
 *                        then times the tokenizer alone and the reader
 *                        (tokens to games) over that input
 *   reader -emit MB file ...   writes the files repeated up to MB
 *                        megabytes to standard output
 *   reader -stream       reads games from standard input and counts them
 *                        (for measuring peak memory on a huge stream)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pdn/pdn.h>

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *
slurp_all(int n, char **paths, size_t *len)
{
	char *buf = NULL, *np;
	size_t cap = 0, got;
	FILE *fp;
	int i;

	*len = 0;
	for (i = 0; i < n; i++) {
		if ((fp = fopen(paths[i], "rb")) == NULL) {
			perror(paths[i]);
			exit(2);
		}
		for (;;) {
			if (*len + 65536 + 2 > cap) {
				cap = cap ? cap * 2 : 1 << 20;
				if ((np = realloc(buf, cap)) == NULL)
					exit(2);
				buf = np;
			}
			got = fread(buf + *len, 1, 65536, fp);
			*len += got;
			if (got == 0)
				break;
		}
		fclose(fp);
		/* Files may end without a newline; games must not merge. */
		buf[(*len)++] = '\n';
	}
	return buf;
}

static long
read_stdin(void *arg, char *buf, size_t len)
{
	(void)arg;
	return (long)read(0, buf, len);
}

int
main(int argc, char **argv)
{
	pdn_lexer *lx;
	pdn_reader *r;
	pdn_token tok;
	const pdn_game *g;
	char *one, *big;
	size_t len, size, off;
	double t0, t1, mb;
	long tokens = 0, games = 0, plies = 0;

	if (argc >= 2 && strcmp(argv[1], "-stream") == 0) {
		if (pdn_reader_new(&r, read_stdin, NULL, NULL) != 0)
			return 2;
		t0 = now();
		while (pdn_reader_next(&g, r) == 1) {
			games++;
			plies += g->plies;
		}
		t1 = now();
		pdn_reader_free(r);
		printf("stream: %ld games, %ld plies in %.2f s\n", games,
		    plies, t1 - t0);
		return 0;
	}
	if (argc >= 4 && strcmp(argv[1], "-emit") == 0) {
		size = (size_t)atol(argv[2]) << 20;
		one = slurp_all(argc - 3, argv + 3, &len);
		for (off = 0; off < size; off += len)
			if (fwrite(one, 1, len, stdout) != len)
				return 2;
		free(one);
		return 0;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: reader MB file ... | -emit MB file ..."
		    " | -stream\n");
		return 2;
	}
	size = (size_t)atol(argv[1]) << 20;
	one = slurp_all(argc - 2, argv + 2, &len);
	if ((big = malloc(size + len)) == NULL)
		return 2;
	for (off = 0; off < size; off += len)
		memcpy(big + off, one, len);
	size = off;
	mb = (double)size / 1e6;

	pdn_lexer_new_mem(&lx, big, size);
	t0 = now();
	do {
		pdn_lexer_next(&tok, lx);
		tokens++;
	} while (tok.type != PDN_TOK_EOF);
	t1 = now();
	pdn_lexer_free(lx);
	printf("tokenizer: %.0f MB in %.2f s: %.0f MB/s, %.1f M tokens/s\n",
	    mb, t1 - t0, mb / (t1 - t0), (double)tokens / (t1 - t0) / 1e6);

	pdn_reader_new_mem(&r, big, size, NULL);
	t0 = now();
	while (pdn_reader_next(&g, r) == 1) {
		games++;
		plies += g->plies;
	}
	t1 = now();
	pdn_reader_free(r);
	printf("reader: %.0f MB in %.2f s: %.0f MB/s, %.0f games/s "
	    "(%ld games, %ld plies)\n", mb, t1 - t0, mb / (t1 - t0),
	    (double)games / (t1 - t0), games, plies);
	free(big);
	free(one);
	return 0;
}
