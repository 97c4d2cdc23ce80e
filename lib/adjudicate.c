/*
 * Adjudication: the rules' end of a game against the record's result (see
 * pdn_adjudicate.h and pdn-adjudicate(1)).
 *
 * The replay resolves the main line first (backtracking over ambiguous
 * captures), then each surviving line is walked ply by ply through the
 * rules tracker.  The walk stops at the first ply where the rules end the
 * game unless the profile makes threefold a claim, since nothing later can
 * change that end; so a record costs its replay plus a few counters per
 * ply.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "drawrules.h"
#include "pdn_adjudicate.h"

struct pdn_adjudicator {
	pdn_replay *rp;
	pdn_rules *t;
};

/* The tokens of each outcome, by family; indexed by pdn_outcome. */
static const char *const outcome_tokens[][2] = {
	{ NULL, NULL },
	{ "*", "*" },
	{ "2-0", "1-0" },
	{ "0-2", "0-1" },
	{ "1-1", "1/2-1/2" },
	{ "0-0", "0-0" }
};

pdn_outcome
pdn_outcome_parse(const char *s, pdn_result_family *family)
{
	size_t o;
	int f;

	if (s == NULL)
		return PDN_OUTCOME_NONE;
	for (o = PDN_OUTCOME_UNKNOWN; o <= PDN_OUTCOME_DOUBLE_LOSS; o++)
		for (f = 0; f < 2; f++)
			if (s[0] == outcome_tokens[o][f][0] &&
			    strcmp(s, outcome_tokens[o][f]) == 0) {
				if (family != NULL)
					*family = (pdn_result_family)f;
				return (pdn_outcome)o;
			}
	return PDN_OUTCOME_NONE;
}

const char *
pdn_outcome_str(pdn_outcome o, pdn_result_family family)
{
	if ((unsigned)o > PDN_OUTCOME_DOUBLE_LOSS)
		return NULL;
	return outcome_tokens[o][family == PDN_FAMILY_CHESS];
}

const char *
pdn_verdict_str(pdn_verdict v)
{
	static const char *const names[] = {
		"agree", "disagree", "continues", "undecided", "invalid"
	};

	if ((unsigned)v >= sizeof(names) / sizeof(names[0]))
		return NULL;
	return names[v];
}

int
pdn_adjudicator_new(pdn_adjudicator **out, const pdn_profile *profile)
{
	pdn_adjudicator *a;

	if ((a = calloc(1, sizeof(*a))) == NULL)
		return PDN_ENOMEM;
	if (pdn_replay_new(&a->rp) != 0 ||
	    pdn_rules_new(&a->t, profile) != 0) {
		pdn_adjudicator_free(a);
		return PDN_ENOMEM;
	}
	*out = a;
	return 0;
}

void
pdn_adjudicator_free(pdn_adjudicator *a)
{
	if (a == NULL)
		return;
	pdn_replay_free(a->rp);
	pdn_rules_free(a->t);
	free(a);
}

/* The :H field of a FEN (lidraughts' 25-move clock), or -1. */
static int
fen_clock(const char *s, size_t len)
{
	pdn_position pos;
	pdn_fen_info info;

	memset(&info, 0, sizeof(info));
	if (s == NULL || pdn_fen_read(&pos, s, len, &info) != 0)
		return -1;
	return info.halfmove_clock;
}

/*
 * The /FEN/ setup between the main-line move `e` and the move before it,
 * or NULL.  `e` points into the game's main line (pdn_ply.elem); NULL
 * stands for the end of the main line (a setup after its last move).
 */
static const pdn_elem *
setup_before(const pdn_game *g, const pdn_elem *e)
{
	size_t i = g->moves.n;

	if (e != NULL)
		for (i = 0; i < g->moves.n; i++)
			if (&g->moves.e[i] == e)
				break;
	while (i-- > 0 && i < g->moves.n) {
		if (g->moves.e[i].type == PDN_EL_MOVE)
			return NULL;
		if (g->moves.e[i].type == PDN_EL_SETUP)
			return &g->moves.e[i];
	}
	return NULL;
}

