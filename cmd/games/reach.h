/*
 * What a position meets, for the tools that look for positions in games
 * (pdn-select --fen and --material, pdn-find, pdn-index): an exact
 * position read from a FEN in every variant it reads in, piece counts with
 * ranges, patterns of squares (and their colour-reversed mirror), the
 * position a sequence of moves leads to from the start.  Each is made
 * once, while the options are read, and only read after: the threads of
 * -j judge their games with them.
 */
#ifndef REACH_H
#define REACH_H

#include <stddef.h>
#include <stdint.h>

#include <pdn/pdn.h>

/* The variants a FEN is read in: every one the library knows. */
#define REACH_VARIANTS	16

/*
 * The index of variant v in pdn_variant_list(), which the tables below
 * are indexed by, or -1.
 */
int reach_variant_index(const pdn_variant *v);

/* A FEN: the position it names in each variant it reads in. */
struct reach_fen {
	pdn_position pos[REACH_VARIANTS];
	unsigned char ok[REACH_VARIANTS];
};

/*
 * Reads a FEN in every variant.  Returns 0, or the pdn_fen_read() error
 * of the first variant (PDN_EFEN_SIDE for a '?' side to move: a position
 * to look for has one).
 */
int reach_fen_read(struct reach_fen *q, const char *value);

/*
 * Whether pos, of the variant of index vi, is the FEN's position; with
 * any_side, whichever side is to move.
 */
int reach_fen_holds(const struct reach_fen *q, int vi,
    const pdn_position *pos, int any_side);

/* A count of --material: from lo to hi (lo -1: any number). */
struct reach_count {
	int lo, hi;
};
struct reach_side {
	struct reach_count men, kings, total;
};
struct reach_material {
	struct reach_side w, b;
};

/*
 * Reads W:B (or W-B when neither side has a range), each side N (pieces of
 * any kind), NM (men, no king), NK (kings, no man) or NMNK, where each N
 * may be a range A-B or A+ (at least A) or * (any number), and one before
 * M or K may be left out ("K" one king): "1K:3", "2-3K:1K", "3K-1K",
 * "*:K", "*M2K:*".
 * Returns 0, or -1.
 */
int reach_material_read(struct reach_material *m, const char *value);

/* Whether pos has the counts of m. */
int reach_material_holds(const struct reach_material *m,
    const pdn_position *pos);

/*
 * Whether a line whose final position is fin may reach the counts of m
 * (without a setup in it): false when fin has more pieces of a side than
 * m counts, since pieces are only ever taken.
 */
int reach_material_may(const struct reach_material *m,
    const pdn_position *fin);

/* What a square of a pattern must hold (bits: any of them). */
enum {
	PAT_WHITE_MAN = 1 << 0, PAT_WHITE_KING = 1 << 1,
	PAT_BLACK_MAN = 1 << 2, PAT_BLACK_KING = 1 << 3,
	PAT_EMPTY = 1 << 4
};
#define PAT_MAX	72

/*
 * A pattern: squares that must hold a white or black man or king, either
 * kind, nothing, or any piece.  Its squares in each variant (a square
 * past a variant's board: the pattern is not of that variant), and with
 * mirror its colour-reversed copy too (the board turned round, the
 * colours swapped), which it also matches.
 */
struct reach_pattern {
	int n;
	unsigned char sq[PAT_MAX];
	unsigned char what[PAT_MAX];
	int mirror;
};

/*
 * Reads a pattern: fields separated by ':', each a letter and a list of
 * squares separated by ',' (ranges a-b): W white pieces, B black pieces
 * (a square alone a man, K before it a king, * before it either), E
 * empty squares, A squares with any piece: "W28,K33:B*19:E23,24:A18".
 * Returns 0, or -1 with *why saying what is wrong.
 */
int reach_pattern_read(struct reach_pattern *p, const char *value,
    const char **why);

/* Whether pos, of variant v, meets the pattern (or its mirror). */
int reach_pattern_holds(const struct reach_pattern *p, const pdn_variant *v,
    const pdn_position *pos);

/*
 * The position after the moves of `moves` ("32-28 18-23", move numbers
 * allowed: "1. 32-28 18-23 2. 37-32") played from the start position of
 * variant v, into *pos.  Returns 0, or -1 with an explanation in why
 * (of `size` bytes): a move that is not legal there, or that fits several.
 */
int reach_moves(pdn_position *pos, const pdn_variant *v, const char *moves,
    char *why, size_t size);

#endif /* REACH_H */
