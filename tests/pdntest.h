/*
 * Helpers shared by the reader and writer tests.
 */
#ifndef PDNTEST_H
#define PDNTEST_H

#include <stddef.h>
#include <stdint.h>

#include <pdn/pdn.h>

/*
 * Reader options as the tools set them: the default ones, with the play
 * layer's finish hook (pdn_game_finish()), which decides the GameType of
 * an untagged game and checks the FENs.
 */
const pdn_reader_options *pdntest_reader_options(void);

/*
 * A move token from its text, stored as the lexer stores it: squares by
 * number or by file and rank ("c3"), joined by '-' (quiet) or 'x' or ':'
 * (capture); squares past PDN_MOVETOK_MAX are dropped.
 */
pdn_movetok pdntest_tok(const char *s);

/* Reads a whole file into a malloc'd buffer; NULL when it cannot. */
char *pdntest_slurp(const char *path, size_t *len);

/* Diagnostics collected by pdntest_diag(). */
struct pdntest_diags {
	int n;
	int errors, warnings;
	char names[64][32];	/* the first 64 codes seen */
	long lines[64], cols[64], games[64];
};

/* A pdn_diag_fn that records into a struct pdntest_diags. */
void pdntest_diag(const pdn_diag *d, void *arg);

/* Nonzero when code `name` was recorded. */
int pdntest_has(const struct pdntest_diags *ds, const char *name);

/*
 * Reads all games of `data`, writes each canonically into out (one a
 * syntax error cut short as read, as pdn-parse does); returns the number
 * of games read.  ds may be NULL.
 */
long pdntest_rewrite(const char *data, size_t len, pdn_buf *out,
    struct pdntest_diags *ds);

/*
 * Decodes the byte escapes of a test input: "\xHH" is the byte HH (so that
 * YAML, which holds only UTF-8, can carry Latin-1, NUL and CR), every other
 * backslash stands for itself.  Returns a malloc'd copy and its length.
 */
char *pdntest_unescape(const char *s, size_t *len);

/*
 * Appends s to b with the bytes below 0x20 and from 0x7f written as
 * "\xHH" (the inverse of pdntest_unescape() for readable expectations).
 */
void pdntest_escape(pdn_buf *b, const char *s, size_t len);

/*
 * What the tools do with one game: replay it (opt may be NULL), then
 * write it canonically into out, or adjudicate it into *out (the replay
 * then skips variations and the result check, as pdn-adjudicate's).
 * Return as pdn_game_write() and pdn_adjudicate().
 */
int pdntest_write(pdn_buf *out, const pdn_game *g);
int pdntest_adjudicate(pdn_adjudication *out, pdn_adjudicator *a,
    const pdn_game *g, const pdn_replay_options *opt);

/* A fixed pseudo-random sequence (xorshift*): the next number of *s. */
uint64_t pdntest_rnd(uint64_t *s);

#endif
