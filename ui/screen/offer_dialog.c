/* o / O: edit the container or bare-metal quote in use for the selected
 * GPU type (monthly, hourly, discount, date, source). Enter saves to the
 * user's prices/offers.csv, changing only those fields; Esc cancels. The
 * session finds the row, checks and writes it; this file is the form. */
#include "offer_dialog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "keys.h"
#include "view.h"
#include "widgets.h"

#define LABEL_COLS 12

static void offer_dialog_reopened(struct offer_dialog *d);

void offer_dialog_init(struct offer_dialog *d, struct session *s, const struct frame *fr)
{
	memset(d, 0, sizeof *d);
	d->s = s;
	d->fr = fr;
}

static void read_values(struct offer_dialog *d, char values[OF_COUNT][128])
{
	form_driver(d->form, REQ_VALIDATION);
	for (int i = 0; i < OF_COUNT; i++)
		widget_field_text(d->fields[i], values[i], sizeof values[i]);
}

/* On field 'at' with the cursor 'col' columns in, the fields holding values. */
static void build_form(struct offer_dialog *d, int at, int col, char values[OF_COUNT][128])
{
	d->w = COLS - 4 < 64 ? COLS - 4 : 64, d->h = OF_COUNT + 5;
	d->y = (LINES - d->h) / 2, d->x = (COLS - d->w) / 2;
	for (int i = 0; i < OF_COUNT; i++) {
		d->fields[i] = new_field(1, d->w - 4 - LABEL_COLS, i, LABEL_COLS, 0, 0);
		field_opts_off(d->fields[i], O_AUTOSKIP | O_BLANK | O_STATIC);
		set_max_field(d->fields[i], 127);
		set_field_back(d->fields[i], A_UNDERLINE);
		set_field_buffer(d->fields[i], 0, values[i]);
	}
	d->fields[OF_COUNT] = NULL;
	d->form = widget_form_new(d->fields, OF_COUNT, d->w - 4, d->y + 2, d->x + 2, &d->sub);
	post_form(d->form);
	set_current_field(d->form, d->fields[at]);
	widget_cursor_to(d->form, col); /* the next redraw keeps the cursor from here */
	d->cursor_col = col;
}

/* The cursor starts at the end of the monthly price, which the first key
 * typed replaces. */
void offer_dialog_open(struct offer_dialog *d, bool baremetal)
{
	if (!session_offer_begin(d->s, baremetal, &d->edit)) {
		session_offer_free(&d->edit);
		return;
	}
	offer_dialog_reopened(d);
}

/* The form on d->edit's values, as freshly opened. */
static void offer_dialog_reopened(struct offer_dialog *d)
{
	memcpy(d->row, d->edit.values, sizeof d->row);
	build_form(d, OF_MONTHLY, (int)text_width(d->edit.values[OF_MONTHLY]), d->edit.values);
	read_values(d, d->shown);
	d->open = true;
	d->fresh = true;
	d->dated = false;
}

void offer_dialog_close(struct offer_dialog *d)
{
	widget_form_free(&d->form, d->fields, OF_COUNT, &d->sub);
	session_offer_free(&d->edit);
	d->open = false;
}

void offer_dialog_resize(struct offer_dialog *d)
{
	if (!d->open)
		return;
	int at = field_index(current_field(d->form)), col = d->cursor_col;
	char typed[OF_COUNT][128]; /* edit.values stay what the dialog opened with */
	read_values(d, typed);
	widget_form_free(&d->form, d->fields, OF_COUNT, &d->sub);
	if (d->fr->lay.too_small) {
		d->open = false; /* nothing to draw it on: cancelled */
		session_offer_free(&d->edit);
		session_status(d->s, false, "%s", _("edit cancelled: the terminal is too small"));
		return;
	}
	build_form(d, at, col, typed);
}

/* What the user left: a field not touched is the row's own text. */
static void typed_values(struct offer_dialog *d, char values[OF_COUNT][128])
{
	read_values(d, values);
	for (int i = 0; i < OF_COUNT; i++)
		if (strcmp(values[i], d->shown[i]) == 0)
			memcpy(values[i], d->row[i], sizeof values[i]);
}

static void save(struct offer_dialog *d)
{
	char values[OF_COUNT][128];
	typed_values(d, values);
	if (session_offer_save(d->s, &d->edit, values))
		offer_dialog_close(d);
}

/* A price typed by hand dates the quote today, until collected or source
 * are typed into themselves. */
static void after_edit(struct offer_dialog *d, int field)
{
	char values[OF_COUNT][128];
	if (field == OF_COLLECTED || field == OF_SOURCE) {
		d->dated = true;
		return;
	}
	if (d->dated)
		return;
	read_values(d, values);
	session_offer_mark_edited(values);
	set_field_buffer(d->fields[OF_COLLECTED], 0, values[OF_COLLECTED]);
	set_field_buffer(d->fields[OF_SOURCE], 0, values[OF_SOURCE]);
}

