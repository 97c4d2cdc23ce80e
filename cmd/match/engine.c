/*
 * An engine process, its connection and its lines (engine.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "engine.h"
#include "hub.h"

int
engine_send(struct engine *e, const char *s, size_t len)
{
	if (!e->up)
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
		nl = memchr(e->buf + e->off, e->eol, e->len - e->off);
		if (nl != NULL) {
			*line = e->buf + e->off;
			*nl = '\0';
			if (e->eol == '\n' && nl > *line && nl[-1] == '\r')
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

/*
 * What is known of an engine process whose output closed: its exit
 * status, when it ends within a moment (it usually has).
 */
static void
ended(struct engine *e, char *why, size_t size)
{
	struct timespec ts = { 0, 5 * 1000 * 1000 };
	int st, i;

	snprintf(why, size, "it ended");
	if (e->pid == 0 || e->exited)
		return;
	for (i = 0; i < 100; i++) {
		if (waitpid(e->pid, &st, WNOHANG) == e->pid) {
			e->exited = 1;
			if (WIFEXITED(st))
				snprintf(why, size, "it ended with status %d",
				    WEXITSTATUS(st));
			else if (WIFSIGNALED(st))
				snprintf(why, size, "it was killed by signal "
				    "%d (%s)", WTERMSIG(st),
				    strsignal(WTERMSIG(st)));
			return;
		}
		nanosleep(&ts, NULL);
	}
}

/* What engine_line()'s rc other than ENG_LINE means, waiting for `want`. */
static void
no_line(struct engine *e, int rc, const char *want, double timeout,
    char *why, size_t size)
{
	if (rc == ENG_TIMEOUT)
		snprintf(why, size, "no \"%s\" within %g s", want, timeout);
	else if (rc == ENG_EOF)
		ended(e, why, size);
	else
		snprintf(why, size, "interrupted");
}

/*
 * Whether `value` is one that the engine's "param" line declares: its
 * type (bool, int, real, enum; string and types not known take any),
 * min and max, values.  Returns 0, or -1 after writing why.
 */
static int
param_fits(const char *line, const char *value, char *why, size_t size)
{
	char type[32], lim[64], vals[1024], *end, *tok, *save;
	double v, l;

	if (hub_arg(line, "type", type, sizeof(type)) < 0)
		return 0;
	if (strcmp(type, "bool") == 0) {
		if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
			snprintf(why, size, "not a bool (true or false)");
			return -1;
		}
		return 0;
	}
	if (strcmp(type, "enum") == 0) {
		if (hub_arg(line, "values", vals, sizeof(vals)) < 0)
			return 0;
		for (tok = strtok_r(vals, " ", &save); tok != NULL;
		    tok = strtok_r(NULL, " ", &save))
			if (strcmp(tok, value) == 0)
				return 0;
		hub_arg(line, "values", vals, sizeof(vals));
		snprintf(why, size, "not one of its values (%.100s)", vals);
		return -1;
	}
	if (strcmp(type, "int") != 0 && strcmp(type, "real") != 0)
		return 0;
	errno = 0;
	if (strcmp(type, "int") == 0)
		v = (double)strtoll(value, &end, 10);
	else
		v = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || !isfinite(v)) {
		snprintf(why, size, "not %s", strcmp(type, "int") == 0 ?
		    "an int" : "a real number");
		return -1;
	}
	if (hub_arg(line, "min", lim, sizeof(lim)) > 0 &&
	    (l = strtod(lim, &end), *end == '\0') && v < l) {
		snprintf(why, size, "below its min %s", lim);
		return -1;
	}
	if (hub_arg(line, "max", lim, sizeof(lim)) > 0 &&
	    (l = strtod(lim, &end), *end == '\0') && v > l) {
		snprintf(why, size, "above its max %s", lim);
		return -1;
	}
	return 0;
}

/*
 * The Hub handshake up to "wait": the engine's name, and each option of
 * the spec checked against the parameter of its name.  Returns 0, or -1
 * after writing why.
 */
