/* What the table's glyphs and marks mean, drawn from the theme's rows so
 * the colour, monochrome and ASCII screens each explain their own. */
#ifndef GPUPLAN_LEGEND_H
#define GPUPLAN_LEGEND_H

#include <stdbool.h>

#include "draw.h"

/* One line at y,x, at most w columns: full words when they fit, short
 * ones when not, the last items left out when even those do not. Without
 * the bar (a narrow table) only the marks are explained; "~" (an
 * estimate row's wide band, its sides band_lo and band_hi from the rows)
 * only when the time columns show such a row (band_lo > 0); "*" and "—"
 * only when the per-card price columns show (per_card); "<" only when a
 * row is short of the goals. */
struct legend_marks {
	bool bar, per_card;
	bool short_rows; /* a row is marked "<": short of the goals */
	double band_lo, band_hi;
};
void legend_draw(const struct frame *fr, int y, int x, int w, const struct legend_marks *lm);

#endif
