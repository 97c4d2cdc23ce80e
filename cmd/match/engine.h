/*
 * An engine: a child process speaking the Hub protocol on its standard
 * input and output (fork, exec, two pipes), started in a process group
 * of its own so that stopping it stops what it started too.  Private to
 * pdn-match.
 */
#ifndef MATCH_ENGINE_H
#define MATCH_ENGINE_H

#include <stddef.h>
#include <sys/types.h>

#include <pdn/pdn.h>

/* What -e says of an engine. */
struct eng_spec {
	char *name;		/* name=, or NULL: the engine's id name */
	char *cmd;		/* cmd= */
	char *dir;		/* dir=, or NULL */
	char **argv;		/* cmd, then each arg=, then NULL */
	int argc;
	char **opt_name, **opt_value;	/* option.NAME=VALUE */
	int nopt;
	char *id;		/* the engine's own name (id name=), or NULL */
	char *label;		/* the name in the games: name, id or cmd */
};

/* A running engine. */
struct engine {
	const struct eng_spec *spec;
	pid_t pid;		/* 0: not running */
	int to, from;		/* its standard input and output */
	char buf[1 << 16];
	size_t len, off;	/* bytes in buf; the next line's start */
	int broken;		/* failed a game: restarted before the next */
	char id[128];		/* the name its "id" line gave, or "" */
};

/* What engine_line() saw. */
enum {
	ENG_LINE = 1,		/* a line */
	ENG_TIMEOUT = 0,	/* nothing before the deadline */
	ENG_EOF = -1,		/* its output closed: it died */
	ENG_STOPPED = -2	/* the stop descriptor became readable */
};

/*
 * Starts the process of the engine of `spec` (in its dir=, its command
 * found as execvp(3) finds it) and nothing more.  Returns 0, or -1 after
 * writing into why (of `size` bytes) what did not run and the system's
 * reason ("./scan: Permission denied", "dir=/opt: No such file or
 * directory"); nothing is left running then.
 */
int engine_spawn(struct engine *e, const struct eng_spec *spec, char *why,
    size_t size);

/*
 * The Hub handshake with an engine engine_spawn() started (hub, id,
 * param, wait; set-param for each option; init, ready), each answer
 * within `timeout` seconds; `stopfd` (or -1) readable aborts.  Returns
 * 0, or -1 after writing why into why (of `size` bytes); the engine is
 * then stopped.
 */
int engine_hello(struct engine *e, double timeout, int stopfd, char *why,
    size_t size);

/* engine_spawn(), then engine_hello(): 0, or -1 and why. */
int engine_start(struct engine *e, const struct eng_spec *spec,
    double timeout, int stopfd, char *why, size_t size);

/*
 * Writes `len` bytes to the engine.  Returns 0, or -1 when it cannot
 * take them (it died).
 */
int engine_send(struct engine *e, const char *s, size_t len);

/*
 * The engine's next line, without its newline (or "\r\n"), in *line
 * (valid until the next call): waits until `deadline` (cli_now()
 * seconds; a negative one: for ever) or `stopfd` (or -1) becomes
 * readable.  Returns ENG_LINE, ENG_TIMEOUT, ENG_EOF or ENG_STOPPED.
 */
int engine_line(struct engine *e, char **line, double deadline, int stopfd);

/*
 * Stops the engine: "quit" and its input closed, then, when it has not
 * ended within `grace` seconds (0: at once), SIGKILL to its process
 * group; waits for it.  Nothing happens to an engine not running.
 */
void engine_stop(struct engine *e, double grace);

/* pipe(2), both ends close-on-exec.  Returns 0, or -1 (errno). */
int engine_cloexec_pipe(int fd[2]);

#endif /* MATCH_ENGINE_H */