/*
 * Nonzero when no draw can end line k (of `plies` plies, the first `from`
 * leaving no king, from a start whose 25-move count is at `clock0`) before
 * its last position, so that only that position needs judging.  The
 * checks are cheap and sufficient, not exact:
 * - no setup in the line (pdn_replay_kingless() stops at one, and
 *   pdn_replay_king_run() says -1 then);
 * - no 16- or 5-move ending ever stands: the line has no king at all, or
 *   both sides keep two pieces or more to the end (pieces are never
 *   added, so they had at least as many before);
 * - no run of king moves without capture, the only plies along which a
 *   position can come back or the 25-move count grow, is long enough for
 *   the 25-move rule (counting the start's clock) or for a repetition: a
 *   position comes back at the earliest four plies later (each side
 *   takes its king away and back), so n occurrences need a run of
 *   4 (n - 1) plies.
 * The start is not lost, since the first ply is a legal move in it.
 */
static int
quiet_line(pdn_adjudicator *a, int k, long from, long plies, int clock0)
{
	const pdn_profile *prof = pdn_rules_profile(a->t);
	const pdn_position *last;
	long run = 0, limit = LONG_MAX;

	if (prof->king_plies > 0)
		limit = prof->king_plies;
	if (prof->threefold > 0 && 4L * (prof->threefold - 1) < limit)
		limit = 4L * (prof->threefold - 1);
	if (from < plies) {
		last = pdn_replay_after(a->rp, k, plies - 1, NULL);
		if (last == NULL || pdn_position_count(last, PDN_WHITE) < 2 ||
		    pdn_position_count(last, PDN_BLACK) < 2)
			return 0;
		if ((run = pdn_replay_king_run(a->rp, k, from, plies)) < 0)
			return 0;
	}
	return run + (clock0 > 0 ? clock0 : 0) < limit;
}

/*
 * Feeds line k to the tracker, up to the rules' end (nothing later can
 * change it; a threefold claim matters only when no end comes).  Fills
 * *st with the tracker's state at the last ply fed, its plies counted
 * from the record's start.
 *
 * A ply after which no king stands on the board is not fed: it was a man
 * move or a capture, which resets every count, and with men only there is
 * no ending and no position that can come back.  Nor can a side be lost
 * there, since a legal move follows, except at the end of the line or
 * where a setup replaces the position.  So the tracker restarts (as at a
 * setup) at the first ply that leaves a king, and only those positions
 * are checked: most plies of real games are skipped at the cost of one
 * test.  The tracker then counts fewer plies than the record, which
 * `skipped` makes up.  A setup is always fed, since its own clock may end
 * the game.  A line where no draw can come (quiet_line()), such as one
 * without a king, needs only its last position judged.
 *
 * The tracker takes each position from the replay rather than playing the
 * move again, and where the next ply follows without a setup (a legal move
 * in the position reached) it looks for draws only.
 */
