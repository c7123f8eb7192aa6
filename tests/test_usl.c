/* The Universal Scalability Law fit (PERFORMANCE.md §3, --measured) and the
 * parsers for the training inputs: deadlines, token counts, measured lists.
 * Fits are checked against points generated from known σ, κ, X1. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "duration.h"
#include "usl.h"

/* |got − want| within 'rel' of want. */
#define assert_rel(got, want, rel)                                                         \
	do {                                                                                \
		double g_ = (got), w_ = (want);                                             \
		cr_assert(fabs(g_ - w_) <= (rel) * fabs(w_), "%s = %.12g, expected %.12g", \
			  #got, g_, w_);                                                    \
	} while (0)

/* ---- Universal Scalability Law ---- */

static double usl_x(double x1, double sigma, double kappa, double g)
{
	return x1 * g / (1 + sigma * (g - 1) + kappa * g * (g - 1));
}

static struct usl_fit fit_ok(const struct usl_point *p, int n)
{
	struct usl_fit f;
	char err[200] = "";
	cr_assert(usl_fit(p, n, &f, err, sizeof err), "%s", err);
	cr_assert(isfinite(f.sigma) && isfinite(f.kappa) && isfinite(f.x1));
	return f;
}

Test(usl, recovers_known_sigma_kappa_with_a_one_card_point)
{
	/* Points from σ = 0.05, κ = 0.001, X1 = 1520 at 1, 2, 4, 8, 16 cards */
	struct usl_point p[5];
	const int g[] = {1, 2, 4, 8, 16};
	for (int i = 0; i < 5; i++)
		p[i] = (struct usl_point){.cards = g[i], .tokens_per_s = usl_x(1520, 0.05, 0.001, g[i])};
	struct usl_fit f = fit_ok(p, 5);
	assert_rel(f.sigma, 0.05, 1e-9);
	assert_rel(f.kappa, 0.001, 1e-9);
	assert_rel(f.x1, 1520, 1e-12);
	cr_assert_eq(f.flags, 0);
	/* peak sqrt((1 − 0.05)/0.001) = sqrt(950) = 30.8221 cards */
	double peak;
	cr_assert(usl_peak_cards(&f, &peak));
	assert_rel(peak, sqrt(950.0), 1e-9);
	/* efficiency at 8: 1/(1 + 0.05 x 7 + 0.001 x 56) = 1/1.406 */
	assert_rel(usl_efficiency(&f, 8), 1 / 1.406, 1e-9);
	/* days for 2B tokens on 8 cards: 2e9 / (1520 x 8 / 1.406 x 0.9 x 86400) */
	assert_rel(usl_days(&f, 8, 2e9, 0.9), 2e9 / (1520 * 8 / 1.406 * 0.9 * 86400), 1e-9);
}

Test(usl, fits_x1_too_without_a_one_card_point)
{
	/* σ = 0.08, κ = 0.0005, X1 = 2000 measured at 2, 4, 8, 32 cards only */
	struct usl_point p[4];
	const int g[] = {2, 4, 8, 32};
	for (int i = 0; i < 4; i++)
		p[i] = (struct usl_point){.cards = g[i],
					  .tokens_per_s = usl_x(2000, 0.08, 0.0005, g[i])};
	struct usl_fit f = fit_ok(p, 4);
	assert_rel(f.sigma, 0.08, 1e-9);
	assert_rel(f.kappa, 0.0005, 1e-9);
	assert_rel(f.x1, 2000, 1e-9);
	cr_assert_eq(f.flags, USL_X1_FITTED);
}

Test(usl, two_points_give_kappa_zero_and_the_exact_sigma)
{
	/* 1:1520, 2:2900: σ = 2 x 1520/2900 − 1 = 0.0482758620689655; κ = 0,
	 * no peak */
	struct usl_point p[] = {{.cards = 1, .tokens_per_s = 1520}, {.cards = 2, .tokens_per_s = 2900}};
	struct usl_fit f = fit_ok(p, 2);
	assert_rel(f.sigma, 2 * 1520.0 / 2900 - 1, 1e-12);
	cr_assert_eq(f.kappa, 0);
	double peak;
	cr_assert_not(usl_peak_cards(&f, &peak));
	/* Two points without one card: 2:2900, 4:5400 give X1 and σ exactly:
	 * 2/2900 = a + b, 4/5400 = a + 3b -> b = (4/5400 − 2/2900)/2,
	 * a = 2/2900 − b; X1 = 1/a, σ = b/a */
	struct usl_point q[] = {{.cards = 2, .tokens_per_s = 2900}, {.cards = 4, .tokens_per_s = 5400}};
	f = fit_ok(q, 2);
	double b = (4 / 5400.0 - 2 / 2900.0) / 2, a = 2 / 2900.0 - b;
	assert_rel(f.x1, 1 / a, 1e-12);
	assert_rel(f.sigma, b / a, 1e-9);
	cr_assert_eq(f.kappa, 0);
}

Test(usl, the_issue_example)
{
	/* --measured "1:1520,2:2900,4:5400": X1 = 1520; rows
	 * y = G·X1/X − 1: y2 = 0.0482758621 (G=2), y4 = 0.1259259259 (G=4).
	 * Solved exactly, σ + 2κ = y2 and 3σ + 12κ = y4 give κ = (y4 − 3 y2)/6
	 * = −0.00315 < 0: the 4-card run scaled better than the 2-card one
	 * predicts. κ is clamped to 0 (flagged) and σ is the least-squares
	 * slope of y on G − 1: σ = (1·y2 + 3·y4)/(1 + 9) = 0.0426053640 */
	struct usl_point p[3];
	int n;
	char err[200];
	cr_assert(duration_parse_measured("1:1520,2:2900,4:5400", p, 3, &n, err, sizeof err),
		  "%s", err);
	struct usl_fit f = fit_ok(p, n);
	double y2 = 2 * 1520.0 / 2900 - 1, y4 = 4 * 1520.0 / 5400 - 1;
	cr_assert_lt((y4 - 3 * y2) / 6, 0);
	cr_assert_eq(f.kappa, 0);
	cr_assert_eq(f.flags, USL_KAPPA_CLAMPED);
	assert_rel(f.sigma, (y2 + 3 * y4) / 10, 1e-12);
	assert_rel(f.sigma, 0.0426053640, 1e-9);
	cr_assert_eq(f.x1, 1520);
	/* days for 2B tokens on 8 cards: X(8) = 1520 x 8 / (1 + 7σ) */
	double x8 = 1520 * 8 / (1 + 7 * f.sigma);
	assert_rel(usl_days(&f, 8, 2e9, 0.9), 2e9 / (x8 * 0.9 * 86400), 1e-12);
}

Test(usl, super_linear_data_clamps_sigma)
{
	/* 1:1000, 2:2100 would need σ = 2000/2100 − 1 < 0: clamped to 0,
	 * flagged, and X(G) = X1·G */
	struct usl_point p[] = {{.cards = 1, .tokens_per_s = 1000}, {.cards = 2, .tokens_per_s = 2100}};
	struct usl_fit f = fit_ok(p, 2);
	cr_assert_eq(f.sigma, 0);
	cr_assert_eq(f.kappa, 0);
	cr_assert_eq(f.flags, USL_SIGMA_CLAMPED);
	assert_rel(usl_throughput(&f, 8), 8000, 1e-12);
	/* Three points, the last falling below the curve: σ stays ≥ 0 */
	struct usl_point q[] = {{.cards = 1, .tokens_per_s = 1000},
				{.cards = 2, .tokens_per_s = 2100},
				{.cards = 4, .tokens_per_s = 4500}};
	f = fit_ok(q, 3);
	cr_assert(f.sigma >= 0 && f.kappa >= 0);
	cr_assert(f.flags & USL_SIGMA_CLAMPED);
}

Test(usl, hostile_inputs_are_errors)
{
	char err[200];
	struct usl_fit f;
	struct usl_point one[] = {{.cards = 1, .tokens_per_s = 1000}};
	cr_assert_not(usl_fit(one, 1, &f, err, sizeof err));
	cr_assert_str_eq(err, "expected 2 to 16 measurements (cards:tokens/s), found 1");
	struct usl_point zero[] = {{.cards = 1, .tokens_per_s = 1000}, {.cards = 2, .tokens_per_s = 0}};
	cr_assert_not(usl_fit(zero, 2, &f, err, sizeof err));
	cr_assert_str_eq(err, "expected a throughput from 1 to 20000000 tokens/s in \"2:0\"");
	struct usl_point neg[] = {{.cards = 1, .tokens_per_s = -5}, {.cards = 2, .tokens_per_s = 10}};
	cr_assert_not(usl_fit(neg, 2, &f, err, sizeof err));
	struct usl_point nan_x[] = {{.cards = 1, .tokens_per_s = NAN}, {.cards = 2, .tokens_per_s = 10}};
	cr_assert_not(usl_fit(nan_x, 2, &f, err, sizeof err));
	struct usl_point dup[] = {{.cards = 2, .tokens_per_s = 1000}, {.cards = 2, .tokens_per_s = 1100}};
	cr_assert_not(usl_fit(dup, 2, &f, err, sizeof err));
	cr_assert_str_eq(err, "expected one measurement per card count, found 2 cards twice");
	struct usl_point none[] = {{.cards = 0, .tokens_per_s = 1000}, {.cards = 2, .tokens_per_s = 1100}};
	cr_assert_not(usl_fit(none, 2, &f, err, sizeof err));
	cr_assert_str_eq(err, "expected 1 to 4096 cards in a measurement, found 0");
}

/* Points a run cannot produce are refused with the bound they break, at
 * the option: 10^-300 tokens/s gave 10^22 days and a 300-digit card-hour
 * figure; 10^308 overflowed the fit; 10^6 cards is past any plan. */
Test(usl, impossible_points_are_refused)
{
	struct usl_point p[USL_MAX_POINTS];
	int n;
	char err[200];
	static const struct {
		const char *text, *want;
	} bad[] = {
		{"1:1e-300,2:1e-300", "expected a throughput from 1 to 10000000 tokens/s in "
				      "\"1:1e-300\""},
		{"1:1e308,2:1.5e308", "expected a throughput from 1 to 10000000 tokens/s in "
				      "\"1:1e+308\""},
		{"1:1000,1000000:1e9", "expected 1 to 4096 cards in a measurement, found 1000000"},
		/* 2e7 on 2 cards is 10^7 a card, 10^4 times the 1000 of one card */
		{"1:1000,2:2e7", "expected at most 2 times the per-card tokens/s of \"1:1000\" in "
				 "\"2:20000000\", found 10000.0 times"},
		/* order does not matter: 8 cards at 5000 a card over 2 at 1000 */
		{"8:40000,2:2000", "expected at most 2 times the per-card tokens/s of \"2:2000\" in "
				   "\"8:40000\", found 5.0 times"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cr_assert_not(duration_parse_measured(bad[i].text, p, USL_MAX_POINTS, &n, err,
						      sizeof err), "%s", bad[i].text);
		cr_assert_str_eq(err, bad[i].want, "%s", bad[i].text);
	}
	/* the edges are taken: 4096 cards, 2x per card, 1 token/s */
	cr_assert(duration_parse_measured("1:1,4096:8192", p, USL_MAX_POINTS, &n, err, sizeof err),
		  "%s", err);
	cr_assert(duration_parse_measured("1:1000,2:4000", p, USL_MAX_POINTS, &n, err, sizeof err),
		  "%s", err);
}

/* A κ so small that the peak is at 10^16 cards says there is none within
 * the cards a plan can have, not "peak at 9126120256257466 cards". */
Test(usl, a_peak_beyond_any_plan_is_not_reported)
{
	/* σ = 0, κ = 1e-16: peak sqrt(1/1e-16) = 1e8 cards > 4096 */
	struct usl_fit far = {.sigma = 0, .kappa = 1e-16, .x1 = 1000};
	double peak = -1;
	cr_assert_not(usl_peak_cards(&far, &peak));
	cr_assert_eq(peak, -1, "peak left alone");
	/* κ = 1/4096^2 - a hair: sqrt(1/κ) just under 4096 is still a peak */
	struct usl_fit near = {.sigma = 0, .kappa = 1.0 / (4095.0 * 4095.0), .x1 = 1000};
	cr_assert(usl_peak_cards(&near, &peak));
	assert_rel(peak, 4095, 1e-12);
}

Test(usl, falling_throughput_gives_a_peak_not_nan)
{
	/* 1:1000, 2:1500, 4:1200: throughput falls after 2 cards: κ > 0 and a
	 * finite peak between 1 and 4 */
	struct usl_point p[] = {{.cards = 1, .tokens_per_s = 1000},
				{.cards = 2, .tokens_per_s = 1500},
				{.cards = 4, .tokens_per_s = 1200}};
	struct usl_fit f = fit_ok(p, 3);
	double peak;
	cr_assert(f.kappa > 0);
	cr_assert(usl_peak_cards(&f, &peak));
	cr_assert(peak >= 1 && peak <= 4, "peak %g", peak);
}

/* ---- Parsers ---- */

static double deadline_ok(const char *s, int today)
{
	double days;
	char err[200] = "";
	cr_assert(duration_parse_deadline(s, today, &days, err, sizeof err), "%s: %s", s, err);
	return days;
}

Test(duration, deadlines)
{
	cr_assert_eq(deadline_ok("14d", 20261130), 14);
	cr_assert_eq(deadline_ok("36h", 20261130), 1.5);
	cr_assert_eq(deadline_ok("3w", 20261130), 21);
	cr_assert_eq(deadline_ok("2.5D", 20261130), 2.5);
	/* 2026-11-30 -> 2027-01-15: 1 + 31 + 14 = 46 days */
	cr_assert_eq(deadline_ok("2027-01-15", 20261130), 46);
	/* across a leap day: 2028-02-28 -> 2028-03-01 = 2 */
	cr_assert_eq(deadline_ok("2028-03-01", 20280228), 2);
}

Test(duration, bad_deadlines_say_what_was_expected)
{
	double days;
	char err[200];
	cr_assert_not(duration_parse_deadline("14", 20261130, &days, err, sizeof err));
	cr_assert_str_eq(err, "expected a deadline such as 14d, 36h, 3w or a date 2027-01-15, "
			      "found \"14\"");
	cr_assert_not(duration_parse_deadline("0d", 20261130, &days, err, sizeof err));
	cr_assert_not(duration_parse_deadline("-3d", 20261130, &days, err, sizeof err));
	cr_assert_not(duration_parse_deadline("nand", 20261130, &days, err, sizeof err));
	cr_assert_not(duration_parse_deadline("2026-11-30", 20261130, &days, err, sizeof err));
	cr_assert_str_eq(err, "expected a date after today (2026-11-30), found \"2026-11-30\"");
	cr_assert_not(duration_parse_deadline("2026-02-30", 20261130, &days, err, sizeof err));
	cr_assert_str_eq(err, "expected a real calendar date YYYY-MM-DD, found \"2026-02-30\"");
}

Test(duration, today_from_the_environment)
{
	int today;
	char err[200];
	setenv("GPUPLAN_TODAY", "2027-01-10", 1);
	cr_assert(duration_today(&today, err, sizeof err));
	cr_assert_eq(today, 20270110);
	setenv("GPUPLAN_TODAY", "tomorrow", 1);
	cr_assert_not(duration_today(&today, err, sizeof err));
	cr_assert_str_eq(err, "GPUPLAN_TODAY: expected a date YYYY-MM-DD, found \"tomorrow\"");
	unsetenv("GPUPLAN_TODAY");
	cr_assert(duration_today(&today, err, sizeof err));
	cr_assert(today > 20250101);
}

Test(duration, token_counts)
{
	double t;
	char err[200];
	const struct {
		const char *s;
		double want;
	} ok[] = {{"2B", 2e9}, {"500M", 5e8}, {"1.4T", 1.4e12}, {"1.4t", 1.4e12},
		  {"15k", 15e3}, {"2000000", 2e6}, {"0.5b", 5e8}};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		cr_assert(duration_parse_tokens(ok[i].s, &t, err, sizeof err), "%s", ok[i].s);
		assert_rel(t, ok[i].want, 1e-15);
	}
	const char *bad[] = {"", "0", "0B", "-2B", "2X", "B", "2BB", "inf", "1e400"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert_not(duration_parse_tokens(bad[i], &t, err, sizeof err), "%s", bad[i]);
	cr_assert_str_eq(err, "expected a token count above 0 such as 2B, 500M or 1.4T, "
			      "found \"1e400\"");
}

Test(duration, measured_lists)
{
	struct usl_point p[USL_MAX_POINTS];
	int n;
	char err[200];
	cr_assert(duration_parse_measured(" 1:1520, 2 : 2.9k ,4:5400", p, USL_MAX_POINTS, &n, err,
					  sizeof err), "%s", err);
	cr_assert_eq(n, 3);
	cr_assert_eq(p[1].cards, 2);
	cr_assert_eq(p[1].tokens_per_s, 2900);
	cr_assert_eq(p[2].cards, 4);
	const char *bad[] = {"", "1:1520,", "1", "0:100", "1.5:100", "2:abc", "2:0", "1:-5"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert_not(duration_parse_measured(bad[i], p, USL_MAX_POINTS, &n, err, sizeof err),
			      "%s", bad[i]);
	cr_assert_not(duration_parse_measured("1:1520,1:1600", p, USL_MAX_POINTS, &n, err,
					      sizeof err));
	cr_assert_str_eq(err, "expected each card count once, found 1 twice");
	cr_assert_not(duration_parse_measured("1:1,2:2,3:3", p, 2, &n, err, sizeof err));
	cr_assert_str_eq(err, "expected at most 2 measurements, found more");
}

/* ---- Found unpinned by mutation testing (tests/mutation-report.txt) ---- */

/* The most measurements --measured takes, 16 (USL_MAX_POINTS): all 16 are
 * fitted, 17 are refused. Points from σ = 0.05, κ = 0 and X1 = 1000 at
 * 1…16 cards: X(G) = 1000·G/(1 + 0.05(G − 1)), e.g. X(16) = 16000/1.75
 * = 9142.857; the fit gives σ back and κ = 0 (clamped or fitted as 0 to
 * 1e-9). */
Test(usl, sixteen_measurements_fit_and_seventeen_do_not)
{
	struct usl_point p[USL_MAX_POINTS + 1];
	for (int i = 0; i <= USL_MAX_POINTS; i++)
		p[i] = (struct usl_point){.cards = i + 1, .tokens_per_s = usl_x(1000, 0.05, 0, i + 1)};
	assert_rel(p[15].tokens_per_s, 16000 / 1.75, 1e-12);
	struct usl_fit f = fit_ok(p, 16);
	assert_rel(f.sigma, 0.05, 1e-9);
	cr_assert(f.kappa < 1e-9, "kappa = %g", f.kappa);
	cr_assert_eq(f.x1, 1000);
	cr_assert_eq(f.npoints, 16);
	char err[200];
	cr_assert_not(usl_fit(p, 17, &f, err, sizeof err));
	cr_assert_str_eq(err, "expected 2 to 16 measurements (cards:tokens/s), found 17");
}

/* A small one-card throughput is still the one-card point: 1:1, 2:1.6,
 * 4:2 (one token a second, or speed-ups relative to one card). X1 = 1 is
 * known, so the rows are G·X1/X − 1 = σ(G − 1) + κG(G − 1):
 * G = 2: 2/1.6 − 1 = 0.25 = σ + 2κ; G = 4: 4/2 − 1 = 1 = 3σ + 12κ.
 * Three times the first from the second: 6κ = 0.25, κ = 1/24, and
 * σ = 0.25 − 2/24 = 1/6. Nothing fitted or clamped (flags 0); the peak
 * sqrt((1 − 1/6)/(1/24)) = sqrt(20) = 4.4721 cards. */
Test(usl, one_token_a_second_on_one_card_is_the_known_x1)
{
	struct usl_point p[] = {{.cards = 1, .tokens_per_s = 1},
				{.cards = 2, .tokens_per_s = 1.6},
				{.cards = 4, .tokens_per_s = 2}};
	struct usl_fit f = fit_ok(p, 3);
	assert_rel(f.sigma, 1.0 / 6, 1e-12);
	assert_rel(f.kappa, 1.0 / 24, 1e-12);
	cr_assert_eq(f.x1, 1);
	cr_assert_eq(f.flags, 0);
	double peak;
	cr_assert(usl_peak_cards(&f, &peak));
	assert_rel(peak, sqrt(20.0), 1e-12);
}
