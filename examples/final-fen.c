/*
 * final-fen: prints the final position of each game of a PDN file as a
 * FEN, one line per game.
 *   cc -o final-fen final-fen.c $(pkg-config --cflags --libs libpdn)
 */
#include <stdio.h>
#include <pdn/pdn.h>

/* The reader pulls its bytes through a callback: here from a FILE. */
static long
read_file(void *f, char *buf, size_t len)
{
	size_t n = fread(buf, 1, len, f);

	return n == 0 && ferror(f) ? -1 : (long)n;
}

int
main(int argc, char **argv)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r = NULL;
	pdn_replay *rp = NULL;
	const pdn_game *g;
	const pdn_played *pg;
	const pdn_position *end;
	char fen[PDN_FEN_STRMAX];
	FILE *f;
	int rc;

	opt.finish = pdn_game_finish;
	if (argc != 2 || (f = fopen(argv[1], "r")) == NULL) {
		fprintf(stderr, "usage: final-fen FILE.pdn\n");
		return 2;
	}
	opt.file = argv[1];
	rc = pdn_reader_new(&r, read_file, f, &opt);
	if (rc == 0)
		rc = pdn_replay_new(&rp);
	/* A game is the reader's until the next; a played game, rp's. */
	while (rc == 0 && (rc = pdn_reader_next(&g, r)) == 1 &&
	    (rc = pdn_replay_game(&pg, rp, g, NULL)) == 0) {
		/* NULL when not played: another variant, a bad FEN tag;
		 * after an illegal move, the position it was played in. */
		if ((end = pdn_played_final(pg, 0)) != NULL) {
			pdn_fen_write(fen, sizeof(fen), end);
			puts(fen);
		}
	}
	pdn_replay_free(rp);
	pdn_reader_free(r);
	fclose(f);
	return rc == 0 ? 0 : 2;
}
