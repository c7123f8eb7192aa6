/* Thousands separators and currency signs, written once. */
#include "money.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* The currencies with a sign of their own; any other code is written as a
 * prefix, "HKD 1,234". ASCII terminals get the code for every one whose
 * sign is not ASCII. */
struct currency_sign {
	const char *code, *utf8, *ascii;
};

static const struct currency_sign signs[] = {
	{.code = "CNY", .utf8 = "¥", .ascii = "CNY "},
	{.code = "RMB", .utf8 = "¥", .ascii = "CNY "},
	{.code = "USD", .utf8 = "$", .ascii = "$"},
	{.code = "EUR", .utf8 = "€", .ascii = "EUR "},
};

static void currency_prefix(char *buf, size_t cap, const char *currency, enum money_style style)
{
	buf[0] = '\0';
	if (!currency || !currency[0])
		return;
	for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++) {
		if (strcmp(signs[i].code, currency) == 0) {
			snprintf(buf, cap, "%s", style == MONEY_ASCII ? signs[i].ascii : signs[i].utf8);
			return;
		}
	}
	snprintf(buf, cap, "%s ", currency);
}

int sig3_decimals(double v)
{
	double a = fabs(v);
	return a >= 99.95 ? 0 : a >= 9.995 ? 1 : 2;
}

void money_sign(char *buf, size_t cap, const char *currency, enum money_style style)
{
	char prefix[16];
	currency_prefix(prefix, sizeof prefix, currency, style);
	size_t n = strlen(prefix);
	while (n && prefix[n - 1] == ' ')
		prefix[--n] = '\0';
	snprintf(buf, cap, "%s", prefix);
}

/* What a figure reads as when it cannot be written whole: a number cut
 * short reads as another, smaller number. */
static const char no_figure[] = "—";

void money_group(char *buf, size_t cap, double amount, int decimals)
{
	char digits[64];
	/* the magnitude alone: the sign is the caller's, before the currency */
	int n = snprintf(digits, sizeof digits, "%.*f", decimals, fabs(amount));
	const char *dot = n > 0 && (size_t)n < sizeof digits ? strchr(digits, '.') : NULL;
	int whole = dot ? (int)(dot - digits) : n;
	/* the digits, their commas and the NUL must fit */
	if (!isfinite(amount) || n <= 0 || (size_t)n >= sizeof digits ||
	    (size_t)(n + (whole - 1) / 3) >= cap) {
		snprintf(buf, cap, "%s", cap > sizeof no_figure - 1 ? no_figure : "");
		return;
	}
	size_t used = 0;
	for (int i = 0; i < n && used + 1 < cap; i++) {
		if (i > 0 && i < whole && (whole - i) % 3 == 0 && used + 2 < cap)
			buf[used++] = ',';
		buf[used++] = digits[i];
	}
	if (cap)
		buf[used < cap ? used : cap - 1] = '\0';
}

/* A value that rounds to zero has no sign: "¥0", never "-¥0" or "+¥0". */
static void money_write(char *buf, size_t cap, double amount, const char *currency, int decimals,
			enum money_style style, bool always_sign)
{
	char prefix[16], grouped[96];
	currency_prefix(prefix, sizeof prefix, currency, style);
	money_group(grouped, sizeof grouped, amount, decimals);
	if (strcmp(grouped, no_figure) == 0) {
		snprintf(buf, cap, "%s", no_figure);
		return;
	}
	bool zero = strspn(grouped, "0.,") == strlen(grouped);
	const char *sign = zero ? "" : amount < 0 ? "-" : always_sign ? "+" : "";
	int w = snprintf(buf, cap, "%s%s%s", sign, prefix, grouped);
	if (w < 0 || (size_t)w >= cap) /* cut: say there is no figure rather than a wrong one */
		snprintf(buf, cap, "%s", cap > sizeof no_figure - 1 ? no_figure : "");
}

void money_format(char *buf, size_t cap, double amount, const char *currency, int decimals,
		  enum money_style style)
{
	money_write(buf, cap, amount, currency, decimals, style, false);
}

void money_format_signed(char *buf, size_t cap, double amount, const char *currency,
			 int decimals, enum money_style style)
{
	money_write(buf, cap, amount, currency, decimals, style, true);
}

/* Translated each time it is written: the language can change live. */
void money_per_month(char *buf, size_t cap, double amount, const char *currency, int decimals,
		     enum money_style style)
{
	char money[80];
	money_format(money, sizeof money, amount, currency, decimals, style);
	/* TRANSLATORS: an amount of money per month, "¥9,345/month" */
	snprintf(buf, cap, _("%s/month"), money);
}

/* Three significant digits after k, M or G: 15,432,099 is "15.4M". */
void money_format_short(char *buf, size_t cap, double amount, const char *currency,
			enum money_style style)
{
	static const struct {
		double unit;
		const char *suffix;
	} units[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
	double a = fabs(amount);
	if (a < 1e4) {
		money_format(buf, cap, amount, currency, 0, style);
		return;
	}
	size_t u = 0;
	while (u + 1 < sizeof units / sizeof units[0] && a < units[u].unit)
		u++;
	double v = a / units[u].unit;
	int decimals = sig3_decimals(v);
	if (u > 0 && v >= 999.5) /* 999,600 is 1.00M, not 1000k */
		v /= 1000, u--, decimals = 2;
	char prefix[16], digits[32];
	currency_prefix(prefix, sizeof prefix, currency, style);
	snprintf(digits, sizeof digits, "%.*f", decimals, v);
	snprintf(buf, cap, "%s%s%s%s", amount < 0 ? "-" : "", prefix, digits, units[u].suffix);
}
