/*
 * The driver's options (drv_options.h): the option table of a tool and
 * the common options, --help and the usage line made from it, the values
 * read, the option files, and what a mistake in them says.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>


#include "driver.h"
#include "drv_games.h"
#include "drv_inputs.h"
#include "drv_options.h"
#include "tooldiag.h"


#ifndef PDN_DATADIR
#define PDN_DATADIR "/usr/local/share/pdn-tools"
#endif


/*
 * The common options, in the order --help lists them; the format's
 * argument in --help is the tool's words.
 */
static const struct {
	unsigned bit;
	struct drv_option o;
} common[] = {
	{ DRV_FORMAT, { 'f', "format", "format", NULL, NULL } },
	{ DRV_OUTPUT, { 'o', "output", "file", "FILE",
	    "write to FILE, replaced only when the run went well" } },
	{ DRV_NO_HEADER, { 'H', "no-header", NULL, NULL,
	    "TSV without its header line" } },
	{ DRV_JOBS, { 'j', "jobs", "n", "N",
	    "use N threads (1-256), the same output as one" } },
	{ DRV_LENIENT, { 'l', "lenient", NULL, NULL,
	    "accept the irregular moves of FMJD 5.4 and 5.7" } },
	{ DRV_STRICT, { DRV_K_STRICT, "strict", NULL, NULL,
	    "make every warning an error" } },
	{ DRV_RULES, { DRV_K_RULES, "rules", "name|file", "NAME|FILE",
	    "rules profile: fmjd, lidraughts, fmjd64, cbd, wcdf, fid, ... or a YAML file (default: the variant's)" } },
	{ DRV_GAMETYPE, { DRV_K_GAMETYPE, "gametype", "n", "N",
	    "read games without a GameType tag as GameType N" } },
	{ DRV_VARIANT, { DRV_K_VARIANT, "variant", "name|n", "NAME|N",
	    "the variant: its name (brazilian, russian, ...) or its "
	    "GameType number" } },
	{ DRV_RESULT_ORDER, { DRV_K_RESULT_ORDER, "result-order",
	    "white|first-mover", "white|first-mover",
	    "read results with White's or the first mover's score first "
	    "(where Black moves first), not as each file's games say" } },
	{ DRV_GAMES, { DRV_K_GAME, "game", "list", "N[,M-K]",
	    "only these games of each file, by their numbers in it (1-based, "
	    "as diagnostics say them): N, M-K, M- (to the end), "
	    "comma-separated" } },
	{ DRV_GAMES, { DRV_K_SKIP, "skip", "n", "N",
	    "leave out the first N games of each file (of --game's)" } },
	{ DRV_GAMES, { DRV_K_MAX, "max", "n", "N",
	    "read at most N games of each file (after --skip), and no more "
	    "of it" } },
	{ DRV_ALIAS, { DRV_K_ALIAS, "alias", "file", "FILE",
	    "one player under the spellings of FILE's blocks: his name, then "
	    "\"= SPELLING\" lines (pdn(5))" } },
	{ DRV_RECURSIVE, { 'r', "recursive", NULL, NULL,
	    "read the *.pdn files under directory operands" } },
	{ DRV_QUIET, { 'q', "quiet", NULL, NULL,
	    "print nothing, only the exit status" } },
	{ DRV_NO_WARNINGS, { 'w', "no-warnings", NULL, NULL,
	    "diagnostics: errors only" } },
	{ DRV_VERBOSE, { DRV_K_VERBOSE, "verbose", NULL, NULL,
	    "diagnostics: notes too" } },
	{ DRV_WARN, { 'W', "warn", "code", "[no-|error=]CODE",
	    "diagnostics of code CODE (fen-liberty, ...): no-CODE leaves "
	    "them out, error=CODE makes them errors, no-error=CODE keeps "
	    "--strict from it, CODE says every one (by default the first 5 "
	    "of a code in a file, then how many more); all: every one of "
	    "every code" } },
	{ ~0u, { DRV_K_OPTFILE, "options-file", "file", "FILE",
	    "read options and operands from FILE too, where this option "
	    "stands (blanks between words, quotes, # comments)" } },
	{ ~0u, { 'h', "help", NULL, NULL, "show this help" } },
	{ ~0u, { 'V', "version", NULL, NULL, "show the version" } },
};
#define NCOMMON (sizeof(common) / sizeof(common[0]))

/* Every option of a tool, in --help's order: -f and -o, its own, the rest. */
#define MAX_OPTIONS 64

/* The most names a suggestion weighs: options, codes, variants. */
#define NEAR_MAX	128
_Static_assert(NEAR_MAX >= MAX_OPTIONS && NEAR_MAX >= TOOLDIAG_NCODES,
    "near_names() weighs every option and every code");

