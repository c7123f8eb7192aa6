/* The reference cases of ESTIMATION.md (from the seed articles), end to
 * end through the planner, on the bundled data plus a 48 GB card. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "tables.h"
#include "helpers.h"

static struct catalog cat;
static struct analysis an;

static void setup(void)
{
	load_reference(&cat);
	an = (struct analysis){0};
}

static void teardown(void)
{
	analysis_free(&an);
	catalog_free(&cat);
}

TestSuite(reference, .init = setup, .fini = teardown);
TestSuite(planner, .init = setup, .fini = teardown);

static void run(const struct scenario *sc)
{
	cr_assert(analysis_run(&an, &cat, sc, NULL), "%s", an.error);
}

Test(reference, seven_b_inference_fp16_one_24g_card)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", "precision", "fp16", NULL);
	run(&sc);
	/* weights 6.74e9 x 2 B = 13.48 GB, "about 14 GB" */
	cr_assert_float_eq(an.totals.weights / 1e9, 13.48, 1e-9);
	/* per card 12.55 + KV 2.00 + act 0.31 + 1.00 = 15.87 GiB; x 1.2 = 19.04 <= 23.99 */
	const struct plan *p = plan_of(&an, "rtx4090-24g");
	cr_assert_eq(p->cards, 1);
	cr_assert_str_eq(p->strategy, "single");
}

Test(reference, seven_b_long_context_needs_a_48g_card)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-8b", "precision", "fp16", "context", "32k", NULL);
	run(&sc);
	/* 14.96 GiB weights + 4 GiB KV + 0.78 act + 1 = 20.74; x 1.2 = 24.9 > 23.99 */
	cr_assert_gt(plan_of(&an, "rtx4090-24g")->cards, 1);
	/* the memory figure; the plan is TP2: one L20's 32k prefill takes 10.5 s,
	 * past the 10 s TTFT target (an unpriced GPU meets the goals too) */
	const struct plan *l20 = plan_of(&an, "l20-48g");
	cr_assert_eq(l20->memory_min_cards, 1);
	cr_assert_eq(l20->cards, 2);
	cr_assert_eq(l20->why[1].code, MSG_WHY_TTFT_TOO_SLOW);
}

Test(reference, thirty_two_b_one_80g_or_two_48g)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "qwen2.5-32b", "precision", "fp16", NULL);
	run(&sc);
	/* 32.76e9 x 2 = 65.52 GB, "about 64 GB" */
	cr_assert_float_eq(an.totals.weights / 1e9, 65.52, 1e-9);
	cr_assert_eq(plan_of(&an, "h100-80g")->cards, 1);
	const struct plan *l20 = plan_of(&an, "l20-48g");
	cr_assert_eq(l20->cards, 2);
	cr_assert_str_eq(l20->strategy, "TP2");
}

/* The seeds' card counts for 70B are weights-only (140 GB on 2 x 80 GB
 * leaves no margin); they hold with --headroom 0. With the default 20 %
 * headroom, the margin the same article asks for, 2 x 80 GB is too tight. */
Test(reference, seventy_b_two_80g_or_four_48g)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-70b", "precision", "fp16", "headroom", "0", NULL);
	run(&sc);
	/* 70.55e9 x 2 = 141.1 GB, "about 140 GB" */
	cr_assert_float_eq(an.totals.weights / 1e9, 141.1, 1e-9);
	/* TP2: 65.70 + KV 0.62 + act 0.39 + 1 = 67.72 GiB <= 79.65 */
	const struct plan *h100 = plan_of(&an, "h100-80g");
	cr_assert_eq(h100->cards, 2);
	cr_assert_str_eq(h100->strategy, "TP2");
	cr_assert_float_eq(h100->need / GIB, 67.72, 0.005);
	/* PP3 needs 43.80 + 0.42 + 0.78 + 1 = 46.00 > 44.99; TP4 34.36 fits */
	const struct plan *l20 = plan_of(&an, "l20-48g");
	cr_assert_eq(l20->cards, 4);
	cr_assert_str_eq(l20->strategy, "TP4");

	make_scenario(&sc, &cat, "llama-3.1-70b", "precision", "fp16", NULL);
	run(&sc);
	/* 67.72 x 1.2 = 81.26 > 79.65: three cards (PP3, 46.00 x 1.2 = 55.20) */
	cr_assert_eq(plan_of(&an, "h100-80g")->cards, 3);
	cr_assert_str_eq(plan_of(&an, "h100-80g")->strategy, "PP3");
	cr_assert_eq(plan_of(&an, "l20-48g")->cards, 4);
}

