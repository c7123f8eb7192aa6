/* The serving columns of prices/gpus.csv (SERVING.md §8): their defaults
 * for a GPU the bundle does not know, and a user's copy in the former
 * format (no column sw), whose efficiencies left at the former bundled
 * values take the new ones. */
#ifndef GPUPLAN_GPU_SERVING_H
#define GPUPLAN_GPU_SERVING_H

#include "catalog.h"

#define GPU_DEFAULT_MBU_KV 0.75
#define GPU_DEFAULT_SW 1.0

/* alpha_us by link when a row gives none: NVLink 8, HCCS 25, Infinity
 * Fabric 10 (estimate), PCIe 30. */
double gpu_default_alpha_us(enum link_kind link);

/* Empty mbu_kv, sw and alpha_us take their defaults (the bands stay
 * empty: the calibration gives them, gpu_band). */
void gpu_serving_defaults(struct gpu *g);

/* A row of a former-format copy: mbu, mfu_infer and mfu_infer_fp8 that
 * equal the former bundled values for its id take the new ones (a changed
 * value was set on purpose and is kept). */
void gpu_former_update(struct gpu *g);

/* The speed band in %, below and above the estimate: the row's columns,
 * else 30 for a published or measured row and 50 for an estimate. */
void gpu_band(const struct gpu *g, double *low_pct, double *high_pct);

/* One GPU's former and new efficiencies (tests check the new ones
 * against the bundled file). */
struct gpu_former_row {
	const char *id;
	double mbu, mfu_infer, mfu_infer_fp8;             /* before SERVING.md */
	double new_mbu, new_mfu_infer, new_mfu_infer_fp8; /* now; < 0: none */
};
extern const struct gpu_former_row gpu_former_rows[];
extern const size_t n_gpu_former_rows;

#endif
