/*
 * Players' names (player.h): folding, spelling files, the players met
 * and the suggestions of --suggest-aliases.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "player.h"

/* --- folding --------------------------------------------------------- */

/*
 * The Latin letters U+00C0 to U+017F as the ASCII letters they are
 * written with, without their accents: e for é è ê ë, u for ü, ss for ß,
 * ae for æ, o for ø, l for ł, th for þ...
 */
static const struct {
	unsigned short lo, hi;
	const char *as;
} latin[] = {
	{ 0xc0, 0xc5, "a" }, { 0xc6, 0xc6, "ae" }, { 0xc7, 0xc7, "c" },
	{ 0xc8, 0xcb, "e" }, { 0xcc, 0xcf, "i" }, { 0xd0, 0xd0, "d" },
	{ 0xd1, 0xd1, "n" }, { 0xd2, 0xd6, "o" }, { 0xd8, 0xd8, "o" },
	{ 0xd9, 0xdc, "u" }, { 0xdd, 0xdd, "y" }, { 0xde, 0xde, "th" },
	{ 0xdf, 0xdf, "ss" }, { 0xe0, 0xe5, "a" }, { 0xe6, 0xe6, "ae" },
	{ 0xe7, 0xe7, "c" }, { 0xe8, 0xeb, "e" }, { 0xec, 0xef, "i" },
	{ 0xf0, 0xf0, "d" }, { 0xf1, 0xf1, "n" }, { 0xf2, 0xf6, "o" },
	{ 0xf8, 0xf8, "o" }, { 0xf9, 0xfc, "u" }, { 0xfd, 0xfd, "y" },
	{ 0xfe, 0xfe, "th" }, { 0xff, 0xff, "y" },
	{ 0x100, 0x105, "a" }, { 0x106, 0x10d, "c" }, { 0x10e, 0x111, "d" },
	{ 0x112, 0x11b, "e" }, { 0x11c, 0x123, "g" }, { 0x124, 0x127, "h" },
	{ 0x128, 0x131, "i" }, { 0x132, 0x133, "ij" }, { 0x134, 0x135, "j" },
	{ 0x136, 0x138, "k" }, { 0x139, 0x142, "l" }, { 0x143, 0x14b, "n" },
	{ 0x14c, 0x151, "o" }, { 0x152, 0x153, "oe" }, { 0x154, 0x159, "r" },
	{ 0x15a, 0x161, "s" }, { 0x162, 0x167, "t" }, { 0x168, 0x173, "u" },
	{ 0x174, 0x175, "w" }, { 0x176, 0x178, "y" }, { 0x179, 0x17e, "z" },
	{ 0x17f, 0x17f, "s" }
};

static const char *
latin_as(unsigned cp)
{
	size_t k;

	for (k = 0; k < sizeof(latin) / sizeof(latin[0]); k++)
		if (cp >= latin[k].lo && cp <= latin[k].hi)
			return latin[k].as;
	return NULL;
}

static int
cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/*
 * The character at p[*i] (of len bytes) folded: its bytes into out (at
 * most 4), their number returned, *i past it.  A blank (space, tab, line
 * end, other control, no-break space) is " "; a letter in lower case and
 * without accent (a Cyrillic one in lower case); a UTF-8 sequence of
 * anything else as it is; a byte that begins no UTF-8 sequence is
 * Latin-1.
 */
static size_t
fold_char(const unsigned char *p, size_t len, size_t *i, char *out)
{
	unsigned char c = p[*i];
	const char *as;
	size_t n, k;
	unsigned cp;

	if (c < 0x80) {
		(*i)++;
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + ('a' - 'A'));
		else if (c < 0x20 || c == 0x7f)
			c = ' ';
		out[0] = (char)c;
		return 1;
	}
	n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 :
	    c >= 0xf0 && c <= 0xf4 ? 4 : 0;
	for (k = 1; k < n; k++)
		if (*i + k >= len || !cont(p[*i + k]))
			break;
	if (n == 0 || k < n) {
		/* Latin-1. */
		(*i)++;
		cp = c;
	} else if (n == 2) {
		cp = ((unsigned)(c & 0x1f) << 6) | (p[*i + 1] & 0x3f);
		*i += 2;
	} else {
		memcpy(out, p + *i, n);
		*i += n;
		return n;
	}
	if (cp == 0xa0) {
		out[0] = ' ';
		return 1;
	}
	if ((as = latin_as(cp)) != NULL) {
		n = strlen(as);
		memcpy(out, as, n);
		return n;
	}
	/* Cyrillic capitals in lower case. */
	if (cp >= 0x400 && cp <= 0x40f)
		cp += 0x50;
	else if (cp >= 0x410 && cp <= 0x42f)
		cp += 0x20;
	/* Else as UTF-8: a Latin-1 byte as the character it is. */
	out[0] = (char)(0xc0 | cp >> 6);
	out[1] = (char)(0x80 | (cp & 0x3f));
	return 2;
}

