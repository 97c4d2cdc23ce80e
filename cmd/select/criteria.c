/*
 * pdn-select's criteria (criteria.h): tag criteria and their comparisons
 * (text, numbers, dates), the groups of -t and of --criteria files, and
 * the criteria of the played game (--fen, --material), judged on the
 * positions of its main line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "chunks.h"
#include "cli.h"
#include "criteria.h"
#include "reach.h"
#include "drv_options.h"
#include "player.h"
#include "tags.h"
#include <pdn/pdn.h>

enum op {
	OP_EQ, OP_NE, OP_SUB, OP_LT, OP_GT, OP_LE, OP_GE,
	OP_PLAYER,		/* White~ or Black~ */
	OP_RESULT,		/* the outcome, in either notation */
	OP_WINNER,		/* the winner's name contains the value */
	OP_LOSER		/* a loser's name contains the value */
};

/* How the value of a comparison (<, >, <=, >=) is compared. */
enum kind { K_TEXT, K_NUMBER, K_DATE };

struct crit {
	enum op op;
	char *name;		/* the tag */
	char *value;
	enum kind kind;
	double num;
	long lo, hi;		/* a date: the days it may be, YYYYMMDD */
	pdn_outcome outcome;
	int neg;		/* OP_RESULT: the outcome is not it (!=) */
	char *folded;		/* ~: the value folded */
	struct player_match pm;	/* the players' */
};

/* Groups of which one must hold (OR): a --criteria file. */
struct alts {
	struct group *g;
	size_t n;
};

/* The most --fen and --material, together. */
#define MAX_REACH	64

/* A tag compared as a date: Date, EventDate... */
static int
is_date_tag(const char *name)
{
	size_t n = strlen(name);

	return n >= 4 && strcmp(name + n - 4, "Date") == 0;
}

/* A decimal number: [+-]digits[.digits]. */
static int
is_number(const char *s, double *out)
{
	const char *p = s;
	char *end;

	if (*p == '+' || *p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p != '\0')
		return 0;
	*out = strtod(s, &end);
	return 1;
}

/*
 * Whether the day of YYYYMMDD is one of its month (Gregorian): a date to
 * compare with is one that exists; a game's date is compared as written.
 */