Test(reference, seven_b_full_fine_tune_two_80g_with_zero)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", "task", "full", "context", "2048", NULL);
	run(&sc);
	double P = 6.74e9;
	double states = an.totals.weights + an.totals.gradients + an.totals.optimizer;
	double total = states + an.totals.activations;
	/* 16P = 107.84 GB "over 100 GB"; with activations the 16-20x rule of thumb */
	cr_assert_float_eq(states, 16 * P, 1);
	cr_assert_gt(states, 100e9);
	cr_assert(total >= 16 * P && total <= 20 * P, "%.1fx", total / P);
	/* ZeRO-2 x2: 2P + 14P/2 = 9P = 56.49 GiB + act 8.03 + logits 0.98 (16 B x 2048 x
	 * 32000) + 1 = 66.50 GiB; x 1.2 = 79.80 > 79.65: ZeRO-3 x2, 16P/2 = 8P = 50.22 GiB,
	 * 60.23 x 1.2 = 72.3 fits. Still two 80 GB cards with ZeRO, as the seeds say. */
	const struct plan *h100 = plan_of(&an, "h100-80g");
	cr_assert_eq(h100->cards, 2);
	cr_assert_eq(h100->lay.d, 2);
	cr_assert_gt(h100->lay.zero, 0);
	cr_assert_str_eq(h100->strategy, "ZeRO-3 ×2");
	cr_assert_not(plan_of(&an, "a100-80g")->cards == 1, "one 80 GB card is not enough");
}

Test(reference, bare_metal_per_card)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", NULL);
	run(&sc);
	/* machine price / 8 */
	cr_assert_float_eq(plan_of(&an, "rtx4090-24g")->baremetal.monthly_per_card, 9200 / 8.0, 1e-9);
	cr_assert_float_eq(plan_of(&an, "910b-64g")->baremetal.monthly_per_card, 2350, 1e-9);
	cr_assert_float_eq(plan_of(&an, "h20-96g")->baremetal.monthly_per_card, 5700, 1e-9);
	cr_assert_float_eq(plan_of(&an, "a100-80g")->baremetal.monthly_per_card, 5200, 1e-9);
	cr_assert_float_eq(plan_of(&an, "h100-80g")->baremetal.monthly_per_card, 11060, 1e-9);
	/* one card of an 8-card machine: 7 idle, 7 x 11060 = 77420 burnt */
	cr_assert_eq(plan_of(&an, "h100-80g")->baremetal.idle, 7);
	cr_assert_float_eq(plan_of(&an, "h100-80g")->baremetal.idle_cost, 77420, 1e-9);
}

Test(reference, container_versus_bare_metal_per_card)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", "cards", "8", NULL);
	run(&sc);
	const struct plan *ascend = plan_of(&an, "910b-64g");
	const struct plan *h100 = plan_of(&an, "h100-80g");
	cr_assert_lt(ascend->baremetal.monthly_per_card, ascend->container.monthly_per_card);
	/* 8 cards: only the 1-8 card hourly offer (2026-09-28) takes them:
	 * 3.58 x 730 = 2613.4 a card; the 1-4 card 2577 does not */
	cr_assert_float_eq(ascend->container.monthly_per_card, 3.58 * 730, 1e-9);
	cr_assert_eq(ascend->container.max_cards, 8);
	cr_assert_lt(h100->container.monthly_per_card, h100->baremetal.monthly_per_card);
	cr_assert_float_eq(h100->container.monthly_per_card, 9345, 1e-9);
	/* 8 cards: a container allows 4 (2026-10-12 quote) */
	cr_assert_not(h100->container.available);
	cr_assert_eq(h100->cheaper, CHEAPER_BAREMETAL); /* the only way offered is the one used */
}

