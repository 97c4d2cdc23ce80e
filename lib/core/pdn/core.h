/*
 * libpdn: the rules library of the pdn tools (international draughts,
 * 10x10, FMJD rules, and ten other variants: pdn(5) lists them).
 *
 * This header is the rules core, the bottom layer: variants, positions,
 * FEN, legal move generation, move notation, move tokens and the one
 * matcher of a token against the legal moves, hashing and perft.  The
 * library never prints, never exits and has no mutable globals; fallible
 * calls return 0 or a negative PDN_E* code.
 */
#ifndef PDN_CORE_H
#define PDN_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/*
 * The version of these headers: PDN_VERSION_NUMBER is
 * major * 10000 + minor * 100 + patch, for comparisons in #if; the library
 * linked at run time says its own through pdn_version().  The shared
 * library's soname changes with the major number.
 */
#define PDN_VERSION_MAJOR 3
#define PDN_VERSION_MINOR 2
#define PDN_VERSION_PATCH 0
#define PDN_VERSION_NUMBER (PDN_VERSION_MAJOR * 10000 + \
	PDN_VERSION_MINOR * 100 + PDN_VERSION_PATCH)
#define PDN_VERSION "3.2.0"

/*
 * The version of the library linked at run time, as PDN_VERSION_NUMBER
 * counts it; `str` (may be NULL) gets its static "3.2.0" form.
 */
int pdn_version(const char **str);

/*
 * The one error convention: a fallible call returns 0 (PDN_OK) or one of
 * these negative codes, and pdn_strerror() gives its message.  Where a
 * refusal has a place (a FEN's byte offset, a profile's line and column),
 * the call fills an info structure of its own with it; the code says why.
 * A call that counts returns the count, or one of these codes.
 */
typedef enum pdn_error {
	PDN_OK = 0,
	PDN_EINVAL = -1,	/* malformed input, or options not understood */
	PDN_ENOMEM = -2,	/* out of memory */
	PDN_EIO = -3,		/* read or write failure */
	PDN_ERANGE = -4,	/* a fixed limit was exceeded */
	/* A FEN refused (pdn_fen_read()). */
	PDN_EFEN_EMPTY = -20,	/* nothing to read */
	PDN_EFEN_SIDE = -21,	/* side to move is not W or B */
	PDN_EFEN_COLOUR = -22,	/* a field does not start with W or B */
	PDN_EFEN_SQUARE = -23,	/* not a number where a square belongs */
	PDN_EFEN_SQUARE_RANGE = -24,	/* no square of the board */
	PDN_EFEN_RANGE = -25,	/* a range a-b with a > b or a king range */
	PDN_EFEN_DUPLICATE = -26,	/* a square listed twice */
	PDN_EFEN_DUP_COLOUR = -27,	/* a colour field given twice */
	PDN_EFEN_FIELD = -28,	/* a malformed or unknown field */
	PDN_EFEN_TRAILING = -29,	/* text after the FEN */
	/* A rules profile refused (pdn/rules.h). */
	PDN_EPROFILE_IO = -40,		/* the file cannot be read */
	PDN_EPROFILE_SYNTAX = -41,	/* not well-formed YAML */
	PDN_EPROFILE_NOT_MAPPING = -42,	/* a mapping was expected */
	PDN_EPROFILE_UNKNOWN_KEY = -43,	/* a key the schema does not know */
	PDN_EPROFILE_DUPLICATE_KEY = -44,	/* a key twice in one mapping */
	PDN_EPROFILE_WRONG_TYPE = -45,	/* a value of the wrong type or range */
	PDN_EPROFILE_MISSING_KEY = -46,	/* a key required without `base` */
	PDN_EPROFILE_UNKNOWN_BASE = -47,	/* `base` names no built-in one */
	PDN_EPROFILE_UNKNOWN_NAME = -48	/* not a built-in name nor a file */
} pdn_error;

/*
 * The fixed English message of a return code ("out of memory", "square
 * listed twice", "unknown key"); "no error" for 0, "unknown error" for a
 * number that is no code.  The string is static.
 */
const char *pdn_strerror(int code);

/* A variant of draughts (below). */
typedef struct pdn_variant pdn_variant;

/* Colours; also the side to move. */
typedef enum pdn_colour { PDN_WHITE = 0, PDN_BLACK = 1 } pdn_colour;

