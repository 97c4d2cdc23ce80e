/*
 * Rules profiles: the two built-in ones and the YAML reader for users' own
 * (the schema is documented in pdn-rules(7)).
 *
 * The reader walks libyaml's event stream against a fixed two-level schema
 * table, so that nesting is bounded by the schema and not by the input,
 * and every refusal names the file, the line, the column and the dotted key
 * path.  Values are collected first and applied at the end, because `base`
 * may come after the keys it provides defaults for.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <yaml.h>

#include "pdn/rules.h"
#include "profile.h"

static const pdn_profile builtin_profiles[] = {
	{
		.name = "fmjd",
		.threefold = 3,
		.threefold_initial = 1,
		.threefold_claim = 0,
		.king_plies = 50,
		.ending16_plies = 32,
		.ending5_plies = 10,
		.transition = PDN_TRANSITION_KEEP
	},
	{
		.name = "lidraughts",
		.threefold = 3,
		.threefold_initial = 0,
		.threefold_claim = 1,
		.king_plies = 50,
		.ending16_plies = 32,
		.ending5_plies = 10,
		.transition = PDN_TRANSITION_RESTART
	},
	{
		/*
		 * Russian draughts, FMJD-64 7.2 (VARIANTS.md 6), counted in
		 * plies of both players as lidraughts does; also the default
		 * of Brazilian games (VARIANTS.md 5).
		 */
		.name = "fmjd64",
		.threefold = 3,
		.threefold_initial = 1,
		.threefold_claim = 0,
		.ending5_plies = 10,
		.transition = PDN_TRANSITION_KEEP,
		.moves15_plies = 30,
		.kings3_plies = 30,
		.balance4_plies = 60,
		.balance6_plies = 120
	},
	{
		/*
		 * English draughts by the WCDF rules (VARIANTS.md 7): a
		 * third repetition claimed, the 40-move rule.
		 */
		.name = "wcdf",
		.threefold = 3,
		.threefold_initial = 1,
		.threefold_claim = 1,
		.transition = PDN_TRANSITION_KEEP,
		.moves40_plies = 80
	},
	{
		/*
		 * Italian draughts (VARIANTS.md 8): the FID's articles on
		 * draws were not found and the sources conflict, so no draw
		 * rule is on by default; the game ends by the wins alone.
		 */
		.name = "fid",
		.threefold_initial = 1,
		.transition = PDN_TRANSITION_KEEP
	},
	{
		/*
		 * Italian draughts as dctl encodes the FID rules of 2008: a
		 * draw at the fourth occurrence, and after 80 plies without
		 * a capture or a man move.
		 */
		.name = "fid-dctl",
		.threefold = 4,
		.threefold_initial = 1,
		.transition = PDN_TRANSITION_KEEP,
		.moves40_plies = 80
	},
	/*
	 * Pool checkers, Spanish, Czech and Thai draughts (VARIANTS.md 9-12):
	 * no draw rule of theirs is confirmed, so the game ends by the wins
	 * alone.
	 */
	{ .name = "pool", .threefold_initial = 1 },
	{ .name = "spanish", .threefold_initial = 1 },
	{ .name = "czech", .threefold_initial = 1 },
	{ .name = "thai", .threefold_initial = 1 },
	{ .name = "canadian", .threefold_initial = 1 },
	{
		/*
		 * Frisian draughts, the official rules of 2011 (VARIANTS.md
		 * 13), counted as lidraughts does: no repetition rule.
		 */
		.name = "frisian",
		.threefold_initial = 1,
		.transition = PDN_TRANSITION_KEEP,
		.kings2v1_plies = 14,
		.kings1v1_plies = 4
	},
	{
		/* Brazilian draughts, the CBD's rule 16 as copies give it. */
		.name = "cbd",
		.threefold_initial = 1,
		.transition = PDN_TRANSITION_KEEP,
		.moves20_plies = 40
	}
};

#define NBUILTIN (sizeof(builtin_profiles) / sizeof(builtin_profiles[0]))

const pdn_profile *
pdn_profile_builtin(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NBUILTIN; i++)
		if (strcmp(builtin_profiles[i].name, name) == 0)
			return &builtin_profiles[i];
	return NULL;
}

const pdn_profile *
pdn_profile_list(int i)
{
	return i >= 0 && (size_t)i < NBUILTIN ? &builtin_profiles[i] : NULL;
}

