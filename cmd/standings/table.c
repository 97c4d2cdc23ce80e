/*
 * pdn-standings: tables and their formats (table.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "emit.h"
#include "render.h"
#include "table.h"

void
table_init(struct table *t, size_t ncols, const char *title)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	if ((t->cols = calloc(ncols, sizeof(*t->cols))) == NULL)
		t->oom = 1;
	if (title != NULL && (t->title = strdup(title)) == NULL)
		t->oom = 1;
}

void
table_col(struct table *t, size_t i, const char *key, const char *head,
    int right)
{
	if (t->cols == NULL || i >= t->ncols)
		return;
	t->cols[i].key = key;
	t->cols[i].head = head;
	t->cols[i].right = right;
}

/* A cell of s, len bytes and a NUL (s NULL: an absent value). */
static void
cell(struct table *t, int kind, const char *s, size_t len)
{
	size_t *no, cap;
	unsigned char *nk;
	char *nt;

	if (s != NULL)
		len++;
	if (t->ncells == t->cap) {
		cap = t->cap == 0 ? 64 : 2 * t->cap;
		no = realloc(t->off, cap * sizeof(*no));
		if (no != NULL)
			t->off = no;
		nk = realloc(t->kind, cap);
		if (nk != NULL)
			t->kind = nk;
		if (no == NULL || nk == NULL) {
			t->oom = 1;
			return;
		}
		if (t->cls != NULL) {
			if ((nk = realloc(t->cls, cap)) == NULL) {
				t->oom = 1;
				return;
			}
			memset(nk + t->cap, 0, cap - t->cap);
			t->cls = nk;
		}
		t->cap = cap;
	}
	if (t->tlen + len > t->tcap) {
		cap = t->tcap == 0 ? 1024 : 2 * t->tcap;
		while (cap < t->tlen + len)
			cap *= 2;
		if ((nt = realloc(t->text, cap)) == NULL) {
			t->oom = 1;
			return;
		}
		t->text = nt;
		t->tcap = cap;
	}
	if (s == NULL) {
		kind = CELL_NULL;
		t->off[t->ncells] = TAB_NONE;
	} else {
		memcpy(t->text + t->tlen, s, len);
		t->off[t->ncells] = t->tlen;
		t->tlen += len;
	}
	t->kind[t->ncells++] = (unsigned char)kind;
}

void
table_class(struct table *t, int cls)
{
	if (t->ncells == 0 || t->oom)
		return;
	if (t->cls == NULL && (t->cls = calloc(t->cap, 1)) == NULL) {
		t->oom = 1;
		return;
	}
	t->cls[t->ncells - 1] = (unsigned char)cls;
}

void
table_sub(struct table *t, const char *s)
{
	free(t->sub);
	if ((t->sub = strdup(s)) == NULL)
		t->oom = 1;
}

void
table_cell(struct table *t, int kind, const char *s)
{
	cell(t, kind, s, s != NULL ? strlen(s) : 0);
}

/* Cell i's text, or NULL for an absent value. */
static const char *
cell_at(const struct table *t, size_t i)
{
	return t->off[i] == TAB_NONE ? NULL : t->text + t->off[i];
}

void
table_str(struct table *t, const char *s)
{
	table_cell(t, CELL_STR, s);
}

void
table_fmt(struct table *t, int kind, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	table_cell(t, kind, buf);
}

/*
 * A number as a cell, without printf: standings print one per column and
 * row, up to a million of them.
 */
void
table_long(struct table *t, int kind, long v)
{
	char buf[24];
	size_t len = table_fmt_long(buf, v);

	cell(t, kind, buf, len);
}

size_t
table_fmt_long(char *buf, long v)
{
	if (v < 0) {
		buf[0] = '-';
		return 1 + (size_t)cli_utoa(0ULL - (unsigned long long)v,
		    buf + 1);
	}
	return (size_t)cli_utoa((unsigned long long)v, buf);
}

