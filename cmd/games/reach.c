/*
 * What a position meets (reach.h): FENs read in every variant, piece
 * counts, patterns of squares, the position after a sequence of moves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include <pdn/pdn.h>

int
reach_variant_index(const pdn_variant *v)
{
	int k;

	for (k = 0; k < REACH_VARIANTS && pdn_variant_list(k) != NULL; k++)
		if (pdn_variant_list(k) == v)
			return k;
	return -1;
}

int
reach_fen_read(struct reach_fen *q, const char *value)
{
	pdn_fen_info info;
	const pdn_variant *v;
	int k, any = 0, rc, first = PDN_EFEN_EMPTY;

	/*
	 * The position in each variant it reads in (its squares are the
	 * variant's), matched against the games of that variant.
	 */
	memset(q, 0, sizeof(*q));
	for (k = 0; k < REACH_VARIANTS && (v = pdn_variant_list(k)) != NULL;
	    k++) {
		if ((rc = pdn_fen_read(&q->pos[k], v, value, strlen(value),
		    &info)) != 0) {
			if (k == 0)
				first = rc;
			continue;
		}
		/* A position to look for has a side to move: '?' says none. */
		if (info.warnings & PDN_FEN_W_SIDE_UNKNOWN)
			return PDN_EFEN_SIDE;
		q->ok[k] = 1;
		any = 1;
	}
	return any ? 0 : first;
}

int
reach_fen_holds(const struct reach_fen *q, int vi, const pdn_position *pos,
    int any_side)
{
	pdn_position p;

	if (vi < 0 || !q->ok[vi])
		return 0;
	if (!any_side || pdn_position_side(pos) == pdn_position_side(
	    &q->pos[vi]))
		return pdn_position_equal(pos, &q->pos[vi]);
	p = *pos;
	pdn_position_set_side(&p, pdn_position_side(&q->pos[vi]));
	return pdn_position_equal(&p, &q->pos[vi]);
}

/* --- material ----------------------------------------------------------- */

/*
 * A count: N, A-B, A+ or * (any number), from s up to end; *s moved past
 * it.  Before M or K a count may be left out: one ("K" is a king, as
 * pgn-extract's material counts pieces by their letters).  Returns 0, or
 * -1.
 */
static int
parse_count(struct reach_count *c, const char **s, const char *end)
{
	const char *p = *s;
	long a = 0, b;

	if (p < end && *p == '*') {
		c->lo = 0;
		c->hi = 50;
		*s = p + 1;
		return 0;
	}
	if (p < end && (*p == 'M' || *p == 'm' || *p == 'K' || *p == 'k')) {
		c->lo = c->hi = 1;
		return 0;
	}
	if (p == end || *p < '0' || *p > '9')
		return -1;
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		if ((a = a * 10 + (*p - '0')) > 50)
			return -1;
	b = a;
	if (p < end && *p == '+') {
		b = 50;
		p++;
	} else if (p < end && *p == '-') {
		if (++p == end || *p < '0' || *p > '9')
			return -1;
		for (b = 0; p < end && *p >= '0' && *p <= '9'; p++)
			if ((b = b * 10 + (*p - '0')) > 50)
				return -1;
		if (b < a)
			return -1;
	}
	c->lo = (int)a;
	c->hi = (int)b;
	*s = p;
	return 0;
}

/*
 * A side of --material: N (pieces of any kind), NM (men and no king),
 * NK (kings and no man), NMNK (both), each N a count (* any number).
 * Returns 0, or -1.
 */
static int
parse_side(struct reach_side *sd, const char *s, size_t len)
{
	const char *end = s + len;
	struct reach_count c;
	int men = 0, kings = 0;

	sd->men.lo = sd->kings.lo = sd->total.lo = -1;
	if (s == end)
		return -1;
	while (s < end) {
		if (parse_count(&c, &s, end) != 0)
			return -1;
		if (s == end) {
			if (men || kings)
				return -1;
			sd->total = c;
			return 0;
		}
		if ((*s == 'M' || *s == 'm') && !men && !kings) {
			sd->men = c;
			men = 1;
		} else if ((*s == 'K' || *s == 'k') && !kings) {
			sd->kings = c;
			kings = 1;
		} else
			return -1;
		s++;
	}
	/* A kind not written is none of that kind. */
	if (!men)
		sd->men.lo = sd->men.hi = 0;
	if (!kings)
		sd->kings.lo = sd->kings.hi = 0;
	return 0;
}