static void next_field(struct offer_dialog *d, int ch)
{
	form_driver(d->form, ch == '\t' || ch == KEY_DOWN ? REQ_NEXT_FIELD : REQ_PREV_FIELD);
	widget_end_line(d->form);
	d->fresh = true;
}

/* Typing: ASCII through the form's requests, other characters (95折) as
 * wide characters, which the form library lays out by display width. */
static void edit(struct offer_dialog *d, int ch, wchar_t wch)
{
	int field = field_index(current_field(d->form));
	bool fresh = d->fresh;
	enum edit_result r;
	d->fresh = false;
	if (ch == KEY_WCHAR)
		r = widget_edit_wide(d->form, wch, fresh);
	else
		r = widget_edit_key(d->form, ch, fresh);
	if (r == EDIT_CHANGED)
		after_edit(d, field);
}

/* Before a redraw, which unposts the form: the typing goes into the
 * field's buffer (it is not validated per character), and the cursor is
 * kept. */
void offer_dialog_save_cursor(struct offer_dialog *d)
{
	if (!d->open)
		return;
	form_driver(d->form, REQ_VALIDATION);
	widget_cursor_col(d->form, d->x + 2 + LABEL_COLS, &d->cursor_col);
}

/* Both versions of the row, under the dialog, and what each key does. */
static void draw_conflict(const struct offer_dialog *d)
{
	const struct csv_edit_result *r = &d->edit.result;
	int y = d->y + d->h, h = 6;
	if (y + h > LINES - 1)
		y = LINES - 1 - h > 0 ? LINES - 1 - h : 0;
	for (int i = 0; i < h; i++)
		mvhline(y + i, d->x, ' ', d->w);
	draw_box(d->fr, y, d->x, h, d->w, _("changed on disk since it was opened"));
	put_text(y + 1, d->x + 2, _("opened:"), 9);
	put_text(y + 1, d->x + 11, r->loaded_row ? r->loaded_row : "", d->w - 13);
	put_text(y + 2, d->x + 2, _("on disk:"), 9);
	put_text(y + 2, d->x + 11, r->disk_row ? r->disk_row : "", d->w - 13);
	attron(theme_attr(&d->fr->theme, EL_HINT));
	put_text(y + 4, d->x + 2, r->mergeable ? _("m merge yours into it  r reload  Esc cancel")
					       : _("r reload (yours are lost)  Esc cancel"), d->w - 4);
	attroff(theme_attr(&d->fr->theme, EL_HINT));
}

void offer_dialog_draw(const struct offer_dialog *d)
{
	for (int r = 0; r < d->h; r++)
		mvhline(d->y + r, d->x, ' ', d->w);
	draw_box(d->fr, d->y, d->x, d->h, d->w, d->edit.title);
	unpost_form(d->form);
	post_form(d->form);
	widget_cursor_to(d->form, d->cursor_col);
	for (int i = 0; i < OF_COUNT; i++)
		put_text(d->y + 2 + i, d->x + 2, _(offer_field_labels[i]), LABEL_COLS - 1);
	char hint[160];
	keys_hint_line(KC_EDIT, false, d->w - 4, hint, sizeof hint); /* the rows below */
	attron(theme_attr(&d->fr->theme, EL_HINT));
	put_text(d->y + d->h - 2, d->x + 2, hint, d->w - 4);
	attroff(theme_attr(&d->fr->theme, EL_HINT));
	if (d->edit.conflict)
		draw_conflict(d);
}

/* The dialog's keys, rows of the key table. In a field, Enter saves, Esc
 * cancels, Tab and the arrows move, the rest is typing; after a save
 * found the row changed on disk (KC_ASK), m merges the fields typed into
 * it (when none of them changed there too), r reloads and shows the row
 * as it is now, Esc cancels. Nothing is written otherwise. */

static enum key_result dialog_open(struct screen *sc, void *state, int ch)
{
	(void)sc;
	offer_dialog_open(state, ch == 'O');
	return KR_DONE;
}

static enum key_result dialog_cancel(struct screen *sc, void *state, int ch)
{
	struct offer_dialog *d = state;
	bool conflict = d->edit.conflict;
	(void)sc, (void)ch;
	offer_dialog_close(d);
	session_status(d->s, false, "%s",
		       conflict ? _("edit cancelled: nothing saved, the file keeps its row")
				: _("edit cancelled: nothing saved"));
	return KR_DONE;
}

static enum key_result dialog_save(struct screen *sc, void *state, int ch)
{
	(void)sc, (void)ch;
	save(state);
	return KR_DONE;
}

static enum key_result dialog_field(struct screen *sc, void *state, int ch)
{
	(void)sc;
	next_field(state, ch);
	return KR_DONE;
}

static enum key_result dialog_type(struct screen *sc, void *state, int ch)
{
	edit(state, ch, sc->wch);
	return KR_DONE;
}

