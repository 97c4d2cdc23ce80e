/*
 * pdn-match: matches and tournaments of draughts engines over the Hub
 * protocol, with clocks, judged by the rules of the library.  See
 * pdn-match(1).
 *
 * The schedule is a list of games made before the first one starts (who
 * plays White, who Black, from which opening); -j N workers (threads)
 * take the next game of it in turn, each with engine processes of its
 * own, so that an engine process plays one game at a time.  A game ends,
 * is written as PDN at once (one write(2) of the whole game, under the
 * lock), counted, and said.  Ctrl-C (SIGINT, SIGTERM) makes a pipe
 * readable that every wait for an engine watches: the games in progress
 * stop at once and are not written, every engine is stopped and waited
 * for, and the games finished are already in the output.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "driver.h"
#include "drv_options.h"
#include "drv_run.h"
#include "engine.h"
#include "conf.h"
#include "game.h"
#include "hub.h"
#include "openings.h"
#include "stats.h"
#include <pdn/pdn.h>

enum { T_ROUND_ROBIN, T_GAUNTLET };

static struct drv drv;
static struct {
	struct eng_spec *eng;
	int neng;
	char **each;		/* --each's specs */
	int neach;
	struct game_cfg cfg;
	int tc_given;
	long rounds, games;
	int tournament;
	const char *openings;
	int random_order;
	long plies;
	unsigned long seed;
	const char *pdn;
	int resume;
	struct sprt sprt;
	long interval;		/* --rating-interval */
	long part, parts;	/* --part K/N */
	int report;		/* --report */
	const char *log;	/* --log */
	const char *engines;	/* --engines */
} opt;

/* One game of the schedule. */
struct sched {
	int white, black;	/* engine indices */
	long opening;
	int done;		/* finished (or read back by --resume) */
	pdn_rules_result result;	/* when done */
	int taken;
	int skip;		/* another --part's */
};

/* The match: what the workers share, under `lock`. */
static struct {
	pthread_mutex_t lock;
	struct sched *s;
	long n, next, finished, resumed;
	struct openings ops;
	struct wdl *pair;	/* [a * neng + b], a < b: a's results */
	int out_fd;
	off_t out_size;		/* of a regular --pdn file; -1 otherwise */
	const char *out_name;
	FILE *report;		/* stdout with --pdn, else stderr */
	int write_failed, oom, sprt_done, failures;
	int verdict;		/* the SPRT's first decision: 1 H1, -1 H0 */
	char fingerprint[17];
	int progress;		/* the live line on standard error */
	int shown;
	int stop[2];		/* the pipe Ctrl-C makes readable */
	struct engine *first;	/* the engines started before the match */
} m;

static volatile sig_atomic_t interrupted;

static void
on_signal(int sig)
{
	char c = 1;
	int saved = errno;

	interrupted = sig;
	(void)!write(m.stop[1], &c, 1);
	errno = saved;
}

/* --- options --------------------------------------------------------- */

enum {
	OPT_ENGINE = 'e', OPT_EACH = DRV_K_OWN, OPT_TC, OPT_ST, OPT_DEPTH,
	OPT_MARGIN, OPT_ROUNDS, OPT_GAMES, OPT_TOURNAMENT, OPT_OPENINGS,
	OPT_ORDER, OPT_PLIES, OPT_SEED, OPT_PDN, OPT_RESUME, OPT_DRAW_AFTER,
	OPT_DRAW_SCORE, OPT_RESIGN_AFTER, OPT_RESIGN_SCORE, OPT_MAX_MOVES,
	OPT_SPRT, OPT_EVENT, OPT_SITE, OPT_STARTUP, OPT_STALL,
	OPT_MOVE_TIMEOUT, OPT_INTERVAL, OPT_PART, OPT_REPORT, OPT_LOG,
	OPT_ENGINES
};

static const struct drv_option options[] = {
	{ OPT_ENGINE, "engine", "spec", "SPEC",
	    "an engine: cmd=PROGRAM[,name=NAME][,arg=ARG]...[,dir=DIR]"
	    "[,option.NAME=VALUE]...[,ponder=on] (once per engine; "
	    "ponder=on: it thinks on the opponent's time, off by default)" },
	{ OPT_ENGINES, "engines", "file", "FILE",
	    "the engines that conf=NAME in -e picks: a YAML or JSON file" },
	{ OPT_EACH, "each", "spec", "SPEC",
	    "what every engine has (dir=, arg=, option.NAME=VALUE)" },
	{ OPT_TC, "tc", "tc", "[N/]T[+I]",
	    "the clock: T (m:ss, h:mm:ss or Ns seconds) a player, N moves in "
	    "T then again, I seconds added after each move" },
	{ OPT_ST, "st", "s", "S", "S seconds a move, no clock" },
	{ OPT_DEPTH, "depth", "n", "N", "search N plies a move, no clock" },
	{ OPT_MARGIN, "margin", "s", "S",
	    "a move S seconds past the flag still counts (default 0)" },
	{ OPT_ROUNDS, "rounds", "n", "N",
	    "play the schedule N times (default 1)" },
	{ OPT_GAMES, "games", "n", "N",
	    "games of a pair a round, each opening with colours reversed "
	    "(default 2)" },
	{ OPT_TOURNAMENT, "tournament", "type", "round-robin|gauntlet",
	    "every pair (default), or the first engine against each other" },
	{ OPT_OPENINGS, "openings", "file", "FILE",
	    "openings: the games of a PDN file, or a FEN a line" },
	{ OPT_ORDER, "order", "order", "sequential|random",
	    "the openings in the file's order (default) or shuffled "
	    "(--seed)" },
	{ OPT_PLIES, "opening-plies", "k", "K",
	    "the first K plies of each opening game (default all)" },
	{ OPT_SEED, "seed", "n", "N", "the seed of --order random (default 1)" },
	{ OPT_PDN, "pdn", "file", "FILE",
	    "append each game to FILE as it ends (default: standard output)" },
	{ OPT_RESUME, "resume", NULL, NULL,
	    "leave out the games of the schedule that --pdn FILE has" },
	{ OPT_DRAW_AFTER, "draw-after", "n", "N",
	    "a draw once both engines' scores were within --draw-score for N "
	    "moves each" },
	{ OPT_DRAW_SCORE, "draw-score", "s", "S",
	    "the band of --draw-after, in men (default 0.1)" },
	{ OPT_RESIGN_AFTER, "resign-after", "n", "N",
	    "a loss once an engine's score was -S or less for N moves" },
	{ OPT_RESIGN_SCORE, "resign-score", "s", "S",
	    "the S of --resign-after, in men (default 5)" },
	{ OPT_MAX_MOVES, "max-moves", "n", "N",
	    "a draw after N moves of each side (move limit)" },
	{ OPT_SPRT, "sprt", "spec",
	    "elo0=E0,elo1=E1[,alpha=A][,beta=B][,model=M]",
	    "stop when the SPRT accepts a hypothesis (two engines; M "
	    "pentanomial, on pairs, the default, or trinomial)" },
	{ OPT_INTERVAL, "rating-interval", "n", "N",
	    "the report so far after every N games" },
	{ OPT_PART, "part", "k/n", "K/N",
	    "play only part K of N of the schedule (pairs kept whole), for "
	    "a match split over machines" },
	{ OPT_REPORT, "report", NULL, NULL,
	    "play nothing: the report of the games of the files given, the "
	    "pieces of one match merged" },
	{ OPT_EVENT, "event", "name", "NAME",
	    "the Event tag (default \"pdn-match\")" },
	{ OPT_SITE, "site", "name", "NAME", "the Site tag (default \"?\")" },
	{ OPT_STARTUP, "startup-timeout", "s", "S",
	    "seconds for each answer of an engine's start (default 30)" },
	{ OPT_STALL, "stall-timeout", "s", "S",
	    "seconds for \"done\" after \"stop\" at the flag (default 5)" },
	{ OPT_MOVE_TIMEOUT, "move-timeout", "s", "S",
	    "with --depth, seconds a move before it is lost (default 600)" },
	{ OPT_LOG, "log", "file", "FILE",
	    "write every line sent to an engine and received from one to "
	    "FILE, with its time and the engine's name" },
	{ 0, NULL, NULL, NULL, NULL }
};

static int
push(char ***list, int *n, char *s)
{
	char **l = realloc(*list, (size_t)(*n + 2) * sizeof(*l));

	if (l == NULL || s == NULL) {
		free(s);
		if (l != NULL)
			*list = l;
		return -1;
	}
	*list = l;
	l[(*n)++] = s;
	l[*n] = NULL;
	return 0;
}

/* Adds option.NAME=VALUE to e.  Returns 0, or 2 out of memory. */
static int
spec_parse_option(struct eng_spec *e, const char *name, const char *value)
{
	int n = e->nopt;

	if (push(&e->opt_name, &n, strdup(name)) != 0 ||
	    push(&e->opt_value, &e->nopt, strdup(value)) != 0) {
		cli_warn("out of memory");
		return 2;
	}
	return 0;
}

