/* The key table and the dispatcher. keys.c's own rows are the keys of
 * the screen as a whole; each view brings its rows (view.h). A key goes
 * where the top of the overlay stack is: the row that takes it there
 * runs, so precedence is keys_row_acts plus "a row naming the key before
 * a catch-all", and no two rows may take one key in one place (the tests
 * check the table for that). */
#include "keys.h"

#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "layout.h"

static enum key_result act_ignore(struct screen *sc, void *state, int ch)
{
	(void)sc, (void)state, (void)ch;
	return KR_DONE;
}

static enum key_result act_select(struct screen *sc, void *state, int ch)
{
	(void)state;
	session_select_row(&sc->s, ch == KEY_NPAGE || ch == 'j' ? 1 : -1);
	return KR_DONE;
}

/* A click or the wheel goes to the view under it. */
static enum key_result act_mouse(struct screen *sc, void *state, int ch)
{
	MEVENT ev;
	(void)state, (void)ch;
	if (getmouse(&ev) == OK)
		view_mouse(sc, &ev);
	return KR_DONE;
}

static enum key_result act_quote(struct screen *sc, void *state, int ch)
{
	(void)state, (void)ch;
	session_export_quote(&sc->s, NULL);
	return KR_DONE;
}

/* 中文 <-> English, at once: the views translate as they draw, and the
 * relayout rebuilds the form, whose label column and choice texts
 * follow the language. */
static enum key_result act_lang(struct screen *sc, void *state, int ch)
{
	(void)state, (void)ch;
	if (i18n_lang() == I18N_EN && draw_plain()) { /* Han characters would be "??" */
		session_status(&sc->s, true, "%s", _("Chinese needs a UTF-8 terminal: LANG=C.UTF-8"));
		return KR_DONE;
	}
	i18n_set_lang(i18n_lang() == I18N_ZH ? I18N_EN : I18N_ZH);
	session_relabel(&sc->s);
	/* TRANSLATORS: shown once the interface is in this catalogue's
	   language: name your language here ("界面语言：中文"). */
	session_status(&sc->s, false, "%s", _("Language: English"));
	return KR_RELAYOUT;
}

#define ESC 27
#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

/* The screen's own keys, in help order; the status line orders its hints
 * by rank, among every view's. */
static const struct key_row screen_rows[] = {
	{.keys = {KEY_NPAGE, KEY_PPAGE}, .ctx = KC_SCREEN, .act = act_select, .keeps_status = true,
	 .help_keys = "PgDn PgUp, j k", .help = N_("select a GPU row (j k: not in text)"),
	 .hints = {HINT(KC_TEXT, 4, N_("PgUp/PgDn GPU"), N_("PgUp/PgDn GPU"))}},
	{.keys = {'j', 'k'}, .ctx = KC_FIELD, .act = act_select,
	 .hints = {HINT(KC_FIELD, 5, N_("j/k GPU"), N_("j/k GPU"))}},
	{.keys = {KEY_MOUSE}, .ctx = KC_SCREEN, .act = act_mouse, .keeps_status = true,
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
	{.keys = {'r'}, .ctx = KC_FIELD, .op = session_reload_data,
	 .help_keys = "r", .help = N_("reload the data files (also done on a change)"),
	 .hints = {HINT(KC_FIELD, 9, N_("r reload"), N_("r reload"))}},
	/* Esc never quits: outside a text field or a list it does nothing */
	{.keys = {ESC}, .ctx = KC_SMALL | KC_FIELD, .act = act_ignore, .keeps_status = true},
	/* TRANSLATORS: the hints name the language the key switches to, in
	   that language: in a translation, "L English" and "F2 English". */
	{.keys = {KEY_F(2)}, .ctx = KC_SCREEN | KC_OVER, .act = act_lang,
	 .help_keys = "F2", .help = N_("switch the language: 中文 / English"),
	 .hints = {HINT(KC_TEXT, 14, N_("F2 中文"), N_("F2 中文"))}},
	{.keys = {'L'}, .ctx = KC_FIELD, .act = act_lang,
	 .help_keys = "L", .help = N_("switch the language: 中文 / English"),
	 .hints = {HINT(KC_FIELD, 14, N_("L 中文"), N_("L 中文"))}},
};
#define N_SCREEN_ROWS (sizeof screen_rows / sizeof screen_rows[0])

const struct key_row *keys_row(size_t i, const struct view_ops **owner)
{
	for (size_t v = 0; v < n_views; v++) {
		if (i < views[v]->nkeys) {
			*owner = views[v];
			return &views[v]->keys[i];
		}
		i -= views[v]->nkeys;
	}
	*owner = NULL;
	return i < N_SCREEN_ROWS ? &screen_rows[i] : NULL;
}

bool keys_row_acts(const struct key_row *r, const struct view_ops *owner,
		   const struct view_ops *top, unsigned mode)
{
	if (!r->act && !r->op)
		return false; /* listed in the help only */
	if (!top || owner == top)
		return (r->ctx & mode) != 0;
	if (top->question)
		return (r->ctx & KC_OVER_ASK) != 0;
	return !(mode & KC_ABOVE_ASK) && (r->ctx & KC_OVER);
}

static bool row_names(const struct key_row *r, int ch)
{
	for (int i = 0; i < 4 && r->keys[i]; i++)
		if (r->keys[i] == ch)
			return true;
	return false;
}

/* Pass 0: the top overlay's own rows; pass 1: every other row. */
static bool in_pass(const struct view_ops *owner, const struct view_ops *top, int pass)
{
	return pass == 0 ? top && owner == top : !top || owner != top;
}

/* The first row that takes ch by name (any false) or as a catch-all
 * (any true), the top overlay's own rows first. */
static const struct key_row *find_pass(const struct view_ops *top, unsigned mode, int ch,
				       bool any, const struct view_ops **owner)
{
	const struct key_row *r;
	const struct view_ops *o;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; (r = keys_row(i, &o)); i++)
			if (in_pass(o, top, pass) && keys_row_acts(r, o, top, mode) &&
			    (any ? r->keys[0] == KEY_ANY : row_names(r, ch))) {
				*owner = o;
				return r;
			}
	return NULL;
}

