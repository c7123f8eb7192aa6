/* One printer per unit (units.h): each rule with its edges, worked by
 * hand; then the same figure on every surface: the screen's table and
 * breakdown, the table report and the quote read it alike, in English
 * and in Chinese. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figures.h"
#include "i18n.h"
#include "report.h"
#include "table_cells.h"
#include "units.h"
#include "detail_lines.h"
#include "session.h"
#include "helpers.h"

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
 * 225.9 tok/s × 2,628,000 s (730 h) = 593.7M tokens is ¥15.74 per
 * million: ¥15.7 on every surface (the report said ¥16, the screen ¥15.7). */
Test(units, money_keeps_three_significant_digits)
{
	CHECK(unit_money(B, 9345 / (225.9 * 2628000 / 1e6), "CNY", MONEY_UTF8), "¥15.7");
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
	CHECK(unit_days(B, 0.067), "0.067"); /* 1.6 hours: not "0.07" */
	CHECK(unit_days(B, 0.0085), "0.0085");
	CHECK(unit_days(B, 0.0996), "0.10"); /* rounds to 0.1: three digits again */
	CHECK(unit_text(B, UNIT_GBS, 3350, NULL, MONEY_UTF8), "3350"); /* not grouped */
	CHECK(unit_text(B, UNIT_TFLOPS, 1979, NULL, MONEY_UTF8), "1979");
}

Test(units, whole_and_fixed_units)
{
	CHECK(unit_percent(B, 12.4), "12");
	CHECK(unit_band_sides(B, 30, 30), "±30");
	CHECK(unit_band_sides(B, 65, 35), "−65/+35"); /* the 910B: wider below */
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

/* ---- The same figure on every surface ---- */

TestSuite(surfaces, .init = ref_setup, .fini = ref_teardown);

static char report_text[1 << 17], quote_text[1 << 17];
static struct detail_lines lines;
static struct session session;

/* The README's scenario (its --print example): Llama-3.1-8B fp8 with an
 * fp8 KV cache, context 2000 with 1000 output tokens, headroom 10 %, on
 * H100 80G. The reference data gives TTFT 0.0147 s, TPOT (the mean ITL)
 * 0.00400 s, 249.6 output tok/s, ¥14.2 per million output tokens by
 * container (9345 / (249.6 × 2,628,000) × 10^6). */
static const struct plan *readme_plan(void)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "fp8",
		      "context", "2000", "output-len", "1000", "headroom", "10", NULL);
	cr_assert(session_init(&session, &ref_catalog, &sc, "h100-80g"));
	const struct plan *p = session_plan_at(&session, 0);
	cr_assert_str_eq(p->gpu->id, "h100-80g");
	return p;
}

static void render(char *buf, size_t cap, void (*fn)(FILE *, const struct analysis *),
		   const struct analysis *a)
{
	FILE *f = fmemopen(buf, cap, "w");
	cr_assert_not_null(f);
	fn(f, a);
	fclose(f);
}

static bool lines_have(const struct detail_lines *d, const char *text)
{
	for (int i = 0; i < d->n; i++)
		if (strstr(d->line[i], text))
			return true;
	return false;
}

/* A figure row as people read it (its unit's printer). */
static void human(char *buf, size_t cap, const char *group_key, const char *key,
		  const struct plan *p)
{
	for (size_t i = 0; i < n_figures; i++) {
		const struct figure *f = &figures[i];
		if (f->group && strcmp(f->group->key, group_key) == 0 &&
		    (!f->group->parent || strcmp(f->group->parent->key, "throughput") == 0) &&
		    strcmp(figure_key(f), key) == 0) {
			cr_assert(figure_human(f, p, MONEY_UTF8, buf, cap), "%s.%s", group_key, key);
			return;
		}
	}
	cr_assert_fail("no figure %s.%s", group_key, key);
}

/* Every surface holds the figure's text: the screen's table cell and
 * breakdown (200 columns: one line each), the report, the quote. */
