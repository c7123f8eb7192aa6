/* The configurator's screen: the session and one state struct per view.
 * tui.c runs the loop, keys.c turns keys into session operations, each
 * view draws from the session. */
#ifndef GPUPLAN_TUI_SCREEN_H
#define GPUPLAN_TUI_SCREEN_H

#include <stdbool.h>
#include <wchar.h>

#include "detail_view.h"
#include "draw.h"
#include "form_view.h"
#include "gpu_table.h"
#include "help_view.h"
#include "offer_dialog.h"
#include "session.h"

struct tui {
	struct session s;
	struct frame fr;
	struct form_view form;
	struct gpu_table table;
	struct detail_view detail;
	struct help_view help;
	struct offer_dialog dialog;
	bool confirm_quit; /* q asked "quit anyway? y/n" */
	/* e/E: the edited copy did not load: "r reopen / k keep" waits */
	bool confirm_rejected;
	bool quit_now; /* F10 answered it */
	struct session_edit edit;
	wchar_t wch;       /* the character of the last KEY_WCHAR */
};

/* tui_screen.c: the views together. init false: out of memory. */
bool tui_screen_init(struct tui *t, const struct catalog *c, const struct scenario *start,
		     const char *gpu_filter);
void tui_screen_free(struct tui *t);
/* A new terminal size: the layout, then each view's resize hook. */
void tui_screen_relayout(struct tui *t, int cols, int lines);
/* After each key: views that follow the session's data catch up. */
void tui_screen_update(struct tui *t);
/* One full redraw from the session. */
void tui_screen_draw(struct tui *t);

#endif
