/* Training in the breakdown (detail_train.c): days, the deadline, the
 * three billings, the USL fit, the scaling tiers as two bar columns and
 * the efficiencies. No curses here. */
#ifndef GPUPLAN_DETAIL_TRAIN_H
#define GPUPLAN_DETAIL_TRAIN_H

#include "detail_wrap.h"
#include "plan.h"
#include "scenario.h"
#include "units.h"

/* FLOPs, days, card-hours and the band, then the deadline's answer. */
void detail_train_summary(struct detail_lines *d, const struct plan *p,
			  const struct scenario *sc, int w, const struct style *st);
/* The three billings (cheapest marked), the USL fit, the scaling tiers
 * and the efficiencies the days rest on. */
void detail_train_lines(struct detail_lines *d, const struct plan *p, int w,
			const struct style *st);

#endif
