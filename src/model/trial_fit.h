/* Calibrating the serving model on a customer's trial run (issue 22):
 * the few efficiencies of the GPU the trial ran on — weight and KV
 * streaming (mbu, mbu_kv by one factor), the matmul efficiency
 * (mfu_infer, mfu_infer_fp8 by one factor) and the software factor on the
 * per-layer latency (sw) — fitted by least squares to the measured
 * points over the serving model's own predictions (throughput_compute at
 * each point's concurrency or rate, lengths and TP). No per-point fudge:
 * three numbers for the GPU, the same for every plan on it. */
#ifndef GPUPLAN_TRIAL_FIT_H
#define GPUPLAN_TRIAL_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "scenario.h"
#include "trial.h"

#define TRIAL_BAND_MIN_PCT 5.0      /* never tighter than this inside the measured range */
#define TRIAL_BAND_OUTSIDE_PCT 15.0 /* added for other TP, more machines, other loads */
#define TRIAL_BAND_MAX_PCT 90.0     /* a latency's band divides by 1 - band: kept below 1 */
#define TRIAL_POOR_FIT_PCT 25.0     /* a fit this far off is named: another model, TP or GPU? */

/* What was measured and what the model gives at a point: output tok/s,
 * TPOT (mean ITL) and TTFT in seconds. */
enum trial_figure { TRIAL_TOK_S, TRIAL_TPOT, TRIAL_TTFT, TRIAL_FIGURES };
extern const char *const trial_figure_keys[TRIAL_FIGURES]; /* JSON: output_tokens_per_s ... */

struct trial_fit_point {
	double measured[TRIAL_FIGURES], modelled[TRIAL_FIGURES], before[TRIAL_FIGURES];
};

/* The efficiencies a fit moves. */
struct trial_eff {
	double mbu, mbu_kv, mfu_infer, mfu_infer_fp8, sw;
};

/* The fitted factors, in trial_factor_names' order: mbu, mfu_infer, sw. */
#define TRIAL_FACTORS 3
extern const char *const trial_factor_names[TRIAL_FACTORS];

struct trial_fit {
	bool valid;
	int n, tp;
	double load_min, load_max; /* concurrency (or rate) range of the points */
	bool by_rate;              /* the points are request rates */
	struct trial_eff before, after;
	double residual_pct;       /* rms of the relative differences after the fit */
	double before_pct;         /* the same with the GPU's own efficiencies */
	double band_pct;           /* inside the measured range */
	bool at_limit[TRIAL_FACTORS]; /* the factor stopped at e^±3: the points do not fix it */
	struct trial_fit_point pts[TRIAL_MAX_POINTS];
};

/* Fits sc's trial points on g at TP tp. False (err says why) when no
 * point can be modelled (output length of 1, a model that does not load). */
bool trial_fit_run(const struct scenario *sc, const struct gpu *g, int tp, struct trial_fit *out,
		   char *err, size_t cap);

/* The GPU row with the fitted efficiencies, the in-range band and the
 * calibration "measured". */
void trial_fit_apply(const struct trial_fit *f, struct gpu *g);

/* Whether a plan of t cards a replica on machines machines, at a load of
 * per_replica users (or requests a second), lies inside what was measured. */
bool trial_fit_inside(const struct trial_fit *f, int t, int machines, double per_replica);

/* The band of a plan: the fit's, plus TRIAL_BAND_OUTSIDE_PCT outside. */
double trial_fit_band(const struct trial_fit *f, bool inside);

#endif
