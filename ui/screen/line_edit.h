/* One line of text being edited, kept as the UTF-8 bytes it will be saved
 * as: a cursor between characters and the first character shown, so a
 * field narrower than its text scrolls by display width. The form
 * library's own buffer turned more than 24 CJK characters into NUL bytes
 * and cut them at about 40 (its wide-character read-back is one line of
 * the field's width): the price dialog edits here instead. No curses. */
#ifndef GPUPLAN_LINE_EDIT_H
#define GPUPLAN_LINE_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LINE_EDIT_BYTES 512 /* 127 characters of up to 4 bytes, and the NUL */
#define LINE_EDIT_CHARS 127

struct line_edit {
	char text[LINE_EDIT_BYTES];
	size_t len, cursor; /* bytes; the cursor sits before text[cursor] */
	size_t first;       /* the first byte shown */
};

/* The text (cut at a character when it does not fit), the cursor after it. */
void line_edit_set(struct line_edit *l, const char *text);
void line_edit_clear(struct line_edit *l);
/* Inserts the character at the cursor. False when the line is full or cp
 * is not a printable character (nothing changes). */
bool line_edit_insert(struct line_edit *l, uint32_t cp);
/* Backspace and Delete: false when there was nothing to delete. */
bool line_edit_delete_before(struct line_edit *l);
bool line_edit_delete_at(struct line_edit *l);
/* One character left (-1) or right (+1); home and end. */
void line_edit_step(struct line_edit *l, int dir);
void line_edit_home(struct line_edit *l);
void line_edit_end(struct line_edit *l);
size_t line_edit_chars(const struct line_edit *l);
/* What cols display columns show: the text from byte *start, the cursor
 * *col columns in. The view scrolls only as far as keeps the cursor in it. */
void line_edit_view(struct line_edit *l, int cols, size_t *start, int *col);

#endif
