/* Lines of a given width for the breakdown box, so it can scroll them
 * (detail_wrap.c): text wrapped at spaces, never between a number and
 * its unit, in Chinese also between Han characters. No curses here. */
#ifndef GPUPLAN_DETAIL_WRAP_H
#define GPUPLAN_DETAIL_WRAP_H

#include <stddef.h>

#define DETAIL_LINES 64
#define DETAIL_LINE_BYTES 512

struct detail_lines {
	char line[DETAIL_LINES][DETAIL_LINE_BYTES];
	int n;
};

/* Appends text broken at spaces into lines of at most w columns; in
 * Chinese also between Han characters (not before ，。：；）). */
void detail_add_wrapped(struct detail_lines *d, const char *text, int w);
/* The last place at or before byte fitted where Chinese text may break:
 * between two wide characters or a wide one and a letter, closing
 * punctuation not starting the next line. 0: none. */
size_t detail_cjk_break(const char *text, size_t fitted);

#endif