/*
 * A position is a value of 32 bytes: copy it freely, keep arrays of it.
 * It belongs to a variant (its board and rules), which every function
 * given the position follows.  Its contents are the library's: read and
 * change them with the functions below (pdn_position_get(), _set(),
 * _side(), _set_side(), pdn_variant_clear() ...), so that another board or
 * layout is no ABI break; every board the library plays, up to 12x12,
 * fits.  A position set to all zero bytes is an empty international
 * board, White to move.  The positions the library makes are canonical:
 * two equal positions of one variant have equal bytes, so a program may
 * hash or compare a position's bytes (memcmp()) as well as ask
 * pdn_position_equal().
 */
#ifndef PDN_POSITION_LAYOUT
/* The library compiles with its own layout (lib/core/layout.h). */
#define PDN_POSITION_LAYOUT uint64_t opaque_[4];
#endif
typedef struct pdn_position {
	PDN_POSITION_LAYOUT
} pdn_position;

/* What stands on a square. */
typedef enum pdn_piece {
	PDN_EMPTY = 0,
	PDN_WHITE_MAN, PDN_BLACK_MAN, PDN_WHITE_KING, PDN_BLACK_KING
} pdn_piece;

#define PDN_SQUARES	50	/* of international draughts (Canadian: 72) */

/*
 * A legal move of a position, as the generator and the matcher give it:
 * its from and to squares (numbered as the variant's records number them),
 * for a capture the landing squares in order and the captured pieces, and
 * whether a man is crowned.  Moves are identified by (from, to, captured
 * set): sequences that take the same pieces in another order and end on
 * the same square are one move, whose path is the first sequence found.
 * A move is seen only through a pointer into the list or the played game
 * that holds it and lives as long as its holder; its size and layout are
 * the library's, so a longer capture is no ABI break.
 */
typedef struct pdn_move pdn_move;

/* Its from and to squares (equal for a king that captures round a loop). */
int pdn_move_from(const pdn_move *m);
int pdn_move_to(const pdn_move *m);

/* The number of pieces it captures; 0 for a quiet move. */
int pdn_move_captures(const pdn_move *m);

/* Nonzero when a man becomes a king by it. */
int pdn_move_promotes(const pdn_move *m);

/*
 * The squares it passes through in order: its from square, then every
 * landing square of a capture (the last being its to square), or the to
 * square of a quiet move.  Writes up to `max` of them to sq and returns
 * how many there are (which may exceed max).
 */
int pdn_move_path(int *sq, int max, const pdn_move *m);

/*
 * The squares of the pieces it captures, in ascending order, of a move of
 * variant v (NULL: international).  Writes up to `max` to sq and returns
 * how many there are (pdn_move_captures()).
 */
int pdn_move_captured(int *sq, int max, const pdn_variant *v,
    const pdn_move *m);

/* Nonzero when both are the same move: from, to and captured pieces. */
int pdn_move_equal(const pdn_move *a, const pdn_move *b);

/*
 * The size of a move in bytes, for a program that keeps moves past their
 * holder: it copies one with memcpy() of this many bytes into memory
 * aligned as malloc() aligns (an array of them: i * pdn_move_size() bytes
 * in).  The size may change from version to version, never within one.
 */
size_t pdn_move_size(void);

/*
 * A list of moves: what pdn_generate() and pdn_match() fill.  It holds
 * every legal move of any position a game or a FEN can reach.
 */
typedef struct pdn_movelist pdn_movelist;

/*
 * Creates an empty list.  Returns 0 with *out set, or PDN_ENOMEM.  A list
 * is reused from call to call: each fill replaces what it held.
 */
int pdn_movelist_new(pdn_movelist **out);

/* Frees a list; NULL is accepted. */
void pdn_movelist_free(pdn_movelist *list);

/* The number of moves it holds. */
int pdn_movelist_count(const pdn_movelist *list);

/*
 * Move i (0-based) of the list, valid until the list is filled again or
 * freed; NULL when i is out of range.
 */
const pdn_move *pdn_movelist_get(const pdn_movelist *list, int i);

/* --- variants (variant.c) ------------------------------------------- */

