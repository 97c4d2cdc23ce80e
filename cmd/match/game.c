/*
 * One game between two engines (game.h).
 *
 * The clock of the side to move runs from the moment its position and
 * "go" are written to the engine to the moment its "done" line is read,
 * measured with the monotonic clock (cli_now()): the engine's time, not
 * the time pdn-match spends between moves.  An increment is added after
 * each move (Fischer), so the engine is told its time less the increment
 * (Hub adds it before the move).  A move that comes after the time left
 * and the margin is a loss on time, whether pdn-match saw it late or
 * stopped waiting at the flag.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "dxp.h"
#include "game.h"
#include "hub.h"

/*
 * A time of --tc at s: "h:mm:ss", "m:ss" or "Ns" (seconds), or a bare
 * number (seconds, said in *bare), into *secs; *end past it.  Returns 0,
 * or -1.
 */
static int
tc_time(const char *s, char **end, double *secs, int *bare)
{
	double part[3], v;
	int n = 0, i;

	for (;;) {
		v = strtod(s, end);
		if (*end == s || !isfinite(v) || v < 0 ||
		    (n > 0 && v >= 60) || *s == '+' ||
		    *s == '-')
			return -1;
		part[n++] = v;
		if (**end != ':' || n == 3)
			break;
		s = *end + 1;
	}
	/* Only the last part may have a fraction. */
	for (i = 0; i + 1 < n; i++)
		if (part[i] != floor(part[i]))
			return -1;
	*secs = n == 3 ? part[0] * 3600 + part[1] * 60 + part[2] :
	    n == 2 ? part[0] * 60 + part[1] : part[0];
	*bare = 0;
	if (n == 1 && **end == 's')
		(*end)++;
	else if (n == 1)
		*bare = 1;
	return 0;
}

int
game_tc_parse(struct tc *tc, const char *s)
{
	double base, inc = 0;
	char *end;
	long moves = 0;
	int bare;

	if (strchr(s, '/') != NULL) {
		moves = strtol(s, &end, 10);
		if (end == s || *end != '/' || moves < 1 || moves > 1000)
			return -1;
		s = end + 1;
	}
	if (tc_time(s, &end, &base, &bare) != 0 || base <= 0 ||
	    base > 600000)
		return -1;
	if (*end == '+') {
		s = end + 1;
		inc = strtod(s, &end);
		if (end == s || !isfinite(inc) || inc < 0 || inc > 3600 ||
		    *s == '+' || *s == '-')
			return -1;
		if (*end == 's')
			end++;
	}
	if (*end != '\0')
		return -1;
	tc->kind = TC_CLOCK;
	tc->base = base;
	tc->inc = inc;
	tc->moves = (int)moves;
	return bare;
}

/* A number of seconds as the tags write it: "300", "0.5". */
static void
seconds(char *buf, size_t size, double s)
{
	if (s == floor(s))
		snprintf(buf, size, "%.0f", s);
	else
		snprintf(buf, size, "%g", s);
}

/* The TimeControl tag's value ("300+3", "40/300+3", "-"). */
static void
game_tc_tag(char *buf, size_t size, const struct tc *tc)
{
	char b[32], i[32];

	if (tc->kind != TC_CLOCK) {
		snprintf(buf, size, "-");
		return;
	}
	seconds(b, sizeof(b), tc->base);
	seconds(i, sizeof(i), tc->inc);
	if (tc->moves > 0)
		snprintf(buf, size, "%d/%s%s%s", tc->moves, b,
		    tc->inc > 0 ? "+" : "", tc->inc > 0 ? i : "");
	else
		snprintf(buf, size, "%s%s%s", b, tc->inc > 0 ? "+" : "",
		    tc->inc > 0 ? i : "");
}

/*
 * A clock as [%clock] writes it, H:MM:SS.t.  Time left is rounded up to
 * the tenth, so that only a clock that flagged reads 0:00:00.0.
 */
static void
clock_str(char *buf, size_t size, double left)
{
	long t = left <= 0 ? 0 : (long)ceil(left * 10 - 1e-9);

	snprintf(buf, size, "%ld:%02ld:%02ld.%ld", t / 36000, t / 600 % 60,
	    t / 10 % 60, t % 10);
}

/* The state of one game. */
struct play {
	const struct game_cfg *cfg;
	struct game_out *out;
	struct engine *e[2];
	const char *names[2];
	pdn_position pos, base;	/* now; the game's start */
	pdn_buf since;		/* Hub moves from base, blank-separated */
	pdn_streak streak;	/* Frisian article 17's history */
	const struct tc *tc[2];	/* each side's time control */
	int clocked;		/* both have clocks: [%clock] comments */
	pdn_buf mt;		/* the movetext */
	int col;		/* of its last line */
	pdn_movelist *list;
	pdn_rules *rules;
	double left[2];		/* clocks */
	int moved[2];		/* moves made by each */
	int drawn[2], lost[2];	/* score adjudication counts */
	long number;		/* the move number of the next White move */
	int need_number;	/* Black's move after a comment or the start */
	char pending[2][DXP_MSG_LEN];	/* a DXP engine's move to hear */
	int begun[2];		/* a DXP engine accepted the game */
	int ended[2];		/* a DXP engine was told the game ended */
	char ponder[2][HUB_MOVE_LEN];	/* ponder=on: the move a Hub engine
					 * ponders on ("go ponder"), or "" */
};

