/* The unit printers (units.h has the rule of each): every human surface
 * writes a figure through the printer of its unit. */
#include "units.h"

#include <math.h>
#include <stdio.h>

#include "duration.h"
#include "i18n.h"

const struct style style_report = {.surface = SURFACE_REPORT, .money = MONEY_UTF8};
const struct style style_quote = {.surface = SURFACE_QUOTE, .money = MONEY_UTF8};
const struct style style_screen = {.surface = SURFACE_SCREEN, .money = MONEY_UTF8};

/* A negative value is none; one that is not a finite number is no
 * figure either: never "inf", "-nan" or a negative time on any surface. */
static bool none(char *buf, size_t cap, double v)
{
	if (isfinite(v) && v >= 0)
		return false;
	snprintf(buf, cap, "—");
	return true;
}

/* Three significant digits, at most two decimals, not grouped. */
static void sig3(char *buf, size_t cap, double v)
{
	snprintf(buf, cap, "%.*f", sig3_decimals(v), v);
}

static void unit_sig3(char *buf, size_t cap, double v)
{
	if (!none(buf, cap, v))
		sig3(buf, cap, v);
}

/* Zero is "¥0": nothing to pay has no cents. */
static int money_decimals(double amount)
{
	return amount == 0 ? 0 : sig3_decimals(amount);
}

/* NULL is the bundled data's CNY; "" writes the digits alone (a plain
 * terminal's table cells). */
void unit_money(char *buf, size_t cap, double amount, const char *currency, enum money_style ms)
{
	if (!none(buf, cap, amount))
		money_format(buf, cap, amount, currency ? currency : "CNY", money_decimals(amount),
			     ms);
}

void unit_money_signed(char *buf, size_t cap, double amount, const char *currency,
		       enum money_style ms)
{
	money_format_signed(buf, cap, amount, currency ? currency : "CNY", money_decimals(amount),
			    ms);
}

/* ms below a second; 999.7 ms rounds to a second, so reads "1.00 s". */
void unit_seconds(char *buf, size_t cap, double s)
{
	char n[32];
	if (none(buf, cap, s))
		return;
	if (s * 1000 < 999.5) {
		sig3(n, sizeof n, s * 1000);
		snprintf(buf, cap, "%s ms", n);
	} else {
		sig3(n, sizeof n, s);
		snprintf(buf, cap, "%s s", n);
	}
}

void unit_rate(char *buf, size_t cap, double tokens_per_s)
{
	if (!none(buf, cap, tokens_per_s))
		money_group(buf, cap, tokens_per_s, sig3_decimals(tokens_per_s));
}

void unit_gib(char *buf, size_t cap, double gib)
{
	unit_sig3(buf, cap, gib);
}

/* A short job keeps its minutes: below 0.1 day two significant digits
 * ("0.0085", 12 minutes), not "0.01". */
void unit_days(char *buf, size_t cap, double days)
{
	if (!none(buf, cap, days))
		duration_days_text(buf, cap, days, 0); /* the messages' DAYS too */
}

void unit_percent(char *buf, size_t cap, double pct)
{
	if (!none(buf, cap, pct))
		snprintf(buf, cap, "%.0f", pct);
}

void unit_band_sides(char *buf, size_t cap, double lo, double hi)
{
	if (lo == hi)
		snprintf(buf, cap, "±%.0f", lo);
	else
		snprintf(buf, cap, "−%.0f/+%.0f", lo, hi);
}

void unit_share(char *buf, size_t cap, double fraction)
{
	unit_percent(buf, cap, fraction < 0 ? fraction : 100 * fraction);
}

void unit_ratio(char *buf, size_t cap, double v)
{
	if (!none(buf, cap, v))
		snprintf(buf, cap, "%.2f", v);
}

void unit_count(char *buf, size_t cap, double n)
{
	if (!none(buf, cap, n))
		money_group(buf, cap, n, 0);
}

void unit_factor(char *buf, size_t cap, double x)
{
	if (!none(buf, cap, x))
		snprintf(buf, cap, "%.1f×", x);
}

void unit_date(char *buf, size_t cap, int d)
{
	if (d <= 0)
		snprintf(buf, cap, "—");
	else
		snprintf(buf, cap, "%04d-%02d-%02d", d / 10000, d / 100 % 100, d % 100);
}

void format_date(char *out, size_t cap, int yyyymmdd)
{
	unit_date(out, cap, yyyymmdd);
}

void unit_currency_sign(char *buf, size_t cap, const char *currency, enum money_style ms)
{
	money_sign(buf, cap, currency ? currency : "CNY", ms);
}

static void unit_flops(char *buf, size_t cap, double v)
{
	if (!none(buf, cap, v))
		snprintf(buf, cap, "%.2e", v);
}

static void unit_coefficient(char *buf, size_t cap, double v)
{
	if (!none(buf, cap, v))
		snprintf(buf, cap, "%.3g", v);
}

static void unit_plain(char *buf, size_t cap, double v)
{
	if (!none(buf, cap, v))
		snprintf(buf, cap, "%.15g", v);
}

static void unit_yyyymmdd(char *buf, size_t cap, double v)
{
	unit_date(buf, cap, isfinite(v) ? (int)v : 0);
}

typedef void unit_printer(char *buf, size_t cap, double v);

/* The printer of each unit but money (which needs its currency). */
static unit_printer *const printers[UNIT_KINDS] = {
	[UNIT_NONE] = unit_plain,         [UNIT_SECONDS] = unit_seconds,
	[UNIT_RATE] = unit_rate,          [UNIT_GIB] = unit_sig3,
	[UNIT_DAYS] = unit_days,          [UNIT_GBS] = unit_sig3,
	[UNIT_TFLOPS] = unit_sig3,        [UNIT_PERCENT] = unit_percent,
 [UNIT_SHARE] = unit_share, [UNIT_RATIO] = unit_ratio,        [UNIT_COUNT] = unit_count,
	[UNIT_FLOPS] = unit_flops,        [UNIT_COEFFICIENT] = unit_coefficient,
	[UNIT_DATE] = unit_yyyymmdd,
};

void unit_text(char *buf, size_t cap, enum unit u, double v, const char *currency,
	       enum money_style ms)
{
	if (u == UNIT_MONEY)
		unit_money(buf, cap, v, currency, ms);
	else
		printers[u < UNIT_KINDS && printers[u] ? u : UNIT_NONE](buf, cap, v);
}

const char *plan_fit_word(const struct plan *p)
{
	static const char *const words[] = {"ok", "tight", "no"};
	return words[p->level];
}

const char *plan_fit_label(const struct plan *p)
{
	/* "fit|no" keeps this "no" apart from a yes/no answer */
	static const char *const words[] = {N_("fit|ok"), N_("fit|tight"), N_("fit|no")};
	return C_(words[p->level]);
}
