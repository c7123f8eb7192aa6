/* B_max: the most sequences of the scenario's context that one replica
 * holds under the fit rule (SERVING.md §4, Memory), the bound of the
 * serving model's batch. Memory arithmetic only (estimate.c's terms). */
#ifndef GPUPLAN_BATCH_MAX_H
#define GPUPLAN_BATCH_MAX_H

#include "catalog.h"
#include "estimate.h"

/* The most sequences that one replica of layout l (its t and p; d
 * ignored) holds on GPU g, headroom included. 0: not even one. */
long long batch_max(const struct workload *w, const struct gpu *g, const struct layout *l);

#endif