static void same_everywhere(const struct plan *p, const char *ttft, const char *tpot,
			    const char *per_million)
{
	struct table_row row;
	char want[96];
	table_row_fill(&row, p, &style_screen);
	cr_assert_str_eq(row.text[TC_UNIT_COST], per_million, "the screen's table");
	table_row_fill(&row, p, &style_report);
	cr_assert_str_eq(row.text[TC_UNIT_COST], per_million, "the report's table");
	detail_lines_plan(&lines, &session, p, 200);
	render(report_text, sizeof report_text, report_table, session.an);
	render(quote_text, sizeof quote_text, report_markdown, session.an);
	snprintf(want, sizeof want, "TTFT %s", ttft);
	cr_assert(lines_have(&lines, want), "screen: %s", want);
	cr_assert(strstr(report_text, want), "report: %s\n%s", want, report_text);
	snprintf(want, sizeof want, "ITL %s", tpot); /* the mean ITL is the TPOT */
	cr_assert(lines_have(&lines, want), "screen: %s", want);
	cr_assert(strstr(report_text, want), "report: %s\n%s", want, report_text);
	snprintf(want, sizeof want, "| %s |", ttft); /* the quote's time to first token */
	cr_assert(strstr(quote_text, want), "quote: %s\n%s", want, quote_text);
	snprintf(want, sizeof want, " %s", per_million); /* the report's table and cost line */
	cr_assert(strstr(report_text, want), "report: %s\n%s", want, report_text);
	snprintf(want, sizeof want, "| %s |", per_million);
	cr_assert(strstr(quote_text, want), "quote: %s\n%s", want, quote_text);
	cr_assert(lines_have(&lines, per_million), "screen: %s", per_million);
}

Test(surfaces, readme_figures_read_alike_on_screen_report_and_quote)
{
	char ttft[32], tpot[32], pm[32];
	const struct plan *p = readme_plan();
	human(ttft, sizeof ttft, "throughput", "ttft_s", p);
	human(tpot, sizeof tpot, "throughput", "tpot_s", p);
	human(pm, sizeof pm, "cost_per_million_output", "container", p);
	cr_assert_str_eq(ttft, "14.7 ms");
	cr_assert_str_eq(tpot, "4.00 ms");
	cr_assert_str_eq(pm, "¥14.2");
	same_everywhere(p, ttft, tpot, pm);
	/* the table report's columns: no "¥16" beside the screen's "¥15.7" */
	cr_assert(strstr(report_text, "   250    ¥14.2\n"), "%s", report_text);
	session_free(&session);
}

Test(surfaces, readme_figures_read_alike_in_chinese)
{
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	if (strcmp(_("speed: %s · %s"), "speed: %s · %s") == 0)
		cr_skip_test("no Chinese catalogue built in");
	const struct plan *p = readme_plan();
	same_everywhere(p, "14.7 ms", "4.00 ms", "¥14.2");
	cr_assert(lines_have(&lines, "速度：TTFT 14.7 ms"), "the screen's line is Chinese");
	cr_assert(strstr(report_text, "每百万输出 token 成本"), "%s", report_text);
	session_free(&session);
	i18n_set_lang(I18N_EN);
}

/* A plain terminal writes the currency's code, the figure stays. */
Test(surfaces, a_plain_terminal_keeps_the_figure)
{
	static const struct style plain = {.surface = SURFACE_SCREEN, .money = MONEY_ASCII};
	struct table_row row;
	const struct plan *p = readme_plan();
	table_row_fill(&row, p, &plain);
	cr_assert_str_eq(row.text[TC_UNIT_COST], "14.2", "the heading names the currency");
	detail_lines_set_money(MONEY_ASCII);
	detail_lines_plan(&lines, &session, p, 200);
	cr_assert(lines_have(&lines, "container CNY 14.2 · bare metal CNY 135"));
	detail_lines_set_money(MONEY_UTF8);
	session_free(&session);
}
