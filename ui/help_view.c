/* The key table: drawn as the help overlay and summarised on the status
 * line for wherever the cursor is. */
#include <stdio.h>
#include <string.h>

#include "../src/text.h"
#include "tui_internal.h"

struct key_help {
	const char *keys, *what;
};

static const struct key_help keys[] = {
	{"Tab, Shift-Tab, ↑ ↓", "next / previous field"},
	{"← →, Enter", "choose precision, task... / pick list"},
	{"type", "edit a value: 4k, 128K, a model, 70b"},
	{"Tab, Enter in Model", "take the first catalogue match"},
	{"Enter on Advanced", "show / hide the advanced fields"},
	{"PgDn PgUp, j k", "select a GPU row (j k: not in text)"},
	{"mouse click", "select a field or a GPU row"},
	{"s", "sort: catalogue, monthly cost, cards"},
	{"p / P", "pin this scenario to compare / unpin"},
	{"x", "write a Markdown quote to this folder"},
	{"e / E", "edit prices / models in $EDITOR, reload"},
	{"o / O", "edit the container / bare-metal quote"},
	{"?", "this help (any key closes it)"},
	{"q, Esc, Ctrl-C", "quit (q: not in text fields)"},
};

const char *help_status_keys(const struct app *a)
{
	if (a->lay.too_small)
		return "q quit";
	bool narrow = COLS < 100;
	if (form_view_in_text(a))
		return narrow ? "type to edit  Tab field  PgUp/PgDn GPU  Esc quit"
			      : "type to edit  Tab/↑↓ field  PgUp/PgDn GPU  Esc quit  (? help outside text)";
	return narrow ? "Tab field ←→ choose j/k GPU p pin x quote e/o edit ? help q quit"
		      : "Tab/↑↓ field  ←→ choose  j/k GPU  p pin  x quote  e/o edit  s sort  ? help  q quit";
}

void help_view_draw(struct app *a)
{
	int n = (int)(sizeof keys / sizeof keys[0]);
	int w = COLS - 8 < 66 ? COLS - 8 : 66, h = n + 4;
	int y = (LINES - h) / 2, x = (COLS - w) / 2;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	draw_box(a, y, x, h, w, "Keys");
	for (int i = 0; i < n; i++) {
		attron(A_BOLD);
		put_text(y + 2 + i, x + 2, keys[i].keys, 21);
		attroff(A_BOLD);
		put_text(y + 2 + i, x + 24, keys[i].what, w - 26);
	}
}
