/*
 * hub-engine: the engine the tests of pdn-match play against, a Hub
 * protocol (version 2) engine that answers at once.
 *
 *   hub-engine [MODE [N]]
 *
 * It plays a legal move that depends only on the position and its `seed`
 * parameter (set-param name=seed value=S), so that games are the same
 * from run to run and across restarts: MODE random (the default) picks
 * one by the position's hash, greedy the one that leaves the opponent the
 * fewest pieces to take.  The other modes misbehave at the N-th move the
 * process makes (default 1; counted over its games, so that a restarted
 * engine starts counting again), and play as random before it:
 *   crash     exits without an answer (status 3)
 *   hang      stops reading and answering (until killed)
 *   illegal   answers "done move=50-1"
 *   garbage   answers "done move=hello"
 *   protocol  answers "error message=..."
 *   nomove    answers "done" without a move
 *   time      answers only when told to stop (at the flag)
 * and one fails before any move:
 *   init      exits at "init" (status 3), as an engine whose options do
 *             not make sense to it
 * Its answers: "info depth=1 score=S" (S the material balance in men,
 * from its side) then "done move=M".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose.h"
#include "hub.h"
#include <pdn/pdn.h>

enum { M_RANDOM, M_GREEDY, M_CRASH, M_HANG, M_ILLEGAL, M_GARBAGE,
	M_PROTOCOL, M_NOMOVE, M_TIME, M_INIT };
static const char *const modes[] = { "random", "greedy", "crash", "hang",
	"illegal", "garbage", "protocol", "nomove", "time", "init", NULL };

static pdn_position pos;
static pdn_movelist *list, *reply;
static unsigned long long seed;
static int mode, at = 1, moves_made;
static char line[1 << 16];

static int
next_line(void)
{
	size_t n;

	if (fgets(line, sizeof(line), stdin) == NULL)
		exit(0);
	n = strlen(line);
	while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	return 0;
}

/* Sets the position of a "pos" line. */
static void
set_pos(void)
{
	static char buf[sizeof(line)];
	char *tok, *save;
	const pdn_move *m;

	if (hub_arg(line, "pos", buf, sizeof(buf)) < 0 ||
	    hub_pos_read(&pos, buf) != 0)
		return;
	if (hub_arg(line, "moves", buf, sizeof(buf)) < 0)
		return;
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		pdn_generate(list, &pos);
		if ((m = hub_move_find(list, tok, strlen(tok))) == NULL)
			return;
		pdn_make(&pos, m);
	}
}

static void
go(void)
{
	pdn_colour me = pdn_position_side(&pos);
	const pdn_move *m;
	char mv[HUB_MOVE_LEN];
	int bad = mode >= M_CRASH && ++moves_made == at;

	if (bad)
		switch (mode) {
		case M_CRASH:
			exit(3);
		case M_HANG:
			for (;;)
				pause();
		case M_ILLEGAL:
			printf("done move=50-1\n");
			fflush(stdout);
			return;
		case M_GARBAGE:
			printf("done move=hello\n");
			fflush(stdout);
			return;
		case M_PROTOCOL:
			printf("error message=\"out of my depth\"\n");
			fflush(stdout);
			return;
		case M_NOMOVE:
			printf("done\n");
			fflush(stdout);
			return;
		case M_TIME:
			do
				next_line();
			while (strcmp(line, "stop") != 0);
			break;
		}
	if (pdn_generate(list, &pos) <= 0) {
		printf("error message=\"no move\"\n");
		fflush(stdout);
		return;
	}
	m = choose_move(&pos, list, reply, seed, mode == M_GREEDY);
	hub_move_str(mv, m);
	printf("info depth=1 score=%d\ndone move=%s\n",
	    pdn_position_count(&pos, me) - pdn_position_count(&pos, !me), mv);
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	char val[64];
	int k;

	signal(SIGPIPE, SIG_DFL);
	if (argc > 1) {
		for (k = 0; modes[k] != NULL && strcmp(argv[1], modes[k]) != 0;
		    k++)
			;
		if (modes[k] == NULL) {
			fprintf(stderr, "hub-engine: unknown mode %s\n",
			    argv[1]);
			return 2;
		}
		mode = k;
	}
	if (argc > 2 && (at = atoi(argv[2])) < 1)
		at = 1;
	if (pdn_movelist_new(&list) != 0 || pdn_movelist_new(&reply) != 0)
		return 2;
	pdn_variant_start(pdn_variant_default(), &pos);
	for (;;) {
		next_line();
		if (hub_is(line, "hub")) {
			printf("id name=\"hub-engine %s\" version=1 "
			    "author=\"pdn tools\"\n"
			    "param name=seed value=0 type=int min=0 "
			    "max=1000000\nwait\n", modes[mode]);
			fflush(stdout);
		} else if (hub_is(line, "set-param")) {
			if (hub_arg(line, "name", val, sizeof(val)) > 0 &&
			    strcmp(val, "seed") == 0 &&
			    hub_arg(line, "value", val, sizeof(val)) > 0)
				seed = strtoull(val, NULL, 10);
		} else if (hub_is(line, "init")) {
			if (mode == M_INIT)
				return 3;
			printf("ready\n");
			fflush(stdout);
		} else if (hub_is(line, "pos")) {
			set_pos();
		} else if (hub_is(line, "go")) {
			go();
		} else if (hub_is(line, "ping")) {
			printf("pong\n");
			fflush(stdout);
		} else if (hub_is(line, "quit"))
			return 0;
	}
}
