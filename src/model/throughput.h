/* The inference time model of PERFORMANCE.md §2: how fast a plan decodes
 * and prefills, what a million tokens cost, and every efficiency it used.
 * Pure arithmetic on a workload, a GPU and a split; no catalogue search. */
#ifndef GPUPLAN_THROUGHPUT_H
#define GPUPLAN_THROUGHPUT_H

#include <stdbool.h>

#include "catalog.h"
#include "estimate.h"

/* Engine constants of the time model, in one place (PERFORMANCE.md §1). */
#define MBU_KV 0.60           /* bandwidth efficiency of KV-cache reads */
#define BAND_PUBLISHED_PCT 30 /* tuned serving engine on a published/measured row */
#define BAND_ESTIMATE_PCT 50  /* a row whose efficiencies are estimates */
#define SECONDS_PER_MONTH (730.0 * 3600.0)

/* eta_tp: tensor-parallel efficiency by link, for TP 1, 2, 4 and 8. */
#define ETA_TP_SIZES 4
struct eta_tp_row {
	enum link_kind link;
	double eta[ETA_TP_SIZES];
};
extern const struct eta_tp_row eta_tp_rows[];
extern const int eta_tp_sizes[ETA_TP_SIZES]; /* 1, 2, 4, 8 */

/* eta_tp for t cards on this link; t outside {1,2,4,8}: the next size up. */
double eta_tp(enum link_kind link, int t);

enum bound { BOUND_MEMORY, BOUND_COMPUTE };
extern const char *const bound_names[]; /* "memory", "compute": JSON values */
/* The bound for people, in the current language: "memory-bound"
 * (访存受限), "compute-bound" (算力受限). Where "%s-bound" printed
 * bound_names, print "%s" with this. */
const char *bound_text(enum bound b);

/* Every efficiency and constant one figure used (JSON efficiency{}). */
struct time_efficiency {
	double mbu, mbu_bs1, mbu_kv, mfu, eta_tp;
	double peak_tflops;   /* the peak the compute terms divide by */
	double bandwidth_gbs; /* per card */
	bool fp8_compute;     /* peak and mfu are the FP8 ones */
	bool fp4_compute;     /* peak is the FP4 one (mfu: mfu_infer_fp8) */
};

/* Per way to rent; < 0 when that way is not available. */
struct rent_pair {
	double container, baremetal;
};

struct throughput {
	bool valid;              /* false: no plan, or output >= context */
	long long concurrency;   /* sequences at once, whole plan */
	long long per_replica;   /* ceil(concurrency / replicas) */
	long long max_concurrency; /* B_max, whole plan: replicas x per-replica limit */
	long long isl, osl;
	enum bound bound;
	/* the terms, seconds and bytes as in §2 */
	double w_stream, w_stream_1, kv_tok_per_card, ctx;
	double t_fixed, t_mem, t_cmp, t_pf;
	double tpot_s, ttft_s;
	double user_tokens_per_s;   /* 1 / TPOT */
	double output_tokens_per_s; /* replicas x X_out */
	double total_tokens_per_s;  /* in and out */
	struct rent_pair per_million_output, per_million_total;
	const char *currency;
	double hourly_break_even_hours; /* container: hours a month above which monthly wins; < 0 none */
	double band_pct;
	struct time_efficiency eff;
};

/* Bytes streamed per decode step of b sequences (MoE: the routed experts
 * b tokens touch, at their own precision; shared experts and dense layers
 * always), on all TP cards together. */
double stream_bytes(const struct workload *w, double b);

/* The time figures for layout l (t, p, d = replicas) serving concurrency
 * sequences at once; per_replica_max is B_max of one replica (0: unknown).
 * Costs are filled by throughput_price. */
void throughput_compute(const struct workload *w, const struct gpu *g, const struct layout *l,
			long long concurrency, long long per_replica_max, struct throughput *out);

/* Cost per million tokens from the plan's monthly totals (< 0: not
 * offered) and the container's hourly and monthly price per card. */
struct plan_prices {
	double container_monthly, baremetal_monthly;
	double container_hourly_per_card, container_monthly_per_card;
	const char *currency;
};
void throughput_price(struct throughput *t, const struct plan_prices *pr, double duty_pct);

#endif
