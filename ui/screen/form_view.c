/* The scenario form: the ncurses form library behind a small table of
 * field specs. Each edit is applied at once; a value that is refused stays
 * in its field while the last valid scenario stays on screen. */
#include "form_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "parse.h"
#include "report.h"
#include "settings.h"
#include "tables.h"
#include "text.h"
#include "draw.h"
#include "form_specs.h"
#include "keys.h"
#include "view.h"
#include "widgets.h"

#define FOLD_OPEN "▾ "
#define FOLD_SHUT "▸ "

static int screen_row(int i)
{
	return 2 + i + (i >= 1); /* the model's size line sits under the model */
}

/* The label column: the widest label in the language in use and a space
 * ("Concurrency " in English), at most half the box, so a language
 * switch moves the fields. */
static int label_width(const struct form_view *v)
{
	int w = (int)text_width(_("Size")), most = (v->fr->lay.form_w - 2) / 2;
	for (size_t i = 0; i < form_nspecs; i++) {
		const struct field_spec *s = &form_specs[i];
		int lw = (int)text_width(_(s->label)) + (s->kind == FK_FOLD ? 2 : 0);
		w = lw > w ? lw : w;
	}
	return w + 1 < most ? w + 1 : most;
}

static void sync_fields(struct form_view *v)
{
	for (int i = 0; i < v->nfields; i++) {
		char buf[WIDGET_TEXT_BYTES];
		form_field_value(&v->s->sc, v->specs[i], buf, sizeof buf);
		if (v->specs[i]->kind == FK_FOLD)
			snprintf(buf, sizeof buf, "%s", v->advanced ? _("hide") : _("show"));
		set_field_buffer(v->fields[i], 0, buf);
	}
}

/* Choices are bold, text is underlined; the focused field is reversed,
 * whatever its kind, so the cursor's place shows without a cursor. */
static int field_attr(const struct field_spec *s, bool focused)
{
	int base = s->kind == FK_ENUM || s->kind == FK_FOLD ? (int)A_BOLD : (int)A_UNDERLINE;
	return focused ? base | (int)A_REVERSE : base;
}

/* One form field for a spec: on the form's row 'row', as wide as the box
 * leaves after the label and the unit; choices are not typed into. */
static FIELD *spec_field(const struct field_spec *s, int row, int inner, int lw)
{
	int unit = s->unit ? (int)text_width(_(s->unit)) + 1 : s->kind == FK_ENUM ? 3 : 0;
	bool choice_field = s->kind == FK_ENUM || s->kind == FK_FOLD;
	FIELD *f = new_field(1, inner - lw - 1 - unit, row, lw, 0, 0);
	if (!f)
		return NULL;
	field_opts_off(f, O_AUTOSKIP | O_STATIC | O_BLANK);
	set_max_field(f, WIDGET_TEXT_MAX); /* it held 96: a long measured list was cut */
	if (choice_field)
		field_opts_off(f, O_EDIT);
	set_field_back(f, field_attr(s, false));
	return f;
}

/* The fields from the model on: the first v->skip after the model are
 * scrolled out of view, and those past the pane's last row wait below
 * (more_below), so every field is reachable on a short terminal. */
static void build(struct form_view *v)
{
	int inner = v->fr->lay.form_w - 2, seen = 0;
	v->nfields = 0;
	v->more_below = false;
	v->label_w = label_width(v);
	for (size_t i = 0; i < form_nspecs && v->nfields < FORM_MAX_FIELDS; i++) {
		const struct field_spec *s = &form_specs[i];
		int row = screen_row(v->nfields) - 1;
		if (s->advanced && !v->advanced)
			continue;
		if (seen++ >= 1 && seen - 1 <= v->skip)
			continue;
		if (row + 2 >= v->fr->lay.status_y - 1) {
			v->more_below = true;
			break;
		}
		FIELD *f = spec_field(s, row - 1, inner, v->label_w);
		if (!f)
			break;
		v->specs[v->nfields] = s;
		v->fields[v->nfields++] = f;
	}
	v->fields[v->nfields] = NULL;
	int h = v->fr->lay.status_y - 3;
	v->form = widget_form_new(v->fields, h > 1 ? h : 1, inner, 2, v->fr->lay.form_x + 1, &v->sub);
	sync_fields(v);
	post_form(v->form);
	widget_end_line(v->form);
	form_view_save_cursor(v);
	v->fresh_focus = true;
}

