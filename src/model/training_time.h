/* How long a training job takes and what it costs (PERFORMANCE.md §3):
 * FLOPs, compute and gradient all-reduce time per step, the parallel
 * efficiency the interconnect allows, days, card-hours, the three ways to
 * pay for the job, the deadline solver and the scaling tiers.
 *
 * A pure library: every input is a plain number in the structs below, so
 * the caller maps its model, GPU, offer and plan onto them. */
#ifndef GPUPLAN_TRAINING_TIME_H
#define GPUPLAN_TRAINING_TIME_H

#include <stdbool.h>
#include <stddef.h>

#include "tables.h" /* enum task_kind, enum inter_node */
#include "usl.h"

/* Every judgement the model makes, in one place (shown in efficiency{}). */
struct train_constants {
	double goodput;        /* share of wall time spent training: restarts, evals, checkpoints */
	double overlap;        /* share of a step's compute the all-reduce can hide behind */
	double qlora_slowdown; /* QLoRA: dequantising the 4-bit base costs time */
	double fp8_mfu_factor; /* fp8 training reaches this share of mfu_train at the FP8 peak */
	double zero3_factor;   /* ZeRO-3 gathers the parameters too: gradient traffic × this */
	double ib_gbs;         /* node_gbs assumed for "ib": 400G × 4 ports = 200 GB/s */
	double ethernet_gbs;   /* node_gbs assumed for "ethernet" (and unknown): 25G × 2 */
	double none_gbs;       /* no cluster network: machines share a 1000M link */
	int cards_per_machine; /* bare metal machines and NVLink domains */
	int max_machines;      /* the solver and the tiers look no further */
};
extern const struct train_constants train_defaults;

/* How the efficiencies were set (gpus.csv `calibration`): the band. */
enum train_calibration { TRAIN_CAL_MEASURED, TRAIN_CAL_PUBLISHED, TRAIN_CAL_ESTIMATE };

struct train_model {
	double p_act;   /* parameters multiplied per token (MoE: active) */
	double p_train; /* parameters trained (LoRA: the adapters) */
	int layers, hidden;
	double seq_len; /* tokens per sequence, s */
};

struct train_job {
	enum task_kind task; /* TASK_FULL (also pretraining), TASK_LORA, TASK_QLORA */
	bool recompute;      /* full activation recomputation */
	bool fp8;            /* train in FP8 where the GPU has it */
	double tokens;       /* D = dataset tokens × epochs */
	double global_batch; /* tokens per optimizer step */
};

struct train_gpu {
	double bf16_tflops, fp8_tflops; /* dense peaks; fp8 0 = no FP8 */
	double mfu_train;               /* model FLOPs utilisation, 0..1 */
	double link_gbs;                /* inside a machine (NVLink, HCCS, PCIe) */
	enum train_calibration calibration;
};

/* The parallel shape. dp = cards/(tp·pp); machines = ceil(cards/per machine). */
struct train_shape {
	int cards, tp, pp, zero;
};

/* The link between machines: node_gbs > 0 (the offer's inter_node_gbs or
 * --network) wins; otherwise the kind's default, NET_UNKNOWN counting as
 * Ethernet (noted). */
struct train_network {
	double node_gbs;
	enum inter_node kind;
};

struct train_input {
	struct train_model model;
	struct train_job job;
	struct train_gpu gpu;
	struct train_shape shape;
	struct train_network net;
	const struct train_constants *k; /* NULL: train_defaults */
};

/* What the caller should say next to the figures. */
enum train_note {
	TRAIN_NOTE_NO_FP8 = 1,         /* fp8 asked, the GPU has none: bf16 used */
	TRAIN_NOTE_NODE_ASSUMED = 2,   /* node_gbs from the kind's default */
	TRAIN_NOTE_NET_UNKNOWN = 4,    /* no inter_node given: Ethernet assumed */
	TRAIN_NOTE_NO_NETWORK = 8,     /* inter_node "none" across machines: shared 1000M */
};

struct train_result {
	double k;             /* FLOPs per active parameter per token: 6, 8, 4 */
	double flops;         /* k·P_act·D + 12·L·h·s·D */
	double peak_tflops;   /* the peak used (bf16 or fp8) */
	double mfu;           /* the MFU used (fp8: mfu_train × fp8 factor) */
	double steps;         /* D / global batch */
	double t_c;           /* compute seconds per step (QLoRA slowdown included) */
	double s_c;           /* gradient bytes per card */
	double t_ar_intra, t_ar_inter, t_ar; /* all-reduce seconds per step */
	double node_gbs;      /* the link between machines used */
	int machines, dp;
	double eff;           /* t_c / (t_c + exposed all-reduce) */
	double days, card_hours;
	double idle_share;    /* 1 − eff: the spend that buys no compute */
	double band_pct;      /* ±25 published/measured, ±50 estimate */
	unsigned notes;       /* enum train_note bits */
};

