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
 *   asks the move generator for a capture when every piece is blocked;
 *   pdn_rules_play_game() skips the question where the record shows a
 *   legal move next, and hands over the position the played game reached
 *   instead of having the move played again.
 * The history array grows by doubling and is reused across records, so
 * nothing is allocated per ply once it is large enough.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "make.h"
#include "pdn/rules.h"
#include "profile.h"
#include "variant.h"


#define NEVER INT_MAX

/* One position since the last irreversible ply, with its occurrence count. */
struct occurrence {
	pdn_position pos;
	uint64_t hash;
	int count;
};

struct pdn_rules {
	pdn_profile prof;
	/*
	 * The rule of king moves without capture that fires first (25-, 15-,
	 * 20- or 40-move: they all count the same plies), and its limit.
	 */
	int king_plies;
	pdn_rules_reason king_reason;
	pdn_position cur;	/* the position after the last ply */
	uint64_t hash;		/* its hash, when `hashed` */
	int hashed;
	int start_ply;		/* the ply of the last start or setup */
	struct occurrence *hist; /* positions since the last irreversible ply */
	size_t nhist, caphist;
	enum ending ending;
	int due25, due16, due5;	/* the ply at which each rule fires */
	int due3k, duebal;	/* FMJD-64 7.2.4 and 7.2.6 */
	int due2v1, due1v1;	/* Frisian */
	int variant_rules;	/* the profile has rules of other variants */
	int due_end;		/* the earliest of the material rules' */
	pdn_rules_reason due_end_reason;
	int due;		/* the earliest of them, and its reason */
	pdn_rules_reason due_reason;
	pdn_rules_state st;
};

static const char *const reason_names[] = {
	NULL, "no-pieces", "no-moves", "threefold", "25-move", "16-move",
	"5-move", "15-move", "20-move", "40-move", "3-kings", "balance",
	"7-move", "king-v-king"
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

	/* Other variants: the generator, their boards are not this one. */
	if (p->variant != 0)
		return pdn_count_moves(p) > 0;
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

/*
 * Why the side to move has lost in `p` (PDN_REASON_NO_PIECES or
 * PDN_REASON_NO_MOVES), or PDN_REASON_NONE.  A board of no pieces at all,
 * which only a setup makes (setup-empty), is no loss of either side: no
 * rule decides it.
 */
static pdn_rules_reason
rules_lost(const pdn_position *p)
{
	if ((p->white | p->black) == 0 && (p->hi[0] | p->hi[1]) == 0)
		return PDN_REASON_NONE;
	if ((p->side == PDN_WHITE ? p->white : p->black) == 0 &&
	    p->hi[p->side == PDN_WHITE ? 0 : 1] == 0)
		return PDN_REASON_NO_PIECES;
	if (!can_move(p))
		return PDN_REASON_NO_MOVES;
	return PDN_REASON_NONE;
}

/*
 * The earliest deadline of the other variants' material rules, into
 * due_end when earlier (see endings_due()).
 */
static __attribute__((noinline)) void
variant_endings_due(pdn_rules *t)
{
	const struct {
		int due;
		pdn_rules_reason reason;
	} rules[] = {
		{ t->due3k, PDN_REASON_3_KINGS },
		{ t->duebal, PDN_REASON_BALANCE },
		{ t->due2v1, PDN_REASON_7_MOVE },
		{ t->due1v1, PDN_REASON_KING_V_KING }
	};
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].due < t->due_end) {
			t->due_end = rules[i].due;
			t->due_end_reason = rules[i].reason;
		}
}

/*
 * The earliest deadline of the material rules (every rule but the king
 * moves'), which change only on a capture, a promotion or a start; ties
 * go to the earlier reason.
 */
static inline void
endings_due(pdn_rules *t)
{
	t->due_end = t->due16;
	t->due_end_reason = PDN_REASON_16_MOVE;
	if (t->due5 < t->due_end) {
		t->due_end = t->due5;
		t->due_end_reason = PDN_REASON_5_MOVE;
	}
	if (t->variant_rules)
		variant_endings_due(t);
}