Test(reference, hourly_converts_at_730_hours)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", NULL);
	run(&sc);
	const struct plan *p = plan_of(&an, "rtx4090-24g");
	/* two offers: 1-4 cards at 1073 a month (2026-10-12), 1-8 at 1.57/h
	 * (2026-09-28) = 1146.1 a month; one card: the cheaper 1073, whole, with
	 * no hourly price of its own */
	cr_assert_float_eq(p->container.monthly_per_card, 1073, 1e-9);
	cr_assert_lt(p->container.hourly_per_card, 0);
	cr_assert_eq(p->container.monthly_collected, 20261012);
	/* one 4090: container 1073 < bare metal 9200 */
	cr_assert_eq(p->cheaper, CHEAPER_CONTAINER);
	make_scenario(&sc, &cat, "llama-2-7b", "cards", "8", NULL);
	run(&sc);
	p = plan_of(&an, "rtx4090-24g");
	/* eight cards: the 1-8 card offer, 1.57 x 730 = 1146.1 */
	cr_assert_float_eq(p->container.hourly_per_card * HOURS_PER_MONTH, 1146.1, 1e-9);
	cr_assert_float_eq(p->container.monthly_per_card, 1146.1, 1e-9);
	cr_assert_eq(p->container.monthly_collected, 20260928);
	cr_assert_eq(p->container.max_cards, 8);
}

Test(reference, newest_price_wins_within_a_region)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-2-7b", NULL);
	run(&sc);
	/* 四川二区 4090: 9200 (2026-10-12) over 7920 (2026-09-28) */
	cr_assert_float_eq(plan_of(&an, "rtx4090-24g")->baremetal.machine_monthly, 9200, 1e-9);
	cr_assert_str_eq(plan_of(&an, "h100-80g")->baremetal.offer->region, "宁夏一区");
}

Test(planner, multi_node_prefers_an_ib_offer)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-405b", NULL);
	run(&sc);
	/* 405.85e9 x 2 B = 755.9 GiB: more than one 8 x 79.65 machine */
	const struct plan *h100 = plan_of(&an, "h100-80g");
	cr_assert_gt(h100->machines, 1);
	cr_assert(strstr(h100->strategy, "multi-node") != NULL, "%s", h100->strategy);
	cr_assert_str_eq(h100->baremetal.offer->region, "吉林一区"); /* the IB 400G x4 quote */
	/* the decode step's parallel efficiency of the time model at the users'
	   batch: the one-card step over the cards times the plan's */
	cr_assert_float_eq(h100->efficiency,
			   throughput_parallel_efficiency(&an.w, h100->gpu, &h100->lay, 1), 1e-9);
	cr_assert_lt(h100->efficiency, 1);
}

Test(planner, concurrency_multiplies_the_kv_cache_not_the_weights)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-8b", "context", "32k", "concurrency", "64", NULL);
	run(&sc);
	/* 64 sequences x 4 GiB (32 x 2*8*128 x 32768 x 2 B) = 256 GiB of KV cache */
	cr_assert_float_eq(an.totals.kv_cache, 64 * 4294967296.0, 1);
	cr_assert_float_eq(an.totals.weights, 8.03e9 * 2, 1);
	const struct plan *h100 = plan_of(&an, "h100-80g");
	/* the memory minimum: 5 cards, PP5 (the headline may take more for the
	 * users' speed); on those 5 cards every card holds its stage's share of
	 * all 64 sequences: PP5 puts ceil(32/5) = 7 of the 32 layers on the
	 * fullest stage, so that card holds 256 GiB x 7/32 = 56 GiB (an even
	 * split, 51.2 GiB, undercounts) */
	cr_assert_eq(h100->memory_min.cards, 5);
	cr_assert_eq(h100->memory_min.pp, 5);
	make_scenario(&sc, &cat, "llama-3.1-8b", "context", "32k", "concurrency", "64", "cards", "5",
		      NULL);
	run(&sc);
	h100 = plan_of(&an, "h100-80g");
	cr_assert_eq(h100->cards, 5);
	cr_assert_eq(h100->lay.p, 5);
	cr_assert_float_eq(h100->per_card.kv_cache, 56 * 1073741824.0, 1);
	cr_assert_float_eq(h100->per_card.kv_cache * 32 / 7, an.totals.kv_cache, 1);
}

