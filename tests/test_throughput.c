/* The inference time model (PERFORMANCE.md §2) and the plan choice (§4),
 * against worked examples derived by hand from the formulas. Every input
 * is stated: precision, KV precision, headroom, ISL/OSL, the GPU figures
 * of prices/gpus.csv (bandwidth GB/s, peak TFLOPS, mbu, mbu_bs1, mfu). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "capacity.h"
#include "throughput.h"
#include "helpers.h"

TestSuite(throughput, .init = ref_setup, .fini = ref_teardown);

/* Relative closeness: the code and the hand arithmetic differ only by
 * rounding. */
static void assert_close(double got, double want, const char *what)
{
	cr_assert(fabs(got - want) <= 1e-9 * fabs(want), "%s: got %.12g, want %.12g", what, got,
		  want);
}

static const struct plan *run_on(const char *gpu, struct scenario *sc)
{
	return plan_of(ref_run(sc, gpu), gpu);
}

/* PERFORMANCE.md's public sanity check. Llama-3.1-8B (P 8.03e9, L 32,
 * h 4096, 8 KV heads x 128, V 128256 untied), fp8 weights AND fp8 KV,
 * ISL = OSL = 1000 (context 2000, --output-len 1000), one H100 (3350 GB/s,
 * FP8 1979 TFLOPS, mbu 0.75, mbu_bs1 0.55, mfu_infer_fp8 0.40), headroom
 * 10 %, prefill chunk 8192, overhead 1 GiB.
 * Memory: weights (8.03e9 - 2·V·h)·1 + 2·V·h·2 = 9.0807e9 B; per sequence
 * KV 32·2·8·128·2000·1 = 131.072e6 B; the usable 81559 MiB / 1.1 holds
 * B_max = 507 sequences.
 * Time at B = 507: W_stream = (8.03e9 - 2Vh)·1 + Vh·2 = 8.03e9 B (the
 * LM head at 16 bit, the input embedding not streamed);
 * t_fixed = W/BW·(1/0.55 - 1/0.75); t_mem = W/(BW·0.75) + t_fixed +
 * B·1500·65536/(BW·0.60) = 29.154 ms (fp8 KV: 32·2·8·128·1 B per token); t_cmp = (2·(P - Vh)·B + 4·32·4096·
 * 1500·B)/(1979e12·0.40) = 10.117 ms; t_pf = (2·(P - Vh)·1000 + 2·32·4096·
 * 1000²)/(1979e12·0.40) = 19.292 ms; X = B·1000/(B·t_pf + 1000·TPOT)
 * = 13,021.6 tokens/s: inside the 13,000-14,000 of the check. At the
 * container's 9345 a month: 9345/(X·730·3600)·1e6 = 0.2731 per million
 * output tokens (≈ 0.27). */
