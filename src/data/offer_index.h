/* The offers grouped for pricing: by GPU, kind and region, newest first
 * (catalog.offer_order, gpu.first_offer/noffers, catalog.newest_date). */
#ifndef GPUPLAN_OFFER_INDEX_H
#define GPUPLAN_OFFER_INDEX_H

#include <stdbool.h>

#include "catalog.h"

/* False when out of memory. */
bool offer_index_build(struct catalog *c);

#endif
