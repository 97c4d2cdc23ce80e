/*
 * pdn-perft: count the legal move paths from a position, to check the move
 * generator against published counts and to measure its speed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "driver.h"
#include "drv_options.h"
#include "drv_run.h"
#include <pdn/pdn.h>

#define MAX_DEPTH 30

enum { FORMAT_TEXT, FORMAT_TSV };

/* The variant counted (--variant; international without it). */
static const pdn_variant *variant;

/*
 * The history before the position: none.  Frisian's article 17 is
 * applied from there (pdn_perft_streak()); no other variant has a rule of
 * moves that depends on the history.
 */
static const pdn_streak no_history;

/*
 * The order of a square in the notation: its number, or in an algebraic
 * variant ("c3") its file, then its rank.
 */
static int
square_order(int square)
{
	int x, y;

	if (pdn_variant_algebraic(variant) &&
	    pdn_variant_square_xy(variant, square, &x, &y) == 0)
		return x * 64 + y;
	return square;
}

/* Root moves in the order of their notation: from, then to, then path. */
static int
cmp_move(const void *a, const void *b)
{
	const pdn_move *x = *(const pdn_move *const *)a;
	const pdn_move *y = *(const pdn_move *const *)b;
	int px[PDN_MOVE_STRMAX], py[PDN_MOVE_STRMAX], nx, ny, i;

	if (pdn_move_from(x) != pdn_move_from(y))
		return square_order(pdn_move_from(x)) -
		    square_order(pdn_move_from(y));
	if (pdn_move_to(x) != pdn_move_to(y))
		return square_order(pdn_move_to(x)) -
		    square_order(pdn_move_to(y));
	nx = pdn_move_path(px, PDN_MOVE_STRMAX, x);
	ny = pdn_move_path(py, PDN_MOVE_STRMAX, y);
	/* The landing squares after from; a shorter path ends with 0s. */
	for (i = 1; i < nx || i < ny; i++)
		if ((i < nx ? px[i] : 0) != (i < ny ? py[i] : 0))
			return square_order(i < nx ? px[i] : 0) -
			    square_order(i < ny ? py[i] : 0);
	return 0;
}

/* A move list of pos, or the tool's exit on a full memory. */
static pdn_movelist *
moves_of(const pdn_position *pos, int *n)
{
	pdn_movelist *list;

	if (pdn_movelist_new(&list) != 0) {
		cli_warn("out of memory");
		exit(2);
	}
	pdn_generate_streak(list, pos, &no_history);
	*n = pdn_movelist_count(list);
	return list;
}

/* What was asked. */
static struct {
	long depth;
	int bulk, divide;
} opt = { 6, 0, 0 };

/*
 * The nodes `depth` plies below pos, counted root move by root move so
 * that the progress line can say how far the count is.
 */
static unsigned long long
perft_root(const pdn_position *pos, int depth, int bulk)
{
	pdn_movelist *list;
	pdn_position child;
	pdn_streak st;
	unsigned long long nodes = 0;
	int i, n;

	if (depth < 2)
		return pdn_perft_streak(pos, &no_history, depth, bulk);
	list = moves_of(pos, &n);
	cli_progress_start("nodes", (uint64_t)n);
	for (i = 0; i < n; i++) {
		child = *pos;
		pdn_make(&child, pdn_movelist_get(list, i));
		st = no_history;
		pdn_streak_update(&st, pos, pdn_movelist_get(list, i));
		nodes += pdn_perft_streak(&child, &st, depth - 1, bulk);
		cli_progress(nodes, (uint64_t)i + 1);
	}
	cli_progress_end();
	pdn_movelist_free(list);
	return nodes;
}

static void
divide(FILE *fp, const pdn_position *pos, int depth, int bulk, int format)
{
	pdn_movelist *list;
	const pdn_move **sorted;
	pdn_position child;
	pdn_streak st;
	char mv[PDN_MOVE_STRMAX];
	unsigned long long nodes, total = 0;
	int i, n;

	list = moves_of(pos, &n);
	if ((sorted = malloc((size_t)(n + 1) * sizeof(*sorted))) == NULL) {
		cli_warn("out of memory");
		exit(2);
	}
	for (i = 0; i < n; i++)
		sorted[i] = pdn_movelist_get(list, i);
	qsort(sorted, (size_t)n, sizeof(*sorted), cmp_move);
	for (i = 0; i < n; i++) {
		child = *pos;
		pdn_make(&child, sorted[i]);
		st = no_history;
		pdn_streak_update(&st, pos, sorted[i]);
		nodes = pdn_perft_streak(&child, &st, depth - 1, bulk);
		total += nodes;
		pdn_move_str_unique(mv, variant, sorted[i], list);
		fprintf(fp, format == FORMAT_TSV ? "%s\t%llu\n" :
		    "%-12s %llu\n", mv, nodes);
		/* A long count shows its progress through a pipe too. */
		fflush(fp);
	}
	fprintf(fp, format == FORMAT_TSV ? "%s\t%llu\n" : "%-12s %llu\n",
	    "total", total);
	free(sorted);
	pdn_movelist_free(list);
}

