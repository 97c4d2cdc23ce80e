/*
 * The Hub protocol's notation (hub.h).
 */
#include <stdlib.h>
#include <string.h>

#include "hub.h"

int
hub_pos_str(char *buf, const pdn_position *pos)
{
	static const char sym[] = { 'e', 'w', 'b', 'W', 'B' };
	int sq, n = pdn_variant_squares(pdn_position_variant(pos));

	buf[0] = pdn_position_side(pos) == PDN_WHITE ? 'W' : 'B';
	for (sq = 1; sq <= n && sq < HUB_POS_LEN - 1; sq++)
		buf[sq] = sym[pdn_position_get(pos, sq)];
	buf[sq] = '\0';
	return sq;
}

int
hub_pos_read(pdn_position *pos, const pdn_variant *v, const char *s)
{
	static const char sym[] = "ewbWB";
	const char *c;
	int sq, n = pdn_variant_squares(v);

	if (s[0] != 'W' && s[0] != 'B')
		return -1;
	pdn_variant_clear(v, pos, s[0] == 'W' ? PDN_WHITE : PDN_BLACK);
	for (sq = 1; sq <= n; sq++) {
		if (s[sq] == '\0' || (c = strchr(sym, s[sq])) == NULL)
			return -1;
		pdn_position_set(pos, sq, (pdn_piece)(c - sym));
	}
	return s[n + 1] == '\0' || s[n + 1] == ' ' || s[n + 1] == '"' ? 0 :
	    -1;
}

const char *
hub_variant_name(const pdn_variant *v)
{
	return pdn_variant_gametype(v) == 20 ? "normal" : pdn_variant_name(v);
}

/* A square number (1 to 99) in decimal; returns its length. */
static int
square(char *p, int sq)
{
	if (sq >= 10) {
		p[0] = (char)('0' + sq / 10);
		p[1] = (char)('0' + sq % 10);
		return 2;
	}
	p[0] = (char)('0' + sq);
	return 1;
}

void
hub_move_str(char *buf, const pdn_variant *v, const pdn_move *m)
{
	int cap[PDN_SQUARES], n, i;
	char *p = buf;

	n = pdn_move_captured(cap, PDN_SQUARES, v, m);
	p += square(p, pdn_move_from(m));
	*p++ = n > 0 ? 'x' : '-';
	p += square(p, pdn_move_to(m));
	for (i = 0; i < n && i < PDN_SQUARES; i++) {
		*p++ = 'x';
		p += square(p, cap[i]);
	}
	*p = '\0';
}

const pdn_move *
hub_move_find(const pdn_movelist *legal, const pdn_variant *var,
    const char *s, size_t len)
{
	int sq[PDN_SQUARES + 2], cap[PDN_SQUARES], nsq = 0, capture = 0;
	int i, k, j, n, found = -1, v, nsquares = pdn_variant_squares(var);
	const pdn_move *m;
	size_t at = 0;

	while (at < len) {
		if (s[at] < '0' || s[at] > '9' || nsq == PDN_SQUARES + 2)
			return NULL;
		for (v = 0; at < len && s[at] >= '0' && s[at] <= '9'; at++)
			if ((v = v * 10 + (s[at] - '0')) > nsquares)
				return NULL;
		if (v < 1)
			return NULL;
		sq[nsq++] = v;
		if (at == len)
			break;
		if (s[at] == 'x')
			capture = 1;
		else if (s[at] != '-' || nsq > 1)
			return NULL;
		if (++at == len)
			return NULL;
	}
	if (nsq < 2)
		return NULL;
	n = pdn_movelist_count(legal);
	for (i = 0; i < n; i++) {
		m = pdn_movelist_get(legal, i);
		if (pdn_move_from(m) != sq[0] || pdn_move_to(m) != sq[1] ||
		    (pdn_move_captures(m) > 0) != capture)
			continue;
		if (nsq > 2) {
			if (pdn_move_captures(m) != nsq - 2)
				continue;
			pdn_move_captured(cap, PDN_SQUARES, var, m);
			for (k = 2; k < nsq; k++) {
				for (j = 0; j < nsq - 2 && cap[j] != sq[k]; j++)
					;
				if (j == nsq - 2)
					break;
			}
			if (k < nsq)
				continue;
		}
		if (found >= 0)
			return NULL;	/* ambiguous */
		found = i;
	}
	return found >= 0 ? pdn_movelist_get(legal, found) : NULL;
}

int
hub_is(const char *line, const char *cmd)
{
	size_t n = strlen(cmd);

	return strncmp(line, cmd, n) == 0 &&
	    (line[n] == '\0' || line[n] == ' ');
}

int
hub_arg(const char *line, const char *key, char *buf, size_t size)
{
	size_t klen = strlen(key), n;
	const char *p = line, *v, *e;

	/* Past the command. */
	while (*p != '\0' && *p != ' ')
		p++;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		/* One argument: name[=value], the value maybe quoted. */
		v = p;
		while (*p != '\0' && *p != ' ' && *p != '=')
			p++;
		n = (size_t)(p - v);
		if (*p != '=') {
			if (n == klen && strncmp(v, key, klen) == 0) {
				if (size > 0)
					buf[0] = '\0';
				return 0;
			}
			continue;
		}
		p++;
		if (*p == '"') {
			e = strchr(++p, '"');
			if (e == NULL)
				e = p + strlen(p);
		} else
			for (e = p; *e != '\0' && *e != ' '; e++)
				;
		if (n == klen && strncmp(v, key, klen) == 0) {
			n = (size_t)(e - p);
			if (size > 0) {
				memcpy(buf, p, n < size ? n : size - 1);
				buf[n < size ? n : size - 1] = '\0';
			}
			return n < size ? (int)n : (int)size - 1;
		}
		p = *e == '"' ? e + 1 : e;
	}
	return -1;
}

void
hub_add_arg(pdn_buf *b, const char *key, const char *value)
{
	int quote = value[0] == '\0' || strpbrk(value, " =\t") != NULL;

	pdn_buf_add(b, " ", 1);
	pdn_buf_add(b, key, strlen(key));
	pdn_buf_add(b, "=", 1);
	if (quote)
		pdn_buf_add(b, "\"", 1);
	pdn_buf_add(b, value, strlen(value));
	if (quote)
		pdn_buf_add(b, "\"", 1);
}
