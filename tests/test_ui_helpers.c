/* The screen's pure helpers: bar widths, column layout, display width. */
#include <criterion/criterion.h>
#include <curses.h>
#include <string.h>

#include "i18n.h"
#include "datasrc.h"
#include "parse.h"
#include "text.h"
#include "bar.h"
#include "detail_lines.h"
#include "detail_view.h"
#include "draw.h"
#include "form_specs.h"
#include "help_view.h"
#include "keys.h"
#include "layout.h"
#include "line_edit.h"
#include "session.h"
#include "terminal.h"
#include "theme.h"
#include "tui_screen.h"
#include "view.h"

static int sum(const int *cells, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += cells[i];
	return s;
}

Test(bar, proportional_cells)
{
	/* 60 + 10 + 10 of a capacity of 100 on 20 cells: 12, 2, 2 -> 16 used, 4 free */
	double v[] = {60, 10, 10};
	int cells[3];
	cr_assert_eq(bar_cells(v, 3, 100, 20, cells), 16);
	cr_assert_eq(cells[0], 12);
	cr_assert_eq(cells[1], 2);
	cr_assert_eq(cells[2], 2);
}

Test(bar, rounding_never_overflows)
{
	/* three thirds of a full card on 10 cells: 3.33 each rounds to 10 in total */
	double v[] = {1, 1, 1};
	int cells[3];
	for (int w = 1; w <= 200; w++) {
		int used = bar_cells(v, 3, 3, w, cells);
		cr_assert_leq(used, w);
		cr_assert_eq(sum(cells, 3), used);
	}
}

Test(bar, tiny_components_get_a_cell_while_room_allows)
{
	/* 0.1 % KV on a 20-cell bar would round to 0: it still gets one cell */
	double v[] = {50, 0.1, 0, 1};
	int cells[4];
	bar_cells(v, 4, 100, 20, cells);
	cr_assert_eq(cells[1], 1);
	cr_assert_eq(cells[2], 0, "a zero component gets nothing");
	cr_assert_geq(cells[3], 1);
	/* a full bar: the cell comes from the largest segment */
	double full[] = {99.8, 0.1, 0.1};
	cr_assert_eq(bar_cells(full, 3, 100, 10, cells), 10);
	cr_assert_eq(cells[1], 1);
	cr_assert_eq(cells[2], 1);
	cr_assert_eq(cells[0], 8);
}

Test(bar, over_capacity_fills_the_bar)
{
	/* need 120 of 100: drawn on the scale of the total, never past the end */
	double v[] = {100, 20};
	int cells[2];
	cr_assert_eq(bar_cells(v, 2, 120, 12, cells), 12);
	cr_assert_eq(cells[0], 10);
	cr_assert_eq(cells[1], 2);
	cr_assert_eq(bar_cells(v, 2, 0, 12, cells), 0);
	cr_assert_eq(bar_cells(v, 2, 100, 0, cells), 0);
}

/* The cells of the Qwen2.5-72B int4 table: names, "23.7/24", "14",
 * "PP14 2m", "4464*", "11060", "151920 b". */
static const struct table_wants qwen_wants = {
	.min = {[TC_NAME] = 12, [TC_FIGURES] = 9, [TC_CARDS] = 2, [TC_PLAN] = 8,
		[TC_CONTAINER] = 5, [TC_BAREMETAL] = 6, [TC_TOTAL] = 8},
	.pref = {[TC_NAME] = 12, [TC_FIGURES] = 9, [TC_CARDS] = 5, [TC_PLAN] = 8,
		 [TC_CONTAINER] = 10, [TC_BAREMETAL] = 11, [TC_TOTAL] = 8},
};

static int right_edge(const struct table_layout *t)
{
	int right = 0;
	for (int c = 0; c < TC_COUNT; c++)
		if (t->shown[c] && t->x[c] + t->w[c] > right)
			right = t->x[c] + t->w[c];
	return right;
}

Test(layout, eighty_columns_drop_the_bar_then_the_figures)
{
	struct screen_layout s;
	struct table_layout t;
	layout_screen(80, 24, 7, &s);
	cr_assert_not(s.too_small);
	cr_assert_eq(s.form_w + s.table_w, 80);
	layout_table(s.table_w - 3, &qwen_wants, &t);
	cr_assert(t.shown[TC_NAME] && t.shown[TC_CARDS] && t.shown[TC_PLAN]);
	cr_assert(t.shown[TC_CONTAINER] && t.shown[TC_BAREMETAL] && t.shown[TC_TOTAL],
		  "prices and the total are never dropped");
	cr_assert_not(t.shown[TC_BAR], "the bar goes first");
	cr_assert_not(t.shown[TC_FIGURES], "then the figures");
	for (int c = TC_CARDS; c < TC_COUNT; c++)
		cr_assert_geq(t.w[c], qwen_wants.min[c], "column %d is cut", c);
	cr_assert_leq(right_edge(&t), s.table_w - 3);
	/* a little wider: the figures come back before the bar */
	layout_table(s.table_w - 3 + 10, &qwen_wants, &t);
	cr_assert(t.shown[TC_FIGURES] && !t.shown[TC_BAR]);
}

/* Issue 21: the GPU's name keeps its memory size at 80x24. name 12 +
 * cards 2 + plan 12 ("does not fit") + container 5 + bare metal 6 + total
 * 8 and 5 spaces = 50 > 49: the per-card prices go, both (the total's
 * c/b says which way), not the name's "24G". */
Test(layout, the_name_is_cut_before_any_number)
{
	struct table_layout t;
	struct table_wants w = qwen_wants;
	w.min[TC_PLAN] = w.pref[TC_PLAN] = 12; /* "does not fit" */
	layout_table(49, &w, &t);
	cr_assert_eq(t.w[TC_PLAN], 12);
	cr_assert_eq(t.w[TC_TOTAL], 8);
	cr_assert_geq(t.w[TC_NAME], 12);
	cr_assert_not(t.shown[TC_CONTAINER], "the per-card prices go together");
	cr_assert_not(t.shown[TC_BAREMETAL]);
	cr_assert_leq(right_edge(&t), 49);
	/* with every column that may go gone, the name is cut, never a number:
	 * 12 + 2 + 12 + 8 and 3 spaces = 37 > 33 */
	layout_table(33, &w, &t);
	cr_assert_lt(t.w[TC_NAME], 12);
	cr_assert_geq(t.w[TC_NAME], 8);
	cr_assert_eq(t.w[TC_PLAN], 12);
	cr_assert_leq(right_edge(&t), 33);
}

