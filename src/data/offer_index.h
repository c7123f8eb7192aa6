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

#endif
