/* The inference time figures (SERVING.md) and the plan choice (PERFORMANCE.md §2),
 * against worked examples derived by hand from the formulas. Every input
 * is stated: precision, KV precision, headroom, ISL/OSL, the GPU figures
 * of prices/gpus.csv (SERVING.md §8) and the engine constants of §9. The
 * worked examples and invariants of SERVING.md are tests/test_serving.c. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "capacity.h"
#include "cheaper.h"
#include "step.h"
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

/* Dense, batch 1, worked by hand from SERVING.md §2. Llama-2-7B bf16
 * (P 6.74e9, V 32000, h 4096 untied: head 131.072e6, body P - 2·head,
 * 32 layers, 32 heads and KV heads x 128, 16-bit KV: 524,288 B per token),
 * context 4096 with the default 512 output: ISL 3584, mean context 3840.
 * A100: 2039 GB/s, mbu 0.80, mbu_kv 0.75, bf16 312 TFLOPS, mfu_infer 0.70,
 * tau_layer 30 us, sw 1. One decoding token:
 * weights (body + head)·2 B /(2039e9·0.80); GEMMs 2·(body + head)/(312e12·
 * 0.70); KV 3840·524288/(2039e9·0.75); attention 4·32·32·128·3840/(312e12
 * ·0.50); blend(x, y) = sqrt(x² + y²); fixed 32 x 30 us; no TP. */
Test(throughput, dense_batch_one_by_hand)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "precision", "bf16", "cards", "1", NULL);
	const struct throughput *t = &run_on("a100-80g", &sc)->throughput;
	double head = 32000.0 * 4096, body = 6.74e9 - 2 * head;
	double w = (body + head) * 2 / (2039e9 * 0.80), f = 2 * (body + head) / (312e12 * 0.70);
	double kv = 3840 * 524288.0 / (2039e9 * 0.75);
	double at = 4 * 32 * 32 * 128 * 3840.0 / (312e12 * 0.50);
	double itl = sqrt(w * w + f * f) + sqrt(kv * kv + at * at) + 32 * 30e-6;
	cr_assert_eq(t->isl, 3584);
	cr_assert_eq(t->osl, 512);
	assert_close(t->tpot_s, itl, "ITL = T(1, 0)");
	assert_close(t->user_tokens_per_s, 1 / itl, "user tok/s");
	cr_assert_eq(t->bound, BOUND_MEMORY);
	cr_assert_eq(t->eff.path, PATH_BF16);
	cr_assert_eq(t->hourly_break_even_hours, -1); /* no A100 container */
}

/* TP cost comes from the link (SERVING.md §2): two all-reduces a layer of
 * the step's tokens, 2·L·(alpha + 2(t-1)/t·n·h·2/bw_ar), bw_ar = link/2 x
 * 0.70. Llama-3.1-8B bf16, one user, TP2 on H100 (NVLink 900: 315 GB/s,
 * 8 us) and on the 4090 (PCIe 32: 11.2 GB/s, 30 us). */
Test(throughput, tp_cost_follows_the_link)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "bf16", "tp", "2", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, 2);
	assert_close(p->throughput.step.dec.comm, 2 * 32 * (8e-6 + 1 * 4096 * 2 / 315e9),
		     "NVLink");
	assert_close(p->throughput.eff.bw_ar_gbs, 315, "bw_ar");
	p = run_on("rtx4090-24g", &sc);
	assert_close(p->throughput.step.dec.comm, 2 * 32 * (30e-6 + 1 * 4096 * 2 / 11.2e9),
		     "PCIe");
	cr_assert_lt(p->efficiency, 1, "TP at batch 1 does not halve the step");
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

/* The band columns of gpus.csv (SERVING.md §10): 910B -65 / +35 %, the
 * B300 estimate ±50 %, a published row ±30 %. */
Test(throughput, band_by_gpu)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", NULL);
	const struct throughput *t = &run_on("910b-64g", &sc)->throughput;
	cr_assert_eq(t->band_low_pct, 65);
	cr_assert_eq(t->band_high_pct, 35);
	cr_assert_eq(run_on("b300-288g", &sc)->throughput.band_pct, 50);
	cr_assert_eq(run_on("h20-96g", &sc)->throughput.band_pct, 30);
}

/* PERFORMANCE.md §2: at the same spend the headline is the fastest. Qwen2.5-72B
 * bf16, 50 users x 8k on H100: the memory minimum is PP5, five cards, more
 * than a container allows, so one bare-metal machine; TP8 on that machine
 * costs the same and serves the users faster, and why says so. */