static size_t edit_distance(const char *a, size_t la, const char *b);
static size_t near_names(const char *w, size_t len, const char *const *names,
    size_t n, const char *lead, char *out, size_t size);

static size_t
all_options(const struct drv_tool *t, const struct drv_option **out)
{
	const struct drv_option *o;
	size_t i, n = 0;
	int own_done = 0;

	for (i = 0; i <= NCOMMON; i++) {
		if (!own_done && (i == NCOMMON ||
		    (common[i].bit != DRV_FORMAT &&
		    common[i].bit != DRV_OUTPUT))) {
			for (o = t->options; o != NULL && o->key != 0 &&
			    n < MAX_OPTIONS - NCOMMON; o++)
				out[n++] = o;
			own_done = 1;
		}
		if (i < NCOMMON && (common[i].bit & t->common))
			out[n++] = &common[i].o;
	}
	return n;
}

/* Whether key is one of the tool's own options. */
static int
own_option(const struct drv_tool *t, int key)
{
	const struct drv_option *o;

	for (o = t->options; o != NULL && o->key != 0; o++)
		if (o->key == key)
			return 1;
	return 0;
}

static int
is_short(int key)
{
	return key > 0 && key < 256;
}

/* The letters of the options without argument, sorted as ls(1) does. */
static int
cmp_letter(const void *a, const void *b)
{
	int x = *(const char *)a, y = *(const char *)b;
	int lx = x | 0x20, ly = y | 0x20;

	return lx != ly ? lx - ly : x - y;	/* "Hh": capital first */
}

/*
 * Writes the usage line(s) to fp: "usage: prog [-Hhq] [-f format] ...
 * [--strict] [file ...]", wrapped before 80 columns.
 */
static void
usage(FILE *fp, const struct drv_tool *t)
{
	const struct drv_option *opts[MAX_OPTIONS];
	char flags[MAX_OPTIONS + 1], item[128];
	size_t n = all_options(t, opts), i, nf = 0;
	int col, len, pass;

	for (i = 0; i < n; i++)
		if (is_short(opts[i]->key) && opts[i]->arg == NULL)
			flags[nf++] = (char)opts[i]->key;
	flags[nf] = '\0';
	qsort(flags, nf, 1, cmp_letter);
	col = fprintf(fp, "usage: %s", cli_progname);
	if (nf > 0)
		col += fprintf(fp, " [-%s]", flags);
	/* Then the letters with an argument, the long-only, the operands. */
	for (pass = 0; pass < 3; pass++) {
		for (i = 0; i < (pass < 2 ? n : 1); i++) {
			if (pass == 0 && is_short(opts[i]->key) &&
			    opts[i]->arg != NULL)
				len = snprintf(item, sizeof(item), "[-%c %s]",
				    opts[i]->key, opts[i]->arg);
			else if (pass == 1 && !is_short(opts[i]->key))
				len = snprintf(item, sizeof(item), "[--%s%s%s]",
				    opts[i]->name, opts[i]->arg != NULL ?
				    " " : "", opts[i]->arg != NULL ?
				    opts[i]->arg : "");
			else if (pass == 2 && t->operands != NULL)
				len = snprintf(item, sizeof(item), "%s",
				    t->operands);
			else
				continue;
			if (col + 1 + len > 79) {
				fputs("\n      ", fp);
				col = 6;
			}
			col += fprintf(fp, " %s", item);
		}
	}
	fputc('\n', fp);
}

/* Writes text from column 22, wrapped at spaces before column 80. */
static void
wrap(const char *text)
{
	const char *sp;
	int col = 22, len;

	while (*text != '\0') {
		sp = strchr(text, ' ');
		len = sp != NULL ? (int)(sp - text) : (int)strlen(text);
		if (col > 22 && col + 1 + len > 79) {
			printf("\n%22s", "");
			col = 22;
		} else if (col > 22) {
			putchar(' ');
			col++;
		}
		printf("%.*s", len, text);
		col += len;
		text += len;
		while (*text == ' ')
			text++;
	}
	putchar('\n');
}

