/* Container versus bare metal for a chosen plan. Each offer is one row
 * of offers.csv, used whole: its price, hourly price, card limit and date
 * are never mixed with another row's. An offer is a GPU, kind, region,
 * cards and max_cards; for one offer quoted again the newest row wins.
 * Two offers of one GPU, kind and region (a 1-4 card monthly price and a
 * 1-8 card hourly one) are both candidates. Among regions the most
 * recently quoted is used (older regions are history); an IB network
 * comes first when the plan spans machines, then an offer that takes the
 * plan's card count, then for a training job (--train-tokens) one with an
 * hourly price (a job is billed for its hours: the month's price would
 * charge a 3-day job for 30), then the cheaper per card. */
#include <math.h>
#include <string.h>

#include "plan.h"
#include "tables.h"

/* One row as a quote: its own prices and date, and its region's newest
 * date (the group's first row: groups are newest first). */
static struct offer_quote row_quote(const struct catalog *c, const struct offer_group *g,
				    size_t k)
{
	const struct offer *o = &c->offers[c->offer_order[k]];
	return (struct offer_quote){.newest = o, .monthly = o->monthly, .hourly = o->hourly,
				    .monthly_date = o->collected, .hourly_date = o->collected,
				    .region_date = c->offers[c->offer_order[g->from]].collected};
}

double offer_quote_monthly(const struct offer_quote *q)
{
	return q->monthly >= 0 ? q->monthly : q->hourly * HOURS_PER_MONTH * q->newest->cards;
}

/* Whether the plan's cards fit in one instance of a container offer (a
 * bare-metal offer takes any count: whole machines). */
static bool takes_cards(const struct offer *o, int cards)
{
	return o->kind != OFFER_CONTAINER || cards <= o->max_cards;
}

/* What a plan asks of an offer. */
struct want {
	bool ib;     /* the plan spans machines */
	bool hourly; /* training: a job billed by the hour */
	int cards;
};

static bool better_quote(const struct offer_quote *a, const struct offer_quote *b,
			 const struct want *w)
{
	const struct offer *x = a->newest, *y = b->newest;
	bool a_ib = x->inter_node == NET_IB, b_ib = y->inter_node == NET_IB;
	bool a_takes = takes_cards(x, w->cards), b_takes = takes_cards(y, w->cards);
	if (w->ib && a_ib != b_ib)
		return a_ib;
	if (a->region_date != b->region_date)
		return a->region_date > b->region_date;
	if (a_takes != b_takes)
		return a_takes;
	if (w->hourly && (x->hourly >= 0) != (y->hourly >= 0))
		return x->hourly >= 0;
	return offer_quote_monthly(a) / x->cards < offer_quote_monthly(b) / y->cards;
}

/* Whether row k of a group repeats an offer (same cards and max_cards)
 * that a newer row of the group already quotes. */
static bool requoted(const struct catalog *c, const struct offer_group *g, size_t k)
{
	const struct offer *o = &c->offers[c->offer_order[k]];
	for (size_t i = g->from; i < k; i++) {
		const struct offer *n = &c->offers[c->offer_order[i]];
		if (n->cards == o->cards && n->max_cards == o->max_cards)
			return true;
	}
	return false;
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
	for (size_t i = g->first_group; i < g->first_group + g->ngroups; i++) {
		const struct offer_group *group = &c->offer_groups[i];
		for (size_t k = group->from; group_kind(c, group) == kind && k < group->to; k++)
			if (n < max && !requoted(c, group, k))
				out[n++] = row_quote(c, group, k);
	}
	return n;
}

static bool find_quote(const struct catalog *c, const struct gpu *g, int kind,
		       const struct want *w, struct offer_quote *best)
{
	bool found = false;
	for (size_t i = g->first_group; i < g->first_group + g->ngroups; i++) {
		const struct offer_group *group = &c->offer_groups[i];
		for (size_t k = group->from; group_kind(c, group) == kind && k < group->to; k++) {
			if (requoted(c, group, k))
				continue;
			struct offer_quote q = row_quote(c, group, k);
			if (!found || better_quote(&q, best, w)) {
				*best = q;
				found = true;
			}
		}
	}
	return found;
}

/* The rent takes the one row's prices, limit and date. */
static void set_quote(struct rent *r, const struct offer_quote *q)
{
	r->offer = q->newest;
	r->hourly_per_card = q->hourly;
	r->monthly_collected = q->monthly >= 0 ? q->monthly_date : q->hourly_date;
	r->hourly_collected = q->hourly_date;
}

static void price_container(const struct catalog *c, const struct plan *p, bool job,
			    struct rent *r)
{
	struct offer_quote q;
	struct want w = {.hourly = job, .cards = p->cards};
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_CONTAINER, &w, &q)) {
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

static void price_baremetal(const struct catalog *c, const struct plan *p, bool job,
			    struct rent *r)
{
	struct offer_quote q;
	struct want w = {.ib = p->machines > 1, .hourly = job, .cards = p->cards};
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_BAREMETAL, &w, &q)) {
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
	bool job = tasks[sc->task].kind != TASK_INFERENCE && sc->train_tokens > 0;
	price_container(c, p, job, &p->container);
	price_baremetal(c, p, job, &p->baremetal);
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
