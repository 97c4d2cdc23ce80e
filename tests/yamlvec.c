/*
 * YAML test vectors: a thin layer over libyaml's document API.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "yamlvec.h"

void
yamlvec_load(yamlvec *v, const char *name)
{
	yaml_parser_t parser;
	FILE *f;

	snprintf(v->path, sizeof(v->path), "testdata/%s", name);
	f = fopen(v->path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s", v->path);
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &v->doc))
		fail_msg("%s:%zu: %s", v->path, parser.problem_mark.line + 1,
		    parser.problem != NULL ? parser.problem : "YAML error");
	yaml_parser_delete(&parser);
	fclose(f);
	if (yaml_document_get_root_node(&v->doc) == NULL)
		fail_msg("%s: empty document", v->path);
}

void
yamlvec_free(yamlvec *v)
{
	yaml_document_delete(&v->doc);
}

yaml_node_t *
yamlvec_root(yamlvec *v)
{
	return yaml_document_get_root_node(&v->doc);
}

yaml_node_t *
yamlvec_get(yamlvec *v, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;
	yaml_node_t *k;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		fail_msg("%s:%zu: expected a mapping", v->path,
		    map != NULL ? map->start_mark.line + 1 : 0);
	for (p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		k = yaml_document_get_node(&v->doc, p->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(&v->doc, p->value);
	}
	return NULL;
}

int
yamlvec_len(yaml_node_t *seq)
{
	if (seq == NULL || seq->type != YAML_SEQUENCE_NODE)
		fail_msg("line %zu: expected a sequence",
		    seq != NULL ? seq->start_mark.line + 1 : 0);
	return (int)(seq->data.sequence.items.top -
	    seq->data.sequence.items.start);
}

yaml_node_t *
yamlvec_item(yamlvec *v, yaml_node_t *seq, int i)
{
	return yaml_document_get_node(&v->doc,
	    seq->data.sequence.items.start[i]);
}

const char *
yamlvec_str(yaml_node_t *scalar)
{
	if (scalar == NULL || scalar->type != YAML_SCALAR_NODE)
		fail_msg("line %zu: expected a scalar",
		    scalar != NULL ? scalar->start_mark.line + 1 : 0);
	return (const char *)scalar->data.scalar.value;
}

const char *
yamlvec_field(yamlvec *v, yaml_node_t *map, const char *key)
{
	yaml_node_t *n = yamlvec_get(v, map, key);

	if (n == NULL)
		fail_msg("%s:%zu: missing key \"%s\"", v->path,
		    map->start_mark.line + 1, key);
	return yamlvec_str(n);
}

long long
yamlvec_int(yamlvec *v, yaml_node_t *map, const char *key)
{
	const char *s = yamlvec_field(v, map, key);
	char *end;
	long long n = strtoll(s, &end, 10);

	if (*s == '\0' || *end != '\0')
		fail_msg("%s: key \"%s\": \"%s\" is not an integer", v->path,
		    key, s);
	return n;
}
