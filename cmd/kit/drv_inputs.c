/*
 * The driver's inputs (drv_inputs.h): the operands, and the *.pdn files
 * under the directories of -r.
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
#include "drv_inputs.h"

/* --- inputs ------------------------------------------------------------ */

int
drv_inputs_add(struct drv *d, const char *path, size_t *cap)
{
	char **p;

	if (d->ninputs == *cap) {
		*cap = *cap > 0 ? 2 * *cap : 16;
		if ((p = realloc(d->inputs, *cap * sizeof(*p))) == NULL)
			return -1;
		d->inputs = p;
	}
	if ((d->inputs[d->ninputs] = strdup(path)) == NULL)
		return -1;
	d->ninputs++;
	return 0;
}

static int
has_pdn_suffix(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && strcasecmp(name + n - 4, ".pdn") == 0;
}

/*
 * Adds the *.pdn files under directory `dir`, in the order of their
 * names, descending into subdirectories (not through symbolic links to
 * directories, which could loop).  Returns 0, or 2 after saying what
 * could not be read.
 */
static int
walk(struct drv *d, const char *dir, size_t *cap, int depth)
{
	struct dirent **names;
	struct stat sb;
	char *path;
	int n, i, status = 0;

	if ((n = scandir(dir, &names, NULL, alphasort)) < 0) {
		cli_warn("%s: %s", dir, strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] == '.' || status == 3 ||
		    (path = malloc(strlen(dir) + strlen(names[i]->d_name) +
		    2)) == NULL) {
			free(names[i]);
			continue;
		}
		sprintf(path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ?
		    "" : "/", names[i]->d_name);
		if (lstat(path, &sb) != 0)
			;
		else if (S_ISDIR(sb.st_mode)) {
			if (depth < 64 && walk(d, path, cap, depth + 1) != 0)
				status = status == 3 ? 3 : 2;
		} else if (has_pdn_suffix(names[i]->d_name) &&
		    (S_ISREG(sb.st_mode) || (S_ISLNK(sb.st_mode) &&
		    stat(path, &sb) == 0 && S_ISREG(sb.st_mode))))
			if (drv_inputs_add(d, path, cap) != 0)
				status = 3;
		free(path);
		free(names[i]);
	}
	free(names);
	if (status == 3) {
		cli_warn("out of memory");
		status = 2;
	}
	return status;
}

/* The operands, directories walked with -r.  Returns 0 or 2. */
int
drv_inputs(struct drv *d, int argc, char **argv)
{
	struct stat sb;
	size_t cap = 0;
	int i, status = 0;

	if (argc == 0 && drv_inputs_add(d, "-", &cap) != 0)
		goto oom;
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") != 0 && stat(argv[i], &sb) == 0 &&
		    S_ISDIR(sb.st_mode)) {
			if (!d->recursive) {
				cli_warn("%s: is a directory (-r reads the "
				    "*.pdn files under it)", argv[i]);
				status = 2;
			} else if (walk(d, argv[i], &cap, 0) != 0)
				status = 2;
			continue;
		}
		if (drv_inputs_add(d, argv[i], &cap) != 0)
			goto oom;
	}
	for (i = 0; i < (int)d->ninputs; i++)
		if (strcmp(d->inputs[i], "-") != 0 &&
		    stat(d->inputs[i], &sb) == 0 && S_ISREG(sb.st_mode))
			d->total += (uint64_t)sb.st_size;
	return status;
oom:
	cli_warn("out of memory");
	return 2;
}

