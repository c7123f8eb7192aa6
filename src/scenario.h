/* What the user asks: one model, precision, task and load, plus the
 * advanced knobs. Shared by the command line and the terminal form. */
#ifndef GPUPLAN_SCENARIO_H
#define GPUPLAN_SCENARIO_H

#include <stdbool.h>

#include "catalog.h"

enum kv_choice { KV_AUTO, KV_16, KV_FP8 };
enum recompute_choice { RC_AUTO, RC_NONE, RC_FULL };
#define ZERO_AUTO (-1)

/* Judgement constants, in one place and all overridable. */
#define DEFAULT_CONTEXT 4096
#define DEFAULT_HEADROOM_PCT 20.0
#define DEFAULT_OVERHEAD_GIB 1.0
#define DEFAULT_PREFILL_CHUNK 8192
#define DEFAULT_LORA_RANK 16
#define DEFAULT_EFF_FAST_PCT 90.0 /* NVLink / HCCS inside one machine */
#define DEFAULT_EFF_SLOW_PCT 70.0 /* PCIe, or across machines */
#define MAX_CONTEXT_TOKENS (1LL << 40)
#define MAX_CONCURRENCY 1000000LL

struct scenario {
	const struct model *model; /* catalogue row, or &custom */
	struct model custom;       /* a bare size with a derived architecture */
	char custom_id[32], custom_name[64], custom_source[128];
	int precision, task;
	long long context, concurrency;
	double headroom_pct, overhead_gib;
	long long prefill_chunk;
	int kv_precision, zero, recompute, lora_rank, cards;
	double eff_fast_pct, eff_slow_pct;
	bool unfused_attention, dropout; /* only for checking against the paper */
};

void scenario_defaults(struct scenario *sc);

/* Sets the model from a catalogue id/name or a bare size such as "70b".
 * Returns false (with a message in err) when it is neither. */
bool scenario_set_model(struct scenario *sc, const struct catalog *c, const char *text,
			char *err, size_t errlen);

/* Makes a copy that stays valid when the original moves (the model may
 * point into the scenario itself). */
void scenario_copy(struct scenario *dst, const struct scenario *src);

/* Option values shared by the CLI and the form. Each returns false and
 * writes what is accepted to err when the text is not valid. */
bool scenario_set(struct scenario *sc, const char *key, const char *value, char *err,
		  size_t errlen);

#endif
