/* What the user asks: one model, precision, task and load, plus the
 * advanced knobs. Shared by the command line and the terminal form; the
 * text form of each setting is described once in settings.h. */
#ifndef GPUPLAN_SCENARIO_H
#define GPUPLAN_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "engine.h"
#include "tables.h"
#include "trial.h"
#include "usl.h"

enum kv_choice { KV_AUTO, KV_16, KV_FP8 };
enum recompute_choice { RC_AUTO, RC_NONE, RC_FULL };
enum zero_stage { ZERO_AUTO = -1, ZERO_0, ZERO_1, ZERO_2, ZERO_3 };
/* The link between machines for training time: the offer's, or a what-if. */
enum network_choice { NETWORK_OFFER, NETWORK_IB, NETWORK_ETHERNET };
/* Expert parallel and DP-attention (SERVING.md §6): the planner's pick,
 * forced on, or left out. */
enum plan_choice { PLAN_AUTO, PLAN_ON, PLAN_OFF };

/* Judgement constants, in one place and all overridable. */
#define DEFAULT_CONTEXT 4096
#define DEFAULT_HEADROOM_PCT 20.0
#define DEFAULT_OVERHEAD_GIB 1.0
#define DEFAULT_PREFILL_CHUNK 8192
#define DEFAULT_LORA_RANK 16
#define DEFAULT_OUTPUT_LEN 512 /* tokens generated per request */
#define DEFAULT_DUTY_PCT 100.0  /* share of the month the service is busy */
#define MAX_MIN_SPEED 1e6       /* tokens/s per user */
#define DEFAULT_MIN_SPEED 10.0  /* PERFORMANCE.md §2: tokens/s per user, streaming under load */
#define DEFAULT_SLO_TTFT_S 10.0 /* SERVING.md §13: the mean, or the percentile with --rate */
#define DEFAULT_PERCENTILE 99.0
#define MAX_RATE 1e6            /* requests per second */
#define MAX_SLO_S 86400.0
#define DEFAULT_EPOCHS 1
#define MAX_EPOCHS 1000
#define DEFAULT_GLOBAL_BATCH 0 /* tokens per optimizer step; 0: auto (settings_train.c) */
#define MAX_CONTEXT_TOKENS (1LL << 40)
#define MAX_CONCURRENCY 1000000LL
#define MAX_CARDS 100000 /* Llama 3.1 trained on 16,384 H100: room ×6 (TRAINING.md §11) */
#define MAX_LORA_RANK 65536
#define TRIAL_FILES_MAX 512 /* --trial: the list of file names */

/* A bare size with a derived architecture. Its strings live here, and
 * shape's string pointers are aimed at them by scenario_model(), so a
 * scenario holding one can be copied by plain assignment. */
struct custom_model {
	struct model shape;
	char id[32], name[64], source[128];
	/* The catalogue model whose total the size is (within ARCH_NEAR_MODEL):
	 * copied, not pointed at, as the catalogue may be reloaded. */
	char near_name[64], near_id[64];
	bool near_moe;
};

struct scenario {
	/* The model in use. Read it through scenario_model(): for a custom size
	 * this field may still point into the scenario it was copied from. */
	const struct model *model_ref;
	bool is_custom; /* the model is custom, not a catalogue row */
	struct custom_model custom;
	int precision; /* index into precisions[]: the one in effect */
	bool precision_auto; /* requested "auto": precision follows the model's dtype */
	int task;      /* index into tasks[] */
	long long context, concurrency;
	double headroom_pct, overhead_gib;
	long long prefill_chunk;
	enum kv_choice kv_precision;
	enum zero_stage zero;
	enum recompute_choice recompute;
	int lora_rank;
	enum loss_kind loss;
	enum accounting accounting;
	int cards; /* 0: as many as needed */
	int tp, pp; /* force a parallel shape; 0: chosen by the planner */
	long long output_len; /* tokens generated per request; input = context - output */
	double duty_pct;      /* 1..100: share of the month busy, for cost per token */
	double min_speed;     /* per-user streaming tokens/s (1/ITL) a serving plan must reach; 0: none */
	double budget;        /* the most to spend, the data's currency: a month (serving), the
				 job (training); 0: none */
	/* Serving (SERVING.md §5, §13): an open loop of rate requests a
	 * second (0: the closed loop of concurrency users); latency targets
	 * (0: none) at the percentile (the mean without a rate). */
	double rate;
	double slo_ttft_s, slo_tpot_s;
	double percentile;
	enum plan_choice ep, dpa;
	struct engine_values engine; /* --engine KEY=VALUE */
	bool unfused_attention, dropout; /* only for checking against the paper */
	/* Training time (PERFORMANCE.md §3), parsed once so plain assignment
	 * copies them: tokens 0 = no training time; deadline 0 = none. */
	double train_tokens;     /* dataset tokens, before epochs */
	int epochs;
	double global_batch;     /* tokens per optimizer step */
	double deadline_days;
	char deadline_text[32];  /* as typed: a date stays a date */
	struct usl_point measured[USL_MAX_POINTS]; /* --measured speed-ups */
	int nmeasured;
	/* the GPU id they were measured on: bound when they are typed (the
	 * configurator's row then, analysis.c), "" for the one --gpu names; a
	 * measurement never moves to another GPU type */
	char measured_gpu[64];
	char measured_gpu_name[64]; /* its short name, for the summaries */
	enum network_choice network;
	/* --trial (issue 22): the files as given and the runs read from them */
	char trial_files[TRIAL_FILES_MAX];
	struct trial_set trial;
};

/* The defaults live in the settings rows: scenario_defaults and
 * scenario_set are declared in settings.h. What a model setting accepts,
 * for its row and for scenario_set_model's refusal (marked N_()). */
extern const char scenario_model_accepted[];

/* The model in use (catalogue row or custom size); NULL when none is set. */
const struct model *scenario_model(const struct scenario *sc);

/* With precision "auto", sets precision to the model's shipped dtype
 * (bf16 when it has none). */
void scenario_resolve_precision(struct scenario *sc);

/* Uses a catalogue row as the model. */
void scenario_use_model(struct scenario *sc, const struct model *m);

/* Sets the model from a catalogue id, name or alias (see model_lookup.h)
 * or a bare size such as "70b". Returns false (with what is accepted and
 * "did you mean ...?" in err) when it is neither. */
bool scenario_set_model(struct scenario *sc, const struct catalog *c, const char *text,
			char *err, size_t errlen);

/* Plain assignment is safe now; kept for the callers that still use it. */
void scenario_copy(struct scenario *dst, const struct scenario *src);

#endif
