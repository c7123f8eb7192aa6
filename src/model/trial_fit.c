#include "trial_fit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "estimate.h"
#include "i18n.h"
#include "throughput.h"

#define FIT_PARAMS TRIAL_FACTORS /* ln factors on mbu, mfu, sw */
#define FIT_ITERATIONS 60
#define FIT_STEP 1e-5         /* finite difference in ln(factor) */
#define FIT_PRIOR 0.01        /* weight pulling an undetermined factor back to 1 */
#define FIT_LN_LIMIT 3.0      /* factors within e^-3 .. e^3 */
#define EFF_MAX 1.0           /* an efficiency never exceeds the peak */
#define SW_MIN 0.05
#define SW_MAX 100.0
#define LOAD_SLACK 2.0        /* within a factor 2 of the measured loads is inside */

const char *const trial_factor_names[TRIAL_FACTORS] = {"mbu", "mfu_infer", "sw"};

const char *const trial_figure_keys[TRIAL_FIGURES] = {
	[TRIAL_TOK_S] = "output_tokens_per_s", [TRIAL_TPOT] = "tpot_s", [TRIAL_TTFT] = "ttft_s"};

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static struct trial_eff eff_of(const struct gpu *g)
{
	return (struct trial_eff){.mbu = g->mbu, .mbu_kv = g->mbu_kv, .mfu_infer = g->mfu_infer,
				  .mfu_infer_fp8 = g->mfu_infer_fp8, .sw = g->sw};
}

/* The efficiencies at ln factors x on mem, matmul, sw. */
static struct trial_eff eff_at(const struct trial_eff *b, const double *x)
{
	double mem = exp(x[0]), mm = exp(x[1]), sw = exp(x[2]);
	return (struct trial_eff){
		.mbu = clamp(b->mbu * mem, 0, EFF_MAX),
		.mbu_kv = b->mbu_kv > 0 ? clamp(b->mbu_kv * mem, 0, EFF_MAX) : b->mbu_kv,
		.mfu_infer = clamp(b->mfu_infer * mm, 0, EFF_MAX),
		.mfu_infer_fp8 = b->mfu_infer_fp8 > 0 ? clamp(b->mfu_infer_fp8 * mm, 0, EFF_MAX)
						      : b->mfu_infer_fp8,
		.sw = clamp((b->sw > 0 ? b->sw : 1) * sw, SW_MIN, SW_MAX)};
}

static void eff_put(struct gpu *g, const struct trial_eff *e)
{
	g->mbu = e->mbu, g->mbu_kv = e->mbu_kv, g->mfu_infer = e->mfu_infer;
	g->mfu_infer_fp8 = e->mfu_infer_fp8, g->sw = e->sw;
}

/* The measured figures of a point, seconds and tokens a second. */
static void measured_of(const struct trial_point *p, double *m)
{
	m[TRIAL_TOK_S] = p->output_tok_s;
	m[TRIAL_TPOT] = p->tpot_mean_ms / 1000;
	m[TRIAL_TTFT] = p->ttft_mean_ms / 1000;
}

/* The scenario of one point: its lengths and its load, the rest as planned. */
static void point_scenario(const struct scenario *sc, const struct trial_point *p,
			   struct scenario *out)
{
	*out = *sc;
	long long osl = llround(p->osl), isl = llround(p->isl);
	out->output_len = osl < 1 ? 1 : osl;
	out->context = out->output_len + (isl < 1 ? 1 : isl);
	out->rate = p->concurrency > 0 ? 0 : p->rate;
	out->concurrency = p->concurrency > 0 ? llround(p->concurrency) : 1;
	out->slo_ttft_s = out->slo_tpot_s = 0;
}

/* The model's figures at one point on GPU g; false when it gives none. */
static bool modelled_at(const struct scenario *sc, const struct trial_point *p,
			const struct gpu *g, int tp, double *m)
{
	struct scenario ps;
	struct workload w;
	struct throughput th;
	point_scenario(sc, p, &ps);
	if (!workload_init(&w, &ps))
		return false;
	struct layout l = {.t = tp, .p = 1, .d = 1};
	throughput_compute(&w, g, &l, ps.concurrency, 0, &th);
	if (!th.valid)
		return false;
	m[TRIAL_TOK_S] = th.output_tokens_per_s;
	m[TRIAL_TPOT] = th.tpot_s;
	m[TRIAL_TTFT] = th.ttft_s;
	return isfinite(m[0]) && isfinite(m[1]) && isfinite(m[2]) && m[0] > 0 && m[1] > 0 &&
	       m[2] > 0;
}

