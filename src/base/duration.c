#include "duration.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "i18n.h"
#include "parse.h"

#define FIELD_MAX 64 /* longest number we copy out to parse */

/* One suffix: its letter and what it multiplies by. */
struct unit {
	char letter;
	double scale;
};

static const struct unit deadline_units[] = {
	{.letter = 'h', .scale = 1.0 / 24},
	{.letter = 'd', .scale = 1},
	{.letter = 'w', .scale = 7},
};

static const struct unit token_units[] = {
	{.letter = 'k', .scale = 1e3},
	{.letter = 'm', .scale = 1e6},
	{.letter = 'b', .scale = 1e9},
	{.letter = 't', .scale = 1e12},
};

static double unit_scale(const struct unit *units, size_t n, char c)
{
	for (size_t i = 0; i < n; i++)
		if (units[i].letter == tolower((unsigned char)c))
			return units[i].scale;
	return 0;
}

/* A number of at most FIELD_MAX characters, then an optional suffix from
 * 'units' (scale 'none' when absent, 0: a suffix is required). */
static bool number_with_unit(const char *s, size_t len, const struct unit *units, size_t nunits,
			     double none, double *out)
{
	char buf[FIELD_MAX + 1];
	if (len == 0 || len > FIELD_MAX)
		return false;
	double scale = unit_scale(units, nunits, s[len - 1]);
	if (scale > 0)
		len--;
	else
		scale = none;
	memcpy(buf, s, len);
	buf[len] = '\0';
	double v;
	if (!(scale > 0) || !parse_nonneg(buf, &v))
		return false;
	*out = v * scale;
	return isfinite(*out);
}

bool duration_today(int *yyyymmdd, char *err, size_t cap)
{
	const char *env = getenv("GPUPLAN_TODAY");
	if (env && *env) {
		if (parse_date(env, yyyymmdd))
			return true;
		snprintf(err, cap, _("GPUPLAN_TODAY: expected a date YYYY-MM-DD, found \"%s\""), env);
		return false;
	}
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	*yyyymmdd = (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 + tm.tm_mday;
	return true;
}

/* Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
static long days_from_civil(int yyyymmdd)
{
	long y = yyyymmdd / 10000, m = yyyymmdd / 100 % 100, d = yyyymmdd % 100;
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static long duration_days_between(int from_yyyymmdd, int to_yyyymmdd)
{
	return days_from_civil(to_yyyymmdd) - days_from_civil(from_yyyymmdd);
}

static bool deadline_from_date(const char *s, int today, double *days, char *err, size_t cap)
{
	int date;
	if (!parse_date(s, &date)) {
		snprintf(err, cap, _("expected a real calendar date YYYY-MM-DD, found \"%s\""), s);
		return false;
	}
	long n = duration_days_between(today, date);
	if (n <= 0) {
		snprintf(err, cap, _("expected a date after today (%04d-%02d-%02d), found \"%s\""),
			 today / 10000, today / 100 % 100, today % 100, s);
		return false;
	}
	*days = (double)n;
	return true;
}

bool duration_parse_deadline(const char *s, int today, double *days, char *err, size_t cap)
{
	if (strchr(s, '-') && strlen(s) == 10)
		return deadline_from_date(s, today, days, err, cap);
	size_t n = sizeof deadline_units / sizeof deadline_units[0];
	if (!number_with_unit(s, strlen(s), deadline_units, n, 0, days) || !(*days > 0)) {
		snprintf(err, cap,
			 _("expected a deadline such as 14d, 36h, 3w or a date 2027-01-15, "
			   "found \"%s\""),
			 s);
		return false;
	}
	return true;
}

static bool tokens_in(const char *s, size_t len, double *tokens)
{
	size_t n = sizeof token_units / sizeof token_units[0];
	return number_with_unit(s, len, token_units, n, 1, tokens) && *tokens > 0;
}

bool duration_parse_tokens(const char *s, double *tokens, char *err, size_t cap)
{
	if (tokens_in(s, strlen(s), tokens))
		return true;
	snprintf(err, cap,
		 _("expected a token count above 0 such as 2B, 500M or 1.4T, found \"%s\""), s);
	return false;
}

/* [s, end) without the spaces around it. */
static void trim(const char **s, const char **end)
{
	while (*s < *end && isspace((unsigned char)**s))
		(*s)++;
	while (*end > *s && isspace((unsigned char)(*end)[-1]))
		(*end)--;
}

/* One "cards:tokens/s" pair in [s, end), spaces allowed around both. */
static bool measured_pair(const char *s, const char *end, struct usl_point *p)
{
	const char *colon = memchr(s, ':', (size_t)(end - s));
	if (!colon)
		return false;
	const char *c0 = s, *c1 = colon, *x0 = colon + 1, *x1 = end;
	trim(&c0, &c1);
	trim(&x0, &x1);
	double cards;
	if (!number_with_unit(c0, (size_t)(c1 - c0), NULL, 0, 1, &cards))
		return false;
	if (cards < 1 || cards > 1e6 || cards != floor(cards))
		return false;
	p->cards = (int)cards;
	return tokens_in(x0, (size_t)(x1 - x0), &p->tokens_per_s);
}

static bool measured_duplicate(const struct usl_point *pts, int n)
{
	for (int i = 0; i < n; i++)
		if (pts[i].cards == pts[n].cards)
			return true;
	return false;
}

bool duration_parse_measured(const char *s, struct usl_point *pts, int max, int *n, char *err,
			     size_t cap)
{
	*n = 0;
	for (const char *p = s;; p++) {
		const char *comma = strchr(p, ',');
		const char *end = comma ? comma : p + strlen(p);
		if (*n == max) {
			snprintf(err, cap, _("expected at most %d measurements, found more"), max);
			return false;
		}
		if (!measured_pair(p, end, &pts[*n])) {
			snprintf(err, cap,
				 _("expected cards:tokens/s pairs such as \"1:1520,2:2900,4:5400\", "
				   "found \"%.*s\""),
				 (int)(end - p), p);
			return false;
		}
		if (measured_duplicate(pts, *n)) {
			snprintf(err, cap, _("expected each card count once, found %d twice"),
				 pts[*n].cards);
			return false;
		}
		(*n)++;
		if (!comma)
			return usl_points_check(pts, *n, err, cap);
		p = comma;
	}
}
