/* The help overlay: the key table's help column, then what the marks,
 * the plan codes and the bar's glyphs mean. It scrolls (↑↓ j k) when the
 * terminal is too short for it; any other key closes it. */
#ifndef GPUPLAN_HELP_VIEW_H
#define GPUPLAN_HELP_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "draw.h"
#include "keys.h"

/* The box is at most 72 columns wide; inside it the keys take 21 and the
 * meaning what is left: a key's help must fit, in every language. */
enum { HELP_BOX_MAX_W = 72, HELP_KEYS_W = 21, HELP_TEXT_W = HELP_BOX_MAX_W - 4 - HELP_KEYS_W - 1 };

struct help_view {
	bool open;
	int scroll;
	const struct frame *fr;
	const struct key_row *rows; /* the key table */
	size_t nrows;
};

void help_view_init(struct help_view *v, const struct frame *fr, const struct key_row *rows,
		    size_t nrows);
/* Whether ch scrolls the help (it did); other keys close it. */
bool help_view_scroll_key(struct help_view *v, int ch);
void help_view_draw(struct help_view *v);

#endif
