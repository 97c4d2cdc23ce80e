/*
 * The diagnostic policy of a run: the severity, visibility and counting
 * of diagnostics as -q, -w, --verbose, --strict and -W say, and the
 * library's reader and replay options the common options set.
 */
#ifndef DRV_DIAG_H
#define DRV_DIAG_H

#include <stdio.h>

#include "cli.h"

#include "driver.h"
#include <pdn/pdn.h>

/*
 * The severity diagnostic dg has in this run: -W error=CODE makes it an
 * error; --strict makes a warning an error, except the one that says a
 * game was not replayed (unsupported-gametype, gametype-unknown) and
 * those of -W no-error=CODE.
 */
pdn_severity drv_severity(const struct drv *d, const pdn_diag *dg);

/*
 * Whether -W no-CODE turned diagnostic dg off: a tool then neither says
 * nor counts nor keeps it.
 */
int drv_diag_off(const struct drv *d, const pdn_diag *dg);

/*
 * Whether a diagnostic of severity sev in this run (drv_severity()) is
 * shown: sev, or -1 when it is not (-q, -w, notes without --verbose).
 */
int drv_shown(const struct drv *d, pdn_severity sev);

/*
 * For a search (pdn-find, pdn-index build and add), which reads files for
 * the positions of their games, not to judge them: from here on the
 * warnings and notes of each file are counted and said in one line
 * (cli_diag_summary()), but those of the codes -W CODE or -W all names,
 * and those that say a game was not replayed (unsupported-gametype,
 * gametype-unknown), which is not searched then, said as ever.  So are
 * the errors, after which a game is searched as far as it was read or
 * replayed.
 */
void drv_diag_summary(void);

/*
 * A pdn_diag_fn printing diagnostics as the run's options say, and
 * counting them in d->ds (arg is the struct drv).
 */
void drv_diag(const pdn_diag *dg, void *arg);

/*
 * Reader and replay options for an input, as the common options say: the
 * reader's diagnostics go to drv_diag() as they come; the replay's are
 * read from the played game (drv_played_diags()).
 */
void drv_reader_options(const struct drv *d, pdn_reader_options *ro,
    const struct cli_input *in);
void drv_replay_options(const struct drv *d, pdn_replay_options *ro);

/*
 * Hands the diagnostics that the played game pg keeps, the replay's, to
 * fn(arg) in the order they were found: the tools read them there, as
 * each tool's diag callback (drv_diag(), or its own that keeps them with
 * the game's record) takes them.
 */
void drv_played_diags(const pdn_played *pg, pdn_diag_fn fn, void *arg);

#endif /* DRV_DIAG_H */
