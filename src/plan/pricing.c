/* Container versus bare metal for a chosen plan. For each region the
 * newest quote wins; among regions the most recently quoted one is used
 * (older regions are history), an IB network first when the plan spans
 * machines, then the cheapest. */
#include <math.h>
#include <string.h>

#include "plan.h"
#include "tables.h"

/* One region's quote: its newest row, and the newest monthly and hourly
 * prices among its rows (the group knows where they are). */
static struct offer_quote region_quote(const struct catalog *c, const struct offer_group *g)
{
	struct offer_quote q = {.newest = &c->offers[c->offer_order[g->from]], .monthly = -1,
				.hourly = -1};
	if (g->monthly < g->to) {
		const struct offer *o = &c->offers[c->offer_order[g->monthly]];
		q.monthly = o->monthly;
		q.monthly_date = o->collected;
	}
	if (g->hourly < g->to) {
		const struct offer *o = &c->offers[c->offer_order[g->hourly]];
		q.hourly = o->hourly;
		q.hourly_date = o->collected;
	}
	return q;
}

double offer_quote_monthly(const struct offer_quote *q)
{
	return q->monthly >= 0 ? q->monthly : q->hourly * HOURS_PER_MONTH * q->newest->cards;
}

static bool better_quote(const struct offer_quote *a, const struct offer_quote *b, bool want_ib)
{
	bool a_ib = a->newest->inter_node == NET_IB, b_ib = b->newest->inter_node == NET_IB;
	if (want_ib && a_ib != b_ib)
		return a_ib;
	if (a->newest->collected != b->newest->collected)
		return a->newest->collected > b->newest->collected;
	return offer_quote_monthly(a) < offer_quote_monthly(b);
}

/* A group's kind (a group is one GPU, kind and region). */
static int group_kind(const struct catalog *c, const struct offer_group *group)
{
	return c->offers[c->offer_order[group->from]].kind;
}

size_t plan_offer_quotes(const struct catalog *c, const struct gpu *g, int kind,
			 struct offer_quote *out, size_t max)
{
	size_t n = 0;
	for (size_t i = g->first_group; i < g->first_group + g->ngroups && n < max; i++) {
		const struct offer_group *group = &c->offer_groups[i];
		if (group_kind(c, group) == kind)
			out[n++] = region_quote(c, group);
	}
	return n;
}

static bool find_quote(const struct catalog *c, const struct gpu *g, int kind, bool want_ib,
		       struct offer_quote *best)
{
	bool found = false;
	for (size_t i = g->first_group; i < g->first_group + g->ngroups; i++) {
		const struct offer_group *group = &c->offer_groups[i];
		if (group_kind(c, group) != kind)
			continue;
		struct offer_quote q = region_quote(c, group);
		if (!found || better_quote(&q, best, want_ib)) {
			*best = q;
			found = true;
		}
	}
	return found;
}

static void set_quote(struct rent *r, const struct offer_quote *q)
{
	r->offer = q->newest;
	r->hourly_per_card = q->hourly;
	r->monthly_collected = q->monthly >= 0 ? q->monthly_date : q->hourly_date;
	r->hourly_collected = q->hourly_date;
}

static void price_container(const struct catalog *c, const struct plan *p, struct rent *r)
{
	struct offer_quote q;
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_CONTAINER, false, &q)) {
		r->why = msg_no_container_offer(gpu_short_name(p->gpu));
		return;
	}
	set_quote(r, &q);
	r->max_cards = q.newest->max_cards;
	r->monthly_per_card = offer_quote_monthly(&q) / q.newest->cards;
	r->total = r->monthly_per_card * p->cards;
	r->available = p->cards <= r->max_cards;
	if (!r->available)
		r->why = msg_container_max_cards(p->cards, r->max_cards);
}

static void baremetal_from(const struct plan *p, const struct offer_quote *q, struct rent *r)
{
	*r = (struct rent){.hourly_per_card = -1};
	set_quote(r, q);
	int per_machine = q->newest->cards;
	r->machine_monthly = offer_quote_monthly(q);
	r->machines = (p->cards + per_machine - 1) / per_machine;
	r->monthly_per_card = r->machine_monthly / per_machine;
	r->total = r->machines * r->machine_monthly;
	r->idle = r->machines * per_machine - p->cards;
	r->idle_cost = r->idle * r->monthly_per_card;
	r->available = true;
}

static void price_baremetal(const struct catalog *c, const struct plan *p, struct rent *r)
{
	struct offer_quote q;
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_BAREMETAL, p->machines > 1, &q)) {
		r->why = msg_no_baremetal_offer(gpu_short_name(p->gpu));
		return;
	}
	baremetal_from(p, &q, r);
}

/* Inference: 1 until plan.c sets the time model's figure
 * (plan_set_efficiency, which needs the workload). Training: not computed
 * here (< 0); plan_train sets it when --train-tokens is given. */
static double parallel_efficiency(bool training)
{
	return training ? -1 : 1;
}

/* The way to rent the plan that the totals, the sort and the marks use:
 * the only one offered, else the cheaper, a tie to the container (rented
 * per card, no card idles). Totals in two currencies are not compared (no
 * rate converts them), and a plan that does not fit gets none. */
static enum cheaper cheaper_way(const struct plan *p)
{
	const struct rent *ct = &p->container, *bm = &p->baremetal;
	if (!p->cards || !p->fits)
		return CHEAPER_NONE;
	if (ct->available && bm->available &&
	    strcmp(ct->offer->currency, bm->offer->currency) != 0)
		return CHEAPER_NONE;
	if (ct->available && (!bm->available || ct->total <= bm->total))
		return CHEAPER_CONTAINER;
	return bm->available ? CHEAPER_BAREMETAL : CHEAPER_NONE;
}

/* The way to rent the plan and its effective price, once its rents are set. */
static void price_pick(const struct scenario *sc, struct plan *p)
{
	p->efficiency = parallel_efficiency(tasks[sc->task].kind != TASK_INFERENCE);
	p->cheaper = cheaper_way(p);
	const struct rent *pick = p->cheaper == CHEAPER_BAREMETAL ? &p->baremetal
				  : p->cheaper == CHEAPER_CONTAINER ? &p->container
								     : NULL;
	double eff = p->efficiency > 0 ? p->efficiency : 1;
	p->effective_per_card = pick ? pick->total / p->cards / eff : -1;
}

void plan_price(const struct catalog *c, const struct scenario *sc, struct plan *p)
{
	price_container(c, p, &p->container);
	price_baremetal(c, p, &p->baremetal);
	price_pick(sc, p);
}

void plan_price_baremetal_quote(const struct scenario *sc, struct plan *p,
				const struct offer_quote *q)
{
	baremetal_from(p, q, &p->baremetal);
	price_pick(sc, p);
}

void plan_set_efficiency(struct plan *p, double eff)
{
	double old = p->efficiency > 0 ? p->efficiency : 1;
	p->efficiency = eff;
	if (p->effective_per_card >= 0 && eff > 0)
		p->effective_per_card = p->effective_per_card * old / eff;
}
