#include "capacity.h"

#include "plan.h"

const int limit_card_counts[LIMIT_CARD_COUNTS] = {1, 2, 4, 8};

static bool fits(const struct catalog *c, const struct scenario *sc, const struct gpu *g)
{
	struct workload w;
	struct plan p;
	if (!workload_init(&w, sc))
		return false;
	plan_for_gpu(&w, c, g, &p);
	return p.fits && !p.queued; /* holding them all, not queueing some */
}

/* The largest value in [1, max] for which the plan still fits; memory only
 * grows with context and concurrency, so a binary search finds it. */
static long long largest_fitting(const struct catalog *c, struct scenario *sc,
				 const struct gpu *g, long long *field, long long max)
{
	long long lo = 0, hi = max;
	while (lo < hi) {
		long long mid = lo + (hi - lo + 1) / 2;
		*field = mid;
		if (fits(c, sc, g))
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

bool limits_for_gpu(const struct catalog *c, const struct scenario *sc, const struct gpu *g,
		    struct card_limit *out)
{
	struct workload probe;
	if (!workload_init(&probe, sc))
		return false;
	for (int i = 0; i < LIMIT_CARD_COUNTS; i++) {
		struct scenario s;
		scenario_copy(&s, sc);
		s.cards = limit_card_counts[i];
		out[i].cards = s.cards;
		out[i].max_context = largest_fitting(c, &s, g, &s.context, MAX_CONTEXT_TOKENS);
		scenario_copy(&s, sc);
		s.cards = limit_card_counts[i];
		out[i].max_concurrency = largest_fitting(c, &s, g, &s.concurrency, MAX_CONCURRENCY);
	}
	return true;
}

/* A sequence's KV bytes on one card bound the batch from above: the
 * other terms only take room. Keeps the binary search short. */
static long long kv_bound(const struct workload *w, double usable, const struct layout *l)
{
	double split = l->t < w->kv_split_max ? l->t : w->kv_split_max;
	double stages = stage_divisor(w->m, l->p);
	double room = usable - w->frozen_weights / (l->t * stages) - w->overhead;
	double per_seq = w->kv_per_seq / (split * stages);
	if (room <= 0)
		return 0;
	double b = per_seq > 0 ? room / per_seq + 1 : (double)MAX_CONCURRENCY;
	return b < (double)MAX_CONCURRENCY ? (long long)b : MAX_CONCURRENCY;
}

/* Memory grows with the batch, so a binary search finds the limit, as
 * largest_fitting does for the --limits table. */
long long capacity_max_concurrency(const struct workload *w, const struct gpu *g,
				   const struct layout *l)
{
	struct layout one = *l;
	struct scenario s = *w->sc;
	struct workload probe = *w;
	struct mem_terms mem;
	double usable = g->memory_mib * MIB / (1 + w->sc->headroom_pct / 100);
	one.d = 1;
	probe.sc = &s;
	long long lo = 0, hi = kv_bound(w, usable, &one);
	while (lo < hi) {
		long long mid = lo + (hi - lo + 1) / 2;
		s.concurrency = mid;
		workload_per_card(&probe, &one, &mem);
		if (mem_sum(&mem) <= usable)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}
