/* The figures table: every value a plan reports, in the JSON's order,
 * each row with its unit and its getter (figures_get.c). */
#include "figures.h"

#include <stdio.h>
#include <string.h>

#include "cheaper.h"
#include "figures_get.h"
#include "figures_serving.h"
#include "i18n.h"
#include "tables.h"

/* A plan without cards was never priced: its renting is all zero. */
static bool has_cards(const struct plan *p)
{
	return p->cards > 0;
}

static const struct rent *container_of(const struct plan *p)
{
	return &p->container;
}

static const struct rent *baremetal_of(const struct plan *p)
{
	return &p->baremetal;
}

const struct figure_group figure_group_per_card = {
	.key = "per_card_gib", .csv_prefix = "per_card", .csv_suffix = "_gib",
	.label = N_("per card")};
const struct figure_group figure_group_container = {
	.key = "container", .csv_prefix = "container", .csv_suffix = "", .label = N_("container"),
	.rent = container_of};
const struct figure_group figure_group_baremetal = {
	.key = "baremetal", .csv_prefix = "baremetal", .csv_suffix = "", .label = N_("bare metal"),
	.rent = baremetal_of};

/* ---- The time model's groups (PERFORMANCE.md §2, §3) ---- */

static const struct throughput *throughput_of(const struct plan *p)
{
	return &p->throughput;
}

static const struct throughput *throughput_at_max_of(const struct plan *p)
{
	return &p->throughput_at_max;
}

static bool throughput_applies(const struct plan *p)
{
	return p->throughput.valid;
}

static bool throughput_at_max_applies(const struct plan *p)
{
	return p->throughput_at_max.valid;
}

static bool training_applies(const struct plan *p)
{
	return p->training.valid;
}

static bool usl_applies(const struct plan *p)
{
	return p->training.valid && p->training.measured;
}

#define TIME_GROUPS(name, key_, applies_)                                                    \
	static const struct figure_group name = {.key = key_, .csv_prefix = key_,            \
						 .csv_suffix = "", .label = key_,            \
						 .throughput = name##_of,                    \
						 .applies = applies_};                       \
	static const struct figure_group name##_cost_output = {                              \
		.key = "cost_per_million_output", .csv_prefix = "cost_per_million_output",   \
		.csv_suffix = "", .label = N_("per million output tokens"), .parent = &name, \
		.applies = applies_};                                                        \
	static const struct figure_group name##_cost_total = {                               \
		.key = "cost_per_million_total", .csv_prefix = "cost_per_million_total",     \
		.csv_suffix = "", .label = N_("per million tokens in and out"),              \
		.parent = &name,                                                             \
		.applies = applies_};                                                        \
	static const struct figure_group name##_efficiency = {                               \
		.key = "efficiency", .csv_prefix = "efficiency", .csv_suffix = "",           \
		.label = N_("efficiencies used"), .parent = &name, .applies = applies_};     \
	static const struct figure_group name##_band = {                                     \
		.key = "band", .csv_prefix = "band", .csv_suffix = "", .label = N_("band"),  \
		.parent = &name, .applies = applies_};                                       \
	static const struct figure_group name##_step = {                                     \
		.key = "step", .csv_prefix = "step", .csv_suffix = "",                       \
		.label = N_("engine step"), .parent = &name, .applies = applies_};           \
	static const struct figure_group name##_decode = {                                   \
		.key = "decode", .csv_prefix = "decode", .csv_suffix = "",                   \
		.label = N_("decode step"), .parent = &name##_step, .applies = applies_};    \
	static const struct figure_group name##_prefill = {                                  \
		.key = "prefill", .csv_prefix = "prefill", .csv_suffix = "",                 \
		.label = N_("step with prefill"), .parent = &name##_step, .applies = applies_};
TIME_GROUPS(throughput, "throughput", throughput_applies)
TIME_GROUPS(throughput_at_max, "throughput_at_max", throughput_at_max_applies)

static bool open_loop_applies(const struct plan *p)
{
	return p->throughput.valid && p->throughput.open.valid;
}

static bool memory_minimum_applies(const struct plan *p)
{
	return p->memory_min.valid;
}

/* --rate's open loop (SERVING.md §5), beside throughput{}; the fewest
 * cards that hold the job (CSV memory_minimum_plan_*: memory_minimum_cards
 * is the plan's own column). */
static const struct figure_group open_loop = {
	.key = "open_loop", .csv_prefix = "open_loop", .csv_suffix = "",
	.label = N_("request rate"), .throughput = throughput_of, .applies = open_loop_applies};
static const struct figure_group memory_minimum = {
	.key = "memory_minimum", .csv_prefix = "memory_minimum_plan", .csv_suffix = "",
	.label = N_("memory minimum"), .applies = memory_minimum_applies};

static const struct figure_group training_group = {
	.key = "training", .csv_prefix = "training", .csv_suffix = "", .label = N_("training"),
	.applies = training_applies};
static const struct figure_group training_efficiency = {
	.key = "efficiency", .csv_prefix = "efficiency", .csv_suffix = "",
	.label = N_("efficiencies used"), .parent = &training_group, .applies = training_applies};
static const struct figure_group training_usl = {
	.key = "usl", .csv_prefix = "usl", .csv_suffix = "", .label = N_("measured scaling"),
	.parent = &training_group, .applies = usl_applies};
static const struct figure_group training_step = {
	.key = "step", .csv_prefix = "step", .csv_suffix = "", .label = N_("one step"),
	.parent = &training_group, .applies = training_applies};
static bool network_used_applies(const struct plan *p)
{
	return get_network_used_applies(p, &(struct figure_value){0});
}
static const struct figure_group training_network = {
	.key = "network_used", .csv_prefix = "network_used", .csv_suffix = "",
	.label = N_("network used"), .parent = &training_group, .applies = network_used_applies};
static const struct figure_group training_cost = {
	.key = "cost", .csv_prefix = "cost", .csv_suffix = "", .label = N_("job cost"),
	.parent = &training_group, .applies = training_applies};
#define COST_WAY(name, w)                                                                    \
	static const struct figure_group name = {.key = #name, .csv_prefix = #name,          \
						 .csv_suffix = "", .label = #name,           \
						 .parent = &training_cost,                   \
						 .applies = training_applies, .way = w};
