/*
 * The rules profile's fields (private to libpdn): the public type is
 * opaque (pdn/rules.h), read and set by pdn_rule.
 */
#ifndef PDN_PROFILE_H
#define PDN_PROFILE_H

#include "pdn/rules.h"

/*
 * A rules profile, as the tracker reads it: one field per rule (pdn_rule
 * in pdn/rules.h); a rule whose `*_plies` (or `threefold`) is 0 is
 * switched off.
 */
struct pdn_profile {
	char name[PDN_PROFILE_NAMEMAX];
	int threefold;		/* occurrences that draw (3), 0: off */
	int threefold_initial;	/* the record's initial position counts */
	int threefold_claim;	/* a claim: the record may go on past it */
	int king_plies;		/* 25-move rule: 50 plies of king moves */
	int ending16_plies;	/* 16-move rule: 32 plies */
	int ending5_plies;	/* 5-move rule: 10 plies */
	int transition;		/* pdn_profile_transition: 16-move -> 5 */
	/*
	 * The rules of other variants (pdn-rules(7)).  Like the 25-move
	 * rule, each of the first three counts plies in which only kings
	 * moved and nothing was captured: the Russian 15-move rule (FMJD-64
	 * 7.2.5, 30 plies), the CBD's 20 king moves (Brazilian) and the
	 * English 40-move rule (80 plies).
	 */
	int moves15_plies;
	int moves20_plies;
	int moves40_plies;
	/* FMJD-64 7.2.4: three kings or more, no man, against a lone king. */
	int kings3_plies;
	/*
	 * FMJD-64 7.2.6: both sides have kings and no capture or promotion
	 * changes the balance: 4 or 5 pieces in all (60 plies), 6 or 7
	 * (120 plies).
	 */
	int balance4_plies;
	int balance6_plies;
	/*
	 * Frisian draughts (articles 18 and 20, as lidraughts counts them):
	 * two kings against one king, 14 plies (7 moves); one king each, 4
	 * plies.
	 */
	int kings2v1_plies;
	int kings1v1_plies;
};

#endif /* PDN_PROFILE_H */
