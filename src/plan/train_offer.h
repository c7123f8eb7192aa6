/* Inside src/plan: training's offers and the evaluator at G cards
 * (train_offer.c), used by plan_train.c. */
#ifndef GPUPLAN_TRAIN_OFFER_H
#define GPUPLAN_TRAIN_OFFER_H

#include <stdbool.h>

#include "plan.h"

struct train_eval {
	const struct workload *w;
	struct train_space space;
	struct training_estimate *t; /* its offers */
	const struct usl_fit *fit;   /* --measured */
	struct train_search search;
	/* what the last call found, beside its point */
	struct train_best best;
	enum train_net_why why;
};

/* The GPU's regions of each kind, with their networks, into t->offers. */
void train_offers_collect(const struct catalog *c, const struct workload *w,
			  const struct gpu *g, struct training_estimate *t);
bool train_offer_is_container(const struct train_offer *o);

/* The evaluator for the plan p (its offers collected), with its search:
 * min_cards p's cards, the deadline, the containers' reach and the least
 * machine price. fit: --measured, or NULL. */
void train_eval_init(struct train_eval *e, const struct workload *w, struct plan *p,
		     const struct usl_fit *fit);
/* train_days_fn: the job at G cards; e->best and e->why say how. */
bool train_eval_at(void *ctx, int cards, struct train_point *out);
/* The same on shapes already collected. */
bool train_eval_cards(struct train_eval *e, struct train_candidates *c, struct train_point *out);
/* The job on offer oi (-1: none offered) with its own best shape. */
bool train_job_on(struct train_eval *e, struct train_candidates *c, int oi,
		  struct train_best *best, struct train_point *pt);

#endif