/*
 * A cell of v with one decimal, as printf's "%.1f" writes it: by hand
 * when v * 10 is clearly off a half (the rounding then cannot differ),
 * by snprintf() at a tie.  The score column of a standings table: 2,000
 * instructions a cell by snprintf(), about 100 so.
 */
void
table_tenths(struct table *t, int kind, double v)
{
	char buf[40];
	double f = v * 10, r = floor(f);
	long n;
	size_t len;

	/* Negative values (none in a score) and ties: snprintf(). */
	if (!(f >= 0 && f < 1e15) || fabs(f - r - 0.5) < 1e-6) {
		snprintf(buf, sizeof(buf), "%.1f", v);
		table_cell(t, kind, buf);
		return;
	}
	n = (long)(f - r > 0.5 ? r + 1 : r);
	len = table_fmt_long(buf, n / 10);
	buf[len++] = '.';
	buf[len++] = (char)('0' + n % 10);
	buf[len] = '\0';
	cell(t, kind, buf, len);
}

void
table_note(struct table *t, const char *fmt, ...)
{
	char buf[1024], **nn;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if ((nn = realloc(t->notes, (t->nnotes + 1) * sizeof(*nn))) == NULL ||
	    (nn[t->nnotes] = strdup(buf)) == NULL) {
		if (nn != NULL)
			t->notes = nn;
		t->oom = 1;
		return;
	}
	t->notes = nn;
	t->nnotes++;
}

void
table_free(struct table *t)
{
	size_t i;

	for (i = 0; i < t->nnotes; i++)
		free(t->notes[i]);
	free(t->off);
	free(t->text);
	free(t->kind);
	free(t->cls);
	free(t->sub);
	free(t->notes);
	free(t->cols);
	free(t->title);
	memset(t, 0, sizeof(*t));
}

/* --- display width -------------------------------------------------- */

/* Code points that take two columns (East Asian wide and full width). */
static int
wide(unsigned long c)
{
	return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0x303e) ||
	    (c >= 0x3041 && c <= 0x33ff) || (c >= 0x3400 && c <= 0x4dbf) ||
	    (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xa000 && c <= 0xa4cf) ||
	    (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
	    (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
	    (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f) ||
	    (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x3fffd);
}

/* Combining marks, which take none. */
static int
combining(unsigned long c)
{
	return (c >= 0x0300 && c <= 0x036f) || (c >= 0x0483 && c <= 0x0489) ||
	    (c >= 0x0591 && c <= 0x05bd) || (c >= 0x1ab0 && c <= 0x1aff) ||
	    (c >= 0x1dc0 && c <= 0x1dff) || (c >= 0x20d0 && c <= 0x20ff) ||
	    (c >= 0xfe20 && c <= 0xfe2f) || c == 0x200b || c == 0x200d;
}

/* The display width of s, and its length into *len. */
static size_t
measure(const char *s, size_t *len)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c;
	size_t w = 0;
	int n, i;

	while (*p != '\0') {
		if (*p < 0x80) {
			w++;
			p++;
			continue;
		}
		n = *p >= 0xf0 && *p < 0xf5 ? 3 : *p >= 0xe0 ? 2 :
		    *p >= 0xc2 ? 1 : -1;
		if (*p >= 0xf5)
			n = -1;
		c = *p & (0x3f >> n);
		for (i = 1; n > 0 && i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				break;
			c = c << 6 | (p[i] & 0x3f);
		}
		/* A byte of no valid sequence takes a column, as '?'. */
		if (n < 0 || i <= n) {
			w++;
			p++;
			continue;
		}
		w += combining(c) ? 0 : wide(c) ? 2 : 1;
		p += n + 1;
	}
	*len = (size_t)(p - (const unsigned char *)s);
	return w;
}

/* The display width of the UTF-8 string s (wide characters count 2). */
static size_t
table_display_width(const char *s)
{
	size_t len;

	return measure(s, &len);
}

/* --- formats -------------------------------------------------------- */

