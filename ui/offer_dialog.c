/* o / O: edit the container or bare-metal quote in use for the selected
 * GPU type (monthly, hourly, discount, date). Enter saves to the user's
 * prices/offers.csv, changing only those fields; Esc cancels. The session
 * finds the row, checks and writes it; this file is the form. */
#include "offer_dialog.h"

#include <stdio.h>
#include <string.h>

#include "widgets.h"

#define LABEL_COLS 12

void offer_dialog_init(struct offer_dialog *d, struct session *s, const struct frame *fr)
{
	memset(d, 0, sizeof *d);
	d->s = s;
	d->fr = fr;
}

/* The cursor starts at the end of the monthly price. */
static void cursor_at_end(struct offer_dialog *d)
{
	char buf[128];
	widget_field_text(d->fields[0], buf, sizeof buf);
	d->cursor_col = (int)strlen(buf);
}

static void build_form(struct offer_dialog *d)
{
	d->w = 52, d->h = 9;
	d->y = (LINES - d->h) / 2, d->x = (COLS - d->w) / 2;
	for (int i = 0; i < OF_COUNT; i++) {
		d->fields[i] = new_field(1, d->w - 16, i, LABEL_COLS, 0, 0);
		field_opts_off(d->fields[i], O_AUTOSKIP | O_BLANK);
		set_field_back(d->fields[i], A_UNDERLINE);
		set_field_buffer(d->fields[i], 0, d->edit.values[i]);
	}
	d->fields[OF_COUNT] = NULL;
	d->form = widget_form_new(d->fields, OF_COUNT, d->w - 4, d->y + 2, d->x + 2, &d->sub);
	d->cursor_col = 0;
}

void offer_dialog_open(struct offer_dialog *d, bool baremetal)
{
	if (!session_offer_begin(d->s, baremetal, &d->edit))
		return;
	build_form(d);
	post_form(d->form);
	form_driver(d->form, REQ_END_LINE);
	cursor_at_end(d);
	d->open = true;
}

void offer_dialog_close(struct offer_dialog *d)
{
	widget_form_free(&d->form, d->fields, OF_COUNT, &d->sub);
	d->open = false;
}

void offer_dialog_resize(struct offer_dialog *d)
{
	offer_dialog_close(d);
}

static void save(struct offer_dialog *d)
{
	char values[OF_COUNT][128];
	form_driver(d->form, REQ_VALIDATION);
	for (int i = 0; i < OF_COUNT; i++)
		widget_field_text(d->fields[i], values[i], sizeof values[i]);
	if (session_offer_save(d->s, &d->edit, values))
		offer_dialog_close(d);
}

void offer_dialog_key(struct offer_dialog *d, int ch)
{
	switch (ch) {
	case 27:
		offer_dialog_close(d);
		session_status(d->s, false, "edit cancelled: nothing saved");
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		save(d);
		return;
	case '\t':
	case KEY_DOWN:
	case KEY_BTAB:
	case KEY_UP:
		form_driver(d->form, ch == '\t' || ch == KEY_DOWN ? REQ_NEXT_FIELD : REQ_PREV_FIELD);
		form_driver(d->form, REQ_END_LINE);
		return;
	default:
		widget_edit_key(d->form, ch, false);
	}
}

void offer_dialog_save_cursor(struct offer_dialog *d)
{
	if (d->open)
		widget_cursor_col(d->form, d->x + 2 + LABEL_COLS, &d->cursor_col);
}

void offer_dialog_draw(const struct offer_dialog *d)
{
	for (int r = 0; r < d->h; r++)
		mvhline(d->y + r, d->x, ' ', d->w);
	draw_box(d->fr, d->y, d->x, d->h, d->w, d->edit.title);
	unpost_form(d->form);
	post_form(d->form);
	form_driver(d->form, REQ_BEG_LINE);
	for (int i = 0; i < d->cursor_col; i++)
		form_driver(d->form, REQ_NEXT_CHAR);
	for (int i = 0; i < OF_COUNT; i++)
		put_text(d->y + 2 + i, d->x + 2, offer_field_names[i], 11);
	attron(theme_attr(&d->fr->theme, EL_HINT));
	put_text(d->y + d->h - 2, d->x + 2, "Enter save  Esc cancel  Tab field", d->w - 4);
	attroff(theme_attr(&d->fr->theme, EL_HINT));
	pos_form_cursor(d->form);
	curs_set(1);
}
