/*
 * libpdn: adjudication of a game record by the rules (adjudicate.c).
 *
 * An adjudicator takes a played game (pdn/replay.h), plays its surviving
 * lines through a rules tracker (pdn/rules.h) and compares where and how
 * the rules end the game with the result the record gives: the verdicts of
 * pdn-adjudicate(1) (agree, disagree, continues, undecided, invalid,
 * unsupported).  It also reads the record's own account of a loss on time
 * (a Termination tag, [%clock] commands in comments), which never
 * overrides the recorded result.
 *
 * Results are read in both families of notation (pdn_outcome_parse(),
 * pdn/record.h) and given back in the family of the record; where Black
 * moves first, tokens are read, and the rules' result written, in the
 * order of the file's results (pdn_game_result_order()), or in the one
 * the final position proves.
 */
#ifndef PDN_ADJUDICATE_H
#define PDN_ADJUDICATE_H

#include <pdn/core.h>
#include <pdn/record.h>
#include <pdn/replay.h>
#include <pdn/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* --- adjudication --------------------------------------------------- */

typedef enum pdn_verdict {
	PDN_VERDICT_AGREE = 0,	/* the rules decide the recorded result */
	PDN_VERDICT_DISAGREE,	/* they decide another one at the last ply */
	PDN_VERDICT_CONTINUES,	/* the record goes on after the rules' end */
	PDN_VERDICT_UNDECIDED,	/* no rule ends it: the record stands */
	PDN_VERDICT_INVALID,	/* the game does not replay */
	PDN_VERDICT_UNSUPPORTED	/* not judged: a variant not played */
} pdn_verdict;

/*
 * "agree", "disagree", "continues", "undecided", "invalid",
 * "unsupported"; NULL for any other value.
 */
const char *pdn_verdict_str(pdn_verdict v);

/* Why an ambiguous or unplayable game got its verdict, as bits. */
enum {
	PDN_ADJ_AMBIGUOUS = 1 << 0,	/* more than one line survived */
	PDN_ADJ_LINES_DIFFER = 1 << 1,	/* ... and the rules end them apart */
	PDN_ADJ_UNSUPPORTED = 1 << 2,	/* a variant not played (unsupported) */
	PDN_ADJ_CLAIM = 1 << 3,		/* a threefold claim was possible */
	PDN_ADJ_TIME_TAG = 1 << 4,	/* time loss from the Termination tag */
	PDN_ADJ_TIME_CLOCK = 1 << 5,	/* time loss from a [%clock] at zero */
	/*
	 * The recorded result read with the first mover's score first, and
	 * the rules' result written so: a variant where Black moves first,
	 * whose file writes its results so (pdn_game_result_order()), or a
	 * "1-0" where the final position says Black won.
	 */
	PDN_ADJ_FIRST_MOVER = 1 << 6,
	/*
	 * The recorded result read in the order the final position proves
	 * (the side to move has no piece or no move), not the file's: with
	 * PDN_ADJ_FIRST_MOVER the first mover's, else White's.
	 */
	PDN_ADJ_ORDER_PROVED = 1 << 7
};

/*
 * What the adjudicator says about one game: opaque, so that a new field
 * (or a longer move) is no change of the ABI.  The caller makes one
 * (pdn_adjudication_new()) and pdn_adjudicate() fills it; its strings are
 * static or borrowed from the game, so it is valid while the game is.
 */
typedef struct pdn_adjudication pdn_adjudication;

/* A result to fill; returns 0 or PDN_ENOMEM (free: NULL-safe). */
int pdn_adjudication_new(pdn_adjudication **out);
void pdn_adjudication_free(pdn_adjudication *j);

/* The verdict, and why an ambiguous or unplayable game got it (PDN_ADJ_*). */
pdn_verdict pdn_adjudication_verdict(const pdn_adjudication *j);
unsigned pdn_adjudication_flags(const pdn_adjudication *j);

/*
 * The result token the record gives, or NULL, and what it means (in the
 * order its file writes results, or the one its end proves).
 */
const char *pdn_adjudication_recorded(const pdn_adjudication *j);
pdn_outcome pdn_adjudication_recorded_outcome(const pdn_adjudication *j);

/*
 * The result the rules give (for an undecided game the recorded one: it
 * stands; PDN_OUTCOME_NONE for an invalid or unsupported game), and its
 * token in the record's family and order, or NULL.
 */
pdn_outcome pdn_adjudication_result(const pdn_adjudication *j);
const char *pdn_adjudication_result_str(const pdn_adjudication *j);

/*
 * The rule's reason (pdn_rules_reason_str(): "no-pieces", "no-moves",
 * "threefold", "25-move", ...), "time" (undecided: the record's own
 * account of a loss on time), or NULL.
 */
const char *pdn_adjudication_reason(const pdn_adjudication *j);

/* Nonzero when someone lost: *loser (may be NULL) gets who. */
int pdn_adjudication_loser(const pdn_adjudication *j, pdn_colour *loser);

/*
 * The ply at which the rule fired (or a threefold claim was possible),
 * 1-based, 0 for the initial position, -1 when none; the move of that ply
 * ("" when none), its number, its side, and whether it is the second of
 * its pair ("N...").
 */
long pdn_adjudication_ply(const pdn_adjudication *j);
const char *pdn_adjudication_move(const pdn_adjudication *j);
long pdn_adjudication_number(const pdn_adjudication *j);
pdn_colour pdn_adjudication_side(const pdn_adjudication *j);
int pdn_adjudication_second(const pdn_adjudication *j);

/* The main-line plies replayed, and the lines that survived the replay. */
long pdn_adjudication_plies(const pdn_adjudication *j);
int pdn_adjudication_lines(const pdn_adjudication *j);

typedef struct pdn_adjudicator pdn_adjudicator;

/*
 * An adjudicator under `profile` (copied), or with NULL under the default
 * profile of each game's variant (pdn_profile_of_variant(): fmjd for
 * international draughts, fmjd64 for Russian and Brazilian, wcdf for
 * English, fid for Italian, ...; a game of a variant without one is
 * unsupported).  It holds a
 * rules tracker that is reused from game to game, so a caller makes one
 * per thread.  Returns 0 or PDN_ENOMEM; *out belongs to the caller
 * (pdn_adjudicator_free(), NULL-safe).
 */
int pdn_adjudicator_new(pdn_adjudicator **out, const pdn_profile *profile);
void pdn_adjudicator_free(pdn_adjudicator *a);

/*
 * Adjudicates a played game (borrowed; only its main line matters, so it
 * may have been replayed with PDN_REPLAY_NO_VARIATIONS and
 * PDN_REPLAY_NO_RESULT, and a variation that does not replay does not
 * make the game invalid here) and fills *out, whose strings are static or
 * borrowed from the game.  Returns 0 or PDN_ENOMEM.
 */
int pdn_adjudicate(pdn_adjudication *out, pdn_adjudicator *a,
    const pdn_played *pg);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_ADJUDICATE_H */