const pdn_profile *
pdn_profile_default(void)
{
	return &builtin_profiles[0];
}

const pdn_profile *
pdn_profile_of_variant(const pdn_variant *v)
{
	switch (pdn_variant_gametype(v)) {
	case 20:
		return &builtin_profiles[0];
	case 21:
		return pdn_profile_builtin("wcdf");
	case 22:
		return pdn_profile_builtin("fid");
	case 23:
		return pdn_profile_builtin("pool");
	case 24:
		return pdn_profile_builtin("spanish");
	case 29:
		return pdn_profile_builtin("czech");
	case 31:
		return pdn_profile_builtin("thai");
	case 40:
		return pdn_profile_builtin("frisian");
	case 27:
		return pdn_profile_builtin("canadian");
	case 25:
	case 26:
		return pdn_profile_builtin("fmjd64");
	default:
		return NULL;
	}
}

int
pdn_profile_equal(const pdn_profile *a, const pdn_profile *b)
{
	return strcmp(a->name, b->name) == 0 &&
	    a->threefold == b->threefold &&
	    a->threefold_initial == b->threefold_initial &&
	    a->threefold_claim == b->threefold_claim &&
	    a->king_plies == b->king_plies &&
	    a->ending16_plies == b->ending16_plies &&
	    a->ending5_plies == b->ending5_plies &&
	    a->transition == b->transition &&
	    a->moves15_plies == b->moves15_plies &&
	    a->moves20_plies == b->moves20_plies &&
	    a->moves40_plies == b->moves40_plies &&
	    a->kings3_plies == b->kings3_plies &&
	    a->balance4_plies == b->balance4_plies &&
	    a->balance6_plies == b->balance6_plies &&
	    a->kings2v1_plies == b->kings2v1_plies &&
	    a->kings1v1_plies == b->kings1v1_plies;
}

/* --- the schema ----------------------------------------------------- */

/* Every key of the schema, top level and nested, has one slot. */
enum field_id {
	F_NAME, F_BASE,
	F_THREEFOLD, F_TF_ENABLED, F_TF_OCCURRENCES, F_TF_INITIAL, F_TF_CLAIM,
	F_25, F_25_ENABLED, F_25_PLIES,
	F_16, F_16_ENABLED, F_16_PLIES, F_16_INTO5,
	F_5, F_5_ENABLED, F_5_PLIES,
	F_15, F_15_ENABLED, F_15_PLIES,
	F_20, F_20_ENABLED, F_20_PLIES,
	F_40, F_40_ENABLED, F_40_PLIES,
	F_3K, F_3K_ENABLED, F_3K_PLIES,
	F_BAL, F_BAL_ENABLED, F_BAL_PLIES4, F_BAL_PLIES6,
	F_7, F_7_ENABLED, F_7_PLIES,
	F_KVK, F_KVK_ENABLED, F_KVK_PLIES,
	F_COUNT
};

enum field_type { T_MAP, T_BOOL, T_INT, T_NAME, T_INTO5 };

struct field {
	const char *key;
	enum field_id id;
	enum field_type type;
	int min, max;			/* T_INT range */
	const struct field *sub;	/* T_MAP: its keys, NULL-terminated */
	int optional;			/* not required even without `base` */
};

static const struct field threefold_fields[] = {
	{ "enabled", F_TF_ENABLED, T_BOOL, 0, 0, NULL, 0 },
	{ "occurrences", F_TF_OCCURRENCES, T_INT, 2, 100, NULL, 0 },
	{ "initial-position", F_TF_INITIAL, T_BOOL, 0, 0, NULL, 0 },
	{ "claim", F_TF_CLAIM, T_BOOL, 0, 0, NULL, 0 },
	{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 }
};

static const struct field rule25_fields[] = {
	{ "enabled", F_25_ENABLED, T_BOOL, 0, 0, NULL, 0 },
	{ "plies", F_25_PLIES, T_INT, 1, PDN_PROFILE_PLIESMAX, NULL, 0 },
	{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 }
};

static const struct field rule16_fields[] = {
	{ "enabled", F_16_ENABLED, T_BOOL, 0, 0, NULL, 0 },
	{ "plies", F_16_PLIES, T_INT, 1, PDN_PROFILE_PLIESMAX, NULL, 0 },
	{ "into-5-move", F_16_INTO5, T_INTO5, 0, 0, NULL, 0 },
	{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 }
};

