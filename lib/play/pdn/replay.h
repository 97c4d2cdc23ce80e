/*
 * libpdn: replaying a game record by the rules (replay.c).
 *
 * A replay takes a game as the reader returns it (pdn_game) and plays
 * every move of the main line and of every variation against the legal
 * moves of its position: each move token is matched (short or full capture
 * forms, paths of landing or captured squares, pdn(5) "Movetext").  A
 * short capture that fits several legal moves keeps every candidate line
 * alive until later moves decide (full backtracking); if more than one
 * line survives to the end, the game is ambiguous and each final position
 * is kept.  A token read only through a liberty (an 'x' for a quiet move,
 * a '-' for a capture) is a reading too, but of the lines that reach the
 * end those that took the fewest liberties stand.  A variation replaces
 * the move just before it: it is played
 * from the position before that move.
 *
 * What comes out is the played game (pdn_played), made once and then only
 * read: the setups with their clocks, for every move element of every line
 * the legal moves its token was read as and the positions around them, the
 * surviving lines of the main line ply by ply, and the liberties taken.
 * The writer (pdn/write.h), the draw rules (pdn/rules.h), the adjudicator
 * and the tools all read it; none of them plays a move or reads a FEN
 * again.
 *
 * Problems are reported through the diagnostics callback of the options
 * (pdn_diag_fn, codes illegal-move, irregular-move, ambiguous-game,
 * result-position, unsupported-gametype, gametype-unknown, setup-position,
 * setup-empty, move-separator, variation-illegal); the diagnostics' `move`, `number`
 * and `side` fields say which move.  A game not played, of a variant the
 * library does not play, gets exactly one diagnostic: unsupported-gametype
 * or, without a GameType tag, gametype-unknown (the reader says nothing
 * of it).  The main line is the game: a move of it that is not
 * legal is an error (illegal-move), while a variation that does not
 * replay, an annotation such as an engine's garbled expected line, is a
 * warning (variation-illegal) that leaves the game valid.
 *
 * A replay handle is reused from game to game: its memory grows to the
 * longest game seen and is then recycled, so a caller allocates one per
 * thread.  Replaying is thread-safe across handles.
 */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include <pdn/core.h>
#include <pdn/record.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public interface. */
#pragma GCC visibility push(default)

/* How a game came out of its replay. */
typedef enum pdn_replay_status {
	PDN_REPLAY_VALID = 0,	/* its setup and main line replay, no error */
	PDN_REPLAY_INVALID,	/* at least one error (the reader's too) */
	/*
	 * Not a variant the library plays (a game without a GameType tag
	 * that the reader could not type because of syntax errors is
	 * invalid instead).
	 */
	PDN_REPLAY_UNSUPPORTED
} pdn_replay_status;

/*
 * A position the record sets up rather than reaches by a move: its FEN
 * tag (elem NULL) or a /FEN "..."/ setup in the movetext (tag NULL), read
 * once by the replay.  A record without a FEN tag starts from the start
 * position, which is setup 0 too, with both NULL.
 */
typedef struct pdn_setup {
	const pdn_tag *tag;	/* the FEN tag, or NULL (borrowed) */
	const pdn_elem *elem;	/* the /FEN/ element, or NULL (borrowed) */
	long ply;		/* main-line plies played before it */
	/*
	 * The number of the move that follows it: the one written before
	 * that move, else the FEN's ":F", else counted on from the moves
	 * before it (1 at the record's start).
	 */
	long number;
	pdn_position pos;
	int halfmove_clock;	/* lidraughts ":H<n>", -1 when absent */
	int fullmove;		/* lidraughts ":F<n>", -1 when absent */
	/*
	 * PDN_FEN_W_* liberties of its text, but PDN_FEN_W_SIDE_UNKNOWN
	 * only while no move told the side: a '?' that the first move
	 * after it decided (pdn_setup_side()) has `pos`'s side from it.
	 */
	unsigned fen_warnings;
} pdn_setup;

/*
 * One ply of a line: the move a token was matched to and the positions
 * around it.  Everything it points to belongs to the played game.
 */
