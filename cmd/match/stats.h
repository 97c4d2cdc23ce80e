/*
 * The figures of a match between two players from their wins, draws and
 * losses: score, Elo difference with its 95% margin, LOS, draw ratio,
 * and the sequential probability ratio test.  Private to pdn-match.
 */
#ifndef MATCH_STATS_H
#define MATCH_STATS_H

struct wdl {
	long w, d, l;
};

/* The pairs of games of one opening by the first player's score in
 * them: 0, 1/2, 1, 1 1/2, 2 points. */
struct penta {
	long n[5];
};

/* --sprt: the two hypotheses (Elo), the error rates, the model. */
struct sprt {
	int on;
	double elo0, elo1, alpha, beta;
	int trinomial;		/* games one by one, not pairs */
};

struct stats {
	long n;
	double score;		/* 0 to 1 */
	double elo, margin;	/* NAN when the score is 0 or 1 */
	double los;		/* 0 to 100 */
	double draws;		/* percent */
};

/* The figures of w. */
void stats_of(struct stats *s, const struct wdl *w);

/*
 * The normalised Elo of the pairs of p (pentanomial; p NULL: of the
 * games of w, trinomial) and half the width of its 95% interval: the
 * score's distance from 1/2 in standard deviations of a game's score,
 * times 800 / ln 10.  Returns 0, or -1 when there is no spread to
 * measure by (no game, or every result alike).
 */
int stats_nelo(const struct wdl *w, const struct penta *p, double *nelo,
    double *margin);

/*
 * The pentanomial log-likelihood ratio of H1 against H0 after the pairs
 * of p (the normal approximation on pair scores, each count half a pair
 * more than played), and the bounds.  Returns as stats_sprt_test().
 */
int stats_sprt_penta(const struct sprt *t, const struct penta *p,
    double *llr, double *lower, double *upper);

/*
 * The log-likelihood ratio of H1 (elo1) against H0 (elo0) after the
 * games of w, as the normal approximation of the trinomial model gives
 * it (0 before a game scored other than all equal), and the bounds.
 * Returns 1 when H1 is accepted, -1 when H0 is, 0 when neither.
 */
int stats_sprt_test(const struct sprt *t, const struct wdl *w, double *llr,
    double *lower, double *upper);

/*
 * Reads --sprt's value "elo0=0,elo1=5,alpha=0.05,beta=0.05" (any order;
 * alpha and beta 0.05 when left out), and model=trinomial or
 * model=pentanomial (the default).  Returns 0, or -1.
 */
int stats_sprt_parse(struct sprt *t, const char *s);

#endif /* MATCH_STATS_H */
