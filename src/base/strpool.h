/* One copy of each distinct string: 10^6 offers name a handful of GPUs,
 * regions and sources, so they point at shared copies and the table they
 * were read from can be freed once they are loaded. */
#ifndef GPUPLAN_STRPOOL_H
#define GPUPLAN_STRPOOL_H

#include "idset.h"

struct strpool_block;

struct strpool {
	struct idset set; /* keys point into the blocks */
	struct strpool_block *blocks;
};

/* An empty pool (no memory until the first string). */
void strpool_init(struct strpool *p);
void strpool_free(struct strpool *p);

/* The pool's copy of s, made on first use; NULL when out of memory. The
 * copy lives until strpool_free. */
const char *strpool_intern(struct strpool *p, const char *s);

#endif
