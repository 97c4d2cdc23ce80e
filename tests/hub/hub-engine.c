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
 * fewest pieces to take, kings a quiet move of the king that moved last
 * (the king of its streak, which the moves of the "pos" line tell), else
 * of any king, else as random: in Frisian draughts it runs into
 * article 17's ban whenever it has men; slow plays as random, N tenths
 * of a second after it is asked (default 1).  The other modes misbehave at the N-th move the
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
 * from its side) then "done move=M ponder=P", P the move it expects in
 * answer (the one it would play in the opponent's place; no ponder= when
 * M leaves the opponent none).  It ponders when told: at "go ponder"
 * (the position after M and P) it waits, answering "ping", for
 * "ponder-hit", then thinks as at "go think" (where the other modes
 * misbehave too), or for "stop", then answers "done move=M" at once.  It plays every variant the library
 * plays, by its "variant" parameter (set-param name=variant value=V:
 * "normal", international draughts, the default, or the library's name
 * of another, "frisian"), and in Frisian draughts keeps article 17 by the
 * moves of each "pos" line (pdn_generate_streak()).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "choose.h"
#include "hub.h"
#include <pdn/pdn.h>

enum { M_RANDOM, M_GREEDY, M_KINGS, M_SLOW, M_CRASH, M_HANG, M_ILLEGAL, M_GARBAGE,
	M_PROTOCOL, M_NOMOVE, M_TIME, M_INIT };
static const char *const modes[] = { "random", "greedy", "kings", "slow",
	"crash", "hang",
	"illegal", "garbage", "protocol", "nomove", "time", "init", NULL };

static const pdn_variant *variant;
static pdn_position pos;
static pdn_streak streak;
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

	static char base[HUB_POS_LEN], seen[sizeof(line)];
	size_t n, from = 0;

	if (hub_arg(line, "pos", buf, sizeof(buf)) < 0)
		return;
	/*
	 * The same start and more moves than the last "pos" line (pdn-match
	 * sends the whole game each time): only the new moves are played.
	 */
	if (strncmp(buf, base, strlen(base)) != 0 || base[0] == '\0' ||
	    hub_arg(line, "moves", buf, sizeof(buf)) < 0 ||
	    strncmp(buf, seen, n = strlen(seen)) != 0 ||
	    (buf[n] != ' ' && buf[n] != '\0') || n == 0) {
		base[0] = seen[0] = '\0';
		if (hub_arg(line, "pos", buf, sizeof(buf)) < 0 ||
		    hub_pos_read(&pos, variant, buf) != 0)
			return;
		snprintf(base, sizeof(base), "%.*s", (int)strcspn(buf, " \""),
		    buf);
		pdn_streak_clear(&streak);
		if (hub_arg(line, "moves", buf, sizeof(buf)) < 0)
			return;
	} else
		from = n;
	snprintf(seen, sizeof(seen), "%s", buf);
	for (tok = strtok_r(buf + from, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		pdn_generate_streak(list, &pos, &streak);
		if ((m = hub_move_find(list, variant, tok, strlen(tok))) ==
		    NULL)
			return;
		pdn_streak_update(&streak, &pos, m);
		pdn_make(&pos, m);
	}
}

/*
 * Mode kings: a quiet move of the king of side me's streak, else of any
 * king, from the legal moves in `list`; NULL when there is none.
 */
static const pdn_move *
king_move(pdn_colour me)
{
	const pdn_move *m, *any = NULL;
	pdn_piece p;
	int i, n = pdn_movelist_count(list);

	for (i = 0; i < n; i++) {
		m = pdn_movelist_get(list, i);
		p = pdn_position_get(&pos, pdn_move_from(m));
		if (pdn_move_captures(m) > 0 ||
		    (p != PDN_WHITE_KING && p != PDN_BLACK_KING))
			continue;
		if (streak.count[me] > 0 &&
		    pdn_move_from(m) == streak.square[me])
			return m;
		if (any == NULL)
			any = m;
	}
	return any;
}

/*
 * Its move in `pos` (into mv, Hub's notation, HUB_MOVE_LEN), from the
 * legal moves then in `list`; NULL when there is none.
 */
static const pdn_move *
best(char *mv)
{
	const pdn_move *m;

	if (pdn_generate_streak(list, &pos, &streak) <= 0)
		return NULL;
	m = mode == M_KINGS ? king_move(pdn_position_side(&pos)) : NULL;
	if (m == NULL)
		m = choose_move(&pos, list, reply, seed, mode == M_GREEDY);
	hub_move_str(mv, variant, m);
	return m;
}

