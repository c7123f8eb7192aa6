#include "layout.h"

#include <string.h>

#define NAME_MIN 8  /* "RTX 4090": the name is cut, never a number, but only
			 * once every column that may go has gone */
#define BAR_MIN 8
#define NAME_FLOOR 4 /* "RTX ": below this the table is too narrow anyway */

/* What a narrow table gives up, first to last (issue 21: at 80x24 the
 * speed and the GPU's memory size stay): the memory bar, the memory
 * figures, the per-card prices (the total's c/b says which way, the
 * breakdown below has both), the cost per million, the speed. The name,
 * card count, plan and total always stay. */
struct col_spec {
	int usual;     /* the width when the caller does not say */
	int drop_rank; /* 1 is dropped first; 0 never */
	bool optional; /* shown only when the caller's want gives it a width */
};

static const struct col_spec specs[TC_COUNT] = {
	[TC_NAME] = {.usual = 12},
	[TC_BAR] = {.usual = BAR_MIN, .drop_rank = 1},
	[TC_FIGURES] = {.usual = 11, .drop_rank = 2},
	[TC_CARDS] = {.usual = 3},
	[TC_PLAN] = {.usual = 10},
	[TC_CONTAINER] = {.usual = 7, .drop_rank = 3},
	[TC_BAREMETAL] = {.usual = 7, .drop_rank = 3},
	[TC_TOTAL] = {.usual = 8},
	[TC_SPEED] = {.usual = 5, .drop_rank = 5, .optional = true},
	[TC_UNIT_COST] = {.usual = 5, .drop_rank = 4, .optional = true},
	[TC_NEED] = {.optional = true}, /* the report's: never wanted here */
	[TC_FIT] = {.optional = true},
};

/* Spare width goes first to the columns that always stay (their whole
 * headers: "cards", "bare metal"), then to those dropped last; the bar
 * takes what is left. */
static const enum table_col give_order[] = {TC_CARDS, TC_PLAN, TC_CONTAINER, TC_BAREMETAL,
					    TC_TOTAL, TC_SPEED, TC_UNIT_COST, TC_FIGURES};

static int needed(const struct table_layout *t)
{
	int sum = -1; /* one space between columns */
	for (int c = 0; c < TC_COUNT; c++)
		if (t->shown[c])
			sum += t->w[c] + 1;
	return sum;
}

/* Drops the columns of the lowest rank still shown, all of them: the two
 * per-card prices go together (one left beside a total of the other way
 * read as its price). */
static bool drop_next(struct table_layout *t)
{
	for (int rank = 1; rank < TC_COUNT; rank++) {
		bool dropped = false;
		for (int c = 0; c < TC_COUNT; c++)
			if (t->shown[c] && specs[c].drop_rank == rank)
				t->shown[c] = false, dropped = true;
		if (dropped)
			return true;
	}
	return false;
}

static void place(struct table_layout *t)
{
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

static int give(struct table_layout *t, int c, int target, int spare)
{
	int add = target - t->w[c];
	add = add < spare ? add : spare;
	if (add <= 0)
		return spare;
	t->w[c] += add;
	return spare - add;
}

void layout_table(int width, const struct table_wants *want, struct table_layout *t)
{
	memset(t, 0, sizeof *t);
	for (int c = 0; c < TC_COUNT; c++) {
		t->shown[c] = !specs[c].optional || (want && want->min[c] > 0);
		t->w[c] = want && want->min[c] > 0 ? want->min[c] : specs[c].usual;
	}
	int name = t->w[TC_NAME];
	t->w[TC_BAR] = BAR_MIN;
	while (needed(t) > width && drop_next(t))
		;
	if (needed(t) > width) /* the whole name, unless even then it does not fit */
		t->w[TC_NAME] = name < NAME_MIN ? name : NAME_MIN;
	if (needed(t) > width) /* still too wide: the name gives up the rest, the
				  numbers and the borders stay whole */
		t->w[TC_NAME] -= needed(t) - width < t->w[TC_NAME] - NAME_FLOOR
					 ? needed(t) - width
					 : t->w[TC_NAME] - NAME_FLOOR;
	int spare = give(t, TC_NAME, name, width - needed(t));
	for (size_t i = 0; want && i < sizeof give_order / sizeof give_order[0]; i++)
		if (t->shown[give_order[i]])
			spare = give(t, give_order[i], want->pref[give_order[i]], spare);
	if (spare > 0)
		t->w[t->shown[TC_BAR] ? TC_BAR : TC_NAME] += spare;
	place(t);
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
}
