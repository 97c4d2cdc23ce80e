/*
 * libpdn: adjudication of a game record by the rules (adjudicate.c).
 *
 * An adjudicator replays a game (pdn_replay.h), feeds its main line ply by
 * ply into a rules tracker (pdn_rules.h) and compares where and how the
 * rules end the game with the result the record gives: the verdicts of
 * DESIGN.md "Machine-readable output" (agree, disagree, continues,
 * undecided, invalid).  It also reads the record's own account of a loss
 * on time (a Termination tag, [%clock] commands in comments), which never
 * overrides the recorded result.
 *
 * Results are read in both families of notation (2-0 0-2 1-1 0-0 and 1-0
 * 0-1 1/2-1/2, plus `*`) and written back in the family of the record.
 */
#ifndef PDN_ADJUDICATE_H
#define PDN_ADJUDICATE_H

#include "pdn.h"
#include "pdn_game.h"
#include "pdn_replay.h"
#include "pdn_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* --- results -------------------------------------------------------- */

/* A game result, whatever its notation. */
typedef enum pdn_outcome {
	PDN_OUTCOME_NONE = 0,	/* absent or not a result token */
	PDN_OUTCOME_UNKNOWN,	/* `*`: unknown or unfinished */
	PDN_OUTCOME_WHITE,	/* White won: 2-0, 1-0 */
	PDN_OUTCOME_BLACK,	/* Black won: 0-2, 0-1 */
	PDN_OUTCOME_DRAW,	/* 1-1, 1/2-1/2 */
	PDN_OUTCOME_DOUBLE_LOSS	/* 0-0 (no 1-0 family token) */
} pdn_outcome;

/* The two families of result notation (RULES.md 7). */
typedef enum pdn_result_family {
	PDN_FAMILY_DRAUGHTS = 0,	/* 2-0 0-2 1-1 0-0 */
	PDN_FAMILY_CHESS		/* 1-0 0-1 1/2-1/2 */
} pdn_result_family;

/*
 * Reads a result token (as pdn_result_valid() accepts it); the family it
 * is written in goes to *family when not NULL.  NULL or anything else is
 * PDN_OUTCOME_NONE.
 */
pdn_outcome pdn_outcome_parse(const char *s, pdn_result_family *family);

/*
 * The token of an outcome in a family ("2-0", "1/2-1/2", "*"); 0-0 has no
 * chess-family token and is written "0-0" in both.  NULL for
 * PDN_OUTCOME_NONE.  The string is static.
 */
const char *pdn_outcome_str(pdn_outcome o, pdn_result_family family);

/* --- adjudication --------------------------------------------------- */

typedef enum pdn_verdict {
	PDN_VERDICT_AGREE = 0,	/* the rules decide the recorded result */
	PDN_VERDICT_DISAGREE,	/* they decide another one at the last ply */
	PDN_VERDICT_CONTINUES,	/* the record goes on after the rules' end */
	PDN_VERDICT_UNDECIDED,	/* no rule ends it: the record stands */
	PDN_VERDICT_INVALID	/* the game does not replay */
} pdn_verdict;

/* "agree", "disagree", "continues", "undecided", "invalid". */
const char *pdn_verdict_str(pdn_verdict v);

/* Why an ambiguous or unplayable game got its verdict, as bits. */
enum {
	PDN_ADJ_AMBIGUOUS = 1 << 0,	/* more than one line survived */
	PDN_ADJ_LINES_DIFFER = 1 << 1,	/* ... and the rules end them apart */
	PDN_ADJ_UNSUPPORTED = 1 << 2,	/* not international draughts */
	PDN_ADJ_CLAIM = 1 << 3,		/* a threefold claim was possible */
	PDN_ADJ_TIME_TAG = 1 << 4,	/* time loss from the Termination tag */
	PDN_ADJ_TIME_CLOCK = 1 << 5	/* time loss from a [%clock] at zero */
};

/*
 * What the adjudicator says about one game.  Strings are static or
 * borrowed from the game.
 */
typedef struct pdn_adjudication {
	pdn_verdict verdict;
	unsigned flags;			/* PDN_ADJ_* */
	const char *recorded;		/* the result token read, or NULL */
	pdn_outcome recorded_outcome;
	/*
	 * The result the rules give; for an undecided game the recorded one
	 * (it stands); PDN_OUTCOME_NONE for an invalid game.
	 */
	pdn_outcome adjudicated;
	const char *adjudicated_str;	/* in the record's family, or NULL */
	/*
	 * "no-pieces" "no-moves" "threefold" "25-move" "16-move" "5-move",
	 * "time" (undecided: the record's own account of a loss on time), or
	 * NULL.
	 */
	const char *reason;
	pdn_colour loser;		/* who lost, when `has_loser` */
	int has_loser;
	/*
	 * The ply at which the rule fired (or a threefold claim was possible),
	 * 1-based, 0 for the initial position; -1 when none.  The move of
	 * that ply with its number and side, when ply > 0.
	 */
	long ply;
	long number;
	pdn_colour side;
	char move[PDN_MOVE_STRMAX];
	long plies;			/* the main-line plies replayed */
	int lines;			/* lines surviving the replay */
	/*
	 * Per surviving line, what the rules say (at most the first 64); the
	 * entries past `lines` are not set.
	 */
	pdn_rules_verdict line_end[PDN_REPLAY_MAX_LINES];
} pdn_adjudication;

typedef struct pdn_adjudicator pdn_adjudicator;

/*
 * An adjudicator under `profile` (copied; NULL: the default).  It holds a
 * replay handle and a tracker that are reused from game to game, so a
 * caller makes one per thread.  Returns 0 or PDN_ENOMEM; *out belongs to
 * the caller (pdn_adjudicator_free(), NULL-safe).
 */
int pdn_adjudicator_new(pdn_adjudicator **out, const pdn_profile *profile);
void pdn_adjudicator_free(pdn_adjudicator *a);

/*
 * Adjudicates game `g` (borrowed).  `opt` (may be NULL) gives the replay's
 * diagnostics callback and flags (PDN_REPLAY_LENIENT); the adjudicator adds
 * PDN_REPLAY_NO_VARIATIONS and PDN_REPLAY_NO_RESULT, since only the main
 * line and its end matter here, and ignores opt->ply.  Fills *out.
 * Returns 0 or PDN_ENOMEM.
 */
int pdn_adjudicate(pdn_adjudicator *a, const pdn_game *g,
    const pdn_replay_options *opt, pdn_adjudication *out);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_ADJUDICATE_H */