/* The time of a --tc value, without moves and increment, into buf. */
static const char *
tc_bare(const char *value, char *buf, size_t size)
{
	const char *s = strchr(value, '/') != NULL ? strchr(value, '/') + 1 :
	    value;

	snprintf(buf, size, "%.*s", (int)strcspn(s, "+"), s);
	return buf;
}

/*
 * One key=value of an engine's spec (',' separates them; "\," is a comma
 * of a value).  Returns 0, or -1 for a key not known.
 */
static int
spec_field(struct eng_spec *e, const char *key, const char *val)
{
	if (strcmp(key, "cmd") == 0) {
		free(e->cmd);
		return (e->cmd = strdup(val)) == NULL ? -1 : 0;
	}
	if (strcmp(key, "name") == 0) {
		free(e->name);
		return (e->name = strdup(val)) == NULL ? -1 : 0;
	}
	if (strcmp(key, "dir") == 0) {
		free(e->dir);
		return (e->dir = strdup(val)) == NULL ? -1 : 0;
	}
	if (strcmp(key, "arg") == 0)
		return push(&e->argv, &e->argc, strdup(val));
	/* cutechess-cli's protocol field. */
	if (strcmp(key, "proto") == 0) {
		if (strcmp(val, "hub") == 0)
			e->proto = ENG_HUB;
		else if (strcmp(val, "dxp") == 0)
			e->proto = ENG_DXP;
		else
			return -1;
		return 0;
	}
	if (strcmp(key, "host") == 0) {
		free(e->host);
		return (e->host = strdup(val)) == NULL ? -1 : 0;
	}
	if (strcmp(key, "port") == 0 || strcmp(key, "listen") == 0) {
		char **f = key[0] == 'p' ? &e->port : &e->listen;
		long n;
		char *end;

		n = strtol(val, &end, 10);
		if (end == val || *end != '\0' || n < 0 || n > 65535 ||
		    (n == 0 && key[0] == 'p'))
			return -1;
		free(*f);
		return (*f = strdup(val)) == NULL ? -1 : 0;
	}
	if (strncmp(key, "option.", 7) == 0 && key[7] != '\0') {
		int n = e->nopt;

		if (push(&e->opt_name, &n, strdup(key + 7)) != 0)
			return -1;
		return push(&e->opt_value, &e->nopt, strdup(val));
	}
	/* Its own time control, as --tc, --st, --depth; or nodes a move. */
	if (strcmp(key, "tc") == 0 || strcmp(key, "st") == 0 ||
	    strcmp(key, "depth") == 0 || strcmp(key, "nodes") == 0) {
		struct tc tc = { 0 };
		char buf[64];
		long n;
		char *end;
		int k;

		if (key[0] == 't') {
			if ((k = game_tc_parse(&tc, val)) < 0)
				return -1;
			if (k == 1)
				cli_warn("tc=%s: %s read as %g seconds, as "
				    "cutechess-cli reads it (%gs says so; "
				    "m:ss for minutes)", val, tc_bare(val, buf,
				    sizeof(buf)), tc.base, tc.base);
		} else if (key[0] == 's') {
			if (cli_real(val, 0.001, 86400, &tc.movetime) != 0)
				return -1;
			tc.kind = TC_MOVETIME;
		} else {
			n = strtol(val, &end, 10);
			if (end == val || *end != '\0' || n < 1 ||
			    n > (key[0] == 'd' ? 1000 : 2000000000L))
				return -1;
			tc.kind = key[0] == 'd' ? TC_DEPTH : TC_NODES;
			if (key[0] == 'd')
				tc.depth = (int)n;
			else
				tc.nodes = n;
		}
		e->tc = tc;
		e->tc_given = 1;
		return 0;
	}
	/* An engine of --engines, whose fields come first. */
	if (strcmp(key, "conf") == 0) {
		free(e->conf);
		return (e->conf = strdup(val)) == NULL ? -1 : 0;
	}
	if (strcmp(key, "restart") == 0) {
		if (strcmp(val, "on") != 0 && strcmp(val, "off") != 0)
			return -1;
		e->restart = val[1] == 'n';
		return 0;
	}
	/* Thinking on the opponent's time: Hub's "go ponder". */
	if (strcmp(key, "ponder") == 0) {
		if (strcmp(val, "on") != 0 && strcmp(val, "off") != 0)
			return -1;
		e->ponder = val[1] == 'n';
		return 0;
	}
	return -1;
}

static int
spec_parse(struct eng_spec *e, const char *s, const char *what)
{
	const char *whole = s;
	char *buf, *p, *q, *eq;
	int rc = 0;

	if ((buf = malloc(strlen(s) + 1)) == NULL)
		return -1;
	for (p = buf; ; s++) {
		/* One field, its "\," unescaped. */
		q = p;
		while (*s != '\0' && *s != ',') {
			if (*s == '\\' && s[1] == ',')
				s++;
			*q++ = *s++;
		}
		*q = '\0';
		if ((eq = strchr(p, '=')) == NULL ||
		    spec_field(e, (*eq = '\0', p), eq + 1) != 0) {
			rc = drv_bad_value(&drv, what, whole, "cmd=, name=, arg=, "
			    "dir=, option.NAME=, tc=, st=, depth=, nodes=, "
			    "restart=on|off, ponder=on|off, conf=, proto=hub or proto=dxp with "
			    "host= and port= or listen= fields, "
			    "comma-separated");
			break;
		}
		if (*s == '\0')
			break;
	}
	free(buf);
	return rc;
}

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	struct eng_spec *e;
	char buf[64];
	double v;
	long n;
	int k;

	(void)arg;
	switch (key) {
	case OPT_ENGINE:
		if ((e = realloc(opt.eng, (size_t)(opt.neng + 1) *
		    sizeof(*e))) == NULL)
			return 2;
		opt.eng = e;
		e = &opt.eng[opt.neng++];
		memset(e, 0, sizeof(*e));
		/* Its argv: the command goes first, filled in later. */
		if (push(&e->argv, &e->argc, strdup("")) != 0)
			return 2;
		if (spec_parse(e, value, "--engine") != 0 ||
		    (e->raw = strdup(value)) == NULL)
			return 2;
		return 0;
	case OPT_EACH:
		return push(&opt.each, &opt.neach, strdup(value)) != 0 ? 2 : 0;
	case OPT_TC:
		if ((k = game_tc_parse(&opt.cfg.tc, value)) < 0)
			return drv_bad_value(d, "--tc", value,
			    "T, T+I or N/T+I: T as m:ss, h:mm:ss or seconds "
			    "with s, I seconds, such as 5:00+3, 40/1:30:00+30 "
			    "or 10s+0.1");
		/* Today's reading of a bare number: said. */
		if (k == 1)
			cli_warn("--tc %s: %s read as %g seconds, as "
			    "cutechess-cli reads it (%gs says so; m:ss for "
			    "minutes)", value, tc_bare(value, buf, sizeof(buf)),
			    opt.cfg.tc.base, opt.cfg.tc.base);
		opt.tc_given++;
		return 0;
	case OPT_ST:
		if (cli_real(value, 0.001, 86400, &v) != 0)
			return drv_bad_value(d, "--st", value,
			    "seconds, 0.001 to 86400");
		opt.cfg.tc.kind = TC_MOVETIME;
		opt.cfg.tc.movetime = v;
		opt.tc_given++;
		return 0;
	case OPT_DEPTH:
		if (cli_number("--depth", value, 1, 1000, &n) != 0)
			return 2;
		opt.cfg.tc.kind = TC_DEPTH;
		opt.cfg.tc.depth = (int)n;
		opt.tc_given++;
		return 0;
	case OPT_MARGIN:
		if (cli_real(value, 0, 3600, &opt.cfg.tc.margin) != 0)
			return drv_bad_value(d, "--margin", value,
			    "seconds, 0 to 3600");
		return 0;
	case OPT_ROUNDS:
		if (cli_number("--rounds", value, 1, 1000000, &opt.rounds) != 0)
			return 2;
		return 0;
	case OPT_GAMES:
		if (cli_number("--games", value, 1, 1000, &opt.games) != 0)
			return 2;
		return 0;
	case OPT_TOURNAMENT:
		if (strcmp(value, "round-robin") == 0)
			opt.tournament = T_ROUND_ROBIN;
		else if (strcmp(value, "gauntlet") == 0)
			opt.tournament = T_GAUNTLET;
		else
			return drv_bad_value(d, "--tournament", value,
			    "round-robin or gauntlet");
		return 0;
	case OPT_OPENINGS:
		opt.openings = value;
		return 0;
	case OPT_ORDER:
		if (strcmp(value, "sequential") == 0)
			opt.random_order = 0;
		else if (strcmp(value, "random") == 0)
			opt.random_order = 1;
		else
			return drv_bad_value(d, "--order", value,
			    "sequential or random");
		return 0;
	case OPT_PLIES:
		return cli_number("--opening-plies", value, 0, 256, &opt.plies) != 0 ?
		    2 : 0;
	case OPT_SEED:
		if (cli_number("--seed", value, 0, 2147483647L, &n) != 0)
			return 2;
		opt.seed = (unsigned long)n;
		return 0;
	case OPT_PDN:
		opt.pdn = value;
		return 0;
	case OPT_RESUME:
		opt.resume = 1;
		return 0;
	case OPT_DRAW_AFTER:
		if (cli_number("--draw-after", value, 1, 100000, &n) != 0)
			return 2;
		opt.cfg.draw_after = (int)n;
		return 0;
	case OPT_DRAW_SCORE:
		if (cli_real(value, 0, 1000, &opt.cfg.draw_score) != 0)
			return drv_bad_value(d, "--draw-score", value,
			    "men, 0 to 1000");
		return 0;
	case OPT_RESIGN_AFTER:
		if (cli_number("--resign-after", value, 1, 100000, &n) != 0)
			return 2;
		opt.cfg.resign_after = (int)n;
		return 0;
	case OPT_RESIGN_SCORE:
		if (cli_real(value, 0, 1000, &opt.cfg.resign_score) != 0)
			return drv_bad_value(d, "--resign-score", value,
			    "men, 0 to 1000");
		return 0;
	case OPT_MAX_MOVES:
		if (cli_number("--max-moves", value, 1, 100000, &n) != 0)
			return 2;
		opt.cfg.max_moves = (int)n;
		return 0;
	case OPT_SPRT:
		if (stats_sprt_parse(&opt.sprt, value) != 0)
			return drv_bad_value(d, "--sprt", value,
			    "elo0=E0,elo1=E1[,alpha=A][,beta=B][,model=M], "
			    "E0 < E1, A and B below 0.5, M pentanomial or "
			    "trinomial");
		return 0;
	case OPT_INTERVAL:
		return cli_number("--rating-interval", value, 1, 1000000000L,
		    &opt.interval) != 0 ? 2 : 0;
	case OPT_PART:
		if (sscanf(value, "%ld/%ld%c", &opt.part, &opt.parts,
		    buf) != 2 || opt.parts < 1 || opt.parts > 100000 ||
		    opt.part < 1 || opt.part > opt.parts)
			return drv_bad_value(d, "--part", value,
			    "K/N, 1 <= K <= N, such as 2/4");
		return 0;
	case OPT_REPORT:
		opt.report = 1;
		return 0;
	case OPT_EVENT:
		opt.cfg.event = value;
		return 0;
	case OPT_SITE:
		opt.cfg.site = value;
		return 0;
	case OPT_STARTUP:
		if (cli_real(value, 0.01, 3600, &opt.cfg.startup) != 0)
			return drv_bad_value(d, "--startup-timeout", value,
			    "seconds, 0.01 to 3600");
		return 0;
	case OPT_STALL:
		if (cli_real(value, 0.01, 3600, &opt.cfg.stall) != 0)
			return drv_bad_value(d, "--stall-timeout", value,
			    "seconds, 0.01 to 3600");
		return 0;
	case OPT_MOVE_TIMEOUT:
		if (cli_real(value, 0.01, 86400, &opt.cfg.move_timeout) != 0)
			return drv_bad_value(d, "--move-timeout", value,
			    "seconds, 0.01 to 86400");
		return 0;
	case OPT_LOG:
		opt.log = value;
		return 0;
	case OPT_ENGINES:
		opt.engines = value;
		return 0;
	}
	return 2;
}

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_JOBS | DRV_RULES | DRV_VARIANT,
	NULL, NULL,
	options, option, "games", NULL, NULL,
	"play N games at once (1-256), each written as it ends"
};

