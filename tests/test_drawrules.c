/*
 * The end of the game by the rules: the games of testdata/drawrules.yaml,
 * each played under every profile it names, checked after every ply and
 * adjudicated as a record; and the tracker's API contract.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pdn/pdn.h>
#include "pdntest.h"

/* The adjudication the tests fill, one for the run. */
static pdn_adjudication *
result(void)
{
	static pdn_adjudication *r;

	if (r == NULL)
		assert_int_equal(pdn_adjudication_new(&r), 0);
	return r;
}

#include "yamlvec.h"
/* A white-box test: it reads the fields of moves and lists. */
#include "move.h"

#define MAXPLIES 512

/* What a vector expects under one profile. */
struct expect {
	pdn_rules_verdict end;
	int claim;		/* ply of the first claim, -1: none */
};

/* A game of the vectors: the start and the moves, already matched. */
struct game {
	const char *name;
	const char *fen_text, *move_text;	/* as the vector gives them */
	pdn_position start;
	int halfmove;
	int n;
	pdn_move moves[MAXPLIES];
	pdn_position before[MAXPLIES];
};

static const char *const result_names[] = {
	"none", "white", "black", "draw"
};

static pdn_rules_result
parse_result(yamlvec *v, yaml_node_t *map)
{
	const char *s = yamlvec_field(v, map, "result");
	size_t i;

	for (i = 1; i < sizeof(result_names) / sizeof(result_names[0]); i++)
		if (strcmp(s, result_names[i]) == 0)
			return (pdn_rules_result)i;
	fail_msg("%s:%zu: unknown result \"%s\"", v->path,
	    map->start_mark.line + 1, s);
	return PDN_RESULT_NONE;
}

static void
parse_expect(yamlvec *v, yaml_node_t *map, struct expect *e)
{
	const char *end = yamlvec_field(v, map, "end");

	memset(e, 0, sizeof(*e));
	e->claim = -1;
	if (strcmp(end, "none") != 0) {
		e->end.reason = pdn_rules_reason_parse(end);
		if (e->end.reason == PDN_REASON_NONE)
			fail_msg("%s:%zu: unknown reason \"%s\"", v->path,
			    map->start_mark.line + 1, end);
		e->end.ply = (int)yamlvec_int(v, map, "ply");
		e->end.result = parse_result(v, map);
	}
	if (yamlvec_get(v, map, "claim") != NULL)
		e->claim = (int)yamlvec_int(v, map, "claim");
}

/* The legal move of `pos` written `text` (short or full form). */
static void
match_move(const char *vec, int ply, const pdn_position *pos,
    const char *text, pdn_move *out)
{
	pdn_movelist list;
	char s[PDN_MOVE_STRMAX], f[PDN_MOVE_STRMAX];
	int i, n, found = 0;

	n = pdn_generate(&list, pos);
	for (i = 0; i < n; i++) {
		pdn_move_str(s, NULL, &list.m[i], 0);
		pdn_move_str(f, NULL, &list.m[i], 1);
		if (strcmp(s, text) == 0 || strcmp(f, text) == 0) {
			*out = list.m[i];
			found++;
		}
	}
	if (found != 1)
		fail_msg("%s: ply %d: \"%s\" matches %d legal moves", vec,
		    ply, text, found);
}

static void
load_game(yamlvec *v, yaml_node_t *item, struct game *g)
{
	const char *fen = yamlvec_field(v, item, "fen");
	const char *moves = yamlvec_field(v, item, "moves");
	pdn_fen_info info;
	pdn_position pos;
	char tok[PDN_MOVE_STRMAX];
	const char *p = moves;
	size_t len;

	g->name = yamlvec_field(v, item, "name");
	g->fen_text = fen;
	g->move_text = moves;
	if (pdn_fen_read(&g->start, NULL, fen, strlen(fen), &info) != 0)
		fail_msg("%s: bad FEN \"%s\"", g->name, fen);
	g->halfmove = info.halfmove_clock;
	pos = g->start;
	g->n = 0;
	for (;;) {
		p += strspn(p, " \t\n");
		if (*p == '\0')
			break;
		len = strcspn(p, " \t\n");
		if (len >= sizeof(tok) || g->n == MAXPLIES)
			fail_msg("%s: move or game too long", g->name);
		memcpy(tok, p, len);
		tok[len] = '\0';
		p += len;
		match_move(g->name, g->n + 1, &pos, tok, &g->moves[g->n]);
		g->before[g->n] = pos;
		pdn_make(&pos, &g->moves[g->n]);
		g->n++;
	}
}

