/*
 * pdn-adjudicate: replay every game, find where the rules end it, compare
 * with the recorded result; one record per game as TSV, JSON Lines or
 * YAML, or the games written back as PDN with the adjudicated result.  See
 * pdn-adjudicate(1).
 *
 * With -j N the input is cut into chunks at game boundaries (chunks.h);
 * N threads read and adjudicate the chunks, keeping each game's record
 * (its fields as strings) and diagnostics in a batch, and the main thread
 * prints the batches in input order, renumbering games, lines and
 * offsets, so that -j N prints what -j 1 prints.  Diagnostics are kept
 * with their game and printed just before its record, for the same reason.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunks.h"
#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "emit.h"
#include "tooldiag.h"
#include <pdn/pdn.h>

/* FMT_INPLACE: -i, the files fixed in place (no records). */
enum format { FMT_TSV, FMT_JSON, FMT_YAML, FMT_PDN, FMT_INPLACE };

/* TSV records are written in blocks of about this many bytes. */
#define OUT_BLOCK	(64u << 10)

/* The common options (the driver's) and ours. */
static struct drv drv;
static struct {
	enum format fmt;
	int summary;
	int inplace;
	int truncate;		/* --truncate: 0 no, TRUNC_VARIATION, TRUNC_DROP */
} opt;
enum { TRUNC_VARIATION = 1, TRUNC_DROP };

/* The first error diagnostic of a game: why it is invalid, and where. */
struct first_error {
	pdn_diag_code code;
	char name[32];
	long ply, number;
	pdn_colour side;
	int second;		/* the move is written "N..." */
	char move[PDN_MOVETOK_STRMAX];
};

/* A game being adjudicated, on a worker: what the rules say of it. */
struct judged {
	const pdn_game *g;	/* the reader's, until its next game */
	const pdn_played *pg;	/* its replay, until the next game */
	struct first_error fe;
	const pdn_adjudication *adj;	/* the worker's, for this game */
	pdn_tag *tags;		/* room for the amended tags */
	size_t captags;
	pdn_patch patch;	/* -i: the edits of the game */
};

static const char *const columns[] = {
	"file", "game", "line", "offset", "white", "black", "recorded",
	"adjudicated", "reason", "ply", "verdict", "move", "loser", "plies",
	"detail"
};
#define NCOLUMNS (sizeof(columns) / sizeof(columns[0]))

/*
 * The columns before this one (file, game, line, offset) are made when a
 * record is printed, from its chunk's base; the others are kept as strings.
 */
#define FIRST_STRING	4

/*
 * A game's record, kept until it is printed: its game, line and offset as
 * the chunk's reader numbered them, the other fields in the batch's arena.
 */
struct rec {
	long game, line;
	uint64_t offset;
	int kind;		/* REC_* */
	int rc;			/* PDN_ENOMEM when the game failed */
	int lost;		/* -f pdn: the game could not be written back */
	int uncut;		/* -i: decided before its first move, not cut */
	pdn_verdict verdict;
	size_t reason;		/* index in run->reasons */
	/* The other columns: arena offsets, (size_t)-1 for none. */
	size_t f[NCOLUMNS - FIRST_STRING];
	/*
	 * -f pdn: the game written back; -f tsv: the columns from white on,
	 * tab-separated and escaped, with the line end.
	 */
	size_t pdn, npdn;
	size_t d0, nd;		/* its diagnostics */
};

enum { REC_GAME, REC_NONE };	/* REC_NONE: diagnostics of no game */

/* The records of a chunk or of a stream. */
struct batch {
	struct kept_diags kd;
	struct rec *r;
	size_t n, cap;
	pdn_buf arena;		/* the records' strings and PDN text */
	size_t pending;		/* first diagnostic of no record yet */
	long games;
	struct judged j;	/* the game being adjudicated */
	int oom;
};

/* Counts for --summary and the exit status. */
/* The index of "time" in run->reasons: after every reason of the rules. */
#define REASON_TIME (PDN_REASON_KING_V_KING + 1)

struct run {
	FILE *fp;		/* standard output or the -o file */
	struct yout y;
	/*
	 * TSV records not yet written: they go out in blocks of OUT_BLOCK
	 * bytes, before any diagnostic, and one by one to a terminal.
	 */
	pdn_buf out;
	int out_tty;
	const char *file;	/* the file of the last TSV record ... */
	pdn_buf file_tsv;	/* ... and its name escaped */
	long games;
	long verdicts[PDN_VERDICT_UNSUPPORTED + 1];
	/* NONE, the rules' reasons by pdn_rules_reason, then time. */
	long reasons[REASON_TIME + 1];
	int status;
	void *workers[DRV_MAX_JOBS];	/* a struct chunk_worker per job */
	/* -i: the file being fixed, copied from `fd` up to `pos`. */
	struct cli_output fixed;
	int fd;
	uint64_t pos;
	int copy_failed;
	long edits;		/* made in the file being fixed */
	pdn_edit owed;		/* the last edit, whose sep is yet to settle */
};

