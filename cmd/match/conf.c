/*
 * The engine file of pdn-match (conf.h), read with libyaml.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "conf.h"

/* Appends a field to e.  Returns 0, or -1 out of memory. */
static int
field(struct conf_engine *e, const char *key, const char *value)
{
	char **k, **v;

	if ((k = realloc(e->key, (size_t)(e->n + 1) * sizeof(*k))) == NULL)
		return -1;
	e->key = k;
	if ((v = realloc(e->value, (size_t)(e->n + 1) * sizeof(*v))) == NULL)
		return -1;
	e->value = v;
	if ((k[e->n] = strdup(key)) == NULL)
		return -1;
	if ((v[e->n] = strdup(value)) == NULL) {
		free(k[e->n]);
		return -1;
	}
	e->n++;
	return 0;
}

/* A scalar node's text, or NULL. */
static const char *
scalar(yaml_node_t *n)
{
	return n != NULL && n->type == YAML_SCALAR_NODE ?
	    (const char *)n->data.scalar.value : NULL;
}

/* cutechess-cli's names of the fields, as -e names them. */
static const char *
field_name(const char *key)
{
	static const char *const alias[][2] = {
		{ "command", "cmd" }, { "workingDirectory", "dir" },
		{ "protocol", "proto" }, { "args", "arg" },
	};
	size_t i;

	for (i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (strcmp(key, alias[i][0]) == 0)
			return alias[i][1];
	return key;
}

/*
 * One engine: the mapping m (named `name` by the mapping around it, or
 * NULL).  Returns 0, or -1 after writing why.
 */
static int
engine(struct conf *c, yaml_document_t *d, yaml_node_t *m, const char *name,
    const char *path, char *why, size_t size)
{
	struct conf_engine *e, *ne;
	yaml_node_pair_t *p;
	yaml_node_item_t *it;
	yaml_node_t *k, *v, *x;
	yaml_node_pair_t *q;
	const char *key, *val;
	char opt[300];

	if (m->type != YAML_MAPPING_NODE) {
		snprintf(why, size, "%s:%lu: an engine is a mapping of its "
		    "fields", path, (unsigned long)m->start_mark.line + 1);
		return -1;
	}
	if ((ne = realloc(c->e, (size_t)(c->n + 1) * sizeof(*ne))) == NULL)
		goto oom;
	c->e = ne;
	e = &c->e[c->n++];
	memset(e, 0, sizeof(*e));
	for (p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top;
	    p++) {
		k = yaml_document_get_node(d, p->key);
		v = yaml_document_get_node(d, p->value);
		if ((key = scalar(k)) == NULL)
			goto bad;
		key = field_name(key);
		if (strcmp(key, "options") == 0 && v != NULL &&
		    v->type == YAML_MAPPING_NODE) {
			for (q = v->data.mapping.pairs.start;
			    q < v->data.mapping.pairs.top; q++) {
				key = scalar(yaml_document_get_node(d, q->key));
				val = scalar(yaml_document_get_node(d,
				    q->value));
				if (key == NULL || val == NULL) {
					k = yaml_document_get_node(d, q->key);
					goto bad;
				}
				snprintf(opt, sizeof(opt), "option.%s", key);
				if (field(e, opt, val) != 0)
					goto oom;
			}
			continue;
		}
		if (strcmp(key, "arg") == 0 && v != NULL &&
		    v->type == YAML_SEQUENCE_NODE) {
			for (it = v->data.sequence.items.start;
			    it < v->data.sequence.items.top; it++) {
				x = yaml_document_get_node(d, *it);
				if ((val = scalar(x)) == NULL) {
					k = x;
					goto bad;
				}
				if (field(e, "arg", val) != 0)
					goto oom;
			}
			continue;
		}
		if ((val = scalar(v)) == NULL)
			goto bad;
		if (strcmp(key, "name") == 0) {
			free(e->name);
			if ((e->name = strdup(val)) == NULL)
				goto oom;
		}
		if (field(e, key, val) != 0)
			goto oom;
	}
	if (e->name == NULL && name != NULL &&
	    ((e->name = strdup(name)) == NULL || field(e, "name", name) != 0))
		goto oom;
	if (e->name == NULL) {
		snprintf(why, size, "%s:%lu: an engine without a name", path,
		    (unsigned long)m->start_mark.line + 1);
		return -1;
	}
	return 0;
bad:
	snprintf(why, size, "%s:%lu: %s", path,
	    (unsigned long)(k != NULL ? k->start_mark.line : m->start_mark.line)
	    + 1, "a field's value is a word or number (options: a mapping, "
	    "arg: a sequence too)");
	return -1;
oom:
	snprintf(why, size, "out of memory");
	return -1;
}

int
conf_read(struct conf *c, const char *path, char *why, size_t size)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root, *n;
	yaml_node_item_t *it;
	yaml_node_pair_t *p;
	FILE *fp;
	int rc = -1, i, j;

	memset(c, 0, sizeof(*c));
	if ((fp = fopen(path, "rb")) == NULL) {
		snprintf(why, size, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!yaml_parser_initialize(&parser)) {
		fclose(fp);
		snprintf(why, size, "out of memory");
		return -1;
	}
	yaml_parser_set_input_file(&parser, fp);
	if (!yaml_parser_load(&parser, &doc)) {
		snprintf(why, size, "%s:%lu: %s", path,
		    (unsigned long)parser.problem_mark.line + 1,
		    parser.problem != NULL ? parser.problem : "not YAML");
		yaml_parser_delete(&parser);
		fclose(fp);
		return -1;
	}
	root = yaml_document_get_root_node(&doc);
	if (root != NULL && root->type == YAML_SEQUENCE_NODE) {
		for (it = root->data.sequence.items.start;
		    it < root->data.sequence.items.top; it++)
			if (engine(c, &doc, yaml_document_get_node(&doc, *it),
			    NULL, path, why, size) != 0)
				goto out;
	} else if (root != NULL && root->type == YAML_MAPPING_NODE) {
		for (p = root->data.mapping.pairs.start;
		    p < root->data.mapping.pairs.top; p++) {
			n = yaml_document_get_node(&doc, p->key);
			if (scalar(n) == NULL) {
				snprintf(why, size, "%s:%lu: an engine's name is "
				    "a word", path,
				    (unsigned long)n->start_mark.line + 1);
				goto out;
			}
			if (engine(c, &doc, yaml_document_get_node(&doc,
			    p->value), scalar(n), path, why, size) != 0)
				goto out;
		}
	} else {
		snprintf(why, size, "%s: no engine (a sequence of engines, or "
		    "a mapping of their names to them)", path);
		goto out;
	}
	for (i = 0; i < c->n; i++)
		for (j = 0; j < i; j++)
			if (strcmp(c->e[i].name, c->e[j].name) == 0) {
				snprintf(why, size, "%s: two engines are called "
				    "%s", path, c->e[i].name);
				goto out;
			}
	rc = 0;
out:
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(fp);
	if (rc != 0)
		conf_free(c);
	return rc;
}

const struct conf_engine *
conf_find(const struct conf *c, const char *name)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->e[i].name, name) == 0)
			return &c->e[i];
	return NULL;
}

void
conf_free(struct conf *c)
{
	int i, k;

	for (i = 0; i < c->n; i++) {
		for (k = 0; k < c->e[i].n; k++) {
			free(c->e[i].key[k]);
			free(c->e[i].value[k]);
		}
		free(c->e[i].key);
		free(c->e[i].value);
		free(c->e[i].name);
	}
	free(c->e);
	memset(c, 0, sizeof(*c));
}
