#include "training_solve.h"

#include <math.h>

#define ALL_MACHINES 64 /* every machine count up to here, then steps of n/16 */
#define TIER_LAST_EFF 0.10

static int machines_of(int cards, int per_machine)
{
	return (cards + per_machine - 1) / per_machine;
}

int train_card_counts(const struct train_search *s, int *out, int max)
{
	const struct train_constants *k = train_constants_of(s->k);
	int per = k->cards_per_machine, n = 0, first = s->min_cards > 1 ? s->min_cards : 1;
	for (int g = first; g <= s->container_max && g < per && n < max; g++)
		out[n++] = g; /* one machine's whole count comes with bare metal */
	for (int m = 1; (long)m * per <= k->max_cards && n < max;
	     m += m < ALL_MACHINES ? 1 : m / 16)
		if (m * per >= first && (n == 0 || out[n - 1] < m * per))
			out[n++] = m * per;
	return n;
}

/* Keeps G for a way when it is strictly cheaper (G rises, so ties keep
 * the fewer cards). */
static void way_consider(struct train_way *w, enum train_rent way, int cards,
			 const struct train_point *at)
{
	if (!at->bill.offered[way] || (w->found && at->bill.cost[way] >= w->at.bill.cost[way]))
		return;
	*w = (struct train_way){.found = true, .cards = cards, .at = *at};
}

static void choice_pick_cheapest(struct train_choice *c)
{
	for (enum train_rent w = 0; w < RENT_WAYS; w++) {
		const struct train_way *way = &c->ways[w];
		if (!way->found)
			continue;
		double cost = way->at.bill.cost[w];
		if (c->met && (cost > c->cost || (cost == c->cost && way->cards >= c->cards)))
			continue;
		c->met = true;
		c->way = w;
		c->cards = way->cards;
		c->at = way->at;
		c->cost = cost;
	}
}

/* The cheapest job found so far, any way; < 0 when none. */
static double best_cost(const struct train_choice *c)
{
	double best = -1;
	for (enum train_rent w = 0; w < RENT_WAYS; w++)
		if (c->ways[w].found && (best < 0 || c->ways[w].at.bill.cost[w] < best))
			best = c->ways[w].at.bill.cost[w];
	return best;
}

/* Past the containers only machines are left, and n of them cost at least
 * n × the least machine price a month: once that reaches the best job
 * found, no larger G can be cheaper. */
static bool solver_done(const struct train_search *s, const struct train_choice *c, int g,
			int per_machine)
{
	double best = best_cost(c);
	return g > s->container_max && best >= 0 && s->machine_monthly >= 0 &&
	       machines_of(g, per_machine) * s->machine_monthly >= best;
}

bool training_solve_deadline(const struct train_search *s, struct train_choice *out)
{
	const struct train_constants *k = train_constants_of(s->k);
	int counts[TRAIN_MAX_COUNTS], n = train_card_counts(s, counts, TRAIN_MAX_COUNTS);
	bool any = false;
	struct train_point fastest = {0};
	int fastest_cards = 0;
	*out = (struct train_choice){.way = RENT_NONE};
	for (int i = 0; i < n; i++) {
		int g = counts[i];
		struct train_point at;
		if (solver_done(s, out, g, k->cards_per_machine))
			break;
		if (!s->days(s->ctx, g, &at))
			continue;
		if (!any || at.days < fastest.days) {
			fastest = at;
			fastest_cards = g;
		}
		any = true;
		if (at.days > s->deadline_days)
			continue;
		for (enum train_rent w = 0; w < RENT_WAYS; w++)
			way_consider(&out->ways[w], w, g, &at);
	}
	choice_pick_cheapest(out);
	if (!out->met) {
		out->cards = fastest_cards;
		out->at = fastest;
	}
	return any;
}

