/* Memory terms of ESTIMATION.md: what one model needs, and what one card
 * holds under a given split (tensor t, pipeline p, data d, ZeRO stage). */
#ifndef GPUPLAN_ESTIMATE_H
#define GPUPLAN_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"
#include "tables.h"

struct mem_terms { /* bytes */
	double weights, kv_cache, activations, gradients, optimizer, overhead;
};

/* The memory terms in the order every report lists them. */
enum mem_term {
	TERM_WEIGHTS, TERM_KV_CACHE, TERM_ACTIVATIONS, TERM_GRADIENTS, TERM_OPTIMIZER,
	TERM_OVERHEAD, TERM_COUNT
};

/* A segment of the VRAM bar: the screen's theme gives each slot its colour
 * and glyph, so the engine names no colour. Gradients and optimizer states
 * share a slot; headroom is not a term but has a slot of its own. */
enum mem_slot {
	SLOT_WEIGHTS, SLOT_KV, SLOT_ACTIVATIONS, SLOT_STATES, SLOT_OVERHEAD, SLOT_HEADROOM,
	SLOT_COUNT
};

/* name and label are msgids (N_): show them through mem_term_name and
 * mem_term_label, which translate each time; key is an interface. */
struct mem_term_row {
	const char *name;  /* in sums: "weights 1.2 + KV 0.3" */
	const char *key;   /* JSON key; CSV per_card_<key>_gib */
	const char *label; /* column headings: "KV cache" */
	enum mem_slot slot;
	size_t offset;     /* of the term in struct mem_terms */
};

extern const struct mem_term_row mem_term_rows[TERM_COUNT];

double mem_term_value(const struct mem_terms *m, enum mem_term t);
/* The term's name in sums ("weights", "KV"; 权重, KV) and its heading
 * ("KV cache"; KV Cache), in the current language. */
const char *mem_term_name(enum mem_term t);
const char *mem_term_label(enum mem_term t);
/* "weights 1.20 + KV 0.30 + … + overhead 1.00": the terms first..last-1
 * with their names (mem_term_name), joined by sep. Returns the length
 * written. */
int mem_terms_text(char *buf, size_t cap, const struct mem_terms *m, int decimals,
		   const char *sep, enum mem_term first, enum mem_term last);

/* t x p cards per replica, d replicas. For a MoE model the t cards may
 * hold whole experts (ep: TP + EP) or, with dpa, run attention data
 * parallel over a group of t cards with the experts split across it (DPA +
 * EP, SERVING.md §6): t is then the group size G. */
struct layout {
	int t, p, d, zero;
	bool recompute;
	bool ep, dpa;
};

/* Training's finer shape (TRAINING.md §7): v virtual stages, micro-batch b
 * (0: the scenario's concurrency), expert parallel e inside the data-
 * parallel cards, and rc_layers of each stage's layers recomputed (0 with
 * the layout's recompute set: all of them). v and e of 0 read as 1. */
struct layout_train {
	int v, b, e, rc_layers;
};

/* Everything about the scenario that does not depend on the split,
 * computed once per recalculation. */
struct workload {
	const struct scenario *sc;
	const struct model *m;
	const struct precision *prec;
	const struct precision *expert_prec; /* the routed experts' (= prec unless expert_dtype) */
	const struct training_bytes *train; /* NULL for inference */
	enum task_kind kind;
	double frozen_weights; /* resident weights that are not trained */
	double trainable;      /* parameters trained */
	double kv_bytes;       /* per KV element */
	double kv_per_seq;     /* bytes for one sequence of full context */
	int kv_split_max;      /* tensor parallel divides the KV cache by at most this */
	double act_layer, act_layer_input, logits; /* training, per card of micro-batch b */
	double sequences;      /* training: sequences per optimizer step (0: not known) */
	double expert_params;  /* routed experts' parameters, E·(P − P_act)/(E − k_e) */
	double overhead;
	char error[240];
};

/* Returns false (reason in w->error) for combinations that cannot train,
 * such as a full fine-tune in int4. */
bool workload_init(struct workload *w, const struct scenario *sc);
/* Layers on the fullest of p pipeline stages, ceil(L/p); the per-layer
 * terms on that card are divided by L/ceil(L/p) instead of p. */
int stage_layers(const struct model *m, int p);
double stage_divisor(const struct model *m, int p);
/* Layers recomputed on a stage of L_stage layers under l, x (§7.2); x may be NULL. */
int layout_recomputed_layers(const struct layout *l, const struct layout_train *x, int stage);
/* A model's routed-expert parameters (0 for dense models). */
double routed_params(const struct model *m);
void workload_per_card(const struct workload *w, const struct layout *l, struct mem_terms *out);
/* The same with training's finer shape (x NULL: its defaults). */
void workload_per_card_train(const struct workload *w, const struct layout *l,
			     const struct layout_train *x, struct mem_terms *out);
double mem_sum(const struct mem_terms *m);

/* The individual formulas, exposed for tests. */
double weight_bytes(const struct model *m, double bytes_per_param, bool embeddings_16bit);
double weight_bytes_split(const struct model *m, double bytes_per_param, double expert_bytes,
			  bool embeddings_16bit);
double training_logits_bytes(const struct model *m, double s, double b, enum loss_kind loss);
double qlora_upcast_bytes(const struct model *m);
double kv_cache_bytes(const struct model *m, double s, double b, double kv_bytes);
double inference_activation_bytes(const struct model *m, double s, double b, double chunk);
double training_layer_bytes(const struct model *m, double s, double b, bool fused, bool dropout);
double lora_params(const struct model *m, int rank);

#endif
