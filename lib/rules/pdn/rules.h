/*
 * libpdn: the end of the game by the rules (pdn-rules(7)).
 *
 * A rules profile (pdn_profile) fixes the points the FMJD text leaves open:
 * which draw rules apply, their limits, whether the record's initial
 * position counts for repetition, and what a capture from a 16-move ending
 * into a 5-move ending does to the 16-move deadline.  Profiles are plain
 * values: two are built in (fmjd, the default, and lidraughts) and users
 * write their own in YAML, described in pdn-rules(7).
 *
 * A tracker (pdn_rules) is fed the initial position of a record and then
 * every ply played, or a whole played game (pdn_rules_play_game()); after
 * each ply it says whether the game has ended, why (a stable reason
 * string), at which ply and with which result.  The
 * library never prints: profile errors come back in a pdn_profile_error.
 */
#ifndef PDN_RULES_H
#define PDN_RULES_H

#include <pdn/core.h>
#include <pdn/replay.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* --- profiles (profile.c) ------------------------------------------- */

#define PDN_PROFILE_NAMEMAX	64
#define PDN_PROFILE_PLIESMAX	10000	/* the largest limit a profile may set */

/* What a capture from a 16-move ending into a 5-move ending does. */
typedef enum pdn_profile_transition {
	PDN_TRANSITION_KEEP = 0,	/* the 16-move deadline keeps running */
	PDN_TRANSITION_RESTART = 1	/* the 16-move count is dropped */
} pdn_profile_transition;

/*
 * A rules profile: opaque, so that a new rule is no change of the ABI.
 * The built-in ones are static; a profile read, loaded or made is the
 * caller's (pdn_profile_free()).  Its rules are read and set one by one,
 * by their pdn_rule; a rule whose value is 0 is switched off.
 */
typedef struct pdn_profile pdn_profile;

/*
 * The rules of a profile.  The values are stable: rules are only ever
 * added at the end.
 */
typedef enum pdn_rule {
	PDN_RULE_THREEFOLD = 0,		/* occurrences that draw (3), 0: off */
	PDN_RULE_THREEFOLD_INITIAL,	/* the record's initial position counts */
	PDN_RULE_THREEFOLD_CLAIM,	/* a claim: the record may go on past it */
	PDN_RULE_KING_PLIES,		/* 25-move rule: 50 plies of king moves */
	PDN_RULE_ENDING16_PLIES,	/* 16-move rule: 32 plies */
	PDN_RULE_ENDING5_PLIES,		/* 5-move rule: 10 plies */
	PDN_RULE_TRANSITION,		/* pdn_profile_transition */
	/*
	 * The rules of other variants (pdn-rules(7)).  Like the 25-move
	 * rule, each of the first three counts plies in which only kings
	 * moved and nothing was captured: the Russian 15-move rule (FMJD-64
	 * 7.2.5, 30 plies), the CBD's 20 king moves (Brazilian) and the
	 * English 40-move rule (80 plies).
	 */
	PDN_RULE_MOVES15_PLIES,
	PDN_RULE_MOVES20_PLIES,
	PDN_RULE_MOVES40_PLIES,
	/* FMJD-64 7.2.4: three kings or more, no man, against a lone king. */
	PDN_RULE_KINGS3_PLIES,
	/*
	 * FMJD-64 7.2.6: both sides have kings and no capture or promotion
	 * changes the balance: 4 or 5 pieces in all (60 plies), 6 or 7
	 * (120 plies).
	 */
	PDN_RULE_BALANCE4_PLIES,
	PDN_RULE_BALANCE6_PLIES,
	/*
	 * Frisian draughts (articles 18 and 20, as lidraughts counts them):
	 * two kings against one king, 14 plies (7 moves); one king each, 4
	 * plies.
	 */
	PDN_RULE_KINGS2V1_PLIES,
	PDN_RULE_KINGS1V1_PLIES
} pdn_rule;

/*
 * A profile of the caller's, a copy of `base` (NULL: the default).
 * Returns 0 with *out set (pdn_profile_free(), NULL-safe), or PDN_ENOMEM.
 */
int pdn_profile_new(pdn_profile **out, const pdn_profile *base);
void pdn_profile_free(pdn_profile *p);

/* Its name ("fmjd"; a profile file's own, or the file's base name). */
const char *pdn_profile_name(const pdn_profile *p);

/*
 * Names it (at most PDN_PROFILE_NAMEMAX - 1 bytes).  Returns 0, or
 * PDN_ERANGE for a longer name (nothing changes then).
 */
int pdn_profile_set_name(pdn_profile *p, const char *name);

/* The value of a rule; -1 for a number that names no rule. */
int pdn_profile_get(const pdn_profile *p, pdn_rule rule);

