#include "usl.h"

#include <math.h>
#include <stdio.h>

#include "i18n.h"

#define USL_COLS 3

/* A least-squares system of at most USL_MAX_POINTS rows and 3 columns. */
struct lsq {
	double a[USL_MAX_POINTS][USL_COLS];
	double y[USL_MAX_POINTS];
	int rows, cols;
};

/* Modified Gram–Schmidt QR, in place on the columns: q holds Q, r the
 * upper triangle. False when the columns are dependent. */
static bool lsq_factor(const struct lsq *s, double q[USL_COLS][USL_MAX_POINTS],
		       double r[USL_COLS][USL_COLS])
{
	for (int j = 0; j < s->cols; j++)
		for (int i = 0; i < s->rows; i++)
			q[j][i] = s->a[i][j];
	for (int j = 0; j < s->cols; j++) {
		double norm = 0;
		for (int i = 0; i < s->rows; i++)
			norm += q[j][i] * q[j][i];
		r[j][j] = sqrt(norm);
		if (!(r[j][j] > 0))
			return false;
		for (int i = 0; i < s->rows; i++)
			q[j][i] /= r[j][j];
		for (int k = j + 1; k < s->cols; k++) {
			r[j][k] = 0;
			for (int i = 0; i < s->rows; i++)
				r[j][k] += q[j][i] * q[k][i];
			for (int i = 0; i < s->rows; i++)
				q[k][i] -= r[j][k] * q[j][i];
		}
	}
	return true;
}

/* Solves min |A·x − y| through QR, whose error grows with the condition
 * number, not its square as the normal equations' would: exact data must
 * come back to 1e-9. *sse: the squared residual left. */
static bool lsq_solve(const struct lsq *s, double *x, double *sse)
{
	double q[USL_COLS][USL_MAX_POINTS], r[USL_COLS][USL_COLS], y[USL_MAX_POINTS], qty[USL_COLS];
	if (!lsq_factor(s, q, r))
		return false;
	for (int i = 0; i < s->rows; i++)
		y[i] = s->y[i];
	for (int j = 0; j < s->cols; j++) {
		qty[j] = 0;
		for (int i = 0; i < s->rows; i++)
			qty[j] += q[j][i] * y[i];
		for (int i = 0; i < s->rows; i++)
			y[i] -= qty[j] * q[j][i];
	}
	for (int j = s->cols - 1; j >= 0; j--) {
		x[j] = qty[j];
		for (int k = j + 1; k < s->cols; k++)
			x[j] -= r[j][k] * x[k];
		x[j] /= r[j][j];
	}
	*sse = 0;
	for (int i = 0; i < s->rows; i++)
		*sse += y[i] * y[i];
	return true;
}

static bool point_ok(const struct usl_point *p, char *err, size_t cap)
{
	if (p->cards < 1 || p->cards > USL_MAX_CARDS) {
		snprintf(err, cap, _("expected 1 to %d cards in a measurement, found %d"),
			 USL_MAX_CARDS, p->cards);
		return false;
	}
	double most = p->cards * USL_MAX_TOKENS_PER_CARD;
	if (!(p->tokens_per_s >= USL_MIN_TOKENS_PER_S) || !(p->tokens_per_s <= most)) {
		snprintf(err, cap, _("expected a throughput from %.0f to %.0f tokens/s in \"%d:%g\""),
			 USL_MIN_TOKENS_PER_S, most, p->cards, p->tokens_per_s);
		return false;
	}
	return true;
}

/* b has more cards than a: its per-card speed over a's. */
static bool pair_ok(const struct usl_point *a, const struct usl_point *b, char *err, size_t cap)
{
	if (a->cards > b->cards)
		return pair_ok(b, a, err, cap);
	double gain = (b->tokens_per_s / b->cards) / (a->tokens_per_s / a->cards);
	if (gain <= USL_MAX_SUPERLINEAR)
		return true;
	snprintf(err, cap, _("expected at most %g times the per-card tokens/s of \"%d:%.15g\" in "
			     "\"%d:%.15g\", found %.1f times"), USL_MAX_SUPERLINEAR, a->cards,
		 a->tokens_per_s, b->cards, b->tokens_per_s, gain);
	return false;
}

