/* The figures table: every value a plan reports, in the JSON's order. */
#include "figures.h"
#include "figures_time.h"


#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "report.h"
#include "tables.h"
#include "message.h"

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

static bool training_applies(const struct plan *p)
{
	return p->training.valid;
}

static bool usl_applies(const struct plan *p)
{
	return p->training.valid && p->training.measured;
}

static const struct figure_group training_group = {
	.key = "training", .csv_prefix = "training", .csv_suffix = "", .label = N_("training"),
	.applies = training_applies};
static const struct figure_group training_efficiency = {
	.key = "efficiency", .csv_prefix = "efficiency", .csv_suffix = "",
	.label = N_("efficiencies used"), .parent = &training_group, .applies = training_applies};
static const struct figure_group training_usl = {
	.key = "usl", .csv_prefix = "usl", .csv_suffix = "", .label = N_("measured scaling"),
	.parent = &training_group, .applies = usl_applies};
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

/* Getters, one line each: false when 'applies' does not hold; the value
 * is read only when it does (r is the group's renting, or NULL). Each
 * getter holds its own condition, as the CSV asks each column apart: a
 * plan without cards has a null "container" in the JSON, yet its CSV row
 * says container_available=false. */
#define GETTER(name, applies, member, value)                                                      \
	static bool name(const struct plan *p, const struct figure *f, struct figure_value *v)   \
	{                                                                                          \
		const struct rent *r = f->group && f->group->rent ? f->group->rent(p) : NULL;     \
		(void)r;                                                                           \
		if (!(applies))                                                                    \
			return false;                                                              \
		v->member = (value);                                                               \
		return true;                                                                       \
	}

static enum mem_term term_of(const struct figure *f)
{
	return (enum mem_term)(f->term - mem_term_rows);
}

#define PRICED (has_cards(p) && r->offer)
#define G(x) ((x) / GIB)

GETTER(gpu_id, true, text, p->gpu->id)
GETTER(gpu_name, true, text, p->gpu->name)
GETTER(capacity, true, number, G(p->capacity))
GETTER(fits, true, flag, p->fits)
GETTER(fit_word, true, text, plan_fit_word(p))
GETTER(cards, has_cards(p), number, p->cards)
GETTER(machines, has_cards(p), number, p->machines)
GETTER(tensor, has_cards(p), number, p->lay.t)
GETTER(pipeline, has_cards(p), number, p->lay.p)
GETTER(data, has_cards(p), number, p->lay.d)
GETTER(zero, has_cards(p), number, p->lay.zero)
GETTER(recompute, has_cards(p), flag, p->lay.recompute)
GETTER(strategy, true, text, p->strategy)
GETTER(term, has_cards(p), number, G(mem_term_value(&p->per_card, term_of(f))))
GETTER(need, has_cards(p), number, G(p->need))
GETTER(with_headroom, has_cards(p), number, G(p->with_headroom))
GETTER(utilization, has_cards(p), number, p->utilization_pct)
GETTER(available, true, flag, r->available)
GETTER(region, PRICED, text, r->offer->region)
GETTER(reason, has_cards(p) && !r->available, message, &r->why)
GETTER(discount, PRICED && r->offer->discount[0], text, r->offer->discount)
GETTER(source, PRICED && r->offer->source[0], text, r->offer->source)
GETTER(max_cards, PRICED, number, r->max_cards)
GETTER(per_card, PRICED, number, r->monthly_per_card)
GETTER(total, r->available, number, r->total)
GETTER(hourly, PRICED, number, r->hourly_per_card)
GETTER(collected, PRICED, number, r->monthly_collected)
GETTER(bm_machines, PRICED, number, r->machines)
GETTER(per_machine, PRICED, number, r->machine_monthly)
GETTER(idle, PRICED, number, r->idle)
GETTER(idle_cost, PRICED, number, r->idle_cost)
GETTER(network, PRICED && r->offer->network[0], text, r->offer->network)
GETTER(inter_node, PRICED && inter_node_names[r->offer->inter_node][0], text,
       inter_node_names[r->offer->inter_node])
