/* The breakdown's time lines (PERFORMANCE.md "what to show"): speed,
 * cost per token, alternatives and efficiencies for inference; training
 * through detail_train.h. The lines are the presentation layer's
 * (report_time.h, train_text.h) in the screen's style; here they are
 * ordered and wrapped. No curses here. */
#ifndef GPUPLAN_DETAIL_TIME_H
#define GPUPLAN_DETAIL_TIME_H

#include "detail_wrap.h"
#include "plan.h"
#include "scenario.h"
#include "units.h"

/* What comes first: the why list of a time goal, then the speed
 * ("speed: TTFT 1.23 s · TPOT 33.0 ms · 30.3 tok/s per user · …") or the
 * training days and the deadline. */
void detail_time_summary(struct detail_lines *d, const struct plan *p, const struct scenario *sc,
			 int w, const struct style *st);
/* Everything else about time and money per token or per job. */
void detail_time_lines(struct detail_lines *d, const struct plan *p, int w,
		       const struct style *st);

#endif
