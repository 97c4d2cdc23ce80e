/*
 * What a stripped game leaves out (private to libpdn): one rule for the
 * stripped copy (pdn_game_strip(), gamecopy.c) and for the writer that
 * strips as it writes (pdn_write_options.strip, writer.c).
 */
#ifndef PDN_STRIP_H
#define PDN_STRIP_H

#include <stddef.h>

#include "pdn/write.h"

/* Whether element e stays in a game stripped of `what` (PDN_STRIP_*). */
int strip_kept(const pdn_elem *e, unsigned what);

/*
 * The text of comment s without its clock commands, into p (room for len
 * bytes and a NUL); returns its length, 0 when nothing but blanks is left.
 */
size_t strip_unclock(char *p, const char *s, size_t len);

#endif /* PDN_STRIP_H */