GETTER(cheaper, has_cards(p) && p->cheaper != CHEAPER_NONE, text, figure_cheaper(p)->key)
GETTER(efficiency, has_cards(p) && p->efficiency >= 0, number, 100 * p->efficiency)
GETTER(effective, has_cards(p) && p->effective_per_card >= 0, number, p->effective_per_card)

#define IN(grp, k, l, u, d, kind_, g) {.group = grp, .key = k, .label = l, .unit = u, \
					.decimals = d, .kind = FIGURE_##kind_, .get = g}
#define PLAN(...) IN(NULL, __VA_ARGS__)
#define CONTAINER(...) IN(&figure_group_container, __VA_ARGS__)
#define BAREMETAL(...) IN(&figure_group_baremetal, __VA_ARGS__)
#define PER_CARD(...) IN(&figure_group_per_card, __VA_ARGS__)
#define TERM(t) {.group = &figure_group_per_card, .unit = "GiB", .decimals = 4, \
		 .kind = FIGURE_NUMBER, .get = term, .term = &mem_term_rows[t]}
#define LIST(k, l, g, lst) {.key = k, .label = l, .kind = FIGURE_LIST, .get = g, .list = &lst}
#define MONEY "per month"
/* The serving figures (SERVING.md §13), at the users' load and at max
 * load; their groups and getters are figures_time.c's. */
#define STEP_TERMS(grp)                                                                         \
	IN(&grp, "total_s", N_("step"), "s", 9, NUMBER, s_total),                               \
	IN(&grp, "weights_s", N_("weight streaming"), "s", 9, NUMBER, s_weights),               \
	IN(&grp, "matmul_compute_s", N_("GEMM compute"), "s", 9, NUMBER, s_mm_compute),         \
	IN(&grp, "matmul_s", N_("GEMMs"), "s", 9, NUMBER, s_mm),                                \
	IN(&grp, "kv_s", N_("KV reads"), "s", 9, NUMBER, s_kv),                                 \
	IN(&grp, "attention_compute_s", N_("attention compute"), "s", 9, NUMBER, s_at_compute), \
	IN(&grp, "attention_s", N_("attention"), "s", 9, NUMBER, s_at),                         \
	IN(&grp, "fixed_s", N_("per-layer latency"), "s", 9, NUMBER, s_fixed),                  \
	IN(&grp, "comm_s", N_("all-reduce and all-to-all"), "s", 9, NUMBER, s_comm),            \
	IN(&grp, "send_s", N_("pipeline sends"), "s", 9, NUMBER, s_send)