/*
 * A variant of draughts: its board, square numbering, rules and notation
 * (pdn(5), pdn-rules(7)).  The descriptors are static and never freed; a game
 * names its variant by the number of its GameType tag (20 international,
 * 21 English, ...).  Every position belongs to one (pdn_position_variant()),
 * and the functions below that take a position follow its rules: moves,
 * FEN, notation and perft.  Squares are numbered 1..pdn_variant_squares()
 * in the variant's own numbering; the algebraic variants (Russian,
 * Brazilian, Czech) are numbered as English draughts (square 1 on b8,
 * square 32 on g1) and write their squares "c3".  The functions that read
 * or write notation (pdn_fen_read(), pdn_move_str(), pdn_square_str())
 * take the variant, NULL standing for international draughts; the
 * pdn_variant_*() accessors take a variant that is not NULL.
 */

/*
 * The variant of a GameType number whose records the library plays
 * (every variant of pdn_variant_list()), or NULL.
 */
const pdn_variant *pdn_variant_get(int gametype);

/*
 * The variant of a name ("international", "brazilian", "russian",
 * "english", "italian", "pool", "spanish", "czech", "thai", "frisian",
 * "canadian"), or NULL.  Positions of every one of them are generated
 * exactly (perft); pdn_variant_played() says whether its records are
 * replayed as well.
 */
const pdn_variant *pdn_variant_by_name(const char *name);

/* The i-th variant the library knows (0: international), NULL past them. */
const pdn_variant *pdn_variant_list(int i);

/* Nonzero when the library replays the variant's records. */
int pdn_variant_played(const pdn_variant *v);

/* International draughts, the default; never NULL. */
const pdn_variant *pdn_variant_default(void);

/*
 * Its GameType number (20), name ("international"), title ("international
 * draughts"), the GameType tag's full form ("20,W,10,10,N2,0"), board
 * width and height (10), who moves first, whether its records name squares
 * algebraically ("c3"), the separator its records write in a capture ('x',
 * ':' for Russian, '-' for Thai) and whether its results are written
 * "2-0" (international, Canadian) rather than "1-0".
 */
int pdn_variant_gametype(const pdn_variant *v);
const char *pdn_variant_name(const pdn_variant *v);
const char *pdn_variant_title(const pdn_variant *v);
const char *pdn_variant_tag(const pdn_variant *v);
int pdn_variant_width(const pdn_variant *v);
int pdn_variant_height(const pdn_variant *v);
pdn_colour pdn_variant_first(const pdn_variant *v);
int pdn_variant_algebraic(const pdn_variant *v);
int pdn_variant_capture_separator(const pdn_variant *v);
int pdn_variant_intl_results(const pdn_variant *v);

/* The number of playable squares (50): squares are numbered 1..this. */
int pdn_variant_squares(const pdn_variant *v);

/*
 * The file x and rank y of a square (0-based: a1 is 0, 0; White's men
 * start at the low ranks).  Returns 0, or PDN_EINVAL for a number that
 * is no square.
 */
int pdn_variant_square_xy(const pdn_variant *v, int square, int *x, int *y);

/* The square at file x, rank y; 0 when no square is played there. */
int pdn_variant_square_at(const pdn_variant *v, int x, int y);

/* The variant's start position, its first player to move. */
void pdn_variant_start(const pdn_variant *v, pdn_position *pos);

/* An empty board of the variant with the given side to move. */
void pdn_variant_clear(const pdn_variant *v, pdn_position *pos,
    pdn_colour side);

/* The variant of a position; never NULL. */
const pdn_variant *pdn_position_variant(const pdn_position *pos);

/*
 * The game a GameType number stands for, as PDN 3.0 lists them, for a
 * message ("international draughts", "English draughts", ...; "a
 * lidraughts variant" for 96-99), whether the library plays it or not;
 * NULL for a number that names no game.  The string is static.
 */
const char *pdn_gametype_name(int gametype);

/* --- squares and positions (position.c) ---------------------------- */

/*
 * The piece on a square of the position's variant (PDN_EMPTY for a number
 * that is no square).
 */
pdn_piece pdn_position_get(const pdn_position *pos, int square);

/* Puts a piece (or PDN_EMPTY) on a square; other numbers are ignored. */
void pdn_position_set(pdn_position *pos, int square, pdn_piece piece);

/* The side to move, and setting it. */
pdn_colour pdn_position_side(const pdn_position *pos);
void pdn_position_set_side(pdn_position *pos, pdn_colour side);

/* Nonzero when both positions are the same: squares, kinds, side. */
int pdn_position_equal(const pdn_position *a, const pdn_position *b);

