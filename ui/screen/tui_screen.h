/* The configurator's screen as a whole: the session and the views
 * (view.h) laid out for the terminal's size and drawn in one pass, the
 * title and the status line around them. tui.c runs the loop, keys.c
 * turns keys into what the views and the session do. */
#ifndef GPUPLAN_TUI_SCREEN_H
#define GPUPLAN_TUI_SCREEN_H

#include <stdbool.h>

#include "view.h"

/* init false: out of memory. */
bool tui_screen_init(struct screen *sc, const struct catalog *c, const struct scenario *start,
		     const char *gpu_filter);
void tui_screen_free(struct screen *sc);
/* A new terminal size: the layout, then each view's resize hook. */
void tui_screen_relayout(struct screen *sc, int cols, int lines);
/* After each key: views that follow the session's data catch up. */
void tui_screen_update(struct screen *sc);
/* The status line alone, at once: a long step in progress says so. */
void tui_screen_draw_status(const struct screen *sc);
/* One full redraw from the session. */
void tui_screen_draw(struct screen *sc);

#endif
