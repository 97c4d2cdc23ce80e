/*
 * The run (drv_run.h): the file loop, the outputs replaced only when the
 * run went well, the progress line and the exit status.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>


#include "driver.h"
#include "drv_games.h"
#include "drv_run.h"
#include "emit.h"

/* --- the run ------------------------------------------------------------ */

/*
 * After an input read to its end: says the first game --game asked for
 * that it does not have, unless -q ("games.pdn: 12 games, no game 22").
 * It is no error: the games there are were read.
 */
static void
games_missing(const struct drv *d, const struct cli_input *in)
{
	const struct drv_games *s = &d->games;
	long last = d->last_game, want;
	size_t i;

	if (d->quiet || s->n == 0 || d->reader == NULL ||
	    drv_games_over(d, last))
		return;
	/* M- asks for the games there are from M on. */
	for (i = 0; i < s->n && (s->r[i].to <= last ||
	    (s->r[i].to == LONG_MAX && s->r[i].from <= last)); i++)
		;
	if (i == s->n)
		return;
	want = s->r[i].from > last ? s->r[i].from : last + 1;
	cli_warn("%s: %ld game%s, no game %ld", in->name, last,
	    last == 1 ? "" : "s", want);
}

int
drv_run(struct drv *d, int (*file)(void *arg, struct drv *d,
    struct cli_input *in), void *arg)
{
	struct cli_input in;
	struct stat sb;
	size_t i;
	int st, status = d->status;

	/* Not between records on the same terminal. */
	if (d->tool->items != NULL && !d->quiet && !d->tty_records)
		cli_progress_start(d->tool->items, d->total);
	for (i = 0; i < d->ninputs; i++) {
		if (cli_input_open(&in, d->inputs[i]) != 0) {
			status = 2;
			continue;
		}
		d->reader = NULL;
		d->last_game = 0;
		st = file(arg, d, &in);
		/* The diagnostics of the input left out, counted. */
		if (!d->quiet)
			cli_diag_flush();
		if (st > status)
			status = st;
		if (st < 2)
			games_missing(d, &in);
		if (fstat(in.fd, &sb) == 0 && S_ISREG(sb.st_mode))
			d->done += (uint64_t)sb.st_size;
		cli_input_close(&in);
	}
	cli_progress_end();
	return status;
}

void
drv_progress(struct drv *d, uint64_t items, uint64_t offset)
{
	d->items += items;
	cli_progress(d->items, d->done + offset);
}

struct cli_output *
drv_output(struct drv *d, const char *path)
{
	struct cli_output *out, **p;

	if (d->nouts == d->capouts) {
		d->capouts = d->capouts > 0 ? 2 * d->capouts : 4;
		if ((p = realloc(d->outs, d->capouts * sizeof(*p))) == NULL) {
			cli_warn("out of memory");
			d->status = 2;
			return NULL;
		}
		d->outs = p;
	}
	if ((out = calloc(1, sizeof(*out))) == NULL) {
		cli_warn("out of memory");
		d->status = 2;
		return NULL;
	}
	if (cli_output_open(out, path) != 0) {
		free(out);
		d->status = 2;
		return NULL;
	}
	d->outs[d->nouts++] = out;
	return out;
}

/* Whether path is the same file as one of the inputs. */
static int
is_input(const struct drv *d, const char *path)
{
	struct stat out, in;
	size_t i;

	if (stat(path, &out) != 0 || !S_ISREG(out.st_mode))
		return 0;
	for (i = 0; i < d->ninputs; i++)
		if (stat(d->inputs[i], &in) == 0 && in.st_dev == out.st_dev &&
		    in.st_ino == out.st_ino)
			return 1;
	return 0;
}

/*
 * Standard output into a file or a pipe in blocks of 64 kB, not of the
 * 4 kB stdio takes for them: pdn-select --status valid writing 54 MB of
 * the bench games as read made 13,870 write(2) calls, 867 so, and on
 * 216 MB its CPU time went from 1.32 s to 1.23 s (pdn-validate -q 1.20 s;
 * best of 5 rounds each).  Once, before anything is written: the buffer
 * is standard output's until exit.
 */
static void
stdout_buffer(void)
{
	static char buf[64 * 1024];
	static int done;

	if (!done)
		(void)setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	done = 1;
}

