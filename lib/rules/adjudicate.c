/*
 * Adjudication: the rules' end of a game against the record's result (see
 * pdn/adjudicate.h and pdn-adjudicate(1)).
 *
 * A composition: the played game (pdn/replay.h) gives the surviving lines
 * of the main line, the tracker (pdn_rules_play_game()) says where and why
 * the rules end each, and what is left here is comparing that with the
 * record's result and reading the record's own account of a loss on time.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "gamepriv.h"
#include "outcome.h"
#include "pdn/adjudicate.h"

/* What the adjudicator says about one game (pdn/adjudicate.h). */
struct pdn_adjudication {
	pdn_verdict verdict;
	unsigned flags;			/* PDN_ADJ_* */
	const char *recorded;		/* the result token read, or NULL */
	pdn_outcome recorded_outcome;
	/*
	 * The result the rules give; for an undecided game the recorded one
	 * (it stands); PDN_OUTCOME_NONE for an invalid or unsupported game.
	 */
	pdn_outcome adjudicated;
	const char *adjudicated_str;	/* in the record's family, or NULL */
	/*
	 * The rule's reason (pdn_rules_reason_str(): "no-pieces", "no-moves",
	 * "threefold", "25-move", ...), "time" (undecided: the record's own
	 * account of a loss on time), or NULL.
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
	int second;	/* that move is the second of its pair ("N...") */
};

struct pdn_adjudicator {
	pdn_rules *t;
	/*
	 * No profile given: each game is judged by its variant's own
	 * (pdn_profile_of_variant()), the one `t` applies being `cur`.
	 */
	int follow;
	const pdn_profile *cur;
};

const char *
pdn_verdict_str(pdn_verdict v)
{
	static const char *const names[] = {
		"agree", "disagree", "continues", "undecided", "invalid",
		"unsupported"
	};

	if ((unsigned)v >= sizeof(names) / sizeof(names[0]))
		return NULL;
	return names[v];
}

int
pdn_adjudicator_new(pdn_adjudicator **out, const pdn_profile *profile)
{
	pdn_adjudicator *a;

	*out = NULL;
	if ((a = calloc(1, sizeof(*a))) == NULL)
		return PDN_ENOMEM;
	a->follow = profile == NULL;
	a->cur = pdn_profile_default();
	if (pdn_rules_new(&a->t, profile) != 0) {
		pdn_adjudicator_free(a);
		return PDN_ENOMEM;
	}
	*out = a;
	return 0;
}

/*
 * Makes the tracker apply the default profile of variant v: PDN_EINVAL
 * when there is none, PDN_ENOMEM.
 */
static int
follow_variant(pdn_adjudicator *a, const pdn_variant *v)
{
	const pdn_profile *p = pdn_profile_of_variant(v);
	pdn_rules *t;

	if (p == NULL)
		return PDN_EINVAL;
	if (p == a->cur)
		return 0;
	if (pdn_rules_new(&t, p) != 0)
		return PDN_ENOMEM;
	pdn_rules_free(a->t);
	a->t = t;
	a->cur = p;
	return 0;
}

void
pdn_adjudicator_free(pdn_adjudicator *a)
{
	if (a == NULL)
		return;
	pdn_rules_free(a->t);
	free(a);
}

/* A clock of a [%clock] field is at zero: every digit of it is 0. */
static int
clock_zero(const char *s, size_t len)
{
	size_t i;
	int digits = 0;

	for (i = 0; i < len; i++) {
		if (isdigit((unsigned char)s[i])) {
			if (s[i] != '0')
				return 0;
			digits++;
		} else if (s[i] != ':' && s[i] != '.')
			return 0;
	}
	return digits > 0;
}

/*
 * Reads the fields of one [%clock ...] command from s (just after its
 * name) to `end`; returns 1 with *loser set when a clock is at zero.
 */
static int
clock_fields(const char *s, const char *end, pdn_colour *loser)
{
	const char *f, *fe;

	for (f = s; f < end && *f != ']'; f = fe) {
		while (f < end && *f == ' ')
			f++;
		for (fe = f; fe < end && *fe != ' ' && *fe != ']'; fe++)
			;
		if (fe - f < 2 || !clock_zero(f + 1, (size_t)(fe - f - 1)))
			continue;
		if (*f == 'w' || *f == 'W' || *f == 'b' || *f == 'B') {
			*loser = *f == 'w' || *f == 'W' ? PDN_WHITE :
			    PDN_BLACK;
			return 1;
		}
	}
	return 0;
}