size_t
player_fold_text(char *buf, size_t size, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n = 0, k, m;
	char c[4];

	if (size == 0)
		return 0;
	while (i < len) {
		/* The blanks of fold_char() are the bytes they were. */
		if (p[i] < 0x80 && (p[i] < 'A' || p[i] > 'Z')) {
			c[0] = s[i++];
			m = 1;
		} else
			m = fold_char(p, len, &i, c);
		if (n + m >= size)
			break;
		for (k = 0; k < m; k++)
			buf[n++] = c[k];
	}
	buf[n] = '\0';
	return n;
}

size_t
player_fold(char *buf, size_t size, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n = 0, k, m;
	int gap = 0;
	char c[4];

	if (size == 0)
		return 0;
	while (i < len) {
		m = fold_char(p, len, &i, c);
		if (m == 1 && (c[0] == ' ' || c[0] == '.')) {
			gap = 1;
			continue;
		}
		/* One blank between words; none at the ends, or by a comma. */
		if (gap && n > 0 && buf[n - 1] != ',' && c[0] != ',') {
			if (n + 1 >= size)
				break;
			buf[n++] = ' ';
		}
		gap = 0;
		if (n + m >= size)
			break;
		for (k = 0; k < m; k++)
			buf[n++] = c[k];
	}
	buf[n] = '\0';
	return n;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t
player_trim(char *buf, size_t size, const char *s, size_t len)
{
	size_t i, n = 0;
	int gap = 0;

	if (size == 0)
		return 0;
	for (i = 0; i < len && n + 1 < size; i++) {
		if (blank(s[i])) {
			gap = n > 0;
			continue;
		}
		if (gap && n + 2 < size)
			buf[n++] = ' ';
		gap = 0;
		buf[n++] = s[i];
	}
	buf[n] = '\0';
	return n;
}

/* A byte of a word of a folded name: a letter, a digit, non-ASCII. */
static int
word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80;
}

int
player_contains(const char *s, const char *sub)
{
	const char *w, *p;
	size_t n;
	int any = 0;

	if (*sub == '\0' || strstr(s, sub) != NULL)
		return 1;
	for (w = sub; *w != '\0'; w += n) {
		for (; *w != '\0' && !word_byte((unsigned char)*w); w++)
			;
		for (n = 0; word_byte((unsigned char)w[n]); n++)
			;
		if (n == 0)
			break;
		any = 1;
		for (p = s; *p != '\0'; p++)
			if ((p == s || !word_byte((unsigned char)p[-1])) &&
			    strncmp(p, w, n) == 0)
				break;
		if (*p == '\0')
			return 0;
	}
	return any;
}

/* --- spelling files -------------------------------------------------- */

/*
 * Makes room in two arrays indexed alike, of *cap entries each (of sizes
 * asize and bsize), for entry `at`, one past their end at most: both
 * doubled (64 at first).  Returns 0, or -1 when out of memory (each array
 * still valid, *cap unchanged).
 */
static int
grow_pair(void **a, size_t asize, void **b, size_t bsize, size_t *cap,
    size_t at)
{
	size_t nc = *cap == 0 ? 64 : 2 * *cap;
	void *p;

	if (at < *cap)
		return 0;
	if ((p = realloc(*a, nc * asize)) == NULL)
		return -1;
	*a = p;
	if ((p = realloc(*b, nc * bsize)) == NULL)
		return -1;
	*b = p;
	*cap = nc;
	return 0;
}

/* What a spelling file's reader keeps of each name: its line. */
struct file_names {
	long *line;
	size_t cap;
};

/*
 * Adds name s[0..len) of line `lineno` to block b (a new block when b is
 * -1: s its canonical name, or the block it already names).  Returns the
 * block, -1 after saying a mistake, -2 out of memory.
 */
static long
alias_name(struct player_aliases *a, struct file_names *fn, const char *path,
    long lineno, const char *s, size_t len, long b)
{
	char key[PLAYER_MAX], name[PLAYER_MAX], **nc;
	size_t kl, nl;
	long at;
	int added;

	nl = player_trim(name, sizeof(name), s, len);
	kl = player_fold(key, sizeof(key), name, nl);
	if (kl == 0) {
		cli_warn("%s:%ld: error: %s", path, lineno, b < 0 ?
		    "an empty name" : "an empty spelling after \"=\"");
		return -1;
	}
	if ((at = strtab_find(&a->names, key, kl)) >= 0) {
		/* A canonical name again: its block goes on. */
		if (b < 0 || (long)a->block[at] == b)
			return (long)a->block[at];
		cli_warn("%s:%ld: error: \"%s\" is a spelling of \"%s\" "
		    "already (line %ld), and cannot be one of \"%s\"", path,
		    lineno, name, a->canon[a->block[at]], fn->line[at],
		    a->canon[b]);
		return -1;
	}
	if ((at = strtab_add(&a->names, key, kl, &added)) < 0)
		return -2;
	if (grow_pair((void **)&a->block, sizeof(*a->block),
	    (void **)&fn->line, sizeof(*fn->line), &fn->cap, (size_t)at) != 0)
		return -2;
	fn->line[at] = lineno;
	if (b < 0) {
		if ((nc = realloc(a->canon, (a->nblocks + 1) *
		    sizeof(*nc))) == NULL)
			return -2;
		a->canon = nc;
		if ((nc[a->nblocks] = strdup(name)) == NULL)
			return -2;
		b = (long)a->nblocks++;
	}
	a->block[at] = (uint32_t)b;
	return b;
}

