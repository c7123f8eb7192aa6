/* Training time wired into the plans (TRAINING.md): the shape search and
 * the offer choice on the reference fixture (the bundled data), the
 * worked examples of §13, the deadline solver and the tiers, --measured
 * and its band, and the JSON keys.
 *
 * Inputs of §13 A: Llama-3.1-8B (8.03B, L 32, h 4096, a 32, a_kv 8, i
 * 14336, V 128256, untied), full fine-tune, bf16, s 4096, B_tok 1 Mi (S
 * 256), D 2B tokens, headroom 20 %, loss full, recompute auto.
 * RTX 4090: 165 TFLOPS, mfu_train 0.35, PCIe 32 (bw_link 8); bare metal
 * 四川二区 ¥9,200 a machine, 25G以太网×2 (6.25 GB/s). H100: 989, 0.45,
 * NVLink 900 (bw_link 450); 吉林一区 ¥87,200, IB 400G×4 (200); 宁夏一区
 * ¥88,480 (2026-10-12, network empty: 共享1000M 0.125 GB/s inherited from
 * its 2026-09-28 quote); container ¥9,345 a card-month up to 4. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "helpers.h"

#define DAY 86400.0

TestSuite(time_outputs, .init = ref_setup, .fini = ref_teardown);

static const struct plan *run_on(const char *gpu, const char *model, const char *task,
				 const char *tokens, ...)
{
	static struct scenario sc;
	const char *kv[16] = {0};
	int n = 0;
	va_list ap;
	va_start(ap, tokens);
	for (const char *k; n < 14 && (k = va_arg(ap, const char *)); n += 2) {
		kv[n] = k;
		kv[n + 1] = va_arg(ap, const char *);
	}
	va_end(ap);
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &ref_catalog, model, "task", task, "train-tokens", tokens, kv[0], kv[1],
		      kv[2], kv[3], kv[4], kv[5], kv[6], kv[7], NULL);
	return plan_of(ref_run(&sc, gpu), gpu);
}

static void assert_rel(double got, double want, double tol, const char *what)
{
	cr_assert(fabs(got - want) <= tol * fabs(want), "%s: %.12g, want %.12g", what, got, want);
}

static const struct message *note_of(const struct plan *p, enum message_code code)
{
	for (int i = 0; i < p->nnotes; i++)
		if (p->notes[i].code == code)
			return &p->notes[i];
	return NULL;
}

static const char *region_of(const struct plan *p)
{
	const struct training_estimate *t = &p->training;
	return t->offer >= 0 ? t->offers[t->offer].q.newest->region : "";
}

/* §13 A, 4090 ×8 in one machine. With main's loss accounting (16 B per
 * token and vocabulary entry, TRAINING.md §13 counted 8) the last stage
 * holds 16 × 4096 × 128,256 / t B of logits: at TP2 4.20e9, which with the
 * model states 16 × 8.03e9 / 8 = 16.06e9 and 1 GiB of overhead leaves
 * 0.13e9 of the 24,564 MiB / 1.2 = 21.46e9 usable, less than even the 8
 * recomputed layer inputs (8 × 2·s·h / 2 = 134e6): TP2×PP4 no longer fits.
 * TP4 (logits 2.10e9) does, PP2 with 2 of a stage's 16 layers recomputed
 * (r = 0.125). Re-derived by hand (§2, §4): N_mm = 8.03e9 − 128,256 × 4096
 * = 7,504,663,424; k = 6 + 2r = 6.25; F_lin + F_att = 6.25 × (7,504,663,424
 * + 32 × 4096 × 4096) = 50,259,589,600; t_c = 4096/8 × 50,259,589,600 /
 * (165e12 × 0.35) = 0.44559 s; t_tp = 16 × (8 + 4r) × 3/4 × 2·4096·4096 /
 * 8e9 = 0.42782 s; t_p2p = 2 × (2·4096·4096/4) / 8e9 = 0.0020972 s; m 256:
 * compute 114.07, TP 109.52, sends 0.537, bubble (p−1) t_mb = 0.876, step
 * 257 × 0.87551 = 225.0 s, 114.07 / 225.0 = 51 %; 2e9 / 2^20 = 1907.35
 * steps / goodput 0.95: 5.23 days. Billed by the hour on the 2026-09-28
 * container offer (1-8 cards at ¥1.57 a card-hour, an offer of its own, no
 * longer capped by the other row's 4 cards): 5.229 × 24 × 8 × 1.57 =
 * ¥1,576, below the machine's month (¥9,200, prorated ¥1,582). */