/*
 * cutechess-cli's way of writing the options: its single-dash words
 * (-engine, -tc, -rounds, -each ...) as this tool's long options (a word
 * "-NAME" whose NAME is the full name of a long option becomes
 * "--NAME"), and an engine's fields as separate words ("-engine cmd=scan
 * name=Scan"): the words with '=' that follow the value of -e or --each
 * are joined to it with commas.  Fills copy (argc + 1 entries); the
 * strings made are kept in `made` (argc entries) for the caller to free.
 * Returns the new argc, or -1 out of memory.
 */
static int
cutechess_words(int argc, char **argv, char **copy, char **made)
{
	const struct drv_option *o;
	int i, n = 0, k = 0, spec;
	size_t len;
	char *v;

	for (i = 0; i < argc; i++) {
		copy[n] = argv[i];
		if (strcmp(argv[i], "--") == 0)
			break;
		if (i > 0 && argv[i][0] == '-' && argv[i][1] != '-' &&
		    strlen(argv[i]) > 2) {
			for (o = options; o->key != 0; o++)
				if (strcmp(argv[i] + 1, o->name) == 0)
					break;
			if (o->key != 0) {
				if ((v = malloc(strlen(argv[i]) + 2)) == NULL)
					return -1;
				v[0] = '-';
				strcpy(v + 1, argv[i]);
				copy[n] = made[k++] = v;
			}
		}
		spec = strcmp(copy[n], "-e") == 0 ||
		    strcmp(copy[n], "--engine") == 0 ||
		    strcmp(copy[n], "--each") == 0;
		n++;
		if (!spec || i + 1 >= argc)
			continue;
		copy[n++] = argv[++i];
		if (i + 1 >= argc || argv[i + 1][0] == '-' ||
		    strchr(argv[i + 1], '=') == NULL)
			continue;
		/* The fields that follow, joined. */
		len = strlen(argv[i]);
		for (; i + 1 < argc && argv[i + 1][0] != '-' &&
		    strchr(argv[i + 1], '=') != NULL; i++) {
			if ((v = malloc(len + strlen(argv[i + 1]) + 2)) == NULL)
				return -1;
			sprintf(v, "%s,%s", copy[n - 1], argv[i + 1]);
			len = strlen(v);
			if (k > 0 && made[k - 1] == copy[n - 1])
				free(made[--k]);
			copy[n - 1] = made[k++] = v;
		}
	}
	for (i++; i < argc; i++)
		copy[n++] = argv[i];
	copy[n] = NULL;
	return n;
}

/* --- the schedule ---------------------------------------------------- */

/*
 * Whether the games come in pairs, games 2k and 2k + 1 of the schedule
 * (from 0): one opening, colours reversed, two engines.
 */
static int
paired(void)
{
	return opt.neng == 2 && opt.games % 2 == 0;
}

/* A small PRNG of our own: the same schedule on every system. */
static unsigned long
next_rand(unsigned long *s)
{
	*s = (*s * 6364136223846793005ULL + 1442695040888963407ULL) &
	    0xffffffffffffffffULL;
	return (unsigned long)(*s >> 33);
}

static int
schedule(void)
{
	long r, g, enc = 0, k, *order = NULL, j, t, cap;
	int a, b, first, n = opt.neng;
	unsigned long seed = opt.seed * 2654435761UL + 1;

	cap = opt.rounds * opt.games * (opt.tournament == T_GAUNTLET ?
	    (n - 1) : (long)n * (n - 1) / 2);
	if ((m.s = calloc((size_t)cap, sizeof(*m.s))) == NULL ||
	    (order = malloc((size_t)m.ops.n * sizeof(*order))) == NULL) {
		free(order);
		return -1;
	}
	for (k = 0; k < m.ops.n; k++)
		order[k] = k;
	if (opt.random_order)
		for (k = m.ops.n - 1; k > 0; k--) {
			j = (long)(next_rand(&seed) % (unsigned long)(k + 1));
			t = order[k];
			order[k] = order[j];
			order[j] = t;
		}
	for (r = 0; r < opt.rounds; r++)
		for (a = 0; a < n; a++)
			for (b = a + 1; b < n; b++) {
				if (opt.tournament == T_GAUNTLET && a > 0)
					continue;
				for (g = 0; g < opt.games; g++) {
					struct sched *s = &m.s[m.n++];

					/* Colours reversed game by game, and
					 * round by round for one game. */
					first = opt.games == 1 ? (int)(r % 2) :
					    (int)(g % 2);
					s->white = first ? b : a;
					s->black = first ? a : b;
					s->opening = order[(enc + g / 2) %
					    m.ops.n];
				}
				enc += (opt.games + 1) / 2;
			}
	free(order);
	/* --part: every N-th pair (or game, when games are not paired). */
	for (k = 0; opt.parts > 0 && k < m.n; k++)
		if ((paired() ? k / 2 : k) % opt.parts != opt.part - 1)
			m.s[k].skip = 1;
	return 0;
}

/* --- results --------------------------------------------------------- */

/* The live line on standard error, when it is a terminal. */
static void
progress_clear(void)
{
	if (m.shown > 0) {
		fprintf(stderr, "\r%*s\r", m.shown, "");
		m.shown = 0;
	}
}

