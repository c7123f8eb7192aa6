#include "settings_serve.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "parse.h"

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