int training_tiers(const struct train_search *s, struct train_tier *tiers, int max)
{
	const struct train_constants *k = train_constants_of(s->k);
	int n = 0, first = s->min_cards > 0 ? s->min_cards : 1;
	double fastest = 0;
	for (long g = first; g <= k->max_cards && n < max; g *= 2) {
		struct train_tier *t = &tiers[n];
		if (!s->days(s->ctx, (int)g, &t->at))
			continue;
		t->cards = (int)g;
		t->way = t->at.bill.cheapest;
		t->cost = t->way != RENT_NONE ? t->at.bill.cost[t->way] : -1;
		n++;
		/* A tier no faster than one before it, or one where nine tenths of
		 * the spend buys no compute, is the last worth showing. */
		if ((n > 1 && t->at.days >= fastest) || t->at.eff < TIER_LAST_EFF)
			break;
		fastest = n == 1 || t->at.days < fastest ? t->at.days : fastest;
	}
	return n;
}

/* Past the containers n machines bill at least n machine-months: above
 * limit from g on. */
static bool machines_past(const struct train_search *s, int g, int per_machine, double limit)
{
	return g > s->container_max && s->machine_monthly >= 0 &&
	       machines_of(g, per_machine) * s->machine_monthly > limit;
}

bool training_solve_budget(const struct train_search *s, double budget, struct train_tier *out)
{
	const struct train_constants *k = train_constants_of(s->k);
	int counts[TRAIN_MAX_COUNTS], n = train_card_counts(s, counts, TRAIN_MAX_COUNTS);
	*out = (struct train_tier){.cost = -1, .way = RENT_NONE};
	for (int i = 0; i < n; i++) {
		int g = counts[i];
		struct train_point at;
		if (machines_past(s, g, k->cards_per_machine, budget))
			break;
		if (!s->days(s->ctx, g, &at) || train_bill_cheapest(&at.bill) < 0 ||
		    train_bill_cheapest(&at.bill) > budget ||
		    (out->cards > 0 && at.days >= out->at.days))
			continue;
		*out = (struct train_tier){.cards = g, .at = at, .way = at.bill.cheapest,
					   .cost = train_bill_cheapest(&at.bill)};
	}
	return out->cards > 0;
}

/* The fewest days among jobs within same_spend of the cheapest (ties:
 * the fewer cards, found first). */
static int fastest_at_spend(const struct train_tier *jobs, int n, double same_spend)
{
	double cheapest = jobs[0].cost;
	int best = 0;
	for (int i = 1; i < n; i++)
		cheapest = fmin(cheapest, jobs[i].cost);
	for (int i = 0; i < n; i++)
		if (jobs[i].cost <= cheapest * (1 + same_spend) &&
		    (jobs[best].cost > cheapest * (1 + same_spend) ||
		     jobs[i].at.days < jobs[best].at.days))
			best = i;
	return best;
}

bool training_solve_cheapest(const struct train_search *s, double same_spend,
			     struct train_tier *out)
{
	const struct train_constants *k = train_constants_of(s->k);
	int counts[TRAIN_MAX_COUNTS], n = train_card_counts(s, counts, TRAIN_MAX_COUNTS), found = 0;
	static struct train_tier jobs[TRAIN_MAX_COUNTS]; /* large; one search at a time */
	double cheapest = -1;
	*out = (struct train_tier){.cost = -1, .way = RENT_NONE};
	for (int i = 0; i < n; i++) {
		int g = counts[i];
		struct train_point at;
		if (found && machines_past(s, g, k->cards_per_machine, cheapest * (1 + same_spend)))
			break;
		if (!s->days(s->ctx, g, &at) || at.bill.cheapest == RENT_NONE)
			continue;
		jobs[found] = (struct train_tier){.cards = g, .at = at, .way = at.bill.cheapest,
						  .cost = train_bill_cheapest(&at.bill)};
		if (!found || jobs[found].cost < cheapest)
			cheapest = jobs[found].cost;
		found++;
	}
	if (found)
		*out = jobs[fastest_at_spend(jobs, found, same_spend)];
	return found > 0;
}
