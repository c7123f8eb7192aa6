/* libFuzzer target: the value parsers (sizes, token counts, numbers,
 * dates) and every scenario setting, then a full recalculation. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "datasrc.h"
#include "parse.h"
#include "settings.h"
#include "bundled.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
	/* every row of the settings table, the model included */
	setting_parse(&settings[data[0] % n_settings], &sc, c, text, err, sizeof err);
	static struct analysis a;
	analysis_run(&a, c, &sc, NULL);
	return 0;
}
