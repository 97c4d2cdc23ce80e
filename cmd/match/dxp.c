/*
 * The DamExchange protocol's messages (dxp.h).
 */
#include <stdio.h>
#include <string.h>

#include "dxp.h"
#include "hub.h"

/* A number of `n` digits at s, or -1. */
static int
digits(const char *s, int n)
{
	int v = 0, i;

	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

static int
clamp(int v, int hi)
{
	return v < 0 ? 0 : v > hi ? hi : v;
}

/* A name padded with blanks to DXP_NAME_LEN characters at p. */
static void
pad(char *p, const char *name)
{
	size_t n = strlen(name), i;

	for (i = 0; i < DXP_NAME_LEN; i++)
		p[i] = i < n && name[i] >= ' ' && name[i] < 127 ? name[i] : ' ';
}

/* A padded name read back, its trailing blanks dropped. */
static void
unpad(char *out, const char *p)
{
	size_t n = DXP_NAME_LEN;

	memcpy(out, p, n);
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

void
dxp_req_str(char *buf, const struct dxp_req *r)
{
	static const char sym[] = { 'e', 'w', 'z', 'W', 'Z' };
	char *p = buf;
	int sq;

	*p++ = 'R';
	*p++ = '0';
	*p++ = '1';
	pad(p, r->name);
	p += DXP_NAME_LEN;
	*p++ = r->follower == PDN_WHITE ? 'W' : 'Z';
	p += sprintf(p, "%03d%03d", clamp(r->minutes, 999),
	    clamp(r->moves, 999));
	if (!r->setup) {
		*p++ = 'A';
	} else {
		*p++ = 'B';
		*p++ = pdn_position_side(&r->pos) == PDN_WHITE ? 'W' : 'Z';
		for (sq = 1; sq <= 50; sq++)
			*p++ = sym[pdn_position_get(&r->pos, sq)];
	}
	*p = '\0';
}

int
dxp_req_read(struct dxp_req *r, const char *msg)
{
	static const char sym[] = "ewzWZ";
	const char *p = msg, *c;
	size_t n = strlen(msg);
	int sq;

	if (n < 3 + DXP_NAME_LEN + 1 + 6 + 1 || p[0] != 'R' ||
	    p[1] != '0' || p[2] != '1')
		return -1;
	p += 3;
	unpad(r->name, p);
	p += DXP_NAME_LEN;
	if (*p != 'W' && *p != 'Z')
		return -1;
	r->follower = *p++ == 'W' ? PDN_WHITE : PDN_BLACK;
	if ((r->minutes = digits(p, 3)) < 0 ||
	    (r->moves = digits(p + 3, 3)) < 0)
		return -1;
	p += 6;
	if (*p == 'A' && p[1] == '\0') {
		r->setup = 0;
		pdn_variant_start(pdn_variant_default(), &r->pos);
		return 0;
	}
	if (*p++ != 'B' || (*p != 'W' && *p != 'Z') || strlen(p) != 51)
		return -1;
	r->setup = 1;
	pdn_variant_clear(pdn_variant_default(), &r->pos,
	    *p++ == 'W' ? PDN_WHITE : PDN_BLACK);
	for (sq = 1; sq <= 50; sq++, p++) {
		if ((c = strchr(sym, *p)) == NULL || *p == '\0')
			return -1;
		pdn_position_set(&r->pos, sq, (pdn_piece)(c - sym));
	}
	return 0;
}

void
dxp_acc_str(char *buf, const char *name, int code)
{
	buf[0] = 'A';
	pad(buf + 1, name);
	buf[1 + DXP_NAME_LEN] = (char)('0' + clamp(code, 9));
	buf[2 + DXP_NAME_LEN] = '\0';
}

int
dxp_acc_read(char *name, int *code, const char *msg)
{
	if (msg[0] != 'A' || strlen(msg) != 2 + DXP_NAME_LEN ||
	    (*code = digits(msg + 1 + DXP_NAME_LEN, 1)) < 0)
		return -1;
	unpad(name, msg + 1);
	return 0;
}

void
dxp_move_str(char *buf, const pdn_move *m, double seconds)
{
	int cap[PDN_SQUARES], n, i;
	char *p = buf;

	n = pdn_move_captured(cap, PDN_SQUARES, NULL, m);
	if (n > 99)
		n = 99;
	p += sprintf(p, "M%04d%02d%02d%02d", clamp((int)(seconds + 0.5), 9999),
	    pdn_move_from(m), pdn_move_to(m), n);
	for (i = 0; i < n; i++)
		p += sprintf(p, "%02d", cap[i]);
}

int
dxp_move_hub(char *hub, size_t size, const char *msg, int *seconds)
{
	int t, from, to, n, i, sq;
	size_t at;

	if (msg[0] != 'M' || (t = digits(msg + 1, 4)) < 0 ||
	    (from = digits(msg + 5, 2)) < 0 || (to = digits(msg + 7, 2)) < 0 ||
	    (n = digits(msg + 9, 2)) < 0 || strlen(msg) != 11 + 2 * (size_t)n)
		return -1;
	at = (size_t)snprintf(hub, size, "%d%c%d", from, n > 0 ? 'x' : '-',
	    to);
	for (i = 0; i < n && at < size; i++) {
		if ((sq = digits(msg + 11 + 2 * i, 2)) < 0)
			return -1;
		at += (size_t)snprintf(hub + at, size - at, "x%d", sq);
	}
	if (at >= size)
		return -1;
	if (seconds != NULL)
		*seconds = t;
	return 0;
}

void
dxp_end_str(char *buf, int reason, int stop)
{
	buf[0] = 'E';
	buf[1] = (char)('0' + clamp(reason, 9));
	buf[2] = stop ? '1' : '0';
	buf[3] = '\0';
}

int
dxp_end_read(const char *msg, int *reason, int *stop)
{
	if (msg[0] != 'E' || strlen(msg) != 3 ||
	    (*reason = digits(msg + 1, 1)) < 0 ||
	    (*stop = digits(msg + 2, 1)) < 0)
		return -1;
	return 0;
}
