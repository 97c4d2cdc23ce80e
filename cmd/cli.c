/*
 * Shared command-line helpers (see cli.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

const char *cli_progname = "pdn";

void
cli_init(const char *argv0)
{
	const char *p;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	p = strrchr(argv0, '/');
	cli_progname = p != NULL ? p + 1 : argv0;
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int
cli_diag_format(const pdn_diag *d, char *buf, size_t size)
{
	int n;

	n = snprintf(buf, size, "%s: %s:%ld:%ld: %s: %s [%s]", cli_progname,
	    d->file, d->line, d->col, pdn_severity_name(d->severity),
	    d->message, d->name);
	if (n < 0 || (size_t)n >= size)
		n = size > 0 ? (int)size - 1 : 0;
	if (d->game > 0 && d->ply > 0)
		n += snprintf(buf + n, size - (size_t)n, " (game %ld, ply %ld)",
		    d->game, d->ply);
	else if (d->game > 0)
		n += snprintf(buf + n, size - (size_t)n, " (game %ld)",
		    d->game);
	if ((size_t)n >= size)
		n = size > 0 ? (int)size - 1 : 0;
	return n;
}

void
cli_diag(const pdn_diag *d, void *arg)
{
	struct cli_diag_state *st = arg;
	char buf[CLI_DIAG_MAX];

	if (st != NULL) {
		if (d->severity == PDN_SEV_ERROR)
			st->errors++;
		else if (d->severity == PDN_SEV_WARNING)
			st->warnings++;
		if (d->severity < st->min)
			return;
	}
	cli_diag_format(d, buf, sizeof(buf));
	fprintf(stderr, "%s\n", buf);
}

long
cli_read_fd(void *arg, char *buf, size_t len)
{
	int fd = *(int *)arg;
	ssize_t n;

	do
		n = read(fd, buf, len);
	while (n < 0 && errno == EINTR);
	return (long)n;
}

int
cli_open(const char *path, const char **name)
{
	int fd;

	if (strcmp(path, "-") == 0) {
		*name = "<stdin>";
		return STDIN_FILENO;
	}
	*name = path;
	if ((fd = open(path, O_RDONLY)) < 0)
		cli_warn("%s: %s", path, strerror(errno));
	return fd;
}

int
cli_choice(const char *what, const char *arg, const char *const *names)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(arg, names[i]) == 0)
			return i;
	cli_warn("unknown %s: %s", what, arg);
	return -1;
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
cli_close_output(FILE *fp, const char *name)
{
	int bad = fflush(fp) != 0 || ferror(fp);

	if (fclose(fp) != 0)
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
cli_utoa(unsigned long long v, char *buf)
{
	char tmp[21];
	int n = 0, len;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	for (len = 0; n > 0; len++)
		buf[len] = tmp[--n];
	buf[len] = '\0';
	return len;
}
