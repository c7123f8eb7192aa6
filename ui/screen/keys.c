/* The key table and what each key does. A row names the contexts it acts
 * in; keys_context picks the one context a key arrives in, so precedence
 * is that one function plus the order of the rows (catch-alls last). */
#include "keys.h"

#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "layout.h"
#include "terminal.h"
#include "tui_screen.h"

/* A pin or an open edit would be lost: ask first. */
static enum key_result act_quit(struct tui *t, int ch)
{
	(void)ch;
	if (!t->s.pinned && !t->dialog.open)
		return KR_QUIT;
	t->confirm_quit = true;
	session_status(&t->s, true, _("%s: quit anyway? y/n"),
		       t->dialog.open ? _("the price being edited is not saved")
				      : _("a pinned scenario is set"));
	return KR_DONE;
}

static void answer_rejected(struct tui *t, int ch);

static enum key_result act_confirm(struct tui *t, int ch)
{
	if (t->confirm_rejected) {
		answer_rejected(t, ch);
		return t->quit_now ? KR_QUIT : KR_DONE;
	}
	t->confirm_quit = false;
	if (ch == 'y' || ch == 'Y')
		return KR_QUIT;
	session_status(&t->s, false, "%s", _("not quitting"));
	return KR_DONE;
}

static enum key_result act_ignore(struct tui *t, int ch)
{
	(void)t;
	(void)ch;
	return KR_DONE;
}

static enum key_result act_resize(struct tui *t, int ch)
{
	(void)t;
	(void)ch;
	return KR_RELAYOUT;
}

static enum key_result act_select(struct tui *t, int ch)
{
	session_select_row(&t->s, ch == KEY_NPAGE || ch == 'j' ? 1 : -1);
	return KR_DONE;
}

static enum key_result act_detail_scroll(struct tui *t, int ch)
{
	detail_view_scroll(&t->detail, ch == 'J' ? 1 : -1);
	return KR_DONE;
}

/* The wheel scrolls the breakdown under it; a click selects. */
static enum key_result act_click(struct tui *t, int ch)
{
	MEVENT ev;
	(void)ch;
	if (getmouse(&ev) != OK)
		return KR_DONE;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		if (detail_view_contains(&t->detail, ev.y, ev.x))
			detail_view_scroll(&t->detail, ev.bstate & BUTTON4_PRESSED ? -3 : 3);
	} else if (!gpu_table_click(&t->table, ev.y, ev.x)) {
		form_view_click(&t->form, ev.y, ev.x);
	}
	return KR_DONE;
}

static enum key_result act_quote(struct tui *t, int ch)
{
	(void)ch;
	session_export_quote(&t->s, NULL);
	return KR_DONE;
}

/* The editor on the prepared copy; a copy that does not load asks what
 * to do with it. */
static void run_editor(struct tui *t)
{
	enum data_edit_status st = session_edit_end(&t->s, &t->edit, terminal_run(t->edit.argv));
	t->confirm_rejected = st == DATA_EDIT_REJECTED;
}

static enum key_result act_edit(struct tui *t, int ch)
{
	if (session_edit_begin(&t->s, ch == 'e' ? FILE_OFFERS : FILE_MODELS, &t->edit))
		run_editor(t);
	return KR_DONE;
}

/* r reopens the rejected copy in the editor, k (or Esc) keeps the file;
 * F10 keeps it and quits. */
static void answer_rejected(struct tui *t, int ch)
{
	if (ch == KEY_F(10)) {
		t->confirm_rejected = false;
		session_edit_keep(&t->s, &t->edit);
		t->quit_now = true;
		return;
	}
	if (ch == 'r') {
		t->confirm_rejected = false;
		if (session_edit_reopen(&t->s, &t->edit))
			run_editor(t);
	} else if (ch == 'k' || ch == 27) {
		t->confirm_rejected = false;
		session_edit_keep(&t->s, &t->edit);
	}
}

static enum key_result act_offer(struct tui *t, int ch)
{
	offer_dialog_open(&t->dialog, ch == 'O');
	return KR_DONE;
}

