/* The training time model (PERFORMANCE.md §3): FLOPs, all-reduce, days,
 * billing, the deadline solver, the tiers and the published runs. Every expected value is worked by hand
 * from the formulas; the inputs and the arithmetic are beside it. The USL
 * fit and the parsers are in test_usl.c.
 *
 * Shared inputs unless a test says otherwise:
 *   Llama-2-7B: P_act = P = 6.74e9, L = 32, h = 4096, s = 2048;
 *   LoRA r16 trains 39,976,960 parameters (test_fidelity);
 *   D = 2B tokens (2e9), global batch 1M tokens (1e6) -> 2000 steps;
 *   H100: bf16 989 TFLOPS, fp8 1979, mfu_train 0.40, NVLink 900 GB/s;
 *   goodput 0.90, overlap 0.5, 8 cards per machine. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "training_time.h"

#define LORA_P 39976960.0
#define P7 6.74e9

/* |got − want| within 'rel' of want. */
#define assert_rel(got, want, rel)                                                         \
	do {                                                                                \
		double g_ = (got), w_ = (want);                                             \
		cr_assert(fabs(g_ - w_) <= (rel) * fabs(w_), "%s = %.12g, expected %.12g", \
			  #got, g_, w_);                                                    \
	} while (0)

static struct train_input h100_7b(enum task_kind task, int cards, double node_gbs)
{
	return (struct train_input){
		.model = {.p_act = P7, .p_train = task == TASK_FULL ? P7 : LORA_P, .layers = 32,
			  .hidden = 4096, .seq_len = 2048},
		.job = {.task = task, .tokens = 2e9, .global_batch = 1e6},
		.gpu = {.bf16_tflops = 989, .fp8_tflops = 1979, .mfu_train = 0.40, .link_gbs = 900,
			.calibration = TRAIN_CAL_PUBLISHED},
		.shape = {.cards = cards, .tp = 1, .pp = 1},
		.net = {.node_gbs = node_gbs, .kind = NET_UNKNOWN},
	};
}

static struct train_result run(const struct train_input *in)
{
	struct train_result r;
	char err[200] = "";
	cr_assert(training_time(in, &r, err, sizeof err), "%s", err);
	return r;
}

Test(training, llama_65b_sanity_check)
{
	/* PERFORMANCE.md's check. LLaMA-65B: P = 65.2e9, L = 80, h = 8192,
	 * s = 2048, D = 1.4e12, global batch 4e6 (350,000 steps); 2048 A100
	 * (312 TFLOPS, mfu 0.45, NVLink 600) as TP8 x DP256, IB assumed (200).
	 * FLOPs = 6 x 65.2e9 x 1.4e12 + 12 x 80 x 8192 x 2048 x 1.4e12
	 *       = 5.4768e23 + 2.2548578304e22 = 5.70228578304e23
	 * t_c = 5.70228578304e23 / 350000 / (2048 x 312e12 x 0.45) = 5.6661 s
	 * s_c = 2 x 65.2e9 / 8 = 16.3e9 B; n = 256 machines, g = 1:
	 * t_ar = 2 x 255/256 x 8 x 16.3e9 / 200e9 = 1.29890625 s < 0.5 t_c: eff 1
	 * days = 5.70228578304e23 / (2048 x 312e12 x 0.45 x 0.9) / 86400 = 25.503 */
	struct train_input in = {
		.model = {.p_act = 65.2e9, .p_train = 65.2e9, .layers = 80, .hidden = 8192,
			  .seq_len = 2048},
		.job = {.task = TASK_FULL, .tokens = 1.4e12, .global_batch = 4e6},
		.gpu = {.bf16_tflops = 312, .mfu_train = 0.45, .link_gbs = 600},
		.shape = {.cards = 2048, .tp = 8, .pp = 1},
		.net = {.kind = NET_IB},
	};
	struct train_result r = run(&in);
	assert_rel(r.flops, 5.70228578304e23, 1e-12);
	assert_rel(r.t_c, 5.666095299145299, 1e-9);
	assert_rel(r.s_c, 16.3e9, 1e-12);
	assert_rel(r.t_ar, 1.29890625, 1e-9);
	cr_assert_eq(r.eff, 1.0);
	assert_rel(r.days, 25.50325816230523, 1e-9);
	assert_rel(r.card_hours, 25.50325816230523 * 24 * 2048, 1e-9);
	cr_assert_eq(r.machines, 256);
	cr_assert_eq(r.dp, 256);
	cr_assert_eq(r.notes, TRAIN_NOTE_NODE_ASSUMED);
	cr_assert_eq(r.band_pct, 25);
}

Test(training, lora_7b_on_one_card)
{
	/* k = 4. FLOPs = 4 x 6.74e9 x 2e9 + 12 x 32 x 4096 x 2048 x 2e9
	 *             = 5.392e19 + 6.442450944e18 = 6.0362450944e19
	 * days = 6.0362450944e19 / (989e12 x 0.40 x 0.9) / 86400 = 1.96225 */
	struct train_input in = h100_7b(TASK_LORA, 1, 0);
	struct train_result r = run(&in);
	cr_assert_eq(r.k, 4);
	assert_rel(r.flops, 6.0362450944e19, 1e-12);
	assert_rel(r.t_c, 76.2922787462083, 1e-9);
	cr_assert_eq(r.t_ar, 0);
	cr_assert_eq(r.eff, 1.0);
	assert_rel(r.days, 1.962249967752271, 1e-9);
	assert_rel(r.card_hours, 47.0939992260545, 1e-9);
	cr_assert_eq(r.notes, 0, "one card needs no network");
}

Test(training, lora_7b_on_eight_cards_of_one_machine)
{
	/* s_c = 2 x 39,976,960 = 79,953,920 B; g = 8 on NVLink:
	 * t_ar = 2 x 7/8 x 79,953,920 / 900e9 = 1.55466e-4 s; t_c = 9.5365 s
	 * eff 1, days = 1.96225 / 8 = 0.245281 */
	struct train_input in = h100_7b(TASK_LORA, 8, 0);
	struct train_result r = run(&in);
	assert_rel(r.s_c, 79953920.0, 1e-12);
	assert_rel(r.t_ar_intra, 0.00015546595555555556, 1e-9);
	cr_assert_eq(r.t_ar_inter, 0);
	cr_assert_eq(r.eff, 1.0);
	assert_rel(r.days, 0.24528124596903386, 1e-9);
	cr_assert_eq(r.notes, 0, "inside one machine the network is not used");
}

Test(training, lora_7b_across_two_machines)
{
	/* 16 cards = 2 machines; t_c = 4.76827 s, half hidden = 2.38413 s.
	 * Inter-node t_ar = 2 x 1/2 x 8 x 79,953,920 / node_gbs:
	 *   IB 200 GB/s:        0.0031982 s -> eff 1
	 *   25G Ethernet 6.25:  0.1023410 s -> eff 1 (LoRA gradients are small)
	 *   shared 1000M 0.125: 5.1170509 s (+1.555e-4 inside) -> exposed
	 *     5.1172063 - 2.3841337 = 2.7330726; eff = 4.7682674 / 7.5013400
	 *     = 0.635660 ("并行效率只有六成") */
	struct train_input in = h100_7b(TASK_LORA, 16, 200);
	struct train_result ib = run(&in);
	assert_rel(ib.t_ar_inter, 0.0031981568, 1e-9);
	cr_assert_eq(ib.eff, 1.0);
	assert_rel(ib.days, 0.12264062298451693, 1e-9);
	in.net.node_gbs = 6.25;
	struct train_result eth = run(&in);
	assert_rel(eth.t_ar_inter, 0.1023410176, 1e-9);
	cr_assert_eq(eth.eff, 1.0);
	in.net.node_gbs = 0.125;
	struct train_result slow = run(&in);
	double t_c = 4.7682674216380185, t_ar = 5.1170508800 + 0.00015546595555555556;
	assert_rel(slow.eff, t_c / (t_c + t_ar - 0.5 * t_c), 1e-9);
	assert_rel(slow.eff, 0.63566, 1e-4);
	assert_rel(slow.idle_share, 1 - slow.eff, 1e-12);
	assert_rel(slow.days, 0.12264062298451693 / slow.eff, 1e-9);
}

Test(training, full_fine_tune_across_ethernet_loses_two_thirds)
{
	/* Full 7B, 16 cards, DP only: s_c = 2 x 6.74e9 = 13.48e9 B.
	 * FLOPs = 6 x 6.74e9 x 2e9 + 6.442450944e18 = 8.7322450944e19; t_c = 6.897944 s
	 * inside: 2 x 7/8 x 13.48e9 / 900e9 = 0.0262111 s
	 * IB: 8 x 13.48e9 / 200e9 = 0.5392 s -> eff 1
	 * 25G Ethernet: 8 x 13.48e9 / 6.25e9 = 17.2544 s -> exposed 17.2806111
	 *   - 3.448972 = 13.831639; eff = 6.897944 / 20.729583 = 0.332758 */
	struct train_input in = h100_7b(TASK_FULL, 16, 200);
	struct train_result ib = run(&in);
	cr_assert_eq(ib.eff, 1.0);
	assert_rel(ib.t_ar, 0.5392 + 0.026211111111111112, 1e-9);
	in.net.node_gbs = 6.25;
	struct train_result eth = run(&in);
	assert_rel(eth.t_ar_inter, 17.2544, 1e-9);
	assert_rel(eth.eff, 0.3327584471136466, 1e-9);
	assert_rel(eth.days, 0.5331682881264092, 1e-9);
}

Test(training, tensor_parallel_shrinks_the_gradient_each_card_sends)
{
	/* Same as above on 25G Ethernet with TP8 inside each machine:
	 * s_c = 13.48e9 / 8 = 1.685e9; g = 1, DP 2 across machines:
	 * t_ar = 8 x 1.685e9 / 6.25e9 = 2.1568 s < 3.449: eff 1. TP4: s_c =
	 * 3.37e9, g = 2: 2 x 1/2 x 3.37e9/900e9 + 8 x 3.37e9/6.25e9 = 4.3173444
	 * -> eff = 6.897944 / (6.897944 + 4.3173444 - 3.448972) = 0.888187 */
	struct train_input in = h100_7b(TASK_FULL, 16, 6.25);
	in.shape.tp = 8;
	struct train_result tp8 = run(&in);
	assert_rel(tp8.s_c, 1.685e9, 1e-12);
	assert_rel(tp8.t_ar, 2.1568, 1e-9);
	cr_assert_eq(tp8.eff, 1.0);
	in.shape.tp = 4;
	assert_rel(run(&in).eff, 0.8881873373174521, 1e-9);
	/* The built-in shape rule picks TP8 for 16 cards: the shortest days */
	in.shape.tp = 1;
	struct train_shape_rule rule = {.base = &in};
	struct train_point at;
	cr_assert(training_days_best_shape(&rule, 16, &at));
	cr_assert_eq(rule.chosen.tp, 8);
	cr_assert_eq(at.eff, 1.0);
	assert_rel(at.days, 0.17741625160718522, 1e-9);
	/* ... unless the heads only divide by 1, 2 and 4 */
	rule.tp_mask = (1u << 1) | (1u << 2) | (1u << 4);
	cr_assert(training_days_best_shape(&rule, 16, &at));
	cr_assert_eq(rule.chosen.tp, 4);
}

Test(training, zero3_gathers_parameters_too)
{
	/* ZeRO-3: s_c = 1.5 x 13.48e9 = 20.22e9; over 25G Ethernet at 16 cards:
	 * t_ar = 2 x 7/8 x 20.22e9/900e9 + 8 x 20.22e9/6.25e9
	 *      = 0.0393167 + 25.8816 = 25.9209167 s; eff = 6.897944 / 29.369889 */
	struct train_input in = h100_7b(TASK_FULL, 16, 6.25);
	in.shape.zero = 3;
	struct train_result r = run(&in);
	assert_rel(r.s_c, 20.22e9, 1e-12);
	assert_rel(r.t_ar, 25.9209166666666667, 1e-9);
	assert_rel(r.eff, 0.23486448848764604, 1e-9);
	in.shape.zero = 2; /* ZeRO 1 and 2 move the same bytes as plain DP */
	assert_rel(run(&in).s_c, 13.48e9, 1e-12);
}

Test(training, qlora_is_lora_times_1_4)
{
	/* One card: QLoRA days = LoRA days x 1.4 = 1.96225 x 1.4 = 2.747150 */
	struct train_input in = h100_7b(TASK_QLORA, 1, 0);
	struct train_result r = run(&in);
	cr_assert_eq(r.k, 4);
	assert_rel(r.days, 1.962249967752271 * 1.4, 1e-9);
	assert_rel(r.t_c, 76.2922787462083 * 1.4, 1e-9);
}

Test(training, recomputation_repeats_the_forward_pass)
{
	/* Full + recompute: k = 8: FLOPs = 8 x 6.74e9 x 2e9 + 6.442450944e18
	 * = 1.14282450944e20. LoRA + recompute: k = 6. */
	struct train_input in = h100_7b(TASK_FULL, 1, 0);
	cr_assert_eq(run(&in).k, 6);
	in.job.recompute = true;
	struct train_result r = run(&in);
	cr_assert_eq(r.k, 8);
	assert_rel(r.flops, 1.14282450944e20, 1e-12);
	in = h100_7b(TASK_LORA, 1, 0);
	in.job.recompute = true;
	cr_assert_eq(run(&in).k, 6);
}

Test(training, fp8_uses_its_peak_at_three_quarters_of_the_mfu)
{
	/* Full 7B, one H100 in FP8: 1979 TFLOPS x 0.40 x 0.75 = 593.7 TFLOPS;
	 * days = 8.7322450944e19 / (593.7e12 x 0.9) / 86400 = 1.891484 */
	struct train_input in = h100_7b(TASK_FULL, 1, 0);
	in.job.fp8 = true;
	struct train_result r = run(&in);
	cr_assert_eq(r.peak_tflops, 1979);
	assert_rel(r.mfu, 0.30, 1e-12);
	assert_rel(r.days, 1.8914837563969, 1e-9);
	cr_assert_eq(r.notes, 0);
	/* An A100 has no FP8: BF16 is used, and said */
	in.gpu.fp8_tflops = 0;
	r = run(&in);
	cr_assert_eq(r.peak_tflops, 989);
	cr_assert_eq(r.notes, TRAIN_NOTE_NO_FP8);
}

Test(training, network_defaults_are_noted)
{
	/* 16 cards with no inter_node_gbs: ib -> 200, ethernet -> 6.25, empty
	 * -> Ethernet (noted), none -> shared 1000M 0.125 (noted) */
	struct train_input in = h100_7b(TASK_LORA, 16, 0);
	in.net.kind = NET_IB;
	struct train_result r = run(&in);
	cr_assert_eq(r.node_gbs, 200);
	cr_assert_eq(r.notes, TRAIN_NOTE_NODE_ASSUMED);
	in.net.kind = NET_ETHERNET;
	cr_assert_eq(run(&in).node_gbs, 6.25);
	in.net.kind = NET_UNKNOWN;
	r = run(&in);
	cr_assert_eq(r.node_gbs, 6.25);
	cr_assert_eq(r.notes, TRAIN_NOTE_NODE_ASSUMED | TRAIN_NOTE_NET_UNKNOWN);
	in.net.kind = NET_NONE;
	r = run(&in);
	cr_assert_eq(r.node_gbs, 0.125);
	cr_assert_eq(r.notes, TRAIN_NOTE_NODE_ASSUMED | TRAIN_NOTE_NO_NETWORK);
}

Test(training, estimate_rows_get_the_wider_band)
{
	struct train_input in = h100_7b(TASK_LORA, 1, 0);
	in.gpu.calibration = TRAIN_CAL_ESTIMATE;
	cr_assert_eq(run(&in).band_pct, 50);
}

Test(training, refuses_what_it_cannot_use)
{
	char err[200];
	struct train_result r;
	struct train_input in = h100_7b(TASK_INFERENCE, 1, 0);
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a training task (full, lora, qlora)");
	in = h100_7b(TASK_FULL, 12, 0);
	in.shape.tp = 8;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a card count that TP x PP divides");
	in = h100_7b(TASK_FULL, 1, 0);
	in.gpu.mfu_train = 1.5;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	in = h100_7b(TASK_FULL, 1, 0);
	in.job.tokens = 0;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected tokens to train and a global batch above 0");
}

/* ---- Billing ---- */

/* H100 offers (prices/offers.csv 2026-10-12): container 9,345 per card a
 * month up to 4 cards, bare metal 88,480 a machine; an hourly price of
 * 12.8 per card is a test input (the bundled H100 row has none). */
static const struct train_prices h100_prices = {
	.card_hourly = 12.8, .card_monthly = 9345, .max_cards = 4, .machine_monthly = 88480};

Test(billing, three_ways_for_a_short_job)
{
	/* 4 cards for 100 h: hourly 4 x 12.8 x 100 = 5,120; monthly 4 x 9,345
	 * x ceil(100/730) = 37,380; bare metal 1 x 88,480 x 1. Hourly wins. */
	struct train_bill b;
	training_bill(&h100_prices, 4, 100, 8, &b);
	cr_assert_float_eq(b.cost[RENT_CONTAINER_HOURLY], 5120, 1e-9);
	cr_assert_float_eq(b.cost[RENT_CONTAINER_MONTHLY], 37380, 1e-9);
	cr_assert_float_eq(b.cost[RENT_BAREMETAL], 88480, 1e-9);
	cr_assert_eq(b.cards[RENT_BAREMETAL], 8);
	cr_assert_eq(b.cheapest, RENT_CONTAINER_HOURLY);
}

Test(billing, long_job_months_and_containers_limit)
{
	/* 4 cards for 1,000 h: hourly 51,200; monthly 4 x 9,345 x 2 = 74,760;
	 * bare metal 88,480 x 2 = 176,960: hourly still cheapest. */
	struct train_bill b;
	training_bill(&h100_prices, 4, 1000, 8, &b);
	cr_assert_float_eq(b.cost[RENT_CONTAINER_HOURLY], 51200, 1e-9);
	cr_assert_float_eq(b.cost[RENT_CONTAINER_MONTHLY], 74760, 1e-9);
	cr_assert_float_eq(b.cost[RENT_BAREMETAL], 176960, 1e-9);
	/* Without the hourly price, 730 h of 4 cards: monthly 37,380 < 88,480 */
	struct train_prices monthly_only = h100_prices;
	monthly_only.card_hourly = -1;
	training_bill(&monthly_only, 4, 730, 8, &b);
	cr_assert_not(b.offered[RENT_CONTAINER_HOURLY]);
	cr_assert_eq(b.cheapest, RENT_CONTAINER_MONTHLY);
	/* 12 cards: beyond the container's 4, bare metal 2 machines x 88,480 */
	training_bill(&h100_prices, 12, 100, 8, &b);
	cr_assert_not(b.offered[RENT_CONTAINER_HOURLY]);
	cr_assert_not(b.offered[RENT_CONTAINER_MONTHLY]);
	cr_assert_float_eq(b.cost[RENT_BAREMETAL], 176960, 1e-9);
	cr_assert_eq(b.cards[RENT_BAREMETAL], 16);
	cr_assert_eq(b.cheapest, RENT_BAREMETAL);
	/* Nothing offered */
	struct train_prices none = {.card_hourly = -1, .card_monthly = -1, .machine_monthly = -1};
	training_bill(&none, 1, 10, 8, &b);
	cr_assert_eq(b.cheapest, RENT_NONE);
}

/* ---- The deadline solver and the tiers ---- */

/* A full fine-tune of the 7B on 20B tokens (D = 2e10, 20,000 steps), pure
 * data parallel, IB between machines. With eff = 1:
 * days(G) = 8.7322450944e20 / (G x 989e12 x 0.40 x 0.9) / 86400
 *         = 28.386600257 / G: G=2 14.1933, G=4 7.09665, G=6 4.73110 */
static struct train_input ft20;

static bool dp_only_days(void *ctx, int cards, struct train_point *out)
{
	struct train_input in = *(const struct train_input *)ctx;
	struct train_result r;
	char err[160];
	in.shape.cards = cards;
	if (!training_time(&in, &r, err, sizeof err))
		return false;
	*out = (struct train_point){.days = r.days, .eff = r.eff};
	return true;
}

/* Replicas of 3 cards (a PP3 memory plan): one machine holds 6 of them,
 * two hold 15 */
Test(deadline, bare_metal_fills_machines_with_whole_replicas)
{
	struct train_input in = h100_7b(TASK_FULL, 3, 200);
	in.job.tokens = 2e10;
	in.shape.pp = 3;
	struct train_search s = {.min_cards = 3, .step = 3, .deadline_days = 3.5,
				 .prices = {.card_hourly = -1, .card_monthly = -1,
					    .machine_monthly = 88480},
				 .days = dp_only_days, .ctx = &in};
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	/* 6 cards: 28.3866 / 6 = 4.73 d > 3.5; 15 cards: 1.892 d (eff 1), 2
	 * machines */
	cr_assert(c.met);
	cr_assert_eq(c.cards, 15);
	assert_rel(c.at.days, 28.386600257149634 / 15, 1e-9);
	cr_assert_float_eq(c.cost, 2 * 88480.0, 1e-9);
}

static struct train_search ft20_search(double deadline)
{
	ft20 = h100_7b(TASK_FULL, 2, 200);
	ft20.job.tokens = 2e10;
	/* memory minimum 2 cards (ZeRO), grown in whole replicas of 2 */
	return (struct train_search){.min_cards = 2, .step = 2, .deadline_days = deadline,
				     .prices = h100_prices, .days = dp_only_days, .ctx = &ft20};
}

Test(deadline, cheapest_count_that_meets_seven_and_a_half_days)
{
	/* 7.5 days: G=2 (14.19) misses; G=4 (7.09665 d = 170.3196 h) meets:
	 * hourly 4 x 12.8 x 170.3196 = 8,720.36; monthly 37,380; bare metal
	 * 88,480 for its whole machine, where bare metal runs G=8 (3.548 d).
	 * Larger G only cost more. */
	struct train_search s = ft20_search(7.5);
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert(c.met);
	cr_assert_eq(c.way, RENT_CONTAINER_HOURLY);
	cr_assert_eq(c.cards, 4);
	assert_rel(c.at.days, 7.096650064287409, 1e-9);
	assert_rel(c.cost, 4 * 12.8 * 7.096650064287409 * 24, 1e-9);
	cr_assert_eq(c.ways[RENT_CONTAINER_MONTHLY].cards, 4);
	cr_assert_float_eq(c.ways[RENT_CONTAINER_MONTHLY].bill.cost[RENT_CONTAINER_MONTHLY], 37380,
			   1e-9);
	cr_assert_eq(c.ways[RENT_BAREMETAL].cards, 8);
	assert_rel(c.ways[RENT_BAREMETAL].at.days, 3.5483250321437043, 1e-9);
}

Test(deadline, seven_days_needs_a_machine)
{
	/* 7 days: G=4 (7.097) misses and containers stop at 4 cards, so bare
	 * metal: one machine, all 8 cards (3.548 d), 88,480 — not 6 of them
	 * with 2 paid cards idle. 16 cards cost 2 machines. */
	struct train_search s = ft20_search(7);
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert(c.met);
	cr_assert_eq(c.way, RENT_BAREMETAL);
	cr_assert_eq(c.cards, 8);
	assert_rel(c.at.days, 3.5483250321437043, 1e-9);
	cr_assert_float_eq(c.cost, 88480, 1e-9);
	cr_assert_not(c.ways[RENT_CONTAINER_HOURLY].found);
}

Test(deadline, none_meets_it_says_the_fastest)
{
	/* 0.3 days: even 512 cards (64 machines) take 0.307495 days (eff 0.18:
	 * t_c 0.2156 s against 1.0877 s of all-reduce) */
	struct train_search s = ft20_search(0.3);
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert_not(c.met);
	cr_assert_eq(c.way, RENT_NONE);
	cr_assert_eq(c.cards, 512);
	assert_rel(c.at.days, 0.3074952376446698, 1e-9);
}

Test(tiers, doubling_up_to_64_machines)
{
	/* G = 2, 4, …, 512: 9 tiers. Efficiency holds to 32 cards on IB, then
	 * falls: 64 -> 0.94129, 128 -> 0.58723, 512 -> 0.18030. Tier 1 (2
	 * cards, 14.19 d = 340.64 h): hourly 2 x 12.8 x 340.6392 = 8,720.36 */
	struct train_search s = ft20_search(7);
	struct train_tier t[TRAIN_MAX_TIERS];
	int n = training_tiers(&s, t, TRAIN_MAX_TIERS);
	cr_assert_eq(n, 9);
	cr_assert_eq(t[0].cards, 2);
	assert_rel(t[0].at.days, 14.193300128574817, 1e-9);
	cr_assert_eq(t[0].way, RENT_CONTAINER_HOURLY);
	assert_rel(t[0].cost, 2 * 12.8 * 14.193300128574817 * 24, 1e-9);
	cr_assert_eq(t[4].cards, 32);
	cr_assert_eq(t[4].at.eff, 1.0);
	assert_rel(t[5].at.eff, 0.9412855064394354, 1e-9);
	assert_rel(t[6].at.eff, 0.587225933234149, 1e-9);
	cr_assert_eq(t[8].cards, 512);
	assert_rel(t[8].at.eff, 0.1803038611326813, 1e-9);
	cr_assert_eq(t[8].way, RENT_BAREMETAL);
	cr_assert_float_eq(t[8].cost, 64 * 88480.0, 1e-6);
}

/* ---- Published training runs (tests/fixtures/training_published.csv) ---- */

#define FIELDS 32

/* Splits one CSV line (no quoted fields in this fixture) in place. */
static int split_line(char *line, char **f)
{
	int n = 0;
	line[strcspn(line, "\r\n")] = '\0';
	for (char *p = line; n < FIELDS; p++) {
		f[n++] = p;
		p = strchr(p, ',');
		if (!p)
			break;
		*p = '\0';
	}
	return n;
}

struct published {
	char *hdr[FIELDS], *val[FIELDS];
	int n;
};

static const char *field(const struct published *r, const char *name)
{
	for (int i = 0; i < r->n; i++)
		if (strcmp(r->hdr[i], name) == 0)
			return r->val[i];
	cr_assert_fail("no column %s", name);
	return "";
}

static double num(const struct published *r, const char *name)
{
	return atof(field(r, name));
}

/* The fixture row as model inputs, and the reported duration in days. */
static struct train_input published_input(const struct published *r, double *reported_days)
{
	struct train_input in = {
		.model = {.p_act = num(r, "p_act"), .p_train = num(r, "p_train"),
			  .layers = (int)num(r, "layers"), .hidden = (int)num(r, "hidden"),
			  .seq_len = num(r, "seq_len")},
		.job = {.task = TASK_FULL, .fp8 = strcmp(field(r, "fp8"), "yes") == 0,
			.tokens = num(r, "tokens"), .global_batch = num(r, "global_batch")},
		.gpu = {.bf16_tflops = num(r, "bf16_tflops"), .fp8_tflops = num(r, "fp8_tflops"),
			.mfu_train = num(r, "mfu_train"), .link_gbs = num(r, "link_gbs")},
		.shape = {.cards = (int)num(r, "gpus"), .tp = (int)num(r, "tp"),
			  .pp = (int)num(r, "pp"), .zero = (int)num(r, "zero")},
		.net = {.node_gbs = num(r, "node_gbs")},
	};
	*reported_days = *field(r, "reported_days")
				 ? num(r, "reported_days")
				 : num(r, "reported_gpu_hours") / in.shape.cards / 24;
	return in;
}

Test(published, share_within_25_percent)
{
	/* Default efficiencies (A100 0.45, H100 0.40, goodput 0.9, overlap 0.5).
	 * Found when this test was written: calibration 9 of 11 within ±25 %
	 * (out: LLaMA-13B ×1.35, Llama-3.1-8B ×0.49 — Meta's 8B GPU-hours are
	 * twice 6ND at 40 % MFU); held out 4 of 5 (out: DeepSeek-V3 ×0.70 — its
	 * FP8 MoE run did not reach 0.75 × mfu_train at the FP8 peak). */
	FILE *fp = fopen(FIXTURES "/training_published.csv", "r");
	cr_assert(fp, "training_published.csv");
	char header[1024], line[1024];
	struct published r = {0};
	int within[2] = {0}, total[2] = {0};
	while (fgets(header, sizeof header, fp) && header[0] == '#')
		;
	int nh = split_line(header, r.hdr);
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		r.n = split_line(line, r.val);
		cr_assert_eq(r.n, nh, "%s: %d fields, expected %d", r.val[0], r.n, nh);
		double reported;
		struct train_input in = published_input(&r, &reported);
		struct train_result res = run(&in);
		double ratio = res.days / reported;
		int held = strcmp(field(&r, "role"), "heldout") == 0;
		total[held]++;
		within[held] += fabs(ratio - 1) <= 0.25;
		fprintf(stderr, "%-10s %-15s model %7.2f d, reported %7.2f d, ratio %.3f, eff %.3f\n",
			held ? "heldout" : "calibrate", r.val[0], res.days, reported, ratio, res.eff);
	}
	fclose(fp);
	fprintf(stderr, "within ±25 %%: calibration %d of %d, held out %d of %d\n", within[0],
		total[0], within[1], total[1]);
	cr_assert_geq(within[0], 0.65 * total[0]);
	cr_assert_eq(total[0], 11);
	cr_assert_eq(within[0], 9);
	cr_assert_eq(total[1], 5);
	cr_assert_eq(within[1], 4);
}