static int
hub_wait(struct engine *e, double timeout, int stopfd, char *why,
    size_t size)
{
	const struct eng_spec *spec = e->spec;
	double deadline = cli_now() + timeout;
	char name[256], bad[160], *line;
	pdn_buf have = { 0 };
	int *seen, rc, i, st = -1;

	if ((seen = calloc((size_t)spec->nopt + 1, sizeof(*seen))) == NULL) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	for (;;) {
		rc = engine_line(e, &line, deadline, stopfd);
		if (rc != ENG_LINE) {
			no_line(e, rc, "wait", timeout, why, size);
			goto out;
		}
		if (hub_is(line, "id"))
			hub_arg(line, "name", e->id, sizeof(e->id));
		if (hub_is(line, "error")) {
			snprintf(why, size, "%s", line);
			goto out;
		}
		if (hub_is(line, "wait"))
			break;
		if (!hub_is(line, "param") ||
		    hub_arg(line, "name", name, sizeof(name)) <= 0)
			continue;
		pdn_buf_add(&have, have.len > 0 ? ", " : "", have.len > 0 ?
		    2 : 0);
		pdn_buf_add(&have, name, strlen(name));
		for (i = 0; i < spec->nopt; i++) {
			if (strcmp(spec->opt_name[i], name) != 0)
				continue;
			seen[i] = 1;
			if (param_fits(line, spec->opt_value[i], bad,
			    sizeof(bad)) != 0) {
				snprintf(why, size, "option %s=%s: %s", name,
				    spec->opt_value[i], bad);
				goto out;
			}
		}
	}
	for (i = 0; i < spec->nopt; i++)
		if (!seen[i]) {
			pdn_buf_add(&have, "", 1);
			snprintf(why, size, "option %s=%s: the engine has no "
			    "such parameter (%s%s)", spec->opt_name[i],
			    spec->opt_value[i], have.len > 1 ? "it has: " :
			    "it declares none", have.oom ? "" : have.data);
			goto out;
		}
	st = 0;
out:
	free(seen);
	pdn_buf_free(&have);
	return st;
}

/* Waits for line `want` (its command) until the deadline. */
static int
expect(struct engine *e, const char *want, double timeout, int stopfd,
    char *why, size_t size)
{
	double deadline = cli_now() + timeout;
	char *line;
	int rc;

	for (;;) {
		rc = engine_line(e, &line, deadline, stopfd);
		if (rc != ENG_LINE) {
			no_line(e, rc, want, timeout, why, size);
			return -1;
		}
		if (hub_is(line, "error")) {
			snprintf(why, size, "%s", line);
			return -1;
		}
		if (hub_is(line, want))
			return 0;
	}
}

/*
 * Pipes and sockets whose descriptors no other engine inherits: made and
 * forked under one lock, so that a fork of another thread never sees
 * them before they are close-on-exec.
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
 * The child of spawn(): a process group of its own (a Ctrl-C at the
 * terminal is pdn-match's to handle), the default signal dispositions,
 * `in` and `out` as standard input and output, the environment `env`,
 * then the engine.  What fails is written to fail, closed on exec.
 */
static void
child(const struct eng_spec *spec, int in, int out, int fail, char **env)
{
	extern char **environ;
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
			if (env != NULL)
				environ = env;
			execvp(spec->argv[0], spec->argv);
		}
	}
	se.err = errno;
	while (write(fail, &se, sizeof(se)) < 0 && errno == EINTR)
		;
	_exit(127);
}

/*
 * The environment of a DXP engine that connects to listen='s port 0:
 * ours and PDN_MATCH_PORT, the port the system chose.  NULL otherwise
 * (or out of memory: ours).
 */
static char **
dxp_env(const struct eng_spec *spec, char *var, size_t size)
{
	extern char **environ;
	char **env;
	size_t n;

	if (spec->lis == NULL)
		return NULL;
	for (n = 0; environ[n] != NULL; n++)
		;
	if ((env = calloc(n + 2, sizeof(*env))) == NULL)
		return NULL;
	memcpy(env, environ, n * sizeof(*env));
	snprintf(var, size, "PDN_MATCH_PORT=%d", spec->lis->port);
	env[n] = var;
	return env;
}

