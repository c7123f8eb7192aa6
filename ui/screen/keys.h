/* One key table: keys.c's own rows (the screen-wide keys: select a GPU,
 * pin, quote, sort, reload, the language) and every view's rows (view.h),
 * walked as one table by the dispatcher, the help and the status line.
 * A row names the places it acts in; a key arrives in one place, the
 * mode of whatever is on top of the overlay stack (view_mode). */
#ifndef GPUPLAN_KEYS_H
#define GPUPLAN_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

/* Row i of the whole table: each view's rows in views[] order, then
 * keys.c's own; NULL past the end. owner: the view whose row it is
 * (NULL: keys.c's own). */
const struct key_row *keys_row(size_t i, const struct view_ops **owner);
/* Whether the row acts where a key arrives: at top (NULL: the main
 * screen) in mode. On the main screen every table's rows act in the
 * mode they name; over an overlay its own rows do, and the others' KC_OVER
 * rows unless the overlay is a question or lies over one (KC_ABOVE_ASK);
 * over a question only the others' KC_OVER_ASK rows (F1). */
bool keys_row_acts(const struct key_row *r, const struct view_ops *owner,
		   const struct view_ops *top, unsigned mode);
/* The row that takes ch there, or NULL: a row naming ch before a
 * catch-all, the top overlay's own rows before the others. */
const struct key_row *keys_find(const struct view_ops *top, unsigned mode, int ch,
				const struct view_ops **owner);
/* Runs a key where it arrives now; KR_DONE when no row takes it. */
enum key_result keys_dispatch(struct screen *sc, int ch);

/* The status line's hints for ctx (KC_TEXT or KC_FIELD), in the language
 * in use, each one whole: those that would not fit are left out. narrow:
 * the short forms, for a line under STATUS_WIDE_COLS columns. */
#define STATUS_WIDE_COLS 100
void keys_status_hint(unsigned ctx, bool narrow, char *buf, size_t cap);
/* The same for a terminal cols wide (its last column left free). */
void keys_status_line(unsigned ctx, int cols, char *buf, size_t cap);
/* The hints for ctx within cols columns (a dialog's hint line). */
void keys_hint_line(unsigned ctx, bool narrow, int cols, char *buf, size_t cap);

/* The places the help lists the main screen's keys under, in order: a
 * row goes under the first whose all bits its ctx has and none bits it
 * has not. mark: what the screen says next to the focus in that mode
 * (NULL: not a mode of its own). */
struct key_place {
	unsigned all, none;
	const char *heading, *mark, *mark_narrow;
};
extern const struct key_place key_places[];
extern const size_t n_key_places;
/* The mark for mode (KC_TEXT, KC_FIELD, KC_PICK) in the language in
 * use, within cols columns: the long form, else the short one, else "". */
const char *keys_mode_mark(unsigned mode, int cols);

#endif
