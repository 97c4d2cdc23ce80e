/*
 * The library's version at run time (see pdn.h), for a program that wants
 * to know which copy it was linked with.
 */
#include "pdn.h"

int
pdn_version(const char **str)
{
	if (str != NULL)
		*str = PDN_VERSION;
	return PDN_VERSION_NUMBER;
}