#define ENGINE_ROW(grp, key) IN(&grp, key, key, NULL, 4, NUMBER, t_engine)
#define TIME_ROWS(grp)                                                                           \
	IN(&grp, "bound", N_("bound"), NULL, 0, STRING, t_bound),                                \
	IN(&grp, "concurrency", N_("concurrency"), NULL, 0, INT, t_concurrency),                 \
	IN(&grp, "max_concurrency", N_("max concurrency"), NULL, 0, INT, t_max_concurrency),     \
	IN(&grp, "waiting_users", N_("users waiting for a slot"), NULL, 0, INT, t_waiting),      \
	IN(&grp, "ttft_s", N_("time to first token"), "s", 4, NUMBER, t_ttft),                   \
	IN(&grp, "tpot_s", N_("time per output token"), "s", 6, NUMBER, t_tpot),                 \
	IN(&grp, "itl_p50_s", N_("inter-token latency p50"), "s", 6, NUMBER, t_itl_p50),         \
	IN(&grp, "itl_p99_s", N_("inter-token latency p99"), "s", 6, NUMBER, t_itl_p99),         \
	IN(&grp, "e2e_s", N_("whole request"), "s", 4, NUMBER, t_e2e),                           \
	IN(&grp, "user_tokens_per_s", N_("per user"), "tok/s", 1, NUMBER, t_user),               \
	IN(&grp, "delivered_tokens_per_s", N_("per user over the request"), "tok/s", 2, NUMBER,  \
	   t_delivered),                                                                         \
	IN(&grp, "output_tokens_per_s", N_("output"), "tok/s", 1, NUMBER, t_output),             \
	IN(&grp, "total_tokens_per_s", N_("in and out"), "tok/s", 1, NUMBER, t_total),           \
	IN(&grp##_cost_output, "container", N_("container"), NULL, 4, NUMBER, t_out_container),  \
	IN(&grp##_cost_output, "baremetal", N_("bare metal"), NULL, 4, NUMBER, t_out_baremetal), \
	IN(&grp##_cost_output, "currency", N_("currency"), NULL, 0, STRING, t_currency),         \
	IN(&grp##_cost_total, "container", N_("container"), NULL, 4, NUMBER, t_tot_container),   \
	IN(&grp##_cost_total, "baremetal", N_("bare metal"), NULL, 4, NUMBER, t_tot_baremetal),  \
	IN(&grp##_cost_total, "currency", N_("currency"), NULL, 0, STRING, t_currency),          \
	IN(&grp, "hourly_break_even_hours", N_("hourly break-even"), "h/month", 1, NUMBER,       \
	   t_break_even),                                                                        \
	IN(&grp##_step, "decode_batch", N_("decoding sequences"), NULL, 4, NUMBER, t_n_d),       \
	IN(&grp##_step, "prefill_tokens_per_step", N_("prefill tokens per step"), NULL, 4,       \
	   NUMBER, t_n_p),                                                                       \
	IN(&grp##_step, "prefill_chunk_tokens", N_("prefill chunk"), NULL, 4, NUMBER, t_chunk),  \
	IN(&grp##_step, "prefill_step_share", N_("steps with prefill"), NULL, 6, NUMBER,         \
	   t_share),                                                                             \
	IN(&grp##_step, "prefill_utilisation", N_("prefill utilisation"), NULL, 6, NUMBER,       \
	   t_rho),                                                                               \
	IN(&grp##_step, "other_users_share", N_("other users' share"), NULL, 6, NUMBER, t_phi),  \
	IN(&grp##_step, "micro_batches", N_("micro-batches"), NULL, 0, INT, t_n_mb),             \
	STEP_TERMS(grp##_step_decode),                                                           \
	STEP_TERMS(grp##_step_prefill),                                                          \
	IN(&grp##_efficiency, "mbu", N_("MBU"), NULL, 2, NUMBER, t_mbu),                         \
	IN(&grp##_efficiency, "mbu_kv", N_("MBU of KV reads"), NULL, 2, NUMBER, t_mbu_kv),       \
	IN(&grp##_efficiency, "mbu_moe", N_("MBU of experts"), NULL, 2, NUMBER, t_mbu_moe),      \
	IN(&grp##_efficiency, "mfu", N_("MFU"), NULL, 2, NUMBER, t_mfu),                         \
	IN(&grp##_efficiency, "mfu_attn", N_("MFU of attention"), NULL, 2, NUMBER, t_mfu_attn),  \
	IN(&grp##_efficiency, "eta_dq", N_("dequantisation"), NULL, 2, NUMBER, t_eta_dq),        \
	IN(&grp##_efficiency, "tau_layer_us", N_("per-layer latency"), "us", 1, NUMBER,          \
	   t_tau_layer),                                                                         \
	IN(&grp##_efficiency, "tau_moe_us", N_("per-MoE-layer latency"), "us", 1, NUMBER,        \
	   t_tau_moe),                                                                           \
	IN(&grp##_efficiency, "sw", N_("software factor"), NULL, 2, NUMBER, t_sw),               \
	IN(&grp##_efficiency, "alpha_us", N_("all-reduce latency"), "us", 1, NUMBER, t_alpha),   \
	IN(&grp##_efficiency, "eta_ar", N_("all-reduce efficiency"), NULL, 2, NUMBER, t_eta_ar), \
	IN(&grp##_efficiency, "bw_ar_gbs", N_("all-reduce bandwidth"), "GB/s", 1, NUMBER,        \
	   t_bw_ar),                                                                             \
	IN(&grp##_efficiency, "kappa", N_("roofline blend"), NULL, 2, NUMBER, t_kappa),          \
	IN(&grp##_efficiency, "prefill_chunk", N_("prefill chunk"), "tok", 0, NUMBER,            \
	   t_chunk_setting),                                                                     \
	IN(&grp##_efficiency, "compute_path", N_("compute path"), NULL, 0, STRING, t_path),      \
	IN(&grp##_efficiency, "peak_tflops", N_("peak"), "TFLOPS", 1, NUMBER, t_peak),           \
	IN(&grp##_efficiency, "bandwidth_gbs", N_("bandwidth"), "GB/s", 1, NUMBER, t_bandwidth), \
	IN(&grp##_efficiency, "fp8_compute", N_("FP8 compute"), NULL, 0, BOOL, t_fp8),           \
	ENGINE_ROW(grp##_efficiency, "alpha_p2p_us"),                                            \
	ENGINE_ROW(grp##_efficiency, "alpha_p2p_net_us"),                                        \
	ENGINE_ROW(grp##_efficiency, "net_gbs"),                                                 \
	ENGINE_ROW(grp##_efficiency, "alpha_a2a_us"),                                            \
	ENGINE_ROW(grp##_efficiency, "alpha_net_us"),                                            \
	IN(&grp##_band, "low_pct", N_("below"), "%", 0, NUMBER, t_band_low),                     \
	IN(&grp##_band, "high_pct", N_("above"), "%", 0, NUMBER, t_band_high),                   \
	IN(&grp, "band_pct", N_("band"), "%", 0, NUMBER, t_band)
#define OPEN(...) IN(&fg_open_loop, __VA_ARGS__)
#define MEMORY_MIN(...) IN(&fg_memory_minimum, __VA_ARGS__)
#define TRAIN(...) IN(&training_group, __VA_ARGS__)
#define TRAIN_EFF(...) IN(&training_efficiency, __VA_ARGS__)
#define WAY(grp) IN(&grp, "cards", N_("cards"), NULL, 0, INT, tr_way_cards), \
		 IN(&grp, "total", N_("total"), NULL, 2, NUMBER, tr_way_total)
/* What both ways of renting report alike. */
#define RENT_FIRST(GROUP)                                              \
	GROUP("available", N_("available"), NULL, 0, BOOL, available), \
	GROUP("region", N_("region"), NULL, 0, STRING, region),        \
	GROUP("reason", N_("not available"), NULL, 0, MESSAGE, reason), \
	GROUP("discount", N_("discount"), NULL, 0, STRING, discount),  \
	GROUP("source", N_("source"), NULL, 0, STRING, source)
#define RENT_MONTHLY(GROUP)                                                    \
	GROUP("monthly_per_card", N_("per card"), MONEY, 2, NUMBER, per_card), \
	GROUP("monthly_total", N_("total"), MONEY, 2, NUMBER, total)

/* The time figures a group describes: its own or its parent's. */
static const struct throughput *thr(const struct figure *f, const struct plan *p)
{
	const struct figure_group *g = f->group;
	while (g && !g->throughput)
		g = g->parent;
	return g ? g->throughput(p) : &p->throughput;
}

#define TIME_GETTER(name, applies, member, value)                                                 \
	static bool name(const struct plan *p, const struct figure *f, struct figure_value *v)   \
	{                                                                                          \
		const struct throughput *t = thr(f, p);                                            \
		const struct training_estimate *tr = &p->training;                                 \
		(void)t;                                                                           \
		(void)tr;                                                                          \
		if (!(applies))                                                                    \
			return false;                                                              \
		v->member = (value);                                                               \
		return true;                                                                       \
	}


TIME_GETTER(tr_flops, tr->valid, number, tr->r.flops)
TIME_GETTER(tr_k, tr->valid, number, tr->r.k)
TIME_GETTER(tr_mfu, tr->valid, number, tr->r.mfu)
TIME_GETTER(tr_goodput, tr->valid, number, tr->goodput)
TIME_GETTER(tr_days, tr->valid, number, tr->days)
TIME_GETTER(tr_card_hours, tr->valid, number, tr->card_hours)
TIME_GETTER(tr_for_deadline, tr->valid && tr->choice.met, number, tr->choice.cards)
TIME_GETTER(tr_meets, tr->valid && tr->deadline, flag, tr->meets_deadline)
TIME_GETTER(tr_eff, tr->valid, number, tr->eff)
TIME_GETTER(tr_peak, tr->valid, number, tr->r.peak_tflops)
TIME_GETTER(tr_mfu_train, tr->valid, number, p->gpu->mfu_train)
TIME_GETTER(tr_overlap, tr->valid, number, train_defaults.overlap)
TIME_GETTER(tr_qlora, tr->valid, number, train_defaults.qlora_slowdown)
TIME_GETTER(tr_fp8_factor, tr->valid, number, train_defaults.fp8_mfu_factor)
TIME_GETTER(tr_link, tr->valid, number, tr->link_gbs)
TIME_GETTER(tr_node, tr->valid && tr->r.node_gbs > 0, number, tr->r.node_gbs)
TIME_GETTER(tr_t_c, tr->valid, number, tr->r.t_c)
TIME_GETTER(tr_t_ar, tr->valid, number, tr->r.t_ar)
TIME_GETTER(tr_idle, tr->valid, number, 1 - tr->eff)
TIME_GETTER(tr_sigma, tr->valid && tr->measured, number, tr->usl.sigma)
TIME_GETTER(tr_kappa, tr->valid && tr->measured, number, tr->usl.kappa)
TIME_GETTER(tr_x1, tr->valid && tr->measured, number, tr->usl.x1)
TIME_GETTER(tr_band, tr->valid, number, tr->r.band_pct)
TIME_GETTER(tr_cheapest, tr->valid && tr->bill.cheapest != RENT_NONE, text,
	    train_rent_names[tr->bill.cheapest])
TIME_GETTER(tr_way_cards, tr->valid && tr->bill.offered[f->group->way], number,
	    tr->bill.cards[f->group->way])
TIME_GETTER(tr_way_total, tr->valid && tr->bill.offered[f->group->way], number,
	    tr->bill.cost[f->group->way])

static bool tr_peak_cards(const struct plan *p, const struct figure *f, struct figure_value *v)
{
	(void)f;
	return p->training.valid && p->training.measured &&
	       usl_peak_cards(&p->training.usl, &v->number);
}

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

#define ALT(p, v) (&(p)->alternatives[(v)->index])
#define TIER(p, v) (&(p)->training.tiers[(v)->index])
GETTER(why_item, true, message, &p->why[v->index])
GETTER(alt_strategy, true, text, ALT(p, v)->strategy)
GETTER(alt_cards, true, number, ALT(p, v)->cards)
GETTER(alt_tp, true, number, ALT(p, v)->lay.t)
GETTER(alt_pp, true, number, ALT(p, v)->lay.p)
GETTER(alt_dp, true, number, ALT(p, v)->lay.d)
GETTER(alt_tokens, true, number, ALT(p, v)->tokens_per_s)
GETTER(alt_user, true, number, ALT(p, v)->user_tokens_per_s)
GETTER(alt_monthly, true, number, ALT(p, v)->monthly)
GETTER(alt_per_million, true, number, ALT(p, v)->per_million_output)
GETTER(alt_why, true, message, &ALT(p, v)->why)
GETTER(tier_cards, true, number, TIER(p, v)->cards)
GETTER(tier_days, true, number, TIER(p, v)->at.days)
GETTER(tier_eff, true, number, TIER(p, v)->at.eff)
GETTER(tier_cost, true, number, TIER(p, v)->cost)
GETTER(tier_way, TIER(p, v)->way != RENT_NONE, text, train_rent_names[TIER(p, v)->way])
GETTER(list_applies, true, number, 0)
GETTER(scaling_applies, p->training.valid, number, 0)
GETTER(memory_min, has_cards(p), number, p->memory_min_cards)

#define ITEM(k, d, kind_, g) {.key = k, .label = k, .decimals = d, .kind = FIGURE_##kind_, .get = g}
static const struct figure why_fields[] = {{.kind = FIGURE_MESSAGE, .get = why_item}};
static const struct figure alternative_fields[] = {
	ITEM("strategy", 0, STRING, alt_strategy), ITEM("cards", 0, INT, alt_cards),
	ITEM("tp", 0, INT, alt_tp), ITEM("pp", 0, INT, alt_pp), ITEM("dp", 0, INT, alt_dp),
	ITEM("output_tokens_per_s", 1, NUMBER, alt_tokens),
	ITEM("user_tokens_per_s", 1, NUMBER, alt_user), ITEM("monthly", 2, NUMBER, alt_monthly),
	ITEM("cost_per_million_output", 4, NUMBER, alt_per_million),
	ITEM("why", 0, MESSAGE, alt_why)};
static const struct figure scaling_fields[] = {
	ITEM("cards", 0, INT, tier_cards), ITEM("days", 3, NUMBER, tier_days),
	ITEM("efficiency", 4, NUMBER, tier_eff), ITEM("total_cost", 2, NUMBER, tier_cost),
	ITEM("way", 0, STRING, tier_way)};
#define LIST_OF(name, fields_)                                                        \
	static const struct figure_list name = {.count = name##_count, .fields = fields_, \
						.nfields = sizeof fields_ / sizeof fields_[0]};
LIST_OF(why, why_fields)
LIST_OF(alternatives, alternative_fields)
LIST_OF(scaling, scaling_fields)

const struct figure figures[] = {
	PLAN("gpu", N_("GPU"), NULL, 0, STRING, gpu_id),
	PLAN("gpu_name", N_("GPU name"), NULL, 0, STRING, gpu_name),
	PLAN("capacity_gib", N_("capacity"), "GiB", 4, NUMBER, capacity),
	PLAN("fits", N_("fits"), NULL, 0, BOOL, fits),
	PLAN("fit", N_("fit"), NULL, 0, STRING, fit_word),
	PLAN("cards", N_("cards"), NULL, 0, INT, cards),
	PLAN("machines", N_("machines"), NULL, 0, INT, machines),
	PLAN("tp", N_("tensor parallel"), NULL, 0, INT, tensor),
	PLAN("pp", N_("pipeline parallel"), NULL, 0, INT, pipeline),
	PLAN("dp", N_("data parallel"), NULL, 0, INT, data),
	PLAN("zero", N_("ZeRO stage"), NULL, 0, INT, zero),
	PLAN("recompute", N_("recompute"), NULL, 0, BOOL, recompute),
	PLAN("strategy", N_("plan"), NULL, 0, STRING, strategy),
	TERM(TERM_WEIGHTS),
	TERM(TERM_KV_CACHE),
	TERM(TERM_ACTIVATIONS),
	TERM(TERM_GRADIENTS),
	TERM(TERM_OPTIMIZER),
	TERM(TERM_OVERHEAD),
	PER_CARD("total", N_("total"), "GiB", 4, NUMBER, need),
	PER_CARD("with_headroom", N_("with headroom"), "GiB", 4, NUMBER, with_headroom),
	PLAN("utilization_pct", N_("used"), "%", 1, NUMBER, utilization),
	RENT_FIRST(CONTAINER),
	CONTAINER("max_cards", N_("max cards"), NULL, 0, INT, max_cards),
	RENT_MONTHLY(CONTAINER),
	CONTAINER("hourly_per_card", N_("per card"), "per hour", 4, NUMBER, hourly),
	CONTAINER("collected", N_("collected"), NULL, 0, DATE, collected),
	RENT_FIRST(BAREMETAL),
	BAREMETAL("machines", N_("machines"), NULL, 0, INT, bm_machines),
	BAREMETAL("monthly_machine", N_("per machine"), MONEY, 2, NUMBER, per_machine),
	RENT_MONTHLY(BAREMETAL),
	BAREMETAL("idle_cards", N_("idle cards"), NULL, 0, INT, idle),
	BAREMETAL("idle_monthly", N_("idle cards cost"), MONEY, 2, NUMBER, idle_cost),
	BAREMETAL("network", N_("network"), NULL, 0, STRING, network),
	BAREMETAL("inter_node", N_("between machines"), NULL, 0, STRING, inter_node),
	BAREMETAL("collected", N_("collected"), NULL, 0, DATE, collected),
	PLAN("cheaper", N_("cheaper"), NULL, 0, STRING, cheaper),
	PLAN("efficiency_pct", N_("parallel efficiency"), "%", 1, NUMBER, efficiency),
	PLAN("effective_monthly_per_card", N_("effective per card"), MONEY, 2, NUMBER, effective),
	PLAN("memory_minimum_cards", N_("memory minimum"), NULL, 0, INT, memory_min),
	MEMORY_MIN("cards", N_("cards"), NULL, 0, INT, m_cards),
	MEMORY_MIN("tp", N_("tensor parallel"), NULL, 0, INT, m_tp),
	MEMORY_MIN("pp", N_("pipeline parallel"), NULL, 0, INT, m_pp),
	MEMORY_MIN("replicas", N_("replicas"), NULL, 0, INT, m_replicas),
	MEMORY_MIN("per_card_gib", N_("per card"), "GiB", 4, NUMBER, m_per_card),
	MEMORY_MIN("ttft_s", N_("time to first token"), "s", 4, NUMBER, m_ttft),
	MEMORY_MIN("tpot_s", N_("time per output token"), "s", 6, NUMBER, m_tpot),
	MEMORY_MIN("output_tokens_per_s", N_("output"), "tok/s", 1, NUMBER, m_output),
	TIME_ROWS(fg_throughput),
	OPEN("rate", N_("request rate"), "req/s", 4, NUMBER, o_rate),
	OPEN("rate_per_replica", N_("per replica"), "req/s", 4, NUMBER, o_rate_per_replica),
	OPEN("percentile", N_("percentile"), "%", 1, NUMBER, o_percentile),
	OPEN("stable", N_("keeps up"), NULL, 0, BOOL, o_stable),
	OPEN("ttft_mean_s", N_("time to first token, mean"), "s", 4, NUMBER, o_ttft_mean),
	OPEN("ttft_p_s", N_("time to first token at the percentile"), "s", 4, NUMBER, o_ttft_p),
	OPEN("tpot_mean_s", N_("time per output token, mean"), "s", 6, NUMBER, o_tpot_mean),
	OPEN("tpot_p_s", N_("time per output token at the percentile"), "s", 6, NUMBER, o_tpot_p),
	OPEN("itl_p50_s", N_("inter-token latency p50"), "s", 6, NUMBER, o_itl_p50),
	OPEN("itl_p99_s", N_("inter-token latency p99"), "s", 6, NUMBER, o_itl_p99),
	OPEN("in_flight", N_("requests in flight"), NULL, 2, NUMBER, o_in_flight),
	OPEN("prefill_utilisation", N_("prefill utilisation"), NULL, 4, NUMBER, o_rho),
	OPEN("max_rate_per_replica", N_("most per replica within the targets"), "req/s", 4,
	     NUMBER, o_max_rate),
	OPEN("replicas", N_("replicas for the rate"), NULL, 0, INT, o_replicas),
	OPEN("cards", N_("cards for the rate"), NULL, 0, INT, o_cards),
	OPEN("meets_slo", N_("meets the targets"), NULL, 0, BOOL, o_meets),
	OPEN("binding", N_("binding"), NULL, 0, STRING, o_binding),
	TIME_ROWS(fg_throughput_at_max),
	TRAIN("flops", N_("FLOPs"), NULL, 0, NUMBER, tr_flops),
	TRAIN("k", N_("FLOPs per parameter per token"), NULL, 0, NUMBER, tr_k),
	TRAIN("mfu", N_("MFU"), NULL, 4, NUMBER, tr_mfu),
	TRAIN("goodput", N_("goodput"), NULL, 2, NUMBER, tr_goodput),
	TRAIN("days", N_("days"), "days", 3, NUMBER, tr_days),
	TRAIN("card_hours", N_("card-hours"), "h", 1, NUMBER, tr_card_hours),
	TRAIN("cards_for_deadline", N_("cards for the deadline"), NULL, 0, INT, tr_for_deadline),
	TRAIN("meets_deadline", N_("meets the deadline"), NULL, 0, BOOL, tr_meets),
	TRAIN("parallel_efficiency", N_("parallel efficiency"), NULL, 4, NUMBER, tr_eff),
	TRAIN_EFF("peak_tflops", N_("peak"), "TFLOPS", 1, NUMBER, tr_peak),
	TRAIN_EFF("mfu_train", N_("MFU in training"), NULL, 2, NUMBER, tr_mfu_train),
	TRAIN_EFF("goodput", N_("goodput"), NULL, 2, NUMBER, tr_goodput),
	TRAIN_EFF("overlap", N_("all-reduce overlap"), NULL, 2, NUMBER, tr_overlap),
	TRAIN_EFF("qlora_slowdown", N_("QLoRA slowdown"), NULL, 2, NUMBER, tr_qlora),
	TRAIN_EFF("fp8_mfu_factor", N_("FP8 MFU factor"), NULL, 2, NUMBER, tr_fp8_factor),
	TRAIN_EFF("link_gbs", N_("link in a machine"), "GB/s", 1, NUMBER, tr_link),
	TRAIN_EFF("node_gbs", N_("link between machines"), "GB/s", 3, NUMBER, tr_node),
	TRAIN_EFF("compute_s_per_step", N_("compute per step"), "s", 4, NUMBER, tr_t_c),
	TRAIN_EFF("allreduce_s_per_step", N_("all-reduce per step"), "s", 4, NUMBER, tr_t_ar),
	TRAIN_EFF("idle_share", N_("spend that buys no compute"), NULL, 4, NUMBER, tr_idle),
	IN(&training_usl, "sigma", N_("sigma"), NULL, 10, NUMBER, tr_sigma),
	IN(&training_usl, "kappa", N_("kappa"), NULL, 10, NUMBER, tr_kappa),
	IN(&training_usl, "x1", N_("tokens/s on one card"), "tok/s", 2, NUMBER, tr_x1),
	IN(&training_usl, "peak_cards", N_("peak at"), "cards", 1, NUMBER, tr_peak_cards),
	WAY(container_hourly),
	WAY(container_monthly),
	WAY(baremetal),
	IN(&training_cost, "cheapest", N_("cheapest"), NULL, 0, STRING, tr_cheapest),
	TRAIN("band_pct", N_("band"), "%", 0, NUMBER, tr_band),
	LIST("scaling", N_("scaling tiers"), scaling_applies, scaling),
	LIST("alternatives", N_("alternatives"), list_applies, alternatives),
	LIST("why", N_("why"), list_applies, why),
};
const size_t n_figures = sizeof figures / sizeof figures[0];

const char *figure_key(const struct figure *f)
{
	return f->term ? f->term->key : f->key;
}

/* Translated on each call: the language may change while the program runs. */
const char *figure_label(const struct figure *f)
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

int figure_list_count(const struct figure *f, const struct plan *p)
{
	struct figure_value v = {0};
	return f->list && f->get(p, f, &v) ? f->list->count(p) : 0;
}

bool figure_item(const struct figure *field, const struct plan *p, int i, struct figure_value *v)
{
	*v = (struct figure_value){.index = i};
	return field->get(p, field, v);
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
	if (!f->get(p, f, &v))
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
		format_date(buf, cap, (int)v.number);
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