/* HTML text, escaped as the SVG pictures' (render_xml_text()). */
void
table_html_text(FILE *fp, const char *s)
{
	pdn_buf b = { 0 };

	if (s == NULL)
		return;
	render_xml_text(&b, s);
	if (b.len > 0)
		fwrite(b.data, 1, b.len, fp);
	pdn_buf_free(&b);
}

static int
in_text(const struct tcol *c)
{
	return !c->machine_only;
}

static int
in_machine(const struct tcol *c)
{
	return !c->text_only;
}

/*
 * The aligned text of t.  Each cell's display width and length are
 * measured once, and the table goes out in one buffer, each row written
 * into room made for it first: a standings table of a 348k-game file has
 * a million cells, and a fputs() and two width scans of each cost a tenth
 * of the run (callgrind: table_write 714M of 10.45G instructions on 179,400
 * games before); a pdn_buf_add() of each piece, 180M of the 423M left on
 * the bench games given players and rounds (bench/60-standings.sh).
 */
static void
write_text(struct tout *o, const struct table *t)
{
	size_t nrows = t->ncols > 0 ? t->ncells / t->ncols : 0, r, c, w, k, i;
	size_t *width, *cw, *cl, last = 0, room = 1, len;
	pdn_buf out = { 0 };
	const char *s;
	char *at;
	size_t pad;

	width = calloc(t->ncols + 1, sizeof(*width));
	cw = malloc((t->ncells + 1) * sizeof(*cw));
	cl = malloc((t->ncells + 1) * sizeof(*cl));
	if (width == NULL || cw == NULL || cl == NULL) {
		free(width);
		free(cw);
		free(cl);
		return;
	}
	for (c = 0; c < t->ncols; c++) {
		if (!in_text(&t->cols[c]))
			continue;
		last = c;
		width[c] = table_display_width(t->cols[c].head);
		for (r = 0; r < nrows; r++) {
			i = r * t->ncols + c;
			s = cell_at(t, i);
			cl[i] = 0;
			cw[i] = s != NULL ? measure(s, &cl[i]) : 0;
			if (cw[i] > width[c])
				width[c] = cw[i];
		}
		/* A row's bytes: at most each width, two blanks, the texts. */
		room += width[c] + 2;
	}
	if (o->tables > 0)
		pdn_buf_add(&out, "\n", 1);
	if (t->title != NULL) {
		pdn_buf_add(&out, t->title, strlen(t->title));
		pdn_buf_add(&out, "\n", 1);
	}
	for (r = 0; r <= nrows; r++) {
		len = room + 8;
		for (c = 0; c < t->ncols && r > 0; c++)
			if (in_text(&t->cols[c]))
				len += cl[(r - 1) * t->ncols + c];
		for (c = 0; c < t->ncols && r == 0; c++)
			if (in_text(&t->cols[c]))
				len += strlen(t->cols[c].head);
		if (pdn_buf_reserve(&out, len) != 0)
			break;
		at = out.data + out.len;
		pad = 0;
		for (c = 0; c < t->ncols; c++) {
			if (!in_text(&t->cols[c]))
				continue;
			i = (r - 1) * t->ncols + c;
			s = r == 0 ? t->cols[c].head : cell_at(t, i);
			w = r == 0 ? table_display_width(s) : cw[i];
			k = r == 0 ? strlen(s) : cl[i];
			/*
			 * Two blanks between columns; none at a line's end.
			 * A few bytes each, not a call of memset() and one of
			 * memcpy(): a pad of up to 8 is 8 blanks stored at
			 * once (the row's room has 8 bytes more), the text
			 * copied by hand.  The calls took 17 of the 102
			 * million instructions of table_write() on 20 MB of the
			 * bench games given players and rounds
			 * (bench/60-standings.sh).
			 */
			if (t->cols[c].right)
				pad += width[c] - w;
			if (pad <= 8)
				memcpy(at, "        ", 8);
			else
				memset(at, ' ', pad);
			at += pad;
			while (k-- > 0)
				*at++ = *s++;
			pad = t->cols[c].right ? 0 : width[c] - w;
			if (c < last)
				pad += 2;
		}
		/* No blanks at a line's end (an empty last cell). */
		while (at > out.data + out.len && at[-1] == ' ')
			at--;
		*at++ = '\n';
		out.len = (size_t)(at - out.data);
	}
	for (k = 0; k < t->nnotes; k++) {
		pdn_buf_add(&out, t->notes[k], strlen(t->notes[k]));
		pdn_buf_add(&out, "\n", 1);
	}
	if (out.len > 0)
		fwrite(out.data, 1, out.len, o->fp);
	pdn_buf_free(&out);
	free(width);
	free(cw);
	free(cl);
}