static void
progress_show(void)
{
	char line[160];
	const struct wdl *w = &m.pair[0 * opt.neng + 1];
	int n;

	if (!m.progress)
		return;
	n = snprintf(line, sizeof(line), "%ld of %ld games", m.finished +
	    m.resumed, m.n);
	if (opt.neng == 2 && n < (int)sizeof(line))
		n += snprintf(line + n, sizeof(line) - (size_t)n,
		    ", %s: %ld - %ld - %ld", opt.eng[0].label, w->w, w->l,
		    w->d);
	if (n >= (int)sizeof(line))
		n = (int)sizeof(line) - 1;
	fprintf(stderr, "\r%s%*s", line, m.shown > n ? m.shown - n : 0, "");
	if (m.shown < n)
		m.shown = n;
	fflush(stderr);
}

/* A line of the report, with the live line out of the way. */
static void
report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
report(const char *fmt, ...)
{
	va_list ap;

	if (m.report == stderr)
		progress_clear();
	va_start(ap, fmt);
	vfprintf(m.report, fmt, ap);
	va_end(ap);
	fflush(m.report);
}

/* Counts a result of game s. */
static void
count(const struct sched *s, pdn_rules_result r)
{
	int a = s->white < s->black ? s->white : s->black;
	int b = s->white < s->black ? s->black : s->white;
	struct wdl *w = &m.pair[a * opt.neng + b];
	int a_white = a == s->white;

	if (r == PDN_RESULT_DRAW)
		w->d++;
	else if ((r == PDN_RESULT_WHITE_WINS) == a_white)
		w->w++;
	else
		w->l++;
}

static void
score_lines(int a, int b)
{
	const struct wdl *w = &m.pair[a * opt.neng + b];
	struct stats st;

	stats_of(&st, w);
	report("Score of %s vs %s: %ld - %ld - %ld  [%.3f] %ld\n",
	    opt.eng[a].label, opt.eng[b].label, w->w, w->l, w->d, st.score,
	    st.n);
	if (st.n == 0)
		return;
	if (isnan(st.elo))
		report("Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n",
		    st.score >= 1 ? "inf" : "-inf", st.los, st.draws);
	else if (isnan(st.margin))
		report("Elo difference: %.1f +/- inf, LOS: %.1f %%, "
		    "DrawRatio: %.1f %%\n", st.elo, st.los, st.draws);
	else
		report("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, "
		    "DrawRatio: %.1f %%\n", st.elo, st.margin, st.los,
		    st.draws);
}

/* The score of engine a in finished game s: 0, 1 or 2 half points. */
static int
halves(const struct sched *s, int a)
{
	if (s->result == PDN_RESULT_DRAW)
		return 1;
	return (s->result == PDN_RESULT_WHITE_WINS) == (s->white == a) ? 2 : 0;
}

/*
 * The pentanomial counts of a match of two engines played in pairs of
 * games (--games even: one opening, colours reversed): how many pairs
 * the first engine scored 0, 1/2, 1, 1 1/2 and 2 points in, of the pairs
 * both of whose games were finished.  Returns the number of pairs.
 */
static long
pairs(struct penta *p)
{
	long k, n = 0;

	memset(p, 0, sizeof(*p));
	if (!paired())
		return 0;
	for (k = 0; k + 1 < m.n; k += 2)
		if (m.s[k].done && m.s[k + 1].done &&
		    m.s[k].opening == m.s[k + 1].opening &&
		    m.s[k].white == m.s[k + 1].black &&
		    m.s[k].black == m.s[k + 1].white) {
			p->n[halves(&m.s[k], 0) + halves(&m.s[k + 1], 0)]++;
			n++;
		}
	return n;
}

/*
 * The SPRT after the games so far: pentanomial on the pairs finished
 * (trinomial on the games when asked, or when the games are not
 * paired).  Its first decision is kept: the games of a pair begun are
 * played, and may move the ratio back.
 */
static int
sprt_now(double *llr, double *lo, double *hi)
{
	struct penta p;
	int v;

	if (!opt.sprt.trinomial && paired()) {
		pairs(&p);
		v = stats_sprt_penta(&opt.sprt, &p, llr, lo, hi);
	} else
		v = stats_sprt_test(&opt.sprt, &m.pair[1], llr, lo, hi);
	if (m.verdict == 0)
		m.verdict = v;
	return m.verdict;
}

/* After a game of two engines: the SPRT, whether it decided. */
static void
sprt_after(void)
{
	double llr, lo, hi;

	if (opt.sprt.on && opt.neng == 2 && sprt_now(&llr, &lo, &hi) != 0)
		m.sprt_done = 1;
}

/*
 * The report: the score of each pair of engines, and for two engines the
 * pentanomial counts, the normalised Elo and the SPRT.
 */
static void
report_all(void)
{
	struct penta p;
	double llr, lo, hi, ne, nm;
	long np;
	int k, j, v;

	for (k = 0; k < opt.neng; k++)
		for (j = k + 1; j < opt.neng; j++)
			if (opt.tournament == T_ROUND_ROBIN || k == 0)
				score_lines(k, j);
	if (opt.neng != 2)
		return;
	np = pairs(&p);
	if (np > 0)
		report("Ptnml(0-2): [%ld, %ld, %ld, %ld, %ld]\n", p.n[0],
		    p.n[1], p.n[2], p.n[3], p.n[4]);
	if (stats_nelo(&m.pair[1], np > 0 ? &p : NULL, &ne, &nm) == 0)
		report("nElo: %.1f +/- %.1f (%s)\n", ne, nm, np > 0 ?
		    "pairs" : "games");
	if (!opt.sprt.on)
		return;
	v = sprt_now(&llr, &lo, &hi);
	report("SPRT: llr %.3f, lbound %.3f, ubound %.3f%s (%s)\n", llr, lo,
	    hi, v > 0 ? " - H1 was accepted" : v < 0 ?
	    " - H0 was accepted" : "", !opt.sprt.trinomial && paired() ?
	    "pentanomial" : "trinomial");
}

/* --- output ---------------------------------------------------------- */

/* --- the workers ----------------------------------------------------- */

struct worker {
	pthread_t t;
	struct engine *e;	/* one per engine of the match */
};

static const char *const result_words[] = { "*", "2-0", "0-2", "1-1" };

/*
 * Once the SPRT decided: a game whose pair is begun (its other game
 * taken or finished), so that no pair is left half played; -1 when
 * there is none.
 */
static long
partner(void)
{
	long i;

	for (i = 0; paired() && i < m.n; i++)
		if (!m.s[i].done && !m.s[i].taken && !m.s[i].skip &&
		    (m.s[i ^ 1].taken || m.s[i ^ 1].done))
			return i;
	return -1;
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct game_out out;
	struct engine *pe[2];
	const char *names[2];
	struct sched *s;
	long i;
	int k;

	memset(&out, 0, sizeof(out));
	for (;;) {
		pthread_mutex_lock(&m.lock);
		while (m.next < m.n && (m.s[m.next].done || m.s[m.next].skip))
			m.next++;
		i = m.sprt_done ? partner() : m.next < m.n ? m.next++ : -1;
		if (i < 0 || interrupted || m.write_failed || m.oom) {
			pthread_mutex_unlock(&m.lock);
			break;
		}
		s = &m.s[i];
		s->taken = 1;
		pthread_mutex_unlock(&m.lock);

		pe[0] = &w->e[s->white];
		pe[1] = &w->e[s->black];
		names[0] = opt.eng[s->white].label;
		names[1] = opt.eng[s->black].label;
		if (game_play(&out, &opt.cfg, &m.ops.o[s->opening], pe, names,
		    i + 1) != 0) {
			pthread_mutex_lock(&m.lock);
			m.oom = 1;
			pthread_mutex_unlock(&m.lock);
			break;
		}
		if (out.interrupted)
			break;
		pthread_mutex_lock(&m.lock);
		if (!m.write_failed && cli_write_all(m.out_fd, out.pdn.data,
		    out.pdn.len) != 0) {
			m.write_failed = errno != 0 ? errno : EIO;
			/* No half game left behind (where a file can be). */
			if (m.out_size >= 0)
				(void)!ftruncate(m.out_fd, m.out_size);
			if (m.write_failed != EPIPE)
				cli_warn("%s: write error: %s", m.out_name,
				    strerror(m.write_failed));
		}
		if (!m.write_failed) {
			if (m.out_size >= 0)
				m.out_size += (off_t)out.pdn.len;
			s->done = 1;
			s->result = out.result;
			m.finished++;
			count(s, out.result);
			if (strcmp(out.termination, "time forfeit") == 0 ||
			    strncmp(out.termination, "engine", 6) == 0 ||
			    strcmp(out.termination, "illegal move") == 0 ||
			    strcmp(out.termination, "protocol error") == 0)
				m.failures++;
			report("Finished game %ld (%s vs %s): %s {%s}\n", i + 1,
			    names[0], names[1], result_words[out.result],
			    out.termination);
			sprt_after();
			if (opt.interval > 0 && m.finished % opt.interval == 0)
				report_all();
			progress_show();
		}
		pthread_mutex_unlock(&m.lock);
	}
	pdn_buf_free(&out.pdn);
	for (k = 0; k < opt.neng; k++)
		engine_stop(&w->e[k], interrupted ? 0 : 1);
	return NULL;
}

