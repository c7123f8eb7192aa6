/* Shared by the Criterion tests: fixture data and scenarios. */
#ifndef GPUPLAN_TEST_HELPERS_H
#define GPUPLAN_TEST_HELPERS_H

#include "analysis.h"
#include "catalog.h"
#include "estimate.h"
#include "scenario.h"
#include "settings.h"

/* The reference fixture: the bundled data (a 48 GB card, the L20, among it). */
/* A fixture data folder, which must load without errors (its warnings
 * are dropped). */
void load_fixture(struct catalog *c, const char *dir);
void load_reference(struct catalog *c);

/* A suite's fixture (.init, .fini): the reference catalogue and one
 * analysis that ref_run fills (all GPUs, or the ids in filter). */
extern struct catalog ref_catalog;
void ref_setup(void);
void ref_teardown(void);
struct analysis *ref_run(const struct scenario *sc, const char *filter);

/* A scenario for a catalogue model; settings are "key", "value" pairs
 * ended by NULL, as scenario_set takes them. */
void make_scenario(struct scenario *sc, const struct catalog *c, const char *model, ...);

/* Plans every GPU; returns the plan of the GPU with this id. */
const struct plan *plan_of(struct analysis *a, const char *gpu_id);

/* Loads a CSV text as a one-file catalogue error test: returns the
 * diagnostics text of loading models/gpus/offers where 'which' replaces
 * the bundled file of that kind. */
size_t load_with(int which, const char *text, char *out, size_t cap);

/* Synthetic architectures for the term and planner tests. */
extern const struct model llama2_7b_arch;  /* Llama-2-7B, no GQA */
#define P7 6.74e9 /* its parameters */
extern const struct model llama31_8b_arch; /* Llama-3.1-8B, 8 KV heads */
extern const struct model toy_arch;        /* 1B, 16 layers, V x h = 1000 x 1024 */

/* A scenario for a model given directly, not from a catalogue. */
struct scenario synthetic_scenario(const struct model *m, const char *precision,
				   const char *task);
/* scenario_set that must succeed. */
void scenario_put(struct scenario *sc, const char *key, const char *value);
/* The memory terms of one card under a layout. */
struct mem_terms terms_per_card(const struct scenario *sc, struct layout l);

#endif