Test(throughput, sanity_check_llama_8b_fp8_on_one_h100)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "fp8",
		      "context", "2000", "output-len", "1000", "headroom", "10", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	const struct throughput *m = &p->throughput_at_max;
	cr_assert_eq(p->cards, 1);
	cr_assert_eq(m->max_concurrency, 507);
	cr_assert_eq(m->per_replica, 507);
	double P = 8.03e9, Vh = 128256.0 * 4096, B = 507, bw = 3350e9, flops = 1979e12 * 0.40;
	double W = (P - 2 * Vh) * 1 + Vh * 2;
	double t_fixed = W / bw * (1 / 0.55 - 1 / 0.75);
	double t_mem = W / (bw * 0.75) + t_fixed + B * 1500 * 65536 / (bw * 0.60);
	double t_cmp = (2 * (P - Vh) * B + 4 * 32 * 4096.0 * 1500 * B) / flops;
	double t_pf = (2 * (P - Vh) * 1000 + 2 * 32 * 4096.0 * 1e6) / flops;
	double X = B * 1000 / (B * t_pf + 1000 * t_mem);
	assert_close(m->w_stream, W, "W_stream");
	assert_close(m->t_mem, t_mem, "t_mem");
	assert_close(m->t_cmp, t_cmp, "t_cmp");
	assert_close(m->t_pf, t_pf, "t_pf");
	assert_close(m->tpot_s, t_mem, "TPOT (memory bound, eta_tp 1)");
	assert_close(m->output_tokens_per_s, X, "X_out");
	cr_assert_eq(m->bound, BOUND_MEMORY);
	cr_assert(X > 13000 && X < 14000, "%f", X);
	double cost = 9345 / (X * 730 * 3600) * 1e6;
	assert_close(m->per_million_output.container, cost, "per million output");
	cr_assert(cost > 0.265 && cost < 0.275, "%f", cost);
	assert_close(m->per_million_total.container, cost / 2, "per million in and out (ISL = OSL)");
	cr_assert_str_eq(m->currency, "CNY");
	cr_assert_eq(m->band_pct, 30);
	cr_assert_eq(m->eff.mbu_kv, 0.60);
	cr_assert_eq(m->eff.mfu, 0.40);
	cr_assert_eq(m->eff.peak_tflops, 1979);
	cr_assert(m->eff.fp8_compute);
}

/* The same with a 16-bit KV cache: 262.144e6 B per sequence, B_max 254
 * (half of 507, rounded down); t_mem = 29.203 ms, t_pf as above, X =
 * 254·1000/(254·t_pf + 1000·t_mem) = 7,448 tokens/s. PERFORMANCE.md says
 * "≈ 7,800": within 5 %. */
Test(throughput, sanity_check_with_a_16_bit_kv_cache)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "kv-precision", "16",
		      "context", "2000", "output-len", "1000", "headroom", "10", NULL);
	const struct throughput *m = &run_on("h100-80g", &sc)->throughput_at_max;
	cr_assert_eq(m->max_concurrency, 254);
	double P = 8.03e9, Vh = 128256.0 * 4096, B = 254, bw = 3350e9, flops = 1979e12 * 0.40;
	double W = P, t_fixed = W / bw * (1 / 0.55 - 1 / 0.75);
	double t_mem = W / (bw * 0.75) + t_fixed + B * 1500 * 131072 / (bw * 0.60);
	double t_pf = (2 * (P - Vh) * 1000 + 2 * 32 * 4096.0 * 1e6) / flops;
	double X = B * 1000 / (B * t_pf + 1000 * t_mem);
	assert_close(m->output_tokens_per_s, X, "X_out");
	cr_assert(X > 7000 && X < 8000, "%f", X);
}

/* B_max is the --limits figure of capacity.c for the plan's card count. */
Test(throughput, max_concurrency_is_the_limits_figure)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "context", "8k", "headroom", "0", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	struct card_limit lim[LIMIT_CARD_COUNTS];
	cr_assert(limits_for_gpu(&ref_catalog, &sc, p->gpu, lim));
	cr_assert_str_eq(p->strategy, "TP2");
	cr_assert_eq(lim[1].cards, 2);
	cr_assert_gt(lim[1].max_concurrency, 1);
	cr_assert_eq(p->throughput.max_concurrency, lim[1].max_concurrency);
}

/* Dense, batch 1: memory bound, TPOT = W/(BW·mbu_bs1) + the KV read.
 * Llama-2-7B bf16 (P 6.74e9, V 32000, h 4096 untied, 32 layers, 32 KV
 * heads x 128, 16-bit KV: 524,288 B per token), context 4096 with the
 * default 512 output: ISL 3584, mean context 3584 + 256 = 3840. A100:
 * 2039 GB/s, mbu 0.75, mbu_bs1 0.60, bf16 312 TFLOPS, mfu 0.65.
 * W_stream = (6.74e9 - 32000·4096)·2 = 13.2178e9 B; TPOT = W/(2039e9·0.60)
 * + 3840·524288/(2039e9·0.60) = 10.804 + 1.646 = 12.450 ms: 80.3 tok/s. */
