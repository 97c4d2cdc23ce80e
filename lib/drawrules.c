/*
 * The end of the game, ply by ply (docs/RULES.md section 5): no pieces, no
 * legal move, threefold repetition, and the 25-, 16- and 5-move rules,
 * under a rules profile.
 *
 * The tracker is fed every ply of every game during adjudication, so the
 * work per ply is kept to a few comparisons:
 * - the draw rules with a count are absolute deadlines (the ply at which
 *   each fires), recomputed only when a man moves, a piece is captured or
 *   the material changes, never counted down ply by ply;
 * - the material class (16-move ending, 5-move ending, neither) can only
 *   change on a capture or a promotion, so it is only computed then;
 * - repetition candidates are the positions since the last man move or
 *   capture (earlier ones can never come back: men do not move backward
 *   and captured pieces do not return), with the same side to move; a
 *   hash proposes, an exact comparison decides.  The hash is a product of
 *   the bitboards (mix()), taken only inside a run of king moves: most
 *   plies of a game are man moves or captures, after which no earlier
 *   position matters, so the position they reach is hashed only when a
 *   king move follows it;
 * - "can the side to move move at all" first looks for a free square next
 *   to one of its pieces, a few shifts of the bitboards (board.h), and only
 *   asks the move generator for a capture when every piece is blocked; the
 *   adjudicator (rules_step(), drawrules.h) skips the question where the
 *   record shows a legal move next, and hands over the position reached
 *   instead of having the move played again.
 * The history array grows by doubling and is reused across records, so
 * nothing is allocated per ply once it is large enough.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "drawrules.h"

/* The material classes of RULES.md 5.3 and 5.4. */
enum ending { ENDING_NONE, ENDING_16, ENDING_5 };

#define NEVER INT_MAX

/* One position since the last irreversible ply, with its occurrence count. */
struct occurrence {
	pdn_position pos;
	uint64_t hash;
	int count;
};

struct pdn_rules {
	pdn_profile prof;
	pdn_position cur;	/* the position after the last ply */
	uint64_t hash;		/* its hash, when `hashed` */
	int hashed;
	int start_ply;		/* the ply of the last start or setup */
	struct occurrence *hist; /* positions since the last irreversible ply */
	size_t nhist, caphist;
	enum ending ending;
	int due25, due16, due5;	/* the ply at which each rule fires */
	int due;		/* the earliest of them, and its reason */
	pdn_rules_reason due_reason;
	pdn_rules_state st;
};

static const char *const reason_names[] = {
	NULL, "no-pieces", "no-moves", "threefold", "25-move", "16-move",
	"5-move"
};

const char *
pdn_rules_reason_str(pdn_rules_reason reason)
{
	if ((unsigned)reason >=
	    sizeof(reason_names) / sizeof(reason_names[0]))
		return NULL;
	return reason_names[reason];
}

pdn_rules_reason
pdn_rules_reason_parse(const char *s)
{
	size_t i;

	if (s == NULL)
		return PDN_REASON_NONE;
	for (i = 1; i < sizeof(reason_names) / sizeof(reason_names[0]); i++)
		if (strcmp(reason_names[i], s) == 0)
			return (pdn_rules_reason)i;
	return PDN_REASON_NONE;
}

/* Nonzero when the side to move in `p` has at least one legal move. */
static int
can_move(const pdn_position *p)
{
	uint64_t empty = BOARD_MASK & ~(p->white | p->black);
	uint64_t kings, men, to;

	/* A free square next to a piece, forward for a man, means a quiet
	 * move, or else a compulsory capture: a legal move either way. */
	if (p->side == PDN_WHITE) {
		kings = p->white & p->kings;
		men = p->white & ~p->kings;
		to = step(men, -5) | step(men, -6);
	} else {
		kings = p->black & p->kings;
		men = p->black & ~p->kings;
		to = step(men, 5) | step(men, 6);
	}
	to |= step(kings, -5) | step(kings, -6) | step(kings, 5) |
	    step(kings, 6);
	if (to & empty)
		return 1;
	return pdn_has_capture(p);
}

