/* o / O: edit the container or bare-metal quote in use for the selected
 * GPU type (monthly, hourly, discount, date, source). Enter saves to the
 * user's prices/offers.csv, changing only those fields; Esc cancels. The
 * session finds the row, checks and writes it; this file is the dialog,
 * its fields edited as line_edit texts and drawn here. */
#include "offer_dialog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "keys.h"
#include "view.h"

#define LABEL_COLS 12

_Static_assert(sizeof ((struct offer_edit *)0)->values[0] == LINE_EDIT_BYTES,
	       "a dialog field holds a whole value");

void offer_dialog_init(struct offer_dialog *d, struct session *s, const struct frame *fr)
{
	memset(d, 0, sizeof *d);
	d->s = s;
	d->fr = fr;
}

static void place(struct offer_dialog *d)
{
	d->w = COLS - 4 < 64 ? COLS - 4 : 64, d->h = OF_COUNT + 5;
	d->y = (LINES - d->h) / 2, d->x = (COLS - d->w) / 2;
}

static void read_values(const struct offer_dialog *d, char values[OF_COUNT][OF_VALUE_BYTES])
{
	for (int i = 0; i < OF_COUNT; i++)
		memcpy(values[i], d->fields[i].text, OF_VALUE_BYTES);
}

/* The fields on d->edit's values, as freshly opened: the cursor at the end
 * of the monthly price, which the first key typed replaces. */
static void offer_dialog_reopened(struct offer_dialog *d)
{
	for (int i = 0; i < OF_COUNT; i++)
		line_edit_set(&d->fields[i], d->edit.values[i]);
	place(d);
	d->at = OF_MONTHLY;
	d->open = true;
	d->fresh = true;
	d->dated = false;
}

void offer_dialog_open(struct offer_dialog *d, bool baremetal)
{
	if (!session_offer_begin(d->s, baremetal, &d->edit)) {
		session_offer_free(&d->edit);
		return;
	}
	offer_dialog_reopened(d);
}

void offer_dialog_close(struct offer_dialog *d)
{
	session_offer_free(&d->edit);
	d->open = false;
}

void offer_dialog_resize(struct offer_dialog *d)
{
	if (!d->open)
		return;
	if (d->fr->lay.too_small) {
		d->open = false; /* nothing to draw it on: cancelled */
		session_offer_free(&d->edit);
		session_status(d->s, false, "%s", _("edit cancelled: the terminal is too small"));
		return;
	}
	place(d);
}

static void save(struct offer_dialog *d)
{
	char values[OF_COUNT][OF_VALUE_BYTES];
	read_values(d, values);
	if (session_offer_save(d->s, &d->edit, values))
		offer_dialog_close(d);
}

/* A changed price dates the quote today; a price back as it was, or a
 * change to anything else, leaves the row's date and source (session
 * rule) until collected or source are typed into themselves. */
static void after_edit(struct offer_dialog *d)
{
	char values[OF_COUNT][OF_VALUE_BYTES];
	if (d->at == OF_COLLECTED || d->at == OF_SOURCE)
		d->dated = true;
	if (d->dated)
		return;
	read_values(d, values);
	session_offer_stamp(&d->edit, values);
	line_edit_set(&d->fields[OF_COLLECTED], values[OF_COLLECTED]);
	line_edit_set(&d->fields[OF_SOURCE], values[OF_SOURCE]);
}

static void next_field(struct offer_dialog *d, int ch)
{
	int step = ch == '\t' || ch == KEY_DOWN ? 1 : OF_COUNT - 1;
	d->at = (d->at + step) % OF_COUNT;
	line_edit_end(&d->fields[d->at]);
	d->fresh = true;
}

/* Characters beyond ASCII (95折) only where the terminal shows them;
 * fresh: the first one replaces the field. */
static bool insert(struct line_edit *l, uint32_t cp, bool fresh)
{
	if (cp >= 0x80 && draw_plain())
		return false;
	struct line_edit before = *l;
	if (fresh)
		line_edit_clear(l);
	if (line_edit_insert(l, cp))
		return true;
	*l = before;
	return false;
}

/* Editing keys: true when the text may have changed. */
static bool edit_key(struct line_edit *l, int ch, wchar_t wch, bool fresh)
{
	switch (ch) {
	case KEY_BACKSPACE: case 127: case 8:
		return line_edit_delete_before(l);
	case KEY_DC:
		return line_edit_delete_at(l);
	case KEY_LEFT: case KEY_RIGHT:
		line_edit_step(l, ch == KEY_LEFT ? -1 : 1);
		return false;
	case KEY_HOME:
		line_edit_home(l);
		return false;
	case KEY_END:
		line_edit_end(l);
		return false;
	case KEY_WCHAR:
		return insert(l, (uint32_t)wch, fresh);
	default:
		return ch >= 32 && ch <= 126 && insert(l, (uint32_t)ch, fresh);
	}
}

/* Any key ends the field's fresh state; only a change of its text can
 * date the quote. */
static void edit(struct offer_dialog *d, int ch, wchar_t wch)
{
	char before[OF_VALUE_BYTES];
	struct line_edit *l = &d->fields[d->at];
	bool fresh = d->fresh;
	d->fresh = false;
	memcpy(before, l->text, sizeof before);
	if (edit_key(l, ch, wch, fresh) && strcmp(before, l->text) != 0)
		after_edit(d);
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

/* One field, underlined across its width, scrolled to keep the cursor in
 * view; returns the cursor's column on screen. */
static int draw_field(struct offer_dialog *d, int i)
{
	int y = d->y + 2 + i, x = d->x + 2 + LABEL_COLS, cols = d->w - 4 - LABEL_COLS, col;
	size_t start;
	line_edit_view(&d->fields[i], cols, &start, &col);
	put_text(y, d->x + 2, _(offer_field_labels[i]), LABEL_COLS - 1);
	attron(A_UNDERLINE);
	mvhline(y, x, ' ', cols);
	put_text(y, x, d->fields[i].text + start, cols);
	attroff(A_UNDERLINE);
	return x + col;
}

void offer_dialog_draw(struct offer_dialog *d)
{
	for (int r = 0; r < d->h; r++)
		mvhline(d->y + r, d->x, ' ', d->w);
	draw_box(d->fr, d->y, d->x, d->h, d->w, d->edit.title);
	for (int i = 0; i < OF_COUNT; i++) {
		int x = draw_field(d, i);
		if (i == d->at)
			d->cursor_x = x;
	}
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
	char values[OF_COUNT][OF_VALUE_BYTES];
	(void)sc, (void)ch;
	if (!d->edit.result.mergeable)
		return KR_DONE;
	read_values(d, values);
	if (session_offer_merge(d->s, &d->edit, values))
		offer_dialog_close(d);
	return KR_DONE;
}

static enum key_result dialog_reload(struct screen *sc, void *state, int ch)
{
	struct offer_dialog *d = state;
	(void)sc, (void)ch;
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

static void hook_draw(void *state)
{
	offer_dialog_draw(state);
}

static void hook_cursor(const void *state)
{
	const struct offer_dialog *d = state;
	move(d->y + 2 + d->at, d->cursor_x);
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
	.draw = hook_draw,
	.cursor = hook_cursor,
	.unsaved = hook_unsaved,
};