/*
 * Starts the process of the engine of `spec`: a Hub engine's standard
 * input and output are pipes, a DXP engine's /dev/null.  Returns 0, or
 * -1 after writing why; nothing is left running then.
 */
static int
spawn(struct engine *e, char *why, size_t size)
{
	const struct eng_spec *spec = e->spec;
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, fail[2] = { -1, -1 };
	int st, k;
	struct start_error se;
	char var[64], **env;
	ssize_t n;
	pid_t pid;

	env = dxp_env(spec, var, sizeof(var));
	pthread_mutex_lock(&spawn_lock);
	if (spec->proto == ENG_DXP) {
		if ((in[0] = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0 ||
		    (out[1] = dup(in[0])) < 0) {
			snprintf(why, size, "/dev/null: %s", strerror(errno));
			goto fail;
		}
	} else if (engine_cloexec_pipe(in) != 0 ||
	    engine_cloexec_pipe(out) != 0) {
		snprintf(why, size, "pipe: %s", strerror(errno));
		goto fail;
	}
	if (engine_cloexec_pipe(fail) != 0) {
		snprintf(why, size, "pipe: %s", strerror(errno));
		goto fail;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(why, size, "fork: %s", strerror(errno));
		goto fail;
	}
	if (pid == 0)
		child(spec, in[0], out[1], fail[1], env);
	pthread_mutex_unlock(&spawn_lock);
	free(env);
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
		if (in[1] >= 0)
			close(in[1]);
		if (out[0] >= 0)
			close(out[0]);
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		return -1;
	}
	e->pid = pid;
	e->exited = 0;
	e->to = in[1];
	e->from = out[0];
	return 0;
fail:
	pthread_mutex_unlock(&spawn_lock);
	free(env);
	for (k = 0; k < 2; k++) {
		if (in[k] >= 0)
			close(in[k]);
		if (out[k] >= 0)
			close(out[k]);
		if (fail[k] >= 0)
			close(fail[k]);
	}
	return -1;
}

/* Whether the engine's process has ended (not waited for). */
static int
gone(const struct engine *e)
{
	siginfo_t si;

	if (e->pid == 0)
		return 0;
	memset(&si, 0, sizeof(si));
	return waitid(P_PID, (id_t)e->pid, &si, WEXITED | WNOHANG |
	    WNOWAIT) == 0 && si.si_pid == e->pid;
}

/*
 * Waits up to `ms` milliseconds (at most until `deadline`) for fd to be
 * ready for `events`, or stopfd readable.  Returns 1 ready, 0 not yet,
 * -2 stopped.
 */
static int
wait_fd(int fd, short events, int ms, double deadline, int stopfd)
{
	struct pollfd pf[2];
	double left = (deadline - cli_now()) * 1000.0;
	int n;

	if (left < ms)
		ms = left < 0 ? 0 : (int)left + 1;
	pf[0].fd = fd;
	pf[0].events = events;
	pf[1].fd = stopfd;
	pf[1].events = POLLIN;
	n = poll(pf, stopfd >= 0 ? 2 : 1, ms);
	if (n <= 0)
		return 0;
	if (stopfd >= 0 && (pf[1].revents & POLLIN))
		return -2;
	return pf[0].revents != 0;
}

/* A connected socket made ready for messages: blocking, no delay. */
static void
ready_socket(struct engine *e, int fd)
{
	int one = 1;

	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	e->to = e->from = fd;
}

/*
 * Connects to a DXP engine that listens on host= and port=, again every
 * few milliseconds until it does when pdn-match started it.
 */