Test(time_outputs, a_4090_one_machine_picks_the_pipeline)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-3.1-8b", "full", "2B", NULL);
	const struct training_estimate *t = &p->training;
	cr_assert(t->valid && t->fits);
	cr_assert_eq(p->cards, 8);
	cr_assert_eq(p->lay.t, 4);
	cr_assert_eq(p->lay.p, 2);
	cr_assert_eq(t->shape.b, 1);
	cr_assert_eq(t->shape.v, 1);
	cr_assert_eq(t->rc_layers, 2);
	cr_assert_eq(t->stage_layers, 16);
	cr_assert_eq(t->shape.rc_share, 0.125);
	cr_assert_eq(t->r.m, 256);
	assert_rel(t->r.step.compute_s, 114.07, 0.001, "compute");
	assert_rel(t->r.step.total_s, 225.0, 0.001, "step");
	assert_rel(t->r.step.tp_s, 109.52, 0.001, "TP");
	assert_rel(t->r.step.pp_send_s, 0.537, 0.001, "sends");
	assert_rel(t->eff, 0.507, 0.01, "eff");
	assert_rel(t->days, 5.23, 0.001, "days");
	cr_assert_eq(t->bill.cheapest, RENT_CONTAINER_HOURLY);
	assert_rel(t->bill.cost[RENT_CONTAINER_HOURLY], 1576, 0.001, "by the hour");
	cr_assert_eq(t->bill.cost[RENT_BAREMETAL], 9200);
	assert_rel(t->bill.prorated[RENT_BAREMETAL], 1582, 0.001, "prorated");
	cr_assert_eq(t->why, NET_WHY_ONE_MACHINE);
	/* 2 of 16 layers recomputed: 100 × 2 × 2/16 / 6 = 25/6 % more compute */
	cr_assert(plan_has_note(p, &(struct message){.code = MSG_PARTIAL_RECOMPUTE,
						     .args = {{.kind = ARG_INT, .v.i = 2},
							      {.kind = ARG_INT, .v.i = 16},
							      {.kind = ARG_DOUBLE, .v.f = 25.0 / 6}}}));
}

/* ↳ --tp 8: TP8, r 0: 350.0 s (compute 109.5, TP 240.5): 31 %, 8.13 days. */
Test(time_outputs, a_4090_tp8_over_pcie_costs_two_thirds)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-3.1-8b", "full", "2B", "tp", "8", NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(p->lay.t, 8);
	cr_assert_eq(t->rc_layers, 0);
	assert_rel(t->r.step.compute_s, 109.5, 0.01, "compute");
	assert_rel(t->r.step.tp_s, 240.5, 0.01, "TP");
	assert_rel(t->eff, 0.31, 0.02, "eff");
	assert_rel(t->days, 8.13, 0.01, "days");
}

/* 4090 ×16 over 25G×2: TP2×PP4×DP2 ZeRO-1, r 0, m 128: 80.7 s (sends 6.9
 * between machines, DP 0.38 s inside them hides): 68 %, 1.87 days; ¥18,400
 * billed, ¥1,134 prorated; no IB offer for the 4090: noted. */
Test(time_outputs, a_4090_two_machines_send_the_pipeline_over_ethernet)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-3.1-8b", "full", "2B", "cards", "16",
				      NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(p->lay.t, 2);
	cr_assert_eq(p->lay.p, 4);
	cr_assert_eq(p->lay.d, 2);
	cr_assert_eq(p->lay.zero, 1);
	cr_assert_eq(t->rc_layers, 0);
	assert_rel(t->r.step.pp_send_s, 6.87, 0.01, "sends");
	assert_rel(t->r.dp_s, 0.376, 0.01, "DP");
	cr_assert_eq(t->r.step.dp_exposed_s, 0);
	assert_rel(t->days, 1.87, 0.01, "days");
	cr_assert_eq(t->bill.cost[RENT_BAREMETAL], 18400);
	assert_rel(t->bill.prorated[RENT_BAREMETAL], 1134, 0.01, "prorated");
	cr_assert_eq(t->why, NET_WHY_NO_IB_OFFER);
	cr_assert_str_eq(region_of(p), "四川二区");
	cr_assert(plan_has_note(p, &(struct message){
					   .code = MSG_TRAIN_CROSS_MACHINE_NO_IB,
					   .args = {{.kind = ARG_STRING, .v.s = "25G以太网×2"},
						    {.kind = ARG_DOUBLE, .v.f = 100 * t->eff}}}));
}

