/* libFuzzer target: the value parsers (sizes, token counts, numbers,
 * dates) and every scenario setting, then a full recalculation. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/analysis.h"
#include "../../src/datasrc.h"
#include "../../src/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const keys[] = {"precision", "task", "context", "concurrency", "cards",
				   "headroom", "overhead", "prefill-chunk", "kv-precision",
				   "zero", "recompute", "lora-rank", "efficiency"};

static struct catalog *bundled(void)
{
	static struct catalog c;
	static int loaded;
	if (!loaded) {
		static const char *const paths[3] = {"m", "g", "o"};
		const char *bufs[3];
		struct diag d = {0};
		for (int f = 0; f < 3; f++)
			bufs[f] = (const char *)embedded_files[f];
		if (catalog_load(&c, paths, bufs, embedded_lengths, &d))
			abort();
		diag_clear(&d);
		loaded = 1;
	}
	return &c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 256)
		return 0;
	char text[257];
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	double v;
	long long n;
	int date;
	bool b;
	parse_nonneg(text, &v);
	parse_count(text, 1LL << 40, &n);
	parse_model_size(text, &v);
	parse_date(text, &date);
	parse_yesno(text, &b);

	struct catalog *c = bundled();
	struct scenario sc;
	char err[200];
	scenario_defaults(&sc);
	scenario_use_model(&sc, &c->models[data[0] % c->nmodels]);
	if (data[0] & 0x80)
		scenario_set_model(&sc, c, text, err, sizeof err);
	else
		scenario_set(&sc, keys[data[0] % (sizeof keys / sizeof keys[0])], text, err, sizeof err);
	static struct analysis a;
	analysis_run(&a, c, &sc, NULL);
	return 0;
}