static void
write_tsv(struct tout *o, const struct table *t)
{
	size_t nrows = t->ncols > 0 ? t->ncells / t->ncols : 0, r, c;
	int first;

	if (o->header && o->tables == 0) {
		first = 1;
		for (c = 0; c < t->ncols; c++)
			if (in_machine(&t->cols[c])) {
				if (!first)
					fputc('\t', o->fp);
				emit_tsv_cstr(o->fp, t->cols[c].key);
				first = 0;
			}
		fputc('\n', o->fp);
	}
	for (r = 0; r < nrows; r++) {
		first = 1;
		for (c = 0; c < t->ncols; c++) {
			if (!in_machine(&t->cols[c]))
				continue;
			if (!first)
				fputc('\t', o->fp);
			first = 0;
			emit_tsv_cstr(o->fp, cell_at(t, r * t->ncols + c));
		}
		fputc('\n', o->fp);
	}
}

static void
write_json(struct tout *o, const struct table *t)
{
	size_t nrows = t->ncols > 0 ? t->ncells / t->ncols : 0, r, c, i;
	int first;

	for (r = 0; r < nrows; r++) {
		first = 1;
		for (c = 0; c < t->ncols; c++) {
			if (!in_machine(&t->cols[c]))
				continue;
			i = r * t->ncols + c;
			fprintf(o->fp, "%s\"%s\":", first ? "{" : ",",
			    t->cols[c].key);
			first = 0;
			if (t->kind[i] == CELL_NULL)
				fputs("null", o->fp);
			else if (t->kind[i] == CELL_STR)
				emit_json_cstr(o->fp, cell_at(t, i));
			else
				fputs(cell_at(t, i), o->fp);
		}
		fputs("}\n", o->fp);
	}
}

static void
write_yaml(struct tout *o, const struct table *t)
{
	size_t nrows = t->ncols > 0 ? t->ncells / t->ncols : 0, r, c, i;

	for (r = 0; r < nrows; r++) {
		emit_yaml_doc(&o->y, 1);
		emit_yaml_map(&o->y, 1);
		for (c = 0; c < t->ncols; c++) {
			if (!in_machine(&t->cols[c]))
				continue;
			i = r * t->ncols + c;
			emit_yaml_key(&o->y, t->cols[c].key);
			if (t->kind[i] == CELL_STR)
				emit_yaml_str(&o->y, cell_at(t, i));
			else if (t->kind[i] == CELL_NULL)
				emit_yaml_str(&o->y, NULL);
			else
				emit_yaml_scalar(&o->y, cell_at(t, i),
				    strlen(cell_at(t, i)), 0);
		}
		emit_yaml_map(&o->y, 0);
		emit_yaml_doc(&o->y, 0);
	}
}

