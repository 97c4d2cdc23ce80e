/*
 * The Hub protocol's notation (version 2, Scan's protocol.txt;
 * pdn-match(1)): the position string, moves, and the
 * arguments of a line.  Shared by pdn-match and the test engine of
 * tests/hub/.  Private to the tools.
 */
#ifndef MATCH_HUB_H
#define MATCH_HUB_H

#include <stddef.h>

#include <pdn/pdn.h>

/* Enough for a position: side, up to 72 squares (12x12), NUL. */
#define HUB_POS_LEN	74
/* Enough for any move: from, to and 20 captured squares, "x" each. */
#define HUB_MOVE_LEN	96

/*
 * Writes `pos` as Hub's characters ("Wbbbb...eeewwww": the side, then one
 * a square, 51 on a 10x10 board; as many as its variant's board has
 * squares on another) into buf; returns their number.
 */
int hub_pos_str(char *buf, const pdn_position *pos);

/*
 * Reads Hub's position string (the side and a character a square of
 * variant v, then the end, a blank or a quote) into *pos, a board of v.
 * Returns 0, or -1 when it is none.
 */
int hub_pos_read(pdn_position *pos, const pdn_variant *v, const char *s);

/*
 * Writes move m of variant v as Hub writes it into buf (HUB_MOVE_LEN):
 * "32-28", or a capture "28x19x23": from, to, then each captured square,
 * the squares by number.
 */
void hub_move_str(char *buf, const pdn_variant *v, const pdn_move *m);

/*
 * The move of `legal` (the legal moves of a position of variant v) that
 * Hub's text s of len bytes names: its from and to squares and, for a
 * capture, the captured squares in any order (when none is listed the
 * from and to squares must tell it).  Returns it, or NULL when the text
 * is no move of the list (not a move, illegal, or ambiguous).
 */
const pdn_move *hub_move_find(const pdn_movelist *legal,
    const pdn_variant *v, const char *s, size_t len);

/*
 * The value of Hub's "variant" parameter for variant v: "normal" for
 * international draughts (Scan's name), the library's name of any other
 * ("frisian").
 */
const char *hub_variant_name(const pdn_variant *v);

/*
 * The value of argument `key` of a Hub line ("done move=32-28",
 * "id name=\"Scan 3.1\""), without its quotes, into buf of size bytes.
 * Returns its length, or -1 when the line has no such argument.  The
 * first word of the line (the command) is no argument.
 */
int hub_arg(const char *line, const char *key, char *buf, size_t size);

/*
 * Whether the line's command (its first word) is `cmd`.
 */
int hub_is(const char *line, const char *cmd);

/*
 * Appends `key=value` to b, the value quoted when it is empty or holds a
 * blank or '=' (after a blank).
 */
void hub_add_arg(pdn_buf *b, const char *key, const char *value);

#endif /* MATCH_HUB_H */
