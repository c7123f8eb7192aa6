/* Training time for a plan (TRAINING.md): the scaling tiers and the card
 * count, each count with its own shape and offer (train_offer.c): with
 * --deadline the cheapest that meets it, else the cheapest job and at its
 * spend the soonest (no price on file: the instance the memory minimum
 * takes), and what --budget buys; then the plan at its cards: the
 * best shape there as its layout, the region that offer is in, its step
 * broken down, the GPU's other regions beside it, and the notes. */
#include <stdio.h>

#include "cheaper.h"
#include "i18n.h"
#include "plan.h"
#include "tables.h"
#include "train_offer.h"


const char *const train_net_why_names[] = {
	[NET_WHY_ONE_MACHINE] = "one_machine",
	[NET_WHY_IB_FIRST] = "ib_first",
	[NET_WHY_NO_IB_OFFER] = "no_ib_offer",
	[NET_WHY_FORCED] = "forced",
};

/* How the solver's ways read in a sentence: msgids, translated when the
 * message is rendered (the WORD argument of msg_why_deadline_cheapest). */
static const char *const rent_words[RENT_WAYS] = {
	[RENT_CONTAINER_HOURLY] = N_("containers by the hour"),
	[RENT_CONTAINER_MONTHLY] = N_("containers by the month"),
	[RENT_BAREMETAL] = N_("bare metal"),
};

/* The words of a --measured band (msg_train_measured's WORD). */
static const char *const band_words[] = {
	[USL_BAND_MEASURED] = N_("measured"),
	[USL_BAND_IN_MACHINE] = N_("extrapolated in one machine"),
	[USL_BAND_MODELLED] = N_("measured in one machine; between machines modelled"),
};


/* The plan moves to the layout of the shape found at G: its memory and
 * price again, bare metal from the region chosen, and what it already
 * knew kept (forced, the memory minimum, why, the training estimate). */
static void plan_move(const struct train_eval *e, const struct catalog *c, struct plan *p,
		      const struct train_point *pt)
{
	static struct plan q; /* large; one analysis at a time */
	plan_for_train_layout(e->w, c, p->gpu, &e->best.lay, &e->best.lay_tr, &q);
	q.forced = p->forced;
	q.memory_min_cards = p->memory_min_cards;
	q.nwhy = p->nwhy;
	for (int i = 0; i < p->nwhy; i++)
		q.why[i] = p->why[i];
	q.training = p->training;
	int bm = pt->way_offer[RENT_BAREMETAL];
	if (pt->bill.offered[RENT_BAREMETAL] && bm >= 0)
		plan_price_baremetal_quote(e->w->sc, &q, &p->training.offers[bm].q);
	*p = q;
}

/* What the memory minimum was and why it was not kept. */
static int deadline_why(const struct plan *p, const struct train_choice *ch,
			const struct train_point *min_at, double deadline, struct message *why)
{
	int n = 0;
	why[n++] = msg_why_train_memory_minimum(p->cards, min_at->days, 100 * min_at->eff);
	if (min_at->days > deadline)
		why[n++] = msg_why_past_deadline(min_at->days, deadline);
	if (!ch->met)
		why[n++] = msg_why_deadline_unreachable(deadline, ch->cards, ch->at.days);
	else if (ch->cards != p->cards)
		why[n++] = msg_why_deadline_cheapest(ch->cards, rent_words[ch->way], ch->cost,
						     plan_currency(p));
	return n;
}

/* --deadline: the cheapest G that meets it becomes the plan's count
 * (returned); why says what the memory minimum was and why it was not
 * kept, or which G is fastest when none meets it. */
static int meet_deadline(struct train_eval *e, struct plan *p, struct train_choice *ch)
{
	struct train_point min_at;
	struct message why[PLAN_WHY];
	if (!training_solve_deadline(&e->search, ch) || !train_eval_at(e, p->cards, &min_at) ||
	    (ch->met && ch->cards == p->cards))
		return p->cards;
	int nwhy = deadline_why(p, ch, &min_at, e->search.deadline_days, why);
	for (int i = 0; i < nwhy; i++)
		plan_add_why(p, why[i]);
	return ch->met ? ch->cards : p->cards;
}

/* PERFORMANCE.md §2: at the same spend the faster plan. A job billed by
 * whole machines whose cards partly idle runs on all of them when that
 * costs no more: the cards it runs on (p->cards, at min_at, when not), at
 * *at. */
static int filled_cards(struct train_eval *e, const struct plan *p,
			const struct train_point *min_at, struct train_point *at)
{
	struct train_point full;
	*at = *min_at;
	if (at->bill.cheapest != RENT_BAREMETAL)
		return p->cards;
	int cards = at->bill.cards[RENT_BAREMETAL];
	if (cards <= p->cards || !train_eval_at(e, cards, &full) ||
	    !(train_bill_cheapest(&full.bill) >= 0 &&
	      train_bill_cheapest(&full.bill) <= train_bill_cheapest(&at->bill)) ||
	    !(full.days < at->days))
		return p->cards;
	*at = full;
	return cards;
}