static void
write_html(struct tout *o, const struct table *t)
{
	size_t nrows = t->ncols > 0 ? t->ncells / t->ncols : 0, r, c, k;
	const char *s;

	static const char *const cls[] = { "", "w", "d", "l", "f", "y" };
	int k2;

	if (t->title != NULL) {
		fputs("<h2>", o->fp);
		table_html_text(o->fp, t->title);
		fputs("</h2>\n", o->fp);
	}
	if (t->sub != NULL) {
		fputs("<p class=\"meta\">", o->fp);
		table_html_text(o->fp, t->sub);
		fputs("</p>\n", o->fp);
	}
	/* A box of its own that scrolls, not the page, on a small screen. */
	fputs("<div class=\"box\"><table class=\"sortable\">\n<thead><tr>",
	    o->fp);
	for (c = 0; c < t->ncols; c++)
		if (in_text(&t->cols[c])) {
			fputs("<th>", o->fp);
			table_html_text(o->fp, t->cols[c].head);
			fputs("</th>", o->fp);
		}
	fputs("</tr></thead>\n<tbody>\n", o->fp);
	for (r = 0; r < nrows; r++) {
		fputs("<tr>", o->fp);
		for (c = 0; c < t->ncols; c++) {
			if (!in_text(&t->cols[c]))
				continue;
			s = cell_at(t, r * t->ncols + c);
			k2 = t->cls != NULL ? t->cls[r * t->ncols + c] : 0;
			if (t->cols[c].right || k2 != 0)
				fprintf(o->fp, "<td class=\"%s%s%s\">",
				    t->cols[c].right ? "n" : "",
				    t->cols[c].right && k2 != 0 ? " " : "",
				    cls[k2]);
			else
				fputs("<td>", o->fp);
			table_html_text(o->fp, s);
			fputs("</td>", o->fp);
		}
		fputs("</tr>\n", o->fp);
	}
	fputs("</tbody>\n</table></div>\n", o->fp);
	for (k = 0; k < t->nnotes; k++) {
		fputs("<p>", o->fp);
		table_html_text(o->fp, t->notes[k]);
		fputs("</p>\n", o->fp);
	}
}

void
table_write(struct tout *o, const struct table *t)
{
	switch (o->fmt) {
	case OUT_TEXT:
		write_text(o, t);
		break;
	case OUT_TSV:
		write_tsv(o, t);
		break;
	case OUT_JSON:
		write_json(o, t);
		break;
	case OUT_YAML:
		write_yaml(o, t);
		break;
	case OUT_HTML:
		write_html(o, t);
		break;
	}
	o->tables++;
}

/* The page's legend: what the heads and the cells of its tables say. */
static void
legend(FILE *fp)
{
	static const char *const items[][2] = {
		{ "#", "place (shared places have one number)" },
		{ "No", "start number (Swiss crosstables; opponents are named "
		    "by it)" },
		{ "Pts, G, W, D, L, %", "points, games, wins, draws, losses, "
		    "percentage of the points possible" },
		{ "Dir", "points against the players of equal points" },
		{ "SB", "Sonneborn-Berger: opponents' points, whole for a win, "
		    "half for a draw" },
		{ "Solk, Cut1", "Solkoff: the opponents' points; Cut1 without "
		    "the lowest" },
		{ "Koya", "points against the players of half the points or "
		    "more" },
		{ "PO", "points in the play-off games between the tied" },
		{ "By", "what placed the player below the one above: Pts, a "
		    "tie-break, = a shared place" },
		{ "5w2", "Swiss cell: opponent's start number, colour (w, b), "
		    "points" },
		{ "x, .", "the diagonal of a grid; no game" },
		{ "+, -, =", "a forfeit won, lost, drawn (not played, not "
		    "rated); bye2: a bye and its points" },
		{ "?", "a provisional rating (fewer games than --provisional)" },
		{ "TPR", "performance rating of the period's games" },
		{ "Low, High, LOS", "95% interval of a maximum-likelihood "
		    "rating; likelihood of superiority over the next" },
	};
	size_t i;

	fputs("<details open><summary>Legend</summary>\n"
	    "<dl class=\"legend\">\n", fp);
	for (i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		fputs("<dt>", fp);
		table_html_text(fp, items[i][0]);
		fputs("</dt><dd>", fp);
		table_html_text(fp, items[i][1]);
		fputs("</dd>\n", fp);
	}
	fputs("</dl>\n<p>Cells: <span style=\"background:#c8e6c9\">win"
	    "</span> <span style=\"background:#fff3c4\">draw</span> "
	    "<span style=\"background:#ffcdd2\">loss</span> "
	    "<span style=\"background:#e0e0e0\">forfeit</span> "
	    "<span style=\"background:#e3f2fd\">bye</span>; a click on "
	    "a column's head sorts its table.</p>\n</details>\n", fp);
}

