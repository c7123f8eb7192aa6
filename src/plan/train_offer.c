/* Training's offers and the evaluator the solver, the tiers and the plan
 * call (TRAINING.md §8): at G cards the best shape on the offer chosen
 * there — one machine: the cheapest job; across machines: IB offers
 * first, else the cheapest — and, with --measured, the fit's days. */
#include "train_offer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "i18n.h"
#include "settings_train.h"
#include "tables.h"

static const enum train_calibration calibration_of[] = {
	[CAL_MEASURED] = TRAIN_CAL_MEASURED,
	[CAL_PUBLISHED] = TRAIN_CAL_PUBLISHED,
	[CAL_ESTIMATE] = TRAIN_CAL_ESTIMATE,
};

/* ---- The time model's inputs ---- */

/* TRAINING.md §2.2: w = min(h, i), i one routed expert's width in a MoE
 * model (the catalogue's moe_intermediate; the dense first layers are few:
 * DeepSeek-V3 3 of 61). The shared experts are in P_dense (w->expert_params
 * counts the routed ones only), so EP never shards them. */
static double gemm_width(const struct model *m)
{
	int i = m->experts ? arch_expert_width(m) : m->intermediate;
	return i > 0 && i < m->hidden ? i : m->hidden;
}

static struct train_model model_of(const struct workload *w)
{
	const struct model *m = w->m;
	double params = m->params_b * 1e9, act = m->active_params_b * 1e9;
	double embed = m->tied_embeddings ? 0 : (double)m->vocab * m->hidden;
	double experts = w->expert_params;
	struct train_model t = {
		.params = params, .p_act = act, .n_mm = act - embed > 0 ? act - embed : act,
		.p_dense = params - experts, .p_exp = experts,
		.layers = m->layers, .hidden = m->hidden,
		.attn_w = (double)m->heads * m->head_dim,
		.gemm_w = gemm_width(m),
		.experts = m->experts, .experts_per_token = m->experts_per_token,
		.moe_layers = arch_moe_layers(m),
		.seq_len = (double)w->sc->context};
	t.p_train = w->kind == TASK_FULL ? t.p_dense : w->trainable;
	return t;
}

static void input_of(const struct workload *w, const struct gpu *g, struct train_input *in)
{
	const struct scenario *sc = w->sc;
	*in = (struct train_input){
		.model = model_of(w),
		.job = {.task = w->kind, .fp8 = w->prec->needs_fp8,
			.tokens = sc->train_tokens * sc->epochs, .global_batch = train_global_batch(sc),
			.frozen_bytes = w->kind == TASK_QLORA ? QLORA_BASE_BYTES
							      : w->prec->weight_bytes},
		.gpu = {.bf16_tflops = g->bf16_tflops, .fp8_tflops = gpu_has_fp8(g) ? g->fp8_tflops : 0,
			.mfu_train = g->mfu_train, .link = g->link, .link_gbs = g->link_gbs,
			.link_busbw_gbs = g->link_busbw_gbs > 0 ? g->link_busbw_gbs : 0,
			.calibration = calibration_of[g->calibration]}};
}

static unsigned tp_mask_of(const struct model *m)
{
	unsigned mask = 0;
	for (int t = 1; t <= CARDS_PER_MACHINE; t *= 2)
		if (tp_allowed(m, t))
			mask |= 1u << t;
	return mask;
}

static void space_of(const struct workload *w, const struct plan *p, struct train_space *sp)
{
	const struct scenario *sc = w->sc;
	*sp = (struct train_space){
		.w = w, .usable = p->capacity / (1 + sc->headroom_pct / 100),
		.tp_mask = tp_mask_of(w->m), .tp = sc->tp, .pp = sc->pp,
		.b = sc->concurrency > 1 ? (int)sc->concurrency : 0,
		.zero = sc->zero == ZERO_AUTO ? -1 : (int)sc->zero, .rc = sc->recompute,
		.time_anyway = p->forced};
	input_of(w, p->gpu, &sp->base);
}

/* ---- Offers (§8) ---- */

