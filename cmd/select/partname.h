/*
 * pdn-select --split-by: a tag's value made a part of a file name, and
 * names compared as a file system that ignores case compares them.
 */
#ifndef SELECT_PARTNAME_H
#define SELECT_PARTNAME_H

#include <stddef.h>
#include <stdint.h>

/* The most characters, and the most bytes, of a value in a file name. */
#define PARTNAME_CHARS	64
#define PARTNAME_BYTES	128

/*
 * Writes into dst (room for PARTNAME_BYTES + 1 bytes) the value s[0..len)
 * made a safe part of a file name, NUL-ended.  A byte that does not start
 * valid UTF-8 is read as Latin-1, as the reader reads it.  Kept: the ASCII
 * letters and digits, - _ + , = @, '.' but as the first character, and
 * every non-ASCII character but the controls (U+0080 to U+009F), the
 * spaces and the invisible format characters (zero widths, marks and
 * overrides of direction, U+FEFF); every other character ('/', a blank, a
 * control byte, NUL, the ASCII punctuation of shells) becomes '_'.  At
 * most PARTNAME_CHARS whole characters and PARTNAME_BYTES bytes; "_" for
 * nothing.
 */
void partname_make(char *dst, const char *s, size_t len);

/*
 * Whether the names a and b (UTF-8, as partname_make() writes them) are
 * alike but for the case of their letters (ASCII, Latin-1, Latin
 * Extended-A, Greek, Cyrillic): one file where case is ignored.
 */
int partname_same(const char *a, const char *b);

/* A hash of name that names partname_same() finds alike share. */
uint64_t partname_hash(const char *name);

#endif