Test(throughput, dense_batch_one_is_memory_bound)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "precision", "bf16", NULL);
	const struct throughput *t = &run_on("a100-80g", &sc)->throughput;
	double W = (6.74e9 - 32000.0 * 4096) * 2, bw = 2039e9;
	double tpot = W / (bw * 0.60) + 3840 * 524288.0 / (bw * 0.60);
	cr_assert_eq(t->isl, 3584);
	cr_assert_eq(t->osl, 512);
	assert_close(t->w_stream, W, "W_stream");
	assert_close(t->tpot_s, tpot, "TPOT");
	assert_close(t->user_tokens_per_s, 1 / tpot, "user tok/s");
	cr_assert_eq(t->bound, BOUND_MEMORY);
	/* TTFT: prefill (2·(P - Vh)·3584 + 2·32·4096·3584²)/(312e12·0.65) */
	double t_pf = (2 * (6.74e9 - 32000.0 * 4096) * 3584 + 2 * 32 * 4096.0 * 3584 * 3584) /
		      (312e12 * 0.65);
	assert_close(t->ttft_s, t_pf, "TTFT");
	cr_assert_eq(t->hourly_break_even_hours, -1); /* no A100 container */
}

/* MoE: Mixtral-8x7B (P 46.7e9, E 8, k 2), bf16. The routed experts are
 * counted from the shape: R = 32 layers x 8 experts x 3 x 4096 x 14336 =
 * 45,097,156,608; the rest, 46.7e9 - R - 2Vh = 1,340,699,392, is always
 * streamed, and the LM head Vh = 32000 x 4096 (the input embedding is a
 * lookup). One token touches 2 of 8 experts in each layer: W(1) = 2 x
 * (1,340,699,392 + R/4 + Vh) = 25,492,121,088; four tokens R(1 - 0.75^4). */
Test(throughput, moe_streams_the_experts_the_batch_touches)
{
	struct scenario sc;
	struct workload w;
	make_scenario(&sc, &ref_catalog, "mixtral-8x7b", "precision", "bf16", NULL);
	cr_assert(workload_init(&w, &sc));
	double R = 45097156608.0, Vh = 32000.0 * 4096, rest = 46.7e9 - R - 2 * Vh;
	assert_close(stream_bytes(&w, 1), 25492121088.0, "W(1)");
	assert_close(stream_bytes(&w, 4), 2 * (rest + R * (1 - pow(0.75, 4)) + Vh), "W(4)");
	assert_close(stream_bytes(&w, 1e6), 2 * (46.7e9 - Vh), "W(large): every expert");
}

/* TP2 over NVLink (forced with --tp 2): eta_tp 0.85 divides the step;
 * each card streams half. Llama-3.1-8B bf16 (P 8.03e9, V 128256, h 4096
 * untied, 32 layers, 8 KV heads x 128 -> 131,072 B/token, 65,536 per card
 * at TP2), context 4096, output 512 (mean context 3840), one sequence,
 * H100 (3350 GB/s, mbu 0.75, mbu_bs1 0.55): W = (P - Vh)·2;
 * t_mem = W/(2·3350e9·0.55) + 3840·65536/(3350e9·0.60); TPOT = t_mem/0.85. */
Test(throughput, tp2_divides_by_eta_tp)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "bf16", "tp", "2", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	const struct throughput *t = &p->throughput;
	cr_assert_eq(p->lay.t, 2);
	cr_assert_eq(p->cards, 2);
	cr_assert_eq(p->efficiency, 0.85);
	cr_assert_eq(t->eff.eta_tp, 0.85);
	double W = (8.03e9 - 128256.0 * 4096) * 2, bw = 3350e9;
	double t_mem = W / (2 * bw * 0.55) + 3840 * 65536.0 / (bw * 0.60);
	assert_close(t->t_mem, t_mem, "t_mem");
	assert_close(t->tpot_s, t_mem / 0.85, "TPOT");
	cr_assert_eq(eta_tp(LINK_PCIE, 4), 0.60);
	cr_assert_eq(eta_tp(LINK_HCCS, 8), 0.62);
}

