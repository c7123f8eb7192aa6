/* --check-data's extra checks: figures that parse but disagree. */
#ifndef GPUPLAN_CHECKDATA_H
#define GPUPLAN_CHECKDATA_H

#include "catalog.h"
#include "diag.h"

#define PARAMS_TOLERANCE 0.03 /* architecture vs params_b */

/* Warns where a model's params_b (or active_params_b) differs from the
 * count its architecture implies by more than 3 %. */
void check_model_params(const struct catalog *c, struct diag *d);

#endif
