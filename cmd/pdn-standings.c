/*
 * pdn-standings: standings, crosstables and ratings from the results of
 * PDN games.  See pdn-standings(1).
 *
 * Each game read becomes a small record of numbers (its players, event,
 * date, round and result, and where its text lies, standings/pool.h), in
 * a sorted store on a temporary file; its text and moves are forgotten at
 * once.  A game without players, with a result tag that is no result, or
 * of a player against himself is said and skipped.  Once every input is
 * read, the games of the same players, date and round are looked at
 * together (the store's first order): a copy of an earlier one (the
 * identity of pdn-select -D, dups.h), read again from its input, is said
 * and counted once; an unfinished game is listed, not counted.  Then the
 * games are put in order (date, round, input order) and the report asked
 * for is made from them (standings/report.h).  Memory grows with the
 * players, not with the games.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "drv_options.h"
#include "drv_run.h"
#include "dups.h"
#include "emit.h"
#include "player.h"
#include "pool.h"
#include "spool.h"
#include "report.h"
#include "table.h"
#include "tags.h"
#include "tooldiag.h"
#include <pdn/pdn.h>

enum report { REP_STANDINGS, REP_CROSS, REP_ELO, REP_HISTORY, REP_ML };

static struct drv drv;
static struct {
	int report, report_given;
	const char *report_opt;
	int adjudicate;
	int suggest;
	struct ropts ro;
	char *anchor;
	char *ratings;		/* --ratings */
	const struct regs *regs;	/* --regulations, or NULL */
	int system_given, tb_given, micro_given;
} opt;

/*
 * --regulations: the points, system and tie-breaks of a federation's
 * regulations (pdn-standings(1), "Regulations", cites them).  An option
 * given on the command line wins over its preset wherever it stands.
 */
struct regs {
	const char *name;
	int system;		/* SYS_* */
	int tb[TB_MAX], ntb;
};

static const struct regs regulations[] = {
	/*
	 * FMJD round robins (World Cup final 2017): points, number of
	 * wins, direct encounter; a (blitz) play-off for the places it is
	 * played for.
	 */
	{ "fmjd-rr", SYS_ROUND_ROBIN, { TB_WINS, TB_DIRECT, TB_PLAYOFF }, 3 },
	/*
	 * FMJD Swiss events (Annex 3, junior championships): the average
	 * rating of the opponents first, then (our choice, stated in the
	 * man page) truncated Solkoff, Solkoff, wins, as the Rotterdam
	 * open's truncated Solkoff leads.
	 */
	{ "fmjd-swiss", SYS_SWISS, { TB_ARO, TB_CUT1, TB_SOLKOFF, TB_WINS },
	    4 },
	/*
	 * KNDB national championships: the balance of plus- and
	 * minus-draws, a play-off, the mutual result, the score against the
	 * players in ranking order.
	 */
	{ "kndb", SYS_ROUND_ROBIN, { TB_BALANCE, TB_PLAYOFF, TB_DIRECT,
	    TB_RANKED }, 4 },
	{ NULL, 0, { 0 }, 0 }
};

/* The regulations' preset where no option given overrides it. */
static void
apply_regulations(void)
{
	const struct regs *r = opt.regs;

	if (r == NULL)
		return;
	opt.ro.regs = r->name;
	/* All three use FMJD's and KNDB's 2-1-0, the default. */
	if (!opt.system_given)
		opt.ro.system = r->system;
	if (!opt.tb_given) {
		memcpy(opt.ro.tb, r->tb, sizeof(r->tb));
		opt.ro.ntb = r->ntb;
	}
}

/*
 * What is said of a game once every input is read: its record, in the
 * store of struct run's said, with one of these in its flags.
 */
enum { SAY_COPY = 0x10, SAY_UNFINISHED = 0x20, SAY_NO_RESULT = 0x40 };

/* The run's state while the games are read. */
struct run {
	struct pool pool;
	struct dups *dups;
	struct dup_by by;
	pdn_replay *rp;
	pdn_adjudicator *adjr;
	pdn_adjudication *adj;
	uint64_t seq;		/* games added to the pool */
	uint32_t src;		/* the input being read: pool.files */
	/* A pipe's bytes, copied as read, to read its games again. */
	struct cli_input *copy_in;
	int copy_fd;
	uint64_t copied;
	int copy_err;
	struct spool said;	/* ORD_SEQ */
	int status;
	int oom;
	int err;		/* the store's errno, or 0: out of memory */
	long counted, copies, pending, skipped, adjudicated;
};

/* --- diagnostics ----------------------------------------------------- */

/*
 * Our own diagnostics (codes of tooldiag.h), in the one format of the
 * tools: of game `game` of file `file`, at line `line`, the code's text
 * and the detail of fmt (NULL: none).
 */
static void
say_at(int code, const char *file, long line, long game, const char *fmt,
    ...)
    __attribute__((format(printf, 5, 6)));

