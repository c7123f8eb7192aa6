/* libFuzzer target: the training inputs people type, built twice by
 * run-fuzz.sh: FUZZ_PARSER 0 is --measured ("1:1520,2:2900,4:5400"),
 * 1 is --deadline ("14d", "36h", "2027-01-15"). Besides memory errors and
 * undefined behaviour, what a parser accepts must hold (else abort(), a
 * finding): the values inside the row's range, a text that reads back the
 * same, and for --measured a fit and a recalculation whose figures are
 * finite (no inf, nan or negative time reaches a report).
 *
 * Input: byte 0 picks a model (and, for --deadline, today), the rest is
 * the text. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "duration.h"
#include "settings.h"
#include "usl.h"
#include "bundled.h"

#ifndef FUZZ_PARSER
#define FUZZ_PARSER 0
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("GPUPLAN_TODAY", "2026-11-30", 1); /* the settings' today */
	return 0;
}

static void check(bool ok)
{
	if (!ok)
		abort();
}

static bool finite_nonneg(double v)
{
	return isfinite(v) && v >= 0;
}

/* A setting that took the text: its value reads back as the same text's
 * value (the form shows setting_format and parses it again). */
static void round_trip(const struct setting *s, const struct scenario *sc)
{
	char text[256], err[256];
	struct scenario again;
	setting_format(s, sc, text, sizeof text);
	scenario_defaults(&again);
	check(setting_parse(s, &again, NULL, text, err, sizeof err));
	char back[256];
	setting_format(s, &again, back, sizeof back);
	check(strcmp(text, back) == 0);
}

/* Each point inside usl_points_check's bounds, and the fit's figures. */
static void check_fit(const struct usl_point *pts, int n)
{
	struct usl_fit f;
	char err[256];
	for (int i = 0; i < n; i++)
		check(pts[i].cards >= 1 && pts[i].cards <= USL_MAX_CARDS &&
		      pts[i].tokens_per_s >= USL_MIN_TOKENS_PER_S &&
		      pts[i].tokens_per_s <= pts[i].cards * USL_MAX_TOKENS_PER_CARD);
	if (!usl_fit(pts, n, &f, err, sizeof err))
		return;
	check(finite_nonneg(f.sigma) && finite_nonneg(f.kappa) && isfinite(f.x1) && f.x1 > 0);
	double peak;
	if (usl_peak_cards(&f, &peak))
		check(peak >= 1 && peak <= USL_MAX_CARDS);
	for (double g = 1; g <= USL_MAX_CARDS; g *= 4)
		check(finite_nonneg(usl_efficiency(&f, g)) && finite_nonneg(usl_throughput(&f, g)));
}

/* The recalculation the text leads to: every plan's days finite. */
static void check_analysis(struct scenario *sc, const char *gpu)
{
	static struct analysis a;
	if (!analysis_run(&a, bundled(), sc, gpu))
		return;
	for (size_t i = 0; i < a.nplans; i++) {
		const struct training_estimate *t = &a.plans[i].training;
		if (t->valid)
			check(finite_nonneg(t->days) && finite_nonneg(t->card_hours) &&
			      isfinite(t->eff) && t->eff >= 0);
	}
}

static void fuzz_measured(const char *text, struct scenario *sc)
{
	struct usl_point pts[USL_MAX_POINTS];
	int n;
	char err[256];
	if (duration_parse_measured(text, pts, USL_MAX_POINTS, &n, err, sizeof err))
		check_fit(pts, n);
	const struct setting *s = settings_find("measured");
	if (!setting_parse(s, sc, NULL, text, err, sizeof err)) {
		check(err[0] != '\0'); /* a refusal says why */
		return;
	}
	round_trip(s, sc);
	check_fit(sc->measured, sc->nmeasured);
	check(setting_parse(settings_find("train-tokens"), sc, NULL, "2B", err, sizeof err));
	check(setting_parse(settings_find("task"), sc, NULL, "lora", err, sizeof err));
	check_analysis(sc, "h100-80g");
}

/* A valid date from one byte: 2000-01-01 + b months, day 1..28. */
static int today_of(uint8_t b)
{
	return (2000 + b / 12) * 10000 + (b % 12 + 1) * 100 + b % 28 + 1;
}

static void fuzz_deadline(const char *text, uint8_t pick, struct scenario *sc)
{
	double days;
	char err[256];
	if (duration_parse_deadline(text, today_of(pick), &days, err, sizeof err))
		check(isfinite(days) && days > 0);
	else
		check(err[0] != '\0');
	const struct setting *s = settings_find("deadline");
	if (!setting_parse(s, sc, NULL, text, err, sizeof err)) {
		check(err[0] != '\0');
		return;
	}
	check(sc->deadline_days == 0 ||
	      (sc->deadline_days >= s->min && sc->deadline_days <= s->max));
	round_trip(s, sc);
	check(setting_parse(settings_find("train-tokens"), sc, NULL, "2B", err, sizeof err));
	check(setting_parse(settings_find("task"), sc, NULL, "lora", err, sizeof err));
	check_analysis(sc, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 256)
		return 0;
	char text[257];
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	struct catalog *c = bundled();
	struct scenario sc;
	scenario_defaults(&sc);
	scenario_use_model(&sc, &c->models[data[0] % c->nmodels]);
	if (FUZZ_PARSER == 0)
		fuzz_measured(text, &sc);
	else
		fuzz_deadline(text, data[0], &sc);
	return 0;
}
