/*
 * The opening tree from a position (pdn-find --tree, pdn-index tree): for
 * each move played there, the games that played it, how they ended
 * (white wins, draws, black wins), the average rating of the players who
 * played it, the first and last year, and the reply most often played
 * after it; a last row for the games that end in the position.
 *
 * The tree is made on the main thread with its position; tree_resolve()
 * only reads it (the threads of -j call it), tree_count() and
 * tree_print() are the main thread's.
 */
#ifndef TREE_H
#define TREE_H

#include <stdio.h>

#include <pdn/pdn.h>

struct tree;

/* The formats of tree_print(). */
enum { TREE_TEXT, TREE_TSV, TREE_JSON };

/* A tree from position root (copied); NULL when out of memory. */
struct tree *tree_new(const pdn_position *root);
void tree_free(struct tree *t);

/*
 * The numbers of a game's move from the root, `move` (NULL: the game ends
 * there), and of the reply after it, `next` (NULL: none), as tree_count()
 * takes them: *mi the move's (-1 when it is no legal move of the root,
 * tree_count() then leaves the game out), *ni the reply's (-1: none).
 */
void tree_resolve(const struct tree *t, const pdn_move *move,
    const pdn_move *next, int *mi, int *ni);

/*
 * The same from squares (pdn-index stores a move's from and to squares):
 * from 0 for a game that ends there, next_from 0 for no reply.  Returns
 * 0, or -1 when the squares fit several legal moves (captures by other
 * paths), which the caller then resolves by the moves themselves.
 */
int tree_resolve_squares(const struct tree *t, int from, int to,
    int next_from, int next_to, int *mi, int *ni);

/*
 * Counts a game: its move and reply (tree_resolve()), its outcome, the
 * rating of the player who moved (0: none), its year (0: none).
 */
void tree_count(struct tree *t, int mi, int ni, pdn_outcome outcome,
    int rating, int year);

/*
 * The rating of the player to move at the root, as tags_rating() reads
 * it (0: none).  The year tree_count() takes is tags_year()'s.
 */
int tree_rating(const struct tree *t, const pdn_game *g);

/* The games counted so far. */
long tree_games(const struct tree *t);

/*
 * The position after the root's move i (0 to tree_moves() - 1) and the
 * games counted that played it: for a walk of the tree.
 */
int tree_moves(const struct tree *t);
const pdn_position *tree_after(const struct tree *t, int i, long *games);

/*
 * The counts as bytes, appended to *out (pdn-index keeps the trees of
 * its most played positions): 0, or -1 when out of memory.
 */
int tree_save(const struct tree *t, pdn_buf *out);

/*
 * Counts what tree_save() wrote of a tree of the same root.  Returns 0,
 * or -1 when the bytes are not such a tree's (damaged, or the moves are
 * not the root's in the same order: another library's generator); the
 * tree then counts nothing.
 */
int tree_load(struct tree *t, const unsigned char *d, size_t len);

/*
 * Prints the tree in format fmt (TREE_*; TSV with its header unless
 * no_header).  Returns the number of games counted.
 */
long tree_print(const struct tree *t, FILE *fp, int fmt, int no_header);

#endif /* TREE_H */
