#include "cheaper.h"

#include <string.h>

/* The way pricing chose (plan_price: the only one offered, else the
 * cheaper, a tie to the container, none across currencies). */
enum cheaper plan_cheaper_way(const struct plan *p)
{
	return p->cheaper;
}

const struct rent *plan_cheaper_rent(const struct plan *p)
{
	switch (plan_cheaper_way(p)) {
	case CHEAPER_CONTAINER:
		return &p->container;
	case CHEAPER_BAREMETAL:
		return &p->baremetal;
	default:
		return NULL;
	}
}

double plan_monthly(const struct plan *p)
{
	const struct rent *r = plan_cheaper_rent(p);
	return r ? r->total : -1;
}

const char *plan_currency(const struct plan *p)
{
	const struct rent *r = plan_cheaper_rent(p);
	if (r && r->offer)
		return r->offer->currency;
	if (p->container.offer)
		return p->container.offer->currency;
	return p->baremetal.offer ? p->baremetal.offer->currency : "CNY";
}

const char *rent_currency(const struct plan *p, const struct rent *r)
{
	return r->offer ? r->offer->currency : plan_currency(p);
}

double plan_per_million(const struct plan *p, const struct throughput *t)
{
	double c = t->per_million_output.container, b = t->per_million_output.baremetal;
	if (p->cheaper == CHEAPER_BAREMETAL && b >= 0)
		return b;
	return c >= 0 ? c : b;
}

/* The currency the cheapest is sought in: CNY when a priced plan uses it
 * (the bundled data's), else the first priced plan's. */
static const char *cheapest_currency(const struct analysis *a)
{
	const char *first = NULL;
	for (size_t i = 0; i < a->nplans; i++) {
		if (plan_monthly(&a->plans[i]) < 0)
			continue;
		const char *cur = plan_currency(&a->plans[i]);
		if (strcmp(cur, "CNY") == 0)
			return cur;
		first = first ? first : cur;
	}
	return first;
}

const struct plan *plan_cheapest(const struct analysis *a)
{
	const struct plan *best = NULL;
	const char *currency = cheapest_currency(a);
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *q = &a->plans[i];
		double m = plan_monthly(q);
		if (m < 0 || strcmp(plan_currency(q), currency) != 0)
			continue;
		/* a row short of the goals is the best it can do, not a headline,
		 * unless every row is */
		if (!best || (best->short_of_goals && !q->short_of_goals) ||
		    (best->short_of_goals == q->short_of_goals && m < plan_monthly(best)))
			best = q;
	}
	return best;
}

/* By id, not by pointer: the other analysis may use another catalogue
 * (--compare "--data DIR"). */
const struct plan *plan_for_same_gpu(const struct analysis *a, const struct plan *p)
{
	for (size_t i = 0; i < a->nplans; i++)
		if (a->plans[i].gpu == p->gpu || strcmp(a->plans[i].gpu->id, p->gpu->id) == 0)
			return &a->plans[i];
	return NULL;
}
