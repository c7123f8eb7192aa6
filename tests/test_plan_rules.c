/* Planner rules that mutation testing found unpinned: each test changes
 * when one operator or constant of the rule it names changes. Models,
 * cards and offers are synthetic (tests/helpers.c) so that every expected
 * value is worked by hand in the comment beside it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"
#include "plan.h"
#include "tables.h"
#include "helpers.h"


/* A card of mib MiB without FP8 and no offers, on an empty catalogue. */
static struct plan plan_on_link(const struct scenario *sc, double mib, enum link_kind link)
{
	static struct catalog empty;
	/* the step model's figures (a 4090's): TP's efficiency is measured on them */
	struct gpu g = {.id = "toy-card", .name = "Toy card", .vendor = "Toy", .memory_mib = mib,
			.link = link, .bandwidth_gbs = 1008, .bf16_tflops = 165, .mbu = 0.8,
			.mfu_infer = 0.5, .fp8_tflops = -1, .fp4_tflops = -1, .link_gbs = 64,
			.alpha_us = 30, .mbu_kv = 0.75, .sw = 1};
	struct workload w;
	struct plan p;
	cr_assert(workload_init(&w, sc), "%s", w.error);
	plan_for_gpu(&w, &empty, &g, &p);
	p.gpu = NULL; /* g is gone */
	return p;
}

static struct plan plan_on(const struct scenario *sc, double mib)
{
	return plan_on_link(sc, mib, LINK_NVLINK);
}

/* Heads 12, KV heads kv, 8 layers, on 4 forced cards of a large card. */
static struct layout four_cards(int kv)
{
	struct model m = toy_arch;
	m.heads = 12, m.kv_heads = kv, m.layers = 8;
	struct scenario sc = synthetic_scenario(&m, "bf16", "inference");
	scenario_put(&sc, "cards", "4");
	return plan_on(&sc, 1e6).lay;
}

Test(tensor_parallel, refused_when_kv_heads_would_split_unevenly)
{
	/* 6 KV heads on 4 cards: neither divisible nor fewer than 4: no TP4. The best
	 * remaining split of 4 cards is 4 pipeline stages (t = 1 ranks before t = 2) */
	struct layout l = four_cards(6);
	cr_assert_eq(l.t, 1);
	cr_assert_eq(l.p, 4);
	/* 4 KV heads divide; 2 KV heads are replicated: TP4 either way */
	cr_assert_eq(four_cards(4).t, 4);
	cr_assert_eq(four_cards(2).t, 4);
	cr_assert_eq(four_cards(2).p, 1);
}

/* 16 layers, h 256, 4 heads (TP at most 4), 0.12B parameters: built so that
 * with s = 1024 the logits (8 x 1024 x 32000 = 262,144,000 B) dominate. */
static const struct model span_model = {
	.id = "span", .name = "Span", .params_b = 0.12, .active_params_b = 0.12, .layers = 16,
	.hidden = 256, .heads = 4, .kv_heads = 4, .head_dim = 64, .intermediate = 1024,
	.vocab = 32000, .mlp = MLP_SWIGLU,
};

