/*
 * pdn-select's criteria: what a game must meet to be selected.  Tag
 * criteria (-t NAME OP VALUE, --player, --result) hold together in one
 * group; a --criteria file is groups of which one must hold; the plies
 * written and the variant are read off the game too.  The status
 * (--status), the verdict (--verdict), the positions (--fen) and the
 * piece counts (--material) need the game replayed: the caller replays
 * and adjudicates, these functions judge what it got.
 *
 * The criteria are made while the options are read, on the main thread,
 * and only read after: the threads of -j judge their games with them.
 */
#ifndef SELECT_CRITERIA_H
#define SELECT_CRITERIA_H

#include <stddef.h>

#include "driver.h"
#include <pdn/pdn.h>

/* The statuses of --status, as pdn-validate gives them. */
enum { ST_VALID, ST_INVALID, ST_UNSUPPORTED };

/* A tag criterion (criteria.c's own). */
struct crit;

/* Criteria that hold together (AND). */
struct group {
	struct crit *c;
	size_t n, cap;
};

/* The groups of a --criteria file, of which one must hold (OR). */
struct alts;

/* A spelling file (player.h). */
struct player_aliases;

/* A --fen, and a --material (reach.h). */
struct reach_fen;
struct reach_material;

/*
 * Every criterion of the run.  The numbers are set by the caller after
 * criteria_init() (they are plain options): status, verdict, plies and
 * variant; the rest through the functions below.
 */
struct criteria {
	struct group all;	/* -t, --player, --result */
	struct alts *files;	/* -T: each must hold */
	size_t nfiles;
	/* Game criteria, holding with the others (-1: none). */
	int status;		/* --status: ST_* */
	int verdict;		/* --verdict: pdn_verdict */
	long pmin, pmax;	/* --plies; pmin -1: none */
	int variant;		/* --variant (or --gametype), or 0 */
	struct reach_fen *fens;	/* --fen: each reached */
	size_t nfens;
	struct reach_material *mats;	/* --material: each reached */
	size_t nmats;
	struct player_aliases *aliases;	/* --alias, or NULL */
};

/* Sets up cr with no criterion: every game meets it. */
void criteria_init(struct criteria *cr);

/* Frees what cr holds (not cr). */
void criteria_free(struct criteria *cr);

/*
 * The criteria of the options, each added to cr from the option's value;
 * d says what is wrong with a value.  They return an option's status, as
 * a drv_tool option function does: 0, or 2 after saying what is wrong.
 *
 * criteria_add_tag() reads -t NAME OP VALUE, OP one of = != ~ < > <= >=
 * (Result = and != compare results by meaning, as --result does);
 * criteria_add_player() adds --player NAME (White or Black contains it,
 * folded: any case or accent, word by word); criteria_add_result() adds
 * --result, in either notation;
 * criteria_add_winner() adds --winner NAME (the winner's name contains
 * it), or with `loser` nonzero --loser NAME.
 */
int criteria_add_tag(struct criteria *cr, struct drv *d, const char *expr);
int criteria_add_player(struct criteria *cr, const char *name);
int criteria_add_result(struct criteria *cr, struct drv *d,
    const char *result);
int criteria_add_winner(struct criteria *cr, const char *name, int loser);

/*
 * --alias FILE, once every option is read: the players of --player,
 * --winner and --loser are also those of the spelling file's blocks
 * (player.h) of which some name contains the value.  Returns 0, or 2
 * after saying what is wrong.
 */
int criteria_aliases(struct criteria *cr, const char *path);

/*
 * Reads a --criteria file (-T): one alternative per line, of criteria as
 * -t's separated by tabs; empty lines and lines starting with '#' aside.
 * Returns 0, or 2 after saying what is wrong.
 */
int criteria_read(struct criteria *cr, const char *path);

/*
 * --fen FEN, the position in each variant it reads in, and --material
 * W:B (each side N, NM, NK or NMNK): at most 64 of them together.
 */
int criteria_add_fen(struct criteria *cr, struct drv *d, const char *value);
int criteria_add_material(struct criteria *cr, struct drv *d,
    const char *value);

/*
 * Whether game g meets the criteria that need no replay: the tags, the
 * plies written, the variant.
 */
int criteria_meets_read(const struct criteria *cr, const pdn_game *g);

/* Whether some criterion needs the games replayed (status to material). */
int criteria_need_replay(const struct criteria *cr);

/* The status (ST_*) pdn-validate gives a played game. */
int criteria_status(const pdn_played *pg);

/*
 * Whether every --fen and --material is met at some position of the main
 * line of pg: where it starts, after each ply of a line that survived
 * (all of them, for an ambiguous record), or a setup in it.  True when
 * there is none.
 */
int criteria_reached(const struct criteria *cr, const pdn_played *pg);

#endif /* SELECT_CRITERIA_H */