/*
 * Looks in the main line's comments for the last [%clock wH:MM:SS
 * BH:MM:SS] command (lidraughts; the capital letter marks the running
 * clock).  Only the last one tells how the game ended: a live board's
 * clocks count up from zero.  Returns 1 with *loser set when it shows a
 * clock at zero.
 */
static int
clock_loser(const pdn_game *g, pdn_colour *loser)
{
	const char *s, *last = NULL, *lend = NULL;
	const pdn_elem *e;
	size_t i;

	/* A main line of moves alone (most records) has no comment. */
	if ((size_t)g->plies == g->moves.n)
		return 0;
	for (i = 0; i < g->moves.n; i++) {
		e = &g->moves.e[i];
		if (e->type != PDN_EL_COMMENT)
			continue;
		for (s = e->u.text.s; (s = strstr(s, "[%clock")) != NULL;
		    s += 7) {
			last = s + 7;
			lend = e->u.text.s + e->u.text.len;
		}
	}
	return last != NULL && clock_fields(last, lend, loser);
}

/* The tags adjudication reads (the first of each name, as pdn_game_tag()). */
struct game_tags {
	const char *result, *termination;
};

/* Finds them in one pass over the tags. */
static void
find_tags(const pdn_game *g, struct game_tags *t)
{
	const char *n, *v;
	size_t i;

	t->result = t->termination = NULL;
	for (i = 0; i < g->ntags; i++) {
		n = g->tags[i].name;
		v = g->tags[i].value;
		if (n[0] == 'R' && t->result == NULL &&
		    strcmp(n, "Result") == 0)
			t->result = v;
		else if (n[0] == 'T' && t->termination == NULL &&
		    strcmp(n, "Termination") == 0)
			t->termination = v;
	}
}

/* Nonzero when a Termination tag speaks of time ("Time forfeit"). */
static int
time_tag(const char *v)
{
	size_t i;

	for (i = 0; v != NULL && v[i] != '\0'; i++)
		if (strncasecmp(v + i, "time", 4) == 0)
			return 1;
	return 0;
}

/* The record's result: the tag when it names one, else the terminator. */
static void
recorded_result(const pdn_game *g, const char *tag, pdn_adjudication *out,
    pdn_result_family *family)
{
	pdn_result_family ft = PDN_FAMILY_DRAUGHTS, fe = PDN_FAMILY_DRAUGHTS;
	pdn_outcome ot = pdn_outcome_parse(tag, &ft);
	pdn_outcome oe = pdn_outcome_parse(g->terminator, &fe);

	if (ot > PDN_OUTCOME_UNKNOWN || (ot != PDN_OUTCOME_NONE &&
	    oe <= PDN_OUTCOME_UNKNOWN)) {
		out->recorded = tag;
		out->recorded_outcome = ot;
		*family = ft;
	} else {
		out->recorded = oe != PDN_OUTCOME_NONE ? g->terminator : NULL;
		out->recorded_outcome = oe;
		*family = fe;
	}
	/* A double loss or no result says nothing of the family. */
	if (out->recorded_outcome == PDN_OUTCOME_DOUBLE_LOSS ||
	    out->recorded_outcome <= PDN_OUTCOME_UNKNOWN)
		*family = ot > PDN_OUTCOME_UNKNOWN ? ft :
		    oe > PDN_OUTCOME_UNKNOWN ? fe : PDN_FAMILY_DRAUGHTS;
}

static pdn_outcome
rules_outcome(pdn_rules_result r)
{
	switch (r) {
	case PDN_RESULT_WHITE_WINS:
		return PDN_OUTCOME_WHITE;
	case PDN_RESULT_BLACK_WINS:
		return PDN_OUTCOME_BLACK;
	case PDN_RESULT_DRAW:
		return PDN_OUTCOME_DRAW;
	default:
		return PDN_OUTCOME_NONE;
	}
}

/* Sets the decision of a rule or claim from line 0 at ply v->ply. */
static void
decide(const pdn_played *pg, const pdn_rules_verdict *v,
    pdn_adjudication *out)
{
	pdn_ply p;

	out->reason = pdn_rules_reason_str(v->reason);
	out->ply = v->ply;
	out->adjudicated = rules_outcome(v->result);
	if (v->result == PDN_RESULT_WHITE_WINS ||
	    v->result == PDN_RESULT_BLACK_WINS) {
		out->has_loser = 1;
		out->loser = v->result == PDN_RESULT_WHITE_WINS ? PDN_BLACK :
		    PDN_WHITE;
	}
	if (v->ply > 0 && pdn_played_ply(&p, pg, 0, v->ply - 1) == 0) {
		out->number = p.number;
		out->side = p.side;
		out->second = p.second;
		pdn_move_str(out->move, pdn_position_variant(p.before), p.move, 0);
	}
}