static void
say_at(int code, const char *file, long line, long game, const char *fmt,
    ...)
{
	char msg[1280];
	pdn_diag dg;
	va_list ap;

	va_start(ap, fmt);
	tooldiag_vmake(&dg, code, msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dg.file = file;
	dg.line = line;
	dg.col = 1;
	dg.game = game;
	drv_diag(&dg, &drv);
}

/* The reports' diagnostics (struct ropts' diag), at a game counted. */
static struct pool *said_pool;

static void
report_diag(int code, const struct sgame *at, const char *detail)
{
	say_at(code, said_pool->files.s[at->src], at->line, at->game, "%s",
	    detail);
}

#define say(code, g, line, ...) \
	say_at((code), (g)->file, (line), (g)->index, __VA_ARGS__)

/*
 * The reader's diagnostics, but those about writing a game back as read
 * (the text of each game is kept for -D's comparisons, not to be
 * written).
 */
static void
reader_diag(const pdn_diag *dg, void *arg)
{
	if (dg->code == PDN_D_AS_READ || dg->code == PDN_D_GAME_TOO_LARGE)
		return;
	drv_diag(dg, arg);
}

/*
 * What went wrong with the store of the games (errno e): out of memory,
 * or its temporary file.
 */
static void
store_error(int e)
{
	if (e == 0 || e == ENOMEM)
		cli_warn("out of memory");
	else
		cli_warn("the games' store, a temporary file in %s: %s",
		    spool_dir(), strerror(e));
}

/* --- one game -------------------------------------------------------- */

/* The tags a game's record is made of: the first of each name, or NULL. */
struct gtags {
	const pdn_tag *white, *black, *result, *event, *date, *round;
	const pdn_tag *termination;
	const pdn_tag *welo, *wrating, *belo, *brating;
};

/*
 * Game g's tags of struct gtags, in one pass: eight pdn_game_find_tag()
 * calls a game (Date and Round twice) and the copy's key made in a
 * pdn_buf took 32 of the 1,977 million instructions of --adjudicate on
 * 20 MB of the bench games given players and rounds
 * (bench/60-standings.sh), this pass and a key on the stack 10.
 */
static void
game_tags(const pdn_game *g, struct gtags *t)
{
	const pdn_tag *tg;
	const pdn_tag **at;
	size_t i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < g->ntags; i++) {
		tg = &g->tags[i];
		switch (tg->name[0]) {
		case 'W':
			at = strcmp(tg->name, "White") == 0 ? &t->white :
			    strcmp(tg->name, "WhiteElo") == 0 ? &t->welo :
			    strcmp(tg->name, "WhiteRating") == 0 ?
			    &t->wrating : NULL;
			break;
		case 'B':
			at = strcmp(tg->name, "Black") == 0 ? &t->black :
			    strcmp(tg->name, "BlackElo") == 0 ? &t->belo :
			    strcmp(tg->name, "BlackRating") == 0 ?
			    &t->brating : NULL;
			break;
		case 'R':
			at = strcmp(tg->name, "Result") == 0 ? &t->result :
			    strcmp(tg->name, "Round") == 0 ? &t->round : NULL;
			break;
		case 'E':
			at = strcmp(tg->name, "Event") == 0 ? &t->event : NULL;
			break;
		case 'D':
			at = strcmp(tg->name, "Date") == 0 ? &t->date : NULL;
			break;
		case 'T':
			at = strcmp(tg->name, "Termination") == 0 ?
			    &t->termination : NULL;
			break;
		default:
			at = NULL;
		}
		if (at != NULL && *at == NULL)
			*at = tg;
	}
}

/*
 * A side's rating as tags_rating() reads it (its Elo tag, else its
 * Rating tag), from the tags of struct gtags; 0 none, or above what the
 * record holds.
 */
static uint16_t
rating_of(const pdn_tag *elo, const pdn_tag *rating)
{
	int r = tags_rating_value(elo != NULL ? elo->value : NULL);

	if (r == 0)
		r = tags_rating_value(rating != NULL ? rating->value : NULL);
	return r <= 65535 ? (uint16_t)r : 0;
}

/* Whether s, n bytes, begins with word (ASCII case ignored). */
static int
begins(const char *s, size_t n, const char *word)
{
	size_t i;

	for (i = 0; word[i] != '\0'; i++)
		if (i >= n || (s[i] | 0x20) != word[i])
			return 0;
	return 1;
}

/*
 * A game's marks (pdn-standings(1), "Byes, forfeits and play-offs"):
 * SG_BYE when a player is "BYE", SG_FORFEIT when its Termination begins
 * with "forfeit", SG_PLAYOFF when its Round begins with "playoff",
 * "play-off", "barrage" or "tiebreak" (ASCII case ignored).
 */
static uint8_t
marks(const struct gtags *t, const char *wn, size_t wl, const char *bn,
    size_t bl)
{
	static const char *const po[] = {
		"playoff", "play-off", "barrage", "tiebreak", NULL
	};
	uint8_t f = 0;
	size_t i;

	if ((wl == 3 && begins(wn, wl, "bye")) ||
	    (bl == 3 && begins(bn, bl, "bye")))
		f |= SG_BYE;
	if (t->termination != NULL && begins(t->termination->value,
	    strlen(t->termination->value), "forfeit"))
		f |= SG_FORFEIT;
	for (i = 0; t->round != NULL && po[i] != NULL; i++)
		if (begins(t->round->value, strlen(t->round->value), po[i]))
			f |= SG_PLAYOFF;
	return f;
}

/* A name tag's value folded; 0 when it names nobody ("", "?", "-"). */
static size_t
name_tag(char *buf, size_t size, const pdn_tag *t)
{
	size_t n;

	if (t == NULL)
		return 0;
	n = player_trim(buf, size, t->value, t->vlen);
	if ((n == 1 && (buf[0] == '?' || buf[0] == '-')))
		return 0;
	return n;
}

/*
 * The tag's value folded (up to 255 bytes, or "" with no tag) and a NUL,
 * at key + n: the new length (for the identity of a copy).
 */
static size_t
tag_or_empty(char *key, size_t n, const pdn_tag *t)
{
	if (t != NULL)
		n += player_trim(key + n, 256, t->value, t->vlen);
	key[n] = '\0';
	return n + 1;
}

/*
 * The hash of game g's players (white, black, after aliases), date and
 * round, the part of a copy's identity that its tags give, and the salt
 * of its moves' hash in the table of copies: never 0.
 */
