/*
 * Helpers shared by the reader and writer tests (see pdntest.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdntest.h"

char *
pdntest_slurp(const char *path, size_t *len)
{
	FILE *fp;
	char *buf = NULL, *np;
	size_t cap = 0, n = 0, got;

	if ((fp = fopen(path, "rb")) == NULL)
		return NULL;
	for (;;) {
		if (n + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 131072;
			if ((np = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(fp);
				return NULL;
			}
			buf = np;
		}
		got = fread(buf + n, 1, 65536, fp);
		n += got;
		if (got == 0)
			break;
	}
	fclose(fp);
	buf[n] = '\0';
	*len = n;
	return buf;
}

void
pdntest_diag(const pdn_diag *d, void *arg)
{
	struct pdntest_diags *ds = arg;

	if (d->severity == PDN_SEV_ERROR)
		ds->errors++;
	else if (d->severity == PDN_SEV_WARNING)
		ds->warnings++;
	if (ds->n < 64) {
		snprintf(ds->names[ds->n], sizeof(ds->names[0]), "%s",
		    d->name);
		ds->lines[ds->n] = d->line;
		ds->cols[ds->n] = d->col;
		ds->games[ds->n] = d->game;
		ds->n++;
	}
}

int
pdntest_has(const struct pdntest_diags *ds, const char *name)
{
	int i;

	for (i = 0; i < ds->n; i++)
		if (strcmp(ds->names[i], name) == 0)
			return 1;
	return 0;
}

const pdn_reader_options *
pdntest_reader_options(void)
{
	static pdn_reader_options opt = PDN_READER_OPTIONS_INIT;

	opt.finish = pdn_game_finish;
	return &opt;
}

long
pdntest_rewrite(const char *data, size_t len, pdn_buf *out,
    struct pdntest_diags *ds)
{
	pdn_reader_options opt = PDN_READER_OPTIONS_INIT;
	pdn_reader *r;
	const pdn_game *g;
	long n = 0;

	opt.finish = pdn_game_finish;
	opt.diag = ds != NULL ? pdntest_diag : NULL;
	opt.diag_arg = ds;
	/* As pdn-parse does: games cut short are written back as read. */
	opt.keep_raw = 1;
	if (pdn_reader_new_mem(&r, data, len, &opt) != 0)
		return -1;
	while (pdn_reader_next(&g, r) == 1) {
		n++;
		if (pdntest_write(out, g) != 0)
			n = -1000000;
	}
	pdn_reader_free(r);
	return n;
}

/*
 * Replays g with options ro into a new handle *rp (the caller frees it,
 * also on failure) and sets *pg.  Returns as pdn_replay_game().
 */
static int
replay(pdn_replay **rp, const pdn_played **pg, const pdn_game *g,
    const pdn_replay_options *ro)
{
	int rc;

	if ((rc = pdn_replay_new(rp)) != 0)
		return rc;
	return pdn_replay_game(pg, *rp, g, ro);
}

int
pdntest_write(pdn_buf *out, const pdn_game *g)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const pdn_played *pg;
	pdn_replay *rp = NULL;
	int rc;

	ro.flags = PDN_REPLAY_NO_RESULT;
	if ((rc = replay(&rp, &pg, g, &ro)) == 0)
		rc = pdn_game_write(out, g, pg, NULL);
	pdn_replay_free(rp);
	return rc;
}

int
pdntest_adjudicate(pdn_adjudication *out, pdn_adjudicator *a,
    const pdn_game *g, const pdn_replay_options *opt)
{
	pdn_replay_options ro = PDN_REPLAY_OPTIONS_INIT;
	const pdn_played *pg;
	pdn_replay *rp = NULL;
	int rc;

	if (opt != NULL)
		ro = *opt;
	ro.flags |= PDN_REPLAY_NO_VARIATIONS | PDN_REPLAY_NO_RESULT;
	if ((rc = replay(&rp, &pg, g, &ro)) == 0)
		rc = pdn_adjudicate(out, a, pg);
	pdn_replay_free(rp);
	return rc;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *
pdntest_unescape(const char *s, size_t *len)
{
	char *out;
	size_t n = 0;
	int hi, lo;

	if ((out = malloc(strlen(s) + 1)) == NULL)
		return NULL;
	while (*s != '\0') {
		if (s[0] == '\\' && s[1] == 'x' && (hi = hexval(s[2])) >= 0 &&
		    (lo = hexval(s[3])) >= 0) {
			out[n++] = (char)(hi * 16 + lo);
			s += 4;
		} else
			out[n++] = *s++;
	}
	out[n] = '\0';
	*len = n;
	return out;
}

void
pdntest_escape(pdn_buf *b, const char *s, size_t len)
{
	char hex[5];
	size_t i;
	unsigned char c;

	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x7f) {
			snprintf(hex, sizeof(hex), "\\x%02x", c);
			pdn_buf_add(b, hex, 4);
		} else
			pdn_buf_add(b, s + i, 1);
	}
}

uint64_t
pdntest_rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/*
 * A token from its text: squares by number or by file and rank, joined
 * by '-' (quiet) or 'x' or ':' (capture), stored as the lexer stores them.
 */
pdn_movetok
pdntest_tok(const char *s)
{
	pdn_movetok t;
	const char *p = s;
	unsigned file, n;

	memset(&t, 0, sizeof(t));
	while (*p != '\0') {
		file = 0;
		if (*p >= 'a' && *p <= 'z') {
			t.alpha = 1;
			file = (unsigned)(*p++ - 'a' + 1);
		}
		for (n = 0; *p >= '0' && *p <= '9'; p++)
			n = n * 10 + (unsigned)(*p - '0');
		if (t.nsq == PDN_MOVETOK_MAX)
			break;
		t.sq[t.nsq++] = (uint16_t)(file != 0 ? PDN_ALPHA + file * 100 +
		    n : n);
		if (*p == 'x' || *p == ':')
			t.capture = 1;
		if (*p != '\0')
			p++;
	}
	return t;
}
