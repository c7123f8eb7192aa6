/* The serving engine's constants (SERVING.md §9): one row each with its
 * default, range, unit and source. The JSON efficiency{}, --help and
 * --engine KEY=VALUE all walk engine_constants[]; a scenario holds the
 * values in use (the defaults unless --engine overrides one). */
#ifndef GPUPLAN_ENGINE_H
#define GPUPLAN_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

enum engine_key {
	ENGINE_TAU_LAYER_US,   /* per-layer latency TP does not divide */
	ENGINE_TAU_MOE_US,     /* per-MoE-layer latency */
	ENGINE_MBU_MOE,        /* expert streaming, share of mbu */
	ENGINE_ETA_AR,         /* all-reduce bus bandwidth, share of link_gbs/2 */
	ENGINE_KAPPA,          /* roofline blend exponent */
	ENGINE_MFU_ATTN,       /* attention FLOPs, share of bf16_tflops */
	ENGINE_ALPHA_P2P_US,   /* PP send latency inside a machine */
	ENGINE_ALPHA_P2P_NET_US, /* PP send latency across machines */
	ENGINE_NET_GBS,        /* per GPU across machines */
	ENGINE_ALPHA_A2A_US,   /* EP dispatch or combine inside a machine */
	ENGINE_ALPHA_NET_US,   /* one collective across machines */
	ENGINE_ETA_DQ_INT4,    /* weight-only int4 (W4A16) GEMM efficiency */
	ENGINE_ETA_DQ_INT8,    /* weight-only int8 (W8A16) */
	ENGINE_ETA_DQ_FP8,     /* fp8 weights on a card without FP8 (W8A16) */
	ENGINE_COUNT
};

struct engine_constant {
	const char *key; /* --engine KEY=VALUE and the JSON efficiency{} key */
	double value;    /* the default */
	double min, max;
	const char *unit;   /* "us", "GB/s" or NULL */
	const char *source; /* where the default comes from (English, as in SERVING.md) */
};

extern const struct engine_constant engine_constants[ENGINE_COUNT];

/* The values in use. */
struct engine_values {
	double v[ENGINE_COUNT];
};

void engine_defaults(struct engine_values *e);
/* The key's index, or -1. */
int engine_find(const char *key);
/* "tau_layer_us=25,kappa=3": each pair replaces one default; the others
 * return to theirs. "" and "default" are the defaults. False with the
 * reason in err (which key, what range) when the text is not valid; e is
 * then unchanged. */
bool engine_parse(struct engine_values *e, const char *text, char *err, size_t cap);
/* The pairs that differ from the defaults, as engine_parse reads them;
 * "" when none does. */
void engine_format(const struct engine_values *e, char *buf, size_t cap);

#endif
