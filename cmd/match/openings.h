/*
 * The openings of a match (--openings): the main lines of the games of a
 * PDN file, or the positions of a file of FENs, one a line.  Private to
 * pdn-match.
 */
#ifndef MATCH_OPENINGS_H
#define MATCH_OPENINGS_H

#include "game.h"

struct openings {
	struct opening *o;
	long n;
};

/*
 * Reads the openings of `path`, positions of variant v: a file whose
 * first line that is not blank nor a '#' comment is a FEN
 * ("W:W31-50:B1-20") holds FENs, one a line; any other is PDN, each game
 * of which gives its start and the first `plies` plies of its main line
 * (all of them for a negative number; a game without a GameType tag is
 * one of v, except in international draughts, where it is inferred from
 * its moves as before).  A game that does not replay, or of another
 * variant, is said and skipped.  Returns 0, or 2 after saying why
 * (unreadable, no opening, out of memory).
 */
int openings_read(struct openings *ops, const pdn_variant *v,
    const char *path, long plies);

/*
 * The start position of v alone, with no move: the match without a
 * file.
 */
int openings_start(struct openings *ops, const pdn_variant *v);

void openings_free(struct openings *ops);

#endif /* MATCH_OPENINGS_H */