static uint64_t
tags_hash(const struct gtags *t, uint32_t white, uint32_t black)
{
	char key[2 * sizeof(uint32_t) + 2 * 256];
	size_t n = 0;

	memcpy(key, &white, sizeof(white));
	memcpy(key + sizeof(white), &black, sizeof(black));
	n = tag_or_empty(key, sizeof(white) + sizeof(black), t->date);
	n = tag_or_empty(key, n, t->round);
	return dup_hash(key, n) * 0x9e3779b97f4a7c15ULL | 1;
}

/* Game g played (*pg, once): 0, or -1 out of memory. */
static int
played(struct run *run, const pdn_game *g, const pdn_played **pg)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;

	if (*pg != NULL)
		return 0;
	ro.flags = drv.flags | PDN_REPLAY_NO_RESULT | PDN_REPLAY_NO_VARIATIONS;
	return pdn_replay_game(pg, run->rp, g, &ro) != 0 ? -1 : 0;
}

/*
 * --adjudicate: the result the rules give the game, into *o, when its
 * moves say another one than its tag (said, and 1 returned); else *o
 * stays the recorded one (0).  Every game read is looked at, the copies
 * found later too.
 */
static int
adjudicated(struct run *run, const pdn_game *g, const pdn_played *pg,
    pdn_outcome *o, const char *rtext)
{
	pdn_verdict v;
	pdn_outcome a;

	if (pdn_adjudicate(run->adj, run->adjr, pg) != 0) {
		run->oom = 1;
		return 0;
	}
	v = pdn_adjudication_verdict(run->adj);
	a = pdn_adjudication_result(run->adj);
	if (v == PDN_VERDICT_INVALID) {
		say(TOOLDIAG_MOVES_INVALID, g, g->line, NULL);
		return 0;
	}
	if ((v == PDN_VERDICT_DISAGREE || v == PDN_VERDICT_CONTINUES) &&
	    a != PDN_OUTCOME_NONE && a != *o) {
		say(TOOLDIAG_RESULT_ADJUDICATED, g, g->line,
		    "%s recorded, %s by the moves (%s at ply %ld)",
		    rtext != NULL ? rtext : "no result",
		    pdn_adjudication_result_str(run->adj),
		    pdn_adjudication_reason(run->adj),
		    pdn_adjudication_ply(run->adj));
		if (run->status < 1)
			run->status = 1;
		*o = a;
		return 1;
	}
	return 0;
}

static void
game(struct run *run, const pdn_game *g)
{
	char wn[512], bn[512];
	const pdn_played *pg = NULL;
	const pdn_tag *rt;
	const char *rtext;
	struct tags_date date;
	struct gtags tg;
	struct sgame sg;
	size_t wl, bl;
	long w, b, ev;
	pdn_outcome o;

	game_tags(g, &tg);
	wl = name_tag(wn, sizeof(wn), tg.white);
	bl = name_tag(bn, sizeof(bn), tg.black);
	if (wl == 0 || bl == 0) {
		say(TOOLDIAG_NO_PLAYERS, g, g->line, "no %s tag with a name",
		    wl == 0 && bl == 0 ? "White and no Black" : wl == 0 ?
		    "White" : "Black");
		goto skip;
	}
	/*
	 * A Result tag that is no result is said and the game not counted:
	 * its terminator does not stand in for it (tags_outcome() would).
	 */
	rt = tg.result;
	if (rt != NULL && !pdn_result_valid(rt->value)) {
		say(TOOLDIAG_BAD_RESULT, g, rt->line, "\"%s\" (2-0, 1-1, "
		    "0-2, 0-0, 1-0, 1/2-1/2, 0-1 or *)", rt->value);
		goto skip;
	}
	o = tags_outcome(g);
	if ((w = pool_player(&run->pool, wn, wl)) < 0 ||
	    (b = pool_player(&run->pool, bn, bl)) < 0)
		goto oom;
	if (w == b) {
		say(TOOLDIAG_SELF_PLAY, g, g->line, "%s", wn);
		goto skip;
	}
	rtext = tg.event != NULL ? tg.event->value : NULL;
	if (rtext == NULL || rtext[0] == '\0')
		rtext = "?";
	if ((ev = strtab_add(&run->pool.events, rtext, strlen(rtext), NULL)) < 0)
		goto oom;
	memset(&sg, 0, sizeof(sg));
	sg.seq = run->seq;
	sg.tags = tags_hash(&tg, (uint32_t)w, (uint32_t)b);
	sg.ref = dup_ref(run->dups, g->span.offset, g->span.len);
	sg.white = (uint32_t)w;
	sg.black = (uint32_t)b;
	sg.event = (uint32_t)ev;
	tags_game_date(g, &date);
	sg.date = tags_date_key(&date);
	sg.round = pool_round(tg.round != NULL ? tg.round->value : NULL);
	sg.flags = marks(&tg, wn, wl, bn, bl);
	sg.wr = rating_of(tg.welo, tg.wrating);
	sg.br = rating_of(tg.belo, tg.brating);
	sg.src = run->src;
	sg.line = g->line > 0 && g->line < UINT32_MAX ? (uint32_t)g->line : 0;
	sg.game = g->index > 0 && g->index < UINT32_MAX ?
	    (uint32_t)g->index : 0;
	if (opt.adjudicate && o != PDN_OUTCOME_UNKNOWN &&
	    o != PDN_OUTCOME_NONE) {
		rtext = rt != NULL ? rt->value : g->terminator;
		if (played(run, g, &pg) != 0)
			goto oom;
		if (adjudicated(run, g, pg, &o, rtext))
			sg.flags |= SG_ADJUDICATED;
	}
	sg.res = (uint8_t)o;
	if (pool_add(&run->pool, &sg) != 0) {
		run->err = errno;
		goto oom;
	}
	run->seq++;
	return;
skip:
	run->skipped++;
	if (run->status < 1)
		run->status = 1;
	return;
oom:
	run->oom = 1;
}

