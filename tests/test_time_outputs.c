/* Training time wired into the plans (PERFORMANCE.md §3), worked by hand
 * on the reference fixture, and the JSON keys issue 9 fixes.
 *
 * Inputs common to the worked examples: Llama-2-7B (P = 6.74e9, L = 32,
 * h = a·d = 32·128 = 4096), context s = 4096, LoRA rank 16, bf16, one
 * epoch, global batch 1M tokens, ZeRO/headroom defaults; H100 80G: BF16
 * 989 TFLOPS, mfu_train 0.40, NVLink 900 GB/s, published (band ±25 %);
 * goodput 0.90, overlap 0.5. H100 offers: container 9345/card/month up to
 * 4 cards, no hourly price; bare metal 88480 per 8-card machine (newest,
 * no inter_node: Ethernet 6.25 GB/s assumed). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "helpers.h"

#define TOKENS 2e9
#define RATE_1 (989e12 * 0.40 * 0.90) /* FLOP/s one card delivers, goodput in */
#define DAY 86400.0

TestSuite(time_outputs, .init = ref_setup, .fini = ref_teardown);

/* LoRA FLOPs: k = 4 (no weight gradients for the frozen base), plus the
 * attention term 12·L·h·s per token. */
static double lora_flops(double tokens)
{
	return 4 * P7 * tokens + 12.0 * 32 * 4096 * 4096 * tokens;
}

static const struct plan *run_h100(const char *task, const char *tokens, const char *k1,
				   const char *v1, const char *k2, const char *v2)
{
	struct scenario sc;
	setenv("GPUPLAN_TODAY", "2026-12-01", 1);
	make_scenario(&sc, &ref_catalog, "llama-2-7b", "task", task, "train-tokens", tokens, k1, v1,
		      k2, v2, NULL);
	return plan_of(ref_run(&sc, "h100-80g"), "h100-80g");
}

static void assert_rel(double got, double want, double tol, const char *what)
{
	cr_assert(fabs(got - want) <= tol * fabs(want), "%s: %.12g, want %.12g", what, got, want);
}

/* FLOPs = 4·6.74e9·2e9 + 12·32·4096·4096·2e9 = 5.392e19 + 1.2884901888e19
 * = 6.6804901888e19; days = FLOPs / (989e12·0.40·0.90) / 86400 = 2.1717.
 * One card meets 7 days: cards for the deadline 1; the bills for 52.1 h:
 * container by the month 1 × 9345 × ceil(52.1/730) = 9345 (cheapest),
 * bare metal one machine of 8 cards 88480, no hourly price. */
Test(time_outputs, lora_7b_2b_tokens_7_day_deadline_on_h100)
{
	const struct plan *p = run_h100("lora", "2B", "deadline", "7d", "epochs", "1");
	const struct training_estimate *t = &p->training;
	double days = 6.6804901888e19 / RATE_1 / DAY;
	cr_assert(t->valid);
	assert_rel(t->r.flops, 6.6804901888e19, 1e-12, "flops");
	cr_assert_eq(t->r.k, 4);
	assert_rel(t->days, days, 1e-12, "days");
	assert_rel(days, 2.17168, 1e-5, "days by hand");
	cr_assert_eq(t->eff, 1);
	cr_assert_eq(p->cards, 1);
	cr_assert_eq(p->memory_min_cards, 1);
	cr_assert(t->deadline && t->meets_deadline && t->choice.met);
	cr_assert_eq(t->choice.cards, 1);
	cr_assert_not(t->bill.offered[RENT_CONTAINER_HOURLY]);
	cr_assert_eq(t->bill.cost[RENT_CONTAINER_MONTHLY], 9345);
	cr_assert_eq(t->bill.cards[RENT_BAREMETAL], 8);
	cr_assert_eq(t->bill.cost[RENT_BAREMETAL], 88480);
	cr_assert_eq(t->bill.cheapest, RENT_CONTAINER_MONTHLY);
	cr_assert_eq(p->nwhy, 0);
	cr_assert_eq(p->efficiency, 1);
	/* Tiers: 1, 2, 4 … 512 cards (64 machines), days falling as 1/G. */
	cr_assert_eq(t->ntiers, 10);
	cr_assert_eq(t->tiers[3].cards, 8);
	assert_rel(t->tiers[3].at.days, days / 8, 1e-12, "8-card tier");
	cr_assert_eq(t->tiers[3].cost, 88480);
	cr_assert_eq(t->tiers[2].cost, 4 * 9345.0);
}