static const struct field rule5_fields[] = {
	{ "enabled", F_5_ENABLED, T_BOOL, 0, 0, NULL, 0 },
	{ "plies", F_5_PLIES, T_INT, 1, PDN_PROFILE_PLIESMAX, NULL, 0 },
	{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 }
};

/* The keys of a rule of one limit: `enabled` and `plies`. */
#define PLIES_RULE(table, enabled, plies) \
	static const struct field table[] = { \
		{ "enabled", enabled, T_BOOL, 0, 0, NULL, 0 }, \
		{ "plies", plies, T_INT, 1, PDN_PROFILE_PLIESMAX, NULL, 0 }, \
		{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 } \
	}

PLIES_RULE(rule15_fields, F_15_ENABLED, F_15_PLIES);

PLIES_RULE(rule20_fields, F_20_ENABLED, F_20_PLIES);

PLIES_RULE(rule40_fields, F_40_ENABLED, F_40_PLIES);

PLIES_RULE(kings3_fields, F_3K_ENABLED, F_3K_PLIES);

static const struct field balance_fields[] = {
	{ "enabled", F_BAL_ENABLED, T_BOOL, 0, 0, NULL, 0 },
	{ "plies-4-5", F_BAL_PLIES4, T_INT, 1, PDN_PROFILE_PLIESMAX, NULL, 0 },
	{ "plies-6-7", F_BAL_PLIES6, T_INT, 1, PDN_PROFILE_PLIESMAX, NULL, 0 },
	{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 }
};

PLIES_RULE(rule7_fields, F_7_ENABLED, F_7_PLIES);

PLIES_RULE(kvk_fields, F_KVK_ENABLED, F_KVK_PLIES);

/* The rules after 5-move are optional: a profile without them has none. */
static const struct field top_fields[] = {
	{ "name", F_NAME, T_NAME, 0, 0, NULL, 0 },
	{ "base", F_BASE, T_NAME, 0, 0, NULL, 1 },
	{ "threefold", F_THREEFOLD, T_MAP, 0, 0, threefold_fields, 0 },
	{ "25-move", F_25, T_MAP, 0, 0, rule25_fields, 0 },
	{ "16-move", F_16, T_MAP, 0, 0, rule16_fields, 0 },
	{ "5-move", F_5, T_MAP, 0, 0, rule5_fields, 0 },
	{ "15-move", F_15, T_MAP, 0, 0, rule15_fields, 1 },
	{ "20-move", F_20, T_MAP, 0, 0, rule20_fields, 1 },
	{ "40-move", F_40, T_MAP, 0, 0, rule40_fields, 1 },
	{ "3-kings", F_3K, T_MAP, 0, 0, kings3_fields, 1 },
	{ "balance", F_BAL, T_MAP, 0, 0, balance_fields, 1 },
	{ "7-move", F_7, T_MAP, 0, 0, rule7_fields, 1 },
	{ "king-v-king", F_KVK, T_MAP, 0, 0, kvk_fields, 1 },
	{ NULL, F_COUNT, T_MAP, 0, 0, NULL, 0 }
};

/* The state of one read: values by slot, where each was set, and where. */
struct reader {
	yaml_parser_t parser;
	const char *file;
	pdn_profile_error *err;
	int set[F_COUNT];
	int val[F_COUNT];
	int line[F_COUNT];	/* 1-based line and column of the key */
	int col[F_COUNT];
	int mapline[F_COUNT];	/* T_MAP: line and column of the mapping */
	int mapcol[F_COUNT];
	char name[PDN_PROFILE_NAMEMAX];
	char base[PDN_PROFILE_NAMEMAX];
	int topline, topcol;
};

/*
 * Fills the error: position, key and message "TEXT: DETAIL".  Returns
 * the code, so that callers can return it.
 */
static int fail(struct reader *, int, int, int, const char *,
    const char *, ...) __attribute__((format(printf, 6, 7)));