/* Wider numbers than the name can make room for (the ¥ prices with their
 * stars and a 10-column total): at 80x24 the per-card prices go and the
 * name stays whole; narrower, the name gives up more than its usual
 * minimum, never the right border (issue 10: numbers are never cut). */
Test(layout, the_border_stays_when_the_numbers_need_the_name_s_room)
{
	struct table_layout t;
	struct table_wants w = qwen_wants;
	w.min[TC_PLAN] = w.pref[TC_PLAN] = 10;       /* "TP2×PP7 2m" */
	w.min[TC_CONTAINER] = w.pref[TC_CONTAINER] = 7; /* "¥4,464*" */
	w.min[TC_BAREMETAL] = w.pref[TC_BAREMETAL] = 8; /* "¥18,990*" */
	w.min[TC_TOTAL] = w.pref[TC_TOTAL] = 10;     /* "¥378,400 b" */
	layout_table(49, &w, &t);
	cr_assert_eq(t.w[TC_TOTAL], 10);
	cr_assert(!t.shown[TC_BAREMETAL] && !t.shown[TC_CONTAINER]);
	cr_assert_geq(t.w[TC_NAME], 12);
	cr_assert_leq(right_edge(&t), 49);
	/* 12 + 2 + 10 + 10 and 3 spaces = 37 > 30: the name gives way */
	layout_table(30, &w, &t);
	cr_assert_eq(t.w[TC_TOTAL], 10);
	cr_assert_eq(t.w[TC_PLAN], 10);
	cr_assert_leq(right_edge(&t), 30);
	cr_assert_geq(t.w[TC_NAME], 4);
}

/* The report's need and fit columns share the vocabulary (table_cells.h)
 * but the screen never shows them. */
static bool screen_col(int c)
{
	return c != TC_NEED && c != TC_FIT;
}

Test(layout, wide_terminals_give_the_bar_what_is_left)
{
	struct table_layout t120, t200;
	layout_table(120 - 30 - 3, &qwen_wants, &t120);
	layout_table(200 - 30 - 3, &qwen_wants, &t200);
	for (int c = 0; c < TC_COUNT; c++)
		if (c != TC_SPEED && c != TC_UNIT_COST && screen_col(c))
			cr_assert(t120.shown[c] && t200.shown[c], "column %d", c);
	cr_assert_not(t120.shown[TC_SPEED] || t120.shown[TC_UNIT_COST],
		      "no row has a time figure: no time columns");
	for (int c = 0; c < TC_COUNT; c++)
		if (c != TC_BAR)
			cr_assert_eq(t200.w[c], t120.w[c], "only the bar grows: column %d", c);
	cr_assert_eq(t200.w[TC_BAR], t120.w[TC_BAR] + 80);
	cr_assert_eq(t120.w[TC_CONTAINER], 10);
	/* the last column ends exactly at the inner edge */
	cr_assert_eq(right_edge(&t200), 200 - 30 - 3);
	cr_assert_eq(right_edge(&t120), 120 - 30 - 3);
}

/* The same table with "tok/s" (5: "1,234") and "¥/M tok" (7: "~¥1,202"). */
static struct table_wants timed_wants(void)
{
	struct table_wants w = qwen_wants;
	w.min[TC_SPEED] = w.pref[TC_SPEED] = 5;
	w.min[TC_UNIT_COST] = w.pref[TC_UNIT_COST] = 7;
	return w;
}

Test(layout, time_columns_go_after_the_bar_and_the_figures)
{
	struct table_wants w = timed_wants();
	struct table_layout t;
	/* 120 columns: everything, the bar at its minimum of 8 or more */
	layout_table(120 - 30 - 3, &w, &t);
	for (int c = 0; c < TC_COUNT; c++)
		cr_assert(t.shown[c] == screen_col(c), "column %d", c);
	cr_assert_eq(t.w[TC_SPEED], 5);
	cr_assert_eq(t.w[TC_UNIT_COST], 7);
	cr_assert_eq(right_edge(&t), 120 - 30 - 3);
	/* name 12 + cards 2 + plan 8 + 5 + 6 + 8 + speed 5 + cost 7, 7 spaces = 60:
	 * bar and figures gone, both time columns stay */
	layout_table(60, &w, &t);
	cr_assert(!t.shown[TC_BAR] && !t.shown[TC_FIGURES]);
	cr_assert(t.shown[TC_SPEED] && t.shown[TC_UNIT_COST]);
	cr_assert_eq(t.w[TC_NAME], 12);
	/* one less: the per-card prices go first, together (issue 21), the
	 * time columns and the name stay: 60 - 5 - 6 - 2 = 47 */
	layout_table(59, &w, &t);
	cr_assert(!t.shown[TC_CONTAINER] && !t.shown[TC_BAREMETAL]);
	cr_assert(t.shown[TC_SPEED] && t.shown[TC_UNIT_COST]);
	cr_assert_geq(t.w[TC_NAME], 12);
	/* 80x24 (49): speed and cost per million stay, the name whole, the
	 * total uncut; 46: the cost per million goes (47 - 7 - 1 = 39), the
	 * speed stays */
	layout_table(49, &w, &t);
	cr_assert(t.shown[TC_SPEED] && t.shown[TC_UNIT_COST]);
	cr_assert_eq(t.w[TC_NAME], 12);
	cr_assert_geq(t.w[TC_TOTAL], w.min[TC_TOTAL]);
	cr_assert_leq(right_edge(&t), 49);
	layout_table(46, &w, &t);
	cr_assert(t.shown[TC_SPEED] && !t.shown[TC_UNIT_COST]);
	cr_assert_geq(t.w[TC_NAME], 12, "the rest widens the name");
}

