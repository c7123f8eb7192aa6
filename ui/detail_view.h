/* Under the table: the selected GPU's plan in full, or, while a scenario
 * is pinned, the pinned and current plans side by side. */
#ifndef GPUPLAN_DETAIL_VIEW_H
#define GPUPLAN_DETAIL_VIEW_H

#include "draw.h"
#include "session.h"

struct detail_view {
	const struct session *s;
	const struct frame *fr;
};

void detail_view_init(struct detail_view *v, const struct session *s, const struct frame *fr);
void detail_view_draw(const struct detail_view *v);

#endif