static int
fail(struct reader *r, int code, int line, int column,
    const char *key, const char *fmt, ...)
{
	pdn_profile_error *e = r->err;
	char detail[PDN_PROFILE_MSGMAX];
	va_list ap;

	if (e == NULL)
		return code;
	snprintf(e->file, sizeof(e->file), "%s", r->file);
	e->line = line;
	e->column = column;
	snprintf(e->key, sizeof(e->key), "%s", key != NULL ? key : "");
	detail[0] = '\0';
	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(detail, sizeof(detail), fmt, ap);
		va_end(ap);
	}
	snprintf(e->message, sizeof(e->message), "%s%s%s",
	    pdn_strerror(code), detail[0] != '\0' ? ": " : "",
	    detail);
	return code;
}

/* The next event; a libyaml error becomes a syntax error. */
static int
next_event(struct reader *r, yaml_event_t *ev)
{
	if (yaml_parser_parse(&r->parser, ev))
		return 0;
	if (r->parser.error == YAML_MEMORY_ERROR) {
		fail(r, PDN_EPROFILE_SYNTAX, 0, 0, NULL, "out of memory");
		return PDN_ENOMEM;
	}
	if (r->parser.error == YAML_READER_ERROR)
		return fail(r, PDN_EPROFILE_SYNTAX, 0, 0, NULL, "%s",
		    r->parser.problem != NULL ? r->parser.problem : "?");
	return fail(r, PDN_EPROFILE_SYNTAX, (int)r->parser.problem_mark.line + 1,
	    (int)r->parser.problem_mark.column + 1, NULL, "%s",
	    r->parser.problem != NULL ? r->parser.problem : "?");
}

static const char *
event_kind(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_MAPPING_START_EVENT:
		return "a mapping";
	case YAML_SEQUENCE_START_EVENT:
		return "a sequence";
	case YAML_ALIAS_EVENT:
		return "an alias";
	default:
		return "nothing";
	}
}

/* A plain (unquoted) scalar: only those can be booleans or integers. */
static int
is_plain(const yaml_event_t *ev)
{
	return ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/* Reads one scalar value of `f` from `ev` into the reader's slots. */
static int
scalar_value(struct reader *r, const struct field *f, const char *path,
    const yaml_event_t *ev)
{
	const char *s = (const char *)ev->data.scalar.value;
	size_t len = ev->data.scalar.length;
	int line = (int)ev->start_mark.line + 1;
	int col = (int)ev->start_mark.column + 1;
	long n;
	size_t i;

	switch (f->type) {
	case T_BOOL:
		if (is_plain(ev) && (strcmp(s, "true") == 0 ||
		    strcmp(s, "True") == 0 || strcmp(s, "TRUE") == 0)) {
			r->val[f->id] = 1;
			return 0;
		}
		if (is_plain(ev) && (strcmp(s, "false") == 0 ||
		    strcmp(s, "False") == 0 || strcmp(s, "FALSE") == 0)) {
			r->val[f->id] = 0;
			return 0;
		}
		return fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
		    "%s: expected true or false, got \"%.40s\"", path, s);
	case T_INT:
		n = 0;
		for (i = 0; i < len && i < 7; i++) {
			if (s[i] < '0' || s[i] > '9')
				break;
			n = n * 10 + (s[i] - '0');
		}
		if (!is_plain(ev) || len == 0 || i != len || n < f->min ||
		    n > f->max)
			return fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
			    "%s: expected an integer from %d to %d, "
			    "got \"%.40s\"", path, f->min, f->max, s);
		r->val[f->id] = (int)n;
		return 0;
	case T_NAME:
		if (len == 0 || len >= PDN_PROFILE_NAMEMAX ||
		    strlen(s) != len)
			return fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
			    "%s: expected a name of 1 to %d characters", path,
			    PDN_PROFILE_NAMEMAX - 1);
		memcpy(f->id == F_NAME ? r->name : r->base, s, len + 1);
		return 0;
	case T_INTO5:
		if (strcmp(s, "keep") == 0)
			r->val[f->id] = PDN_TRANSITION_KEEP;
		else if (strcmp(s, "restart") == 0)
			r->val[f->id] = PDN_TRANSITION_RESTART;
		else
			return fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
			    "%s: expected keep or restart, got \"%.40s\"",
			    path, s);
		return 0;
	case T_MAP:
		break;
	}
	return fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
	    "%s: expected a mapping, got a scalar", path);
}