/* Appends a word of the movetext, wrapping lines at 79 columns. */
static void
word(struct play *p, const char *s, size_t n)
{
	if (p->col > 0 && p->col + 1 + (int)n > 79) {
		pdn_buf_add(&p->mt, "\n", 1);
		p->col = 0;
	} else if (p->col > 0) {
		pdn_buf_add(&p->mt, " ", 1);
		p->col++;
	}
	pdn_buf_add(&p->mt, s, n);
	p->col += (int)n;
}

/* The [%clock] command of both clocks, the one of `running` running. */
static void
clocks(char *buf, size_t size, const struct play *p, pdn_colour running)
{
	char w[32], b[32];

	clock_str(w, sizeof(w), p->left[PDN_WHITE]);
	clock_str(b, sizeof(b), p->left[PDN_BLACK]);
	snprintf(buf, size, "[%%clock %c%s %c%s]",
	    running == PDN_WHITE ? 'W' : 'w', w,
	    running == PDN_BLACK ? 'B' : 'b', b);
}

/*
 * Appends a move (`m`, legal in p->pos) with the move number it needs and
 * a comment (or NULL).
 */
static void
add_move(struct play *p, const pdn_move *m, const char *comment)
{
	char buf[PDN_MOVE_STRMAX + 32];
	int n;

	if (pdn_position_side(&p->pos) == PDN_WHITE) {
		n = snprintf(buf, sizeof(buf), "%ld.", p->number);
		word(p, buf, (size_t)n);
	} else if (p->need_number) {
		n = snprintf(buf, sizeof(buf), "%ld...", p->number);
		word(p, buf, (size_t)n);
	}
	n = pdn_move_str_unique(buf, p->cfg->variant, m, p->list);
	word(p, buf, (size_t)n);
	p->need_number = 0;
	if (comment != NULL) {
		word(p, comment, strlen(comment));
		p->need_number = 1;
	}
}

/*
 * The legal moves of p->pos into p->list: the generator's, less those
 * that Frisian article 17 bans after the game's history.
 */
static void
legal_moves(struct play *p)
{
	pdn_generate_streak(p->list, &p->pos, &p->streak);
}

/* Plays m (legal in p->pos, from p->list) on the board and the rules. */
static int
play_move(struct play *p, const pdn_move *m, pdn_rules_state *st)
{
	char hub[HUB_MOVE_LEN];

	if (pdn_rules_play(st, p->rules, &p->pos, m) != 0)
		return -1;
	pdn_streak_update(&p->streak, &p->pos, m);
	if (pdn_position_side(&p->pos) == PDN_BLACK)
		p->number++;
	pdn_make(&p->pos, m);
	/*
	 * What Hub sends: the game's start and every move since, enough for
	 * every draw rule (the 16- and 5-move counts run across captures
	 * and man moves) and for Frisian article 17 (a king's streak runs
	 * across the other side's man moves).
	 */
	hub_move_str(hub, p->cfg->variant, m);
	if (p->since.len > 0)
		pdn_buf_add(&p->since, " ", 1);
	pdn_buf_add(&p->since, hub, strlen(hub));
	return p->since.oom ? -1 : 0;
}

/* The result of a loss of side `loser`. */
static pdn_rules_result
loss(pdn_colour loser)
{
	return loser == PDN_WHITE ? PDN_RESULT_BLACK_WINS :
	    PDN_RESULT_WHITE_WINS;
}

/* Ends the game with a loss of `side` for `term`, said in a comment. */
static void
lose(struct play *p, pdn_colour side, const char *term, const char *fmt,
    const char *detail)
{
	char c[512], clk[96];

	p->out->result = loss(side);
	snprintf(p->out->termination, sizeof(p->out->termination), "%s", term);
	clk[0] = '\0';
	if (p->clocked) {
		clk[0] = ' ';
		clocks(clk + 1, sizeof(clk) - 1, p, side);
	}
	snprintf(c, sizeof(c), "{%s %s%s%s}", p->names[side], fmt,
	    detail != NULL ? detail : "", clk);
	/* No brace inside a comment. */
	{
		char *q;

		for (q = c + 1; q[1] != '\0'; q++)
			if (*q == '{' || *q == '}')
				*q = '(';
	}
	word(p, c, strlen(c));
}

