#include "native.h"

#include <string.h>

#include "i18n.h"
#include "tables.h"

/* One row per vendor whose cards do not run every format: the formats it
 * does not (precision names; "qlora" for the NF4 base of QLoRA) and what
 * it runs natively. A vendor not listed runs them all (CUDA). */
struct native_row {
	const char *vendor;
	const char *const not_native[4];
	const char *native; /* N_(): translated as the message renders */
};

static const struct native_row native_rows[] = {
	{.vendor = "Huawei", .not_native = {"int4", "qlora"}, .native = N_("BF16 and W8A8 INT8")},
};

/* The format a scenario stores its weights in, as the rows name it. */
static const char *format_of(const struct scenario *sc, const char **words)
{
	if (tasks[sc->task].kind == TASK_QLORA) {
		*words = N_("QLoRA's NF4");
		return "qlora";
	}
	*words = strcmp(precisions[sc->precision].name, "int4") == 0 ? N_("int4 (GPTQ/AWQ)")
								     : precisions[sc->precision].name;
	return precisions[sc->precision].name;
}

static const struct native_row *row_of(const struct gpu *g)
{
	for (size_t i = 0; i < sizeof native_rows / sizeof native_rows[0]; i++)
		if (g->vendor && strcmp(g->vendor, native_rows[i].vendor) == 0)
			return &native_rows[i];
	return NULL;
}

bool native_format(const struct gpu *g, const struct scenario *sc)
{
	const struct native_row *r = row_of(g);
	const char *words;
	const char *f = format_of(sc, &words);
	for (int i = 0; r && i < 4 && r->not_native[i]; i++)
		if (strcmp(r->not_native[i], f) == 0)
			return false;
	return true;
}

struct message native_message(const struct gpu *g, const struct scenario *sc)
{
	const char *words;
	format_of(sc, &words);
	return msg_not_native_on_gpu(words, gpu_short_name(g), row_of(g)->native);
}