/* Rebuilt with the fields scrolled, the focus on field 'at'. */
static void rebuild_at(struct form_view *v, int at)
{
	form_view_free(v);
	build(v);
	at = at < v->nfields ? at : v->nfields - 1;
	if (at > 0)
		set_current_field(v->form, v->fields[at]);
}

void form_view_free(struct form_view *v)
{
	widget_form_free(&v->form, v->fields, v->nfields, &v->sub);
	v->nfields = 0;
}

void form_view_init(struct form_view *v, struct session *s, const struct frame *fr)
{
	memset(v, 0, sizeof *v);
	v->s = s;
	v->fr = fr;
	v->pick = -1;
	v->pending = -1;
	v->synced = s->reloads;
	form_specs_build();
}

void form_view_update(struct form_view *v)
{
	if (v->synced == v->s->reloads)
		return;
	v->synced = v->s->reloads;
	sync_fields(v);
}

/* What was typed goes into the field's buffer first: typing does not
 * validate each character, and unposting drops what the window holds. */
void form_view_unpost(struct form_view *v)
{
	if (!v->form)
		return;
	form_driver(v->form, REQ_VALIDATION);
	unpost_form(v->form);
}

static int current(const struct form_view *v)
{
	return v->form ? field_index(current_field(v->form)) : 0;
}

bool form_view_in_text(const struct form_view *v)
{
	if (!v->nfields)
		return false;
	enum field_kind k = v->specs[current(v)]->kind;
	return k == FK_MODEL || k == FK_TEXT || k == FK_NUMBER;
}

static void trimmed_buffer(const struct form_view *v, int i, char *out, size_t cap)
{
	form_driver(v->form, REQ_VALIDATION);
	widget_field_text(v->fields[i], out, cap);
}

/* What field `at` holds when it is not the value in use (a value not yet
 * valid, a model half typed), else "". */
static void typed_text(struct form_view *v, int at, char *out, size_t cap)
{
	char used[WIDGET_TEXT_BYTES];
	out[0] = '\0';
	if (!v->form || at >= v->nfields || v->specs[at]->kind == FK_ENUM ||
	    v->specs[at]->kind == FK_FOLD)
		return;
	trimmed_buffer(v, at, out, cap);
	form_field_value(&v->s->sc, v->specs[at], used, sizeof used);
	if (strcmp(out, used) == 0)
		out[0] = '\0';
}

/* A pick list stays open across a resize, unless the form is gone; so
 * does what is being typed (a language switch rebuilds the form too: 16,
 * refused while the output is 512, snapped back to 4096). */
void form_view_resize(struct form_view *v)
{
	form_view_flush(v);
	int at = v->form ? field_index(current_field(v->form)) : 0;
	const struct field_spec *spec = at < v->nfields ? v->specs[at] : NULL;
	char typed[WIDGET_TEXT_BYTES];
	bool fresh = v->fresh_focus;
	typed_text(v, at, typed, sizeof typed);
	form_view_free(v);
	if (v->fr->lay.too_small) {
		v->pick = -1;
		return;
	}
	build(v);
	if (at >= v->nfields || v->specs[at] != spec)
		return;
	set_current_field(v->form, v->fields[at]); /* the focus stays on its field */
	if (typed[0]) {
		set_field_buffer(v->fields[at], 0, typed);
		v->fresh_focus = fresh;
	}
	widget_end_line(v->form);
	form_view_save_cursor(v);
}

static void find_matches(struct form_view *v, const char *text)
{
	v->nmatches = 0;
	for (size_t i = 0; i < v->s->cat->nmodels && v->nmatches < MODEL_MATCHES; i++) {
		const struct model *m = &v->s->cat->models[i];
		if (!text[0] || strcasestr(m->id, text) || strcasestr(m->name, text))
			v->matches[v->nmatches++] = m;
	}
}