Test(training, model_parallel_group_stays_inside_one_machine)
{
	struct scenario sc = synthetic_scenario(&span_model, "bf16", "full");
	scenario_put(&sc, "context", "1024");
	scenario_put(&sc, "recompute", "none");
	scenario_put(&sc, "zero", "0");
	scenario_put(&sc, "cards", "16");
	scenario_put(&sc, "loss", "chunked"); /* logits small beside the layers */
	/* one sequence a step: one micro-batch in flight (TRAINING.md §7.3), so a
	 * stage holds one micro-batch's layers, as the terms below count */
	scenario_put(&sc, "global-batch", "1024");
	sc.headroom_pct = 0, sc.overhead_gib = 0;
	/* per layer: sbh = 262,144; attention 10 sbh + MLP (2 sbh + 6 x 1024 x 1024) + norms
	 * 4 sbh = 10,485,760. Model states 16 x 0.12e9 / (t p) = 1.92e9 / (t p).
	 * Logits 16 x 1024 x 32000 / 8 chunks = 65,536,000.
	 * (t,p,d) = (1,16,1): 120e6 + 10,485,760 + 65,536,000 = 196,021,760 (spans)
	 *           (1,8,2):  240e6 + 20,971,520 + 65,536,000 = 326,507,520
	 *           (2,4,2):  240e6 + (41,943,040 + 65,536,000) / 2 = 293,739,520 */
	struct mem_terms m = terms_per_card(&sc, (struct layout){1, 16, 1, 0, false, false, false});
	cr_assert_float_eq(mem_sum(&m), 196021760.0, 1);
	m = terms_per_card(&sc, (struct layout){2, 4, 2, 0, false, false, false});
	cr_assert_float_eq(mem_sum(&m), 293739520.0, 1);
	m = terms_per_card(&sc, (struct layout){1, 8, 2, 0, false, false, false});
	cr_assert_float_eq(mem_sum(&m), 326507520.0, 1);
	/* a 300 MiB card (314,572,800 B) holds the first and the last. Without the rule
	 * TP1 x PP16 would win (lower t); with it the 8-card group TP2 x PP4 does */
	struct plan p = plan_on(&sc, 300);
	cr_assert(p.fits);
	cr_assert_eq(p.lay.t, 2);
	cr_assert_eq(p.lay.p, 4);
	cr_assert_eq(p.lay.d, 2);
	cr_assert_eq(p.machines, 2);
	cr_assert_str_eq(p.strategy, "TP2×PP4×DP2 multi-node");
}

/* A model with no weights, cache or workspace: the need is the overhead alone. */
static const struct model empty_model = {
	.id = "empty", .name = "Empty", .layers = 1, .heads = 1, .kv_heads = 1,
	.mlp = MLP_SWIGLU,
};

static struct plan plan_of_overhead(double bytes)
{
	struct scenario sc = synthetic_scenario(&empty_model, "bf16", "inference");
	sc.headroom_pct = 0;
	sc.overhead_gib = bytes / GIB; /* bytes / 2^30 is exact */
	return plan_on(&sc, 10); /* 10,485,760 B */
}

Test(fit, tight_above_ninety_percent_of_the_card)
{
	/* 0.9 x 10,485,760 = 9,437,184 (exact in doubles) */
	cr_assert_eq(TIGHT_FRACTION * 10 * MIB, 9437184.0);
	struct plan p = plan_of_overhead(9437184);
	cr_assert(p.fits);
	cr_assert_float_eq(p.utilization_pct, 90.0, 1e-12);
	cr_assert_eq(p.level, FIT_COMFORTABLE, "exactly 90 %% is still comfortable");
	p = plan_of_overhead(9437185);
	cr_assert_eq(p.level, FIT_TIGHT);
	p = plan_of_overhead(9437183);
	cr_assert_eq(p.level, FIT_COMFORTABLE);
	/* a byte short of the whole card is still a fit, one byte more is not (the
	 * whole card exactly is not offered: the card-count search wants room left
	 * after the overhead) */
	p = plan_of_overhead(10485759);
	cr_assert(p.fits);
	cr_assert_eq(p.level, FIT_TIGHT);
	cr_assert_eq(p.cards, 1);
	p = plan_of_overhead(10485761);
	cr_assert_not(p.fits);
	cr_assert_eq(p.level, FIT_NONE);
	cr_assert_eq(p.cards, 0);
}

Test(fit, headroom_multiplies_the_need)
{
	struct scenario sc = synthetic_scenario(&empty_model, "bf16", "inference");
	sc.overhead_gib = 8388608 / GIB; /* 8 MiB */
	/* 8 MiB x 1.24 = 9.92 MiB of the 10 MiB card: fits, tight (above 9 MiB) */
	sc.headroom_pct = 24;
	struct plan p = plan_on(&sc, 10);
	cr_assert(p.fits);
	cr_assert_float_eq(p.with_headroom, 8388608 * 1.24, 1e-6);
	cr_assert_float_eq(p.utilization_pct, 80.0, 1e-9);
	cr_assert_eq(p.level, FIT_TIGHT);
	/* 8 MiB x 1.125 = 9 MiB: exactly 90 %%, comfortable */
	sc.headroom_pct = 12.5;
	cr_assert_eq(plan_on(&sc, 10).level, FIT_COMFORTABLE);
	/* 8 MiB x 1.251 = 10.008 MiB: over the card, and no card count helps */
	sc.headroom_pct = 25.1;
	p = plan_on(&sc, 10);
	cr_assert_not(p.fits);
	cr_assert_eq(p.cards, 0);
	/* 8 MiB x 1.26 = 10.08 MiB: over the card */
	sc.headroom_pct = 26;
	cr_assert_not(plan_on(&sc, 10).fits);
}