static enum key_result act_help(struct tui *t, int ch)
{
	(void)ch;
	t->help.open = !t->help.open;
	t->help.scroll = 0;
	return KR_DONE;
}

/* ↑↓ j k scroll the help, any other key closes it; q also quits. */
static enum key_result act_help_close(struct tui *t, int ch)
{
	if (help_view_scroll_key(&t->help, ch))
		return KR_DONE;
	t->help.open = false;
	return ch == 'q' ? act_quit(t, ch) : KR_DONE;
}

static enum key_result act_dialog(struct tui *t, int ch)
{
	offer_dialog_key(&t->dialog, ch, t->wch);
	return KR_DONE;
}

static enum key_result act_form(struct tui *t, int ch)
{
	form_view_key(&t->form, ch);
	return KR_DONE;
}

/* 中文 <-> English, at once: the views translate as they draw, and the
 * relayout rebuilds the form, whose label column and choice texts
 * follow the language. */
static enum key_result act_lang(struct tui *t, int ch)
{
	(void)ch;
	if (i18n_lang() == I18N_EN && draw_plain()) { /* Han characters would be "??" */
		session_status(&t->s, true, "%s", _("Chinese needs a UTF-8 terminal: LANG=C.UTF-8"));
		return KR_DONE;
	}
	i18n_set_lang(i18n_lang() == I18N_ZH ? I18N_EN : I18N_ZH);
	session_relabel(&t->s);
	/* TRANSLATORS: shown once the interface is in this catalogue's
	   language: name your language here ("界面语言：中文"). */
	session_status(&t->s, false, "%s", _("Language: English"));
	return KR_RELAYOUT;
}

#define ESC 27
#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

