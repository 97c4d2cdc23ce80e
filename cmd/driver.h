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
 *       --game N[,M-K] only these games of each file, by number
 *       --skip N       leave out the first N of them
 *       --max N        read at most N of them
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
/* What a tool that reads PDN files has, at least. */
#define DRV_READS	(DRV_QUIET | DRV_NO_WARNINGS | DRV_VERBOSE | \
			 DRV_GAMETYPE | DRV_RECURSIVE | DRV_GAMES | DRV_WARN)

#define DRV_MAX_JOBS	256

/* Keys of the long-only common options; a tool's own start at 300. */
enum {
	DRV_K_VERBOSE = 256, DRV_K_STRICT, DRV_K_RULES, DRV_K_GAMETYPE,
	DRV_K_VARIANT, DRV_K_GAME, DRV_K_SKIP, DRV_K_MAX, DRV_K_OPTFILE,
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
	struct drv_games games;	/* --game, --skip, --max */
	long last_game;		/* of the input: the last game read */
	const pdn_reader *reader;	/* the reader it was read from */
	const char *rules;	/* --rules, or NULL */
	pdn_profile *profile;	/* the profile --rules names (the run's), or NULL */
	/* The inputs, -r's walk done: their paths ("-": standard input). */
	char **inputs;
	size_t ninputs;
	struct cli_diag_state ds;	/* what drv_diag() counted */
	/*
	 * -W, by code: woff (no-CODE) leaves it out everywhere, werror 1
	 * (error=CODE) makes it an error, 2 (no-error=CODE) keeps --strict
	 * from doing so; wall (CODE, or all for every code) says every one
	 * of it, not the first few.  wraised: some error=CODE was given.
	 */
	unsigned char woff[PDN_D_NCODES], werror[PDN_D_NCODES];
	unsigned char wall[PDN_D_NCODES];
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

/*
 * Reads the options and the operands of argv into d, for tool t (whose
 * own options go to t->option with `arg`), loads the --rules profile and
 * walks the directories of -r.  Returns -1 to go on, or the exit status
 * when the run ends here: 0 after --help or --version, 2 after a mistake
 * (said, with the usage line).
 */
int drv_start(struct drv *d, const struct drv_tool *t, void *arg, int argc,
    char **argv);

/*
 * Runs `file` on each input in turn, opened (standard input for "-"), and
 * closes it; an input that cannot be opened is said and skipped.  Shows
 * progress on a terminal.  Returns the worst status `file` returned, or 2
 * when an input could not be read.
 */
int drv_run(struct drv *d, int (*file)(void *arg, struct drv *d,
    struct cli_input *in), void *arg);

/*
 * Opens an output (NULL or "-": standard output) through a temporary
 * file, committed by drv_end() only when the run ended with status 0 or
 * 1.  Returns the output, or NULL after saying why (the status is then
 * 2).  The driver owns it.
 */
struct cli_output *drv_output(struct drv *d, const char *path);

/*
 * The output of a tool's records: -o FILE, or standard output.  With -q
 * it is standard output, on which nothing is written, so that -q leaves
 * the -o file as it was.  -o naming one of the inputs is refused (NULL,
 * status 2) unless d->rewrite is set: records of another format would
 * replace the games.
 */
struct cli_output *drv_records(struct drv *d);

/*
 * Another output of the tool's (a file of copies, a part of a split),
 * opened as drv_output() opens one; `what` names it in the refusals:
 * a path that is one of the inputs, or the file of an output opened
 * before (NULL, status 2).
 */
struct cli_output *drv_output_also(struct drv *d, const char *path,
    const char *what);

/*
 * Creates directory `dir` and those above it that are missing (mkdir -p),
 * saying each one made ("created directory out/"), unless -q.  drv_end()
 * removes them again when the run ends with status 2 and they are empty,
 * so that a failed run leaves the file system as it was.  Returns 0, or
 * 2 after saying why one could not be made.
 */
int drv_make_dirs(struct drv *d, const char *dir);

/*
 * Finishes the run: closes the outputs and renames them over their
 * targets when `status` is below 2 (else removes them: every target is
 * as it was), erases the progress line, frees the driver.  Returns the
 * exit status: `status`, or 2 when an output failed.
 */
int drv_end(struct drv *d, int status);

/*
 * Says that the value of an option is wrong, the same way in every
 * tool: "bad --jobs: "0" (1 to 256)", then the usage line.  Returns 2.
 */
int drv_bad_value(const struct drv *d, const char *option, const char *value,
    const char *want);

/*
 * The names of the variants the library plays into buf of size bytes:
 * "international, brazilian, ... or frisian", or with `last`
 * "international, ..., frisian or LAST".
 */
void drv_variant_names(char *buf, size_t size, const char *last);

/* Says a mistake in the options (printf format), then the usage line. 2. */
int drv_usage_error(const struct drv *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * The severity diagnostic dg has in this run: -W error=CODE makes it an
 * error; --strict makes a warning an error, except the one that says a
 * game was not replayed (unsupported-gametype, gametype-unknown) and
 * those of -W no-error=CODE.
 */
pdn_severity drv_severity(const struct drv *d, const pdn_diag *dg);

/*
 * Whether -W no-CODE turned diagnostic dg off: a tool then neither says
 * nor counts nor keeps it.
 */
int drv_diag_off(const struct drv *d, const pdn_diag *dg);

/*
 * Whether a diagnostic of severity sev in this run (drv_severity()) is
 * shown: sev, or -1 when it is not (-q, -w, notes without --verbose).
 */
int drv_shown(const struct drv *d, pdn_severity sev);

/*
 * A pdn_diag_fn printing diagnostics as the run's options say, and
 * counting them in d->ds (arg is the struct drv).
 */
void drv_diag(const pdn_diag *dg, void *arg);

/*
 * Reader and replay options for an input, as the common options say: the
 * reader's diagnostics go to drv_diag() as they come; the replay's are
 * read from the played game (drv_played_diags()).
 */
void drv_reader_options(const struct drv *d, pdn_reader_options *ro,
    const struct cli_input *in);
void drv_replay_options(const struct drv *d, pdn_replay_options *ro);

/*
 * Hands the diagnostics that the played game pg keeps, the replay's, to
 * fn(arg) in the order they were found: the tools read them there, as
 * each tool's diag callback (drv_diag(), or its own that keeps them with
 * the game's record) takes them.
 */
void drv_played_diags(const pdn_played *pg, pdn_diag_fn fn, void *arg);

/*
 * pdn_reader_next() for the tools, which read the games of an input
 * through it: it returns only the games --game, --skip and --max choose
 * (all when none is given), and 0 (the end) once none is left to choose,
 * without reading further.  Text a reader returns as a game after the
 * last one (with keep_raw) is no game to choose: left out when they are
 * given.
 */
int drv_reader_next(struct drv *d, const pdn_game **g, pdn_reader *r);

/*
 * Whether game `game` of the input (0: none) is one --game, --skip and
 * --max choose: a tool drops the reader's diagnostics of the others, as
 * drv_diag() does.
 */
int drv_game_wanted(const struct drv *d, long game);

/*
 * Whether game g is no game but text that the reader gives as one only to
 * keep it (keep_raw): comments outside any game.  Text with an error in
 * it is a broken game, as pdn-validate counts it.
 */
int drv_no_game(const pdn_game *g);

/* The progress line: `items` more done, at byte `offset` of the input. */
void drv_progress(struct drv *d, uint64_t items, uint64_t offset);

/*
 * Writes a TSV header (the names, tab-separated) to fp, unless -H.
 */
void drv_tsv_header(const struct drv *d, FILE *fp, const char *const *names);

#endif /* DRIVER_H */