int
player_aliases_read(struct player_aliases *a, const char *path)
{
	struct file_names fn = { NULL, 0 };
	char *line = NULL, *p, *tab;
	size_t cap = 0, len;
	ssize_t got;
	long lineno = 0, b = -1, r;
	int status = 0, skip = 0;
	FILE *fp;

	memset(a, 0, sizeof(*a));
	if ((fp = fopen(path, "r")) == NULL) {
		cli_warn("%s: %s", path, strerror(errno));
		return 2;
	}
	while ((got = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		len = (size_t)got;
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		if (lineno == 1 && len >= 3 &&
		    memcmp(line, "\xef\xbb\xbf", 3) == 0) {
			/* A byte order mark. */
			memmove(line, line + 3, len - 2);
			len -= 3;
		}
		for (p = line; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == '\0' || *p == '%' || *p == '#') {
			/* A blank line or a comment: the block goes on. */
			continue;
		}
		if (*p == '@') {
			/* A section: its word, blanks after it. */
			for (tab = p + 1; *tab >= 'A' && *tab <= 'Z'; tab++)
				;
			while (*tab == ' ' || *tab == '\t')
				*tab++ = '\0';
			if (*tab == '\0' && strcmp(p, "@PLAYER") == 0)
				skip = 0;
			else if (*tab == '\0' && (strcmp(p, "@EVENT") == 0 ||
			    strcmp(p, "@SITE") == 0 || strcmp(p, "@ROUND") == 0))
				skip = 1;
			else {
				cli_warn("%s:%ld: error: \"%s\" is no section "
				    "(@PLAYER; @EVENT, @SITE and @ROUND are "
				    "skipped)", path, lineno, p);
				status = 2;
			}
			b = -1;
			continue;
		}
		if (skip)
			continue;
		if (*p == '=') {
			if (b < 0) {
				cli_warn("%s:%ld: error: a spelling (\"=\") "
				    "before the name it spells", path, lineno);
				status = 2;
				continue;
			}
			r = alias_name(a, &fn, path, lineno, p + 1,
			    strlen(p + 1), b);
		} else if ((tab = strchr(p, '\t')) != NULL) {
			/* The older form: ALIAS, a tab, NAME. */
			if (strchr(tab + 1, '\t') != NULL) {
				cli_warn("%s:%ld: error: more than one tab (a "
				    "line is a name, \"=\" and a spelling, or "
				    "ALIAS, a tab, NAME)", path, lineno);
				status = 2;
				b = -1;
				continue;
			}
			r = alias_name(a, &fn, path, lineno, tab + 1,
			    strlen(tab + 1), -1);
			if (r >= 0)
				r = alias_name(a, &fn, path, lineno, p,
				    (size_t)(tab - p), r);
			/* A line of its own: no "=" line follows it. */
			if (r >= 0) {
				b = -1;
				continue;
			}
		} else
			r = alias_name(a, &fn, path, lineno, p, strlen(p), -1);
		if (r == -2) {
			cli_warn("out of memory");
			status = 2;
			break;
		}
		if (r == -1) {
			status = 2;
			/* The spellings after a bad name are no one's. */
			if (*p != '=')
				b = -1;
			continue;
		}
		b = r;
	}
	if (ferror(fp)) {
		cli_warn("%s: %s", path, strerror(errno));
		status = 2;
	}
	free(line);
	free(fn.line);
	fclose(fp);
	return status;
}

long
player_alias(const struct player_aliases *a, const char *key, size_t len)
{
	long at = strtab_find(&a->names, key, len);

	return at < 0 ? -1 : (long)a->block[at];
}

void
player_aliases_free(struct player_aliases *a)
{
	size_t i;

	strtab_free(&a->names);
	free(a->block);
	for (i = 0; i < a->nblocks; i++)
		free(a->canon[i]);
	free(a->canon);
	memset(a, 0, sizeof(*a));
}

/* --- --player -------------------------------------------------------- */

int
player_match_init(struct player_match *m, const char *name)
{
	size_t n = strlen(name), size = 3 * n + 1;

	memset(m, 0, sizeof(*m));
	if ((m->folded = malloc(size)) == NULL)
		return -1;
	player_fold(m->folded, size, name, n);
	return 0;
}

int
player_match_aliases(struct player_match *m, const struct player_aliases *a)
{
	size_t k;

	free(m->inblock);
	if ((m->inblock = calloc(a->nblocks + 1, 1)) == NULL)
		return -1;
	m->aliases = a;
	for (k = 0; k < a->names.n; k++)
		if (player_contains(a->names.s[k], m->folded))
			m->inblock[a->block[k]] = 1;
	return 0;
}

int
player_matches(const struct player_match *m, const char *s, size_t len)
{
	char key[PLAYER_MAX];
	size_t kl;
	long b;

	kl = player_fold(key, sizeof(key), s, len);
	if (player_contains(key, m->folded))
		return 1;
	if (m->inblock == NULL)
		return 0;
	b = player_alias(m->aliases, key, kl);
	return b >= 0 && m->inblock[b];
}

int
player_game_has_all(const struct player_match *m, int n, const pdn_game *g)
{
	const pdn_tag *w = pdn_game_find_tag(g, "White");
	const pdn_tag *b = pdn_game_find_tag(g, "Black");
	int i;

	for (i = 0; i < n; i++)
		if (!(w != NULL && player_matches(&m[i], w->value, w->vlen)) &&
		    !(b != NULL && player_matches(&m[i], b->value, b->vlen)))
			return 0;
	return 1;
}

void
player_match_free(struct player_match *m)
{
	free(m->folded);
	free(m->inblock);
	memset(m, 0, sizeof(*m));
}

/* --- the players met ------------------------------------------------- */

/* The names shown, made by player_name(): by player. */
struct roster_names {
	const char **name;
	size_t n;
};

void
player_roster_init(struct player_roster *r,
    const struct player_aliases *aliases)
{
	memset(r, 0, sizeof(*r));
	r->aliases = aliases;
}

/*
 * The key of the player that folded name key[0..kl) is: "\1" and its
 * block's number when a spelling file names it, else itself.
 */
static size_t
player_key(const struct player_roster *r, char *key, size_t kl)
{
	long b;

	if (r->aliases == NULL || (b = player_alias(r->aliases, key,
	    kl)) < 0)
		return kl;
	return (size_t)snprintf(key, PLAYER_MAX, "\1%ld", b);
}

long
player_add(struct player_roster *r, const char *s, size_t len)
{
	char key[PLAYER_MAX];
	long at, who;
	size_t kl;
	int added;

	/* Most games name a spelling met before. */
	if ((at = strtab_find(&r->spell, s, len)) >= 0) {
		r->spell_count[at]++;
		return (long)r->spell_player[at];
	}
	kl = player_fold(key, sizeof(key), s, len);
	kl = player_key(r, key, kl);
	if ((who = strtab_add(&r->keys, key, kl, &added)) < 0 ||
	    (at = strtab_add(&r->spell, s, len, &added)) < 0)
		return -1;
	if (grow_pair((void **)&r->spell_player, sizeof(*r->spell_player),
	    (void **)&r->spell_count, sizeof(*r->spell_count), &r->spell_cap,
	    (size_t)at) != 0)
		return -1;
	r->spell_player[at] = (uint32_t)who;
	r->spell_count[at] = 1;
	return who;
}

long
player_find(const struct player_roster *r, const char *s)
{
	char key[PLAYER_MAX];
	size_t kl;

	kl = player_fold(key, sizeof(key), s, strlen(s));
	kl = player_key(r, key, kl);
	return strtab_find(&r->keys, key, kl);
}

size_t
player_count(const struct player_roster *r)
{
	return r->keys.n;
}

/* Whether spelling i is shown before spelling j of the same player. */
static int
spell_before(const struct player_roster *r, size_t i, size_t j)
{
	if (r->spell_count[i] != r->spell_count[j])
		return r->spell_count[i] > r->spell_count[j];
	return strcmp(r->spell.s[i], r->spell.s[j]) < 0;
}

/* The most frequent spelling of each player, by player: NULL no memory. */
static long *
best_spellings(const struct player_roster *r)
{
	long *best;
	size_t i, w;

	if ((best = malloc((r->keys.n + 1) * sizeof(*best))) == NULL)
		return NULL;
	for (i = 0; i < r->keys.n; i++)
		best[i] = -1;
	for (i = 0; i < r->spell.n; i++) {
		w = r->spell_player[i];
		if (best[w] < 0 || spell_before(r, i, (size_t)best[w]))
			best[w] = (long)i;
	}
	return best;
}

const char *
player_name(struct player_roster *r, size_t i)
{
	struct roster_names *rn = (struct roster_names *)r->names;
	const char *k;
	long *best;
	size_t j;

	if (rn == NULL) {
		if ((rn = calloc(1, sizeof(*rn))) == NULL)
			return NULL;
		if ((rn->name = malloc((r->keys.n + 1) *
		    sizeof(*rn->name))) == NULL ||
		    (best = best_spellings(r)) == NULL) {
			free(rn->name);
			free(rn);
			return NULL;
		}
		for (j = 0; j < r->keys.n; j++) {
			k = r->keys.s[j];
			rn->name[j] = k[0] == '\1' ?
			    r->aliases->canon[strtol(k + 1, NULL, 10)] :
			    r->spell.s[best[j]];
		}
		rn->n = r->keys.n;
		free(best);
		r->names = rn;
	}
	return i < rn->n ? rn->name[i] : NULL;
}

void
player_roster_free(struct player_roster *r)
{
	struct roster_names *rn = (struct roster_names *)r->names;

	strtab_free(&r->keys);
	strtab_free(&r->spell);
	free(r->spell_player);
	free(r->spell_count);
	if (rn != NULL) {
		free(rn->name);
		free(rn);
	}
	memset(r, 0, sizeof(*r));
}

/* --- suggestions ----------------------------------------------------- */

size_t
player_skeleton(char *buf, size_t size, const char *w, size_t len)
{
	static const struct {
		const char *s;
		char as;
	} rule[] = {
		{ "tsch", 'C' }, { "tsj", 'C' }, { "tch", 'C' }, { "tsh", 'C' },
		{ "sch", 'S' }, { "ch", 'C' }, { "sj", 'S' }, { "sh", 'S' },
		{ "zj", 'Z' }, { "zh", 'Z' }, { "oe", 'u' }, { "ks", 'X' },
		{ "x", 'X' }, { "w", 'v' }, { "j", 'i' }, { "y", 'i' }
	};
	size_t i = 0, n = 0, k, m;
	unsigned char c;
	char o;

	if (size == 0)
		return 0;
	while (i < len && n + 1 < size) {
		for (k = 0; k < sizeof(rule) / sizeof(rule[0]); k++) {
			m = strlen(rule[k].s);
			if (i + m <= len && memcmp(w + i, rule[k].s, m) == 0)
				break;
		}
		if (k < sizeof(rule) / sizeof(rule[0])) {
			o = rule[k].as;
			i += m;
		} else {
			c = (unsigned char)w[i++];
			/* Hyphens, apostrophes and the like are no letters. */
			if (c < 0x80 && !(c >= 'a' && c <= 'z') &&
			    !(c >= '0' && c <= '9'))
				continue;
			o = (char)c;
		}
		/* Double letters written once. */
		if (n > 0 && buf[n - 1] == o && (unsigned char)o < 0x80)
			continue;
		buf[n++] = o;
	}
	buf[n] = '\0';
	return n;
}

#define GIVEN_MAX	6
#define WORD_MAX	64

/* A name taken apart: its surname and its given names or initials. */
struct parsed {
	char sur[WORD_MAX];		/* folded */
	char skel[WORD_MAX];		/* its skeleton */
	uint32_t init[GIVEN_MAX];	/* each given name's first letter */
	char given[GIVEN_MAX][WORD_MAX];	/* a full name's skeleton, or "" */
	int ngiven;
};

static int
particle(const char *w)
{
	static const char *const words[] = {
		"van", "der", "den", "de", "het", "ter", "te", "ten", "von",
		"zu", "di", "da", "du", "le", "la", "del", "dos", "op", NULL
	};
	size_t i;

	for (i = 0; words[i] != NULL; i++)
		if (strcmp(w, words[i]) == 0)
			return 1;
	return 0;
}

/* The characters of w[0..n) (UTF-8: the bytes that begin one). */
static size_t
nchars(const char *w, size_t n)
{
	size_t k, c = 0;

	for (k = 0; k < n; k++)
		c += !cont((unsigned char)w[k]);
	return c;
}

/* The first character of w, its bytes packed: a letter to compare. */
static uint32_t
first_char(const char *w)
{
	const unsigned char *p = (const unsigned char *)w;
	uint32_t c = p[0];
	size_t k;

	for (k = 1; k < 4 && cont(p[k]); k++)
		c = c << 8 | p[k];
	return c;
}

/* Whether w[0..n) is all ASCII capitals. */
static int
capitals(const char *w, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (w[k] < 'A' || w[k] > 'Z')
			return 0;
	return n > 0;
}

/* Whether word w (n bytes) is initials run together: "MF", "AA". */
static int
initials(const char *w, size_t n)
{
	return n >= 2 && n <= 3 && capitals(w, n);
}

/*
 * Adds a given name of the spelling (raw word w, n bytes) to *pn; caps:
 * the whole spelling is in capitals (then "TON" is a name, not three
 * initials).
 */
static void
given(struct parsed *pn, const char *w, size_t n, int caps)
{
	char f[WORD_MAX], sk[WORD_MAX];
	size_t k, fl;

	fl = player_fold(f, sizeof(f), w, n);
	if (fl == 0 || particle(f))
		return;
	if (!caps && initials(w, n)) {
		/* "MF Tinsley": initials run together. */
		for (k = 0; k < n && pn->ngiven < GIVEN_MAX; k++) {
			player_skeleton(sk, sizeof(sk), f + k, 1);
			pn->init[pn->ngiven] = first_char(sk);
			pn->given[pn->ngiven++][0] = '\0';
		}
		return;
	}
	if (pn->ngiven == GIVEN_MAX ||
	    player_skeleton(sk, sizeof(sk), f, fl) == 0)
		return;
	pn->init[pn->ngiven] = first_char(sk);
	if (nchars(f, fl) > 1)
		memcpy(pn->given[pn->ngiven], sk, strlen(sk) + 1);
	else
		pn->given[pn->ngiven][0] = '\0';
	pn->ngiven++;
}

static int
word_sep(char c)
{
	return c == ' ' || c == '\t' || c == '.' || c == ',' || c == '-';
}

/*
 * Spelling s taken apart: "Surname, Given Names" or "Given Names
 * Surname" (its last word), particles (van, de...) and what is in
 * parentheses left out.
 */
static void
parse_name(struct parsed *pn, const char *s)
{
	char b[PLAYER_MAX], f[WORD_MAX];
	const char *w[2 * GIVEN_MAX + 2], *comma, *p, *end;
	size_t wl[2 * GIVEN_MAX + 2], nw = 0, i, n = 0, sur;
	int depth = 0, caps = 1;

	memset(pn, 0, sizeof(*pn));
	for (p = s; *p != '\0' && n + 1 < sizeof(b); p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth > 0)
			depth--;
		else if (depth == 0)
			b[n++] = *p;
	}
	b[n] = '\0';
	for (p = b; *p != '\0' && caps; p++)
		caps = !(*p >= 'a' && *p <= 'z');
	comma = strchr(b, ',');
	/* The words, up to the comma when there is one. */
	end = comma != NULL ? comma : b + n;
	for (p = b; p < end && nw < sizeof(w) / sizeof(w[0]); ) {
		for (; p < end && word_sep(*p); p++)
			;
		for (i = 0; p + i < end && !word_sep(p[i]); i++)
			;
		if (i == 0)
			break;
		w[nw] = p;
		wl[nw++] = i;
		p += i;
	}
	if (nw == 0)
		return;
	/*
	 * The surname: the last word before the comma, or of the name; but
	 * the first of a name without a comma that ends in an initial
	 * ("Heusdens R", "Tinsley MF").
	 */
	sur = nw - 1;
	if (comma == NULL && nw > 1 && (nchars(w[sur], wl[sur]) == 1 ||
	    (!caps && initials(w[sur], wl[sur]))))
		sur = 0;
	/* "BORGHETTI Michele": the word in capitals, where others are not. */
	for (i = 0; comma == NULL && !caps && i < nw; i++)
		if (wl[i] > 3 && capitals(w[i], wl[i])) {
			sur = i;
			break;
		}
	n = player_fold(f, sizeof(f), w[sur], wl[sur]);
	memcpy(pn->sur, f, n + 1);
	player_skeleton(pn->skel, sizeof(pn->skel), f, n);
	if (comma == NULL) {
		for (i = 0; i < nw; i++)
			if (i != sur)
				given(pn, w[i], wl[i], caps);
		return;
	}
	for (p = comma + 1; *p != '\0'; ) {
		for (; *p != '\0' && word_sep(*p); p++)
			;
		for (i = 0; p[i] != '\0' && !word_sep(p[i]); i++)
			;
		if (i == 0)
			break;
		given(pn, p, i, caps);
		p += i;
	}
}

