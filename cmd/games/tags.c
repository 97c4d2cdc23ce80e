/*
 * What a game's tags say as values (tags.h): its result and its points,
 * its date and year, its players' ratings.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tags.h"
#include <pdn/pdn.h>

pdn_outcome
tags_outcome(const pdn_game *g)
{
	return pdn_game_outcome(g);
}

double
tags_score(pdn_outcome o, pdn_colour side)
{
	switch (o) {
	case PDN_OUTCOME_WHITE:
		return side == PDN_WHITE ? 1.0 : 0.0;
	case PDN_OUTCOME_BLACK:
		return side == PDN_BLACK ? 1.0 : 0.0;
	case PDN_OUTCOME_DRAW:
		return 0.5;
	default:
		return 0.0;
	}
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int
is_sep(char c)
{
	return c == '.' || c == '-' || c == '/';
}

/*
 * A part of a date at s, of min to max characters, all digits (its value
 * into *v) or all '?' (-1 into *v), and not followed by either.  Returns
 * its length, or 0 when there is none (*v unchanged).
 */
static int
date_part(const char *s, int min, int max, int *v)
{
	int n = 0, x = 0;

	if (s[0] == '?') {
		while (n < max && s[n] == '?')
			n++;
		x = -1;
	} else
		for (; n < max && is_digit(s[n]); n++)
			x = x * 10 + (s[n] - '0');
	if (n < min || s[n] == '?' || is_digit(s[n]))
		return 0;
	*v = x;
	return n;
}

int
tags_date_read(const char *s, struct tags_date *d)
{
	int v[3] = { -1, -1, -1 };
	int i, n;

	memset(d, 0, sizeof(*d));
	if (s == NULL)
		return -1;
	/* The year, then at most a month and a day, each after a separator. */
	for (i = 0; i < 3; i++) {
		if (i > 0 && !is_sep(*s))
			break;
		if ((n = date_part(s + (i > 0), i > 0 ? 1 : 4, i > 0 ? 2 : 4,
		    &v[i])) == 0) {
			if (i == 0)
				return -1;
			/* A separator that ends the date. */
			s++;
			break;
		}
		s += (i > 0) + n;
	}
	if (i == 3 && is_sep(*s))
		s++;
	if ((*s != '\0' && !is_blank(*s)) || v[1] == 0 || v[1] > 12 ||
	    v[2] == 0 || v[2] > 31)
		return -1;
	d->year = v[0] > 0 ? v[0] : 0;
	d->month = v[1] > 0 ? v[1] : 0;
	d->day = v[2] > 0 ? v[2] : 0;
	return *s == '\0' ? 0 : 1;
}

void
tags_date_span(const struct tags_date *d, long *first, long *last)
{
	*first = d->year * 10000L + (d->month > 0 ? d->month : 1) * 100L +
	    (d->day > 0 ? d->day : 1);
	*last = (d->year > 0 ? d->year : 9999) * 10000L +
	    (d->month > 0 ? d->month : 12) * 100L + (d->day > 0 ? d->day : 31);
}

uint32_t
tags_date_key(const struct tags_date *d)
{
	if (d->year == 0)
		return 0;
	return (uint32_t)d->year * 10000 + (uint32_t)d->month * 100 +
	    (uint32_t)(d->month > 0 ? d->day : 0);
}

int
tags_game_date(const pdn_game *g, struct tags_date *d)
{
	struct tags_date e;
	int rc = tags_date_read(pdn_game_tag(g, "Date"), d);

	if (rc >= 0 && d->year > 0)
		return 0;
	if (tags_date_read(pdn_game_tag(g, "EventDate"), &e) >= 0 &&
	    (e.year > 0 || rc < 0)) {
		*d = e;
		return 0;
	}
	return rc < 0 ? -1 : 0;
}

int
tags_year(const pdn_game *g)
{
	struct tags_date d;

	tags_game_date(g, &d);
	return d.year;
}

int
tags_rating_value(const char *s)
{
	const char *p;
	long v = 0;

	if (s == NULL)
		return 0;
	while (is_blank(*s))
		s++;
	for (p = s; is_digit(*p); p++)
		if ((v = v * 10 + (*p - '0')) > 100000)
			return 0;
	if (p == s || (*p != '\0' && !is_blank(*p)))
		return 0;
	return (int)v;
}

int
tags_rating(const pdn_game *g, pdn_colour side)
{
	int r;

	if ((r = tags_rating_value(pdn_game_tag(g, side == PDN_WHITE ?
	    "WhiteElo" : "BlackElo"))) > 0)
		return r;
	return tags_rating_value(pdn_game_tag(g, side == PDN_WHITE ?
	    "WhiteRating" : "BlackRating"));
}