/* --- resume ---------------------------------------------------------- */

/*
 * The components of path p (absolute) with "." and ".." taken out as the
 * text says (lexically: a symbolic link is a name like any other), into
 * comp[] (pointers into p, which is cut at each '/'); returns their
 * number (at most max).
 */
static int
fp_components(char *p, char **comp, int max)
{
	char *c, *save;
	int n = 0;

	for (c = strtok_r(p, "/", &save); c != NULL;
	    c = strtok_r(NULL, "/", &save)) {
		if (strcmp(c, ".") == 0)
			continue;
		if (strcmp(c, "..") == 0) {
			if (n > 0)
				n--;
			continue;
		}
		if (n < max)
			comp[n++] = c;
	}
	return n;
}

/*
 * The command of e as the fingerprint has it: a program found on PATH
 * (no '/') as written; a path made absolute (from dir= when there is
 * one), its "." and ".." taken out, and written relative to the current
 * directory, so that one program named by two paths ("./scan",
 * "../x/scan", "engines/../scan") is one engine, and a match resumed or
 * split in a copy of the same tree elsewhere has the same fingerprint.
 * Into buf of `size` bytes.
 */
static const char *
fp_cmd(const struct eng_spec *e, char *buf, size_t size)
{
	char cwd[PATH_MAX], full[3 * PATH_MAX], *a[256], *c[256];
	int na, nc, common, i;
	size_t n = 0;

	if (strchr(e->cmd, '/') == NULL || getcwd(cwd, sizeof(cwd)) == NULL)
		return e->cmd;
	if (e->cmd[0] == '/')
		snprintf(full, sizeof(full), "%s", e->cmd);
	else if (e->dir != NULL && e->dir[0] == '/')
		snprintf(full, sizeof(full), "%s/%s", e->dir, e->cmd);
	else
		snprintf(full, sizeof(full), "%s/%s/%s", cwd,
		    e->dir != NULL ? e->dir : ".", e->cmd);
	na = fp_components(full, a, 256);
	nc = fp_components(cwd, c, 256);
	for (common = 0; common < na && common < nc &&
	    strcmp(a[common], c[common]) == 0; common++)
		;
	buf[0] = '\0';
	for (i = common; i < nc && n + 4 < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "../");
	for (i = common; i < na && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", a[i],
		    i + 1 < na ? "/" : "");
	return buf;
}

/* Adds a field of the fingerprint's text: its bytes and a NUL. */
static void
fp_add(pdn_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
fp_add(pdn_buf *b, const char *fmt, ...)
{
	char buf[PDN_FEN_STRMAX + 64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(buf))
		n = (int)sizeof(buf) - 1;
	pdn_buf_add(b, buf, (size_t)n + 1);
}

/*
 * The match's fingerprint (the MatchFingerprint tag): the FNV-1a hash,
 * 64 bits in hexadecimal, of what decides its games: the variant and the
 * rules profile; each engine's name, protocol, command, arguments and
 * options; the time control and margin; the schedule's shape (games a
 * pair, tournament), the openings as read (each position and its
 * moves), their order, --opening-plies and the seed; the adjudication
 * and the move limit.  Not in it: the rounds (--resume may play more),
 * -j, --part, the tags of --event and --site, where a DXP engine is.
 * Returns 0, or -1 out of memory.
 */
static int
fingerprint(void)
{
	const struct tc *tc = &opt.cfg.tc;
	unsigned long long h = 14695981039346656037ULL;
	char fen[PDN_FEN_STRMAX], path[PATH_MAX];
	pdn_buf b = { 0 };
	size_t i;
	long k;
	int j;

	fp_add(&b, "pdn-match fingerprint 1");
	fp_add(&b, "%s", pdn_variant_name(opt.cfg.variant));
	fp_add(&b, "%s", opt.cfg.profile != NULL ?
	    pdn_profile_name(opt.cfg.profile) : "fmjd");
	for (j = 0; j < opt.neng; j++) {
		const struct eng_spec *e = &opt.eng[j];

		fp_add(&b, "engine %s %s %s", e->label, e->proto == ENG_DXP ?
		    "dxp" : "hub", e->cmd != NULL ? fp_cmd(e, path,
		    sizeof(path)) : "-");
		for (k = 1; k < e->argc; k++)
			fp_add(&b, "arg %s", e->argv[k]);
		for (k = 0; k < e->nopt; k++)
			fp_add(&b, "option %s=%s", e->opt_name[k],
			    e->opt_value[k]);
		if (e->tc_given)
			fp_add(&b, "tc %d %.17g %.17g %d %.17g %d %ld",
			    e->tc.kind, e->tc.base, e->tc.inc, e->tc.moves,
			    e->tc.movetime, e->tc.depth, e->tc.nodes);
		if (e->ponder)
			fp_add(&b, "ponder on");
	}
	fp_add(&b, "tc %d %.17g %.17g %d %.17g %d %.17g", tc->kind, tc->base,
	    tc->inc, tc->moves, tc->movetime, tc->depth, tc->margin);
	fp_add(&b, "schedule %ld %d %d %ld %lu", opt.games, opt.tournament,
	    opt.random_order, opt.plies, opt.seed);
	fp_add(&b, "adjudication %d %.17g %d %.17g %d", opt.cfg.draw_after,
	    opt.cfg.draw_score, opt.cfg.resign_after, opt.cfg.resign_score,
	    opt.cfg.max_moves);
	for (k = 0; k < m.ops.n; k++) {
		pdn_fen_write(fen, sizeof(fen), &m.ops.o[k].start);
		fp_add(&b, "opening %s", fen);
		for (j = 0; j < m.ops.o[k].nmoves; j++)
			fp_add(&b, "%s", m.ops.o[k].moves[j]);
	}
	if (b.oom) {
		pdn_buf_free(&b);
		return -1;
	}
	for (i = 0; i < b.len; i++) {
		h ^= (unsigned char)b.data[i];
		h *= 1099511628211ULL;
	}
	pdn_buf_free(&b);
	snprintf(m.fingerprint, sizeof(m.fingerprint), "%016llx", h);
	return 0;
}

static int
name_index(const char *name)
{
	int k;

	for (k = 0; name != NULL && k < opt.neng; k++)
		if (strcmp(name, opt.eng[k].label) == 0)
			return k;
	return -1;
}

/*
 * --resume: the games of the --pdn file, matched to the schedule by their
 * Round tag (the game's number) and players; their results are counted
 * again.  Returns 0, or 2 after saying why.
 */
static int
resume(void)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct cli_input in;
	const pdn_game *g;
	const char *r, *res, *fp;
	pdn_reader *rd;
	struct sched *s;
	long no;
	char *end;
	int rc, st = 0;

	if (access(opt.pdn, F_OK) != 0)
		return 0;	/* nothing played yet */
	if (cli_input_open(&in, opt.pdn) != 0)
		return 2;
	ro.file = in.name;
	ro.skip_moves = 1;
	if (pdn_reader_new(&rd, cli_read_fd, &in, &ro) != 0) {
		cli_input_close(&in);
		cli_warn("out of memory");
		return 2;
	}
	while ((rc = pdn_reader_next(&g, rd)) == 1) {
		r = pdn_game_tag(g, "Round");
		res = pdn_game_tag(g, "Result");
		/* A game cut short (a crash while writing it) is played again. */
		if (r == NULL || res == NULL || strcmp(res, "*") == 0 ||
		    g->truncated || g->terminator == NULL)
			continue;
		no = strtol(r, &end, 10);
		if (*end != '\0' || no < 1 || no > m.n)
			continue;
		s = &m.s[no - 1];
		fp = pdn_game_tag(g, "MatchFingerprint");
		if (fp == NULL || strcmp(fp, m.fingerprint) != 0) {
			cli_warn("%s:%ld: game %ld %s (this match's is %s): "
			    "not this match's file (the same engines, options, "
			    "time control, openings, seed and rules resume it)",
			    opt.pdn, g->line, no, fp == NULL ?
			    "has no MatchFingerprint tag" :
			    "was played with other settings: its fingerprint "
			    "differs", m.fingerprint);
			st = 2;
			break;
		}
		if (name_index(pdn_game_tag(g, "White")) != s->white ||
		    name_index(pdn_game_tag(g, "Black")) != s->black) {
			cli_warn("%s:%ld: game %ld is not %s against %s: not "
			    "this match's file (the same options resume it)",
			    opt.pdn, g->line, no, opt.eng[s->white].label,
			    opt.eng[s->black].label);
			st = 2;
			break;
		}
		if (s->done)
			continue;
		s->done = 1;
		s->result = strcmp(res, "2-0") == 0 ? PDN_RESULT_WHITE_WINS :
		    strcmp(res, "0-2") == 0 ? PDN_RESULT_BLACK_WINS :
		    PDN_RESULT_DRAW;
		m.resumed++;
		count(s, s->result);
	}
	pdn_reader_free(rd);
	if (cli_input_end(&in, rc) != 0)
		st = 2;
	cli_input_close(&in);
	return st;
}