typedef struct pdn_ply {
	long ply;		/* 1-based plies from the record's start */
	long number;		/* the move number (as counted, not as written) */
	pdn_colour side;	/* the side that made the move */
	unsigned flags;		/* PDN_PLY_* */
	const pdn_position *before;	/* the position it was played in */
	const pdn_position *after;	/* the position it led to */
	const pdn_move *move;	/* the legal move the token was matched to */
	const pdn_elem *elem;	/* the token as read (line, col) */
	/* With PDN_PLY_SETUP, the setup `before` comes from; else NULL. */
	const pdn_setup *setup;
	/*
	 * Nonzero when the move is the second of its numbered pair
	 * ("N..."): Black's, or White's where Black moves first.
	 */
	int second;
} pdn_ply;

/* Bits of pdn_ply.flags. */
enum {
	PDN_PLY_IRREGULAR = 1 << 0,	/* accepted only by the lenient mode */
	PDN_PLY_SETUP = 1 << 1,		/* a /FEN/ setup came just before it */
	PDN_PLY_AMBIGUOUS = 1 << 2,	/* the token fit several legal moves */
	PDN_PLY_LIBERTY = 1 << 3,	/* 'x' read as quiet, '-' as capture */
	/*
	 * Of the readings of a main-line move (pdn_played_readings(), which
	 * also gives those of lines that died later): one that lies on a line
	 * the record can be read as to its end.  Never set in a variation,
	 * nor by pdn_played_ply(), whose plies all lie on such a line.
	 */
	PDN_PLY_ALIVE = 1 << 4
};

/* Bits of pdn_replay_options.flags. */
enum {
	/*
	 * Accept a move that is geometrically possible but breaks the
	 * compulsory-capture or the majority rule (FMJD art. 5.4, 5.7), with
	 * an irregular-move warning, and go on.
	 */
	PDN_REPLAY_LENIENT = 1 << 0,
	/* Skip the variations (faster when only the main line matters). */
	PDN_REPLAY_NO_VARIATIONS = 1 << 1,
	/* Do not check the result against the final position. */
	PDN_REPLAY_NO_RESULT = 1 << 2
};

/*
 * Options of a replay.  Initialise with PDN_REPLAY_OPTIONS_INIT, then set
 * what differs: fields may be added at the end in later versions.
 */
typedef struct pdn_replay_options {
	unsigned version;	/* PDN_REPLAY_OPTIONS_VERSION */
	unsigned flags;		/* PDN_REPLAY_* */
	pdn_diag_fn diag;	/* may be NULL */
	void *diag_arg;
	/*
	 * The variant to play the game as, or NULL for the one its GameType
	 * names (or the reader inferred).
	 */
	const pdn_variant *variant;
} pdn_replay_options;

#define PDN_REPLAY_OPTIONS_VERSION 2
#define PDN_REPLAY_OPTIONS_INIT	{ PDN_REPLAY_OPTIONS_VERSION, 0, NULL, NULL, \
	NULL }

/* The most lines an ambiguous record keeps alive at once. */
#define PDN_REPLAY_MAX_LINES	64

typedef struct pdn_replay pdn_replay;
typedef struct pdn_played pdn_played;

/*
 * A replay handle.  Returns 0 or PDN_ENOMEM; *out belongs to the caller
 * (pdn_replay_free(), NULL-safe).
 */
int pdn_replay_new(pdn_replay **out);
void pdn_replay_free(pdn_replay *rp);

/*
 * Replays game `g` (borrowed: it must outlive the played game, which
 * points into it) and sets *out to the played game, which belongs to the
 * handle and stays valid and unchanged until its next pdn_replay_game()
 * or pdn_replay_free().  Diagnostics go to opt->diag as they are found;
 * opt may be NULL (no diagnostics, strict).  Returns 0, PDN_EINVAL for
 * options whose version is not PDN_REPLAY_OPTIONS_VERSION, or PDN_ENOMEM
 * (*out is then NULL); what the game is worth is pdn_played_status().
 */
