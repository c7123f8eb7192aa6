/* The time of one engine step (SERVING.md §2, §3, §6, §7): one pipeline
 * stage running n_d decode tokens and n_p prefill tokens, and a pipeline
 * round that gives every decoding sequence one token. Everything fixed
 * for one workload, GPU, layout and plan kind is worked out once by
 * step_model_init; a step is then a few multiplications. Pure: no
 * allocation, no globals. */
#ifndef GPUPLAN_STEP_H
#define GPUPLAN_STEP_H

#include <stdbool.h>

#include "catalog.h"
#include "engine.h"
#include "estimate.h"

/* How the matrix multiplications run (§7): JSON compute_path. */
enum compute_path { PATH_BF16, PATH_W8A8, PATH_W8A16, PATH_W4A16, PATH_W4A4, PATH_COUNT };
extern const char *const compute_path_names[PATH_COUNT]; /* "bf16", "w8a8", ... */

/* One step's (or one round's) time and its parts, seconds. matmul is the
 * blend of weights and matmul_compute, attention the blend of kv and
 * attention_compute; total = matmul + attention + fixed + comm + send. */
struct step_terms {
	double total, weights, matmul_compute, matmul, kv, attention_compute, attention, fixed,
		comm, send;
};

/* Every efficiency and constant a step used: JSON efficiency{}. */
struct step_efficiency {
	double mbu, mbu_kv, mbu_moe, mfu, mfu_attn, eta_dq;
	double tau_layer_us, tau_moe_us, sw, alpha_us, eta_ar, bw_ar_gbs, kappa;
	double peak_tflops;   /* the GEMMs' peak: FP8, INT8 or 16-bit */
	double bandwidth_gbs; /* per card */
	enum compute_path path;
	bool fp8_compute;     /* the GEMMs run at the FP8 peak */
	bool fp4_compute;     /* the GEMMs run at the FP4 peak (W4A4: NVFP4, MXFP4) */
};

struct step_model {
	int t, p;        /* cards per stage (TP, or the DPA group), stages */
	bool ep, dpa, moe;
	double isl, ctx; /* prompt length; mean context of a decoding sequence */
	/* seconds per step that do not depend on the tokens */
	double t_w_dense; /* body and head streaming */
	double t_w_experts; /* every routed expert once (times the touched share) */
	double log_keep;  /* ln(1 - k/E): the untouched share is exp(n·log_keep) */
	double fixed;     /* L_s·(tau_layer + tau_moe)·sw */
	double comm_alpha; /* per step: the collectives' latencies */
	/* seconds per token */
	double mm_tok, mm_head; /* GEMM per token through the body; LM head per logit row */
	double mm_attn;   /* DPA: attention projections per token, on its own rank */
	double kv_dec;    /* KV read per decoding sequence */
	double at_dec, at_pre; /* attention FLOP time per decode / prefill token */
	double comm_tok;  /* all-reduce, dispatch and combine per token */
	double send_alpha, send_tok; /* PP: one activation send */
	double kappa;
	double p16; /* bf16_tflops in FLOP/s: attention runs at 16 bits */
	struct step_efficiency eff;
};

/* The step model of one replica of layout l (t, p; ep, dpa) serving
 * prompts of isl tokens and answers of osl. */
void step_model_init(struct step_model *s, const struct workload *w, const struct gpu *g,
		     const struct layout *l, double isl, double osl);

/* §2: one stage (the one holding the LM head) running n_d decode and n_p
 * prefill tokens. Returns the seconds; fills o when it is not NULL. */
double step_stage(const struct step_model *s, double n_d, double n_p, struct step_terms *o);

/* §3: a round, every decoding sequence one token (p = 1: step_stage). */
double step_round(const struct step_model *s, double n_d, double n_p, struct step_terms *o);

/* Micro-batches in flight with n_d decoding sequences: min(p, max(1, ⌈n_d⌉)). */
int step_micro_batches(const struct step_model *s, double n_d);

/* Bytes one decode step of n tokens streams over the whole TP group: the
 * body and the LM head at their bytes, and the routed experts n tokens
 * touch, E·e·(1 - (1 - k/E)^n), at the experts' own (SERVING.md §2). */
double step_stream_bytes(const struct workload *w, double n);

/* roofline blend (x^κ + y^κ)^(1/κ); κ of 64 or more is max(x, y). */
double step_blend(double x, double y, double kappa);

#endif
