#include "legend.h"

#include <curses.h>
#include <stdio.h>

#include "i18n.h"
#include "text.h"
#include "units.h"

static const enum element glyph_items[] = {
	EL_WEIGHTS, EL_KV, EL_ACTIVATIONS, EL_STATES, EL_OVERHEAD, EL_HEADROOM, EL_FREE, EL_NOFIT,
};
#define N_GLYPHS (int)(sizeof glyph_items / sizeof glyph_items[0])

/* The marks in the table's cells, in words and briefly, the first kept
 * longest when the line is short; the estimate's "%s" is the estimate
 * rows' band: "±65" or "−65/+35". */
static const char *const marks[][2] = {
	{N_("* cheaper"), N_("*cheaper")},
	{N_("c/b = container/bare metal"), N_("c/b ctr/bm")},
	{N_("— none"), NULL},
	{N_("< short of goals"), N_("<goals")},
	{N_("~ estimate %s%%"), N_("~est")},
};
enum { MARK_STAR, MARK_WAYS, MARK_NONE, MARK_SHORT, MARK_ESTIMATE };
#define N_MARKS (int)(sizeof marks / sizeof marks[0])

/* Mark i's text (brief or not), "" when it has no brief form or the
 * table shows no cell it marks. */
static void mark_text(char *buf, size_t cap, int i, bool brief, const struct legend_marks *sm)
{
	const char *m = marks[i][brief];
	char pct[24];
	if ((i == MARK_STAR || i == MARK_NONE) && !sm->per_card)
		m = NULL; /* "*" and "—" stand in the per-card columns */
	if ((i == MARK_ESTIMATE && sm->band_lo <= 0) || (i == MARK_SHORT && !sm->short_rows))
		m = NULL;
	unit_band_sides(pct, sizeof pct, sm->band_lo, sm->band_hi);
	snprintf(buf, cap, m ? _(m) : "", pct);
}

static int item_width(int i, bool brief, const struct legend_marks *sm)
{
	char m[64];
	if (i < N_GLYPHS)
		return 1 + (int)text_width(theme_legend(glyph_items[i], brief)) + 1;
	mark_text(m, sizeof m, i - N_GLYPHS, brief, sm);
	return m[0] ? (int)text_width(m) + 2 : 0;
}

/* How many items from 'first' up to 'end' fit in w columns, and whether
 * in brief words. */
static int items_that_fit(int first, int end, int w, const struct legend_marks *sm, bool *brief)
{
	for (int b = 0; b < 2; b++) {
		*brief = b;
		int used = 0, n = first;
		while (n < end && used + item_width(n, b, sm) <= w)
			used += item_width(n++, b, sm);
		if (n == end || b == 1)
			return n;
	}
	return first;
}

void legend_draw(const struct frame *fr, int y, int x, int w, const struct legend_marks *lm)
{
	bool brief;
	char buf[64], m[48];
	int first = lm->bar ? 0 : N_GLYPHS;
	int n = items_that_fit(first, N_GLYPHS + N_MARKS, w - 1, lm, &brief);
	if (lm->bar)
		x += put_text(y, x, " ", 1);
	for (int i = first; i < n; i++) {
		if (i >= N_GLYPHS) {
			mark_text(m, sizeof m, i - N_GLYPHS, brief, lm);
			if (!m[0])
				continue;
			snprintf(buf, sizeof buf, " %s ", m);
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