/*
 * Reads the mapping whose MAPPING-START event was just consumed, against
 * the keys `fields`; `prefix` is the dotted path of the mapping ("" at the
 * top).  Nested mappings recurse once, as deep as the schema.
 */
static int
read_mapping(struct reader *r, const struct field *fields, const char *prefix)
{
	yaml_event_t key, val;
	const struct field *f;
	char path[2 * PDN_PROFILE_NAMEMAX];
	int rc, line, col;

	for (;;) {
		if ((rc = next_event(r, &key)) != 0)
			return rc;
		if (key.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&key);
			return 0;
		}
		line = (int)key.start_mark.line + 1;
		col = (int)key.start_mark.column + 1;
		if (key.type != YAML_SCALAR_EVENT) {
			rc = fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, prefix,
			    "%s%skey: expected a scalar, got %s", prefix,
			    prefix[0] != '\0' ? " " : "", event_kind(&key));
			yaml_event_delete(&key);
			return rc;
		}
		snprintf(path, sizeof(path), "%s%s%.*s", prefix,
		    prefix[0] != '\0' ? "." : "", PDN_PROFILE_NAMEMAX - 1,
		    (const char *)key.data.scalar.value);
		for (f = fields; f->key != NULL; f++)
			if (strcmp(f->key,
			    (const char *)key.data.scalar.value) == 0)
				break;
		yaml_event_delete(&key);
		if (f->key == NULL)
			return fail(r, PDN_EPROFILE_UNKNOWN_KEY, line, col, path,
			    "%s", path);
		if (r->set[f->id])
			return fail(r, PDN_EPROFILE_DUPLICATE_KEY, line, col,
			    path, "%s (first on line %d)", path,
			    r->line[f->id]);
		r->set[f->id] = 1;
		r->line[f->id] = line;
		r->col[f->id] = col;

		if ((rc = next_event(r, &val)) != 0)
			return rc;
		line = (int)val.start_mark.line + 1;
		col = (int)val.start_mark.column + 1;
		if (f->type == T_MAP && val.type == YAML_MAPPING_START_EVENT) {
			yaml_event_delete(&val);
			r->mapline[f->id] = line;
			r->mapcol[f->id] = col;
			if ((rc = read_mapping(r, f->sub, path)) != 0)
				return rc;
			continue;
		}
		if (f->type != T_MAP && val.type == YAML_SCALAR_EVENT) {
			rc = scalar_value(r, f, path, &val);
			yaml_event_delete(&val);
			if (rc != 0)
				return rc;
			continue;
		}
		if (f->type == T_MAP && val.type == YAML_SCALAR_EVENT)
			rc = fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
			    "%s: expected a mapping, got \"%.40s\"", path,
			    (const char *)val.data.scalar.value);
		else
			rc = fail(r, PDN_EPROFILE_WRONG_TYPE, line, col, path,
			    "%s: expected %s, got %s", path,
			    f->type == T_MAP ? "a mapping" : "a scalar",
			    event_kind(&val));
		yaml_event_delete(&val);
		return rc;
	}
}

/* Without `base` every key is required: the first one missing is named. */
static int
check_complete(struct reader *r)
{
	const struct field *f, *g;
	char path[2 * PDN_PROFILE_NAMEMAX];

	for (f = top_fields; f->key != NULL; f++) {
		/* An optional rule given must be given whole. */
		if (f->optional && (f->type != T_MAP || !r->set[f->id]))
			continue;
		if (!r->set[f->id])
			return fail(r, PDN_EPROFILE_MISSING_KEY, r->topline,
			    r->topcol, f->key, "%s", f->key);
		if (f->type != T_MAP)
			continue;
		for (g = f->sub; g->key != NULL; g++) {
			if (r->set[g->id])
				continue;
			snprintf(path, sizeof(path), "%s.%s", f->key, g->key);
			return fail(r, PDN_EPROFILE_MISSING_KEY,
			    r->mapline[f->id], r->mapcol[f->id], path, "%s",
			    path);
		}
	}
	return 0;
}

/* A rule's limit: the file's, else the base's; 0 when switched off. */
static int
limit(const struct reader *r, int enabled_id, int limit_id, int base_limit,
    int base_default)
{
	int on, n;

	n = r->set[limit_id] ? r->val[limit_id] :
	    (base_limit != 0 ? base_limit : base_default);
	on = r->set[enabled_id] ? r->val[enabled_id] : base_limit != 0;
	return on ? n : 0;
}