static int
same_verdict(const pdn_rules_verdict *a, const pdn_rules_verdict *b)
{
	return a->reason == b->reason && a->result == b->result &&
	    a->ply == b->ply;
}

static void
describe(const pdn_rules_verdict *v, char *buf, size_t size)
{
	if (v->reason == PDN_REASON_NONE)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%s at ply %d, %s",
		    pdn_rules_reason_str(v->reason), v->ply,
		    result_names[v->result]);
}

/*
 * Plays the game on tracker `t` and checks the state after the start and
 * after every ply: no end before the expected ply, the expected end from
 * then on; the same for the claim.  Returns the number of failures, each
 * printed.
 */
static int
check_game(pdn_rules *t, const struct game *g, const char *prof,
    const struct expect *e)
{
	pdn_rules_state st;
	pdn_rules_verdict want, want_claim, none;
	char a[128], b[128];
	int ply;

	memset(&none, 0, sizeof(none));
	memset(&want_claim, 0, sizeof(want_claim));
	if (e->claim >= 0) {
		want_claim.reason = PDN_REASON_THREEFOLD;
		want_claim.result = PDN_RESULT_DRAW;
		want_claim.ply = e->claim;
	}
	assert_int_equal(pdn_rules_start(t, &g->start, g->halfmove), 0);
	for (ply = 0; ply <= g->n; ply++) {
		if (ply > 0)
			assert_int_equal(pdn_rules_play(&st, t,
			    &g->before[ply - 1], &g->moves[ply - 1]), 0);
		else
			st = *pdn_rules_state_get(t);
		want = e->end.reason != PDN_REASON_NONE && ply >= e->end.ply ?
		    e->end : none;
		if (st.ply != ply || !same_verdict(&st.end, &want)) {
			describe(&st.end, a, sizeof(a));
			describe(&want, b, sizeof(b));
			print_error("%s [%s] after ply %d: end %s, expected "
			    "%s\n", g->name, prof, ply, a, b);
			return 1;
		}
		want = e->claim >= 0 && ply >= e->claim ? want_claim : none;
		if (!same_verdict(&st.claim, &want)) {
			describe(&st.claim, a, sizeof(a));
			describe(&want, b, sizeof(b));
			print_error("%s [%s] after ply %d: claim %s, expected "
			    "%s\n", g->name, prof, ply, a, b);
			return 1;
		}
	}
	/* The tracker followed the game. */
	if (g->n > 0) {
		pdn_position last = g->before[g->n - 1];

		pdn_make(&last, &g->moves[g->n - 1]);
		assert_true(pdn_position_equal(&last, pdn_rules_position(t)));
	}
	return 0;
}

/*
 * The game as a record (its FEN tag and its moves) through the adjudicator,
 * which passes over much of a record where no rule can fire: it must name
 * the same first end, or else the same claim.  Returns 1 on a failure,
 * printed.
 */
