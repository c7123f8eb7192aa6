/* libFuzzer target: one CSV loader (FUZZ_FILE 0 models, 1 gpus, 2 offers)
 * fed arbitrary bytes, the other two files being the bundled ones. Any
 * crash, hang, leak or sanitizer report is a finding. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "catalog.h"
#include "loader.h"
#include "settings.h"
#include "checkdata.h"
#include "datasrc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[3] = {"models.csv", "gpus.csv", "offers.csv"};
	const char *bufs[3];
	size_t lens[3];
	char *copy = malloc(size + 1); /* not NUL-terminated on purpose: +1 only for malloc(0) */
	memcpy(copy, data, size);
	for (int f = 0; f < 3; f++) {
		bufs[f] = (const char *)embedded_files[f];
		lens[f] = embedded_lengths[f];
	}
	bufs[FUZZ_FILE] = copy;
	lens[FUZZ_FILE] = size;
	struct catalog c;
	struct diag d = {0};
	if (catalog_load(&c, paths, bufs, lens, &d) == 0 && c.nmodels > 0) {
		check_model_params(&c, &d);
		struct scenario sc;
		scenario_defaults(&sc);
		scenario_use_model(&sc, &c.models[c.nmodels - 1]);
		struct analysis a = {0};
		analysis_run(&a, &c, &sc, NULL);
		analysis_free(&a);
	}
	diag_clear(&d);
	catalog_free(&c);
	free(copy);
	return 0;
}