Test(layout, too_small_below_80x24)
{
	struct screen_layout s;
	layout_screen(79, 24, 7, &s);
	cr_assert(s.too_small);
	layout_screen(80, 23, 7, &s);
	cr_assert(s.too_small);
	layout_screen(20, 10, 7, &s);
	cr_assert(s.too_small);
}

Test(text, cjk_is_two_columns)
{
	cr_assert_eq(text_width("宁夏一区"), 8);
	cr_assert_eq(text_width("H100 80G"), 8);
	cr_assert_eq(text_width("¥1073"), 5); /* the yen sign is narrow */
	cr_assert_eq(text_width("９"), 2);   /* fullwidth digit */
	char buf[64];
	/* cutting never splits a wide character */
	cr_assert_eq(text_fit(buf, sizeof buf, "四川二区", 5), 4);
	cr_assert_str_eq(buf, "四川");
}

/* The suggestions cut "DeepSeek-R1-Distill-Qwen-32B" and
 * "DeepSeek-R1-Distill-Llama-70B" to "DeepSeek-R1-Distill-Qwen-3" and
 * "…-Llama-": cut in the middle they stay apart. 26 columns: 13 of the
 * start, "…", (26 - 1) / 2 = 12 of the end. */
Test(text, a_cut_in_the_middle_keeps_names_apart)
{
	char a[64], b[64];
	cr_assert_eq(text_fit_middle(a, sizeof a, "DeepSeek-R1-Distill-Qwen-32B", 26), 26);
	cr_assert_eq(text_fit_middle(b, sizeof b, "DeepSeek-R1-Distill-Llama-70B", 26), 26);
	cr_assert_str_eq(a, "DeepSeek-R1-D…ill-Qwen-32B");
	cr_assert_str_eq(b, "DeepSeek-R1-D…ll-Llama-70B");
	/* what fits is kept whole; a wide character is never split */
	cr_assert_eq(text_fit_middle(a, sizeof a, "H100 80G", 8), 8);
	cr_assert_str_eq(a, "H100 80G");
	cr_assert_eq(text_fit_middle(a, sizeof a, "四川二区宁夏一区", 9), 9);
	cr_assert_str_eq(a, "四川…一区");
}

Test(text, invalid_utf8_counts_one_column)
{
	cr_assert_eq(text_width("a\xff" "b"), 3);
}

Test(parse, sizes_typed_in_the_form)
{
	long long n;
	double p;
	cr_assert(parse_count("128K", 1LL << 40, &n) && n == 131072);
	cr_assert(parse_count("4k", 1LL << 40, &n) && n == 4096);
	cr_assert(parse_model_size("70b", &p) && p == 70e9);
}

/* The status line's hints come from the key table: F1 for help
 * everywhere, no Esc to quit. */
Test(keys, status_hints_from_the_table)
{
	char buf[256];
	keys_status_hint(KC_FIELD, false, buf, sizeof buf);
	cr_assert_str_eq(buf, "Tab/↑↓ field  ←→ choose  j/k GPU  p pin  x quote  e/o edit  r reload  "
			      "s sort  F1 help  q quit");
	keys_status_hint(KC_FIELD, true, buf, sizeof buf);
	cr_assert_str_eq(buf, "Tab field ←→ choose j/k GPU p pin x quote e/o edit r reload F1 help "
			      "q quit");
	/* F2 switches to Chinese: named in Chinese, where it fits */
	keys_status_hint(KC_TEXT, false, buf, sizeof buf);
	cr_assert_str_eq(buf, "type to edit  Tab/↑↓ field  PgUp/PgDn GPU  F1 help  F10 quit  F2 中文");
	keys_status_hint(KC_TEXT, true, buf, sizeof buf);
	cr_assert_str_eq(buf, "type to edit  Tab field  PgUp/PgDn GPU  F1 help  F10 quit  F2 中文");
}

/* Where a key arrives on the main screen (mode), or over the overlay
 * named view (in its mode). */
static const struct key_row *on_screen(unsigned mode, int ch)
{
	return keys_find(NULL, mode, ch, NULL);
}

static const struct key_row *over(const char *view, unsigned mode, int ch)
{
	const struct view_ops *v = view_find(view);
	cr_assert_not_null(v, "no view %s", view);
	return keys_find(v, mode, ch, NULL);
}

/* The help lists the row whose keys read keys, under heading. */
static bool help_lists(const char *heading, const char *keys)
{
	const char *k, *t, *under = NULL;
	for (int i = 0; help_view_key_line(i, &k, &t); i++) {
		if (!k)
			under = t;
		else if (strcmp(k, keys) == 0 && under && strcmp(under, heading) == 0)
			return true;
	}
	return false;
}