static void
count(FILE *fp, const pdn_position *pos, int depth, int bulk, int format)
{
	unsigned long long nodes;
	double t0, secs;
	int d;

	if (format == FORMAT_TEXT)
		fprintf(fp, "%5s %15s %10s %12s\n", "depth", "nodes",
		    "seconds", "Mnodes/s");
	for (d = 1; d <= depth; d++) {
		t0 = cli_now();
		nodes = perft_root(pos, d, bulk);
		secs = cli_now() - t0;
		if (format == FORMAT_TSV)
			fprintf(fp, "%d\t%llu\t%.6f\n", d, nodes, secs);
		else if (secs > 0)
			fprintf(fp, "%5d %15llu %10.3f %12.1f\n", d, nodes,
			    secs, (double)nodes / secs / 1e6);
		else
			fprintf(fp, "%5d %15llu %10.3f %12s\n", d, nodes, secs,
			    "-");
		/*
		 * Each depth as soon as it is known, through a pipe too: the
		 * next one may take minutes, and `| head -1` then ends the
		 * run at once (SIGPIPE) instead of after the whole search.
		 */
		fflush(fp);
	}
}

enum { OPT_DIVIDE = DRV_K_OWN };

static const struct drv_option options[] = {
	{ 'd', "depth", "depth", "N",
	    "count N plies deep (1-30, default 6), each depth" },
	{ OPT_DIVIDE, "divide", NULL, NULL,
	    "count each root move separately, then the total" },
	{ 'b', "bulk", NULL, NULL,
	    "count the last ply's moves without playing them" },
	{ 0, NULL, NULL, NULL, NULL }
};

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	char *end;

	(void)arg;
	switch (key) {
	case 'd':
		opt.depth = strtol(value, &end, 10);
		if (*value < '0' || *value > '9' || *end != '\0' ||
		    opt.depth < 1 || opt.depth > MAX_DEPTH)
			return drv_bad_value(d, "--depth", value, "1 to 30");
		break;
	case OPT_DIVIDE:
		opt.divide = 1;
		break;
	case 'b':
		opt.bulk = 1;
		break;
	}
	return 0;
}

static const char *const formats[] = { "text", "tsv", NULL };

static const struct drv_tool tool = {
	"[fen]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_VARIANT,
	formats, "text (the default) or tsv",
	options, option, NULL, NULL, NULL, NULL
};

int
main(int argc, char *argv[])
{
	static const char *const count_columns[] = {
		"depth", "nodes", "seconds", NULL
	};
	static const char *const divide_columns[] = { "move", "nodes", NULL };
	struct cli_output *out;
	pdn_position pos;
	pdn_fen_info info;
	struct drv d;
	const char *fen, *name;
	char names[160], want[256];
	static char path_line[64];
	int status, k, rc;

	/* -V says which of the library's code paths counts (perft.c). */
	snprintf(path_line, sizeof(path_line), "movegen path: %s",
	    pdn_movegen_path());
	cli_set_version_note(path_line);
	if ((status = drv_start(&d, &tool, NULL, argc, argv)) >= 0)
		return status;
	status = 2;
	variant = pdn_variant_default();
	/* Any variant the library generates, its records replayed or not. */
	for (k = 0; d.variant != 0 && (variant = pdn_variant_list(k)) != NULL;
	    k++)
		if (pdn_variant_gametype(variant) == d.variant)
			break;
	if (variant == NULL) {
		/* A GameType number of a game the library does not know. */
		drv_variant_names(names, sizeof(names), NULL);
		name = pdn_gametype_name(d.variant);
		if (name != NULL)
			snprintf(want, sizeof(want), "%s is not played; the "
			    "variants: %s", name, names);
		else
			snprintf(want, sizeof(want), "no game has GameType %d; "
			    "the variants: %s", d.variant, names);
		(void)drv_usage_error(&d, "bad --variant: \"%d\" (%s)",
		    d.variant, want);
		return drv_end(&d, 2);
	}
	fen = d.ninputs > 0 ? d.inputs[0] : NULL;
	if (fen == NULL)
		pdn_variant_start(variant, &pos);
	else if ((rc = pdn_fen_read(&pos, variant, fen, strlen(fen),
	    &info)) != 0) {
		if (rc == PDN_EFEN_SQUARE_RANGE &&
		    pdn_variant_squares(variant) != 50)
			/* The library's message says 1-50: not this board's. */
			cli_warn("invalid FEN \"%s\": square out of range 1-%d "
			    "at offset %zu", fen, pdn_variant_squares(variant),
			    info.offset);
		else
			cli_warn("invalid FEN \"%s\": %s at offset %zu", fen,
			    pdn_strerror(rc), info.offset);
		return drv_end(&d, 2);
	} else if (info.warnings & PDN_FEN_W_SIDE_UNKNOWN) {
		/* A count needs the side to move: no move here tells it. */
		cli_warn("invalid FEN \"%s\": %s at offset %zu", fen,
		    pdn_strerror(PDN_EFEN_SIDE), strspn(fen, " \t"));
		return drv_end(&d, 2);
	}
	if ((out = drv_records(&d)) == NULL)
		return drv_end(&d, 2);
	if (d.fmt == FORMAT_TSV)
		drv_tsv_header(&d, out->fp, opt.divide ? divide_columns :
		    count_columns);
	if (opt.divide)
		divide(out->fp, &pos, (int)opt.depth, opt.bulk, d.fmt);
	else
		count(out->fp, &pos, (int)opt.depth, opt.bulk, d.fmt);
	return drv_end(&d, 0);
}
