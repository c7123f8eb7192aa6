/* How long a training job takes on one shape of cards (TRAINING.md §2–5):
 * FLOPs per token, compute per micro-batch with the GEMM-width law, the
 * tensor-parallel, pipeline, data-parallel, ZeRO-3 and expert-parallel
 * traffic over the links, what of it hides, the bubble, goodput, days and
 * what paying for the job costs. The shape search is training_shape.c,
 * the deadline solver and the tiers training_solve.c.
 *
 * A pure library: every input is a plain number in the structs below, so
 * the caller maps its model, GPU, offer and plan onto them. */
#ifndef GPUPLAN_TRAINING_TIME_H
#define GPUPLAN_TRAINING_TIME_H

#include <stdbool.h>
#include <stddef.h>

#include "tables.h" /* enum task_kind, enum inter_node, enum link_kind */
#include "usl.h"

#define TRAIN_LINK_KINDS 4 /* room for every enum link_kind */

/* Every constant of TRAINING.md §11, in one place (JSON training.efficiency{}). */
struct train_constants {
	double eta_link[TRAIN_LINK_KINDS]; /* all-reduce bus bandwidth / link_gbs, by link; 0: nvlink's */
	double eta_net;        /* NCCL between machines / the NICs' line rate */
	double w0;             /* GEMM width law: μ ∝ w/(w + w0) */
	double ref_width;      /* the width mfu_train is quoted at (4096) */
	double fp8_factor;     /* fp8 linear layers reach this share of the FP8 peak's MFU */
	double qlora_slowdown; /* NF4 dequantisation before each GEMM (linear layers) */
	double grad_bytes, param_bytes; /* on the wire: fp32 gradients, bf16 parameter gathers */
	double goodput_ops;    /* evaluation, checkpoints, data stalls */
	double fail_per_gpu_h; /* λ: job interruptions per GPU-hour (Llama 3) */
	double lost_h;         /* δ: hours lost per interruption */
	double ib_gbs, ethernet_gbs, none_gbs, unknown_gbs; /* B_node by inter_node when not given */
	double pretrain_batch, finetune_batch; /* B_tok defaults, tokens */
	int cards_per_machine; /* M */
	int max_cards;         /* the solver and the tiers look no further */
};
extern const struct train_constants train_defaults;

/* How the efficiencies were set (gpus.csv `calibration`): the band. */
enum train_calibration { TRAIN_CAL_MEASURED, TRAIN_CAL_PUBLISHED, TRAIN_CAL_ESTIMATE };

struct train_model {
	double params;      /* P */
	double p_act;       /* P_act: parameters used per token */
	double n_mm;        /* parameters multiplied per token: P_act − V·h untied, P_act tied */
	double p_dense, p_exp; /* P = P_dense + P_exp (dense models: P_exp 0) */
	double p_train;     /* trained dense parameters: P_dense (full) or the adapters (LoRA) */
	int layers, hidden;
	double attn_w;      /* a·d_h */
	double gemm_w;      /* min(h, i), i one expert's width in a MoE layer */
	int experts, experts_per_token, moe_layers; /* 0 for dense models */
	double seq_len;     /* s */
};

struct train_job {
	enum task_kind task;  /* TASK_FULL (also pretraining), TASK_LORA, TASK_QLORA */
	bool fp8;             /* train in FP8 where the GPU has it */
	double tokens;        /* D = dataset tokens × epochs */
	double global_batch;  /* B_tok, tokens per optimizer step */
	double frozen_bytes;  /* LoRA/QLoRA: bytes of one frozen base weight (ZeRO-3 gathers) */
};

struct train_gpu {
	double bf16_tflops, fp8_tflops; /* dense peaks; fp8 0 = no FP8 */
	double mfu_train;               /* compute-only MFU of a 4096-wide layer at TP1, 0..1 */
	int link;                       /* enum link_kind inside a machine */
	double link_gbs;                /* NVLink/HCCS bidirectional, PCIe per direction */
	double link_busbw_gbs;          /* measured all-reduce bus bandwidth; 0: link_gbs·η_link */
	enum train_calibration calibration;
};

/* The parallel shape. d = cards/(tp·pp); v, b, ep of 0 read as 1. */
struct train_shape {
	int cards, tp, pp, zero;
	int v;           /* virtual stages per pipeline rank (interleaved 1F1B) */
	int b;           /* micro-batch, sequences */
	int ep;          /* expert parallel, inside DP */
	double rc_share; /* r: share of each stage's layers recomputed */
};

