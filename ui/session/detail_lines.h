/* The breakdown of the selected plan as lines of a given width, so the
 * box can scroll it (detail_wrap.h), most important notes first. No
 * curses here. */
#ifndef GPUPLAN_DETAIL_LINES_H
#define GPUPLAN_DETAIL_LINES_H

#include <stddef.h>

#include "detail_wrap.h"
#include "money.h"
#include "session.h"

/* How amounts are written (a plain terminal: MONEY_ASCII); UTF-8 until set. */
void detail_lines_set_money(enum money_style ms);
/* The selected plan's lines at width w: terms, headroom, both ways of
 * renting (when it fits), the time lines (detail_time.h), the limits,
 * and its notes and the scenario's, sorted by message_compare, warnings
 * and blockers before the terms. A plan that does not fit shows the
 * whole model's totals and which term dominates, with what lowers it. */
void detail_lines_plan(struct detail_lines *out, const struct session *s, const struct plan *p,
		       int w);
/* The box's title: GPU, cards and the shape in words. */
void detail_title(char *buf, size_t cap, const struct plan *p);

#endif
