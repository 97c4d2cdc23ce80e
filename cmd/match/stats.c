/*
 * Match figures (stats.h), as cutechess-cli computes them: the Elo
 * difference of a score s is -400 log10(1/s - 1); its margin is that of
 * the score's 95% interval, s +/- 1.96 sigma / sqrt(n), sigma the
 * standard deviation of one game's score; LOS is the probability that
 * the first player is the stronger, 1/2 (1 + erf((w - l) / sqrt(2 (w +
 * l)))).  The SPRT's log-likelihood ratio uses the logistic model of
 * both hypotheses and the normal approximation, n (s1 - s0) (2 s - s0 -
 * s1) / (2 var), with the bounds log(beta / (1 - alpha)) and log((1 -
 * beta) / alpha); its counts are each half a game more than played, so
 * that a run of one result, whose variance is 0, decides too.  The
 * pentanomial SPRT is the same on the scores of pairs of games (0, 1/4,
 * 1/2, 3/4, 1 of a point a game), the two games of one opening, which
 * are not independent; each of its five counts is half a pair more.
 * Normalised Elo (fishtest's) is (s - 1/2) / sigma 800 / ln 10, sigma
 * the standard deviation of a game's score (of a pair's, times sqrt 2).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static double
elo_of(double s)
{
	return -400.0 * log10(1.0 / s - 1.0);
}

/* The variance of one game's score. */
static double
variance(const struct wdl *w, double mu)
{
	double n = (double)(w->w + w->d + w->l);

	return (w->w * (1 - mu) * (1 - mu) + w->d * (0.5 - mu) * (0.5 - mu) +
	    w->l * mu * mu) / n;
}

void
stats_of(struct stats *s, const struct wdl *w)
{
	double n = (double)(w->w + w->d + w->l), mu, sd, lo, hi;

	memset(s, 0, sizeof(*s));
	s->n = w->w + w->d + w->l;
	s->elo = s->margin = NAN;
	if (s->n == 0) {
		s->los = NAN;
		return;
	}
	mu = (w->w + w->d / 2.0) / n;
	s->score = mu;
	s->draws = 100.0 * w->d / n;
	s->los = w->w + w->l > 0 ? 50.0 * (1 + erf((w->w - w->l) /
	    sqrt(2.0 * (w->w + w->l)))) : 50.0;
	if (mu <= 0 || mu >= 1)
		return;
	s->elo = elo_of(mu);
	/* Not "-0.0". */
	if (fabs(s->elo) < 0.05)
		s->elo = 0;
	sd = sqrt(variance(w, mu));
	lo = mu - 1.959964 * sd / sqrt(n);
	hi = mu + 1.959964 * sd / sqrt(n);
	if (lo > 0 && hi < 1)
		s->margin = (elo_of(hi) - elo_of(lo)) / 2;
}

/* The mean and variance of the pair scores of p, each count plus `extra`. */
static double
penta_mean(const struct penta *p, double extra, double *var, double *n)
{
	double mu = 0, v = 0, c;
	int i;

	*n = 0;
	for (i = 0; i < 5; i++) {
		c = (double)p->n[i] + extra;
		*n += c;
		mu += c * i / 4.0;
	}
	if (*n <= 0) {
		*var = 0;
		return 0.5;
	}
	mu /= *n;
	for (i = 0; i < 5; i++) {
		c = (double)p->n[i] + extra;
		v += c * (i / 4.0 - mu) * (i / 4.0 - mu);
	}
	*var = v / *n;
	return mu;
}

int
stats_nelo(const struct wdl *w, const struct penta *p, double *nelo,
    double *margin)
{
	const double k = 800 / log(10.0);
	double n, mu, var, sd;

	if (p != NULL) {
		mu = penta_mean(p, 0, &var, &n);
		sd = sqrt(2 * var);
		n *= 2;		/* games */
	} else {
		n = (double)(w->w + w->d + w->l);
		if (n <= 0)
			return -1;
		mu = (w->w + w->d / 2.0) / n;
		var = variance(w, mu);
		sd = sqrt(var);
	}
	if (n <= 0 || sd <= 0)
		return -1;
	*nelo = (mu - 0.5) / sd * k;
	*margin = 1.959964 / sqrt(n) * k;
	if (fabs(*nelo) < 0.05)
		*nelo = 0;
	return 0;
}