static int
dxp_connect(struct engine *e, double timeout, int stopfd, char *why,
    size_t size)
{
	const struct eng_spec *spec = e->spec;
	const char *host = spec->host != NULL ? spec->host : "127.0.0.1";
	double deadline = cli_now() + timeout;
	struct addrinfo hints, *res, *ai;
	int fd, rc, err = 0, w;
	socklen_t len;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(host, spec->port, &hints, &res)) != 0) {
		snprintf(why, size, "%s port %s: %s", host, spec->port,
		    gai_strerror(rc));
		return -1;
	}
	for (;;) {
		for (ai = res; ai != NULL; ai = ai->ai_next) {
			fd = socket(ai->ai_family, ai->ai_socktype |
			    SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
			if (fd < 0) {
				err = errno;
				continue;
			}
			if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
				goto connected;
			err = errno;
			while (err == EINPROGRESS) {
				w = wait_fd(fd, POLLOUT, 50, deadline, stopfd);
				if (w == -2) {
					close(fd);
					freeaddrinfo(res);
					snprintf(why, size, "interrupted");
					return -1;
				}
				if (w == 1) {
					len = sizeof(err);
					if (getsockopt(fd, SOL_SOCKET, SO_ERROR,
					    &err, &len) != 0)
						err = errno;
					if (err == 0)
						goto connected;
				} else if (cli_now() >= deadline)
					err = ETIMEDOUT;
			}
			close(fd);
		}
		/* An engine of ours may not listen yet. */
		if (e->pid == 0 || gone(e) || cli_now() >= deadline)
			break;
		if (wait_fd(-1, 0, 20, deadline, stopfd) == -2) {
			freeaddrinfo(res);
			snprintf(why, size, "interrupted");
			return -1;
		}
	}
	freeaddrinfo(res);
	if (gone(e))
		ended(e, why, size);
	else
		snprintf(why, size, "%s port %s: %s", host, spec->port,
		    strerror(err));
	return -1;
connected:
	freeaddrinfo(res);
	ready_socket(e, fd);
	return 0;
}

int
engine_listen(struct eng_spec *spec, char *why, size_t size)
{
	const char *host = spec->host != NULL ? spec->host : "127.0.0.1";
	struct addrinfo hints, *res, *ai;
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	int fd = -1, rc, one = 1, err = 0;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	if ((rc = getaddrinfo(host, spec->listen, &hints, &res)) != 0) {
		snprintf(why, size, "listen=%s: %s", spec->listen,
		    gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
		    ai->ai_protocol);
		if (fd < 0) {
			err = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		/* Non-blocking: a connection gone before accept(2) is no
		 * wait. */
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 &&
		    listen(fd, 16) == 0 &&
		    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0)
			break;
		err = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(why, size, "listen=%s on %s: %s", spec->listen, host,
		    strerror(err));
		return -1;
	}
	if ((spec->lis = calloc(1, sizeof(*spec->lis))) == NULL) {
		close(fd);
		snprintf(why, size, "out of memory");
		return -1;
	}
	if (getsockname(fd, (struct sockaddr *)&sa, &len) == 0)
		spec->lis->port = ntohs(sa.ss_family == AF_INET6 ?
		    ((struct sockaddr_in6 *)&sa)->sin6_port :
		    ((struct sockaddr_in *)&sa)->sin_port);
	spec->lis->fd = fd;
	pthread_mutex_init(&spec->lis->lock, NULL);
	return 0;
}

void
engine_unlisten(struct eng_spec *spec)
{
	if (spec->lis == NULL)
		return;
	close(spec->lis->fd);
	pthread_mutex_destroy(&spec->lis->lock);
	free(spec->lis);
	spec->lis = NULL;
}

/*
 * Accepts a DXP engine's connection on listen='s socket, until the
 * deadline, or until the process pdn-match started for it ends.
 */
