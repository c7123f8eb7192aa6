/* The columns of models.csv that describe a MoE, MLA or local-attention
 * model beyond the plain ones (DATA.md): their checks across fields, and
 * the values they imply (kv_elems from the MLA ranks, the window pattern). */
#ifndef GPUPLAN_MODEL_PARTS_H
#define GPUPLAN_MODEL_PARTS_H

#include <stddef.h>

#include "catalog.h"

/* Embedding and LM-head parameters (once when tied): the loader checks a
 * row's active count against them, the memory and time arithmetic use them. */
double model_embedding_params(const struct model *m);

/* Checks a loaded row and fills what follows from it (expert_dtype,
 * kv_elems for MLA, window_of/window_in). Returns NULL when the row is
 * consistent, else the column to point at, with what was expected there
 * written to expected. */
const char *model_parts_check(struct model *m, char *expected, size_t cap);

#endif