/* --- diagnostics, kept with their game ------------------------------ */

/* The reader's and the replay's diagnostics: arg is the batch. */
static void
keep_diag(const pdn_diag *d, void *arg)
{
	struct batch *b = arg;
	struct first_error *fe = &b->j.fe;

	/* The variations are replayed only to be written back (-f pdn):
	 * what they hold is pdn-validate's business, not a verdict's. */
	if (d->depth > 0)
		return;
	if (d->severity == PDN_SEV_ERROR && fe->name[0] == '\0') {
		fe->code = d->code;
		snprintf(fe->name, sizeof(fe->name), "%s", d->name);
		fe->ply = d->ply;
		fe->number = d->number;
		fe->side = d->side;
		fe->second = d->second;
		snprintf(fe->move, sizeof(fe->move), "%s",
		    d->move != NULL ? d->move : "");
	}
	if (drv_diag_off(&drv, d) ||
	    drv_shown(&drv, drv_severity(&drv, d)) < 0)
		return;
	chunk_kept_add(&b->kd, d, drv_severity(&drv, d));
}

/* --- adjudication (on a worker) ------------------------------------- */

static const char *
reason_termination(const pdn_adjudication *a)
{
	switch (pdn_adjudication_verdict(a)) {
	case PDN_VERDICT_AGREE:
	case PDN_VERDICT_DISAGREE:
	case PDN_VERDICT_CONTINUES:
		return pdn_adjudication_reason(a);
	default:
		return NULL;
	}
}

/*
 * -f pdn: appends to out the game with the rules' result and a Termination
 * tag.
 */
static int
write_back(struct judged *j, pdn_buf *out)
{
	const char *term = reason_termination(j->adj);
	pdn_game amended;
	pdn_tag *nt;

	/* A game cut short by a syntax error goes out as read. */
	if (j->g->truncated || term == NULL ||
	    pdn_adjudication_result_str(j->adj) == NULL)
		return pdn_game_write(out, j->g, j->pg, NULL);
	if (j->captags < j->g->ntags + 1) {
		if ((nt = realloc(j->tags, (j->g->ntags + 1) *
		    sizeof(*nt))) == NULL)
			return PDN_ENOMEM;
		j->tags = nt;
		j->captags = j->g->ntags + 1;
	}
	pdn_game_amend(&amended, j->tags, j->g,
	    pdn_adjudication_result_str(j->adj), term);
	return pdn_game_write(out, &amended, j->pg, NULL);
}

/* --- -i: the smallest change, in place ---------------------------- */

/*
 * The edits of a game are made by the library at the reader's spans
 * (pdn_patch_result(), pdn_patch_cut()) on a worker, and kept in the
 * batch's arena as a run of pdn_edit, each followed by its text, with
 * offsets counted from the chunk's start; the main thread copies the
 * file up to each and writes its text (apply_edits()).
 */

/*
 * The line end of the file being fixed (its first), for the new lines of
 * a game whose bytes and those before it hold none.  Set before the
 * workers start.
 */
static const char *file_eol;

/*
 * Whether the game's recorded result (its Result tag, its terminator)
 * differs from the rules' result `res`.
 */
static int
result_differs(const pdn_game *g, const char *res)
{
	pdn_outcome o = pdn_outcome_parse(res, NULL);

	return pdn_outcome_parse(pdn_game_tag(g, "Result"), NULL) != o ||
	    pdn_outcome_parse(g->terminator, NULL) != o;
}

/*
 * Appends to b the edits that give game j->g the rules' result, when the
 * rules contradict the record (disagree, or it continues after they ended
 * it) and its Result tag or terminator is not their result; with
 * --truncate, those that cut a game that goes on after the deciding ply
 * there, whatever its result says, so that it is then decided at its
 * last ply.  A game cut short by a syntax error is left as it is.
 * Returns 1 for a game that --truncate variation leaves whole, having no
 * move to hang its moves on (said when its record is printed), else 0.
 */
static int
inplace_edits(struct judged *j, pdn_buf *b)
{
	const pdn_game *g = j->g;
	const char *res = pdn_adjudication_result_str(j->adj);
	const char *term = reason_termination(j->adj);
	pdn_patch *p = &j->patch;
	long ply = pdn_adjudication_ply(j->adj);
	size_t i;
	int rc = 0, uncut = 0;

	if (g->truncated || term == NULL || res == NULL ||
	    (pdn_adjudication_verdict(j->adj) != PDN_VERDICT_DISAGREE &&
	    pdn_adjudication_verdict(j->adj) != PDN_VERDICT_CONTINUES))
		return 0;
	pdn_patch_clear(p);
	if (result_differs(g, res))
		rc = pdn_patch_result(p, g, res, term, file_eol);
	if (rc == 0 && opt.truncate != 0 &&
	    pdn_adjudication_verdict(j->adj) == PDN_VERDICT_CONTINUES &&
	    ply >= 0) {
		if (ply == 0 && opt.truncate == TRUNC_VARIATION)
			uncut = g->plies > 0;
		else
			rc = pdn_patch_cut(p, g, ply,
			    opt.truncate == TRUNC_VARIATION);
	}
	if (rc != 0)
		b->oom = 1;
	for (i = 0; i < p->n; i++) {
		pdn_buf_add(b, (const char *)&p->e[i], sizeof(p->e[i]));
		pdn_buf_add(b, pdn_patch_text(p, &p->e[i]), p->e[i].tlen);
	}
	return uncut;
}