Test(deadline, measured_speed_ups_replace_the_model)
{
	/* --measured "1:1520,2:2900": σ = 2 x 1520/2900 − 1 = 0.0482758621, κ = 0.
	 * LoRA on 2B tokens, 7-day deadline, cards 1, 2, 3, …:
	 * days(G) = 2e9 (1 + σ(G−1)) / (1520 G x 0.9 x 86400); G = 1: 16.92 d,
	 * G = 2: 8.87 d, G = 3: 6.19 d -> containers meet it at 3 cards:
	 * hourly 3 x 12.8 x 6.19 x 24 = 5,707; monthly 3 x 9,345 = 28,035. */
	struct usl_point p[] = {{.cards = 1, .tokens_per_s = 1520}, {.cards = 2, .tokens_per_s = 2900}};
	struct usl_fit f;
	char err[200];
	cr_assert(usl_fit(p, 2, &f, err, sizeof err), "%s", err);
	struct train_usl_rule rule = {.fit = &f, .tokens = 2e9};
	struct train_search s = {.min_cards = 1, .step = 1, .deadline_days = 7,
				 .prices = h100_prices, .days = training_days_usl, .ctx = &rule};
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	double sigma = 2 * 1520.0 / 2900 - 1;
	double days3 = 2e9 * (1 + 2 * sigma) / (1520.0 * 3 * 0.9 * 86400);
	cr_assert(c.met);
	cr_assert_eq(c.cards, 3);
	cr_assert_eq(c.way, RENT_CONTAINER_HOURLY);
	assert_rel(c.at.days, days3, 1e-12);
	assert_rel(c.at.eff, 1 / (1 + 2 * sigma), 1e-12);
	assert_rel(c.cost, 3 * 12.8 * days3 * 24, 1e-12);
}

