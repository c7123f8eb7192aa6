/* The figures table's training getters (TRAINING.md §15: the JSON
 * training object, its network_used, the plan's finer shape, the scaling
 * tiers' and the other regions' items); figures_get.c has the rest. */
#include "figures_get.h"

#include "tables.h"

static bool number(struct figure_value *v, double x)
{
	v->number = x;
	return true;
}

static bool text(struct figure_value *v, const char *s)
{
	v->text = s;
	return true;
}

static bool flag(struct figure_value *v, bool b)
{
	v->flag = b;
	return true;
}

/* ---- The training estimate ---- */
bool get_train_flops(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.flops);
}
bool get_train_k(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.k_lin);
}
bool get_train_k_att(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.k_att);
}
bool get_train_mfu(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.mu);
}
bool get_train_goodput(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.goodput);
}
bool get_train_days(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->days);
}
bool get_train_card_hours(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->card_hours);
}
bool get_train_eff(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->eff);
}
bool get_train_sequences(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.sequences);
}
bool get_train_micro_batches(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.m);
}
bool get_train_bubble(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.bubble_share);
}
bool get_train_dp_s(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.dp_s);
}
bool get_train_step_compute(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.compute_s);
}
bool get_train_step_tp(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.tp_s);
}
bool get_train_step_ep(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.ep_s);
}
bool get_train_step_pp_send(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.pp_send_s);
}
bool get_train_step_bubble(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.pp_bubble_s);
}
bool get_train_step_dp(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.dp_exposed_s);
}
bool get_train_step_total(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.step.total_s);
}
bool get_train_peak(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.peak_tflops);
}
bool get_train_goodput_ops(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.goodput_ops);
}
bool get_train_fail(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.fail_per_gpu_h);
}
bool get_train_lost(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.lost_h);
}
bool get_train_eta_net(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.eta_net);
}
bool get_train_w0(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.w0);
}
bool get_train_qlora(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.qlora_slowdown);
}
bool get_train_fp8_factor(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.fp8_factor);
}
bool get_train_grad_bytes(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.grad_bytes);
}
bool get_train_param_bytes(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.param_bytes);
}
bool get_train_ib_gbs(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.ib_gbs);
}
bool get_train_ethernet_gbs(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.ethernet_gbs);
}
bool get_train_none_gbs(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.none_gbs);
}
bool get_train_unknown_gbs(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.unknown_gbs);
}
bool get_train_pretrain_batch(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.pretrain_batch);
}
bool get_train_finetune_batch(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.finetune_batch);
}
bool get_train_per_machine(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.cards_per_machine);
}
bool get_train_max_cards(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, train_defaults.max_cards);
}
bool get_train_bw_link(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->r.bw_link);
}
bool get_train_idle(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, 1 - t->eff);
}
bool get_train_band(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && number(v, t->band_pct);
}
bool get_train_for_deadline(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->choice.met && number(v, t->choice.cards);
}

bool get_train_meets(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->deadline && flag(v, t->meets_deadline);
}

bool get_train_fits(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && flag(v, t->fits);
}

bool get_train_bw_node(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->r.bw_node > 0 && number(v, t->r.bw_node);
}

/* The GPU row's figures: the plan's GPU, not the estimate. */
bool get_train_mfu_train(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, p->gpu->mfu_train);
}

bool get_train_link(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, p->gpu->link_gbs);
}

/* η_link in use: the bus bandwidth over the link's figure (a measured
 * link_busbw_gbs included). */
bool get_train_eta_link(const struct plan *p, struct figure_value *v)
{
	const struct training_estimate *t = &p->training;
	return t->valid && p->gpu->link_gbs > 0 && number(v, t->r.bw_link / p->gpu->link_gbs);
}

bool get_train_sigma(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->measured && number(v, t->usl.sigma);
}

bool get_train_kappa(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->measured && number(v, t->usl.kappa);
}

bool get_train_x1(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->measured && number(v, t->usl.x1);
}

bool get_train_rho(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->measured && number(v, t->usl.rho);
}

bool get_train_band_kind(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->measured && text(v, usl_band_kind_names[t->band_kind]);
}

bool get_train_peak_cards(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && p->training.measured &&
	       usl_peak_cards(&p->training.usl, &v->number);
}

bool get_train_cheapest(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->bill.cheapest != RENT_NONE &&
	       text(v, train_rent_names[t->bill.cheapest]);
}

bool get_train_prorated(const struct training_estimate *t, struct figure_value *v)
{
	return t->valid && t->bill.cheapest != RENT_NONE &&
	       number(v, t->bill.prorated[t->bill.cheapest]);
}

bool get_way_cards(const struct training_estimate *t, enum train_rent w, struct figure_value *v)
{
	return t->valid && t->bill.offered[w] && number(v, t->bill.cards[w]);
}

