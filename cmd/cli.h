/*
 * Helpers every pdn tool shares: the program name, diagnostics in the one
 * format of DESIGN.md, opening inputs, and the checked end of output.
 */
#ifndef CLI_H
#define CLI_H

#include <stddef.h>
#include <stdio.h>

#include "pdn_game.h"

/* Set by cli_init() from argv[0]. */
extern const char *cli_progname;

/* Sets the program name. */
void cli_init(const char *argv0);

/* Prints "prog: message" to stderr. */
void cli_warn(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* What cli_diag() prints and what it has counted. */
struct cli_diag_state {
	pdn_severity min;	/* print diagnostics of at least this level */
	long errors;		/* error diagnostics seen */
	long warnings;
};

/*
 * A pdn_diag_fn: prints
 * "prog: file:line:col: error: message [code] (game N, ply P)"
 * to stderr.  arg is a struct cli_diag_state.
 */
void cli_diag(const pdn_diag *d, void *arg);

/*
 * Formats a diagnostic as cli_diag() prints it, without the newline, into
 * buf of `size` bytes (truncated to fit, NUL-ended): for a tool that
 * collects diagnostics to print them later in input order.  Returns the
 * length written.
 */
#define CLI_DIAG_MAX	2048
int cli_diag_format(const pdn_diag *d, char *buf, size_t size);

/* A pdn_read_fn over a file descriptor (arg points to the int). */
long cli_read_fd(void *arg, char *buf, size_t len);

/*
 * Opens an input operand: "-" is standard input, named "<stdin>".  Returns
 * the descriptor, or -1 after printing why.
 */
int cli_open(const char *path, const char **name);

/*
 * The index of `arg` in `names` (NULL-ended), for an option that takes
 * one of a few words; -1 after printing "unknown WHAT: ARG".
 */
int cli_choice(const char *what, const char *arg, const char *const *names);

/*
 * Reads a decimal number from min to max into *out; -1 after printing
 * "bad WHAT: S (MIN to MAX)".
 */
int cli_number(const char *what, const char *s, long min, long max,
    long *out);

/*
 * Flushes and closes an output stream; on failure prints why and returns
 * 2, else 0.
 */
int cli_close_output(FILE *fp, const char *name);

/*
 * Writes v in decimal into buf (at least 21 bytes), NUL-terminated, and
 * returns the length: snprintf("%llu") without the cost of a format
 * string, for the per-game records of the batch tools.
 */
int cli_utoa(unsigned long long v, char *buf);

#endif /* CLI_H */
