/* libFuzzer target: every report writer on an analysis of a fuzzed
 * scenario. Input: lines "key value" for scenario_set (the first line may
 * name the model), then the table, CSV, JSON and Markdown reports are
 * written; the JSON must be valid. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datasrc.h"
#include "report.h"
#include "settings.h"
#include "../json_check.h"
#include "bundled.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void apply(struct scenario *sc, const struct catalog *c, char *line)
{
	char err[200];
	char *value = strchr(line, ' ');
	if (!value)
		return;
	*value++ = '\0';
	if (strcmp(line, "model") == 0)
		scenario_set_model(sc, c, value, err, sizeof err);
	else
		scenario_set(sc, line, value, err, sizeof err);
}

static void write_reports(const struct analysis *a)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	report_json(out, a);
	fclose(out);
	if (!json_valid(text))
		abort();
	free(text);
	out = fopen("/dev/null", "w");
	report_table(out, a);
	report_csv(out, a);
	report_markdown(out, a);
	fclose(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 1024)
		return 0;
	struct catalog *c = bundled();
	char *text = malloc(size + 1);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	struct scenario sc;
	scenario_defaults(&sc);
	scenario_use_model(&sc, &c->models[data[0] % c->nmodels]);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		apply(&sc, c, line);
	static struct analysis a;
	if (analysis_run(&a, c, &sc, NULL))
		write_reports(&a);
	free(text);
	return 0;
}