/*
 * Whether the given names of a and b agree: 2 the same (each initial, and
 * each full name both have), 1 one's a beginning of the other's ("M" of
 * "M F"; none of any), 0 not.
 */
static int
initials_agree(const struct parsed *a, const struct parsed *b)
{
	int k, n = a->ngiven < b->ngiven ? a->ngiven : b->ngiven;

	for (k = 0; k < n; k++) {
		if (a->init[k] != b->init[k])
			return 0;
		if (a->given[k][0] != '\0' && b->given[k][0] != '\0' &&
		    strcmp(a->given[k], b->given[k]) != 0)
			return 0;
	}
	return a->ngiven == b->ngiven ? 2 : 1;
}

/* Why two players are likely one, the most likely first. */
enum kind {
	K_OTHER, K_SWAP, K_TRANS, K_PREFIX, K_SAME, K_FOLD
};

static const char *const kind_why[] = {
	"the same surname (or transliterated alike), other initials: check",
	"surnames alike but for two letters swapped, initials that agree",
	"surnames transliterated alike, initials that agree",
	"the same surname, initials that agree (one has fewer)",
	"the same surname and initials",
	"spellings that fold alike: merged without this file too"
};

struct edge {
	uint32_t a, b;
	int kind;
};

/* The suggestion's state: players, their clusters, the edges. */
struct sug {
	const struct player_roster *r;
	size_t n;
	struct parsed *pn;
	long *best;		/* each player's most frequent spelling */
	uint64_t *games;	/* each player's games */
	uint32_t *root, *next, *size;	/* clusters: lists of players */
	int *kind;		/* a cluster's weakest link */
	struct edge *e;
	size_t ne, cape;
};

