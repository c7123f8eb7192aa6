/* The quote's plans in the order the screen shows them, and its time
 * sections (report_quote_time.c): the lines are report_time.c's and
 * train_text.c's, as Markdown rows. */
#ifndef GPUPLAN_REPORT_QUOTE_TIME_H
#define GPUPLAN_REPORT_QUOTE_TIME_H

#include <stddef.h>
#include <stdio.h>

#include "analysis.h"

/* The plans in the order a quote shows them: order[i] indexes a->plans,
 * or the catalogue's order when order is NULL. */
struct quote_order {
	const size_t *order;
	size_t n;
};
size_t quote_order_count(const struct analysis *a, const struct quote_order *o);
/* The i-th plan shown, or NULL. */
const struct plan *quote_order_plan(const struct analysis *a, const struct quote_order *o,
				    size_t i);

/* ", ~24 tok/s (±30 %)" or ", ~3.21 days (±25 %)" after the conclusion. */
void quote_speed_suffix(char *buf, size_t cap, const struct plan *p);
/* The "Speed and cost per token" or "Time and cost" section, plans in
 * the order o. */
void quote_time_sections(FILE *out, const struct analysis *a, const struct quote_order *o);
/* The assumptions the speed depends on, each line after 'who' ("", "A: "). */
void quote_time_assumptions(FILE *out, const struct analysis *a, const char *who);

#endif