/*
 * Copies the input from run->pos up to offset `to` into the fixed file.
 * Returns 0, or -1 after a read error (said once).
 */
static int
copy_to(struct run *run, uint64_t to)
{
	char buf[1 << 16];
	ssize_t n;
	size_t want;

	while (run->pos < to || to == UINT64_MAX) {
		want = to - run->pos < sizeof(buf) ? (size_t)(to - run->pos) :
		    sizeof(buf);
		n = pread(run->fd, buf, want, (off_t)run->pos);
		if (n == 0 && to == UINT64_MAX)
			break;
		if (n <= 0) {
			if (!run->copy_failed)
				cli_warn("%s: %s", run->fixed.name, n < 0 ?
				    strerror(errno) : "changed while read");
			run->copy_failed = 1;
			return -1;
		}
		fwrite(buf, 1, (size_t)n, run->fixed.fp);
		run->pos += (uint64_t)n;
	}
	return 0;
}

/*
 * Writes the separator the last edit owes (a line end after a terminator
 * that a token was glued to), unless what is written next keeps them
 * apart already (pdn_edit_sep()): the file's bytes from run->pos, then,
 * at offset `to` (UINT64_MAX: none), the next edit's text of tlen bytes
 * in place of len bytes, and the file's bytes after those (the edits past
 * it are not looked at).
 */
static void
settle(struct run *run, uint64_t to, uint64_t len, const char *text,
    size_t tlen)
{
	unsigned char buf[256];
	uint64_t at = run->pos;
	ssize_t got, k;
	size_t i, want;
	int next = -1, blanks = 0;

	if (run->owed.sep[0] == '\0')
		return;
	while (next < 0) {
		if (at >= to) {
			for (i = 0; i < tlen && (text[i] == ' ' ||
			    text[i] == '\t'); i++)
				blanks = 1;
			if (i < tlen)
				next = (unsigned char)text[i];
			at = to + len;
			to = UINT64_MAX;
			continue;
		}
		want = to - at < sizeof(buf) ? (size_t)(to - at) : sizeof(buf);
		if ((got = pread(run->fd, buf, want, (off_t)at)) <= 0)
			break;
		for (k = 0; k < got && (buf[k] == ' ' || buf[k] == '\t'); k++)
			blanks = 1;
		if (k < got)
			next = buf[k];
		at += (uint64_t)got;
	}
	fputs(pdn_edit_sep(&run->owed, next, blanks), run->fixed.fp);
	run->owed.sep[0] = '\0';
}

/* Makes a record's edits (blob of n bytes), their offsets from `base`. */
static void
apply_edits(struct run *run, const char *blob, size_t n, uint64_t base)
{
	pdn_edit e;
	size_t at = 0;

	while (at + sizeof(e) <= n) {
		memcpy(&e, blob + at, sizeof(e));
		at += sizeof(e);
		settle(run, base + e.offset, e.len, blob + at, e.tlen);
		if (copy_to(run, base + e.offset) != 0)
			return;
		fwrite(blob + at, 1, e.tlen, run->fixed.fp);
		at += e.tlen;
		run->pos += e.len;
		run->edits++;
		run->owed = e;
	}
}

/* --- records (made on a worker) ------------------------------------- */

/* The move where the rule fired, "37. 23-28" or "37... 23-28", or "". */
static void
move_text(const struct judged *j, char *buf, size_t size)
{
	const pdn_adjudication *a = j->adj;

	buf[0] = '\0';
	if (pdn_adjudication_verdict(a) == PDN_VERDICT_INVALID) {
		if (j->fe.name[0] != '\0' && j->fe.move[0] != '\0' &&
		    j->fe.number > 0)
			snprintf(buf, size, "%ld%s %s", j->fe.number,
			    j->fe.second ? "..." : ".",
			    j->fe.move);
	} else if (pdn_adjudication_ply(a) > 0 && pdn_adjudication_move(a)[0] != '\0')
		snprintf(buf, size, "%ld%s %s", pdn_adjudication_number(a),
		    pdn_adjudication_second(a) ? "..." : ".", pdn_adjudication_move(a));
}

/*
 * The plies column: those replayed, and for an invalid game those before
 * its first error; an impossible setup comes before every move.
 */
static long
record_plies(const struct judged *j)
{
	if (pdn_adjudication_verdict(j->adj) == PDN_VERDICT_INVALID &&
	    j->fe.name[0] != '\0' && j->fe.code == PDN_D_SETUP_POSITION)
		return 0;
	return pdn_adjudication_plies(j->adj);
}

