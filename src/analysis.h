/* One recalculation: the scenario's workload and a plan per GPU type.
 * The report printers and the terminal screen both draw from this. */
#ifndef GPUPLAN_ANALYSIS_H
#define GPUPLAN_ANALYSIS_H

#include <stdbool.h>

#include "catalog.h"
#include "plan.h"
#include "scenario.h"

#define SCENARIO_NOTES 8

struct analysis {
	const struct catalog *catalog;
	struct scenario sc;
	struct workload w;
	struct mem_terms totals; /* the whole model on one imaginary card, overhead per card */
	struct plan *plans;
	size_t nplans, cap;
	struct message notes[SCENARIO_NOTES]; /* about the scenario, not one GPU */
	int nnotes;
	bool ok;
	char error[240];
};

/* gpu_filter: NULL, or a comma-separated list of GPU ids. Returns false
 * when the scenario cannot be computed (error says why). Reuses memory. */
bool analysis_run(struct analysis *a, const struct catalog *c, const struct scenario *sc,
		  const char *gpu_filter);
void analysis_free(struct analysis *a);

/* Checks a --gpu list against the catalogue; false with the bad id in err. */
bool gpu_filter_valid(const struct catalog *c, const char *filter, char *err, size_t errlen);

#endif