/* --help: the usage, a blank line, a line per option. */
static int
help(const struct drv_tool *t)
{
	const struct drv_option *opts[MAX_OPTIONS], *o;
	char head[160], words[128];
	const char *harg, *text;
	size_t n = all_options(t, opts), i, k, len;
	int w;

	usage(stdout, t);
	putchar('\n');
	for (i = 0; i < n; i++) {
		o = opts[i];
		harg = o->help_arg;
		text = o->help;
		if (o->key == 'f') {
			/* The format's words, as the option takes them. */
			for (k = 0, len = 0; t->formats[k] != NULL; k++)
				len += (size_t)snprintf(words + len,
				    sizeof(words) - len, "%s%s", k > 0 ? "|" :
				    "", t->formats[k]);
			harg = words;
			text = t->format_help;
		}
		w = snprintf(head, sizeof(head), "  %s%c%s--%s%s%s",
		    is_short(o->key) ? "-" : " ", is_short(o->key) ? o->key :
		    ' ', is_short(o->key) ? ", " : "  ", o->name,
		    harg != NULL ? " " : "", harg != NULL ? harg : "");
		/* The text starts at column 23, on a line of its own after
		 * a long head. */
		if (o->key == 'o' && t->output_help != NULL)
			text = t->output_help;
		if (o->key == DRV_K_GAMETYPE && t->gametype_help != NULL)
			text = t->gametype_help;
		if (o->key == 'j' && t->jobs_help != NULL)
			text = t->jobs_help;
		if (w <= 20)
			printf("%s%*s", head, 22 - w, "");
		else
			printf("%s\n%22s", head, "");
		wrap(text);
	}
	return cli_close_output(stdout, "<stdout>");
}

int
drv_usage_error(const struct drv *d, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", cli_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage(stderr, d->tool);
	return 2;
}

int
drv_bad_value(const struct drv *d, const char *option, const char *value,
    const char *want)
{
	return drv_usage_error(d, "bad %s: \"%s\" (%s)", option, value, want);
}

/* A whole decimal number from min to max; -1 when it is not one. */
static long
number(const char *s, long min, long max)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end != '\0' || errno != 0 || v < min || v > max)
		return -1;
	return v;
}

/* "text, tsv, json or yaml" */
static void
word_list(char *buf, size_t size, const char *const *words)
{
	size_t k, len = 0;

	buf[0] = '\0';
	for (k = 0; words[k] != NULL && len < size; k++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    k == 0 ? "" : words[k + 1] == NULL ? " or " : ", ",
		    words[k]);
}

void
drv_variant_names(char *buf, size_t size, const char *last)
{
	const pdn_variant *v;
	size_t len = 0;
	int i, end;

	buf[0] = '\0';
	for (i = 0; (v = pdn_variant_list(i)) != NULL && len < size; i++) {
		end = last == NULL && pdn_variant_list(i + 1) == NULL;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    i == 0 ? "" : end ? " or " : ", ", pdn_variant_name(v));
	}
	if (last != NULL && len < size)
		snprintf(buf + len, size - len, " or %s", last);
}

/*
 * --variant's value: a variant's name, in any case, or a GameType number
 * 1-99.  Returns the number, or -1 for a number out of range, or 0 for
 * a name the library does not know.
 */
static int
variant_value(const char *s)
{
	const pdn_variant *v;
	long n;
	int i;

	if (*s >= '0' && *s <= '9')
		return (n = number(s, 1, 99)) < 0 ? -1 : (int)n;
	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++)
		if (strcasecmp(s, pdn_variant_name(v)) == 0)
			return pdn_variant_gametype(v);
	return 0;
}

/*
 * The GameType of the variant whose default profile has the name of
 * built-in profile p (wcdf: 21, fid: 22...), or 0 for a profile of no one
 * variant's: fmjd64, the default of Russian and Brazilian draughts both
 * (their games' moves tell them apart).
 */
static int
profile_gametype(const pdn_profile *p)
{
	const pdn_profile *vp;
	const pdn_variant *v;
	int i, gt = 0;

	for (i = 0; (v = pdn_variant_list(i)) != NULL; i++)
		if ((vp = pdn_profile_of_variant(v)) != NULL &&
		    strcmp(pdn_profile_name(vp), pdn_profile_name(p)) == 0) {
			if (gt != 0)
				return 0;
			gt = pdn_variant_gametype(v);
		}
	return gt;
}

static int operands(struct drv *d, const struct drv_tool *t, int argc,
    char **argv);

/*
 * Says that `value` of `option` names no variant: with the nearest
 * names (near_names()) when some are near, else with every name.
 * Returns 2.
 */
static int
bad_variant(const struct drv *d, const char *option, const char *value)
{
	const char *names[NEAR_MAX];
	const pdn_variant *v;
	char word[64], near[256], want[320];
	size_t i, n = 0;

	for (i = 0; i + 1 < sizeof(word) && value[i] != '\0'; i++)
		word[i] = (char)tolower((unsigned char)value[i]);
	word[i] = '\0';
	while (n < NEAR_MAX && (v = pdn_variant_list((int)n)) != NULL)
		names[n++] = pdn_variant_name(v);
	if (value[i] == '\0' &&
	    near_names(word, i, names, n, "", near, sizeof(near)) > 0) {
		snprintf(want, sizeof(want), "no variant of that name; did "
		    "you mean %s?", near);
		return drv_bad_value(d, option, value, want);
	}
	drv_variant_names(want, sizeof(want), "a GameType number");
	return drv_bad_value(d, option, value, want);
}

