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
		if (g->mbu_bs1 > g->mbu)
			gpu_warning(c, g, N_("mbu_bs1 above mbu: batch 1 cannot stream weights more "
					     "efficiently than a large batch"), d);
	}
}

/* The first offer whose currency differs from the first offer's; NULL
 * when the list holds one currency. */
static const struct offer *second_currency(const struct catalog *c)
{
	for (size_t i = 1; i < c->noffers; i++)
		if (strcmp(c->offers[i].currency, c->offers[0].currency) != 0)
			return &c->offers[i];
	return NULL;
}

/* Each GPU quoted in two currencies, by the first offer in another
 * currency than its first: one pass over the offers (10^6 of them and
 * thousands of GPUs must not multiply). */
static void gpus_in_two_currencies(const struct catalog *c, struct diag *d)
{
	long *first = malloc((c->ngpus ? c->ngpus : 1) * 2 * sizeof *first);
	if (!first)
		return; /* a warning's memory: the list's warning was given */
	long *other = first + c->ngpus;
	for (size_t g = 0; g < c->ngpus; g++)
		first[g] = other[g] = -1;
	for (size_t i = 0; i < c->noffers; i++) {
		size_t g = (size_t)c->offers[i].gpu;
		if (first[g] < 0)
			first[g] = (long)i;
		else if (other[g] < 0 &&
			 strcmp(c->offers[i].currency, c->offers[first[g]].currency) != 0)
			other[g] = (long)i;
	}
	for (size_t g = 0; g < c->ngpus; g++) {
		if (other[g] < 0)
			continue;
		const struct offer *o = &c->offers[other[g]], *f = &c->offers[first[g]];
		diag_warning(d, _("%s/%s:%u: %s is quoted in %s here and in %s on line %u: its "
				  "container and bare metal are not compared"),
			     data_source_text(c), catalog_file_names[FILE_OFFERS], o->line,
			     c->gpus[g].id, o->currency, f->currency, f->line);
	}
	free(first);
}

void check_offer_currencies(const struct catalog *c, struct diag *d)
{
	const struct offer *other = second_currency(c);
	if (!other)
		return;
	const struct offer *first = &c->offers[0];
	diag_warning(d, _("%s/%s: quotes in two currencies, %s (line %u, %s) and %s (line %u, "
			  "%s): totals in different currencies are never compared"),
		     data_source_text(c), catalog_file_names[FILE_OFFERS], first->currency,
		     first->line, first->gpu_id, other->currency, other->line, other->gpu_id);
	gpus_in_two_currencies(c, d);
}
