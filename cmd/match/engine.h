/*
 * An engine: a child process speaking the Hub protocol on its standard
 * input and output (fork, exec, two pipes), or a DXP engine at the other
 * end of a TCP connection (which pdn-match opens to an engine that
 * listens, or accepts from one that connects), whose process pdn-match
 * may start too.  A process is started in a process group of its own so
 * that stopping it stops what it started too.  Private to pdn-match.
 */
#ifndef MATCH_ENGINE_H
#define MATCH_ENGINE_H

#include <pthread.h>
#include <stddef.h>
#include <sys/types.h>

#include <pdn/pdn.h>

/*
 * A time control: the match's (--tc, --st, --depth), or an engine's own
 * (tc=, st=, depth=, nodes=).
 */
enum { TC_CLOCK, TC_MOVETIME, TC_DEPTH, TC_NODES };
struct tc {
	int kind;
	double base, inc;	/* TC_CLOCK: seconds */
	int moves;		/* TC_CLOCK: moves per period, 0: the game */
	double movetime;	/* TC_MOVETIME: seconds a move */
	int depth;		/* TC_DEPTH: plies */
	long nodes;		/* TC_NODES: nodes a move */
	double margin;		/* seconds past the flag that still count */
};

/* The protocols (proto=). */
enum { ENG_HUB, ENG_DXP };

/* The socket of a DXP engine's listen=, which every worker accepts on. */
struct eng_listener {
	pthread_mutex_t lock;	/* a process started and its connection */
	int fd;			/* -1: not open */
	int port;		/* the port bound */
};

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
	int proto;		/* ENG_HUB or ENG_DXP */
	char *host;		/* DXP: the host of port=, the address of
				 * listen= */
	char *port;		/* DXP: the port an engine listens on */
	char *listen;		/* DXP: the port pdn-match listens on */
	struct eng_listener *lis;	/* listen='s socket, or NULL */
	struct tc tc;		/* its own time control, when tc_given */
	int tc_given;
	int restart;		/* restart=on: a new process each game */
	int ponder;		/* ponder=on: it thinks on the opponent's
				 * time (Hub's "go ponder") */
	char *conf;		/* conf=: its engine of --engines, or NULL */
	char *raw;		/* -e's text, applied after the conf's */
};

/* A running engine. */
struct engine {
	struct eng_spec *spec;
	int up;			/* the process runs, the connection is up */
	pid_t pid;		/* its process, or 0 */
	int exited;		/* its process was waited for */
	int to, from;		/* its standard input and output; a DXP
				 * engine's socket, both */
	char eol;		/* the end of a line: '\n', DXP's NUL */
	char buf[1 << 16];
	size_t len, off;	/* bytes in buf; the next line's start */
	int broken;		/* failed a game: restarted before the next */
	int retire;		/* restart=on: ended before the next game */
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
 * Opens the socket of a DXP engine's listen= (on host=, 127.0.0.1 by
 * default; port 0: one the system chooses) as spec->lis.  Returns 0, or
 * -1 after writing why into why (of `size` bytes).
 */
int engine_listen(struct eng_spec *spec, char *why, size_t size);

/* Closes and frees what engine_listen() opened (none: nothing). */
void engine_unlisten(struct eng_spec *spec);

/*
 * Starts the engine of `spec`: its process when it has a cmd= (in its
 * dir=, its command found as execvp(3) finds it), then for Hub the
 * handshake (hub, id, param, wait; set-param for each option, checked
 * against the parameters the engine declared; init, ready), for DXP the
 * connection (made to host= and port=, tried again until the engine
 * listens; or accepted on listen='s socket, the process started and its
 * connection taken under one lock), each answer within `timeout`
 * seconds; `stopfd` (or -1) readable aborts.  Returns 0, or -1 after
 * writing into why (of `size` bytes) what failed and the system's
 * reason ("./scan: Permission denied", "dir=/opt: No such file or
 * directory", "option hash=x: not an int", "it ended with status 3"),
 * "interrupted" when stopfd aborted; nothing is left running then.
 */
int engine_start(struct engine *e, struct eng_spec *spec, double timeout,
    int stopfd, char *why, size_t size);

/*
 * The protocol log (--log): from engine_log_open() (the file created or
 * emptied; 0, or -1 with errno) to engine_log_close() (0, or -1 when a
 * write failed), every line sent to an engine and received from one, by
 * every thread, is written as "T NAME[PID] > LINE" (or "<" for a line
 * received): T the seconds since the log was opened, NAME the engine's
 * name in the games, PID its process (none for a DXP engine of no
 * command).  Each line is flushed as it is written.
 */
int engine_log_open(const char *path);
int engine_log_close(void);

/*
 * Writes `len` bytes to the engine (a DXP message: its NUL too), and to
 * the protocol log.
 * Returns 0, or -1 when it cannot take them (it died).
 */
int engine_send(struct engine *e, const char *s, size_t len);

/*
 * The engine's next line, without its newline (or "\r\n"; a DXP
 * message: without its NUL), in *line (and in the protocol log)
 * (valid until the next call): waits until `deadline` (cli_now()
 * seconds; a negative one: for ever) or `stopfd` (or -1) becomes
 * readable.  Returns ENG_LINE, ENG_TIMEOUT, ENG_EOF or ENG_STOPPED.
 */
int engine_line(struct engine *e, char **line, double deadline, int stopfd);

/*
 * Stops the engine: "quit" (Hub) and its input or connection closed,
 * then, when its process has not ended within `grace` seconds (0: at
 * once), SIGKILL to its process group; waits for it.  Nothing happens to
 * an engine not running.
 */
void engine_stop(struct engine *e, double grace);

/*
 * Whether a running DXP engine closed its connection (between games: one
 * that plays one game a connection).  0 for a Hub engine.
 */
int engine_closed(const struct engine *e);

/* pipe(2), both ends close-on-exec.  Returns 0, or -1 (errno). */
int engine_cloexec_pipe(int fd[2]);

#endif /* MATCH_ENGINE_H */
