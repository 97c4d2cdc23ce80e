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

/* --sprt: the two hypotheses (Elo) and the error rates. */
struct sprt {
	int on;
	double elo0, elo1, alpha, beta;
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
 * The log-likelihood ratio of H1 (elo1) against H0 (elo0) after the
 * games of w, as the normal approximation of the trinomial model gives
 * it (0 before a game scored other than all equal), and the bounds.
 * Returns 1 when H1 is accepted, -1 when H0 is, 0 when neither.
 */
int stats_sprt_test(const struct sprt *t, const struct wdl *w, double *llr,
    double *lower, double *upper);

/*
 * Reads --sprt's value "elo0=0,elo1=5,alpha=0.05,beta=0.05" (any order;
 * alpha and beta 0.05 when left out).  Returns 0, or -1.
 */
int stats_sprt_parse(struct sprt *t, const char *s);

#endif /* MATCH_STATS_H */
