/*
 * Shared command-line helpers (see cli.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "tooldiag.h"
#include <pdn/pdn.h>

const char *cli_progname = "pdn";

/* Where diagnostics go (cli_diag_stream()); NULL: standard error. */
static FILE *diag_fp;

static int finish_output(FILE *fp, const char *name, int do_close);

void
cli_init(char **argv)
{
	char *p;

	if (argv[0] == NULL || *argv[0] == '\0')
		return;
	if ((p = strrchr(argv[0], '/')) != NULL && p[1] != '\0')
		argv[0] = p + 1;
	cli_progname = argv[0];
}

/* The progress line (cli_progress_start()). */
static struct {
	int on;			/* standard error is a terminal */
	int shown;		/* columns of the line on the screen */
	const char *unit;
	uint64_t total;
	double start, last;
} prog;

double
cli_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Erases the progress line, if one is shown. */
static void
progress_clear(void)
{
	if (prog.shown > 0) {
		fprintf(stderr, "\r%*s\r", prog.shown, "");
		prog.shown = 0;
	}
}

void
cli_progress_start(const char *unit, uint64_t total)
{
	prog.on = isatty(STDERR_FILENO);
	prog.unit = unit;
	prog.total = total;
	prog.start = prog.last = cli_now();
	prog.shown = 0;
}

void
cli_progress(uint64_t items, uint64_t done)
{
	char line[128];
	double t, secs;
	int n;

	if (!prog.on || (t = cli_now()) - prog.last < 0.1)
		return;
	prog.last = t;
	secs = t - prog.start;
	n = snprintf(line, sizeof(line), "%llu %s", (unsigned long long)items,
	    prog.unit);
	if (secs > 0 && n < (int)sizeof(line))
		n += snprintf(line + n, sizeof(line) - (size_t)n, ", %.0f/s",
		    (double)items / secs);
	if (prog.total > 0 && n < (int)sizeof(line))
		n += snprintf(line + n, sizeof(line) - (size_t)n, ", %.0f%%",
		    100.0 * (double)done / (double)prog.total);
	if (n >= (int)sizeof(line))
		n = (int)sizeof(line) - 1;
	/* Spaces cover what a longer line before left. */
	fprintf(stderr, "\r%s%*s", line, prog.shown > n ? prog.shown - n : 0,
	    "");
	if (prog.shown < n)
		prog.shown = n;
	fflush(stderr);
}