COST_WAY(container_hourly, RENT_CONTAINER_HOURLY)
COST_WAY(container_monthly, RENT_CONTAINER_MONTHLY)
COST_WAY(baremetal, RENT_BAREMETAL)

const struct figure_group *figure_cheaper(const struct plan *p)
{
	switch (p->cheaper) {
	case CHEAPER_CONTAINER:
		return &figure_group_container;
	case CHEAPER_BAREMETAL:
		return &figure_group_baremetal;
	default:
		return NULL;
	}
}

/* The cheaper way's key: its group's, so the JSON's "cheaper" names the
 * object beside it. */
static bool get_cheaper(const struct plan *p, struct figure_value *v)
{
	if (p->cards <= 0 || p->cheaper == CHEAPER_NONE)
		return false;
	v->text = figure_cheaper(p)->key;
	return true;
}

/* A row: group, key, label, unit, the JSON's decimals, kind, getter. */
#define IN(grp, k, l, u, d, kind_, g) {.group = grp, .key = k, .label = l, .unit = u, \
					.decimals = d, .kind = FIGURE_##kind_, .get = {g}}
#define PLAN(...) IN(NULL, __VA_ARGS__)
#define CONTAINER(...) IN(&figure_group_container, __VA_ARGS__)
#define BAREMETAL(...) IN(&figure_group_baremetal, __VA_ARGS__)
#define PER_CARD(...) IN(&figure_group_per_card, __VA_ARGS__)
#define TERM(t) {.group = &figure_group_per_card, .unit = UNIT_GIB, .decimals = 4, \
		 .kind = FIGURE_NUMBER, .get = {.term = get_term}, .term = &mem_term_rows[t]}
#define LIST(k, l, g, lst) {.key = k, .label = l, .kind = FIGURE_LIST, .get = {.plan = g}, \
			    .list = &lst}
/* The serving figures (SERVING.md §13), at the users' load and at max
 * load: step{} is one replica's steady state, its decode step and its
 * step with a prefill chunk; efficiency{} every constant the model used. */