static int
date_exists(long ymd)
{
	static const int days[] = {
		31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	long y = ymd / 10000, m = ymd / 100 % 100, d = ymd % 100;

	if (d > days[m - 1])
		return 0;
	return m != 2 || d < 29 || (y % 4 == 0 && (y % 100 != 0 ||
	    y % 400 == 0));
}

static int
add_crit(struct group *gr, struct crit *c)
{
	if (chunk_grow((void **)&gr->c, &gr->cap, gr->n + 1,
	    sizeof(*gr->c)) != 0) {
		cli_warn("out of memory");
		free(c->name);
		free(c->value);
		free(c->folded);
		player_match_free(&c->pm);
		return -1;
	}
	gr->c[gr->n++] = *c;
	return 0;
}

/*
 * Reads a tag criterion, NAME OP VALUE, into *c.  Returns 0, or -1 with
 * *why saying what is wrong.
 */
static int parse_crit1(struct crit *, const char *, const char **);
static int fold_value(struct crit *, int);

/* parse_crit1(), which leaves nothing allocated when it fails. */
static int
parse_crit(struct crit *c, const char *s, const char **why)
{
	if (parse_crit1(c, s, why) == 0) {
		if (fold_value(c, 0) == 0)
			return 0;
		*why = "out of memory";
	}
	free(c->name);
	free(c->value);
	free(c->folded);
	c->name = c->value = c->folded = NULL;
	return -1;
}

static int
parse_crit1(struct crit *c, const char *s, const char **why)
{
	static const struct {
		const char *s;
		enum op op;
	} ops[] = {
		{ "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE },
		{ "=", OP_EQ }, { "~", OP_SUB }, { "<", OP_LT }, { ">", OP_GT }
	};
	struct tags_date date;
	size_t n, i, k, b;

	memset(c, 0, sizeof(*c));
	for (n = 0; s[n] == '_' || (s[n] >= '0' && s[n] <= '9') ||
	    (s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= 'a' && s[n] <= 'z'); n++)
		;
	if (n == 0) {
		*why = "a tag name first";
		return -1;
	}
	/* Blanks around the operator are no part of the name or value. */
	for (b = n; s[b] == ' ' || s[b] == '\t'; b++)
		;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		k = strlen(ops[i].s);
		if (strncmp(s + b, ops[i].s, k) == 0)
			break;
	}
	if (i == sizeof(ops) / sizeof(ops[0])) {
		*why = "one of = != ~ < > <= >= after the tag name";
		return -1;
	}
	c->op = ops[i].op;
	for (k += b; s[k] == ' ' || s[k] == '\t'; k++)
		;
	if ((c->name = strndup(s, n)) == NULL ||
	    (c->value = strdup(s + k)) == NULL) {
		*why = "out of memory";
		return -1;
	}
	/*
	 * Result=2-0 and Result!=2-0 compare results by meaning, as
	 * --result does: 1-0 is 2-0 (the notation of 8x8 records).
	 */
	if ((c->op == OP_EQ || c->op == OP_NE) &&
	    strcasecmp(c->name, "Result") == 0 &&
	    (c->outcome = pdn_outcome_parse(c->value, NULL)) !=
	    PDN_OUTCOME_NONE) {
		c->neg = c->op == OP_NE;
		c->op = OP_RESULT;
		return 0;
	}
	if (c->op >= OP_LT && c->op <= OP_GE) {
		if (is_date_tag(c->name)) {
			/* The whole value a date (tags.h), nothing after it. */
			if (tags_date_read(c->value, &date) != 0) {
				*why = "a date to compare with, YYYY.MM.DD "
				    "(YYYY, YYYY.MM, ?? parts)";
				return -1;
			}
			tags_date_span(&date, &c->lo, &c->hi);
			if (!date_exists(c->lo)) {
				*why = "no such day in that month";
				return -1;
			}
			c->kind = K_DATE;
		} else if (is_number(c->value, &c->num))
			c->kind = K_NUMBER;
		else
			c->kind = K_TEXT;
	}
	return 0;
}

/*
 * Whether s[0..len) contains sub (folded, fsub), folded as text
 * (player_fold_text(): any case or accent): player_contains().
 */
static int
has_sub(const char *s, size_t len, const char *fsub)
{
	char b[PLAYER_MAX];

	if (*fsub == '\0')
		return 1;
	player_fold_text(b, sizeof(b), s, len);
	return player_contains(b, fsub);
}

/*
 * Sets c->folded from c->value (player_fold_text()), and for a player's
 * criterion its match (player_match_init()): 0, or -1 out of memory.
 */
static int
fold_value(struct crit *c, int name)
{
	size_t n = strlen(c->value), size = 3 * n + 1;

	if ((c->folded = malloc(size)) == NULL)
		return -1;
	player_fold_text(c->folded, size, c->value, n);
	if (name && player_match_init(&c->pm, c->value) != 0)
		return -1;
	return 0;
}

static int
compare(const struct crit *c, const pdn_tag *t)
{
	struct tags_date date;
	long lo, hi;
	double x;
	int r;

	switch (c->kind) {
	case K_DATE:
		if (tags_date_read(t->value, &date) < 0)
			return 0;
		tags_date_span(&date, &lo, &hi);
		/* Of a date with unknown parts, only what is sure. */
		switch (c->op) {
		case OP_LT:
			return hi < c->lo;
		case OP_LE:
			return hi <= c->hi;
		case OP_GT:
			return lo > c->hi;
		default:
			return lo >= c->lo;
		}
	case K_NUMBER:
		if (!is_number(t->value, &x))
			return 0;
		r = x < c->num ? -1 : x > c->num;
		break;
	default:
		r = strcmp(t->value, c->value);
		break;
	}
	switch (c->op) {
	case OP_LT:
		return r < 0;
	case OP_LE:
		return r <= 0;
	case OP_GT:
		return r > 0;
	default:
		return r >= 0;
	}
}

/* Whether tag `tag` of g names a player whose name contains `name`. */
static int
player_has(const pdn_game *g, const char *tag, const struct crit *c)
{
	const pdn_tag *t = pdn_game_find_tag(g, tag);

	return t != NULL && player_matches(&c->pm, t->value, t->vlen);
}

/*
 * --winner and --loser: the side the result makes the winner (a loser)
 * is a player whose name contains the value; in a double loss (0-0) both
 * lost, and nobody won.
 */
static int
result_side_holds(const struct crit *c, const pdn_game *g)
{
	pdn_outcome o = tags_outcome(g);
	int win = c->op == OP_WINNER;

	switch (o) {
	case PDN_OUTCOME_WHITE:
		return player_has(g, win ? "White" : "Black", c);
	case PDN_OUTCOME_BLACK:
		return player_has(g, win ? "Black" : "White", c);
	case PDN_OUTCOME_DOUBLE_LOSS:
		return !win && (player_has(g, "White", c) ||
		    player_has(g, "Black", c));
	default:
		return 0;
	}
}

static int
crit_holds(const struct crit *c, const pdn_game *g)
{
	const pdn_tag *t;

	switch (c->op) {
	case OP_RESULT:
		/*
		 * The value as the game's file writes its results: 1-0 of a
		 * file read with the first mover's score first is Black's win.
		 */
		return (tags_outcome(g) == pdn_outcome_order(c->outcome,
		    pdn_variant_get(g->gametype), pdn_game_result_order(g))) !=
		    c->neg;
	case OP_WINNER:
	case OP_LOSER:
		return result_side_holds(c, g);
	case OP_PLAYER:
		return player_has(g, "White", c) || player_has(g, "Black", c);
	default:
		break;
	}
	t = pdn_game_find_tag(g, c->name);
	switch (c->op) {
	case OP_EQ:
		return t != NULL && strcmp(t->value, c->value) == 0;
	case OP_NE:
		return t == NULL || strcmp(t->value, c->value) != 0;
	case OP_SUB:
		return t != NULL && has_sub(t->value, t->vlen, c->folded);
	default:
		return t != NULL && compare(c, t);
	}
}

static int
group_holds(const struct group *gr, const pdn_game *g)
{
	size_t i;

	for (i = 0; i < gr->n; i++)
		if (!crit_holds(&gr->c[i], g))
			return 0;
	return 1;
}

/*
 * Whether game g meets the criteria that need no replay: the tags, the
 * plies written, the variant (before -v).
 */
int
criteria_meets_read(const struct criteria *cr, const pdn_game *g)
{
	size_t i, k;
	int yes = group_holds(&cr->all, g);

	for (i = 0; yes && i < cr->nfiles; i++) {
		for (k = 0; k < cr->files[i].n; k++)
			if (group_holds(&cr->files[i].g[k], g))
				break;
		yes = k < cr->files[i].n;
	}
	if (yes && cr->pmin >= 0)
		yes = g->plies >= cr->pmin && g->plies <= cr->pmax;
	if (yes && cr->variant != 0)
		yes = g->gametype == cr->variant;
	return yes;
}

/* Criteria that need the game replayed. */
int
criteria_need_replay(const struct criteria *cr)
{
	return cr->status >= 0 || cr->verdict >= 0 || cr->nfens > 0 ||
	    cr->nmats > 0;
}

/*
 * Marks in found[] the --fen positions and in found[nfens + i] the
 * --material counts that pos meets; returns how many are still missing.
 */
static size_t
look(const struct criteria *cr, const pdn_position *pos, unsigned char *found,
    size_t missing)
{
	size_t i;
	int k = -1;

	/* The fens are read in every variant, by its pdn_variant_list() index. */
	if (cr->nfens > 0)
		k = reach_variant_index(pdn_position_variant(pos));
	for (i = 0; i < cr->nfens; i++)
		if (!found[i] && reach_fen_holds(&cr->fens[i], k, pos, 0)) {
			found[i] = 1;
			missing--;
		}
	for (i = 0; i < cr->nmats; i++)
		if (!found[cr->nfens + i] &&
		    reach_material_holds(&cr->mats[i], pos)) {
			found[cr->nfens + i] = 1;
			missing--;
		}
	return missing;
}

/*
 * Whether the final positions of every surviving line have no more
 * pieces than material m counts (else no position before them has).
 */
static int
may_reach(const struct reach_material *m, const pdn_played *pg)
{
	const pdn_position *f;
	int k;

	for (k = 0; k < pdn_played_lines(pg); k++)
		if ((f = pdn_played_final(pg, k)) != NULL &&
		    reach_material_may(m, f))
			return 1;
	return 0;
}

/*
 * Whether every --fen and --material is met at some position of the main
 * line: where it starts, after each ply of a line that survived (all of
 * them, for an ambiguous record), or a setup in it.
 */
int
criteria_reached(const struct criteria *cr, const pdn_played *pg)
{
	const pdn_position *pos[64];
	const pdn_setup *su;
	unsigned char found[MAX_REACH];
	size_t missing = cr->nfens + cr->nmats, i;
	long from, n, k;
	int line;

	if (missing == 0)
		return 1;
	if (pdn_played_setups(pg) == 0)
		return 0;
	/*
	 * Pieces are only ever taken: without a /FEN/ setup in the line, a
	 * count that the final position has too many pieces for was never
	 * reached, and most games need not be walked.
	 */
	if (cr->nfens == 0 && pdn_played_setups(pg) == 1) {
		for (i = 0; i < cr->nmats; i++)
			if (!may_reach(&cr->mats[i], pg))
				return 0;
	}
	memset(found, 0, sizeof(found));
	missing = look(cr, pdn_played_start(pg), found, missing);
	for (i = 1; missing > 0 && (su = pdn_played_setup(pg, i)) != NULL;
	    i++)
		missing = look(cr, &su->pos, found, missing);
	for (line = 0; missing > 0 && line < pdn_played_lines(pg); line++)
		for (from = 0; missing > 0 && (n = pdn_played_positions(pos,
		    64, pg, line, from)) > 0; from += n)
			for (k = 0; missing > 0 && k < n; k++)
				missing = look(cr, pos[k], found, missing);
	return missing == 0;
}

/* The status pdn-validate gives a played game. */
int
criteria_status(const pdn_played *pg)
{
	switch (pdn_played_status(pg)) {
	case PDN_REPLAY_VALID:
		return ST_VALID;
	case PDN_REPLAY_INVALID:
		return ST_INVALID;
	default:
		return ST_UNSUPPORTED;
	}
}

/*
 * Reads a --criteria file: one alternative per line, of criteria
 * separated by tabs; empty lines and lines starting with '#' aside.
 * Returns 0, or 2 after saying what is wrong.
 */
int
criteria_read(struct criteria *cr, const char *path)
{
	struct alts *a;
	struct group *gr;
	struct crit c;
	FILE *fp;
	char *line = NULL, *p, *tab;
	const char *why;
	size_t cap = 0, capg = 0;
	ssize_t len;
	long lineno = 0;
	int st = 0;

	if ((fp = fopen(path, "r")) == NULL) {
		cli_warn("%s: %s", path, strerror(errno));
		return 2;
	}
	if ((a = realloc(cr->files, (cr->nfiles + 1) * sizeof(*a))) == NULL) {
		fclose(fp);
		cli_warn("out of memory");
		return 2;
	}
	cr->files = a;
	a = &cr->files[cr->nfiles++];
	memset(a, 0, sizeof(*a));
	while (st == 0 && (len = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		/* A byte-order mark before the first line is no criterion. */
		if (lineno == 1 && len >= 3 && memcmp(line, "\xef\xbb\xbf",
		    3) == 0) {
			memmove(line, line + 3, (size_t)len - 2);
			len -= 3;
		}
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		/* Blank (spaces and tabs only) as empty: no alternative. */
		if (line[strspn(line, " \t")] == '\0' || line[0] == '#')
			continue;
		if (chunk_grow((void **)&a->g, &capg, a->n + 1,
		    sizeof(*a->g)) != 0) {
			cli_warn("out of memory");
			st = 2;
			break;
		}
		gr = &a->g[a->n++];
		memset(gr, 0, sizeof(*gr));
		for (p = line; st == 0 && p != NULL; p = tab) {
			if ((tab = strchr(p, '\t')) != NULL)
				*tab++ = '\0';
			if (*p == '\0')
				continue;
			if (parse_crit(&c, p, &why) != 0) {
				cli_warn("%s:%ld: bad criterion \"%s\": %s",
				    path, lineno, p, why);
				st = 2;
			} else if (add_crit(gr, &c) != 0)
				st = 2;
		}
	}
	if (st == 0 && ferror(fp)) {
		cli_warn("%s: %s", path, strerror(errno));
		st = 2;
	}
	free(line);
	fclose(fp);
	return st;
}

int
criteria_add_material(struct criteria *cr, struct drv *d, const char *value)
{
	struct reach_material m, *p;

	if (reach_material_read(&m, value) != 0)
		return drv_bad_value(d, "--material", value,
		    "W:B, each side N, NM, NK or NMNK, each N a "
		    "number, A-B, A+ or *: 1K:3, 2-4:1+K, *:K");
	if (cr->nfens + cr->nmats >= MAX_REACH)
		return drv_usage_error(d, "at most %d --fen and --material",
		    MAX_REACH);
	if ((p = realloc(cr->mats, (cr->nmats + 1) * sizeof(*p))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	cr->mats = p;
	cr->mats[cr->nmats++] = m;
	return 0;
}

int
criteria_add_fen(struct criteria *cr, struct drv *d, const char *value)
{
	struct reach_fen q, *p;
	int rc;

	if ((rc = reach_fen_read(&q, value)) != 0)
		return drv_bad_value(d, "--fen", value, pdn_strerror(rc));
	if (cr->nfens + cr->nmats >= MAX_REACH)
		return drv_usage_error(d, "at most %d --fen and --material",
		    MAX_REACH);
	if ((p = realloc(cr->fens, (cr->nfens + 1) * sizeof(*p))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	cr->fens = p;
	cr->fens[cr->nfens++] = q;
	return 0;
}

void
criteria_init(struct criteria *cr)
{
	memset(cr, 0, sizeof(*cr));
	cr->status = cr->verdict = -1;
	cr->pmin = -1;
}

static void
free_group(struct group *gr)
{
	size_t i;

	for (i = 0; i < gr->n; i++) {
		free(gr->c[i].name);
		free(gr->c[i].value);
		free(gr->c[i].folded);
		player_match_free(&gr->c[i].pm);
	}
	free(gr->c);
}

void
criteria_free(struct criteria *cr)
{
	size_t i, k;

	free_group(&cr->all);
	for (i = 0; i < cr->nfiles; i++) {
		for (k = 0; k < cr->files[i].n; k++)
			free_group(&cr->files[i].g[k]);
		free(cr->files[i].g);
	}
	free(cr->files);
	free(cr->fens);
	free(cr->mats);
	if (cr->aliases != NULL)
		player_aliases_free(cr->aliases);
	free(cr->aliases);
}

int
criteria_aliases(struct criteria *cr, const char *path)
{
	struct player_aliases *a;
	struct crit *c;
	size_t i;

	if ((a = calloc(1, sizeof(*a))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	cr->aliases = a;
	if (player_aliases_read(a, path) != 0)
		return 2;
	for (i = 0; i < cr->all.n; i++) {
		c = &cr->all.c[i];
		if (c->op != OP_PLAYER && c->op != OP_WINNER &&
		    c->op != OP_LOSER)
			continue;
		if (player_match_aliases(&c->pm, a) != 0) {
			cli_warn("out of memory");
			return 2;
		}
	}
	return 0;
}

int
criteria_add_tag(struct criteria *cr, struct drv *d, const char *expr)
{
	struct crit c;
	const char *why;

	if (parse_crit(&c, expr, &why) != 0)
		return drv_bad_value(d, "-t", expr, why);
	return add_crit(&cr->all, &c) != 0 ? 2 : 0;
}

/*
 * --player, --result, --winner or --loser: a criterion of op OP_PLAYER,
 * OP_RESULT, OP_WINNER or OP_LOSER.
 */
static int
add_named(struct criteria *cr, struct drv *d, enum op op, const char *value)
{
	struct crit c;

	memset(&c, 0, sizeof(c));
	c.op = op;
	if ((c.value = strdup(value)) == NULL ||
	    fold_value(&c, op != OP_RESULT) != 0) {
		free(c.value);
		free(c.folded);
		player_match_free(&c.pm);
		cli_warn("out of memory");
		return 2;
	}
	if (op == OP_RESULT && (c.outcome =
	    pdn_outcome_parse(value, NULL)) == PDN_OUTCOME_NONE) {
		free(c.value);
		free(c.folded);
		return drv_bad_value(d, "--result", value,
		    "2-0 0-2 1-1 0-0 1-0 0-1 1/2-1/2 or *");
	}
	return add_crit(&cr->all, &c) != 0 ? 2 : 0;
}

int
criteria_add_player(struct criteria *cr, const char *name)
{
	return add_named(cr, NULL, OP_PLAYER, name);
}

int
criteria_add_result(struct criteria *cr, struct drv *d, const char *result)
{
	return add_named(cr, d, OP_RESULT, result);
}

int
criteria_add_winner(struct criteria *cr, const char *name, int loser)
{
	return add_named(cr, NULL, loser ? OP_LOSER : OP_WINNER, name);
}