bool get_way_total(const struct training_estimate *t, enum train_rent w, struct figure_value *v)
{
	return t->valid && t->bill.offered[w] && number(v, t->bill.cost[w]);
}

bool get_way_prorated(const struct training_estimate *t, enum train_rent w,
		      struct figure_value *v)
{
	return t->valid && t->bill.offered[w] && number(v, t->bill.prorated[w]);
}

/* ---- The network the plan's offer gives (training.network_used) ---- */

static const struct train_offer *used_offer(const struct training_estimate *t)
{
	return t->valid && t->offer >= 0 ? &t->offers[t->offer] : NULL;
}

bool get_net_region(const struct training_estimate *t, struct figure_value *v)
{
	const struct train_offer *o = used_offer(t);
	return o && o->q.newest->region[0] && text(v, o->q.newest->region);
}

bool get_net_network(const struct training_estimate *t, struct figure_value *v)
{
	const struct train_offer *o = used_offer(t);
	return o && o->net.network[0] && text(v, o->net.network);
}

bool get_net_inter_node(const struct training_estimate *t, struct figure_value *v)
{
	const struct train_offer *o = used_offer(t);
	return o && text(v, inter_node_names[o->link.kind]);
}

/* The line rate between machines (bw_node is it × η_net); none in one. */
bool get_net_node_gbs(const struct training_estimate *t, struct figure_value *v)
{
	return used_offer(t) && t->r.bw_node > 0 && number(v, t->r.bw_node / train_defaults.eta_net);
}

bool get_net_inherited(const struct training_estimate *t, struct figure_value *v)
{
	const struct train_offer *o = used_offer(t);
	return o && flag(v, o->net.inherited);
}

bool get_net_inherited_from(const struct training_estimate *t, struct figure_value *v)
{
	const struct train_offer *o = used_offer(t);
	return o && o->net.inherited && number(v, o->net.inherited_from);
}

bool get_net_why(const struct training_estimate *t, struct figure_value *v)
{
	return used_offer(t) && text(v, train_net_why_names[t->why]);
}

bool get_network_used_applies(const struct plan *p, struct figure_value *v)
{
	(void)v;
	return used_offer(&p->training) != NULL;
}

/* ---- The plan's shape beyond TP, PP, DP and ZeRO (training with a time) ---- */

bool get_micro_batch(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, p->training.shape.b);
}

bool get_virtual_stages(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, p->training.shape.v);
}

bool get_expert_parallel(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, p->training.shape.ep);
}

bool get_recompute_share(const struct plan *p, struct figure_value *v)
{
	return p->training.valid && number(v, p->training.shape.rc_share);
}

/* ---- List items: the scaling tiers and the other regions ---- */

bool get_tier_prorated(const struct plan *p, int i, struct figure_value *v)
{
	const struct train_tier *t = &p->training.tiers[i];
	return t->way != RENT_NONE && number(v, t->at.bill.prorated[t->way]);
}

bool get_tier_tp(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.shape.tp);
}

bool get_tier_pp(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.shape.pp);
}

bool get_tier_dp(const struct plan *p, int i, struct figure_value *v)
{
	const struct train_shape *sh = &p->training.tiers[i].at.shape;
	return number(v, sh->cards / (sh->tp * sh->pp));
}

bool get_tier_zero(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.shape.zero);
}

bool get_tier_micro_batch(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.shape.b);
}

bool get_tier_region(const struct plan *p, int i, struct figure_value *v)
{
	int o = p->training.tiers[i].at.offer;
	const char *region = o >= 0 ? p->training.offers[o].q.newest->region : "";
	return region[0] && text(v, region);
}

bool get_tier_band(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.tiers[i].at.band_pct);
}

/* The other regions beside a plan that spans machines (TRAINING.md §8). */
static const struct train_offer *compared_offer(const struct plan *p, int i)
{
	return &p->training.offers[p->training.compare[i].offer];
}

bool get_cmp_region(const struct plan *p, int i, struct figure_value *v)
{
	const struct train_offer *o = compared_offer(p, i);
	return o->q.newest->region[0] && text(v, o->q.newest->region);
}

bool get_cmp_network(const struct plan *p, int i, struct figure_value *v)
{
	const struct train_offer *o = compared_offer(p, i);
	return o->net.network[0] && text(v, o->net.network);
}

bool get_cmp_days(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.compare[i].days);
}

bool get_cmp_eff(const struct plan *p, int i, struct figure_value *v)
{
	return number(v, p->training.compare[i].eff);
}

bool get_cmp_cost(const struct plan *p, int i, struct figure_value *v)
{
	return p->training.compare[i].cost >= 0 && number(v, p->training.compare[i].cost);
}
