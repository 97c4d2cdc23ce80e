/*
 * What a game's tags say as values, read one way for every tool: its
 * result and the points it gives (pdn-select, pdn-standings, pdn-find,
 * pdn-index), its date and year (pdn-select's comparisons, the order of
 * pdn-standings, the years of the opening tree), its players' ratings
 * (the tree's).  The result tokens are the library's
 * (pdn_outcome_parse()): no tool reads them itself.
 *
 * Nothing here keeps state: any thread may call it.
 */
#ifndef TAGS_H
#define TAGS_H

#include <stdint.h>

#include <pdn/pdn.h>

/*
 * The game's result: its Result tag's when that is a result token (in
 * either notation: 2-0 or 1-0), else its terminator's, read in the order
 * of its file's result tokens (White's score first, or the first
 * mover's where the file writes so, or as --result-order says):
 * pdn_game_outcome(), so that every tool reads a record alike;
 * PDN_OUTCOME_NONE when neither is a result.  The tools that replay a
 * game read it so as well, and leave the result its final position
 * proves against that order to pdn-validate and pdn-adjudicate, which
 * say so.
 */
pdn_outcome tags_outcome(const pdn_game *g);

/*
 * The points outcome o gives side (PDN_WHITE or PDN_BLACK), in units of
 * a win: 1, 0.5 for a draw, else 0 (a loss, a double loss, no result).
 */
double tags_score(pdn_outcome o, pdn_colour side);

/* A date as a tag gives it: each part 0 when it is unknown. */
struct tags_date {
	int year;		/* 1 to 9999 */
	int month;		/* 1 to 12 */
	int day;		/* 1 to 31 */
};

/*
 * Reads s (NULL too) as a date of the one grammar the tools take:
 * YYYY, YYYY.MM or YYYY.MM.DD, the year of four digits, the month and
 * the day of one or two, each separator '.', '-' or '/'.  A part of '?'
 * only is unknown: ????.??.?? is a date of no known part, 2003.??.?? one
 * of 2003.  A separator may end the date (1950.), and after the date and
 * a blank nothing is read: 2004.10.27 - 2004.11.01, a range, is
 * 2004.10.27.  A month past 12 or a day past 31 (or 0), any other byte,
 * make no date.  Returns 0 for a date that is the whole of s, 1 for one
 * followed by a blank and more, -1 for no date; *d is set to the date,
 * all unknown for none.
 */
int tags_date_read(const char *s, struct tags_date *d);

/*
 * The first and the last day date d may be, as YYYYMMDD: an unknown part
 * may be any (an unknown year 0000 to 9999).
 */
void tags_date_span(const struct tags_date *d, long *first, long *last);

/*
 * Date d as YYYYMMDD with 0 for an unknown part (and for the day of an
 * unknown month), 0 when the year is unknown: in the order of these
 * numbers an unknown part comes before any known one.
 */
uint32_t tags_date_key(const struct tags_date *d);

/*
 * The game's date: its Date tag's, or, when that gives no year, its
 * EventDate tag's (an event's first day stands for the day of its games
 * that have none).  Returns 0, or -1 with *d all unknown when neither
 * tag is a date (tags_date_read()).
 */
int tags_game_date(const pdn_game *g, struct tags_date *d);

/* The year of tags_game_date(), or 0. */
int tags_year(const pdn_game *g);

/*
 * The rating of side's player: the WhiteElo tag (BlackElo), else
 * WhiteRating (BlackRating), when it is a number from 1 to 100000,
 * blanks before it, and the end or a blank after it; 0 when none is.
 */
int tags_rating(const pdn_game *g, pdn_colour side);

/*
 * A rating tag's value as tags_rating() reads it: a number from 1 to
 * 100000, blanks before it, the end or a blank after it; 0 when s (or
 * NULL) is none.
 */
int tags_rating_value(const char *s);

#endif /* TAGS_H */
