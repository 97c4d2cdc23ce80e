/*
 * An engine process and its lines (engine.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "engine.h"
#include "hub.h"

int
engine_send(struct engine *e, const char *s, size_t len)
{
	if (e->pid == 0)
		return -1;
	return cli_write_all(e->to, s, len);
}

int
engine_line(struct engine *e, char **line, double deadline, int stopfd)
{
	struct pollfd pf[2];
	char *nl;
	ssize_t n;
	double now;
	int ms, np;

	for (;;) {
		nl = memchr(e->buf + e->off, '\n', e->len - e->off);
		if (nl != NULL) {
			*line = e->buf + e->off;
			*nl = '\0';
			if (nl > *line && nl[-1] == '\r')
				nl[-1] = '\0';
			e->off = (size_t)(nl - e->buf) + 1;
			return ENG_LINE;
		}
		/* Room for more: the line so far to the front. */
		if (e->off > 0) {
			memmove(e->buf, e->buf + e->off, e->len - e->off);
			e->len -= e->off;
			e->off = 0;
		}
		/* A line longer than the buffer is cut in two. */
		if (e->len == sizeof(e->buf) - 1) {
			e->buf[e->len] = '\0';
			*line = e->buf;
			e->len = 0;
			return ENG_LINE;
		}
		ms = -1;
		if (deadline >= 0) {
			now = cli_now();
			if (now >= deadline)
				return ENG_TIMEOUT;
			ms = (int)((deadline - now) * 1000.0) + 1;
		}
		pf[0].fd = e->from;
		pf[0].events = POLLIN;
		np = 1;
		if (stopfd >= 0) {
			pf[1].fd = stopfd;
			pf[1].events = POLLIN;
			np = 2;
		}
		n = poll(pf, (nfds_t)np, ms);
		if (n < 0 && errno != EINTR)
			return ENG_EOF;
		if (n <= 0)
			continue;
		if (np == 2 && (pf[1].revents & POLLIN))
			return ENG_STOPPED;
		if (pf[0].revents == 0)
			continue;
		n = read(e->from, e->buf + e->len, sizeof(e->buf) - 1 - e->len);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			return ENG_EOF;
		e->len += (size_t)n;
	}
}

/* Waits for line `want` (its command) until the deadline. */
static int
expect(struct engine *e, const char *want, double timeout, int stopfd,
    char *why, size_t size, char *name, size_t nsize)
{
	double deadline = cli_now() + timeout;
	char *line;
	int rc;

	for (;;) {
		rc = engine_line(e, &line, deadline, stopfd);
		if (rc != ENG_LINE) {
			snprintf(why, size, "%s", rc == ENG_TIMEOUT ?
			    "no answer" : rc == ENG_EOF ? "it ended" :
			    "interrupted");
			if (rc == ENG_TIMEOUT)
				snprintf(why, size, "no \"%s\" within %g s",
				    want, timeout);
			return -1;
		}
		if (name != NULL && hub_is(line, "id"))
			hub_arg(line, "name", name, nsize);
		if (hub_is(line, "error")) {
			snprintf(why, size, "%s", line);
			return -1;
		}
		if (hub_is(line, want))
			return 0;
	}
}

/*
 * Pipes whose descriptors no other engine inherits: made and forked under
 * one lock, so that a fork of another thread never sees them before they
 * are close-on-exec.
 */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

