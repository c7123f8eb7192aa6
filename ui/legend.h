/* What the table's glyphs and marks mean, drawn from the theme's rows so
 * the colour, monochrome and ASCII screens each explain their own. */
#ifndef GPUPLAN_LEGEND_H
#define GPUPLAN_LEGEND_H

#include "draw.h"

/* One line at y,x, at most w columns: full words when they fit, short
 * ones when not, the last items left out when even those do not. */
void legend_draw(const struct frame *fr, int y, int x, int w);

#endif