/* Cost per million with duty 50 %: the same month over half the tokens,
 * twice the price. 4090 container: 1073 a month for one card. */
Test(throughput, duty_halves_the_tokens_a_month_buys)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "duty", "50", NULL);
	const struct throughput *t = &run_on("rtx4090-24g", &sc)->throughput;
	double want = 1073 / (t->output_tokens_per_s * 0.5 * 730 * 3600) * 1e6;
	assert_close(t->per_million_output.container, want, "container");
	double bm = 9200 / (t->output_tokens_per_s * 0.5 * 730 * 3600) * 1e6;
	assert_close(t->per_million_output.baremetal, bm, "bare metal, whole machine");
}

/* The hours a month above which the monthly container beats the hourly
 * one, when one offer gives both. The bundled 4090 and 910B monthly and
 * hourly prices are two offers (1-4 cards by the month, 1-8 by the hour):
 * comparing them mixed two rows (1073 / 1.57 = 683 h), so there is none;
 * on 8 cards the hourly offer is used and has no monthly price. */
Test(throughput, hourly_break_even)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	cr_assert_lt(run_on("rtx4090-24g", &sc)->throughput.hourly_break_even_hours, 0);
	cr_assert_lt(run_on("910b-64g", &sc)->throughput.hourly_break_even_hours, 0);
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "cards", "8", NULL);
	cr_assert_lt(run_on("910b-64g", &sc)->throughput.hourly_break_even_hours, 0);
}

/* Estimate rows get the wider band. */
Test(throughput, band_by_calibration)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	cr_assert_eq(run_on("910b-64g", &sc)->throughput.band_pct, 50);
	cr_assert_eq(run_on("b300-288g", &sc)->throughput.band_pct, 50);
	cr_assert_eq(run_on("h20-96g", &sc)->throughput.band_pct, 30);
}

/* The case: Qwen2.5-72B bf16, 28 users x 32k on A100 fits as PP7
 * on one paid 8-card machine (bare metal only: no container offer); TP8
 * on the same machine costs the same and is faster. (On 910B the 1-8 card
 * hourly container, 7 x 3.58 x 730 = 18,294, is now cheaper than the
 * machine, 18,800: no idle card is paid for there.) */
Test(throughput, idle_card_alternative_on_a_paid_machine)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-72b", "precision", "bf16", "concurrency", "28",
		      "context", "32k", NULL);
	const struct plan *p = run_on("a100-80g", &sc);
	cr_assert_str_eq(p->strategy, "PP7");
	cr_assert_eq(p->baremetal.idle, 1);
	cr_assert_geq(p->nalternatives, 1);
	const struct alternative *a = &p->alternatives[0];
	cr_assert_eq(a->why.code, MSG_ALT_IDLE_CARDS);
	cr_assert_str_eq(a->strategy, "TP8");
	cr_assert_eq(a->cards, 8);
	cr_assert_eq(a->monthly, 41600);
	double speedup = a->tokens_per_s / p->throughput.output_tokens_per_s;
	assert_close(a->why.args[0].v.f, speedup, "speed-up in the message");
	cr_assert(speedup > 3, "%f", speedup);
}

/* Llama-3.1-70B bf16 at 4k on H100: the memory minimum is PP3 on three
 * containers (3 x 9345); TP4 on four containers holds more sequences and
 * is the cheapest per million output tokens at full load. */