#define TIME(grp, k, l, u, d, kind_, g) IN(&grp, k, l, u, d, kind_, .time = g)
#define STEP_TERMS(grp, x)                                                                     \
	TIME(grp, "total_s", N_("step"), UNIT_SECONDS, 9, NUMBER, get_##x##_total),            \
	TIME(grp, "weights_s", N_("weight streaming"), UNIT_SECONDS, 9, NUMBER,               \
	     get_##x##_weights),                                                               \
	TIME(grp, "matmul_compute_s", N_("GEMM compute"), UNIT_SECONDS, 9, NUMBER,            \
	     get_##x##_mm_compute),                                                            \
	TIME(grp, "matmul_s", N_("GEMMs"), UNIT_SECONDS, 9, NUMBER, get_##x##_mm),             \
	TIME(grp, "kv_s", N_("KV reads"), UNIT_SECONDS, 9, NUMBER, get_##x##_kv),               \
	TIME(grp, "attention_compute_s", N_("attention compute"), UNIT_SECONDS, 9, NUMBER,    \
	     get_##x##_at_compute),                                                            \
	TIME(grp, "attention_s", N_("attention"), UNIT_SECONDS, 9, NUMBER, get_##x##_at),     \
	TIME(grp, "fixed_s", N_("per-layer latency"), UNIT_SECONDS, 9, NUMBER, get_##x##_fixed), \
	TIME(grp, "comm_s", N_("all-reduce and all-to-all"), UNIT_SECONDS, 9, NUMBER,         \
	     get_##x##_comm),                                                                  \
	TIME(grp, "send_s", N_("pipeline sends"), UNIT_SECONDS, 9, NUMBER, get_##x##_send)
#define TIME_ROWS(grp)                                                                          \
	TIME(grp, "bound", N_("bound"), UNIT_NONE, 0, STRING, get_time_bound),                      \
	TIME(grp, "concurrency", N_("concurrency"), UNIT_COUNT, 0, INT, get_time_concurrency),      \
	TIME(grp, "max_concurrency", N_("max concurrency"), UNIT_COUNT, 0, INT,                     \
	     get_time_max_concurrency),                                                          \
	TIME(grp, "waiting_users", N_("users waiting for a slot"), UNIT_COUNT, 0, INT,              \
	     get_time_waiting),                                                                  \
	TIME(grp, "ttft_s", N_("time to first token"), UNIT_SECONDS, 4, NUMBER, get_time_ttft),     \
	TIME(grp, "tpot_s", N_("time per output token"), UNIT_SECONDS, 6, NUMBER, get_time_tpot),  \
	TIME(grp, "itl_p50_s", N_("inter-token latency p50"), UNIT_SECONDS, 6, NUMBER,              \
	     get_time_itl_p50),                                                                  \
	TIME(grp, "itl_p99_s", N_("inter-token latency p99"), UNIT_SECONDS, 6, NUMBER,              \
	     get_time_itl_p99),                                                                  \
	TIME(grp, "e2e_s", N_("whole request"), UNIT_SECONDS, 4, NUMBER, get_time_e2e),             \
	TIME(grp, "user_tokens_per_s", N_("per user"), UNIT_RATE, 1, NUMBER, get_time_user),        \
	TIME(grp, "delivered_tokens_per_s", N_("per user over the request"), UNIT_RATE, 2, NUMBER,  \
	     get_time_delivered),                                                                \
	TIME(grp, "output_tokens_per_s", N_("output"), UNIT_RATE, 1, NUMBER, get_time_output),      \
	TIME(grp, "total_tokens_per_s", N_("in and out"), UNIT_RATE, 1, NUMBER, get_time_total),    \
	TIME(grp##_cost_output, "container", N_("container"), UNIT_MONEY, 4, NUMBER,                \
	     get_time_out_container),                                                            \
	TIME(grp##_cost_output, "baremetal", N_("bare metal"), UNIT_MONEY, 4, NUMBER,               \
	     get_time_out_baremetal),                                                            \
	TIME(grp##_cost_output, "currency", N_("currency"), UNIT_NONE, 0, STRING,                   \
	     get_time_currency),                                                                 \
	TIME(grp##_cost_total, "container", N_("container"), UNIT_MONEY, 4, NUMBER,                 \
	     get_time_tot_container),                                                            \
	TIME(grp##_cost_total, "baremetal", N_("bare metal"), UNIT_MONEY, 4, NUMBER,                \
	     get_time_tot_baremetal),                                                            \
	TIME(grp##_cost_total, "currency", N_("currency"), UNIT_NONE, 0, STRING,                    \
	     get_time_currency),                                                                 \
	TIME(grp, "hourly_break_even_hours", N_("hourly break-even"), UNIT_COUNT, 1, NUMBER,        \
	     get_time_break_even),                                                               \
	TIME(grp##_step, "decode_batch", N_("decoding sequences"), UNIT_COUNT, 4, NUMBER,           \
	     get_step_n_d),                                                                      \
	TIME(grp##_step, "prefill_tokens_per_step", N_("prefill tokens per step"), UNIT_COUNT, 4,   \
	     NUMBER, get_step_n_p),                                                              \
	TIME(grp##_step, "prefill_chunk_tokens", N_("prefill chunk"), UNIT_COUNT, 4, NUMBER,        \
	     get_step_chunk),                                                                    \
	TIME(grp##_step, "prefill_step_share", N_("steps with prefill"), UNIT_SHARE, 6, NUMBER,     \
	     get_step_share),                                                                    \
	TIME(grp##_step, "prefill_utilisation", N_("prefill utilisation"), UNIT_SHARE, 6, NUMBER,   \
	     get_step_rho),                                                                      \
	TIME(grp##_step, "other_users_share", N_("other users' share"), UNIT_SHARE, 6, NUMBER,      \
	     get_step_phi),                                                                      \
	TIME(grp##_step, "micro_batches", N_("micro-batches"), UNIT_COUNT, 0, INT, get_step_n_mb),  \
	STEP_TERMS(grp##_decode, dec),                                                           \
	STEP_TERMS(grp##_prefill, pre),                                                          \
	TIME(grp##_efficiency, "mbu", N_("MBU"), UNIT_RATIO, 2, NUMBER, get_time_mbu),              \
	TIME(grp##_efficiency, "mbu_kv", N_("MBU of KV reads"), UNIT_RATIO, 2, NUMBER,              \
	     get_time_mbu_kv),                                                                   \
	TIME(grp##_efficiency, "mbu_moe", N_("MBU of experts"), UNIT_RATIO, 2, NUMBER,              \
	     get_eff_mbu_moe),                                                                   \
	TIME(grp##_efficiency, "mfu", N_("MFU"), UNIT_RATIO, 2, NUMBER, get_time_mfu),              \
	TIME(grp##_efficiency, "mfu_attn", N_("MFU of attention"), UNIT_RATIO, 2, NUMBER,           \
	     get_eff_mfu_attn),                                                                  \
	TIME(grp##_efficiency, "eta_dq", N_("dequantisation"), UNIT_RATIO, 2, NUMBER,               \
	     get_eff_eta_dq),                                                                    \
	TIME(grp##_efficiency, "tau_layer_us", N_("per-layer latency"), UNIT_COEFFICIENT, 1,        \
	     NUMBER, get_eff_tau_layer),                                                         \
	TIME(grp##_efficiency, "tau_moe_us", N_("per-MoE-layer latency"), UNIT_COEFFICIENT, 1,      \
	     NUMBER, get_eff_tau_moe),                                                           \
	TIME(grp##_efficiency, "sw", N_("software factor"), UNIT_RATIO, 2, NUMBER, get_eff_sw),     \
	TIME(grp##_efficiency, "alpha_us", N_("all-reduce latency"), UNIT_COEFFICIENT, 1, NUMBER,   \
	     get_eff_alpha),                                                                     \
	TIME(grp##_efficiency, "eta_ar", N_("all-reduce efficiency"), UNIT_RATIO, 2, NUMBER,        \
	     get_eff_eta_ar),                                                                    \
	TIME(grp##_efficiency, "bw_ar_gbs", N_("all-reduce bandwidth"), UNIT_GBS, 1, NUMBER,        \
	     get_eff_bw_ar),                                                                     \
	TIME(grp##_efficiency, "kappa", N_("roofline blend"), UNIT_RATIO, 2, NUMBER,                \
	     get_eff_kappa),                                                                     \
	TIME(grp##_efficiency, "prefill_chunk", N_("prefill chunk"), UNIT_COUNT, 0, NUMBER,         \
	     get_eff_chunk),                                                                     \
	TIME(grp##_efficiency, "compute_path", N_("compute path"), UNIT_NONE, 0, STRING,            \
	     get_eff_path),                                                                      \
	TIME(grp##_efficiency, "peak_tflops", N_("peak"), UNIT_TFLOPS, 1, NUMBER, get_time_peak),   \
	TIME(grp##_efficiency, "bandwidth_gbs", N_("bandwidth"), UNIT_GBS, 1, NUMBER,               \
	     get_time_bandwidth),                                                                \
	TIME(grp##_efficiency, "fp8_compute", N_("FP8 compute"), UNIT_NONE, 0, BOOL, get_time_fp8), \
	TIME(grp##_efficiency, "alpha_p2p_us", N_("pipeline send latency"), UNIT_COEFFICIENT, 1,    \
	     NUMBER, get_eff_alpha_p2p),                                                         \
	TIME(grp##_efficiency, "alpha_p2p_net_us", N_("pipeline send latency between machines"),    \
	     UNIT_COEFFICIENT, 1, NUMBER, get_eff_alpha_p2p_net),                                \
	TIME(grp##_efficiency, "net_gbs", N_("link between machines"), UNIT_GBS, 2, NUMBER,         \
	     get_eff_net_gbs),                                                                   \
	TIME(grp##_efficiency, "alpha_a2a_us", N_("dispatch or combine latency"), UNIT_COEFFICIENT, \
	     1, NUMBER, get_eff_alpha_a2a),                                                      \
	TIME(grp##_efficiency, "alpha_net_us", N_("collective latency between machines"),           \
	     UNIT_COEFFICIENT, 1, NUMBER, get_eff_alpha_net),                                    \
	TIME(grp##_band, "low_pct", N_("below"), UNIT_PERCENT, 0, NUMBER, get_band_low),            \
	TIME(grp##_band, "high_pct", N_("above"), UNIT_PERCENT, 0, NUMBER, get_band_high),          \
	TIME(grp, "band_pct", N_("band"), UNIT_PERCENT, 0, NUMBER, get_time_band)
#define OPEN(k, l, u, d, kind_, g) TIME(open_loop, k, l, u, d, kind_, g)
#define MINIMUM(k, l, u, d, kind_, g) IN(&memory_minimum, k, l, u, d, kind_, .plan = g)
#define TRAIN(...) IN(&training_group, __VA_ARGS__)
#define TRAIN_EFF(...) IN(&training_efficiency, __VA_ARGS__)
#define STEP(...) IN(&training_step, __VA_ARGS__)
#define NET(...) IN(&training_network, __VA_ARGS__)
#define WAY(grp) IN(&grp, "cards", N_("cards"), UNIT_COUNT, 0, INT, .way = get_way_cards), \
		 IN(&grp, "total", N_("total"), UNIT_MONEY, 2, NUMBER, .way = get_way_total), \
		 IN(&grp, "prorated", N_("prorated"), UNIT_MONEY, 2, NUMBER, .way = get_way_prorated)
/* What both ways of renting report alike. */
#define RENT_FIRST(GROUP)                                                             \
	GROUP("available", N_("available"), UNIT_NONE, 0, BOOL, .rent = get_rent_available), \
	GROUP("region", N_("region"), UNIT_NONE, 0, STRING, .rent = get_rent_region),        \
	GROUP("reason", N_("not available"), UNIT_NONE, 0, MESSAGE, .rent = get_rent_reason), \
	GROUP("discount", N_("discount"), UNIT_NONE, 0, STRING, .rent = get_rent_discount),  \
	GROUP("source", N_("source"), UNIT_NONE, 0, STRING, .rent = get_rent_source)
#define RENT_MONTHLY(GROUP)                                                                    \
	GROUP("monthly_per_card", N_("per card"), UNIT_MONEY, 2, NUMBER, .rent = get_rent_per_card), \
	GROUP("monthly_total", N_("total"), UNIT_MONEY, 2, NUMBER, .rent = get_rent_total)

/* ---- Lists: the why, the alternatives, the scaling tiers ---- */

static int why_count(const struct plan *p)
{
	return p->nwhy;
}

static int alternatives_count(const struct plan *p)
{
	return p->nalternatives;
}

static int scaling_count(const struct plan *p)
{
	return p->training.valid ? p->training.ntiers : 0;
}

static int comparison_count(const struct plan *p)
{
	return p->training.valid ? p->training.ncompare : 0;
}

#define ITEM(k, u, d, kind_, g) {.key = k, .label = k, .unit = u, .decimals = d, \
				 .kind = FIGURE_##kind_, .get = {.item = g}}
static const struct figure why_fields[] = {{.kind = FIGURE_MESSAGE, .get = {.item = get_why_item}}};
static const struct figure alternative_fields[] = {
	ITEM("strategy", UNIT_NONE, 0, STRING, get_alt_strategy),
	ITEM("cards", UNIT_COUNT, 0, INT, get_alt_cards),
	ITEM("tp", UNIT_COUNT, 0, INT, get_alt_tp),
	ITEM("pp", UNIT_COUNT, 0, INT, get_alt_pp),
	ITEM("dp", UNIT_COUNT, 0, INT, get_alt_dp),
	ITEM("output_tokens_per_s", UNIT_RATE, 1, NUMBER, get_alt_tokens),
	ITEM("user_tokens_per_s", UNIT_RATE, 1, NUMBER, get_alt_user),
	ITEM("monthly", UNIT_MONEY, 2, NUMBER, get_alt_monthly),
	ITEM("cost_per_million_output", UNIT_MONEY, 4, NUMBER, get_alt_per_million),
	ITEM("why", UNIT_NONE, 0, MESSAGE, get_alt_why)};
static const struct figure scaling_fields[] = {
	ITEM("cards", UNIT_COUNT, 0, INT, get_tier_cards),
	ITEM("days", UNIT_DAYS, 3, NUMBER, get_tier_days),
	ITEM("efficiency", UNIT_SHARE, 4, NUMBER, get_tier_eff),
	ITEM("total_cost", UNIT_MONEY, 2, NUMBER, get_tier_cost),
	ITEM("way", UNIT_NONE, 0, STRING, get_tier_way),
	ITEM("prorated", UNIT_MONEY, 2, NUMBER, get_tier_prorated),
	ITEM("tp", UNIT_COUNT, 0, INT, get_tier_tp),
	ITEM("pp", UNIT_COUNT, 0, INT, get_tier_pp),
	ITEM("dp", UNIT_COUNT, 0, INT, get_tier_dp),
	ITEM("zero", UNIT_NONE, 0, INT, get_tier_zero),
	ITEM("micro_batch", UNIT_COUNT, 0, INT, get_tier_micro_batch),
	ITEM("region", UNIT_NONE, 0, STRING, get_tier_region),
	ITEM("band_pct", UNIT_PERCENT, 1, NUMBER, get_tier_band)};
static const struct figure comparison_fields[] = {
	ITEM("region", UNIT_NONE, 0, STRING, get_cmp_region),
	ITEM("network", UNIT_NONE, 0, STRING, get_cmp_network),
	ITEM("days", UNIT_DAYS, 3, NUMBER, get_cmp_days),
	ITEM("efficiency", UNIT_SHARE, 4, NUMBER, get_cmp_eff),
	ITEM("cost", UNIT_MONEY, 2, NUMBER, get_cmp_cost)};
#define LIST_OF(name, fields_)                                                        \
	static const struct figure_list name = {.count = name##_count, .fields = fields_, \
						.nfields = sizeof fields_ / sizeof fields_[0]};
LIST_OF(why, why_fields)
LIST_OF(alternatives, alternative_fields)
LIST_OF(scaling, scaling_fields)
LIST_OF(comparison, comparison_fields)

const struct figure figures[] = {
	PLAN("gpu", N_("GPU"), UNIT_NONE, 0, STRING, .plan = get_gpu_id),
	PLAN("gpu_name", N_("GPU name"), UNIT_NONE, 0, STRING, .plan = get_gpu_name),
	PLAN("capacity_gib", N_("capacity"), UNIT_GIB, 4, NUMBER, .plan = get_capacity),
	PLAN("fits", N_("fits"), UNIT_NONE, 0, BOOL, .plan = get_fits),
	PLAN("fit", N_("fit"), UNIT_NONE, 0, STRING, .plan = get_fit_word),
	PLAN("short_of_goals", N_("short of the goals"), UNIT_NONE, 0, BOOL,
	     .plan = get_short_of_goals),
	PLAN("cards", N_("cards"), UNIT_COUNT, 0, INT, .plan = get_cards),
	PLAN("machines", N_("machines"), UNIT_COUNT, 0, INT, .plan = get_machines),
	PLAN("tp", N_("tensor parallel"), UNIT_COUNT, 0, INT, .plan = get_tp),
	PLAN("pp", N_("pipeline parallel"), UNIT_COUNT, 0, INT, .plan = get_pp),
	PLAN("dp", N_("data parallel"), UNIT_COUNT, 0, INT, .plan = get_dp),
	PLAN("zero", N_("ZeRO stage"), UNIT_NONE, 0, INT, .plan = get_zero),
	PLAN("recompute", N_("recompute"), UNIT_NONE, 0, BOOL, .plan = get_recompute),
	PLAN("strategy", N_("plan"), UNIT_NONE, 0, STRING, .plan = get_strategy),
	TERM(TERM_WEIGHTS),
	TERM(TERM_KV_CACHE),
	TERM(TERM_ACTIVATIONS),
	TERM(TERM_GRADIENTS),
	TERM(TERM_OPTIMIZER),
	TERM(TERM_OVERHEAD),
	PER_CARD("total", N_("total"), UNIT_GIB, 4, NUMBER, .plan = get_need),
	PER_CARD("with_headroom", N_("with headroom"), UNIT_GIB, 4, NUMBER, .plan = get_with_headroom),
	PLAN("utilization_pct", N_("used"), UNIT_PERCENT, 1, NUMBER, .plan = get_utilization),
	RENT_FIRST(CONTAINER),
	CONTAINER("max_cards", N_("max cards"), UNIT_COUNT, 0, INT, .rent = get_rent_max_cards),
	RENT_MONTHLY(CONTAINER),
	CONTAINER("hourly_per_card", N_("per card"), UNIT_MONEY, 4, NUMBER, .rent = get_rent_hourly),
	CONTAINER("collected", N_("collected"), UNIT_DATE, 0, DATE, .rent = get_rent_collected),
	RENT_FIRST(BAREMETAL),
	BAREMETAL("machines", N_("machines"), UNIT_COUNT, 0, INT, .rent = get_rent_machines),
	BAREMETAL("monthly_machine", N_("per machine"), UNIT_MONEY, 2, NUMBER,
		  .rent = get_rent_per_machine),
	RENT_MONTHLY(BAREMETAL),
	BAREMETAL("idle_cards", N_("idle cards"), UNIT_COUNT, 0, INT, .rent = get_rent_idle),
	BAREMETAL("idle_monthly", N_("idle cards cost"), UNIT_MONEY, 2, NUMBER,
		  .rent = get_rent_idle_cost),
	BAREMETAL("network", N_("network"), UNIT_NONE, 0, STRING, .rent = get_rent_network),
	BAREMETAL("inter_node", N_("between machines"), UNIT_NONE, 0, STRING,
		  .rent = get_rent_inter_node),
	BAREMETAL("collected", N_("collected"), UNIT_DATE, 0, DATE, .rent = get_rent_collected),
	PLAN("cheaper", N_("cheaper"), UNIT_NONE, 0, STRING, .plan = get_cheaper),
	PLAN("efficiency_pct", N_("parallel efficiency"), UNIT_PERCENT, 1, NUMBER,
	     .plan = get_efficiency),
	PLAN("effective_monthly_per_card", N_("effective per card"), UNIT_MONEY, 2, NUMBER,
	     .plan = get_effective),
	PLAN("memory_minimum_cards", N_("memory minimum"), UNIT_COUNT, 0, INT,
	     .plan = get_memory_minimum),
	MINIMUM("cards", N_("cards"), UNIT_COUNT, 0, INT, get_min_cards),
	MINIMUM("tp", N_("tensor parallel"), UNIT_COUNT, 0, INT, get_min_tp),
	MINIMUM("pp", N_("pipeline parallel"), UNIT_COUNT, 0, INT, get_min_pp),
	MINIMUM("replicas", N_("replicas"), UNIT_COUNT, 0, INT, get_min_replicas),
	MINIMUM("per_card_gib", N_("per card"), UNIT_GIB, 4, NUMBER, get_min_per_card),
	MINIMUM("ttft_s", N_("time to first token"), UNIT_SECONDS, 4, NUMBER, get_min_ttft),
	MINIMUM("tpot_s", N_("time per output token"), UNIT_SECONDS, 6, NUMBER, get_min_tpot),
	MINIMUM("output_tokens_per_s", N_("output"), UNIT_RATE, 1, NUMBER, get_min_output),
	PLAN("micro_batch", N_("micro-batch"), UNIT_COUNT, 0, INT, .plan = get_micro_batch),
	PLAN("virtual_stages", N_("virtual stages"), UNIT_COUNT, 0, INT, .plan = get_virtual_stages),
	PLAN("ep", N_("expert parallel"), UNIT_COUNT, 0, INT, .plan = get_expert_parallel),
	PLAN("recompute_share", N_("recompute share"), UNIT_SHARE, 4, NUMBER,
	     .plan = get_recompute_share),
	TIME_ROWS(throughput),
	OPEN("rate", N_("request rate"), UNIT_COEFFICIENT, 4, NUMBER, get_open_rate),
	OPEN("rate_per_replica", N_("per replica"), UNIT_COEFFICIENT, 4, NUMBER,
	     get_open_rate_per_replica),
	OPEN("percentile", N_("percentile"), UNIT_PERCENT, 1, NUMBER, get_open_percentile),
	OPEN("stable", N_("keeps up"), UNIT_NONE, 0, BOOL, get_open_stable),
	OPEN("ttft_mean_s", N_("time to first token, mean"), UNIT_SECONDS, 4, NUMBER,
	     get_open_ttft_mean),
	OPEN("ttft_p_s", N_("time to first token at the percentile"), UNIT_SECONDS, 4, NUMBER,
	     get_open_ttft_p),
	OPEN("tpot_mean_s", N_("time per output token, mean"), UNIT_SECONDS, 6, NUMBER,
	     get_open_tpot_mean),
	OPEN("tpot_p_s", N_("time per output token at the percentile"), UNIT_SECONDS, 6, NUMBER,
	     get_open_tpot_p),
	OPEN("itl_p50_s", N_("inter-token latency p50"), UNIT_SECONDS, 6, NUMBER, get_open_itl_p50),
	OPEN("itl_p99_s", N_("inter-token latency p99"), UNIT_SECONDS, 6, NUMBER, get_open_itl_p99),
	OPEN("in_flight", N_("requests in flight"), UNIT_COUNT, 2, NUMBER, get_open_in_flight),
	OPEN("prefill_utilisation", N_("prefill utilisation"), UNIT_SHARE, 4, NUMBER, get_open_rho),
	OPEN("max_rate_per_replica", N_("most per replica within the targets"), UNIT_COEFFICIENT,
	     4, NUMBER, get_open_max_rate),
	OPEN("replicas", N_("replicas for the rate"), UNIT_COUNT, 0, INT, get_open_replicas),
	OPEN("cards", N_("cards for the rate"), UNIT_COUNT, 0, INT, get_open_cards),
	OPEN("meets_slo", N_("meets the targets"), UNIT_NONE, 0, BOOL, get_open_meets),
	OPEN("binding", N_("binding"), UNIT_NONE, 0, STRING, get_open_binding),
	TIME_ROWS(throughput_at_max),
	TRAIN("flops", N_("FLOPs"), UNIT_FLOPS, 0, NUMBER, .train = get_train_flops),
	TRAIN("k_lin", N_("FLOPs per parameter per token"), UNIT_RATIO, 3, NUMBER, .train = get_train_k),
	TRAIN("k_att", N_("attention FLOPs factor"), UNIT_RATIO, 3, NUMBER, .train = get_train_k_att),
	TRAIN("mfu", N_("MFU"), UNIT_RATIO, 4, NUMBER, .train = get_train_mfu),
	TRAIN("goodput", N_("goodput"), UNIT_RATIO, 4, NUMBER, .train = get_train_goodput),
	TRAIN("days", N_("days"), UNIT_DAYS, 3, NUMBER, .train = get_train_days),
	TRAIN("card_hours", N_("card-hours"), UNIT_COUNT, 1, NUMBER, .train = get_train_card_hours),
	TRAIN("cards_for_deadline", N_("cards for the deadline"), UNIT_COUNT, 0, INT, .train = get_train_for_deadline),
	TRAIN("meets_deadline", N_("meets the deadline"), UNIT_NONE, 0, BOOL, .train = get_train_meets),
	TRAIN("parallel_efficiency", N_("parallel efficiency"), UNIT_SHARE, 4, NUMBER, .train = get_train_eff),
	TRAIN("shape_fits", N_("shape fits"), UNIT_NONE, 0, BOOL, .train = get_train_fits),
	TRAIN("sequences_per_step", N_("sequences per step"), UNIT_COUNT, 0, INT, .train = get_train_sequences),
	TRAIN("micro_batches", N_("micro-batches per step"), UNIT_RATIO, 3, NUMBER, .train = get_train_micro_batches),
	TRAIN("bubble_share", N_("pipeline bubble"), UNIT_SHARE, 4, NUMBER, .train = get_train_bubble),
	TRAIN("dp_s", N_("data-parallel traffic"), UNIT_SECONDS, 4, NUMBER, .train = get_train_dp_s),
	STEP("compute_s", N_("compute"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_compute),
	STEP("tp_s", N_("tensor parallel"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_tp),
	STEP("ep_s", N_("expert parallel"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_ep),
	STEP("pp_send_s", N_("pipeline sends"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_pp_send),
	STEP("pp_bubble_s", N_("pipeline bubble"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_bubble),
	STEP("dp_exposed_s", N_("data parallel exposed"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_dp),
	STEP("total_s", N_("step"), UNIT_SECONDS, 4, NUMBER, .train = get_train_step_total),
	NET("region", N_("region"), UNIT_NONE, 0, STRING, .train = get_net_region),
	NET("network", N_("network"), UNIT_NONE, 0, STRING, .train = get_net_network),
	NET("inter_node", N_("between machines"), UNIT_NONE, 0, STRING, .train = get_net_inter_node),
	NET("node_gbs", N_("a machine's network"), UNIT_GBS, 3, NUMBER, .train = get_net_node_gbs),
	NET("inherited", N_("from an earlier quote"), UNIT_NONE, 0, BOOL, .train = get_net_inherited),
	NET("inherited_from", N_("quoted"), UNIT_DATE, 0, DATE, .train = get_net_inherited_from),
	NET("why", N_("why"), UNIT_NONE, 0, STRING, .train = get_net_why),
	TRAIN_EFF("peak_tflops", N_("peak"), UNIT_TFLOPS, 1, NUMBER, .train = get_train_peak),
	TRAIN_EFF("mfu_train", N_("MFU in training"), UNIT_RATIO, 2, NUMBER,
		  .plan = get_train_mfu_train),
	TRAIN_EFF("mu", N_("MFU after the width law"), UNIT_RATIO, 4, NUMBER, .train = get_train_mfu),
	TRAIN_EFF("goodput", N_("goodput"), UNIT_RATIO, 4, NUMBER, .train = get_train_goodput),
	TRAIN_EFF("goodput_ops", N_("goodput of operations"), UNIT_RATIO, 2, NUMBER, .train = get_train_goodput_ops),
	TRAIN_EFF("fail_per_gpu_h", N_("interruptions per GPU-hour"), UNIT_COEFFICIENT, 7, NUMBER, .train = get_train_fail),
	TRAIN_EFF("lost_h", N_("hours lost per interruption"), UNIT_RATIO, 3, NUMBER, .train = get_train_lost),
	TRAIN_EFF("eta_link", N_("link bus bandwidth share"), UNIT_RATIO, 4, NUMBER,
		  .plan = get_train_eta_link),
	TRAIN_EFF("eta_net", N_("network bus bandwidth share"), UNIT_RATIO, 2, NUMBER, .train = get_train_eta_net),
	TRAIN_EFF("w0", N_("GEMM width law"), UNIT_COUNT, 0, NUMBER, .train = get_train_w0),
	TRAIN_EFF("qlora_slowdown", N_("QLoRA slowdown"), UNIT_RATIO, 2, NUMBER, .train = get_train_qlora),
	TRAIN_EFF("fp8_factor", N_("FP8 MFU factor"), UNIT_RATIO, 2, NUMBER, .train = get_train_fp8_factor),
	TRAIN_EFF("grad_bytes", N_("gradient bytes on the wire"), UNIT_COUNT, 0, NUMBER, .train = get_train_grad_bytes),
	TRAIN_EFF("param_bytes", N_("parameter bytes on the wire"), UNIT_COUNT, 0, NUMBER, .train = get_train_param_bytes),
	TRAIN_EFF("ib_gbs", N_("IB assumed"), UNIT_GBS, 3, NUMBER, .train = get_train_ib_gbs),
	TRAIN_EFF("ethernet_gbs", N_("Ethernet assumed"), UNIT_GBS, 3, NUMBER, .train = get_train_ethernet_gbs),
	TRAIN_EFF("none_gbs", N_("no network assumed"), UNIT_GBS, 3, NUMBER, .train = get_train_none_gbs),
	TRAIN_EFF("unknown_gbs", N_("unknown network assumed"), UNIT_GBS, 3, NUMBER, .train = get_train_unknown_gbs),
	TRAIN_EFF("pretrain_batch", N_("pretraining batch"), UNIT_COUNT, 0, NUMBER, .train = get_train_pretrain_batch),
	TRAIN_EFF("finetune_batch", N_("fine-tuning batch"), UNIT_COUNT, 0, NUMBER, .train = get_train_finetune_batch),
	TRAIN_EFF("cards_per_machine", N_("cards per machine"), UNIT_COUNT, 0, INT, .train = get_train_per_machine),
	TRAIN_EFF("max_cards", N_("card cap"), UNIT_COUNT, 0, INT, .train = get_train_max_cards),
	TRAIN_EFF("link_gbs", N_("link in a machine"), UNIT_GBS, 1, NUMBER, .plan = get_train_link),
	TRAIN_EFF("bw_link_gbs", N_("bus bandwidth in a machine"), UNIT_GBS, 3, NUMBER, .train = get_train_bw_link),
	TRAIN_EFF("bw_node_gbs", N_("bus bandwidth between machines"), UNIT_GBS, 3, NUMBER, .train = get_train_bw_node),
	TRAIN_EFF("idle_share", N_("spend that buys no compute"), UNIT_SHARE, 4, NUMBER, .train = get_train_idle),
	IN(&training_usl, "sigma", N_("sigma"), UNIT_COEFFICIENT, 10, NUMBER, .train = get_train_sigma),
	IN(&training_usl, "kappa", N_("kappa"), UNIT_COEFFICIENT, 10, NUMBER, .train = get_train_kappa),
	IN(&training_usl, "x1", N_("tokens/s on one card"), UNIT_RATE, 2, NUMBER, .train = get_train_x1),
	IN(&training_usl, "peak_cards", N_("peak at"), UNIT_COUNT, 1, NUMBER,
	   .plan = get_train_peak_cards),
	IN(&training_usl, "rho", N_("fit residual"), UNIT_SHARE, 4, NUMBER, .train = get_train_rho),
	IN(&training_usl, "band_kind", N_("band"), UNIT_NONE, 0, STRING, .train = get_train_band_kind),
	WAY(container_hourly),
	WAY(container_monthly),
	WAY(baremetal),
	IN(&training_cost, "cheapest", N_("cheapest"), UNIT_NONE, 0, STRING, .train = get_train_cheapest),
	IN(&training_cost, "prorated", N_("prorated"), UNIT_MONEY, 2, NUMBER, .train = get_train_prorated),
	{.group = &training_cost, .key = "comparison", .label = N_("other regions"),
	 .kind = FIGURE_LIST, .get = {.plan = get_scaling_applies}, .list = &comparison},
	TRAIN("band_pct", N_("band"), UNIT_PERCENT, 1, NUMBER, .train = get_train_band),
	LIST("scaling", N_("scaling tiers"), get_scaling_applies, scaling),
	LIST("alternatives", N_("alternatives"), get_lists, alternatives),
	LIST("why", N_("why"), get_lists, why),
};
const size_t n_figures = sizeof figures / sizeof figures[0];

const char *figure_key(const struct figure *f)
{
	return f->term ? f->term->key : f->key;
}

/* Translated on each call: the language may change while the program runs. */
static const char *figure_label(const struct figure *f)
{
	return _(f->term ? f->term->label : f->label);
}

const char *figure_group_label(const struct figure_group *g)
{
	return _(g->label);
}

/* The parents' prefixes first: throughput_efficiency. */
static size_t group_prefix(const struct figure_group *g, char *buf, size_t cap)
{
	size_t n = g->parent ? group_prefix(g->parent, buf, cap) : 0;
	int w = snprintf(buf + n, n < cap ? cap - n : 0, "%s%s", n ? "_" : "", g->csv_prefix);
	return n + (w > 0 ? (size_t)w : 0);
}

void figure_csv_name(const struct figure *f, char *buf, size_t cap)
{
	char prefix[96];
	if (f->group) {
		group_prefix(f->group, prefix, sizeof prefix);
		snprintf(buf, cap, "%s_%s%s", prefix, figure_key(f), f->group->csv_suffix);
	} else {
		snprintf(buf, cap, "%s", figure_key(f));
	}
}

bool figure_group_applies(const struct figure_group *g, const struct plan *p)
{
	return g->applies ? g->applies(p) : has_cards(p);
}

bool figure_group_within(const struct figure_group *g, const struct figure_group *anc)
{
	for (; g; g = g->parent)
		if (g == anc)
			return true;
	return false;
}

/* The group (g or a parent) that says which time figures it describes, or NULL. */
static const struct figure_group *timed_group(const struct figure_group *g)
{
	while (g && !g->throughput)
		g = g->parent;
	return g;
}

/* The time figures a row describes: its group's, else the plan's. */
static const struct throughput *figure_throughput(const struct figure *f, const struct plan *p)
{
	const struct figure_group *g = timed_group(f->group);
	return g ? g->throughput(p) : &p->throughput;
}

static enum mem_term term_of(const struct figure *f)
{
	return (enum mem_term)(f->term - mem_term_rows);
}

bool figure_get(const struct figure *f, const struct plan *p, struct figure_value *v)
{
	const struct figure_getter *g = &f->get;
	if (g->plan)
		return g->plan(p, v);
	if (g->rent)
		return g->rent(p, f->group->rent(p), v);
	if (g->time)
		return g->time(figure_throughput(f, p), v);
	if (g->train)
		return g->train(&p->training, v);
	if (g->way)
		return g->way(&p->training, (enum train_rent)f->group->way, v);
	if (g->term)
		return g->term(p, term_of(f), v);
	return false; /* a list's field: figure_item */
}

int figure_list_count(const struct figure *f, const struct plan *p)
{
	struct figure_value v = {0};
	return f->list && figure_get(f, p, &v) ? f->list->count(p) : 0;
}

bool figure_item(const struct figure *field, const struct plan *p, int i, struct figure_value *v)
{
	*v = (struct figure_value){0};
	return field->get.item(p, i, v);
}

static bool scalar_text(const struct figure *f, const struct figure_value *v, char *buf,
			size_t cap);

/* "key=value key=value; …": one cell for a whole list. */
static void list_text(const struct figure *f, const struct plan *p, char *buf, size_t cap)
{
	size_t used = 0;
	int n = figure_list_count(f, p);
	for (int i = 0; i < n && used < cap; i++)
		for (size_t k = 0; k < f->list->nfields && used < cap; k++) {
			const struct figure *field = &f->list->fields[k];
			struct figure_value v;
			char text[256];
			if (!figure_item(field, p, i, &v) || !scalar_text(field, &v, text, sizeof text))
				snprintf(text, sizeof text, "null");
			int w = snprintf(buf + used, cap - used, "%s%s%s%s",
					 k ? " " : i ? "; " : "", field->key ? field->key : "",
					 field->key ? "=" : "", text);
			used += w > 0 ? (size_t)w : 0;
		}
}

/* Numbers below zero mean "none" in the engine (and null in jsonw). */
bool figure_text(const struct figure *f, const struct plan *p, char *buf, size_t cap)
{
	struct figure_value v = {0};
	buf[0] = '\0';
	if (!figure_get(f, p, &v))
		return false;
	if (f->kind == FIGURE_LIST) {
		list_text(f, p, buf, cap);
		return true;
	}
	return scalar_text(f, &v, buf, cap);
}

static bool scalar_text(const struct figure *f, const struct figure_value *vp, char *buf,
			size_t cap)
{
	struct figure_value v = *vp;
	buf[0] = '\0';
	switch (f->kind) {
	case FIGURE_NUMBER:
		if (v.number < 0)
			return false;
		snprintf(buf, cap, "%.*f", f->decimals, v.number);
		return true;
	case FIGURE_INT:
		snprintf(buf, cap, "%lld", (long long)v.number);
		return true;
	case FIGURE_BOOL:
		snprintf(buf, cap, "%s", v.flag ? "true" : "false");
		return true;
	case FIGURE_DATE:
		if (v.number <= 0)
			return false;
		unit_date(buf, cap, (int)v.number);
		return true;
	case FIGURE_MESSAGE:
		message_format(v.message, buf, cap);
		return true;
	default:
		if (!v.text)
			return false;
		snprintf(buf, cap, "%s", v.text);
		return true;
	}
}

/* The currency of a money figure: its way of renting's offer, its time
 * model's, else the plan's. */
static const char *figure_currency(const struct figure *f, const struct plan *p)
{
	const struct rent *r = f->group && f->group->rent ? f->group->rent(p) : NULL;
	if (r && r->offer && r->offer->currency && r->offer->currency[0])
		return r->offer->currency;
	if (timed_group(f->group)) {
		const struct throughput *t = figure_throughput(f, p);
		if (t->valid && t->currency && t->currency[0])
			return t->currency;
	}
	return plan_currency(p);
}

bool figure_human(const struct figure *f, const struct plan *p, enum money_style ms, char *buf,
		  size_t cap)
{
	struct figure_value v = {0};
	buf[0] = '\0';
	if (f->kind == FIGURE_LIST || !figure_get(f, p, &v))
		return false;
	if (f->kind == FIGURE_NUMBER || f->kind == FIGURE_INT || f->kind == FIGURE_DATE)
		unit_text(buf, cap, f->unit, v.number, figure_currency(f, p), ms);
	else if (f->kind == FIGURE_BOOL)
		snprintf(buf, cap, "%s", v.flag ? _("yes") : _("no"));
	else if (f->kind == FIGURE_MESSAGE)
		message_format(v.message, buf, cap);
	else
		snprintf(buf, cap, "%s", v.text ? v.text : "");
	return true;
}

const struct figure *figure_find(const struct figure_group *g, const char *key)
{
	for (size_t i = 0; i < n_figures; i++)
		if (figures[i].group == g && strcmp(figure_key(&figures[i]), key) == 0)
			return &figures[i];
	return NULL;
}

const char *figure_label_for(const struct figure_group *g, const char *key)
{
	const struct figure *f = figure_find(g, key);
	return f ? figure_label(f) : key;
}
