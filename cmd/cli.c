/*
 * Shared command-line helpers (see cli.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
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

void
cli_diag(const pdn_diag *d, void *arg)
{
	struct cli_diag_state *st = arg;

	if (st != NULL) {
		if (d->severity == PDN_SEV_ERROR)
			st->errors++;
		else if (d->severity == PDN_SEV_WARNING)
			st->warnings++;
		if (d->severity < st->min)
			return;
	}
	fprintf(stderr, "%s: %s:%ld:%ld: %s: %s [%s]", cli_progname,
	    d->file, d->line, d->col, pdn_severity_name(d->severity),
	    d->message, d->name);
	if (d->game > 0 && d->ply > 0)
		fprintf(stderr, " (game %ld, ply %ld)", d->game, d->ply);
	else if (d->game > 0)
		fprintf(stderr, " (game %ld)", d->game);
	fputc('\n', stderr);
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
