/* --check-data's extra checks: figures that parse but disagree. */
#ifndef GPUPLAN_CHECKDATA_H
#define GPUPLAN_CHECKDATA_H

#include "catalog.h"
#include "diag.h"

#define PARAMS_TOLERANCE 0.03 /* architecture vs params_b */

/* A count of m that differs from the one its architecture implies. */
struct params_gap {
	const char *column; /* "params_b" or "active_params_b" */
	double listed_b, implied_b; /* billions */
	double gap;                 /* |implied - listed| / listed */
};

/* m's counts that differ from what its architecture implies by more than
 * PARAMS_TOLERANCE: params_b, then active_params_b for MoE; how many (at
 * most 2) in out. None for MLA models, which the columns do not describe.
 * --check-data lists them; the analysis notes the model in use, so every
 * report and the screen say it too. */
int model_params_gaps(const struct model *m, struct params_gap out[2]);

/* Warns where a model's params_b (or active_params_b) differs from the
 * count its architecture implies by more than 3 %. */
void check_model_params(const struct catalog *c, struct diag *d);

/* Warns where a GPU's time-model figures disagree with each other: an
 * FP8 or INT8 peak below the BF16 one, or FP8 without mfu_infer_fp8
 * (mfu_infer is then used against the FP8 peak). */
void check_gpu_figures(const struct catalog *c, struct diag *d);

/* Warns where the price list holds more than one currency: once for the
 * list (the first offer in each of two currencies, by GPU and line), and
 * once for each GPU quoted in two, whose container and bare metal are
 * then never compared. No rate converts them: a total in one currency is
 * never set against a total in another. */
void check_offer_currencies(const struct catalog *c, struct diag *d);

#endif
