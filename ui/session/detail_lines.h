/* The breakdown's text as lines of a given width, so the box can scroll
 * it: wrapped at spaces, most important notes first. No curses here. */
#ifndef GPUPLAN_DETAIL_LINES_H
#define GPUPLAN_DETAIL_LINES_H

#include <stddef.h>

#include "money.h"
#include "session.h"

#define DETAIL_LINES 64
#define DETAIL_LINE_BYTES 512

struct detail_lines {
	char line[DETAIL_LINES][DETAIL_LINE_BYTES];
	int n;
};

/* The selected plan's lines at width w: terms, headroom, both ways of
 * renting (when it fits), the limits, and its notes and the scenario's,
 * sorted by message_compare, warnings and blockers before the terms. A plan that does not fit shows the whole
 * model's totals and which term dominates, with what lowers it. */
/* How amounts are written (a plain terminal: MONEY_ASCII); UTF-8 until set. */
void detail_lines_set_money(enum money_style ms);
/* Appends text broken at spaces into lines of at most w columns; in
 * Chinese also between Han characters (not before ，。：；）). */
void detail_add_wrapped(struct detail_lines *d, const char *text, int w);
/* The last place at or before byte fitted where Chinese text may break:
 * between two wide characters or a wide one and a letter, closing
 * punctuation not starting the next line. 0: none. */
size_t detail_cjk_break(const char *text, size_t fitted);
void detail_lines_plan(struct detail_lines *out, const struct session *s, const struct plan *p,
		       int w);
/* The box's title: GPU, cards and the shape in words. */
void detail_title(char *buf, size_t cap, const struct plan *p);

#endif
