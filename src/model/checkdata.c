#include "checkdata.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "datasrc.h"
#include "i18n.h"

static int add_gap(struct params_gap *out, int n, const char *column, double listed_b,
		   double implied)
{
	double gap = fabs(implied / 1e9 - listed_b) / listed_b;
	if (!(gap > PARAMS_TOLERANCE))
		return n;
	out[n] = (struct params_gap){column, listed_b, implied / 1e9, gap};
	return n + 1;
}

int model_params_gaps(const struct model *m, struct params_gap out[2])
{
	double active;
	double total = arch_param_count(m, &active);
	if (total == 0)
		return 0; /* MLA: the columns do not describe it */
	int n = add_gap(out, 0, "params_b", m->params_b, total);
	return m->experts ? add_gap(out, n, "active_params_b", m->active_params_b, active) : n;
}

void check_model_params(const struct catalog *c, struct diag *d)
{
	for (size_t i = 0; i < c->nmodels; i++) {
		const struct model *m = &c->models[i];
		struct params_gap gaps[2];
		int n = model_params_gaps(m, gaps);
		for (int k = 0; k < n; k++)
			diag_warning(d, _("%s/%s:%u: %s %.4g differs from the %.4gB the architecture "
					  "implies by %.1f %% (more than %.0f %%)"),
				     data_source_text(c), catalog_file_names[0], m->line,
				     gaps[k].column, gaps[k].listed_b, gaps[k].implied_b,
				     100 * gaps[k].gap, 100 * PARAMS_TOLERANCE);
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
		if (g->int8_tflops > 0 && g->int8_tflops < g->bf16_tflops)
			gpu_warning(c, g, N_("int8_tflops is below bf16_tflops (a 16-bit figure?)"),
				    d);
	}
}

/* Each GPU quoted in two currencies, by the first offer in another
 * currency than its first (gathered as the rows were read: --check-data
 * keeps no offer, and 10^6 offers and thousands of GPUs must not
 * multiply). */
static void gpus_in_two_currencies(const struct catalog *c, struct diag *d)
{
	for (size_t g = 0; c->gpu_currencies && g < c->ngpus; g++) {
		const struct currency_seen *seen = &c->gpu_currencies[g];
		if (!seen->other.currency)
			continue;
		diag_warning(d, _("%s/%s:%u: %s is quoted in %s here and in %s on line %u: its "
				  "container and bare metal are not compared"),
			     data_source_text(c), catalog_file_names[FILE_OFFERS], seen->other.line,
			     c->gpus[g].id, seen->other.currency, seen->first.currency,
			     seen->first.line);
	}
}

void check_offer_currencies(const struct catalog *c, struct diag *d)
{
	const struct currency_mark *first = &c->currencies.first, *other = &c->currencies.other;
	if (!other->currency)
		return;
	diag_warning(d, _("%s/%s: quotes in two currencies, %s (line %u, %s) and %s (line %u, "
			  "%s): totals in different currencies are never compared"),
		     data_source_text(c), catalog_file_names[FILE_OFFERS], first->currency,
		     first->line, c->gpus[first->gpu].id, other->currency, other->line,
		     c->gpus[other->gpu].id);
	gpus_in_two_currencies(c, d);
}
