/* Sentences and cells about a plan that more than one front end prints:
 * how a way of renting adds up, the memory terms, the plan's shape, and
 * a row comparing two plans. */
#ifndef GPUPLAN_PLAN_TEXT_H
#define GPUPLAN_PLAN_TEXT_H

#include <stddef.h>

#include "plan.h"
#include "units.h"

/* How a way of renting adds up, for the surface st:
 *   report "container: 3 × ¥2,577 = ¥7,731/month, ¥3.58/h = ¥2,613/month (max 4 cards, 2026-10-12)"
 *   screen "container 3 × ¥2,577 = ¥7,731/month · max 4 cards · 2026-10-12"
 *   quote  Markdown cells "container | 湖北一区 | ¥2,577 per card | 2026-10-12 | — | source"
 * r is &p->container or &p->baremetal; its label comes from the figures
 * table's group. The quote's is "" when r has no offer. */
void rent_describe(char *buf, size_t cap, const struct plan *p, const struct rent *r,
		   const struct style *st);

/* "weights 8.46 + KV 0.12 + … + overhead 1.00": the terms first..last-1
 * in GiB (units.h) with their names (mem_term_name), joined by sep;
 * held_only leaves out the terms that hold nothing but the weights (the
 * screen: gradients and optimizer states are 0 for inference). Returns
 * the length written. */
int plan_terms_text(char *buf, size_t cap, const struct mem_terms *m, const char *sep,
		    enum mem_term first, enum mem_term last, bool held_only);

/* One GPU type under scenario A and scenario B. Either plan may be
 * missing (NULL) when the other analysis has no such GPU type. */
struct compare_row {
	const struct plan *a, *b;
	const struct gpu *gpu;
	int cards_a, cards_b;           /* 0 when missing */
	char strategy_a[64], strategy_b[64]; /* plan_strategy_text; "—" when missing */
	double monthly_a, monthly_b;    /* the cheaper way to rent; -1: none */
	char money_a[24], money_b[24];  /* "7731" or "—" */
	char delta[24];                 /* "+1200" or "—" */
};

/* The plan's shape as a short code that a table never needs to cut:
 * "single", "TP4", "PP3", "TP2×PP5 2m" (2 machines), "Z3×18 3m" (ZeRO-3
 * data parallel over 18 cards), "TP2×DP4"; "+rc" when activations are
 * recomputed. A plan without cards is "none". The codes are notation and
 * stay in every language, "2m" and "+rc" too (their Chinese would be
 * wider); only the words that fit translate: "单卡", "无". */
void plan_shape_code(char *buf, size_t cap, const struct plan *p);
/* The shape in words, for a title: plan_strategy_text, "+recompute"
 * added when the plan recomputes and the strategy does not say so. In
 * Chinese "张量并行 TP4 +重计算". */
void plan_shape_words(char *buf, size_t cap, const struct plan *p);

/* The plan's strategy for people, in the current language: in English
 * p->strategy itself ("TP4", "ZeRO-3 ×18 multi-node", "does not fit"), the
 * value JSON and CSV keep; in Chinese the layout in words ("张量并行 TP4",
 * "流水线并行 PP3", "ZeRO-3 数据并行 ×9", "单卡", "TP2×PP5 多机",
 * "放不下"). Call it where the text is shown, never keep the result. */
void plan_strategy_text(char *buf, size_t cap, const struct plan *p);
/* The same for an alternative shape (its a->strategy in English). */
void alternative_strategy_text(char *buf, size_t cap, const struct alternative *a);

void compare_row_fill(struct compare_row *r, const struct plan *a, const struct plan *b);
/* B's monthly cost minus A's; false when either has none. */
bool compare_row_delta(const struct compare_row *r, double *delta);

/* Whether the plan's time figures are an estimate row's ("~", ±50 %):
 * efficiencies that are estimates, not measured or published. */
bool plan_time_estimate(const struct plan *p);

#endif
