/* The thin layer over the ncurses form library that every editable field
 * uses: one mapping from keys to form requests. */
#ifndef GPUPLAN_WIDGETS_H
#define GPUPLAN_WIDGETS_H

#include <form.h>
#include <stdbool.h>

enum edit_result { EDIT_IGNORED, EDIT_MOVED, EDIT_CHANGED };

/* Applies a text-editing key to the form's current field: cursor keys,
 * Backspace, Delete, printable characters (replace_first: the first one
 * clears the field, as a selected value is replaced when typing). The
 * field buffer is kept in step, since screens are redrawn from it. */
enum edit_result widget_edit_key(FORM *form, int ch, bool replace_first);

#endif