static long
record_ply(const struct judged *j)
{
	if (pdn_adjudication_verdict(j->adj) == PDN_VERDICT_INVALID)
		return j->fe.name[0] != '\0' && j->fe.ply > 0 ? j->fe.ply : -1;
	return pdn_adjudication_ply(j->adj);
}

/* Comma-separated notes: why invalid, ambiguity, claims, time source. */
static void
detail_text(const struct judged *j, char *buf, size_t size)
{
	const pdn_adjudication *a = j->adj;
	size_t n = 0;

	buf[0] = '\0';
#define NOTE(s) n += (size_t)snprintf(buf + n, n < size ? size - n : 0, \
	    "%s%s", n > 0 ? "," : "", (s))
	/*
	 * An invalid game by its first error; a game of another variant by
	 * the code of the one diagnostic that says so (no GameType at all,
	 * or one not played).
	 */
	if (pdn_adjudication_verdict(a) == PDN_VERDICT_INVALID &&
	    j->fe.name[0] != '\0')
		NOTE(j->fe.name);
	else if (pdn_adjudication_verdict(a) == PDN_VERDICT_UNSUPPORTED)
		NOTE(j->g->gametype == 0 && j->g->gametype_inferred ?
		    "gametype-unknown" : "unsupported-gametype");
	if (pdn_adjudication_flags(a) & PDN_ADJ_LINES_DIFFER)
		NOTE("ambiguous-lines-differ");
	else if (pdn_adjudication_flags(a) & PDN_ADJ_AMBIGUOUS)
		NOTE("ambiguous");
	if (pdn_adjudication_flags(a) & PDN_ADJ_CLAIM)
		NOTE("threefold-claim");
	if (pdn_adjudication_flags(a) & PDN_ADJ_TIME_CLOCK)
		NOTE("clock");
	if (pdn_adjudication_flags(a) & PDN_ADJ_TIME_TAG)
		NOTE("termination");
	if ((pdn_adjudication_flags(a) & (PDN_ADJ_FIRST_MOVER |
	    PDN_ADJ_ORDER_PROVED)) == PDN_ADJ_ORDER_PROVED)
		NOTE("white-first-result");
	else if (pdn_adjudication_flags(a) & PDN_ADJ_FIRST_MOVER)
		NOTE("first-mover-result");
#undef NOTE
	if (n >= size)
		buf[size - 1] = '\0';
}

static const char *
loser_text(const pdn_adjudication *a)
{
	pdn_colour loser;

	if (!pdn_adjudication_loser(a, &loser))
		return NULL;
	return loser == PDN_WHITE ? "white" : "black";
}

/* The White and Black tags (the first of each), in one pass. */
static void
players(const pdn_game *g, const char **white, const char **black)
{
	const char *n;
	size_t i;

	*white = *black = NULL;
	for (i = 0; i < g->ntags; i++) {
		n = g->tags[i].name;
		if (n[0] == 'W' && *white == NULL && strcmp(n, "White") == 0)
			*white = g->tags[i].value;
		else if (n[0] == 'B' && *black == NULL &&
		    strcmp(n, "Black") == 0)
			*black = g->tags[i].value;
	}
}

/*
 * The fields of a record from column FIRST_STRING on, as strings (NULL:
 * none); nums holds the digits of the numeric ones.
 */
static void
fields(const struct judged *j, const char **f, char nums[][24], char *move,
    size_t msize, char *detail, size_t dsize)
{
	const pdn_game *g = j->g;
	const pdn_adjudication *a = j->adj;
	long ply = record_ply(j);

	cli_utoa(ply > 0 ? (unsigned long long)ply : 0, nums[0]);
	cli_utoa((unsigned long long)record_plies(j), nums[1]);
	move_text(j, move, msize);
	detail_text(j, detail, dsize);
	players(g, &f[4], &f[5]);
	f[6] = pdn_adjudication_recorded(a);
	f[7] = pdn_adjudication_result_str(a);
	f[8] = pdn_adjudication_reason(a);
	f[9] = ply >= 0 ? nums[0] : NULL;
	f[10] = pdn_verdict_str(pdn_adjudication_verdict(a));
	f[11] = move[0] != '\0' ? move : NULL;
	f[12] = loser_text(a);
	f[13] = nums[1];
	f[14] = detail[0] != '\0' ? detail : NULL;
}

/* Which fields are numbers (unquoted in JSON and YAML). */
static int
numeric(size_t k)
{
	return k == 1 || k == 2 || k == 3 || k == 9 || k == 13;
}

/* --- printing (on the main thread, in input order) ------------------ */

/* Writes out the records kept in run->out. */
static void
out_flush(struct run *run)
{
	if (run->out.len > 0)
		fwrite(run->out.data, 1, run->out.len, run->fp);
	run->out.len = 0;
}

/*
 * Adds a kept TSV record of batch b, at base *at, to run->out: the file
 * (escaped once per file), game, line and offset, then the other columns
 * as kept.
 */