/* The level line of a move of side s into b. */
static void
level(pdn_buf *b, const struct play *p, pdn_colour s)
{
	const struct tc *tc = p->tc[s];
	char line[160];
	double t;
	int n;

	switch (tc->kind) {
	case TC_DEPTH:
		n = snprintf(line, sizeof(line), "level depth=%d\n", tc->depth);
		break;
	case TC_NODES:
		n = snprintf(line, sizeof(line), "level nodes=%ld\n",
		    tc->nodes);
		break;
	case TC_MOVETIME:
		n = snprintf(line, sizeof(line), "level move-time=%.3f\n",
		    tc->movetime);
		break;
	default:
		t = p->left[s] - tc->inc;
		if (t < 0)
			t = 0;
		n = snprintf(line, sizeof(line), "level time=%.3f", t);
		if (tc->inc > 0)
			n += snprintf(line + n, sizeof(line) - (size_t)n,
			    " inc=%.3f", tc->inc);
		if (tc->moves > 0)
			n += snprintf(line + n, sizeof(line) - (size_t)n,
			    " moves=%d", tc->moves - p->moved[s] % tc->moves);
		n += snprintf(line + n, sizeof(line) - (size_t)n, "\n");
		break;
	}
	pdn_buf_add(b, line, (size_t)n);
}

/* Starts the engines that are not running or failed. */
static int
start_engines(struct play *p)
{
	char why[256];
	int s;

	for (s = 0; s < 2; s++) {
		struct engine *e = p->e[s];

		/* restart=on: the last game's process told to quit first. */
		if (e->retire && e->up && !e->broken)
			engine_stop(e, p->cfg->stall);
		e->retire = 0;
		if (e->up && !e->broken && !engine_closed(e))
			continue;
		engine_stop(e, 0);
		if (engine_start(e, e->spec, p->cfg->startup, p->cfg->stopfd,
		    why, sizeof(why)) != 0) {
			if (strcmp(why, "interrupted") == 0) {
				p->out->interrupted = 1;
				return -1;
			}
			lose(p, (pdn_colour)s, "engine crash",
			    "could not start: ", why);
			return -1;
		}
	}
	return 0;
}

/* The rules' reason as the Termination tag says it. */
static const char *
rules_termination(pdn_rules_reason r)
{
	const char *s = pdn_rules_reason_str(r);

	return s != NULL ? s : "normal";
}

/* What an engine answered on its turn. */
struct answer {
	char mv[HUB_MOVE_LEN + 64];	/* its move, in Hub's notation */
	double elapsed;		/* seconds, by our clock */
	double score;		/* its score, when have_score */
	int have_score, depth;	/* depth -1: not said */
	char ponder[HUB_MOVE_LEN + 64];	/* its done's ponder=, or "" */
};

/* The deadline of a move started at t0 by side s. */
static double
move_deadline(const struct play *p, pdn_colour s, double t0)
{
	const struct game_cfg *cfg = p->cfg;

	switch (p->tc[s]->kind) {
	case TC_CLOCK:
		return t0 + p->left[s] + p->tc[s]->margin;
	case TC_MOVETIME:
		return t0 + p->tc[s]->movetime + p->tc[s]->margin;
	default:
		return cfg->move_timeout > 0 ? t0 + cfg->move_timeout : -1;
	}
}

/*
 * The flag fell and the engine was told (Hub's "stop", DXP's game end):
 * a loss on time when it answers (`want`) within --stall-timeout, else
 * it is taken for hung (or crashed) and stopped.
 */
static void
flagged(struct play *p, pdn_colour s, const char *want)
{
	const struct game_cfg *cfg = p->cfg;
	struct engine *e = p->e[s];
	double deadline = cli_now() + cfg->stall;
	char *line;
	int rc;

	for (;;) {
		rc = engine_line(e, &line, deadline, cfg->stopfd);
		if (rc != ENG_LINE || hub_is(line, want) ||
		    (e->spec->proto == ENG_DXP && line[0] == want[0]))
			break;
	}
	if (rc == ENG_STOPPED) {
		p->out->interrupted = 1;
		return;
	}
	if (p->tc[s]->kind == TC_CLOCK)
		p->left[s] = 0;
	if (rc != ENG_LINE) {
		e->broken = 1;
		lose(p, s, rc == ENG_EOF ? "engine crash" : "engine hang",
		    rc == ENG_EOF ? "ended after the flag" : e->spec->proto ==
		    ENG_DXP ? "did not answer the game end" :
		    "did not answer stop", NULL);
	} else
		lose(p, s, "time forfeit", "lost on time", NULL);
}

/*
 * The "pos" line of the game so far (the game's start and every move
 * since), then `extra` (a move, or NULL) into cmd.
 */
static void
pos_line(pdn_buf *cmd, const struct play *p, const char *extra)
{
	char hubpos[HUB_POS_LEN];
	int n;

	n = hub_pos_str(hubpos, &p->base);
	pdn_buf_add(cmd, "pos pos=", 8);
	pdn_buf_add(cmd, hubpos, (size_t)n);
	if (p->since.len > 0 || extra != NULL) {
		pdn_buf_add(cmd, " moves=\"", 8);
		pdn_buf_add(cmd, p->since.data, p->since.len);
		if (extra != NULL) {
			if (p->since.len > 0)
				pdn_buf_add(cmd, " ", 1);
			pdn_buf_add(cmd, extra, strlen(extra));
		}
		pdn_buf_add(cmd, "\"", 1);
	}
	pdn_buf_add(cmd, "\n", 1);
}

/*
 * ponder=on: after the move of the Hub engine of side s, which said it
 * expects `guess` in answer, the engine is told to think on the
 * opponent's time: the position after that move, its clock as it will
 * be at its next turn (the opponent's thinking changes it not), "go
 * ponder".  Nothing when the guess is no legal move, or leaves the engine
 * no move.  Its clock does not run: the time it ponders is never
 * charged.
 */
