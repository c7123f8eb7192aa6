#include "legend.h"

#include <curses.h>
#include <stdio.h>

#include "i18n.h"
#include "text.h"

static const enum element glyph_items[] = {
	EL_WEIGHTS, EL_KV, EL_ACTIVATIONS, EL_STATES, EL_OVERHEAD, EL_HEADROOM, EL_FREE, EL_NOFIT,
};
#define N_GLYPHS (int)(sizeof glyph_items / sizeof glyph_items[0])

/* The marks in the price columns, in words and briefly. */
static const char *const marks[][2] = {
	{N_("* cheaper"), N_("*cheaper")},
	{N_("c/b = container/bare metal"), N_("c/b ctr/bm")},
	{N_("— none"), NULL},
	{N_("~ estimate ±50%"), N_("~est")},
};
#define N_MARKS (int)(sizeof marks / sizeof marks[0])

static int item_width(const struct frame *fr, int i, bool brief)
{
	if (i < N_GLYPHS)
		return 1 + (int)text_width(theme_legend(glyph_items[i], brief)) + 1;
	const char *m = marks[i - N_GLYPHS][brief];
	(void)fr;
	return m ? (int)text_width(_(m)) + 2 : 0;
}

/* How many items from 'first' up to 'end' fit in w columns, and whether
 * in brief words. */
static int items_that_fit(const struct frame *fr, int first, int end, int w, bool *brief)
{
	for (int b = 0; b < 2; b++) {
		*brief = b;
		int used = 0, n = first;
		while (n < end && used + item_width(fr, n, b) <= w)
			used += item_width(fr, n++, b);
		if (n == end || b == 1)
			return n;
	}
	return first;
}

void legend_draw(const struct frame *fr, int y, int x, int w, bool bar, bool timed)
{
	bool brief;
	char buf[64];
	int first = bar ? 0 : N_GLYPHS;
	int end = N_GLYPHS + N_MARKS - (timed ? 0 : 1); /* "~" explains the time columns */
	int n = items_that_fit(fr, first, end, w - 1, &brief);
	if (bar)
		x += put_text(y, x, " ", 1);
	for (int i = first; i < n; i++) {
		if (i >= N_GLYPHS) {
			const char *m = marks[i - N_GLYPHS][brief];
			snprintf(buf, sizeof buf, " %s ", m ? _(m) : "");
			x += put_text(y, x, buf, w);
			continue;
		}
		enum element e = glyph_items[i];
		attron(theme_attr(&fr->theme, e));
		x += put_text(y, x, theme_glyph(&fr->theme, e), 1);
		attroff(theme_attr(&fr->theme, e));
		snprintf(buf, sizeof buf, "%s ", theme_legend(e, brief));
		x += put_text(y, x, buf, w);
	}
}