/* The decision of an llr between the bounds. */
static int
decide(double llr, double lower, double upper)
{
	return llr >= upper ? 1 : llr <= lower ? -1 : 0;
}

int
stats_sprt_penta(const struct sprt *t, const struct penta *p, double *llr,
    double *lower, double *upper)
{
	double n, mu, var, s0, s1;
	long played = p->n[0] + p->n[1] + p->n[2] + p->n[3] + p->n[4];

	*lower = log(t->beta / (1 - t->alpha));
	*upper = log((1 - t->beta) / t->alpha);
	*llr = 0;
	if (played == 0)
		return 0;
	mu = penta_mean(p, 0.5, &var, &n);
	if (var <= 0)
		return 0;
	s0 = 1 / (1 + pow(10, -t->elo0 / 400));
	s1 = 1 / (1 + pow(10, -t->elo1 / 400));
	*llr = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var);
	return decide(*llr, *lower, *upper);
}

int
stats_sprt_test(const struct sprt *t, const struct wdl *w, double *llr,
    double *lower, double *upper)
{
	/* Half a game more of each result (see the top of the file). */
	struct wdl h = { w->w, w->d, w->l };
	double n, mu, var, s0, s1;

	*lower = log(t->beta / (1 - t->alpha));
	*upper = log((1 - t->beta) / t->alpha);
	*llr = 0;
	if (w->w + w->d + w->l == 0)
		return 0;
	n = (double)(h.w + h.d + h.l) + 1.5;
	mu = (h.w + 0.5 + (h.d + 0.5) / 2.0) / n;
	var = ((h.w + 0.5) * (1 - mu) * (1 - mu) + (h.d + 0.5) * (0.5 - mu) *
	    (0.5 - mu) + (h.l + 0.5) * mu * mu) / n;
	if (var <= 0)
		return 0;
	s0 = 1 / (1 + pow(10, -t->elo0 / 400));
	s1 = 1 / (1 + pow(10, -t->elo1 / 400));
	*llr = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var);
	return decide(*llr, *lower, *upper);
}

int
stats_sprt_parse(struct sprt *t, const char *s)
{
	char buf[256], *tok, *save, *eq, *end;
	int have0 = 0, have1 = 0;
	double v;

	t->alpha = t->beta = 0.05;
	t->trinomial = 0;
	snprintf(buf, sizeof(buf), "%s", s);
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if ((eq = strchr(tok, '=')) == NULL)
			return -1;
		*eq++ = '\0';
		if (strcmp(tok, "model") == 0) {
			if (strcmp(eq, "trinomial") == 0)
				t->trinomial = 1;
			else if (strcmp(eq, "pentanomial") == 0)
				t->trinomial = 0;
			else
				return -1;
			continue;
		}
		v = strtod(eq, &end);
		if (end == eq || *end != '\0' || !isfinite(v))
			return -1;
		if (strcmp(tok, "elo0") == 0) {
			t->elo0 = v;
			have0 = 1;
		} else if (strcmp(tok, "elo1") == 0) {
			t->elo1 = v;
			have1 = 1;
		} else if (strcmp(tok, "alpha") == 0 && v > 0 && v < 0.5)
			t->alpha = v;
		else if (strcmp(tok, "beta") == 0 && v > 0 && v < 0.5)
			t->beta = v;
		else
			return -1;
	}
	if (!have0 || !have1 || t->elo0 >= t->elo1 ||
	    fabs(t->elo0) > 1000 || fabs(t->elo1) > 1000)
		return -1;
	t->on = 1;
	return 0;
}