/* ---- Found unpinned by mutation testing (tests/mutation-report.txt) ---- */

/* The input check's edges. mfu_train must be above 0 (0 would give
 * infinite days) and at most 1: 1 is taken. A model without a known
 * shape (layers, hidden, sequence 0: "of at least 0") trains on the
 * k·P·D term alone: LoRA (k = 4) of 6.74e9 parameters on 2e9 tokens on
 * one H100 (989 TFLOPS, MFU 0.40): 4·6.74e9·2e9 = 5.392e19 FLOPs over
 * 989e12·0.40 = 3.956e14 FLOP/s = 136,299.29 s; over goodput 0.9 and
 * 86,400 s a day: 1.7528201 days. */
Test(training, input_edges_zero_mfu_refused_zero_shape_taken)
{
	char err[200];
	struct train_result r;
	struct train_input in = h100_7b(TASK_LORA, 1, 0);
	in.gpu.mfu_train = 0;
	cr_assert_not(training_time(&in, &r, err, sizeof err));
	cr_assert_str_eq(err, "expected a BF16 peak above 0 and 0 < mfu_train <= 1");
	in.gpu.mfu_train = 1;
	cr_assert(training_time(&in, &r, err, sizeof err), "%s", err);
	in = h100_7b(TASK_LORA, 1, 0);
	in.model.layers = 0;
	in.model.hidden = 0;
	in.model.seq_len = 0;
	r = run(&in);
	cr_assert_float_eq(r.flops, 5.392e19, 1e4);
	assert_rel(r.days, 5.392e19 / (989e12 * 0.40) / 0.9 / 86400, 1e-12);
	assert_rel(r.days, 1.752820115925385, 1e-12);
}