pdn_rules_reason
rules_lost(const pdn_position *p)
{
	if ((p->side == PDN_WHITE ? p->white : p->black) == 0)
		return PDN_REASON_NO_PIECES;
	if (!can_move(p))
		return PDN_REASON_NO_MOVES;
	return PDN_REASON_NONE;
}

/* The material class of RULES.md 5.3 and 5.4. */
static enum ending
ending_of(const pdn_position *p)
{
	int n[2], k[2], lone, other;

	n[0] = popcount(p->white);
	n[1] = popcount(p->black);
	k[0] = popcount(p->white & p->kings);
	k[1] = popcount(p->black & p->kings);
	/* The lone side has exactly one piece, a king.  When both have, the
	 * other side is one king as well: a 5-move ending either way. */
	if (n[0] == 1 && k[0] == 1)
		lone = 0;
	else if (n[1] == 1 && k[1] == 1)
		lone = 1;
	else
		return ENDING_NONE;
	other = 1 - lone;
	if (k[other] == 0)
		return ENDING_NONE;
	if (n[other] == 3)
		return ENDING_16;
	if (n[other] <= 2)
		return ENDING_5;
	return ENDING_NONE;
}

/* Recomputes the earliest deadline; ties go to the earlier reason. */
static void
update_due(pdn_rules *t)
{
	t->due = t->due25;
	t->due_reason = PDN_REASON_25_MOVE;
	if (t->due16 < t->due) {
		t->due = t->due16;
		t->due_reason = PDN_REASON_16_MOVE;
	}
	if (t->due5 < t->due) {
		t->due = t->due5;
		t->due_reason = PDN_REASON_5_MOVE;
	}
}

/* The ply `ply` + `plies`, or never when the rule is off. */
static int
deadline(int ply, int plies)
{
	return plies > 0 ? ply + plies : NEVER;
}

/*
 * The endgame deadlines after ply `ply` changed the material class from
 * `t->ending` to `e` (RULES.md 5.3-5.5).
 */
static void
enter_ending(pdn_rules *t, enum ending e, int ply)
{
	switch (e) {
	case ENDING_NONE:
		/* Back to the 25-move rule alone. */
		t->due16 = t->due5 = NEVER;
		break;
	case ENDING_16:
		/* Only a promotion keeps the class (K+2M v K -> 2K+M v K):
		 * the count goes on. */
		if (t->ending != ENDING_16)
			t->due16 = deadline(ply, t->prof.ending16_plies);
		t->due5 = NEVER;
		break;
	case ENDING_5:
		if (t->ending == ENDING_5)
			break;	/* captures and promotions inside go on */
		if (t->ending != ENDING_16 ||
		    t->prof.transition == PDN_TRANSITION_RESTART)
			t->due16 = NEVER;
		t->due5 = deadline(ply, t->prof.ending5_plies);
		break;
	}
	t->ending = e;
}

/*
 * The tracker's hash of a position: its bitboards multiplied together,
 * a few instructions where a Zobrist hash (pdn_position_hash()) reads a
 * table entry per piece.  It only proposes; equality decides.
 */
static uint64_t
mix(const pdn_position *p)
{
	uint64_t h = p->white * 0x9e3779b97f4a7c15ULL;

	h ^= (p->black + (uint64_t)p->side) * 0xc2b2ae3d27d4eb4fULL;
	h ^= p->kings * 0x165667b19e3779f9ULL;
	return h ^ (h >> 29);
}

/* Makes room for one more occurrence, before anything changes. */
static int
reserve(pdn_rules *t)
{
	struct occurrence *h;
	size_t cap;

	if (t->nhist < t->caphist)
		return 0;
	cap = t->caphist != 0 ? 2 * t->caphist : 64;
	if ((h = realloc(t->hist, cap * sizeof(*h))) == NULL)
		return PDN_ENOMEM;
	t->hist = h;
	t->caphist = cap;
	return 0;
}