/*
 * Sets a rule: a repetition count of 0 (off) or 2 to 100, 0 or 1 for the
 * switches (initial, claim) and the transition, 0 to PDN_PROFILE_PLIESMAX
 * plies for the move-count rules.  Returns 0, or PDN_EINVAL for a value
 * out of its range or a number that names no rule (nothing changes then).
 */
int pdn_profile_set(pdn_profile *p, pdn_rule rule, int value);

/*
 * The built-in profile called `name` ("fmjd", "lidraughts", "fmjd64",
 * "cbd", "wcdf", "fid", "fid-dctl", "pool", "spanish", "czech", "thai",
 * "frisian", "canadian"), or NULL.
 */
const pdn_profile *pdn_profile_builtin(const char *name);

/*
 * The i-th built-in profile (0: fmjd), or NULL for i past the last or
 * below 0: their names for a list or a "did you mean".
 */
const pdn_profile *pdn_profile_list(int i);

/*
 * The default profile of a variant's games (fmjd for international
 * draughts, fmjd64 for Russian and Brazilian, wcdf for English, fid for
 * Italian, the profile of its name for pool, Spanish, Czech, Thai,
 * Frisian and Canadian), or NULL when the library has none for it.
 */
const pdn_profile *pdn_profile_of_variant(const pdn_variant *v);

/* The default profile, fmjd; never NULL. */
const pdn_profile *pdn_profile_default(void);

/* Nonzero when two profiles have the same name and the same rules. */
int pdn_profile_equal(const pdn_profile *a, const pdn_profile *b);

#define PDN_PROFILE_MSGMAX	256
#define PDN_PROFILE_FILEMAX	256

/*
 * Where a profile was refused (why is the PDN_EPROFILE_* code returned).
 * `message` is that code's text (pdn_strerror()) followed by ": " and the
 * detail (the dotted key path, and for a
 * wrong type what was expected and what was found), without the file name
 * and position, so that a program prints
 * "prog: FILE:LINE:COLUMN: error: MESSAGE".  `line` and `column` are
 * 1-based; 0 when the error has no position (an unreadable file).
 */
typedef struct pdn_profile_error {
	char file[PDN_PROFILE_FILEMAX];	/* as given, truncated if longer */
	int line, column;
	char key[PDN_PROFILE_NAMEMAX];	/* dotted path, "" when none */
	char message[PDN_PROFILE_MSGMAX];
} pdn_profile_error;

/*
 * Reads a profile from `len` bytes of YAML; `file` names the text in
 * errors (may be NULL: "<profile>").  Returns 0 with `*out` set to a
 * profile of the caller's (pdn_profile_free()), or a PDN_EPROFILE_* code
 * (or PDN_ENOMEM) with `*err` filled when `err` is not NULL; `*out` is
 * only written on success.
 */
int pdn_profile_read(pdn_profile **out, const char *text, size_t len,
    const char *file, pdn_profile_error *err);

/*
 * Reads a profile from a YAML file; as pdn_profile_read(), and
 * PDN_EPROFILE_IO when the file cannot be read.
 */
int pdn_profile_read_file(pdn_profile **out, const char *path,
    pdn_profile_error *err);

/*
 * Loads a profile the way `--rules SPEC` means it: a built-in name, else a
 * file when SPEC contains a '/' or ends in ".yaml" or ".yml", else
 * DIR/SPEC.yaml when `dir` (the installed profiles directory) is not NULL.
 * Returns as pdn_profile_read_file(); an unknown name is
 * PDN_EPROFILE_UNKNOWN_NAME.
 */
int pdn_profile_load(pdn_profile **out, const char *spec, const char *dir,
    pdn_profile_error *err);

/* --- the tracker (drawrules.c) -------------------------------------- */

/* Why the game ended.  The order is the priority among draws that fire on
 * the same ply. */
typedef enum pdn_rules_reason {
	PDN_REASON_NONE = 0,
	PDN_REASON_NO_PIECES,	/* the side to move has no piece: it lost */
	PDN_REASON_NO_MOVES,	/* the side to move cannot move: it lost */
	PDN_REASON_THREEFOLD,
	PDN_REASON_25_MOVE,
	PDN_REASON_16_MOVE,
	PDN_REASON_5_MOVE,
	PDN_REASON_15_MOVE,	/* Russian: 15 moves of kings (7.2.5) */
	PDN_REASON_20_MOVE,	/* Brazilian (CBD): 20 king moves */
	PDN_REASON_40_MOVE,	/* English: 40 moves without a man move */
	PDN_REASON_3_KINGS,	/* Russian: 3 kings v a lone king (7.2.4) */
	PDN_REASON_BALANCE,	/* Russian: kings, balance unchanged (7.2.6) */
	PDN_REASON_7_MOVE,	/* Frisian: two kings v one, 7 moves */
	PDN_REASON_KING_V_KING	/* Frisian: one king each */
} pdn_rules_reason;

