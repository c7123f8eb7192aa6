/* The key table drawn as the help overlay: every row with help text. */
#include "help_view.h"

#include <curses.h>

void help_view_init(struct help_view *v, const struct frame *fr, const struct key_row *rows,
		    size_t nrows)
{
	v->open = false;
	v->fr = fr;
	v->rows = rows;
	v->nrows = nrows;
}

static int help_lines(const struct help_view *v)
{
	int n = 0;
	for (size_t i = 0; i < v->nrows; i++)
		n += v->rows[i].help != NULL;
	return n;
}

void help_view_draw(const struct help_view *v)
{
	int n = help_lines(v);
	int w = COLS - 8 < 66 ? COLS - 8 : 66, h = n + 4;
	int y = (LINES - h) / 2, x = (COLS - w) / 2;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	draw_box(v->fr, y, x, h, w, "Keys");
	int line = y + 2;
	for (size_t i = 0; i < v->nrows; i++) {
		const struct key_row *k = &v->rows[i];
		if (!k->help)
			continue;
		attron(A_BOLD);
		put_text(line, x + 2, k->help_keys, 21);
		attroff(A_BOLD);
		put_text(line++, x + 24, k->help, w - 26);
	}
}
