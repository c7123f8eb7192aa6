/* How a figure reads for people: one printer per unit (htop's
 * Row_print*), so the screen, the table report and the quote round a
 * figure alike. JSON and CSV keep the figures' own decimals: they are an
 * interface, not a reading.
 *
 *   unit       rule                                            reads
 *   money      three significant digits, at most two decimals  ¥9,345  ¥15.7  ¥7.87  ¥0.27
 *              (whole units from 100 up, cents below 10),      ¥0 (nothing)
 *              thousands grouped, the currency's sign
 *   seconds    three significant digits, at most two           4.40 ms  29.2 ms  1.23 s  37.1 s
 *              decimals, in ms below 1 s
 *   tok/s      three significant digits, at most two           13,022  226  34.3  3.70
 *              decimals, thousands grouped
 *   GiB        three significant digits, at most two decimals  0.12  9.77  79.6  141
 *   days       three significant digits, at most two decimals; 0.0085  0.067  4.29  16.9  142
 *              two significant digits below 0.1 (minutes)
 *   GB/s,      three significant digits, at most two decimals  3350  12.5  1979
 *   TFLOPS
 *   percent    whole                                           12 %   ±30 %
 *   share      a fraction as a whole percent                   0.97 -> 97 %
 *   ratio      two decimals (an efficiency, MFU, goodput)      0.75
 *   count      whole, thousands grouped (users, card-hours)    1,089
 *   factor     one decimal and ×                               1.5×
 *   FLOPs      three significant digits, as a power of ten     7.71e+19
 *   coefficient three significant digits (σ, κ of the USL)     0.0358  0.000123
 *   date       yyyy-mm-dd, "—" when there is none              2026-10-12
 *
 * A negative value means "none" in the engine: every printer but money's
 * signed one writes "—" for it, and every printer writes "—" for a value
 * that is not a finite number (inf, nan). */
#ifndef GPUPLAN_UNITS_H
#define GPUPLAN_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "money.h"
#include "plan.h"

enum unit {
	UNIT_NONE, /* a word, a flag, a plain number for machines */
	UNIT_MONEY,
	UNIT_SECONDS,
	UNIT_RATE, /* tok/s */
	UNIT_GIB,
	UNIT_DAYS,
	UNIT_GBS,
	UNIT_TFLOPS,
	UNIT_PERCENT,
	UNIT_SHARE, /* a fraction read as a percent: 0.97 is 97 % */
	UNIT_RATIO,
	UNIT_COUNT,
	UNIT_FLOPS,
	UNIT_COEFFICIENT,
	UNIT_DATE,
	UNIT_KINDS
};

/* Where a line is shown, and how its money is written (a screen on a
 * terminal without UTF-8: MONEY_ASCII). Each human line is written once
 * and laid out for the surface: a plain report line, a Markdown cell, a
 * breakdown line of the screen's width. */
enum surface { SURFACE_REPORT, SURFACE_SCREEN, SURFACE_QUOTE };
struct style {
	enum surface surface;
	enum money_style money;
	/* the GPU table's money from 10,000 on in three significant digits
	 * and k, M or G ("KRW 123M"), for columns too narrow for it whole */
	bool short_money;
};
extern const struct style style_report, style_quote, style_screen;

/* v in unit u ("—" when v < 0); money in currency (NULL: CNY) and style.
 * The number alone: the caller writes the unit's word ("tok/s", "GiB"),
 * except for seconds ("29.2 ms"), money ("¥15.7") and factors ("1.5×"). */
void unit_text(char *buf, size_t cap, enum unit u, double v, const char *currency,
	       enum money_style ms);

/* The printers by name, for the lines that know their unit. */
void unit_money(char *buf, size_t cap, double amount, const char *currency, enum money_style ms);
/* With a sign always ("+¥1,200", "-¥45.5"); zero has none ("¥0"). */
void unit_money_signed(char *buf, size_t cap, double amount, const char *currency,
		       enum money_style ms);
void unit_seconds(char *buf, size_t cap, double s);
void unit_rate(char *buf, size_t cap, double tokens_per_s);
void unit_gib(char *buf, size_t cap, double gib);
void unit_days(char *buf, size_t cap, double days);
void unit_percent(char *buf, size_t cap, double pct);
/* A band's sides without the unit: "±30" when they are one, else
 * "−65/+35" (SERVING.md §10: wider below on the 910B). */
void unit_band_sides(char *buf, size_t cap, double lo, double hi);
void unit_share(char *buf, size_t cap, double fraction);
void unit_ratio(char *buf, size_t cap, double v);
void unit_count(char *buf, size_t cap, double n);
void unit_factor(char *buf, size_t cap, double x);
/* "2026-10-12", or "—" for 0 (no date). */
void unit_date(char *buf, size_t cap, int yyyymmdd);

/* The currency's sign for a heading: "¥", "$", "CNY" on a terminal
 * without UTF-8, "HKD". */
void unit_currency_sign(char *buf, size_t cap, const char *currency, enum money_style ms);

/* The presentation's words for a plan. "ok", "tight", "no": the JSON's and
 * CSV's fit value (English, an interface). */
const char *plan_fit_word(const struct plan *p);
/* The same word for people, in the language of the moment. */
const char *plan_fit_label(const struct plan *p);
/* Kept for the callers that date things: unit_date. */
void format_date(char *out, size_t cap, int yyyymmdd);

#endif