static int
check_adjudicated(const struct game *g, const char *prof,
    const pdn_profile *p, const struct expect *e)
{
	static char text[16384];
	pdn_adjudicator *a;
	pdn_adjudication *out = result();
	const char *why;
	pdn_reader *r;
	const pdn_game *pg;
	const char *want = NULL;
	long ply = -1;
	int failed = 0;

	snprintf(text, sizeof(text),
	    "[GameType \"20\"]\n[FEN \"%s\"]\n\n%s *\n", g->fen_text,
	    g->move_text);
	assert_int_equal(pdn_reader_new_mem(&r, text, strlen(text),
	    pdntest_reader_options()), 0);
	assert_int_equal(pdn_reader_next(&pg, r), 1);
	assert_int_equal(pdn_adjudicator_new(&a, p), 0);
	assert_int_equal(pdntest_adjudicate(out, a, pg, NULL), 0);
	if (e->end.reason != PDN_REASON_NONE) {
		want = pdn_rules_reason_str(e->end.reason);
		ply = e->end.ply;
	} else if (e->claim >= 0) {
		want = "threefold";
		ply = e->claim;
	}
	why = pdn_adjudication_reason(out);
	if (pdn_adjudication_verdict(out) == PDN_VERDICT_INVALID ||
	    pdn_adjudication_plies(out) != g->n ||
	    pdn_adjudication_ply(out) != ply || (want == NULL ? why != NULL :
	    why == NULL || strcmp(why, want) != 0)) {
		print_error("%s [%s] adjudicated: %s at ply %ld (%s, %ld "
		    "plies), expected %s at ply %ld\n", g->name, prof,
		    why != NULL ? why : "none", pdn_adjudication_ply(out),
		    pdn_verdict_str(pdn_adjudication_verdict(out)),
		    pdn_adjudication_plies(out), want != NULL ? want : "none",
		    ply);
		failed = 1;
	}
	pdn_adjudicator_free(a);
	pdn_reader_free(r);
	return failed;
}

/* A built-in name, or a profile file under testdata/. */
static void
get_profile(const char *key, pdn_profile **out)
{
	pdn_profile_error err;
	char path[512];

	if (strstr(key, ".yaml") != NULL) {
		snprintf(path, sizeof(path), "testdata/%s", key);
		key = path;
	}
	if (pdn_profile_load(out, key, NULL, &err) != 0)
		fail_msg("profile %s: %s:%d:%d: %s", key, err.file, err.line,
		    err.column, err.message);
}

static struct game game;	/* large: kept off the stack */

/*
 * Every vector under every profile it names, three times: with a fresh
 * tracker, with one tracker per profile reused from game to game (as
 * pdn-adjudicate does), which must not carry anything over, and as a
 * record through the adjudicator.
 */
static void
test_vectors(void **state)
{
	yamlvec v;
	yaml_node_t *vecs, *item, *exp;
	yaml_node_pair_t *pair;
	pdn_rules *fresh, *reused[16] = { NULL };
	const char *names[16];
	pdn_profile *prof;
	struct expect e;
	int i, k, n, nreused = 0, failed = 0, checks = 0;

	(void)state;
	yamlvec_load(&v, "drawrules.yaml");
	vecs = yamlvec_get(&v, yamlvec_root(&v), "vectors");
	n = yamlvec_len(vecs);
	for (i = 0; i < n; i++) {
		item = yamlvec_item(&v, vecs, i);
		load_game(&v, item, &game);
		exp = yamlvec_get(&v, item, "expect");
		if (exp == NULL || exp->type != YAML_MAPPING_NODE)
			fail_msg("%s: no expect mapping", game.name);
		for (pair = exp->data.mapping.pairs.start;
		    pair < exp->data.mapping.pairs.top; pair++) {
			const char *key = yamlvec_str(yaml_document_get_node(
			    &v.doc, pair->key));

			parse_expect(&v, yaml_document_get_node(&v.doc,
			    pair->value), &e);
			get_profile(key, &prof);
			assert_int_equal(pdn_rules_new(&fresh, prof), 0);
			failed += check_game(fresh, &game, key, &e);
			pdn_rules_free(fresh);
			failed += check_adjudicated(&game, key, prof, &e);
			for (k = 0; k < nreused; k++)
				if (strcmp(names[k], key) == 0)
					break;
			if (k == nreused) {
				assert_true(nreused < 16);
				assert_int_equal(pdn_rules_new(&reused[k],
				    prof), 0);
				names[nreused++] = key;
			}
			pdn_profile_free(prof);
			failed += check_game(reused[k], &game, key, &e);
			checks++;
		}
	}
	for (k = 0; k < nreused; k++)
		pdn_rules_free(reused[k]);
	yamlvec_free(&v);
	/* Every vector names both built-in profiles at least. */
	assert_true(n >= 20);
	assert_true(checks >= 2 * n);
	if (failed != 0)
		fail_msg("%d of %d checks failed", failed, 3 * checks);
}