/*
 * Recomputes the earliest deadline after the king moves' clock moved:
 * ties go to the king moves, except that FMJD-64 7.2.4 names the material
 * more closely than 7.2.5 and wins one.
 */
static inline void
update_due(pdn_rules *t)
{
	t->due = t->due25;
	t->due_reason = t->king_reason;
	if (t->due_end < t->due || (t->due_end == t->due &&
	    t->due_end != NEVER && t->due_end_reason == PDN_REASON_3_KINGS)) {
		t->due = t->due_end;
		t->due_reason = t->due_end_reason;
	}
}

/* The ply `ply` + `plies`, or never when the rule is off. */
static int
deadline(int ply, int plies)
{
	return plies > 0 ? ply + plies : NEVER;
}

/*
 * The deadlines of the other variants' endings after ply `ply`, a capture
 * or a promotion (or a start), which all restart: FMJD-64 7.2.4, three
 * kings or more and no man against a lone king, and 7.2.6, both sides
 * with kings, 4 to 7 pieces; Frisian, two kings against one and one king
 * each.
 */
static __attribute__((noinline)) void
russian_endings(pdn_rules *t, const pdn_position *p, int ply)
{
	int nw, nb, kw, kb, n;

	t->due3k = t->duebal = t->due2v1 = t->due1v1 = NEVER;
	if (t->prof.kings3_plies == 0 && t->prof.balance4_plies == 0 &&
	    t->prof.balance6_plies == 0 && t->prof.kings2v1_plies == 0 &&
	    t->prof.kings1v1_plies == 0)
		return;
	nw = pdn_position_count(p, PDN_WHITE);
	nb = pdn_position_count(p, PDN_BLACK);
	kw = pdn_position_kings(p, PDN_WHITE);
	kb = pdn_position_kings(p, PDN_BLACK);
	if ((nw == 1 && kw == 1 && nb >= 3 && kb == nb) ||
	    (nb == 1 && kb == 1 && nw >= 3 && kw == nw))
		t->due3k = deadline(ply, t->prof.kings3_plies);
	if (kw == nw && kb == nb && ((nw == 2 && nb == 1) ||
	    (nw == 1 && nb == 2)))
		t->due2v1 = deadline(ply, t->prof.kings2v1_plies);
	if (nw == 1 && nb == 1 && kw == 1 && kb == 1)
		t->due1v1 = deadline(ply, t->prof.kings1v1_plies);
	n = nw + nb;
	if (kw > 0 && kb > 0 && n >= 4 && n <= 7)
		t->duebal = deadline(ply, n <= 5 ? t->prof.balance4_plies :
		    t->prof.balance6_plies);
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
	h ^= ((uint64_t)p->hi[0] | (uint64_t)p->hi[1] << 8 |
	    (uint64_t)p->hi[2] << 16) * 0xd6e8feb86659fd93ULL;
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
static inline __attribute__((always_inline)) void
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
	t->due25 = deadline(ply - halfmove_clock, t->king_plies);
	t->due16 = t->due5 = NEVER;
	t->ending = ENDING_NONE;
	enter_ending(t, ending_of(pos), ply);
	russian_endings(t, pos, ply);
	endings_due(t);
	update_due(t);
	judge(t, t->prof.threefold_initial ? 1 : 0, 0);
	return 0;
}

/* Takes a king-move rule of `plies` when it fires before the one kept. */
static void
pick_king_rule(pdn_rules *t, int plies, pdn_rules_reason reason)
{
	if (plies > 0 && (t->king_plies == 0 || plies < t->king_plies)) {
		t->king_plies = plies;
		t->king_reason = reason;
	}
}

