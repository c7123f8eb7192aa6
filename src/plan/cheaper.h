/* The cheaper way to rent a plan and what it costs a month, and the
 * cheapest plan of an analysis: rules the planner and every report share. */
#ifndef GPUPLAN_CHEAPER_H
#define GPUPLAN_CHEAPER_H

#include "analysis.h"

/* The cheaper way to rent the plan: the one offered when only one is,
 * the container on a tie; CHEAPER_NONE when neither is offered or the
 * plan does not fit (a --cards count too small). */
enum cheaper plan_cheaper_way(const struct plan *p);
/* &p->container or &p->baremetal for that way, or NULL. */
const struct rent *plan_cheaper_rent(const struct plan *p);
/* What renting the plan costs per month the cheaper way: the smaller of
 * the available totals, or -1 when neither way is offered or it does not fit. */
double plan_monthly(const struct plan *p);

/* The currency of the plan's headline prices: the cheaper way's, else the
 * container's, else the bare metal's ("CNY" when it has none). */
const char *plan_currency(const struct plan *p);

/* The currency of one way to rent the plan (r is &p->container or
 * &p->baremetal): its own offer's, since the two ways may be quoted in two
 * currencies; plan_currency when that way has no offer. */
const char *rent_currency(const struct plan *p, const struct rent *r);

/* The cheaper way's cost per million output tokens of t (&p->throughput
 * or &p->throughput_at_max), in plan_currency; < 0: none. One tokens
 * count divides both monthly totals, so the cheaper total is the cheaper
 * per million. Without a cheaper way (two currencies, which no rate
 * compares) the container's, the way plan_currency names: never the
 * smaller number of ¥ and $. */
double plan_per_million(const struct plan *p, const struct throughput *t);

/* The plan with the lowest monthly total, the first on a tie; NULL when
 * none fits at a price. Totals in two currencies are never compared: the
 * plans priced in CNY compete when there are any, else those in the first
 * priced plan's currency. */
const struct plan *plan_cheapest(const struct analysis *a);

/* The plan for the same GPU type (by id) in another analysis, or NULL. */
const struct plan *plan_for_same_gpu(const struct analysis *a, const struct plan *p);

#endif
