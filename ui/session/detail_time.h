/* The breakdown's time lines (PERFORMANCE.md "what to show"): speed,
 * cost per token, alternatives and efficiencies for inference; days,
 * deadline, billings, USL and the scaling tiers as bars for training.
 * No curses here. */
#ifndef GPUPLAN_DETAIL_TIME_H
#define GPUPLAN_DETAIL_TIME_H

#include "money.h"
#include "detail_lines.h"

/* What comes first: the why list of a time goal, then the speed
 * ("speed: TTFT 1.2 s · TPOT 33 ms · 30 tok/s per user · …") or the
 * training days and the deadline. */
void detail_time_summary(struct detail_lines *d, const struct plan *p, int w,
			 enum money_style ms);
/* Everything else about time and money per token or per job. */
void detail_time_lines(struct detail_lines *d, const struct plan *p, int w, enum money_style ms);
/* Training (detail_train.c): FLOPs, days, card-hours, the deadline, the
 * three billings (cheapest marked), the USL fit and the scaling tiers. */
void detail_train_summary(struct detail_lines *d, const struct plan *p, int w,
			  enum money_style ms);
void detail_train_lines(struct detail_lines *d, const struct plan *p, int w, enum money_style ms);

#endif