static void
ponder_start(struct play *p, pdn_buf *cmd, pdn_colour s, const char *guess)
{
	struct engine *e = p->e[s];
	const pdn_move *m;
	pdn_position after;
	pdn_streak streak;
	char mv[HUB_MOVE_LEN];

	legal_moves(p);
	if ((m = hub_move_find(p->list, p->cfg->variant, guess,
	    strlen(guess))) == NULL)
		return;
	hub_move_str(mv, p->cfg->variant, m);
	after = p->pos;
	streak = p->streak;
	pdn_streak_update(&streak, &after, m);
	pdn_make(&after, m);
	if (pdn_generate_streak(p->list, &after, &streak) <= 0)
		return;
	cmd->len = 0;
	pos_line(cmd, p, mv);
	level(cmd, p, s);
	pdn_buf_add(cmd, "go ponder\n", 10);
	if (cmd->oom || engine_send(e, cmd->data, cmd->len) != 0)
		return;	/* its next turn finds it gone */
	snprintf(p->ponder[s], sizeof(p->ponder[s]), "%s", mv);
}

/*
 * Ends the pondering of the Hub engine of side s when the opponent's move
 * is in (the last of p->since): the move it pondered on, and nothing is
 * sent (the caller sends "ponder-hit"); another, and it is told to stop
 * and its "done" is read (within --stall-timeout) and set aside: its
 * turn has begun, and its clock runs from the "stop" (*t0).  Returns 1 a
 * hit, 2 a miss, 0 when the game ended (the engine did not answer stop:
 * out filled) or was interrupted.
 */
static int
ponder_end(struct play *p, pdn_colour s, double *t0)
{
	struct engine *e = p->e[s];
	const char *last = p->since.data;
	double deadline;
	char *line;
	size_t k;
	int rc;

	for (k = 0; k < p->since.len; k++)
		if (p->since.data[k] == ' ')
			last = p->since.data + k + 1;
	if (p->since.len > 0 && strlen(p->ponder[s]) ==
	    (size_t)(p->since.data + p->since.len - last) &&
	    memcmp(last, p->ponder[s], strlen(p->ponder[s])) == 0) {
		p->ponder[s][0] = '\0';
		return 1;
	}
	p->ponder[s][0] = '\0';
	*t0 = cli_now();
	(void)engine_send(e, "stop\n", 5);
	deadline = *t0 + p->cfg->stall;
	do
		rc = engine_line(e, &line, deadline, p->cfg->stopfd);
	while (rc == ENG_LINE && !hub_is(line, "done"));
	if (rc == ENG_LINE)
		return 2;
	if (rc == ENG_STOPPED) {
		p->out->interrupted = 1;
		return 0;
	}
	e->broken = 1;
	lose(p, s, rc == ENG_EOF ? "engine crash" : "engine hang",
	    rc == ENG_EOF ? "ended while it pondered" :
	    "did not answer stop while it pondered", NULL);
	return 0;
}

/*
 * The end of a game for each Hub engine that still ponders: "stop", its
 * "done" read within --stall-timeout; one that does not answer is
 * started again for its next game.  The game's result stands.
 */
static void
ponder_finish(struct play *p)
{
	struct engine *e;
	double deadline;
	char *line;
	int k, rc;

	for (k = 0; k < 2; k++) {
		e = p->e[k];
		if (p->ponder[k][0] == '\0')
			continue;
		p->ponder[k][0] = '\0';
		if (e->broken || !e->up)
			continue;
		if (engine_send(e, "stop\n", 5) != 0) {
			e->broken = 1;
			continue;
		}
		deadline = cli_now() + p->cfg->stall;
		do
			rc = engine_line(e, &line, deadline, p->cfg->stopfd);
		while (rc == ENG_LINE && !hub_is(line, "done"));
		if (rc != ENG_LINE)
			e->broken = 1;
	}
}

/*
 * Asks the Hub engine of side s for its move: the position after the
 * last irreversible move and the moves since, its time, "go think" (or,
 * ponder=on, "ponder-hit" when it pondered on the move played); reads
 * its "info" and "done" lines.  Returns 1 with its answer in *a, or 0
 * when the game ended (out filled) or was interrupted.
 */