/* H100 ×8: DP8 ZeRO-1, m 32, 14.21 s, 100 %: 0.33 days; one machine, so
 * the cheapest job: 吉林一区 ¥87,200 (宁夏一区 asks ¥88,480), prorated
 * 0.33·24/730 × 87,200 = ¥947. */
Test(time_outputs, a_h100_one_machine_takes_the_cheapest_region)
{
	const struct plan *p = run_on("h100-80g", "llama-3.1-8b", "full", "2B", "cards", "8", NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(p->lay.d, 8);
	cr_assert_eq(p->lay.t * p->lay.p, 1);
	cr_assert_leq(p->lay.zero, 2);
	assert_rel(t->r.step.total_s, 14.21, 0.01, "step");
	cr_assert_eq(t->eff, 1);
	assert_rel(t->days, 0.33, 0.01, "days");
	cr_assert_eq(t->bill.cost[RENT_BAREMETAL], 87200);
	assert_rel(t->bill.prorated[RENT_BAREMETAL], 947, 0.01, "prorated");
	cr_assert_str_eq(region_of(p), "吉林一区");
	cr_assert_str_eq(p->baremetal.offer->region, "吉林一区", "the bare-metal line agrees");
	cr_assert_eq(t->why, NET_WHY_ONE_MACHINE);
}

/* H100 ×16: IB first: 吉林一区, DP16 ZeRO-1, 7.11 s (DP 0.24 s hides),
 * 0.17 days, ¥174,400; beside it 宁夏一区 over its inherited shared 1000M
 * with its own best shape (TP4×PP2×DP2): 4.21 days for ¥176,960. */
Test(time_outputs, a_h100_two_machines_ib_first_with_the_other_region_beside)
{
	const struct plan *p = run_on("h100-80g", "llama-3.1-8b", "full", "2B", "cards", "16",
				      NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(p->lay.d, 16);
	assert_rel(t->r.dp_s, 0.2442, 0.001, "DP");
	assert_rel(t->days, 0.17, 0.03, "days");
	cr_assert_eq(t->bill.cost[RENT_BAREMETAL], 174400);
	cr_assert_str_eq(region_of(p), "吉林一区");
	cr_assert_eq(t->why, NET_WHY_IB_FIRST);
	cr_assert_eq(t->ncompare, 1);
	const struct train_region_cost *c = &t->compare[0];
	cr_assert_str_eq(t->offers[c->offer].q.newest->region, "宁夏一区");
	cr_assert(t->offers[c->offer].net.inherited);
	cr_assert_eq(t->offers[c->offer].net.inherited_from, 20260928);
	assert_rel(c->days, 4.21, 0.01, "宁夏一区 days");
	cr_assert_eq(c->cost, 176960);
}

/* §13 C: Llama-2-7B pretraining on 1T tokens within 30 days (B_tok 4 Mi,
 * S 1024): 40 cards (5 machines) on 吉林一区 IB, DP40 ZeRO-1, m 25.6, step
 * 10.10 s, 29.3 days; billed 5 × ¥87,200 = ¥436,000, prorated 29.35·24/
 * 730 × 436,000 = ¥420,659. The deadline line and the bill agree. */
Test(time_outputs, c_7b_pretraining_in_30_days_on_h100)
{
	const struct plan *p = run_on("h100-80g", "llama-2-7b", "pretrain", "1T", "deadline", "30d",
				      NULL);
	const struct training_estimate *t = &p->training;
	cr_assert(t->choice.met);
	cr_assert_eq(p->cards, 40);
	cr_assert_eq(t->choice.cards, 40);
	cr_assert_eq(p->lay.d, 40);
	cr_assert_eq(p->lay.zero, 1);
	cr_assert_eq(t->r.m, 25.6);
	assert_rel(t->r.step.total_s, 10.10, 0.01, "step");
	assert_rel(t->days, 29.3, 0.01, "days");
	cr_assert_str_eq(region_of(p), "吉林一区");
	cr_assert_eq(t->bill.cost[RENT_BAREMETAL], 436000);
	cr_assert_eq(t->choice.cost, t->bill.cost[t->bill.cheapest]);
	assert_rel(t->bill.prorated[RENT_BAREMETAL], 420659, 0.001, "prorated");
	cr_assert_eq(p->baremetal.total, 436000);
	cr_assert_eq(p->memory_min_cards, 2);
}

/* LoRA on Llama-2-7B (39,976,960 adapters), 2B tokens, one H100: F =
 * 4·(6.74e9 − 32000·4096) + 6·32·4096·4096 = 29,656,937,472 a token;
 * days = 2e9·F/(989e12·0.45)/goodput(1)/86400 = 1.6237. A one-day
 * deadline: 2 cards (0.812 days), containers by the month 2 × 9,345. */
Test(time_outputs, a_deadline_buys_the_cheapest_count_that_meets_it)
{
	const struct plan *p = run_on("h100-80g", "llama-2-7b", "lora", "2B", "deadline", "1d",
				      NULL);
	const struct training_estimate *t = &p->training;
	double days1 = 2e9 * 29656937472.0 / (989e12 * 0.45) / train_goodput(&train_defaults, 1) / DAY;
	assert_rel(days1, 1.6237, 1e-4, "by hand");
	cr_assert_eq(p->cards, 2);
	cr_assert_eq(p->memory_min_cards, 1);
	assert_rel(t->days, 0.81186, 1e-4, "two cards");
	cr_assert(t->meets_deadline);
	cr_assert_eq(t->choice.way, RENT_CONTAINER_MONTHLY);
	cr_assert_eq(t->choice.cost, 18690);
	cr_assert_eq(p->nwhy, 3);
	cr_assert_eq(p->why[0].code, MSG_WHY_TRAIN_MEMORY_MINIMUM);
	assert_rel(p->why[0].args[1].v.f, days1, 1e-9, "memory minimum's days");
	cr_assert_eq(p->why[2].code, MSG_WHY_DEADLINE_CHEAPEST);
}

/* 20T tokens in a day: a LoRA of 7B on S = 256 sequences a step cannot
 * spread past 256 DP ranks; more cards need TP×PP and lose efficiency:
 * not met; the plan stays the memory minimum and names the fastest. */
Test(time_outputs, a_deadline_no_card_count_meets_names_the_fastest)
{
	const struct plan *p = run_on("h100-80g", "llama-2-7b", "lora", "20T", "deadline", "1d",
				      NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_not(t->choice.met);
	cr_assert_not(t->meets_deadline);
	cr_assert_eq(p->cards, 1);
	cr_assert_gt(t->choice.cards, 256);
	cr_assert_eq(p->nwhy, 3);
	cr_assert_eq(p->why[2].code, MSG_WHY_DEADLINE_UNREACHABLE);
	cr_assert(p->short_of_goals, "the row's \"<\": it misses the deadline");
}

/* PERFORMANCE.md §2 without a deadline: the cheapest job, then at its
 * spend the soonest. Llama-3.1-8B full, 2B tokens, 910B containers at
 * ¥3.58 a card-hour (1-8 cards): the memory minimum PP3 on 3 cards takes
 * 3.3134 days (7 of 11 layers a stage recomputed): 3 × 3.58 × 24 × 3.3134
 * = ¥854; ZeRO-3 on 6 or 8 cards recomputes nothing and scales at 100 %:
 * 8 × 3.58 × 24 × 1.02057 = ¥701.5 = 6 × 3.58 × 24 × 1.36076, the same
 * spend, so the 8 cards (1.02 days) are the plan. */
Test(time_outputs, a_job_runs_on_the_cheapest_count_then_the_soonest)
{
	const struct plan *p = run_on("910b-64g", "llama-3.1-8b", "full", "2B", NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(p->cards, 8);
	cr_assert_eq(p->memory_min_cards, 3);
	cr_assert_eq(t->shape.zero, 3);
	cr_assert_eq(t->shape.pp, 1);
	cr_assert_eq(t->bill.cheapest, RENT_CONTAINER_HOURLY);
	assert_rel(t->bill.cost[RENT_CONTAINER_HOURLY], 8 * 3.58 * 24 * t->days, 1e-9, "by hour");
	assert_rel(t->days, 1.02057, 1e-4, "days");
	cr_assert_eq(p->nwhy, 2);
	cr_assert_eq(p->why[0].code, MSG_WHY_TRAIN_MEMORY_MINIMUM);
	cr_assert_eq(p->why[0].args[0].v.i, 3);
	assert_rel(p->why[0].args[1].v.f, 3.3134, 1e-4, "memory minimum's days");
	cr_assert_gt(3 * 3.58 * 24 * p->why[0].args[1].v.f, t->bill.cost[RENT_CONTAINER_HOURLY]);
	cr_assert_eq(p->why[1].code, MSG_WHY_TRAIN_CHEAPEST);
	cr_assert_eq(p->why[1].args[0].v.i, 8);
}

/* A budget is a cap. Qwen2.5-72B full, 1B tokens, 910B, ¥300,000: 128
 * cards would bill 16 machines × ¥18,800 = ¥300,800, ¥800 over (the 0.5 %
 * of "one price" let it in); 120 cards bill 15 × 18,800 = ¥282,000. */
Test(time_outputs, a_job_budget_is_a_cap)
{
	const struct plan *p = run_on("910b-64g", "qwen2.5-72b", "full", "1B", "budget", "300000",
				      NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(t->budget.cards, 120);
	cr_assert_float_eq(t->budget.cost, 15 * 18800.0, 1e-6);
}

/* A training budget without --train-tokens buys no job: a note says what
 * it needs (the quote has no budget line). */
Test(time_outputs, a_job_budget_needs_the_tokens)
{
	static struct scenario sc;
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &ref_catalog, "llama-3.1-8b", "task", "full", "budget", "20000", NULL);
	const struct analysis *a = ref_run(&sc, "h100-80g");
	bool noted = false;
	for (int i = 0; i < a->nnotes; i++)
		noted = noted || a->notes[i].code == MSG_TRAIN_BUDGET_NEEDS_TOKENS;
	cr_assert(noted);
}

/* A GPU type with no price on file: the fastest on the instance its memory
 * minimum takes. Kimi-K2 full on B200 needs 124 cards (TP4 x PP31, 61
 * layers in stages of 2); those are 16 machines, where TP8 x PP16 runs
 * the job sooner. */
Test(time_outputs, without_a_price_a_job_takes_its_whole_machines)
{
	const struct plan *p = run_on("b200-180g", "kimi-k2", "full", "10B", NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(t->noffers, 0);
	cr_assert_eq(p->memory_min_cards, 124);
	cr_assert_eq(p->cards, 128);
	cr_assert_eq(p->lay.t, 8);
	cr_assert_eq(p->lay.p, 16);
	cr_assert_eq(p->nwhy, 1);
	cr_assert_eq(p->why[0].code, MSG_WHY_TRAIN_SAME_INSTANCE);
	cr_assert_eq(p->why[0].args[0].v.i, 128);
	assert_rel(p->why[0].args[1].v.f, t->days, 1e-12, "days in the message");
	cr_assert_lt(t->days, p->why[0].args[2].v.f);
}

/* --budget for a job never moves the plan; it names what it buys. The
 * 4090 job above (8 cards, ¥1,576 by the hour, 5.23 days) with ¥20,000:
 * 16 cards on two 四川二区 machines take 1.87 days, one month of 2 ×
 * ¥9,200 = ¥18,400; 24 cards would bill 3 machines, ¥27,600. With ¥1,000
 * nothing: short by 1,576 − 1,000 = ¥576. */
Test(time_outputs, a_job_budget_names_the_fastest_count_within_it)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-3.1-8b", "full", "2B", "budget",
				      "20000", NULL);
	const struct training_estimate *t = &p->training;
	cr_assert_eq(p->cards, 8);
	cr_assert_eq(t->budget.cards, 16);
	cr_assert_eq(t->budget.way, RENT_BAREMETAL);
	cr_assert_eq(t->budget.cost, 18400);
	assert_rel(t->budget.at.days, 1.87, 0.005, "16 cards");
	cr_assert(note_of(p, MSG_TRAIN_BUDGET_FASTEST));
	cr_assert_not(note_of(p, MSG_TRAIN_BUDGET_SHORT));
	p = run_on("rtx4090-24g", "llama-3.1-8b", "full", "2B", "budget", "1000", NULL);
	t = &p->training;
	cr_assert_eq(p->cards, 8);
	cr_assert_eq(t->budget.cards, 0);
	const struct message *shortfall = note_of(p, MSG_TRAIN_BUDGET_SHORT);
	cr_assert(shortfall);
	cr_assert_not(p->short_of_goals, "a budget is no goal");
	assert_rel(shortfall->args[1].v.f, t->bill.cost[RENT_CONTAINER_HOURLY] - 1000, 1e-9, "short");
	assert_rel(shortfall->args[1].v.f, 576, 0.002, "by hand");
	cr_assert_not(note_of(p, MSG_TRAIN_BUDGET_FASTEST));
}

/* §6: no more DP ranks × micro-batch than sequences a step (S = 256):
 * 512 cards take TP or PP. */
Test(time_outputs, dp_never_exceeds_the_global_batch)
{
	const struct plan *p = run_on("h100-80g", "llama-2-7b", "lora", "2B", "cards", "512", NULL);
	cr_assert(p->training.valid);
	cr_assert_leq(p->lay.d * p->training.shape.b, 256);
	cr_assert_geq(p->lay.t * p->lay.p, 2);
}

/* §6: PP with ZeRO-2/3 is not proposed; forced, it is timed and noted. */
Test(time_outputs, pp_with_zero_2_or_3_only_when_forced)
{
	const struct plan *p = run_on("h100-80g", "llama-3.1-8b", "full", "2B", "cards", "16", "pp",
				      "2", NULL);
	cr_assert_eq(p->lay.p, 2);
	cr_assert_leq(p->lay.zero, 1);
	p = run_on("h100-80g", "llama-3.1-8b", "full", "2B", "cards", "16", "pp", "2", "zero", "3",
		   NULL);
	cr_assert_eq(p->lay.zero, 3);
	cr_assert(plan_has_note(p, &(struct message){.code = MSG_TRAIN_PP_ZERO,
						     .args = {{.kind = ARG_INT, .v.i = 3}}}));
}

/* A forced shape that does not fit is still timed, flagged. */
Test(time_outputs, a_forced_shape_that_does_not_fit_is_timed_and_flagged)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-3.1-70b", "full", "2B", "cards", "8",
				      NULL);
	cr_assert_not(p->fits);
	cr_assert(p->training.valid);
	cr_assert_not(p->training.fits);
	cr_assert_gt(p->training.days, 0);
}

/* 宁夏一区's 2026-10-12 H100 quote leaves the network empty: it is the
 * shared 1000M of its 2026-09-28 quote (TRAINING.md §8). */
Test(time_outputs, an_empty_network_takes_the_regions_earlier_quote)
{
	const struct offer *o = NULL;
	for (size_t i = 0; i < ref_catalog.noffers; i++) {
		const struct offer *x = &ref_catalog.offers[i];
		if (strcmp(x->gpu_id, "h100-80g") == 0 && strcmp(x->region, "宁夏一区") == 0 &&
		    x->collected == 20261012)
			o = x;
	}
	cr_assert(o);
	struct offer_network n;
	offer_network_of(&ref_catalog, o, &n);
	cr_assert(n.inherited);
	cr_assert_eq(n.inherited_from, 20260928);
	cr_assert_eq(n.inter_node, NET_ETHERNET);
	cr_assert_eq(n.inter_node_gbs, 0.125);
	cr_assert_str_eq(n.network, "NVLink + 共享1000M带宽");
}

/* --measured 1:1520,2:2900,4:5400 on the 4090 (LoRA 7B): X1 = 1520, σ =
 * ((3040/2900 − 1)·1 + (6080/5400 − 1)·3)/10 = 0.0426054, κ clamped to 0.
 * In one machine days = D/(X(G)·goodput(G)·86400); the band is ±5 % up to
 * 4 cards, ±15 % at 8, ±29 % from 16 (between machines modelled). */
Test(time_outputs, measured_speed_ups_with_their_band)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-2-7b", "lora", "2B", "measured",
				      "1:1520,2:2900,4:5400", NULL);
	const struct training_estimate *t = &p->training;
	double sigma = ((3040.0 / 2900 - 1) * 1 + (6080.0 / 5400 - 1) * 3) / 10;
	cr_assert(t->valid && t->measured);
	cr_assert_float_eq(t->usl.sigma, sigma, 1e-12);
	cr_assert_eq(p->cards, 1);
	assert_rel(t->days, 2e9 / (1520 * train_goodput(&train_defaults, 1) * DAY), 1e-12, "1 card");
	cr_assert_eq(t->band_pct, 5);
	cr_assert_eq(t->tiers[2].cards, 4);
	cr_assert_eq(t->tiers[2].at.band_pct, 5);
	cr_assert_eq(t->tiers[3].cards, 8);
	assert_rel(t->tiers[3].at.band_pct, 15, 1e-12, "8 cards");
	assert_rel(t->tiers[3].at.days,
		   2e9 / (1520.0 * 8 / (1 + 7 * sigma) * train_goodput(&train_defaults, 8) * DAY),
		   1e-12, "8 cards' days");
	cr_assert_eq(t->tiers[4].cards, 16);
	assert_rel(t->tiers[4].at.band_pct, sqrt(15 * 15 + 25 * 25), 1e-12, "16 cards");
}