Test(throughput, cheapest_per_token_alternative)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_str_eq(p->strategy, "PP3");
	cr_assert_eq(p->nalternatives, 1);
	const struct alternative *a = &p->alternatives[0];
	cr_assert_eq(a->why.code, MSG_ALT_CHEAPEST_PER_TOKEN);
	cr_assert_str_eq(a->strategy, "TP4");
	cr_assert_eq(a->monthly, 4 * 9345);
	cr_assert_lt(a->per_million_output, p->throughput_at_max.per_million_output.container);
	assert_close(a->why.args[0].v.f, a->per_million_output, "cost in the message");
}

/* --min-speed: the memory minimum (one H100, 64 sequences of Llama-3.1-8B
 * bf16 at 4k) decodes too slowly; the plan becomes the cheapest per month
 * that reaches 100 tokens/s per user, and why says so. */
Test(throughput, min_speed_takes_the_cheapest_plan_that_reaches_it)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "concurrency", "64", "min-speed", "100",
		      NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->memory_min_cards, 1);
	cr_assert_gt(p->cards, 1);
	cr_assert_geq(p->throughput.user_tokens_per_s, 100);
	cr_assert_eq(p->nwhy, 2);
	cr_assert_eq(p->why[0].code, MSG_WHY_MEMORY_MINIMUM);
	cr_assert_eq(p->why[0].args[0].v.i, 1);
	cr_assert_eq(p->why[1].code, MSG_WHY_TOO_SLOW);
	cr_assert_lt(p->why[1].args[0].v.f, 100);
	/* no cheaper real shape reaches it: TP2 is slower than 100 */
	struct scenario tp2 = sc;
	scenario_set(&tp2, "min-speed", "0", NULL, 0);
	scenario_set(&tp2, "tp", "2", NULL, 0);
	const struct plan *q = run_on("h100-80g", &tp2);
	cr_assert_lt(q->throughput.user_tokens_per_s, 100);
}

Test(throughput, an_unreachable_speed_keeps_the_memory_minimum)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "min-speed", "100000", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, p->memory_min_cards);
	cr_assert_eq(p->why[1].code, MSG_WHY_SPEED_UNREACHABLE);
}

Test(throughput, an_impossible_shape_says_why)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-7b", "tp", "8", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_not(p->fits);
	cr_assert_eq(p->notes[0].code, MSG_SHAPE_TP_HEADS); /* 28 heads */
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "tp", "2", "pp", "2", "cards", "6",
		      NULL);
	cr_assert_eq(run_on("h100-80g", &sc)->notes[0].code, MSG_SHAPE_CARDS);
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "tp", "8", "cards", "16", NULL);
	p = run_on("h100-80g", &sc);
	cr_assert(p->fits);
	cr_assert_str_eq(p->strategy, "TP8×DP2 multi-node");
}

Test(throughput, output_not_below_the_context_is_an_error)
{
	struct scenario sc;
	struct analysis a = {0};
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "context", "512", NULL);
	cr_assert_not(analysis_run(&a, &ref_catalog, &sc, NULL));
	cr_assert(strstr(a.error, "--output-len 512 is not below the context 512"), "%s", a.error);
	analysis_free(&a);
}

/* Training plans: no inference figures, efficiency not computed (< 0). */
Test(throughput, training_has_no_inference_figures)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "task", "full", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_not(p->throughput.valid);
	cr_assert_lt(p->efficiency, 0);
	cr_assert_eq(p->nalternatives, 0);
}

/* ---- Calibration: published throughput figures (issue 9, Accuracy) ---- */

struct published {
	char model[32], gpu[24], precision[8], kv[8], per[8], set[16];
	long long isl, osl, tp, concurrency; /* concurrency 0: max */
	double measured;
};