/* The file name without directories and without ".yaml" or ".yml". */
static void
default_name(char *buf, const char *file)
{
	const char *s = strrchr(file, '/');
	size_t len;

	s = s != NULL ? s + 1 : file;
	len = strlen(s);
	if (len > 5 && strcmp(s + len - 5, ".yaml") == 0)
		len -= 5;
	else if (len > 4 && strcmp(s + len - 4, ".yml") == 0)
		len -= 4;
	if (len >= PDN_PROFILE_NAMEMAX)
		len = PDN_PROFILE_NAMEMAX - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}

/* Builds the profile from the collected values. */
static int
finish(struct reader *r, pdn_profile *out)
{
	const pdn_profile *base;
	pdn_profile p;
	int rc;

	if (r->set[F_BASE]) {
		base = pdn_profile_builtin(r->base);
		if (base == NULL)
			return fail(r, PDN_EPROFILE_UNKNOWN_BASE,
			    r->line[F_BASE], r->col[F_BASE], "base", "%s",
			    r->base);
	} else {
		if ((rc = check_complete(r)) != 0)
			return rc;
		base = pdn_profile_default();
	}
	memset(&p, 0, sizeof(p));
	if (r->set[F_NAME])
		memcpy(p.name, r->name, sizeof(p.name));
	else
		default_name(p.name, r->file);
	/* A switched-off base rule switched back on gets the FMJD limit. */
	p.threefold = limit(r, F_TF_ENABLED, F_TF_OCCURRENCES,
	    base->threefold, 3);
	p.threefold_initial = r->set[F_TF_INITIAL] ? r->val[F_TF_INITIAL] :
	    base->threefold_initial;
	p.threefold_claim = r->set[F_TF_CLAIM] ? r->val[F_TF_CLAIM] :
	    base->threefold_claim;
	p.king_plies = limit(r, F_25_ENABLED, F_25_PLIES, base->king_plies,
	    50);
	p.ending16_plies = limit(r, F_16_ENABLED, F_16_PLIES,
	    base->ending16_plies, 32);
	p.ending5_plies = limit(r, F_5_ENABLED, F_5_PLIES,
	    base->ending5_plies, 10);
	p.transition = r->set[F_16_INTO5] ?
	    r->val[F_16_INTO5] : base->transition;
	/* Switched back on without a limit: the rule's own. */
	p.moves15_plies = limit(r, F_15_ENABLED, F_15_PLIES,
	    base->moves15_plies, 30);
	p.moves20_plies = limit(r, F_20_ENABLED, F_20_PLIES,
	    base->moves20_plies, 40);
	p.moves40_plies = limit(r, F_40_ENABLED, F_40_PLIES,
	    base->moves40_plies, 80);
	p.kings3_plies = limit(r, F_3K_ENABLED, F_3K_PLIES, base->kings3_plies,
	    30);
	p.balance4_plies = limit(r, F_BAL_ENABLED, F_BAL_PLIES4,
	    base->balance4_plies, 60);
	p.balance6_plies = limit(r, F_BAL_ENABLED, F_BAL_PLIES6,
	    base->balance6_plies, 120);
	p.kings2v1_plies = limit(r, F_7_ENABLED, F_7_PLIES,
	    base->kings2v1_plies, 14);
	p.kings1v1_plies = limit(r, F_KVK_ENABLED, F_KVK_PLIES,
	    base->kings1v1_plies, 4);
	*out = p;
	return 0;
}

