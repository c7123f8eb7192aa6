/* The offers grouped for pricing: by GPU, kind and region, newest first
 * (catalog.offer_order, gpu.first_offer/noffers, catalog.newest_date), and
 * the groups pricing reads (catalog.offer_groups, gpu.first_group/ngroups). */
#ifndef GPUPLAN_OFFER_INDEX_H
#define GPUPLAN_OFFER_INDEX_H

#include <stdbool.h>

#include "catalog.h"

/* False when out of memory. */
bool offer_index_build(struct catalog *c);

#endif