Test(time_outputs, measured_needs_exactly_one_gpu)
{
	struct scenario sc;
	struct analysis a = {0};
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "task", "lora", "train-tokens", "2B",
		      "measured", "1:1520,2:2900", NULL);
	cr_assert_not(analysis_run(&a, &ref_catalog, &sc, NULL));
	cr_assert(strstr(a.error, "--measured needs the one GPU type"), "%s", a.error);
	cr_assert(strstr(a.error, "no --gpu given"), "%s", a.error);
	cr_assert_not(analysis_run(&a, &ref_catalog, &sc, "h100-80g,a100-80g"));
	cr_assert(strstr(a.error, "--gpu names several"), "%s", a.error);
	/* The configurator names the selected row instead: every GPU is
	 * planned, the fit applies to that one only. */
	analysis_measured_gpu(&a, "h100-80g");
	cr_assert(analysis_run(&a, &ref_catalog, &sc, NULL), "%s", a.error);
	cr_assert(plan_of(&a, "h100-80g")->training.measured);
	cr_assert_not(plan_of(&a, "a100-80g")->training.measured);
	cr_assert(plan_of(&a, "a100-80g")->training.valid);
	/* Inference ignores it. */
	sc.task = task_find("inference");
	analysis_measured_gpu(&a, NULL);
	cr_assert(analysis_run(&a, &ref_catalog, &sc, NULL), "%s", a.error);
	analysis_free(&a);
}

