/*
 * Helpers every pdn tool shares: the program name, diagnostics in the one
 * format the man pages give under DIAGNOSTICS, --version, opening inputs,
 * and output files written through a temporary file and checked at the
 * end.
 */
#ifndef CLI_H
#define CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <pdn/pdn.h>

/* Set by cli_init() from argv[0]. */
extern const char *cli_progname;

/*
 * Sets the program name to the last component of argv[0], and points
 * argv[0] at it too, so that getopt's own messages say "pdn-parse:" rather
 * than the path the program was started by.
 */
void cli_init(char **argv);

/*
 * Prints "prog: message" to stderr, after flushing standard output so that
 * with both streams into one file the message comes after what was
 * printed before it.
 */
void cli_warn(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/*
 * Sends the diagnostics of cli_diag_write() to fp instead of standard
 * error (NULL: back to standard error), for a tool whose report is its
 * diagnostics (pdn-validate -o FILE).
 */
void cli_diag_stream(FILE *fp);

/*
 * --version: prints "prog VERSION", then the version note when the tool
 * set one (cli_set_version_note()).  Returns the exit status (0, or 2
 * when standard output cannot be written).
 */
int cli_version(void);
/*
 * A line that -V prints after the version (NULL: none), for a tool that
 * says more of what runs (pdn-perft: the move generator's code path);
 * `line` must live until the run ends.
 */
void cli_set_version_note(const char *line);

/* What cli_diag() prints and what it has counted. */
struct cli_diag_state {
	pdn_severity min;	/* print diagnostics of at least this level */
	long errors;		/* error diagnostics seen */
	long warnings;
};

/*
 * A pdn_diag_fn, the one format of every tool's diagnostics, printed to
 * stderr (through cli_diag_write()).  A diagnostic about a move (d->move
 * set) names the ply, the move number and the move before the message:
 * "prog: file:line:col: error: ply P (N.) MOVE: message [code] (game G)",
 * with "(N. ...)" for Black's move; any other says
 * "prog: file:line:col: error: message [code] (game G, ply P)", or
 * "(game G)" when no move was read yet, or nothing when it concerns no
 * game.  arg is a struct cli_diag_state, or NULL to print every
 * diagnostic without counting.
 */
void cli_diag(const pdn_diag *d, void *arg);

/*
 * After the first `max` warnings (or notes) of one code in one file,
 * cli_diag() says no more of them but counts them, and
 * cli_diag_flush() says how many it left out, a line per code:
 * "prog: FILE: fen-liberty: 245 more in this file (-W fen-liberty shows
 * them)".  Errors are always said, and so are the codes whose all[code]
 * is set (all NULL: none); max 0 says every diagnostic.  A diagnostic of
 * another file flushes those of the file before it.  Codes are those of
 * tooldiag.h, the library's and the tools'.  cli_diag_limit() ends a
 * summary (cli_diag_summary()).
 */
#define CLI_DIAG_LIMIT	5
void cli_diag_limit(int max, const unsigned char *all);
void cli_diag_flush(void);

/*
 * How many warnings or notes of `code` cli_diag() says in one file under
 * the limit and the summary: -1 every one (no limit, or all[code]), 0
 * none (counted by the summary), else the first so many (LONG_MAX under
 * a summary that limits no code).  Errors are always said.  Read-only
 * once the options are set: a worker thread may ask, to leave unformatted
 * what will not be said (pdn_reader_set_wanted()).
 */
long cli_diag_quota(int code);

/*
 * The summary of a search (pdn-find, pdn-index build), which reads files
 * for their positions, not to judge them: from here on the warnings and
 * notes are counted, not said, but those of the codes whose all[code] is
 * set (cli_diag_limit()), and those whose limited[code] is set (NULL:
 * none), which are said up to the limit as before; cli_diag_flush() says
 * the counted ones in one line: "prog: FILE: 160 warnings in this file:
 * fen-liberty 153, colon-capture 7 (-W CODE shows them)", naming the code
 * for CODE when there is one.  Errors are said as ever.
 */
void cli_diag_summary(const unsigned char *limited);

/* The longest diagnostic line cli_diag() prints, with its NUL. */
#define CLI_DIAG_MAX	2048

/* An input operand being read. */
struct cli_input {
	int fd;
	const char *name;	/* the operand, or "<stdin>" */
	int error;		/* errno of the read that failed, or 0 */
	/*
	 * The first CLI_HEAD_MAX bytes, kept as they are read for the hint
	 * (cli_input_head()): head[0..nhead), of which `served` have been
	 * handed to the reader; head_end is 1 after the end of the input
	 * was seen, -1 after a read failed.
	 */
	char *head;
	size_t nhead, headcap, served;
	int head_end;
	/* The file's own variant, for pdn_game_finish() (NULL: none). */
	pdn_file_hint *hint;
};

/* How much of an input the hint of its variant reads. */
#define CLI_HEAD_MAX	(512u << 10)

/*
 * Opens an input operand: "-" is standard input, named "<stdin>".  Returns
 * 0, or -1 after printing why.
 */
int cli_input_open(struct cli_input *in, const char *path);

/* Closes it (standard input stays open), and frees its head and hint. */
void cli_input_close(struct cli_input *in);

/*
 * Reads the input's head (its first CLI_HEAD_MAX bytes, or all of it)
 * before anything else reads it, for a reader in another thread whose
 * hint will ask for it: cli_read_fd() hands the bytes out first.
 */
void cli_input_fill_head(struct cli_input *in);

/*
 * A pdn_read_fn over an input (arg is the struct cli_input); a failed
 * read's errno is kept in in->error for cli_input_end().  The head's
 * bytes come first, from memory when they have been read already.
 */
long cli_read_fd(void *arg, char *buf, size_t len);

/*
 * Says what ended reading an input, from pdn_reader_next()'s last return
 * value: nothing at the end of the input (0 or 1), else why, with the
 * system's reason for a read error.  Returns 0, or 2 after a problem.
 */
int cli_input_end(const struct cli_input *in, int rc);

/*
 * An output file.  Unless it is standard output or not a regular file (a
 * device, a pipe), it is written as a temporary file in the same
 * directory and renamed over the file only by cli_output_close(), after
 * everything was written: an input given as the output is read whole
 * before it is replaced, and a failed run leaves the old file as it was.
 */
struct cli_output {
	FILE *fp;
	const char *name;	/* as given, or "<stdout>" */
	char *tmp;		/* the temporary file, or NULL */
	char *target;		/* where it is renamed to (links resolved) */
};

/*
 * Opens path for writing (NULL or "-": standard output).  Returns 0, or 2
 * after printing why.
 */
int cli_output_open(struct cli_output *out, const char *path);

/*
 * Flushes and closes the output's stream, keeping the temporary file for
 * cli_output_commit().  Returns 0, or 2 after printing why (nothing for a
 * closed pipe, see cli_close_output()).
 */
int cli_output_finish(struct cli_output *out);

/*
 * Renames the temporary file over the target when `keep` is set, else
 * removes it, so that after any error the target is as it was.  Returns
 * 0, or 2 after printing why the rename failed.
 */
int cli_output_commit(struct cli_output *out, int keep);

/*
 * Both: finishes the output, then commits it when `keep` is set and
 * everything was written.  Returns 0 or 2.
 */
int cli_output_close(struct cli_output *out, int keep);

/*
 * Reads a decimal number from min to max into *out; -1 after printing
 * "bad WHAT: S (MIN to MAX)".
 */
int cli_number(const char *what, const char *s, long min, long max,
    long *out);

/*
 * Reads a decimal number, finite, from min to max, into *out: 0, or -1
 * (nothing said: the caller says what it wanted).
 */
int cli_real(const char *s, double min, double max, double *out);

/*
 * Flushes and closes an output stream (standard output is only flushed
 * and checked); on failure prints why and returns 2, else 0.
 */
int cli_close_output(FILE *fp, const char *name);

/*
 * A progress line on standard error, for long runs: only when standard
 * error is a terminal, refreshed at most ten times a second, erased by
 * cli_progress_end() and before any message (cli_warn(),
 * cli_diag_write()).  `total` is the amount of work (bytes, root moves),
 * 0 when unknown; each update gives the items done (games, nodes) and the
 * work done.
 */
/* Seconds of the monotonic clock. */
double cli_now(void);

void cli_progress_start(const char *unit, uint64_t total);
void cli_progress(uint64_t items, uint64_t done);
void cli_progress_end(void);

/*
 * Writes v in decimal into buf (at least 21 bytes), NUL-terminated, and
 * returns the length: snprintf("%llu") without the cost of a format
 * string, for the per-game records of the batch tools.
 */
int cli_utoa(unsigned long long v, char *buf);

/*
 * Writes len bytes of s to fd, again after a short write or EINTR: 0, or
 * -1 with errno set (0 for a write that wrote nothing).
 */
int cli_write_all(int fd, const char *s, size_t len);

#endif /* CLI_H */
