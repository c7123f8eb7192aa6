/* The training rows' own text forms: token counts with K, M, B, T (a
 * global batch of auto: 4 Mi pretraining, 1 Mi fine-tuning), a
 * deadline (a duration or a date), measured speed-ups. settings.c's rows
 * point at these hooks. */
#include "settings_train.h"

#include <stdio.h>
#include <string.h>

#include "duration.h"
#include "jsonw.h"
#include "tables.h"
#include "training_time.h"

/* Empty or 0: no training time. */
bool train_tokens_parse(struct scenario *sc, const struct catalog *c, const char *text)
{
	char err[160];
	double tokens = 0;
	(void)c;
	if (text[strspn(text, " ")] && strcmp(text, "0") != 0 &&
	    !duration_parse_tokens(text, &tokens, err, sizeof err))
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

bool global_batch_parse(struct scenario *sc, const struct catalog *c, const char *text)
{
	char err[160];
	double tokens = 0;
	(void)c;
	if (strcmp(text, "auto") != 0 && !duration_parse_tokens(text, &tokens, err, sizeof err))
		return false;
	sc->global_batch = tokens;
	return true;
}

/* Empty: no deadline. A date counts from today (GPUPLAN_TODAY in tests). */
bool deadline_parse(struct scenario *sc, const struct catalog *c, const char *text)
{
	char err[160];
	int today;
	double days = 0;
	(void)c;
	if (strlen(text) >= sizeof sc->deadline_text)
		return false;
	if (text[strspn(text, " ")] && (!duration_today(&today, err, sizeof err) ||
					!duration_parse_deadline(text, today, &days, err, sizeof err)))
		return false;
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

bool measured_parse(struct scenario *sc, const struct catalog *c, const char *text)
{
	char err[160];
	struct usl_point pts[USL_MAX_POINTS];
	int n = 0;
	(void)c;
	if (text[strspn(text, " ")] &&
	    !duration_parse_measured(text, pts, USL_MAX_POINTS, &n, err, sizeof err))
		return false;
	memcpy(sc->measured, pts, sizeof pts);
	sc->nmeasured = n;
	return true;
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