/*
 * The reader's pdn_read_fn for an input that cannot be read again (a
 * pipe): its bytes are copied to run->copy_fd as they come.
 */
static long
copy_read(void *arg, char *buf, size_t len)
{
	struct run *run = arg;
	long n = cli_read_fd(run->copy_in, buf, len);
	size_t done = 0;
	ssize_t w;

	while (n > 0 && !run->copy_err && done < (size_t)n) {
		w = pwrite(run->copy_fd, buf + done, (size_t)n - done,
		    (off_t)(run->copied + done));
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			run->copy_err = errno != 0 ? errno : EIO;
		else
			done += (size_t)w;
	}
	if (n > 0)
		run->copied += (uint64_t)n;
	return n;
}

static int
read_file(void *arg, struct drv *d, struct cli_input *in)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	struct run *run = arg;
	const pdn_game *g;
	pdn_reader *r;
	long src;
	int rc, copy = 0;

	drv_reader_options(d, &ro, in);
	ro.diag = reader_diag;
	/* A game is read again from its span (no text is kept). */
	ro.keep_raw = 0;
	if ((src = strtab_add(&run->pool.files, in->name,
	    strlen(in->name), NULL)) < 0) {
		cli_warn("out of memory");
		return 2;
	}
	run->src = (uint32_t)src;
	dup_source(run->dups, in);
	if (!dup_reread(run->dups)) {
		/* A pipe: copied to a file of our own as it is read. */
		if ((run->copy_fd < 0 && (run->copy_fd = spool_tmpfile()) <
		    0) || dup_source_copy(run->dups, in, run->copy_fd) != 0) {
			store_error(errno);
			return 2;
		}
		copy = 1;
		run->copy_in = in;
		run->copied = 0;
		run->copy_err = 0;
	}
	if (pdn_reader_new(&r, copy ? copy_read : cli_read_fd, copy ?
	    (void *)run : (void *)in, &ro) != 0) {
		cli_warn("out of memory");
		return 2;
	}
	while ((rc = drv_reader_next(d, &g, r)) == 1 && !run->oom) {
		/* Text after the last game, kept by keep_raw: no game. */
		if (g->truncated && g->ntags == 0 && g->plies == 0)
			continue;
		game(run, g);
		drv_progress(d, 1, g->offset);
	}
	pdn_reader_free(r);
	if (copy) {
		dup_source_end(run->dups, run->copied);
		if (run->copy_err != 0) {
			store_error(run->copy_err);
			return 2;
		}
	}
	if (run->oom) {
		store_error(run->err);
		return 2;
	}
	return cli_input_end(in, rc);
}

/* --- the copies, once every game is read ----------------------------- */

static int
note(struct run *run, const struct sgame *g, int what)
{
	struct sgame n = *g;

	n.flags = (uint8_t)what;
	return spool_add(&run->said, &n);
}

/* A game that is no copy: counted, or listed (said). */
static int
keep(struct run *run, const struct sgame *g)
{
	if (g->res == PDN_OUTCOME_UNKNOWN || g->res == PDN_OUTCOME_NONE) {
		run->pending++;
		if (note(run, g, g->res == PDN_OUTCOME_UNKNOWN ? SAY_UNFINISHED :
		    SAY_NO_RESULT) != 0)
			return -1;
	} else {
		run->counted++;
		if (g->flags & SG_ADJUDICATED)
			run->adjudicated++;
	}
	return pool_keep(&run->pool, g);
}

/*
 * The games read, those of the same players, date and round together: in
 * each such group (most games are alone in theirs) a game that is a copy
 * of one before it is said and left out, each other one kept.  What is
 * said is said in input order, after what the reading said.  0, or 2
 * after saying what went wrong.
 */
static int
copies(struct run *run)
{
	struct spool_cur c;
	const struct sgame *g;
	struct sgame prev;
	const char *file;
	int have = 0, group = 0, rc, st = 0;

	if (pool_read_open(&c, &run->pool) != 0) {
		store_error(errno);
		return 2;
	}
	while ((g = spool_next(&c)) != NULL) {
		if (have && g->tags == prev.tags) {
			/* A second game of the same tags: the first one's text
			 * is read again, and each one's after it. */
			if (!group) {
				dup_clear(run->dups);
				if (prev.ref != 0 && dup_seen_ref(run->dups,
				    prev.ref, prev.tags) < 0)
					goto oom;
				group = 1;
			}
			rc = g->ref != 0 ? dup_seen_ref(run->dups, g->ref,
			    g->tags) : 0;
			if (rc < 0)
				goto oom;
			if (rc > 0) {
				run->copies++;
				if (note(run, g, SAY_COPY) != 0)
					goto oom;
				continue;
			}
		} else
			group = 0;
		if (keep(run, g) != 0)
			goto oom;
		prev = *g;
		have = 1;
	}
	if (c.err) {
		store_error(errno);
		st = 2;
	}
	spool_close(&c);
	if (st != 0)
		return st;
	if (spool_done(&run->said) != 0 || spool_open(&c, &run->said) != 0) {
		store_error(errno);
		return 2;
	}
	while ((g = spool_next(&c)) != NULL) {
		file = run->pool.files.s[g->src];
		say_at(g->flags == SAY_COPY ? TOOLDIAG_DUPLICATE :
		    g->flags == SAY_UNFINISHED ? TOOLDIAG_UNFINISHED :
		    TOOLDIAG_NO_RESULT, file, g->line, g->game, NULL);
	}
	if (c.err) {
		store_error(errno);
		st = 2;
	}
	spool_close(&c);
	return st;
oom:
	store_error(errno);
	spool_close(&c);
	return 2;
}

/* --- options --------------------------------------------------------- */