Test(throughput, same_spend_takes_the_fastest)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-72b", "precision", "bf16", "concurrency", "50",
		      "context", "8k", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->memory_min.cards, 5);
	cr_assert_eq(p->memory_min.pp, 5);
	cr_assert_str_eq(p->strategy, "TP8");
	cr_assert_eq(p->baremetal.machines, 1);
	cr_assert_eq(p->nwhy, 2);
	cr_assert_eq(p->why[1].code, MSG_WHY_SAME_PRICE_FASTER);
	double speedup = p->throughput.output_tokens_per_s / p->memory_min.output_tokens_per_s;
	assert_close(p->why[1].args[0].v.f, speedup, "speed-up in the message");
	cr_assert(speedup > 1.5, "%f", speedup);
}

/* What the TTFT target costs. Qwen2.5-72B bf16, 20 users × 32k prompts on
 * H20: one prompt alone takes 8 s to prefill on TP8, so the 10 s target
 * leaves no queue: a replica a user, 20 machines × ¥45,600 = ¥912,000. At
 * 20 s five replicas do: 5 × ¥45,600 = ¥228,000, 25 % of it, listed. */
Test(throughput, the_ttft_target_says_what_it_costs)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-72b", "precision", "bf16", "concurrency", "20",
		      "context", "32k", NULL);
	const struct plan *p = run_on("h20-96g", &sc);
	cr_assert_eq(p->cards, 160);
	cr_assert_float_eq(plan_monthly(p), 912000, 1e-6);
	const struct alternative *a = NULL;
	for (int i = 0; i < p->nalternatives; i++)
		if (p->alternatives[i].why.code == MSG_ALT_TTFT_RELAXED)
			a = &p->alternatives[i];
	cr_assert_not_null(a);
	cr_assert_eq(a->cards, 40);
	cr_assert_float_eq(a->monthly, 228000, 1e-6);
	cr_assert_float_eq(a->why.args[0].v.f, 20, 1e-12);
	cr_assert_float_eq(a->why.args[2].v.f, 25, 1e-9);
	cr_assert_gt(a->why.args[3].v.f, 10);
	cr_assert_leq(a->why.args[3].v.f, 20);
	/* the target as --slo-ttft takes it: 0.7 s × 2 reads 1.4s, not "1s" */
	struct message relaxed = msg_alternative_ttft_relaxed(1.4, 18800, "CNY", 50, 0.957);
	cr_assert_str_eq(MESSAGE_TEXT(&relaxed),
			 "what the TTFT target costs: with --slo-ttft 1.4s, ¥18,800 a month, 50 % "
			 "of the plan's, the first token after 0.957 s");
	/* H100: the speed floor, not the target, holds the one machine up (the
	 * memory minimum PP6 streams 8.8 tok/s a user): nothing to save */
	p = run_on("h100-80g", &sc);
	for (int i = 0; i < p->nalternatives; i++)
		cr_assert_neq(p->alternatives[i].why.code, MSG_ALT_TTFT_RELAXED);
}

/* A GPU type with no offer on file has no price: its plans compare by the
 * instance they would take (1, 2, 4, 8 cards, then whole machines).
 * Qwen2.5-72B bf16 at 4k, one user, on A800: the memory minimum PP3 takes a
 * 4-card instance, where TP4 is faster; DeepSeek-V3 fp8 on H800: PP11 takes
 * two machines, where TP8 x PP2 is. */
Test(throughput, without_a_price_the_fastest_on_the_same_instance)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-72b", "precision", "bf16", "min-speed", "none",
		      NULL);
	const struct plan *p = run_on("a800-80g", &sc);
	cr_assert_null(p->container.offer);
	cr_assert_null(p->baremetal.offer);
	cr_assert_eq(p->memory_min.cards, 3);
	cr_assert_eq(p->memory_min.pp, 3);
	cr_assert_str_eq(p->strategy, "TP4");
	cr_assert_eq(p->nwhy, 2);
	cr_assert_eq(p->why[1].code, MSG_WHY_SAME_INSTANCE_FASTER);
	cr_assert_eq(p->why[1].args[0].v.i, 4);
	double speedup = p->throughput.output_tokens_per_s / p->memory_min.output_tokens_per_s;
	assert_close(p->why[1].args[1].v.f, speedup, "speed-up in the message");
	cr_assert(speedup > 2, "%f", speedup);
	make_scenario(&sc, &ref_catalog, "deepseek-v3", "min-speed", "none", NULL);
	p = run_on("h800-80g", &sc);
	cr_assert_eq(p->memory_min.cards, 11);
	cr_assert_eq(p->cards, 16);
	cr_assert_eq(p->lay.t, 8);
	cr_assert_eq(p->lay.p, 2);
}

