/*
 * Fuzz target (libFuzzer): the rules-profile reader (YAML, profile.c) on
 * any bytes.  Besides crashes, leaks and undefined behaviour it checks
 * its promises (pdn-rules(7), pdn/rules.h):
 *
 *  - every refusal is a diagnostic: PDN_EINVAL (or PDN_ENOMEM) with the
 *    error filled: a status of the reader's (not a file's), a message
 *    that starts with the status's text, a position within the text or
 *    on the line after it, where libyaml puts the end of the stream (or
 *    none, 0:0), NUL-ended strings;
 *  - a profile read has its values in the schema's ranges, and the same
 *    profile written back in full (every key, no base) reads as the same
 *    profile.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdn/pdn.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The lines of the text as YAML counts them: LF, CR LF, CR, NEL, LS, PS. */
static long
yaml_lines(const uint8_t *s, size_t len)
{
	long lines = 1;
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\n' || (s[i] == '\r' &&
		    (i + 1 == len || s[i + 1] != '\n')))
			lines++;
		else if (s[i] == 0xc2 && i + 1 < len && s[i + 1] == 0x85)
			lines++;
		else if (s[i] == 0xe2 && i + 2 < len && s[i + 1] == 0x80 &&
		    (s[i + 2] == 0xa8 || s[i + 2] == 0xa9))
			lines++;
	}
	return lines;
}