static int
ask_hub(struct play *p, pdn_buf *cmd, pdn_colour s, struct answer *a)
{
	const struct game_cfg *cfg = p->cfg;
	struct engine *e = p->e[s];
	char val[64], *line;
	double t0 = -1, deadline;
	int rc;

	cmd->len = 0;
	if (p->ponder[s][0] != '\0') {
		if ((rc = ponder_end(p, s, &t0)) <= 0)
			return rc;
		if (rc == 1) {
			/* Its clock runs from the hit. */
			pdn_buf_add(cmd, "ponder-hit\n", 11);
			goto send;
		}
	}
	pos_line(cmd, p, NULL);
	level(cmd, p, s);
	pdn_buf_add(cmd, "go think\n", 9);
send:
	if (cmd->oom)
		return -1;
	/* After a miss, from its "stop": the time it takes to stop too. */
	if (t0 < 0)
		t0 = cli_now();
	if (engine_send(e, cmd->data, cmd->len) != 0) {
		e->broken = 1;
		lose(p, s, "engine crash", "ended", NULL);
		return 0;
	}
	deadline = move_deadline(p, s, t0);
	for (;;) {
		rc = engine_line(e, &line, deadline, cfg->stopfd);
		if (rc == ENG_STOPPED) {
			p->out->interrupted = 1;
			return 0;
		}
		if (rc == ENG_EOF) {
			e->broken = 1;
			lose(p, s, "engine crash", "ended", NULL);
			return 0;
		}
		if (rc == ENG_TIMEOUT) {
			/* The flag: the engine is told to stop. */
			(void)engine_send(e, "stop\n", 5);
			flagged(p, s, "done");
			return 0;
		}
		if (hub_is(line, "info")) {
			if (hub_arg(line, "score", val, sizeof(val)) > 0) {
				a->score = strtod(val, NULL);
				a->have_score = isfinite(a->score);
			}
			if (hub_arg(line, "depth", val, sizeof(val)) > 0)
				a->depth = atoi(val);
			continue;
		}
		if (hub_is(line, "error")) {
			e->broken = 1;
			snprintf(a->mv, sizeof(a->mv), "%.150s", line);
			lose(p, s, "protocol error", "said: ", a->mv);
			return 0;
		}
		if (hub_is(line, "done"))
			break;
		/* Anything else (pong, a line we do not know): ignored. */
	}
	a->elapsed = cli_now() - t0;
	if (hub_arg(line, "move", a->mv, sizeof(a->mv)) < 0) {
		e->broken = 1;
		lose(p, s, "protocol error", "sent done without a move", NULL);
		return 0;
	}
	if (hub_arg(line, "ponder", a->ponder, sizeof(a->ponder)) < 0)
		a->ponder[0] = '\0';
	return 1;
}

/* Sends a DXP message (its NUL too).  Returns 0, or -1. */
static int
dxp_send(struct engine *e, const char *msg)
{
	return engine_send(e, msg, strlen(msg) + 1);
}

/*
 * Asks the DXP engine of side s for its move: the move of the other side
 * (which starts its clock), then its move message.  A take-back request
 * is refused, a chat message ignored; a game end it sends ends the game:
 * a loss, by resignation when it says it resigns.  Returns as ask_hub().
 */
static int
ask_dxp(struct play *p, pdn_colour s, struct answer *a)
{
	static const char *const claims[] = { "ended the game",
	    "resigned", "claimed a draw", "claimed a win" };
	const struct game_cfg *cfg = p->cfg;
	struct engine *e = p->e[s];
	char msg[DXP_MSG_LEN], why[64], *line;
	double t0, deadline;
	int rc, reason, stop;

	t0 = cli_now();
	if (p->pending[s][0] != '\0' && dxp_send(e, p->pending[s]) != 0) {
		e->broken = 1;
		lose(p, s, "engine crash", "closed the connection", NULL);
		return 0;
	}
	p->pending[s][0] = '\0';
	deadline = move_deadline(p, s, t0);
	for (;;) {
		rc = engine_line(e, &line, deadline, cfg->stopfd);
		if (rc == ENG_STOPPED) {
			p->out->interrupted = 1;
			return 0;
		}
		if (rc == ENG_EOF) {
			e->broken = 1;
			lose(p, s, "engine crash", "closed the connection",
			    NULL);
			return 0;
		}
		if (rc == ENG_TIMEOUT) {
			/* The flag: the engine is told the game ended. */
			dxp_end_str(msg, 0, 0);
			(void)dxp_send(e, msg);
			p->ended[s] = 1;
			flagged(p, s, "E");
			return 0;
		}
		if (strlen(line) > DXP_MSG_MAX) {
			e->broken = 1;
			snprintf(why, sizeof(why), "%zu characters",
			    strlen(line));
			lose(p, s, "protocol error", "sent a message of ",
			    why);
			return 0;
		}
		if (line[0] == 'M')
			break;
		if (line[0] == 'E') {
			if (dxp_end_read(line, &reason, &stop) != 0 ||
			    reason > 3)
				reason = 0;
			dxp_end_str(msg, 0, 0);
			(void)dxp_send(e, msg);
			p->ended[s] = 1;
			if (stop)
				e->broken = 1;
			lose(p, s, reason == 1 ? "resignation" :
			    "protocol error", claims[reason], NULL);
			return 0;
		}
		if (line[0] == 'B' && dxp_send(e, "K1") != 0) {
			e->broken = 1;
			lose(p, s, "engine crash", "closed the connection",
			    NULL);
			return 0;
		}
		/* A chat, a message we do not know: ignored. */
	}
	a->elapsed = cli_now() - t0;
	if (dxp_move_hub(a->mv, sizeof(a->mv), line, NULL) != 0)
		snprintf(a->mv, sizeof(a->mv), "%.*s", HUB_MOVE_LEN, line);
	return 1;
}

