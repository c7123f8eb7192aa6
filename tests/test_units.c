/* One printer per unit (units.h): each rule with its edges, worked by
 * hand. The same figures on every surface are checked in
 * test_surfaces.c. */
#include <criterion/criterion.h>
#include <string.h>

#include "units.h"

#define CHECK(call, want)                        \
	do {                                     \
		char buf_[64];                   \
		call;                            \
		cr_assert_str_eq(buf_, want, "%s: \"%s\"", #call, buf_); \
	} while (0)
#define B buf_, sizeof buf_

/* Three significant digits, at most two decimals: 0 decimals from 100,
 * 1 from 10, 2 below; decided on the value as it rounds. */
Test(units, sig3_decimals_follow_the_value_as_it_rounds)
{
	cr_assert_eq(sig3_decimals(0), 2);
	cr_assert_eq(sig3_decimals(0.27), 2);
	cr_assert_eq(sig3_decimals(9.994), 2); /* "9.99" */
	cr_assert_eq(sig3_decimals(9.995), 1); /* rounds to 10.0, not "10.00" */
	cr_assert_eq(sig3_decimals(15.72), 1);
	cr_assert_eq(sig3_decimals(99.949), 1); /* "99.9" */
	cr_assert_eq(sig3_decimals(99.95), 0); /* "100", not "100.0" */
	cr_assert_eq(sig3_decimals(-45.5), 1); /* a difference: by its size */
}

/* The README's scenario: Llama-3.1-8B on H100 80G, ¥9,345 a month over
 * 226.5 tok/s × 2,628,000 s (730 h) = 595.2M tokens is ¥15.70 per
 * million: ¥15.7 on every surface (the report said ¥16, the screen ¥15.7). */
Test(units, money_keeps_three_significant_digits)
{
	CHECK(unit_money(B, 9345 / (226.5 * 2628000 / 1e6), "CNY", MONEY_UTF8), "¥15.7");
	CHECK(unit_money(B, 9345, "CNY", MONEY_UTF8), "¥9,345");
	CHECK(unit_money(B, 151920, "CNY", MONEY_UTF8), "¥151,920");
	CHECK(unit_money(B, 148.6, "CNY", MONEY_UTF8), "¥149");
	CHECK(unit_money(B, 7.874, "CNY", MONEY_UTF8), "¥7.87");
	CHECK(unit_money(B, 0.2712, "CNY", MONEY_UTF8), "¥0.27");
	CHECK(unit_money(B, 0, "CNY", MONEY_UTF8), "¥0"); /* nothing, not ¥0.00 */
	CHECK(unit_money(B, -1, "CNY", MONEY_UTF8), "—");  /* none */
	CHECK(unit_money(B, 1234.6, "USD", MONEY_UTF8), "$1,235");
	CHECK(unit_money(B, 15.72, "CNY", MONEY_ASCII), "CNY 15.7");
	CHECK(unit_money(B, 15.72, "", MONEY_ASCII), "15.7"); /* a plain table's digits */
	CHECK(unit_money(B, 15.72, NULL, MONEY_UTF8), "¥15.7"); /* no currency: the data's CNY */
}

Test(units, signed_money_has_no_sign_at_zero)
{
	CHECK(unit_money_signed(B, 1200, "CNY", MONEY_UTF8), "+¥1,200");
	CHECK(unit_money_signed(B, -45.5, "CNY", MONEY_UTF8), "-¥45.5");
	CHECK(unit_money_signed(B, 0, "CNY", MONEY_UTF8), "¥0");
}

/* ms below a second, three significant digits either side; 0.9996 s is
 * 999.6 ms, which rounds to 1000: it reads as a second. */
Test(units, seconds_in_ms_below_one_second)
{
	CHECK(unit_seconds(B, 0.0044), "4.40 ms");
	CHECK(unit_seconds(B, 0.01928), "19.3 ms");
	CHECK(unit_seconds(B, 0.0292), "29.2 ms");
	CHECK(unit_seconds(B, 0.85), "850 ms");
	CHECK(unit_seconds(B, 0.9996), "1.00 s");
	CHECK(unit_seconds(B, 1.234), "1.23 s");
	CHECK(unit_seconds(B, 37.13), "37.1 s");
	CHECK(unit_seconds(B, 142.4), "142 s");
	CHECK(unit_seconds(B, -1), "—");
}

Test(units, rates_are_grouped)
{
	CHECK(unit_rate(B, 13022.4), "13,022");
	CHECK(unit_rate(B, 226.46), "226");
	CHECK(unit_rate(B, 34.27), "34.3");
	CHECK(unit_rate(B, 3.7), "3.70");
	CHECK(unit_rate(B, -1), "—");
}

Test(units, measures_keep_three_digits)
{
	CHECK(unit_gib(B, 0.12), "0.12");
	CHECK(unit_gib(B, 9.7738), "9.77");
	CHECK(unit_gib(B, 79.647), "79.6");
	CHECK(unit_gib(B, 140.4), "140");
	CHECK(unit_days(B, 4.2913), "4.29");
	CHECK(unit_days(B, 16.94), "16.9");
	CHECK(unit_days(B, 0.067), "0.07");
	CHECK(unit_text(B, UNIT_GBS, 3350, NULL, MONEY_UTF8), "3350"); /* not grouped */
	CHECK(unit_text(B, UNIT_TFLOPS, 1979, NULL, MONEY_UTF8), "1979");
}

Test(units, whole_and_fixed_units)
{
	CHECK(unit_percent(B, 12.4), "12");
	CHECK(unit_share(B, 0.974), "97");
	CHECK(unit_ratio(B, 0.4), "0.40");
	CHECK(unit_count(B, 1089), "1,089");
	CHECK(unit_count(B, 412.3), "412");
	CHECK(unit_factor(B, 1.47), "1.5×");
	CHECK(unit_text(B, UNIT_FLOPS, 7.7076e19, NULL, MONEY_UTF8), "7.71e+19");
	CHECK(unit_text(B, UNIT_COEFFICIENT, 0.035791, NULL, MONEY_UTF8), "0.0358");
	CHECK(unit_text(B, UNIT_COEFFICIENT, 0, NULL, MONEY_UTF8), "0");
	CHECK(unit_date(B, 20261012), "2026-10-12");
	CHECK(unit_date(B, 0), "—");
}

/* unit_text reaches the same printer as the named one. */
Test(units, unit_text_is_the_named_printer)
{
	char a[64], b[64];
	unit_text(a, sizeof a, UNIT_SECONDS, 0.0292, NULL, MONEY_UTF8);
	unit_seconds(b, sizeof b, 0.0292);
	cr_assert_str_eq(a, b);
	unit_text(a, sizeof a, UNIT_MONEY, 15.72, "CNY", MONEY_UTF8);
	unit_money(b, sizeof b, 15.72, "CNY", MONEY_UTF8);
	cr_assert_str_eq(a, b);
	unit_text(a, sizeof a, UNIT_DAYS, 4.2913, NULL, MONEY_UTF8);
	unit_days(b, sizeof b, 4.2913);
	cr_assert_str_eq(a, b);
}

Test(units, currency_signs_for_headings)
{
	CHECK(unit_currency_sign(B, "CNY", MONEY_UTF8), "¥");
	CHECK(unit_currency_sign(B, "CNY", MONEY_ASCII), "CNY");
	CHECK(unit_currency_sign(B, "USD", MONEY_ASCII), "$");
	CHECK(unit_currency_sign(B, "HKD", MONEY_UTF8), "HKD");
}
