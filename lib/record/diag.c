/*
 * The table of diagnostics: one stable name, one severity and one fixed
 * text per code.  Detail that varies (the character, the tag name) is
 * appended by the caller after ": ".
 */
#include "pdn/record.h"

struct diag_info {
	const char *name;
	pdn_severity severity;
	const char *text;
};

static const struct diag_info diag_table[PDN_D_NCODES] = {
	[PDN_D_UNEXPECTED_CHAR] = { "unexpected-char", PDN_SEV_ERROR,
	    "unexpected character" },
	[PDN_D_STRAY_BRACE] = { "stray-brace", PDN_SEV_ERROR,
	    "'}' outside a comment" },
	[PDN_D_UNBALANCED_PAREN] = { "unbalanced-paren", PDN_SEV_ERROR,
	    "')' without a matching '('" },
	[PDN_D_UNTERMINATED_COMMENT] = { "unterminated-comment", PDN_SEV_ERROR,
	    "comment not closed before the end of input" },
	[PDN_D_UNTERMINATED_STRING] = { "unterminated-string", PDN_SEV_ERROR,
	    "string not closed on its line" },
	[PDN_D_BAD_TAG] = { "bad-tag", PDN_SEV_ERROR,
	    "malformed tag" },
	[PDN_D_BAD_MOVE] = { "bad-move", PDN_SEV_ERROR,
	    "malformed move" },
	[PDN_D_BAD_NAG] = { "bad-nag", PDN_SEV_ERROR,
	    "malformed NAG" },
	[PDN_D_BAD_SETUP] = { "bad-setup", PDN_SEV_ERROR,
	    "malformed /FEN \"...\"/ setup" },
	[PDN_D_NUMBER_TOO_LONG] = { "number-too-long", PDN_SEV_ERROR,
	    "number with too many digits" },
	[PDN_D_TOKEN_TOO_LONG] = { "token-too-long", PDN_SEV_ERROR,
	    "token too long" },
	[PDN_D_TOO_DEEP] = { "variation-too-deep", PDN_SEV_ERROR,
	    "variations nested too deep" },
	[PDN_D_GAME_TOO_LARGE] = { "game-too-large", PDN_SEV_ERROR,
	    "game too large" },
	[PDN_D_UNCLOSED_VARIATION] = { "unclosed-variation", PDN_SEV_ERROR,
	    "variation not closed before the end of the game" },
	[PDN_D_VARIATION_FIRST] = { "variation-first", PDN_SEV_ERROR,
	    "variation before any move of its line" },
	[PDN_D_BAD_FEN] = { "bad-fen", PDN_SEV_ERROR,
	    "unreadable FEN" },
	[PDN_D_TAG_DUPLICATE] = { "tag-duplicate", PDN_SEV_WARNING,
	    "duplicate tag" },
	[PDN_D_TAG_NAME] = { "tag-name", PDN_SEV_WARNING,
	    "tag name does not start with a capital letter" },
	[PDN_D_TAG_UNQUOTED] = { "tag-unquoted", PDN_SEV_WARNING,
	    "tag value without quotes" },
	[PDN_D_TAG_QUOTES] = { "tag-quotes", PDN_SEV_WARNING,
	    "tag value in curly quotes" },
	[PDN_D_NO_TERMINATOR] = { "no-terminator", PDN_SEV_WARNING,
	    "game ends without a result token" },
	[PDN_D_RESULT_MISMATCH] = { "result-mismatch", PDN_SEV_WARNING,
	    "Result tag and game terminator differ" },
	[PDN_D_RESULT_UNKNOWN] = { "result-unknown", PDN_SEV_WARNING,
	    "Result tag is not a result" },
	[PDN_D_RESULT_SPACED] = { "result-spaced", PDN_SEV_WARNING,
	    "result written with spaces" },
	[PDN_D_RESULT_GLUED] = { "result-glued", PDN_SEV_WARNING,
	    "result glued to the next move number" },
	[PDN_D_LATIN1] = { "latin1", PDN_SEV_WARNING,
	    "invalid UTF-8 read as Latin-1" },
	[PDN_D_SQUARE_PADDED] = { "square-padded", PDN_SEV_WARNING,
	    "zero-padded square" },
	[PDN_D_MOVE_SPACES] = { "move-spaces", PDN_SEV_WARNING,
	    "spaces inside a move" },
	[PDN_D_COLON_CAPTURE] = { "colon-capture", PDN_SEV_WARNING,
	    "':' as capture separator" },
	[PDN_D_MOVENUM_PADDED] = { "movenum-padded", PDN_SEV_WARNING,
	    "zero-padded move number" },
	[PDN_D_MOVENUM_NO_DOT] = { "movenum-no-dot", PDN_SEV_WARNING,
	    "move number without a dot" },
	[PDN_D_MOVENUM_DANGLING] = { "movenum-dangling", PDN_SEV_WARNING,
	    "move number without a move" },
	[PDN_D_NESTED_BRACE] = { "nested-brace", PDN_SEV_WARNING,
	    "'{' inside a comment (comments do not nest)" },
	[PDN_D_FEN_LIBERTY] = { "fen-liberty", PDN_SEV_WARNING,
	    "nonstandard FEN" },
	[PDN_D_NO_GAMES] = { "no-games", PDN_SEV_WARNING,
	    "no games in input" },
	[PDN_D_TEXT_AFTER_GAME] = { "text-after-game", PDN_SEV_WARNING,
	    "comment after the last game ignored" },
	[PDN_D_GAMETYPE_INFERRED] = { "gametype-inferred", PDN_SEV_NOTE,
	    "no GameType tag: international draughts (20) inferred" },
	[PDN_D_GAMETYPE_UNKNOWN] = { "gametype-unknown", PDN_SEV_WARNING,
	    "no GameType tag, and no variant's rules replay its moves "
	    "alike" },
	[PDN_D_ILLEGAL_MOVE] = { "illegal-move", PDN_SEV_ERROR,
	    "not legal here" },
	[PDN_D_IRREGULAR_MOVE] = { "irregular-move", PDN_SEV_WARNING,
	    "irregular move accepted" },
	[PDN_D_AMBIGUOUS_GAME] = { "ambiguous-game", PDN_SEV_WARNING,
	    "the moves fit more than one game" },
	[PDN_D_RESULT_POSITION] = { "result-position", PDN_SEV_ERROR,
	    "result contradicts the final position" },
	[PDN_D_SETUP_POSITION] = { "setup-position", PDN_SEV_ERROR,
	    "impossible position" },
	[PDN_D_UNSUPPORTED_GAMETYPE] = { "unsupported-gametype",
	    PDN_SEV_WARNING, "game not replayed" },
	[PDN_D_MOVE_SEPARATOR] = { "move-separator", PDN_SEV_WARNING,
	    "wrong move separator" },
	[PDN_D_GAMETYPE_VALUE] = { "gametype-value", PDN_SEV_WARNING,
	    "bad GameType value" },
	[PDN_D_AS_READ] = { "as-read", PDN_SEV_WARNING,
	    "written back as read" },
	[PDN_D_VARIATION_ILLEGAL] = { "variation-illegal", PDN_SEV_WARNING,
	    "not legal here in a variation" },
	[PDN_D_TAG_WRAPPED] = { "tag-wrapped", PDN_SEV_WARNING,
	    "tag value wrapped over lines" },
	[PDN_D_JUNK_SKIPPED] = { "junk-skipped", PDN_SEV_WARNING,
	    "text outside any game skipped" },
	[PDN_D_FEN_SIDE_UNKNOWN] = { "fen-side-unknown", PDN_SEV_WARNING,
	    "side to move '?' in the FEN" },
	[PDN_D_MOVE_UPPERCASE] = { "move-uppercase", PDN_SEV_NOTE,
	    "upper-case square letters read as lower case" },
	[PDN_D_TAG_ITALIAN] = { "tag-italian", PDN_SEV_NOTE,
	    "Italian tag name read as its PDN name" },
	[PDN_D_MOVE_SHORT] = { "move-short", PDN_SEV_NOTE,
	    "short algebraic moves (origin file and square) read" },
	[PDN_D_SHORT_RESOLVED] = { "short-resolved", PDN_SEV_NOTE,
	    "short move of two pieces read as the one the game goes on "
	    "from" },
	[PDN_D_RESULT_COLON] = { "result-colon", PDN_SEV_NOTE,
	    "result written with ':' read as with '-'" },
	[PDN_D_TAG_UNCLOSED] = { "tag-unclosed", PDN_SEV_WARNING,
	    "tag value without its closing quote read to the ']'" },
	[PDN_D_PROSE_VARIATION] = { "prose-variation", PDN_SEV_WARNING,
	    "text in parentheses that is no move sequence read as a comment" },
	[PDN_D_RESULT_FIRST_MOVER] = { "result-first-mover", PDN_SEV_NOTE,
	    "result read with the first mover's score first" },
	[PDN_D_SETUP_EMPTY] = { "setup-empty", PDN_SEV_WARNING,
	    "no pieces on the board" },
	[PDN_D_RESULT_WHITE_FIRST] = { "result-white-first", PDN_SEV_NOTE,
	    "result read with White's score first" },
};

const char *
pdn_diag_name(pdn_diag_code code)
{
	return (unsigned)code < PDN_D_NCODES ? diag_table[code].name : "?";
}

pdn_severity
pdn_diag_severity(pdn_diag_code code)
{
	return (unsigned)code < PDN_D_NCODES ? diag_table[code].severity :
	    PDN_SEV_ERROR;
}

const char *
pdn_diag_text(pdn_diag_code code)
{
	return (unsigned)code < PDN_D_NCODES ? diag_table[code].text : "?";
}

const char *
pdn_severity_name(pdn_severity s)
{
	switch (s) {
	case PDN_SEV_NOTE:
		return "note";
	case PDN_SEV_WARNING:
		return "warning";
	default:
		return "error";
	}
}
