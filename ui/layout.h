/* Where each region and table column goes for a terminal size. Pure, so
 * 80-, 120- and 200-column layouts are unit-tested. */
#ifndef GPUPLAN_LAYOUT_H
#define GPUPLAN_LAYOUT_H

#include <stdbool.h>

#define MIN_COLS 80
#define MIN_LINES 24

enum table_col { TC_NAME, TC_BAR, TC_FIGURES, TC_CARDS, TC_PLAN, TC_CONTAINER, TC_BAREMETAL,
		 TC_COUNT };

struct table_layout {
	bool shown[TC_COUNT];
	int x[TC_COUNT], w[TC_COUNT]; /* relative to the table's inner left edge */
};

struct screen_layout {
	bool too_small;
	int form_x, form_w;             /* box, borders included */
	int table_x, table_w, table_h;  /* box */
	int detail_y, detail_h;         /* box under the table, full right width */
	int status_y;
	struct table_layout table;
};

/* Columns for a table whose inside is 'width' cells wide: every column at
 * its minimum, the least important dropped when even that is too wide,
 * then the bar (and the rest) widened with what is left. */
void layout_table(int width, struct table_layout *out);

/* The whole screen for cols x lines with n GPU rows. */
void layout_screen(int cols, int lines, int rows, struct screen_layout *out);

#endif
