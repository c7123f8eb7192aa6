/* A figure's value as its getter reads it, and the getters' kinds: the
 * figures table (figures.h) and its getters (figures_get.h) both need
 * them, neither the other's header. */
#ifndef GPUPLAN_FIGURE_VALUE_H
#define GPUPLAN_FIGURE_VALUE_H

#include <stdbool.h>

#include "plan.h"

/* One value; the member that holds it follows the kind. */
struct figure_value {
	double number; /* NUMBER and INT; DATE as yyyymmdd */
	bool flag;     /* BOOL */
	const char *text; /* STRING */
	const struct message *message; /* MESSAGE */
	char buf[256];    /* text rendered for this value, when text points here */
};

/* How a row reads its value: one named getter (figures_get.c), given
 * what the row's group describes: the plan, its way of renting, its time
 * model, its training estimate, one way to pay for the job, a memory
 * term, or a list's item. False when the figure does not apply (JSON
 * null, an empty CSV cell). */
typedef bool figure_plan_fn(const struct plan *p, struct figure_value *v);
typedef bool figure_rent_fn(const struct plan *p, const struct rent *r, struct figure_value *v);
typedef bool figure_time_fn(const struct throughput *t, struct figure_value *v);
typedef bool figure_train_fn(const struct training_estimate *t, struct figure_value *v);
typedef bool figure_way_fn(const struct training_estimate *t, enum train_rent w,
			   struct figure_value *v);
typedef bool figure_term_fn(const struct plan *p, enum mem_term t, struct figure_value *v);
typedef bool figure_item_fn(const struct plan *p, int i, struct figure_value *v);

#endif