/* Applies the edited field. The model accepts a catalogue name or a size;
 * anything else shows the catalogue entries that match so far. */
static void apply_field(struct form_view *v, int i)
{
	char text[WIDGET_TEXT_BYTES];
	const struct field_spec *s = v->specs[i];
	trimmed_buffer(v, i, text, sizeof text);
	v->refused[0] = '\0';
	if (s->kind != FK_MODEL) {
		char cli[WIDGET_TEXT_BYTES];
		form_cli_value(s, text, cli, sizeof cli);
		if (!session_apply(v->s, s->key, cli))
			snprintf(v->refused, sizeof v->refused, "%s", v->s->status);
		return;
	}
	double size;
	find_matches(v, text);
	bool exact = catalog_find_model(v->s->cat, text) != NULL;
	if (exact || v->nmatches == 0 || parse_model_size(text, &size)) {
		bool ok = session_apply(v->s, "model", text);
		if (!ok)
			snprintf(v->refused, sizeof v->refused, "%s", v->s->status);
		if (ok && exact)
			v->nmatches = 0;
		if (exact || v->nmatches == 0)
			return;
	}
	session_status(v->s, false,
		       P_("%d match: Tab or Enter takes %s", "%d matches: Tab or Enter takes %s",
			  (unsigned long)v->nmatches),
		       v->nmatches, v->matches[0]->name);
}

static void cycle(struct form_view *v, int i, int step)
{
	char text[64];
	const struct field_spec *s = v->specs[i];
	trimmed_buffer(v, i, text, sizeof text);
	int n = (int)setting_choice_count(s->setting), at = form_choice_find(s, text);
	at = ((at < 0 ? 0 : at) + step + n) % n;
	if (session_apply(v->s, s->key, form_choice(s, at)))
		set_field_buffer(v->fields[i], 0, form_choice_shown(s, at));
}

static void toggle_advanced(struct form_view *v)
{
	v->advanced = !v->advanced;
	v->skip = 0;
	form_view_free(v);
	build(v);
	for (int i = 0; i < v->nfields; i++)
		if (v->specs[i]->kind == FK_FOLD)
			set_current_field(v->form, v->fields[i]);
}

static bool complete_model(struct form_view *v, int i)
{
	if (v->specs[i]->kind != FK_MODEL || v->nmatches == 0)
		return false;
	const struct model *m = v->matches[0];
	v->nmatches = 0;
	if (session_apply(v->s, "model", m->id))
		set_field_buffer(v->fields[i], 0, m->name);
	return true;
}

/* Leaving a field: a value that was refused (or a half-typed model) gives
 * way to the one in use, so the form never shows what the screen does
 * not compute; the refusal stays on the status line. */
static void leave_field(struct form_view *v)
{
	int i = current(v);
	char text[WIDGET_TEXT_BYTES], used[WIDGET_TEXT_BYTES];
	if (!v->form || v->specs[i]->kind == FK_FOLD)
		return;
	trimmed_buffer(v, i, text, sizeof text);
	form_field_value(&v->s->sc, v->specs[i], used, sizeof used);
	v->nmatches = 0;
	if (strcmp(text, used) == 0)
		return;
	set_field_buffer(v->fields[i], 0, used);
	if (v->refused[0])
		session_status(v->s, true, _("%s: kept %s"), v->refused, used);
}

/* Tab on the last field shown scrolls the next one into view; Shift-Tab
 * on the first after the model scrolls back; wrapping around shows the
 * other end. True when it moved the focus. */
static bool scroll_focus(struct form_view *v, int req)
{
	int i = current(v), last = v->nfields - 1;
	if (req == REQ_NEXT_FIELD && i == last && (v->more_below || v->skip > 0)) {
		v->skip = v->more_below ? v->skip + 1 : 0;
		rebuild_at(v, v->skip ? last : 0);
		return true;
	}
	if (req == REQ_PREV_FIELD && i == 1 && v->skip > 0) {
		v->skip--;
		rebuild_at(v, 1);
		return true;
	}
	if (req == REQ_PREV_FIELD && i == 0 && v->more_below) {
		while (v->more_below) {
			v->skip++;
			rebuild_at(v, 0);
		}
		rebuild_at(v, v->nfields - 1);
		return true;
	}
	return false;
}

