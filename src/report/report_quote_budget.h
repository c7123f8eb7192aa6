/* The quote's budget line (report_quote_budget.c): what --budget buys,
 * under the conclusion: the fastest plan a month within it, or for a
 * training task the fastest job; or that nothing is within it. */
#ifndef GPUPLAN_REPORT_QUOTE_BUDGET_H
#define GPUPLAN_REPORT_QUOTE_BUDGET_H

#include <stdio.h>

#include "analysis.h"

/* Nothing without --budget. */
void quote_budget_line(FILE *out, const struct analysis *a);

#endif
