/*
 * The code paths of perft's international walk (private to libpdn; see
 * perft.c).  pdn_movegen_path() of <pdn/core.h> names the one in use.
 */
#ifndef PDN_PERFT_H
#define PDN_PERFT_H

/*
 * Makes every later walk take the path called `name` ("generic",
 * "bmi2"), whatever PDN_MOVEGEN says: for the tests, which count under
 * each path this build and CPU have.  Returns 0, or -1 (nothing changed)
 * when the path is not built or the CPU lacks its instructions.
 */
int perft_use_path(const char *name);

#endif /* PDN_PERFT_H */
