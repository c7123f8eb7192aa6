/* Two scenarios side by side, per GPU type: cards, plan and monthly cost
 * of each, and the difference. */
#ifndef GPUPLAN_COMPARE_H
#define GPUPLAN_COMPARE_H

#include "analysis.h"
#include "cheaper.h"

/* Its name as the reports write it, in the current language: "container",
 * "bare metal" or "—" (容器实例, 裸金属整机). */
const char *plan_cheaper_label(const struct plan *p);

/* "-c 128k -p int4" -> argv-style words (plain spaces, single or double
 * quotes). Returns the count, or -1 when there are too many or a quote is
 * left open. Words point into buf. */
int split_words(char *buf, char **words, int max);

/* --compare takes the scenario settings and --data DIR: the rest
 * (--format, --gpu, --print...) belong to the whole run. False, with the
 * first other option word in bad ("--format"), when words hold one. */
bool compare_words_check(char *const *words, int n, char *bad, size_t cap);

#endif