enum {
	OPT_POINTS = DRV_K_OWN, OPT_POOL, OPT_ADJUDICATE,
	OPT_CROSSTABLE, OPT_TIE_BREAK, OPT_ELO, OPT_RATING, OPT_ML,
	OPT_HISTORY, OPT_START, OPT_K_FACTORS, OPT_PROVISIONAL, OPT_PERIOD,
	OPT_ANCHOR, OPT_TOP, OPT_WHITE_ADVANTAGE, OPT_SYSTEM, OPT_RATINGS,
	OPT_RATING_SYSTEM, OPT_SUGGEST, OPT_REGULATIONS, OPT_MICRO_MATCH
};

static const struct drv_option options[] = {
	{ OPT_CROSSTABLE, "crosstable", NULL, NULL,
	    "the crosstable of each event: a round robin's grid, a Swiss "
	    "event's rounds" },
	{ OPT_ELO, "elo", NULL, NULL,
	    "the Elo rating list, every game in order" },
	{ OPT_RATING, "rating", NULL, NULL, "the same as --elo" },
	{ OPT_HISTORY, "history", NULL, NULL,
	    "every Elo rating change, a row per player and game" },
	{ OPT_ML, "ml", NULL, NULL,
	    "maximum-likelihood ratings of the pool, with 95% intervals and "
	    "LOS" },
	{ OPT_POINTS, "points", "w-d-l", "W-D-L",
	    "the points of a win, a draw and a loss (default 2-1-0)" },
	{ OPT_TIE_BREAK, "tie-break", "list", "LIST",
	    "the tie-breaks in order, from sb, wins, direct, solkoff, cut1, "
	    "koya, playoff, aro, balance, ranked (default: playoff where "
	    "there are play-offs, then wins,direct,sb for a round robin, "
	    "cut1,solkoff,wins else); +LIST: after the default's or "
	    "--regulations'" },
	{ OPT_REGULATIONS, "regulations", "name", "fmjd-rr|fmjd-swiss|kndb",
	    "the system and tie-breaks of a federation's regulations, a win "
	    "2 and a draw 1 (--system and --tie-break override them)" },
	{ OPT_SYSTEM, "system", "system", "round-robin|swiss|matches",
	    "the events' system (default: a round robin when (nearly) "
	    "every two players met, else Swiss)" },
	{ OPT_MICRO_MATCH, "micro-match", "scoring", "points|fmjd",
	    "--system matches (implied): a micro-match scored by --points "
	    "(default), or as FMJD across formats: 12-0 won in the first "
	    "game, 8-4 in the next two, 7-5 in the others, 6-6 level" },
	{ OPT_POOL, "pool", NULL, NULL,
	    "all games as one pool, not by Event" },
	{ OPT_ADJUDICATE, "adjudicate", NULL, NULL,
	    "count the result the rules give the moves (--rules) where the "
	    "Result tag says another" },
	{ OPT_RATINGS, "ratings", "file", "FILE",
	    "start ratings: FILE's lines are a name, a tab, a rating, a tab, "
	    "the games rated before" },
	{ OPT_RATING_SYSTEM, "rating-system", "system", "elo|kndb",
	    "the rating list's system: Elo game by game (default) or KNDB's, "
	    "an event at a time" },
	{ OPT_START, "start", "r", "R",
	    "the Elo rating every player starts at (default 1000)" },
	{ OPT_K_FACTORS, "k-factors", "k1,k2", "K1,K2",
	    "K while provisional, and after (default 40,20)" },
	{ OPT_PROVISIONAL, "provisional", "n", "N",
	    "a rating is provisional, marked ?, before N rated games "
	    "(default 30)" },
	{ OPT_PERIOD, "period", "period", "week|month|year|all",
	    "the change the Elo list shows: over the latest game's week "
	    "(default), month, year, or all" },
	{ OPT_ANCHOR, "anchor", "name=r", "NAME=R",
	    "--ml: player NAME is rated R (default: the pool's mean is 1000)" },
	{ OPT_WHITE_ADVANTAGE, "white-advantage", "a", "fit|A",
	    "--ml: White's advantage, fitted or A Elo points (default: "
	    "none)" },
	{ OPT_TOP, "top", "n", "N",
	    "the first N players of a rating list (and of the chart, 10 "
	    "by default)" },
	{ OPT_SUGGEST, "suggest-aliases", NULL, NULL,
	    "no report: the players likely one, as a spelling file for "
	    "--alias" },
	{ 0, NULL, NULL, NULL, NULL }
};

static int
set_report(struct drv *d, int report, const char *name)
{
	if (opt.report_given && opt.report != report)
		return drv_usage_error(d, "%s and %s: one report at a time",
		    opt.report_opt, name);
	opt.report = report;
	opt.report_given = 1;
	opt.report_opt = name;
	return 0;
}

/*
 * --tie-break LIST: the tie-breaks in order, instead of the event's or
 * the regulations'; +LIST: after them.
 */
static int
tie_breaks(struct drv *d, const char *value)
{
	static const char *const want = "a list of sb, wins, direct, "
	    "solkoff, cut1, koya, playoff, aro, balance, ranked, or + and "
	    "such a list";
	char buf[256], *tok, *save;
	int *tb = opt.ro.tb, *n = &opt.ro.ntb, k, i;

	snprintf(buf, sizeof(buf), "%s", value[0] == '+' ? value + 1 : value);
	if (value[0] == '+') {
		tb = opt.ro.tbx;
		n = &opt.ro.ntbx;
	} else
		opt.tb_given = 1;
	*n = 0;
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		for (k = 0; k < TB_N &&
		    strcmp(tok, standings_tb_names[k]) != 0; k++)
			;
		if (k == TB_N || *n == TB_MAX)
			return drv_bad_value(d, "--tie-break", value, want);
		for (i = 0; i < *n; i++)
			if (tb[i] == k)
				return drv_bad_value(d, "--tie-break", value,
				    "each tie-break once");
		tb[(*n)++] = k;
	}
	if (*n == 0)
		return drv_bad_value(d, "--tie-break", value, want);
	return 0;
}

