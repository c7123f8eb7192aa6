/* libFuzzer target: --trial's readers (issue 22) on any bytes: the
 * benchmark formats, the memory logs and the training CSV, then, when
 * runs were read, the fit on an H100 for Llama-3.1-8B and a recalculation.
 * Besides memory errors and undefined behaviour, what is accepted must
 * hold (else abort(), a finding): every run's figures finite and positive
 * where required, the fit's factors and residual finite. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "settings.h"
#include "trial.h"
#include "trial_fit.h"
#include "bundled.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_point(const struct trial_point *p)
{
	if (!(p->isl > 0) || !(p->osl > 0) || !(p->output_tok_s > 0) || !isfinite(p->isl) ||
	    !isfinite(p->osl) || !isfinite(p->output_tok_s) || !(p->tpot_mean_ms > 0) ||
	    !(p->ttft_mean_ms > 0) || !isfinite(p->tpot_mean_ms) || !isfinite(p->ttft_mean_ms) ||
	    !(p->concurrency > 0 || p->rate > 0))
		abort();
}

static void check_fit(const struct trial_fit *f)
{
	const struct trial_eff *e = &f->after;
	if (!isfinite(e->mbu) || !isfinite(e->mfu_infer) || !isfinite(e->sw) || !(e->mbu > 0) ||
	    e->mbu > 1 || !isfinite(f->residual_pct) || !isfinite(f->band_pct)) {
		fprintf(stderr, "fit: mbu %g mfu %g sw %g residual %g band %g\n", e->mbu, e->mfu_infer,
			e->sw, f->residual_pct, f->band_pct);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	static struct scenario sc;
	char err[400];
	struct catalog *c = bundled();
	scenario_defaults(&sc);
	if (!trial_read_text("fuzz", (const char *)data, size, &sc.trial, err, sizeof err))
		return 0;
	for (int i = 0; i < sc.trial.n; i++)
		check_point(&sc.trial.pts[i]);
	if (sc.trial.n == 0 || !scenario_set_model(&sc, c, "llama-3.1-8b", err, sizeof err))
		return 0;
	int g = catalog_find_gpu(c, "h100-80g");
	static struct trial_fit f;
	if (g >= 0 && trial_fit_run(&sc, &c->gpus[g], 1, &f, err, sizeof err))
		check_fit(&f);
	static struct analysis a;
	analysis_run(&a, c, &sc, "h100-80g");
	return 0;
}