/*
 * One move of the side to move: 1 played, 0 the game ended (out filled),
 * -1 out of memory.
 */
static int
turn(struct play *p, pdn_buf *cmd)
{
	const struct game_cfg *cfg = p->cfg;
	pdn_colour s = pdn_position_side(&p->pos);
	struct engine *e = p->e[s];
	char comment[160], score_txt[48], clk[96];
	struct answer a;
	double elapsed, score;
	const pdn_move *m;
	pdn_rules_state st;
	const struct tc *tc;
	int rc, depth, have_score, n;

	legal_moves(p);
	memset(&a, 0, sizeof(a));
	a.depth = -1;
	rc = e->spec->proto == ENG_DXP ? ask_dxp(p, s, &a) :
	    ask_hub(p, cmd, s, &a);
	if (rc <= 0)
		return rc;
	elapsed = a.elapsed;
	score = a.score;
	have_score = a.have_score;
	depth = a.depth;
	tc = p->tc[s];
	if (tc->kind == TC_CLOCK) {
		if (elapsed > p->left[s] + tc->margin) {
			p->left[s] = 0;
			lose(p, s, "time forfeit", "lost on time", NULL);
			return 0;
		}
		p->left[s] -= elapsed;
		if (p->left[s] < 0)
			p->left[s] = 0;
		p->left[s] += tc->inc;
		p->moved[s]++;
		if (tc->moves > 0 && p->moved[s] % tc->moves == 0)
			p->left[s] += tc->base;
	} else if (tc->kind == TC_MOVETIME &&
	    elapsed > tc->movetime + tc->margin) {
		lose(p, s, "time forfeit", "lost on time", NULL);
		return 0;
	}
	if ((m = hub_move_find(p->list, cfg->variant, a.mv,
	    strlen(a.mv))) == NULL) {
		char q[HUB_MOVE_LEN + 80];

		e->broken = 1;
		snprintf(q, sizeof(q), "\"%.*s\"", HUB_MOVE_LEN, a.mv);
		lose(p, s, "illegal move", "played an illegal move: ", q);
		return 0;
	}
	/* The comment: score/depth, then the clocks. */
	score_txt[0] = clk[0] = '\0';
	if (have_score) {
		n = snprintf(score_txt, sizeof(score_txt), "%+.2f", score);
		if (depth >= 0)
			snprintf(score_txt + n, sizeof(score_txt) - (size_t)n,
			    "/%d", depth);
	}
	if (p->clocked)
		clocks(clk, sizeof(clk), p, (pdn_colour)!s);
	comment[0] = '\0';
	if (score_txt[0] != '\0' || clk[0] != '\0')
		snprintf(comment, sizeof(comment), "{%s%s%s}", score_txt,
		    score_txt[0] != '\0' && clk[0] != '\0' ? " " : "", clk);
	add_move(p, m, comment[0] != '\0' ? comment : NULL);
	/* A DXP engine on the other side hears of it on its turn. */
	if (p->e[!s]->spec->proto == ENG_DXP)
		dxp_move_str(p->pending[!s], m, elapsed);
	if (play_move(p, m, &st) != 0)
		return -1;
	p->out->plies++;
	if (st.end.reason != PDN_REASON_NONE) {
		p->out->result = st.end.result;
		snprintf(p->out->termination, sizeof(p->out->termination),
		    "%s", rules_termination(st.end.reason));
		return 0;
	}
	/* Adjudication by the engines' scores. */
	if (cfg->draw_after > 0) {
		p->drawn[s] = have_score && fabs(score) <= cfg->draw_score ?
		    p->drawn[s] + 1 : 0;
		if (p->drawn[0] >= cfg->draw_after &&
		    p->drawn[1] >= cfg->draw_after) {
			p->out->result = PDN_RESULT_DRAW;
			snprintf(p->out->termination,
			    sizeof(p->out->termination), "adjudication");
			word(p, "{draw by adjudication}", 22);
			return 0;
		}
	}
	if (cfg->resign_after > 0) {
		p->lost[s] = have_score && score <= -cfg->resign_score ?
		    p->lost[s] + 1 : 0;
		if (p->lost[s] >= cfg->resign_after) {
			p->out->result = loss(s);
			snprintf(p->out->termination,
			    sizeof(p->out->termination), "adjudication");
			snprintf(comment, sizeof(comment), "{%s resigns by "
			    "adjudication}", p->names[s]);
			word(p, comment, strlen(comment));
			return 0;
		}
	}
	if (cfg->max_moves > 0 && p->out->plies >= 2L * cfg->max_moves) {
		p->out->result = PDN_RESULT_DRAW;
		snprintf(p->out->termination, sizeof(p->out->termination),
		    "move limit");
		return 0;
	}
	if (e->spec->ponder && e->spec->proto == ENG_HUB && a.ponder[0] != '\0')
		ponder_start(p, cmd, s, a.ponder);
	return 1;
}