static int
option(void *arg, struct drv *d, int key, const char *value)
{
	static const char *const periods[] = {
		"week", "month", "year", "all", NULL
	};
	static const char *const systems[] = {
		"round-robin", "swiss", "matches", NULL
	};
	char buf[256], *tok, *eq;
	double a, b, c;
	long n;
	int k;

	(void)arg;
	switch (key) {
	case OPT_CROSSTABLE:
		return set_report(d, REP_CROSS, "--crosstable");
	case OPT_ELO:
		return set_report(d, REP_ELO, "--elo");
	case OPT_RATING:
		return set_report(d, REP_ELO, "--rating");
	case OPT_HISTORY:
		return set_report(d, REP_HISTORY, "--history");
	case OPT_ML:
		return set_report(d, REP_ML, "--ml");
	case OPT_POINTS:
		snprintf(buf, sizeof(buf), "%s", value);
		if ((tok = strchr(buf, '-')) == NULL ||
		    (eq = strchr(tok + 1, '-')) == NULL)
			return drv_bad_value(d, "--points", value,
			    "W-D-L, such as 2-1-0 or 1-0.5-0");
		*tok = *eq = '\0';
		if (cli_real(buf, 0, 1e6, &a) != 0 ||
		    cli_real(tok + 1, 0, 1e6, &b) != 0 ||
		    cli_real(eq + 1, 0, 1e6, &c) != 0 || !(a > b && b >= c))
			return drv_bad_value(d, "--points", value,
			    "W-D-L, such as 2-1-0 or 1-0.5-0, a win more than a "
			    "draw, a draw no less than a loss");
		opt.ro.pts[0] = a;
		opt.ro.pts[1] = b;
		opt.ro.pts[2] = c;
		return 0;
	case OPT_TIE_BREAK:
		return tie_breaks(d, value);
	case OPT_MICRO_MATCH:
		if (strcmp(value, "points") != 0 && strcmp(value, "fmjd") != 0)
			return drv_bad_value(d, "--micro-match", value,
			    "points or fmjd");
		opt.ro.micro = value[0] == 'f' ? MICRO_FMJD : MICRO_POINTS;
		opt.micro_given = 1;
		return 0;
	case OPT_REGULATIONS:
		for (k = 0; regulations[k].name != NULL; k++)
			if (strcmp(value, regulations[k].name) == 0) {
				opt.regs = &regulations[k];
				return 0;
			}
		return drv_bad_value(d, "--regulations", value,
		    "fmjd-rr, fmjd-swiss or kndb");
	case OPT_POOL:
		opt.ro.pool = 1;
		return 0;
	case OPT_SUGGEST:
		opt.suggest = 1;
		return 0;
	case OPT_ADJUDICATE:
		opt.adjudicate = 1;
		return 0;
	case OPT_START:
		if (cli_real(value, -10000, 100000, &opt.ro.start) != 0)
			return drv_bad_value(d, "--start", value,
			    "a rating, such as 1000");
		return 0;
	case OPT_K_FACTORS:
		snprintf(buf, sizeof(buf), "%s", value);
		if ((tok = strchr(buf, ',')) == NULL)
			return drv_bad_value(d, "--k-factors", value,
			    "K1,K2, such as 40,20");
		*tok = '\0';
		if (cli_real(buf, 0, 1000, &opt.ro.k1) != 0 ||
		    cli_real(tok + 1, 0, 1000, &opt.ro.k2) != 0)
			return drv_bad_value(d, "--k-factors", value,
			    "K1,K2, such as 40,20");
		return 0;
	case OPT_PROVISIONAL:
		if (cli_number("--provisional", value, 0, 1000000, &n) != 0)
			return 2;
		opt.ro.provisional = n;
		return 0;
	case OPT_PERIOD:
		for (k = 0; periods[k] != NULL; k++)
			if (strcmp(value, periods[k]) == 0) {
				opt.ro.period = k;
				return 0;
			}
		return drv_bad_value(d, "--period", value,
		    "week, month, year or all");
	case OPT_ANCHOR:
		free(opt.anchor);
		if ((opt.anchor = strdup(value)) == NULL ||
		    (eq = strrchr(opt.anchor, '=')) == NULL ||
		    cli_real(eq + 1, -10000, 100000, &opt.ro.anchor_r) != 0)
			return drv_bad_value(d, "--anchor", value,
			    "NAME=R, such as \"Scan 3.1=2500\"");
		*eq = '\0';
		return 0;
	case OPT_RATINGS:
		free(opt.ratings);
		if ((opt.ratings = strdup(value)) == NULL)
			return drv_bad_value(d, "--ratings", value, "a file");
		return 0;
	case OPT_RATING_SYSTEM:
		if (strcmp(value, "elo") == 0 || strcmp(value, "kndb") == 0) {
			opt.ro.rsys = value[0] == 'k' ? RSYS_KNDB : RSYS_ELO;
			return 0;
		}
		return drv_bad_value(d, "--rating-system", value,
		    "elo or kndb");
	case OPT_SYSTEM:
		for (k = 0; systems[k] != NULL; k++)
			if (strcmp(value, systems[k]) == 0) {
				opt.ro.system = k + 1;
				opt.system_given = 1;
				return 0;
			}
		return drv_bad_value(d, "--system", value,
		    "round-robin, swiss or matches");
	case OPT_WHITE_ADVANTAGE:
		if (strcmp(value, "fit") == 0) {
			opt.ro.adv_mode = FIT_ADV_FIT;
			return 0;
		}
		if (cli_real(value, -1000, 1000, &opt.ro.adv) != 0)
			return drv_bad_value(d, "--white-advantage", value,
			    "fit, or Elo points from -1000 to 1000");
		opt.ro.adv_mode = FIT_ADV_GIVEN;
		return 0;
	case OPT_TOP:
		if (cli_number("--top", value, 1, 1000000000, &n) != 0)
			return 2;
		opt.ro.top = n;
		return 0;
	}
	return 2;
}

