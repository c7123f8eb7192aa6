/* One recalculation: the scenario's workload and a plan per GPU type.
 * The report printers and the terminal screen both draw from this. */
#ifndef GPUPLAN_ANALYSIS_H
#define GPUPLAN_ANALYSIS_H

#include <stdbool.h>

#include "catalog.h"
#include "plan.h"
#include "scenario.h"
#include "trial_fit.h"

#define SCENARIO_NOTES 8

struct analysis {
	const struct catalog *catalog;
	struct scenario sc;
	struct workload w;
	struct mem_terms totals; /* the whole model on one imaginary card, overhead per card */
	struct plan *plans;
	size_t nplans, cap;
	size_t unoffered; /* GPU types left out for having no offer (GPU_FILTER_OFFERED) */
	struct message notes[SCENARIO_NOTES]; /* about the scenario, not one GPU */
	int nnotes;
	bool ok;
	char error[240];
	/* the GPU id a new --measured binds to (sc.measured_gpu): set by
	 * analysis_measured_gpu (the configurator's selected row); "" takes the
	 * one GPU --gpu names. */
	char measured_gpu[64];
	struct usl_fit usl; /* the fit of sc.measured, when given */
	/* --trial: the fit on the GPU the trial ran on, and that GPU's row
	 * with the fitted efficiencies, which its plans point at */
	struct trial_fit trial;
	struct gpu trial_gpu;
	/* --trial's memory log: the GPU it ran on, the per-card estimate for
	 * the scenario on that many cards, and what is carried as overhead
	 * into that GPU's plans (w_memory: the workload with it) */
	const struct gpu *memory_gpu;
	double memory_estimate_gib, memory_carried_gib;
	bool memory_reserved;
	struct workload w_memory;
};

/* What a GPU filter may be besides a list of ids: every GPU type, or
 * those with an offer (what the table and screen show when --gpu is not
 * given: a type nobody rents out here is sized on request). */
#define GPU_FILTER_ALL "all"
#define GPU_FILTER_OFFERED "offered"

/* gpu_filter: NULL (every GPU), a comma-separated list of GPU ids,
 * GPU_FILTER_ALL or GPU_FILTER_OFFERED. Returns false
 * when the scenario cannot be computed (error says why). Reuses memory. */
bool analysis_run(struct analysis *a, const struct catalog *c, const struct scenario *sc,
		  const char *gpu_filter);
void analysis_free(struct analysis *a);

/* The GPU type --measured speed-ups were taken on (NULL or "": the one
 * --gpu names). Kept across runs until changed. */
void analysis_measured_gpu(struct analysis *a, const char *gpu_id);

/* Checks a --gpu list against the catalogue; false with the bad id in err. */
bool gpu_filter_valid(const struct catalog *c, const char *filter, char *err, size_t errlen);

#endif
