/* The thin layer over the ncurses form library that every editable field
 * uses: one mapping from keys to form requests. */
#ifndef GPUPLAN_WIDGETS_H
#define GPUPLAN_WIDGETS_H

#include <form.h>
#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

/* EDIT_REFUSED: a character the field has no room for (it holds
 * WIDGET_TEXT_MAX): nothing changed, and the caller says so. */
enum edit_result { EDIT_IGNORED, EDIT_MOVED, EDIT_CHANGED, EDIT_REFUSED };

/* The characters a text field holds: more than any setting's value as the
 * program writes it (16 measured points at %.15g are under 500), so a
 * value is never cut; typing past it is refused with a message. Buffers
 * for a field's text take WIDGET_TEXT_BYTES (UTF-8). */
#define WIDGET_TEXT_MAX 511
#define WIDGET_TEXT_BYTES (4 * WIDGET_TEXT_MAX + 4)

/* Applies a text-editing key to the form's current field: cursor keys,
 * Backspace, Delete, printable characters (replace_first: the first one
 * clears the field, as a selected value is replaced when typing). The
 * field buffer is kept in step, since screens are redrawn from it. */
enum edit_result widget_edit_key(FORM *form, int ch, bool replace_first);

/* A character beyond ASCII (95折): the form library edits it by display
 * width. replace_first as above. */
enum edit_result widget_edit_wide(FORM *form, wchar_t wc, bool replace_first);

/* REQ_END_LINE that also ends right in a text with wide characters. */
void widget_end_line(FORM *form);

/* Puts the form's cursor col display columns into its current field. */
void widget_cursor_to(FORM *form, int col);

/* A field's text without the padding the form library adds. */
void widget_field_text(FIELD *f, char *out, size_t cap);

/* The cursor's column inside the current field (the form library forgets
 * it when a form is unposted); false when the form has no cursor. */
bool widget_cursor_col(FORM *form, int field_x, int *col);

/* A form of fields (NULL-ended) drawn on stdscr inside an h x w
 * subwindow at y,x (returned in sub). */
FORM *widget_form_new(FIELD **fields, int h, int w, int y, int x, WINDOW **sub);

/* Frees a form, its n fields and its subwindow; all set to NULL. */
void widget_form_free(FORM **form, FIELD **fields, int n, WINDOW **sub);

#endif