/* Which row takes a key depends on where the key arrives. */
Test(keys, precedence)
{
	const struct key_row *quit = on_screen(KC_FIELD, 'q');
	cr_assert_not_null(quit);
	cr_assert_str_eq(quit->help_keys, "q");
	cr_assert_eq(on_screen(KC_SMALL, 'q'), quit, "q quits a too-small screen");
	/* in a text field q is typed: the form's catch-all takes it */
	const struct key_row *typed = on_screen(KC_TEXT, 'q');
	cr_assert_not_null(typed);
	cr_assert_eq(typed->keys[0], KEY_ANY);
	cr_assert(typed->typing, "typing is held back and applied once");
	/* an open pick list takes q and Esc: they close the list */
	const struct key_row *close = on_screen(KC_PICK, 'q');
	cr_assert_neq(close->act, quit->act);
	cr_assert_eq(on_screen(KC_PICK, 27), close, "Esc closes a pick list, not the program");
	/* Esc never quits: it undoes a text field's edit, and does nothing elsewhere */
	cr_assert_str_eq(on_screen(KC_TEXT, 27)->help, "undo: the value in use comes back");
	cr_assert_neq(on_screen(KC_FIELD, 27)->act, quit->act);
	cr_assert_neq(on_screen(KC_SMALL, 27)->act, quit->act);
	/* F10 quits from anywhere but a question, F1 helps from the main screen */
	const struct key_row *f10 = on_screen(KC_FIELD, KEY_F(10));
	cr_assert_str_eq(f10->help_keys, "F10, Ctrl-C");
	for (unsigned ctx = KC_SMALL; ctx <= KC_FIELD; ctx <<= 1)
		cr_assert_eq(on_screen(ctx, KEY_F(10)), f10, "ctx %u", ctx);
	cr_assert_eq(over("help", KC_READ, KEY_F(10)), f10, "the help passes F10 down");
	cr_assert_eq(over("offer", KC_EDIT, KEY_F(10)), f10, "the dialog passes F10 down");
	cr_assert_eq(over("offer", KC_ASK, KEY_F(10)), f10, "a conflict is the dialog's, no question");
	cr_assert_str_eq(on_screen(KC_TEXT, KEY_F(1))->help_keys, "F1");
	cr_assert_str_eq(on_screen(KC_PICK, KEY_F(1))->help_keys, "F1");
	cr_assert_eq(on_screen(KC_TEXT, '?'), typed, "? is typed in a text field");
	/* r reloads the data, outside text; in a text field it is typed */
	cr_assert_eq(on_screen(KC_FIELD, 'r')->op, session_reload_data);
	cr_assert_eq(on_screen(KC_TEXT, 'r'), typed);
	/* "quit anyway? y/n" takes every key: y quits, the rest stay */
	const struct key_row *stay = over("quit", KC_ASK, 'n');
	cr_assert_eq(stay->keys[0], KEY_ANY);
	cr_assert_eq(over("quit", KC_ASK, KEY_F(10)), stay, "a question passes nothing down");
	cr_assert_eq(over("quit", KC_ASK, 'y')->keys[0], 'y');
	cr_assert_str_eq(over("editor", KC_ASK, KEY_F(10))->help, "keep the file as it is and quit");
	/* help open: ↑↓ j k scroll it, any other key closes it */
	const struct key_row *hclose = over("help", KC_READ, 'x');
	cr_assert_eq(hclose->keys[0], KEY_ANY);
	cr_assert_eq(over("help", KC_READ, KEY_NPAGE), hclose);
	cr_assert_eq(over("help", KC_READ, KEY_F(1)), hclose, "F1 again closes it");
	cr_assert_neq(over("help", KC_READ, 'j'), hclose);
	cr_assert_eq(over("offer", KC_EDIT, 'q')->keys[0], KEY_ANY, "the dialog takes q as text");
	cr_assert_null(on_screen(KC_SMALL, 'x'), "a too-small screen takes no other keys");
	cr_assert_str_eq(on_screen(KC_TEXT, KEY_NPAGE)->help_keys, "PgDn PgUp, j k");
	cr_assert_eq(on_screen(KC_TEXT, 'j'), typed, "j is typed in a text field");
	cr_assert_str_eq(on_screen(KC_FIELD, 'J')->help_keys, "J K, mouse wheel");
	cr_assert_eq(on_screen(KC_TEXT, 'J'), typed, "J is typed in a text field");
}

/* Every place a key can arrive: the main screen's modes, each overlay's. */
struct place {
	const struct view_ops *top;
	unsigned mode;
};

static size_t all_places(struct place *out, size_t cap)
{
	static const unsigned own[] = {KC_READ, KC_EDIT, KC_ASK};
	size_t n = 0;
	for (unsigned m = KC_SMALL; m <= KC_FIELD && n < cap; m <<= 1)
		out[n++] = (struct place){NULL, m};
	for (size_t v = 0; v < n_views; v++)
		for (size_t m = 0; views[v]->overlay && m < 3 && n < cap; m++)
			out[n++] = (struct place){views[v], own[m]};
	return n;
}

static bool rows_share_a_key(const struct key_row *a, const struct key_row *b)
{
	for (int i = 0; i < 4 && a->keys[i]; i++)
		for (int j = 0; j < 4 && b->keys[j]; j++)
			if (a->keys[i] == b->keys[j])
				return true;
	return false;
}

/* The table has no order to learn: in each place one row at most takes a
 * key, and one catch-all at most takes the rest. */
Test(keys, one_row_per_key_and_place)
{
	struct place places[64];
	size_t np = all_places(places, 64);
	const struct view_ops *oa, *ob;
	const struct key_row *a, *b;
	cr_assert_gt(np, 4 + 3);
	for (size_t p = 0; p < np; p++)
		for (size_t i = 0; (a = keys_row(i, &oa)); i++) {
			if (!keys_row_acts(a, oa, places[p].top, places[p].mode))
				continue;
			for (size_t j = i + 1; (b = keys_row(j, &ob)); j++)
				if (keys_row_acts(b, ob, places[p].top, places[p].mode))
					cr_assert_not(rows_share_a_key(a, b), "%s %u: rows %zu and %zu",
						      places[p].top ? places[p].top->name : "screen",
						      places[p].mode, i, j);
		}
}

/* Esc pops: over every overlay, in every mode it has, Esc is one of its
 * own rows (it closes it); a question takes it like any other answer. */
Test(keys, esc_pops_every_overlay)
{
	struct place places[64];
	size_t np = all_places(places, 64);
	for (size_t p = 0; p < np; p++) {
		const struct view_ops *owner, *top = places[p].top;
		if (!top || !keys_find(top, places[p].mode, 'a', &owner) || owner != top)
			continue; /* a mode the overlay does not have */
		cr_assert_not_null(keys_find(top, places[p].mode, 27, &owner), "%s", top->name);
		cr_assert_eq(owner, top, "Esc over %s is its own", top->name);
		cr_assert_not_null(top->title, "%s: the help heads its keys with the title", top->name);
		cr_assert_not_null(top->is_open, "%s opens and closes itself", top->name);
	}
}

/* Tab, Shift-Tab, Enter, Esc, the arrows and Backspace of the form and
 * the dialog are rows of the table, so the help lists them, under where
 * they work. */
