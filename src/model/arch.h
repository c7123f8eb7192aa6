/* Architecture arithmetic: parameter counts from config.json figures, the
 * parts a MoE, MLA or local-attention model is made of, and an
 * architecture scaled from a catalogue model for a bare size. */
#ifndef GPUPLAN_ARCH_H
#define GPUPLAN_ARCH_H

#include "catalog.h"
#include "model_parts.h" /* model_embedding_params */

/* Layers whose FFN is routed experts, and those with a dense FFN. */
int arch_moe_layers(const struct model *m);
int arch_dense_layers(const struct model *m);
/* Layers whose attention is local (a sliding window or chunks). */
int arch_local_layers(const struct model *m);

/* FFN widths: one routed expert's, and the sum a token runs through in a
 * MoE layer (experts_per_token routed plus the shared experts). */
int arch_expert_width(const struct model *m);
double arch_moe_token_width(const struct model *m);
/* The FFN width a token meets, averaged over the layers. */
double arch_mean_ffn_width(const struct model *m);

/* Parameters of every routed expert in every MoE layer (0 when dense):
 * the part a precision per part (expert_dtype) applies to. */
double arch_routed_params(const struct model *m);

/* KV elements per token per layer (MLA: the latent and the rope key). */
double arch_kv_elems(const struct model *m);
/* Tokens held in the KV cache, summed over the layers, for one sequence of
 * s tokens: every layer s, a local one at most its window. */
double arch_kv_tokens(const struct model *m, double s);

/* Parameters implied by the architecture (total, and active per token in
 * *active; both count the embeddings and the vision tower's stated
 * parameters are in the total). 0 for a kv_elems without the MLA ranks:
 * the columns cannot describe those projections. */
double arch_param_count(const struct model *m, double *active);

/* The attention projections of every layer (Q, K, V, O; MLA: its
 * low-rank paths): what a sequence multiplies through on the rank that
 * holds it under DP-attention. 0 for MLA without its ranks. */
double arch_attention_params(const struct model *m);

/* How close a bare size must be to a catalogue model to name it. */
#define ARCH_NEAR_MODEL 0.03

/* Fills out with an architecture for 'params' parameters scaled from the
 * nearest current template: a catalogue model with grouped-query
 * attention and a plain dense FFN. Returns that template, or NULL when
 * the catalogue has none (a fixed Llama-3-like shape is used then).
 * *near: a catalogue model whose total is within ARCH_NEAR_MODEL of
 * 'params' (MoE ones too), or NULL. */
const struct model *arch_derive(struct model *out, const struct catalog *c, double params,
				const struct model **near);

#endif
