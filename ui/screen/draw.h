/* What every view draws with: the layout for the terminal's size, the
 * colour theme, and two primitives. */
#ifndef GPUPLAN_DRAW_H
#define GPUPLAN_DRAW_H

#include "layout.h"
#include "theme.h"

struct frame {
	struct screen_layout lay;
	struct theme theme;
};

/* Every text written after draw_set_plain(true) is shown in ASCII
 * (theme_plain_text): for a locale that cannot show UTF-8. */
void draw_set_plain(bool on);
bool draw_plain(void);
/* Writes s at y,x cut to cols display columns; returns columns used. */
int put_text(int y, int x, const char *s, int cols);
/* put_text, but a text too wide loses its middle, not its end (names
 * that differ at the end stay apart: text_fit_middle). */
int put_text_middle(int y, int x, const char *s, int cols);
/* Writes s right-aligned in the w columns from x. */
void put_right(int y, int x, int w, const char *s);
void draw_box(const struct frame *f, int y, int x, int h, int w, const char *title);

#endif
