/*
 * Players' names, for every tool that groups or selects games by player
 * (pdn-standings, pdn-select, pdn-find): one name under its many
 * spellings.
 *
 * Two spellings name the same player when they fold alike
 * (player_fold()): letters in lower case, the accented Latin letters as
 * the ASCII ones they are written with, in UTF-8 or Latin-1 alike, dots
 * as blanks, no blank beside a comma, runs of blanks one:
 * "Heusdens, R." and "Heusdens,R" fold to "heusdens,r", "Gérard Jansen"
 * (UTF-8 or Latin-1) and "Gerard Jansen" to "gerard jansen".  Others
 * are merged only by a spelling file (player_aliases_read()).  A player
 * is shown under the canonical name of his spelling file's block, else
 * under his most frequent spelling (of equal counts, the first in the
 * order of bytes).
 *
 * A spelling file (pdn(5)), in the manner of SCID's: a block per player,
 * his canonical name on a line of its own, then each other spelling on a
 * line that starts with "="; lines that start with "%" or "#", and blank
 * lines, are comments.  "@PLAYER" starts the players' section; the
 * blocks of any other section ("@EVENT", "@SITE"...) are skipped.  A
 * line NAME, a tab, CANONICAL is a block of two (the older form).
 */
#ifndef GAMES_PLAYER_H
#define GAMES_PLAYER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <pdn/pdn.h>

#include "strtab.h"

/* The longest folded name or spelling kept, NUL included. */
#define PLAYER_MAX	512

/*
 * s[0..len) folded into buf (size bytes, NUL-ended, truncated to fit):
 * the key two spellings of one player share.  Returns its length.
 */
size_t player_fold(char *buf, size_t size, const char *s, size_t len);

/*
 * s[0..len) with case and accents folded only (the letters as
 * player_fold() makes them; every other byte as it is), for "contains"
 * in any case or accent.  Returns the length.
 */
size_t player_fold_text(char *buf, size_t size, const char *s, size_t len);

/*
 * A spelling as it is kept and shown: blanks at both ends removed, every
 * run of them inside made one space.  Returns the length.
 */
size_t player_trim(char *buf, size_t size, const char *s, size_t len);

/*
 * Whether folded s contains folded sub: as a substring, or each word of
 * sub (letters, digits, non-ASCII bytes) beginning a word of s, in any
 * order ("t sijbrands" in "sijbrands,t").  An empty sub is in any s.
 */
int player_contains(const char *s, const char *sub);


/*
 * A spelling file read: each name of a block (folded) to its block, and
 * each block's canonical name.
 */
struct player_aliases {
	struct strtab names;	/* folded names ... */
	uint32_t *block;		/* ... their block */
	char **canon;			/* by block */
	size_t nblocks;
};

/*
 * Reads spelling file `path` into *a (zeroed first).  Returns 0, or 2
 * after saying what is wrong (file:line: error: ...) on standard error.
 */
int player_aliases_read(struct player_aliases *a, const char *path);
/* The block of folded name key[0..len), or -1. */
long player_alias(const struct player_aliases *a, const char *key,
    size_t len);
void player_aliases_free(struct player_aliases *a);

/*
 * The players met: each spelling (trimmed) to its player and how often
 * it was met, each player (the folded key, or the block of a spelling
 * file) to a number from 0.
 */
struct player_roster {
	const struct player_aliases *aliases;	/* or NULL */
	struct strtab keys;		/* "\1" and a block's number, or a key */
	struct strtab spell;	/* the spellings */
	uint32_t *spell_player;
	uint64_t *spell_count;
	size_t spell_cap;
	void *names;			/* player_name()'s */
};

/* Zeroes *r; aliases (may be NULL) must outlive it. */
void player_roster_init(struct player_roster *r,
    const struct player_aliases *aliases);
/*
 * The number of the player of spelling s[0..len) (trimmed), met once
 * more; -1 out of memory.
 */
long player_add(struct player_roster *r, const char *s, size_t len);
/* The number of the player that name s folds to, or -1 (none met). */
long player_find(const struct player_roster *r, const char *s);
/* How many players. */
size_t player_count(const struct player_roster *r);
/*
 * The name player i is shown by: his block's canonical name, else his
 * most frequent spelling.  NULL out of memory (the names are made at the
 * first call; no player_add() after it).
 */
const char *player_name(struct player_roster *r, size_t i);
void player_roster_free(struct player_roster *r);

/*
 * --player NAME (pdn-select, pdn-find): the names that contain NAME
 * (player_contains(), both folded by player_fold()), and with a spelling
 * file every spelling of a block one of whose names does.
 */
struct player_match {
	char *folded;
	const struct player_aliases *aliases;
	unsigned char *inblock;		/* by block: some name contains it */
};
/* 0, or -1 out of memory. */
int player_match_init(struct player_match *m, const char *name);
/* With spelling file a (which must outlive m): 0, or -1 out of memory. */
int player_match_aliases(struct player_match *m,
    const struct player_aliases *a);
/* Whether the name s[0..len) (a tag's value) is one NAME matches. */
int player_matches(const struct player_match *m, const char *s, size_t len);
void player_match_free(struct player_match *m);
/*
 * Whether each of the n NAMEs of m (--player, given n times) is White or
 * Black of g: the games of all those players.
 */
int player_game_has_all(const struct player_match *m, int n,
    const pdn_game *g);

/*
 * --suggest-aliases: the players of roster r (read without a spelling
 * file) that are likely one, as a spelling file to fp, most likely
 * first: the spellings that fold alike, the same surname with initials
 * that agree, surnames alike but for their transliteration (Dutch,
 * English, German spellings of Russian and Ukrainian names) or a pair of
 * letters swapped; each block's spellings with their games in a comment.
 * Returns 0, or -1 out of memory.
 */
int player_suggest(FILE *fp, const struct player_roster *r);

/*
 * The transliteration skeleton of a folded word (the key of
 * player_suggest()'s families): sj sh sch zj zh tsj tch ch, w and v,
 * oe and u, j y and i, ks and x, double letters written once.
 */
size_t player_skeleton(char *buf, size_t size, const char *w, size_t len);

#endif /* GAMES_PLAYER_H */