static const char *const formats[] = {
	"text", "tsv", "json", "yaml", "html", "svg", NULL
};

static const struct drv_tool tool_def = {
	"[file ...]",
	DRV_FORMAT | DRV_OUTPUT | DRV_NO_HEADER | DRV_LENIENT | DRV_RULES |
	    DRV_READS | DRV_RESULT_ORDER | DRV_ALIAS,
	formats, "text (aligned tables, the default), tsv, json, yaml, html "
	    "(a page: crosstables, Elo list and chart) or svg (the chart of "
	    "the Elo ratings)",
	options, option, "games", NULL, NULL, NULL
};

static double *start_r;
static long *start_n;
/* --ratings' players of no game (struct ropts' extra_*). */
static char **extra_name;
static double *extra_r;
static long *extra_n;
static size_t nextra, capextra;

/*
 * A player of the --ratings file with no game read: kept for the rating
 * lists (the last line of a name wins, as for the players of games).
 * 0, or -1 out of memory.
 */
static int
extra_player(const char *name, double r, long games)
{
	size_t i;
	void *t;

	for (i = 0; i < nextra; i++)
		if (strcmp(extra_name[i], name) == 0)
			break;
	if (i == nextra) {
		if (nextra == capextra) {
			capextra = capextra == 0 ? 16 : 2 * capextra;
			if ((t = realloc(extra_name, capextra *
			    sizeof(*extra_name))) == NULL)
				return -1;
			extra_name = t;
			if ((t = realloc(extra_r, capextra *
			    sizeof(*extra_r))) == NULL)
				return -1;
			extra_r = t;
			if ((t = realloc(extra_n, capextra *
			    sizeof(*extra_n))) == NULL)
				return -1;
			extra_n = t;
		}
		if ((extra_name[i] = strdup(name)) == NULL)
			return -1;
		nextra++;
	}
	extra_r[i] = r;
	extra_n[i] = games;
	return 0;
}

/*
 * --ratings: the start rating and games of each player of the pool that
 * `path` names (a name, a tab, a rating, and a tab and the games rated
 * before, or none; blank lines and lines starting with '#' skipped), the
 * names folded and aliased as the players'.  0, 2 out of memory, or 3
 * after saying what is wrong (file:line).
 */