Test(planner, forced_card_count_shows_that_plan)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-70b", "cards", "4", NULL);
	run(&sc);
	const struct plan *h100 = plan_of(&an, "h100-80g");
	cr_assert_eq(h100->cards, 4);
	cr_assert_str_eq(h100->strategy, "TP4");
	cr_assert(h100->forced);
	/* 1 card of a 70B model does not fit: reported as such, not hidden */
	make_scenario(&sc, &cat, "llama-3.1-70b", "cards", "1", NULL);
	run(&sc);
	cr_assert_not(plan_of(&an, "h100-80g")->fits);
	cr_assert_eq(plan_of(&an, "h100-80g")->cards, 1);
}

Test(planner, fp8_on_a_card_without_fp8_is_flagged)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-8b", "precision", "fp8", NULL);
	run(&sc);
	const struct plan *a100 = plan_of(&an, "a100-80g");
	cr_assert_gt(a100->nnotes, 0);
	const char *note = MESSAGE_TEXT(&a100->notes[0]);
	cr_assert(strstr(note, "FP8 without hardware FP8") != NULL, "%s", note);
	cr_assert_eq(plan_of(&an, "h100-80g")->nnotes, 0);
}

Test(planner, tensor_parallel_over_pcie_is_flagged)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "qwen2.5-32b", NULL);
	run(&sc);
	const struct plan *p = plan_of(&an, "rtx4090-24g");
	cr_assert_gt(p->lay.t, 1);
	const char *note = MESSAGE_TEXT(&p->notes[0]);
	cr_assert(strstr(note, "over PCIe") != NULL, "%s", note);
}

Test(planner, bare_size_gets_a_note)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "70b", NULL);
	run(&sc);
	cr_assert(scenario_model(&sc)->derived);
	cr_assert_gt(an.nnotes, 0);
	const char *note = MESSAGE_TEXT(&an.notes[0]);
	cr_assert(strstr(note, "approximated") != NULL, "%s", note);
	cr_assert_float_eq(an.totals.weights, 140e9, 1);
}

Test(planner, a_trillion_token_context_does_not_fit_and_does_not_hang)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-8b", "context", "1000000000000", NULL);
	run(&sc);
	for (size_t i = 0; i < an.nplans; i++) {
		cr_assert_not(an.plans[i].fits);
		cr_assert_eq(an.plans[i].cards, 0);
	}
	const char *note = MESSAGE_TEXT(&an.notes[0]);
	cr_assert(strstr(note, "beyond Llama-3.1-8B's native 131072 tokens"), "%s", note);
}

Test(planner, a_million_billion_parameter_model)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "1000000b", NULL);
	run(&sc);
	/* 1e15 x 2 B = 2e15 B: more than 4096 cards of any type */
	cr_assert_float_eq(an.totals.weights, 2e15, 1e3);
	for (size_t i = 0; i < an.nplans; i++)
		cr_assert_not(an.plans[i].fits);
	char err[200];
	cr_assert_not(scenario_set_model(&sc, &cat, "2000000b", err, sizeof err),
		      "above 10^15 parameters is refused");
}

Test(planner, huge_concurrency_and_cards_stay_finite)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-70b", "concurrency", "1000000", "cards", "4096", NULL);
	run(&sc);
	const struct plan *p = plan_of(&an, "h100-80g");
	cr_assert_eq(p->cards, 4096);
	cr_assert(p->need > 0 && p->need < 1e300);
	cr_assert_eq(p->baremetal.machines, 512);
}

#include "compare.h"
#include "capacity.h"

/* The longest context is no longer than the model reads: Llama-3.1-8B
 * bf16 on 4090s held 1,115,612 tokens on 8 cards by memory, past its
 * 131,072-token window; one card holds 26,636 by memory, under it. */