Test(time_outputs, no_training_time_without_tokens)
{
	const struct plan *p = run_on("h100-80g", "llama-2-7b", "lora", "", "epochs", "1", "deadline",
				      "7d", NULL);
	cr_assert_not(p->training.valid);
	cr_assert_lt(p->efficiency, 0, "not computed");
	cr_assert_eq(p->effective_per_card, 9345, "the container's price, no efficiency applied");
	cr_assert_eq(p->nwhy, 0);
}

/* ---- The JSON keys issue 9 fixes ---- */

static char *json_of(const struct analysis *a)
{
	char *json = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&json, &len);
	report_json(f, a);
	fclose(f);
	return json;
}

/* "a.b.c": each key found after the one before it, inside the first plan. */
static bool has_path(const char *json, const char *path)
{
	char copy[160], key[80];
	const char *at = strstr(json, "\"plans\"");
	snprintf(copy, sizeof copy, "%s", path);
	for (char *k = strtok(copy, "."); k && at; k = strtok(NULL, ".")) {
		snprintf(key, sizeof key, "\"%s\":", k);
		at = strstr(at, key);
	}
	return at != NULL;
}

static const char *const throughput_keys[] = {
	"bound", "max_concurrency", "ttft_s", "tpot_s", "user_tokens_per_s", "output_tokens_per_s",
	"cost_per_million_output.container", "cost_per_million_output.baremetal",
	"cost_per_million_output.currency", "cost_per_million_total.container",
	"cost_per_million_total.baremetal", "cost_per_million_total.currency",
	"hourly_break_even_hours", "itl_p50_s", "itl_p99_s", "e2e_s", "waiting_users",
	"step.decode.total_s", "step.prefill.total_s", "efficiency.mbu", "efficiency.mbu_kv",
	"efficiency.mfu", "efficiency.mfu_attn", "efficiency.tau_layer_us", "efficiency.eta_ar",
	"efficiency.kappa", "efficiency.compute_path", "efficiency.peak_tflops", "band.low_pct",
	"band.high_pct"};