/* What one evaluation needs: the points, the GPU's copy the factors are
 * tried on, its own efficiencies. */
struct fit_job {
	const struct scenario *sc;
	struct gpu g;
	struct trial_eff base;
	int tp, n;
	double measured[TRIAL_MAX_POINTS][TRIAL_FIGURES];
};

#define FIT_ROWS (TRIAL_MAX_POINTS * TRIAL_FIGURES + FIT_PARAMS)

/* ln(modelled/measured) for every figure of every point, then the prior
 * rows; the sum of squares is what the fit makes least. */
static bool residuals(struct fit_job *j, const double *x, double *r, double (*mod)[TRIAL_FIGURES])
{
	struct trial_eff e = eff_at(&j->base, x);
	eff_put(&j->g, &e);
	int k = 0;
	for (int i = 0; i < j->n; i++) {
		double m[TRIAL_FIGURES];
		if (!modelled_at(j->sc, &j->sc->trial.pts[i], &j->g, j->tp, m))
			return false;
		for (int f = 0; f < TRIAL_FIGURES; f++) {
			r[k++] = log(m[f] / j->measured[i][f]);
			if (mod)
				mod[i][f] = m[f];
		}
	}
	for (int q = 0; q < FIT_PARAMS; q++)
		r[k++] = FIT_PRIOR * x[q];
	return true;
}

static double sum_sq(const double *r, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += r[i] * r[i];
	return s;
}

/* Solves the 3×3 system a·d = b by elimination with pivoting; false when singular. */
static bool solve3(double a[FIT_PARAMS][FIT_PARAMS], double *b, double *d)
{
	for (int c = 0; c < FIT_PARAMS; c++) {
		int piv = c;
		for (int r = c + 1; r < FIT_PARAMS; r++)
			if (fabs(a[r][c]) > fabs(a[piv][c]))
				piv = r;
		if (fabs(a[piv][c]) < 1e-300)
			return false;
		for (int k = 0; k < FIT_PARAMS; k++) {
			double t = a[c][k];
			a[c][k] = a[piv][k], a[piv][k] = t;
		}
		double t = b[c];
		b[c] = b[piv], b[piv] = t;
		for (int r = c + 1; r < FIT_PARAMS; r++) {
			double f = a[r][c] / a[c][c];
			for (int k = c; k < FIT_PARAMS; k++)
				a[r][k] -= f * a[c][k];
			b[r] -= f * b[c];
		}
	}
	for (int c = FIT_PARAMS - 1; c >= 0; c--) {
		double s = b[c];
		for (int k = c + 1; k < FIT_PARAMS; k++)
			s -= a[c][k] * d[k];
		d[c] = s / a[c][c];
	}
	return true;
}

/* One Levenberg–Marquardt step from x (cost s0 at residuals r): the
 * Jacobian by forward differences, the damped normal equations. */
static bool lm_step(struct fit_job *j, double *x, const double *r, int rows, double mu,
		    double *step)
{
	double jac[FIT_PARAMS][FIT_ROWS];
	double rr[FIT_ROWS];
	for (int q = 0; q < FIT_PARAMS; q++) {
		double xq[FIT_PARAMS] = {x[0], x[1], x[2]};
		xq[q] += FIT_STEP;
		if (!residuals(j, xq, rr, NULL))
			return false;
		for (int k = 0; k < rows; k++)
			jac[q][k] = (rr[k] - r[k]) / FIT_STEP;
	}
	double a[FIT_PARAMS][FIT_PARAMS], b[FIT_PARAMS];
	for (int p = 0; p < FIT_PARAMS; p++) {
		b[p] = 0;
		for (int k = 0; k < rows; k++)
			b[p] -= jac[p][k] * r[k];
		for (int q = 0; q < FIT_PARAMS; q++) {
			a[p][q] = 0;
			for (int k = 0; k < rows; k++)
				a[p][q] += jac[p][k] * jac[q][k];
		}
		a[p][p] *= 1 + mu;
		a[p][p] += 1e-12;
	}
	return solve3(a, b, step);
}