/* Number of pieces of a colour, and of its kings. */
int pdn_position_count(const pdn_position *pos, pdn_colour c);
int pdn_position_kings(const pdn_position *pos, pdn_colour c);

/*
 * A Zobrist hash of the position: the XOR of a fixed 64-bit key per
 * (square, piece) and one for Black to move.  Equal positions hash equal;
 * a hash only proposes candidates for repetition, never decides.
 */
uint64_t pdn_position_hash(const pdn_position *pos);

/* The hash of the position after `m`, from the hash `h` of `pos`. */
uint64_t pdn_hash_after(uint64_t h, const pdn_position *pos,
    const pdn_move *m);

/* --- move generation (movegen.c) ------------------------------------ */

/*
 * Fills `list` with every legal move of `pos` under the rules of its
 * variant; for international draughts the FMJD rules: compulsory capture,
 * majority (a king counts as one), men capturing backward, flying kings,
 * the Turkish strike, promotion only when the move ends on the row.
 * Moves with the same start, end, captured set and piece at the end are
 * one.  Returns the number of moves, or PDN_ERANGE when the position has
 * more than a list holds (512, more than any position a game or a FEN
 * reaches has; the list then holds the first 512).
 */
int pdn_generate(pdn_movelist *list, const pdn_position *pos);

/*
 * The number of legal moves of `pos`, as pdn_generate() would return it,
 * without writing them out (quiet moves are counted, not listed).  At most
 * 512.
 */
int pdn_count_moves(const pdn_position *pos);

/* Nonzero when the side to move has a capture. */
int pdn_has_capture(const pdn_position *pos);

/* Plays a move returned by pdn_generate() for `pos` on `pos`. */
void pdn_make(pdn_position *pos, const pdn_move *m);

/* --- notation (notation.c) ------------------------------------------ */

/*
 * Enough for any move of any board the library plays, up to a capture of
 * 30 pieces on the 12x12 board written in full; a promise of the API.
 */
#define PDN_MOVE_STRMAX	128

/*
 * Writes the move, a move of variant v (NULL: international), into buf (at
 * least PDN_MOVE_STRMAX bytes) in the variant's notation: its squares
 * ("c3" in the algebraic variants) and its capture separator.  "32-28" for
 * a quiet move; for a capture "28x19" (short) or every landing square
 * "26x17x28x37" (full); "c3:e5" in Russian.  Returns the length written.
 */
int pdn_move_str(char *buf, const pdn_variant *v, const pdn_move *m,
    int full);

/*
 * The same in the shortest form that no other move of `list` shares: the
 * short form, or the full path when another legal move has the same from
 * and to squares.
 */
int pdn_move_str_unique(char *buf, const pdn_variant *v, const pdn_move *m,
    const pdn_movelist *list);

/* A square as v's records write it ("35", "c3") into buf (8 bytes). */
int pdn_square_str(char *buf, const pdn_variant *v, int square);

/* --- move tokens (notation.c) ------------------------------------- */

/* The most squares a move token may list: from, 20 landings, slack. */
#define PDN_MOVETOK_MAX	24

/*
 * An algebraic square ("c3") is stored as PDN_ALPHA + file * 100 + rank,
 * file 1 for 'a'; a numeric square as its number.  Rank 0 names a file
 * alone: the origin of a move in the short notation of Russian
 * tournament records ("ed4", "e:c5"), any square of that file; only a
 * token's first square is so.
 */
#define PDN_ALPHA	10000

/*
 * A move as written: its squares (sq[0..nsq-1]; the entries past them are
 * unspecified) and whether 'x' or ':' separated them.
 */
typedef struct pdn_movetok {
	uint16_t sq[PDN_MOVETOK_MAX];
	uint8_t nsq;		/* at least 2 */
	uint8_t capture;	/* written with 'x' or ':' */
	uint8_t alpha;		/* algebraic squares */
} pdn_movetok;

/*
 * Formats a move token as written, normalised: no padding, no spaces,
 * 'x' for any capture separator.  buf holds at least PDN_MOVETOK_STRMAX
 * bytes.  Returns the length.
 */
#define PDN_MOVETOK_STRMAX	(5 * PDN_MOVETOK_MAX + 1)
int pdn_movetok_str(char *buf, const pdn_movetok *t);

/* --- move matching (match.c): the one matcher ----------------------- */

