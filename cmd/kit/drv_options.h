/*
 * The driver's options: reading a tool's argv (its own options, the
 * common ones, option files), and the mistakes in them said alike.
 */
#ifndef DRV_OPTIONS_H
#define DRV_OPTIONS_H

#include "driver.h"
#include <pdn/pdn.h>

/*
 * Reads the options and the operands of argv into d, for tool t (whose
 * own options go to t->option with `arg`), loads the --rules profile and
 * walks the directories of -r.  Returns -1 to go on, or the exit status
 * when the run ends here: 0 after --help or --version, 2 after a mistake
 * (said, with the usage line).
 */
int drv_start(struct drv *d, const struct drv_tool *t, void *arg, int argc,
    char **argv);

/*
 * Says that the value of an option is wrong, the same way in every
 * tool: "bad --jobs: "0" (1 to 256)", then the usage line.  Returns 2.
 */
int drv_bad_value(const struct drv *d, const char *option, const char *value,
    const char *want);

/*
 * The names of the variants the library plays into buf of size bytes:
 * "international, brazilian, ... or frisian", or with `last`
 * "international, ..., frisian or LAST".
 */
void drv_variant_names(char *buf, size_t size, const char *last);

/* Says a mistake in the options (printf format), then the usage line. 2. */
int drv_usage_error(const struct drv *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* DRV_OPTIONS_H */