/* Least squares from x = 0 (the GPU's own efficiencies). */
static bool fit_least_squares(struct fit_job *j, double *x)
{
	int rows = j->n * TRIAL_FIGURES + FIT_PARAMS;
	double r[FIT_ROWS], rt[FIT_ROWS], mu = 1e-3;
	if (!residuals(j, x, r, NULL))
		return false;
	double s = sum_sq(r, rows);
	for (int it = 0; it < FIT_ITERATIONS && mu < 1e12; it++) {
		double d[FIT_PARAMS], xt[FIT_PARAMS];
		if (!lm_step(j, x, r, rows, mu, d))
			break;
		for (int q = 0; q < FIT_PARAMS; q++)
			xt[q] = clamp(x[q] + d[q], -FIT_LN_LIMIT, FIT_LN_LIMIT);
		double st = residuals(j, xt, rt, NULL) ? sum_sq(rt, rows) : INFINITY;
		if (st < s) {
			bool done = s - st < 1e-14 * (1 + s);
			memcpy(x, xt, sizeof xt), memcpy(r, rt, sizeof(double) * (size_t)rows);
			s = st, mu *= 0.3;
			if (done)
				break;
		} else {
			mu *= 10;
		}
	}
	return true;
}

/* rms of model/measured - 1 over every figure of every point. */
static double rms_pct(const struct trial_fit *f, bool before)
{
	double s = 0;
	for (int i = 0; i < f->n; i++)
		for (int k = 0; k < TRIAL_FIGURES; k++) {
			const double *m = before ? f->pts[i].before : f->pts[i].modelled;
			double d = m[k] / f->pts[i].measured[k] - 1;
			s += d * d;
		}
	return 100 * sqrt(s / (f->n * TRIAL_FIGURES));
}

static void load_range(const struct scenario *sc, struct trial_fit *f)
{
	f->load_min = INFINITY, f->load_max = 0;
	for (int i = 0; i < f->n; i++) {
		const struct trial_point *p = &sc->trial.pts[i];
		double load = p->concurrency > 0 ? p->concurrency : p->rate;
		f->by_rate = p->concurrency <= 0;
		f->load_min = fmin(f->load_min, load), f->load_max = fmax(f->load_max, load);
	}
}

bool trial_fit_run(const struct scenario *sc, const struct gpu *g, int tp, struct trial_fit *out,
		   char *err, size_t cap)
{
	*out = (struct trial_fit){.tp = tp, .n = sc->trial.n};
	struct fit_job j = {.sc = sc, .g = *g, .base = eff_of(g), .tp = tp, .n = sc->trial.n};
	for (int i = 0; i < j.n; i++)
		measured_of(&sc->trial.pts[i], j.measured[i]);
	double x[FIT_PARAMS] = {0, 0, 0}, r[FIT_ROWS];
	double mod[TRIAL_MAX_POINTS][TRIAL_FIGURES];
	if (j.n < 1 || !residuals(&j, x, r, mod)) {
		snprintf(err, cap, "%s",
			 _("the trial's points cannot be modelled on this GPU: a request rate "
			   "beyond what the model gives it, or answers of one token"));
		return false;
	}
	for (int i = 0; i < j.n; i++)
		memcpy(out->pts[i].before, mod[i], sizeof mod[i]);
	if (!fit_least_squares(&j, x) || !residuals(&j, x, r, mod)) {
		snprintf(err, cap, "%s", _("the fit to the trial's points did not converge"));
		return false;
	}
	for (int i = 0; i < j.n; i++) {
		memcpy(out->pts[i].modelled, mod[i], sizeof mod[i]);
		memcpy(out->pts[i].measured, j.measured[i], sizeof j.measured[i]);
	}
	out->before = j.base;
	out->after = eff_at(&j.base, x);
	for (int q = 0; q < FIT_PARAMS; q++)
		out->at_limit[q] = fabs(x[q]) >= FIT_LN_LIMIT * (1 - 1e-9);
	out->residual_pct = rms_pct(out, false);
	out->before_pct = rms_pct(out, true);
	out->band_pct = clamp(2 * out->residual_pct, TRIAL_BAND_MIN_PCT, TRIAL_BAND_MAX_PCT);
	load_range(sc, out);
	out->valid = true;
	return true;
}

void trial_fit_apply(const struct trial_fit *f, struct gpu *g)
{
	eff_put(g, &f->after);
	g->band_low_pct = g->band_high_pct = f->band_pct;
	g->calibration = CAL_MEASURED;
}

double trial_fit_band(const struct trial_fit *f, bool inside)
{
	return fmin(f->band_pct + (inside ? 0 : TRIAL_BAND_OUTSIDE_PCT), TRIAL_BAND_MAX_PCT);
}

bool trial_fit_inside(const struct trial_fit *f, int t, int machines, double per_replica)
{
	return f->valid && t == f->tp && machines <= 1 &&
	       per_replica <= f->load_max * LOAD_SLACK && per_replica >= f->load_min / LOAD_SLACK;
}
