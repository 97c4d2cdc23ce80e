/*
 * Test vectors in YAML (tests only): load a file as a libyaml document and
 * walk it.  Every failure ends the test through cmocka's fail_msg().
 */
#ifndef PDN_TESTS_YAMLVEC_H
#define PDN_TESTS_YAMLVEC_H

#include <yaml.h>

typedef struct yamlvec {
	yaml_document_t doc;
	char path[512];
} yamlvec;

/* Loads testdata/NAME (relative to the project root, where make runs). */
void yamlvec_load(yamlvec *v, const char *name);
void yamlvec_free(yamlvec *v);

yaml_node_t *yamlvec_root(yamlvec *v);

/* The value of `key` in a mapping, or NULL when it is absent. */
yaml_node_t *yamlvec_get(yamlvec *v, yaml_node_t *map, const char *key);

/* Number of items of a sequence, and item i. */
int yamlvec_len(yaml_node_t *seq);
yaml_node_t *yamlvec_item(yamlvec *v, yaml_node_t *seq, int i);

/* The text of a scalar (NUL-terminated, owned by the document). */
const char *yamlvec_str(yaml_node_t *scalar);

/* A required scalar field, as text or as an integer. */
const char *yamlvec_field(yamlvec *v, yaml_node_t *map, const char *key);
long long yamlvec_int(yamlvec *v, yaml_node_t *map, const char *key);

#endif /* PDN_TESTS_YAMLVEC_H */
