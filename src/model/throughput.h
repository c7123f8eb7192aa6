/* A serving plan's time figures (SERVING.md) and what a million tokens
 * cost (PERFORMANCE.md §1): the closed loop at the users' concurrency, or
 * the open loop of a request rate, the max load, and every efficiency and
 * step term they used. Pure arithmetic on a workload, a GPU and a split
 * (step.c, serving.c); no catalogue search. */
#ifndef GPUPLAN_THROUGHPUT_H
#define GPUPLAN_THROUGHPUT_H

#include <stdbool.h>

#include "catalog.h"
#include "estimate.h"
#include "serving.h"

#define SECONDS_PER_MONTH (730.0 * 3600.0)
#define BAND_PUBLISHED_PCT 30 /* a tuned engine on a published or measured row */

/* The bound for people, in the current language: "memory-bound"
 * (访存受限), "compute-bound" (算力受限), ... */
const char *bound_text(enum bound b);

/* Per way to rent; < 0 when that way is not available. */
struct rent_pair {
	double container, baremetal;
};

/* §5 at the scenario's rate (valid only with --rate). */
struct open_loop {
	bool valid;
	double rate, rate_per_replica, percentile; /* req/s; percentile in % (99) */
	bool stable;
	double ttft_mean_s, ttft_p_s, tpot_mean_s, tpot_p_s, itl_p50_s, itl_p99_s;
	double in_flight, prefill_utilisation; /* per replica */
	bool targets;                 /* a TTFT or TPOT target is set */
	double max_rate_per_replica;  /* within the targets */
	int replicas_needed, cards_needed; /* ⌈rate / max_rate⌉ and its cards */
	bool meets_slo;
	enum serving_binding binding;
};

struct throughput {
	bool valid;              /* false: no plan, or output >= context */
	long long concurrency;   /* users at once, whole plan */
	long long per_replica;   /* ceil(concurrency / replicas) */
	long long max_concurrency; /* B_max, whole plan: replicas x per-replica limit */
	long long waiting_users; /* users beyond what the plan holds, who queue for a slot */
	int replicas;
	long long isl, osl;
	enum bound bound;
	double tpot_s;           /* mean inter-token latency (ITL) under load */
	double itl_p50_s, itl_p99_s, ttft_s, e2e_s;
	double user_tokens_per_s;      /* streaming speed, 1 / ITL */
	double delivered_tokens_per_s; /* per user over the whole request, OSL / e2e */
	double output_tokens_per_s;    /* replicas x X_out */
	double total_tokens_per_s;     /* in and out */
	struct rent_pair per_million_output, per_million_total;
	const char *currency;
	double hourly_break_even_hours; /* container: hours a month above which monthly wins; < 0 none */
	double band_low_pct, band_high_pct;
	double band_pct;         /* the two when equal, else the wider */
	double prefill_chunk;    /* C, tokens */
	struct step_efficiency eff;
	struct engine_values engine; /* the engine constants in use */
	struct serving_state step; /* one replica's steady state */
	struct open_loop open;
};

/* Bytes streamed per decode step of b sequences on all TP cards together
 * (step_stream_bytes: MoE streams the routed experts b tokens touch). */
double stream_bytes(const struct workload *w, double b);

/* The time figures for layout l (t, p, d = replicas; ep, dpa) serving
 * concurrency users at once, or (sc->rate > 0) the scenario's request rate
 * spread over the replicas; per_replica_max is B_max of one replica.
 * Costs are filled by throughput_price. */
void throughput_compute(const struct workload *w, const struct gpu *g, const struct layout *l,
			long long concurrency, long long per_replica_max, struct throughput *out);

/* The same layout at its max load: B_max users per replica and an
 * unlimited backlog (an offline run). */
void throughput_max_load(const struct workload *w, const struct gpu *g, const struct layout *l,
		       long long per_replica_max, struct throughput *out);

/* Decode-step parallel efficiency of layout l at b sequences a replica:
 * one card's step time over the cards times the layout's (1: no loss). */
double throughput_parallel_efficiency(const struct workload *w, const struct gpu *g,
				      const struct layout *l, double b);

/* Cost per million tokens from the plan's monthly totals (< 0: not
 * offered) and the container's hourly and monthly price per card. */
struct plan_prices {
	double container_monthly, baremetal_monthly;
	double container_hourly_per_card, container_monthly_per_card;
	const char *currency;
};
void throughput_price(struct throughput *t, const struct plan_prices *pr, double duty_pct);

/* The speed figure's band as a range: tok/s within [v(1 - low), v(1 +
 * high)], a latency within [v/(1 + high), v/(1 - low)] (SERVING.md §10). */
void throughput_speed_range(const struct throughput *t, double v, double *lo, double *hi);
void throughput_latency_range(const struct throughput *t, double v, double *lo, double *hi);

#endif
