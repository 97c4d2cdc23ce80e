/*
 * The one table of the library's return codes and their messages
 * (pdn_strerror(), see pdn/core.h): the messages of the FEN reader's and
 * the profile reader's refusals are here too, so that every layer names a
 * code the same way.
 */
#include "pdn/core.h"

const char *
pdn_strerror(int code)
{
	switch (code) {
	case PDN_OK:
		return "no error";
	case PDN_EINVAL:
		return "invalid input";
	case PDN_ENOMEM:
		return "out of memory";
	case PDN_EIO:
		return "read or write failure";
	case PDN_ERANGE:
		return "a fixed limit was exceeded";
	case PDN_EFEN_EMPTY:
		return "empty FEN";
	case PDN_EFEN_SIDE:
		return "side to move must be W or B";
	case PDN_EFEN_COLOUR:
		return "a piece list must start with W or B";
	case PDN_EFEN_SQUARE:
		return "expected a square number";
	case PDN_EFEN_SQUARE_RANGE:
		return "square out of range 1-50";
	case PDN_EFEN_RANGE:
		return "bad square range";
	case PDN_EFEN_DUPLICATE:
		return "square listed twice";
	case PDN_EFEN_DUP_COLOUR:
		return "piece list of one colour given twice";
	case PDN_EFEN_FIELD:
		return "malformed field";
	case PDN_EFEN_TRAILING:
		return "unexpected text after the FEN";
	case PDN_EPROFILE_IO:
		return "cannot read profile";
	case PDN_EPROFILE_SYNTAX:
		return "YAML syntax error";
	case PDN_EPROFILE_NOT_MAPPING:
		return "a mapping was expected";
	case PDN_EPROFILE_UNKNOWN_KEY:
		return "unknown key";
	case PDN_EPROFILE_DUPLICATE_KEY:
		return "duplicate key";
	case PDN_EPROFILE_WRONG_TYPE:
		return "wrong type";
	case PDN_EPROFILE_MISSING_KEY:
		return "missing key";
	case PDN_EPROFILE_UNKNOWN_BASE:
		return "unknown base profile";
	case PDN_EPROFILE_UNKNOWN_NAME:
		return "unknown profile";
	}
	return "unknown error";
}