static void
test_reason_strings(void **state)
{
	static const char *const want[] = {
		"no-pieces", "no-moves", "threefold", "25-move", "16-move",
		"5-move"
	};
	int i;

	(void)state;
	assert_null(pdn_rules_reason_str(PDN_REASON_NONE));
	for (i = 0; i < 6; i++) {
		assert_string_equal(pdn_rules_reason_str(
		    (pdn_rules_reason)(PDN_REASON_NO_PIECES + i)), want[i]);
		assert_int_equal(pdn_rules_reason_parse(want[i]),
		    PDN_REASON_NO_PIECES + i);
	}
	assert_null(pdn_rules_reason_str((pdn_rules_reason)99));
	assert_int_equal(pdn_rules_reason_parse("draw"), PDN_REASON_NONE);
	assert_int_equal(pdn_rules_reason_parse(NULL), PDN_REASON_NONE);
}

/* A ply from another position is refused and changes nothing. */
static void
test_wrong_before(void **state)
{
	pdn_rules *t;
	pdn_position start, other;
	pdn_movelist list;
	pdn_rules_state st;

	(void)state;
	pdn_variant_start(pdn_variant_default(), &start);
	assert_int_equal(pdn_rules_new(&t, NULL), 0);
	assert_string_equal(pdn_profile_name(pdn_rules_profile(t)), "fmjd");
	assert_int_equal(pdn_rules_start(t, &start, -1), 0);
	other = start;
	pdn_generate(&list, &start);
	pdn_make(&other, &list.m[0]);
	pdn_generate(&list, &other);
	assert_int_equal(pdn_rules_play(&st, t, &other, &list.m[0]),
	    PDN_EINVAL);
	assert_int_equal(pdn_rules_state_get(t)->ply, 0);
	assert_true(pdn_position_equal(pdn_rules_position(t), &start));
	pdn_rules_free(t);
	pdn_rules_free(NULL);
}

/*
 * A setup in the middle of a record (PDN 3.0 /FEN/): K v K from ply 2 on,
 * so the 5-move rule fires 10 plies later, at ply 12, and the ply count
 * goes on from 2.
 */
static void
test_setup(void **state)
{
	static const char *const moves[] = {
		"32-28", "19-23",
		"50-45", "4-15", "45-1", "15-4", "1-6", "4-15", "6-50",
		"15-4", "50-45", "4-15"
	};
	pdn_rules *t;
	pdn_position pos;
	pdn_move m;
	pdn_rules_state st;
	int i;

	(void)state;
	assert_int_equal(pdn_rules_new(&t, pdn_profile_builtin("fmjd")), 0);
	pdn_variant_start(pdn_variant_default(), &pos);
	assert_int_equal(pdn_rules_start(t, &pos, -1), 0);
	for (i = 0; i < 12; i++) {
		if (i == 2) {
			assert_int_equal(pdn_fen_read(&pos, NULL, "W:WK50:BK4", 10, NULL), 0);
			assert_int_equal(pdn_rules_setup(t, &pos, -1), 0);
		}
		match_move("setup", i + 1, &pos, moves[i], &m);
		assert_int_equal(pdn_rules_play(&st, t, &pos, &m), 0);
		pdn_make(&pos, &m);
		assert_int_equal(st.ply, i + 1);
		assert_int_equal(st.end.reason,
		    i + 1 < 12 ? PDN_REASON_NONE : PDN_REASON_5_MOVE);
	}
	assert_int_equal(st.end.ply, 12);
	assert_int_equal(st.end.result, PDN_RESULT_DRAW);
	pdn_rules_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_reason_strings),
		cmocka_unit_test(test_wrong_before),
		cmocka_unit_test(test_setup),
	};

	return cmocka_run_group_tests_name("drawrules", tests, NULL, NULL);
}