/* The link between machines: node_gbs > 0 (the offer's inter_node_gbs or
 * --network) wins; otherwise the kind's default, NET_UNKNOWN counting as
 * 25G Ethernet (noted). Line rate; η_net applies. */
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
	TRAIN_NOTE_NO_FP8 = 1,       /* fp8 asked, the GPU has none: bf16 used */
	TRAIN_NOTE_NODE_ASSUMED = 2, /* B_node from the kind's default */
	TRAIN_NOTE_NET_UNKNOWN = 4,  /* no inter_node given: 25G Ethernet assumed */
	TRAIN_NOTE_NO_NETWORK = 8,   /* inter_node "none" across machines: shared 1000M */
	TRAIN_NOTE_PP_ZERO = 16,     /* ZeRO-2/3 with PP: only when forced */
};

/* One step's time, in parts that add up to total_s (JSON training.step{}). */
struct train_step {
	double compute_s;    /* m·t_c, recomputed forward included */
	double tp_s;         /* m·t_tp */
	double ep_s;         /* m·t_ep */
	double pp_send_s;    /* m·t_p2p */
	double pp_bubble_s;  /* (p−1)/v·t_mb */
	double dp_exposed_s; /* data-parallel and ZeRO-3 traffic that does not hide */
	double total_s;
};

struct train_result {
	double k_lin, k_att;     /* FLOPs per parameter and per attention unit, per token */
	double flops_per_token;  /* F_lin + F_att, executed */
	double flops;            /* F · D, executed (recomputation included) */
	double peak_tflops;      /* the linear layers' peak (bf16, or fp8 × f8) */
	double mu;               /* MFU after the width law */
	double sequences;        /* S per step */
	double steps;            /* D / (S·s) */
	double m;                /* micro-batches per DP rank per step */
	double t_c, t_tp, t_ep, t_p2p, t_mb; /* one micro-batch on one stage, seconds */
	double dp_s;             /* data-parallel traffic per step (ZeRO-3: every micro-batch's) */
	double bubble_share;     /* (p−1)/(v·m + p − 1) */
	struct train_step step;
	double bw_link, bw_node, bw_pp; /* GB/s used: in a machine, a machine's NICs, PP sends */
	int machines, dp;
	double eff;              /* m·t_c / T_step */
	double goodput;          /* g_ops / (1 + G·λ·δ) */
	double days, card_hours;
	double idle_share;       /* 1 − eff */
	double band_pct;         /* ±25 published/measured, ±50 estimate */
	unsigned notes;          /* enum train_note bits */
};

/* The model for one shape. False with "expected ..." in err for inputs it
 * cannot use (inference, no cards, a shape that does not divide, zero
 * peaks or efficiencies out of (0, 1], a micro-batch the batch cannot
 * fill). */
bool training_time(const struct train_input *in, struct train_result *out, char *err, size_t cap);

/* The terms, one function each (TRAINING.md §15), exposed for tests. */
const struct train_constants *train_constants_of(const struct train_constants *k);
double train_goodput(const struct train_constants *k, int cards);
double train_gemm_mfu(const struct train_constants *k, double mfu_train, double width);
double train_link_bw(const struct train_constants *k, const struct train_gpu *g);
double train_node_bw(const struct train_constants *k, const struct train_network *net,
		     unsigned *notes);
/* (g−1)/g·X/bw_link + c·(n−1)/n·X/bw_node, n = d/g machines, c = M/g
 * across machines (G > M): one collective of X bytes over d ranks, g of
 * them per machine. Bandwidths in GB/s. */
double train_coll_s(double bytes, double d, double g, bool across, int per_machine,
		    double bw_link, double bw_node);
/* The compute of one step spread perfectly over G cards at recompute
 * share rc: the floor no shape of G cards can beat (S·s/G sequences'
 * tokens at the rates of §2.2). */
double train_compute_floor_s(const struct train_input *in, int cards, double rc_share);
/* The largest expert parallel e ∈ {1, 2, 4, …, 256} with e | experts and
 * e | d (TRAINING.md §6): what saves most memory. */
int train_ep_largest(int experts, int d);
/* Sequences per step for a global batch: ⌊B_tok / s⌋. */
double train_sequences(double global_batch, double seq_len);

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
	double cost[RENT_WAYS];     /* billed: whole months for the monthly ways */
	double prorated[RENT_WAYS]; /* H/730 × the monthly price of the units paid */
	int cards[RENT_WAYS];       /* cards paid for: bare metal counts whole machines */
	double hours;
	enum train_rent cheapest;   /* RENT_NONE when none is offered */
};

/* cards × hourly × H; cards × monthly × ceil(H/730); machines × monthly ×
 * ceil(H/730). Containers only up to max_cards. */
void training_bill(const struct train_prices *p, int cards, double hours, int cards_per_machine,
		   struct train_bill *out);
/* The bill's cheapest way's cost; < 0 when no way is offered. */
double train_bill_cheapest(const struct train_bill *b);

#endif