/* In help order; the status line orders its hints by rank. */
const struct key_row key_rows[] = {
	{.help_keys = "Tab, Shift-Tab, ↑ ↓", .help = N_("next / previous field"),
	 .hints = {HINT(KC_TEXT | KC_FIELD, 2, N_("Tab/↑↓ field"), N_("Tab field"))}},
	{.help_keys = "← →, Enter", .help = N_("choose precision, task... / pick list"),
	 .hints = {HINT(KC_FIELD, 3, N_("←→ choose"), N_("←→ choose"))}},
	{.help_keys = N_("type"), .help = N_("edit a value: 4k, 128K, a model, 70b"),
	 .hints = {HINT(KC_TEXT, 1, N_("type to edit"), N_("type to edit"))}},
	{.help_keys = N_("Tab, Enter in Model"), .help = N_("take the first catalogue match")},
	{.help_keys = N_("Enter on Advanced"), .help = N_("show / hide the advanced fields")},
	{.keys = {KEY_NPAGE, KEY_PPAGE}, .ctx = KC_SCREEN, .act = act_select, .keeps_status = true,
	 .help_keys = "PgDn PgUp, j k", .help = N_("select a GPU row (j k: not in text)"),
	 .hints = {HINT(KC_TEXT, 4, N_("PgUp/PgDn GPU"), N_("PgUp/PgDn GPU"))}},
	{.keys = {'j', 'k'}, .ctx = KC_FIELD, .act = act_select,
	 .hints = {HINT(KC_FIELD, 5, N_("j/k GPU"), N_("j/k GPU"))}},
	{.keys = {'J', 'K'}, .ctx = KC_FIELD, .act = act_detail_scroll, .keeps_status = true,
	 .help_keys = N_("J K, mouse wheel"), .help = N_("scroll the breakdown (J K: not in text)")},
	{.keys = {KEY_MOUSE}, .ctx = KC_SCREEN, .act = act_click, .keeps_status = true,
	 .help_keys = N_("mouse click"), .help = N_("select a field or a GPU row")},
	{.keys = {'s'}, .ctx = KC_FIELD, .op = session_cycle_sort,
	 .help_keys = "s", .help = N_("sort: catalogue, monthly cost, cards"),
	 .hints = {HINT(KC_FIELD, 10, N_("s sort"), NULL)}},
	{.keys = {'p'}, .ctx = KC_FIELD, .op = session_pin,
	 .help_keys = "p / P", .help = N_("pin this scenario to compare / unpin"),
	 .hints = {HINT(KC_FIELD, 6, N_("p pin"), N_("p pin"))}},
	{.keys = {'P'}, .ctx = KC_FIELD, .op = session_unpin},
	{.keys = {'x'}, .ctx = KC_FIELD, .act = act_quote,
	 .help_keys = "x", .help = N_("write a Markdown quote to this folder"),
	 .hints = {HINT(KC_FIELD, 7, N_("x quote"), N_("x quote"))}},
	{.keys = {'e', 'E'}, .ctx = KC_FIELD, .act = act_edit,
	 .help_keys = "e / E", .help = N_("edit prices / models in $EDITOR, reload"),
	 .hints = {HINT(KC_FIELD, 8, N_("e/o edit"), N_("e/o edit"))}},
	{.keys = {'r'}, .ctx = KC_FIELD, .op = session_reload_data,
	 .help_keys = "r", .help = N_("reload the data files (also done on a change)"),
	 .hints = {HINT(KC_FIELD, 9, N_("r reload"), N_("r reload"))}},
	{.keys = {'o', 'O'}, .ctx = KC_FIELD, .act = act_offer,
	 .help_keys = "o / O", .help = N_("edit the container / bare-metal quote")},
	{.keys = {KEY_F(1)}, .ctx = KC_PICK | KC_TEXT | KC_FIELD, .act = act_help,
	 .help_keys = "F1, ?", .help = N_("this help (?: not in text fields)"),
	 .hints = {HINT(KC_FIELD, 11, N_("F1 help"), N_("F1 help")),
		   HINT(KC_TEXT, 11, N_("F1 help"), N_("F1 help"))}},
	{.keys = {'?'}, .ctx = KC_FIELD, .act = act_help},
	{.keys = {ESC}, .ctx = KC_SMALL | KC_FIELD, .act = act_ignore, .keeps_status = true,
	 .help_keys = "Esc", .help = N_("close a list, help or dialog; undo an edit")},
	{.keys = {'q'}, .ctx = KC_SMALL | KC_FIELD, .act = act_quit,
	 .help_keys = "q, F10, Ctrl-C", .help = N_("quit (q: not in text; asks first with a pin)"),
	 .hints = {HINT(KC_FIELD, 13, N_("q quit"), N_("q quit"))}},
	{.keys = {KEY_F(10)}, .ctx = KC_ALL, .act = act_quit, .keeps_status = true,
	 .hints = {HINT(KC_TEXT, 12, N_("F10 quit"), N_("F10 quit"))}},
	/* TRANSLATORS: the hints name the language the key switches to, in
	   that language: in a translation, "L English" and "F2 English". */
	{.keys = {KEY_F(2)}, .ctx = KC_ALL, .act = act_lang,
	 .help_keys = "L, F2", .help = N_("switch the language: 中文 / English"),
	 .hints = {HINT(KC_TEXT, 14, N_("F2 中文"), N_("F2 中文"))}},
	{.keys = {'L'}, .ctx = KC_FIELD, .act = act_lang,
	 .hints = {HINT(KC_FIELD, 14, N_("L 中文"), N_("L 中文"))}},
	/* not in the help: the terminal's size, and each context's catch-all */
	{.keys = {KEY_RESIZE}, .ctx = KC_ALL | KC_CONFIRM, .act = act_resize, .keeps_status = true},
	{.keys = {KEY_ANY}, .ctx = KC_CONFIRM, .act = act_confirm, .keeps_status = true},
	{.keys = {KEY_MOUSE}, .ctx = KC_DIALOG, .act = act_ignore, .keeps_status = true},
	{.keys = {KEY_ANY}, .ctx = KC_DIALOG, .act = act_dialog, .keeps_status = true},
	{.keys = {KEY_ANY}, .ctx = KC_HELP, .act = act_help_close, .keeps_status = true},
	{.keys = {KEY_ANY}, .ctx = KC_PICK | KC_TEXT | KC_FIELD, .act = act_form},
};
const size_t n_key_rows = sizeof key_rows / sizeof key_rows[0];