static void
decide(pdn_rules_verdict *v, pdn_rules_reason reason, pdn_rules_result res,
    int ply)
{
	v->reason = reason;
	v->result = res;
	v->ply = ply;
}

/*
 * Decides the current position, reached at ply `t->st.ply`, with `count`
 * its occurrences: a win first (it beats a draw on the same ply), then
 * repetition, then the earliest deadline.  With `more` set a legal move
 * is known to follow, so there is no win to look for.
 */
static void
judge(pdn_rules *t, int count, int more)
{
	const pdn_position *p = &t->cur;
	pdn_rules_result win = p->side == PDN_WHITE ?
	    PDN_RESULT_BLACK_WINS : PDN_RESULT_WHITE_WINS;
	int ply = t->st.ply;
	int repeated = t->prof.threefold > 0 && count >= t->prof.threefold;

	pdn_rules_reason lost;

	if (t->st.end.reason != PDN_REASON_NONE)
		return;
	if (!more && (lost = rules_lost(p)) != PDN_REASON_NONE)
		decide(&t->st.end, lost, win, ply);
	else if (repeated && !t->prof.threefold_claim)
		decide(&t->st.end, PDN_REASON_THREEFOLD, PDN_RESULT_DRAW, ply);
	else if (ply >= t->due)
		decide(&t->st.end, t->due_reason, PDN_RESULT_DRAW, ply);
	if (repeated && t->prof.threefold_claim) {
		if (t->st.claim.reason == PDN_REASON_NONE)
			decide(&t->st.claim, PDN_REASON_THREEFOLD,
			    PDN_RESULT_DRAW, ply);
		decide(&t->st.last_claim, PDN_REASON_THREEFOLD,
		    PDN_RESULT_DRAW, ply);
	}
}

/* Starts counting afresh at `pos`, at the current ply. */
static int
restart(pdn_rules *t, const pdn_position *pos, int halfmove_clock)
{
	int ply = t->st.ply, rc;

	t->nhist = 0;
	if ((rc = reserve(t)) != 0)
		return rc;
	t->cur = *pos;
	t->hashed = 0;
	t->start_ply = ply;
	if (t->prof.threefold > 0) {
		t->hist[0].pos = *pos;
		t->hist[0].count = t->prof.threefold_initial ? 1 : 0;
		t->nhist = 1;
	}
	/* The clock may come from lidraughts' ":H"; it cannot go below
	 * zero and need not be kept beyond the rule's limit. */
	if (halfmove_clock < 0)
		halfmove_clock = 0;
	if (halfmove_clock > PDN_PROFILE_PLIESMAX)
		halfmove_clock = PDN_PROFILE_PLIESMAX;
	t->due25 = deadline(ply - halfmove_clock, t->prof.king_plies);
	t->due16 = t->due5 = NEVER;
	t->ending = ENDING_NONE;
	enter_ending(t, ending_of(pos), ply);
	update_due(t);
	judge(t, t->prof.threefold_initial ? 1 : 0, 0);
	return 0;
}

int
pdn_rules_new(pdn_rules **out, const pdn_profile *profile)
{
	pdn_rules *t;

	*out = NULL;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return PDN_ENOMEM;
	t->prof = profile != NULL ? *profile : *pdn_profile_default();
	if (reserve(t) != 0) {
		free(t);
		return PDN_ENOMEM;
	}
	pdn_position_start(&t->cur);
	*out = t;
	return 0;
}

void
pdn_rules_free(pdn_rules *t)
{
	if (t == NULL)
		return;
	free(t->hist);
	free(t);
}

const pdn_profile *
pdn_rules_profile(const pdn_rules *t)
{
	return &t->prof;
}

int
pdn_rules_start(pdn_rules *t, const pdn_position *pos, int halfmove_clock)
{
	memset(&t->st, 0, sizeof(t->st));
	return restart(t, pos, halfmove_clock);
}