int
pdn_rules_new(pdn_rules **out, const pdn_profile *profile)
{
	pdn_rules *t;

	*out = NULL;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return PDN_ENOMEM;
	t->prof = profile != NULL ? *profile : *pdn_profile_default();
	/* Of the king-move rules, the one with the fewest plies fires. */
	t->king_plies = t->prof.king_plies;
	t->king_reason = PDN_REASON_25_MOVE;
	pick_king_rule(t, t->prof.moves15_plies, PDN_REASON_15_MOVE);
	pick_king_rule(t, t->prof.moves20_plies, PDN_REASON_20_MOVE);
	pick_king_rule(t, t->prof.moves40_plies, PDN_REASON_40_MOVE);
	t->variant_rules = t->prof.kings3_plies > 0 ||
	    t->prof.balance4_plies > 0 || t->prof.balance6_plies > 0 ||
	    t->prof.kings2v1_plies > 0 || t->prof.kings1v1_plies > 0;
	if (reserve(t) != 0) {
		free(t);
		return PDN_ENOMEM;
	}
	pdn_variant_start(pdn_variant_default(), &t->cur);
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
	/*
	 * The mover's start square is a bit of fromto, its end square is
	 * empty before the move: in any variant's layout.  (A capture that
	 * ends where it began has fromto 0, and is irreversible anyway.)
	 */
	man = t->cur.variant == VARIANT_CANADIAN ? !set_has(&t->cur, 2,
	    variant_bit(pdn_variant_of(&t->cur), m->from)) :
	    (t->cur.kings & m->fromto) == 0;
	if (man || m->ncap > 0) {
		/* Irreversible: the 25-move clock restarts and no earlier
		 * position can come back. */
		if (after != NULL)
			t->cur = *after;
		else
			make_any(&t->cur, &t->cur, m);
		t->st.ply++;
		t->hashed = 0;
		t->due25 = deadline(t->st.ply, t->king_plies);
		if (m->ncap > 0 || m->promotes) {
			enter_ending(t, ending_of(&t->cur), t->st.ply);
			if (t->variant_rules)
				russian_endings(t, &t->cur, t->st.ply);
			endings_due(t);
		}
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
				h->pos = t->cur;
				h->count = 1;
			}
			h->hash = t->hash;
			t->hashed = 1;
		}
		if (after != NULL)
			t->cur = *after;
		else
			make_any(&t->cur, &t->cur, m);
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
		h->pos = t->cur;
		h->hash = t->hash;
		h->count = count;
	} else {
		if (after != NULL)
			t->cur = *after;
		else
			make_any(&t->cur, &t->cur, m);
		t->st.ply++;
	}
	judge(t, count, more);
	return 0;
}

