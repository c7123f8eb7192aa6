#include "checkdata.h"

#include <math.h>

#include "arch.h"
#include "datasrc.h"
#include "i18n.h"

static void compare(const struct catalog *c, const struct model *m, const char *column,
		    double listed_b, double computed, struct diag *d)
{
	double gap = fabs(computed / 1e9 - listed_b) / listed_b;
	if (gap > PARAMS_TOLERANCE)
		diag_warning(d, _("%s/%s:%u: %s %.4g differs from the %.4gB the architecture "
				  "implies by %.1f %% (more than %.0f %%)"),
			     data_source_text(c), catalog_file_names[0],
			     m->line, column, listed_b, computed / 1e9, 100 * gap,
			     100 * PARAMS_TOLERANCE);
}

void check_model_params(const struct catalog *c, struct diag *d)
{
	for (size_t i = 0; i < c->nmodels; i++) {
		const struct model *m = &c->models[i];
		double active;
		double total = arch_param_count(m, &active);
		if (total == 0)
			continue; /* MLA: the columns do not describe it */
		compare(c, m, "params_b", m->params_b, total, d);
		if (m->experts)
			compare(c, m, "active_params_b", m->active_params_b, active, d);
	}
}

static void gpu_warning(const struct catalog *c, const struct gpu *g, const char *what,
			struct diag *d)
{
	diag_warning(d, "%s/%s:%u: %s: %s", data_source_text(c), catalog_file_names[FILE_GPUS],
		     g->line, g->id, _(what));
}

void check_gpu_figures(const struct catalog *c, struct diag *d)
{
	for (size_t i = 0; i < c->ngpus; i++) {
		const struct gpu *g = &c->gpus[i];
		if (gpu_has_fp8(g) && g->bf16_tflops > 0 && g->fp8_tflops < g->bf16_tflops)
			gpu_warning(c, g, N_("fp8_tflops is below bf16_tflops (a sparsity or BF16 "
					     "figure?)"), d);
		if (gpu_has_fp8(g) && g->mfu_infer_fp8 < 0)
			gpu_warning(c, g, N_("fp8_tflops without mfu_infer_fp8: mfu_infer is used "
					     "against the FP8 peak"), d);
		if (g->mbu_bs1 > g->mbu)
			gpu_warning(c, g, N_("mbu_bs1 above mbu: batch 1 cannot stream weights more "
					     "efficiently than a large batch"), d);
	}
}