/* Llama-3.1-8B bf16, 500 users x 8k on H100: the plan fills one machine;
 * two machines of PP4 x 4 replicas hold more sequences and are the
 * cheapest per million output tokens at full load, which these users
 * could fill (their B_max is at most twice the load). */
Test(throughput, cheapest_per_token_alternative)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "concurrency", "500", "context", "8k",
		      NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, 8);
	cr_assert_geq(p->nalternatives, 1);
	const struct alternative *a = &p->alternatives[0]; /* the first listed */
	cr_assert_eq(a->why.code, MSG_ALT_CHEAPEST_PER_TOKEN);
	cr_assert_gt(a->cards, p->cards);
	cr_assert_lt(a->per_million_output, p->throughput_at_max.per_million_output.baremetal);
	assert_close(a->why.args[0].v.f, a->per_million_output, "cost in the message");
	/* never for a load that cannot fill it: one user */
	scenario_put(&sc, "concurrency", "1");
	p = run_on("h100-80g", &sc);
	for (int i = 0; i < p->nalternatives; i++)
		cr_assert_neq(p->alternatives[i].why.code, MSG_ALT_CHEAPEST_PER_TOKEN);
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

/* PERFORMANCE.md §2: no plan meets the goals, so the row is the best it can
 * do: the fastest a user gets within the memory minimum's machine (PP3 on
 * 3 cards, 17.7 tok/s a user), TP8 on its 8 cards (97.7), not replicas on
 * more machines that still miss; it is marked short of the goals. */
Test(throughput, an_unreachable_speed_takes_the_fastest_in_the_machine)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "min-speed", "100000", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->memory_min_cards, 3);
	cr_assert_eq(p->cards, 8);
	cr_assert_str_eq(p->strategy, "TP8");
	cr_assert(p->short_of_goals);
	cr_assert_gt(p->throughput.user_tokens_per_s, 3 * p->memory_min.output_tokens_per_s);
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

/* The figure as shown: Llama-3.1-70B bf16 on RTX 4090s is TP8 over PCIe
 * (no NVLink): the plan's parallel efficiency is the time model's, the one-
 * card decode step over eight times TP8's (the per-layer latency and the
 * all-reduces over PCIe that TP does not divide), well below one. On one
 * B300 (single) nothing is lost: 1. */
Test(throughput, tp8_over_pcie_loses_and_one_card_keeps_all)
{
	struct scenario sc;
	struct workload w;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "bf16", NULL);
	cr_assert(workload_init(&w, &sc));
	const struct plan *p = run_on("rtx4090-24g", &sc);
	cr_assert_eq(p->lay.t, 8);
	cr_assert_float_eq(p->efficiency, throughput_parallel_efficiency(&w, p->gpu, &p->lay, 1),
			   1e-12);
	cr_assert_lt(p->efficiency, 0.8, "%g", p->efficiency);
	scenario_put(&sc, "cards", "1"); /* one card holds it; the machine's eight serve faster */
	p = run_on("b300-288g", &sc);
	cr_assert_eq(p->cards, 1);
	cr_assert_eq(p->efficiency, 1);
}

/* The streamed weights, exactly, for two shapes the catalogue allows.
 * A dense model (no experts): 1e9 parameters, V·h = 1000·100 = 1e5
 * untied, bf16 (2 B): body = 1e9 - 2·1e5 (LM head and input embedding
 * out), W = body·2 + head·2 = 1,999,800,000 B at any batch: no expert is
 * "touched"; at 1000 GB/s x mbu 0.5, 3.9996 ms. A "MoE" with every expert
 * active (experts = experts_per_token = 4; the loader allows k = E)
 * streams the same as dense: no per-expert part, not 0/0. */