static void
tsv_record(struct run *run, const struct batch *b, const struct rec *r,
    const struct chunk_base *at)
{
	char *o;

	if (at->file != run->file) {
		run->file = at->file;
		run->file_tsv.len = 0;
		emit_tsv_fields(&run->file_tsv, &at->file, 1, 0);
	}
	/* Three numbers of at most 20 digits, with their tabs. */
	if (pdn_buf_reserve(&run->out, run->file_tsv.len + 3 * 21 +
	    r->npdn) != 0)
		return;
	o = run->out.data + run->out.len;
	memcpy(o, run->file_tsv.data, run->file_tsv.len);
	o += run->file_tsv.len;
	*o++ = '\t';
	o += cli_utoa((unsigned long long)(r->game + at->game), o);
	*o++ = '\t';
	o += cli_utoa((unsigned long long)(r->line + at->line), o);
	*o++ = '\t';
	o += cli_utoa((unsigned long long)(r->offset + at->offset), o);
	memcpy(o, b->arena.data + r->pdn, r->npdn);
	o += r->npdn;
	*o = '\0';
	run->out.len = (size_t)(o - run->out.data);
	if (run->out.len >= OUT_BLOCK || run->out_tty)
		out_flush(run);
}

/*
 * Says that the game of record r, at base *at, decided before its first
 * move, keeps its moves (moves-kept).
 */
static void
moves_kept(const struct rec *r, const struct chunk_base *at)
{
	char msg[256];
	pdn_diag dg;

	tooldiag_make(&dg, TOOLDIAG_MOVES_KEPT, msg, sizeof(msg), "%s",
	    "--truncate variation has no move to hang them on (--truncate "
	    "drop cuts them)");
	dg.file = at->file;
	dg.line = r->line + at->line;
	dg.col = 1;
	dg.game = r->game + at->game;
	drv_diag(&dg, &drv);
}

/* Prints a kept record of batch b, at base *at. */
static void
print_record(struct run *run, const struct batch *b, const struct rec *r,
    const struct chunk_base *at)
{
	const char *f[NCOLUMNS];
	char nums[FIRST_STRING - 1][24];
	size_t k;

	if (opt.fmt == FMT_PDN) {
		/* A broken game too long to keep has no text. */
		if (r->npdn > 0)
			fwrite(b->arena.data + r->pdn, 1, r->npdn, run->fp);
		return;
	}
	if (opt.fmt == FMT_INPLACE) {
		if (r->uncut)
			moves_kept(r, at);
		apply_edits(run, b->arena.data + r->pdn, r->npdn, at->offset);
		return;
	}
	if (opt.fmt == FMT_TSV) {
		tsv_record(run, b, r, at);
		return;
	}
	cli_utoa((unsigned long long)(r->game + at->game), nums[0]);
	cli_utoa((unsigned long long)(r->line + at->line), nums[1]);
	cli_utoa((unsigned long long)(r->offset + at->offset), nums[2]);
	f[0] = at->file;
	for (k = 1; k < FIRST_STRING; k++)
		f[k] = nums[k - 1];
	for (k = FIRST_STRING; k < NCOLUMNS; k++)
		f[k] = r->f[k - FIRST_STRING] != (size_t)-1 ?
		    b->arena.data + r->f[k - FIRST_STRING] : NULL;
	switch (opt.fmt) {
	case FMT_JSON:
		for (k = 0; k < NCOLUMNS; k++) {
			fprintf(run->fp, "%s\"%s\":", k > 0 ? "," : "{",
			    columns[k]);
			if (f[k] != NULL && numeric(k))
				fputs(f[k], run->fp);
			else
				emit_json_cstr(run->fp, f[k]);
		}
		fputs("}\n", run->fp);
		break;
	case FMT_YAML:
		emit_yaml_doc(&run->y, 1);
		emit_yaml_map(&run->y, 1);
		for (k = 0; k < NCOLUMNS; k++) {
			emit_yaml_key(&run->y, columns[k]);
			if (f[k] != NULL && numeric(k))
				emit_yaml_scalar(&run->y, f[k], strlen(f[k]),
				    0);
			else
				emit_yaml_str(&run->y, f[k]);
		}
		emit_yaml_map(&run->y, 0);
		emit_yaml_doc(&run->y, 0);
		break;
	case FMT_TSV:
	case FMT_PDN:
	case FMT_INPLACE:
		break;
	}
}

/* The index of a reason in run->reasons. */
static size_t
reason_index(const char *reason)
{
	if (reason == NULL)
		return 0;
	if (strcmp(reason, "time") == 0)
		return REASON_TIME;
	return (size_t)pdn_rules_reason_parse(reason);
}