bool usl_points_check(const struct usl_point *pts, int n, char *err, size_t cap)
{
	for (int i = 0; i < n; i++) {
		if (!point_ok(&pts[i], err, cap))
			return false;
		for (int j = 0; j < i; j++) {
			if (pts[j].cards == pts[i].cards) {
				snprintf(err, cap, _("expected one measurement per card count, found %d "
					   "cards twice"), pts[i].cards);
				return false;
			}
			if (!pair_ok(&pts[j], &pts[i], err, cap))
				return false;
		}
	}
	return true;
}

static bool usl_check(const struct usl_point *pts, int n, char *err, size_t cap)
{
	if (n < 2 || n > USL_MAX_POINTS) {
		snprintf(err, cap, _("expected 2 to %d measurements (cards:tokens/s), found %d"),
			 USL_MAX_POINTS, n);
		return false;
	}
	return usl_points_check(pts, n, err, cap);
}

/* Which unknowns a candidate keeps: σ and κ can each be pinned to 0. */
struct usl_subset {
	bool sigma, kappa;
};

/* The linear system for one subset. With X1 known (a 1-card point):
 * G·X1/X − 1 = σ(G−1) + κG(G−1) over the other points. Without it:
 * G/X = a + b(G−1) + cG(G−1), X1 = 1/a, σ = b/a, κ = c/a. */
static void usl_system(const struct usl_point *pts, int n, double x1, struct usl_subset sub,
		       struct lsq *s)
{
	s->rows = 0;
	s->cols = 0;
	for (int i = 0; i < n; i++) {
		double g = pts[i].cards, x = pts[i].tokens_per_s;
		if (x1 > 0 && pts[i].cards == 1)
			continue;
		int c = 0;
		if (!(x1 > 0))
			s->a[s->rows][c++] = 1;
		if (sub.sigma)
			s->a[s->rows][c++] = g - 1;
		if (sub.kappa)
			s->a[s->rows][c++] = g * (g - 1);
		s->y[s->rows] = x1 > 0 ? g * x1 / x - 1 : g / x;
		s->cols = c;
		s->rows++;
	}
}

/* Solves one subset; false when it cannot be solved or breaks σ, κ ≥ 0. */
static bool usl_try(const struct usl_point *pts, int n, double x1, struct usl_subset sub,
		   struct usl_fit *f, double *sse)
{
	struct lsq s;
	double v[USL_COLS] = {0};
	usl_system(pts, n, x1, sub, &s);
	if (s.cols == 0) { /* X1 known, σ = κ = 0: nothing to solve */
		*sse = 0;
		for (int i = 0; i < s.rows; i++)
			*sse += s.y[i] * s.y[i];
	} else if (s.rows < s.cols || !lsq_solve(&s, v, sse)) {
		return false;
	}
	int c = 0;
	double a = x1 > 0 ? 1 / x1 : v[c++];
	if (!(a > 0))
		return false;
	f->x1 = 1 / a;
	f->sigma = sub.sigma ? (x1 > 0 ? v[c++] : v[c++] / a) : 0;
	f->kappa = sub.kappa ? (x1 > 0 ? v[c] : v[c] / a) : 0;
	return f->sigma >= 0 && f->kappa >= 0 && isfinite(f->sigma) && isfinite(f->kappa) &&
	       isfinite(f->x1);
}

static double usl_known_x1(const struct usl_point *pts, int n)
{
	for (int i = 0; i < n; i++)
		if (pts[i].cards == 1)
			return pts[i].tokens_per_s;
	return 0;
}

static double usl_denominator(const struct usl_fit *f, double g);

