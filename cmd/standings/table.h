/*
 * pdn-standings: a report is a table of rows of cells (table.c), written
 * aligned for the terminal (by display width), as TSV, JSON Lines, YAML
 * or HTML.  Each cell is a string; numbers, booleans and absent values
 * say so, for the machine formats.
 */
#ifndef STANDINGS_TABLE_H
#define STANDINGS_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "emit.h"

enum { OUT_TEXT, OUT_TSV, OUT_JSON, OUT_YAML, OUT_HTML, OUT_SVG };

enum { CELL_STR, CELL_NUM, CELL_BOOL, CELL_NULL };

/* The colour of a result cell in HTML (table_class()). */
enum { CLS_NONE, CLS_WIN, CLS_DRAW, CLS_LOSS, CLS_FORFEIT, CLS_BYE };

struct tcol {
	const char *key;	/* machine formats */
	const char *head;	/* text and HTML */
	int right;		/* aligned to the right in text */
	int text_only;		/* not in the machine formats */
	int machine_only;	/* not in text nor HTML */
};

struct table {
	char *title;		/* text heading, or NULL */
	struct tcol *cols;
	size_t ncols;
	/*
	 * The cells row by row: their texts one after another in text,
	 * each at its offset (TAB_NONE: an absent value), so that a table of
	 * a million cells costs two buffers, not a million allocations.
	 */
	size_t *off;
	char *text;
	size_t tlen, tcap;
	unsigned char *kind;
	size_t ncells, cap;
	char **notes;		/* lines after the table (text, HTML) */
	size_t nnotes;
	unsigned char *cls;	/* HTML: each cell's CLS_*, or NULL: none */
	char *sub;		/* HTML: a line under the title, or NULL */
	int oom;
};

#define TAB_NONE	((size_t)-1)

/* A table of ncols columns (set each with table_col()); title copied. */
void table_init(struct table *t, size_t ncols, const char *title);
void table_col(struct table *t, size_t i, const char *key, const char *head,
    int right);
/* Appends a cell of the given kind (a copy of s; NULL: an absent value). */
void table_cell(struct table *t, int kind, const char *s);
void table_str(struct table *t, const char *s);
void table_fmt(struct table *t, int kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A cell of the number v; table_fmt_long() writes it into buf (24 bytes) and
 * returns its length. */
void table_long(struct table *t, int kind, long v);
size_t table_fmt_long(char *buf, long v);
/* A cell of v as "%.1f" writes it. */
void table_tenths(struct table *t, int kind, double v);
void table_note(struct table *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The HTML class (CLS_*) of the last cell added. */
void table_class(struct table *t, int cls);
/* HTML: a line under the title (the event's header); a copy. */
void table_sub(struct table *t, const char *s);
void table_free(struct table *t);

/*
 * The output of a run: its format, its stream, and what was written of
 * it (the TSV header once, the YAML stream, the HTML page).
 */
struct tout {
	FILE *fp;
	int fmt;		/* OUT_* */
	int header;		/* TSV: write the header line */
	int tables;		/* tables written */
	struct yout y;
	int yopen;
};

/* Writes t; tables of one run have the same columns in TSV. */
void table_write(struct tout *o, const struct table *t);

/*
 * Starts and ends a page (HTML: the document, its legend and the script
 * that sorts its tables by a column; YAML: the stream).
 */
int table_out_start(struct tout *o, const char *title);
int table_out_end(struct tout *o);

/* Writes s as HTML text (escaped). */
void table_html_text(FILE *fp, const char *s);

#endif /* STANDINGS_TABLE_H */