int
pdn_rules_play(pdn_rules_state *state, pdn_rules *t,
    const pdn_position *before, const pdn_move *m)
{
	int rc;

	if ((rc = play(t, before, m, NULL, 0)) != 0)
		return rc;
	/*
	 * One copy of the state: copied field by field against a stall on
	 * store forwarding, bench/drawrules took 14.4 ns a ply against 14.1
	 * ns so (best of 15 runs each, 2026-12-03): no trick is needed.
	 */
	if (state != NULL)
		*state = t->st;
	return 0;
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

/* --- a played game, ply by ply ---------------------------------------- */

/*
 * Walks line k of pg (of `plies` plies) once, before the tracker starts:
 * sets *kingless to the number of plies at its start that leave no king
 * and follow no setup, and returns nonzero when no draw can end the line
 * before its last position (from a start whose 25-move count is at
 * `clock0`), so that only that position needs judging.  The checks are
 * cheap and sufficient, not exact:
 * - no setup in the line after the start;
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
survey(const pdn_rules *t, const pdn_played *pg, int k, long plies,
    int clock0, long *kingless)
{
	const pdn_profile *prof = &t->prof;
	const pdn_setup *st = pdn_played_setup(pg, 1);
	const pdn_position *prev = pdn_played_start(pg), *cur, *batch[64];
	long i = 0, j = 0, n = 0, end = plies, run = 0, best = 0;
	long limit = LONG_MAX;

	/* The 12x12 board's edge squares are not in the bitboards read here. */
	*kingless = 0;
	if (prev->variant == VARIANT_CANADIAN)
		return 0;
	if (t->king_plies > 0)
		limit = t->king_plies;
	if (prof->threefold > 0 && 4L * (prof->threefold - 1) < limit)
		limit = 4L * (prof->threefold - 1);
	/* The opening stops at the first setup after the start. */
	if (st != NULL && st->ply < end)
		end = st->ply;
	/* The opening, where no king stands: one test a ply. */
	while (i < end) {
		if ((n = pdn_played_positions(batch, 64, pg, k, i)) == 0)
			return 0;
		for (j = 0; j < n && batch[j]->kings == 0; j++)
			;
		i += j;
		if (j < n)
			break;
	}
	if (i > end)
		i = end;
	*kingless = i;
	if (st != NULL)
		return 0;
	/*
	 * FMJD-64 7.2.6 counts man moves too: once a king stands, only the
	 * tracker can tell.
	 */
	if (i < plies && (prof->balance4_plies > 0 || prof->balance6_plies > 0))
		return 0;
	/* The position the first ply with a king was played in. */
	if (i > 0 && pdn_played_positions(&prev, 1, pg, k, i - 1) != 1)
		return 0;
	/*
	 * From there on, a king move without capture, told from the
	 * positions alone: the opponent's pieces stay, and the kings change
	 * without growing in number (a man's move leaves them as they were, a
	 * promotion adds one).
	 */
	for (; i < plies; i += n) {
		if ((n = pdn_played_positions(batch, 64, pg, k, i)) == 0)
			return 0;
		for (j = 0; j < n; j++, prev = cur) {
			cur = batch[j];
			if (prev->kings != cur->kings &&
			    (prev->side == PDN_WHITE ? prev->black ==
			    cur->black : prev->white == cur->white) &&
			    popcount(prev->kings) == popcount(cur->kings)) {
				if (++run > best)
					best = run;
			} else
				run = 0;
		}
	}
	if (plies > 0 && (popcount(prev->white) < 2 ||
	    popcount(prev->black) < 2))
		return 0;
	return best + (clock0 > 0 ? clock0 : 0) < limit;
}

/*
 * The setup after the last ply of the main line, which replaces the
 * position that ply reached (the line ends in it), or NULL.
 */
static const pdn_setup *
trailing_setup(const pdn_played *pg, long plies)
{
	size_t n = pdn_played_setups(pg);
	const pdn_setup *st = n > 1 ? pdn_played_setup(pg, n - 1) : NULL;

	return st != NULL && st->ply == plies ? st : NULL;
}

/*
 * Feeds line k of pg to the tracker, up to the rules' end (nothing later
 * can change it; a threefold claim matters only when no end comes).
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
 * the game.  A line where no draw can come (survey()), such as one
 * without a king, needs only its last position judged (survey()).
 *
 * The tracker takes each position from the played game rather than
 * playing the move again, and where the next ply follows without a setup
 * (a legal move in the position reached) it looks for draws only.
 */
