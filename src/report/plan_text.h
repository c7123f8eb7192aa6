/* Sentences and cells about a plan that more than one front end prints:
 * how a way of renting adds up, and a row comparing two plans. */
#ifndef GPUPLAN_PLAN_TEXT_H
#define GPUPLAN_PLAN_TEXT_H

#include <stddef.h>

#include "money.h"
#include "plan.h"

enum rent_style {
	RENT_REPORT, /* "container: 3 × 2577 = 7731/month, 3.58/h = 2613/month (max 4 cards, 2026-10-12)" */
	RENT_SCREEN, /* "container 3 × 2577 = 7731/month · max 4 cards · 2026-10-12" */
	RENT_QUOTE   /* Markdown cells: "container | 湖北一区 | 2577 per card | 2026-10-12 | — | source" */
};

/* r is &p->container or &p->baremetal; its label comes from the figures
 * table's group. RENT_QUOTE writes "" when r has no offer. */
void rent_describe(char *buf, size_t cap, const struct plan *p, const struct rent *r,
		   enum rent_style style);

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

/* The GPU table's time cells. Inference: output tokens/s at the
 * concurrency ("1,234", "10.6" below 100) and the cost per million output tokens the cheaper
 * way ("¥0.27"); training with --train-tokens: days and the job's total at
 * the cheapest billing (MONEY_ASCII: the digits alone, as the table's
 * other amounts on a plain terminal). estimate: the row's band is the wide one (±50 %),
 * shown as a "~" before both figures. False (cells "") when the plan has
 * no time figures. */
struct time_cells {
	char speed[40], cost[40];
	bool training, estimate;
};
bool plan_time_cells(const struct plan *p, enum money_style ms, struct time_cells *out);
/* Whether the plan's time figures are an estimate row's ("~", ±50 %):
 * efficiencies that are estimates, not measured or published. */
bool plan_time_estimate(const struct plan *p);
/* An amount in a table cell: with its sign in UTF-8; a plain terminal's
 * cells carry the digits alone ("CNY " on each would push numbers off an
 * 80-column table; the header names the currency). */
void table_money(char *buf, size_t cap, double amount, const char *currency, int decimals,
		 enum money_style ms);
/* The same abbreviated ("KRW 123M"), for columns too narrow for it whole. */
void table_money_short(char *buf, size_t cap, double amount, const char *currency,
		       enum money_style ms);
/* Decimals that keep a per-million price readable: 2 below 10, 1 below 100. */
int per_million_decimals(double v);
/* The cheaper way's cost per million output tokens, in plan_currency;
 * < 0: none. */
double plan_per_million(const struct plan *p, const struct throughput *t);

#endif
