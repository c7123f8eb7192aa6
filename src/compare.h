/* Two scenarios side by side, per GPU type: cards, plan and monthly cost
 * of each, and the difference. */
#ifndef GPUPLAN_COMPARE_H
#define GPUPLAN_COMPARE_H

#include "analysis.h"

/* What renting the plan costs per month the cheaper way: the smaller of
 * the available totals, or -1 when neither way is offered or it does not fit. */
double plan_monthly(const struct plan *p);

/* The plan for the same GPU type in another analysis, or NULL. */
const struct plan *plan_for_same_gpu(const struct analysis *a, const struct plan *p);

/* "-c 128k -p int4" -> argv-style words (plain spaces, single or double
 * quotes). Returns the count, or -1 when there are too many or a quote is
 * left open. Words point into buf. */
int split_words(char *buf, char **words, int max);

#endif