Test(keys, form_and_dialog_keys_are_rows)
{
	static const int moves[] = {'\t', KEY_BTAB, '\n', KEY_UP, KEY_DOWN};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		cr_assert_neq(on_screen(KC_TEXT, moves[i])->keys[0], KEY_ANY, "key %d", moves[i]);
		cr_assert_neq(on_screen(KC_FIELD, moves[i])->keys[0], KEY_ANY, "key %d", moves[i]);
		cr_assert_neq(over("offer", KC_EDIT, moves[i])->keys[0], KEY_ANY, "key %d", moves[i]);
	}
	cr_assert_neq(on_screen(KC_TEXT, KEY_BACKSPACE)->keys[0], KEY_ANY);
	cr_assert_neq(on_screen(KC_TEXT, KEY_LEFT)->act, on_screen(KC_FIELD, KEY_LEFT)->act,
		      "← moves in a text, chooses on a choice");
	cr_assert_neq(over("offer", KC_EDIT, 27)->keys[0], KEY_ANY);
	cr_assert_neq(on_screen(KC_PICK, '\n')->act, on_screen(KC_FIELD, '\n')->act);
	cr_assert(help_lists("Anywhere on the screen", "Tab, ↓"));
	cr_assert(help_lists("Anywhere on the screen", "Shift-Tab, ↑"));
	cr_assert(help_lists("Anywhere on the screen", "F10, Ctrl-C"));
	cr_assert(help_lists("In a text field: typing edits the value", "Backspace, Delete"));
	cr_assert(help_lists("In a text field: typing edits the value", "Esc"));
	cr_assert(help_lists("On a choice field: keys are commands", "← →"));
	cr_assert(help_lists("On a choice field: keys are commands", "q"));
	cr_assert(help_lists("On a choice field: keys are commands", "o / O"));
	cr_assert(help_lists("On a choice field: keys are commands", "J K, mouse wheel"));
	cr_assert(help_lists("In a pick list", "Esc, q, ← →"));
	cr_assert(help_lists("In the price dialog (o / O)", "Enter"));
	cr_assert(help_lists("In the price dialog (o / O)", "Tab, Shift-Tab, ↑ ↓"));
	cr_assert(help_lists("In the help", "↑ ↓, j k"));
	cr_assert_not(help_lists("Anywhere on the screen", "q"), "q is typed in a text field");
}

/* Every row with a help text is listed, once. */
Test(help, lists_every_row_once)
{
	const char *k, *t;
	const struct view_ops *o;
	const struct key_row *r;
	size_t rows = 0, lines = 0;
	for (size_t i = 0; (r = keys_row(i, &o)); i++)
		rows += r->help != NULL;
	for (int i = 0; help_view_key_line(i, &k, &t); i++)
		lines += k != NULL;
	cr_assert_eq(lines, rows);
	cr_assert_geq(rows, 40, "the form's, the dialog's and the questions' keys too");
}

/* Next to the focus, the mode in words, the long form where it fits. */
Test(keys, the_mode_in_words)
{
	cr_assert_str_eq(keys_mode_mark(KC_TEXT, 14), " typing edits ");
	cr_assert_str_eq(keys_mode_mark(KC_FIELD, 16), " keys: commands ");
	cr_assert_str_eq(keys_mode_mark(KC_FIELD, 14), " commands ");
	cr_assert_str_eq(keys_mode_mark(KC_PICK, 14), " pick list ");
	cr_assert_str_eq(keys_mode_mark(KC_TEXT, 3), "");
	i18n_setup("zh", NULL);
	for (unsigned m = KC_PICK; m <= KC_FIELD; m <<= 1) {
		const char *mark = keys_mode_mark(m, 14);
		cr_assert_gt(text_width(mark), 2, "%u", m);
		cr_assert_leq(text_width(mark), 14, "%s", mark);
		cr_assert_null(strpbrk(mark, "abcdefghijklmnopqrstuvwxyz"), "in Chinese: %s", mark);
	}
	i18n_set_lang(I18N_EN);
}

static struct screen *screen_on_fixtures(struct catalog *cat)
{
	static struct screen sc;
	struct scenario start;
	struct diag dg = {0};
	char err[200];
	memset(&sc, 0, sizeof sc);
	cr_assert_eq(data_load_dir(cat, FIXTURES "/../..", &dg), 0);
	diag_clear(&dg);
	scenario_defaults(&start);
	cr_assert(scenario_set_model(&start, cat, "llama-2-7b", err, sizeof err));
	cr_assert(tui_screen_init(&sc, cat, &start, NULL));
	return &sc;
}

/* The overlay stack decides where keys go, without a terminal: the top
 * gets them first, passes F10 down unless it is a question, and Esc or
 * an answer pops it, showing what lies under it again. */
Test(view, the_overlay_stack_decides_where_keys_go)
{
	static struct catalog cat;
	struct screen *sc = screen_on_fixtures(&cat);
	const struct view_ops *help = view_find("help"), *quit = view_find("quit");
	cr_assert_null(view_top(sc));
	cr_assert_eq(view_mode(sc), KC_FIELD, "no fields built: keys are commands");
	cr_assert_eq(keys_dispatch(sc, KEY_F(1)), KR_DONE);
	cr_assert_eq(view_top(sc), help);
	cr_assert_eq(view_mode(sc), KC_READ);
	keys_dispatch(sc, 'p'); /* the help closes; p does not pin */
	cr_assert_null(view_top(sc));
	cr_assert_not(sc->s.pinned, "a key that closes the help goes no further");
	keys_dispatch(sc, 'p');
	cr_assert(sc->s.pinned);
	/* a pin would be lost: q asks; the question takes F2 as "no" */
	cr_assert_eq(keys_dispatch(sc, 'q'), KR_DONE);
	cr_assert_eq(view_top(sc), quit);
	cr_assert(view_holds_edit(sc), "no reload while a question waits");
	cr_assert_eq(keys_dispatch(sc, KEY_F(2)), KR_DONE);
	cr_assert_null(view_top(sc));
	cr_assert_str_eq(sc->s.status, "not quitting");
	/* F10 over the help asks over it; "no" shows the help again */
	keys_dispatch(sc, KEY_F(1));
	keys_dispatch(sc, KEY_F(10));
	cr_assert_eq(sc->depth, 2);
	cr_assert_eq(view_top(sc), quit);
	keys_dispatch(sc, 'n');
	cr_assert_eq(view_top(sc), help);
	cr_assert(!view_holds_edit(sc), "the help holds no edit: the data may reload");
	keys_dispatch(sc, 27);
	cr_assert_null(view_top(sc), "Esc pops the help");
	/* q over the help closes it and asks; y quits */
	keys_dispatch(sc, KEY_F(1));
	cr_assert_eq(keys_dispatch(sc, 'q'), KR_DONE);
	cr_assert_eq(view_top(sc), quit);
	cr_assert_eq(sc->depth, 1, "the help closed first");
	cr_assert_eq(keys_dispatch(sc, 'y'), KR_QUIT);
	session_unpin(&sc->s);
	cr_assert_eq(keys_dispatch(sc, 'q'), KR_QUIT, "nothing to lose: q quits at once");
	tui_screen_free(sc);
	catalog_free(&cat);
}

