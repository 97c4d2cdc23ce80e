/*
 * The main of a fuzz target built without libFuzzer (any C compiler):
 * runs LLVMFuzzerTestOneInput once on each file named on the command line,
 * so that make check replays the seeds and the regression inputs of
 * testdata/fuzz with the compiler and sanitizers of the build.  Each file
 * is read into a buffer of exactly its size, so that AddressSanitizer sees
 * a read past its end.  Exits 0 when every input ran (a target that finds
 * a broken promise aborts), 2 when a file cannot be read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads all of fp into a new buffer; returns it (malloc'd) or NULL. */
static uint8_t *
slurp(FILE *fp, size_t *size)
{
	uint8_t *buf = NULL, *exact, *np;
	size_t len = 0, cap = 0, n;

	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 4096;
			if ((np = realloc(buf, cap)) == NULL) {
				free(buf);
				return NULL;
			}
			buf = np;
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(fp)) {
		free(buf);
		return NULL;
	}
	/* A copy of exactly len bytes (1 for an empty file, unused). */
	if ((exact = malloc(len > 0 ? len : 1)) == NULL) {
		free(buf);
		return NULL;
	}
	memcpy(exact, buf, len);
	free(buf);
	*size = len;
	return exact;
}

int
main(int argc, char **argv)
{
	uint8_t *data;
	size_t size;
	FILE *fp;
	int i;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL) {
			perror(argv[i]);
			return 2;
		}
		data = slurp(fp, &size);
		fclose(fp);
		if (data == NULL) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			return 2;
		}
		LLVMFuzzerTestOneInput(data, size);
		free(data);
	}
	return 0;
}
