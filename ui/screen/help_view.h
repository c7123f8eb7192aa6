/* The help overlay: the last messages in full (a status line cuts them at
 * the screen's width), the key table (keys.h), the main screen's keys under
 * where they work (anywhere, a text field, a choice field, a pick list),
 * each overlay's under its name, then what the marks, the plan codes and
 * the bar's glyphs mean. It scrolls (↑↓ j k) when the terminal is too
 * short for it; any other key closes it. */
#ifndef GPUPLAN_HELP_VIEW_H
#define GPUPLAN_HELP_VIEW_H

#include <stdbool.h>

#include "detail_wrap.h"
#include "draw.h"

/* The box is at most 72 columns wide; inside it the keys take 21 and the
 * meaning what is left: a key's help must fit, in every language. */
enum { HELP_BOX_MAX_W = 72, HELP_KEYS_W = 21, HELP_TEXT_W = HELP_BOX_MAX_W - 4 - HELP_KEYS_W - 1 };

struct help_view {
	bool open;
	bool over_ask; /* opened over a question: q closes it, nothing passes down */
	int scroll;
	const struct frame *fr;
	/* the session's last messages, newest first (session.recent), shown
	 * above the keys */
	const char (*recent)[2048];
	struct detail_lines msgs; /* them wrapped, as drawn */
};

void help_view_init(struct help_view *v, const struct frame *fr, const char (*recent)[2048]);
/* The help's line k (from 0): its keys and their meaning, or a heading
 * (keys NULL); false past the key table's lines. */
bool help_view_key_line(int k, const char **keys, const char **text);
void help_view_draw(struct help_view *v);

#endif
