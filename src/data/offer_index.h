/* The offers grouped for pricing: by GPU, kind and region, newest first
 * (catalog.offer_order, gpu.first_offer/noffers, catalog.newest_date), and
 * the groups pricing reads (catalog.offer_groups, gpu.first_group/ngroups). */
#ifndef GPUPLAN_OFFER_INDEX_H
#define GPUPLAN_OFFER_INDEX_H

#include <stdbool.h>

#include "catalog.h"

/* The most GPU types, and the most offers, the index can hold (2^31 - 1:
 * far past what memory holds). */
size_t offer_index_max(void);
/* Whether c is within offer_index_max. */
bool offer_index_fits(const struct catalog *c);

/* False when out of memory or past offer_index_max (offer_index_fits
 * tells which). */
bool offer_index_build(struct catalog *c);

/* The network between an offer's machines (TRAINING.md §8): its own
 * fields, each empty one (network, inter_node, inter_node_gbs) from the
 * latest earlier quote of the same GPU, kind and region that gives it: a
 * region's network does not change with its price. Needs the index. */
struct offer_network {
	const char *network; /* as the offer words it; "" when no quote does */
	int inter_node;      /* enum inter_node */
	double inter_node_gbs; /* < 0: not given */
	bool inherited;      /* some field came from an earlier quote */
	int inherited_from;  /* YYYYMMDD of the latest quote that gave one */
};
void offer_network_of(const struct catalog *c, const struct offer *o, struct offer_network *out);

#endif
