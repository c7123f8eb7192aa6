/* The scenario form on the left: one field per setting, edits applied to
 * the session at once. The screen reaches it as form_view_ops (view.h);
 * its keys (Tab, Enter, the arrows, typing) are rows of the key table. */
#ifndef GPUPLAN_FORM_VIEW_H
#define GPUPLAN_FORM_VIEW_H

#include <curses.h>
#include <form.h>
#include <stdbool.h>

#include "draw.h"
#include "form_specs.h"
#include "session.h"

#define MODEL_MATCHES 5

struct form_view {
	struct session *s;
	const struct frame *fr;
	FORM *form;
	WINDOW *sub;
	FIELD *fields[FORM_MAX_FIELDS + 1];
	const struct field_spec *specs[FORM_MAX_FIELDS];
	int nfields;
	const struct model *matches[MODEL_MATCHES]; /* completions of the model typed */
	int nmatches;
	int pick;        /* the choice highlighted in an open pick list, -1: closed */
	bool advanced;   /* the advanced fields are shown */
	int skip;        /* fields after the model scrolled out of view */
	bool more_below; /* fields past the pane's last row */
	bool fresh_focus; /* the next key typed replaces the field */
	int cursor_col;  /* inside the current field */
	int label_w;     /* the label column, for the language in use (build) */
	unsigned synced; /* the session's reload count the field texts follow */
	char refused[256]; /* why the value typed in the current field was refused */
	char key_note[256]; /* why a key typed was not taken, until the batch is applied */
	/* the text field typed into, not applied yet: typing is applied once
	 * per batch of keys, so a paste costs one recompute, not one a key */
	int pending;
};

void form_view_init(struct form_view *v, struct session *s, const struct frame *fr);
/* Builds the fields for the current layout (none when it is too small). */
void form_view_resize(struct form_view *v);
void form_view_free(struct form_view *v);
/* After each key: the field texts follow the scenario when the data was reloaded. */
void form_view_update(struct form_view *v);
void form_view_draw(const struct form_view *v);
/* Applies what was typed since the last flush (the loop calls it once the
 * keys waiting are read; any key but typing calls it first). */
void form_view_flush(struct form_view *v);
bool form_view_click(struct form_view *v, int y, int x);
bool form_view_in_text(const struct form_view *v);
bool form_view_pick_open(const struct form_view *v);
/* The form library forgets the cursor when a form is unposted: kept
 * before the screen is redrawn, put back after. */
void form_view_save_cursor(struct form_view *v);
void form_view_unpost(struct form_view *v);
void form_view_place_cursor(const struct form_view *v, bool covered);

#endif