int
pdn_rules_setup(pdn_rules *t, const pdn_position *pos, int halfmove_clock)
{
	return restart(t, pos, halfmove_clock);
}

/*
 * Plays m from the current position, which is `before`: to `after` when
 * not NULL, else by making the move.
 */
static int
play(pdn_rules *t, const pdn_position *before, const pdn_move *m,
    const pdn_position *after, int more)
{
	const struct occurrence *o;
	struct occurrence *h;
	int man, count = 0;
	size_t i;

	/* The same test as pdn_position_equal(), without the call. */
	if (before->white != t->cur.white || before->black != t->cur.black ||
	    before->kings != t->cur.kings || before->side != t->cur.side ||
	    m->from > PDN_SQUARES)
		return PDN_EINVAL;
	man = (t->cur.kings & pdn_square_bits[m->from]) == 0;
	if (man || m->ncap > 0) {
		/* Irreversible: the 25-move clock restarts and no earlier
		 * position can come back. */
		if (after != NULL)
			position_copy(&t->cur, after);
		else
			make_move(&t->cur, m);
		t->st.ply++;
		t->hashed = 0;
		t->due25 = deadline(t->st.ply, t->prof.king_plies);
		if (m->ncap > 0 || m->promotes)
			enter_ending(t, ending_of(&t->cur), t->st.ply);
		update_due(t);
		/* The position reached is the first of a new history; it is
		 * only written there when a king move follows. */
		t->nhist = 1;
		count = 1;
	} else if (t->prof.threefold > 0) {
		/* Only a king move lengthens the history (the tracker
		 * starts with room for one position). */
		if (reserve(t) != 0)
			return PDN_ENOMEM;
		/* A king move: the first of a run records the position it
		 * starts from, the others update the hash. */
		if (!t->hashed) {
			h = &t->hist[0];
			t->hash = mix(&t->cur);
			if (t->st.ply > t->start_ply) {
				/* After a man move or a capture. */
				position_copy(&h->pos, &t->cur);
				h->count = 1;
			}
			h->hash = t->hash;
			t->hashed = 1;
		}
		if (after != NULL)
			position_copy(&t->cur, after);
		else
			make_move(&t->cur, m);
		t->hash = mix(&t->cur);
		t->st.ply++;
		/* The most recent equal position, with the same side to
		 * move, carries the count so far. */
		for (i = t->nhist; i >= 2; i -= 2) {
			o = &t->hist[i - 2];
			if (o->hash == t->hash &&
			    pdn_position_equal(&o->pos, &t->cur)) {
				count = o->count;
				break;
			}
		}
		count++;
		h = &t->hist[t->nhist++];
		position_copy(&h->pos, &t->cur);
		h->hash = t->hash;
		h->count = count;
	} else {
		if (after != NULL)
			position_copy(&t->cur, after);
		else
			make_move(&t->cur, m);
		t->st.ply++;
	}
	judge(t, count, more);
	return 0;
}

int
pdn_rules_play(pdn_rules *t, const pdn_position *before, const pdn_move *m,
    pdn_rules_state *state)
{
	int rc;

	if ((rc = play(t, before, m, NULL, 0)) != 0)
		return rc;
	if (state != NULL) {
		/* Field by field: one wide copy would read the ply count
		 * just stored and stall on store forwarding. */
		state->end = t->st.end;
		state->claim = t->st.claim;
		state->ply = t->st.ply;
		state->last_claim = t->st.last_claim;
	}
	return 0;
}

int
rules_step(pdn_rules *t, const pdn_position *before, const pdn_move *m,
    const pdn_position *after, int more)
{
	return play(t, before, m, after, more);
}

const pdn_rules_state *
pdn_rules_state_get(const pdn_rules *t)
{
	return &t->st;
}

const pdn_position *
pdn_rules_position(const pdn_rules *t)
{
	return &t->cur;
}