static bool published_parse(const char *line, struct published *r)
{
	char conc[16];
	*r = (struct published){0};
	int n = sscanf(line, "%31[^,],%23[^,],%7[^,],%7[^,],%lld,%lld,%lld,%15[^,],%lf,%7[^,],%15[^,],",
		       r->model, r->gpu, r->precision, r->kv, &r->isl, &r->osl, &r->tp, conc,
		       &r->measured, r->per, r->set);
	if (n != 11)
		return false;
	r->concurrency = strcmp(conc, "max") == 0 ? 0 : atoll(conc);
	if (strcmp(r->per, "per_gpu") == 0)
		r->measured *= (double)r->tp;
	return true;
}

/* The model's output tokens/s for one published row: the forced TP shape,
 * at the row's concurrency or at B_max with 10 % headroom. */
static double published_model(const struct published *r)
{
	struct scenario sc;
	char ctx[24], osl[24], tp[8], conc[24];
	snprintf(ctx, sizeof ctx, "%lld", r->isl + r->osl);
	snprintf(osl, sizeof osl, "%lld", r->osl);
	snprintf(tp, sizeof tp, "%lld", r->tp);
	snprintf(conc, sizeof conc, "%lld", r->concurrency ? r->concurrency : 1);
	make_scenario(&sc, &ref_catalog, r->model, "precision", r->precision, "kv-precision", r->kv,
		      "context", ctx, "output-len", osl, "headroom", "10", "tp", tp, "concurrency",
		      conc, NULL);
	const struct plan *p = run_on(r->gpu, &sc);
	if (!p->fits)
		return 0;
	return r->concurrency ? p->throughput.output_tokens_per_s
			      : p->throughput_at_max.output_tokens_per_s;
}

struct fit {
	int rows, within;
	double log_sum; /* of model/measured, for the geometric mean */
};

static void fit_add(struct fit *f, double ratio)
{
	f->rows++;
	f->within += ratio >= 0.7 && ratio <= 1.3;
	f->log_sum += ratio > 0 ? log(ratio) : 0;
}

/* Reports model/measured per row and the share within ±30 %, separately
 * for the calibration and the held-out rows. The defaults of
 * PERFORMANCE.md are not tuned to these figures. */
Test(throughput, published_figures_within_the_band)
{
	FILE *f = fopen(FIXTURES "/throughput_published.csv", "r");
	cr_assert_not_null(f);
	char line[512];
	struct fit cal = {0}, held = {0};
	fprintf(stderr, "%-15s %-10s %5s %11s %3s %6s %9s %9s %6s %s\n", "model", "gpu", "prec",
		"isl/osl", "tp", "conc", "measured", "model", "ratio", "set");
	while (fgets(line, sizeof line, f)) {
		struct published r;
		if (line[0] == '#' || strncmp(line, "model,", 6) == 0 || !published_parse(line, &r))
			continue;
		double ratio = published_model(&r) / r.measured;
		fit_add(strcmp(r.set, "holdout") == 0 ? &held : &cal, ratio);
		fprintf(stderr, "%-15s %-10s %5s %5lld/%-5lld %3lld %6lld %9.0f %9.0f %6.2f %s\n",
			r.model, r.gpu, r.precision, r.isl, r.osl, r.tp, r.concurrency, r.measured,
			ratio * r.measured, ratio, r.set);
	}
	fclose(f);
	fprintf(stderr, "calibration: %d of %d within ±30 %% (%.0f %%), geometric mean ratio %.2f\n",
		cal.within, cal.rows, 100.0 * cal.within / cal.rows, exp(cal.log_sum / cal.rows));
	fprintf(stderr, "held out:    %d of %d within ±30 %% (%.0f %%), geometric mean ratio %.2f\n",
		held.within, held.rows, 100.0 * held.within / held.rows, exp(held.log_sum / held.rows));
	cr_assert_eq(cal.rows + held.rows, 75);
	/* Issue 9's aim, met with the default efficiencies (38 of 50 when this
	 * was written): a change that loses it must say so. */
	cr_assert_geq(4 * cal.within, 3 * cal.rows, "calibration rows within ±30 %%: %d of %d",
		      cal.within, cal.rows);
}