/* A GPU type with no price on file: the fastest on the instance the
 * memory minimum takes (124 B200 cards of TP4 x PP31 are 16 machines,
 * where TP8 x PP16 runs). */
static int same_instance(struct train_eval *e, struct plan *p, const struct train_point *min_at)
{
	struct train_point at;
	int cards = plan_instance_cards(p->cards);
	if (cards == p->cards || !train_eval_at(e, cards, &at) || !(at.days < min_at->days))
		return p->cards;
	plan_add_why(p, msg_why_train_same_instance(cards, at.days, min_at->days));
	return cards;
}

/* PERFORMANCE.md §2 without a deadline: the cheapest job, and at its
 * spend the fewest days, any count from the memory minimum up (a 3-card
 * PP3 job that recomputes most layers costs more than DP6 on 6); the paid
 * machines filled when that is it. */
static int cheapest_job(struct train_eval *e, struct plan *p)
{
	struct train_point min_at, at;
	struct train_tier best;
	if (!train_eval_at(e, p->cards, &min_at))
		return p->cards;
	if (e->t->noffers == 0)
		return same_instance(e, p, &min_at);
	int cards = filled_cards(e, p, &min_at, &at);
	double cost = train_bill_cheapest(&at.bill);
	bool found = cost >= 0 && training_solve_cheapest(&e->search, PLAN_SAME_SPEND, &best) &&
		     best.cards != cards;
	bool cheaper = found && best.cost * (1 + PLAN_SAME_SPEND) < cost;
	bool faster = found && best.cost <= cost * (1 + PLAN_SAME_SPEND) && best.at.days < at.days;
	if (cheaper || faster) {
		plan_add_why(p, msg_why_train_memory_minimum(p->cards, min_at.days, 100 * min_at.eff));
		plan_add_why(p, msg_why_train_cheapest(best.cards, rent_words[best.way], best.cost,
						       plan_currency(p), best.at.days));
		return best.cards;
	}
	if (cards != p->cards)
		plan_add_why(p, msg_why_train_filled(cards, at.days, min_at.days));
	return cards;
}

/* §8: the job on the GPU's other regions, each with its own best shape,
 * when the plan spans machines. */
static void compare_regions(struct train_eval *e, int cards, int chosen)
{
	struct training_estimate *t = e->t;
	struct train_candidates c;
	struct train_best best = e->best; /* the plan's, kept */
	t->ncompare = 0;
	if (cards <= CARDS_PER_MACHINE || !train_candidates_collect(&e->space, cards, &c))
		return;
	for (int i = 0; i < t->noffers && t->ncompare < TRAIN_MAX_COMPARE; i++) {
		struct train_best other;
		struct train_point pt;
		if (i == chosen || train_offer_is_container(&t->offers[i]) ||
		    !train_job_on(e, &c, i, &other, &pt))
			continue;
		t->compare[t->ncompare++] = (struct train_region_cost){
			.offer = i, .days = pt.days, .eff = pt.eff, .cost = train_bill_cheapest(&pt.bill)};
	}
	train_candidates_free(&c);
	e->best = best;
}

/* The plan at its cards: the shape found there (also a forced one that
 * does not fit, timed at its least memory), days and the bill. */
static bool estimate_at(struct train_eval *e, const struct catalog *c, struct plan *p, int cards)
{
	struct train_point pt;
	e->space.time_anyway = p->forced;
	if (!train_eval_at(e, cards, &pt))
		return false;
	enum train_net_why why = e->why;
	if (e->best.fits)
		plan_move(e, c, p, &pt);
	struct training_estimate *t = &p->training;
	e->t = t; /* plan_move copied the estimate */
	t->fits = e->best.fits;
	t->r = e->best.r;
	t->shape = e->best.sh;
	t->rc_layers = e->best.n_r > 0 ? e->best.n_r : 0;
	t->stage_layers = stage_layers(e->w->m, e->best.sh.pp);
	t->days = pt.days;
	t->eff = pt.eff;
	t->card_hours = pt.days * 24 * cards;
	t->band_pct = pt.band_pct;
	t->bill = pt.bill;
	t->offer = pt.offer;
	t->why = why;
	if (e->fit)
		usl_band_pct(e->fit, cards, CARDS_PER_MACHINE, t->r.band_pct, &t->band_kind);
	compare_regions(e, cards, pt.offer);
	return true;
}

/* --budget for the job (issue 21): what it buys, never the plan's rule
 * (the seeds: "决定卡数的不是预算"). Short of the plan: by how much; the
 * fastest count within it, when that is not the plan's. */
