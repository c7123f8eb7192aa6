/* The training rows' own text forms: token counts with K, M, B, T (a
 * global batch of auto: 4 Mi pretraining, 1 Mi fine-tuning), a
 * deadline (a duration or a date), measured speed-ups. settings.c's rows
 * point at these hooks. */
#include "settings_train.h"

#include <stdio.h>
#include <string.h>

#include "duration.h"
#include "i18n.h"
#include "jsonw.h"
#include "parse.h"
#include "setting_row.h"
#include "tables.h"
#include "training_time.h"

static void format_tokens(double tokens, char *buf, size_t cap);

/* A token count inside the row's range; the message gives that range in
 * the units people type ("from 1 to 1000T"), built from the row. */
static bool tokens_in_range(const struct setting *s, const char *text, double *tokens,
			    char *err, size_t cap)
{
	char lo[32], hi[32];
	if (!duration_parse_tokens(text, tokens, err, cap))
		return false;
	if (*tokens >= s->min && *tokens <= s->max)
		return true;
	format_tokens(s->min, lo, sizeof lo);
	format_tokens(s->max, hi, sizeof hi);
	snprintf(err, cap, _("expected a token count from %s to %s, found \"%s\""), lo, hi, text);
	return false;
}

/* Empty or 0: no training time. */
bool train_tokens_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			const char *text, char *err, size_t cap)
{
	double tokens = 0;
	(void)c;
	if (text[strspn(text, " ")] && strcmp(text, "0") != 0 &&
	    !tokens_in_range(s, text, &tokens, err, cap))
		return false;
	sc->train_tokens = tokens;
	return true;
}

/* "2B", "1.4T", "1M" where that reads back exactly; else the number. */
static void format_tokens(double tokens, char *buf, size_t cap)
{
	static const struct {
		char suffix;
		double unit;
	} units[] = {{'T', 1e12}, {'B', 1e9}, {'M', 1e6}, {'K', 1e3}};
	char err[160];
	double back;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (tokens < units[i].unit)
			continue;
		snprintf(buf, cap, "%.15g%c", tokens / units[i].unit, units[i].suffix);
		if (duration_parse_tokens(buf, &back, err, sizeof err) && back == tokens)
			return;
		break;
	}
	settings_format_double(tokens, buf, cap);
}

void train_tokens_format(const struct scenario *sc, char *buf, size_t cap)
{
	if (sc->train_tokens > 0)
		format_tokens(sc->train_tokens, buf, cap);
	else
		buf[0] = '\0';
}

/* TRAINING.md §1: 4 Mi tokens a step for pretraining (Llama 2's 4M-token
 * batch), 1 Mi for fine-tuning, unless the user gave one. */
double train_global_batch(const struct scenario *sc)
{
	if (sc->global_batch > 0)
		return sc->global_batch;
	bool pretrain = strcmp(tasks[sc->task].name, "pretrain") == 0;
	return pretrain ? train_defaults.pretrain_batch : train_defaults.finetune_batch;
}

void global_batch_format(const struct scenario *sc, char *buf, size_t cap)
{
	if (sc->global_batch > 0)
		format_tokens(sc->global_batch, buf, cap);
	else
		snprintf(buf, cap, "auto");
}

/* The batch in effect: a reader of the JSON needs the number, auto or not. */
void global_batch_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	jw_number(j, key, train_global_batch(sc), 0);
}

void train_tokens_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	jw_number(j, key, sc->train_tokens > 0 ? sc->train_tokens : -1, 0);
}

bool global_batch_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			const char *text, char *err, size_t cap)
{
	double tokens = 0;
	(void)c;
	if (strcmp(text, "auto") != 0 && !tokens_in_range(s, text, &tokens, err, cap))
		return false;
	sc->global_batch = tokens;
	return true;
}

/* "36h", "14d" or "3w" as the message's bounds: the row holds days. */
static void format_days(double days, char *buf, size_t cap)
{
	if (days < 1)
		snprintf(buf, cap, "%.15gh", days * 24);
	else
		snprintf(buf, cap, "%.15gd", days);
}