/* F1 over a question opens the help over it (its reason in full in the
 * help's messages); over the help then no key passes down past the
 * question: F10 and q close the help, and the question waits again. */
Test(view, f1_over_a_question_and_the_question_waits)
{
	static struct catalog cat;
	struct screen *sc = screen_on_fixtures(&cat);
	const struct view_ops *help = view_find("help"), *quit = view_find("quit");
	cr_assert_str_eq(over("quit", KC_ASK, KEY_F(1))->help_keys, "F1");
	cr_assert_str_eq(over("editor", KC_ASK, KEY_F(1))->help_keys, "F1");
	cr_assert_eq(over("help", KC_READ | KC_ABOVE_ASK, KEY_F(10))->keys[0], KEY_ANY,
		     "over a question the help passes F10 to nothing");
	cr_assert_str_eq(over("editor", KC_ASK, 'm')->help, "merge your rows and fields into it");
	cr_assert_str_eq(over("editor", KC_ASK, 't')->help, "keep theirs; your copy is kept aside");
	keys_dispatch(sc, 'p');
	keys_dispatch(sc, 'q');
	cr_assert_eq(view_top(sc), quit);
	cr_assert_eq(keys_dispatch(sc, KEY_F(1)), KR_DONE);
	cr_assert_eq(view_top(sc), help);
	cr_assert_eq(sc->depth, 2);
	cr_assert_str_eq(sc->s.status, "a pinned scenario is set: quit anyway? y/n",
			 "the question stays on the status line");
	cr_assert_str_eq(sc->s.recent[0], sc->s.status, "and in the help's messages");
	cr_assert_eq(keys_dispatch(sc, KEY_F(10)), KR_DONE, "F10 does not quit past the question");
	cr_assert_eq(view_top(sc), quit, "the question waits again");
	keys_dispatch(sc, KEY_F(1));
	cr_assert_eq(keys_dispatch(sc, 'q'), KR_DONE);
	cr_assert_eq(view_top(sc), quit, "q over it closes the help only");
	cr_assert_eq(keys_dispatch(sc, 'y'), KR_QUIT);
	session_unpin(&sc->s);
	tui_screen_free(sc);
	catalog_free(&cat);
}

/* Every view once, by a name of its own. */
Test(view, the_list_of_views)
{
	for (size_t i = 0; i < n_views; i++) {
		cr_assert_eq(view_find(views[i]->name), views[i], "%s", views[i]->name);
		cr_assert(!views[i]->question || views[i]->overlay, "%s", views[i]->name);
	}
	cr_assert_leq(n_views, VIEWS_MAX);
	cr_assert_null(view_find("no such view"));
}

/* LANG=C: every glyph in its ASCII form, CJK as '?' per display column,
 * so the text is exactly as wide as in UTF-8. */
Test(plain, ascii_forms_keep_the_width)
{
	char out[128];
	const char *in = "▶H20 96G · 4 × TP4 ◂▸ — ▼total ↑↓ 四川二区 ¥";
	theme_plain_text(out, sizeof out, in);
	cr_assert_str_eq(out, ">H20 96G . 4 x TP4 <> - vtotal ^v ???????? Y");
	cr_assert_eq(strlen(out), text_width(in));
	for (const char *c = out; *c; c++)
		cr_assert_lt((unsigned char)*c, 0x80);
	/* the 910B's band in the legend: "−" (U+2212) read "?" */
	cr_assert_str_eq(theme_plain_text(out, sizeof out, "~ estimate −65/+35%"),
			 "~ estimate -65/+35%");
	cr_assert_str_eq(theme_plain_text(out, 4, "四川"), "???");
	cr_assert_str_eq(theme_plain_text(out, sizeof out, "a\xff" "b"), "a?b");
}

Test(plain, locale_names_that_ask_for_utf8)
{
	cr_assert(terminal_names_utf8("zh_XX.UTF-8"));
	cr_assert(terminal_names_utf8("en_US.utf8"));
	cr_assert(terminal_names_utf8("C.UTF-8"));
	cr_assert_not(terminal_names_utf8("C"));
	cr_assert_not(terminal_names_utf8("POSIX"));
	cr_assert_not(terminal_names_utf8("zh_CN.GB18030"));
	cr_assert_not(terminal_names_utf8(NULL));
}

/* The language key: F2 wherever a key arrives but a question, L where
 * letters are commands; in a text field L is typed. */
Test(keys, the_language_key)
{
	const struct key_row *lang = on_screen(KC_FIELD, KEY_F(2));
	cr_assert_not_null(lang);
	cr_assert_str_eq(lang->help_keys, "F2");
	for (unsigned ctx = KC_SMALL; ctx <= KC_FIELD; ctx <<= 1)
		cr_assert_eq(on_screen(ctx, KEY_F(2))->act, lang->act, "ctx %u", ctx);
	cr_assert_eq(over("help", KC_READ, KEY_F(2)), lang);
	cr_assert_eq(over("offer", KC_EDIT, KEY_F(2)), lang);
	cr_assert_eq(on_screen(KC_FIELD, 'L')->act, lang->act);
	cr_assert_eq(on_screen(KC_TEXT, 'L')->keys[0], KEY_ANY, "L is typed in a text field");
	cr_assert_eq(over("quit", KC_ASK, KEY_F(2))->keys[0], KEY_ANY, "a question takes F2");
}