/*
 * Says that --rules NAME (perr, as pdn_profile_load() said it) names no
 * profile, with the nearest names of the built-in ones.
 */
static void
bad_rules(const pdn_profile_error *perr, const char *name)
{
	const char *names[NEAR_MAX];
	const pdn_profile *p;
	char near[256];
	size_t n = 0;

	while (n < NEAR_MAX && (p = pdn_profile_list((int)n)) != NULL)
		names[n++] = pdn_profile_name(p);
	if (near_names(name, strlen(name), names, n, "", near,
	    sizeof(near)) > 0)
		cli_warn("%s: error: %s; did you mean %s?", perr->file,
		    perr->message, near);
	else
		cli_warn("%s: error: %s", perr->file, perr->message);
}

/*
 * The names of the diagnostics near `name` (near_names()), those of the
 * library and of the tools (tooldiag.h), into out.  Returns how many.
 */
static size_t
near_codes(const char *name, char *out, size_t size)
{
	const char *names[NEAR_MAX];
	size_t n;

	for (n = 0; n < (size_t)TOOLDIAG_NCODES; n++)
		names[n] = tooldiag_name((int)n);
	return near_names(name, strlen(name), names, n, "", out, size);
}

/*
 * The pages that list the diagnostics: pdn-validate(1) (the library's,
 * as pdn-parse(1)), and this tool's own when it says codes of its own.
 */
static void
code_pages(char *buf, size_t size)
{
	const char *t;
	int c;

	for (c = PDN_D_NCODES; c < TOOLDIAG_NCODES; c++)
		if ((t = tooldiag_tool(c)) != NULL &&
		    strcmp(t, cli_progname) == 0) {
			snprintf(buf, size, "pdn-validate(1) and %s(1) list "
			    "them", t);
			return;
		}
	snprintf(buf, size, "pdn-validate(1) lists them");
}

/*
 * -W's value: all, CODE, no-CODE, error=CODE or no-error=CODE, CODE a
 * code of the library or of the tools.  Returns 0, or 2 after saying
 * what is wrong, with the nearest names of diagnostics for a name that
 * is none.
 */
static int
warn_option(struct drv *d, const char *value)
{
	char near[256], want[320];
	const char *name = value;
	int how = 0, code;	/* 0 on, 1 off, 2 error, 3 no-error */

	if (strcmp(value, "all") == 0) {
		memset(d->wall, 1, sizeof(d->wall));
		return 0;
	}
	if (strncmp(name, "no-error=", 9) == 0)
		how = 3, name += 9;
	else if (strncmp(name, "error=", 6) == 0)
		how = 2, name += 6;
	else if (strncmp(name, "no-", 3) == 0 && tooldiag_code(name) < 0)
		how = 1, name += 3;
	if ((code = tooldiag_code(name)) < 0) {
		/* no-such-pl: near no-such-ply, not such-ply. */
		if (near_codes(name, near, sizeof(near)) > 0 || (how == 1 &&
		    near_codes(value, near, sizeof(near)) > 0))
			snprintf(want, sizeof(want), "no diagnostic of that "
			    "name; did you mean %s?", near);
		else {
			code_pages(near, sizeof(near));
			snprintf(want, sizeof(want), "no diagnostic of that "
			    "name; %s", near);
		}
		return drv_bad_value(d, "-W", value, want);
	}
	switch (how) {
	case 0:
		d->woff[code] = 0;
		d->wall[code] = 1;
		break;
	case 1:
		if (tooldiag_severity(code) == PDN_SEV_ERROR) {
			snprintf(want, sizeof(want), "%s is an error, which "
			    "is never left out", name);
			return drv_bad_value(d, "-W", value, want);
		}
		d->woff[code] = 1;
		break;
	case 2:
		d->woff[code] = 0;
		d->werror[code] = 1;
		d->wraised = 1;
		break;
	default:
		d->werror[code] = 2;
		break;
	}
	return 0;
}