/* Survivors in plan.c: the search and its ranking. */

Test(search, fewest_cards_when_two_just_fit)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	sc.headroom_pct = 0;
	/* what splitting spreads: weights 13.48e9 + KV 2^31 = 15,627,483,648. An 8868 MiB
	 * card (9,298,771,968 B) leaves 8,225,030,144 after the 1 GiB overhead: 1.9 cards'
	 * worth. TP2: 7,813,741,824 + workspace 337,769,472 / 2 + 1 GiB = 9,056,368,384 fits */
	struct plan p = plan_on(&sc, 8868);
	cr_assert(p.fits);
	cr_assert_eq(p.cards, 2);
	cr_assert_eq(p.lay.t, 2);
	cr_assert_float_eq(p.need, 9056368384.0, 1);
	/* an 8 GiB card: the fullest of 3 stages holds ceil(32/3) = 11 of the 32 layers,
	 * 15,627,483,648 x 11/32 = 5,371,947,504 (not a third, 5,209,161,216), plus
	 * 337,769,472 + 1 GiB = 6,783,458,800 */
	p = plan_on(&sc, 8192);
	cr_assert_eq(p.cards, 3);
	cr_assert_eq(p.lay.p, 3);
	cr_assert_float_eq(p.need, 6783458800.0, 1);
}

Test(search, inference_prefers_tensor_parallel_over_replicas)
{
	/* 2 sequences on 2 cards: TP2 (rank 2) before PP2 (17) and two replicas */
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	scenario_put(&sc, "concurrency", "2");
	scenario_put(&sc, "cards", "2");
	struct plan p = plan_on(&sc, 1e6);
	cr_assert_eq(p.lay.t, 2);
	cr_assert_eq(p.lay.d, 1);
}

Test(search, recomputation_when_it_saves_a_card)
{
	struct scenario sc = synthetic_scenario(&span_model, "bf16", "full");
	scenario_put(&sc, "context", "1024");
	sc.headroom_pct = 0, sc.overhead_gib = 0;
	/* one card: states 1.92e9 + 16 layers x 10,485,760 + logits 16 x 1024 x 32000
	 * (524,288,000) = 2,612,060,160; recomputed: 1.92e9 + 16 x 524,288 + 10,485,760 +
	 * 524,288,000 = 2,463,162,368. A 2400 MiB card (2,516,582,400 B) holds only the
	 * second */
	struct plan p = plan_on(&sc, 2400);
	cr_assert_eq(p.cards, 1);
	cr_assert(p.lay.recompute);
	cr_assert_float_eq(p.need, 2463162368.0, 1);
	cr_assert_lt(p.efficiency, 0); /* training without --train-tokens: not computed */
	scenario_put(&sc, "recompute", "none");
	cr_assert_gt(plan_on(&sc, 2400).cards, 1);
	/* room to spare: no recomputation */
	scenario_put(&sc, "recompute", "auto");
	p = plan_on(&sc, 4096);
	cr_assert_eq(p.cards, 1);
	cr_assert_not(p.lay.recompute);
}

Test(search, a_fixed_zero_stage_still_allows_one_card)
{
	/* ZeRO-3 asked for: one card has nothing to shard and fits (2,612,060,160 B) */
	struct scenario sc = synthetic_scenario(&span_model, "bf16", "full");
	scenario_put(&sc, "context", "1024");
	scenario_put(&sc, "zero", "3");
	sc.headroom_pct = 0, sc.overhead_gib = 0;
	struct plan p = plan_on(&sc, 4096);
	cr_assert_eq(p.cards, 1);
	cr_assert_eq(p.lay.zero, 0);
}

