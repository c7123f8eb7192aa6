#include "gpu_serving.h"

#include <string.h>

/* SERVING.md §8: the bundled efficiencies before and after the serving
 * model. mbu_bs1 went; mbu now streams weights at any batch, mfu_infer
 * and mfu_infer_fp8 cover GEMMs only. */
const struct gpu_former_row gpu_former_rows[] = {
	{"h100-80g", 0.75, 0.55, 0.40, 0.80, 0.70, 0.55},
	{"h200-141g", 0.75, 0.55, 0.40, 0.80, 0.70, 0.55},
	{"a100-80g", 0.75, 0.65, -1, 0.80, 0.70, -1},
	{"h20-96g", 0.75, 0.70, 0.70, 0.80, 0.75, 0.65},
	{"rtx4090-24g", 0.80, 0.65, 0.45, 0.80, 0.65, 0.45},
	{"910b-64g", 0.60, 0.45, -1, 0.75, 0.45, -1},
	{"b300-288g", 0.75, 0.45, 0.40, 0.75, 0.60, 0.45},
	{"h800-80g", 0.75, 0.55, 0.40, 0.80, 0.70, 0.55},
	{"a800-80g", 0.75, 0.65, -1, 0.80, 0.70, -1},
	{"b200-180g", 0.75, 0.45, 0.40, 0.75, 0.60, 0.45},
	{"910c-128g", 0.60, 0.45, -1, 0.75, 0.45, -1},
};
const size_t n_gpu_former_rows = sizeof gpu_former_rows / sizeof gpu_former_rows[0];

#define BAND_PUBLISHED 30.0
#define BAND_ESTIMATE 50.0

double gpu_default_alpha_us(enum link_kind link)
{
	switch (link) {
	case LINK_NVLINK:
		return 8;
	case LINK_HCCS:
		return 25;
	case LINK_XGMI: /* estimate: each card has its own link to every other */
		return 10;
	default:
		return 30;
	}
}

void gpu_serving_defaults(struct gpu *g)
{
	if (g->mbu_kv < 0)
		g->mbu_kv = GPU_DEFAULT_MBU_KV;
	if (g->sw < 0)
		g->sw = GPU_DEFAULT_SW;
	if (g->alpha_us < 0)
		g->alpha_us = gpu_default_alpha_us((enum link_kind)g->link);
}

static void take_new(double *field, double former, double now)
{
	if (*field == former)
		*field = now;
}

void gpu_former_update(struct gpu *g)
{
	for (size_t i = 0; i < n_gpu_former_rows; i++) {
		const struct gpu_former_row *r = &gpu_former_rows[i];
		if (strcmp(r->id, g->id) != 0)
			continue;
		take_new(&g->mbu, r->mbu, r->new_mbu);
		take_new(&g->mfu_infer, r->mfu_infer, r->new_mfu_infer);
		take_new(&g->mfu_infer_fp8, r->mfu_infer_fp8, r->new_mfu_infer_fp8);
		return;
	}
}

void gpu_band(const struct gpu *g, double *low_pct, double *high_pct)
{
	double by_cal = g->calibration == CAL_ESTIMATE ? BAND_ESTIMATE : BAND_PUBLISHED;
	*low_pct = g->band_low_pct >= 0 ? g->band_low_pct : by_cal;
	*high_pct = g->band_high_pct >= 0 ? g->band_high_pct : by_cal;
}