static int
start_ratings(struct pool *p, const char *path)
{
	FILE *fp;
	char *line = NULL, *tab, *end;
	size_t cap = 0, i;
	ssize_t len;
	long lineno = 0, pl, games;
	double r;
	int rc = 0;

	start_r = malloc((p->players.n + 1) * sizeof(*start_r));
	start_n = calloc(p->players.n + 1, sizeof(*start_n));
	if (start_r == NULL || start_n == NULL)
		return 2;
	for (i = 0; i < p->players.n; i++)
		start_r[i] = NAN;
	if ((fp = fopen(path, "r")) == NULL) {
		cli_warn("%s: %s", path, strerror(errno));
		return 3;
	}
	while ((len = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		games = 0;
		if ((tab = strchr(line, '\t')) == NULL ||
		    (r = strtod(tab + 1, &end), end == tab + 1) ||
		    !(r > -10000 && r < 100000) ||
		    (*end == '\t' && ((games = strtol(end + 1, &end, 10)) <
		    0 || end == tab + 1)) || *end != '\0') {
			cli_warn("%s:%ld: error: a line of --ratings is a name, "
			    "a tab, a rating, and a tab and the games before "
			    "or none", path, lineno);
			rc = 3;
			break;
		}
		/*
		 * The player of any of his spellings (player.c), numbered as
		 * met, then as pool_finish() renumbered the players.
		 */
		*tab = '\0';
		if ((pl = player_find(&p->roster, line)) >= 0)
			pl = (long)p->pmap[pl];
		if (pl < 0) {
			if (extra_player(line, r, games) != 0) {
				rc = 2;
				break;
			}
			continue;
		}
		start_r[pl] = r;
		start_n[pl] = games;
	}
	if (rc == 0 && ferror(fp)) {
		cli_warn("%s: %s", path, strerror(errno));
		rc = 3;
	}
	free(line);
	fclose(fp);
	opt.ro.start_r = start_r;
	opt.ro.start_n = start_n;
	opt.ro.extra_name = extra_name;
	opt.ro.extra_r = extra_r;
	opt.ro.extra_n = extra_n;
	opt.ro.nextra = nextra;
	return rc;
}

/*
 * The report asked for, in the format asked for.  Returns 0, 2 out of
 * memory (not said), or 3 after saying what else is wrong.
 */
static int
report(struct run *run, FILE *fp)
{
	struct tout o;
	int st = 0, fmt = drv.fmt;
	long a;

	memset(&o, 0, sizeof(o));
	o.fp = fp;
	o.fmt = fmt;
	o.header = drv.header;
	opt.ro.warn = drv.min <= PDN_SEV_WARNING;
	said_pool = &run->pool;
	opt.ro.diag = report_diag;
	if (opt.suggest)
		return player_suggest(fp, &run->pool.roster) != 0 ? 2 : 0;
	if (opt.anchor != NULL) {
		/* The anchor is the player of any of his spellings. */
		a = player_find(&run->pool.roster, opt.anchor);
		opt.ro.anchor = a >= 0 ? player_name(&run->pool.roster,
		    (size_t)a) : opt.anchor;
	}
	if (opt.ratings != NULL && (st = start_ratings(&run->pool,
	    opt.ratings)) != 0)
		return st;
	if (fmt == OUT_SVG)
		return elo_chart(&o, &run->pool, &opt.ro);
	/* The page's title: the event's name when there is one. */
	if (table_out_start(&o, run->pool.events.n == 1 && !opt.ro.pool ?
	    run->pool.events.s[0] : "Standings") != 0)
		return 2;
	if (fmt == OUT_HTML) {
		st = standings_report(&o, &run->pool, &opt.ro, 1);
		if (st == 0)
			st = elo_report(&o, &run->pool, &opt.ro, 0);
		if (st == 0 && opt.report == REP_ML)
			st = ml_report(&o, &run->pool, &opt.ro);
		if (st == 0 && opt.ro.rsys == RSYS_ELO) {
			fputs("<h2>Elo ratings, game by game</h2>\n<div class=\"box\">",
			    fp);
			st = elo_chart(&o, &run->pool, &opt.ro);
			fputs("</div>\n", fp);
		}
		if (st == 0)
			st = elo_players(&o, &run->pool, &opt.ro);
	} else
		switch (opt.report) {
		case REP_STANDINGS:
		case REP_CROSS:
			st = standings_report(&o, &run->pool, &opt.ro,
			    opt.report == REP_CROSS);
			break;
		case REP_ELO:
		case REP_HISTORY:
			st = elo_report(&o, &run->pool, &opt.ro,
			    opt.report == REP_HISTORY);
			break;
		case REP_ML:
			/* A bad --anchor, said: trouble, as a bad option. */
			st = ml_report(&o, &run->pool, &opt.ro);
			if (st == 1)
				st = 3;
			break;
		}
	/* emit_yaml_close() said why. */
	if (table_out_end(&o) != 0 && st < 2)
		st = 3;
	return st;
}

int
main(int argc, char **argv)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	struct cli_output *out;
	struct run run;
	int status, st;

	opt.ro.pts[0] = 2;
	opt.ro.pts[1] = 1;
	opt.ro.pts[2] = 0;
	opt.ro.start = 1000;
	opt.ro.k1 = 40;
	opt.ro.k2 = 20;
	opt.ro.provisional = 30;
	opt.ro.period = PERIOD_WEEK;
	if ((status = drv_start(&drv, &tool_def, NULL, argc, argv)) >= 0) {
		free(opt.anchor);
		free(opt.ratings);
		return status;
	}
	apply_regulations();
	memset(&run, 0, sizeof(run));
	run.copy_fd = -1;
	spool_init(&run.said, ORD_SEQ);
	run.by.what = DUP_MAIN;
	if (pool_init(&run.pool) != 0) {
		cli_warn("out of memory");
		status = 2;
		goto out;
	}
	status = 2;
	/* --micro-match scores matches: --system matches, given or not. */
	if (opt.micro_given && opt.system_given &&
	    opt.ro.system != SYS_MATCHES) {
		status = drv_usage_error(&drv, "--micro-match is for --system "
		    "matches");
		goto out;
	}
	if (opt.micro_given)
		opt.ro.system = SYS_MATCHES;
	if (opt.anchor != NULL && opt.report != REP_ML) {
		status = drv_usage_error(&drv, "--anchor is for --ml");
		goto out;
	}
	if (opt.ro.rsys == RSYS_KNDB && (opt.report == REP_HISTORY ||
	    drv.fmt == OUT_SVG)) {
		status = drv_usage_error(&drv, "--rating-system kndb rates "
		    "events, not games: no --history or svg chart");
		goto out;
	}
	if (opt.ro.adv_mode != FIT_ADV_NONE && opt.report != REP_ML) {
		status = drv_usage_error(&drv, "--white-advantage is for --ml");
		goto out;
	}
	if (opt.suggest && (opt.report_given || drv.alias != NULL ||
	    drv.fmt_given)) {
		status = drv_usage_error(&drv, "--suggest-aliases: %s",
		    drv.alias != NULL ? "the names as read, without --alias" :
		    "a spelling file, no report and no format");
		goto out;
	}
	if (drv.alias != NULL && pool_aliases(&run.pool, drv.alias) != 0)
		goto out;
	ro.flags = drv.flags | PDN_REPLAY_NO_RESULT | PDN_REPLAY_NO_VARIATIONS;
	if (pdn_replay_new(&run.rp) != 0 ||
	    (run.dups = dup_new(&run.by, drv.gametype, &ro)) == NULL ||
	    (opt.adjudicate && (pdn_adjudicator_new(&run.adjr,
	    drv.profile) != 0 || pdn_adjudication_new(&run.adj) != 0))) {
		cli_warn("out of memory");
		goto out;
	}
	if ((out = drv_records(&drv)) == NULL)
		goto out;
	status = drv_run(&drv, read_file, &run);
	if (run.status > status)
		status = run.status;
	if (status < 2 && (st = copies(&run)) > status)
		status = st;
	if (status < 2 && pool_finish(&run.pool) != 0) {
		store_error(errno);
		status = 2;
	}
	if (status < 2 && !drv.quiet) {
		errno = 0;
		st = report(&run, out->fp);
		if (st == 2)
			store_error(errno);
		if (st > 2)
			st = 2;
		if (st > status)
			status = st;
	}
out:
	status = drv_end(&drv, status);
	spool_free(&run.said);
	if (run.copy_fd >= 0)
		close(run.copy_fd);
	dup_free(run.dups);
	pdn_replay_free(run.rp);
	pdn_adjudicator_free(run.adjr);
	pdn_adjudication_free(run.adj);
	pool_free(&run.pool);
	free(opt.anchor);
	free(opt.ratings);
	free(start_r);
	free(start_n);
	while (nextra > 0)
		free(extra_name[--nextra]);
	free(extra_name);
	free(extra_r);
	free(extra_n);
	return status;
}