static void within_budget(struct train_eval *e, struct plan *p)
{
	struct training_estimate *t = &p->training;
	double budget = e->w->sc->budget, cost = train_bill_cheapest(&t->bill);
	const char *cur = plan_currency(p);
	struct train_best best = e->best; /* the plan's, kept */
	if (budget <= 0 || cost < 0)
		return;
	if (cost > budget) /* a cap: ¥300,800 is not within ¥300,000 */
		plan_note(p, msg_train_budget_short(budget, cur, cost - budget, cur, cost, cur));
	if (!p->forced && training_solve_budget(&e->search, budget, &t->budget) &&
	    t->budget.cards != p->cards && t->budget.at.days < t->days)
		plan_note(p, msg_train_budget_fastest(t->budget.cards, t->budget.at.days,
						      t->budget.cost, cur, budget, cur));
	e->best = best;
}

static const char *offer_network_text(const struct train_offer *o)
{
	return o->net.network[0] ? o->net.network : inter_node_names[o->net.inter_node];
}

static const char *offer_region_text(const struct train_offer *o)
{
	return o->q.newest->region[0] ? o->q.newest->region : "—";
}

/* What the network between machines rests on. */
static void network_notes(struct plan *p)
{
	const struct training_estimate *t = &p->training;
	if (t->offer < 0 || p->cards <= CARDS_PER_MACHINE)
		return;
	const struct train_offer *o = &t->offers[t->offer];
	char date[16];
	if (o->net.inherited) {
		int d = o->net.inherited_from;
		snprintf(date, sizeof date, "%04d-%02d-%02d", d / 10000, d / 100 % 100, d % 100);
		plan_note(p, msg_train_network_inherited(offer_region_text(o), offer_network_text(o),
							 date));
	}
	if (t->r.notes & TRAIN_NOTE_NET_UNKNOWN)
		plan_note(p, msg_train_network_unknown(offer_region_text(o)));
	else if (t->r.notes & TRAIN_NOTE_NODE_ASSUMED)
		plan_note(p, msg_train_network_assumed(o->link.kind == NET_IB ? "InfiniBand"
						       : o->link.kind == NET_NONE
							       ? N_("a shared 1000M link")
							       : N_("Ethernet"),
						       t->r.bw_node / train_defaults.eta_net));
	if (t->why == NET_WHY_NO_IB_OFFER)
		plan_note(p, msg_train_cross_machine_no_ib(offer_network_text(o), 100 * t->eff));
}

static void compare_notes(struct plan *p)
{
	const struct training_estimate *t = &p->training;
	if (t->ncompare == 0 || t->offer < 0)
		return;
	const struct train_offer *o = &t->offers[t->offer];
	plan_note(p, msg_train_region_chosen(offer_region_text(o), offer_network_text(o), t->days,
					     train_bill_cheapest(&t->bill),
					     plan_currency(p)));
	for (int i = 0; i < t->ncompare; i++) {
		const struct train_region_cost *r = &t->compare[i];
		const struct train_offer *x = &t->offers[r->offer];
		plan_note(p, msg_train_region_other(offer_region_text(x), offer_network_text(x),
						    r->days, r->cost, plan_currency(p)));
	}
}

static void training_notes(struct plan *p)
{
	const struct training_estimate *t = &p->training;
	if (t->r.notes & TRAIN_NOTE_NO_FP8)
		plan_note(p, msg_train_no_fp8(gpu_short_name(p->gpu)));
	if (t->r.notes & TRAIN_NOTE_PP_ZERO)
		plan_note(p, msg_train_pp_zero(t->shape.zero));
	network_notes(p);
	compare_notes(p);
	if (t->measured)
		plan_note(p, msg_train_measured(t->usl.sigma, t->usl.kappa, band_words[t->band_kind],
						t->band_pct));
	if (t->eff > 0 && t->eff < 1)
		plan_note(p, msg_parallel_efficiency(100 * t->eff, 100 - 100 * t->eff));
}

void plan_train(const struct workload *w, const struct catalog *c, struct plan *p,
		const struct usl_fit *fit)
{
	const struct scenario *sc = w->sc;
	static struct train_eval e; /* one analysis at a time */
	struct train_choice choice = {.way = RENT_NONE};
	p->training = (struct training_estimate){.choice = choice, .offer = -1};
	if (w->kind == TASK_INFERENCE || !(sc->train_tokens > 0) || p->cards == 0 ||
	    (!p->fits && !p->forced))
		return;
	train_offers_collect(c, w, p->gpu, &p->training);
	train_eval_init(&e, w, p, fit);
	p->training.ntiers = training_tiers(&e.search, p->training.tiers, TRAIN_MAX_TIERS);
	int cards = p->cards;
	if (sc->deadline_days > 0 && !p->forced)
		cards = meet_deadline(&e, p, &choice);
	else if (!p->forced)
		cards = cheapest_job(&e, p);
	if (!estimate_at(&e, c, p, cards))
		return;
	struct training_estimate *t = &p->training;
	t->valid = true;
	t->measured = fit != NULL;
	if (fit)
		t->usl = *fit;
	t->choice = choice;
	t->deadline = sc->deadline_days > 0;
	t->meets_deadline = t->days <= sc->deadline_days;
	p->short_of_goals = t->deadline && !t->meets_deadline; /* the row's "<" */
	plan_set_efficiency(p, t->eff);
	within_budget(&e, p);
	training_notes(p);
}
