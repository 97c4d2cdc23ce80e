/*
 * pdn-perft: count the legal move paths from a position, to check the move
 * generator against published counts and to measure its speed.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "pdn.h"

#define MAX_DEPTH 30

enum { FORMAT_TEXT, FORMAT_TSV };

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: %s [-bhV] [-d depth] [--divide] "
	    "[-f text|tsv] [FEN]\n", cli_progname);
}

static const char *const help_lines[] = {
	"  -d, --depth N    count N plies deep (1-30, default 6), each depth",
	"      --divide     count each root move separately, then the total",
	"  -b, --bulk       count the last ply's moves without playing them",
	"  -f, --format F   text (default) or tsv (depth, nodes, seconds)",
	"  -h, --help       show this help",
	"  -V, --version    show the version",
	NULL
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Root moves in the order of their notation: from, then to, then path. */
static int
cmp_move(const void *a, const void *b)
{
	const pdn_move *x = a, *y = b;

	if (x->from != y->from)
		return x->from - y->from;
	if (x->to != y->to)
		return x->to - y->to;
	return memcmp(x->path, y->path, sizeof(x->path));
}

static void
divide(const pdn_position *pos, int depth, int bulk, int format)
{
	pdn_movelist list;
	pdn_position child;
	char mv[PDN_MOVE_STRMAX];
	unsigned long long nodes, total = 0;
	int i, n;

	n = pdn_generate(&list, pos);
	if (n < 0)
		n = list.n;
	qsort(list.m, (size_t)n, sizeof(list.m[0]), cmp_move);
	for (i = 0; i < n; i++) {
		child = *pos;
		pdn_make(&child, &list.m[i]);
		nodes = pdn_perft(&child, depth - 1, bulk);
		total += nodes;
		pdn_move_str_unique(mv, &list.m[i], &list);
		printf(format == FORMAT_TSV ? "%s\t%llu\n" : "%-12s %llu\n",
		    mv, nodes);
		/* A long count shows its progress through a pipe too. */
		fflush(stdout);
	}
	printf(format == FORMAT_TSV ? "%s\t%llu\n" : "%-12s %llu\n", "total",
	    total);
}

static void
count(const pdn_position *pos, int depth, int bulk, int format)
{
	unsigned long long nodes;
	double t0, secs;
	int d;

	if (format == FORMAT_TEXT)
		printf("%5s %15s %10s %12s\n", "depth", "nodes", "seconds",
		    "Mnodes/s");
	for (d = 1; d <= depth; d++) {
		t0 = now();
		nodes = pdn_perft(pos, d, bulk);
		secs = now() - t0;
		if (format == FORMAT_TSV)
			printf("%d\t%llu\t%.6f\n", d, nodes, secs);
		else if (secs > 0)
			printf("%5d %15llu %10.3f %12.1f\n", d, nodes, secs,
			    (double)nodes / secs / 1e6);
		else
			printf("%5d %15llu %10.3f %12s\n", d, nodes, secs, "-");
		/*
		 * Each depth as soon as it is known, through a pipe too: the
		 * next one may take minutes, and `| head -1` then ends the
		 * run at once (SIGPIPE) instead of after the whole search.
		 */
		fflush(stdout);
	}
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "depth", required_argument, NULL, 'd' },
		{ "divide", no_argument, NULL, 'D' },
		{ "bulk", no_argument, NULL, 'b' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	pdn_position pos;
	pdn_fen_info info;
	char *end;
	long depth = 6;
	int ch, bulk = 0, do_divide = 0, format = FORMAT_TEXT;

	cli_init(argv);
	while ((ch = getopt_long(argc, argv, "bd:f:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'b':
			bulk = 1;
			break;
		case 'd':
			depth = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || depth < 1 ||
			    depth > MAX_DEPTH) {
				cli_warn("depth must be 1 to %d: %s", MAX_DEPTH,
				    optarg);
				return 2;
			}
			break;
		case 'D':
			do_divide = 1;
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				format = FORMAT_TEXT;
			else if (strcmp(optarg, "tsv") == 0)
				format = FORMAT_TSV;
			else {
				cli_warn("unknown format: %s (text or tsv)",
				    optarg);
				return 2;
			}
			break;
		case 'h':
			return cli_help(usage, help_lines);
		case 'V':
			return cli_version();
		default:
			usage(stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc > 1) {
		usage(stderr);
		return 2;
	}
	if (argc == 0) {
		pdn_position_start(&pos);
	} else if (pdn_fen_read(&pos, argv[0], strlen(argv[0]), &info) != 0) {
		cli_warn("invalid FEN \"%s\": %s at offset %zu", argv[0],
		    pdn_fen_strerror(info.status), info.offset);
		return 2;
	}
	if (do_divide)
		divide(&pos, (int)depth, bulk, format);
	else
		count(&pos, (int)depth, bulk, format);
	return cli_close_output(stdout, "<stdout>");
}