/* A status line never runs past the terminal: a hint that does not fit
 * is left out whole, in either language. */
static void hints_fit(void)
{
	char buf[512];
	unsigned ctxs[] = {KC_FIELD, KC_TEXT};
	int widths[] = {80, 99, 100, 120, 200};
	for (size_t c = 0; c < 2; c++)
		for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
			keys_status_line(ctxs[c], widths[w], buf, sizeof buf);
			cr_assert_leq(text_width(buf), (size_t)widths[w] - 1, "%s", buf);
		}
}

Test(keys, status_hints_fit_the_width_in_both_languages)
{
	char buf[512];
	i18n_set_lang(I18N_EN);
	hints_fit();
	keys_status_line(KC_FIELD, 120, buf, sizeof buf);
	cr_assert(strstr(buf, "q quit  L 中文") != NULL, "%s", buf);
	keys_status_line(KC_FIELD, 100, buf, sizeof buf);
	cr_assert_null(strstr(buf, "L 中"), "left out whole at 100 columns: %s", buf);
	draw_set_plain(true); /* LANG=C: 中文 would read "??" */
	keys_status_line(KC_TEXT, 120, buf, sizeof buf);
	draw_set_plain(false);
	cr_assert_str_eq(buf, "type to edit  Tab/↑↓ field  PgUp/PgDn GPU  F1 help  F10 quit");
	i18n_setup("zh", NULL);
	hints_fit();
	i18n_set_lang(I18N_EN);
}

/* A choice shows translated and goes back to the session by its
 * command-line name, whatever the language. */
static void choices_round_trip(void)
{
	form_specs_build();
	for (size_t k = 0; k < form_nspecs; k++) {
		const struct field_spec *s = &form_specs[k];
		char cli[64];
		for (int i = 0; s->kind == FK_ENUM && form_choice(s, i); i++) {
			cr_assert_eq(form_choice_find(s, form_choice_shown(s, i)), i, "%s %d", s->key, i);
			form_cli_value(s, form_choice_shown(s, i), cli, sizeof cli);
			cr_assert_str_eq(cli, form_choice(s, i));
		}
	}
}

/* Every setting the form shows has its field and the fold one more: 32
 * fields dropped the last rows silently once the serving rows came. */
Test(form, every_form_setting_has_its_field)
{
	size_t on_form = 0;
	form_specs_build();
	for (size_t r = 0; r < n_settings; r++)
		on_form += setting_on_form(&settings[r]);
	cr_assert_eq(form_nspecs, on_form + 1, "%zu specs for %zu settings", form_nspecs, on_form);
	cr_assert_lt(form_nspecs, MAX_SPECS);
}

Test(form, choices_round_trip_in_both_languages)
{
	const struct field_spec *precision = NULL;
	char cli[64];
	choices_round_trip();
	for (size_t k = 0; k < form_nspecs; k++)
		if (form_specs[k].key && strcmp(form_specs[k].key, "precision") == 0)
			precision = &form_specs[k];
	cr_assert_not_null(precision);
	cr_assert_geq(form_choice_find(precision, "BF16"), 0, "the name typed in any case");
	cr_assert_eq(form_choice_find(precision, "bf17"), -1);
	form_cli_value(precision, "bf17", cli, sizeof cli);
	cr_assert_str_eq(cli, "bf17", "text that is no choice goes on as typed, to be refused");
	i18n_setup("zh", NULL);
	choices_round_trip();
	i18n_set_lang(I18N_EN);
}

/* Chinese breaks between Han characters, never before closing
 * punctuation, never inside "8卡" or "¥9,345/月". */
Test(detail, chinese_line_breaks)
{
	const char *t = "权重：降低精度，或增加卡数";
	cr_assert_eq(detail_cjk_break(t, strlen("权重：降低精度，或")), strlen("权重：降低精度，或"));
	cr_assert_eq(detail_cjk_break(t, strlen("权重：降低精度")), strlen("权重：降低精"),
		     "the comma does not start a line");
	cr_assert_eq(detail_cjk_break("8卡 49k", 4), 0, "a number keeps its unit");
	cr_assert_eq(detail_cjk_break("¥9,345/月", strlen("¥9,345/")), 0);
	cr_assert_eq(detail_cjk_break("plain English text", 10), 0, "English breaks at spaces");
	cr_assert_eq(detail_cjk_break("用LoRA", strlen("用")), strlen("用"), "between Han and a word");
}

/* A space between a number and its unit is no place to break, in either
 * language: "1.9 tok/s" and "4 cards" stay on one line. */
Test(detail, a_number_keeps_its_unit_when_a_line_wraps)
{
	struct detail_lines d = {0};
	detail_add_wrapped(&d, "container 4 × ¥1,073 = ¥4,292/month · max 4 cards · 2026-10-12", 48);
	cr_assert_eq(d.n, 2);
	cr_assert_str_eq(d.line[0], "container 4 × ¥1,073 = ¥4,292/month · max");
	cr_assert_str_eq(d.line[1], "4 cards · 2026-10-12");
	d.n = 0;
	i18n_setup("zh", "/nonexistent/gpuplan-locale");
	detail_add_wrapped(&d, "速度：TTFT 56 s · TPOT 530 ms · 每用户 1.9 tok/s · 合计 7.4 tok/s", 40);
	i18n_setup("en", "/nonexistent/gpuplan-locale");
	cr_assert_eq(d.n, 2);
	cr_assert_str_eq(d.line[0], "速度：TTFT 56 s · TPOT 530 ms · 每用户");
	cr_assert_str_eq(d.line[1], "1.9 tok/s · 合计 7.4 tok/s");
}

/* In Chinese a breakdown line fills its width: breaks come between Han
 * characters as well as at spaces; no line is wider than asked. */
Test(detail, wrapped_chinese_lines_fill_the_width)
{
	static struct detail_lines d;
	i18n_setup("zh", NULL);
	d.n = 0;
	detail_add_wrapped(&d, "提示：TP8 通过 PCIe 互联扩展效率很差（没有 NVLink），建议改用流水线并行", 20);
	i18n_set_lang(I18N_EN);
	cr_assert_gt(d.n, 2);
	for (int i = 0; i < d.n; i++) {
		cr_assert_leq(text_width(d.line[i]), 20, "%s", d.line[i]);
		cr_assert_neq(strncmp(d.line[i], "，", strlen("，")), 0, "%s", d.line[i]);
	}
	cr_assert_geq(text_width(d.line[1]), 18, "filled: %s", d.line[1]);
}

