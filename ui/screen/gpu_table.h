/* The table of GPU types: one row per plan in the session's order. */
#ifndef GPUPLAN_GPU_TABLE_H
#define GPUPLAN_GPU_TABLE_H

#include <stdbool.h>

#include "draw.h"
#include "session.h"

struct gpu_table {
	struct session *s;
	const struct frame *fr;
};

void gpu_table_init(struct gpu_table *v, struct session *s, const struct frame *fr);
/* After a new layout: tells the session how many rows are visible. */
void gpu_table_resize(struct gpu_table *v);
void gpu_table_draw(const struct gpu_table *v);
/* Selects the row clicked; false when the click is not on a row. */
bool gpu_table_click(struct gpu_table *v, int y, int x);

#endif