/* Mutation testing (tests/mutation-report.txt) found these unpinned. */

/* The TP efficiency by link and degree, throughput.c's table as --print
 * shows it ("efficiencies: … eta_tp 0.45"): one card loses nothing on any
 * link, and a degree between two sizes takes the next size's row (TP3 as
 * TP4). NVLink and HCCS 1.00 0.85 0.72 0.62, PCIe 1.00 0.75 0.60 0.45. */
Test(throughput, eta_tp_by_link_and_degree)
{
	static const struct {
		enum link_kind link;
		double eta[4];
	} rows[] = {
		{LINK_NVLINK, {1.00, 0.85, 0.72, 0.62}},
		{LINK_HCCS, {1.00, 0.85, 0.72, 0.62}},
		{LINK_PCIE, {1.00, 0.75, 0.60, 0.45}},
	};
	static const int degree[] = {1, 2, 4, 8};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
		for (int i = 0; i < 4; i++)
			cr_assert_eq(eta_tp(rows[r].link, degree[i]), rows[r].eta[i], "link %d, TP%d: %g",
				     (int)rows[r].link, degree[i], eta_tp(rows[r].link, degree[i]));
	cr_assert_eq(eta_tp(LINK_HCCS, 3), 0.72);
	cr_assert_eq(eta_tp(LINK_PCIE, 16), 0.45, "past the table: its last row");
}

/* The figure as shown: Llama-3.1-70B bf16 on RTX 4090s is TP8 (the
 * golden table: "RTX 4090 24G 8 TP8"), over PCIe: eta_tp 0.45, and the
 * plan's parallel efficiency is that same 0.45 ("at 45 % parallel
 * efficiency 55 % of the spend buys no compute"). On one B300 (single)
 * nothing is lost: 1.00. */
Test(throughput, tp8_over_pcie_keeps_045_and_one_card_keeps_all)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "bf16", NULL);
	const struct plan *p = run_on("rtx4090-24g", &sc);
	cr_assert_eq(p->lay.t, 8);
	cr_assert_eq(p->throughput.eff.eta_tp, 0.45);
	cr_assert_eq(p->efficiency, 0.45);
	p = run_on("b300-288g", &sc);
	cr_assert_eq(p->cards, 1);
	cr_assert_eq(p->throughput.eff.eta_tp, 1.00);
}

/* The streamed weights, exactly, for two shapes the catalogue allows.
 * A dense model (no experts): 1e9 parameters, V·h = 1000·100 = 1e5
 * untied, bf16 (2 B): body = 1e9 - 2·1e5 (LM head and input embedding
 * out), W = body·2 + head·2 = 1,999,600,000 + 200,000 = 1,999,800,000 B
 * at any batch: no expert is "touched". A "MoE" with every expert active
 * (experts = experts_per_token = 4, so P = P_act; the loader allows k = E)
 * streams the same as dense: no per-expert part, not 0/0. */
Test(throughput, stream_bytes_of_a_dense_model_and_of_all_experts_active)
{
	struct precision bf16 = {.name = "bf16", .weight_bytes = 2};
	struct model m = {.params_b = 1, .active_params_b = 1, .vocab = 1000, .hidden = 100};
	struct workload w = {.m = &m, .prec = &bf16, .expert_prec = &bf16};
	cr_assert_eq(stream_bytes(&w, 1), 1999800000.0, "dense W(1): %.1f", stream_bytes(&w, 1));
	cr_assert_eq(stream_bytes(&w, 64), 1999800000.0, "dense W(64): %.1f", stream_bytes(&w, 64));
	m.experts = m.experts_per_token = 4;
	cr_assert_eq(stream_bytes(&w, 1), 1999800000.0, "k = E: %.1f", stream_bytes(&w, 1));
	cr_assert_eq(stream_bytes(&w, 8), 1999800000.0, "k = E, 8 tokens: %.1f",
		     stream_bytes(&w, 8));
}