/* Prints a batch's records at base *at, counting them, then forgets them. */
static void
print_records(struct run *run, struct batch *b, const struct chunk_base *at)
{
	const struct rec *r;
	size_t i;

	for (i = 0; i < b->n; i++) {
		r = &b->r[i];
		if (r->nd > 0) {
			/* Records before, in order. */
			out_flush(run);
			chunk_kept_print(&b->kd, r->d0, r->nd, at);
		}
		if (r->kind == REC_NONE)
			continue;
		if (r->rc != 0) {
			out_flush(run);
			cli_warn("%s: game %ld: out of memory", at->file,
			    r->game + at->game);
			run->status = 2;
		} else {
			/* The reader said why (game-too-large). */
			if (r->lost)
				run->status = 2;
			/* -q leaves out the records, not the fixes of -i. */
			if (!drv.quiet || opt.fmt == FMT_INPLACE)
				print_record(run, b, r, at);
			run->games++;
			run->verdicts[r->verdict]++;
			run->reasons[r->reason]++;
			if (r->verdict == PDN_VERDICT_DISAGREE ||
			    r->verdict == PDN_VERDICT_CONTINUES ||
			    r->verdict == PDN_VERDICT_INVALID)
				if (run->status < 1)
					run->status = 1;
		}
		drv_progress(&drv, 1, r->offset + at->offset);
	}
	b->n = b->pending = 0;
	b->arena.len = 0;
	chunk_kept_clear(&b->kd);
}

/* --- adjudication (on a worker, or live on the main thread) ---------- */

/*
 * Keeps the record of the game b->j.g, adjudicated with status rc, with
 * the diagnostics since the last record; or of no game (kind REC_NONE),
 * when there are diagnostics left.
 */
static void
keep_record(struct batch *b, int kind, int rc)
{
	const struct judged *j = &b->j;
	const char *f[NCOLUMNS];
	char nums[2][24], move[PDN_MOVETOK_STRMAX + 32], detail[128];
	struct rec *r;
	size_t k;

	if (kind == REC_NONE && b->pending == b->kd.n)
		return;
	if (chunk_grow((void **)&b->r, &b->cap, b->n + 1, sizeof(*b->r)) !=
	    0) {
		b->oom = 1;
		return;
	}
	r = &b->r[b->n++];
	r->kind = kind;
	r->rc = rc;
	r->d0 = b->pending;
	r->nd = b->kd.n - b->pending;
	b->pending = b->kd.n;
	r->npdn = 0;
	r->lost = 0;
	r->uncut = 0;
	if (kind == REC_NONE)
		return;
	r->game = j->g->index;
	r->line = j->g->line;
	r->offset = j->g->offset;
	r->verdict = pdn_adjudication_verdict(j->adj);
	r->reason = reason_index(pdn_adjudication_reason(j->adj));
	if (rc != 0)
		return;
	if (opt.fmt == FMT_PDN) {
		r->pdn = b->arena.len;
		r->rc = write_back(&b->j, &b->arena);
		r->npdn = b->arena.len - r->pdn;
		/* Too large to keep as read: the rewrite is incomplete. */
		r->lost = j->g->truncated && j->g->raw == NULL;
	} else if (opt.fmt == FMT_INPLACE) {
		r->pdn = b->arena.len;
		r->uncut = inplace_edits(&b->j, &b->arena);
		r->npdn = b->arena.len - r->pdn;
	} else {
		/* Copied: the game's strings last only until the next one. */
		fields(j, f, nums, move, sizeof(move), detail, sizeof(detail));
		if (opt.fmt == FMT_TSV) {
			r->pdn = b->arena.len;
			emit_tsv_fields(&b->arena, f + FIRST_STRING,
			    NCOLUMNS - FIRST_STRING, 1);
			pdn_buf_add(&b->arena, "\n", 1);
			r->npdn = b->arena.len - r->pdn;
		} else {
			for (k = FIRST_STRING; k < NCOLUMNS; k++) {
				r->f[k - FIRST_STRING] = f[k] != NULL ?
				    b->arena.len : (size_t)-1;
				if (f[k] != NULL)
					pdn_buf_add(&b->arena, f[k],
					    strlen(f[k]) + 1);
			}
		}
	}
	if (b->arena.oom || b->kd.oom)
		r->rc = PDN_ENOMEM;
}

/*
 * The work of a chunk or a stream (struct chunk_tool): adjudicates the
 * games of reader r of input `in` into the batch with the adjudicator ctx.
 * With `live` set, each game's record is printed as soon as it is made
 * (on the main thread).  Returns 0, or 2 after a read error or when out
 * of memory.
 */
