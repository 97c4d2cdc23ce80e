/*
 * The driver every pdn tool runs on: one option table, --help and the
 * usage line made from it, the file loop (operands, "-" and no operand
 * for standard input, -r for the *.pdn files under a directory, going on
 * after a bad file), outputs that replace their target only when the run
 * went well, the progress line and the exit status.  A tool's main()
 * declares its own options and does its job; everything else is here.
 *
 * The common options mean the same in every tool that has them (each
 * tool says which it has, in drv_tool.common):
 *   -f, --format F     the output format, one of the tool's
 *   -o, --output FILE  write to FILE, replaced only when the run went well
 *   -q, --quiet        no output at all, the exit status only (grep -q)
 *   -w, --no-warnings  diagnostics: errors only
 *   -W, --warn [no-|error=|no-error=]CODE, all
 *                      diagnostics of one code: off, an error, not made
 *                      one by --strict, or on and every one said (the
 *                      first five of a code in a file are, then one line
 *                      says how many more there were); all: every one
 *       --verbose      diagnostics: notes too
 *   -j, --jobs N       N threads, the same output as one
 *   -l, --lenient      accept the irregular moves of FMJD 5.4 and 5.7
 *       --strict       every warning is an error
 *       --rules P      the rules profile
 *       --gametype N   read games without a GameType tag as variant N
 *       --variant V    the variant: a name (brazilian) or a GameType number
 *       --result-order white|first-mover
 *                      whose score result tokens write first, instead of
 *                      what each file's games say (pdn_result_order)
 *       --game N[,M-K] only these games of each file, by number
 *       --skip N       leave out the first N of them
 *       --max N        read at most N of them
 *       --alias FILE   the spelling file of the players' names
 *   -H, --no-header    TSV without its header line
 *   -r, --recursive    read the *.pdn files under directory operands
 *   -h, --help, -V, --version
 */
#ifndef DRIVER_H
#define DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "tooldiag.h"
#include <pdn/pdn.h>

/* The common options a tool has: bits of drv_tool.common. */
#define DRV_FORMAT	(1u << 0)
#define DRV_OUTPUT	(1u << 1)
#define DRV_QUIET	(1u << 2)
#define DRV_NO_WARNINGS	(1u << 3)
#define DRV_VERBOSE	(1u << 4)
#define DRV_JOBS	(1u << 5)
#define DRV_LENIENT	(1u << 6)
#define DRV_STRICT	(1u << 7)
#define DRV_RULES	(1u << 8)
#define DRV_GAMETYPE	(1u << 9)
#define DRV_NO_HEADER	(1u << 10)
#define DRV_RECURSIVE	(1u << 11)
#define DRV_VARIANT	(1u << 12)
#define DRV_GAMES	(1u << 13)	/* --game, --skip, --max */
#define DRV_WARN	(1u << 14)	/* -W */
#define DRV_RESULT_ORDER (1u << 15)	/* --result-order */
#define DRV_ALIAS	(1u << 16)	/* --alias: tools that group or select by player */
/* What a tool that reads PDN files has, at least. */
#define DRV_READS	(DRV_QUIET | DRV_NO_WARNINGS | DRV_VERBOSE | \
			 DRV_GAMETYPE | DRV_RECURSIVE | DRV_GAMES | DRV_WARN)

#define DRV_MAX_JOBS	256

/* Keys of the long-only common options; a tool's own start at 300. */
enum {
	DRV_K_VERBOSE = 256, DRV_K_STRICT, DRV_K_RULES, DRV_K_GAMETYPE,
	DRV_K_VARIANT, DRV_K_GAME, DRV_K_SKIP, DRV_K_MAX, DRV_K_OPTFILE,
	DRV_K_RESULT_ORDER, DRV_K_ALIAS,
	DRV_K_OWN = 300
};

/*
 * An option: its key (its letter, or a number from DRV_K_OWN for a
 * long-only one), its long name, its argument as the usage line writes
 * it ("n", "file"; NULL for none) and as --help writes it ("N", "FILE",
 * or the words it takes, "a|b|c"), and what it does.  A table ends with
 * key 0.
 */