/* The undecided verdicts: a claim that was not the end, time, nothing. */
static void
undecided(const pdn_played *pg, const char *termination,
    const pdn_rules_state *st, pdn_adjudication *out)
{
	const pdn_position *fin;

	out->verdict = PDN_VERDICT_UNDECIDED;
	if (clock_loser(pdn_played_game(pg), &out->loser)) {
		out->flags |= PDN_ADJ_TIME_CLOCK;
		out->has_loser = 1;
	} else if (time_tag(termination)) {
		/*
		 * The tag does not say who: the record's loser if it names
		 * one, else the player who had to move.
		 */
		out->flags |= PDN_ADJ_TIME_TAG;
		out->has_loser = 1;
		if (out->recorded_outcome == PDN_OUTCOME_WHITE)
			out->loser = PDN_BLACK;
		else if (out->recorded_outcome == PDN_OUTCOME_BLACK)
			out->loser = PDN_WHITE;
		else if ((fin = pdn_played_final(pg, 0)) != NULL)
			out->loser = fin->side;
	}
	if (out->has_loser)
		out->reason = "time";
	else if (st->claim.reason != PDN_REASON_NONE)
		decide(pg, &st->claim, out);
	/* The recorded result stands. */
	out->adjudicated = out->recorded_outcome;
}

int
pdn_adjudicate(pdn_adjudication *out, pdn_adjudicator *a,
    const pdn_played *pg)
{
	const pdn_game *g = pdn_played_game(pg);
	struct game_tags tags;
	pdn_rules_state st, st0;
	pdn_result_family family;
	pdn_replay_status status;
	int k, rc;

	/*
	 * Field by field: a wide clear costs more than the replay of a
	 * short game's opening.
	 */
	out->verdict = PDN_VERDICT_AGREE;
	out->flags = 0;
	out->adjudicated = PDN_OUTCOME_NONE;
	out->adjudicated_str = NULL;
	out->reason = NULL;
	out->loser = PDN_WHITE;
	out->has_loser = 0;
	out->ply = -1;
	out->number = 0;
	out->side = PDN_WHITE;
	out->second = 0;
	out->move[0] = '\0';
	find_tags(g, &tags);
	recorded_result(g, tags.result, out, &family);
	/* The token in the order of the file's results (outcome.h). */
	if ((out->recorded_outcome == PDN_OUTCOME_WHITE ||
	    out->recorded_outcome == PDN_OUTCOME_BLACK) &&
	    outcome_swapped(pdn_played_variant(pg), g->priv != NULL ?
	    (pdn_result_order)g->priv->order : PDN_ORDER_DECIDE)) {
		out->recorded_outcome = outcome_swap(out->recorded_outcome);
		out->flags |= PDN_ADJ_FIRST_MOVER;
	}
	status = pdn_played_main_status(pg);
	out->plies = pdn_played_plies(pg);
	out->lines = pdn_played_lines(pg);
	/*
	 * Not judged: another variant, never an invalid game; nor, by its
	 * own rules, a game of a variant replayed whose draw rules the
	 * library does not have yet.
	 */
	if (status != PDN_REPLAY_UNSUPPORTED && a->follow &&
	    pdn_played_variant(pg) != NULL &&
	    (rc = follow_variant(a, pdn_played_variant(pg))) != 0) {
		if (rc != PDN_EINVAL)
			return rc;
		status = PDN_REPLAY_UNSUPPORTED;
	}
	if (status == PDN_REPLAY_UNSUPPORTED) {
		out->verdict = PDN_VERDICT_UNSUPPORTED;
		out->flags |= PDN_ADJ_UNSUPPORTED;
		return 0;
	}
	if (status != PDN_REPLAY_VALID || out->lines < 1) {
		out->verdict = PDN_VERDICT_INVALID;
		return 0;
	}
	memset(&st0, 0, sizeof(st0));
	for (k = 0; k < out->lines; k++) {
		if ((rc = pdn_rules_play_game(&st, a->t, pg, k)) != 0)
			return rc;
		if (k == 0)
			st0 = st;
		else if (st.end.reason != st0.end.reason ||
		    st.end.result != st0.end.result ||
		    st.end.ply != st0.end.ply)
			out->flags |= PDN_ADJ_LINES_DIFFER;
	}
	if (out->lines > 1)
		out->flags |= PDN_ADJ_AMBIGUOUS;

	if (out->flags & PDN_ADJ_LINES_DIFFER) {
		/* Which line the record means is unknown: it stands. */
		out->verdict = PDN_VERDICT_UNDECIDED;
		out->adjudicated = out->recorded_outcome;
	} else if (st0.end.reason != PDN_REASON_NONE) {
		decide(pg, &st0.end, out);
		if (st0.end.ply < out->plies)
			out->verdict = PDN_VERDICT_CONTINUES;
		else if (out->adjudicated == out->recorded_outcome)
			out->verdict = PDN_VERDICT_AGREE;
		else if ((st0.end.reason == PDN_REASON_NO_PIECES ||
		    st0.end.reason == PDN_REASON_NO_MOVES) &&
		    pdn_variant_first(pdn_played_variant(pg)) == PDN_BLACK &&
		    (out->recorded_outcome == PDN_OUTCOME_WHITE ||
		    out->recorded_outcome == PDN_OUTCOME_BLACK) &&
		    outcome_swap(out->recorded_outcome) == out->adjudicated) {
			/*
			 * The record's token, read in the other order, which
			 * the final position proves.
			 */
			out->flags ^= PDN_ADJ_FIRST_MOVER;
			out->flags |= PDN_ADJ_ORDER_PROVED;
			out->recorded_outcome = out->adjudicated;
			out->verdict = PDN_VERDICT_AGREE;
		} else
			out->verdict = PDN_VERDICT_DISAGREE;
	} else if (st0.last_claim.reason != PDN_REASON_NONE &&
	    st0.last_claim.ply == out->plies &&
	    out->recorded_outcome == PDN_OUTCOME_DRAW) {
		/* A threefold claim on the last ply, and a draw recorded. */
		out->flags |= PDN_ADJ_CLAIM;
		decide(pg, &st0.last_claim, out);
		out->verdict = PDN_VERDICT_AGREE;
	} else {
		if (st0.claim.reason != PDN_REASON_NONE)
			out->flags |= PDN_ADJ_CLAIM;
		undecided(pg, tags.termination, &st0, out);
	}
	/* Written as the record writes it. */
	out->adjudicated_str = pdn_outcome_str(out->flags &
	    PDN_ADJ_FIRST_MOVER ? outcome_swap(out->adjudicated) :
	    out->adjudicated, family);
	return 0;
}