static void move_focus(struct form_view *v, int req)
{
	leave_field(v);
	v->refused[0] = '\0';
	if (!scroll_focus(v, req))
		form_driver(v->form, req);
	widget_end_line(v->form);
	v->fresh_focus = true;
}

/* Why a key typed into field i was not taken: said at once, and again
 * after the batch's value is applied (which clears the status line). */
static void note_key(struct form_view *v, int i, enum edit_result r)
{
	const char *label = _(v->specs[i]->label);
	char note[sizeof v->key_note];
	if (r == EDIT_REFUSED)
		snprintf(note, sizeof note, _("%s holds at most %d characters: the rest was not typed"),
			 label, WIDGET_TEXT_MAX);
	else
		snprintf(note, sizeof note,
			 _("%s: only ASCII can be typed here (is a Chinese input method on?)"), label);
	if (strcmp(note, v->key_note) == 0)
		return; /* the batch's flush says it (a paste refuses 100 KB of keys) */
	memcpy(v->key_note, note, sizeof note);
	session_status(v->s, true, "%s", v->key_note);
}

/* Entering a text field selects its value: the first key typed replaces
 * it, any other key starts editing it in place. A key the field does not
 * take (a character beyond ASCII, one past its end) changes nothing, so
 * the first key after it still replaces. */
static bool edit_key(struct form_view *v, int i, int ch)
{
	enum edit_result r = ch == KEY_WCHAR ? EDIT_REFUSED : widget_edit_key(v->form, ch, v->fresh_focus);
	if (r == EDIT_MOVED || r == EDIT_CHANGED)
		v->fresh_focus = false;
	if (r == EDIT_CHANGED)
		v->pending = i;
	if (ch == KEY_WCHAR || r == EDIT_REFUSED)
		note_key(v, i, ch == KEY_WCHAR ? EDIT_IGNORED : r);
	return r != EDIT_IGNORED;
}

/* The note of a key not taken, after the value was applied: beside the
 * value's own refusal, if any. */
static void show_key_note(struct form_view *v)
{
	char both[sizeof v->key_note + sizeof v->s->status + 8];
	if (!v->s->status[0])
		session_status(v->s, true, "%s", v->key_note);
	else if (strcmp(v->s->status, v->key_note) != 0) {
		snprintf(both, sizeof both, "%s · %s", v->key_note, v->s->status);
		session_status(v->s, true, "%s", both);
	}
	v->key_note[0] = '\0';
}

void form_view_flush(struct form_view *v)
{
	int i = v->pending;
	v->pending = -1;
	if (i >= 0 && v->form && i < v->nfields)
		apply_field(v, i);
	if (v->key_note[0])
		show_key_note(v);
}

/* Enter on an enumerated field opens its choices as a list under it. */
static void open_pick(struct form_view *v, int i)
{
	char text[64];
	trimmed_buffer(v, i, text, sizeof text);
	int at = form_choice_find(v->specs[i], text);
	v->pick = at < 0 ? 0 : at;
}

bool form_view_pick_open(const struct form_view *v)
{
	return v->pick >= 0;
}

static void draw_pick(const struct form_view *v)
{
	int i = current(v), x = v->fr->lay.form_x + 1 + v->label_w, y = screen_row(i) + 1;
	const struct field_spec *s = v->specs[i];
	int n = 0, w = 14; /* the box: borders, a space, the widest choice */
	for (; form_choice(s, n); n++)
		if ((int)text_width(form_choice_shown(s, n)) + 3 > w)
			w = (int)text_width(form_choice_shown(s, n)) + 3;
	if (y + n + 2 > v->fr->lay.status_y)
		y = screen_row(i) - n - 2;
	draw_box(v->fr, y, x - 1, n + 2, w, NULL);
	for (int k = 0; k < n; k++) {
		char line[96];
		const char *name = form_choice_shown(s, k);
		snprintf(line, sizeof line, " %s%*s", name, w - 3 - (int)text_width(name), "");
		if (k == v->pick)
			attron(theme_attr(&v->fr->theme, EL_SELECTED));
		put_text(y + 1 + k, x, line, w - 2);
		if (k == v->pick)
			attroff(theme_attr(&v->fr->theme, EL_SELECTED));
	}
}

