/* Colours and glyphs: a colour row and a monochrome row per element, so
 * bar segments differ by glyph where there is no colour. */
#ifndef GPUPLAN_THEME_H
#define GPUPLAN_THEME_H

#include <stdbool.h>
#include <stddef.h>

#include "estimate.h"

enum element {
	EL_WEIGHTS, EL_KV, EL_ACTIVATIONS, EL_STATES, EL_OVERHEAD, EL_HEADROOM, EL_FREE,
	EL_TITLE, EL_BORDER, EL_SELECTED, EL_OK, EL_TIGHT, EL_NOFIT, EL_CHEAPER, EL_ERROR,
	EL_HINT, EL_COUNT
};

struct theme {
	bool colour, unicode;
};

void theme_init(struct theme *t);
/* Attributes (colour pair and/or bold, reverse) for an element. */
int theme_attr(const struct theme *t, enum element e);
/* The glyph a bar segment is drawn with (UTF-8 or ASCII). */
const char *theme_glyph(const struct theme *t, enum element e);
/* What an element's glyph stands for, for the legend (NULL: no glyph). */
const char *theme_legend(enum element e, bool brief);
/* Text for a terminal that cannot show UTF-8: each glyph the screen uses
 * in its ASCII form (◂▸ <>, — -, ▶ >, · ., × x, ▼ v, ↑↓ ^v), any other
 * character as '?' once per display column, so columns stay where the
 * UTF-8 text would have put them. Returns out. */
char *theme_plain_text(char *out, size_t cap, const char *in);
/* The element that draws a slot of the memory-terms table. */
enum element theme_slot_element(enum mem_slot s);

#endif