int pdn_replay_game(const pdn_played **out, pdn_replay *rp,
    const pdn_game *g, const pdn_replay_options *opt);

/*
 * The play layer's part of reading: a pdn_game_fn for the reader's options
 * (finish = pdn_game_finish, finish_arg NULL or a pdn_file_hint of the
 * input, below).  It decides the GameType
 * of an untagged game that the caller's `gametype` does not name: Canadian
 * draughts (27) for a first move from the 12x12 start; international
 * draughts (20) for a square above 32, a first move legal from the 10x10
 * start, or, the PDN default, when nothing contradicts it (no algebraic
 * move, a FEN and first move that fit); else the 8x8 variant whose rules
 * replay every move of the main line (pdn(5)); 0, not played, when none
 * does or those that do end the game differently (note gametype-inferred
 * for the types inferred).  It checks a GameType tag's
 * long form against its variant (gametype-value), and the FEN tag and the
 * main line's /FEN/ setups in the game's variant (bad-fen, fen-liberty,
 * fen-side-unknown).  Where a game leaves its type open (several 8x8
 * variants replay it, or nothing in it contradicts the PDN default), a
 * file hint as finish_arg breaks the tie: the variant that most of the
 * file's first games (up to 32 of them) say they are of, by a tag, a
 * square or move of one board, or as the one variant that replays them.
 */
int pdn_game_finish(pdn_reader *r, pdn_game *g, void *arg);

/*
 * A file's own variant, for pdn_game_finish(): head(arg, &len, &whole)
 * gives the first bytes of the input (up to a size of the caller's
 * choice, the same however the input is read, and *whole nonzero when
 * they are all of it), and is called at most once, from the first
 * pdn_game_finish() that needs the tie-break, under a lock: a hint may
 * serve the readers of one input's parts in several threads, provided
 * head() is safe to call from any of them then.  The bytes must stay
 * valid until pdn_file_hint_free().  Returns 0 or PDN_ENOMEM; *out
 * belongs to the caller (pdn_file_hint_free(), NULL-safe).
 */
typedef struct pdn_file_hint pdn_file_hint;
typedef const char *(*pdn_head_fn)(void *arg, size_t *len, int *whole);
int pdn_file_hint_new(pdn_file_hint **out, pdn_head_fn head, void *arg);
void pdn_file_hint_free(pdn_file_hint *h);

/* --- the played game ------------------------------------------------ */

/* The record it was played from (borrowed). */
const pdn_game *pdn_played_game(const pdn_played *pg);

/* The variant it was played as; NULL for an unsupported game. */
const pdn_variant *pdn_played_variant(const pdn_played *pg);

/*
 * The verdict of the replay: of the whole record, and of the main line
 * alone (what a judgement of the game's end rests on).  A variation that
 * does not replay is a warning, not an error, so it leaves both valid;
 * they differ only by the errors found inside variations (an impossible
 * /FEN/ setup there).  The reader's errors count in both.
 */
pdn_replay_status pdn_played_status(const pdn_played *pg);
pdn_replay_status pdn_played_main_status(const pdn_played *pg);

/*
 * The number of variations that do not replay (each reported once, as
 * variation-illegal, at its first move that is not legal); 0 when the
 * game was replayed without variations.
 */
int pdn_played_invalid_variations(const pdn_played *pg);

/*
 * The diagnostics the replay reported, in the order it found them, kept
 * with the played game: pdn_played_diags() counts them, and
 * pdn_played_diag() fills *out with diagnostic i (its strings borrowed
 * from the played game, valid as long as it is) and returns 0, or
 * PDN_EINVAL past the last.  Those the reader reported are not among
 * them: they came before the game.  A program may read them here instead
 * of through the replay's callback (opt->diag), which gets the same
 * diagnostics as they are found.
 */
size_t pdn_played_diags(const pdn_played *pg);
int pdn_played_diag(pdn_diag *out, const pdn_played *pg, size_t i);

/* Error and warning diagnostics the replay itself reported. */
int pdn_played_errors(const pdn_played *pg);
int pdn_played_warnings(const pdn_played *pg);