/* Esc in a text field: the suggestions close and the value in use comes
 * back, without an error. */
static void undo_field(struct form_view *v)
{
	v->refused[0] = '\0';
	leave_field(v);
	widget_end_line(v->form);
	v->fresh_focus = true;
}

bool form_view_click(struct form_view *v, int y, int x)
{
	if (!v->form || x >= v->fr->lay.form_w)
		return false;
	for (int i = 0; i < v->nfields; i++) {
		if (screen_row(i) == y) {
			leave_field(v);
			v->refused[0] = '\0';
			set_current_field(v->form, v->fields[i]);
			widget_end_line(v->form);
			v->fresh_focus = true;
			if (v->specs[i]->kind == FK_FOLD)
				toggle_advanced(v);
			return true;
		}
	}
	return false;
}

static void draw_size_line(const struct form_view *v, int y, int x, int w)
{
	const struct model *m = scenario_model(&v->s->sc);
	char buf[96];
	if (!m)
		return;
	int lw = v->label_w;
	if (m->derived) { /* "70B (approx. sha": the short form where it is cut */
		snprintf(buf, sizeof buf, _("%.4gB (approx. shape)"), m->params_b);
		if ((int)text_width(buf) > w - lw)
			snprintf(buf, sizeof buf, _("%.4gB (approx.)"), m->params_b);
	}
	else if (m->active_params_b < m->params_b)
		snprintf(buf, sizeof buf, w - lw >= 18 ? _("%.4gB (%.3gB active)") : "%.4gB/%.3gB",
			 m->params_b, m->active_params_b);
	else
		snprintf(buf, sizeof buf, _("%.4gB (dense)"), m->params_b);
	put_text(y, x, _("Size"), lw - 1);
	put_text(y, x + lw, buf, w - lw);
}

static void draw_matches(const struct form_view *v, int y, int x, int w)
{
	attron(theme_attr(&v->fr->theme, EL_HINT));
	for (int i = 0; i < v->nmatches && y + i < v->fr->lay.status_y - 1; i++) {
		char buf[128];
		snprintf(buf, sizeof buf, "%s %s", i == 0 ? "→" : " ", v->matches[i]->name);
		put_text_middle(y + i, x, buf, w);
	}
	attroff(theme_attr(&v->fr->theme, EL_HINT));
}

/* Where the cursor is inside the current field: the screen is redrawn
 * from scratch every turn, and posting a form puts the cursor back at the
 * start of the field. */
void form_view_save_cursor(struct form_view *v)
{
	widget_cursor_col(v->form, v->fr->lay.form_x + 1 + v->label_w, &v->cursor_col);
}

/* By screen column, not by character: a Chinese character is two columns,
 * and stepping cursor_col characters would pass the end of "70B（仅参数量）"
 * and scroll the field to show only its tail. */
static void restore_cursor(const struct form_view *v)
{
	widget_cursor_to(v->form, v->cursor_col);
}

/* " more ↓ " on the box's bottom edge: Tab scrolls to the fields out of view. */
static void draw_more(const struct form_view *v, int x, int w)
{
	char mark[48];
	if (!v->more_below && v->skip == 0)
		return;
	if (v->more_below && v->skip)
		snprintf(mark, sizeof mark, " ↑↓ Tab ");
	else
		snprintf(mark, sizeof mark, v->more_below ? _(" more ↓ ") : _(" ↑ more "));
	int mw = (int)text_width(mark);
	put_text(v->fr->lay.status_y - 1, x + w - 1 - mw, mark, mw);
}

