/*
 * pdn-select: read PDN and write the games that match the criteria, each
 * exactly as it was read (the default), canonically (-f pdn), or as one
 * record per game (-f tsv, json); or only their number (--count).  See
 * pdn-select(1).
 *
 * Selection by tags reads the games and never replays them: the reader
 * keeps no moves (skip_moves), finding the same games several times
 * faster than when it keeps them.  As read, a game is written with the bytes
 * before it that belong to it, so that selecting every game gives back
 * the input byte for byte: the reader (keep_raw 2) gives each game's text
 * and what lies between it and the game before (blank lines, a byte order
 * mark), which is the game's; the bytes after the last game of an input
 * go at the end to each output that got a game of it.  -D on a file
 * concatenated with itself then writes the file.
 *
 * With -j N the input is cut into chunks at game boundaries (chunks.h);
 * the threads select, the main thread writes in input order, and decides
 * there what is a copy of an earlier game (-D): it alone knows them all.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "emit.h"
#include <pdn/pdn.h>

enum format { FMT_RAW, FMT_PDN, FMT_TSV, FMT_JSON };
static const char *const formats[] = { "raw", "pdn", "tsv", "json", NULL };

/* The run's options (the driver's), for the callbacks. */
static struct drv drv;

/* --- criteria ------------------------------------------------------------ */

enum op {
	OP_EQ, OP_NE, OP_SUB, OP_LT, OP_GT, OP_LE, OP_GE,
	OP_PLAYER,		/* White~ or Black~ */
	OP_RESULT		/* the outcome, in either notation */
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
};

/* Criteria that hold together (AND). */
struct group {
	struct crit *c;
	size_t n, cap;
};

/* Groups of which one must hold (OR): a --criteria file. */
struct alts {
	struct group *g;
	size_t n;
};

/* The variants a --fen is read in: every one the library knows. */
#define MAX_VARIANTS 16

/* A --fen: the position it names in each variant it reads in. */
struct fenq {
	pdn_position pos[MAX_VARIANTS];
	unsigned char ok[MAX_VARIANTS];
};

static struct opt {
	struct group all;	/* -t, --player, --result */
	struct alts *files;	/* -T: each must hold */
	size_t nfiles;
	int invert, count;
	/* Game criteria, holding with the others (-1, NULL: none). */
	int status;		/* --status: ST_* */
	int verdict;		/* --verdict: pdn_verdict */
	long pmin, pmax;	/* --plies; pmin -1: none */
	int variant;		/* --variant, or 0 */
	struct fenq *fens;	/* --fen: each reached */
	size_t nfens;
	struct material *mats;	/* --material: each reached */
	size_t nmats;
	/* -D: drop later copies, as --dup-by says, to --dup-file. */
	int dedup, dupby, summary;
	long dupplies;
	const char *dupfile;
	/* --tags: the tags of a record, NULL-ended, with the columns. */
	char **tags;
	size_t ntags;
	const char **header;
	char *tagsbuf;
	/* --split N, --split-by TAG; --strip, --add: their bits. */
	long split;
	const char *splitby;
	unsigned strip, add;
} opt;

enum { ADD_PLYCOUNT = 1, ADD_FEN = 2, ADD_HASH = 4 };

/* The most --fen and --material, together. */
#define MAX_REACH	64

/* --material: one side's pieces; -1 is any number. */
struct side {
	int men, kings, total;
};

struct material {
	struct side w, b;
};

enum { ST_VALID, ST_INVALID, ST_UNSUPPORTED };
static const char *const status_names[] = {
	"valid", "invalid", "unsupported", NULL
};
static const char *const verdict_names[] = {
	"agree", "disagree", "continues", "undecided", "invalid", "unsupported",
	NULL
};

static const char *const roster[] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Result", NULL
};

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
 * A part of a date of n characters, all digits (its value in *v) or all
 * '?' (*v -1).  Returns the characters read, 0 if neither.
 */
static int
date_part(const char *s, int n, long *v)
{
	int i, q = 0, d = 0;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '?')
			q++;
		else if (s[i] >= '0' && s[i] <= '9') {
			d++;
			*v = *v * 10 + (s[i] - '0');
		} else
			return 0;
	}
	if (q == n)
		*v = -1;
	else if (d != n)
		return 0;
	return n;
}

/*
 * A PDN date, YYYY.MM.DD, any part "??" (or "????") for unknown, or
 * YYYY or YYYY.MM: the first and the last day it may be, as YYYYMMDD.
 * Returns 0, or -1 when s is no date.
 */