Test(search, zero_3_when_only_it_fits)
{
	/* 4 cards, recomputation: DP4 needs 2P + 14P/4 = 5.5P (37.07e9) at ZeRO-2, 4P
	 * (26.96e9) at ZeRO-3, + 3,709,861,888 activations + 1 GiB = 31,743,603,712 at
	 * ZeRO-3. A 30518 MiB card (32,000,507,904 B) holds only ZeRO-3 */
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	scenario_put(&sc, "recompute", "full");
	scenario_put(&sc, "cards", "4");
	sc.headroom_pct = 0;
	struct plan p = plan_on(&sc, 30518);
	cr_assert(p.fits);
	cr_assert_eq(p.lay.d, 4);
	cr_assert_eq(p.lay.zero, 3);
	cr_assert_float_eq(p.need, 31743603712.0, 1);
	cr_assert_str_eq(p.strategy, "ZeRO-3 ×4");
	/* ZeRO-0 asked for: no data parallel split fits, so model parallel */
	scenario_put(&sc, "zero", "0");
	p = plan_on(&sc, 30518);
	cr_assert_neq(p.lay.d, 4);
}

Test(search, equal_ranks_keep_the_fewer_stages)
{
	/* one head: no TP. s = 8192: a layer is 16 sbh + 6 s i = 83,886,080, logits
	 * 16 x 8192 x 32000 = 4,194,304,000. On 4 cards: DP4 at ZeRO-3 480e6 + 16 layers +
	 * logits = 6,016,481,280; PP2 x DP2 at ZeRO-0 960e6 + 8 layers + logits =
	 * 5,825,392,640; PP4 480e6 + 4 layers + logits = 5,009,848,320. On 5650 MiB
	 * (5,924,454,400 B) PP2 x DP2 and PP4 rank the same: the first found, fewer
	 * stages, stays */
	struct model m = span_model;
	m.heads = 1, m.kv_heads = 1;
	struct scenario sc = synthetic_scenario(&m, "bf16", "full");
	scenario_put(&sc, "context", "8192");
	scenario_put(&sc, "recompute", "none");
	scenario_put(&sc, "cards", "4");
	sc.headroom_pct = 0, sc.overhead_gib = 0;
	struct mem_terms t = terms_per_card(&sc, (struct layout){1, 1, 4, 3, false, false, false});
	cr_assert_float_eq(mem_sum(&t), 6016481280.0, 1);
	t = terms_per_card(&sc, (struct layout){1, 2, 2, 0, false, false, false});
	cr_assert_float_eq(mem_sum(&t), 5825392640.0, 1);
	struct plan p = plan_on(&sc, 5650);
	cr_assert_eq(p.lay.p, 2);
	cr_assert_eq(p.lay.d, 2);
	cr_assert_eq(p.lay.zero, 0);
	cr_assert_str_eq(p.strategy, "PP2×DP2");
}

Test(search, tensor_parallel_with_zero_is_labelled)
{
	/* one layer (no pipeline), 6 heads (no TP4), ZeRO-1 asked for, 4 cards: DP4 or
	 * TP2 x 2 replicas. A card between the two needs shows "TP2 + ZeRO-1 ×2" */
	struct model m = llama2_7b_arch;
	m.layers = 1, m.heads = 6, m.kv_heads = 6;
	struct scenario sc = synthetic_scenario(&m, "bf16", "full");
	scenario_put(&sc, "recompute", "full");
	scenario_put(&sc, "zero", "1");
	scenario_put(&sc, "cards", "4");
	sc.headroom_pct = 0;
	/* DP4: 2P + 2P + 12P/4 = 7P; TP2 x 2: (2 + 2) P/2 + 12 P/2/2 = 5P; + activations */
	struct mem_terms dp = terms_per_card(&sc, (struct layout){1, 1, 4, 1, false, false, false});
	struct mem_terms tp = terms_per_card(&sc, (struct layout){2, 1, 2, 1, false, false, false});
	cr_assert_float_eq(dp.weights + dp.gradients + dp.optimizer, 7 * P7, 1);
	cr_assert_float_eq(tp.weights + tp.gradients + tp.optimizer, 5 * P7, 1);
	double mib = (mem_sum(&dp) + mem_sum(&tp)) / 2 / MIB;
	struct plan p = plan_on(&sc, mib);
	cr_assert_str_eq(p.strategy, "TP2 + ZeRO-1 ×2");
	/* zero 0 and DP4 on a large card: plain replicas */
	scenario_put(&sc, "zero", "0");
	cr_assert_str_eq(plan_on(&sc, 1e6).strategy, "DP4");
}

