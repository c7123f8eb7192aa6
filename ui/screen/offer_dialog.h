/* o / O: a dialog over the screen to edit one offer's prices in place.
 * The screen reaches it as the overlay offer_view (view.h); its keys are
 * rows of the key table. */
#ifndef GPUPLAN_OFFER_DIALOG_H
#define GPUPLAN_OFFER_DIALOG_H

#include <curses.h>
#include <stdbool.h>
#include <wchar.h>

#include "draw.h"
#include "line_edit.h"
#include "session.h"

struct offer_dialog {
	struct session *s;
	const struct frame *fr;
	bool open;
	struct offer_edit edit; /* the row being edited and its values */
	/* each field's text as it will be saved: a field left alone is the
	 * row's own bytes, whatever the terminal could show of them */
	struct line_edit fields[OF_COUNT];
	int at;     /* the field the cursor is in */
	int y, x, h, w;
	int cursor_x; /* where the last draw left the cursor in field at */
	bool fresh; /* the next key typed replaces the field, as in the form */
	bool dated; /* collected or source was typed: an edit no longer sets them */
};

void offer_dialog_init(struct offer_dialog *d, struct session *s, const struct frame *fr);
/* Opens on the selected GPU's container (or bare-metal) offer; the status
 * line says why when there is none. */
void offer_dialog_open(struct offer_dialog *d, bool baremetal);
void offer_dialog_close(struct offer_dialog *d);
/* A new terminal size: the dialog is placed again; what was typed, the
 * field and the cursor stay. */
void offer_dialog_resize(struct offer_dialog *d);
void offer_dialog_draw(struct offer_dialog *d);

#endif
