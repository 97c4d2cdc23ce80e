/*
 * Output helpers the tools share for their machine-readable formats: TSV
 * fields, JSON strings, and YAML through libyaml's emitter (one stream per
 * output file, one document per record).
 */
#ifndef EMIT_H
#define EMIT_H

#include <stddef.h>
#include <stdio.h>

#include <yaml.h>

#include <pdn/pdn.h>

/*
 * TSV, the one rule of every tool's -f tsv: fields are separated by tabs
 * and a record ends with a line feed; in a field a tab, a line feed, a
 * carriage return and a backslash are written \t, \n, \r and \\, every
 * other byte as it is, so that no field is cut or lost and each reads
 * back exactly.
 *
 * emit_tsv_field() writes s[0..len) (any bytes) as a field;
 * emit_tsv_cstr() a NUL-ended s (NULL: an empty field).
 */
void emit_tsv_field(FILE *fp, const char *s, size_t len);
void emit_tsv_cstr(FILE *fp, const char *s);

/*
 * Appends s[0..len) (any bytes) as a field to b; emit_tsv_fields()
 * appends the NUL-ended f[0..n) (NULL: empty), each after a tab when
 * `tab` is nonzero, else between tabs, into room made once.  Out of
 * memory sets b->oom.
 */
void emit_tsv_add(pdn_buf *b, const char *s, size_t len);
void emit_tsv_fields(pdn_buf *b, const char *const *f, size_t n, int tab);

/*
 * A record of the NUL-ended fields f[0..n) (NULL: empty), tab-separated,
 * and its line feed.
 */
void emit_tsv_row(FILE *fp, const char *const *f, size_t n);

/* Writes s (len bytes, any bytes) as a JSON string literal. */
void emit_json_str(FILE *fp, const char *s, size_t len);

/* The same for a NUL-ended string; NULL is written as null. */
void emit_json_cstr(FILE *fp, const char *s);

/*
 * Opens a JSON object with the fields that identify a game in every
 * record (pdn-parse(1), "Output"): {"file":...,"game":N,"line":N,"offset":N
 * without the closing brace, for the caller's own fields to follow.
 */
void emit_json_game_id(FILE *fp, const pdn_game *g);

/*
 * A YAML stream on a FILE.  After the first failure of the emitter every
 * later event is dropped and emit_yaml_close() reports the problem.
 */
struct yout {
	yaml_emitter_t emitter;
	int ok;			/* the emitter is set up */
	int failed;		/* an event could not be emitted */
};

/* Sets up the emitter on fp and starts the stream.  Returns 0 or 2. */
int emit_yaml_open(struct yout *y, FILE *fp);

/*
 * Ends the stream and releases the emitter (nothing when it was never set
 * up).  Returns 0, or 2 after printing why the stream is incomplete.
 */
int emit_yaml_close(struct yout *y);

/* Starts (start nonzero) or ends a document, a mapping, a sequence. */
void emit_yaml_doc(struct yout *y, int start);
void emit_yaml_map(struct yout *y, int start);
void emit_yaml_seq(struct yout *y, int start);

/* A scalar of len bytes: plain, or double-quoted when quoted is nonzero. */
void emit_yaml_scalar(struct yout *y, const char *s, size_t len, int quoted);

/* A literal block scalar ("|"), for text of several lines. */
void emit_yaml_block(struct yout *y, const char *s, size_t len);

/* A mapping key (plain). */
void emit_yaml_key(struct yout *y, const char *k);

/* A double-quoted string; NULL is written as a plain null. */
void emit_yaml_str(struct yout *y, const char *s);

/* The keys file, game, line and offset of g, inside an open mapping. */
void emit_yaml_game_id(struct yout *y, const pdn_game *g);

/* A key and its value: a number, a string (NULL: null), a boolean. */
void emit_yaml_num_at(struct yout *y, const char *key, long long v);
void emit_yaml_str_at(struct yout *y, const char *key, const char *s);
void emit_yaml_bool_at(struct yout *y, const char *key, int v);

/* A number when `present`, else null (a field with no value). */
void emit_yaml_num_or_null(struct yout *y, long long v, int present);

/* A boolean: true or false. */
void emit_yaml_bool(struct yout *y, int v);

#endif /* EMIT_H */
