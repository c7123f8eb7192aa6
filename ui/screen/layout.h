/* Where each region and table column goes for a terminal size. Pure, so
 * 80-, 120- and 200-column layouts are unit-tested. */
#ifndef GPUPLAN_LAYOUT_H
#define GPUPLAN_LAYOUT_H

#include <stdbool.h>

#include "table_cells.h"

#define MIN_COLS 80
#define MIN_LINES 24

/* The columns are the GPU table's one vocabulary (table_cells.h), left
 * to right. The bar, then the GiB figures, then the time figures (cost
 * per token or per job, then speed or days) are dropped in that order
 * when the terminal is narrow; the others always stay. The time columns
 * show only when a row has such a figure (the caller's want); they sit
 * before the card count, so the row still ends with the plan, both
 * prices and the monthly total. The report's need and fit columns are
 * never shown here. */

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
};

/* What a column's cells need: min is the widest cell with the shortest
 * header (0: the column's usual width), pref the same with its longest. */
struct table_wants {
	int min[TC_COUNT], pref[TC_COUNT];
};

/* Columns for a table whose inside is 'width' cells wide. Numbers get
 * their min, so they are never cut; the name is cut before anything else;
 * the bar is dropped first, then the figures, then the time columns
 * (which show only when want->min gives them a width). Room left goes to the whole
 * name, then each column's pref, then the bar. want NULL: usual widths. */
void layout_table(int width, const struct table_wants *want, struct table_layout *out);

/* The whole screen for cols x lines with n GPU rows. */
void layout_screen(int cols, int lines, int rows, struct screen_layout *out);

#endif
