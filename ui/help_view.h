/* The help overlay: the key table's help column, over the screen. */
#ifndef GPUPLAN_HELP_VIEW_H
#define GPUPLAN_HELP_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "draw.h"
#include "keys.h"

struct help_view {
	bool open;
	const struct frame *fr;
	const struct key_row *rows; /* the key table */
	size_t nrows;
};

void help_view_init(struct help_view *v, const struct frame *fr, const struct key_row *rows,
		    size_t nrows);
void help_view_draw(const struct help_view *v);

#endif