Test(fit, forced_card_may_be_filled_exactly)
{
	/* --cards 1 with the overhead exactly the 10 MiB card: fits, tight */
	struct scenario sc = synthetic_scenario(&empty_model, "bf16", "inference");
	sc.headroom_pct = 0;
	sc.overhead_gib = 10485760 / GIB;
	scenario_put(&sc, "cards", "1");
	struct plan p = plan_on(&sc, 10);
	cr_assert(p.fits);
	cr_assert_eq(p.level, FIT_TIGHT);
	sc.overhead_gib = 10485761 / GIB;
	cr_assert_not(plan_on(&sc, 10).fits);
}

Test(search, forced_count_without_a_valid_split_is_replicas)
{
	/* 33 cards, one sequence: 33 is odd (no TP), 33 stages exceed 32 layers, and
	 * replicas beyond the one sequence are not considered: plain copies, each with
	 * all 13.48e9 B of weights and the one sequence's 2 GiB cache */
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	scenario_put(&sc, "cards", "33");
	struct plan p = plan_on(&sc, 1e6);
	cr_assert_eq(p.lay.t, 1);
	cr_assert_eq(p.lay.p, 1);
	cr_assert_eq(p.lay.d, 33);
	cr_assert_float_eq(p.per_card.weights, 13.48e9, 1);
	cr_assert_float_eq(p.per_card.kv_cache, 2147483648.0, 1);
}

Test(notes, one_per_condition)
{
	/* counted, not read: one card, 16-bit KV on a card without FP8: nothing to say */
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	cr_assert_eq(plan_on(&sc, 1e6).nnotes, 0);
	cr_assert_eq(plan_on_link(&sc, 1e6, LINK_PCIE).nnotes, 0);
	/* FP8 KV on a card without FP8 */
	scenario_put(&sc, "kv-precision", "fp8");
	cr_assert_eq(plan_on(&sc, 1e6).nnotes, 1);
	/* TP2 over PCIe, and its parallel efficiency: the decode step of one
	 * card over two cards' (SERVING.md §4: the per-layer latency and the
	 * all-reduce TP does not divide) */
	sc = synthetic_scenario(&llama2_7b_arch, "bf16", "inference");
	scenario_put(&sc, "cards", "2");
	struct plan p = plan_on_link(&sc, 1e6, LINK_PCIE);
	cr_assert_eq(p.lay.t, 2);
	cr_assert_eq(p.nnotes, 2);
	cr_assert(p.efficiency > 0.5 && p.efficiency < 0.95, "%g", p.efficiency);
	/* two replicas for two sequences (no TP on 1 head): the replica note only */
	struct model one_head = llama2_7b_arch;
	one_head.heads = 1, one_head.kv_heads = 1, one_head.layers = 1;
	sc = synthetic_scenario(&one_head, "bf16", "inference");
	scenario_put(&sc, "cards", "2");
	scenario_put(&sc, "concurrency", "2");
	p = plan_on(&sc, 1e6);
	cr_assert_eq(p.lay.d, 2);
	cr_assert_eq(p.nnotes, 1);
	/* full fine-tune, DP4 at ZeRO-3 with recomputation: the recomputation note
	 * (no efficiency note without --train-tokens: the time model is not run) */
	sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	scenario_put(&sc, "recompute", "full");
	scenario_put(&sc, "cards", "4");
	p = plan_on(&sc, 1e6);
	cr_assert_eq(p.lay.d, 4);
	cr_assert_eq(p.nnotes, 1);
}

/* How many scenario notes an analysis gets (counted, not read). */
static int scenario_note_count(const struct scenario *sc)
{
	return ref_run(sc, "h100-80g")->nnotes;
}

Test(notes, scenario_notes_per_condition, .init = ref_setup, .fini = ref_teardown)
{
	struct model m = toy_arch;
	m.max_context = 4096;
	/* inference at the native context: nothing; one token beyond it: one note */
	struct scenario sc = synthetic_scenario(&m, "bf16", "inference");
	cr_assert_eq(scenario_note_count(&sc), 0);
	scenario_put(&sc, "context", "4097");
	cr_assert_eq(scenario_note_count(&sc), 1);
	/* training names its accounting and its loss; QLoRA also its NF4 base; LoRA
	 * over int4 its base */
	sc = synthetic_scenario(&m, "bf16", "lora");
	cr_assert_eq(scenario_note_count(&sc), 2);
	sc = synthetic_scenario(&m, "bf16", "full");
	cr_assert_eq(scenario_note_count(&sc), 2);
	sc = synthetic_scenario(&m, "bf16", "qlora");
	cr_assert_eq(scenario_note_count(&sc), 3);
	sc = synthetic_scenario(&m, "int4", "lora");
	cr_assert_eq(scenario_note_count(&sc), 3);
	/* MoE: all parameters resident */
	m.params_b = 8, m.active_params_b = 2, m.experts = 8, m.experts_per_token = 2;
	sc = synthetic_scenario(&m, "bf16", "inference");
	cr_assert_eq(scenario_note_count(&sc), 1);
}