/* ρ, the RMS of X_fit(G)/X(G) − 1 over the points, and G_max. */
static void usl_residual(const struct usl_point *pts, int n, struct usl_fit *f)
{
	double sum = 0;
	f->max_cards = 0;
	for (int i = 0; i < n; i++) {
		double g = pts[i].cards;
		double rel = f->x1 * g / usl_denominator(f, g) / pts[i].tokens_per_s - 1;
		sum += rel * rel;
		if (pts[i].cards > f->max_cards)
			f->max_cards = pts[i].cards;
	}
	f->rho = sqrt(sum / n);
}

bool usl_fit(const struct usl_point *pts, int n, struct usl_fit *out, char *err, size_t cap)
{
	if (!usl_check(pts, n, err, cap))
		return false;
	double x1 = usl_known_x1(pts, n);
	bool kappa_ok = n >= 3; /* two points determine X1 and σ, no more */
	const struct usl_subset tries[] = {
		{.sigma = true, .kappa = kappa_ok},
		{.sigma = false, .kappa = kappa_ok},
		{.sigma = true, .kappa = false},
		{.sigma = false, .kappa = false},
	};
	bool found = false;
	double best_sse = 0;
	for (size_t i = 0; i < sizeof tries / sizeof tries[0] && !(found && i == 1); i++) {
		struct usl_fit f = {.npoints = n};
		double sse;
		if (!usl_try(pts, n, x1, tries[i], &f, &sse) || (found && sse >= best_sse))
			continue;
		f.flags = (x1 > 0 ? 0 : USL_X1_FITTED) | (tries[i].sigma ? 0 : USL_SIGMA_CLAMPED) |
			  (kappa_ok && !tries[i].kappa ? USL_KAPPA_CLAMPED : 0);
		*out = f;
		best_sse = sse;
		found = true;
	}
	if (found)
		usl_residual(pts, n, out);
	else
		snprintf(err, cap, "%s",
			 _("expected measurements that a speed-up curve can describe "
			   "(throughput rising with cards)"));
	return found;
}

static double usl_denominator(const struct usl_fit *f, double g)
{
	return 1 + f->sigma * (g - 1) + f->kappa * g * (g - 1);
}

double usl_throughput(const struct usl_fit *f, double cards)
{
	return f->x1 * cards / usl_denominator(f, cards);
}

double usl_efficiency(const struct usl_fit *f, double cards)
{
	return 1 / usl_denominator(f, cards);
}

bool usl_peak_cards(const struct usl_fit *f, double *cards)
{
	if (!(f->kappa > 0))
		return false;
	double peak = f->sigma >= 1 ? 1 : sqrt((1 - f->sigma) / f->kappa);
	if (!(peak <= USL_MAX_CARDS))
		return false;
	*cards = peak < 1 ? 1 : peak;
	return true;
}

const char *const usl_band_kind_names[] = {
	[USL_BAND_MEASURED] = "measured",
	[USL_BAND_IN_MACHINE] = "extrapolated",
	[USL_BAND_MODELLED] = "modelled",
};

#define BAND_FLOOR_PCT 5.0     /* no fit is better than 5 % */
#define BAND_PER_DOUBLING 10.0 /* beyond the measured cards, inside one machine */

double usl_band_pct(const struct usl_fit *f, double cards, int per_machine, double model_band_pct,
		    enum usl_band_kind *kind)
{
	double inside = fmax(100 * f->rho, BAND_FLOOR_PCT), gmax = f->max_cards > 0 ? f->max_cards : 1;
	double g_r = fmax(per_machine, gmax);
	*kind = USL_BAND_MEASURED;
	if (cards > per_machine && cards > gmax) {
		double at_ref = inside + (g_r > gmax ? BAND_PER_DOUBLING * log2(g_r / gmax) : 0);
		*kind = USL_BAND_MODELLED;
		return sqrt(at_ref * at_ref + model_band_pct * model_band_pct);
	}
	if (cards <= gmax)
		return inside;
	*kind = USL_BAND_IN_MACHINE;
	return inside + BAND_PER_DOUBLING * log2(cards / gmax);
}

double usl_days(const struct usl_fit *f, double cards, double tokens, double goodput)
{
	return tokens / (usl_throughput(f, cards) * goodput * 86400.0);
}