/* A label, its unit at the right edge, ◂▸ on a choice. */
static void draw_label(const struct form_view *v, const struct field_spec *s, int y, int x, int w)
{
	char fold[64];
	if (s->kind == FK_FOLD) {
		snprintf(fold, sizeof fold, "%s%s", v->advanced ? FOLD_OPEN : FOLD_SHUT, _(s->label));
		put_text(y, x, fold, v->label_w);
		return;
	}
	put_text(y, x, _(s->label), v->label_w - 1);
	if (s->unit) {
		int uw = (int)text_width(_(s->unit));
		put_text(y, x + w - uw, _(s->unit), uw);
	}
	if (s->kind == FK_ENUM)
		put_text(y, x + w - 2, "◂▸", 2);
}

static unsigned form_mode(const struct form_view *v)
{
	return form_view_pick_open(v) ? KC_PICK : form_view_in_text(v) ? KC_TEXT : KC_FIELD;
}

/* Whether typing edits the focused field or keys are commands, in words
 * on the box's top edge, right of the title and near the first fields. */
static void draw_mode(const struct form_view *v, const char *title)
{
	/* " title ", a dash, the mark, a dash, the corner */
	int room = v->fr->lay.form_w - 6 - (int)text_width(title);
	const char *mark = keys_mode_mark(form_mode(v), room);
	int mw = (int)text_width(mark);
	if (!mw)
		return;
	attron(theme_attr(&v->fr->theme, EL_HINT));
	put_text(1, v->fr->lay.form_x + v->fr->lay.form_w - 2 - mw, mark, mw);
	attroff(theme_attr(&v->fr->theme, EL_HINT));
}

/* A value longer than its field (a model's name: "DeepSeek-V3 / R1" read
 * "DeepSeek-V3 / R") shows its start and its end while another field has
 * the focus; the buffer keeps it whole, and editing scrolls through it. */
static void draw_long_value(const struct form_view *v, int i)
{
	int rows, cols, frow, fcol, nrow, nbuf;
	char text[WIDGET_TEXT_BYTES];
	if (i == current(v) ||
	    field_info(v->fields[i], &rows, &cols, &frow, &fcol, &nrow, &nbuf) != E_OK)
		return;
	widget_field_text(v->fields[i], text, sizeof text);
	if ((int)text_width(text) <= cols)
		return;
	attron(field_attr(v->specs[i], false));
	put_text_middle(2 + frow, v->fr->lay.form_x + 1 + fcol, text, cols);
	attroff(field_attr(v->specs[i], false));
}

void form_view_draw(const struct form_view *v)
{
	int x = v->fr->lay.form_x + 1, w = v->fr->lay.form_w - 2;
	draw_box(v->fr, 1, v->fr->lay.form_x, v->fr->lay.status_y - 1, v->fr->lay.form_w,
		 _("Scenario"));
	if (v->form)
		draw_mode(v, _("Scenario"));
	draw_more(v, x, w);
	for (int i = 0; i < v->nfields; i++)
		set_field_back(v->fields[i], field_attr(v->specs[i], i == current(v)));
	post_form(v->form);
	for (int i = 0; i < v->nfields; i++)
		draw_long_value(v, i);
	restore_cursor(v);
	draw_size_line(v, 3, x, w);
	for (int i = 0; i < v->nfields; i++)
		draw_label(v, v->specs[i], screen_row(i), x, w);
	draw_matches(v, screen_row(v->nfields) + 1, x, w);
	if (v->pick >= 0)
		draw_pick(v);
}

void form_view_place_cursor(const struct form_view *v, bool covered)
{
	if (v->form && !covered) {
		pos_form_cursor(v->form);
		curs_set(form_view_in_text(v) ? 1 : 0);
	} else {
		curs_set(0);
	}
}

/* The form's keys: rows of the key table (view.h), so the help lists
 * them and the status line hints them. Tab, Enter and the arrows move
 * between fields in a text field and on a choice alike; a choice takes
 * ← → and Enter; a text field takes everything else as typing. */