void
cli_progress_end(void)
{
	progress_clear();
	prog.on = 0;
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	progress_clear();
	fprintf(stderr, "%s: ", cli_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * Writes len bytes of diagnostics text to stderr, after flushing standard
 * output (as cli_warn()): for a tool that kept a game's diagnostics to
 * print them just before the game's record.
 */
static void
cli_diag_write(const char *text, size_t len)
{
	/*
	 * Standard output is flushed only here, when there is something to
	 * say, so that a run without diagnostics keeps its full buffers.
	 */
	fflush(stdout);
	progress_clear();
	fwrite(text, 1, len, diag_fp != NULL ? diag_fp : stderr);
}

void
cli_diag_stream(FILE *fp)
{
	diag_fp = fp;
}

static const char *version_note;

void
cli_set_version_note(const char *line)
{
	version_note = line;
}

int
cli_version(void)
{
	const char *v;

	/* The library's own word: the copy linked, not the headers seen. */
	pdn_version(&v);
	printf("%s %s\n", cli_progname, v);
	if (version_note != NULL)
		printf("%s\n", version_note);
	return cli_close_output(stdout, "<stdout>");
}

/* Appends to buf[*n..size) as snprintf would, keeping *n below size. */
static void
append(char *buf, size_t size, int *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
append(char *buf, size_t size, int *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (size == 0 || (size_t)*n >= size - 1)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *n, size - (size_t)*n, fmt, ap);
	va_end(ap);
	if (k > 0)
		*n = (size_t)*n + (size_t)k < size ? *n + k : (int)size - 1;
}

/*
 * Formats a diagnostic as cli_diag() prints it, without the newline, into
 * buf of `size` bytes (truncated to fit, NUL-ended).  Returns the length
 * written.
 */
static int
cli_diag_format(const pdn_diag *d, char *buf, size_t size)
{
	int n = 0;

	if (size > 0)
		buf[0] = '\0';
	append(buf, size, &n, "%s: %s:%ld:%ld: %s: ", cli_progname, d->file,
	    d->line, d->col, pdn_severity_name(d->severity));
	/* A move's ply and number lead: they are what a reader looks for. */
	if (d->move != NULL)
		append(buf, size, &n, "ply %ld (%ld.%s) %s: ", d->ply,
		    d->number, d->second ? " ..." : "", d->move);
	append(buf, size, &n, "%s [%s]", d->message, d->name);
	if (d->game > 0 && d->ply > 0 && d->move == NULL)
		append(buf, size, &n, " (game %ld, ply %ld)", d->game, d->ply);
	else if (d->game > 0)
		append(buf, size, &n, " (game %ld)", d->game);
	return n;
}

/*
 * The limit of cli_diag_limit() and the summary of cli_diag_summary():
 * the warnings and notes of each code said in the current file, and
 * those left unsaid, in the order their codes were first left out; of
 * the summary's, how many were warnings and how many notes.
 */
static struct {
	int max;			/* 0: no limit */
	const unsigned char *all;	/* codes said every time, or NULL */
	int summary;			/* cli_diag_summary() is on */
	const unsigned char *limited;	/* its codes said up to max */
	char *file;			/* the current file, or NULL */
	long said[TOOLDIAG_NCODES], more[TOOLDIAG_NCODES];
	int order[TOOLDIAG_NCODES];
	size_t norder;
	long warnings, notes;		/* counted by the summary */
} lim;

void
cli_diag_limit(int max, const unsigned char *all)
{
	lim.max = max;
	lim.all = all;
	lim.summary = 0;
	lim.limited = NULL;
}

void
cli_diag_summary(const unsigned char *limited)
{
	lim.summary = 1;
	lim.limited = limited;
}

/* Whether the summary counts code's warnings and notes, unsaid. */
static int
summarised(int code)
{
	return lim.summary && (lim.limited == NULL || !lim.limited[code]);
}

/* The summary's line of the current file, its codes and their counts. */
static void
summary_flush(void)
{
	char buf[CLI_DIAG_MAX + 1];
	const char *one = NULL;
	size_t i;
	int n = 0, codes = 0;

	if (lim.warnings + lim.notes == 0)
		return;
	append(buf, CLI_DIAG_MAX, &n, "%s: %s: ", cli_progname, lim.file);
	if (lim.warnings > 0)
		append(buf, CLI_DIAG_MAX, &n, "%ld warning%s", lim.warnings,
		    lim.warnings == 1 ? "" : "s");
	if (lim.notes > 0)
		append(buf, CLI_DIAG_MAX, &n, "%s%ld note%s", lim.warnings > 0 ?
		    " and " : "", lim.notes, lim.notes == 1 ? "" : "s");
	append(buf, CLI_DIAG_MAX, &n, " in this file:");
	for (i = 0; i < lim.norder; i++)
		if (summarised(lim.order[i])) {
			one = tooldiag_name(lim.order[i]);
			append(buf, CLI_DIAG_MAX, &n, "%s %s %ld", codes++ > 0 ?
			    "," : "", one, lim.more[lim.order[i]]);
		}
	append(buf, CLI_DIAG_MAX, &n, " (-W %s shows them)", codes == 1 ?
	    one : "CODE");
	buf[n++] = '\n';
	cli_diag_write(buf, (size_t)n);
}

void
cli_diag_flush(void)
{
	char buf[CLI_DIAG_MAX + 1];
	size_t i;
	int n, code;

	for (i = 0; i < lim.norder; i++) {
		if (summarised(code = lim.order[i]))
			continue;
		n = snprintf(buf, sizeof(buf), "%s: %s: %s: %ld more in this "
		    "file (-W %s shows them)\n", cli_progname, lim.file,
		    tooldiag_name(code), lim.more[code], tooldiag_name(code));
		if (n > CLI_DIAG_MAX)
			n = CLI_DIAG_MAX;
		cli_diag_write(buf, (size_t)n);
	}
	summary_flush();
	lim.norder = 0;
	lim.warnings = lim.notes = 0;
	memset(lim.said, 0, sizeof(lim.said));
	memset(lim.more, 0, sizeof(lim.more));
	free(lim.file);
	lim.file = NULL;
}

long
cli_diag_quota(int code)
{
	if ((lim.max <= 0 && !lim.summary) || code < 0 ||
	    code >= TOOLDIAG_NCODES || (lim.all != NULL && lim.all[code]))
		return -1;
	return summarised(code) ? 0 : lim.max <= 0 ? LONG_MAX : lim.max;
}

/* Whether diagnostic d is one too many of its code in its file. */
static int
over_limit(const pdn_diag *d)
{
	const char *file = d->file != NULL ? d->file : "";
	int code = (int)d->code;
	long quota;

	if (d->severity == PDN_SEV_ERROR || (quota = cli_diag_quota(code)) < 0)
		return 0;
	if (lim.file == NULL || strcmp(lim.file, file) != 0) {
		cli_diag_flush();
		if ((lim.file = strdup(file)) == NULL)
			return 0;
	}
	if (lim.said[code] < quota) {
		lim.said[code]++;
		return 0;
	}
	if (summarised(code)) {
		if (d->severity == PDN_SEV_NOTE)
			lim.notes++;
		else
			lim.warnings++;
	}
	if (lim.more[code]++ == 0)
		lim.order[lim.norder++] = code;
	return 1;
}

void
cli_diag(const pdn_diag *d, void *arg)
{
	struct cli_diag_state *st = arg;
	char buf[CLI_DIAG_MAX + 1];
	int n;

	if (st != NULL) {
		if (d->severity == PDN_SEV_ERROR)
			st->errors++;
		else if (d->severity == PDN_SEV_WARNING)
			st->warnings++;
		if (d->severity < st->min)
			return;
	}
	if (over_limit(d))
		return;
	n = cli_diag_format(d, buf, CLI_DIAG_MAX);
	buf[n++] = '\n';
	cli_diag_write(buf, (size_t)n);
}

/*
 * The hint's head() (pdn_file_hint_new()): the head read to its size or
 * the end of the input, on the reader's thread (cli_input_fill_head()
 * has read it before others could ask).
 */
static const char *
input_head(void *arg, size_t *len, int *whole)
{
	struct cli_input *in = arg;

	cli_input_fill_head(in);
	*len = in->nhead;
	*whole = in->head_end > 0;
	return in->head;
}

int
cli_input_open(struct cli_input *in, const char *path)
{
	memset(in, 0, sizeof(*in));
	if (strcmp(path, "-") == 0) {
		in->name = "<stdin>";
		in->fd = STDIN_FILENO;
	} else {
		in->name = path;
		if ((in->fd = open(path, O_RDONLY)) < 0) {
			cli_warn("%s: %s", path, strerror(errno));
			return -1;
		}
	}
	/* Out of memory, no hint: the games are read all the same. */
	(void)pdn_file_hint_new(&in->hint, input_head, in);
	return 0;
}

void
cli_input_close(struct cli_input *in)
{
	if (in->fd != STDIN_FILENO && in->fd >= 0)
		close(in->fd);
	in->fd = -1;
	pdn_file_hint_free(in->hint);
	in->hint = NULL;
	free(in->head);
	in->head = NULL;
	in->nhead = in->headcap = in->served = 0;
}

/*
 * Reads at most len more bytes of the input into its head.  Returns what
 * read(2) did: the count, 0 at the end, -1 after a failure (kept).
 */
static ssize_t
head_read(struct cli_input *in, size_t len)
{
	size_t cap;
	ssize_t n;
	char *p;

	if (in->nhead + len > in->headcap) {
		cap = in->headcap > 0 ? in->headcap : 64u << 10;
		while (cap < in->nhead + len)
			cap *= 2;
		if (cap > CLI_HEAD_MAX)
			cap = CLI_HEAD_MAX;
		if ((p = realloc(in->head, cap)) == NULL) {
			in->error = ENOMEM;
			in->head_end = -1;
			return -1;
		}
		in->head = p;
		in->headcap = cap;
	}
	do
		n = read(in->fd, in->head + in->nhead, len);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		in->error = errno;
		in->head_end = -1;
	} else if (n == 0)
		in->head_end = 1;
	else
		in->nhead += (size_t)n;
	return n;
}

void
cli_input_fill_head(struct cli_input *in)
{
	while (in->hint != NULL && in->head_end == 0 &&
	    in->nhead < CLI_HEAD_MAX && head_read(in, CLI_HEAD_MAX -
	    in->nhead) > 0)
		;
}

long
cli_read_fd(void *arg, char *buf, size_t len)
{
	struct cli_input *in = arg;
	ssize_t n;

	/*
	 * Within the head: through its buffer (one copy of its bytes, a
	 * few hundred kB of each file), so that the hint can have them.
	 */
	if (in->served == in->nhead && in->hint != NULL &&
	    in->head_end == 0 && in->nhead < CLI_HEAD_MAX)
		(void)head_read(in, len < CLI_HEAD_MAX - in->nhead ? len :
		    CLI_HEAD_MAX - in->nhead);
	if (in->served < in->nhead) {
		if (len > in->nhead - in->served)
			len = in->nhead - in->served;
		memcpy(buf, in->head + in->served, len);
		in->served += len;
		return (long)len;
	}
	if (in->head_end != 0)
		return in->head_end < 0 ? -1 : 0;
	do
		n = read(in->fd, buf, len);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		in->error = errno;
	return (long)n;
}

int
cli_input_end(const struct cli_input *in, int rc)
{
	if (rc == PDN_ENOMEM) {
		cli_warn("%s: out of memory", in->name);
		return 2;
	}
	if (rc < 0) {
		cli_warn("%s: %s", in->name, in->error != 0 ?
		    strerror(in->error) : "read error");
		return 2;
	}
	return 0;
}

/*
 * The mode a new file gets from open(2): 0666 less the umask, which can
 * only be read by setting it (the tools are single-threaded here).
 */
static mode_t
new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/*
 * The temporary files of the outputs not yet committed, removed by a
 * signal that ends the run (register_tmp()).  The handler only reads the
 * table; it grows into a new one, the old left as it was (a handler that
 * runs on another thread may be reading it), and is changed with those
 * signals blocked, like the making of a temporary file and its entry
 * (tmp_block()), so that no signal falls between them.
 */
static char *volatile *volatile tmps;
static volatile size_t ntmps;
/* The tables grown out of, kept (a table doubles: 64 are plenty). */
static char *volatile *old_tmps[64];
static size_t nold;

static void
remove_tmps(int sig)
{
	char *volatile *t = tmps;
	size_t i, n = ntmps;

	for (i = 0; i < n; i++)
		if (t[i] != NULL)
			unlink(t[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Blocks (1) or unblocks (0) the signals remove_tmps() handles. */
static void
tmp_block(int block)
{
	static sigset_t old;
	sigset_t set;

	if (block) {
		sigemptyset(&set);
		sigaddset(&set, SIGINT);
		sigaddset(&set, SIGTERM);
		sigaddset(&set, SIGHUP);
		pthread_sigmask(SIG_BLOCK, &set, &old);
	} else
		pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/*
 * Keeps tmp for remove_tmps() (add) or forgets it, with the signals
 * blocked (tmp_block()).  Returns 0, or -1 out of memory.
 */
static int
register_tmp(char *tmp, int add)
{
	static int handlers;
	char *volatile *t;
	size_t i, n;

	if (add && !handlers) {
		handlers = 1;
		signal(SIGINT, remove_tmps);
		signal(SIGTERM, remove_tmps);
		signal(SIGHUP, remove_tmps);
	}
	for (i = 0; i < ntmps; i++)
		if (add ? tmps[i] == NULL : tmps[i] == tmp) {
			tmps[i] = add ? tmp : NULL;
			return 0;
		}
	if (!add)
		return 0;
	n = ntmps == 0 ? 64 : 2 * ntmps;
	if (nold == sizeof(old_tmps) / sizeof(old_tmps[0]) ||
	    (t = calloc(n, sizeof(*t))) == NULL)
		return -1;
	if (tmps != NULL)
		old_tmps[nold++] = tmps;
	for (i = 0; i < ntmps; i++)
		t[i] = tmps[i];
	t[i] = tmp;
	tmps = t;
	ntmps = n;
	return 0;
}

/*
 * The file a dangling symbolic link names, to be created (malloc'd), or
 * NULL with errno set.
 */
static char *
link_target(const char *path)
{
	char buf[PATH_MAX], *t;
	const char *slash = strrchr(path, '/');
	ssize_t n;
	size_t dir;

	if ((n = readlink(path, buf, sizeof(buf) - 1)) < 0)
		return NULL;
	buf[n] = '\0';
	dir = buf[0] != '/' && slash != NULL ? (size_t)(slash - path) + 1 : 0;
	if ((t = malloc(dir + (size_t)n + 1)) == NULL)
		return NULL;
	memcpy(t, path, dir);
	memcpy(t + dir, buf, (size_t)n + 1);
	return t;
}

int
cli_output_open(struct cli_output *out, const char *path)
{
	struct stat sb, so, lsb;
	int fd, exists;

	memset(out, 0, sizeof(*out));
	if (path == NULL || strcmp(path, "-") == 0) {
		out->fp = stdout;
		out->name = "<stdout>";
		return 0;
	}
	out->name = path;
	if (*path == '\0') {
		cli_warn("-o needs a file name");
		return 2;
	}
	exists = stat(path, &sb) == 0;
	if (exists && S_ISDIR(sb.st_mode)) {
		cli_warn("%s: %s", path, strerror(EISDIR));
		return 2;
	}
	/*
	 * The file standard output already is (-o /dev/stdout into a file
	 * opened with >>): written to as standard output, not replaced.
	 */
	if (exists && fstat(STDOUT_FILENO, &so) == 0 &&
	    so.st_dev == sb.st_dev && so.st_ino == sb.st_ino) {
		out->fp = stdout;
		return 0;
	}
	/*
	 * A device or a pipe cannot be replaced: it is written to; nor can
	 * what /dev/fd/N or /proc names (an open file of this process),
	 * which is appended to.
	 */
	if (exists && (!S_ISREG(sb.st_mode) || strncmp(path, "/dev/", 5) == 0 ||
	    strncmp(path, "/proc/", 6) == 0)) {
		if ((out->fp = fopen(path, S_ISREG(sb.st_mode) ? "a" : "w")) ==
		    NULL) {
			cli_warn("%s: %s", path, strerror(errno));
			return 2;
		}
		return 0;
	}
	/*
	 * Through a symbolic link the file it names is replaced, or
	 * created when the link dangles; the link stays.
	 */
	if (exists)
		out->target = realpath(path, NULL);
	else if (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode))
		out->target = link_target(path);
	else
		out->target = strdup(path);
	if (out->target == NULL ||
	    (out->tmp = malloc(strlen(out->target) + 8)) == NULL) {
		cli_warn("%s: %s", path, strerror(errno));
		free(out->target);
		return 2;
	}
	strcpy(out->tmp, out->target);
	strcat(out->tmp, ".XXXXXX");
	tmp_block(1);
	if ((fd = mkstemp(out->tmp)) < 0 || register_tmp(out->tmp, 1) != 0) {
		cli_warn("%s: %s", path, strerror(fd < 0 ? errno : ENOMEM));
		if (fd >= 0) {
			close(fd);
			unlink(out->tmp);
		}
		tmp_block(0);
		free(out->tmp);
		free(out->target);
		out->tmp = out->target = NULL;
		return 2;
	}
	tmp_block(0);
	/* mkstemp's mode is 0600: give the file the mode it would have. */
	if (fchmod(fd, exists ? sb.st_mode & 07777 : new_file_mode()) != 0 ||
	    (out->fp = fdopen(fd, "w")) == NULL) {
		cli_warn("%s: %s", out->tmp, strerror(errno));
		close(fd);
		tmp_block(1);
		unlink(out->tmp);
		(void)register_tmp(out->tmp, 0);
		tmp_block(0);
		free(out->tmp);
		free(out->target);
		out->tmp = out->target = NULL;
		return 2;
	}
	return 0;
}

int
cli_output_finish(struct cli_output *out)
{
	int status;

	if (out->fp == NULL)
		return 0;
	status = finish_output(out->fp, out->name, 1);
	out->fp = NULL;
	return status;
}

int
cli_output_commit(struct cli_output *out, int keep)
{
	int status = 0;

	if (out->tmp == NULL)
		return 0;
	if (keep && rename(out->tmp, out->target) != 0) {
		cli_warn("%s: %s", out->name, strerror(errno));
		status = 2;
	}
	if (!keep || status != 0)
		unlink(out->tmp);
	(void)register_tmp(out->tmp, 0);
	free(out->tmp);
	free(out->target);
	out->tmp = out->target = NULL;
	return status;
}

int
cli_output_close(struct cli_output *out, int keep)
{
	int status = cli_output_finish(out);

	if (cli_output_commit(out, keep && status == 0) != 0)
		status = 2;
	return status;
}


int
cli_number(const char *what, const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < min || v > max) {
		cli_warn("bad %s: %s (%ld to %ld)", what, s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

int
cli_real(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (*s == '\0')
		return -1;
	v = strtod(s, &end);
	if (*end != '\0' || !isfinite(v) || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/*
 * Flushes fp and checks it, and closes it when do_close is set.  Standard
 * output is never closed: cli_warn() flushes it, for this very message
 * or a later one, and flushing a closed stream is undefined.  Returns 0,
 * or 2 after printing why.
 */
static int
finish_output(FILE *fp, const char *name, int do_close)
{
	int bad = fflush(fp) != 0 || ferror(fp);

	if (do_close && fp != stdout && fclose(fp) != 0)
		bad = 1;
	if (bad) {
		/* A closed pipe ends the run quietly, like SIGPIPE would. */
		if (errno != EPIPE)
			cli_warn("%s: write error: %s", name,
			    strerror(errno));
		return 2;
	}
	return 0;
}

int
cli_close_output(FILE *fp, const char *name)
{
	return finish_output(fp, name, 1);
}

int
cli_utoa(unsigned long long v, char *buf)
{
	static const char pairs[] =
	    "00010203040506070809101112131415161718192021222324"
	    "25262728293031323334353637383940414243444546474849"
	    "50515253545556575859606162636465666768697071727374"
	    "75767778798081828384858687888990919293949596979899";
	static const unsigned long long pow10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL,
		1000000ULL, 10000000ULL, 100000000ULL, 1000000000ULL,
		10000000000ULL, 100000000000ULL, 1000000000000ULL,
		10000000000000ULL, 100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL,
		1000000000000000000ULL, 10000000000000000000ULL
	};
	unsigned w;
	char *p;
	int len;

	/*
	 * The number of digits from the number of bits (1233 / 4096 is
	 * just above log10(2)), one less when v is below the power of ten
	 * guessed; then the digits go straight to their places, two at a
	 * time, in 32 bits once the rest fits.  Records print several
	 * numbers each.
	 */
	len = (64 - __builtin_clzll(v | 1)) * 1233 >> 12;
	len += len < 20 && v >= pow10[len];
	if (len == 0)
		len = 1;
	p = buf + len;
	*p = '\0';
	while (v > 0xffffffffULL) {
		p -= 2;
		memcpy(p, pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	for (w = (unsigned)v; w >= 100; w /= 100) {
		p -= 2;
		memcpy(p, pairs + 2 * (w % 100), 2);
	}
	if (w >= 10)
		memcpy(p - 2, pairs + 2 * w, 2);
	else
		p[-1] = (char)('0' + w);
	return len;
}

int
cli_write_all(int fd, const char *s, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, s, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = 0;
			return -1;
		}
		s += n;
		len -= (size_t)n;
	}
	return 0;
}
