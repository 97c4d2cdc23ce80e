/*
 * dxp-engine: the DXP engine the tests of pdn-match play against; it
 * answers at once, over TCP on the loopback interface.
 *
 *   dxp-engine serve FILE [MODE [N]]
 *   dxp-engine connect [MODE [N]]
 *
 * serve listens on a port the system chooses, writes its number into
 * FILE (whole, by rename(2)) and plays the games of each connection in a
 * process of its own, as engines that act as DXP servers do; it ends
 * with those processes on SIGTERM, or when no connection came for two
 * minutes.  connect connects to the port
 * of the environment variable PDN_MATCH_PORT (pdn-match's listen=0) and
 * plays the games of that connection.
 *
 * It accepts every game request, plays the moves of the tests' Hub
 * engine (tests/hub/choose.c: random, the default, or greedy), answers a
 * game end with its own and a take-back request with a refusal.  When
 * the environment variable DXP_ENGINE_PIDS names a file, each
 * process that plays (connect's, serve's for a connection) appends its
 * process ID to it, a line each, so that a test can tell that none is
 * left.  The other modes misbehave at the N-th move of the process
 * (default 1; a connection in serve), and play as random before it:
 *   crash       exits without an answer (status 3)
 *   hang        stops reading and answering (until killed)
 *   illegal     answers "M0000500100" (50-1)
 *   garbage     answers "Mhello"
 *   protocol    answers a message of 200 characters
 *   disconnect  closes the connection and stays (until killed)
 *   time        does not move; answers the game end at the flag
 *   resign      resigns ("E10")
 *   refuse      refuses the N-th game request (code 2)
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "choose.h"
#include "dxp.h"
#include "hub.h"
#include <pdn/pdn.h>

enum { M_RANDOM, M_GREEDY, M_CRASH, M_HANG, M_ILLEGAL, M_GARBAGE,
	M_PROTOCOL, M_DISCONNECT, M_TIME, M_RESIGN, M_REFUSE };
static const char *const modes[] = { "random", "greedy", "crash", "hang",
	"illegal", "garbage", "protocol", "disconnect", "time", "resign",
	"refuse", NULL };

static pdn_position pos;
static pdn_colour me;
static pdn_movelist *list, *reply;
static int mode, at = 1, moves_made, games, sock = -1;
static char buf[4096];
static size_t len;

/* Sends a message and its NUL; a connection gone ends the process. */
static void
say(const char *msg)
{
	size_t n = strlen(msg) + 1, off = 0;
	ssize_t w;

	while (off < n) {
		w = write(sock, msg + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			exit(0);
		off += (size_t)w;
	}
}

/* The next message, without its NUL; the connection's end ends it. */
static char *
hear(void)
{
	static char msg[sizeof(buf)];
	char *nul;
	ssize_t n;

	while ((nul = memchr(buf, '\0', len)) == NULL) {
		if (len == sizeof(buf))
			len = 0;
		n = read(sock, buf + len, sizeof(buf) - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			exit(0);
		len += (size_t)n;
	}
	memcpy(msg, buf, (size_t)(nul - buf) + 1);
	len -= (size_t)(nul - buf) + 1;
	memmove(buf, nul + 1, len);
	return msg;
}

/* Its move, or what its mode does instead. */
static void
go(void)
{
	char msg[DXP_MSG_LEN + 200];
	const pdn_move *m;

	if (mode >= M_CRASH && mode != M_REFUSE && ++moves_made == at)
		switch (mode) {
		case M_CRASH:
			exit(3);
		case M_HANG:
			for (;;)
				pause();
		case M_ILLEGAL:
			say("M0000500100");
			return;
		case M_GARBAGE:
			say("Mhello");
			return;
		case M_PROTOCOL:
			memset(msg, 'x', 200);
			msg[200] = '\0';
			say(msg);
			return;
		case M_DISCONNECT:
			close(sock);
			for (;;)
				pause();
		case M_TIME:
			return;
		case M_RESIGN:
			say("E10");
			return;
		}
	if (pdn_generate(list, &pos) <= 0)
		return;
	m = choose_move(&pos, list, reply, 0, mode == M_GREEDY);
	dxp_move_str(msg, m, 0);
	pdn_make(&pos, m);
	say(msg);
}

/* The games of one connection. */
static void
play(void)
{
	char msg[DXP_MSG_LEN], hub[HUB_MOVE_LEN];
	const char *pids = getenv("DXP_ENGINE_PIDS");
	const pdn_move *m;
	struct dxp_req r;
	FILE *f;
	char *in;
	int one = 1;

	if (pids != NULL && (f = fopen(pids, "a")) != NULL) {
		fprintf(f, "%ld\n", (long)getpid());
		fclose(f);
	}
	setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	for (;;) {
		in = hear();
		switch (in[0]) {
		case 'R':
			if (dxp_req_read(&r, in) != 0) {
				dxp_acc_str(msg, "dxp-engine", 1);
				say(msg);
				break;
			}
			if (mode == M_REFUSE && ++games == at) {
				dxp_acc_str(msg, "dxp-engine", 2);
				say(msg);
				break;
			}
			snprintf(msg, sizeof(msg), "dxp-engine %s",
			    modes[mode]);
			dxp_acc_str(msg, msg, 0);
			say(msg);
			pos = r.pos;
			me = r.follower;
			if (pdn_position_side(&pos) == me)
				go();
			break;
		case 'M':
			if (dxp_move_hub(hub, sizeof(hub), in, NULL) != 0)
				break;
			pdn_generate(list, &pos);
			if ((m = hub_move_find(list, hub, strlen(hub))) == NULL)
				break;
			pdn_make(&pos, m);
			if (pdn_position_side(&pos) == me)
				go();
			break;
		case 'E':
			say("E00");
			break;
		case 'B':
			say("K1");
			break;
		}
	}
}

/* The server's end (SIGTERM, or two minutes without a connection): its
 * process group, the processes of its connections, goes with it. */
static void
end_all(int sig)
{
	(void)sig;
	kill(0, SIGKILL);
	_exit(0);
}

/* serve: a process a connection, the port said in `file`. */
static int
serve(const char *file)
{
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);
	char tmp[4096];
	FILE *f;
	int lfd;

	setpgid(0, 0);
	signal(SIGCHLD, SIG_IGN);
	signal(SIGTERM, end_all);
	signal(SIGALRM, end_all);
	if ((lfd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return 2;
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
	    listen(lfd, 16) != 0 ||
	    getsockname(lfd, (struct sockaddr *)&sa, &sl) != 0)
		return 2;
	snprintf(tmp, sizeof(tmp), "%s.tmp", file);
	if ((f = fopen(tmp, "w")) == NULL)
		return 2;
	fprintf(f, "%d\n", ntohs(sa.sin_port));
	if (fclose(f) != 0 || rename(tmp, file) != 0)
		return 2;
	for (;;) {
		alarm(120);
		if ((sock = accept(lfd, NULL, NULL)) < 0) {
			if (errno == EINTR)
				continue;
			return 2;
		}
		if (fork() == 0) {
			alarm(0);
			signal(SIGTERM, SIG_DFL);
			close(lfd);
			play();
		}
		close(sock);
	}
}

/* connect: to PDN_MATCH_PORT on the loopback interface. */
static int
dial(void)
{
	struct sockaddr_in sa;
	const char *port = getenv("PDN_MATCH_PORT");

	if (port == NULL || (sock = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return 2;
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = htons((unsigned short)atoi(port));
	if (connect(sock, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		return 2;
	play();
	return 0;
}

int
main(int argc, char **argv)
{
	const char *file;
	int k, serving;

	signal(SIGPIPE, SIG_IGN);
	if (argc < 2 || (strcmp(argv[1], "serve") != 0 &&
	    strcmp(argv[1], "connect") != 0) ||
	    (strcmp(argv[1], "serve") == 0 && argc < 3)) {
		fprintf(stderr, "usage: dxp-engine serve FILE [MODE [N]]\n"
		    "       dxp-engine connect [MODE [N]]\n");
		return 2;
	}
	serving = strcmp(argv[1], "serve") == 0;
	file = serving ? argv[2] : NULL;
	argv += serving ? 3 : 2;
	argc -= serving ? 3 : 2;
	if (argc > 0) {
		for (k = 0; modes[k] != NULL && strcmp(argv[0], modes[k]) != 0;
		    k++)
			;
		if (modes[k] == NULL) {
			fprintf(stderr, "dxp-engine: unknown mode %s\n",
			    argv[0]);
			return 2;
		}
		mode = k;
	}
	if (argc > 1 && (at = atoi(argv[1])) < 1)
		at = 1;
	if (pdn_movelist_new(&list) != 0 || pdn_movelist_new(&reply) != 0)
		return 2;
	pdn_variant_start(pdn_variant_default(), &pos);
	return serving ? serve(file) : dial();
}