/* Only a date needs today: a bad GPUPLAN_TODAY is said as such (the
 * command line refuses it before any option, cli_parse). */
static bool deadline_days_of(const char *text, double *days, char *err, size_t cap)
{
	int today = 0;
	bool date = strchr(text, '-') && strlen(text) == 10;
	if (date && !duration_today(&today, err, cap))
		return false;
	return duration_parse_deadline(text, today, days, err, cap);
}

/* Empty: no deadline. A date counts from today (GPUPLAN_TODAY in tests). */
bool deadline_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		    const char *text, char *err, size_t cap)
{
	char lo[32], hi[32];
	double days = 0;
	(void)c;
	if (strlen(text) >= sizeof sc->deadline_text) {
		snprintf(err, cap, _("expected a deadline of at most %zu characters, found %zu"),
			 sizeof sc->deadline_text - 1, strlen(text));
		return false;
	}
	if (text[strspn(text, " ")] && !deadline_days_of(text, &days, err, cap))
		return false;
	if (days > 0 && (days < s->min || days > s->max)) {
		format_days(s->min, lo, sizeof lo);
		format_days(s->max, hi, sizeof hi);
		snprintf(err, cap, _("expected a deadline from %s to %s, found \"%s\""), lo, hi,
			 text);
		return false;
	}
	sc->deadline_days = days;
	snprintf(sc->deadline_text, sizeof sc->deadline_text, "%s", days > 0 ? text : "");
	return true;
}

void deadline_format(const struct scenario *sc, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s", sc->deadline_text);
}

void deadline_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	jw_number(j, key, sc->deadline_days > 0 ? sc->deadline_days : -1, 4);
}

/* Field by field: a memcmp would read the padding after each int, which
 * holds whatever the stack held (the same points then looked new). */
static bool same_points(const struct usl_point *a, const struct usl_point *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i].cards != b[i].cards || a[i].tokens_per_s != b[i].tokens_per_s)
			return false;
	return true;
}

bool measured_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		    const char *text, char *err, size_t cap)
{
	struct usl_point pts[USL_MAX_POINTS] = {{0}};
	int n = 0;
	(void)s;
	(void)c;
	if (text[strspn(text, " ")] &&
	    !duration_parse_measured(text, pts, USL_MAX_POINTS, &n, err, cap))
		return false;
	/* new points are a new measurement: bound again (analysis.c); the same
	 * points typed again keep their GPU */
	if (n != sc->nmeasured || !same_points(sc->measured, pts, n))
		sc->measured_gpu[0] = sc->measured_gpu_name[0] = '\0';
	memcpy(sc->measured, pts, sizeof pts);
	sc->nmeasured = n;
	return true;
}

/* Summaries: the GPU the speed-ups were measured on ("measured on H100
 * 80G"), the points when none is bound yet ("measured 1:1520,2:2900"). */
void measured_effective(const struct scenario *sc, char *buf, size_t cap)
{
	if (sc->measured_gpu_name[0])
		snprintf(buf, cap, _("on %s"), sc->measured_gpu_name);
	else
		measured_format(sc, buf, cap);
}

/* "1:1520,2:2900": what the parser reads back. */
void measured_format(const struct scenario *sc, char *buf, size_t cap)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < sc->nmeasured && used < cap; i++) {
		int w = snprintf(buf + used, cap - used, "%s%d:%.15g", i ? "," : "",
				 sc->measured[i].cards, sc->measured[i].tokens_per_s);
		used += w > 0 ? (size_t)w : 0;
	}
}

void measured_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	char text[256];
	measured_format(sc, text, sizeof text);
	jw_string(j, key, sc->nmeasured ? text : NULL);
}

/* Shortest text that reads back as the same double. */
void settings_format_double(double x, char *buf, size_t cap)
{
	snprintf(buf, cap, "%.15g", x);
	double back;
	if (!parse_nonneg(buf, &back) || back != x)
		snprintf(buf, cap, "%.17g", x);
}