/* Takes a common option.  Returns 0 or 2. */
static int
common_option(struct drv *d, int key, const char *value)
{
	char want[160];
	long v;
	int k;

	switch (key) {
	case 'f':
		for (k = 0; d->tool->formats[k] != NULL; k++)
			if (strcmp(value, d->tool->formats[k]) == 0) {
				d->fmt = k;
				d->fmt_given = 1;
				return 0;
			}
		word_list(want, sizeof(want), d->tool->formats);
		return drv_bad_value(d, "--format", value, want);
	case 'o':
		d->output = value;
		return 0;
	case 'H':
		d->header = 0;
		return 0;
	case 'j':
		if ((v = number(value, 1, DRV_MAX_JOBS)) < 0)
			return drv_bad_value(d, "--jobs", value, "1 to 256");
		d->jobs = (int)v;
		return 0;
	case 'l':
		d->flags |= PDN_REPLAY_LENIENT;
		return 0;
	case DRV_K_STRICT:
		d->strict = 1;
		return 0;
	case DRV_K_RULES:
		d->rules = value;
		return 0;
	case DRV_K_ALIAS:
		d->alias = value;
		return 0;
	case DRV_K_GAMETYPE:
		/* The same names and numbers as --variant. */
		if ((k = variant_value(value)) > 0) {
			d->gametype = k;
			d->gametype_given = 1;
			return 0;
		}
		if (k < 0)
			return drv_bad_value(d, "--gametype", value,
			    "1 to 99");
		return bad_variant(d, "--gametype", value);
	case DRV_K_RESULT_ORDER:
		if (strcmp(value, "white") == 0)
			d->result_order = PDN_ORDER_WHITE;
		else if (strcmp(value, "first-mover") == 0)
			d->result_order = PDN_ORDER_FIRST_MOVER;
		else
			return drv_bad_value(d, "--result-order", value,
			    "white or first-mover");
		return 0;
	case DRV_K_VARIANT:
		if ((k = variant_value(value)) > 0) {
			d->variant = k;
			return 0;
		}
		if (k < 0)
			return drv_bad_value(d, "--variant", value, "1 to 99");
		return bad_variant(d, "--variant", value);
	case DRV_K_GAME:
		if ((k = drv_games_add(&d->games, value)) == -2) {
			cli_warn("out of memory");
			return 2;
		}
		if (k < 0)
			return drv_bad_value(d, "--game", value,
			    "game numbers from 1: N, M-K or M-, "
			    "comma-separated");
		d->games.on = 1;
		return 0;
	case DRV_K_SKIP:
	case DRV_K_MAX:
		if ((v = number(value, key == DRV_K_SKIP ? 0 : 1,
		    LONG_MAX)) < 0)
			return drv_bad_value(d, key == DRV_K_SKIP ? "--skip" :
			    "--max", value, key == DRV_K_SKIP ?
			    "a number of games, 0 or more" :
			    "a number of games, at least 1");
		if (key == DRV_K_SKIP)
			d->games.skip = v;
		else
			d->games.max = v;
		d->games.on = 1;
		return 0;
	case 'r':
		d->recursive = 1;
		return 0;
	case 'q':
		d->quiet = 1;
		return 0;
	case 'w':
		d->min = PDN_SEV_ERROR;
		return 0;
	case DRV_K_VERBOSE:
		d->min = PDN_SEV_NOTE;
		return 0;
	case 'W':
		return warn_option(d, value);
	}
	return 2;
}

/* --- options ------------------------------------------------------------ */

/*
 * The edit distance of a[0..la) and b (insertions, deletions,
 * substitutions and swaps of two neighbours, one each: --stauts is one
 * from --status), for the suggestion after an unknown name.
 */
static size_t
edit_distance(const char *a, size_t la, const char *b)
{
	unsigned char m[64][64];
	size_t lb = strlen(b), i, j, v;

	/* Option names are short; a long word is far from all of them. */
	if (la >= 64 || lb >= 64)
		return (size_t)-1;
	for (i = 0; i <= la; i++)
		m[i][0] = (unsigned char)i;
	for (j = 0; j <= lb; j++)
		m[0][j] = (unsigned char)j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			v = m[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (m[i - 1][j] + 1u < v)
				v = m[i - 1][j] + 1u;
			if (m[i][j - 1] + 1u < v)
				v = m[i][j - 1] + 1u;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && m[i - 2][j - 2] + 1u < v)
				v = m[i - 2][j - 2] + 1u;
			m[i][j] = (unsigned char)v;
		}
	return m[la][lb];
}

/*
 * The names of names[0..n) near the word w[0..len), for "did you mean":
 * those that the word begins (--sum: --summary), which getopt_long would
 * have taken silently, the nearest first, else those at the least edit
 * distance when that is at most a third of the word's length (at least
 * 1, at most 3).  Written into out of `size` bytes as "A, B or C", each
 * after `lead` ("--").  Returns how many.
 */