/* A 1-day deadline: 1 card takes 2.17 days, 2 cards 1.086, 3 cards
 * 2.1717/3 = 0.724 days (the adapters' all-reduce hides): the cheapest
 * that meets it is 3 containers by the month, 3 × 9345 = 28035. */
Test(time_outputs, a_tighter_deadline_buys_the_cheapest_count_that_meets_it)
{
	const struct plan *p = run_h100("lora", "2B", "deadline", "1d", "epochs", "1");
	const struct training_estimate *t = &p->training;
	double days1 = lora_flops(TOKENS) / RATE_1 / DAY;
	cr_assert_eq(p->cards, 3);
	cr_assert_eq(p->lay.d, 3);
	cr_assert_eq(p->memory_min_cards, 1);
	assert_rel(t->days, days1 / 3, 1e-12, "days at 3 cards");
	cr_assert(t->meets_deadline);
	cr_assert_eq(t->choice.cards, 3);
	cr_assert_eq(t->choice.way, RENT_CONTAINER_MONTHLY);
	cr_assert_eq(t->choice.cost, 28035);
	cr_assert_eq(p->nwhy, 3);
	cr_assert_eq(p->why[0].code, MSG_WHY_TRAIN_MEMORY_MINIMUM);
	cr_assert_eq(p->why[0].args[0].v.i, 1);
	assert_rel(p->why[0].args[1].v.f, days1, 1e-12, "memory minimum's days");
	cr_assert_eq(p->why[1].code, MSG_WHY_PAST_DEADLINE);
	cr_assert_eq(p->why[2].code, MSG_WHY_DEADLINE_CHEAPEST);
	cr_assert_str_eq(MESSAGE_TEXT(&p->why[2]),
			 "3 cards, containers by the month, are the cheapest way to meet the "
			 "deadline: ¥28,035 for the job");
}

/* --measured 1:1520,2:2900,4:5400: X1 = 1520 (the 1-card point); σ from
 * least squares on X1·G/X − 1 = σ(G − 1): ((3040/2900 − 1)·1 +
 * (6080/5400 − 1)·3) / (1 + 9) = 0.0426053640; κ < 0 is clamped to 0.
 * days(G) = 2e9 / (X(G)·0.9·86400) with X(G) = 1520·G/(1 + σ(G − 1)):
 * 16.92 days on 1 card, 8.70 on 2, 6.12 on 3: 3 containers, 28035. */
Test(time_outputs, measured_speed_ups_replace_the_modelled_days)
{
	const struct plan *p =
		run_h100("lora", "2B", "deadline", "7d", "measured", "1:1520,2:2900,4:5400");
	const struct training_estimate *t = &p->training;
	double sigma = ((3040.0 / 2900 - 1) * 1 + (6080.0 / 5400 - 1) * 3) / 10;
	cr_assert(t->valid && t->measured);
	cr_assert_float_eq(t->usl.sigma, 0.0426053640, 1e-10);
	cr_assert_float_eq(t->usl.sigma, sigma, 1e-15);
	cr_assert_eq(t->usl.kappa, 0);
	cr_assert_eq(t->usl.x1, 1520);
	double x3 = 1520.0 * 3 / (1 + sigma * 2);
	cr_assert_eq(p->cards, 3);
	assert_rel(t->days, TOKENS / (x3 * 0.9 * DAY), 1e-13, "days at 3 cards");
	assert_rel(t->days, 6.1210, 1e-4, "days by hand");
	assert_rel(t->eff, 1 / (1 + 2 * sigma), 1e-13, "efficiency");
	cr_assert_eq(t->r.band_pct, 0);
	cr_assert_eq(t->choice.cards, 3);
	cr_assert_eq(t->choice.cost, 28035);
	double peak;
	cr_assert_not(usl_peak_cards(&t->usl, &peak), "kappa 0: no peak");
	assert_rel(t->tiers[0].at.days, TOKENS / (1520 * 0.9 * DAY), 1e-13, "one card");
	assert_rel(t->tiers[2].at.days, TOKENS / (1520.0 * 4 / (1 + 3 * sigma) * 0.9 * DAY), 1e-13,
		   "four cards");
}

