/*
 * The inputs of a run: its operands, and the *.pdn files under the
 * directories of -r.
 */
#ifndef DRV_INPUTS_H
#define DRV_INPUTS_H

#include <stddef.h>

#include "driver.h"

/*
 * Adds path to the inputs (cap: the room d->inputs has).  Returns 0, or
 * -1 when out of memory.
 */
int drv_inputs_add(struct drv *d, const char *path, size_t *cap);

/*
 * The operands of argv[0..argc) as inputs ("-" for none), the *.pdn files
 * under directories with -r, and their sizes counted in d->total.
 * Returns 0, or 2 after saying what could not be read.
 */
int drv_inputs(struct drv *d, int argc, char **argv);

#endif /* DRV_INPUTS_H */