typedef enum pdn_rules_result {
	PDN_RESULT_NONE = 0,	/* the game goes on */
	PDN_RESULT_WHITE_WINS,
	PDN_RESULT_BLACK_WINS,
	PDN_RESULT_DRAW
} pdn_rules_result;

/*
 * The stable reason string: "no-pieces", "no-moves", "threefold",
 * "25-move", "16-move", "5-move", "15-move", "20-move", "40-move",
 * "3-kings", "balance", "7-move", "king-v-king"; NULL for
 * PDN_REASON_NONE.
 */
const char *pdn_rules_reason_str(pdn_rules_reason reason);

/* A reason string back to its value; PDN_REASON_NONE when unknown. */
pdn_rules_reason pdn_rules_reason_parse(const char *s);

/*
 * A decision: the reason, the result and the ply (the 1-based count of
 * plies played since the start of the record; 0 when the initial position
 * itself is decided).  All zero when nothing was decided.
 */
typedef struct pdn_rules_verdict {
	pdn_rules_reason reason;
	pdn_rules_result result;
	int ply;
} pdn_rules_verdict;

/*
 * What the tracker knows after the last ply: `end` is the first ply at
 * which the rules ended the game (it stays once set, even if the record
 * goes on); `claim` is the first ply at which a draw could be claimed
 * under a profile where threefold is a claim (lidraughts), set whether or
 * not the game ended later.
 */
typedef struct pdn_rules_state {
	pdn_rules_verdict end;
	pdn_rules_verdict claim;
	int ply;		/* plies played so far */
	/*
	 * The last ply at which such a claim was available: a record that
	 * ends there in a draw ended by the claim.
	 */
	pdn_rules_verdict last_claim;
} pdn_rules_state;

typedef struct pdn_rules pdn_rules;

/*
 * Creates a tracker under `profile` (copied; NULL means the default).
 * Returns 0 with `*out` set, or PDN_ENOMEM.  Call pdn_rules_start() before
 * the first ply.
 */
int pdn_rules_new(pdn_rules **out, const pdn_profile *profile);

/* Frees a tracker; NULL is accepted. */
void pdn_rules_free(pdn_rules *t);

/* The profile the tracker applies (borrowed). */
const pdn_profile *pdn_rules_profile(const pdn_rules *t);

/*
 * Starts a record at `pos` (the start position or the FEN tag's),
 * forgetting everything before: ply 0, the position as its first
 * occurrence (when the profile counts it), the 25-move clock at
 * `halfmove_clock` (lidraughts' ":H", or a negative number when absent:
 * 0), the endgame counts at 0 when the material is already an ending.
 * The initial position itself may be decided (no piece or no move for the
 * side to move, or a clock already at its limit): the state's `end` then
 * has ply 0.  Returns 0, or PDN_ENOMEM.
 */
int pdn_rules_start(pdn_rules *t, const pdn_position *pos,
    int halfmove_clock);

/*
 * Replaces the position in the middle of a record (a PDN 3.0 setup in the
 * movetext): as pdn_rules_start() but the ply count and any verdict
 * already reached are kept.
 */
int pdn_rules_setup(pdn_rules *t, const pdn_position *pos,
    int halfmove_clock);

/*
 * Plays move `m`, legal in `before`, which must be the current position
 * (the initial one or the one after the last ply).  Fills `*state` when
 * not NULL.  Returns 0; PDN_EINVAL when `before` is not the current
 * position (nothing changes then); PDN_ENOMEM.
 */
int pdn_rules_play(pdn_rules_state *state, pdn_rules *t,
    const pdn_position *before, const pdn_move *m);

/*
 * Plays line k (0-based, k < pdn_played_lines()) of a played game through
 * the tracker, from its start (setup 0, with its ":H" clock) and through
 * its setups, and fills *out with the state at the rules' end, or at the
 * end of the line when the rules do not end it (nothing after the end
 * changes it; `claim` and `last_claim` are those before).  Plies are
 * counted from the record's start.  The positions are the played game's:
 * nothing is played again, and a line where no draw can come is judged by
 * its last position alone, so what pdn_rules_state_get() and
 * pdn_rules_position() say afterwards is not defined: *out is the answer.
 * Returns 0, PDN_EINVAL when the line does not exist (a game not played),
 * or PDN_ENOMEM.
 */
int pdn_rules_play_game(pdn_rules_state *out, pdn_rules *t,
    const pdn_played *pg, int k);

/* The state after the last ply (borrowed, valid until the next call). */
const pdn_rules_state *pdn_rules_state_get(const pdn_rules *t);

/* The current position (borrowed, valid until the next call). */
const pdn_position *pdn_rules_position(const pdn_rules *t);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_RULES_H */
