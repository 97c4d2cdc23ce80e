/*
 * The library's version at run time (see pdn/core.h), for a program that wants
 * to know which copy it was linked with.
 */
#include "pdn/core.h"

int
pdn_version(const char **str)
{
	if (str != NULL)
		*str = PDN_VERSION;
	return PDN_VERSION_NUMBER;
}