static int
walk_line(pdn_adjudicator *a, const pdn_game *g, int k, long plies,
    int clock0, pdn_rules_state *st)
{
	const pdn_rules_state *cur;
	const pdn_elem *setup, *tsetup;
	const pdn_position *after, *before, *nafter = NULL, *nbefore = NULL;
	const pdn_position *fin;
	const pdn_move *m, *nm;
	pdn_position last;	/* the position after the last ply skipped */
	pdn_ply p;
	unsigned flags, nflags = 0;
	long i, skipped = 0, claim_skipped = 0, last_skipped = 0;
	int last_claim = 0;
	int rc, pending = 0, claimed, more, trailing;

	/* A setup after the last move replaces the position that move
	 * reached: the line ends in the setup's. */
	tsetup = setup_before(g, NULL);
	trailing = tsetup != NULL && (fin = pdn_replay_final(a->rp, k)) !=
	    NULL;
	if ((skipped = pdn_replay_kingless(a->rp, k)) > plies)
		skipped = plies;
	if (plies > 0 && !trailing && quiet_line(a, k, skipped, plies,
	    clock0)) {
		/* Only the last position can be decided, and only lost. */
		fin = pdn_replay_after(a->rp, k, plies - 1, NULL);
		memset(st, 0, sizeof(*st));
		st->ply = (int)plies;
		if ((st->end.reason = rules_lost(fin)) != PDN_REASON_NONE) {
			st->end.result = fin->side == PDN_WHITE ?
			    PDN_RESULT_BLACK_WINS : PDN_RESULT_WHITE_WINS;
			st->end.ply = (int)plies;
		}
		return 0;
	}
	if (pdn_rules_start(a->t, pdn_replay_start(a->rp), clock0) != 0)
		return PDN_ENOMEM;
	cur = pdn_rules_state_get(a->t);
	claimed = cur->claim.reason != PDN_REASON_NONE;
	/* The opening, where no king stands yet, in one step. */
	i = 0;
	if (cur->end.reason != PDN_REASON_NONE)
		skipped = 0;
	else if (skipped > 0) {
		last = *pdn_replay_after(a->rp, k, skipped - 1, NULL);
		pending = 1;
		i = skipped;
	}
	/*
	 * By reference: the plies are not copied.  The next one is looked
	 * at first: when it follows without a setup, it is a legal move in
	 * the position this ply reaches, which is then neither lost nor
	 * to be tested for a move.
	 */
	m = i < plies ? pdn_replay_step(a->rp, k, i, &before, &after,
	    &flags) : NULL;
	for (; m != NULL && cur->end.reason == PDN_REASON_NONE; i++,
	    m = nm, before = nbefore, after = nafter, flags = nflags) {
		nm = i + 1 < plies ? pdn_replay_step(a->rp, k, i + 1,
		    &nbefore, &nafter, &nflags) : NULL;
		/*
		 * A setup replaced the position before this move: the one it
		 * replaced may have been lost, and the tracker restarts its
		 * counts at the new one, keeping the plies played and any
		 * end reached.  The new position is judged even when the
		 * move leaves no king: its 25-move clock (":H") may already
		 * be at the limit.
		 */
		if (flags & PDN_PLY_SETUP) {
			if (pending && pdn_rules_setup(a->t, &last, -1) != 0)
				return PDN_ENOMEM;
			pending = 0;
			if (cur->end.reason != PDN_REASON_NONE)
				break;
			if (pdn_replay_ply(a->rp, k, i, &p) != 0)
				break;
			setup = setup_before(g, p.elem);
			if (pdn_rules_setup(a->t, before, setup == NULL ? -1 :
			    fen_clock(setup->u.text.s, setup->u.text.len)) != 0)
				return PDN_ENOMEM;
			if (cur->end.reason != PDN_REASON_NONE)
				break;
		}
		if (after->kings == 0) {
			last = *after;
			pending = 1;
			skipped++;
			continue;
		}
		/* After plies skipped the tracker restarts there too.  (A
		 * tracker whose position is not the one the move was played
		 * in can only come from a setup.) */
		if (pending && pdn_rules_setup(a->t, before, -1) != 0)
			return PDN_ENOMEM;
		pending = 0;
		more = nm != NULL && !(nflags & PDN_PLY_SETUP);
		rc = rules_step(a->t, before, m, after, more);
		if (rc == PDN_EINVAL) {
			if (pdn_rules_setup(a->t, before, -1) != 0)
				return PDN_ENOMEM;
			rc = rules_step(a->t, before, m, after, more);
		}
		if (rc == PDN_ENOMEM)
			return rc;
		if (!claimed && cur->claim.reason != PDN_REASON_NONE) {
			claimed = 1;
			claim_skipped = skipped;
		}
		if (cur->last_claim.ply != last_claim) {
			last_claim = cur->last_claim.ply;
			last_skipped = skipped;
		}
	}
	/* The line ends on a ply skipped: is its last position lost? */
	if (pending && cur->end.reason == PDN_REASON_NONE) {
		if (pdn_rules_setup(a->t, &last, -1) != 0)
			return PDN_ENOMEM;
		cur = pdn_rules_state_get(a->t);
	}
	/* A setup after the last move is the position the game ends in. */
	if (trailing && cur->end.reason == PDN_REASON_NONE &&
	    pdn_rules_setup(a->t, fin, fen_clock(tsetup->u.text.s,
	    tsetup->u.text.len)) != 0)
		return PDN_ENOMEM;
	*st = *cur;
	st->ply += (int)skipped;
	if (st->end.reason != PDN_REASON_NONE)
		st->end.ply += (int)skipped;
	if (claimed) {
		st->claim.ply += (int)claim_skipped;
		st->last_claim.ply += (int)last_skipped;
	}
	return 0;
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

	for (i = 0; g->comments > 0 && i < g->moves.n; i++) {
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
	const char *result, *fen, *termination;
};

/* Finds them in one pass over the tags. */
static void
find_tags(const pdn_game *g, struct game_tags *t)
{
	const char *n, *v;
	size_t i;

	t->result = t->fen = t->termination = NULL;
	for (i = 0; i < g->ntags; i++) {
		n = g->tags[i].name;
		v = g->tags[i].value;
		if (n[0] == 'R' && t->result == NULL &&
		    strcmp(n, "Result") == 0)
			t->result = v;
		else if (n[0] == 'F' && t->fen == NULL &&
		    strcmp(n, "FEN") == 0)
			t->fen = v;
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
decide(pdn_adjudicator *a, const pdn_rules_verdict *v,
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
	if (v->ply > 0 && pdn_replay_ply(a->rp, 0, v->ply - 1, &p) == 0) {
		out->number = p.number;
		out->side = p.side;
		pdn_move_str(&p.move, 0, out->move);
	}
}

/* The undecided verdicts: a claim that was not the end, time, nothing. */
static void
undecided(pdn_adjudicator *a, const pdn_game *g, const char *termination,
    const pdn_rules_state *st, pdn_adjudication *out)
{
	const pdn_position *fin;

	out->verdict = PDN_VERDICT_UNDECIDED;
	if (clock_loser(g, &out->loser)) {
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
		else if ((fin = pdn_replay_final(a->rp, 0)) != NULL)
			out->loser = fin->side;
	}
	if (out->has_loser)
		out->reason = "time";
	else if (st->claim.reason != PDN_REASON_NONE)
		decide(a, &st->claim, out);
	/* The recorded result stands. */
	out->adjudicated = out->recorded_outcome;
}

int
pdn_adjudicate(pdn_adjudicator *a, const pdn_game *g,
    const pdn_replay_options *opt, pdn_adjudication *out)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct game_tags tags;
	pdn_rules_state st, st0;
	pdn_result_family family;
	pdn_replay_status status;
	const char *fen;
	int k, rc, clock0;

	/*
	 * Field by field (a wide clear costs more than the replay of a
	 * short game's opening); line_end[] is filled for the lines that
	 * survive, and only those.
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
	out->move[0] = '\0';
	out->plies = 0;
	out->lines = 0;
	find_tags(g, &tags);
	recorded_result(g, tags.result, out, &family);
	if (opt != NULL) {
		ro.flags = opt->flags;
		ro.diag = opt->diag;
		ro.diag_arg = opt->diag_arg;
	}
	ro.flags |= PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
	ro.ply = NULL;
	if ((rc = pdn_replay_game(a->rp, g, &ro)) != 0)
		return rc;
	status = pdn_replay_verdict(a->rp);
	out->plies = pdn_replay_plies(a->rp);
	out->lines = pdn_replay_lines(a->rp);
	if (status != PDN_REPLAY_VALID || out->lines < 1) {
		out->verdict = PDN_VERDICT_INVALID;
		if (status == PDN_REPLAY_UNSUPPORTED)
			out->flags |= PDN_ADJ_UNSUPPORTED;
		return 0;
	}

	fen = tags.fen;
	clock0 = fen != NULL ? fen_clock(fen, strlen(fen)) : -1;
	memset(&st0, 0, sizeof(st0));
	for (k = 0; k < out->lines && k < PDN_REPLAY_MAX_LINES; k++) {
		if ((rc = walk_line(a, g, k, out->plies, clock0, &st)) != 0)
			return rc;
		out->line_end[k] = st.end;
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
		decide(a, &st0.end, out);
		if (st0.end.ply < out->plies)
			out->verdict = PDN_VERDICT_CONTINUES;
		else if (out->adjudicated == out->recorded_outcome)
			out->verdict = PDN_VERDICT_AGREE;
		else
			out->verdict = PDN_VERDICT_DISAGREE;
	} else if (st0.last_claim.reason != PDN_REASON_NONE &&
	    st0.last_claim.ply == out->plies &&
	    out->recorded_outcome == PDN_OUTCOME_DRAW) {
		/* A threefold claim on the last ply, and a draw recorded. */
		out->flags |= PDN_ADJ_CLAIM;
		decide(a, &st0.last_claim, out);
		out->verdict = PDN_VERDICT_AGREE;
	} else {
		if (st0.claim.reason != PDN_REASON_NONE)
			out->flags |= PDN_ADJ_CLAIM;
		undecided(a, g, tags.termination, &st0, out);
	}
	out->adjudicated_str = pdn_outcome_str(out->adjudicated, family);
	return 0;
}
