/*
 * libpdn, the rules library of the pdn tools: the one header a program
 * includes.  Each layer of the library has a header of its own, from the
 * bottom up (lib/README.md draws them):
 *
 *   <pdn/core.h>        boards, variants, positions, moves, FEN, perft
 *   <pdn/diag.h>        diagnostics: codes, severities, the callback
 *   <pdn/lex.h>         the tokenizer
 *   <pdn/record.h>      the game record and the streaming reader
 *   <pdn/replay.h>      the played game: setups, lines, readings
 *   <pdn/rules.h>       rules profiles and the draw-rules tracker
 *   <pdn/adjudicate.h>  the verdict of the rules on a record
 *   <pdn/write.h>       canonical PDN, copies of a game
 *
 * A header includes the ones below it, so a program may also include
 * only what it uses.
 */
#ifndef PDN_PDN_H
#define PDN_PDN_H

#include <pdn/core.h>
#include <pdn/diag.h>
#include <pdn/lex.h>
#include <pdn/record.h>
#include <pdn/replay.h>
#include <pdn/rules.h>
#include <pdn/adjudicate.h>
#include <pdn/write.h>

#endif /* PDN_PDN_H */