static size_t
near_names(const char *w, size_t len, const char *const *names, size_t n,
    const char *lead, char *out, size_t size)
{
	size_t i, k, best = (size_t)-1, dist[NEAR_MAX], pick[NEAR_MAX];
	size_t at = 0, count = 0;
	size_t most = len / 3 < 1 ? 1 : len / 3 > 3 ? 3 : len / 3;
	int prefix = 0;

	if (n > NEAR_MAX)
		n = NEAR_MAX;
	for (i = 0; i < n; i++) {
		if (len > 0 && strncmp(names[i], w, len) == 0)
			prefix = 1;
		if ((dist[i] = edit_distance(w, len, names[i])) < best)
			best = dist[i];
	}
	if (best > most)
		best = (size_t)-1;	/* none is near */
	/* The names, the nearest first (as the table lists them at one). */
	for (i = 0; i < n; i++) {
		if (prefix ? strncmp(names[i], w, len) != 0 : dist[i] != best)
			continue;
		for (k = count++; k > 0 && dist[pick[k - 1]] > dist[i]; k--)
			pick[k] = pick[k - 1];
		pick[k] = i;
	}
	if (size > 0)
		out[0] = '\0';
	for (k = 0; k < count; k++) {
		at += (size_t)snprintf(out + at, at < size ? size - at : 0,
		    "%s%s%s", k == 0 ? "" : k + 1 == count ? " or " : ", ",
		    lead, names[pick[k]]);
		if (at >= size)
			at = size > 0 ? size - 1 : 0;
	}
	return count;
}

/*
 * Says that the long option `word` ("--name" or "--name=value") is not
 * one of the tool's, with the nearest of its names (near_names()).
 * Returns 2, after the usage line.
 */
static int
unknown_long(const struct drv *d, const struct drv_option *const *opts,
    size_t n, const char *word)
{
	const char *names[MAX_OPTIONS];
	char near[256];
	const char *name = word + 2, *eq = strchr(name, '=');
	size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name), i;

	for (i = 0; i < n; i++)
		names[i] = opts[i]->name;
	if (near_names(name, len, names, n, "--", near, sizeof(near)) == 0)
		return drv_usage_error(d, "unknown option: --%.*s", (int)len,
		    name);
	return drv_usage_error(d, "unknown option: --%.*s; did you mean %s?",
	    (int)len, name, near);
}

/*
 * Whether argument `word` is a long option ("--name", "--name=value") of
 * none of the tool's names, as written: getopt_long takes any
 * unambiguous beginning of a name, and --game would be --gametype.
 */
static int
not_a_name(const struct drv_option *const *opts, size_t n, const char *word)
{
	const char *name = word + 2, *eq;
	size_t len, i;

	if (strncmp(word, "--", 2) != 0 || word[2] == '\0')
		return 0;
	eq = strchr(name, '=');
	len = eq != NULL ? (size_t)(eq - name) : strlen(name);
	for (i = 0; i < n; i++)
		if (strlen(opts[i]->name) == len &&
		    strncmp(opts[i]->name, name, len) == 0)
			return 0;
	return 1;
}

/*
 * --options-file (as pgn-extract's -A): the arguments a file holds, put
 * where the option stands.  Words are separated by blanks (spaces, tabs,
 * line ends); a '#' that begins a word comments out the rest of its line;
 * within a word, '...' keeps everything up to the next ' as it is,
 * "..." too but for \" and \\, and a backslash outside quotes keeps the
 * byte after it.  A file may name another one: OPTFILE_DEPTH files in
 * all at most.
 * The words live until the program ends (options keep pointers into
 * them).
 */
#define OPTFILE_DEPTH	8

static struct {
	char **argv;		/* the arguments expanded */
	char *words;		/* their bytes */
} optfile_mem[OPTFILE_DEPTH];
static int optfile_n;

static void
optfile_free(void)
{
	while (optfile_n > 0) {
		optfile_n--;
		free(optfile_mem[optfile_n].argv);
		free(optfile_mem[optfile_n].words);
	}
}

/*
 * The words of the file at path, NUL-separated in *out (its *count
 * words).  Returns 0, or 2 after saying what is wrong.
 */
static int
optfile_read(const char *path, char **out, size_t *count)
{
	FILE *fp;
	char *buf, *w;
	size_t cap = 4096, n = 0, len = 0;
	long line = 1, qline = 0;
	int c, q = 0, inword = 0;

	*out = NULL;
	*count = 0;
	if ((fp = fopen(path, "r")) == NULL) {
		cli_warn("--options-file %s: %s", path, strerror(errno));
		return 2;
	}
	if ((buf = malloc(cap)) == NULL)
		goto oom;
	while ((c = getc(fp)) != EOF) {
		if (len + 2 >= cap) {
			cap *= 2;
			if ((w = realloc(buf, cap)) == NULL)
				goto oom;
			buf = w;
		}
		if (c == '\n')
			line++;
		if (q == '\'') {
			if (c == '\'')
				q = 0;
			else
				buf[len++] = (char)c;
			continue;
		}
		if (q == '"') {
			if (c == '"')
				q = 0;
			else if (c != '\\')
				buf[len++] = (char)c;
			else if ((c = getc(fp)) == '"' || c == '\\')
				buf[len++] = (char)c;
			else {
				/* Any other byte after it: both as they are. */
				buf[len++] = '\\';
				if (c != EOF)
					ungetc(c, fp);
			}
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '\v') {
			if (inword) {
				buf[len++] = '\0';
				n++;
				inword = 0;
			}
			continue;
		}
		if (c == '#' && !inword) {
			while ((c = getc(fp)) != EOF && c != '\n')
				;
			line++;
			continue;
		}
		inword = 1;
		if (c == '\'' || c == '"') {
			q = c;
			qline = line;
		} else if (c == '\\') {
			if ((c = getc(fp)) == EOF)
				break;
			if (c == '\n')
				line++;
			buf[len++] = (char)c;
		} else
			buf[len++] = (char)c;
	}
	if (ferror(fp)) {
		cli_warn("--options-file %s: %s", path, strerror(errno));
		goto fail;
	}
	if (q != 0) {
		cli_warn("--options-file %s:%ld: %c not closed", path, qline,
		    q);
		goto fail;
	}
	if (inword) {
		buf[len++] = '\0';
		n++;
	}
	fclose(fp);
	*out = buf;
	*count = n;
	return 0;
oom:
	cli_warn("out of memory");
fail:
	free(buf);
	fclose(fp);
	return 2;
}