/* The minutes and moves a DXP game request says of the time control. */
static void
dxp_time(const struct game_cfg *cfg, const struct tc *tc, int *minutes,
    int *moves)
{
	double secs;

	if (tc->kind == TC_CLOCK) {
		*minutes = (int)ceil(tc->base / 60 - 1e-9);
		*moves = tc->moves;
	} else {
		/* No clock: the time of a move, for 100 moves. */
		secs = tc->kind == TC_MOVETIME ? tc->movetime :
		    cfg->move_timeout;
		*minutes = (int)ceil(secs * 100 / 60 - 1e-9);
		*moves = 100;
	}
	if (*minutes < 1)
		*minutes = 1;
}

/*
 * The start of a game for each engine: Hub's "new-game"; a DXP engine's
 * game request (its colour, the time, the position) and its acceptance,
 * within --startup-timeout.  Returns 0, or -1 when the game ended (out
 * filled: a refusal loses it) or was interrupted.
 */
static int
begin(struct play *p)
{
	const struct game_cfg *cfg = p->cfg;
	char msg[DXP_MSG_LEN], name[DXP_NAME_LEN + 1], why[64], *line;
	struct dxp_req r;
	struct engine *e;
	double deadline;
	int k, rc, code;

	for (k = 0; k < 2; k++) {
		e = p->e[k];
		if (e->spec->proto == ENG_HUB) {
			if (engine_send(e, "new-game\n", 9) != 0)
				e->broken = 1;
			continue;
		}
		memset(&r, 0, sizeof(r));
		snprintf(r.name, sizeof(r.name), "%s", p->names[!k]);
		r.follower = (pdn_colour)k;
		dxp_time(cfg, p->tc[k], &r.minutes, &r.moves);
		/* The start position as "A", any other as "B". */
		pdn_variant_start(cfg->variant, &r.pos);
		r.setup = !pdn_position_equal(&r.pos, &p->pos);
		r.pos = p->pos;
		dxp_req_str(msg, &r);
		if (dxp_send(e, msg) != 0) {
			e->broken = 1;
			lose(p, (pdn_colour)k, "engine crash",
			    "closed the connection", NULL);
			return -1;
		}
		deadline = cli_now() + cfg->startup;
		do
			rc = engine_line(e, &line, deadline, cfg->stopfd);
		while (rc == ENG_LINE && line[0] != 'A');
		if (rc == ENG_STOPPED) {
			p->out->interrupted = 1;
			return -1;
		}
		if (rc != ENG_LINE) {
			e->broken = 1;
			snprintf(why, sizeof(why), "%s", rc == ENG_EOF ?
			    "it closed the connection" :
			    "no acceptance in time");
			lose(p, (pdn_colour)k, rc == ENG_EOF ? "engine crash" :
			    "engine hang", "did not accept the game: ", why);
			return -1;
		}
		if (dxp_acc_read(name, &code, line) != 0 || code != 0) {
			snprintf(why, sizeof(why), "code %c",
			    line[0] != '\0' && strlen(line) == 2 +
			    DXP_NAME_LEN ? line[1 + DXP_NAME_LEN] : '?');
			p->ended[k] = 1;
			lose(p, (pdn_colour)k, "protocol error",
			    "refused the game: ", why);
			return -1;
		}
		p->begun[k] = 1;
	}
	return 0;
}

/*
 * The end of a game for each DXP engine that accepted it and was not
 * told yet: the last move, if it has not heard it, then a game end,
 * answered by its own within --stall-timeout.  One that does not answer,
 * or that wants no more games, is connected again (started again) for
 * its next game.
 */
static void
dxp_finish(struct play *p)
{
	char msg[DXP_MSG_LEN], *line;
	struct engine *e;
	double deadline;
	int k, rc, reason, stop;

	for (k = 0; k < 2; k++) {
		e = p->e[k];
		if (!p->begun[k] || p->ended[k] || e->broken || !e->up)
			continue;
		dxp_end_str(msg, 0, 0);
		if ((p->pending[k][0] != '\0' &&
		    dxp_send(e, p->pending[k]) != 0) || dxp_send(e, msg) != 0) {
			e->broken = 1;
			continue;
		}
		deadline = cli_now() + p->cfg->stall;
		do
			rc = engine_line(e, &line, deadline, p->cfg->stopfd);
		while (rc == ENG_LINE && line[0] != 'E');
		if (rc != ENG_LINE ||
		    (dxp_end_read(line, &reason, &stop) == 0 && stop))
			e->broken = 1;
	}
}

/* Appends a tag line. */
static void
tag(pdn_buf *b, const char *name, const char *value)
{
	const char *v;

	pdn_buf_add(b, "[", 1);
	pdn_buf_add(b, name, strlen(name));
	pdn_buf_add(b, " \"", 2);
	for (v = value; *v != '\0'; v++) {
		if (*v == '"' || *v == '\\')
			pdn_buf_add(b, "\\", 1);
		pdn_buf_add(b, v, 1);
	}
	pdn_buf_add(b, "\"]\n", 3);
}

static const char *
result_str(pdn_rules_result r)
{
	switch (r) {
	case PDN_RESULT_WHITE_WINS:
		return "2-0";
	case PDN_RESULT_BLACK_WINS:
		return "0-2";
	case PDN_RESULT_DRAW:
		return "1-1";
	default:
		return "*";
	}
}

