/* Amounts of money as people read them: "¥151,920", "$1,234.50",
 * "HKD 1,234". One function, so the table, the quote and the screen
 * agree. CSV and JSON keep plain numbers: they are an interface. */
#ifndef GPUPLAN_MONEY_H
#define GPUPLAN_MONEY_H

#include <stdbool.h>
#include <stddef.h>

/* How an amount is written. */
enum money_style {
	MONEY_UTF8,  /* "¥151,920" */
	MONEY_ASCII, /* "CNY 151,920": for terminals without UTF-8 */
};

/* amount rounded to 'decimals' places, grouped by thousands, after the
 * currency's sign (CNY ¥, USD $, EUR €) or its code and a space; an empty
 * currency writes the number alone. Negative amounts: "-¥9,345". Never a
 * number cut short (it would read as another): an amount that is not
 * finite, or that buf cannot hold whole, is written "—". */
void money_format(char *buf, size_t cap, double amount, const char *currency, int decimals,
		  enum money_style style);

/* The same with a sign always: "+¥1,200", "-¥9,345"; zero is "¥0". */
void money_format_signed(char *buf, size_t cap, double amount, const char *currency,
			 int decimals, enum money_style style);

/* A monthly amount for people, in the current language: "¥9,345/month",
 * in Chinese "¥9,345/月" (money_format, then the suffix). */
void money_per_month(char *buf, size_t cap, double amount, const char *currency, int decimals,
		     enum money_style style);

/* The decimals people read a figure by, money and measures alike: three
 * significant digits, at most two decimals: 0 from 100 up, 1 from 10,
 * else 2 (v as it rounds: 99.96 is 100, 9.996 is 10.0). units.h lists
 * the units that follow it. */
int sig3_decimals(double v);

/* The currency's sign alone, for a heading: "¥", "$", "€"; its code
 * where it has no sign or the style has none ("CNY", "HKD"). */
void money_sign(char *buf, size_t cap, const char *currency, enum money_style style);

/* money_format in few characters, for a table column too narrow for the
 * whole figure: from 10,000 on, three significant digits and k, M or G
 * (thousands, millions, billions): "KRW 123M", "¥15.4k", "$1.20G".
 * Below 10,000 the whole figure, no decimals. */
void money_format_short(char *buf, size_t cap, double amount, const char *currency,
			enum money_style style);

/* "151,920": the digits grouped, no currency; "—" as money_format. */
void money_group(char *buf, size_t cap, double amount, int decimals);

#endif
