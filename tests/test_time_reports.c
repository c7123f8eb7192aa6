/* The time figures as the reports print them (issue 9: "the band and
 * 'estimate' are visible wherever these figures are"): the --print table's
 * columns and detail lines, the quote's sections and conclusion, on the
 * reference fixture.
 *
 * Inference inputs: Llama-3.1-8B, fp8 weights and fp8 KV cache, context
 * 2000 with 1000 output tokens (ISL = OSL = 1000), headroom 10 %, one H100
 * 80G (published row: ±30 %), container ¥9,345/card/month. At B_max = 507
 * sequences the model gives 13,022 output tok/s, so a million output
 * tokens cost 9345 / (13022 × 730 × 3600) × 10^6 = ¥0.273 -> "¥0.27"
 * (PERFORMANCE.md's sanity check: 13,000-14,000 tok/s, ≈ ¥0.27).
 *
 * Training inputs (as test_time_outputs.c): Llama-2-7B LoRA, 2B tokens,
 * deadline 7 days, H100: 6.68e19 FLOPs, 2.17 days; one card by the month
 * ¥9,345 is the cheapest way; tiers 1, 2, 4 … cards. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_time.h"
#include "train_text.h"
#include "units.h"
#include "helpers.h"

TestSuite(time_reports, .init = ref_setup, .fini = ref_teardown);

static char text[1 << 17];

static const struct analysis *run_8b(void)
{
	struct scenario sc;
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "fp8",
		      "context", "2000", "output-len", "1000", "headroom", "10", NULL);
	return ref_run(&sc, "h100-80g");
}

static const struct analysis *run_lora(void)
{
	struct scenario sc;
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "task", "lora", "train-tokens", "2B",
		      "deadline", "7d", NULL);
	return ref_run(&sc, "h100-80g");
}

typedef void report_fn(FILE *out, const struct analysis *a);

static const char *render(report_fn *fn, const struct analysis *a)
{
	FILE *f = fmemopen(text, sizeof text, "w");
	cr_assert_not_null(f);
	fn(f, a);
	fclose(f);
	return text;
}

#define HAS(s, want) cr_assert(strstr((s), (want)), "missing: %s\n%s", (want), (s))

/* The figures the time lines print, through the unit printers (the
 * rules are tested in test_units.c): money keeps three significant
 * digits, rates are grouped, the band is the report's word. */
Test(time_reports, cells_keep_three_digits_and_say_estimate)
{
	char b[128];
	static struct plan p; /* large: not on the stack */
	unit_money(b, sizeof b, 0.2731, "CNY", MONEY_UTF8);
	cr_assert_str_eq(b, "¥0.27");
	unit_money(b, sizeof b, 1497.29, "CNY", MONEY_UTF8);
	cr_assert_str_eq(b, "¥1,497");
	unit_money(b, sizeof b, -1, "CNY", MONEY_UTF8);
	cr_assert_str_eq(b, "—");
	unit_rate(b, sizeof b, 13022.4);
	cr_assert_str_eq(b, "13,022");
	unit_rate(b, sizeof b, 34.26);
	cr_assert_str_eq(b, "34.3");
	time_band_line(b, sizeof b, 30, false, &style_report);
	cr_assert_str_eq(b, "estimate ±30 %");
	time_band_line(b, sizeof b, 0, false, &style_report);
	cr_assert_str_eq(b, "measured");
	time_band_line(b, sizeof b, 50, true, &style_screen);
	cr_assert_str_eq(b, "±50% estimate");
	unit_seconds(b, sizeof b, 0.0193);
	cr_assert_str_eq(b, "19.3 ms");
	unit_seconds(b, sizeof b, 20.02);
	cr_assert_str_eq(b, "20.0 s");
	unit_days(b, sizeof b, 2.1717);
	cr_assert_str_eq(b, "2.17");
	unit_days(b, sizeof b, 0.0085);
	cr_assert_str_eq(b, "0.0085");
	/* κ > 0: the peak sqrt((1 − σ)/κ) = sqrt(0.96/0.0001) = 97.98 -> 98 */
	p.training.usl = (struct usl_fit){.sigma = 0.04, .kappa = 0.0001, .x1 = 1500};
	train_usl_line(b, sizeof b, &p, &style_report);
	cr_assert_str_eq(b, "  measured speed-ups (USL): σ 0.04, κ 0.0001, peak at 98 cards\n");
	p.training.usl = (struct usl_fit){.sigma = 0.04261, .kappa = 0, .x1 = 1520};
	train_usl_line(b, sizeof b, &p, &style_report);
	cr_assert_str_eq(b, "  measured speed-ups (USL): σ 0.0426, κ 0, no peak within 4096 cards\n");
	train_usl_line(b, sizeof b, &p, &style_screen);
	cr_assert_str_eq(b, "measured speed-ups (USL): σ 0.0426 · κ 0 · 1 card 1,520 tok/s · peak "
			    "none within 4096 cards");
}