/* --network wins; else the region's own (inherited) network. */
static struct train_network link_of(const struct scenario *sc, const struct offer_network *n,
				    int kind)
{
	bool ib = n->inter_node == NET_IB;
	if (sc->network == NETWORK_IB)
		return (struct train_network){.kind = NET_IB,
					      .node_gbs = ib && n->inter_node_gbs > 0
								  ? n->inter_node_gbs
								  : train_defaults.ib_gbs};
	if (sc->network == NETWORK_ETHERNET)
		return (struct train_network){.kind = NET_ETHERNET,
					      .node_gbs = train_defaults.ethernet_gbs};
	if (kind == OFFER_CONTAINER)
		return (struct train_network){.kind = NET_NONE};
	return (struct train_network){.kind = (enum inter_node)n->inter_node,
				      .node_gbs = n->inter_node_gbs > 0 ? n->inter_node_gbs : 0};
}

static void offer_add(const struct catalog *c, const struct scenario *sc, int kind,
		      const struct offer_quote *q, struct training_estimate *t)
{
	struct train_offer *o = &t->offers[t->noffers++];
	double monthly = offer_quote_monthly(q);
	*o = (struct train_offer){.q = *q};
	offer_network_of(c, q->newest, &o->net);
	o->link = link_of(sc, &o->net, kind);
	if (kind == OFFER_CONTAINER)
		o->prices = (struct train_prices){
			.card_hourly = q->hourly, .card_monthly = monthly / q->newest->cards,
			.max_cards = q->newest->max_cards, .machine_monthly = -1};
	else
		o->prices = (struct train_prices){.card_hourly = -1, .card_monthly = -1,
						  .machine_monthly = monthly};
}

void train_offers_collect(const struct catalog *c, const struct workload *w,
			   const struct gpu *g, struct training_estimate *t)
{
	static const int kinds[] = {OFFER_CONTAINER, OFFER_BAREMETAL};
	struct offer_quote q[TRAIN_MAX_OFFERS];
	t->noffers = 0;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		size_t n = plan_offer_quotes(c, g, kinds[k], q, TRAIN_MAX_OFFERS - (size_t)t->noffers);
		for (size_t i = 0; i < n; i++)
			offer_add(c, w->sc, kinds[k], &q[i], t);
	}
}

bool train_offer_is_container(const struct train_offer *o)
{
	return o->prices.machine_monthly < 0;
}

/* ---- The evaluator: the job at G cards ---- */

/* --measured (§10): the fit's throughput, carried across machines by the
 * model's efficiency at G against G_r. */
static bool measured_days(struct train_eval *e, struct train_candidates *c,
			  const struct train_network *link, const struct train_best *at,
			  double *days, double *eff, double *band)
{
	const struct usl_fit *f = e->fit;
	int per = CARDS_PER_MACHINE, g = c->cards;
	double x = usl_throughput(f, g), u = usl_efficiency(f, g);
	enum usl_band_kind kind;
	if (g > per && g > f->max_cards) {
		struct train_best ref;
		int g_r = f->max_cards > per ? f->max_cards : per;
		if (!training_days_best_shape(&e->space, g_r, link, &ref))
			return false;
		double ratio = at->r.eff / ref.r.eff;
		x = usl_throughput(f, g_r) * g / g_r * ratio;
		u = usl_efficiency(f, g_r) * ratio;
	}
	*days = e->space.base.job.tokens / (x * train_goodput(&train_defaults, g) * 86400.0);
	*eff = u;
	*band = usl_band_pct(f, g, per, at->r.band_pct, &kind);
	return true;
}

/* The job on one offer: its best shape there, days and bill. */
bool train_job_on(struct train_eval *e, struct train_candidates *c, int oi,
		   struct train_best *best, struct train_point *pt)
{
	const struct train_offer *o = oi >= 0 ? &e->t->offers[oi] : NULL;
	struct train_network none = {.kind = e->w->sc->network == NETWORK_IB ? NET_IB : NET_UNKNOWN};
	const struct train_network *link = o ? &o->link : &none;
	if (!train_candidates_best(&e->space, c, link, best))
		return false;
	*pt = (struct train_point){.days = best->r.days, .eff = best->r.eff, .shape = best->sh,
				   .offer = oi, .way_offer = {oi, oi, oi},
				   .band_pct = best->r.band_pct};
	if (e->fit && !measured_days(e, c, link, best, &pt->days, &pt->eff, &pt->band_pct))
		return false;
	struct train_prices none_prices = {.card_hourly = -1, .card_monthly = -1,
					   .machine_monthly = -1};
	training_bill(o ? &o->prices : &none_prices, c->cards, pt->days * 24, CARDS_PER_MACHINE,
		      &pt->bill);
	return true;
}

