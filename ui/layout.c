#include "layout.h"

#include <string.h>

#define BAR_FIRST 16 /* the bar grows to this before other columns widen */

struct col_spec {
	int min, pref, priority; /* lower priority is dropped first */
};

static const struct col_spec specs[TC_COUNT] = {
	[TC_NAME] = {12, 15, 9},
	[TC_BAR] = {8, 40, 5},
	[TC_FIGURES] = {11, 11, 3},
	[TC_CARDS] = {3, 5, 8},
	[TC_PLAN] = {7, 14, 6},
	[TC_CONTAINER] = {7, 10, 7},
	[TC_BAREMETAL] = {7, 11, 7},
};

static int needed(const struct table_layout *t)
{
	int sum = -1; /* one space between columns */
	for (int c = 0; c < TC_COUNT; c++)
		if (t->shown[c])
			sum += t->w[c] + 1;
	return sum;
}

static void drop_least_important(struct table_layout *t)
{
	int drop = -1;
	for (int c = 0; c < TC_COUNT; c++)
		if (t->shown[c] && (drop < 0 || specs[c].priority < specs[drop].priority))
			drop = c;
	if (drop >= 0)
		t->shown[drop] = false;
}

/* Gives spare cells to the bar up to a readable width, then to the
 * columns below their preferred width; the bar takes all that remains. */
static void widen(struct table_layout *t, int spare)
{
	if (t->shown[TC_BAR]) {
		int add = BAR_FIRST - t->w[TC_BAR];
		add = add < spare ? add : spare;
		t->w[TC_BAR] += add, spare -= add;
	}
	for (int prio = 9; prio >= 0 && spare > 0; prio--) {
		for (int c = 0; c < TC_COUNT && spare > 0; c++) {
			if (!t->shown[c] || c == TC_BAR || specs[c].priority != prio)
				continue;
			int add = specs[c].pref - t->w[c];
			add = add < spare ? add : spare;
			t->w[c] += add, spare -= add;
		}
	}
	if (t->shown[TC_BAR])
		t->w[TC_BAR] += spare;
}

void layout_table(int width, struct table_layout *t)
{
	memset(t, 0, sizeof *t);
	for (int c = 0; c < TC_COUNT; c++)
		t->shown[c] = true, t->w[c] = specs[c].min;
	while (needed(t) > width && (t->shown[TC_NAME] || t->shown[TC_CARDS]))
		drop_least_important(t);
	int spare = width - needed(t);
	if (spare > 0)
		widen(t, spare);
	int x = 0;
	for (int c = 0; c < TC_COUNT; c++) {
		if (!t->shown[c]) {
			t->w[c] = 0;
			continue;
		}
		t->x[c] = x;
		x += t->w[c] + 1;
	}
}

void layout_screen(int cols, int lines, int rows, struct screen_layout *s)
{
	memset(s, 0, sizeof *s);
	if (cols < MIN_COLS || lines < MIN_LINES) {
		s->too_small = true;
		return;
	}
	s->form_x = 0;
	s->form_w = cols >= 110 ? 30 : 28;
	s->table_x = s->form_w;
	s->table_w = cols - s->form_w;
	/* title row, then the table box: header + rows + borders */
	int max_table = lines - 2 - 8; /* keep 8 rows for the breakdown box */
	s->table_h = rows + 3 < max_table ? rows + 3 : max_table;
	if (s->table_h < 5)
		s->table_h = 5;
	s->detail_y = 1 + s->table_h;
	s->detail_h = lines - 1 - s->detail_y;
	s->status_y = lines - 1;
	layout_table(s->table_w - 3, &s->table); /* borders and the selection marker */
}
