/* Container versus bare metal for a chosen plan. For each region the
 * newest quote wins; among regions the most recently quoted one is used
 * (older regions are history), an IB network first when the plan spans
 * machines, then the cheapest. */
#include <math.h>
#include <string.h>

#include "plan.h"
#include "tables.h"

struct quote {
	const struct offer *newest;
	double monthly, hourly; /* per unit / per card; < 0 when absent */
	int monthly_date, hourly_date;
};

/* Rows [from, to) of offer_order are one region, newest first. */
static struct quote region_quote(const struct catalog *c, size_t from, size_t to)
{
	struct quote q = {.newest = &c->offers[c->offer_order[from]], .monthly = -1, .hourly = -1};
	for (size_t i = from; i < to; i++) {
		const struct offer *o = &c->offers[c->offer_order[i]];
		if (q.monthly < 0 && o->monthly >= 0) {
			q.monthly = o->monthly;
			q.monthly_date = o->collected;
		}
		if (q.hourly < 0 && o->hourly >= 0) {
			q.hourly = o->hourly;
			q.hourly_date = o->collected;
		}
	}
	return q;
}

static double unit_monthly(const struct quote *q)
{
	return q->monthly >= 0 ? q->monthly : q->hourly * HOURS_PER_MONTH * q->newest->cards;
}

static bool better_quote(const struct quote *a, const struct quote *b, bool want_ib)
{
	bool a_ib = a->newest->inter_node == NET_IB, b_ib = b->newest->inter_node == NET_IB;
	if (want_ib && a_ib != b_ib)
		return a_ib;
	if (a->newest->collected != b->newest->collected)
		return a->newest->collected > b->newest->collected;
	return unit_monthly(a) < unit_monthly(b);
}

static bool find_quote(const struct catalog *c, const struct gpu *g, int kind, bool want_ib,
		       struct quote *best)
{
	bool found = false;
	size_t end = g->first_offer + g->noffers;
	for (size_t i = g->first_offer; i < end;) {
		const struct offer *o = &c->offers[c->offer_order[i]];
		size_t j = i + 1;
		while (j < end && c->offers[c->offer_order[j]].kind == o->kind &&
		       strcmp(c->offers[c->offer_order[j]].region, o->region) == 0)
			j++;
		if (o->kind == kind) {
			struct quote q = region_quote(c, i, j);
			if (!found || better_quote(&q, best, want_ib)) {
				*best = q;
				found = true;
			}
		}
		i = j;
	}
	return found;
}

static void set_quote(struct rent *r, const struct quote *q)
{
	r->offer = q->newest;
	r->hourly_per_card = q->hourly;
	r->monthly_collected = q->monthly >= 0 ? q->monthly_date : q->hourly_date;
	r->hourly_collected = q->hourly_date;
}

static void price_container(const struct catalog *c, const struct plan *p, struct rent *r)
{
	struct quote q;
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_CONTAINER, false, &q)) {
		r->why = msg_no_container_offer(gpu_short_name(p->gpu));
		return;
	}
	set_quote(r, &q);
	r->max_cards = q.newest->max_cards;
	r->monthly_per_card = unit_monthly(&q) / q.newest->cards;
	r->total = r->monthly_per_card * p->cards;
	r->available = p->cards <= r->max_cards;
	if (!r->available)
		r->why = msg_container_max_cards(p->cards, r->max_cards);
}

static void price_baremetal(const struct catalog *c, const struct plan *p, struct rent *r)
{
	struct quote q;
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_BAREMETAL, p->machines > 1, &q)) {
		r->why = msg_no_baremetal_offer(gpu_short_name(p->gpu));
		return;
	}
	set_quote(r, &q);
	int per_machine = q.newest->cards;
	r->machine_monthly = unit_monthly(&q);
	r->machines = (p->cards + per_machine - 1) / per_machine;
	r->monthly_per_card = r->machine_monthly / per_machine;
	r->total = r->machines * r->machine_monthly;
	r->idle = r->machines * per_machine - p->cards;
	r->idle_cost = r->idle * r->monthly_per_card;
	r->available = true;
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

void plan_price(const struct catalog *c, const struct scenario *sc, struct plan *p)
{
	price_container(c, p, &p->container);
	price_baremetal(c, p, &p->baremetal);
	p->efficiency = parallel_efficiency(tasks[sc->task].kind != TASK_INFERENCE);
	p->cheaper = cheaper_way(p);
	const struct rent *pick = p->cheaper == CHEAPER_BAREMETAL ? &p->baremetal
				  : p->cheaper == CHEAPER_CONTAINER ? &p->container
								     : NULL;
	double eff = p->efficiency > 0 ? p->efficiency : 1;
	p->effective_per_card = pick ? pick->total / p->cards / eff : -1;
}

void plan_set_efficiency(struct plan *p, double eff)
{
	double old = p->efficiency > 0 ? p->efficiency : 1;
	p->efficiency = eff;
	if (p->effective_per_card >= 0 && eff > 0)
		p->effective_per_card = p->effective_per_card * old / eff;
}