int
engine_cloexec_pipe(int fd[2])
{
	if (pipe(fd) != 0)
		return -1;
	if (fcntl(fd[0], F_SETFD, FD_CLOEXEC) != 0 ||
	    fcntl(fd[1], F_SETFD, FD_CLOEXEC) != 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	return 0;
}

/* How the child failed before its exec: its errno and the step. */
struct start_error {
	int err;
	int step;		/* 0 dup2, 1 chdir, 2 exec */
};

/*
 * The child of engine_spawn(): a process group of its own (a Ctrl-C at
 * the terminal is pdn-match's to handle), the default signal
 * dispositions, the pipes as standard input and output, then the engine.
 * What fails is written to fail, closed on exec.
 */
static void
child(const struct eng_spec *spec, int in, int out, int fail)
{
	struct start_error se;
	sigset_t none;

	setpgid(0, 0);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	se.step = 0;
	if (dup2(in, 0) >= 0 && dup2(out, 1) >= 0) {
		se.step = 1;
		if (spec->dir == NULL || chdir(spec->dir) == 0) {
			se.step = 2;
			execvp(spec->argv[0], spec->argv);
		}
	}
	se.err = errno;
	while (write(fail, &se, sizeof(se)) < 0 && errno == EINTR)
		;
	_exit(127);
}

int
engine_spawn(struct engine *e, const struct eng_spec *spec, char *why,
    size_t size)
{
	int in[2], out[2], fail[2], st;
	struct start_error se;
	ssize_t n;
	pid_t pid;

	e->spec = spec;
	e->len = e->off = 0;
	e->broken = 0;
	pthread_mutex_lock(&spawn_lock);
	if (engine_cloexec_pipe(in) != 0) {
		pthread_mutex_unlock(&spawn_lock);
		snprintf(why, size, "pipe: %s", strerror(errno));
		return -1;
	}
	if (engine_cloexec_pipe(out) != 0) {
		pthread_mutex_unlock(&spawn_lock);
		snprintf(why, size, "pipe: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		return -1;
	}
	if (engine_cloexec_pipe(fail) != 0) {
		pthread_mutex_unlock(&spawn_lock);
		snprintf(why, size, "pipe: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	pid = fork();
	pthread_mutex_unlock(&spawn_lock);
	if (pid < 0) {
		snprintf(why, size, "fork: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		close(fail[0]);
		close(fail[1]);
		return -1;
	}
	if (pid == 0)
		child(spec, in[0], out[1], fail[1]);
	/* Both sides set the group: whichever runs first. */
	setpgid(pid, pid);
	close(in[0]);
	close(out[1]);
	close(fail[1]);
	/*
	 * The exec closes the child's end: nothing to read then.  Else the
	 * child says why it did not get that far, and is gone.
	 */
	while ((n = read(fail[0], &se, sizeof(se))) < 0 && errno == EINTR)
		;
	close(fail[0]);
	if (n == (ssize_t)sizeof(se)) {
		if (se.step == 2)
			snprintf(why, size, "%s: %s", spec->argv[0],
			    strerror(se.err));
		else if (se.step == 1)
			snprintf(why, size, "dir=%s: %s", spec->dir,
			    strerror(se.err));
		else
			snprintf(why, size, "dup2: %s", strerror(se.err));
		close(in[1]);
		close(out[0]);
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		return -1;
	}
	e->pid = pid;
	e->to = in[1];
	e->from = out[0];
	e->id[0] = '\0';
	return 0;
}

int
engine_hello(struct engine *e, double timeout, int stopfd, char *why,
    size_t size)
{
	const struct eng_spec *spec = e->spec;
	pdn_buf b = { 0 };
	int i;

	/* Said when a write finds it gone, as when a read does. */
	snprintf(why, size, "it ended");
	if (engine_send(e, "hub\n", 4) != 0 ||
	    expect(e, "wait", timeout, stopfd, why, size, e->id,
	    sizeof(e->id)) != 0)
		goto fail;
	for (i = 0; i < spec->nopt; i++) {
		pdn_buf_add(&b, "set-param", 9);
		hub_add_arg(&b, "name", spec->opt_name[i]);
		hub_add_arg(&b, "value", spec->opt_value[i]);
		pdn_buf_add(&b, "\n", 1);
	}
	pdn_buf_add(&b, "init\n", 5);
	if (b.oom || engine_send(e, b.data, b.len) != 0 ||
	    expect(e, "ready", timeout, stopfd, why, size, NULL, 0) != 0)
		goto fail;
	pdn_buf_free(&b);
	return 0;
fail:
	pdn_buf_free(&b);
	engine_stop(e, 0);
	return -1;
}

int
engine_start(struct engine *e, const struct eng_spec *spec, double timeout,
    int stopfd, char *why, size_t size)
{
	if (engine_spawn(e, spec, why, size) != 0)
		return -1;
	return engine_hello(e, timeout, stopfd, why, size);
}

void
engine_stop(struct engine *e, double grace)
{
	struct timespec ts = { 0, 5 * 1000 * 1000 };
	double end;
	int st, reaped;

	if (e->pid == 0)
		return;
	if (grace > 0)
		(void)engine_send(e, "quit\n", 5);
	close(e->to);
	close(e->from);
	end = cli_now() + grace;
	reaped = 0;
	while (grace > 0 && !reaped) {
		if (waitpid(e->pid, &st, WNOHANG) == e->pid)
			reaped = 1;
		else if (cli_now() >= end)
			break;
		else
			nanosleep(&ts, NULL);
	}
	/*
	 * Whatever is left of its process group (what it started: the
	 * group lives on while one of them does), and of it.
	 */
	kill(-e->pid, SIGKILL);
	if (!reaped) {
		kill(e->pid, SIGKILL);
		while (waitpid(e->pid, &st, 0) < 0 && errno == EINTR)
			;
	}
	e->pid = 0;
	e->len = e->off = 0;
}
