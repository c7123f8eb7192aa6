#include "batch_max.h"

#include "tables.h"

/* A sequence's KV bytes on one card bound the batch from above: the
 * other terms only take room. Keeps the binary search short. Under
 * DP-attention (SERVING.md §6) a card holds the replicated body, its
 * share of the experts and the latent cache of its own ceil(B/G)
 * sequences only: the group of G cards holds G times what one card does. */
static long long kv_bound(const struct workload *w, double usable, const struct layout *l)
{
	double split = l->t < w->kv_split_max ? l->t : w->kv_split_max;
	double stages = stage_divisor(w->m, l->p);
	double weights = w->frozen_weights / (l->t * stages), per_card = 1;
	if (l->dpa) {
		struct scenario s = *w->sc;
		struct workload probe = *w;
		struct mem_terms mem;
		s.concurrency = 0;
		probe.sc = &s;
		workload_per_card(&probe, l, &mem);
		weights = mem.weights, split = 1, per_card = l->t;
	}
	double room = usable - weights - w->overhead;
	double per_seq = w->kv_per_seq / (split * stages);
	if (room <= 0)
		return 0;
	double b = per_seq > 0 ? per_card * (room / per_seq + 1) : (double)MAX_CONCURRENCY;
	return b < (double)MAX_CONCURRENCY ? (long long)b : MAX_CONCURRENCY;
}

/* Memory grows with the batch, so a binary search finds the limit, as
 * capacity.c's largest_fitting does for the --limits table. */
long long batch_max(const struct workload *w, const struct gpu *g, const struct layout *l)
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
