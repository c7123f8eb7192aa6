/* Capacity limits: the longest context and the most concurrent sequences
 * that fit on a given number of cards, everything else as set. These are
 * the points where the card count steps up. */
#ifndef GPUPLAN_CAPACITY_H
#define GPUPLAN_CAPACITY_H

#include "catalog.h"
#include "estimate.h"
#include "scenario.h"

#define LIMIT_CARD_COUNTS 4 /* 1, 2, 4 and 8 cards */

struct card_limit {
	int cards;
	long long max_context;     /* tokens at the scenario's concurrency; 0: none fits */
	bool context_capped;       /* max_context is the model's own window: memory holds more */
	long long max_concurrency; /* sequences at the scenario's context; 0: none fits */
};

extern const int limit_card_counts[LIMIT_CARD_COUNTS];

/* Fills out[LIMIT_CARD_COUNTS] for one GPU type. Returns false when the
 * scenario cannot be computed at all (an int4 full fine-tune). */
bool limits_for_gpu(const struct catalog *c, const struct scenario *sc, const struct gpu *g,
		    struct card_limit *out);

#endif
