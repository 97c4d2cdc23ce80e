/*
 * The diagnostic policy (drv_diag.h): which diagnostics are shown, at
 * what severity, and the library's options the common options set.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>


#include "driver.h"
#include "drv_diag.h"
#include "drv_games.h"
#include "tooldiag.h"

/* --- diagnostics and options of the library ------------------------------ */

pdn_severity
drv_severity(const struct drv *d, const pdn_diag *dg)
{
	/*
	 * The one diagnostic of a game not replayed says that it was not
	 * judged, not that something is wrong with it: it stays a warning,
	 * and the game unsupported, never invalid.
	 */
	if ((unsigned)dg->code < TOOLDIAG_NCODES && d->werror[dg->code] == 1)
		return PDN_SEV_ERROR;
	if (d->strict && dg->severity == PDN_SEV_WARNING &&
	    dg->code != PDN_D_UNSUPPORTED_GAMETYPE &&
	    dg->code != PDN_D_GAMETYPE_UNKNOWN &&
	    ((unsigned)dg->code >= TOOLDIAG_NCODES ||
	    d->werror[dg->code] != 2))
		return PDN_SEV_ERROR;
	return dg->severity;
}

int
drv_diag_off(const struct drv *d, const pdn_diag *dg)
{
	return (unsigned)dg->code < TOOLDIAG_NCODES && d->woff[dg->code];
}

int
drv_shown(const struct drv *d, pdn_severity sev)
{
	if (d->quiet || sev < d->min)
		return -1;
	return (int)sev;
}

void
drv_diag_summary(void)
{
	static const unsigned char unplayed[TOOLDIAG_NCODES] = {
		[PDN_D_UNSUPPORTED_GAMETYPE] = 1,
		[PDN_D_GAMETYPE_UNKNOWN] = 1
	};

	cli_diag_summary(unplayed);
}

void
drv_diag(const pdn_diag *dg, void *arg)
{
	struct drv *d = arg;
	pdn_diag raised = *dg;

	/* Of a game --game, --skip or --max leave out: not read. */
	if (!drv_game_wanted(d, dg->game) || drv_diag_off(d, dg))
		return;
	raised.severity = drv_severity(d, dg);
	if (raised.severity == PDN_SEV_ERROR)
		d->ds.errors++;
	else if (raised.severity == PDN_SEV_WARNING)
		d->ds.warnings++;
	if (drv_shown(d, raised.severity) < 0)
		return;
	cli_diag(&raised, NULL);
}

void
drv_reader_options(const struct drv *d, pdn_reader_options *ro,
    const struct cli_input *in)
{
	ro->file = in->name;
	ro->gametype = d->gametype;
	ro->result_order = d->result_order;
	ro->finish = pdn_game_finish;
	ro->finish_arg = in->hint;
	ro->diag = drv_diag;
	ro->diag_arg = (void *)(uintptr_t)d;
}

void
drv_replay_options(const struct drv *d, pdn_replay_options *ro)
{
	ro->flags |= d->flags;
}

void
drv_played_diags(const pdn_played *pg, pdn_diag_fn fn, void *arg)
{
	pdn_diag dg;
	size_t i, n = pdn_played_diags(pg);

	for (i = 0; i < n; i++)
		if (pdn_played_diag(&dg, pg, i) == 0)
			fn(&dg, arg);
}
