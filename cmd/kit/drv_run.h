/*
 * The run of a tool: its inputs in turn, its outputs (replaced only
 * when the run went well), the progress line and the exit status.
 */
#ifndef DRV_RUN_H
#define DRV_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

#include "driver.h"
#include <pdn/pdn.h>

/*
 * Runs `file` on each input in turn, opened (standard input for "-"), and
 * closes it; an input that cannot be opened is said and skipped.  Shows
 * progress on a terminal.  Returns the worst status `file` returned, or 2
 * when an input could not be read.
 */
int drv_run(struct drv *d, int (*file)(void *arg, struct drv *d,
    struct cli_input *in), void *arg);

/*
 * Opens an output (NULL or "-": standard output) through a temporary
 * file, committed by drv_end() only when the run ended with status 0 or
 * 1.  Returns the output, or NULL after saying why (the status is then
 * 2).  The driver owns it.
 */
struct cli_output *drv_output(struct drv *d, const char *path);

/*
 * The output of a tool's records: -o FILE, or standard output.  With -q
 * it is standard output, on which nothing is written, so that -q leaves
 * the -o file as it was.  -o naming one of the inputs is refused (NULL,
 * status 2) unless d->rewrite is set: records of another format would
 * replace the games.
 */
struct cli_output *drv_records(struct drv *d);

/*
 * Another output of the tool's (a file of copies, a part of a split),
 * opened as drv_output() opens one; `what` names it in the refusals:
 * a path that is one of the inputs, or the file of an output opened
 * before (NULL, status 2).
 */
struct cli_output *drv_output_also(struct drv *d, const char *path,
    const char *what);

/*
 * Creates directory `dir` and those above it that are missing (mkdir -p),
 * saying each one made ("created directory out/"), unless -q.  drv_end()
 * removes them again when the run ends with status 2 and they are empty,
 * so that a failed run leaves the file system as it was.  Returns 0, or
 * 2 after saying why one could not be made.
 */
int drv_make_dirs(struct drv *d, const char *dir);

/*
 * Finishes the run: closes the outputs and renames them over their
 * targets when `status` is below 2 (else removes them: every target is
 * as it was), erases the progress line, frees the driver.  Returns the
 * exit status: `status`, or 2 when an output failed.
 */
int drv_end(struct drv *d, int status);

/* The progress line: `items` more done, at byte `offset` of the input. */
void drv_progress(struct drv *d, uint64_t items, uint64_t offset);

/*
 * Writes a TSV header to fp, the NULL-ended names as a record
 * (emit_tsv_row()), unless -H.
 */
void drv_tsv_header(const struct drv *d, FILE *fp, const char *const *names);

#endif /* DRV_RUN_H */
