#include "offer_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idset.h"

/* Everything the order depends on packed in two integers: 10^6 offers
 * sort with no strcmp and no pointer chase per compare, in 16 bytes each.
 * high: the GPU and the kind (GPU << 1 | kind); low: the region rank and
 * the date inverted (27 bits: YYYYMMDD < 2^27) so the newest comes first.
 * Rows keep their file order on a tie (idx follows the lines). The GPU
 * had 12 bits of one integer once: 4096 GPU types failed as "out of
 * memory"; now the limits are the 32-bit index (offer_index_max). */
#define DATE_BITS 27

struct sort_key {
	uint64_t low;  /* region rank << DATE_BITS | inverted date */
	uint32_t high; /* GPU << 1 | kind */
	uint32_t idx;  /* the offer's row; first the region rank, then fill_keys packs it */
};

static int key_cmp(const void *a, const void *b)
{
	const struct sort_key *x = a, *y = b;
	if (x->high != y->high)
		return x->high < y->high ? -1 : 1;
	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

size_t offer_index_max(void)
{
	return UINT32_MAX >> 1; /* the GPU index in high, beside the kind bit */
}

/* Whether the fields can hold this catalogue: GPU index and offer row in
 * 32 bits (regions are at most the offers, rank < 2^37). */
bool offer_index_fits(const struct catalog *c)
{
	return c->ngpus <= offer_index_max() && c->noffers <= offer_index_max();
}

static int text_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Ranks every region in strcmp order (the order pricing has always read
 * them in, so ties between regions resolve as before). The distinct
 * regions are few: the set grows with them, not with the offers. */
static bool rank_regions(const struct catalog *c, struct sort_key *keys)
{
	struct idset seen;
	const char **names = NULL;
	size_t n = 0, cap = 0;
	bool ok = idset_init(&seen, 8, false);
	for (size_t i = 0; ok && i < c->noffers; i++) {
		const char *region = c->offers[i].region;
		if (idset_find(&seen, region) >= 0)
			continue;
		if (n == cap) {
			const char **p = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *p);
			ok = p != NULL;
			names = p ? p : names;
		}
		if (ok) {
			names[n++] = region;
			ok = idset_add(&seen, region, 0) == 0 && seen.keys;
		}
	}
	if (ok && n) { /* no offers: no names, and qsort must not see NULL */
		qsort(names, n, sizeof *names, text_cmp);
		for (size_t r = 0; r < n; r++)
			idset_set(&seen, names[r], (unsigned)r);
		for (size_t i = 0; i < c->noffers; i++)
			keys[i].idx = (uint32_t)idset_find(&seen, c->offers[i].region);
	}
	free(names);
	idset_free(&seen);
	return ok;
}

static void fill_keys(const struct catalog *c, struct sort_key *keys)
{
	const uint64_t newest = (1u << DATE_BITS) - 1;
	for (size_t i = 0; i < c->noffers; i++) {
		const struct offer *o = &c->offers[i];
		uint64_t region = keys[i].idx; /* rank_regions left it here */
		keys[i].high = (uint32_t)o->gpu << 1 | (uint32_t)(o->kind != 0);
		keys[i].low = region << DATE_BITS | (newest - (uint64_t)o->collected);
		keys[i].idx = (uint32_t)i;
	}
}

/* Rows [from, i) of offer_order become one more group of their GPU. */
static bool group_add(struct catalog *c, size_t *cap, size_t from, size_t to)
{
	if (c->noffer_groups == *cap) {
		size_t n = *cap ? 2 * *cap : 64;
		struct offer_group *p = realloc(c->offer_groups, n * sizeof *p);
		if (!p)
			return false;
		c->offer_groups = p, *cap = n;
	}
	struct offer_group g = {.from = from, .to = to, .monthly = to, .hourly = to};
	for (size_t i = from; i < to && (g.monthly == to || g.hourly == to); i++) {
		const struct offer *o = &c->offers[c->offer_order[i]];
		if (g.monthly == to && o->monthly >= 0)
			g.monthly = i;
		if (g.hourly == to && o->hourly >= 0)
			g.hourly = i;
	}
	struct gpu *gpu = &c->gpus[c->offers[c->offer_order[from]].gpu];
	if (gpu->ngroups++ == 0)
		gpu->first_group = c->noffer_groups;
	c->offer_groups[c->noffer_groups++] = g;
	return true;
}

/* Whether two sorted keys share their GPU, kind and region (not the date). */
static bool same_group(const struct sort_key *a, const struct sort_key *b)
{
	return a->high == b->high && a->low >> DATE_BITS == b->low >> DATE_BITS;
}

/* The sorted keys' GPU, kind and region change where a group ends. */
static bool build_groups(struct catalog *c, const struct sort_key *keys, size_t n)
{
	size_t cap = 0, from = 0;
	for (size_t i = 1; i <= n; i++)
		if (i == n || !same_group(&keys[i], &keys[from])) {
			if (!group_add(c, &cap, from, i))
				return false;
			from = i;
		}
	return true;
}

bool offer_index_build(struct catalog *c)
{
	size_t n = c->noffers;
	struct sort_key *keys = malloc((n ? n : 1) * sizeof *keys);
	c->offer_order = malloc((n ? n : 1) * sizeof *c->offer_order);
	if (!keys || !c->offer_order || !offer_index_fits(c) || !rank_regions(c, keys)) {
		free(keys);
		return false;
	}
	fill_keys(c, keys);
	qsort(keys, n, sizeof *keys, key_cmp);
	for (size_t i = 0; i < n; i++) {
		const struct offer *o = &c->offers[keys[i].idx];
		struct gpu *g = &c->gpus[o->gpu];
		c->offer_order[i] = keys[i].idx;
		if (g->noffers++ == 0)
			g->first_offer = i;
		if (o->collected > c->newest_date)
			c->newest_date = o->collected;
	}
	bool ok = build_groups(c, keys, n);
	free(keys);
	return ok;
}

/* One empty field filled from an earlier quote q. */
static void inherit_from(const struct offer *q, struct offer_network *out)
{
	bool took = false;
	if (!out->network[0] && q->network[0]) {
		out->network = q->network;
		took = true;
	}
	if (out->inter_node == NET_UNKNOWN && q->inter_node != NET_UNKNOWN) {
		out->inter_node = q->inter_node;
		took = true;
	}
	if (out->inter_node_gbs < 0 && q->inter_node_gbs >= 0) {
		out->inter_node_gbs = q->inter_node_gbs;
		took = true;
	}
	if (took && !out->inherited) {
		out->inherited = true;
		out->inherited_from = q->collected;
	}
}

static bool same_region(const struct offer *a, const struct offer *b)
{
	return a->kind == b->kind && strcmp(a->region, b->region) == 0;
}

void offer_network_of(const struct catalog *c, const struct offer *o, struct offer_network *out)
{
	const struct gpu *g = &c->gpus[o->gpu];
	*out = (struct offer_network){.network = o->network ? o->network : "",
				      .inter_node = o->inter_node,
				      .inter_node_gbs = o->inter_node_gbs};
	for (size_t k = g->first_group; k < g->first_group + g->ngroups; k++) {
		const struct offer_group *group = &c->offer_groups[k];
		if (!same_region(&c->offers[c->offer_order[group->from]], o))
			continue;
		for (size_t i = group->from; i < group->to; i++) {
			const struct offer *q = &c->offers[c->offer_order[i]]; /* newest first */
			if (q != o && q->collected <= o->collected)
				inherit_from(q, out);
		}
		return; /* one group per GPU, kind and region */
	}
}