static int
adjudicate(void *arg, pdn_reader *r, const struct cli_input *in, void *ctx,
    void *batch, const struct chunk_base *live, long *games)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct chunk_worker *w = ctx;
	struct batch *b = batch;
	const pdn_game *g;
	int rc, st;

	ro.flags = drv.flags | PDN_REPLAY_NO_RESULT;
	/* Only the main line matters, unless the games are written back. */
	if (opt.fmt != FMT_PDN)
		ro.flags |= PDN_REPLAY_NO_VARIATIONS;
	while ((rc = drv_reader_next(&drv, &g, r)) == 1) {
		b->j.g = g;
		b->j.adj = w->adj;
		b->games++;
		st = pdn_replay_game(&b->j.pg, w->rp, g, &ro);
		/* The replay's diagnostics, kept by the played game. */
		if (st == 0)
			drv_played_diags(b->j.pg, keep_diag, b);
		if (st == 0)
			st = pdn_adjudicate(w->adj, w->a, b->j.pg);
		keep_record(b, REC_GAME, st);
		/* The reader's next diagnostics belong to the next game:
		 * an empty name marks no error (and the move is read only
		 * with one). */
		b->j.fe.name[0] = '\0';
		b->j.fe.move[0] = '\0';
		if (live != NULL)
			print_records(arg, b, live);
	}
	/* Diagnostics after the last game (no games, trailing text). */
	keep_record(b, REC_NONE, 0);
	if (live != NULL) {
		print_records(arg, b, live);
		/* Before any word about the input. */
		out_flush(arg);
	}
	*games = b->games;
	if (b->oom) {
		cli_warn("%s: out of memory", in->name);
		return 2;
	}
	return cli_input_end(in, rc);
}

static void
print_batch(void *arg, void *batch, const struct chunk_base *at)
{
	print_records(arg, batch, at);
	out_flush(arg);
}

static void
batch_free(void *batch)
{
	struct batch *b = batch;

	chunk_kept_free(&b->kd);
	free(b->r);
	pdn_buf_free(&b->arena);
	free(b->j.tags);
	pdn_patch_free(&b->j.patch);
}

/*
 * With -f pdn (main() sets keep_raw), broken games are kept as read, to
 * be written back whole.
 */
static struct chunk_tool tool = {
	keep_diag, sizeof(struct batch), batch_free, adjudicate, print_batch, 0,
	0, 0, NULL, NULL
};

/* --- driver --------------------------------------------------------- */

/* The first line end of the file open as fd, in its first 64 KB. */
static const char *
first_eol(int fd)
{
	char buf[1 << 16];
	ssize_t n, i;

	if ((n = pread(fd, buf, sizeof(buf), 0)) <= 0)
		return NULL;
	for (i = 0; i < n; i++) {
		if (buf[i] == '\n')
			return "\n";
		if (buf[i] == '\r')
			return i + 1 < n && buf[i + 1] == '\n' ? "\r\n" :
			    i + 1 < n ? "\r" : NULL;
	}
	return NULL;
}

/*
 * -i: adjudicates one file and writes it again with the rules' results,
 * through a temporary file renamed over it only when all went well.
 */
static int
fix_file(struct run *run, struct drv *d, struct cli_input *in)
{
	struct stat sb;
	int status;

	if (in->fd == STDIN_FILENO) {
		cli_warn("-i needs files: it cannot change standard input");
		return 2;
	}
	if (fstat(in->fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		cli_warn("%s: not a regular file: -i changes files only",
		    in->name);
		return 2;
	}
	if ((run->fd = open(in->name, O_RDONLY)) < 0) {
		cli_warn("%s: %s", in->name, strerror(errno));
		return 2;
	}
	file_eol = first_eol(run->fd);
	status = 2;
	if (cli_output_open(&run->fixed, in->name) == 0) {
		run->pos = 0;
		run->copy_failed = 0;
		run->edits = 0;
		run->owed.sep[0] = '\0';
		status = chunks_run(&tool, run, run->workers, d->jobs, in);
		settle(run, UINT64_MAX, 0, NULL, 0);
		if (copy_to(run, UINT64_MAX) != 0 || run->copy_failed)
			status = 2;
		/* A file with nothing to fix is left as it was, inode too. */
		if (cli_output_close(&run->fixed, status < 2 &&
		    run->edits > 0) != 0)
			status = 2;
	}
	close(run->fd);
	return status;
}

/*
 * -i: leaves out, before anything is read, the inputs that are no regular
 * files (a FIFO would block at its opening, a device be written to):
 * said, and the run's status is 2.
 */
static void
inplace_inputs(struct drv *d)
{
	struct stat sb;
	size_t i, n = 0;

	for (i = 0; i < d->ninputs; i++) {
		if (strcmp(d->inputs[i], "-") != 0 &&
		    stat(d->inputs[i], &sb) == 0 && !S_ISREG(sb.st_mode)) {
			cli_warn("%s: not a regular file: -i changes files "
			    "only", d->inputs[i]);
			free(d->inputs[i]);
			d->status = 2;
			continue;
		}
		d->inputs[n++] = d->inputs[i];
	}
	d->ninputs = n;
}

/* Adjudicates one input with the run's threads.  Returns 0 or 2. */
static int
adjudicate_file(void *arg, struct drv *d, struct cli_input *in)
{
	struct run *run = arg;

	if (opt.inplace)
		return fix_file(run, d, in);
	return chunks_run(&tool, run, run->workers, d->jobs, in);
}

static void
print_summary(const struct run *run)
{
	size_t k;

	/* cli_warn flushes the records first: the summary follows them. */
	cli_warn("%ld games", run->games);
	for (k = 0; k <= PDN_VERDICT_UNSUPPORTED; k++)
		cli_warn("verdict %s: %ld", pdn_verdict_str((pdn_verdict)k),
		    run->verdicts[k]);
	/*
	 * International draughts' reasons always, in this order; those of
	 * the other variants' rules when they ended a game.
	 */
	cli_warn("reason none: %ld", run->reasons[0]);
	for (k = 1; k < REASON_TIME; k++)
		if (k <= PDN_REASON_5_MOVE || run->reasons[k] > 0)
			cli_warn("reason %s: %ld",
			    pdn_rules_reason_str((pdn_rules_reason)k),
			    run->reasons[k]);
	cli_warn("reason time: %ld", run->reasons[REASON_TIME]);
}

enum { OPT_SUMMARY = DRV_K_OWN, OPT_TRUNCATE };

static const struct drv_option options[] = {
	{ 'i', "in-place", NULL, NULL,
	    "fix each file in place: only the results the rules change, "
	    "every other byte as it was" },
	{ OPT_TRUNCATE, "truncate", "how", "variation|drop",
	    "with -i: cut a game that goes on after its deciding ply there, "
	    "the rest of its main line kept as a variation or dropped" },
	{ OPT_SUMMARY, "summary", NULL, NULL,
	    "counts of verdicts and reasons at the end" },
	{ 0, NULL, NULL, NULL, NULL }
};

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	(void)arg;
	if (key == OPT_TRUNCATE) {
		if (strcmp(value, "variation") == 0)
			opt.truncate = TRUNC_VARIATION;
		else if (strcmp(value, "drop") == 0)
			opt.truncate = TRUNC_DROP;
		else
			return drv_bad_value(d, "--truncate", value,
			    "variation or drop");
	} else if (key == OPT_SUMMARY)
		opt.summary = 1;
	else if (key == 'i')
		opt.inplace = 1;
	return 0;
}