static int
add_edge(struct sug *s, size_t a, size_t b, int kind)
{
	struct edge *ne;

	if (s->ne == s->cape) {
		s->cape = s->cape == 0 ? 64 : 2 * s->cape;
		if ((ne = realloc(s->e, s->cape * sizeof(*ne))) == NULL)
			return -1;
		s->e = ne;
	}
	s->e[s->ne].a = (uint32_t)(a < b ? a : b);
	s->e[s->ne].b = (uint32_t)(a < b ? b : a);
	s->e[s->ne++].kind = kind;
	return 0;
}

/* The players in the order of their surnames' skeletons. */
static const struct sug *sort_sug;

static int
cmp_skel(const void *x, const void *y)
{
	const struct parsed *a = &sort_sug->pn[*(const uint32_t *)x];
	const struct parsed *b = &sort_sug->pn[*(const uint32_t *)y];
	int c = strcmp(a->skel, b->skel);

	if (c != 0)
		return c;
	return *(const uint32_t *)x < *(const uint32_t *)y ? -1 : 1;
}

/* The first of order[0..n) whose skeleton is k, or n. */
static size_t
skel_first(const struct sug *s, const uint32_t *order, size_t n,
    const char *k)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (strcmp(s->pn[order[mid]].skel, k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The edges between players whose surnames are alike. */
static int
find_edges(struct sug *s, const uint32_t *order)
{
	char sw[WORD_MAX], sk[WORD_MAX];
	const struct parsed *a, *b;
	size_t i, j, k, len, at;
	int agree, kind;

	for (i = 0; i < s->n; i = j) {
		for (j = i + 1; j < s->n && strcmp(s->pn[order[j]].skel,
		    s->pn[order[i]].skel) == 0; j++)
			;
		if (s->pn[order[i]].skel[0] == '\0')
			continue;
		for (k = i; k < j; k++)
			for (at = k + 1; at < j; at++) {
				a = &s->pn[order[k]];
				b = &s->pn[order[at]];
				agree = initials_agree(a, b);
				if (agree == 0)
					kind = K_OTHER;
				else if (strcmp(a->sur, b->sur) != 0)
					kind = K_TRANS;
				else
					kind = agree == 2 ? K_SAME : K_PREFIX;
				if (add_edge(s, order[k], order[at], kind) != 0)
					return -1;
			}
	}
	/* Two neighbouring letters of a surname swapped. */
	for (i = 0; i < s->n; i++) {
		a = &s->pn[i];
		len = strlen(a->sur);
		if (len < 5)
			continue;
		for (k = 0; k + 1 < len; k++) {
			if (a->sur[k] == a->sur[k + 1])
				continue;
			memcpy(sw, a->sur, len + 1);
			sw[k] = a->sur[k + 1];
			sw[k + 1] = a->sur[k];
			player_skeleton(sk, sizeof(sk), sw, len);
			if (strcmp(sk, a->skel) == 0)
				continue;
			for (at = skel_first(s, order, s->n, sk); at < s->n &&
			    strcmp(s->pn[order[at]].skel, sk) == 0; at++) {
				b = &s->pn[order[at]];
				/* Each pair once: from the player numbered first. */
				if (order[at] < i || initials_agree(a, b) == 0)
					continue;
				if (add_edge(s, i, order[at], K_SWAP) != 0)
					return -1;
			}
		}
	}
	return 0;
}

static uint32_t
root_of(struct sug *s, uint32_t x)
{
	return s->root[x];
}

/*
 * Whether clusters x and y may be one by an edge of kind `kind`: every
 * player of one agrees with every player of the other, and an edge of
 * other initials joins two players alone.
 */
static int
may_join(struct sug *s, uint32_t x, uint32_t y, int kind)
{
	uint32_t i, j;

	if (kind == K_OTHER)
		return s->size[x] == 1 && s->size[y] == 1;
	for (i = x; i != UINT32_MAX; i = s->next[i])
		for (j = y; j != UINT32_MAX; j = s->next[j])
			if (initials_agree(&s->pn[i], &s->pn[j]) == 0)
				return 0;
	return 1;
}

static void
join(struct sug *s, uint32_t x, uint32_t y, int kind)
{
	uint32_t i, last = x;

	if (y < x) {
		i = x;
		x = y;
		y = i;
	}
	for (i = x; i != UINT32_MAX; i = s->next[i])
		last = i;
	s->next[last] = y;
	for (i = y; i != UINT32_MAX; i = s->next[i])
		s->root[i] = x;
	s->size[x] += s->size[y];
	if (kind < s->kind[x])
		s->kind[x] = kind;
	if (s->kind[y] < s->kind[x])
		s->kind[x] = s->kind[y];
}

static int
cmp_edge(const void *x, const void *y)
{
	const struct edge *a = x, *b = y;

	if (a->kind != b->kind)
		return a->kind > b->kind ? -1 : 1;
	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	return a->b < b->b ? -1 : a->b > b->b;
}

/* The blocks in the order they are printed: most likely, most games. */
static int
cmp_block(const void *x, const void *y)
{
	const struct sug *s = sort_sug;
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	uint64_t ga = 0, gb = 0;
	uint32_t i;

	if (s->kind[a] != s->kind[b])
		return s->kind[a] > s->kind[b] ? -1 : 1;
	for (i = a; i != UINT32_MAX; i = s->next[i])
		ga += s->games[i];
	for (i = b; i != UINT32_MAX; i = s->next[i])
		gb += s->games[i];
	if (ga != gb)
		return ga > gb ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* The spellings of a block, most frequent first. */
static const struct player_roster *sort_roster;

static int
cmp_spell(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	if (spell_before(sort_roster, a, b))
		return -1;
	return spell_before(sort_roster, b, a) ? 1 : 0;
}

static int
print_block(FILE *fp, const struct sug *s, uint32_t x, size_t *sp,
    const uint32_t *first, const uint32_t *snext)
{
	const struct player_roster *r = s->r;
	size_t n = 0, k;
	uint32_t i, j;

	for (i = x; i != UINT32_MAX; i = s->next[i])
		for (j = first[i]; j != UINT32_MAX; j = snext[j])
			sp[n++] = j;
	if (n < 2)
		return 0;
	sort_roster = r;
	qsort(sp, n, sizeof(*sp), cmp_spell);
	fprintf(fp, "\n%% %s\n", kind_why[s->kind[x]]);
	for (k = 0; k < n; k++)
		fprintf(fp, "%% %7llu %s %s\n",
		    (unsigned long long)r->spell_count[sp[k]],
		    r->spell_count[sp[k]] == 1 ? "game: " : "games:",
		    r->spell.s[sp[k]]);
	fprintf(fp, "%s\n", r->spell.s[sp[0]]);
	for (k = 1; k < n; k++)
		fprintf(fp, "= %s\n", r->spell.s[sp[k]]);
	return 1;
}

int
player_suggest(FILE *fp, const struct player_roster *r)
{
	struct sug s;
	uint32_t *order = NULL, *first = NULL, *snext = NULL, x, y;
	size_t *sp = NULL, i, nb = 0, printed = 0;
	int rc = -1;

	memset(&s, 0, sizeof(s));
	s.r = r;
	s.n = r->keys.n;
	s.pn = calloc(s.n + 1, sizeof(*s.pn));
	s.games = calloc(s.n + 1, sizeof(*s.games));
	s.root = malloc((s.n + 1) * sizeof(*s.root));
	s.next = malloc((s.n + 1) * sizeof(*s.next));
	s.size = malloc((s.n + 1) * sizeof(*s.size));
	s.kind = malloc((s.n + 1) * sizeof(*s.kind));
	order = malloc((s.n + 1) * sizeof(*order));
	first = malloc((s.n + 1) * sizeof(*first));
	snext = malloc((r->spell.n + 1) * sizeof(*snext));
	sp = malloc((r->spell.n + 1) * sizeof(*sp));
	if (s.pn == NULL || s.games == NULL || s.root == NULL ||
	    s.next == NULL || s.size == NULL || s.kind == NULL ||
	    order == NULL || first == NULL || snext == NULL || sp == NULL ||
	    (s.best = best_spellings(r)) == NULL)
		goto out;
	for (i = 0; i < s.n; i++) {
		first[i] = UINT32_MAX;
		s.root[i] = (uint32_t)i;
		s.next[i] = UINT32_MAX;
		s.size[i] = 1;
		s.kind[i] = K_FOLD;
		order[i] = (uint32_t)i;
		parse_name(&s.pn[i], r->spell.s[s.best[i]]);
	}
	/* Each player's spellings, as a list in their order. */
	for (i = r->spell.n; i-- > 0; ) {
		x = r->spell_player[i];
		snext[i] = first[x];
		first[x] = (uint32_t)i;
		s.games[x] += r->spell_count[i];
	}
	sort_sug = &s;
	if (s.n > 1)
		qsort(order, s.n, sizeof(*order), cmp_skel);
	if (find_edges(&s, order) != 0)
		goto out;
	if (s.ne > 1)
		qsort(s.e, s.ne, sizeof(*s.e), cmp_edge);
	for (i = 0; i < s.ne; i++) {
		x = root_of(&s, s.e[i].a);
		y = root_of(&s, s.e[i].b);
		if (x != y && may_join(&s, x, y, s.e[i].kind))
			join(&s, x, y, s.e[i].kind);
	}
	/* The clusters' first players, in the order they are printed. */
	for (i = 0; i < s.n; i++)
		if (s.root[i] == i)
			order[nb++] = (uint32_t)i;
	if (nb > 1)
		qsort(order, nb, sizeof(*order), cmp_block);
	fputs("% Players that are likely one, the most likely first: a "
	    "spelling file\n% (pdn(5)) for --alias.  Each block is a "
	    "player: the name shown,\n% then \"=\" and his other "
	    "spellings.  Delete what is wrong before using it.\n", fp);
	for (i = 0; i < nb; i++)
		printed += (size_t)print_block(fp, &s, order[i], sp, first,
		    snext);
	if (printed == 0)
		fputs("\n% None.\n", fp);
	rc = 0;
out:
	free(s.pn);
	free(s.games);
	free(s.root);
	free(s.next);
	free(s.size);
	free(s.kind);
	free(s.best);
	free(s.e);
	free(order);
	free(first);
	free(snext);
	free(sp);
	return rc;
}