/* Whether option word w (of opts[0..n)) takes the next argument. */
static int
takes_next(const struct drv_option *const *opts, size_t n, const char *w)
{
	size_t i;
	const char *p;

	if (w[0] != '-' || w[1] == '\0')
		return 0;
	if (w[1] == '-') {
		if (strchr(w, '=') != NULL)
			return 0;
		for (i = 0; i < n; i++)
			if (strcmp(opts[i]->name, w + 2) == 0)
				return opts[i]->arg != NULL;
		return 0;
	}
	/* A cluster: the letter that takes a value takes the rest. */
	for (p = w + 1; *p != '\0'; p++) {
		for (i = 0; i < n && opts[i]->key != (unsigned char)*p; i++)
			;
		if (i == n)
			return 0;
		if (opts[i]->arg != NULL)
			return p[1] == '\0';
	}
	return 0;
}

/*
 * Puts the words of each --options-file in place of it, in *argc and
 * *argv, before the options are read.  Returns -1, or 0..2 the status to
 * end with after saying what is wrong.
 */
static int
options_files(struct drv *d, const struct drv_option *const *opts, size_t n,
    int *argc, char ***argv)
{
	char **av = *argv, **nv, *words, *w;
	const char *path;
	size_t count, k;
	int ac = *argc, i, j, st, skip;

	for (i = 1; i < ac; i++) {
		if (strcmp(av[i], "--") == 0)
			break;
		if (strcmp(av[i], "--options-file") == 0) {
			if (i + 1 == ac)
				return drv_usage_error(d, "--options-file "
				    "needs a value");
			path = av[i + 1];
			skip = 2;
		} else if (strncmp(av[i], "--options-file=", 15) == 0) {
			path = av[i] + 15;
			skip = 1;
		} else {
			if (takes_next(opts, n, av[i]))
				i++;
			continue;
		}
		if (optfile_n == OPTFILE_DEPTH) {
			cli_warn("--options-file %s: more than %d option "
			    "files in all", path, OPTFILE_DEPTH);
			return 2;
		}
		if ((st = optfile_read(path, &words, &count)) != 0)
			return st;
		if ((nv = calloc((size_t)ac - (size_t)skip + count + 1,
		    sizeof(*nv))) == NULL) {
			free(words);
			cli_warn("out of memory");
			return 2;
		}
		if (optfile_n == 0)
			atexit(optfile_free);
		optfile_mem[optfile_n].argv = nv;
		optfile_mem[optfile_n].words = words;
		optfile_n++;
		for (j = 0; j < i; j++)
			nv[j] = av[j];
		for (k = 0, w = words; k < count; k++, w += strlen(w) + 1)
			nv[j++] = w;
		for (k = (size_t)(i + skip); k < (size_t)ac; k++)
			nv[j++] = av[k];
		nv[j] = NULL;
		av = nv;
		ac = j;
		/* The file's words are read in turn (one may name another). */
		i--;
	}
	*argc = ac;
	*argv = av;
	return -1;
}

