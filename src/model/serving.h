/* Continuous batching with chunked prefill (SERVING.md §4) and the open
 * loop of a request rate (§5), over the step model of step.h: what a
 * replica holding B users (or receiving λ requests a second) gives each of
 * them, and how many requests a second it can take within latency
 * targets. A plan costs a few thousand closed-form evaluations. */
#ifndef GPUPLAN_SERVING_H
#define GPUPLAN_SERVING_H

#include <stdbool.h>

#include "step.h"

/* One replica's load and limits. */
struct serving_load {
	double isl, osl;
	double chunk; /* C: token budget of one step */
	double b;     /* users in the loop (closed loop) */
	double b_max; /* sequences the replica's memory holds */
};

/* The steady state at one decode batch n_d (§4), and what follows. */
struct serving_state {
	double n_d, n_p, c, c_max, f, n_b;
	int n_mb;
	double t0, t1, t_mean; /* decode step, step with a prefill chunk, mean step */
	double phi;            /* share of the load that is other users */
	double itl;            /* mean inter-token latency a decoding user sees */
	double lambda, rho, s1, s_own, w_q, ttft;
	double e2e, x_out;     /* per replica */
	double itl_p50, itl_p99;
	struct step_terms dec, pre; /* the terms of t0 and t1 */
};

/* §4 at one n_d and φ (no solve). */
void serving_state_at(const struct step_model *s, const struct serving_load *ld, double n_d,
		      double phi, struct serving_state *st);

/* §4's closed loop of ld->b users (OSL = 1: prefill only). */
void serving_closed(const struct step_model *s, const struct serving_load *ld,
		    struct serving_state *st);

/* §4's max load: b_max sequences and an unlimited backlog. */
void serving_max(const struct step_model *s, const struct serving_load *ld,
		 struct serving_state *st);

/* §5: Poisson arrivals at lambda requests a second on one replica. */
struct serving_open {
	bool stable;      /* the replica keeps up */
	double lambda;
	double percentile; /* 0.99 */
	double ttft_mean, ttft_p, tpot_mean, tpot_p, in_flight;
	struct serving_state st;
};

void serving_open_at(const struct step_model *s, const struct serving_load *ld, double lambda,
		     double percentile, struct serving_open *out);

/* What binds the largest rate within the targets. */
enum serving_binding { BIND_NONE, BIND_TTFT, BIND_TPOT, BIND_CAPACITY, BIND_MEMORY };
extern const char *const serving_binding_names[]; /* "ttft", "tpot", ... (none: NULL) */

/* §5: the largest λ per replica with TTFT_p ≤ slo_ttft and TPOT_p ≤
 * slo_tpot (≤ 0: no target), the replica stable; *why says which bound
 * it. 0 when even one request a second at a time misses a target. */
double serving_max_rate(const struct step_model *s, const struct serving_load *ld,
			double percentile, double slo_ttft, double slo_tpot,
			enum serving_binding *why);

/* §2's bound of the mean step: the largest of its parts. */
enum bound {
	BOUND_MEMORY,       /* weight streaming */
	BOUND_COMPUTE,      /* GEMM FLOPs */
	BOUND_KV_CACHE,     /* KV reads */
	BOUND_ATTENTION,    /* attention FLOPs */
	BOUND_OVERHEAD,     /* the per-layer floor */
	BOUND_INTERCONNECT, /* all-reduces, all-to-all, sends */
	BOUND_COUNT
};
extern const char *const bound_names[]; /* JSON values, NULL-terminated */
enum bound serving_bound(const struct serving_state *st);

/* z_p of the normal distribution for p in (0.5, 1): 0.99 → 2.326. */
double serving_normal_quantile(double p);

#endif
