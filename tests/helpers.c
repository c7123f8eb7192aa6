#include "helpers.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datasrc.h"
#include "loader.h"
#include "tables.h"

void load_fixture(struct catalog *c, const char *dir)
{
	struct diag d = {0};
	size_t errors = data_load_dir(c, dir, &d);
	if (errors)
		diag_print(&d, stderr);
	diag_clear(&d);
	cr_assert_eq(errors, 0, "the fixture %s must load", dir);
}

void load_reference(struct catalog *c)
{
	load_fixture(c, FIXTURES "/ref");
}

struct catalog ref_catalog;
static struct analysis ref_analysis;

void ref_setup(void)
{
	load_reference(&ref_catalog);
	ref_analysis = (struct analysis){0};
}

void ref_teardown(void)
{
	analysis_free(&ref_analysis);
	catalog_free(&ref_catalog);
}

struct analysis *ref_run(const struct scenario *sc, const char *filter)
{
	cr_assert(analysis_run(&ref_analysis, &ref_catalog, sc, filter), "%s", ref_analysis.error);
	return &ref_analysis;
}

void make_scenario(struct scenario *sc, const struct catalog *c, const char *model, ...)
{
	char err[200];
	scenario_defaults(sc);
	cr_assert(scenario_set_model(sc, c, model, err, sizeof err), "model %s: %s", model, err);
	va_list ap;
	va_start(ap, model);
	const char *key;
	while ((key = va_arg(ap, const char *))) {
		const char *value = va_arg(ap, const char *);
		cr_assert(scenario_set(sc, key, value, err, sizeof err), "%s=%s: %s", key, value, err);
	}
	va_end(ap);
}

const struct plan *plan_of(struct analysis *a, const char *gpu_id)
{
	for (size_t i = 0; i < a->nplans; i++)
		if (strcmp(a->plans[i].gpu->id, gpu_id) == 0)
			return &a->plans[i];
	cr_assert_fail("no plan for %s", gpu_id);
	return NULL;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	char *buf = malloc(1 << 20);
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

size_t load_with(int which, const char *text, char *out, size_t cap)
{
	const char *paths[3];
	const char *bufs[3];
	size_t lens[3];
	char *owned[3] = {0};
	char full[3][256];
	for (int f = 0; f < 3; f++) {
		snprintf(full[f], sizeof full[f], "%s/ref/%s", FIXTURES, catalog_file_names[f]);
		paths[f] = catalog_file_names[f];
		if (f == which) {
			bufs[f] = text;
			lens[f] = strlen(text);
		} else {
			owned[f] = slurp(full[f], &lens[f]);
			bufs[f] = owned[f];
		}
	}
	struct catalog c;
	struct diag d = {0};
	size_t errors = catalog_load(&c, paths, bufs, lens, &d);
	size_t used = 0;
	out[0] = '\0';
	for (size_t i = 0; i < d.kept && used < cap; i++)
		used += (size_t)snprintf(out + used, cap - used, "%s\n", d.msgs[i]);
	diag_clear(&d);
	catalog_free(&c);
	for (int f = 0; f < 3; f++)
		free(owned[f]);
	return errors;
}

/* Llama-2-7B as in its config.json (no GQA). */
const struct model llama2_7b_arch = {
	.id = "llama-2-7b", .name = "Llama-2-7B", .params_b = 6.74, .active_params_b = 6.74,
	.layers = 32, .hidden = 4096, .heads = 32, .kv_heads = 32, .head_dim = 128,
	.intermediate = 11008, .vocab = 32000, .mlp = MLP_SWIGLU,
};

/* Llama-3.1-8B: GQA with 8 KV heads. */
const struct model llama31_8b_arch = {
	.id = "llama-3.1-8b", .name = "Llama-3.1-8B", .params_b = 8.03, .active_params_b = 8.03,
	.layers = 32, .hidden = 4096, .heads = 32, .kv_heads = 8, .head_dim = 128,
	.intermediate = 14336, .vocab = 128256, .mlp = MLP_SWIGLU,
};

/* A 1B toy with a small vocabulary: embedding V x h = 1000 x 1024 = 1,024,000. */
const struct model toy_arch = {
	.id = "toy", .name = "Toy", .params_b = 1, .active_params_b = 1, .layers = 16,
	.hidden = 1024, .heads = 8, .kv_heads = 8, .head_dim = 128, .intermediate = 4096,
	.vocab = 1000, .mlp = MLP_SWIGLU,
};

struct scenario synthetic_scenario(const struct model *m, const char *precision,
				    const char *task)
{
	struct scenario sc;
	char err[200];
	scenario_defaults(&sc);
	scenario_use_model(&sc, m);
	cr_assert(scenario_set(&sc, "precision", precision, err, sizeof err), "%s", err);
	cr_assert(scenario_set(&sc, "task", task, err, sizeof err), "%s", err);
	return sc;
}

void scenario_put(struct scenario *sc, const char *key, const char *value)
{
	char err[200];
	cr_assert(scenario_set(sc, key, value, err, sizeof err), "%s=%s: %s", key, value, err);
}

struct mem_terms terms_per_card(const struct scenario *sc, struct layout l)
{
	struct workload w;
	struct mem_terms m;
	cr_assert(workload_init(&w, sc), "%s", w.error);
	workload_per_card(&w, &l, &m);
	return m;
}