/* Mutation survivors of plan.c that change a plan. */

/* The layout rank orders ZeRO stage before PP: on 4 forced cards TP4 with
 * ZeRO-0 must beat TP2 + ZeRO-1 x2, even though both fit. Llama-2-7B full
 * fine-tune, micro-batch 2, no recomputation: P = 6.74e9, activations
 * X = 2 x 32 x 538,968,064 + 2 x 2,097,152,000 = 38,688,260,096.
 *   TP4:          16P/4 = 26.96e9 + X/4 9,672,065,024 + 1 GiB = 37,705,806,848
 *   TP2 ZeRO-1 x2: P + P + 12P/2/2 = 5P = 33.7e9 + X/2 + 1 GiB = 54,117,871,872
 *   TP2 ZeRO-0 x2: 8P + X/2 + 1 GiB = 74.34e9; DP4 ZeRO-3: 4P + X + 1 GiB = 66.72e9
 * On a 57221 MiB card (60,000,518,144 B) the first two fit, the last two do not.
 * A rank that halved the ZeRO stage into the PP bit would take TP2 + ZeRO-1. */
Test(search, zero_stage_ranks_before_pipeline_and_tensor_size)
{
	struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
	sc.headroom_pct = 0;
	scenario_put(&sc, "cards", "4");
	scenario_put(&sc, "concurrency", "2");
	scenario_put(&sc, "recompute", "none");
	struct plan p = plan_on(&sc, 57221);
	cr_assert(p.fits);
	cr_assert_eq(p.lay.t, 4);
	cr_assert_eq(p.lay.p, 1);
	cr_assert_eq(p.lay.d, 1);
	cr_assert_eq(p.lay.zero, 0);
	cr_assert_float_eq(p.need, 37705806848.0, 1);
}

/* Two replicas keep to the ZeRO stage asked for: the lowest that fits
 * under auto, exactly the fixed one otherwise, even when a lower stage
 * would fit. Llama-2-7B full, no recomputation, a 85831 MiB card
 * (90,000,539,648 B); X = 32 x 538,968,064 + 2,097,152,000 = 19,344,130,048:
 *   ZeRO-0 x2: 16P = 107.84e9 + X: over the card (and 1 card holds the same)
 *   ZeRO-1 x2: 2P + 2P + 12P/2 = 10P = 67.4e9 + X + 1 GiB = 87,817,871,872
 *   ZeRO-3 x2: 16P/2 = 8P = 53.92e9 + X + 1 GiB = 74,337,871,872
 * Pure data parallel ranks before TP2 (8P + X/2 + 1 GiB = 64.14e9). */
Test(search, two_replicas_keep_the_zero_stage_asked_for)
{
	static const struct {
		const char *zero;
		int stage;
		double need;
	} cases[] = {
		{.zero = "auto", .stage = 1, .need = 87817871872.0},
		{.zero = "1", .stage = 1, .need = 87817871872.0},
		{.zero = "3", .stage = 3, .need = 74337871872.0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct scenario sc = synthetic_scenario(&llama2_7b_arch, "bf16", "full");
		sc.headroom_pct = 0;
		scenario_put(&sc, "recompute", "none");
		scenario_put(&sc, "zero", cases[i].zero);
		struct plan p = plan_on(&sc, 85831);
		cr_assert(p.fits, "zero %s", cases[i].zero);
		cr_assert_eq(p.cards, 2, "zero %s", cases[i].zero);
		cr_assert_eq(p.lay.t, 1, "zero %s", cases[i].zero);
		cr_assert_eq(p.lay.d, 2, "zero %s", cases[i].zero);
		cr_assert_eq(p.lay.zero, cases[i].stage, "zero %s", cases[i].zero);
		cr_assert_float_eq(p.need, cases[i].need, 1, "zero %s", cases[i].zero);
	}
}