static const char *const training_keys[] = {
	"flops", "k_lin", "mfu", "goodput", "days", "card_hours", "cards_for_deadline",
	"meets_deadline", "parallel_efficiency", "efficiency.mfu_train", "efficiency.goodput",
	"usl.sigma", "usl.kappa", "usl.peak_cards",
	"cost.container_hourly.cards", "cost.container_hourly.total",
	"cost.container_monthly.cards", "cost.container_monthly.total", "cost.baremetal.cards",
	"cost.baremetal.total", "cost.cheapest", "band_pct"};

Test(time_outputs, json_has_every_key_issue_9_fixes)
{
	char path[160];
	struct scenario sc;
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "context", "2000", "output-len", "1000",
		      "concurrency", "8", NULL);
	char *json = json_of(ref_run(&sc, "h100-80g"));
	for (size_t i = 0; i < sizeof throughput_keys / sizeof throughput_keys[0]; i++) {
		snprintf(path, sizeof path, "throughput.%s", throughput_keys[i]);
		cr_assert(has_path(json, path), "%s", path);
		snprintf(path, sizeof path, "throughput_at_max.%s", throughput_keys[i]);
		cr_assert(has_path(json, path), "%s", path);
	}
	cr_assert(has_path(json, "alternatives") && has_path(json, "why"));
	cr_assert(strstr(json, "\"training\": null"), "no --train-tokens: training is null");
	free(json);
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "task", "lora", "train-tokens", "2B",
		      "deadline", "1d", "measured", "1:1520,2:2900,4:5400", NULL);
	json = json_of(ref_run(&sc, "h100-80g"));
	for (size_t i = 0; i < sizeof training_keys / sizeof training_keys[0]; i++) {
		snprintf(path, sizeof path, "training.%s", training_keys[i]);
		cr_assert(has_path(json, path), "%s", path);
	}
	cr_assert(has_path(json, "scaling.cards") && has_path(json, "scaling.days") &&
		  has_path(json, "scaling.efficiency") && has_path(json, "scaling.total_cost"));
	cr_assert(strstr(json, "\"peak_cards\": null"), "kappa 0: peak_cards null");
	cr_assert(strstr(json, "\"throughput\": null"));
	free(json);
}