/* Reads the single document of the stream into `out`. */
static int
read_stream(struct reader *r, pdn_profile *out)
{
	yaml_event_t ev;
	int rc;

	/* Stream start, then a document, or an empty stream. */
	if ((rc = next_event(r, &ev)) != 0)
		return rc;
	yaml_event_delete(&ev);
	if ((rc = next_event(r, &ev)) != 0)
		return rc;
	if (ev.type != YAML_DOCUMENT_START_EVENT) {
		rc = fail(r, PDN_EPROFILE_NOT_MAPPING,
		    (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1,
		    NULL, "the profile is empty");
		yaml_event_delete(&ev);
		return rc;
	}
	yaml_event_delete(&ev);
	if ((rc = next_event(r, &ev)) != 0)
		return rc;
	r->topline = (int)ev.start_mark.line + 1;
	r->topcol = (int)ev.start_mark.column + 1;
	if (ev.type != YAML_MAPPING_START_EVENT) {
		rc = fail(r, PDN_EPROFILE_NOT_MAPPING, r->topline, r->topcol,
		    NULL, "the profile is %s",
		    ev.type == YAML_SCALAR_EVENT ? "a scalar" : event_kind(&ev));
		yaml_event_delete(&ev);
		return rc;
	}
	yaml_event_delete(&ev);
	if ((rc = read_mapping(r, top_fields, "")) != 0)
		return rc;
	/* Document end, then the stream must end: one profile per file. */
	if ((rc = next_event(r, &ev)) != 0)
		return rc;
	yaml_event_delete(&ev);
	if ((rc = next_event(r, &ev)) != 0)
		return rc;
	if (ev.type != YAML_STREAM_END_EVENT) {
		rc = fail(r, PDN_EPROFILE_SYNTAX, (int)ev.start_mark.line + 1,
		    (int)ev.start_mark.column + 1, NULL,
		    "more than one document");
		yaml_event_delete(&ev);
		return rc;
	}
	yaml_event_delete(&ev);
	return finish(r, out);
}

static void
reader_init(struct reader *r, const char *file, pdn_profile_error *err)
{
	memset(r, 0, sizeof(*r));
	r->file = file != NULL ? file : "<profile>";
	r->err = err;
	if (err != NULL)
		memset(err, 0, sizeof(*err));
}

/* A copy of the profile read into p, for the caller. */
static int
give(pdn_profile **out, const pdn_profile *p, int rc)
{
	if (rc != 0)
		return rc;
	if ((*out = malloc(sizeof(**out))) == NULL)
		return PDN_ENOMEM;
	**out = *p;
	return 0;
}

static int
profile_read(pdn_profile *out, const char *text, size_t len,
    const char *file, pdn_profile_error *err)
{
	struct reader r;
	int rc;

	reader_init(&r, file, err);
	if (!yaml_parser_initialize(&r.parser))
		return PDN_ENOMEM;
	yaml_parser_set_input_string(&r.parser, (const unsigned char *)text,
	    len);
	rc = read_stream(&r, out);
	yaml_parser_delete(&r.parser);
	return rc;
}

static int
profile_read_file(pdn_profile *out, const char *path,
    pdn_profile_error *err)
{
	struct reader r;
	char why[128];
	FILE *fp;
	int rc;

	reader_init(&r, path, err);
	if ((fp = fopen(path, "rb")) == NULL) {
		if (strerror_r(errno, why, sizeof(why)) != 0)
			snprintf(why, sizeof(why), "error %d", errno);
		return fail(&r, PDN_EPROFILE_IO, 0, 0, NULL, "%s", why);
	}
	if (!yaml_parser_initialize(&r.parser)) {
		fclose(fp);
		return PDN_ENOMEM;
	}
	yaml_parser_set_input_file(&r.parser, fp);
	errno = 0;
	rc = read_stream(&r, out);
	yaml_parser_delete(&r.parser);
	/*
	 * A failed read (a directory, an I/O error) is what went wrong, not
	 * the syntax error libyaml makes of it: say so, with the reason.
	 */
	if (ferror(fp)) {
		if (errno == 0 || strerror_r(errno, why, sizeof(why)) != 0)
			snprintf(why, sizeof(why), "read error");
		rc = fail(&r, PDN_EPROFILE_IO, 0, 0, NULL, "%s", why);
	}
	fclose(fp);
	return rc;
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int
profile_load(pdn_profile *out, const char *spec, const char *dir,
    pdn_profile_error *err)
{
	const pdn_profile *b;
	struct reader r;
	char *path;
	size_t n;
	int rc;

	if ((b = pdn_profile_builtin(spec)) != NULL) {
		*out = *b;
		if (err != NULL)
			memset(err, 0, sizeof(*err));
		return 0;
	}
	if (strchr(spec, '/') != NULL || has_suffix(spec, ".yaml") ||
	    has_suffix(spec, ".yml"))
		return profile_read_file(out, spec, err);
	if (dir == NULL || spec[0] == '\0') {
		reader_init(&r, spec, err);
		return fail(&r, PDN_EPROFILE_UNKNOWN_NAME, 0, 0, NULL, "%s",
		    spec);
	}
	n = strlen(dir) + strlen(spec) + sizeof("/.yaml");
	if ((path = malloc(n)) == NULL)
		return PDN_ENOMEM;
	snprintf(path, n, "%s/%s.yaml", dir, spec);
	if (access(path, F_OK) != 0 && errno == ENOENT) {
		/* No such file in the directory: the name is unknown. */
		reader_init(&r, spec, err);
		rc = fail(&r, PDN_EPROFILE_UNKNOWN_NAME, 0, 0, NULL, "%s", spec);
	} else
		rc = profile_read_file(out, path, err);
	free(path);
	return rc;
}

int
pdn_profile_read(pdn_profile **out, const char *text, size_t len,
    const char *file, pdn_profile_error *err)
{
	pdn_profile p;

	return give(out, &p, profile_read(&p, text, len, file, err));
}

int
pdn_profile_read_file(pdn_profile **out, const char *path,
    pdn_profile_error *err)
{
	pdn_profile p;

	return give(out, &p, profile_read_file(&p, path, err));
}

int
pdn_profile_load(pdn_profile **out, const char *spec, const char *dir,
    pdn_profile_error *err)
{
	pdn_profile p;

	return give(out, &p, profile_load(&p, spec, dir, err));
}

/* --- a profile of the caller's --------------------------------------- */

int
pdn_profile_new(pdn_profile **out, const pdn_profile *base)
{
	*out = NULL;
	return give(out, base != NULL ? base : pdn_profile_default(), 0);
}

void
pdn_profile_free(pdn_profile *p)
{
	free(p);
}

const char *
pdn_profile_name(const pdn_profile *p)
{
	return p->name;
}

int
pdn_profile_set_name(pdn_profile *p, const char *name)
{
	size_t n = strlen(name);

	if (n >= sizeof(p->name))
		return PDN_ERANGE;
	memcpy(p->name, name, n + 1);
	return 0;
}

/* The field of a rule, and the range of its values; NULL for none. */
static int *
rule_field(pdn_profile *p, pdn_rule rule, int *lo, int *hi)
{
	*lo = 0;
	*hi = PDN_PROFILE_PLIESMAX;
	switch (rule) {
	case PDN_RULE_THREEFOLD:
		*hi = 100;
		return &p->threefold;
	case PDN_RULE_THREEFOLD_INITIAL:
		*hi = 1;
		return &p->threefold_initial;
	case PDN_RULE_THREEFOLD_CLAIM:
		*hi = 1;
		return &p->threefold_claim;
	case PDN_RULE_KING_PLIES:
		return &p->king_plies;
	case PDN_RULE_ENDING16_PLIES:
		return &p->ending16_plies;
	case PDN_RULE_ENDING5_PLIES:
		return &p->ending5_plies;
	case PDN_RULE_TRANSITION:
		*hi = 1;
		return &p->transition;
	case PDN_RULE_MOVES15_PLIES:
		return &p->moves15_plies;
	case PDN_RULE_MOVES20_PLIES:
		return &p->moves20_plies;
	case PDN_RULE_MOVES40_PLIES:
		return &p->moves40_plies;
	case PDN_RULE_KINGS3_PLIES:
		return &p->kings3_plies;
	case PDN_RULE_BALANCE4_PLIES:
		return &p->balance4_plies;
	case PDN_RULE_BALANCE6_PLIES:
		return &p->balance6_plies;
	case PDN_RULE_KINGS2V1_PLIES:
		return &p->kings2v1_plies;
	case PDN_RULE_KINGS1V1_PLIES:
		return &p->kings1v1_plies;
	}
	return NULL;
}

int
pdn_profile_get(const pdn_profile *p, pdn_rule rule)
{
	int lo, hi;
	const int *f = rule_field((pdn_profile *)(uintptr_t)p, rule, &lo,
	    &hi);

	return f != NULL ? *f : -1;
}

int
pdn_profile_set(pdn_profile *p, pdn_rule rule, int value)
{
	int lo, hi, *f = rule_field(p, rule, &lo, &hi);

	/* Repetition needs two occurrences at least. */
	if (f == NULL || value < lo || value > hi ||
	    (rule == PDN_RULE_THREEFOLD && value == 1))
		return PDN_EINVAL;
	*f = value;
	return 0;
}