struct drv_option {
	int key;
	const char *name;
	const char *arg;
	const char *help_arg;
	const char *help;
};

struct drv;

struct drv_tool {
	const char *operands;		/* usage: "[file ...]", "[fen]" */
	unsigned common;		/* DRV_* */
	const char *const *formats;	/* -f's words, NULL-ended; [0] default */
	const char *format_help;	/* what they are, for --help */
	const struct drv_option *options;	/* the tool's own, or NULL */
	/*
	 * Takes one of the tool's own options (value NULL when it has no
	 * argument).  Returns 0, or 2 after saying what is wrong
	 * (drv_bad_value()).
	 */
	int (*option)(void *arg, struct drv *d, int key, const char *value);
	const char *items;		/* what the progress line counts */
	const char *output_help;	/* -o's text, when not the common one */
	const char *gametype_help;	/* --gametype's, the same way */
	const char *jobs_help;		/* -j's, the same way */
};

/*
 * --game, --skip and --max: the games of each file that a tool reads, by
 * their numbers in the file (1-based, as diagnostics and records number
 * them): those of the ranges (every game when there are none), less the
 * first `skip` of them, at most `max` (0: no limit).
 */
struct drv_range {
	long from, to;
};
struct drv_games {
	struct drv_range *r;	/* sorted, apart from each other */
	size_t n;
	long skip, max;
	int on;			/* any of the three was given */
};

/* The settings of the common options, then the run's state. */
struct drv {
	const struct drv_tool *tool;
	int fmt;		/* index in tool->formats */
	int fmt_given;		/* -f was given */
	const char *output;	/* -o, or NULL */
	int quiet, strict, header, recursive;
	pdn_severity min;	/* diagnostics shown: at least this */
	unsigned flags;		/* PDN_REPLAY_LENIENT */
	int jobs;
	int gametype;		/* --gametype (or --rules' variant), or 0 */
	int gametype_given;	/* --gametype was given */
	/*
	 * --variant's GameType number (1-99; a name is its variant's
	 * number), or 0.  The library may not play it: pdn_variant_get().
	 */
	int variant;
	/* --result-order: a pdn_result_order, or PDN_ORDER_DECIDE. */
	int result_order;
	struct drv_games games;	/* --game, --skip, --max */
	long last_game;		/* of the input: the last game read */
	const pdn_reader *reader;	/* the reader it was read from */
	const char *rules;	/* --rules, or NULL */
	const char *alias;	/* --alias, or NULL: the tool reads it */
	pdn_profile *profile;	/* the profile --rules names (the run's), or NULL */
	/* The inputs, -r's walk done: their paths ("-": standard input). */
	char **inputs;
	size_t ninputs;
	struct cli_diag_state ds;	/* what drv_diag() counted */
	/*
	 * -W, by code (the library's or a tool's, tooldiag.h): woff
	 * (no-CODE) leaves it out everywhere, werror 1 (error=CODE) makes
	 * it an error, 2 (no-error=CODE) keeps --strict from doing so; wall
	 * (CODE, or all for every code) says every one of it, not the first
	 * few.  wraised: some error=CODE was given.
	 */
	unsigned char woff[TOOLDIAG_NCODES], werror[TOOLDIAG_NCODES];
	unsigned char wall[TOOLDIAG_NCODES];
	int wraised;
	/* Outputs committed by drv_end(). */
	struct cli_output **outs;
	size_t nouts, capouts;
	/* Progress: bytes of the inputs, done before the current one. */
	uint64_t total, done, items;
	int status;		/* the worst trouble so far: 0 or 2 */
	/*
	 * Set by a tool before drv_records() when its output is PDN of the
	 * games read (a rewrite): only then may -o name one of the inputs.
	 */
	int rewrite;
	int tty_records;	/* records go to standard output, a terminal */
	/* Directories drv_make_dirs() created, removed again after status 2. */
	char **dirs;
	size_t ndirs;
};

#endif /* DRIVER_H */