/* The whole game as PDN: tags, movetext, result. */
static void
write_game(struct play *p, const struct opening *op, long round,
    const char *date)
{
	pdn_buf *b = &p->out->pdn;
	char buf[PDN_FEN_STRMAX], other[64];
	const char *res = result_str(p->out->result);

	b->len = 0;
	tag(b, "Event", p->cfg->event);
	tag(b, "Site", p->cfg->site);
	tag(b, "Date", date);
	snprintf(buf, sizeof(buf), "%ld", round);
	tag(b, "Round", buf);
	tag(b, "White", p->names[PDN_WHITE]);
	tag(b, "Black", p->names[PDN_BLACK]);
	tag(b, "Result", res);
	snprintf(buf, sizeof(buf), "%d", pdn_variant_gametype(p->cfg->variant));
	tag(b, "GameType", buf);
	if (!op->standard) {
		pdn_fen_write(buf, sizeof(buf), &op->start);
		tag(b, "FEN", buf);
	}
	/* Each side's when they differ (time odds), as cutechess-cli. */
	game_tc_tag(buf, sizeof(buf), p->tc[PDN_WHITE]);
	game_tc_tag(other, sizeof(other), p->tc[PDN_BLACK]);
	if (strcmp(buf, other) == 0)
		tag(b, "TimeControl", buf);
	else {
		tag(b, "WhiteTimeControl", buf);
		tag(b, "BlackTimeControl", other);
	}
	tag(b, "Termination", p->out->termination);
	if (p->cfg->fingerprint != NULL) {
		tag(b, "MatchFingerprint", p->cfg->fingerprint);
		snprintf(buf, sizeof(buf), "%ld", op->number);
		tag(b, "MatchOpening", buf);
	}
	pdn_buf_add(b, "\n", 1);
	word(p, res, strlen(res));
	pdn_buf_add(b, p->mt.data, p->mt.len);
	pdn_buf_add(b, "\n\n", 2);
}

int
game_play(struct game_out *out, const struct game_cfg *cfg,
    const struct opening *op, struct engine *e[2], const char *names[2],
    long round)
{
	struct play p;
	pdn_rules_state st;
	const pdn_move *m;
	const pdn_rules_state *st0;
	pdn_buf cmd = { 0 };
	char date[16];
	struct tm tm;
	time_t now;
	int i, rc = 0;

	memset(&p, 0, sizeof(p));
	p.cfg = cfg;
	p.out = out;
	p.e[0] = e[0];
	p.e[1] = e[1];
	p.names[0] = names[0];
	p.names[1] = names[1];
	out->result = PDN_RESULT_NONE;
	out->termination[0] = '\0';
	out->plies = 0;
	out->interrupted = 0;
	out->pdn.len = 0;
	now = time(NULL);
	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y.%m.%d", &tm);
	if (pdn_movelist_new(&p.list) != 0 ||
	    pdn_rules_new(&p.rules, cfg->profile) != 0)
		goto oom;
	p.pos = p.base = op->start;
	p.number = 1;
	p.need_number = 1;
	for (i = 0; i < 2; i++) {
		p.tc[i] = e[i]->spec->tc_given ? &e[i]->spec->tc : &cfg->tc;
		p.left[i] = p.tc[i]->kind == TC_CLOCK ? p.tc[i]->base : 0;
	}
	p.clocked = p.tc[0]->kind == TC_CLOCK && p.tc[1]->kind == TC_CLOCK;
	if (pdn_rules_start(p.rules, &p.pos, -1) != 0)
		goto oom;
	/* The opening's moves, as a record of them. */
	for (i = 0; i < op->nmoves; i++) {
		legal_moves(&p);
		m = hub_move_find(p.list, cfg->variant, op->moves[i],
		    strlen(op->moves[i]));
		if (m == NULL)
			break;	/* checked when the openings were read */
		add_move(&p, m, NULL);
		if (play_move(&p, m, &st) != 0)
			goto oom;
	}
	st0 = pdn_rules_state_get(p.rules);
	if (st0->end.reason != PDN_REASON_NONE) {
		out->result = st0->end.result;
		snprintf(out->termination, sizeof(out->termination), "%s",
		    rules_termination(st0->end.reason));
	} else if (start_engines(&p) == 0 && begin(&p) == 0) {
		while ((rc = turn(&p, &cmd)) == 1)
			;
	}
	if (!out->interrupted) {
		ponder_finish(&p);
		dxp_finish(&p);
	}
	for (i = 0; i < 2; i++)
		e[i]->retire = e[i]->spec->restart;
	if (rc < 0 || p.mt.oom)
		goto oom;
	if (!out->interrupted)
		write_game(&p, op, round, date);
	pdn_buf_free(&cmd);
	pdn_buf_free(&p.since);
	pdn_buf_free(&p.mt);
	pdn_movelist_free(p.list);
	pdn_rules_free(p.rules);
	return out->pdn.oom ? -1 : 0;
oom:
	pdn_buf_free(&cmd);
	pdn_buf_free(&p.since);
	pdn_buf_free(&p.mt);
	pdn_movelist_free(p.list);
	pdn_rules_free(p.rules);
	return -1;
}