static int
dxp_accept(struct engine *e, double timeout, int stopfd, char *why,
    size_t size)
{
	const struct eng_spec *spec = e->spec;
	double deadline = cli_now() + timeout;
	int fd, w;

	for (;;) {
		w = wait_fd(spec->lis->fd, POLLIN, 50, deadline, stopfd);
		if (w == -2) {
			snprintf(why, size, "interrupted");
			return -1;
		}
		if (w == 1) {
			/* Close-on-exec before another thread forks. */
			pthread_mutex_lock(&spawn_lock);
			fd = accept(spec->lis->fd, NULL, NULL);
			if (fd >= 0)
				fcntl(fd, F_SETFD, FD_CLOEXEC);
			pthread_mutex_unlock(&spawn_lock);
			if (fd >= 0)
				break;
		}
		if (gone(e)) {
			ended(e, why, size);
			return -1;
		}
		if (cli_now() >= deadline) {
			snprintf(why, size, "no connection to port %d within "
			    "%g s", spec->lis->port, timeout);
			return -1;
		}
	}
	ready_socket(e, fd);
	return 0;
}

int
engine_start(struct engine *e, struct eng_spec *spec, double timeout,
    int stopfd, char *why, size_t size)
{
	pdn_buf b = { 0 };
	int i, rc;

	e->spec = spec;
	e->len = e->off = 0;
	e->broken = 0;
	e->pid = 0;
	e->exited = 0;
	e->id[0] = '\0';
	e->eol = spec->proto == ENG_DXP ? '\0' : '\n';
	if (spec->proto == ENG_DXP) {
		if (spec->lis != NULL)
			pthread_mutex_lock(&spec->lis->lock);
		rc = spec->cmd != NULL ? spawn(e, why, size) : 0;
		if (rc == 0)
			rc = spec->lis != NULL ?
			    dxp_accept(e, timeout, stopfd, why, size) :
			    dxp_connect(e, timeout, stopfd, why, size);
		if (spec->lis != NULL)
			pthread_mutex_unlock(&spec->lis->lock);
		e->up = 1;
		if (rc != 0) {
			/* Only the process is there to stop. */
			e->to = e->from = -1;
			engine_stop(e, 0);
			return -1;
		}
		return 0;
	}
	if (spawn(e, why, size) != 0)
		return -1;
	e->up = 1;
	/* Said when a write finds it gone, as when a read does. */
	if (engine_send(e, "hub\n", 4) != 0) {
		ended(e, why, size);
		goto fail;
	}
	if (hub_wait(e, timeout, stopfd, why, size) != 0)
		goto fail;
	for (i = 0; i < spec->nopt; i++) {
		pdn_buf_add(&b, "set-param", 9);
		hub_add_arg(&b, "name", spec->opt_name[i]);
		hub_add_arg(&b, "value", spec->opt_value[i]);
		pdn_buf_add(&b, "\n", 1);
	}
	pdn_buf_add(&b, "init\n", 5);
	if (b.oom) {
		snprintf(why, size, "out of memory");
		goto fail;
	}
	if (engine_send(e, b.data, b.len) != 0) {
		ended(e, why, size);
		goto fail;
	}
	if (expect(e, "ready", timeout, stopfd, why, size) != 0)
		goto fail;
	pdn_buf_free(&b);
	return 0;
fail:
	pdn_buf_free(&b);
	engine_stop(e, 0);
	return -1;
}

int
engine_closed(const struct engine *e)
{
	struct pollfd pf;
	char c;

	if (!e->up || e->spec->proto != ENG_DXP || e->len > e->off)
		return 0;
	pf.fd = e->from;
	pf.events = POLLIN;
	return poll(&pf, 1, 0) == 1 && recv(e->from, &c, 1,
	    MSG_PEEK | MSG_DONTWAIT) <= 0;
}

void
engine_stop(struct engine *e, double grace)
{
	struct timespec ts = { 0, 5 * 1000 * 1000 };
	double end;
	int st, reaped;

	if (!e->up)
		return;
	if (grace > 0 && e->spec->proto == ENG_HUB)
		(void)engine_send(e, "quit\n", 5);
	if (e->to >= 0)
		close(e->to);
	if (e->from >= 0 && e->from != e->to)
		close(e->from);
	e->to = e->from = -1;
	e->up = 0;
	e->len = e->off = 0;
	if (e->pid == 0)
		return;
	end = cli_now() + grace;
	reaped = e->exited;
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
}