/* Cards one already owns, entered at a price of 0: they are offered and
 * cost nothing, not "not offered". 2 cards for 100 h: hourly 2 × 0 × 100
 * = 0, monthly 2 × 0 × 1 = 0; no bare metal. Equal totals keep the first
 * way, the hourly one. The deadline solver takes them too: the 7.5-day
 * fine-tune of ft20 meets it at 4 cards (7.0967 d; 2 cards take 14.19),
 * the hourly way, for 0. */
Test(billing, cards_at_price_zero_are_offered_for_nothing)
{
	static const struct train_prices own = {
		.card_hourly = 0, .card_monthly = 0, .max_cards = 4, .machine_monthly = -1};
	struct train_bill b;
	training_bill(&own, 2, 100, 8, &b);
	cr_assert(b.offered[RENT_CONTAINER_HOURLY]);
	cr_assert(b.offered[RENT_CONTAINER_MONTHLY]);
	cr_assert_not(b.offered[RENT_BAREMETAL]);
	cr_assert_eq(b.cost[RENT_CONTAINER_HOURLY], 0);
	cr_assert_eq(b.cost[RENT_CONTAINER_MONTHLY], 0);
	cr_assert_eq(b.cheapest, RENT_CONTAINER_HOURLY);
	struct train_search s = ft20_search(7.5);
	s.prices = own;
	struct train_choice c;
	cr_assert(training_solve_deadline(&s, &c));
	cr_assert(c.met);
	cr_assert_eq(c.cards, 4);
	cr_assert_eq(c.way, RENT_CONTAINER_HOURLY);
	cr_assert_eq(c.cost, 0);
	assert_rel(c.at.days, 7.096650064287409, 1e-9);
}
