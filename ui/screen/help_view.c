/* The key table drawn as the help overlay, then the meaning of the marks
 * and codes the table shows, and the bar legend from the theme. */
#include "help_view.h"

#include <curses.h>

#include "i18n.h"
#include "legend.h"

/* What the table's marks and plan codes mean (plan_shape_code's scheme). */
static const char *const marks[][2] = {
	{"*", N_("the cheaper way to rent this plan")},
	{"— / !", N_("none / does not fit (the bar overflows)")},
	{"c, b", N_("the total rents containers / bare metal")},
	{N_("single, TP4"), N_("one card; tensor parallel over 4 cards")},
	{"PP3, DP2", N_("3 pipeline stages; 2 replicas (data par.)")},
	{"Z3×18", N_("ZeRO-3 data parallel over 18 cards")},
	{"2m, +rc", N_("on 2 machines; activations recomputed")},
};
#define N_MARKS (int)(sizeof marks / sizeof marks[0])

void help_view_init(struct help_view *v, const struct frame *fr, const struct key_row *rows,
		    size_t nrows)
{
	v->open = false;
	v->scroll = 0;
	v->fr = fr;
	v->rows = rows;
	v->nrows = nrows;
}

static int key_lines(const struct help_view *v)
{
	int n = 0;
	for (size_t i = 0; i < v->nrows; i++)
		n += v->rows[i].help != NULL;
	return n;
}

/* Line k of the help: a key row, a blank, a mark, the bar legend. */
static void help_line(const struct help_view *v, int k, int y, int x, int w)
{
	const char *left = NULL, *right = NULL;
	int keys = key_lines(v);
	for (size_t i = 0; i < v->nrows && k < keys; i++)
		if (v->rows[i].help && k-- == 0)
			left = v->rows[i].help_keys, right = v->rows[i].help;
	if (k >= keys + 1 && k < keys + 1 + N_MARKS)
		left = marks[k - keys - 1][0], right = marks[k - keys - 1][1];
	if (k == keys + 1 + N_MARKS) {
		put_text(y, x, _("bar"), HELP_KEYS_W);
		legend_draw(v->fr, y, x + HELP_KEYS_W, w - HELP_KEYS_W, true, true);
		return;
	}
	if (!left)
		return;
	attron(A_BOLD);
	put_text(y, x, _(left), HELP_KEYS_W); /* codes without words: not in the catalogue */
	attroff(A_BOLD);
	put_text(y, x + HELP_KEYS_W + 1, _(right), w - HELP_KEYS_W - 1);
}

bool help_view_scroll_key(struct help_view *v, int ch)
{
	int step = ch == KEY_DOWN || ch == 'j' ? 1 : ch == KEY_UP || ch == 'k' ? -1 : 0;
	v->scroll += step;
	return step != 0;
}

void help_view_draw(struct help_view *v)
{
	int n = key_lines(v) + 2 + N_MARKS;
	int w = COLS - 8 < HELP_BOX_MAX_W ? COLS - 8 : HELP_BOX_MAX_W, h = n + 4 < LINES - 2 ? n + 4 : LINES - 2;
	int y = (LINES - h) / 2, x = (COLS - w) / 2, rows = h - 4;
	int max = n > rows ? n - rows : 0;
	v->scroll = v->scroll < 0 ? 0 : v->scroll > max ? max : v->scroll;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	draw_box(v->fr, y, x, h, w, _("Keys and marks · any other key closes"));
	for (int r = 0; r < rows; r++)
		help_line(v, v->scroll + r, y + 2 + r, x + 2, w - 4);
	if (max)
		put_text(y + h - 1, x + w - 16, v->scroll < max ? _(" more ↓ j/k ") : " ↑ j/k ", 14);
}