Test(planner, the_longest_context_stops_at_the_models_window)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-8b", NULL);
	const struct gpu *g = &cat.gpus[catalog_find_gpu(&cat, "rtx4090-24g")];
	struct card_limit lim[LIMIT_CARD_COUNTS];
	cr_assert(limits_for_gpu(&cat, &sc, g, lim));
	cr_assert_eq(lim[0].max_context, 26636);
	cr_assert_not(lim[0].context_capped);
	cr_assert_eq(lim[3].cards, 8);
	cr_assert_eq(lim[3].max_context, 131072);
	cr_assert(lim[3].context_capped);
}

/* A limit is the point where the next token (or sequence) no longer fits:
 * checked by running the planner again just below and just above it. */
Test(planner, limits_are_where_the_card_count_steps_up)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-70b", NULL);
	const struct gpu *h20 = &cat.gpus[catalog_find_gpu(&cat, "h20-96g")];
	struct card_limit lim[LIMIT_CARD_COUNTS];
	cr_assert(limits_for_gpu(&cat, &sc, h20, lim));
	cr_assert_eq(lim[0].cards, 1);
	cr_assert_eq(lim[0].max_context, 0, "70B bf16 never fits one 96 GB card");
	for (int k = 1; k < LIMIT_CARD_COUNTS; k++) {
		char n[16], at[32], above[32];
		snprintf(n, sizeof n, "%d", lim[k].cards);
		snprintf(at, sizeof at, "%lld", lim[k].max_context);
		snprintf(above, sizeof above, "%lld", lim[k].max_context + 1);
		make_scenario(&sc, &cat, "llama-3.1-70b", "cards", n, "context", at, NULL);
		run(&sc);
		cr_assert(plan_of(&an, "h20-96g")->fits, "%s cards at %s tokens", n, at);
		if (lim[k].context_capped) { /* the window stops it, not the memory */
			cr_assert_eq(lim[k].max_context, 131072);
			continue;
		}
		make_scenario(&sc, &cat, "llama-3.1-70b", "cards", n, "context", above, NULL);
		run(&sc);
		cr_assert_not(plan_of(&an, "h20-96g")->fits, "%s cards at %s tokens", n, above);
		cr_assert_gt(lim[k].max_context, lim[k - 1].max_context);
	}
	/* two cards at 4096 tokens: the last sequence that fits, and one more,
	 * which waits for a slot (SERVING.md §5: the forced shape queues the
	 * users beyond what it holds) */
	make_scenario(&sc, &cat, "llama-3.1-70b", "cards", "2", NULL);
	sc.concurrency = lim[1].max_concurrency;
	run(&sc);
	const struct plan *p = plan_of(&an, "h20-96g");
	cr_assert(p->fits && !p->queued);
	sc.concurrency++;
	run(&sc);
	p = plan_of(&an, "h20-96g");
	cr_assert(p->fits && p->queued);
	cr_assert_eq(p->throughput.max_concurrency, lim[1].max_concurrency);
	cr_assert_float_eq(p->throughput.waiting_users, 1, 1e-9);
}

Test(planner, comparison_monthly_is_the_cheaper_available_total)
{
	struct scenario sc;
	make_scenario(&sc, &cat, "llama-3.1-70b", NULL);
	run(&sc);
	/* H100 PP3: container 3 x 9345 = 28035 < one machine 88480 */
	cr_assert_float_eq(plan_monthly(plan_of(&an, "h100-80g")), 28035, 1e-9);
	/* A100: no container, one machine 41600 */
	cr_assert_float_eq(plan_monthly(plan_of(&an, "a100-80g")), 41600, 1e-9);
	/* L20 has no offer at all */
	cr_assert_float_eq(plan_monthly(plan_of(&an, "l20-48g")), -1, 1e-9);
}

Test(planner, split_words_like_a_shell)
{
	char buf[] = "-c 128k  -m 'Llama-3.1-70B' --gpu \"a b\"";
	char *w[8];
	cr_assert_eq(split_words(buf, w, 8), 6);
	cr_assert_str_eq(w[0], "-c");
	cr_assert_str_eq(w[1], "128k");
	cr_assert_str_eq(w[3], "Llama-3.1-70B");
	cr_assert_str_eq(w[5], "a b");
	char open[] = "-m 'unclosed";
	cr_assert_eq(split_words(open, w, 8), -1);
}
