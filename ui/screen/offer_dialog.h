/* o / O: a dialog over the screen to edit one offer's prices in place.
 * The screen reaches it as the overlay offer_view (view.h); its keys are
 * rows of the key table. */
#ifndef GPUPLAN_OFFER_DIALOG_H
#define GPUPLAN_OFFER_DIALOG_H

#include <curses.h>
#include <form.h>
#include <stdbool.h>
#include <wchar.h>

#include "draw.h"
#include "session.h"

struct offer_dialog {
	struct session *s;
	const struct frame *fr;
	bool open;
	struct offer_edit edit; /* the row being edited and its values */
	/* the values as the row holds them, and as the form gave them back when
	 * the dialog opened: a field left alone saves the row's own bytes, even
	 * where the form could not hold them (a locale without UTF-8) */
	char row[OF_COUNT][128], shown[OF_COUNT][128];
	FORM *form;
	WINDOW *sub;
	FIELD *fields[OF_COUNT + 1];
	int y, x, h, w, cursor_col;
	bool fresh; /* the next key typed replaces the field, as in the form */
	bool dated; /* collected or source was typed: an edit no longer sets them */
};

void offer_dialog_init(struct offer_dialog *d, struct session *s, const struct frame *fr);
/* Opens on the selected GPU's container (or bare-metal) offer; the status
 * line says why when there is none. */
void offer_dialog_open(struct offer_dialog *d, bool baremetal);
void offer_dialog_close(struct offer_dialog *d);
/* A new terminal size: the dialog is placed again, keeping what was typed,
 * the field and the cursor. */
void offer_dialog_resize(struct offer_dialog *d);
void offer_dialog_save_cursor(struct offer_dialog *d);
void offer_dialog_draw(const struct offer_dialog *d);

#endif