/* a is the better job: offered before not, then cheaper, then faster. */
static bool job_better(const struct train_point *a, const struct train_point *b)
{
	double ca = train_bill_cheapest(&a->bill), cb = train_bill_cheapest(&b->bill);
	if ((ca >= 0) != (cb >= 0))
		return ca >= 0;
	if (ca != cb)
		return ca < cb;
	return a->days < b->days;
}

/* Which offers G cards may use: one machine, any that hosts G; across
 * machines bare metal, IB first (all of them under --network). */
static bool offer_eligible(const struct train_eval *e, const struct train_offer *o, int cards,
			   bool ib_only)
{
	if (train_offer_is_container(o))
		return cards <= o->prices.max_cards && cards <= CARDS_PER_MACHINE;
	(void)e;
	return !ib_only || o->link.kind == NET_IB;
}

static bool any_ib(const struct train_eval *e)
{
	for (int i = 0; i < e->t->noffers; i++)
		if (!train_offer_is_container(&e->t->offers[i]) && e->t->offers[i].link.kind == NET_IB)
			return true;
	return false;
}

static enum train_net_why why_for(const struct train_eval *e, int cards, bool ib)
{
	if (cards <= CARDS_PER_MACHINE)
		return NET_WHY_ONE_MACHINE;
	if (e->w->sc->network != NETWORK_OFFER)
		return NET_WHY_FORCED;
	return ib ? NET_WHY_IB_FIRST : NET_WHY_NO_IB_OFFER;
}

/* In one machine every offer runs the job in the same time: the bill
 * shows each way at its cheapest offer. */
static void bill_merge(struct train_point *into, const struct train_point *from)
{
	struct train_bill *b = &into->bill;
	for (enum train_rent w = 0; w < RENT_WAYS; w++) {
		if (!from->bill.offered[w] || (b->offered[w] && b->cost[w] <= from->bill.cost[w]))
			continue;
		b->offered[w] = true;
		b->cost[w] = from->bill.cost[w];
		b->prorated[w] = from->bill.prorated[w];
		b->cards[w] = from->bill.cards[w];
		into->way_offer[w] = from->offer;
	}
	b->cheapest = RENT_NONE;
	for (enum train_rent w = 0; w < RENT_WAYS; w++)
		if (b->offered[w] && (b->cheapest == RENT_NONE || b->cost[w] < b->cost[b->cheapest]))
			b->cheapest = w;
	if (b->cheapest != RENT_NONE)
		into->offer = into->way_offer[b->cheapest];
}

bool train_eval_cards(struct train_eval *e, struct train_candidates *c, struct train_point *out)
{
	bool across = c->cards > CARDS_PER_MACHINE, ib = across && any_ib(e), found = false;
	struct train_best best;
	struct train_point pt;
	for (int i = 0; i < e->t->noffers; i++) {
		if (!offer_eligible(e, &e->t->offers[i], c->cards, ib) || !train_job_on(e, c, i, &best, &pt))
			continue;
		if (found && !across) {
			bill_merge(out, &pt);
		} else if (!found || job_better(&pt, out)) {
			*out = pt;
			e->best = best;
		}
		found = true;
	}
	if (!found && train_job_on(e, c, -1, &best, &pt)) { /* nothing offered: how fast it could go */
		*out = pt;
		e->best = best;
		found = true;
	}
	e->why = why_for(e, c->cards, ib);
	return found;
}

bool train_eval_at(void *ctx, int cards, struct train_point *out)
{
	struct train_eval *e = ctx;
	struct train_candidates c;
	bool ok = train_candidates_collect(&e->space, cards, &c) && train_eval_cards(e, &c, out);
	train_candidates_free(&c);
	return ok;
}

void train_eval_init(struct train_eval *e, const struct workload *w, struct plan *p,
		      const struct usl_fit *fit)
{
	struct training_estimate *t = &p->training;
	*e = (struct train_eval){.w = w, .t = t, .fit = fit};
	space_of(w, p, &e->space);
	e->search = (struct train_search){.min_cards = p->cards, .deadline_days = w->sc->deadline_days,
					  .machine_monthly = -1, .days = train_eval_at, .ctx = e};
	for (int i = 0; i < t->noffers; i++) {
		const struct train_prices *pr = &t->offers[i].prices;
		if (train_offer_is_container(&t->offers[i]) && pr->max_cards > e->search.container_max)
			e->search.container_max = pr->max_cards;
		if (!train_offer_is_container(&t->offers[i]) &&
		    (e->search.machine_monthly < 0 || pr->machine_monthly < e->search.machine_monthly))
			e->search.machine_monthly = pr->machine_monthly;
	}
}