int
table_out_start(struct tout *o, const char *title)
{
	if (o->fmt == OUT_YAML) {
		if (emit_yaml_open(&o->y, o->fp) != 0)
			return 2;
		o->yopen = 1;
	} else if (o->fmt == OUT_HTML) {
		fputs("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
		    "<title>", o->fp);
		table_html_text(o->fp, title);
		fputs("</title>\n"
		    "<meta name=\"viewport\" content=\"width=device-width, "
		    "initial-scale=1\">\n<style>\n"
		    "body { font-family: sans-serif; margin: 0 auto; "
		    "padding: 0 8px; max-width: 1240px; }\n"
		    "div.box { overflow-x: auto; max-width: 100%; }\n"
		    "table { border-collapse: collapse; margin: 0.5em 0 1em; }\n"
		    "th, td { border: 1px solid #999; padding: 2px 6px; "
		    "white-space: nowrap; }\n"
		    "th { background: #eee; cursor: pointer; }\n"
		    "td.n { text-align: right; }\n"
		    "td.w { background: #c8e6c9; }\n"
		    "td.d { background: #fff3c4; }\n"
		    "td.l { background: #ffcdd2; }\n"
		    "td.f { background: #e0e0e0; font-style: italic; }\n"
		    "td.y { background: #e3f2fd; }\n"
		    "p.meta { color: #444; margin: 0; }\n"
		    "dl.legend { display: grid; grid-template-columns: "
		    "max-content auto; gap: 0 1em; font-size: 90%; }\n"
		    "dl.legend dt { font-weight: bold; }\n"
		    "dl.legend dd { margin: 0; }\n"
		    "@media (max-width: 600px) { body { font-size: 85%; } "
		    "th, td { padding: 1px 3px; } }\n"
		    "</style>\n</head>\n<body>\n<h1>", o->fp);
		table_html_text(o->fp, title);
		fputs("</h1>\n", o->fp);
		legend(o->fp);
	}
	return 0;
}

int
table_out_end(struct tout *o)
{
	/*
	 * Sorting by a column, a click on its head (again: the other way):
	 * numbers as numbers, the rest as text.  Without the script the
	 * tables stay as written.
	 */
	if (o->fmt == OUT_HTML)
		fputs("<script>\n"
		    "document.querySelectorAll('table.sortable').forEach("
		    "function (t) {\n"
		    "  t.querySelectorAll('thead th').forEach(function (th, i) {\n"
		    "    th.addEventListener('click', function () {\n"
		    "      var b = t.tBodies[0], up = th.dataset.up !== '1';\n"
		    "      var rows = Array.prototype.slice.call(b.rows);\n"
		    "      rows.sort(function (x, y) {\n"
		    "        var p = x.cells[i].textContent, "
		    "q = y.cells[i].textContent;\n"
		    "        var m = parseFloat(p), n = parseFloat(q);\n"
		    "        var c = !isNaN(m) && !isNaN(n) ? m - n : "
		    "p.localeCompare(q);\n"
		    "        return up ? c : -c;\n"
		    "      });\n"
		    "      th.dataset.up = up ? '1' : '0';\n"
		    "      rows.forEach(function (r) { b.appendChild(r); });\n"
		    "    });\n"
		    "  });\n"
		    "});\n"
		    "</script>\n</body>\n</html>\n", o->fp);
	if (o->yopen) {
		o->yopen = 0;
		return emit_yaml_close(&o->y);
	}
	return 0;
}
