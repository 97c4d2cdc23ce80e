/*
 * The variants of draughts the library knows (see pdn.h): one static
 * descriptor each, looked up by GameType number.
 */
#include <stddef.h>

#include "pdn.h"

struct pdn_variant {
	int gametype;
	const char *name;
	int width;
	int squares;
};

static const struct pdn_variant variants[] = {
	{ 20, "international", 10, 50 }
};

const pdn_variant *
pdn_variant_get(int gametype)
{
	size_t i;

	for (i = 0; i < sizeof(variants) / sizeof(variants[0]); i++)
		if (variants[i].gametype == gametype)
			return &variants[i];
	return NULL;
}

const pdn_variant *
pdn_variant_default(void)
{
	return &variants[0];
}

int
pdn_variant_gametype(const pdn_variant *v)
{
	return v->gametype;
}

const char *
pdn_variant_name(const pdn_variant *v)
{
	return v->name;
}

int
pdn_variant_width(const pdn_variant *v)
{
	return v->width;
}

int
pdn_variant_squares(const pdn_variant *v)
{
	return v->squares;
}

/* The GameType numbers of PDN 3.0, played or not (PDN.md "GameType"). */
static const struct {
	int gametype;
	const char *name;
} gametypes[] = {
	{ 20, "international draughts" },
	{ 21, "English draughts" },
	{ 22, "Italian draughts" },
	{ 23, "pool checkers" },
	{ 24, "Spanish draughts" },
	{ 25, "Russian draughts" },
	{ 26, "Brazilian draughts" },
	{ 27, "Canadian draughts" },
	{ 28, "Portuguese draughts" },
	{ 29, "Czech draughts" },
	{ 30, "Turkish draughts" },
	{ 31, "Thai draughts" },
	{ 40, "Frisian draughts" },
	{ 41, "Spantsiretti" },
};

const char *
pdn_gametype_name(int gametype)
{
	size_t i;

	if (gametype >= 96 && gametype <= 99)
		return "a lidraughts variant";
	for (i = 0; i < sizeof(gametypes) / sizeof(gametypes[0]); i++)
		if (gametypes[i].gametype == gametype)
			return gametypes[i].name;
	return NULL;
}