/*
 * The main line's setups in order: setup 0 is where the record starts
 * (its FEN tag or the start position), the others are the /FEN/ setups
 * of the main line that were read.  pdn_played_setups() counts them (0
 * when the game was not played: unsupported, or its FEN unreadable);
 * pdn_played_setup() returns setup i or NULL.
 */
size_t pdn_played_setups(const pdn_played *pg);
const pdn_setup *pdn_played_setup(const pdn_played *pg, size_t i);

/* The initial position (setup 0's), or the start position. */
const pdn_position *pdn_played_start(const pdn_played *pg);

/*
 * The number of main-line plies replayed: all of them, or those before
 * the first illegal move.
 */
long pdn_played_plies(const pdn_played *pg);

/*
 * The number of lines that survived to the end of the main line, or to
 * the ply before its first illegal move (their final positions): 1 for an
 * unambiguous record, more for an ambiguous one (at most
 * PDN_REPLAY_MAX_LINES), 0 for a game not played.
 */
int pdn_played_lines(const pdn_played *pg);

/*
 * The final position of surviving line k (0-based), or NULL: the position
 * after its last ply, or after a setup that follows it.
 */
const pdn_position *pdn_played_final(const pdn_played *pg, int k);

/*
 * The result of the game as its record gives it, read as
 * pdn_game_outcome() reads it (in the order of its file's result
 * tokens), or, where its final position decides the game (the side to
 * move has no piece or no move) and gives the win to the side the other
 * order names, in that order: a played-out game keeps the result its end
 * proves.  PDN_OUTCOME_WHITE is a win of White whatever the token.
 */
pdn_outcome pdn_played_outcome(const pdn_played *pg);

/*
 * Fills *out with ply i (0-based, i < pdn_played_plies()) of surviving
 * line k.  Returns 0, or PDN_EINVAL when k or i is out of range.
 */
int pdn_played_ply(pdn_ply *out, const pdn_played *pg, int k, long i);

/*
 * The positions after plies from, from + 1, ... of surviving line k
 * (what pdn_played_ply() gives as `after`), for a caller that walks the
 * positions of a line and needs nothing else: fills out[0..max-1] with
 * borrowed pointers and returns how many it wrote (0 past the end or for
 * a line that does not exist).
 */
long pdn_played_positions(const pdn_position **out, long max,
    const pdn_played *pg, int k, long from);

/*
 * The same of the moves of those plies (what pdn_played_ply() gives as
 * `move`), for a caller that walks the moves of a line.
 */
long pdn_played_moves(const pdn_move **out, long max, const pdn_played *pg,
    int k, long from);

/*
 * The liberties the surviving lines took (PDN_PLY_LIBERTY,
 * PDN_PLY_IRREGULAR, as bits), each also reported with its code.
 */
unsigned pdn_played_liberties(const pdn_played *pg);

/*
 * The elements of every line, variations included, by their index i in
 * their line (pdn_line.e[i]).  Lines are numbered: 0 is the main line, and
 * pdn_played_variation() gives the number of the variation that element i
 * of line `line` holds (-1 when it is no variation or was not played: it
 * branches from nothing, or the game was replayed without variations).
 */
long pdn_played_variation(const pdn_played *pg, long line, size_t i);

/*
 * Fills out[0..max-1] with the readings of move element i of line `line`:
 * the legal moves its token was matched to, one per candidate position,
 * lines that died later included.  Returns how many there are, which may
 * exceed max (at most PDN_REPLAY_MAX_LINES), or 0 when the move was not
 * played (illegal, after an illegal move, or not a move).  The `ply` and
 * `number` fields count from the record's start.
 */
int pdn_played_readings(pdn_ply *out, int max, const pdn_played *pg,
    long line, size_t i);

/*
 * The setup that element i of line `line` read (also one after an illegal
 * move, which is not played), or NULL.
 */
const pdn_setup *pdn_played_setup_at(const pdn_played *pg, long line,
    size_t i);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PDN_REPLAY_H */