int
drv_start(struct drv *d, const struct drv_tool *t, void *arg, int argc,
    char **argv)
{
	const struct drv_option *opts[MAX_OPTIONS];
	struct option longopts[MAX_OPTIONS + 1];
	char shorts[3 * MAX_OPTIONS + 2], *p = shorts;
	pdn_profile_error perr;
	const char *word;
	size_t n, i;
	int ch, st, idx;

	memset(d, 0, sizeof(*d));
	d->tool = t;
	d->header = 1;
	d->jobs = 1;
	d->min = PDN_SEV_WARNING;
	cli_init(argv);
	n = all_options(t, opts);
	/* ':' first: a missing argument is ours to say. */
	*p++ = ':';
	for (i = 0; i < n; i++) {
		longopts[i].name = opts[i]->name;
		longopts[i].has_arg = opts[i]->arg != NULL ? required_argument :
		    no_argument;
		longopts[i].flag = NULL;
		longopts[i].val = opts[i]->key;
		if (is_short(opts[i]->key)) {
			*p++ = (char)opts[i]->key;
			if (opts[i]->arg != NULL)
				*p++ = ':';
		}
	}
	*p = '\0';
	memset(&longopts[n], 0, sizeof(longopts[n]));
	if ((st = options_files(d, opts, n, &argc, &argv)) >= 0)
		return st;
	opterr = 0;
	while ((idx = -1, ch = getopt_long(argc, argv, shorts, longopts,
	    &idx)) != -1) {
		/*
		 * The argument read: the option, or its value when that came
		 * as the next argument.  A long option counts only by its
		 * full name.
		 */
		word = argv[optind - 1];
		if (idx >= 0 && optarg != NULL && optind >= 2 &&
		    optarg == argv[optind - 1])
			word = argv[optind - 2];
		if ((ch == '?' || ch == ':' || idx >= 0) &&
		    not_a_name(opts, n, word))
			return unknown_long(d, opts, n, word);
		if (ch == '?') {
			const char *w = argv[optind - 1], *eq;

			/* A long option given a value it does not take. */
			if (strncmp(w, "--", 2) == 0 && optopt != 0 &&
			    (eq = strchr(w, '=')) != NULL)
				return drv_usage_error(d, "%.*s takes no value",
				    (int)(eq - w), w);
			if (strncmp(w, "--", 2) == 0 || !is_short(optopt))
				return drv_usage_error(d, "unknown option: %s",
				    w);
			return drv_usage_error(d, "unknown option: -%c",
			    optopt);
		}
		if (ch == ':') {
			/* As written: -f, or --format. */
			if (strncmp(argv[optind - 1], "--", 2) != 0 &&
			    is_short(optopt))
				return drv_usage_error(d, "-%c needs a value",
				    optopt);
			return drv_usage_error(d, "%s needs a value",
			    argv[optind - 1]);
		}
		if (ch == 'h')
			return help(t);
		if (ch == 'V')
			return cli_version();
		if (own_option(t, ch))
			st = t->option(arg, d, ch, optarg);
		else
			st = common_option(d, ch, optarg);
		if (st != 0)
			return st;
	}
	/*
	 * Games are numbered in their file as they are read: chosen by
	 * number, they are read on one thread (the same output as more).
	 */
	if (d->games.on)
		d->jobs = 1;
	cli_diag_limit(CLI_DIAG_LIMIT, d->wall);
	if (d->rules != NULL && (st = pdn_profile_load(&d->profile, d->rules,
	    PDN_DATADIR "/profiles", &perr)) != 0) {
		if (st == PDN_EPROFILE_UNKNOWN_NAME)
			bad_rules(&perr, d->rules);
		else if (perr.line > 0)
			cli_warn("%s:%d:%d: error: %s", perr.file, perr.line,
			    perr.column, perr.message);
		else
			cli_warn("%s: error: %s", perr.file, perr.message);
		return 2;
	}
	/*
	 * A built-in profile of one variant's rules says what untagged
	 * games are, unless --gametype does: --rules wcdf reads them as
	 * English draughts (a profile file, whatever its name, does not).
	 */
	if (d->profile != NULL && !d->gametype_given &&
	    pdn_profile_builtin(d->rules) != NULL)
		d->gametype = profile_gametype(d->profile);
	/* A mistake found from here on ends the run: no profile then. */
	if ((st = operands(d, t, argc, argv)) >= 0) {
		pdn_profile_free(d->profile);
		d->profile = NULL;
		return st;
	}
	return -1;
}

/* The operands: files (-r walked), or one operand kept as it is. */
static int
operands(struct drv *d, const struct drv_tool *t, int argc, char **argv)
{
	if (t->operands != NULL && strstr(t->operands, "file") != NULL &&
	    drv_inputs(d, argc - optind, argv + optind) != 0)
		d->status = 2;
	else if (t->operands == NULL && optind < argc)
		return drv_usage_error(d, "no operands expected: %s",
		    argv[optind]);
	else if (t->operands != NULL && strstr(t->operands, "file") == NULL) {
		/* One operand at most, kept as it is (pdn-perft's FEN). */
		if (argc - optind > 1)
			return drv_usage_error(d, "one operand at most: %s",
			    argv[optind + 1]);
		if (optind < argc) {
			size_t cap = 0;

			if (drv_inputs_add(d, argv[optind], &cap) != 0) {
				cli_warn("out of memory");
				return 2;
			}
		}
	}
	return -1;
}