static enum key_result dialog_merge(struct screen *sc, void *state, int ch)
{
	struct offer_dialog *d = state;
	char values[OF_COUNT][128];
	(void)sc, (void)ch;
	if (!d->edit.result.mergeable)
		return KR_DONE;
	typed_values(d, values);
	if (session_offer_merge(d->s, &d->edit, values))
		offer_dialog_close(d);
	return KR_DONE;
}

static enum key_result dialog_reload(struct screen *sc, void *state, int ch)
{
	struct offer_dialog *d = state;
	(void)sc, (void)ch;
	widget_form_free(&d->form, d->fields, OF_COUNT, &d->sub);
	d->open = false;
	if (session_offer_reload(d->s, &d->edit))
		offer_dialog_reopened(d);
	return KR_DONE;
}

static enum key_result dialog_ignore(struct screen *sc, void *state, int ch)
{
	(void)sc, (void)state, (void)ch;
	return KR_DONE;
}

#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

static const struct key_row dialog_rows[] = {
	{.keys = {'o', 'O'}, .ctx = KC_FIELD, .act = dialog_open,
	 .help_keys = "o / O", .help = N_("edit the container / bare-metal quote")},
	{.keys = {'\n', '\r', KEY_ENTER}, .ctx = KC_EDIT, .act = dialog_save, .keeps_status = true,
	 .help_keys = "Enter", .help = N_("save to your prices/offers.csv"),
	 .hints = {HINT(KC_EDIT, 1, N_("Enter save"), N_("Enter save"))}},
	{.keys = {27}, .ctx = KC_EDIT | KC_ASK, .act = dialog_cancel, .keeps_status = true,
	 .help_keys = "Esc", .help = N_("cancel: nothing is saved"),
	 .hints = {HINT(KC_EDIT, 2, N_("Esc cancel"), N_("Esc cancel"))}},
	{.keys = {'\t', KEY_DOWN, KEY_BTAB, KEY_UP}, .ctx = KC_EDIT, .act = dialog_field,
	 .keeps_status = true, .help_keys = "Tab, Shift-Tab, ↑ ↓", .help = N_("next / previous field"),
	 .hints = {HINT(KC_EDIT, 3, N_("Tab field"), N_("Tab field"))}},
	{.keys = {KEY_MOUSE}, .ctx = KC_EDIT | KC_ASK, .act = dialog_ignore, .keeps_status = true},
	{.keys = {KEY_ANY}, .ctx = KC_EDIT, .act = dialog_type, .keeps_status = true,
	 .help_keys = N_("type"), .help = N_("edit the field (95折 too)")},
	{.keys = {'m'}, .ctx = KC_ASK, .act = dialog_merge, .keeps_status = true,
	 .help_keys = N_("m (changed on disk)"), .help = N_("merge yours into the row on disk")},
	{.keys = {'r'}, .ctx = KC_ASK, .act = dialog_reload, .keeps_status = true,
	 .help_keys = N_("r (changed on disk)"), .help = N_("reload: the row as it is now")},
	{.keys = {KEY_ANY}, .ctx = KC_ASK, .act = dialog_ignore, .keeps_status = true},
};

static void *hook_init(struct screen *sc)
{
	struct offer_dialog *d = malloc(sizeof *d);
	if (d)
		offer_dialog_init(d, &sc->s, &sc->fr);
	return d;
}

static void hook_free(void *state)
{
	offer_dialog_close(state);
	free(state);
}

static bool hook_is_open(const void *state)
{
	return ((const struct offer_dialog *)state)->open;
}

static unsigned hook_mode(const void *state)
{
	return ((const struct offer_dialog *)state)->edit.conflict ? KC_ASK : KC_EDIT;
}

static void hook_resize(void *state)
{
	offer_dialog_resize(state);
}

static void hook_save(void *state)
{
	offer_dialog_save_cursor(state);
}

static void hook_draw(void *state)
{
	offer_dialog_draw(state);
}

static void hook_cursor(const void *state)
{
	pos_form_cursor(((const struct offer_dialog *)state)->form);
	curs_set(1);
}

static const char *hook_unsaved(const void *state)
{
	(void)state; /* asked only while open */
	return _("the price being edited is not saved");
}

const struct view_ops offer_dialog_ops = {
	.name = "offer",
	.title = N_("In the price dialog (o / O)"),
	.overlay = true,
	.holds_edit = true, /* its save checks the row on disk itself */
	.keys = dialog_rows,
	.nkeys = sizeof dialog_rows / sizeof dialog_rows[0],
	.init = hook_init,
	.free = hook_free,
	.is_open = hook_is_open,
	.mode = hook_mode,
	.resize = hook_resize,
	.save = hook_save,
	.draw = hook_draw,
	.cursor = hook_cursor,
	.unsaved = hook_unsaved,
};
