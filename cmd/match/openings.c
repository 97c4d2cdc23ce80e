/*
 * The openings of a match (openings.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hub.h"
#include "openings.h"

/* Adds an opening; its moves are the caller's to fill.  NULL: no memory. */
static struct opening *
add(struct openings *ops)
{
	struct opening *o;

	if ((o = realloc(ops->o, (size_t)(ops->n + 1) * sizeof(*o))) == NULL)
		return NULL;
	ops->o = o;
	o = &ops->o[ops->n++];
	memset(o, 0, sizeof(*o));
	return o;
}

int
openings_start(struct openings *ops, const pdn_variant *v)
{
	struct opening *o;

	memset(ops, 0, sizeof(*ops));
	if ((o = add(ops)) == NULL) {
		cli_warn("out of memory");
		return 2;
	}
	pdn_variant_start(v, &o->start);
	o->standard = 1;
	return 0;
}

/* The whole file into memory.  NULL after saying why. */
static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL, *nb;
	size_t cap = 0, n = 0, r;

	if (fp == NULL) {
		cli_warn("%s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n + 65536 + 1 > cap) {
			cap = cap * 2 + 65536 + 1;
			if ((nb = realloc(buf, cap)) == NULL) {
				cli_warn("out of memory");
				free(buf);
				fclose(fp);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n - 1, fp);
		n += r;
		if (r == 0)
			break;
	}
	if (ferror(fp)) {
		cli_warn("%s: read error", path);
		free(buf);
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static int
fens(struct openings *ops, const pdn_variant *v, const char *path,
    char *text)
{
	pdn_position start;
	struct opening *o;
	char *line, *save, *end;
	long lineno = 0;
	int rc;

	pdn_variant_start(v, &start);
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		while (isspace((unsigned char)*line))
			line++;
		end = line + strlen(line);
		while (end > line && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (*line == '\0' || *line == '#')
			continue;
		if ((o = add(ops)) == NULL)
			return -1;
		if ((rc = pdn_fen_read(&o->start, v, line, strlen(line),
		    NULL)) != 0) {
			cli_warn("%s: line %ld: bad FEN: %s: skipped", path,
			    lineno, pdn_strerror(rc));
			ops->n--;
			continue;
		}
		o->standard = pdn_position_equal(&o->start, &start);
	}
	return 0;
}

static int
games(struct openings *ops, const pdn_variant *v, const char *path,
    const char *text, size_t len, long plies)
{
	pdn_reader_options ro = PDN_READER_OPTIONS_INIT;
	pdn_replay_options po = PDN_REPLAY_OPTIONS_INIT;
	const pdn_move *mv[256];
	const pdn_played *pg;
	const pdn_game *g;
	struct opening *o;
	pdn_replay *rp;
	pdn_reader *r;
	char hub[HUB_MOVE_LEN];
	long n, i;
	int rc;

	ro.file = path;
	ro.finish = pdn_game_finish;
	if (v != pdn_variant_default())
		ro.gametype = pdn_variant_gametype(v);
	po.flags = PDN_REPLAY_NO_RESULT | PDN_REPLAY_NO_VARIATIONS;
	if (pdn_reader_new_mem(&r, text, len, &ro) != 0)
		return -1;
	if (pdn_replay_new(&rp) != 0) {
		pdn_reader_free(r);
		return -1;
	}
	while ((rc = pdn_reader_next(&g, r)) == 1) {
		if (pdn_replay_game(&pg, rp, g, &po) != 0)
			break;
		if (pdn_played_main_status(pg) != PDN_REPLAY_VALID ||
		    pdn_played_variant(pg) != v ||
		    pdn_played_lines(pg) != 1) {
			if (v == pdn_variant_default())
				cli_warn("%s:%ld: game %ld: not an "
				    "international game whose moves replay: "
				    "skipped", path, g->line, g->index);
			else
				cli_warn("%s:%ld: game %ld: not a game of %s "
				    "whose moves replay: skipped", path,
				    g->line, g->index, pdn_variant_title(v));
			continue;
		}
		if ((o = add(ops)) == NULL)
			break;
		o->start = *pdn_played_start(pg);
		o->standard = pdn_game_tag(g, "FEN") == NULL;
		n = pdn_played_plies(pg);
		if (plies >= 0 && n > plies)
			n = plies;
		if (n > (long)(sizeof(mv) / sizeof(mv[0])))
			n = (long)(sizeof(mv) / sizeof(mv[0]));
		n = pdn_played_moves(mv, n, pg, 0, 0);
		if (n > 0 && (o->moves = calloc((size_t)n,
		    sizeof(*o->moves))) == NULL)
			break;
		for (i = 0; i < n; i++) {
			hub_move_str(hub, v, mv[i]);
			if ((o->moves[i] = strdup(hub)) == NULL)
				break;
			o->nmoves++;
		}
		if (i < n)
			break;
	}
	pdn_replay_free(rp);
	pdn_reader_free(r);
	return rc == 0 ? 0 : -1;
}

int
openings_read(struct openings *ops, const pdn_variant *v, const char *path,
    long plies)
{
	char *text, *p;
	size_t len;
	int rc;

	memset(ops, 0, sizeof(*ops));
	if ((text = slurp(path, &len)) == NULL)
		return 2;
	/* The first line that says something says what the file is. */
	for (p = text; *p != '\0';) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p != '#')
			break;
		while (*p != '\0' && *p != '\n')
			p++;
	}
	if ((p[0] == 'W' || p[0] == 'B') && p[1] == ':')
		rc = fens(ops, v, path, text);
	else
		rc = games(ops, v, path, text, len, plies);
	free(text);
	if (rc != 0) {
		cli_warn("out of memory");
		return 2;
	}
	if (ops->n == 0) {
		cli_warn("%s: no opening", path);
		return 2;
	}
	return 0;
}

void
openings_free(struct openings *ops)
{
	long i;
	int k;

	for (i = 0; i < ops->n; i++) {
		for (k = 0; k < ops->o[i].nmoves; k++)
			free(ops->o[i].moves[k]);
		free(ops->o[i].moves);
	}
	free(ops->o);
	memset(ops, 0, sizeof(*ops));
}