static int
nul_ended(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

static void
check_error(int rc, const pdn_profile_error *e, const uint8_t *data,
    size_t size)
{
	const char *text;

	/* A refusal of the text, never of a file it does not read. */
	if (rc == PDN_ENOMEM)
		return;
	if (rc > PDN_EPROFILE_SYNTAX || rc < PDN_EPROFILE_UNKNOWN_BASE)
		abort();
	if (!nul_ended(e->file, sizeof(e->file)) ||
	    !nul_ended(e->key, sizeof(e->key)) ||
	    !nul_ended(e->message, sizeof(e->message)))
		abort();
	text = pdn_strerror(rc);
	if (strncmp(e->message, text, strlen(text)) != 0)
		abort();
	if (e->line == 0 && e->column == 0)
		return;
	/*
	 * libyaml ends the stream on a line of its own, after the line
	 * break it adds to a text that does not end with one: one more.
	 */
	if (e->line < 1 || e->line > yaml_lines(data, size) + 1 ||
	    e->column < 1 || (size_t)e->column > size + 1)
		abort();
}

/* A profile written as YAML: at most 4 bytes for each byte of its name. */
struct text {
	char s[1024];
	size_t len;
};

static void
add(struct text *t, const char *s)
{
	size_t len = strlen(s);

	if (t->len + len >= sizeof(t->s))
		abort();
	memcpy(t->s + t->len, s, len + 1);
	t->len += len;
}

/* A name as a YAML double-quoted scalar. */
static void
add_name(struct text *t, const char *name)
{
	char c[8];
	size_t i;

	add(t, "\"");
	for (i = 0; name[i] != '\0'; i++) {
		unsigned char b = (unsigned char)name[i];

		if (b < 0x20 || b == 0x7f || b == '"' || b == '\\')
			snprintf(c, sizeof(c), "\\x%02x", b);
		else
			snprintf(c, sizeof(c), "%c", b);
		add(t, c);
	}
	add(t, "\"\n");
}

/* A rule: its limit n, or switched off (0) with a limit it accepts. */
static void
add_rule(struct text *t, const char *key, const char *count, int n,
    int off)
{
	char s[128];

	snprintf(s, sizeof(s), "%s:\n  enabled: %s\n  %s: %d\n", key,
	    n > 0 ? "true" : "false", count, n > 0 ? n : off);
	add(t, s);
}

/* A rule of profile p. */
#define R(p, rule)	pdn_profile_get((p), PDN_RULE_##rule)

/* The whole profile p as YAML, every key given. */
static void
write_profile(struct text *t, const pdn_profile *p)
{
	char s[128];

	add(t, "name: ");
	add_name(t, pdn_profile_name(p));
	add_rule(t, "threefold", "occurrences", R(p, THREEFOLD), 3);
	snprintf(s, sizeof(s), "  initial-position: %s\n  claim: %s\n",
	    R(p, THREEFOLD_INITIAL) ? "true" : "false",
	    R(p, THREEFOLD_CLAIM) ? "true" : "false");
	add(t, s);
	add_rule(t, "25-move", "plies", R(p, KING_PLIES), 1);
	add_rule(t, "16-move", "plies", R(p, ENDING16_PLIES), 1);
	add(t, R(p, TRANSITION) == PDN_TRANSITION_RESTART ?
	    "  into-5-move: restart\n" : "  into-5-move: keep\n");
	add_rule(t, "5-move", "plies", R(p, ENDING5_PLIES), 1);
	add_rule(t, "15-move", "plies", R(p, MOVES15_PLIES), 1);
	add_rule(t, "20-move", "plies", R(p, MOVES20_PLIES), 1);
	add_rule(t, "40-move", "plies", R(p, MOVES40_PLIES), 1);
	add_rule(t, "3-kings", "plies", R(p, KINGS3_PLIES), 1);
	add_rule(t, "7-move", "plies", R(p, KINGS2V1_PLIES), 1);
	add_rule(t, "king-v-king", "plies", R(p, KINGS1V1_PLIES), 1);
	/* The balance rule's two limits are on or off together. */
	snprintf(s, sizeof(s), "balance:\n  enabled: %s\n  plies-4-5: %d\n"
	    "  plies-6-7: %d\n", R(p, BALANCE4_PLIES) > 0 ? "true" : "false",
	    R(p, BALANCE4_PLIES) > 0 ? R(p, BALANCE4_PLIES) : 1,
	    R(p, BALANCE6_PLIES) > 0 ? R(p, BALANCE6_PLIES) : 1);
	add(t, s);
}

static int
bool_value(int v)
{
	return v == 0 || v == 1;
}

static int
plies_value(int v)
{
	return v >= 0 && v <= PDN_PROFILE_PLIESMAX;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pdn_profile *p, *back;
	pdn_profile_error err;
	static struct text yaml;
	const char *name;
	int rc;

	rc = pdn_profile_read(&p, (const char *)data, size, "fuzz.yaml", &err);
	if (rc != 0) {
		check_error(rc, &err, data, size);
		/* Without an error structure: the same answer. */
		if (pdn_profile_read(&back, (const char *)data, size, NULL,
		    NULL) != rc)
			abort();
		return 0;
	}
	name = pdn_profile_name(p);
	if (name[0] == '\0' || strlen(name) >= PDN_PROFILE_NAMEMAX ||
	    (R(p, THREEFOLD) != 0 && (R(p, THREEFOLD) < 2 ||
	    R(p, THREEFOLD) > 100)) ||
	    !bool_value(R(p, THREEFOLD_INITIAL)) ||
	    !bool_value(R(p, THREEFOLD_CLAIM)) ||
	    !plies_value(R(p, KING_PLIES)) ||
	    !plies_value(R(p, ENDING16_PLIES)) ||
	    !plies_value(R(p, ENDING5_PLIES)) ||
	    !plies_value(R(p, MOVES15_PLIES)) ||
	    !plies_value(R(p, MOVES20_PLIES)) ||
	    !plies_value(R(p, MOVES40_PLIES)) ||
	    !plies_value(R(p, KINGS3_PLIES)) ||
	    !plies_value(R(p, KINGS2V1_PLIES)) ||
	    !plies_value(R(p, KINGS1V1_PLIES)) ||
	    (R(p, BALANCE4_PLIES) > 0) != (R(p, BALANCE6_PLIES) > 0) ||
	    !plies_value(R(p, BALANCE4_PLIES)) ||
	    !plies_value(R(p, BALANCE6_PLIES)) ||
	    (R(p, TRANSITION) != PDN_TRANSITION_KEEP &&
	    R(p, TRANSITION) != PDN_TRANSITION_RESTART))
		abort();
	yaml.len = 0;
	write_profile(&yaml, p);
	rc = pdn_profile_read(&back, yaml.s, yaml.len, "other.yaml", &err);
	if (rc != 0) {
		fprintf(stderr, "profile: %s:%d:%d: %s\n%s", err.file, err.line,
		    err.column, err.message, yaml.s);
		abort();
	}
	if (!pdn_profile_equal(p, back))
		abort();
	pdn_profile_free(p);
	pdn_profile_free(back);
	return 0;
}
