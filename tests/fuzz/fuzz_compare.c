/* libFuzzer target: --compare's word splitting, then the options parsed
 * on top of a scenario as the program does. Words must lie inside the
 * buffer and never exceed the maximum. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_WORDS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	char *buf = malloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';
	char *words[MAX_WORDS + 2];
	int n = split_words(buf, words, MAX_WORDS);
	if (n > MAX_WORDS || n < -1)
		abort();
	for (int i = 0; i < n; i++)
		if (words[i] < buf || words[i] > buf + size || strlen(words[i]) > size)
			abort();
	if (n >= 0) {
		char *argv[MAX_WORDS + 2];
		argv[0] = "gpuplan";
		for (int i = 0; i < n; i++)
			argv[i + 1] = words[i];
		argv[n + 1] = NULL;
		struct cli cli;
		FILE *devnull = fopen("/dev/null", "w");
		cli_parse(&cli, n + 1, argv, devnull);
		fclose(devnull);
	}
	free(buf);
	return 0;
}