static bool has_fields(const struct form_view *v)
{
	return v->form && v->nfields > 0;
}

/* Tab: the first catalogue match when one is offered, else the next field. */
static enum key_result key_tab(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc, (void)ch;
	if (has_fields(v) && !complete_model(v, current(v)))
		move_focus(v, REQ_NEXT_FIELD);
	return KR_DONE;
}

static enum key_result key_focus(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc;
	if (has_fields(v))
		move_focus(v, ch == KEY_DOWN ? REQ_NEXT_FIELD : REQ_PREV_FIELD);
	return KR_DONE;
}

/* Enter: takes the first match in Model, shows or hides Advanced, opens
 * a choice's pick list, else moves to the next field. */
static enum key_result key_enter(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc, (void)ch;
	if (!has_fields(v))
		return KR_DONE;
	int i = current(v);
	enum field_kind kind = v->specs[i]->kind;
	if (complete_model(v, i))
		return KR_DONE;
	if (kind == FK_FOLD)
		toggle_advanced(v);
	else if (kind == FK_ENUM)
		open_pick(v, i);
	else
		move_focus(v, REQ_NEXT_FIELD);
	return KR_DONE;
}

static enum key_result key_space(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc, (void)ch;
	if (has_fields(v) && v->specs[current(v)]->kind == FK_FOLD)
		toggle_advanced(v);
	return KR_DONE;
}

static enum key_result key_cycle(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc;
	if (has_fields(v) && v->specs[current(v)]->kind == FK_ENUM)
		cycle(v, current(v), ch == KEY_LEFT ? -1 : 1);
	return KR_DONE;
}

static enum key_result key_undo(struct screen *sc, void *state, int ch)
{
	(void)sc, (void)ch;
	if (has_fields(state))
		undo_field(state);
	return KR_DONE;
}

/* The cursor keys, Backspace and Delete inside the text. */
static enum key_result key_edit(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc;
	if (has_fields(v))
		edit_key(v, current(v), ch);
	return KR_DONE;
}

/* A printable character waits with the others typed (form_view_flush);
 * any other key applies them first. */
static enum key_result key_type(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	if (ch < 32 || ch > 126)
		form_view_flush(v);
	return key_edit(sc, v, ch);
}

static enum key_result key_pick_step(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc;
	int n = (int)setting_choice_count(v->specs[current(v)]->setting);
	v->pick = (v->pick + (ch == KEY_UP || ch == 'k' ? n - 1 : 1)) % n;
	return KR_DONE;
}

static enum key_result key_pick_take(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	int i = current(v);
	const struct field_spec *s = v->specs[i];
	(void)sc, (void)ch;
	if (session_apply(v->s, s->key, form_choice(s, v->pick)))
		set_field_buffer(v->fields[i], 0, form_choice_shown(s, v->pick));
	v->pick = -1;
	return KR_DONE;
}

static enum key_result key_pick_close(struct screen *sc, void *state, int ch)
{
	struct form_view *v = state;
	(void)sc, (void)ch;
	v->pick = -1;
	return KR_DONE;
}

static enum key_result key_nothing(struct screen *sc, void *state, int ch)
{
	(void)sc, (void)state, (void)ch;
	return KR_DONE;
}

#define ESC 27
#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