/* The seeds' comparison in the scaling tiers, for an 8B full fine-tune
 * (§13 A): 8 × 4090 over PCIe 5.23 days ¥1,576 by the hour (TP4×PP2 under
 * the 16 B loss: a_4090_one_machine_picks_the_pipeline), 16 × 4090 over 25G×2 1.87
 * days ¥18,400; 8 × H100 NVLink 0.33 days ¥87,200, 16 × H100 over IB 0.17
 * days ¥174,400, each tier with its own shape and region. */
static const struct train_tier *tier_of(const struct plan *p, int cards)
{
	for (int i = 0; i < p->training.ntiers; i++)
		if (p->training.tiers[i].cards == cards)
			return &p->training.tiers[i];
	cr_assert_fail("no tier of %d cards", cards);
	return NULL;
}

Test(time_outputs, the_seeds_comparison_side_by_side_in_the_tiers)
{
	const struct plan *p = run_on("rtx4090-24g", "llama-3.1-8b", "full", "2B", NULL);
	const struct train_tier *t = tier_of(p, 8);
	assert_rel(t->at.days, 5.23, 0.001, "8 × 4090");
	assert_rel(t->cost, 1576, 0.001, "8 × 4090 by the hour");
	cr_assert_eq(t->at.shape.tp * t->at.shape.pp, 8, "TP4×PP2");
	t = tier_of(p, 16);
	assert_rel(t->at.days, 1.87, 0.01, "16 × 4090");
	cr_assert_eq(t->cost, 18400);
	cr_assert_str_eq(p->training.offers[t->at.offer].q.newest->region, "四川二区");
	p = run_on("h100-80g", "llama-3.1-8b", "full", "2B", NULL);
	t = tier_of(p, 8);
	assert_rel(t->at.days, 0.33, 0.01, "8 × H100");
	cr_assert_eq(t->cost, 87200);
	t = tier_of(p, 16);
	assert_rel(t->at.days, 0.17, 0.03, "16 × H100");
	cr_assert_eq(t->cost, 174400);
	cr_assert_str_eq(p->training.offers[t->at.offer].q.newest->region, "吉林一区");
	assert_rel(t->at.bill.prorated[RENT_BAREMETAL], 947, 0.01, "prorated");
}