Test(throughput, weights_of_a_dense_model_and_of_all_experts_active)
{
	struct scenario sc;
	struct precision bf16 = {.name = "bf16", .weight_bytes = 2};
	struct model m = {.params_b = 1, .active_params_b = 1, .vocab = 1000, .hidden = 100,
			  .layers = 1, .heads = 1, .kv_heads = 1, .head_dim = 100};
	struct gpu g = {.bandwidth_gbs = 1000, .bf16_tflops = 100, .mbu = 0.5, .mbu_kv = 0.5,
			.mfu_infer = 0.5, .sw = 1, .link_gbs = 100};
	struct layout one = {.t = 1, .p = 1, .d = 1};
	struct step_model sm;
	struct step_terms t;
	scenario_defaults(&sc);
	struct workload w = {.sc = &sc, .m = &m, .prec = &bf16, .expert_prec = &bf16,
			     .kv_bytes = 2, .kv_split_max = 1};
	step_model_init(&sm, &w, &g, &one, 100, 100);
	double want = 1999800000.0 / (1000e9 * 0.5);
	step_stage(&sm, 1, 0, &t);
	assert_close(t.weights, want, "dense, one token");
	step_stage(&sm, 64, 0, &t);
	assert_close(t.weights, want, "dense, 64 tokens");
	m.experts = m.experts_per_token = 4;
	step_model_init(&sm, &w, &g, &one, 100, 100);
	step_stage(&sm, 8, 0, &t);
	assert_close(t.weights, want, "k = E, 8 tokens");
}

/* A prompt-only load (--output-len 1) streams nothing: --min-speed does not
 * apply, the TTFT target does. Llama-3.1-8B fp8, 16 users of 4k prompts on
 * H100: one card keeps the TTFT near 1 s (16 prompts queued on one card),
 * under the 10 s target; with the speed goal applied to 1/TTFT it took
 * DP16 on 16 cards. */
Test(throughput, a_prompt_only_load_has_no_speed_goal)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "precision", "fp8", "context", "4097",
		      "output-len", "1", "concurrency", "16", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, 1);
	cr_assert_not(p->short_of_goals);
	cr_assert_lt(p->throughput.ttft_s, 10);
	cr_assert_leq(p->throughput.tpot_s, 0);
}

/* With --rate the memory is that of the requests in flight (Little's law),
 * not of one user: Llama-3.1-70B fp8 at 2 req/s, 4096 in / 1024 out, on
 * H100. Its KV per card is ceil(in flight) sequences × 5120 tokens × 80
 * layers × 8 KV heads × 128 × 2 (K and V) × 2 bytes / TP (327,680 bytes a
 * token); it read 0.39 GiB with 72 requests in flight. */
Test(throughput, a_rate_holds_the_kv_of_the_requests_in_flight)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "fp8", "context", "5120",
		      "output-len", "1024", "rate", "2", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	const struct throughput *t = &p->throughput;
	cr_assert(t->open.valid && t->open.stable);
	double in_flight = ceil(t->open.in_flight * t->replicas - 1e-9);
	cr_assert_gt(in_flight, 10);
	double want = in_flight * 5120 * 327680.0 / (p->lay.t * p->lay.p * p->lay.d);
	assert_close(p->per_card.kv_cache, want, "KV per card");
	cr_assert(p->fits);
}

/* PERFORMANCE.md §2's tiers: the next step up is the least more spend that
 * meets the goals and buys at least 1.2× the output. Llama-3.1-8B bf16, 64
 * users × 4k on H100: one card (¥9,345) gives 2,272 tok/s; TP2 on two
 * containers, 2 × 9,345 = ¥18,690, gives 1.8× that: ¥9,345 more a month. */
Test(throughput, the_next_step_up_is_an_alternative)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "concurrency", "64", NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, 1);
	const struct alternative *up = NULL;
	for (int i = 0; i < p->nalternatives; i++)
		if (p->alternatives[i].why.code == MSG_ALT_STEP_UP)
			up = &p->alternatives[i];
	cr_assert_not_null(up);
	cr_assert_eq(up->cards, 2);
	cr_assert_str_eq(up->strategy, "TP2");
	assert_close(up->monthly, 18690, "2 containers");
	assert_close(up->why.args[0].v.money.amount, 18690 - 9345, "more a month");
	double speedup = up->tokens_per_s / p->throughput.output_tokens_per_s;
	assert_close(up->why.args[1].v.f, speedup, "the speed-up in the message");
	cr_assert(speedup >= 1.2 && speedup < 2, "%g", speedup);
}

/* --budget shows what it buys and never chooses the plan (issue 21).
 * Llama-3.1-8B bf16, 64 users on H100: the plan stays one card (¥9,345);
 * within ¥40,000 the fastest that meets the goals is TP4 on four
 * containers, 4 × 9,345 = ¥37,380; ¥5,000 is short of the plan by
 * 9,345 - 5,000 = ¥4,345. */