/* --- the report of many runs ----------------------------------------- */

/* The engine of name `name`, added when new.  Returns its index, or -1. */
static int
merge_engine(const char *name)
{
	struct eng_spec *e;
	int k = name_index(name);

	if (k >= 0)
		return k;
	if ((e = realloc(opt.eng, (size_t)(opt.neng + 1) * sizeof(*e))) ==
	    NULL)
		return -1;
	opt.eng = e;
	e = &opt.eng[opt.neng];
	memset(e, 0, sizeof(*e));
	if ((e->name = strdup(name)) == NULL)
		return -1;
	e->label = e->name;
	return opt.neng++;
}

/* Makes room for game `no` (from 1) in the schedule. */
static int
merge_room(long no)
{
	struct sched *t;
	long cap;

	if (no <= m.n)
		return 0;
	cap = no < 1024 ? 1024 : no * 2;
	if ((t = realloc(m.s, (size_t)cap * sizeof(*t))) == NULL)
		return -1;
	memset(t + m.n, 0, (size_t)(cap - m.n) * sizeof(*t));
	m.s = t;
	m.n = no;
	return 0;
}

/*
 * One file of --report: its finished games, each put where its Round
 * tag says in the schedule.  Returns 0, or 2 after saying why.
 */
static int
merge_file(const char *path, char **fp0)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	const char *r, *res, *fp, *op, *w, *b;
	struct cli_input in;
	const pdn_game *g;
	pdn_reader *rd;
	struct sched *s;
	char *end;
	long no;
	int rc, st = 0;

	if (cli_input_open(&in, path) != 0)
		return 2;
	ro.file = in.name;
	ro.skip_moves = 1;
	if (pdn_reader_new(&rd, cli_read_fd, &in, &ro) != 0) {
		cli_input_close(&in);
		cli_warn("out of memory");
		return 2;
	}
	while (st == 0 && (rc = pdn_reader_next(&g, rd)) == 1) {
		r = pdn_game_tag(g, "Round");
		res = pdn_game_tag(g, "Result");
		w = pdn_game_tag(g, "White");
		b = pdn_game_tag(g, "Black");
		/* A game cut short (a crash while writing it): not played. */
		if (r == NULL || res == NULL || w == NULL || b == NULL ||
		    strcmp(res, "*") == 0 || g->truncated ||
		    g->terminator == NULL)
			continue;
		no = strtol(r, &end, 10);
		if (*end != '\0' || no < 1 || no > 100000000L) {
			cli_warn("%s:%ld: Round \"%s\" is not a game's number "
			    "in a match", in.name, g->line, r);
			st = 2;
			break;
		}
		if ((fp = pdn_game_tag(g, "MatchFingerprint")) == NULL) {
			cli_warn("%s:%ld: no MatchFingerprint tag: not a game "
			    "of pdn-match", in.name, g->line);
			st = 2;
			break;
		}
		if (*fp0 == NULL && (*fp0 = strdup(fp)) == NULL)
			goto oom;
		if (strcmp(fp, *fp0) != 0) {
			cli_warn("%s:%ld: a game of another match (its "
			    "fingerprint %s, the first game's %s)", in.name,
			    g->line, fp, *fp0);
			st = 2;
			break;
		}
		if (merge_room(no) != 0)
			goto oom;
		s = &m.s[no - 1];
		if (s->done) {
			cli_warn("%s:%ld: Round %ld a second time (the pieces "
			    "of a match play games of their own)", in.name,
			    g->line, no);
			st = 2;
			break;
		}
		if ((s->white = merge_engine(w)) < 0 ||
		    (s->black = merge_engine(b)) < 0)
			goto oom;
		op = pdn_game_tag(g, "MatchOpening");
		s->opening = op != NULL ? strtol(op, NULL, 10) : -1;
		s->done = 1;
		s->result = strcmp(res, "2-0") == 0 ? PDN_RESULT_WHITE_WINS :
		    strcmp(res, "0-2") == 0 ? PDN_RESULT_BLACK_WINS :
		    PDN_RESULT_DRAW;
	}
	pdn_reader_free(rd);
	if (st == 0 && cli_input_end(&in, rc) != 0)
		st = 2;
	cli_input_close(&in);
	return st;
oom:
	pdn_reader_free(rd);
	cli_input_close(&in);
	cli_warn("out of memory");
	return 2;
}

/*
 * --report: the games of the files given, the pieces of one match (one
 * MatchFingerprint, each game once), counted as one run of it counts
 * them, and its report: the same W/D/L, Elo, pentanomial counts (the
 * pairs by Round, 2k - 1 and 2k, of one opening, colours reversed) and
 * SPRT.  The first engine is White of the first game of a pair (of
 * Round 1).  Returns the exit status.
 */