/* What a match noticed, as bits. */
enum {
	PDN_MATCH_DASH_CAPTURE = 1 << 0,	/* capture written with '-' */
	PDN_MATCH_X_QUIET = 1 << 1		/* quiet move written with 'x' */
};

/* Bits of pdn_match()'s flags. */
enum {
	/*
	 * With no legal move matching, match the irregular ones that stood
	 * under FMJD articles 5.4 and 5.7 (a quiet move while a capture is
	 * compulsory, a capture of fewer than the most pieces): international
	 * draughts only.
	 */
	PDN_MATCH_LENIENT = 1 << 0
};

/*
 * The moves a token can mean in position `pos`, under the rules of its
 * variant: the legal moves with the token's from (for a file alone, any
 * square of that file) and to squares whose
 * landing or captured squares (in every variant but international also the
 * squares passed over) include each square the token lists in between.
 * Squares are named by number (1..pdn_variant_squares()) or, in every
 * variant but international, by file and rank ("c3").  Fills `out` with
 * them (the first 64 should more match) and returns how many legal moves
 * match, 0 when none does.  With PDN_MATCH_LENIENT and no legal match,
 * `out` gets the irregular moves that match instead and their count is
 * returned negated.  The legal moves are generated only when the quick
 * tests of a plain quiet move or a one-piece capture cannot decide.
 */
int pdn_match(pdn_movelist *out, const pdn_position *pos,
    const pdn_movetok *tok, unsigned flags);

/*
 * The same against a list of moves, the legal moves of a position of
 * variant v: writes up to `max` indices of `legal` (pdn_movelist_get())
 * to idx and returns how many moves match (which may exceed max); *notes
 * (may be NULL) gets PDN_MATCH_* bits of what the match noticed.
 */
int pdn_match_list(int *idx, int max, unsigned *notes, const pdn_variant *v,
    const pdn_movetok *tok, const pdn_movelist *legal);

/*
 * The token with its squares as square numbers of variant v in *out
 * ("c3-d4" becomes "22-18" in the algebraic variants); a file alone, the
 * origin of a short move ("ed4"), becomes 0.  Returns 0, or PDN_EINVAL
 * when one of them is no square (or file) of v (algebraic squares are
 * none in international draughts).
 */
int pdn_movetok_squares(const pdn_variant *v, const pdn_movetok *tok,
    pdn_movetok *out);

/*
 * Who moves first from `pos`, read from a FEN whose side to move is '?'
 * (PDN_FEN_W_SIDE_UNKNOWN), by `first`, the first move of the line after
 * it (before any other setup; NULL when there is none): the colour of the
 * piece on its from-square.  Returns PDN_WHITE or PDN_BLACK, or -1 when
 * no move tells: there is none, one of its squares is no square of the
 * position's variant (pdn_movetok_squares()), it starts on an empty
 * square, or on a file alone (a short move).
 */
int pdn_setup_side(const pdn_position *pos, const pdn_movetok *first);

/* --- FEN (fen.c) ---------------------------------------------------- */

/* Tolerated liberties a FEN reader took, as bits, for warnings. */
enum {
	PDN_FEN_W_TRAILING_DOT = 1 << 0,	/* a final '.' */
	PDN_FEN_W_ZERO_PADDED = 1 << 1,		/* "05" */
	PDN_FEN_W_SPACES = 1 << 2,		/* blanks inside */
	PDN_FEN_W_EXTRA_FIELDS = 1 << 3,	/* lidraughts ":H0:F1" */
	PDN_FEN_W_MAN_ON_CROWN_ROW = 1 << 4,	/* a man that should be king */
	PDN_FEN_W_LOWERCASE = 1 << 5,		/* "w:" or "k" */
	/*
	 * "?:W29,13,11:B22,4,2" (PDN 3.0): the side to move is unknown;
	 * the position says White, and the caller decides (the first move
	 * of the record tells, pdn_setup_side() above).
	 */
	PDN_FEN_W_SIDE_UNKNOWN = 1 << 6,
	PDN_FEN_W_EMPTY_FIELD = 1 << 7		/* "W::.": a field of nothing */
};

/*
 * What a FEN reader saw besides its verdict: where a refusal lies, the
 * liberties it took, the lidraughts clocks.
 */