/* The model for one shape. False with "expected ..." in err for inputs it
 * cannot use (inference, no cards, a shape that does not divide, zero
 * peaks or efficiencies out of (0, 1]). */
bool training_time(const struct train_input *in, struct train_result *out, char *err, size_t cap);

/* ---- Paying for a job of H hours ---- */

enum train_rent {
	RENT_NONE = -1, /* nothing offered or nothing meets the deadline */
	RENT_CONTAINER_HOURLY,
	RENT_CONTAINER_MONTHLY,
	RENT_BAREMETAL,
	RENT_WAYS
};
extern const char *const train_rent_names[RENT_WAYS]; /* JSON keys */

/* An offer's prices; negative = not offered. */
struct train_prices {
	double card_hourly, card_monthly; /* container, per card */
	int max_cards;                    /* container instance limit */
	double machine_monthly;           /* bare metal, per machine */
};

struct train_bill {
	bool offered[RENT_WAYS];
	double cost[RENT_WAYS];
	int cards[RENT_WAYS]; /* cards paid for: bare metal counts whole machines */
	enum train_rent cheapest; /* RENT_NONE when none is offered */
};

/* cards × hourly × H; cards × monthly × ceil(H/730); machines × monthly ×
 * ceil(H/730). Containers only up to max_cards. */
void training_bill(const struct train_prices *p, int cards, double hours, int cards_per_machine,
		   struct train_bill *out);

/* ---- Card counts: the deadline solver and the scaling tiers ---- */

/* Days and efficiency at G cards; false when G cannot run. */
struct train_point {
	double days, eff;
};
typedef bool (*train_days_fn)(void *ctx, int cards, struct train_point *out);

/* The built-in evaluator: 'base' with, for each G, the real shape with the
 * shortest days — TP ∈ {base tp … 8} inside a machine (TP shrinks the
 * gradient each card sends), base pp, data parallel on top. ctx is a
 * struct train_shape_rule. */
struct train_shape_rule {
	const struct train_input *base; /* its shape gives the smallest TP and the PP */
	unsigned tp_mask; /* bit t set: TP t allowed (it divides the heads); 0: any */
	struct train_shape chosen; /* written: the shape of the last G evaluated */
	bool exhaustive; /* try every TP (tests); else the shortcuts of the .c (same answer) */
};
bool training_days_best_shape(void *ctx, int cards, struct train_point *out);

/* The evaluator for --measured: days from the fitted USL,
 * D / (X(G)·goodput·86400), efficiency X(G)/(G·X1). ctx is a
 * struct train_usl_rule. */
struct train_usl_rule {
	const struct usl_fit *fit;
	double tokens;  /* D */
	double goodput; /* 0: train_defaults.goodput */
};
bool training_days_usl(void *ctx, int cards, struct train_point *out);

struct train_search {
	int min_cards;       /* the memory minimum */
	int step;            /* cards of one replica of the memory plan (≥ 1) */
	double deadline_days;
	struct train_prices prices;
	train_days_fn days;
	void *ctx;
	const struct train_constants *k; /* NULL: train_defaults */
	/* Every G even when the deadline is out of reach (tests); else that
	 * case scans from the most cards down and stops where the compute-only
	 * time cannot win (same answer). Both evaluators make days·eff·G, the
	 * compute-only card-days, the same for every G: a days callback must
	 * too. */
	bool exhaustive;
};

struct train_way {
	bool found; /* a G of this way meets the deadline */
	int cards;
	struct train_point at;
	struct train_bill bill; /* at that G; cost[way] is the one that counts */
};

struct train_choice {
	bool met;             /* some G meets the deadline */
	enum train_rent way;  /* the cheapest; RENT_NONE when not met */
	int cards;            /* met: the cheapest; else the fastest G */
	struct train_point at;
	double cost;
	struct train_way ways[RENT_WAYS];
};

/* Among G = min_cards + i·step (whole replicas) up to max_machines
 * machines — containers up to their max_cards, bare metal at the most whole
 * replicas its whole machines hold (8, 16, …; 6 for replicas of 3) — per
 * way the lowest total cost with days ≤ deadline (ties: fewer cards), and
 * the cheapest way. When none meets it, cards/at give the shortest time.
 * False when no G can run at all. */
bool training_solve_deadline(const struct train_search *s, struct train_choice *out);

#define TRAIN_MAX_TIERS 16
struct train_tier {
	int cards;
	struct train_point at;
	double cost;          /* cheapest way; < 0 when none is offered */
	enum train_rent way;  /* RENT_NONE when none is offered */
};

/* G = min_cards × 1, 2, 4, … up to max_machines machines (the seeds' "one
 * tier more vs the top configuration"). Returns how many tiers were set. */
int training_tiers(const struct train_search *s, struct train_tier *tiers, int max);

#endif