static int
merge(void)
{
	char *fp0 = NULL;
	struct eng_spec t;
	size_t i;
	long k, first = -1;
	int st = 0;

	for (i = 0; i < drv.ninputs && st == 0; i++)
		st = merge_file(drv.inputs[i], &fp0);
	free(fp0);
	if (st != 0)
		return st;
	for (k = 0; k < m.n && first < 0; k++)
		if (m.s[k].done)
			first = k;
	if (first < 0) {
		cli_warn("no game of a match in the files");
		return 2;
	}
	/* The first engine first, as -e gave it to the run. */
	k = first % opt.games % 2 == 0 ? m.s[first].white : m.s[first].black;
	if (k != 0) {
		t = opt.eng[0];
		opt.eng[0] = opt.eng[k];
		opt.eng[k] = t;
		for (i = 0; i < (size_t)m.n; i++) {
			if (!m.s[i].done)
				continue;
			m.s[i].white = m.s[i].white == k ? 0 :
			    m.s[i].white == 0 ? (int)k : m.s[i].white;
			m.s[i].black = m.s[i].black == k ? 0 :
			    m.s[i].black == 0 ? (int)k : m.s[i].black;
		}
	}
	if (opt.sprt.on && opt.neng != 2)
		return drv_usage_error(&drv, "--sprt is for two engines: the "
		    "files have %d", opt.neng);
	if ((m.pair = calloc((size_t)opt.neng * (size_t)opt.neng,
	    sizeof(*m.pair))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	for (k = 0; k < m.n; k++)
		if (m.s[k].done)
			count(&m.s[k], m.s[k].result);
	m.report = stdout;
	report_all();
	return cli_close_output(stdout, "<stdout>") != 0 ? 2 : 0;
}

/* --- main ------------------------------------------------------------ */

/*
 * Each engine's spec completed (--each) and checked, its label set.
 * Returns 0, or 2 after saying what is wrong.
 */
/*
 * The built-in profiles made for a variant that is not their name's
 * (pdn_profile_of_variant() gives each variant's default), by GameType.
 */
static const struct {
	const char *profile;
	int gametype[2];
} profile_variants[] = {
	{ "lidraughts", { 20, 0 } },
	{ "fmjd64", { 25, 26 } },
	{ "cbd", { 26, 0 } },
	{ "fid-dctl", { 22, 0 } },
};

/* Whether an --each gives a time control of its own (tc=, st=, ...). */
static int
each_limit(void)
{
	static const char *const keys[] = { "tc=", "st=", "depth=", "nodes=" };
	const char *f;
	size_t k;
	int i;

	for (i = 0; i < opt.neach; i++)
		for (f = opt.each[i]; f != NULL; f = strchr(f, ',')) {
			f += *f == ',';
			for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
				if (strncmp(f, keys[k], strlen(keys[k])) == 0)
					return 1;
		}
	return 0;
}

/*
 * The variant of --variant (international without it), one whose games
 * the library plays, into opt.cfg.variant; the rules profile: --rules,
 * which must be a profile of that variant when it is a built-in one (a
 * profile file may be of any), or the variant's own; each engine told the
 * variant where its protocol can say it (Hub's "variant" parameter, added
 * as an option unless -e gives it; DXP plays international draughts
 * only).  Returns 0, or 2 after saying what is wrong.
 */
static int
variant_check(void)
{
	const pdn_variant *v = pdn_variant_default(), *w;
	const pdn_profile *own;
	const char *name;
	char names[256];
	size_t i;
	int k, j, gt, fits;

	for (k = 0; drv.variant != 0 && (v = pdn_variant_list(k)) != NULL;
	    k++)
		if (pdn_variant_gametype(v) == drv.variant)
			break;
	if (v == NULL || !pdn_variant_played(v)) {
		names[0] = '\0';
		for (k = 0; (w = pdn_variant_list(k)) != NULL; k++)
			if (pdn_variant_played(w))
				snprintf(names + strlen(names), sizeof(names) -
				    strlen(names), "%s%s", k > 0 ? ", " : "",
				    pdn_variant_name(w));
		name = pdn_gametype_name(drv.variant);
		return drv_usage_error(&drv, "bad --variant: \"%d\" (%s%s "
		    "plays none of its games; the variants: %s)", drv.variant,
		    name != NULL ? name : "no game of that number",
		    name != NULL ? ": pdn-match" : ",", names);
	}
	opt.cfg.variant = v;
	gt = pdn_variant_gametype(v);
	own = pdn_profile_of_variant(v);
	if (drv.profile != NULL && pdn_profile_builtin(drv.rules) != NULL) {
		fits = own != NULL && strcmp(pdn_profile_name(own),
		    pdn_profile_name(drv.profile)) == 0;
		for (i = 0; i < sizeof(profile_variants) /
		    sizeof(profile_variants[0]); i++)
			if (strcmp(profile_variants[i].profile,
			    pdn_profile_name(drv.profile)) == 0 &&
			    (profile_variants[i].gametype[0] == gt ||
			    profile_variants[i].gametype[1] == gt))
				fits = 1;
		if (!fits)
			return drv_usage_error(&drv, "--rules %s: not a profile "
			    "of %s (--variant%s; its own is %s)",
			    pdn_profile_name(drv.profile), pdn_variant_title(v),
			    drv.variant == 0 ? ", the default" : "",
			    own != NULL ? pdn_profile_name(own) : "none");
	}
	opt.cfg.profile = drv.profile != NULL ? drv.profile : own;
	if (gt == 20)
		return 0;
	for (k = 0; k < opt.neng; k++) {
		struct eng_spec *e = &opt.eng[k];

		if (e->proto == ENG_DXP)
			return drv_usage_error(&drv, "engine %d: DXP plays "
			    "international draughts only, not %s", k + 1,
			    pdn_variant_title(v));
		for (j = 0; j < e->nopt && strcmp(e->opt_name[j], "variant");
		    j++)
			;
		if (j == e->nopt && spec_parse_option(e, "variant",
		    hub_variant_name(v)) != 0)
			return 2;
	}
	return 0;
}

static void spec_free(struct eng_spec *e);

/*
 * The engines of -e that name one of --engines (conf=NAME): each made
 * anew from the file's fields, then its own -e fields over them.
 * Returns 0, or 2 after saying what is wrong.
 */
static int
engines_conf(void)
{
	const struct conf_engine *ce;
	struct conf c = { 0 };
	struct eng_spec *e;
	char why[512], *raw, *name;
	int k, i, rc = 0;

	for (k = 0; k < opt.neng && opt.eng[k].conf == NULL; k++)
		;
	if (k == opt.neng)
		return 0;
	if (opt.engines == NULL)
		return drv_usage_error(&drv, "engine %d: conf=%s needs "
		    "--engines FILE", k + 1, opt.eng[k].conf);
	if (conf_read(&c, opt.engines, why, sizeof(why)) != 0) {
		cli_warn("%s", why);
		return 2;
	}
	for (k = 0; rc == 0 && k < opt.neng; k++) {
		e = &opt.eng[k];
		if (e->conf == NULL)
			continue;
		if ((ce = conf_find(&c, e->conf)) == NULL) {
			rc = drv_usage_error(&drv, "engine %d: conf=%s: %s has "
			    "no engine of that name", k + 1, e->conf,
			    opt.engines);
			break;
		}
		raw = e->raw;
		name = e->conf;
		e->raw = e->conf = NULL;
		spec_free(e);
		memset(e, 0, sizeof(*e));
		if (push(&e->argv, &e->argc, strdup("")) != 0)
			rc = 2;
		for (i = 0; rc == 0 && i < ce->n; i++)
			if (spec_field(e, ce->key[i], ce->value[i]) != 0) {
				cli_warn("%s: engine %s: bad field %s=%s",
				    opt.engines, ce->name, ce->key[i],
				    ce->value[i]);
				rc = 2;
			}
		if (rc == 0 && spec_parse(e, raw, "--engine") != 0)
			rc = 2;
		free(e->conf);
		e->conf = name;
		e->raw = raw;
	}
	conf_free(&c);
	return rc;
}

static int
engines_check(void)
{
	int k, i;

	for (k = 0; k < opt.neng; k++) {
		struct eng_spec *e = &opt.eng[k];

		for (i = 0; i < opt.neach; i++)
			if (spec_parse(e, opt.each[i], "--each") != 0)
				return 2;
		e->tc.margin = opt.cfg.tc.margin;
		if (e->proto == ENG_HUB && e->cmd == NULL)
			return drv_usage_error(&drv, "engine %d has no cmd=",
			    k + 1);
		if (e->proto == ENG_HUB && (e->host != NULL ||
		    e->port != NULL || e->listen != NULL))
			return drv_usage_error(&drv, "engine %d: host=, port= "
			    "and listen= are for proto=dxp", k + 1);
		if (e->proto == ENG_DXP && (e->port == NULL) ==
		    (e->listen == NULL))
			return drv_usage_error(&drv, "engine %d: proto=dxp "
			    "needs port= (an engine that listens) or listen= "
			    "(one that connects)", k + 1);
		if (e->proto == ENG_DXP && e->ponder)
			return drv_usage_error(&drv, "engine %d: ponder=on: "
			    "DXP has no pondering (no way to tell an engine "
			    "to think on the opponent's time, nor to stop it); "
			    "ponder=on is for proto=hub", k + 1);
		if (e->proto == ENG_DXP && e->nopt > 0)
			return drv_usage_error(&drv, "engine %d: option.%s: "
			    "DXP has no options", k + 1, e->opt_name[0]);
		if (e->cmd != NULL) {
			free(e->argv[0]);
			if ((e->argv[0] = strdup(e->cmd)) == NULL)
				return 2;
		}
		free(e->id);
		if (e->name == NULL && e->cmd == NULL) {
			/* A DXP engine of no command: its address. */
			if ((e->id = malloc(strlen(e->port != NULL ? e->port :
			    e->listen) + 300)) == NULL)
				return 2;
			if (e->port != NULL)
				sprintf(e->id, "%.255s:%s", e->host != NULL ?
				    e->host : "127.0.0.1", e->port);
			else
				sprintf(e->id, "listen=%s", e->listen);
		}
		e->label = e->name != NULL ? e->name : e->id != NULL ? e->id :
		    e->cmd;
	}
	return 0;
}

/*
 * Every engine started before the first game (kept for the first
 * worker's games): its process, its handshake and its options checked
 * against the parameters it declares, its connection.  An engine that
 * cannot start is said with what failed, each of them, and the match does
 * not begin (2): without the check each of its games would be lost to a
 * "crash" and the match scored.  An engine without name= takes the name
 * its id line gives.  Returns 0, 2, or 130 when interrupted.
 */
static int
engines_ready(struct engine *first)
{
	char why[PATH_MAX + 256];
	int k, j, status = 0;

	for (k = 0; k < opt.neng; k++) {
		struct eng_spec *e = &opt.eng[k];

		if (e->proto == ENG_DXP && e->listen != NULL &&
		    engine_listen(e, why, sizeof(why)) != 0) {
			cli_warn("engine \"%s\": %s", e->label, why);
			status = 2;
		}
	}
	for (k = 0; k < opt.neng; k++) {
		struct eng_spec *e = &opt.eng[k];

		first[k].spec = e;
		if (e->proto == ENG_DXP && e->listen != NULL && e->lis == NULL)
			continue;
		if (engine_start(&first[k], e, opt.cfg.startup, m.stop[0], why,
		    sizeof(why)) != 0) {
			if (interrupted)
				break;
			cli_warn("engine \"%s\": %s", e->label, why);
			status = 2;
			continue;
		}
		if (e->name == NULL && first[k].id[0] != '\0') {
			free(e->id);
			if ((e->id = strdup(first[k].id)) != NULL)
				e->label = e->id;
		}
	}
	if (interrupted)
		status = 130;
	/* Two engines of one name: numbered, so that results tell them. */
	for (k = 0; k < opt.neng && status == 0; k++)
		for (j = k + 1; j < opt.neng && status == 0; j++)
			if (strcmp(opt.eng[k].label, opt.eng[j].label) == 0)
				status = drv_usage_error(&drv, "two engines "
				    "are called %s: give them name=",
				    opt.eng[k].label);
	if (status != 0)
		for (k = 0; k < opt.neng; k++)
			engine_stop(&first[k], 0);
	return status;
}

static void
spec_free(struct eng_spec *e)
{
	int i;

	engine_unlisten(e);
	free(e->name);
	free(e->id);
	free(e->cmd);
	free(e->dir);
	free(e->host);
	free(e->port);
	free(e->listen);
	for (i = 0; i < e->argc; i++)
		free(e->argv[i]);
	free(e->argv);
	for (i = 0; i < e->nopt; i++) {
		free(e->opt_name[i]);
		free(e->opt_value[i]);
	}
	free(e->opt_name);
	free(e->opt_value);
	free(e->conf);
	free(e->raw);
}

int
main(int argc, char **argv)
{
	struct sigaction sa;
	struct worker *w = NULL;
	sigset_t all, old;
	char **args, **made;
	int status, k, nw = 0, nargs;

	/*
	 * A dead engine's pipe is said by write(2), not by a signal (every
	 * engine is started once before the match, those named by their
	 * id line through the handshake).
	 */
	signal(SIGPIPE, SIG_IGN);
	args = calloc((size_t)argc + 1, sizeof(*args));
	made = calloc((size_t)argc + 1, sizeof(*made));
	if (args == NULL || made == NULL ||
	    (nargs = cutechess_words(argc, argv, args, made)) < 0) {
		fprintf(stderr, "pdn-match: out of memory\n");
		return 2;
	}
	opt.rounds = 1;
	opt.games = 2;
	opt.plies = -1;
	opt.seed = 1;
	opt.cfg.tc.kind = TC_DEPTH;
	opt.cfg.tc.depth = 0;
	opt.cfg.draw_score = 0.1;
	opt.cfg.resign_score = 5;
	opt.cfg.startup = 30;
	opt.cfg.stall = 5;
	opt.cfg.move_timeout = 600;
	opt.cfg.event = "pdn-match";
	opt.cfg.site = "?";
	memset(&m, 0, sizeof(m));
	m.out_fd = -1;
	m.stop[0] = m.stop[1] = -1;
	if ((status = drv_start(&drv, &tool_def, NULL, nargs, args)) >= 0)
		goto done;
	status = 2;
	if (opt.report) {
		if (opt.neng > 0 || opt.tc_given > 0 || opt.pdn != NULL ||
		    opt.resume || opt.parts > 0) {
			status = drv_usage_error(&drv, "--report plays "
			    "nothing: no -e, --tc, --st, --depth, --pdn, --resume or "
			    "--part");
			goto out;
		}
		status = merge();
		goto out;
	}
	/* No operand is standard input, which a match does not read. */
	if (drv.ninputs > 1 || (drv.ninputs == 1 &&
	    strcmp(drv.inputs[0], "-") != 0)) {
		status = drv_usage_error(&drv, "files are read with --report "
		    "only: %s", drv.inputs[0]);
		goto out;
	}
	if (opt.neng < 2) {
		status = drv_usage_error(&drv, "two engines at least (-e)");
		goto out;
	}
	if ((status = engines_conf()) != 0)
		goto out;
	status = 2;
	if (opt.tc_given > 1) {
		status = drv_usage_error(&drv, "one of --tc, --st and --depth");
		goto out;
	}
	/* Without --tc, --st or --depth, each engine has its own. */
	for (k = 0; opt.tc_given == 0 && !each_limit() && k < opt.neng; k++)
		if (!opt.eng[k].tc_given)
			break;
	if (opt.tc_given == 0 && !each_limit() && k < opt.neng) {
		status = drv_usage_error(&drv, "a time control: --tc, --st "
		    "or --depth, or each engine's own (tc=, st=, depth=, "
		    "nodes=)");
		goto out;
	}
	if (opt.resume && opt.pdn == NULL) {
		status = drv_usage_error(&drv, "--resume needs --pdn FILE");
		goto out;
	}
	if (opt.sprt.on && opt.neng != 2) {
		status = drv_usage_error(&drv, "--sprt is for two engines");
		goto out;
	}
	if ((status = engines_check()) != 0 ||
	    (status = variant_check()) != 0)
		goto out;
	status = 2;
	if ((opt.openings != NULL ? openings_read(&m.ops, opt.cfg.variant,
	    opt.openings, opt.plies) : openings_start(&m.ops,
	    opt.cfg.variant)) != 0)
		goto out;
	for (k = 0; k < m.ops.n; k++)
		m.ops.o[k].number = k + 1;
	if ((m.pair = calloc((size_t)opt.neng * (size_t)opt.neng,
	    sizeof(*m.pair))) == NULL || schedule() != 0 ||
	    (m.first = calloc((size_t)opt.neng, sizeof(*m.first))) == NULL) {
		cli_warn("out of memory");
		goto out;
	}
	if (opt.log != NULL && engine_log_open(opt.log) != 0) {
		cli_warn("%s: %s", opt.log, strerror(errno));
		goto out;
	}
	/* Ctrl-C from here on stops the engines started. */
	if (engine_cloexec_pipe(m.stop) != 0) {
		cli_warn("pipe: %s", strerror(errno));
		goto out;
	}
	opt.cfg.stopfd = m.stop[0];
	pthread_mutex_init(&m.lock, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if ((status = engines_ready(m.first)) != 0) {
		if (status == 130)
			cli_warn("interrupted: no game played");
		goto out;
	}
	status = 2;
	if (fingerprint() != 0) {
		cli_warn("out of memory");
		goto out;
	}
	opt.cfg.fingerprint = m.fingerprint;
	if (opt.resume && resume() != 0)
		goto out;
	if (opt.pdn != NULL) {
		m.out_name = opt.pdn;
		m.out_fd = open(opt.pdn, O_WRONLY | O_CREAT | O_APPEND |
		    O_CLOEXEC, 0666);
		if (m.out_fd < 0) {
			cli_warn("%s: %s", opt.pdn, strerror(errno));
			goto out;
		}
		m.report = stdout;
		{
			struct stat sb;

			m.out_size = fstat(m.out_fd, &sb) == 0 &&
			    S_ISREG(sb.st_mode) ? sb.st_size : -1;
		}
	} else {
		m.out_size = -1;
		m.out_name = "<stdout>";
		m.out_fd = STDOUT_FILENO;
		m.report = stderr;
	}
	m.progress = isatty(STDERR_FILENO) && m.report != stderr;
	if (m.resumed > 0)
		report("Resumed: %ld of %ld games already played\n", m.resumed,
		    m.n);
	/* The workers take no signal: the main thread does. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if ((w = calloc((size_t)drv.jobs, sizeof(*w))) == NULL) {
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		cli_warn("out of memory");
		goto out;
	}
	for (nw = 0; nw < drv.jobs; nw++) {
		/* The first worker plays with the engines started. */
		if (nw == 0)
			w[nw].e = m.first;
		else if ((w[nw].e = calloc((size_t)opt.neng,
		    sizeof(*w[nw].e))) == NULL)
			break;
		for (k = 0; k < opt.neng; k++)
			w[nw].e[k].spec = &opt.eng[k];
		if (pthread_create(&w[nw].t, NULL, work, &w[nw]) != 0) {
			if (nw > 0)
				free(w[nw].e);
			break;
		}
		if (nw == 0)
			m.first = NULL;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	for (k = 0; k < nw; k++) {
		pthread_join(w[k].t, NULL);
		free(w[k].e);
	}
	progress_clear();
	status = 0;
	if (m.oom) {
		cli_warn("out of memory");
		status = 2;
	}
	if (nw == 0) {
		cli_warn("cannot start a worker");
		status = 2;
	}
	report_all();
	if (m.failures > 0 && status == 0)
		status = 1;
	if (m.write_failed) {
		status = 2;
	} else if (interrupted) {
		cli_warn("interrupted: %ld games finished and written",
		    m.finished);
		status = 130;
	}
	if (m.out_fd > STDOUT_FILENO && close(m.out_fd) != 0 &&
	    !m.write_failed) {
		cli_warn("%s: write error: %s", opt.pdn, strerror(errno));
		status = 2;
	}
	m.out_fd = -1;
	if (m.report == stdout && cli_close_output(stdout, "<stdout>") != 0)
		status = 2;
out:
	/* The engines started and not handed to a worker. */
	for (k = 0; m.first != NULL && k < opt.neng; k++)
		engine_stop(&m.first[k], 0);
	free(m.first);
	if (opt.log != NULL && engine_log_close() != 0)
		cli_warn("%s: write error", opt.log);
	status = drv_end(&drv, status);
done:
	for (k = 0; k < opt.neng; k++)
		spec_free(&opt.eng[k]);
	free(opt.eng);
	for (k = 0; k < opt.neach; k++)
		free(opt.each[k]);
	free(opt.each);
	free(m.s);
	free(m.pair);
	free(w);
	openings_free(&m.ops);
	if (m.out_fd > STDOUT_FILENO)
		close(m.out_fd);
	for (k = 0; k < 2; k++)
		if (m.stop[k] >= 0)
			close(m.stop[k]);
	for (k = 0; made[k] != NULL; k++)
		free(made[k]);
	free(made);
	free(args);
	return status;
}
