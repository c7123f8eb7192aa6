#include "settings_serve.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "jsonw.h"
#include "parse.h"
#include "scenario.h"
#include "trial.h"

/* "50ms" is 0.05 s; a bare number or "2s" is seconds; "none" (or 0) is no
 * target. The row's range is in seconds. */
bool latency_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		   const char *text, char *err, size_t cap)
{
	char num[64];
	double x, per_second = 1;
	size_t n = strlen(text);
	(void)c;
	if (strcmp(text, "none") == 0 || strcmp(text, _("none")) == 0) {
		*(double *)(void *)((char *)sc + s->offset) = 0;
		return true;
	}
	if (n > 2 && strcmp(text + n - 2, "ms") == 0)
		per_second = 1000, n -= 2;
	else if (n > 1 && text[n - 1] == 's')
		n -= 1;
	snprintf(num, sizeof num, "%.*s", (int)(n < sizeof num ? n : sizeof num - 1), text);
	if (!parse_nonneg(num, &x) || x / per_second > s->max) {
		snprintf(err, cap, _("expected a time such as 2s or 50ms, up to %g s, or none; found "
				     "\"%s\""), s->max, text);
		return false;
	}
	*(double *)(void *)((char *)sc + s->offset) = x / per_second;
	return true;
}

/* Milliseconds below a second, where they read better: "50ms", "2s". */
static void latency_format(double v, char *buf, size_t cap)
{
	if (v <= 0)
		snprintf(buf, cap, "none");
	else if (v < 1)
		snprintf(buf, cap, "%.15gms", v * 1e3);
	else
		snprintf(buf, cap, "%.15gs", v);
}

void slo_ttft_format(const struct scenario *sc, char *buf, size_t cap)
{
	latency_format(sc->slo_ttft_s, buf, cap);
}

void slo_tpot_format(const struct scenario *sc, char *buf, size_t cap)
{
	latency_format(sc->slo_tpot_s, buf, cap);
}

bool engine_setting_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			  const char *text, char *err, size_t cap)
{
	(void)s, (void)c;
	return engine_parse(&sc->engine, text, err, cap);
}

void engine_setting_format(const struct scenario *sc, char *buf, size_t cap)
{
	engine_format(&sc->engine, buf, cap);
}

/* The files of a --trial list, each read in turn into one set. */
static bool trial_files_read(const char *text, struct trial_set *t, char *err, size_t cap)
{
	char list[TRIAL_FILES_MAX], *save = NULL;
	snprintf(list, sizeof list, "%s", text);
	*t = (struct trial_set){0};
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save))
		if (!trial_read_file(f, t, err, cap))
			return false;
	return true;
}

/* A trial's training speed-ups are --measured's points: new ones are bound
 * to a GPU again (analysis.c), as typed ones are. */
static void trial_to_measured(struct scenario *sc, const struct trial_set *t)
{
	bool same = t->ntrain == sc->nmeasured;
	for (int i = 0; same && i < t->ntrain; i++)
		same = t->train[i].cards == sc->measured[i].cards &&
		       t->train[i].tokens_per_s == sc->measured[i].tokens_per_s;
	if (!same)
		sc->measured_gpu[0] = sc->measured_gpu_name[0] = '\0';
	memcpy(sc->measured, t->train, (size_t)t->ntrain * sizeof t->train[0]);
	sc->nmeasured = t->ntrain;
}

bool trial_setting_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			 const char *text, char *err, size_t cap)
{
	(void)s, (void)c;
	struct trial_set t;
	if (strlen(text) >= sizeof sc->trial_files) {
		snprintf(err, cap, _("expected at most %zu characters of file names"),
			 sizeof sc->trial_files - 1);
		return false;
	}
	if (!trial_files_read(text, &t, err, cap))
		return false;
	sc->trial = t;
	snprintf(sc->trial_files, sizeof sc->trial_files, "%s", text);
	if (t.ntrain > 0)
		trial_to_measured(sc, &t);
	return true;
}

void trial_setting_format(const struct scenario *sc, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s", sc->trial_files);
}

/* The files as given; null without a trial. */
void trial_setting_json(struct jsonw *j, const char *key, const struct scenario *sc)
{
	jw_string(j, key, sc->trial_files[0] ? sc->trial_files : NULL);
}
