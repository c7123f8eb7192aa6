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

struct quote {
	const struct offer *row; /* the one row whose fields are used */
	int region_date;         /* the newest row of its GPU, kind and region */
};

static double unit_monthly(const struct offer *o)
{
	return o->monthly >= 0 ? o->monthly : o->hourly * HOURS_PER_MONTH * o->cards;
}

/* Whether the plan's cards fit in one instance of a container offer (a
 * bare-metal offer takes any count: whole machines). */
static bool takes_cards(const struct offer *o, int cards)
{
	return o->kind != OFFER_CONTAINER || cards <= o->max_cards;
}

/* What a plan asks of an offer. */
struct want {
	bool ib;          /* the plan spans machines */
	bool hourly;      /* training: a job billed by the hour */
	int cards;
};

static bool better_quote(const struct quote *a, const struct quote *b, const struct want *w)
{
	const struct offer *x = a->row, *y = b->row;
	bool want_ib = w->ib;
	int cards = w->cards;
	bool a_ib = x->inter_node == NET_IB, b_ib = y->inter_node == NET_IB;
	bool a_takes = takes_cards(x, cards), b_takes = takes_cards(y, cards);
	if (want_ib && a_ib != b_ib)
		return a_ib;
	if (a->region_date != b->region_date)
		return a->region_date > b->region_date;
	if (a_takes != b_takes)
		return a_takes;
	if (w->hourly && (x->hourly >= 0) != (y->hourly >= 0))
		return x->hourly >= 0;
	return unit_monthly(x) / x->cards < unit_monthly(y) / y->cards;
}

/* Whether row k of offer_order repeats an offer that a newer row of its
 * region group [from, k) already quotes. */
static bool requoted(const struct catalog *c, size_t from, size_t k)
{
	const struct offer *o = &c->offers[c->offer_order[k]];
	for (size_t i = from; i < k; i++) {
		const struct offer *n = &c->offers[c->offer_order[i]];
		if (n->cards == o->cards && n->max_cards == o->max_cards)
			return true;
	}
	return false;
}

static bool find_quote(const struct catalog *c, const struct gpu *g, int kind,
		       const struct want *w, struct quote *best)
{
	bool found = false;
	size_t end = g->first_offer + g->noffers;
	for (size_t i = g->first_offer; i < end;) {
		const struct offer *o = &c->offers[c->offer_order[i]];
		size_t j = i + 1;
		while (j < end && c->offers[c->offer_order[j]].kind == o->kind &&
		       strcmp(c->offers[c->offer_order[j]].region, o->region) == 0)
			j++;
		for (size_t k = i; o->kind == kind && k < j; k++) {
			struct quote q = {&c->offers[c->offer_order[k]], o->collected};
			if (requoted(c, i, k))
				continue;
			if (!found || better_quote(&q, best, w)) {
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
	r->offer = q->row;
	r->hourly_per_card = q->row->hourly;
	r->monthly_collected = q->row->collected;
	r->hourly_collected = q->row->collected;
}

static void price_container(const struct catalog *c, const struct plan *p, bool training,
			    struct rent *r)
{
	struct quote q;
	struct want w = {.hourly = training, .cards = p->cards};
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_CONTAINER, &w, &q)) {
		r->why = msg_no_container_offer(gpu_short_name(p->gpu));
		return;
	}
	set_quote(r, &q);
	r->max_cards = q.row->max_cards;
	r->monthly_per_card = unit_monthly(q.row) / q.row->cards;
	r->total = r->monthly_per_card * p->cards;
	r->available = p->cards <= r->max_cards;
	if (!r->available)
		r->why = msg_container_max_cards(p->cards, r->max_cards);
}

static void price_baremetal(const struct catalog *c, const struct plan *p, bool training,
			    struct rent *r)
{
	struct quote q;
	struct want w = {.ib = p->machines > 1, .hourly = training, .cards = p->cards};
	*r = (struct rent){.hourly_per_card = -1};
	if (!find_quote(c, p->gpu, OFFER_BAREMETAL, &w, &q)) {
		r->why = msg_no_baremetal_offer(gpu_short_name(p->gpu));
		return;
	}
	set_quote(r, &q);
	int per_machine = q.row->cards;
	r->machine_monthly = unit_monthly(q.row);
	r->machines = (p->cards + per_machine - 1) / per_machine;
	r->monthly_per_card = r->machine_monthly / per_machine;
	r->total = r->machines * r->machine_monthly;
	r->idle = r->machines * per_machine - p->cards;
	r->idle_cost = r->idle * r->monthly_per_card;
	r->available = true;
}

/* Inference: the time model's tensor-parallel efficiency (replicas and
 * pipeline stages cost no speed). Training: not computed here (< 0);
 * plan_train sets it with plan_set_efficiency when --train-tokens is given. */
static double parallel_efficiency(const struct plan *p, bool training)
{
	if (training)
		return -1;
	return eta_tp(p->gpu->link, p->lay.t);
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
	bool training = tasks[sc->task].kind != TASK_INFERENCE;
	bool job = training && sc->train_tokens > 0; /* a job of so many hours */
	price_container(c, p, job, &p->container);
	price_baremetal(c, p, job, &p->baremetal);
	p->efficiency = parallel_efficiency(p, training);
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