/*
 * Writes " ponder=P": the opponent's answer to m (legal in pos, from
 * `list`), as it would choose it; nothing when it has none.  The board
 * and `list` are left as they were.
 */
static void
guess(const pdn_move *m)
{
	pdn_position keep = pos;
	pdn_streak skeep = streak;
	char mv[HUB_MOVE_LEN];

	pdn_streak_update(&streak, &pos, m);
	pdn_make(&pos, m);
	if (best(mv) != NULL)
		printf(" ponder=%s", mv);
	pos = keep;
	streak = skeep;
}

static void
go(void)
{
	pdn_colour me = pdn_position_side(&pos);
	const pdn_move *m;
	char mv[HUB_MOVE_LEN];
	int bad = mode >= M_CRASH && ++moves_made == at;
	struct timespec ts;

	if (mode == M_SLOW) {
		ts.tv_sec = at / 10;
		ts.tv_nsec = (long)(at % 10) * 100000000L;
		nanosleep(&ts, NULL);
	}

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
	if ((m = best(mv)) == NULL) {
		printf("error message=\"no move\"\n");
		fflush(stdout);
		return;
	}
	printf("info depth=1 score=%d\ndone move=%s",
	    pdn_position_count(&pos, me) - pdn_position_count(&pos, !me), mv);
	guess(m);
	printf("\n");
	fflush(stdout);
}

/*
 * "go ponder": waits for "ponder-hit" (then thinks, as "go think") or
 * "stop" (then answers its move at once).
 */
static void
ponder(void)
{
	char mv[HUB_MOVE_LEN];

	for (;;) {
		next_line();
		if (hub_is(line, "ping")) {
			printf("pong\n");
			fflush(stdout);
		} else if (hub_is(line, "ponder-hit")) {
			go();
			return;
		} else if (hub_is(line, "stop")) {
			if (best(mv) != NULL)
				printf("done move=%s\n", mv);
			else
				printf("done\n");
			fflush(stdout);
			return;
		} else if (hub_is(line, "quit"))
			exit(0);
	}
}

/* The variant of Hub's name, among those the library plays; or NULL. */
static const pdn_variant *
variant_named(const char *name)
{
	const pdn_variant *v;
	int k;

	for (k = 0; (v = pdn_variant_list(k)) != NULL; k++)
		if (pdn_variant_played(v) &&
		    strcmp(hub_variant_name(v), name) == 0)
			return v;
	return NULL;
}

/* The "variant" parameter: every variant the library plays. */
static void
variants(void)
{
	const pdn_variant *v;
	int k, n = 0;

	printf("param name=variant value=normal type=enum values=\"");
	for (k = 0; (v = pdn_variant_list(k)) != NULL; k++)
		if (pdn_variant_played(v))
			printf("%s%s", n++ > 0 ? " " : "",
			    hub_variant_name(v));
	printf("\"\n");
}

int
main(int argc, char **argv)
{
	const pdn_variant *v;
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
	variant = pdn_variant_default();
	pdn_variant_start(variant, &pos);
	for (;;) {
		next_line();
		if (hub_is(line, "hub")) {
			printf("id name=\"hub-engine %s\" version=1 "
			    "author=\"pdn tools\"\n"
			    "param name=seed value=0 type=int min=0 "
			    "max=1000000\n", modes[mode]);
			variants();
			printf("wait\n");
			fflush(stdout);
		} else if (hub_is(line, "set-param")) {
			if (hub_arg(line, "name", val, sizeof(val)) > 0 &&
			    strcmp(val, "seed") == 0 &&
			    hub_arg(line, "value", val, sizeof(val)) > 0)
				seed = strtoull(val, NULL, 10);
			else if (strcmp(val, "variant") == 0 &&
			    hub_arg(line, "value", val, sizeof(val)) > 0 &&
			    (v = variant_named(val)) != NULL) {
				variant = v;
				pdn_variant_start(variant, &pos);
			}
		} else if (hub_is(line, "init")) {
			if (mode == M_INIT)
				return 3;
			printf("ready\n");
			fflush(stdout);
		} else if (hub_is(line, "pos")) {
			set_pos();
		} else if (hub_is(line, "go")) {
			if (hub_arg(line, "ponder", val, sizeof(val)) >= 0)
				ponder();
			else
				go();
		} else if (hub_is(line, "ping")) {
			printf("pong\n");
			fflush(stdout);
		} else if (hub_is(line, "quit"))
			return 0;
	}
}