static const struct key_row form_rows[] = {
	{.keys = {'\t'}, .ctx = KC_TEXT | KC_FIELD, .act = key_tab,
	 .help_keys = "Tab, ↓", .help = N_("next field"),
	 .hints = {HINT(KC_TEXT | KC_FIELD, 2, N_("Tab/↑↓ field"), N_("Tab field"))}},
	{.keys = {KEY_DOWN}, .ctx = KC_TEXT | KC_FIELD, .act = key_focus},
	{.keys = {KEY_BTAB, KEY_UP}, .ctx = KC_TEXT | KC_FIELD, .act = key_focus,
	 .help_keys = "Shift-Tab, ↑", .help = N_("previous field")},
	{.keys = {'\n', '\r', KEY_ENTER}, .ctx = KC_TEXT | KC_FIELD, .act = key_enter,
	 .help_keys = "Enter", .help = N_("next field; on a choice: its pick list")},
	{.keys = {KEY_ANY}, .ctx = KC_TEXT, .act = key_type, .typing = true,
	 .help_keys = N_("type"), .help = N_("edit a value: 4k, 128K, a model, 70b"),
	 .hints = {HINT(KC_TEXT, 1, N_("type to edit"), N_("type to edit"))}},
	{.ctx = KC_TEXT, .help_keys = N_("Tab, Enter in Model"),
	 .help = N_("take the first catalogue match")},
	{.keys = {KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END}, .ctx = KC_TEXT, .act = key_edit,
	 .help_keys = "← →, Home, End", .help = N_("move in the text")},
	{.keys = {KEY_BACKSPACE, 127, 8, KEY_DC}, .ctx = KC_TEXT, .act = key_edit,
	 .help_keys = N_("Backspace, Delete"), .help = N_("erase before / under the cursor")},
	{.keys = {ESC}, .ctx = KC_TEXT, .act = key_undo,
	 .help_keys = "Esc", .help = N_("undo: the value in use comes back")},
	{.keys = {KEY_LEFT, KEY_RIGHT}, .ctx = KC_FIELD, .act = key_cycle,
	 .help_keys = "← →", .help = N_("the next choice: precision, task..."),
	 .hints = {HINT(KC_FIELD, 3, N_("←→ choose"), N_("←→ choose"))}},
	{.keys = {' '}, .ctx = KC_FIELD, .act = key_space},
	{.ctx = KC_FIELD, .help_keys = N_("Enter on Advanced"),
	 .help = N_("show / hide the advanced fields")},
	{.keys = {KEY_ANY}, .ctx = KC_FIELD | KC_PICK, .act = key_nothing},
	{.keys = {KEY_UP, 'k'}, .ctx = KC_PICK, .act = key_pick_step,
	 .help_keys = "↑ ↓, j k, Tab", .help = N_("move in the list")},
	{.keys = {KEY_DOWN, 'j', '\t'}, .ctx = KC_PICK, .act = key_pick_step},
	{.keys = {'\n', '\r', KEY_ENTER, ' '}, .ctx = KC_PICK, .act = key_pick_take,
	 .help_keys = N_("Enter, Space"), .help = N_("take the choice")},
	{.keys = {ESC, 'q', KEY_LEFT, KEY_RIGHT}, .ctx = KC_PICK, .act = key_pick_close,
	 .help_keys = "Esc, q, ← →", .help = N_("close the list, nothing chosen")},
};

static void *hook_init(struct screen *sc)
{
	struct form_view *v = malloc(sizeof *v);
	if (v)
		form_view_init(v, &sc->s, &sc->fr);
	return v;
}

static void hook_free(void *state)
{
	form_view_free(state);
	free(state);
}

static unsigned hook_mode(const void *state)
{
	return form_mode(state);
}

static void hook_resize(void *state)
{
	form_view_resize(state);
}

static void hook_update(void *state)
{
	form_view_update(state);
}

static void hook_flush(void *state)
{
	form_view_flush(state);
}

/* The form library forgets what was typed and the cursor when unposted. */
static void hook_save(void *state)
{
	form_view_save_cursor(state);
	form_view_unpost(state);
}

static void hook_draw(void *state)
{
	form_view_draw(state);
}

static void hook_cursor(const void *state)
{
	form_view_place_cursor(state, false);
}

static bool hook_mouse(void *state, const MEVENT *ev)
{
	return !view_is_wheel(ev) && form_view_click(state, ev->y, ev->x);
}

const struct view_ops form_view_ops = {
	.name = "form",
	.keys = form_rows,
	.nkeys = sizeof form_rows / sizeof form_rows[0],
	.init = hook_init,
	.free = hook_free,
	.mode = hook_mode,
	.resize = hook_resize,
	.update = hook_update,
	.flush = hook_flush,
	.save = hook_save,
	.draw = hook_draw,
	.cursor = hook_cursor,
	.mouse = hook_mouse,
};
