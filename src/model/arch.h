/* Architecture arithmetic: parameter counts from config.json figures, and
 * an architecture scaled from a catalogue model for a bare size. */
#ifndef GPUPLAN_ARCH_H
#define GPUPLAN_ARCH_H

#include "catalog.h"

/* Embedding and LM-head parameters (once when tied). */
double arch_embedding_params(const struct model *m);

/* Parameters implied by the architecture (total, and active per token in
 * *active). Returns 0 where the columns cannot describe the model (MLA). */
double arch_param_count(const struct model *m, double *active);

/* Fills out with an architecture for 'params' parameters scaled from the
 * dense catalogue model nearest in size. Returns that model, or NULL when
 * the catalogue has none (a fixed Llama-like shape is used then). */
const struct model *arch_derive(struct model *out, const struct catalog *c, double params);

#endif
