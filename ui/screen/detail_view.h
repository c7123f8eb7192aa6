/* Under the table: the selected GPU's plan in full, or, while a scenario
 * is pinned, the pinned and current plans side by side. The plan's lines
 * scroll (J/K, the mouse wheel) when the box is too short for them. */
#ifndef GPUPLAN_DETAIL_VIEW_H
#define GPUPLAN_DETAIL_VIEW_H

#include <stdbool.h>

#include "detail_lines.h"
#include "draw.h"
#include "session.h"

struct detail_view {
	const struct session *s;
	const struct frame *fr;
	int scroll;               /* first line shown */
	const struct gpu *shown;  /* the plan scrolled: another one starts at the top */
};

/* The compare view's lines at width w (no curses): the pinned and current
 * scenarios wrapped, the table's header, then a row per GPU type in the
 * session's order. Returns the header's line. */
int detail_lines_compare(struct detail_lines *d, const struct session *s, int w);

void detail_view_init(struct detail_view *v, const struct session *s, const struct frame *fr);
void detail_view_draw(struct detail_view *v);
/* Scrolls by delta lines; drawing keeps it inside the text. */
void detail_view_scroll(struct detail_view *v, int delta);
/* Whether y,x is inside the breakdown box (for the mouse wheel). */
bool detail_view_contains(const struct detail_view *v, int y, int x);

#endif
