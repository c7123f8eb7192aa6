/* The catalogue once loaded (loader.c loads it): its file names, freeing
 * it, and lookups every layer above uses. */
#include "catalog.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csvtab.h"

const char *const catalog_file_names[3] = {"models/models.csv", "prices/gpus.csv",
					   "prices/offers.csv"};

void catalog_free(struct catalog *c)
{
	free(c->models);
	free(c->gpus);
	free(c->offers);
	free(c->offer_order);
	free(c->offer_groups);
	free(c->gpu_currencies);
	for (int f = 0; f < 3; f++)
		csvtab_free(&c->tables[f]);
	strpool_free(&c->offer_texts);
	*c = (struct catalog){0};
}

int catalog_find_gpu(const struct catalog *c, const char *id)
{
	for (size_t i = 0; i < c->ngpus; i++)
		if (strcasecmp(c->gpus[i].id, id) == 0)
			return (int)i;
	return -1;
}

const char *gpu_short_name(const struct gpu *g)
{
	size_t n = strlen(g->vendor);
	if (n && strncmp(g->name, g->vendor, n) == 0 && g->name[n] == ' ')
		return g->name + n + 1;
	return g->name;
}