int
reach_material_read(struct reach_material *m, const char *value)
{
	const char *sep = strchr(value, ':');

	/* W-B: the form, when no side has a range. */
	if (sep == NULL && (sep = strchr(value, '-')) != NULL &&
	    strchr(sep + 1, '-') != NULL)
		return -1;
	if (sep == NULL || strchr(sep + 1, ':') != NULL)
		return -1;
	if (parse_side(&m->w, value, (size_t)(sep - value)) != 0 ||
	    parse_side(&m->b, sep + 1, strlen(sep + 1)) != 0)
		return -1;
	return 0;
}

static int
count_holds(const struct reach_count *c, int n)
{
	return c->lo < 0 || (n >= c->lo && n <= c->hi);
}

static int
side_holds(const struct reach_side *sd, const pdn_position *pos,
    pdn_colour c)
{
	int n = pdn_position_count(pos, c), k = pdn_position_kings(pos, c);

	return count_holds(&sd->total, n) && count_holds(&sd->kings, k) &&
	    count_holds(&sd->men, n - k);
}

int
reach_material_holds(const struct reach_material *m, const pdn_position *pos)
{
	return side_holds(&m->w, pos, PDN_WHITE) &&
	    side_holds(&m->b, pos, PDN_BLACK);
}

/* The most pieces a side of --material counts. */
static int
side_max(const struct reach_side *sd)
{
	if (sd->total.lo >= 0)
		return sd->total.hi;
	return sd->men.hi + sd->kings.hi;
}

int
reach_material_may(const struct reach_material *m, const pdn_position *fin)
{
	return pdn_position_count(fin, PDN_WHITE) <= side_max(&m->w) &&
	    pdn_position_count(fin, PDN_BLACK) <= side_max(&m->b);
}

/* --- patterns ----------------------------------------------------------- */

int
reach_pattern_read(struct reach_pattern *p, const char *value,
    const char **why)
{
	const char *s = value;
	unsigned what, field;
	long a, b, k;
	int i;

	memset(p, 0, sizeof(*p));
	while (*s != '\0') {
		switch (*s) {
		case 'W': case 'w':
			field = PAT_WHITE_MAN;
			break;
		case 'B': case 'b':
			field = PAT_BLACK_MAN;
			break;
		case 'E': case 'e':
			field = PAT_EMPTY;
			break;
		case 'A': case 'a':
			field = PAT_WHITE_MAN | PAT_WHITE_KING |
			    PAT_BLACK_MAN | PAT_BLACK_KING;
			break;
		default:
			*why = "fields W, B, E or A, separated by ':'";
			return -1;
		}
		s++;
		for (;;) {
			what = field;
			if (field == PAT_WHITE_MAN || field == PAT_BLACK_MAN) {
				if (*s == 'K' || *s == 'k') {
					what = field << 1;
					s++;
				} else if (*s == '*') {
					what = field | field << 1;
					s++;
				}
			}
			if (*s < '0' || *s > '9') {
				*why = "a square number after each field "
				    "letter and ','";
				return -1;
			}
			for (a = 0; *s >= '0' && *s <= '9'; s++)
				if ((a = a * 10 + (*s - '0')) > PAT_MAX)
					break;
			b = a;
			if (*s == '-') {
				s++;
				for (b = 0; *s >= '0' && *s <= '9'; s++)
					if ((b = b * 10 + (*s - '0')) > PAT_MAX)
						break;
			}
			if (a < 1 || a > PAT_MAX || b < a || b > PAT_MAX) {
				*why = "squares from 1 to 72, ranges a-b with "
				    "a at most b";
				return -1;
			}
			for (k = a; k <= b; k++) {
				for (i = 0; i < p->n && p->sq[i] != k; i++)
					;
				if (i < p->n) {
					*why = "a square named twice";
					return -1;
				}
				p->sq[p->n] = (unsigned char)k;
				p->what[p->n++] = (unsigned char)what;
			}
			if (*s != ',')
				break;
			s++;
		}
		if (*s == ':')
			s++;
		else if (*s != '\0') {
			*why = "fields W, B, E or A, separated by ':'";
			return -1;
		}
	}
	if (p->n == 0) {
		*why = "at least one square";
		return -1;
	}
	return 0;
}