/* The rows are constant, so the last answer holds while top, mode and ch
 * repeat: a paste is 100 KB of the same kind of key. */
const struct key_row *keys_find(const struct view_ops *top, unsigned mode, int ch,
				const struct view_ops **owner)
{
	static struct {
		const struct view_ops *top, *owner;
		unsigned mode;
		int ch;
		const struct key_row *row;
		bool valid;
	} last;
	if (!last.valid || last.top != top || last.mode != mode || last.ch != ch) {
		const struct view_ops *o = NULL;
		const struct key_row *r = find_pass(top, mode, ch, false, &o);
		if (!r)
			r = find_pass(top, mode, ch, true, &o);
		last.top = top, last.mode = mode, last.ch = ch, last.valid = true;
		last.row = r, last.owner = r ? o : NULL;
	}
	if (owner)
		*owner = last.owner;
	return last.row;
}

enum key_result keys_dispatch(struct screen *sc, int ch)
{
	const struct view_ops *owner;
	const struct key_row *r = keys_find(view_top(sc), view_mode(sc), ch, &owner);
	enum key_result res = KR_DONE;
	if (!r)
		return KR_DONE;
	if (!r->typing)
		view_flush_all(sc); /* typing first, then the key */
	if (!r->keeps_status)
		session_clear_status(&sc->s);
	if (r->op)
		r->op(&sc->s);
	else
		res = r->act(sc, owner ? view_state(sc, owner) : NULL, ch);
	view_sync(sc); /* the key may have opened or closed an overlay */
	return res;
}

static const struct key_hint *hint_at(unsigned ctx, int rank)
{
	const struct view_ops *o;
	const struct key_row *r;
	for (size_t i = 0; (r = keys_row(i, &o)); i++)
		for (int h = 0; h < 2; h++)
			if ((r->hints[h].ctx & ctx) && r->hints[h].rank == rank)
				return &r->hints[h];
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

#define MAX_RANK 64

/* The hints in rank order, each translated, those that would pass cols
 * display columns left out (a later, shorter one may still fit). */
void keys_hint_line(unsigned ctx, bool narrow, int cols, char *buf, size_t cap)
{
	/* the narrow line of command keys is packed tighter */
	const char *sep = narrow && ctx == KC_FIELD ? " " : "  ";
	size_t n = 0, used = 0;
	buf[0] = '\0';
	for (int rank = 1; rank <= MAX_RANK && n < cap; rank++) {
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
	keys_hint_line(ctx, narrow, narrow ? MIN_COLS - 1 : STATUS_WIDE_COLS - 1, buf, cap);
}

void keys_status_line(unsigned ctx, int cols, char *buf, size_t cap)
{
	keys_hint_line(ctx, cols < STATUS_WIDE_COLS, cols - 1, buf, cap);
}

/* The main screen's places, most general first: a key that works in a
 * text field and on a choice works anywhere. The marks are words, so
 * the mode can be seen without knowing what a cursor means. */
const struct key_place key_places[] = {
	{KC_TEXT | KC_FIELD, 0, N_("Anywhere on the screen"), NULL, NULL},
	{KC_TEXT, KC_FIELD, N_("In a text field: typing edits the value"), N_(" typing edits "),
	 N_(" typing ")},
	{KC_FIELD, KC_TEXT, N_("On a choice field: keys are commands"), N_(" keys: commands "),
	 N_(" commands ")},
	{KC_PICK, KC_TEXT | KC_FIELD, N_("In a pick list"), N_(" pick list "), N_(" list ")},
};
const size_t n_key_places = sizeof key_places / sizeof key_places[0];

const char *keys_mode_mark(unsigned mode, int cols)
{
	for (size_t i = 0; i < n_key_places; i++) {
		const struct key_place *p = &key_places[i];
		if (p->all != mode || !p->mark)
			continue;
		if ((int)text_width(_(p->mark)) <= cols)
			return _(p->mark);
		if ((int)text_width(_(p->mark_narrow)) <= cols)
			return _(p->mark_narrow);
	}
	return "";
}