/* --- the result's accessors ------------------------------------------ */

int
pdn_adjudication_new(pdn_adjudication **out)
{
	*out = calloc(1, sizeof(**out));
	return *out != NULL ? 0 : PDN_ENOMEM;
}

void
pdn_adjudication_free(pdn_adjudication *j)
{
	free(j);
}

pdn_verdict
pdn_adjudication_verdict(const pdn_adjudication *j)
{
	return j->verdict;
}

unsigned
pdn_adjudication_flags(const pdn_adjudication *j)
{
	return j->flags;
}

const char *
pdn_adjudication_recorded(const pdn_adjudication *j)
{
	return j->recorded;
}

pdn_outcome
pdn_adjudication_recorded_outcome(const pdn_adjudication *j)
{
	return j->recorded_outcome;
}

pdn_outcome
pdn_adjudication_result(const pdn_adjudication *j)
{
	return j->adjudicated;
}

const char *
pdn_adjudication_result_str(const pdn_adjudication *j)
{
	return j->adjudicated_str;
}

const char *
pdn_adjudication_reason(const pdn_adjudication *j)
{
	return j->reason;
}

int
pdn_adjudication_loser(const pdn_adjudication *j, pdn_colour *loser)
{
	if (j->has_loser && loser != NULL)
		*loser = j->loser;
	return j->has_loser;
}

long
pdn_adjudication_ply(const pdn_adjudication *j)
{
	return j->ply;
}

const char *
pdn_adjudication_move(const pdn_adjudication *j)
{
	return j->move;
}

long
pdn_adjudication_number(const pdn_adjudication *j)
{
	return j->number;
}

pdn_colour
pdn_adjudication_side(const pdn_adjudication *j)
{
	return j->side;
}

int
pdn_adjudication_second(const pdn_adjudication *j)
{
	return j->second;
}

long
pdn_adjudication_plies(const pdn_adjudication *j)
{
	return j->plies;
}

int
pdn_adjudication_lines(const pdn_adjudication *j)
{
	return j->lines;
}
