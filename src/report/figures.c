/* The figures table: every value a plan reports, in the JSON's order. */
#include "figures.h"


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
		.label = N_("efficiencies used"), .parent = &name, .applies = applies_};
TIME_GROUPS(throughput, "throughput", throughput_applies)
TIME_GROUPS(throughput_at_max, "throughput_at_max", throughput_at_max_applies)

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
	return p->training.valid && p->training.offer >= 0;
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
/* The inference time figures, at the concurrency and at max_concurrency. */
#define TIME_ROWS(grp)                                                                           \
	IN(&grp, "bound", N_("bound"), NULL, 0, STRING, t_bound),                                \
	IN(&grp, "concurrency", N_("concurrency"), NULL, 0, INT, t_concurrency),                 \
	IN(&grp, "max_concurrency", N_("max concurrency"), NULL, 0, INT, t_max_concurrency),     \
	IN(&grp, "ttft_s", N_("time to first token"), "s", 4, NUMBER, t_ttft),                   \
	IN(&grp, "tpot_s", N_("time per output token"), "s", 5, NUMBER, t_tpot),                 \
	IN(&grp, "user_tokens_per_s", N_("per user"), "tok/s", 1, NUMBER, t_user),               \
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
	IN(&grp##_efficiency, "mbu", N_("MBU"), NULL, 2, NUMBER, t_mbu),                         \
	IN(&grp##_efficiency, "mbu_bs1", N_("MBU at batch 1"), NULL, 2, NUMBER, t_mbu_bs1),      \
	IN(&grp##_efficiency, "mbu_kv", N_("MBU of KV reads"), NULL, 2, NUMBER, t_mbu_kv),       \
	IN(&grp##_efficiency, "mfu", N_("MFU"), NULL, 2, NUMBER, t_mfu),                         \
	IN(&grp##_efficiency, "eta_tp", N_("TP efficiency"), NULL, 2, NUMBER, t_eta_tp),         \
	IN(&grp##_efficiency, "peak_tflops", N_("peak"), "TFLOPS", 1, NUMBER, t_peak),           \
	IN(&grp##_efficiency, "bandwidth_gbs", N_("bandwidth"), "GB/s", 1, NUMBER, t_bandwidth), \
	IN(&grp##_efficiency, "fp8_compute", N_("FP8 compute"), NULL, 0, BOOL, t_fp8),           \
	IN(&grp, "band_pct", N_("band"), "%", 0, NUMBER, t_band)
#define TRAIN(...) IN(&training_group, __VA_ARGS__)
#define TRAIN_EFF(...) IN(&training_efficiency, __VA_ARGS__)
#define WAY(grp) IN(&grp, "cards", N_("cards"), NULL, 0, INT, tr_way_cards), \
		 IN(&grp, "total", N_("total"), NULL, 2, NUMBER, tr_way_total), \
		 IN(&grp, "prorated", N_("prorated"), NULL, 2, NUMBER, tr_way_prorated)
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

TIME_GETTER(t_bound, t->valid, text, bound_names[t->bound])
TIME_GETTER(t_max_concurrency, t->valid && t->max_concurrency > 0, number, t->max_concurrency)
TIME_GETTER(t_concurrency, t->valid, number, t->concurrency)
TIME_GETTER(t_ttft, t->valid, number, t->ttft_s)
TIME_GETTER(t_tpot, t->valid, number, t->tpot_s)
TIME_GETTER(t_user, t->valid, number, t->user_tokens_per_s)
TIME_GETTER(t_output, t->valid, number, t->output_tokens_per_s)
TIME_GETTER(t_total, t->valid, number, t->total_tokens_per_s)
TIME_GETTER(t_out_container, t->valid, number, t->per_million_output.container)
TIME_GETTER(t_out_baremetal, t->valid, number, t->per_million_output.baremetal)
TIME_GETTER(t_tot_container, t->valid, number, t->per_million_total.container)
TIME_GETTER(t_tot_baremetal, t->valid, number, t->per_million_total.baremetal)
TIME_GETTER(t_currency, t->valid && t->currency[0], text, t->currency)
TIME_GETTER(t_break_even, t->valid, number, t->hourly_break_even_hours)
TIME_GETTER(t_mbu, t->valid, number, t->eff.mbu)
TIME_GETTER(t_mbu_bs1, t->valid, number, t->eff.mbu_bs1)
TIME_GETTER(t_mbu_kv, t->valid, number, t->eff.mbu_kv)
TIME_GETTER(t_mfu, t->valid, number, t->eff.mfu)
TIME_GETTER(t_eta_tp, t->valid, number, t->eff.eta_tp)
TIME_GETTER(t_peak, t->valid, number, t->eff.peak_tflops)
TIME_GETTER(t_bandwidth, t->valid, number, t->eff.bandwidth_gbs)
TIME_GETTER(t_fp8, t->valid, flag, t->eff.fp8_compute)
TIME_GETTER(t_band, t->valid, number, t->band_pct)

#define TR_OFFER(tr) (&(tr)->offers[(tr)->offer])
#define TR_NET(tr) ((tr)->valid && (tr)->offer >= 0)
#define TR_EFF(name, value) TIME_GETTER(name, tr->valid, number, value)
TIME_GETTER(tr_flops, tr->valid, number, tr->r.flops)
TIME_GETTER(tr_k, tr->valid, number, tr->r.k_lin)
TIME_GETTER(tr_k_att, tr->valid, number, tr->r.k_att)
TIME_GETTER(tr_mfu, tr->valid, number, tr->r.mu)
TIME_GETTER(tr_goodput, tr->valid, number, tr->r.goodput)
TIME_GETTER(tr_days, tr->valid, number, tr->days)
TIME_GETTER(tr_card_hours, tr->valid, number, tr->card_hours)
TIME_GETTER(tr_for_deadline, tr->valid && tr->choice.met, number, tr->choice.cards)
TIME_GETTER(tr_meets, tr->valid && tr->deadline, flag, tr->meets_deadline)
TIME_GETTER(tr_eff, tr->valid, number, tr->eff)
TIME_GETTER(tr_fits, tr->valid, flag, tr->fits)
TIME_GETTER(tr_sequences, tr->valid, number, tr->r.sequences)
TIME_GETTER(tr_m, tr->valid, number, tr->r.m)
TIME_GETTER(tr_bubble, tr->valid, number, tr->r.bubble_share)
TIME_GETTER(tr_dp_s, tr->valid, number, tr->r.dp_s)
TIME_GETTER(st_compute, tr->valid, number, tr->r.step.compute_s)
TIME_GETTER(st_tp, tr->valid, number, tr->r.step.tp_s)
TIME_GETTER(st_ep, tr->valid, number, tr->r.step.ep_s)
TIME_GETTER(st_pp_send, tr->valid, number, tr->r.step.pp_send_s)
TIME_GETTER(st_bubble, tr->valid, number, tr->r.step.pp_bubble_s)
TIME_GETTER(st_dp, tr->valid, number, tr->r.step.dp_exposed_s)
TIME_GETTER(st_total, tr->valid, number, tr->r.step.total_s)
TIME_GETTER(nu_region, TR_NET(tr) && TR_OFFER(tr)->q.newest->region[0], text,
	    TR_OFFER(tr)->q.newest->region)
TIME_GETTER(nu_network, TR_NET(tr) && TR_OFFER(tr)->net.network[0], text,
	    TR_OFFER(tr)->net.network)
TIME_GETTER(nu_inter_node, TR_NET(tr), text, inter_node_names[TR_OFFER(tr)->link.kind])
TIME_GETTER(nu_node_gbs, TR_NET(tr) && tr->r.bw_node > 0, number,
	    tr->r.bw_node / train_defaults.eta_net)
TIME_GETTER(nu_inherited, TR_NET(tr), flag, TR_OFFER(tr)->net.inherited)
TIME_GETTER(nu_inherited_from, TR_NET(tr) && TR_OFFER(tr)->net.inherited, number,
	    TR_OFFER(tr)->net.inherited_from)
TIME_GETTER(nu_why, TR_NET(tr), text, train_net_why_names[tr->why])
TIME_GETTER(tr_peak, tr->valid, number, tr->r.peak_tflops)
TIME_GETTER(tr_mfu_train, tr->valid, number, p->gpu->mfu_train)
TR_EFF(tr_goodput_ops, train_defaults.goodput_ops)
TR_EFF(tr_fail, train_defaults.fail_per_gpu_h)
TR_EFF(tr_lost, train_defaults.lost_h)
TR_EFF(tr_eta_link, tr->r.bw_link > 0 && p->gpu->link_gbs > 0 ? tr->r.bw_link / p->gpu->link_gbs
								 : -1)
TR_EFF(tr_eta_net, train_defaults.eta_net)
TR_EFF(tr_w0, train_defaults.w0)
TR_EFF(tr_qlora, train_defaults.qlora_slowdown)
TR_EFF(tr_fp8_factor, train_defaults.fp8_factor)
TR_EFF(tr_grad_bytes, train_defaults.grad_bytes)
TR_EFF(tr_param_bytes, train_defaults.param_bytes)
TR_EFF(tr_ib_gbs, train_defaults.ib_gbs)
TR_EFF(tr_ethernet_gbs, train_defaults.ethernet_gbs)
TR_EFF(tr_none_gbs, train_defaults.none_gbs)
TR_EFF(tr_unknown_gbs, train_defaults.unknown_gbs)
TR_EFF(tr_pretrain_batch, train_defaults.pretrain_batch)
TR_EFF(tr_finetune_batch, train_defaults.finetune_batch)
TR_EFF(tr_per_machine, train_defaults.cards_per_machine)
TR_EFF(tr_max_cards, train_defaults.max_cards)
TIME_GETTER(tr_link, tr->valid, number, p->gpu->link_gbs)
TIME_GETTER(tr_bw_link, tr->valid, number, tr->r.bw_link)
TIME_GETTER(tr_bw_node, tr->valid && tr->r.bw_node > 0, number, tr->r.bw_node)
TIME_GETTER(tr_idle, tr->valid, number, 1 - tr->eff)
TIME_GETTER(tr_sigma, tr->valid && tr->measured, number, tr->usl.sigma)
TIME_GETTER(tr_kappa, tr->valid && tr->measured, number, tr->usl.kappa)
TIME_GETTER(tr_x1, tr->valid && tr->measured, number, tr->usl.x1)
TIME_GETTER(tr_rho, tr->valid && tr->measured, number, tr->usl.rho)
TIME_GETTER(tr_band_kind, tr->valid && tr->measured, text, usl_band_kind_names[tr->band_kind])
TIME_GETTER(tr_band, tr->valid, number, tr->band_pct)
TIME_GETTER(tr_cheapest, tr->valid && tr->bill.cheapest != RENT_NONE, text,
	    train_rent_names[tr->bill.cheapest])
TIME_GETTER(tr_prorated, tr->valid && tr->bill.cheapest != RENT_NONE, number,
	    tr->bill.prorated[tr->bill.cheapest])
TIME_GETTER(tr_way_cards, tr->valid && tr->bill.offered[f->group->way], number,
	    tr->bill.cards[f->group->way])
TIME_GETTER(tr_way_total, tr->valid && tr->bill.offered[f->group->way], number,
	    tr->bill.cost[f->group->way])
TIME_GETTER(tr_way_prorated, tr->valid && tr->bill.offered[f->group->way], number,
	    tr->bill.prorated[f->group->way])

/* The plan's shape beyond TP, PP, DP and ZeRO (training with a time). */
TIME_GETTER(micro_batch, tr->valid, number, tr->shape.b)
TIME_GETTER(virtual_stages, tr->valid, number, tr->shape.v)
TIME_GETTER(expert_parallel, tr->valid, number, tr->shape.ep)
TIME_GETTER(recompute_share, tr->valid, number, tr->shape.rc_share)

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

static int comparison_count(const struct plan *p)
{
	return p->training.valid ? p->training.ncompare : 0;
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
GETTER(tier_prorated, TIER(p, v)->way != RENT_NONE, number,
       TIER(p, v)->at.bill.prorated[TIER(p, v)->way])
GETTER(tier_tp, true, number, TIER(p, v)->at.shape.tp)
GETTER(tier_pp, true, number, TIER(p, v)->at.shape.pp)
GETTER(tier_dp, true, number, TIER(p, v)->at.shape.cards / (TIER(p, v)->at.shape.tp *
							    TIER(p, v)->at.shape.pp))
GETTER(tier_zero, true, number, TIER(p, v)->at.shape.zero)
GETTER(tier_b, true, number, TIER(p, v)->at.shape.b)
GETTER(tier_region, TIER(p, v)->at.offer >= 0 &&
			    p->training.offers[TIER(p, v)->at.offer].q.newest->region[0],
       text, p->training.offers[TIER(p, v)->at.offer].q.newest->region)
GETTER(tier_band, true, number, TIER(p, v)->at.band_pct)
#define CMP(p, v) (&(p)->training.compare[(v)->index])
#define CMP_OFFER(p, v) (&(p)->training.offers[CMP(p, v)->offer])
GETTER(cmp_region, CMP_OFFER(p, v)->q.newest->region[0], text, CMP_OFFER(p, v)->q.newest->region)
GETTER(cmp_network, CMP_OFFER(p, v)->net.network[0], text, CMP_OFFER(p, v)->net.network)
GETTER(cmp_days, true, number, CMP(p, v)->days)
GETTER(cmp_eff, true, number, CMP(p, v)->eff)
GETTER(cmp_cost, CMP(p, v)->cost >= 0, number, CMP(p, v)->cost)
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
	ITEM("way", 0, STRING, tier_way), ITEM("prorated", 2, NUMBER, tier_prorated),
	ITEM("tp", 0, INT, tier_tp), ITEM("pp", 0, INT, tier_pp), ITEM("dp", 0, INT, tier_dp),
	ITEM("zero", 0, INT, tier_zero), ITEM("micro_batch", 0, INT, tier_b),
	ITEM("region", 0, STRING, tier_region), ITEM("band_pct", 1, NUMBER, tier_band)};
static const struct figure comparison_fields[] = {
	ITEM("region", 0, STRING, cmp_region), ITEM("network", 0, STRING, cmp_network),
	ITEM("days", 3, NUMBER, cmp_days), ITEM("efficiency", 4, NUMBER, cmp_eff),
	ITEM("cost", 2, NUMBER, cmp_cost)};
#define LIST_OF(name, fields_)                                                        \
	static const struct figure_list name = {.count = name##_count, .fields = fields_, \
						.nfields = sizeof fields_ / sizeof fields_[0]};
LIST_OF(why, why_fields)
LIST_OF(alternatives, alternative_fields)
LIST_OF(scaling, scaling_fields)
LIST_OF(comparison, comparison_fields)

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
	PLAN("micro_batch", N_("micro-batch"), NULL, 0, INT, micro_batch),
	PLAN("virtual_stages", N_("virtual stages"), NULL, 0, INT, virtual_stages),
	PLAN("ep", N_("expert parallel"), NULL, 0, INT, expert_parallel),
	PLAN("recompute_share", N_("recompute share"), NULL, 4, NUMBER, recompute_share),
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
	TIME_ROWS(throughput),
	TIME_ROWS(throughput_at_max),
	TRAIN("flops", N_("FLOPs"), NULL, 0, NUMBER, tr_flops),
	TRAIN("k_lin", N_("FLOPs per parameter per token"), NULL, 3, NUMBER, tr_k),
	TRAIN("k_att", N_("attention FLOPs factor"), NULL, 3, NUMBER, tr_k_att),
	TRAIN("mfu", N_("MFU"), NULL, 4, NUMBER, tr_mfu),
	TRAIN("goodput", N_("goodput"), NULL, 4, NUMBER, tr_goodput),
	TRAIN("days", N_("days"), "days", 3, NUMBER, tr_days),
	TRAIN("card_hours", N_("card-hours"), "h", 1, NUMBER, tr_card_hours),
	TRAIN("cards_for_deadline", N_("cards for the deadline"), NULL, 0, INT, tr_for_deadline),
	TRAIN("meets_deadline", N_("meets the deadline"), NULL, 0, BOOL, tr_meets),
	TRAIN("parallel_efficiency", N_("parallel efficiency"), NULL, 4, NUMBER, tr_eff),
	TRAIN("shape_fits", N_("shape fits"), NULL, 0, BOOL, tr_fits),
	TRAIN("sequences_per_step", N_("sequences per step"), NULL, 0, INT, tr_sequences),
	TRAIN("micro_batches", N_("micro-batches per step"), NULL, 3, NUMBER, tr_m),
	TRAIN("bubble_share", N_("pipeline bubble"), NULL, 4, NUMBER, tr_bubble),
	TRAIN("dp_s", N_("data-parallel traffic"), "s", 4, NUMBER, tr_dp_s),
	IN(&training_step, "compute_s", N_("compute"), "s", 4, NUMBER, st_compute),
	IN(&training_step, "tp_s", N_("tensor parallel"), "s", 4, NUMBER, st_tp),
	IN(&training_step, "ep_s", N_("expert parallel"), "s", 4, NUMBER, st_ep),
	IN(&training_step, "pp_send_s", N_("pipeline sends"), "s", 4, NUMBER, st_pp_send),
	IN(&training_step, "pp_bubble_s", N_("pipeline bubble"), "s", 4, NUMBER, st_bubble),
	IN(&training_step, "dp_exposed_s", N_("data parallel exposed"), "s", 4, NUMBER, st_dp),
	IN(&training_step, "total_s", N_("step"), "s", 4, NUMBER, st_total),
	IN(&training_network, "region", N_("region"), NULL, 0, STRING, nu_region),
	IN(&training_network, "network", N_("network"), NULL, 0, STRING, nu_network),
	IN(&training_network, "inter_node", N_("between machines"), NULL, 0, STRING, nu_inter_node),
	IN(&training_network, "node_gbs", N_("a machine's network"), "GB/s", 3, NUMBER,
	   nu_node_gbs),
	IN(&training_network, "inherited", N_("from an earlier quote"), NULL, 0, BOOL,
	   nu_inherited),
	IN(&training_network, "inherited_from", N_("quoted"), NULL, 0, DATE, nu_inherited_from),
	IN(&training_network, "why", N_("why"), NULL, 0, STRING, nu_why),
	TRAIN_EFF("peak_tflops", N_("peak"), "TFLOPS", 1, NUMBER, tr_peak),
	TRAIN_EFF("mfu_train", N_("MFU in training"), NULL, 2, NUMBER, tr_mfu_train),
	TRAIN_EFF("mu", N_("MFU after the width law"), NULL, 4, NUMBER, tr_mfu),
	TRAIN_EFF("goodput", N_("goodput"), NULL, 4, NUMBER, tr_goodput),
	TRAIN_EFF("goodput_ops", N_("goodput of operations"), NULL, 2, NUMBER, tr_goodput_ops),
	TRAIN_EFF("fail_per_gpu_h", N_("interruptions per GPU-hour"), NULL, 7, NUMBER, tr_fail),
	TRAIN_EFF("lost_h", N_("hours lost per interruption"), "h", 3, NUMBER, tr_lost),
	TRAIN_EFF("eta_link", N_("link bus bandwidth share"), NULL, 4, NUMBER, tr_eta_link),
	TRAIN_EFF("eta_net", N_("network bus bandwidth share"), NULL, 2, NUMBER, tr_eta_net),
	TRAIN_EFF("w0", N_("GEMM width law"), NULL, 0, NUMBER, tr_w0),
	TRAIN_EFF("qlora_slowdown", N_("QLoRA slowdown"), NULL, 2, NUMBER, tr_qlora),
	TRAIN_EFF("fp8_factor", N_("FP8 MFU factor"), NULL, 2, NUMBER, tr_fp8_factor),
	TRAIN_EFF("grad_bytes", N_("gradient bytes on the wire"), NULL, 0, NUMBER, tr_grad_bytes),
	TRAIN_EFF("param_bytes", N_("parameter bytes on the wire"), NULL, 0, NUMBER,
		  tr_param_bytes),
	TRAIN_EFF("ib_gbs", N_("IB assumed"), "GB/s", 3, NUMBER, tr_ib_gbs),
	TRAIN_EFF("ethernet_gbs", N_("Ethernet assumed"), "GB/s", 3, NUMBER, tr_ethernet_gbs),
	TRAIN_EFF("none_gbs", N_("no network assumed"), "GB/s", 3, NUMBER, tr_none_gbs),
	TRAIN_EFF("unknown_gbs", N_("unknown network assumed"), "GB/s", 3, NUMBER, tr_unknown_gbs),
	TRAIN_EFF("pretrain_batch", N_("pretraining batch"), "tok", 0, NUMBER, tr_pretrain_batch),
	TRAIN_EFF("finetune_batch", N_("fine-tuning batch"), "tok", 0, NUMBER, tr_finetune_batch),
	TRAIN_EFF("cards_per_machine", N_("cards per machine"), NULL, 0, INT, tr_per_machine),
	TRAIN_EFF("max_cards", N_("card cap"), NULL, 0, INT, tr_max_cards),
	TRAIN_EFF("link_gbs", N_("link in a machine"), "GB/s", 1, NUMBER, tr_link),
	TRAIN_EFF("bw_link_gbs", N_("bus bandwidth in a machine"), "GB/s", 3, NUMBER, tr_bw_link),
	TRAIN_EFF("bw_node_gbs", N_("bus bandwidth between machines"), "GB/s", 3, NUMBER,
		  tr_bw_node),
	TRAIN_EFF("idle_share", N_("spend that buys no compute"), NULL, 4, NUMBER, tr_idle),
	IN(&training_usl, "sigma", N_("sigma"), NULL, 10, NUMBER, tr_sigma),
	IN(&training_usl, "kappa", N_("kappa"), NULL, 10, NUMBER, tr_kappa),
	IN(&training_usl, "x1", N_("tokens/s on one card"), "tok/s", 2, NUMBER, tr_x1),
	IN(&training_usl, "peak_cards", N_("peak at"), "cards", 1, NUMBER, tr_peak_cards),
	IN(&training_usl, "rho", N_("fit residual"), NULL, 4, NUMBER, tr_rho),
	IN(&training_usl, "band_kind", N_("band"), NULL, 0, STRING, tr_band_kind),
	WAY(container_hourly),
	WAY(container_monthly),
	WAY(baremetal),
	IN(&training_cost, "cheapest", N_("cheapest"), NULL, 0, STRING, tr_cheapest),
	IN(&training_cost, "prorated", N_("prorated"), NULL, 2, NUMBER, tr_prorated),
	{.group = &training_cost, .key = "comparison", .label = N_("other regions"),
	 .kind = FIGURE_LIST, .get = scaling_applies, .list = &comparison},
	TRAIN("band_pct", N_("band"), "%", 1, NUMBER, tr_band),
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
