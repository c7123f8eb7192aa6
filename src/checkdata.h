/* --check-data's extra checks: figures that parse but disagree. */
#ifndef GPUPLAN_CHECKDATA_H
#define GPUPLAN_CHECKDATA_H

#include "catalog.h"
#include "diag.h"

#define PARAMS_TOLERANCE 0.03 /* architecture vs params_b */

/* Warns where a model's params_b (or active_params_b) differs from the
 * count its architecture implies by more than 3 %. */
void check_model_params(const struct catalog *c, struct diag *d);

/* Warns where a GPU's time-model figures disagree with each other: an
 * FP8 peak below the BF16 one, FP8 without mfu_infer_fp8 (mfu_infer is
 * then used against the FP8 peak), or batch 1 streaming more efficiently
 * than a large batch (mbu_bs1 > mbu). */
void check_gpu_figures(const struct catalog *c, struct diag *d);

/* Warns where the price list holds more than one currency: once for the
 * list (the first offer in each of two currencies, by GPU and line), and
 * once for each GPU quoted in two, whose container and bare metal are
 * then never compared. No rate converts them: a total in one currency is
 * never set against a total in another. */
void check_offer_currencies(const struct catalog *c, struct diag *d);

#endif
