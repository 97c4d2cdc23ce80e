/*
 * pdn-standings: the reports made from the pool of games counted:
 * standings and crosstables (standings.c), Elo ratings and their history
 * and its chart (elo.c), maximum-likelihood ratings (ml.c).
 */
#ifndef STANDINGS_REPORT_H
#define STANDINGS_REPORT_H

#include "fit.h"
#include "pool.h"
#include "table.h"

/* Tie-breaks (--tie-break). */
enum {
	TB_SB, TB_WINS, TB_DIRECT, TB_SOLKOFF, TB_CUT1, TB_KOYA, TB_PLAYOFF,
	TB_ARO, TB_BALANCE, TB_RANKED,
	TB_N
};
#define TB_MAX TB_N

/* --system: detected from the games, or given. */
enum { SYS_AUTO, SYS_ROUND_ROBIN, SYS_SWISS, SYS_MATCHES };

/* --micro-match: a match's points by --points, or FMJD's 12-0 ... 6-6. */
enum { MICRO_POINTS, MICRO_FMJD };

/* --rating-system */
enum { RSYS_ELO, RSYS_KNDB };

/* --period */
enum { PERIOD_WEEK, PERIOD_MONTH, PERIOD_YEAR, PERIOD_ALL };

struct ropts {
	double pts[3];		/* points of a win, a draw, a loss */
	int tb[TB_MAX], ntb;	/* --tie-break, or ntb 0: by the event */
	int tbx[TB_MAX], ntbx;	/* --tie-break +LIST: after those */
	const char *regs;	/* --regulations' name, or NULL */
	int pool;		/* all games one pool, not by event */
	int system;		/* SYS_* */
	int micro;		/* MICRO_*, with SYS_MATCHES */
	int warn;		/* say the warnings of the reports */
	/*
	 * Says a diagnostic of the reports (a code of tooldiag.h) at game
	 * `at` (its file, line and number), the detail after the code's text.
	 */
	void (*diag)(int code, const struct sgame *at, const char *detail);
	long top;		/* rows of a list, 0: all */
	/* Elo */
	double start;
	double k1, k2;
	long provisional;
	int period;
	int rsys;		/* RSYS_* */
	const double *start_r;	/* --ratings: by player, NAN none */
	const long *start_n;	/* and their games before */
	/* --ratings' players of no game: listed by the rating lists. */
	char *const *extra_name;
	const double *extra_r;
	const long *extra_n;
	size_t nextra;
	/* ML */
	const char *anchor;	/* a player's name, or NULL: the pool mean */
	double anchor_r;
	int adv_mode;		/* White's advantage: FIT_ADV_* */
	double adv;		/* given */
};

/* The names of the tie-breaks, by TB_*. */
extern const char *const standings_tb_names[TB_N];

/*
 * Writes the standings of each event (or of the pool), with the
 * crosstable when `cross` is set: the grid of a round robin, the
 * round-by-round table of any other event.  The standings need memory
 * for the players and the pairs of them who met; a crosstable, which
 * lists every game, for the games of its event too.  Returns 0, or 2
 * (out of memory, or the store failed: errno).
 */
int standings_report(struct tout *o, struct pool *p,
    const struct ropts *ro, int cross);

/*
 * Incremental Elo over every game in order.  The list (history 0) or
 * every rating change (history 1); with `svg` the history as an SVG
 * chart.  Returns 0 or 2 (out of memory, said).
 */
int elo_report(struct tout *o, struct pool *p, const struct ropts *ro,
    int history);

/*
 * HTML: a section per player, his games rated in order (date, event,
 * round, colour, opponent, result, rating after).  0 or 2 (out of
 * memory, or the store failed: errno).
 */
int elo_players(struct tout *o, struct pool *p, const struct ropts *ro);

/* The history chart as an SVG document, to o->fp (HTML: inline). */
int elo_chart(struct tout *o, struct pool *p,
    const struct ropts *ro);

/*
 * Maximum-likelihood ratings of the pool, with 95% intervals and the
 * likelihood of superiority of each player over the next.  Returns 0,
 * 1 when --anchor names no player rated, 2 out of memory.
 */
int ml_report(struct tout *o, struct pool *p, const struct ropts *ro);

/* A number of points as written: "2", "0.5", "12.25". */
void standings_points(char *buf, size_t size, double v);

/* A date key (yyyymmdd, 0 an unknown part) as PDN writes it: "2024.03.??". */
void standings_date(char *buf, size_t size, uint32_t d);

/* A round key (pool_round()) as written: "3", "3.2", "?" for none. */
void standings_round(char *buf, size_t size, uint32_t r);

#endif /* STANDINGS_REPORT_H */