static const char *const formats[] = { "tsv", "json", "yaml", "pdn", NULL };

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_JOBS | DRV_LENIENT |
	    DRV_RULES | DRV_RESULT_ORDER | DRV_READS,
	formats, "tsv (the default), json, yaml or pdn (the games with the "
	    "rules' result)",
	options, option, "games", NULL, NULL, NULL
};

int
main(int argc, char **argv)
{
	static const char *header[NCOLUMNS + 1];
	struct cli_output *output;
	struct chunk_rules rules;
	struct run run;
	int i, nw = 0, status;

	if ((status = drv_start(&drv, &tool_def, NULL, argc, argv)) >= 0)
		return status;
	opt.fmt = (enum format)drv.fmt;
	if (opt.inplace) {
		if (drv.output != NULL || drv.fmt != FMT_TSV)
			return drv_end(&drv, drv_usage_error(&drv, "-i writes "
			    "the files themselves: no -o nor -f with it"));
		opt.fmt = FMT_INPLACE;
		inplace_inputs(&drv);
	} else if (opt.truncate)
		return drv_end(&drv, drv_usage_error(&drv, "--truncate cuts "
		    "the games of the files -i fixes: it needs -i"));
	/* -i looks at the blanks beside the spans it edits. */
	tool.keep_raw = opt.fmt == FMT_INPLACE ? 2 : opt.fmt == FMT_PDN;
	tool.gametype = drv.gametype;
	tool.drv = &drv;
	memset(&run, 0, sizeof(run));
	status = 2;
	rules.profile = drv.profile;
	if ((nw = chunks_contexts(run.workers, drv.jobs, chunk_worker_new,
	    &rules)) < drv.jobs)
		goto out;
	/* The games written back may replace their input. */
	drv.rewrite = opt.fmt == FMT_PDN;
	if ((output = drv_records(&drv)) == NULL)
		goto out;
	run.fp = output->fp;
	run.out_tty = isatty(fileno(run.fp));
	if (opt.fmt == FMT_YAML && !drv.quiet &&
	    emit_yaml_open(&run.y, run.fp) != 0)
		goto out;
	if (opt.fmt == FMT_TSV) {
		for (i = 0; i < (int)NCOLUMNS; i++)
			header[i] = columns[i];
		drv_tsv_header(&drv, run.fp, header);
	}
	status = drv_run(&drv, adjudicate_file, &run);
	out_flush(&run);
	if (run.out.oom || run.file_tsv.oom) {
		cli_warn("out of memory");
		status = 2;
	}
	if (run.status > status)
		status = run.status;
	if (opt.fmt == FMT_YAML && !drv.quiet && emit_yaml_close(&run.y) != 0)
		status = 2;
	if (opt.summary && !drv.quiet)
		print_summary(&run);
out:
	pdn_buf_free(&run.out);
	pdn_buf_free(&run.file_tsv);
	status = drv_end(&drv, status);
	while (nw > 0)
		chunk_worker_free(run.workers[--nw]);
	return status;
}