/* 2T tokens in one day: days(G) = 2171.7/G with the all-reduce hidden, so
 * even 512 cards (64 machines) take 4.24 days: not met, and the fastest is
 * 512 cards. */
Test(time_outputs, a_deadline_no_card_count_meets_names_the_fastest)
{
	const struct plan *p = run_h100("lora", "2T", "deadline", "1d", "epochs", "1");
	const struct training_estimate *t = &p->training;
	double days512 = lora_flops(2e12) / (512 * RATE_1) / DAY;
	cr_assert_not(t->choice.met);
	cr_assert_not(t->meets_deadline);
	cr_assert_eq(t->choice.cards, 512);
	assert_rel(t->choice.at.days, days512, 1e-9, "fastest days");
	assert_rel(days512, 4.2416, 1e-4, "by hand");
	cr_assert_eq(p->cards, 1, "the plan stays the memory minimum");
	cr_assert_eq(p->nwhy, 3);
	cr_assert_eq(p->why[2].code, MSG_WHY_DEADLINE_UNREACHABLE);
	cr_assert_eq(p->why[2].args[1].v.i, 512);
}

/* Full fine-tune forced onto 16 cards (two machines, DP16, ZeRO-1):
 * s_c = 2·6.74e9 = 13.48 GB per card; inside a machine 2·7/8·13.48e9/900e9
 * = 0.0262 s; across the two, 2·(1/2)·8·13.48e9/node_gbs: IB 200 GB/s
 * 0.5392 s, Ethernet 6.25 GB/s 17.2544 s. Compute per step t_c =
 * 6·6.74e9·1e6 + 12·32·4096·4096·1e6 over 16·989e12·0.4 = 7.4069 s: IB
 * hides behind 0.5·t_c (eff 1); Ethernet exposes 17.2806 − 3.7034 s, eff
 * 7.4069/20.9840 = 0.3530. */