typedef struct pdn_fen_info {
	size_t offset;		/* byte offset of the problem in the text */
	int square;		/* the square concerned, when there is one */
	unsigned warnings;	/* PDN_FEN_W_* bits */
	int halfmove_clock;	/* lidraughts ":H<n>", -1 when absent */
	int fullmove;		/* lidraughts ":F<n>", -1 when absent */
} pdn_fen_info;

/*
 * Reads a FEN ("W:W31-50:B1-20") of `len` bytes into `pos`, a position of
 * variant v (NULL: international draughts): its squares by number, or in
 * every variant by file and rank ("Wc3,Kd4"; no ranges of those).
 * Returns 0, or the PDN_EFEN_* code saying why with `info->offset` (and
 * `info->square`) saying where; `info` may be NULL.  `pos` is only
 * written on success.
 */
int pdn_fen_read(pdn_position *pos, const pdn_variant *v, const char *s,
    size_t len, pdn_fen_info *info);


/*
 * Writes the canonical FEN of `pos` ("W:W31-50:B1-20": side, White's then
 * Black's squares in ascending order, runs of three or more men as ranges,
 * kings as K<n>) into buf of `size` bytes, NUL-terminated.  A position of
 * an algebraic variant is written with its squares so ("W:Wa1,c1:Bh8"),
 * rank by rank from White's side.  Returns the length the full FEN needs
 * (like snprintf).
 */
size_t pdn_fen_write(char *buf, size_t size, const pdn_position *pos);

#define PDN_FEN_STRMAX 256	/* always enough for pdn_fen_write() */

/* --- perft (perft.c) ------------------------------------------------ */

/*
 * Counts the leaf nodes of the legal move tree `depth` plies deep.  With
 * `bulk` nonzero the moves of the last ply are counted (pdn_count_moves())
 * and not played; with zero every leaf move is played.
 */
uint64_t pdn_perft(const pdn_position *pos, int depth, int bulk);

/*
 * The name of the code path that pdn_perft() walks international draughts
 * with: "generic", which runs on any CPU, or "bmi2", the same walk
 * compiled for the BMI1, BMI2 and POPCNT instructions, which the library
 * chooses at run time when the CPU has them.  The environment variable
 * PDN_MOVEGEN=generic, read at the first walk, forces the generic path.
 */
const char *pdn_movegen_path(void);

/* --- Frisian article 17 (streak.c) ----------------------------------- */

/*
 * Frisian draughts, article 17: a player who has kings and men may not
 * make more than three consecutive quiet moves with the same king (that
 * king may still capture; a capture, a man move or a quiet move with
 * another king lifts the ban; a player with only kings is exempt).  The
 * ban depends on the game's history, not only on the position:
 * pdn_generate() and pdn_perft() are history-free and do not apply it.
 * A streak is the part of the history that decides it, per colour
 * (PDN_WHITE, PDN_BLACK) the number of consecutive quiet moves made by
 * one king and the square (as records number it) that king stands on; a
 * streak of all zero bytes (pdn_streak_clear()) is a game without
 * history, such as one that starts from a FEN.  In every other variant
 * the functions below are those of the history-free position.
 */
typedef struct pdn_streak {
	uint8_t count[2];	/* quiet moves in a row of one king */
	uint8_t square[2];	/* that king's square; 0 when count is 0 */
} pdn_streak;

/* Sets s to no history. */
void pdn_streak_clear(pdn_streak *s);

/*
 * Updates s for move m, a move of pos (before it is played): the mover's
 * count and square, and the opponent's cleared when m captures its
 * counted king.
 */
void pdn_streak_update(pdn_streak *s, const pdn_position *pos,
    const pdn_move *m);

/* Nonzero when article 17 allows m, a legal move of pos, after s. */
int pdn_streak_allows(const pdn_streak *s, const pdn_position *pos,
    const pdn_move *m);

/*
 * pdn_generate() with article 17 applied after the history s: the moves
 * it bans are left out.  Returns the number of moves, or PDN_ERANGE as
 * pdn_generate() does.
 */
int pdn_generate_streak(pdn_movelist *list, const pdn_position *pos,
    const pdn_streak *s);

/*
 * pdn_perft() with article 17 applied from the history s, every move of
 * the tree updating it (pdn_streak_update()).
 */
uint64_t pdn_perft_streak(const pdn_position *pos, const pdn_streak *s,
    int depth, int bulk);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_CORE_H */