static int
parse_date(const char *s, long *lo, long *hi)
{
	long y, m = -1, d = -1;

	if (date_part(s, 4, &y) == 0)
		return -1;
	s += 4;
	if (*s == '.') {
		if (date_part(s + 1, 2, &m) == 0)
			return -1;
		s += 3;
		if (*s == '.') {
			if (date_part(s + 1, 2, &d) == 0)
				return -1;
			s += 3;
		}
	}
	if (*s != '\0' || m > 12 || m == 0 || d > 31 || d == 0)
		return -1;
	*lo = (y < 0 ? 0 : y) * 10000 + (m < 0 ? 1 : m) * 100 +
	    (d < 0 ? 1 : d);
	*hi = (y < 0 ? 9999 : y) * 10000 + (m < 0 ? 12 : m) * 100 +
	    (d < 0 ? 31 : d);
	return 0;
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
add_crit(struct group *gr, const struct crit *c)
{
	if (chunk_grow((void **)&gr->c, &gr->cap, gr->n + 1,
	    sizeof(*gr->c)) != 0) {
		cli_warn("out of memory");
		free(c->name);
		free(c->value);
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

/* parse_crit1(), which leaves nothing allocated when it fails. */
static int
parse_crit(struct crit *c, const char *s, const char **why)
{
	if (parse_crit1(c, s, why) == 0)
		return 0;
	free(c->name);
	free(c->value);
	c->name = c->value = NULL;
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
	if (c->op >= OP_LT && c->op <= OP_GE) {
		if (is_date_tag(c->name)) {
			if (parse_date(c->value, &c->lo, &c->hi) != 0) {
				*why = "a date to compare with, YYYY.MM.DD "
				    "(YYYY, YYYY.MM, ?? parts)";
				return -1;
			}
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

/* Case-insensitive (ASCII) substring. */
static int
has_sub(const char *s, size_t len, const char *sub)
{
	size_t n = strlen(sub), i, k;
	unsigned char a, b;

	if (n == 0)
		return 1;
	for (i = 0; i + n <= len; i++) {
		for (k = 0; k < n; k++) {
			a = (unsigned char)s[i + k];
			b = (unsigned char)sub[k];
			if (a >= 'A' && a <= 'Z')
				a += 'a' - 'A';
			if (b >= 'A' && b <= 'Z')
				b += 'a' - 'A';
			if (a != b)
				break;
		}
		if (k == n)
			return 1;
	}
	return 0;
}

/* The game's outcome: its Result tag's, else its terminator's. */
static pdn_outcome
game_outcome(const pdn_game *g)
{
	pdn_outcome o;

	if ((o = pdn_outcome_parse(pdn_game_tag(g, "Result"), NULL)) !=
	    PDN_OUTCOME_NONE)
		return o;
	return pdn_outcome_parse(g->terminator, NULL);
}

static int
compare(const struct crit *c, const pdn_tag *t)
{
	long lo, hi;
	double x;
	int r;

	switch (c->kind) {
	case K_DATE:
		if (parse_date(t->value, &lo, &hi) != 0)
			return 0;
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

static int
crit_holds(const struct crit *c, const pdn_game *g)
{
	const pdn_tag *t;

	switch (c->op) {
	case OP_RESULT:
		return game_outcome(g) == c->outcome;
	case OP_PLAYER:
		return ((t = pdn_game_find_tag(g, "White")) != NULL &&
		    has_sub(t->value, t->vlen, c->value)) ||
		    ((t = pdn_game_find_tag(g, "Black")) != NULL &&
		    has_sub(t->value, t->vlen, c->value));
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
		return t != NULL && has_sub(t->value, t->vlen, c->value);
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
static int
meets_read(const pdn_game *g)
{
	size_t i, k;
	int yes = group_holds(&opt.all, g);

	for (i = 0; yes && i < opt.nfiles; i++) {
		for (k = 0; k < opt.files[i].n; k++)
			if (group_holds(&opt.files[i].g[k], g))
				break;
		yes = k < opt.files[i].n;
	}
	if (yes && opt.pmin >= 0)
		yes = g->plies >= opt.pmin && g->plies <= opt.pmax;
	if (yes && opt.variant != 0)
		yes = g->gametype == opt.variant;
	return yes;
}

/* Criteria that need the game replayed. */
static int
need_replay(void)
{
	return opt.status >= 0 || opt.verdict >= 0 || opt.nfens > 0 ||
	    opt.nmats > 0;
}

static int
side_holds(const struct side *sd, const pdn_position *pos, pdn_colour c)
{
	int n = pdn_position_count(pos, c), k = pdn_position_kings(pos, c);

	return (sd->total < 0 || n == sd->total) &&
	    (sd->kings < 0 || k == sd->kings) &&
	    (sd->men < 0 || n - k == sd->men);
}

/* The most pieces a side of --material counts. */
static int
side_max(const struct side *sd)
{
	return sd->total >= 0 ? sd->total : sd->men + sd->kings;
}

/*
 * Whether the final positions of every surviving line have no more
 * pieces than material m counts (else no position before them has).
 */
static int
may_reach(const struct material *m, const pdn_played *pg)
{
	const pdn_position *f;
	int k, any = 0;

	for (k = 0; k < pdn_played_lines(pg); k++)
		if ((f = pdn_played_final(pg, k)) != NULL &&
		    pdn_position_count(f, PDN_WHITE) <= side_max(&m->w) &&
		    pdn_position_count(f, PDN_BLACK) <= side_max(&m->b))
			any = 1;
	return any;
}

/*
 * Marks in found[] the --fen positions and in found[nfens + i] the
 * --material counts that pos meets; returns how many are still missing.
 */
static size_t
look(const pdn_position *pos, unsigned char *found, size_t missing)
{
	size_t i;

	for (i = 0; i < opt.nfens; i++)
		if (!found[i] && pos->variant < MAX_VARIANTS &&
		    opt.fens[i].ok[pos->variant] &&
		    pdn_position_equal(pos, &opt.fens[i].pos[pos->variant])) {
			found[i] = 1;
			missing--;
		}
	for (i = 0; i < opt.nmats; i++)
		if (!found[opt.nfens + i] &&
		    side_holds(&opt.mats[i].w, pos, PDN_WHITE) &&
		    side_holds(&opt.mats[i].b, pos, PDN_BLACK)) {
			found[opt.nfens + i] = 1;
			missing--;
		}
	return missing;
}

/*
 * Whether every --fen and --material is met at some position of the main
 * line: where it starts, after each ply of a line that survived (all of
 * them, for an ambiguous record), or a setup in it.
 */
static int
reaches(const pdn_played *pg)
{
	const pdn_position *pos[64];
	const pdn_setup *su;
	unsigned char found[MAX_REACH];
	size_t missing = opt.nfens + opt.nmats, i;
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
	if (opt.nfens == 0 && pdn_played_setups(pg) == 1) {
		for (i = 0; i < opt.nmats; i++)
			if (!may_reach(&opt.mats[i], pg))
				return 0;
	}
	memset(found, 0, sizeof(found));
	missing = look(pdn_played_start(pg), found, missing);
	for (i = 1; missing > 0 && (su = pdn_played_setup(pg, i)) != NULL;
	    i++)
		missing = look(&su->pos, found, missing);
	for (line = 0; missing > 0 && line < pdn_played_lines(pg); line++)
		for (from = 0; missing > 0 && (n = pdn_played_positions(pos,
		    64, pg, line, from)) > 0; from += n)
			for (k = 0; missing > 0 && k < n; k++)
				missing = look(pos[k], found, missing);
	return missing == 0;
}

/* The status pdn-validate gives a played game. */
static int
game_status(const pdn_played *pg)
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
static int
read_criteria(const char *path)
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
	if ((a = realloc(opt.files, (opt.nfiles + 1) * sizeof(*a))) == NULL) {
		fclose(fp);
		cli_warn("out of memory");
		return 2;
	}
	opt.files = a;
	a = &opt.files[opt.nfiles++];
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

/* --- duplicates ------------------------------------------------------- */

/*
 * -D: a game is a copy of an earlier one when their keys are equal.  A
 * key is bytes: for a game whose main line replays to its end, 'P', then
 * its setup (0 for the start position, else 1 and the position), then
 * per ply the move's from and to squares and its captured squares (with
 * the high bit set), and before a ply that follows a /FEN/ setup 0xff and
 * that position; with --dup-by final, 'F' and the final position.  A game
 * that does not replay (another variant, an illegal move) has the key of
 * its text: 'W', its GameType (the tag's, or the one inferred), its FEN
 * tag and its main line's move tokens, normalised, and setups.
 *
 * The games kept are found by the 64-bit hash of their key in an
 * open-addressing table of 16 bytes an entry, at most half full: the
 * hash, and where the game's text lies in its input.  A game whose key
 * has the hash of a kept one is a copy when the kept game's text, read
 * again from its input (pread), is its text, or else when the key of that
 * text, read and replayed again, is its key: never by the hash alone.  A
 * game of an input that cannot be read again (a pipe) keeps its key
 * itself, in an arena, for that comparison.
 */
enum { DUP_MAIN, DUP_FINAL, DUP_PLIES };

/*
 * ref: the text's offset in the inputs one after another (see struct
 * src) times 2^24, plus its length (below REF_ARENA); or, with the
 * length REF_ARENA, the key's offset in the arena, where its length comes
 * first (a size_t).  0: an empty slot.
 */
struct dupent {
	uint64_t hash;
	uint64_t ref;
};

#define REF_LEN_BITS	24
#define REF_ARENA	((1u << REF_LEN_BITS) - 1)
#define REF_MAX_OFFSET	(UINT64_C(1) << (64 - REF_LEN_BITS))

/*
 * Copies of the same text, the common case (a file merged twice, or
 * with itself), are found before the game is replayed: in a stream, where
 * each game is decided as it comes, a game whose text has the hash of a
 * kept game's text in the text cache, and is that text (read again), is
 * a copy, with no replay and no key.  The cache maps a hash of the text
 * to where a kept game's text lies, one entry a slot (a later game takes
 * the slot), TC_N of them, 1 MB: it does not grow with the games, and
 * a game it has lost is still found by its key, as any other.  On the
 * bench games (all but the first copy copies), -D took 806 million
 * instructions on 20 copies of them, 509 million with the cache (the
 * reading of the moves is most of the rest).
 */
#define TC_N		(64 * 1024)

/*
 * An input that -D reads again, at offset `base` of the inputs' texts:
 * through its own descriptor for the first MAX_SRC_FDS, reopened by name
 * (the same file: device and inode) for the others.
 */
struct src {
	char *path;
	dev_t dev;
	ino_t ino;
	uint64_t size, base;
	off_t start;		/* where its reading began in the file */
	int fd;
};

#define MAX_SRC_FDS	32

/*
 * Whether the input being read can be read again (dups.cur): set before
 * its chunks are read, for the threads that read them.
 */
static int dup_reread;

/*
 * The texts read again come through a few blocks of the inputs, reused
 * by the least recently used: the copies of a game tend to follow the
 * order of the games they copy (a file merged twice), and one read of a
 * block then serves many.  On the bench games (all but the first copy
 * copies), one read a game took 9% of the run.
 */
#define BLK_SIZE	(64 * 1024)
#define BLK_N		16

struct blk {
	const struct src *sr;	/* NULL: unused */
	uint64_t at;		/* offset in its input */
	size_t len;
	unsigned long used;
	char *data;
};

struct dups {
	struct dupent *t;
	size_t cap, n;		/* cap: a power of two */
	struct dupent *tc;	/* the text cache (TC_N), or NULL */
	pdn_buf arena;
	struct src *srcs;
	size_t nsrcs, capsrcs;
	uint64_t next;		/* where the next input's text goes */
	const struct src *cur;	/* the input being read, or NULL */
	struct blk blk[BLK_N];
	unsigned long clock;
	pdn_buf text;		/* a kept game's text, read again */
	pdn_buf other;		/* its key */
	pdn_buf mine;		/* the key of the game looked for */
	struct chunk_worker *w;	/* and its replay, made when needed */
	/*
	 * In a stream, the game looked for, still at hand (its key is made
	 * from its replay, not from its text read again), or NULL.
	 */
	const pdn_game *g;
	const pdn_played *pg;
};

/* A hash of 8 bytes at a time (the keys are long: a game's moves). */
static uint64_t
key_hash(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len, v;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&v, s + i, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (v = 0; i < len; i++)
		v = v << 8 | (unsigned char)s[i];
	h = (h ^ v) * 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 29);
}

static void
key_pos(pdn_buf *b, const pdn_position *pos)
{
	unsigned char side = (unsigned char)pos->side;

	pdn_buf_add(b, (const char *)&pos->white, sizeof(pos->white));
	pdn_buf_add(b, (const char *)&pos->black, sizeof(pos->black));
	pdn_buf_add(b, (const char *)&pos->kings, sizeof(pos->kings));
	/* The 12x12 board's squares from bit 64 on. */
	pdn_buf_add(b, (const char *)pos->hi, sizeof(pos->hi));
	pdn_buf_add(b, (const char *)&side, 1);
}

/*
 * The first n plies of the main line of pg, which has no setup after its
 * start, as make_key() writes them, read off the positions: the mover's
 * square it left and the one it reached (0x7f for both when it came back
 * where it started), then the squares it captured on.  The positions are
 * what the moves are: equal keys, equal lines.
 */
static void
key_moves(pdn_buf *b, const pdn_played *pg, long n)
{
	const pdn_position *pos[64], *prev = pdn_played_start(pg), *cur;
	uint64_t mb, ma, cap;
	unsigned mbh, mah;
	unsigned char *c;
	long from, got, k;

	for (from = 0; from < n && (got = pdn_played_positions(pos, 64, pg,
	    0, from)) > 0; from += got) {
		if (got > n - from)
			got = n - from;
		if (pdn_buf_reserve(b, (size_t)got * (2 +
		    PDN_MAX_CAPTURES)) != 0)
			return;
		c = (unsigned char *)b->data + b->len;
		for (k = 0; k < got; k++, prev = cur) {
			cur = pos[k];
			/*
			 * The high bytes hold the 12x12 board's squares from
			 * bit 64 on, where no piece is captured.
			 */
			if (prev->side == PDN_WHITE) {
				mb = prev->white;
				ma = cur->white;
				mbh = prev->hi[0];
				mah = cur->hi[0];
				cap = prev->black & ~cur->black;
			} else {
				mb = prev->black;
				ma = cur->black;
				mbh = prev->hi[1];
				mah = cur->hi[1];
				cap = prev->white & ~cur->white;
			}
			if ((mb & ~ma) == 0 && (mbh & ~mah) == 0) {
				*c++ = 0x7f;
				*c++ = 0x7f;
			} else {
				*c++ = (unsigned char)((mb & ~ma) != 0 ?
				    __builtin_ctzll(mb & ~ma) :
				    64 + __builtin_ctz(mbh & ~mah));
				*c++ = (unsigned char)((ma & ~mb) != 0 ?
				    __builtin_ctzll(ma & ~mb) :
				    64 + __builtin_ctz(mah & ~mbh));
			}
			for (; cap != 0; cap &= cap - 1)
				*c++ = (unsigned char)(0x80 |
				    __builtin_ctzll(cap));
		}
		b->len = (size_t)((char *)c - b->data);
	}
}

/*
 * Whether game g, played as pg (or NULL), replays as far as its key goes:
 * its first n plies with --dup-by plies:N (n, N or fewer), else to its
 * end; if not, its key is of its text.
 */
static int
replayed(const pdn_game *g, const pdn_played *pg, long n)
{
	if (pg == NULL || pdn_played_setups(pg) == 0 ||
	    pdn_played_lines(pg) == 0)
		return 0;
	return opt.dupby == DUP_PLIES ? pdn_played_plies(pg) >= n :
	    pdn_played_plies(pg) == g->plies;
}

/* Appends game g's key (played as pg, or NULL) to b. */
static void
make_key(pdn_buf *b, const pdn_game *g, const pdn_played *pg)
{
	pdn_position start;
	pdn_ply ply;
	char tok[PDN_MOVETOK_STRMAX];
	unsigned char *c;
	const char *fen;
	uint64_t cap;
	long i, n = g->plies;
	size_t k;

	if (opt.dupby == DUP_PLIES && n > opt.dupplies)
		n = opt.dupplies;
	if (replayed(g, pg, n)) {
		if (opt.dupby == DUP_FINAL) {
			pdn_buf_add(b, "F", 1);
			key_pos(b, pdn_played_final(pg, 0));
			return;
		}
		pdn_buf_add(b, "P", 1);
		pdn_variant_start(pdn_variant_default(), &start);
		if (pdn_position_equal(pdn_played_start(pg), &start))
			pdn_buf_add(b, "\0", 1);
		else {
			pdn_buf_add(b, "\1", 1);
			key_pos(b, pdn_played_start(pg));
		}
		/* The common case, fast: a line of moves and no setup. */
		if (pdn_played_setups(pg) == 1) {
			key_moves(b, pg, n);
			return;
		}
		for (i = 0; i < n && pdn_played_ply(&ply, pg, 0, i) == 0;
		    i++) {
			if (ply.flags & PDN_PLY_SETUP) {
				pdn_buf_add(b, "\377", 1);
				key_pos(b, ply.before);
			}
			/* Written in place: two bytes and the captures. */
			if (pdn_buf_reserve(b, 2 + PDN_MAX_CAPTURES) != 0)
				return;
			c = (unsigned char *)b->data + b->len;
			*c++ = ply.move->from;
			*c++ = ply.move->to;
			for (cap = ply.move->captured; cap != 0;
			    cap &= cap - 1)
				*c++ = (unsigned char)(0x80 |
				    __builtin_ctzll(cap));
			b->len = (size_t)((char *)c - b->data);
		}
		return;
	}
	/* Its variant too: the same tokens in another variant are not it. */
	snprintf(tok, sizeof(tok), "W%d\n", g->gametype);
	pdn_buf_add(b, tok, strlen(tok));
	if ((fen = pdn_game_tag(g, "FEN")) != NULL)
		pdn_buf_add(b, fen, strlen(fen));
	pdn_buf_add(b, "\n", 1);
	for (k = 0, i = 0; k < g->moves.n && i < n; k++) {
		if (g->moves.e[k].type == PDN_EL_MOVE) {
			pdn_buf_add(b, tok, (size_t)pdn_movetok_str(tok,
			    &g->moves.e[k].u.move.tok));
			pdn_buf_add(b, " ", 1);
			i++;
		} else if (g->moves.e[k].type == PDN_EL_SETUP) {
			pdn_buf_add(b, "/", 1);
			pdn_buf_add(b, g->moves.e[k].u.text.s,
			    g->moves.e[k].u.text.len);
			pdn_buf_add(b, "/", 1);
		}
	}
}

static uint64_t played_hash(const pdn_game *g, const pdn_played *pg);

/*
 * The hash -D finds game g's copies by (and --add hash writes): of its
 * positions when it replays, else of its key, written into *scratch.
 */
static uint64_t
game_hash(pdn_buf *scratch, const pdn_game *g, const pdn_played *pg)
{
	uint64_t h = played_hash(g, pg);

	if (h != 0)
		return h;
	scratch->len = 0;
	make_key(scratch, g, pg);
	return key_hash(scratch->data, scratch->len);
}

/* One position into hash h: three products side by side, and a turn. */
static uint64_t
hash_pos(uint64_t h, const pdn_position *p)
{
	h = (h << 23 | h >> 41) ^ (p->white * 0xff51afd7ed558ccdULL +
	    p->black * 0xc4ceb9fe1a85ec53ULL + p->kings *
	    0x9e3779b97f4a7c15ULL + (uint64_t)p->side +
	    ((uint64_t)p->hi[0] << 40 ^ (uint64_t)p->hi[1] << 48 ^
	    (uint64_t)p->hi[2] << 56));
	return h;
}

/* Mixed once more (a table slot takes its low bits); never 0 ("none"). */
static uint64_t
hash_end(uint64_t h)
{
	h = (h ^ (h >> 31)) * 0xbf58476d1ce4e5b9ULL;
	return (h ^ (h >> 29)) | 1;
}

/*
 * The hash of the key make_key() writes of a game that replays (a key of
 * 'P' or 'F'), from its positions: the start and the position after each
 * ply the key takes, or the final one, which are what the key says.
 * On 20 copies of the bench games, writing the keys took 50 million
 * instructions and -D 812 million in all; hashing the positions instead,
 * 795 million.  Most keys then need not be written at all (their games'
 * texts can be read again).
 * Returns 0 for a game whose key is written from its text ('W').
 */
static uint64_t
played_hash(const pdn_game *g, const pdn_played *pg)
{
	const pdn_position *pos[64];
	uint64_t h;
	long n = g->plies, from, got, k;

	if (opt.dupby == DUP_PLIES && n > opt.dupplies)
		n = opt.dupplies;
	if (!replayed(g, pg, n))
		return 0;
	if (opt.dupby == DUP_FINAL)
		return hash_end(hash_pos(0x46, pdn_played_final(pg, 0)));
	h = hash_pos(0x50 ^ (uint64_t)n << 8, pdn_played_start(pg));
	for (from = 0; from < n && (got = pdn_played_positions(pos, 64, pg,
	    0, from)) > 0; from += got)
		for (k = 0; k < got && from + k < n; k++)
			h = hash_pos(h, pos[k]);
	return hash_end(h);
}

/* Reads len bytes at `at` of input sr into buf: 0, or -1. */
static int
src_read(const struct src *sr, char *buf, size_t len, uint64_t at)
{
	struct stat st;
	ssize_t n;
	int fd;

	if ((fd = sr->fd) < 0 && ((fd = open(sr->path, O_RDONLY)) < 0 ||
	    fstat(fd, &st) != 0 || st.st_dev != sr->dev ||
	    st.st_ino != sr->ino)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	n = pread(fd, buf, len, sr->start + (off_t)at);
	if (sr->fd < 0)
		close(fd);
	return n >= 0 && (size_t)n == len ? 0 : -1;
}

/*
 * The text of the game at `ref` (not in the arena), *len bytes, lent
 * until the next call; NULL when it cannot be read as it was.
 */
static const char *
ref_text(struct dups *d, uint64_t ref, size_t *len)
{
	uint64_t off = ref >> REF_LEN_BITS, at, end;
	size_t lo = 0, hi = d->nsrcs, mid, i;
	const struct src *sr;
	struct blk *b, *old;

	*len = (size_t)(ref & REF_ARENA);
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (d->srcs[mid].base <= off)
			lo = mid;
		else
			hi = mid;
	}
	if (lo >= d->nsrcs || off < d->srcs[lo].base ||
	    off - d->srcs[lo].base + *len > d->srcs[lo].size)
		return NULL;
	sr = &d->srcs[lo];
	at = off - sr->base;
	end = at + *len;
	d->clock++;
	for (i = 0, old = b = d->blk; i < BLK_N; i++, b++) {
		if (b->sr == sr && b->at <= at && end <= b->at + b->len) {
			b->used = d->clock;
			return b->data + (at - b->at);
		}
		if (b->used < old->used)
			old = b;
	}
	/* A text longer than a block is read alone. */
	if (*len > BLK_SIZE / 2) {
		d->text.len = 0;
		if (pdn_buf_reserve(&d->text, *len) != 0 ||
		    src_read(sr, d->text.data, *len, at) != 0)
			return NULL;
		return d->text.data;
	}
	if (old->data == NULL && (old->data = malloc(BLK_SIZE)) == NULL)
		return NULL;
	old->sr = NULL;
	old->at = at & ~(uint64_t)4095;
	old->len = sr->size - old->at < BLK_SIZE ?
	    (size_t)(sr->size - old->at) : BLK_SIZE;
	if (src_read(sr, old->data, old->len, old->at) != 0)
		return NULL;
	old->sr = sr;
	old->used = d->clock;
	return old->data + (at - old->at);
}

static void replay_options(pdn_replay_options *ro);

/*
 * The key of the game in text[0..len), read and replayed again, into
 * *to.  Returns 0, or -1 out of memory.
 */
static int
key_of_text(struct dups *d, pdn_buf *to, const char *text, size_t len)
{
	pdn_reader_options o = PDN_READER_OPTIONS_INIT;
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const pdn_played *pg;
	const pdn_game *g;
	pdn_reader *r;
	int rc = 0;

	to->len = 0;
	if (d->w == NULL && (d->w = chunk_worker_new(NULL)) == NULL)
		return -1;
	o.gametype = drv.gametype;
	if (pdn_reader_new_mem(&r, text, len, &o) != 0)
		return -1;
	replay_options(&ro);
	if (pdn_reader_next(&g, r) == 1) {
		if (pdn_replay_game(&pg, d->w->rp, g, &ro) != 0)
			rc = -1;
		else
			make_key(to, g, pg);
	}
	pdn_reader_free(r);
	return rc != 0 || to->oom ? -1 : 0;
}

/*
 * The key of the game looked for, whose text is text[0..len), into
 * d->mine: from its replay when it is at hand.  0, or -1 out of memory.
 */
static int
key_mine(struct dups *d, const char *text, size_t len)
{
	if (d->g == NULL)
		return key_of_text(d, &d->mine, text, len);
	d->mine.len = 0;
	make_key(&d->mine, d->g, d->pg);
	return d->mine.oom ? -1 : 0;
}

/*
 * Whether kept entry e is the game of key[0..len) (NULL: not written)
 * and text[0..tlen) (NULL: not at hand, then the key is written): 1 yes,
 * 0 no, -1 out of memory.
 */
static int
dup_same(struct dups *d, struct dupent *e, const char *key, size_t len,
    const char *text, size_t tlen)
{
	const char *kept;
	size_t klen;

	/* The comparisons below want the key. */
	if (key == NULL && (e->ref & REF_ARENA) == REF_ARENA) {
		if (key_mine(d, text, tlen) != 0)
			return -1;
		key = d->mine.data;
		len = d->mine.len;
	}
	if ((e->ref & REF_ARENA) == REF_ARENA) {
		kept = d->arena.data + (e->ref >> REF_LEN_BITS);
		memcpy(&klen, kept, sizeof(klen));
		return klen == len && memcmp(kept + sizeof(klen), key,
		    len) == 0;
	}
	/* Changed since (or gone): not the game it was. */
	if ((kept = ref_text(d, e->ref, &klen)) == NULL)
		return 0;
	/* The same text is the same game: the common case, cheap. */
	if (text != NULL && klen == tlen && memcmp(kept, text, tlen) == 0)
		return 1;
	if (key_of_text(d, &d->other, kept, klen) != 0)
		return -1;
	/*
	 * In a stream the kept game keeps that key from now on: the
	 * games written otherwise that follow are compared with it without
	 * reading it again (the copies of its text are found by the text
	 * cache), and their keys come from their replays.  Among the
	 * prefixes of the bench games (many of the same moves under other
	 * tags), -D took 1,661 million instructions reading the kept
	 * games again each time (76 million of them), 1,610 million so.
	 */
	if (d->g != NULL && d->arena.len < REF_MAX_OFFSET) {
		e->ref = (uint64_t)d->arena.len << REF_LEN_BITS | REF_ARENA;
		pdn_buf_add(&d->arena, (const char *)&d->other.len,
		    sizeof(d->other.len));
		pdn_buf_add(&d->arena, d->other.data, d->other.len);
		if (d->arena.oom)
			return -1;
	}
	if (key == NULL) {
		if (key_mine(d, text, tlen) != 0)
			return -1;
		key = d->mine.data;
		len = d->mine.len;
	}
	return d->other.len == len && memcmp(d->other.data, key, len) == 0;
}

/*
 * Whether text[0..len), whose hash is th, is the text of a kept game (the
 * text cache's): 1 yes, 0 not known.
 */
static int
dup_text_seen(struct dups *d, uint64_t th, const char *text, size_t len)
{
	const struct dupent *c;
	const char *kept;
	size_t klen;

	if (d->tc == NULL)
		return 0;
	c = &d->tc[(th >> 1) & (TC_N - 1)];
	if (c->hash != th || c->ref == 0 ||
	    (kept = ref_text(d, c->ref, &klen)) == NULL)
		return 0;
	return klen == len && memcmp(kept, text, len) == 0;
}

/*
 * Whether the game of key[0..len) (hash h), whose text lies at `offset`
 * of the input being read, `tlen` bytes (text, or NULL when it is not at
 * hand), is a copy of one kept; if not, it is kept.  Returns 1 (a copy),
 * 0 (new), -1 out of memory.
 */
static int
dup_seen(struct dups *d, const char *key, size_t len, uint64_t h,
    uint64_t offset, const char *text, size_t tlen, uint64_t th)
{
	struct dupent *t, *e;
	size_t i, cap;
	int same, where;

	if (key == NULL && text == NULL)
		return 0;
	if (2 * (d->n + 1) > d->cap) {
		cap = d->cap == 0 ? 1024 : 2 * d->cap;
		if ((t = calloc(cap, sizeof(*t))) == NULL)
			return -1;
		for (i = 0; i < d->cap; i++) {
			if (d->t[i].ref == 0)
				continue;
			for (e = &t[d->t[i].hash & (cap - 1)]; e->ref != 0;
			    e = &t[(size_t)(e - t + 1) & (cap - 1)])
				;
			*e = d->t[i];
		}
		free(d->t);
		d->t = t;
		d->cap = cap;
	}
	/* Where it can be read again from, to be kept so. */
	where = d->cur != NULL && offset + tlen <= d->cur->size &&
	    tlen > 0 && tlen < REF_ARENA &&
	    d->cur->base + offset < REF_MAX_OFFSET;
	for (e = &d->t[h & (d->cap - 1)]; e->ref != 0;
	    e = &d->t[(size_t)(e - d->t + 1) & (d->cap - 1)])
		if (e->hash == h && (same = dup_same(d, e, key, len, text,
		    tlen)) != 0)
			return same;
	e->hash = h;
	if (where) {
		e->ref = (d->cur->base + offset) << REF_LEN_BITS | tlen;
		if (th != 0 && (d->tc != NULL || (d->tc = calloc(TC_N,
		    sizeof(*d->tc))) != NULL)) {
			d->tc[(th >> 1) & (TC_N - 1)].hash = th;
			d->tc[(th >> 1) & (TC_N - 1)].ref = e->ref;
		}
	} else {
		/* Past what the input was when it was opened, say. */
		if (key == NULL) {
			if (key_mine(d, text, tlen) != 0)
				return -1;
			key = d->mine.data;
			len = d->mine.len;
		}
		if (d->arena.len >= REF_MAX_OFFSET)
			return -1;
		e->ref = (uint64_t)d->arena.len << REF_LEN_BITS | REF_ARENA;
		pdn_buf_add(&d->arena, (const char *)&len, sizeof(len));
		pdn_buf_add(&d->arena, key, len);
		if (d->arena.oom)
			return -1;
	}
	d->n++;
	return 0;
}

/*
 * Notes input `in` for the comparisons of -D (d->cur) when it is a
 * regular file, which can be read again; otherwise its games keep their
 * keys.
 */
static void
dup_source(struct dups *d, const struct cli_input *in)
{
	struct stat st;
	struct src *n;
	off_t start;

	d->cur = NULL;
	/* Standard input may be a file read from its middle on. */
	if (fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (start = lseek(in->fd, 0, SEEK_CUR)) < 0 || st.st_size <= start)
		return;
	if (d->nsrcs == d->capsrcs) {
		size_t cap = d->capsrcs == 0 ? 16 : 2 * d->capsrcs;

		if ((n = realloc(d->srcs, cap * sizeof(*n))) == NULL)
			return;
		d->srcs = n;
		d->capsrcs = cap;
	}
	n = &d->srcs[d->nsrcs];
	n->fd = -1;
	n->path = NULL;
	/* Standard input, redirected from a file, has no name to reopen. */
	if (d->nsrcs < MAX_SRC_FDS || in->fd == STDIN_FILENO)
		n->fd = dup(in->fd);
	else
		n->path = strdup(in->name);
	if (n->fd < 0 && n->path == NULL)
		return;
	n->dev = st.st_dev;
	n->ino = st.st_ino;
	n->size = (uint64_t)(st.st_size - start);
	n->start = start;
	n->base = d->next;
	d->next += n->size;
	d->cur = n;
	d->nsrcs++;
}

static void
dup_free(struct dups *d)
{
	size_t i;

	for (i = 0; i < d->nsrcs; i++) {
		if (d->srcs[i].fd >= 0)
			close(d->srcs[i].fd);
		free(d->srcs[i].path);
	}
	free(d->srcs);
	for (i = 0; i < BLK_N; i++)
		free(d->blk[i].data);
	free(d->t);
	free(d->tc);
	pdn_buf_free(&d->arena);
	pdn_buf_free(&d->text);
	pdn_buf_free(&d->other);
	pdn_buf_free(&d->mine);
	if (d->w != NULL)
		chunk_worker_free(d->w);
}

/* --- selecting ----------------------------------------------------------- */

/*
 * What a stream or a chunk read, until the main thread writes it in input
 * order: its games and the bytes between them.  Whether a game is
 * written is decided there, where -D knows every game before it.
 */
enum { IT_BYTES, IT_GAME };
enum { LOST_NONE, LOST_COPY, LOST_REWRITE };

struct item {
	int kind;
	/*
	 * IT_BYTES: bytes between games that are no game's text (junk,
	 * comments after the last game, blanks after the last game of a
	 * chunk), which belong to the next game, or at the end of the input
	 * to what was written.  IT_GAME: a game, `sel` when it meets the
	 * criteria, its text with what lies before it.
	 */
	int sel;
	size_t text, len;	/* its bytes in the body (as read, pdn) */
	/*
	 * Or, not NULL, its bytes where the reader holds them: a stream's
	 * game written as read, written before the reader goes on (a copy
	 * into the body was 4% of pdn-select -t's time).
	 */
	const char *at;
	size_t lead;		/* as read: the blanks they begin with */
	/*
	 * -D: its key's hash; its key in keys (keylen 0: not written); its
	 * text's place in the input, and its bytes in keys at ktext (span
	 * length 0: not at hand; ktext SIZE_MAX: at the end of its text in
	 * the body, as read).
	 */
	uint64_t hash;
	size_t key, keylen;
	pdn_span span;
	size_t ktext;
	/*
	 * -D in a stream: `copy`, a copy of a kept game's text (nothing
	 * else to look at); thash, its text's hash for the text cache (0:
	 * none).
	 */
	int copy;
	uint64_t thash;
	int lost;		/* LOST_*: selected, and it cannot be written */
	long game, line;	/* its record (tsv, json) */
	uint64_t offset;
	size_t vals;		/* the record's tag values in the arena */
	size_t sval, slen;	/* --split-by: the value (SIZE_MAX: none) */
};

struct batch {
	pdn_buf body;		/* texts */
	pdn_buf arena;		/* the records' tag values */
	pdn_buf keys;
	struct item *it;
	size_t nit, capit;
	long games;
	int live;
	int status;		/* 2: trouble (said) */
	struct kept_diags kd;
};

static struct item *
new_item(struct batch *b, int kind)
{
	struct item *it;

	if (chunk_grow((void **)&b->it, &b->capit, b->nit + 1,
	    sizeof(*b->it)) != 0) {
		b->body.oom = 1;
		return NULL;
	}
	it = &b->it[b->nit++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->text = b->body.len;
	return it;
}

/* The bytes of item it. */
static const char *
item_bytes(const struct batch *b, const struct item *it)
{
	return it->at != NULL ? it->at : b->body.data + it->text;
}

/* Bytes that are no game's text: an IT_BYTES item. */
static void
between(struct batch *b, const char *s, size_t len)
{
	struct item *it;

	if (len == 0 || (it = new_item(b, IT_BYTES)) == NULL)
		return;
	pdn_buf_add(&b->body, s, len);
	it->len = b->body.len - it->text;
}

/* The tag values of a record: for each, its length (or SIZE_MAX), bytes. */
static void
keep_values(struct batch *b, const pdn_game *g)
{
	const pdn_tag *t;
	size_t i, len;

	for (i = 0; i < opt.ntags; i++) {
		t = pdn_game_find_tag(g, opt.tags[i]);
		len = t != NULL ? t->vlen : SIZE_MAX;
		pdn_buf_add(&b->arena, (const char *)&len, sizeof(len));
		if (t != NULL)
			pdn_buf_add(&b->arena, t->value, t->vlen);
	}
}

/*
 * How many blanks s[0..len-1] begins with (a comparison a byte: strchr()
 * a byte was 1.5% of pdn-select -t's time).
 */
static size_t
blank_lead(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && (s[i] == ' ' || s[i] == '\t' ||
	    s[i] == '\r' || s[i] == '\n'); i++)
		;
	return i;
}

/*
 * Text that is no game, that the reader gives as one only to keep it
 * (keep_raw): comments outside any game.  Text with an error in it is a
 * broken game, as pdn-validate counts it.
 */
static int
no_game(const pdn_game *g)
{
	return g->truncated && g->errors == 0 && g->ntags == 0 &&
	    g->plies == 0 && g->terminator == NULL;
}

/*
 * Sets tag `name` of tags[0..*n-1] to value: the first of that name
 * takes it, the others go; without one, it is added at the end.
 */
static void
set_tag(pdn_tag *tags, size_t *n, const char *name, const char *value)
{
	size_t i, k = 0;
	int done = 0;

	for (i = 0; i < *n; i++) {
		if (strcmp(tags[i].name, name) == 0) {
			if (done)
				continue;
			done = 1;
			tags[i].value = value;
			tags[i].vlen = strlen(value);
		}
		tags[k++] = tags[i];
	}
	if (!done) {
		tags[k].name = name;
		tags[k].value = value;
		tags[k].vlen = strlen(value);
		tags[k].line = 0;
		k++;
	}
	*n = k;
}

/*
 * Appends game g (played as pg) canonically, stripped of what --strip
 * says and with the tags of --add.  Returns 0 or PDN_ENOMEM.
 */
static int
write_changed(pdn_buf *out, const pdn_game *g, const pdn_played *pg,
    struct chunk_worker *w, const pdn_replay_options *ro)
{
	char plies[32], fen[PDN_FEN_STRMAX], hash[20];
	const pdn_position *f;
	const pdn_game *src = g;
	pdn_game *c = NULL, am;
	pdn_tag *tags = NULL;
	pdn_buf key = { 0 };
	size_t n;
	int rc = PDN_ENOMEM;

	if (g->truncated)
		return pdn_game_write(out, g, pg);
	if (opt.add) {
		if ((tags = malloc((g->ntags + 3) * sizeof(*tags))) == NULL)
			return PDN_ENOMEM;
		if (g->ntags > 0)
			memcpy(tags, g->tags, g->ntags * sizeof(*tags));
		n = g->ntags;
		if (opt.add & ADD_PLYCOUNT) {
			/* As --plies counts them: the main line's, written. */
			snprintf(plies, sizeof(plies), "%ld", g->plies);
			set_tag(tags, &n, "PlyCount", plies);
		}
		if ((opt.add & ADD_FEN) && pdn_played_lines(pg) > 0 &&
		    pdn_played_plies(pg) == g->plies &&
		    (f = pdn_played_final(pg, 0)) != NULL) {
			pdn_fen_write(fen, sizeof(fen), f);
			set_tag(tags, &n, "FinalFEN", fen);
		}
		if (opt.add & ADD_HASH) {
			snprintf(hash, sizeof(hash), "%016llx",
			    (unsigned long long)game_hash(&key, g, pg));
			if (key.oom)
				goto out;
			set_tag(tags, &n, "Hash", hash);
		}
	}
	if (opt.strip) {
		if (pdn_game_strip(&c, g, opt.strip) != 0)
			goto out;
		src = c;
		/* The copy's own replay: pg refers to g's elements. */
		if (pdn_replay_game(&pg, w->rp, c, ro) != 0)
			goto out;
	}
	if (opt.add) {
		am = *src;
		am.tags = tags;
		am.ntags = n;
		am.tag_spans = NULL;
		src = &am;
	}
	rc = pdn_game_write(out, src, pg);
out:
	pdn_buf_free(&key);
	free(tags);
	pdn_game_free(c);
	return rc;
}

struct run;
static void diag(const pdn_diag *d, void *arg);
static void write_items(struct run *run, struct batch *b,
    const struct chunk_base *at);
static int text_copy(struct run *run, const pdn_game *g, uint64_t *th);
static void dups_at_hand(struct run *run, const pdn_game *g,
    const pdn_played *pg);

/*
 * What pdn-validate says of a game, and a canonical rewrite, take every
 * variation; the other criteria only the main line.  The replay's
 * diagnostics are pdn-validate's to say.
 */
static void
replay_options(pdn_replay_options *ro)
{
	ro->flags = drv.flags;
	if (opt.status < 0 && drv.fmt != FMT_PDN)
		ro->flags |= PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
}

/*
 * The work of a chunk or a stream (struct chunk_tool): reads the games of
 * reader r into the batch, judged by the criteria, with the worker ctx.
 */
static int
select_games(void *arg, pdn_reader *r, const struct cli_input *in, void *ctx,
    void *batch, const struct chunk_base *live, long *games)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct chunk_worker *w = ctx;
	struct batch *b = batch;
	const pdn_played *pg;
	const pdn_game *g;
	const char *rest;
	pdn_adjudication adj;
	struct item *it;
	size_t len;
	uint64_t th;
	int rc, sel, copy, out = !drv.quiet && !opt.count;

	replay_options(&ro);
	b->live = live != NULL;
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		if (no_game(g)) {
			if (drv.fmt == FMT_RAW && out && g->raw != NULL) {
				if (g->before != NULL)
					between(b, g->before, g->beforelen);
				between(b, g->raw, g->rawlen);
			} else if (drv.fmt == FMT_PDN && out &&
			    (it = new_item(b, IT_BYTES)) != NULL) {
				(void)pdn_game_write(&b->body, g, NULL);
				it->len = b->body.len - it->text;
			}
			continue;
		}
		sel = meets_read(g);
		pg = NULL;
		/*
		 * -D in a stream, selected whatever the replay says: a copy
		 * of a kept game's text needs no replay.
		 */
		copy = 0;
		th = 0;
		if (opt.dedup && live != NULL && !need_replay() &&
		    sel != opt.invert)
			copy = text_copy(arg, g, &th);
		if (sel && (need_replay() || (opt.dedup && !copy))) {
			if (pdn_replay_game(&pg, w->rp, g, &ro) != 0) {
				b->body.oom = 1;
				break;
			}
			if (opt.status >= 0 && game_status(pg) != opt.status)
				sel = 0;
			if (sel && opt.verdict >= 0) {
				if (pdn_adjudicate(&adj, w->a, pg) != 0) {
					b->body.oom = 1;
					break;
				}
				sel = (int)adj.verdict == opt.verdict;
			}
			if (sel)
				sel = reaches(pg);
		}
		sel = sel != opt.invert;
		b->games++;
		if ((it = new_item(b, IT_GAME)) == NULL)
			break;
		/*
		 * Its text not at hand (too large to keep): as read, it
		 * cannot be copied; cut short by an error, not rewritten
		 * either (said where it is written, with its place).
		 */
		if (out && sel && drv.fmt == FMT_RAW &&
		    (g->raw == NULL || g->before == NULL))
			it->lost = LOST_COPY;
		else if (out && sel && drv.fmt == FMT_PDN && g->truncated &&
		    g->raw == NULL)
			it->lost = LOST_REWRITE;
		it->sel = sel;
		it->game = g->index;
		it->line = g->line;
		it->offset = g->offset;
		if (sel && opt.dedup && live != NULL && need_replay())
			copy = text_copy(arg, g, &th);
		it->copy = copy;
		it->thash = th;
		if (sel && opt.dedup && !copy) {
			/* -v selects games that were not replayed. */
			if (pg == NULL && pdn_replay_game(&pg, w->rp, g,
			    &ro) != 0) {
				b->body.oom = 1;
				break;
			}
			/*
			 * Its hash, its text for the comparison, and its
			 * key when its text will not do.
			 */
			it->span = g->span;
			if (g->raw == NULL || g->rawlen != g->span.len)
				it->span.len = 0;
			it->key = b->keys.len;
			it->hash = played_hash(g, pg);
			if (it->hash == 0 || it->span.len == 0 ||
			    !dup_reread) {
				make_key(&b->keys, g, pg);
				it->keylen = b->keys.len - it->key;
				if (it->hash == 0)
					it->hash = key_hash(b->keys.data +
					    it->key, it->keylen);
			} else
				it->keylen = 0;
			/* Written as read, it ends the body's text. */
			if (drv.fmt == FMT_RAW && out && g->before != NULL)
				it->ktext = SIZE_MAX;
			else {
				it->ktext = b->keys.len;
				if (it->span.len > 0)
					pdn_buf_add(&b->keys, g->raw,
					    g->rawlen);
			}
		}
		if (sel && out && opt.splitby != NULL) {
			const pdn_tag *t = pdn_game_find_tag(g, opt.splitby);

			it->sval = b->arena.len;
			it->slen = t != NULL ? t->vlen : SIZE_MAX;
			if (t != NULL)
				pdn_buf_add(&b->arena, t->value, t->vlen);
		}
		if (sel && out) {
			switch (drv.fmt) {
			case FMT_RAW:
				/*
				 * Not at hand (said above): a blank line in
				 * its place keeps the games around it apart
				 * (its text held the line ends between them).
				 */
				if (g->raw == NULL || g->before == NULL) {
					pdn_buf_add(&b->body, "\n\n", 2);
					break;
				}
				if (live != NULL &&
				    g->raw == g->before + g->beforelen) {
					it->at = g->before;
					it->lead = blank_lead(g->before,
					    g->beforelen);
					it->len = g->beforelen + g->rawlen;
					break;
				}
				pdn_buf_add(&b->body, g->before,
				    g->beforelen);
				pdn_buf_add(&b->body, g->raw, g->rawlen);
				it->lead = blank_lead(g->before, g->beforelen);
				break;
			case FMT_PDN:
				if ((pg == NULL && pdn_replay_game(&pg, w->rp,
				    g, &ro) != 0) ||
				    (opt.strip == 0 && opt.add == 0 ?
				    pdn_game_write(&b->body, g, pg) :
				    write_changed(&b->body, g, pg, w, &ro)) != 0)
					b->body.oom = 1;
				break;
			default:
				it->vals = b->arena.len;
				keep_values(b, g);
				break;
			}
			if (it->at == NULL)
				it->len = b->body.len - it->text;
		}
		if (live != NULL) {
			/* A rewrite of a stripped game replayed its copy. */
			if (pg != NULL && (drv.fmt != FMT_PDN || !opt.strip))
				dups_at_hand(arg, g, pg);
			write_items(arg, b, live);
			dups_at_hand(arg, NULL, NULL);
			drv_progress(&drv, 1, g->offset + live->offset);
		}
	}
	if (drv.fmt == FMT_RAW && out && rc == 0 &&
	    (rest = pdn_reader_rest(r, &len)) != NULL)
		between(b, rest, len);
	*games = b->games;
	if (b->body.oom || b->arena.oom || b->keys.oom) {
		cli_warn("out of memory");
		b->status = 2;
	}
	rc = cli_input_end(in, rc);
	return rc > b->status ? rc : b->status;
}

/* --- writing ------------------------------------------------------------ */

struct run {
	FILE *fp;		/* the selected games */
	FILE *dupfp;		/* --dup-file: the copies dropped, or NULL */
	long games, selected, dropped;
	/*
	 * Bytes between games, waiting for the next game of the input, or
	 * its end; the outputs that got a game of the input.
	 */
	pdn_buf carry;
	int to_out, to_dup;
	struct dups dups;
	int status;
	void *rp[DRV_MAX_JOBS];
	/* --split, --split-by: the files, the one written last. */
	int splitting, split_failed;
	struct part *parts;
	size_t nparts, capparts, nopen;
	/* --split-by: the parts by value and by name (index + 1; 0 empty). */
	size_t *byvalue, *byname, icap;
	long ingame;		/* --split: games in the current file */
	long clock;
};

/* A file of --split or --split-by. */
struct part {
	struct cli_output *out;
	char *value;		/* --split-by: the tag's value, or NULL */
	size_t len;
	int none;		/* no such tag */
	char *name;		/* what the value became in the file name */
	char *path;		/* the file's */
	long used;		/* when it was last written */
};

/* The most files of --split-by open at once; the others are reopened. */
#define MAX_OPEN	128
/* The most bytes of a value in a file name. */
#define MAX_NAME	64

/* The path of part `name` of the -o stem: stem-name.pdn. */
static char *
part_path(const char *name)
{
	const char *stem = drv.output;
	size_t n = strlen(stem);
	char *p;

	if (n > 4 && strcasecmp(stem + n - 4, ".pdn") == 0)
		n -= 4;
	if ((p = malloc(n + strlen(name) + 6)) == NULL)
		return NULL;
	memcpy(p, stem, n);
	sprintf(p + n, "-%s.pdn", name);
	return p;
}

/*
 * A value made a safe part of a file name: letters, digits and - _ + , =
 * @ kept, '.' too but first, any other byte (a '/', a blank, a control or
 * non-ASCII byte) '_'; at most MAX_NAME bytes; "_" for nothing.
 */
static void
sanitize(char *dst, const char *s, size_t len)
{
	size_t i, n = 0;
	unsigned char c;

	for (i = 0; i < len && n < MAX_NAME; i++) {
		c = (unsigned char)s[i];
		if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
		    (c >= 'a' && c <= 'z') || strchr("-_+,=@", c) != NULL ||
		    (c == '.' && n > 0))
			dst[n++] = (char)c;
		else
			dst[n++] = '_';
	}
	if (n == 0)
		dst[n++] = '_';
	dst[n] = '\0';
}

/*
 * --split-by finds the file of a value, and whether a name is taken,
 * through two hash indexes of the parts, so that a run over many values
 * does not compare each game's value with every file's.  Names are
 * compared without case: two that differ only in it are one file on a
 * case-insensitive file system (they are names made by sanitize(): ASCII).
 */
static int
fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int
same_name(const char *a, const char *b)
{
	for (; *a != '\0' && fold(*a) == fold(*b); a++, b++)
		;
	return *a == '\0' && *b == '\0';
}

static uint64_t
name_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)fold(*s)) * 0x100000001b3ULL;
	return h;
}

#define NONE_HASH	0x6e6f6e65ULL

static uint64_t
value_hash(int none, const char *v, size_t len)
{
	return none ? NONE_HASH : key_hash(v, len) ^ (NONE_HASH + 1);
}

static void
index_put(size_t *ix, size_t cap, uint64_t h, size_t i)
{
	for (h &= cap - 1; ix[h] != 0; h = (h + 1) & (cap - 1))
		;
	ix[h] = i + 1;
}

/* Makes room in the indexes for one more part: 0, or -1. */
static int
index_grow(struct run *run)
{
	size_t cap, i, *v, *n;
	const struct part *pt;

	if (2 * (run->nparts + 1) <= run->icap)
		return 0;
	cap = run->icap == 0 ? 64 : 2 * run->icap;
	if ((v = calloc(cap, sizeof(*v))) == NULL ||
	    (n = calloc(cap, sizeof(*n))) == NULL) {
		free(v);
		return -1;
	}
	for (i = 0; i < run->nparts; i++) {
		pt = &run->parts[i];
		index_put(v, cap, value_hash(pt->none, pt->value, pt->len), i);
		index_put(n, cap, name_hash(pt->name), i);
	}
	free(run->byvalue);
	free(run->byname);
	run->byvalue = v;
	run->byname = n;
	run->icap = cap;
	return 0;
}

static struct part *
find_value(const struct run *run, int none, const char *v, size_t len)
{
	uint64_t h = value_hash(none, v, len);
	const struct part *pt;
	size_t k;

	if (run->icap == 0)
		return NULL;
	for (k = h & (run->icap - 1); run->byvalue[k] != 0;
	    k = (k + 1) & (run->icap - 1)) {
		pt = &run->parts[run->byvalue[k] - 1];
		if (pt->none == none && (none || (pt->len == len &&
		    memcmp(pt->value, v, len) == 0)))
			return &run->parts[run->byvalue[k] - 1];
	}
	return NULL;
}

static int
name_taken(const struct run *run, const char *name)
{
	size_t k;

	if (run->icap == 0)
		return 0;
	for (k = name_hash(name) & (run->icap - 1); run->byname[k] != 0;
	    k = (k + 1) & (run->icap - 1))
		if (same_name(run->parts[run->byname[k] - 1].name, name))
			return 1;
	return 0;
}

static struct part *
new_part(struct run *run, const char *name)
{
	struct part *pt;
	char *path;

	if (chunk_grow((void **)&run->parts, &run->capparts, run->nparts + 1,
	    sizeof(*run->parts)) != 0 || (path = part_path(name)) == NULL) {
		cli_warn("out of memory");
		return NULL;
	}
	pt = &run->parts[run->nparts];
	memset(pt, 0, sizeof(*pt));
	/* The output names itself by it, in its messages. */
	pt->path = path;
	pt->out = drv_output_also(&drv, path, opt.split > 0 ? "--split" :
	    "--split-by");
	if (pt->out == NULL) {
		free(path);
		return NULL;
	}
	run->nparts++;
	run->nopen++;
	if ((pt->name = strdup(name)) == NULL) {
		cli_warn("out of memory");
		return NULL;
	}
	return pt;
}

/*
 * The most files of --split-by open at once: MAX_OPEN, or under a lower
 * limit of open files half of it (the inputs, the temporary files being
 * made need some too), at least 4.
 */
static size_t
max_open(void)
{
	static size_t max;
	struct rlimit rl;

	if (max == 0) {
		max = MAX_OPEN;
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 2 < max)
			max = rl.rlim_cur / 2 < 4 ? 4 : (size_t)rl.rlim_cur / 2;
	}
	return max;
}

/* Opens part pt again (closed to bound the files open), for appending. */
static int
reopen(struct run *run, struct part *pt)
{
	size_t i, lru = SIZE_MAX;

	if (pt->out->fp != NULL)
		return 0;
	if (run->nopen >= max_open()) {
		for (i = 0; i < run->nparts; i++)
			if (run->parts[i].out->fp != NULL &&
			    run->parts[i].out->tmp != NULL && (lru ==
			    SIZE_MAX || run->parts[i].used <
			    run->parts[lru].used))
				lru = i;
		if (lru != SIZE_MAX) {
			if (cli_output_finish(run->parts[lru].out) != 0)
				return -1;
			run->nopen--;
		}
	}
	if ((pt->out->fp = fopen(pt->out->tmp, "a")) == NULL) {
		cli_warn("%s: %s", pt->out->name, strerror(errno));
		return -1;
	}
	run->nopen++;
	return 0;
}

/* Whether a selected game goes to the file of the game written last. */
static int
to_last_part(const struct run *run, const struct batch *b,
    const struct item *it)
{
	const struct part *pt;

	if (run->nparts == 0)
		return 0;
	if (opt.split > 0)
		return run->ingame < opt.split;
	pt = find_value(run, it->slen == SIZE_MAX, b->arena.data + it->sval,
	    it->slen);
	return pt != NULL && pt->out->fp == run->fp;
}

/*
 * The file of --split or --split-by that a selected game goes to, or
 * NULL after saying why.
 */
static FILE *
part_fp(struct run *run, const struct batch *b, const struct item *it)
{
	char name[MAX_NAME + 32], base[MAX_NAME + 1];
	struct part *pt = NULL;
	size_t i, k;
	int none = it->slen == SIZE_MAX;
	const char *v = b->arena.data + it->sval;

	if (opt.split > 0) {
		if (run->nparts > 0 && run->ingame < opt.split)
			pt = &run->parts[run->nparts - 1];
		else {
			if (run->nparts > 0 && cli_output_finish(
			    run->parts[run->nparts - 1].out) != 0)
				return NULL;
			snprintf(name, sizeof(name), "%zu", run->nparts + 1);
			if ((pt = new_part(run, name)) == NULL)
				return NULL;
			run->ingame = 0;
		}
		run->ingame++;
		return pt->out->fp;
	}
	if ((pt = find_value(run, none, v, it->slen)) == NULL) {
		if (index_grow(run) != 0) {
			cli_warn("out of memory");
			return NULL;
		}
		if (none)
			strcpy(base, "none");
		else
			sanitize(base, v, it->slen);
		/*
		 * Two values that read alike, or alike but for case, get
		 * names of their own.
		 */
		strcpy(name, base);
		for (k = 2; name_taken(run, name); k++)
			snprintf(name, sizeof(name), "%s-%zu", base, k);
		if (run->nopen >= max_open()) {
			for (i = 0, k = SIZE_MAX; i < run->nparts; i++)
				if (run->parts[i].out->fp != NULL &&
				    run->parts[i].out->tmp != NULL &&
				    (k == SIZE_MAX || run->parts[i].used <
				    run->parts[k].used))
					k = i;
			if (k != SIZE_MAX) {
				if (cli_output_finish(run->parts[k].out) != 0)
					return NULL;
				run->nopen--;
			}
		}
		if ((pt = new_part(run, name)) == NULL)
			return NULL;
		pt->none = none;
		if (!none) {
			if ((pt->value = malloc(it->slen + 1)) == NULL) {
				cli_warn("out of memory");
				return NULL;
			}
			memcpy(pt->value, v, it->slen);
			pt->len = it->slen;
		}
		index_put(run->byvalue, run->icap, value_hash(none, pt->value,
		    pt->len), run->nparts - 1);
		index_put(run->byname, run->icap, name_hash(pt->name),
		    run->nparts - 1);
	} else if (reopen(run, pt) != 0)
		return NULL;
	pt->used = ++run->clock;
	return pt->out->fp;
}

static void
tsv_field(FILE *fp, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		fputc(s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ? ' ' :
		    s[i], fp);
}

static void
print_record(FILE *fp, const struct batch *b, const struct item *r,
    const struct chunk_base *at)
{
	const char *p = b->arena.data + r->vals;
	size_t i, len;

	if (drv.fmt == FMT_TSV) {
		tsv_field(fp, at->file, strlen(at->file));
		fprintf(fp, "\t%ld\t%ld\t%llu", r->game + at->game,
		    r->line + at->line,
		    (unsigned long long)(r->offset + at->offset));
	} else {
		fputs("{\"file\":", fp);
		json_cstr(fp, at->file);
		fprintf(fp, ",\"game\":%ld,\"line\":%ld,\"offset\":%llu,"
		    "\"tags\":{", r->game + at->game, r->line + at->line,
		    (unsigned long long)(r->offset + at->offset));
	}
	for (i = 0; i < opt.ntags; i++) {
		memcpy(&len, p, sizeof(len));
		p += sizeof(len);
		if (drv.fmt == FMT_TSV) {
			fputc('\t', fp);
			if (len != SIZE_MAX)
				tsv_field(fp, p, len);
		} else {
			if (i > 0)
				fputc(',', fp);
			json_cstr(fp, opt.tags[i]);
			fputc(':', fp);
			if (len != SIZE_MAX)
				json_str(fp, p, len);
			else
				fputs("null", fp);
		}
		if (len != SIZE_MAX)
			p += len;
	}
	fputs(drv.fmt == FMT_TSV ? "\n" : "}}\n", fp);
}

/*
 * Writes the items of a batch, in input order, where they go, then
 * forgets them: a game to the output when it was selected and is no copy
 * of an earlier one, to the --dup-file when it is one, with the bytes
 * between games that came before it.
 */
/* -D in a stream: game g and its replay pg are at hand (NULL: no more). */
static void
dups_at_hand(struct run *run, const pdn_game *g, const pdn_played *pg)
{
	run->dups.g = g;
	run->dups.pg = pg;
}

/*
 * -D in a stream: whether game g, whose text is at hand, is a copy of a
 * kept game's text (the text cache); *th gets its text's hash, or 0.
 */
static int
text_copy(struct run *run, const pdn_game *g, uint64_t *th)
{
	*th = 0;
	if (!dup_reread || g->raw == NULL || g->rawlen != g->span.len ||
	    g->rawlen == 0)
		return 0;
	*th = key_hash(g->raw, g->rawlen) | 1;
	return dup_text_seen(&run->dups, *th, g->raw, g->rawlen);
}

static void
write_items(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct item *it;
	FILE *to, *prev;
	size_t i, skip, cl;
	int dup, where;

	kept_print(&b->kd, 0, b->kd.n, at);
	kept_clear(&b->kd);
	for (i = 0; i < b->nit; i++) {
		it = &b->it[i];
		if (it->kind == IT_BYTES) {
			pdn_buf_add(&run->carry, b->body.data + it->text,
			    it->len);
			continue;
		}
		dup = it->sel && it->copy;
		if (it->sel && opt.dedup && !it->copy && (dup = dup_seen(
		    &run->dups, it->keylen > 0 ? b->keys.data + it->key : NULL,
		    it->keylen, it->hash, it->span.offset + at->offset,
		    it->span.len == 0 ? NULL : it->ktext != SIZE_MAX ?
		    b->keys.data + it->ktext : item_bytes(b, it) +
		    it->len - it->span.len, it->span.len, it->thash)) < 0) {
			if (run->status < 2)
				cli_warn("out of memory");
			run->status = 2;
			dup = 0;
		}
		where = !it->sel ? 0 : dup ? 2 : 1;
		to = where == 1 ? run->fp : where == 2 ? run->dupfp : NULL;
		skip = 0;
		if (where == 1 && run->splitting) {
			/*
			 * The blank lines after a game end its file rather
			 * than start the next one's (before part_fp(), which
			 * may close that file).
			 */
			prev = run->fp;
			/*
			 * With -j N the blank lines after the last game of a
			 * chunk come first, as bytes between games (carry):
			 * with the game's own, they are what a stream reads
			 * before it.  Bytes that are no blank there (junk)
			 * go with the game, and so do those blanks.
			 */
			cl = blank_lead(run->carry.data, run->carry.len);
			if (prev != NULL && !run->split_failed &&
			    cl == run->carry.len && cl + it->lead > 0 &&
			    !to_last_part(run, b, it)) {
				if (cl > 0)
					fwrite(run->carry.data, 1, cl, prev);
				run->carry.len = 0;
				if (it->lead > 0)
					fwrite(item_bytes(b, it), 1, it->lead,
					    prev);
				skip = it->lead;
			}
			/* What follows the input's last game goes here. */
			if (run->split_failed ||
			    (to = part_fp(run, b, it)) == NULL) {
				/* Said once; nothing will be renamed. */
				run->split_failed = 1;
				to = NULL;
				run->status = 2;
				where = 0;
			} else
				run->fp = to;
		}
		/* Said of a game that goes somewhere (not a copy dropped). */
		if (it->lost != LOST_NONE && to != NULL) {
			cli_warn("%s:%ld: game %ld: %s (more than %u bytes%s): "
			    "it cannot be %s", at->file, it->line + at->line,
			    it->game + at->game, it->lost == LOST_COPY ?
			    "too large" : "cut short by an error and too "
			    "large to keep", PDN_GAME_MAX_DEFAULT,
			    it->lost == LOST_COPY ? " with what lies before "
			    "it" : "", it->lost == LOST_COPY ? "copied as "
			    "read" : "written");
			run->status = 2;
		}
		run->games++;
		run->selected += it->sel;
		run->dropped += dup;
		if (to != NULL && run->carry.len > 0)
			fwrite(run->carry.data, 1, run->carry.len, to);
		run->carry.len = 0;
		if (to == NULL)
			continue;
		if (where == 1)
			run->to_out = 1;
		else
			run->to_dup = 1;
		if (drv.fmt == FMT_TSV || drv.fmt == FMT_JSON) {
			if (!drv.quiet && !opt.count)
				print_record(to, b, it, at);
		} else if (it->len > skip)
			fwrite(item_bytes(b, it) + skip, 1,
			    it->len - skip, to);
	}
	b->body.len = b->arena.len = b->keys.len = 0;
	b->nit = 0;
}

/* Writes a batch (struct chunk_tool's print). */
static void
print_batch(void *arg, void *batch, const struct chunk_base *at)
{
	struct batch *b = batch;

	write_items(arg, b, at);
	/* A stream's games were counted as they came. */
	if (!b->live)
		drv_progress(&drv, (uint64_t)b->games, at->offset);
}

static void
batch_free(void *batch)
{
	struct batch *b = batch;

	pdn_buf_free(&b->body);
	pdn_buf_free(&b->arena);
	pdn_buf_free(&b->keys);
	free(b->it);
	kept_free(&b->kd);
}

/* The reader's diagnostics that are shown, kept to be said in order. */
static void
diag(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;
	int sev;

	if ((sev = drv_shown(&drv, d->severity)) >= 0)
		kept_add(&b->kd, d, (pdn_severity)sev);
}

/* A printed batch (write_items() emptied it) as a new one. */
static void
batch_reset(void *batch)
{
	struct batch *b = batch;

	b->body.len = b->arena.len = b->keys.len = 0;
	b->body.oom = b->arena.oom = b->keys.oom = 0;
	b->nit = 0;
	b->games = 0;
	b->live = 0;
	b->status = 0;
	kept_clear(&b->kd);
	b->kd.oom = b->kd.arena.oom = 0;
}

static struct chunk_tool tool = {
	diag, sizeof(struct batch), batch_free, select_games, print_batch, 2, 0,
	0, batch_reset
};

/* --- main --------------------------------------------------------------- */

enum {
	OPT_PLAYER = DRV_K_OWN, OPT_RESULT, OPT_COUNT, OPT_TAGS, OPT_STATUS,
	OPT_VERDICT, OPT_PLIES, OPT_FEN, OPT_MATERIAL,
	OPT_DUPBY, OPT_DUPFILE, OPT_SUMMARY, OPT_SPLIT, OPT_SPLITBY,
	OPT_STRIP, OPT_ADD
};

static const struct drv_option options[] = {
	{ 't', "tag", "expr", "'NAME OP VALUE'",
	    "games whose tag NAME compares so with VALUE; OP one of = != "
	    "~ (contains, any case) < > <= >=" },
	{ 'T', "criteria", "file", "FILE",
	    "games that meet one line of FILE (criteria as -t, "
	    "tab-separated)" },
	{ OPT_PLAYER, "player", "name", "NAME",
	    "games where White or Black contains NAME (any case)" },
	{ OPT_RESULT, "result", "result", "RESULT",
	    "games with this result, in either notation (2-0 is 1-0)" },
	{ 'v', "invert", NULL, NULL, "the games that do not match instead" },
	{ OPT_COUNT, "count", NULL, NULL,
	    "print only the number of games selected (with -D, kept)" },
	{ OPT_STATUS, "status", "status", "valid|invalid|unsupported",
	    "games that pdn-validate judges so" },
	{ OPT_VERDICT, "verdict", "verdict",
	    "agree|disagree|continues|undecided|invalid|unsupported",
	    "games that pdn-adjudicate judges so (with --rules)" },
	{ OPT_PLIES, "plies", "min-max", "MIN-MAX",
	    "games of MIN to MAX plies in the main line (MIN-, -MAX)" },
	{ OPT_FEN, "fen", "fen", "FEN",
	    "games whose main line reaches this position" },
	{ OPT_MATERIAL, "material", "w:b", "W:B",
	    "games whose main line reaches these piece counts (1K:3: a "
	    "white king alone against three black pieces)" },
	{ 'D', "dedup", NULL, NULL,
	    "drop the later copies of a game: the same setup and main line" },
	{ OPT_DUPBY, "dup-by", "key", "main|final|plies:N",
	    "copies are games of the same main line (the default), final "
	    "position, or first N plies (implies -D)" },
	{ OPT_DUPFILE, "dup-file", "file", "FILE",
	    "write the copies dropped to FILE (implies -D)" },
	{ OPT_SUMMARY, "summary", NULL, NULL,
	    "say at the end how many games were read, selected, dropped, "
	    "written" },
	{ OPT_SPLIT, "split", "n", "N",
	    "write N games a file, named from -o's stem: out-1.pdn, "
	    "out-2.pdn..." },
	{ OPT_SPLITBY, "split-by", "tag", "TAG",
	    "write a file per value of TAG, named from -o's stem: "
	    "out-VALUE.pdn (out-none.pdn: no such tag)" },
	{ OPT_STRIP, "strip", "list", "comments,variations,nags,clocks",
	    "leave these out of the games written (canonical)" },
	{ OPT_ADD, "add", "list", "plycount,fen,hash",
	    "add the tags PlyCount, FinalFEN, Hash (canonical)" },
	{ OPT_TAGS, "tags", "list", "LIST",
	    "the tags of a tsv or json record, comma-separated (default: "
	    "the seven-tag roster)" },
	{ 0, NULL, NULL, NULL, NULL }
};

/* --tags: a comma-separated list of tag names. */
static int
set_tags(struct drv *d, const char *value)
{
	char *p, *q;
	size_t n = 1, i, k;

	for (p = (char *)(uintptr_t)value; *p != '\0'; p++)
		n += *p == ',';
	free(opt.tagsbuf);
	free(opt.tags);
	if ((opt.tagsbuf = strdup(value)) == NULL ||
	    (opt.tags = calloc(n + 1, sizeof(*opt.tags))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	opt.ntags = 0;
	for (p = opt.tagsbuf; p != NULL; p = q) {
		if ((q = strchr(p, ',')) != NULL)
			*q++ = '\0';
		opt.tags[opt.ntags++] = p;
	}
	for (i = 0; i < opt.ntags; i++) {
		if (opt.tags[i][0] == '\0' || strchr(opt.tags[i], ' ') != NULL)
			break;
		/* A JSON record holds a name once. */
		for (k = 0; k < i && strcmp(opt.tags[k], opt.tags[i]) != 0;
		    k++)
			;
		if (k < i)
			break;
	}
	if (opt.ntags == 0 || i < opt.ntags)
		return drv_bad_value(d, "--tags", value,
		    "tag names separated by commas, each once");
	return 0;
}

/* A number of plies, or -1 for none; the end of it in *end. */
static long
plies_number(const char *s, const char **end)
{
	long v = 0;

	if (*s < '0' || *s > '9') {
		*end = s;
		return -1;
	}
	for (; *s >= '0' && *s <= '9'; s++)
		if ((v = v * 10 + (*s - '0')) > 1000000000L)
			v = 1000000000L;
	*end = s;
	return v;
}

/* --plies MIN-MAX, MIN-, -MAX or N. */
static int
set_plies(struct drv *d, const char *value)
{
	const char *p;
	long lo, hi;

	lo = plies_number(value, &p);
	if (*p == '\0' && lo >= 0)
		hi = lo;
	else if (*p == '-') {
		hi = plies_number(p + 1, &p);
		if (*p != '\0' || (lo < 0 && hi < 0))
			lo = hi = -2;
		if (lo == -1)
			lo = 0;
		if (hi == -1)
			hi = LONG_MAX;
	} else
		lo = hi = -2;
	if (lo < 0 || hi < lo)
		return drv_bad_value(d, "--plies", value,
		    "MIN-MAX, MIN-, -MAX or N, MIN at most MAX");
	opt.pmin = lo;
	opt.pmax = hi;
	return 0;
}

/*
 * A side of --material: N (pieces of any kind), NM (men and no king),
 * NK (kings and no man), NMNK (both).  Returns 0, or -1.
 */
static int
parse_side(struct side *sd, const char *s, size_t len)
{
	const char *end = s + len;
	long n;
	int men = -1, kings = -1;

	sd->men = sd->kings = sd->total = -1;
	if (s == end)
		return -1;
	while (s < end) {
		if (*s < '0' || *s > '9')
			return -1;
		for (n = 0; s < end && *s >= '0' && *s <= '9'; s++)
			if ((n = n * 10 + (*s - '0')) > 50)
				return -1;
		if (s == end) {
			if (men >= 0 || kings >= 0)
				return -1;
			sd->total = (int)n;
			return 0;
		}
		if ((*s == 'M' || *s == 'm') && men < 0 && kings < 0)
			men = (int)n;
		else if ((*s == 'K' || *s == 'k') && kings < 0)
			kings = (int)n;
		else
			return -1;
		s++;
	}
	sd->men = men < 0 ? 0 : men;
	sd->kings = kings < 0 ? 0 : kings;
	return 0;
}

static int
add_material(struct drv *d, const char *value)
{
	const char *colon = strchr(value, ':');
	struct material m, *p;

	if (colon == NULL || parse_side(&m.w, value,
	    (size_t)(colon - value)) != 0 ||
	    parse_side(&m.b, colon + 1, strlen(colon + 1)) != 0)
		return drv_bad_value(d, "--material", value,
		    "W:B, each side N, NM, NK or NMNK: 1K:3, 2M1K:0M2K");
	if (opt.nfens + opt.nmats >= MAX_REACH)
		return drv_usage_error(d, "at most %d --fen and --material",
		    MAX_REACH);
	if ((p = realloc(opt.mats, (opt.nmats + 1) * sizeof(*p))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	opt.mats = p;
	opt.mats[opt.nmats++] = m;
	return 0;
}

static int
add_fen(struct drv *d, const char *value)
{
	pdn_fen_info info, first = { 0 };
	struct fenq q, *p;
	const pdn_variant *v;
	int k, any = 0;

	/*
	 * The position in each variant it reads in (its squares are the
	 * variant's), matched against the games of that variant.
	 */
	memset(&q, 0, sizeof(q));
	for (k = 0; k < MAX_VARIANTS && (v = pdn_variant_list(k)) != NULL;
	    k++) {
		if (pdn_fen_read(&q.pos[k], v, value, strlen(value), &info) != 0) {
			if (k == 0)
				first = info;
			continue;
		}
		/* A position to look for has a side to move: '?' says none. */
		if (info.warnings & PDN_FEN_W_SIDE_UNKNOWN)
			return drv_bad_value(d, "--fen", value,
			    pdn_fen_strerror(PDN_FEN_BAD_SIDE));
		q.ok[k] = 1;
		any = 1;
	}
	if (!any)
		return drv_bad_value(d, "--fen", value,
		    pdn_fen_strerror(first.status));
	if (opt.nfens + opt.nmats >= MAX_REACH)
		return drv_usage_error(d, "at most %d --fen and --material",
		    MAX_REACH);
	if ((p = realloc(opt.fens, (opt.nfens + 1) * sizeof(*p))) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	opt.fens = p;
	opt.fens[opt.nfens++] = q;
	return 0;
}

/*
 * A comma-separated list of words of names (NULL-ended) into bits
 * (names[i]: bit i).  Returns 0, or -1.
 */
static int
word_bits(const char *value, const char *const *names, unsigned *bits)
{
	const char *p = value, *q;
	size_t n;
	int i;

	*bits = 0;
	for (;;) {
		q = strchr(p, ',');
		n = q != NULL ? (size_t)(q - p) : strlen(p);
		for (i = 0; names[i] != NULL; i++)
			if (strlen(names[i]) == n && strncmp(p, names[i], n) == 0)
				break;
		if (names[i] == NULL)
			return -1;
		*bits |= 1u << i;
		if (q == NULL)
			return 0;
		p = q + 1;
	}
}

/* The index of s in names (NULL-ended), or -1. */
static int
word(const char *s, const char *const *names)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	struct crit c;
	const char *why;
	long n;

	(void)arg;
	switch (key) {
	case OPT_STATUS:
		if ((opt.status = word(value, status_names)) < 0)
			return drv_bad_value(d, "--status", value,
			    "valid, invalid or unsupported");
		return 0;
	case OPT_VERDICT:
		if ((opt.verdict = word(value, verdict_names)) < 0)
			return drv_bad_value(d, "--verdict", value,
			    "agree, disagree, continues, undecided, invalid or "
			    "unsupported");
		return 0;
	case OPT_PLIES:
		return set_plies(d, value);
	case OPT_FEN:
		return add_fen(d, value);
	case OPT_MATERIAL:
		return add_material(d, value);
	case 't':
		if (parse_crit(&c, value, &why) != 0)
			return drv_bad_value(d, "-t", value, why);
		return add_crit(&opt.all, &c) != 0 ? 2 : 0;
	case 'T':
		return read_criteria(value);
	case OPT_PLAYER:
	case OPT_RESULT:
		memset(&c, 0, sizeof(c));
		c.op = key == OPT_PLAYER ? OP_PLAYER : OP_RESULT;
		if ((c.value = strdup(value)) == NULL) {
			cli_warn("out of memory");
			return 2;
		}
		if (key == OPT_RESULT && (c.outcome =
		    pdn_outcome_parse(value, NULL)) == PDN_OUTCOME_NONE) {
			free(c.value);
			return drv_bad_value(d, "--result", value,
			    "2-0 0-2 1-1 0-0 1-0 0-1 1/2-1/2 or *");
		}
		return add_crit(&opt.all, &c) != 0 ? 2 : 0;
	case 'v':
		opt.invert = 1;
		return 0;
	case 'D':
		opt.dedup = 1;
		return 0;
	case OPT_DUPBY:
		opt.dedup = 1;
		if (strcmp(value, "main") == 0)
			opt.dupby = DUP_MAIN;
		else if (strcmp(value, "final") == 0)
			opt.dupby = DUP_FINAL;
		else if (strncmp(value, "plies:", 6) == 0 &&
		    (n = plies_number(value + 6, &why)) > 0 && *why == '\0') {
			opt.dupby = DUP_PLIES;
			opt.dupplies = n;
		} else
			return drv_bad_value(d, "--dup-by", value,
			    "main, final or plies:N, N at least 1");
		return 0;
	case OPT_DUPFILE:
		opt.dedup = 1;
		opt.dupfile = value;
		return 0;
	case OPT_SUMMARY:
		opt.summary = 1;
		return 0;
	case OPT_COUNT:
		opt.count = 1;
		return 0;
	case OPT_TAGS:
		return set_tags(d, value);
	case OPT_SPLIT:
		n = plies_number(value, &why);
		if (*why != '\0' || n < 1)
			return drv_bad_value(d, "--split", value,
			    "a number of games, at least 1");
		opt.split = n;
		return 0;
	case OPT_SPLITBY:
		for (why = value; *why == '_' || (*why >= '0' && *why <= '9') ||
		    (*why >= 'A' && *why <= 'Z') || (*why >= 'a' && *why <= 'z');
		    why++)
			;
		if (*value == '\0' || *why != '\0')
			return drv_bad_value(d, "--split-by", value,
			    "a tag name: letters, digits, _");
		opt.splitby = value;
		return 0;
	case OPT_STRIP: {
		static const char *const names[] = {
			"comments", "nags", "variations", "clocks", NULL
		};

		/* In the order of the PDN_STRIP_* bits. */
		if (word_bits(value, names, &opt.strip) != 0)
			return drv_bad_value(d, "--strip", value,
			    "comments, variations, nags or clocks, "
			    "comma-separated");
		return 0;
	}
	case OPT_ADD: {
		static const char *const names[] = {
			"plycount", "fen", "hash", NULL
		};

		if (word_bits(value, names, &opt.add) != 0)
			return drv_bad_value(d, "--add", value,
			    "plycount, fen or hash, comma-separated");
		return 0;
	}
	}
	return 0;
}

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_JOBS | DRV_LENIENT |
	    DRV_RULES | DRV_READS | DRV_VARIANT,
	formats, "raw (each game exactly as read, the default), pdn "
	    "(canonical), tsv or json (a record per game)",
	options, option, "games", NULL,
	"read games without a GameType tag as GameType N, and select the "
	"games of GameType N (unless --variant)"
};


static int
run_file(void *arg, struct drv *d, struct cli_input *in)
{
	struct run *run = arg;

	int st;

	if (opt.dedup) {
		dup_source(&run->dups, in);
		dup_reread = run->dups.cur != NULL;
	}
	st = chunks_run(&tool, run, run->rp, d->jobs, in);
	/* What follows the last game, after the input's games. */
	if (run->carry.oom) {
		cli_warn("out of memory");
		st = 2;
	}
	if (run->to_out && run->fp != NULL && run->carry.len > 0)
		fwrite(run->carry.data, 1, run->carry.len, run->fp);
	if (run->to_dup && run->dupfp != NULL && run->carry.len > 0)
		fwrite(run->carry.data, 1, run->carry.len, run->dupfp);
	run->carry.len = 0;
	run->to_out = run->to_dup = 0;
	return st;
}

static void
free_group(struct group *gr)
{
	size_t i;

	for (i = 0; i < gr->n; i++) {
		free(gr->c[i].name);
		free(gr->c[i].value);
	}
	free(gr->c);
}

static void
free_opt(void)
{
	size_t i, k;

	free_group(&opt.all);
	for (i = 0; i < opt.nfiles; i++) {
		for (k = 0; k < opt.files[i].n; k++)
			free_group(&opt.files[i].g[k]);
		free(opt.files[i].g);
	}
	free(opt.files);
	free(opt.tags);
	free(opt.tagsbuf);
	free(opt.header);
	free(opt.fens);
	free(opt.mats);
}

int
main(int argc, char **argv)
{
	struct cli_output *output, *dupout = NULL;
	struct chunk_rules rules;
	struct run run;
	size_t i;
	const char *base;
	long written;
	int st, nrp = 0;

	memset(&run, 0, sizeof(run));
	opt.status = opt.verdict = -1;
	opt.pmin = -1;
	if ((st = drv_start(&drv, &tool_def, NULL, argc, argv)) >= 0) {
		free_opt();
		return st;
	}
	st = 2;
	opt.variant = drv.variant;
	/*
	 * --gametype N reads the games without the tag as N (the option of
	 * every tool) and, a criterion of pdn-select's, selects the games of
	 * GameType N, as --variant N, unless --variant says otherwise.
	 */
	if (opt.variant == 0)
		opt.variant = drv.gametype;
	if (opt.tags != NULL && drv.fmt != FMT_TSV && drv.fmt != FMT_JSON) {
		st = drv_usage_error(&drv, "--tags is for -f tsv and -f json");
		goto out;
	}
	if (opt.tags == NULL) {
		opt.ntags = sizeof(roster) / sizeof(roster[0]) - 1;
		if ((opt.tags = calloc(opt.ntags + 1,
		    sizeof(*opt.tags))) == NULL)
			goto out;
		for (i = 0; i < opt.ntags; i++)
			opt.tags[i] = (char *)(uintptr_t)roster[i];
	}
	if ((opt.strip || opt.add) && (drv.fmt == FMT_TSV ||
	    drv.fmt == FMT_JSON || (drv.fmt == FMT_RAW && drv.fmt_given))) {
		st = drv_usage_error(&drv, "--strip and --add write games "
		    "canonically, not -f %s", formats[drv.fmt]);
		goto out;
	}
	/* Games changed are written canonically. */
	if (opt.strip || opt.add)
		drv.fmt = FMT_PDN;
	if (opt.split > 0 || opt.splitby != NULL) {
		if (opt.split > 0 && opt.splitby != NULL) {
			st = drv_usage_error(&drv, "--split or --split-by, "
			    "not both");
			goto out;
		}
		/*
		 * A stem names files: not "", nor a directory ("d/"), nor
		 * only ".pdn" in one ("d/.pdn" made "d/-1.pdn").
		 */
		if (drv.output == NULL || strcmp(drv.output, "-") == 0) {
			st = drv_usage_error(&drv, "%s needs -o, the stem of "
			    "the files' names", opt.split > 0 ? "--split" :
			    "--split-by");
			goto out;
		}
		base = strrchr(drv.output, '/');
		base = base != NULL ? base + 1 : drv.output;
		if (*base == '\0' || strcasecmp(base, ".pdn") == 0) {
			st = drv_usage_error(&drv, "%s: -o %s names no file "
			    "(the stem of the files' names, as out for "
			    "out-1.pdn)", opt.split > 0 ? "--split" :
			    "--split-by", drv.output);
			goto out;
		}
		if (drv.fmt == FMT_TSV || drv.fmt == FMT_JSON) {
			st = drv_usage_error(&drv, "%s writes PDN, not -f %s",
			    opt.split > 0 ? "--split" : "--split-by",
			    formats[drv.fmt]);
			goto out;
		}
		/* -o is the stem: there is no output for a number. */
		if (drv.quiet || opt.count) {
			st = drv_usage_error(&drv, "%s writes games, not with "
			    "%s", opt.split > 0 ? "--split" : "--split-by",
			    drv.quiet ? "-q" : "--count");
			goto out;
		}
		run.splitting = 1;
	}
	/* As read needs every game's text; canonical, a broken one's. */
	tool.keep_raw = drv.fmt == FMT_RAW ? 2 : drv.fmt == FMT_PDN;
	/* -D compares the texts of games as read. */
	if (opt.dedup && drv.fmt != FMT_PDN)
		tool.keep_raw = 2;
	/* Selection by tags alone reads no moves (the games' as read). */
	tool.skip_moves = drv.fmt != FMT_PDN && !need_replay() && !opt.dedup;
	tool.gametype = drv.gametype;
	rules.profile = drv.rules != NULL ? &drv.profile : NULL;
	if ((nrp = chunks_contexts(run.rp, drv.jobs, chunk_worker_new,
	    opt.verdict >= 0 ? &rules : NULL)) <
	    drv.jobs)
		goto out;
	/* Games as read or canonical may replace their input (-o). */
	drv.rewrite = drv.fmt == FMT_RAW || drv.fmt == FMT_PDN;
	output = NULL;
	if (!run.splitting && (output = drv_records(&drv)) == NULL)
		goto out;
	run.fp = output != NULL ? output->fp : NULL;
	if (drv.fmt == FMT_TSV && !opt.count && !drv.quiet) {
		if ((opt.header = calloc(opt.ntags + 5,
		    sizeof(*opt.header))) == NULL)
			goto out;
		opt.header[0] = "file";
		opt.header[1] = "game";
		opt.header[2] = "line";
		opt.header[3] = "offset";
		for (i = 0; i < opt.ntags; i++)
			opt.header[4 + i] = opt.tags[i];
		drv_tsv_header(&drv, run.fp, opt.header);
	}
	/* As the games, the copies are not written with -q or --count. */
	if (opt.dupfile != NULL && !drv.quiet && !opt.count) {
		if ((dupout = drv_output_also(&drv, opt.dupfile,
		    "--dup-file")) == NULL)
			goto out;
		run.dupfp = dupout->fp;
		if (drv.fmt == FMT_TSV && !opt.count)
			drv_tsv_header(&drv, run.dupfp, opt.header);
	}
	st = drv_run(&drv, run_file, &run);
	if (run.status > st)
		st = run.status;
	written = run.selected - run.dropped;
	if (opt.count && !drv.quiet)
		fprintf(run.fp, "%ld\n", written);
	if ((output != NULL && cli_output_finish(output) != 0) ||
	    (dupout != NULL && cli_output_finish(dupout) != 0))
		st = 2;
	/* After the games (cli_warn flushes them first). */
	if (opt.summary && !drv.quiet) {
		if (opt.dedup)
			cli_warn("%ld game%s: %ld selected, %ld cop%s dropped, "
			    "%ld written", run.games, run.games == 1 ? "" :
			    "s", run.selected, run.dropped,
			    run.dropped == 1 ? "y" : "ies", written);
		else
			cli_warn("%ld game%s: %ld selected", run.games,
			    run.games == 1 ? "" : "s", run.selected);
	}
	if (st == 0 && written == 0)
		st = 1;
out:
	for (i = 0; i < run.nparts; i++) {
		free(run.parts[i].value);
		free(run.parts[i].name);
		free(run.parts[i].path);
	}
	free(run.parts);
	free(run.byvalue);
	free(run.byname);
	pdn_buf_free(&run.carry);
	dup_free(&run.dups);
	st = drv_end(&drv, st);
	while (nrp > 0)
		chunk_worker_free(run.rp[--nrp]);
	free_opt();
	return st;
}