Test(time_reports, print_table_has_speed_columns_and_detail_lines)
{
	const char *s = render(report_table, run_8b());
	HAS(s, "per month  tok/s  ¥/M tok\n");
	HAS(s, "  ¥9,345*     ¥11,060     ¥9,345    250    ¥14.2\n");
	/* one H100, a published row: its band alone, no estimate rows to explain */
	HAS(s, "\n(tok/s: output tokens per second at the concurrency; ¥/M tok: per million output "
	       "tokens, the cheaper way; estimates ±30 %)\n");
	/* users × each = the total; the ITL's mean is the TPOT (SERVING.md §12) */
	HAS(s, "\n  speed: 250 tok/s = 1 user × 250 tok/s (estimate ±30 %): TTFT 14.7 ms, ITL 4.00 "
	       "ms (p50 4.00 ms, p99 4.00 ms), 250 tok/s per user while streaming, memory-bound\n");
	/* at B_max prefill shares most steps: the median step is the mixed one */
	HAS(s, "\n  at B_max: 14,610 tok/s = 507 users × 28.8 tok/s (estimate ±30 %): TTFT 58.1 ms, "
	       "ITL 34.7 ms (p50 40.8 ms, p99 40.8 ms), 28.8 tok/s per user while streaming, "
	       "KV-cache-bound\n");
	HAS(s, "\n  per million output tokens at B_max: container ¥0.24, bare metal ¥2.30; in and "
	       "out: container ¥0.12, bare metal ¥1.15\n");
	HAS(s, "\n  efficiencies: mbu 0.80, mbu_kv 0.75, mfu 0.55 of 1979 TFLOPS (w8a8), 30 us a "
	       "layer × sw 1, all-reduce 8 us at 315 GB/s, 3350 GB/s per card; calibration "
	       "published\n");
	HAS(s, "\n  container: 1 × ¥9,345 = ¥9,345/month (max 4 cards, 2026-10-12)\n");
}

Test(time_reports, print_training_days_deadline_billings_and_tiers)
{
	const char *s = render(report_table, run_lora());
	HAS(s, "per month  days  job cost\n");
	/* LoRA 7B on one H100 (TRAINING.md): F = 4·(6.74e9 − 32000·4096) +
	 * 6·32·4096·4096 = 29.66 GFLOP a token; 2e9 tokens / (989e12 × 0.45) /
	 * goodput 0.95 = 1.62 days; bare metal from 吉林一区, the cheaper machine */
	HAS(s, "  ¥9,345*     ¥10,900     ¥9,345  1.62    ¥9,345\n");
	HAS(s, "\n  training (estimate ±25 %): 5.93e+19 FLOPs (k = 4), 1.62 days, 39 card-hours, "
	       "parallel efficiency 100 %, MFU 0.45, goodput 0.95\n");
	HAS(s, "\n  shape: single card, ZeRO-0, micro-batch 1 (256 a step per data-parallel rank), "
	       "virtual stages 1, no recomputation\n");
	HAS(s, "\n  step 69.9 s: compute 69.9 s\n");
	HAS(s, "\n  network: one machine, NVLink, 450 GB/s all-reduce in it (—)\n");
	HAS(s, "\n  deadline 7d: cheapest 1 card, container by the month, 1.62 days, ¥9,345; the "
	       "plan's 1 card meets it\n");
	/* prorated: 1.62 days × 24 h / 730 × ¥9,345 = ¥499 */
	HAS(s, "\n  the job at 1 card: container by the hour —, container by the month ¥9,345*, "
	       "bare metal ¥87,200; prorated ¥499\n");
	HAS(s, "\n  scaling tiers (each with its own shape and offer, the cheapest way):\n  cards  "
	       "shape          region       days  efficiency        billed  prorated\n      1  "
	       "single card    —            1.62       100 %        ¥9,345      ¥499\n      2  DP2 "
	       "           —            0.81       100 %       ¥18,690      ¥499\n");
}

Test(time_reports, quote_speed_section_and_conclusion)
{
	const char *s = render(report_markdown, run_8b());
	HAS(s, "\nCheapest: 1 × H100 80G container, ¥9,345/month, ~250 tok/s (±30 %).\n");
	HAS(s, "\n## Speed and cost per token (estimate, ±30 %)\n");
	/* the total as users × each (SERVING.md §12) */
	HAS(s, "\n| H100 80G | single | 250 = 1 × 250 | 250 | 14.7 ms | 14,610 at 507 | ¥14.2 | "
	       "¥0.24 | estimate ±30 % |\n");
	HAS(s, "\n- Speed: each request reads 1000 input tokens and writes 1000 output tokens; 1 "
	       "request decode at once; the KV cache as stated above;");
	cr_assert_null(strstr(s, "not estimated"), "%s", s);
}

Test(time_reports, quote_time_section_for_training)
{
	const char *s = render(report_markdown, run_lora());
	HAS(s, "\n## Time and cost (estimate, ±25 %;");
	HAS(s, "\n| H100 80G | 1 | 1.62 | 39 | 100 % | container by the hour —, container by the "
	       "month ¥9,345*, bare metal ¥87,200; prorated ¥499 | deadline 7d: cheapest 1 card, "
	       "container by the month, 1.62 days, ¥9,345; the plan's 1 card meets it | estimate "
	       "±25 % |\n");
	HAS(s, "\n- H100 80G: shape: single card · ZeRO-0 · micro-batch 1 (256 a step per "
	       "data-parallel rank) · virtual stages 1 · no recomputation; step 69.9 s: compute "
	       "69.9 s; network: one machine, NVLink, 450 GB/s all-reduce in it (—)\n");
	HAS(s, "\n- H100 80G: 1 card (single card, —) 1.62 days 100 % ¥9,345, prorated ¥499 · 2 "
	       "cards (DP2, —) 0.81 days 100 % ¥18,690, prorated ¥499 ·");
	HAS(s, "\n- Time: 2,000,000,000 tokens to train × 1 epoch, 1,048,576 tokens per optimizer "
	       "step; goodput 0.95 at most");
	/* a job is paid once: its cheapest billing, container by the month */
	HAS(s, "\nCheapest: 1 × H100 80G container by the month, ¥9,345 for the job, ~1.62 days "
	       "(±25 %).\n");
}
