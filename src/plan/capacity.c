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
	/* no longer than the model reads: past its window the memory is not
	 * the limit (1,115,612 tokens of Llama-3.1-8B on 8 × 4090, whose
	 * window is 131,072) */
	long long window = probe.m->max_context > 0 ? probe.m->max_context : MAX_CONTEXT_TOKENS;
	long long longest = window < MAX_CONTEXT_TOKENS ? window : MAX_CONTEXT_TOKENS;
	for (int i = 0; i < LIMIT_CARD_COUNTS; i++) {
		struct scenario s;
		scenario_copy(&s, sc);
		s.cards = limit_card_counts[i];
		out[i].cards = s.cards;
		out[i].max_context = largest_fitting(c, &s, g, &s.context, longest);
		out[i].context_capped = longest < MAX_CONTEXT_TOKENS && out[i].max_context == longest;
		scenario_copy(&s, sc);
		s.cards = limit_card_counts[i];
		out[i].max_concurrency = largest_fitting(c, &s, g, &s.concurrency, MAX_CONCURRENCY);
	}
	return true;
}
