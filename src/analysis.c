#include "analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool filter_has(const char *filter, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = filter; *p;) {
		size_t len = strcspn(p, ",");
		if (len == n && strncasecmp(p, id, n) == 0)
			return true;
		p += len + (p[len] == ',');
	}
	return false;
}

bool gpu_filter_valid(const struct catalog *c, const char *filter, char *err, size_t errlen)
{
	for (const char *p = filter; *p;) {
		size_t len = strcspn(p, ",");
		char id[128];
		snprintf(id, sizeof id, "%.*s", (int)(len < 127 ? len : 127), p);
		if (catalog_find_gpu(c, id) < 0) {
			snprintf(err, errlen, "unknown GPU id \"%s\" (see --list-gpus)", id);
			return false;
		}
		p += len + (p[len] == ',');
	}
	return true;
}

bool analysis_run(struct analysis *a, const struct catalog *c, const struct scenario *sc,
		  const char *gpu_filter)
{
	a->catalog = c;
	scenario_copy(&a->sc, sc);
	a->nplans = 0;
	a->nnotes = 0;
	a->ok = workload_init(&a->w, &a->sc);
	if (!a->ok) {
		snprintf(a->error, sizeof a->error, "%s", a->w.error);
		return false;
	}
	workload_per_card(&a->w, &(struct layout){1, 1, 1, 0, false}, &a->totals);
	a->nnotes = scenario_notes(&a->w, a->notes, SCENARIO_NOTES);
	if (a->cap < c->ngpus) {
		struct plan *p = realloc(a->plans, c->ngpus * sizeof *p);
		if (!p) {
			snprintf(a->error, sizeof a->error, "out of memory");
			return a->ok = false;
		}
		a->plans = p, a->cap = c->ngpus;
	}
	for (size_t i = 0; i < c->ngpus; i++)
		if (!gpu_filter || filter_has(gpu_filter, c->gpus[i].id))
			plan_for_gpu(&a->w, c, &c->gpus[i], &a->plans[a->nplans++]);
	return true;
}

void analysis_free(struct analysis *a)
{
	free(a->plans);
	*a = (struct analysis){0};
}