struct cli_output *
drv_records(struct drv *d)
{
	struct cli_output *out;
	const char *path = d->quiet ? NULL : d->output;

	if (path != NULL && !d->rewrite && is_input(d, path)) {
		cli_warn("%s: it is also an input, and -o would replace its "
		    "games with %s output", path, d->tool->formats != NULL ?
		    d->tool->formats[d->fmt] : "other");
		d->status = 2;
		return NULL;
	}
	if ((out = drv_output(d, path)) != NULL)
		d->tty_records = out->fp == stdout && isatty(STDOUT_FILENO);
	if (out != NULL && out->fp == stdout && !d->tty_records)
		stdout_buffer();
	return out;
}

struct cli_output *
drv_output_also(struct drv *d, const char *path, const char *what)
{
	struct cli_output *out;
	size_t i;

	if (is_input(d, path)) {
		cli_warn("%s: it is also an input, and %s would replace its "
		    "games", path, what);
		d->status = 2;
		return NULL;
	}
	if ((out = drv_output(d, path)) == NULL)
		return NULL;
	for (i = 0; i + 1 < d->nouts; i++)
		if (out->target != NULL && d->outs[i]->target != NULL &&
		    strcmp(out->target, d->outs[i]->target) == 0) {
			cli_warn("%s: %s and %s name the same file", path,
			    what, d->outs[i]->name);
			d->status = 2;
			return NULL;
		}
	return out;
}

int
drv_make_dirs(struct drv *d, const char *dir)
{
	struct stat sb;
	char *path, **p;
	size_t len = strlen(dir), i;
	int st = 0, made = 0;

	if ((path = strdup(dir)) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	/* Each component in turn, the last one too ("a/b/" and "a/b"). */
	for (i = 1; i <= len && st == 0; i++) {
		if (i < len && path[i] != '/')
			continue;
		if (i < len && path[i - 1] == '/')
			continue;	/* "a//b" */
		path[i] = '\0';
		if (stat(path, &sb) == 0) {
			if (!S_ISDIR(sb.st_mode)) {
				cli_warn("%s: %s", path, strerror(ENOTDIR));
				st = 2;
			}
		} else if (mkdir(path, 0777) != 0) {
			cli_warn("%s: cannot create the directory: %s", path,
			    strerror(errno));
			st = 2;
		} else {
			made = 1;
			if ((p = realloc(d->dirs, (d->ndirs + 1) *
			    sizeof(*p))) == NULL ||
			    (p[d->ndirs] = strdup(path)) == NULL) {
				if (p != NULL)
					d->dirs = p;
				cli_warn("out of memory");
				st = 2;
			} else {
				d->dirs = p;
				d->ndirs++;
			}
		}
		if (i < len)
			path[i] = '/';
	}
	free(path);
	if (made && !d->quiet)
		cli_warn("created directory %s", dir);
	if (st != 0)
		d->status = 2;
	return st;
}

int
drv_end(struct drv *d, int status)
{
	const char *gone;
	size_t i;

	cli_progress_end();
	if (!d->quiet)
		cli_diag_flush();
	cli_diag_limit(0, NULL);
	if (d->status > status)
		status = d->status;
	/* Everything is written before anything is renamed. */
	for (i = 0; i < d->nouts; i++)
		if (cli_output_finish(d->outs[i]) != 0)
			status = 2;
	for (i = 0; i < d->nouts; i++) {
		if (cli_output_commit(d->outs[i], status < 2) != 0)
			status = 2;
		free(d->outs[i]);
	}
	free(d->outs);
	for (i = 0; i < d->ninputs; i++)
		free(d->inputs[i]);
	free(d->inputs);
	free(d->games.r);
	d->games.r = NULL;
	/*
	 * A failed run leaves no directory it made: the last made first,
	 * said once, of the highest one removed.
	 */
	for (i = d->ndirs, gone = NULL; i-- > 0;)
		if (status >= 2 && rmdir(d->dirs[i]) == 0)
			gone = d->dirs[i];
	if (gone != NULL && !d->quiet)
		cli_warn("removed directory %s again", gone);
	for (i = 0; i < d->ndirs; i++)
		free(d->dirs[i]);
	free(d->dirs);
	d->dirs = NULL;
	d->ndirs = 0;
	pdn_profile_free(d->profile);
	d->profile = NULL;
	d->outs = NULL;
	d->inputs = NULL;
	d->nouts = d->ninputs = 0;
	return status;
}

void
drv_tsv_header(const struct drv *d, FILE *fp, const char *const *names)
{
	size_t n;

	if (!d->header || d->quiet)
		return;
	for (n = 0; names[n] != NULL; n++)
		;
	emit_tsv_row(fp, names, n);
}