int
pdn_rules_play_game(pdn_rules_state *out, pdn_rules *t, const pdn_played *pg,
    int k)
{
	const pdn_setup *s0 = pdn_played_setup(pg, 0), *tsetup;
	const pdn_rules_state *cur = &t->st;
	const pdn_position *fin;
	pdn_position last;	/* the position after the last ply skipped */
	pdn_ply p, np;
	long plies = pdn_played_plies(pg), i, skipped = 0;
	long claim_skipped = 0, last_skipped = 0;
	int rc, pending = 0, claimed, more, have, nhave, last_claim = 0;
	int clock0, quiet;

	memset(out, 0, sizeof(*out));
	if (s0 == NULL || (fin = pdn_played_final(pg, k)) == NULL)
		return PDN_EINVAL;
	clock0 = s0->halfmove_clock;
	tsetup = trailing_setup(pg, plies);
	/* The opening, where no king stands yet, is passed in one step. */
	quiet = survey(t, pg, k, plies, clock0, &skipped);
	if (plies > 0 && tsetup == NULL && quiet) {
		/* Only the last position can be decided, and only lost. */
		out->ply = (int)plies;
		if ((out->end.reason = rules_lost(fin)) != PDN_REASON_NONE) {
			out->end.result = fin->side == PDN_WHITE ?
			    PDN_RESULT_BLACK_WINS : PDN_RESULT_WHITE_WINS;
			out->end.ply = (int)plies;
		}
		return 0;
	}
	if ((rc = pdn_rules_start(t, &s0->pos, clock0)) != 0)
		return rc;
	claimed = cur->claim.reason != PDN_REASON_NONE;
	i = 0;
	if (cur->end.reason != PDN_REASON_NONE)
		skipped = 0;
	else if (skipped > 0) {
		pdn_played_ply(&p, pg, k, skipped - 1);
		last = *p.after;
		pending = 1;
		i = skipped;
	}
	/*
	 * The next ply is looked at first: when it follows without a setup,
	 * it is a legal move in the position this ply reaches, which is then
	 * neither lost nor to be tested for a move.
	 */
	have = i < plies && pdn_played_ply(&p, pg, k, i) == 0;
	for (; have && cur->end.reason == PDN_REASON_NONE; i++, p = np,
	    have = nhave) {
		nhave = i + 1 < plies && pdn_played_ply(&np, pg, k, i + 1) == 0;
		/*
		 * A setup replaced the position before this move: the one it
		 * replaced may have been lost, and the tracker restarts its
		 * counts at the new one, keeping the plies played and any
		 * end reached.  The new position is judged even when the
		 * move leaves no king: its 25-move clock (":H") may already
		 * be at the limit.
		 */
		if (p.flags & PDN_PLY_SETUP) {
			if (pending && (rc = pdn_rules_setup(t, &last, -1)) != 0)
				return rc;
			pending = 0;
			if (cur->end.reason != PDN_REASON_NONE)
				break;
			if ((rc = pdn_rules_setup(t, p.before, p.setup != NULL ?
			    p.setup->halfmove_clock : -1)) != 0)
				return rc;
			if (cur->end.reason != PDN_REASON_NONE)
				break;
		}
		if (p.after->kings == 0 && p.after->hi[2] == 0) {
			last = *p.after;
			pending = 1;
			skipped++;
			continue;
		}
		/* After plies skipped the tracker restarts there too.  (A
		 * tracker whose position is not the one the move was played
		 * in can only come from a setup.) */
		if (pending && (rc = pdn_rules_setup(t, p.before, -1)) != 0)
			return rc;
		pending = 0;
		more = nhave && !(np.flags & PDN_PLY_SETUP);
		rc = play(t, p.before, p.move, p.after, more);
		if (rc == PDN_EINVAL) {
			if ((rc = pdn_rules_setup(t, p.before, -1)) != 0)
				return rc;
			rc = play(t, p.before, p.move, p.after, more);
		}
		if (rc != 0)
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
	if (pending && cur->end.reason == PDN_REASON_NONE &&
	    (rc = pdn_rules_setup(t, &last, -1)) != 0)
		return rc;
	/* A setup after the last move is the position the game ends in. */
	if (tsetup != NULL && cur->end.reason == PDN_REASON_NONE &&
	    (rc = pdn_rules_setup(t, &tsetup->pos,
	    tsetup->halfmove_clock)) != 0)
		return rc;
	*out = *cur;
	out->ply += (int)skipped;
	if (out->end.reason != PDN_REASON_NONE)
		out->end.ply += (int)skipped;
	if (claimed) {
		out->claim.ply += (int)claim_skipped;
		out->last_claim.ply += (int)last_skipped;
	}
	return 0;
}