Test(time_outputs, ethernet_against_ib_on_16_cards)
{
	double t_c = (6 * P7 * 1e6 + 12.0 * 32 * 4096 * 4096 * 1e6) / (16 * 989e12 * 0.4);
	double intra = 2.0 * 7 / 8 * 2 * P7 / 900e9;
	double ib = 8 * 2 * P7 / 200e9, eth = 8 * 2 * P7 / 6.25e9;
	const struct plan *p = run_h100("full", "2B", "cards", "16", "network", "ib");
	cr_assert_eq(p->lay.d, 16);
	cr_assert_eq(p->lay.t, 1);
	assert_rel(p->training.r.t_c, t_c, 1e-12, "t_c");
	assert_rel(p->training.r.t_ar, intra + ib, 1e-12, "IB all-reduce");
	cr_assert_eq(p->training.eff, 1);
	assert_rel(p->training.days, 2000 * t_c / 0.9 / DAY, 1e-12, "IB days");
	p = run_h100("full", "2B", "cards", "16", "network", "ethernet");
	assert_rel(p->training.r.t_ar, intra + eth, 1e-12, "Ethernet all-reduce");
	double exposed = intra + eth - 0.5 * t_c;
	assert_rel(p->training.eff, t_c / (t_c + exposed), 1e-12, "Ethernet efficiency");
	assert_rel(p->training.eff, 0.35298, 1e-4, "by hand");
	assert_rel(p->training.days, 2000 * (t_c + exposed) / 0.9 / DAY, 1e-12, "Ethernet days");
	cr_assert_eq(p->efficiency, p->training.eff);
	cr_assert(plan_has_note(p, &(struct message){
					   .code = MSG_PARALLEL_EFFICIENCY,
					   .args = {{.kind = ARG_DOUBLE, .v.f = 100 * p->training.eff},
						    {.kind = ARG_DOUBLE,
						     .v.f = 100 - 100 * p->training.eff}}}));
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
	const struct plan *p = run_h100("lora", "", "epochs", "1", "deadline", "7d");
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
	"flops", "k", "mfu", "goodput", "days", "card_hours", "cards_for_deadline",
	"meets_deadline", "parallel_efficiency", "efficiency.mfu_train", "efficiency.goodput",
	"efficiency.node_gbs", "usl.sigma", "usl.kappa", "usl.peak_cards",
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

/* ---- The bounded solver answers as the full scan does ---- */

static double seconds_sum;

static void compare_solvers(const struct train_input *base, unsigned mask, int min_cards,
			    int step, double deadline, const struct train_prices *prices)
{
	struct train_shape_rule fast = {.base = base, .tp_mask = mask};
	struct train_shape_rule full = {.base = base, .tp_mask = mask, .exhaustive = true};
	struct train_search s = {.min_cards = min_cards, .step = step, .deadline_days = deadline,
				 .prices = *prices, .days = training_days_best_shape, .ctx = &fast};
	struct train_choice a, b;
	bool ra = training_solve_deadline(&s, &a);
	s.ctx = &full;
	s.exhaustive = true;
	bool rb = training_solve_deadline(&s, &b);
	cr_assert_eq(ra, rb);
	cr_assert_eq(a.met, b.met, "deadline %g min %d step %d", deadline, min_cards, step);
	cr_assert_eq(a.cards, b.cards, "deadline %g min %d step %d tp %d pp %d net %d", deadline,
		     min_cards, step, base->shape.tp, base->shape.pp, base->net.kind);
	cr_assert_eq(a.way, b.way);
	cr_assert_eq(a.at.days, b.at.days);
	cr_assert_eq(a.cost, b.cost);
	seconds_sum += a.at.days;
}

Test(time_outputs, bounded_solver_matches_the_full_scan)
{
	static const double params[] = {7e9, 70e9, 405e9};
	static const int shapes[][2] = {{1, 1}, {2, 1}, {4, 1}, {8, 1}, {2, 11}, {4, 15}, {1, 3},
					{8, 2}, {2, 7}};
	static const enum inter_node nets[] = {NET_IB, NET_ETHERNET, NET_NONE, NET_UNKNOWN};
	static const double deadlines[] = {0.5, 3, 7, 30, 365, 5000};
	const struct train_prices prices[] = {
		{.card_hourly = 12, .card_monthly = 9345, .max_cards = 4, .machine_monthly = 88480},
		{.card_hourly = -1, .card_monthly = -1, .max_cards = 0, .machine_monthly = 41600},
		{.card_hourly = 3.6, .card_monthly = 2577, .max_cards = 8, .machine_monthly = -1},
	};
	for (size_t m = 0; m < 3; m++)
		for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
			for (size_t n = 0; n < 4; n++) {
				int cards = shapes[sh][0] * shapes[sh][1];
				struct train_input in = {
					.model = {.p_act = params[m], .p_train = params[m] / (m + 1),
						  .layers = 80, .hidden = 8192, .seq_len = 4096},
					.job = {.task = m == 1 ? TASK_LORA : TASK_FULL,
						.tokens = 1e11 * (double)(m + 1),
						.global_batch = 1e6},
					.gpu = {.bf16_tflops = 320 + 300 * (double)n,
						.mfu_train = 0.4, .link_gbs = n == 2 ? 32 : 392},
					.shape = {.cards = cards, .tp = shapes[sh][0],
						  .pp = shapes[sh][1], .zero = (int)(sh % 4)},
					.net = {.kind = nets[n]}};
				for (size_t d = 0; d < sizeof deadlines / sizeof deadlines[0]; d++)
					for (size_t pr = 0; pr < 3; pr++)
						compare_solvers(&in, sh % 3 ? 0 : 0x116, cards, cards,
								deadlines[d], &prices[pr]);
			}
	cr_assert_gt(seconds_sum, 0);
}
