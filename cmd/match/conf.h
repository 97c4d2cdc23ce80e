/*
 * The engine file of pdn-match (--engines FILE): engines described once,
 * picked by name with conf=NAME in -e.  Private to pdn-match.
 */
#ifndef MATCH_CONF_H
#define MATCH_CONF_H

#include <stddef.h>

/*
 * One engine of the file: its name and its fields as -e would give them
 * ("cmd", "dir", "arg" once an argument, "option.NAME", "tc" ...), in
 * the file's order.
 */
struct conf_engine {
	char *name;
	char **key, **value;
	int n;
};

struct conf {
	struct conf_engine *e;
	int n;
};

/*
 * Reads the engine file `path`, YAML or JSON (a JSON file is YAML to the
 * reader): a sequence of mappings, each an engine, or a mapping of
 * engine names to such mappings.  An engine's keys are the fields of -e
 * (name, cmd, dir, arg, proto, host, port, listen, tc, st, depth,
 * nodes, restart, option.NAME), and cutechess-cli's names for some
 * (command, workingDirectory, protocol); "arg" (or "args") may be a
 * sequence, "options" a mapping of option names to values; values are
 * scalars.  Returns 0, or -1 after writing why into why (of `size`
 * bytes): the file, the line and what is wrong.
 */
int conf_read(struct conf *c, const char *path, char *why, size_t size);

/* The engine of that name, or NULL. */
const struct conf_engine *conf_find(const struct conf *c, const char *name);

void conf_free(struct conf *c);

#endif /* MATCH_CONF_H */