static const unsigned piece_bit[] = {
	PAT_EMPTY, PAT_WHITE_MAN, PAT_BLACK_MAN, PAT_WHITE_KING,
	PAT_BLACK_KING
};

/* The colour-reversed kinds of a pattern square. */
static unsigned
swap_colours(unsigned what)
{
	return (what & PAT_EMPTY) | (what & (PAT_WHITE_MAN |
	    PAT_WHITE_KING)) << 2 | (what & (PAT_BLACK_MAN |
	    PAT_BLACK_KING)) >> 2;
}

int
reach_pattern_holds(const struct reach_pattern *p, const pdn_variant *v,
    const pdn_position *pos)
{
	int i, n = pdn_variant_squares(v), x, y, sq, ok = 1;

	for (i = 0; i < p->n && ok; i++)
		ok = p->sq[i] <= n && (piece_bit[pdn_position_get(pos,
		    p->sq[i])] & p->what[i]) != 0;
	if (ok || !p->mirror)
		return ok;
	/* The board turned round: the square at (w-1-x, h-1-y). */
	for (i = 0; i < p->n; i++) {
		if (p->sq[i] > n || pdn_variant_square_xy(v, p->sq[i], &x,
		    &y) != 0)
			return 0;
		sq = pdn_variant_square_at(v, pdn_variant_width(v) - 1 - x,
		    pdn_variant_height(v) - 1 - y);
		if (sq == 0 || (piece_bit[pdn_position_get(pos, sq)] &
		    swap_colours(p->what[i])) == 0)
			return 0;
	}
	return 1;
}

/* --- moves -------------------------------------------------------------- */

int
reach_moves(pdn_position *pos, const pdn_variant *v, const char *moves,
    char *why, size_t size)
{
	pdn_lexer *lx;
	pdn_movelist *list;
	pdn_token tok;
	char buf[PDN_MOVETOK_STRMAX];
	int n, ply = 0, rc = -1;

	pdn_variant_start(v, pos);
	if (pdn_lexer_new_mem(&lx, moves, strlen(moves)) != 0 ||
	    pdn_movelist_new(&list) != 0) {
		pdn_lexer_free(lx);
		snprintf(why, size, "out of memory");
		return -1;
	}
	for (;;) {
		if (pdn_lexer_next(&tok, lx) != 0) {
			snprintf(why, size, "out of memory");
			break;
		}
		if (tok.type == PDN_TOK_EOF) {
			rc = 0;
			break;
		}
		if (tok.type == PDN_TOK_MOVENUM)
			continue;
		if (tok.type != PDN_TOK_MOVE) {
			snprintf(why, size, "moves such as 32-28 or 28x19, "
			    "move numbers allowed, not \"%.*s\"",
			    (int)(tok.len > 20 ? 20 : tok.len), tok.text);
			break;
		}
		ply++;
		pdn_movetok_str(buf, &tok.move);
		if ((n = pdn_match(list, pos, &tok.move, 0)) != 1) {
			snprintf(why, size, "%s (ply %d) %s", buf, ply,
			    n == 0 ? "is not a legal move there" :
			    "fits several legal moves: write its path");
			break;
		}
		pdn_make(pos, pdn_movelist_get(list, 0));
	}
	pdn_movelist_free(list);
	pdn_lexer_free(lx);
	return rc;
}
