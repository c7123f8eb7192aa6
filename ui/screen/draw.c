#include "draw.h"

#include <curses.h>

#include "text.h"

static bool plain; /* the locale cannot show UTF-8 */

void draw_set_plain(bool on)
{
	plain = on;
}

bool draw_plain(void)
{
	return plain;
}

int put_text(int y, int x, const char *s, int cols)
{
	char buf[1024], ascii[1024];
	if (cols <= 0)
		return 0;
	int used = (int)text_fit(buf, sizeof buf, s, (size_t)cols);
	mvaddstr(y, x, plain ? theme_plain_text(ascii, sizeof ascii, buf) : buf);
	return used;
}

int put_text_middle(int y, int x, const char *s, int cols)
{
	char buf[1024];
	if (cols <= 0)
		return 0;
	text_fit_middle(buf, sizeof buf, s, (size_t)cols);
	return put_text(y, x, buf, cols);
}

void put_right(int y, int x, int w, const char *s)
{
	int cols = (int)text_width(s);
	put_text(y, x + (cols < w ? w - cols : 0), s, w);
}

void draw_box(const struct frame *f, int y, int x, int h, int w, const char *title)
{
	attron(theme_attr(&f->theme, EL_BORDER));
	mvaddch(y, x, ACS_ULCORNER);
	mvhline(y, x + 1, ACS_HLINE, w - 2);
	mvaddch(y, x + w - 1, ACS_URCORNER);
	mvvline(y + 1, x, ACS_VLINE, h - 2);
	mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
	mvaddch(y + h - 1, x, ACS_LLCORNER);
	mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
	mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
	attroff(theme_attr(&f->theme, EL_BORDER));
	if (title) {
		attron(theme_attr(&f->theme, EL_TITLE));
		mvaddstr(y, x + 1, " ");
		put_text(y, x + 2, title, w - 5);
		addstr(" ");
		attroff(theme_attr(&f->theme, EL_TITLE));
	}
}