unsigned keys_context(const struct tui *t)
{
	if (t->confirm_quit || t->confirm_rejected)
		return KC_CONFIRM;
	if (t->dialog.open)
		return KC_DIALOG;
	if (t->help.open)
		return KC_HELP;
	if (form_view_pick_open(&t->form))
		return KC_PICK;
	if (t->fr.lay.too_small)
		return KC_SMALL;
	return form_view_in_text(&t->form) ? KC_TEXT : KC_FIELD;
}

static bool row_takes(const struct key_row *r, int ch)
{
	for (int i = 0; i < 4 && r->keys[i]; i++)
		if (r->keys[i] == ch || r->keys[i] == KEY_ANY)
			return true;
	return false;
}

const struct key_row *keys_find(unsigned ctx, int ch)
{
	for (size_t i = 0; i < n_key_rows; i++)
		if ((key_rows[i].act || key_rows[i].op) && (key_rows[i].ctx & ctx) &&
		    row_takes(&key_rows[i], ch))
			return &key_rows[i];
	return NULL;
}

enum key_result keys_dispatch(struct tui *t, int ch)
{
	const struct key_row *r = keys_find(keys_context(t), ch);
	if (!r)
		return KR_DONE;
	if (r->act != act_form)
		form_view_flush(&t->form); /* typing first, then the key */
	if (!r->keeps_status)
		session_clear_status(&t->s);
	if (r->op) {
		r->op(&t->s);
		return KR_DONE;
	}
	return r->act(t, ch);
}

static const struct key_hint *hint_at(unsigned ctx, int rank)
{
	for (size_t i = 0; i < n_key_rows; i++)
		for (int h = 0; h < 2; h++)
			if ((key_rows[i].hints[h].ctx & ctx) && key_rows[i].hints[h].rank == rank)
				return &key_rows[i].hints[h];
	return NULL;
}

/* Han characters (the language key's 中文) on a terminal that shows
 * ASCII only would be "??": such a hint is left out there. */
static bool shows_as_question_marks(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len = strlen(text), n;
	uint32_t cp;
	if (!draw_plain())
		return false;
	for (size_t at = 0; at < len; at += n ? n : 1)
		if ((n = utf8_decode(s + at, len - at, &cp)) && codepoint_width(cp) == 2)
			return true;
	return false;
}

/* The hints in rank order, each translated, those that would pass cols
 * display columns left out (a later, shorter one may still fit). */
static void status_hints(unsigned ctx, bool narrow, int cols, char *buf, size_t cap)
{
	/* the narrow line of command keys is packed tighter */
	const char *sep = narrow && ctx == KC_FIELD ? " " : "  ";
	size_t n = 0, used = 0;
	buf[0] = '\0';
	for (int rank = 1; rank <= (int)n_key_rows * 2 && n < cap; rank++) {
		const struct key_hint *h = hint_at(ctx, rank);
		const char *text = h ? (narrow ? h->narrow : h->wide) : NULL;
		if (!text)
			continue;
		text = _(text);
		if (shows_as_question_marks(text))
			continue;
		size_t w = (n ? text_width(sep) : 0) + text_width(text);
		if (used + w > (size_t)cols)
			continue;
		n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? sep : "", text);
		used += w;
	}
}

void keys_status_hint(unsigned ctx, bool narrow, char *buf, size_t cap)
{
	status_hints(ctx, narrow, narrow ? MIN_COLS - 1 : STATUS_WIDE_COLS - 1, buf, cap);
}

void keys_status_line(unsigned ctx, int cols, char *buf, size_t cap)
{
	status_hints(ctx, cols < STATUS_WIDE_COLS, cols - 1, buf, cap);
}