/* The help box cuts what does not fit its text column: every key's help
 * fits it in both languages (the Chinese of "reload the data files (also
 * when they change on disk)" ran 4 columns over). */
Test(help, every_key_help_fits_the_box_in_both_languages)
{
	static const char *const langs[] = {"en", "zh"};
	const char *keys, *text;
	for (size_t l = 0; l < 2; l++) {
		i18n_setup(langs[l], "/nonexistent/gpuplan-locale");
		for (int i = 0; help_view_key_line(i, &keys, &text); i++) {
			if (!keys) { /* a heading: the whole line */
				cr_assert_leq(text_width(_(text)), (size_t)HELP_BOX_MAX_W - 4, "%s: %s",
					      langs[l], _(text));
				continue;
			}
			cr_assert_leq(text_width(_(text)), (size_t)HELP_TEXT_W, "%s: %s", langs[l], _(text));
			cr_assert_leq(text_width(_(keys)), (size_t)HELP_KEYS_W, "%s: %s", langs[l], _(keys));
		}
	}
	i18n_setup("en", "/nonexistent/gpuplan-locale");
}

/* Every cell of the compare table after the first starts after a space:
 * a card count never runs into a price ("3¥151,920"), and no line is
 * wider than the box. */
static void compare_cells_apart(const struct detail_lines *d, int header, int w)
{
	cr_assert_gt(d->n, header + 7, "a header and the GPU rows");
	for (int i = 0; i < d->n; i++) {
		const char *l = d->line[i];
		cr_assert_leq(text_width(l), (size_t)w, "%s", l);
		for (const char *y = strstr(l, "¥"); i > header && y; y = strstr(y + 1, "¥"))
			cr_assert(y[-1] == ' ' || y[-1] == '+' || y[-1] == '-', "%s", l);
	}
}

/* qwen2.5-72b at 32k and 20 sequences, pinned at bf16 and now fp32: prices
 * of six digits beside the card counts. The box at 80x24 is 48 columns
 * wide; the scenario lines wrap, the value 20 is never cut off. */
Test(detail, compare_columns_fit_their_widest_cell)
{
	static struct detail_lines d;
	static struct catalog cat;
	static struct session s;
	struct scenario sc;
	struct diag dg = {0};
	char err[200];
	cr_assert_eq(data_load_dir(&cat, FIXTURES "/../..", &dg), 0);
	diag_clear(&dg);
	scenario_defaults(&sc);
	cr_assert(scenario_set_model(&sc, &cat, "qwen2.5-72b", err, sizeof err));
	cr_assert(session_init(&s, &cat, &sc, NULL));
	cr_assert(session_apply(&s, "context", "32k"));
	cr_assert(session_apply(&s, "concurrency", "20"));
	session_pin(&s);
	cr_assert(session_apply(&s, "precision", "fp32"));
	for (int lang = 0; lang < 2; lang++) {
		if (lang)
			i18n_setup("zh", NULL);
		int header = detail_lines_compare(&d, &s, 48);
		cr_assert(strstr(d.line[header - 1], "20") != NULL, "%s", d.line[header - 1]);
		compare_cells_apart(&d, header, 48);
		header = detail_lines_compare(&d, &s, 86); /* 120x36: plans too */
		compare_cells_apart(&d, header, 86);
		cr_assert(strstr(d.line[header], "│") != NULL, "%s", d.line[header]);
	}
	i18n_set_lang(I18N_EN);
	session_free(&s);
	catalog_free(&cat);
}

/* issue 13: the price dialog's fields are line_edit texts (the form
 * library gave back NUL bytes past 24 CJK characters and cut at ~40). */
Test(line_edit, sixty_chinese_characters_stay_whole)
{
	struct line_edit l;
	char want[LINE_EDIT_BYTES] = "";
	line_edit_set(&l, "");
	for (int i = 0; i < 60; i++) {
		cr_assert(line_edit_insert(&l, i % 2 ? 0x6263 : 0x6298)); /* 扣 折 */
		strcat(want, i % 2 ? "扣" : "折");
	}
	cr_assert_str_eq(l.text, want);
	cr_assert_eq(l.len, 180);
	cr_assert_eq(line_edit_chars(&l), 60);
	/* a 48-column field shows the end: 23 characters (46 columns), the
	 * cursor after them with room for one more wide one */
	size_t start;
	int col;
	line_edit_view(&l, 48, &start, &col);
	cr_assert_eq(start, 3 * 37);
	cr_assert_eq(col, 46);
	cr_assert(line_edit_delete_before(&l)); /* one character, all its bytes */
	cr_assert_eq(l.len, 177);
	line_edit_home(&l);
	line_edit_view(&l, 48, &start, &col);
	cr_assert_eq(start, 0);
	cr_assert_eq(col, 0);
	line_edit_step(&l, 1);
	cr_assert(line_edit_delete_at(&l));
	cr_assert_eq(strncmp(l.text, "折折扣", 9), 0, "%s", l.text);
}

Test(line_edit, a_full_line_refuses_more_and_changes_nothing)
{
	struct line_edit l;
	line_edit_set(&l, "");
	for (int i = 0; i < LINE_EDIT_CHARS; i++)
		cr_assert(line_edit_insert(&l, 0x6298));
	cr_assert_not(line_edit_insert(&l, 'x'));
	cr_assert_eq(line_edit_chars(&l), LINE_EDIT_CHARS);
	cr_assert_not(line_edit_insert(&l, 0x7)); /* not printable */
	line_edit_set(&l, "95折");
	cr_assert_eq(l.cursor, 5);
	line_edit_step(&l, -1);
	cr_assert_eq(l.cursor, 2);
	cr_assert(line_edit_insert(&l, '.'));
	cr_assert_str_eq(l.text, "95.折");
}