Test(throughput, a_budget_lists_what_it_buys)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "concurrency", "64", "budget", "40000",
		      NULL);
	const struct plan *p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, 1);
	const struct alternative *in = NULL;
	for (int i = 0; i < p->nalternatives; i++)
		if (p->alternatives[i].why.code == MSG_ALT_WITHIN_BUDGET)
			in = &p->alternatives[i];
	cr_assert_not_null(in);
	cr_assert_eq(in->cards, 4);
	assert_close(in->monthly, 37380, "four containers");
	assert_close(in->why.args[1].v.f, in->tokens_per_s / p->throughput.output_tokens_per_s,
		     "speed-up");
	scenario_put(&sc, "budget", "5000");
	p = run_on("h100-80g", &sc);
	cr_assert_eq(p->cards, 1);
	const struct message *short_by = NULL;
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == MSG_BUDGET_SHORT)
			short_by = &p->notes[i];
	cr_assert_not_null(short_by);
	assert_close(short_by->args[1].v.money.amount, 4345, "short by");
	assert_close(short_by->args[2].v.money.amount, 9345, "the plan's cost");
}

/* A 16-bit KV cache is questioned where it holds the memory (PERFORMANCE.md
 * §2). Llama-3.1-70B fp8, 16 users × 128k, no speed or TTFT goal, on H100:
 * 16 × 131072 tokens × 327,680 bytes = 687 GB of KV at 16 bits take two
 * machines (2 × ¥87,200 = ¥174,400 in the region with IB); at 8 bits one
 * machine, ¥88,480: 1 − 88,480 / 174,400 = 49 % less (the 8 cards are
 * slower, and the message says so). */
Test(throughput, an_fp8_kv_cache_is_suggested_where_it_saves)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-3.1-70b", "precision", "fp8", "context", "128k",
		      "concurrency", "16", "slo-ttft", "none", "min-speed", "none", NULL);
	struct analysis *an = ref_run(&sc, "h100-80g");
	const struct plan *p = &an->plans[0];
	const struct alternative *kv = NULL;
	for (int i = 0; i < p->nalternatives; i++)
		if (p->alternatives[i].why.code == MSG_ALT_KV_FP8)
			kv = &p->alternatives[i];
	cr_assert_not_null(kv);
	assert_close(plan_monthly(p), 174400, "two machines");
	cr_assert_eq(kv->cards, 8);
	assert_close(kv->monthly, 88480, "one machine");
	assert_close(kv->why.args[1].v.f, 100 * kv->monthly / plan_monthly(p), "share of the spend");
	cr_assert_leq(kv->why.args[1].v.f, 80);
	/* asked with an FP8 cache already: nothing to suggest */
	scenario_put(&sc, "kv-precision", "fp8");
	p = &ref_run(&sc, "h100-80g")->plans[0];
	for (int i = 0; i < p->nalternatives; i++)
		cr_assert_neq(p->alternatives[i].why.code, MSG_ALT_KV_FP8);
}

/* FP8 weights for 16-bit ones on a card with FP8 (PERFORMANCE.md §2):
 * Qwen2.5-72B bf16, 20 users × 32k under the 10 s TTFT target on H20: 20
 * machines of TP8 (20 × ¥45,600 = ¥912,000); in FP8, whose GEMMs run at
 * twice the rate on H20, 10 machines, ¥456,000: 50 % less. */
Test(throughput, fp8_weights_are_suggested_where_they_save)
{
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "qwen2.5-72b", "context", "32k", "concurrency", "20",
		      NULL);
	const struct plan *p = run_on("h20-96g", &sc);
	assert_close(plan_monthly(p), 912000, "twenty machines");
	const struct alternative *fp8 = NULL;
	for (int i = 0; i < p->nalternatives; i++)
		if (p->alternatives[i].why.code == MSG_ALT_WEIGHTS_FP8)
			fp8 = &p->alternatives[i];
	cr_assert_not_null(fp8);
	cr_assert_eq(fp8->cards, 80);
	assert_close(fp8->monthly, 456000, "ten machines");
	assert_close(fp8->why.args[1].v.f, 50, "50 % of the plan's spend");
	/* none that costs more: int4 (W4A16) is not listed at a higher spend */
	for (int i = 0; i < p->nalternatives; i++)
		if (p->alternatives[i].why.code == MSG_ALT_WEIGHTS_INT4)
			cr_assert_leq(p->alternatives[i].monthly, 0.8 * 912000);
}
