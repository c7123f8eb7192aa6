/* The scenario form: the ncurses form library behind a small table of
 * field specs. Each edit is applied at once; a value that is refused stays
 * in its field while the last valid scenario stays on screen. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../src/parse.h"
#include "../src/report.h"
#include "../src/tables.h"
#include "../src/text.h"
#include "tui_internal.h"
#include "widgets.h"

static const struct field_spec specs[] = {
	{"Model", "model", FK_MODEL, NULL, false},
	{"Precision", "precision", FK_ENUM, NULL, false},
	{"Task", "task", FK_ENUM, NULL, false},
	{"Context", "context", FK_NUMBER, "tokens", false},
	{"Concurrency", "concurrency", FK_NUMBER, NULL, false},
	{"Headroom", "headroom", FK_NUMBER, "%", false},
	{"Advanced", NULL, FK_FOLD, NULL, false},
	{"KV cache", "kv-precision", FK_ENUM, NULL, true},
	{"ZeRO", "zero", FK_ENUM, NULL, true},
	{"Recompute", "recompute", FK_ENUM, NULL, true},
	{"LoRA rank", "lora-rank", FK_NUMBER, NULL, true},
	{"Overhead", "overhead", FK_NUMBER, "GiB", true},
	{"Prefill", "prefill-chunk", FK_NUMBER, "tok", true},
	{"Cards", "cards", FK_NUMBER, NULL, true},
};
#define NSPECS (sizeof specs / sizeof specs[0])

static const char *const kv_choices[] = {"auto", "16", "fp8", NULL};
static const char *const zero_choices[] = {"auto", "0", "1", "2", "3", NULL};
static const char *const recompute_choices[] = {"auto", "none", "full", NULL};

/* The values an enumerated field cycles through. */
static const char *choice(const struct field_spec *s, int i)
{
	if (strcmp(s->key, "precision") == 0)
		return i < (int)n_precisions ? precisions[i].name : NULL;
	if (strcmp(s->key, "task") == 0)
		return i < (int)n_tasks ? tasks[i].name : NULL;
	const char *const *list = strcmp(s->key, "zero") == 0	       ? zero_choices
				  : strcmp(s->key, "recompute") == 0 ? recompute_choices
								     : kv_choices;
	return list[i];
}

/* The scenario's current value of a field, as text. */
static void field_value(const struct app *a, const struct field_spec *s, char *buf, size_t cap)
{
	const struct scenario *sc = &a->sc;
	char zero[8];
	if (!s->key)
		buf[0] = '\0';
	else if (s->kind == FK_MODEL)
		snprintf(buf, cap, "%s", sc->model ? sc->model->name : "");
	else if (strcmp(s->key, "precision") == 0)
		snprintf(buf, cap, "%s", precisions[sc->precision].name);
	else if (strcmp(s->key, "task") == 0)
		snprintf(buf, cap, "%s", tasks[sc->task].name);
	else if (strcmp(s->key, "context") == 0)
		snprintf(buf, cap, "%lld", sc->context);
	else if (strcmp(s->key, "concurrency") == 0)
		snprintf(buf, cap, "%lld", sc->concurrency);
	else if (strcmp(s->key, "headroom") == 0)
		snprintf(buf, cap, "%g", sc->headroom_pct);
	else if (strcmp(s->key, "kv-precision") == 0)
		snprintf(buf, cap, "%s", scenario_kv_name(sc));
	else if (strcmp(s->key, "zero") == 0)
		snprintf(buf, cap, "%s", scenario_zero_name(sc, zero, sizeof zero));
	else if (strcmp(s->key, "recompute") == 0)
		snprintf(buf, cap, "%s", scenario_recompute_name(sc));
	else if (strcmp(s->key, "lora-rank") == 0)
		snprintf(buf, cap, "%d", sc->lora_rank);
	else if (strcmp(s->key, "overhead") == 0)
		snprintf(buf, cap, "%g", sc->overhead_gib);
	else if (strcmp(s->key, "prefill-chunk") == 0)
		snprintf(buf, cap, "%lld", sc->prefill_chunk);
	else if (strcmp(s->key, "cards") == 0)
		snprintf(buf, cap, sc->cards ? "%d" : "auto", sc->cards);
	else
		buf[0] = '\0';
}

#define LABEL_WIDTH 12 /* "Concurrency" and a space */

static int screen_row(int i)
{
	return 2 + i + (i >= 1); /* the model's size line sits under the model */
}

void form_view_sync(struct app *a)
{
	for (int i = 0; i < a->nfields; i++) {
		char buf[128];
		field_value(a, a->field_specs[i], buf, sizeof buf);
		if (a->field_specs[i]->kind == FK_FOLD)
			snprintf(buf, sizeof buf, "%s", a->advanced ? "hide" : "show");
		set_field_buffer(a->fields[i], 0, buf);
	}
}

void form_view_build(struct app *a)
{
	int lw = LABEL_WIDTH, inner = a->lay.form_w - 2;
	a->nfields = 0;
	for (size_t i = 0; i < NSPECS && a->nfields < FORM_MAX_FIELDS; i++) {
		const struct field_spec *s = &specs[i];
		int row = screen_row(a->nfields) - 1;
		if ((s->advanced && !a->advanced) || row + 2 >= a->lay.status_y - 1)
			continue;
		int unit = s->unit ? (int)strlen(s->unit) + 1 : s->kind == FK_ENUM ? 3 : 0;
		int width = inner - lw - 1 - unit;
		FIELD *f = new_field(1, width, row - 1, lw, 0, 0);
		if (!f)
			break;
		field_opts_off(f, O_AUTOSKIP | O_STATIC | O_BLANK);
		set_max_field(f, 96);
		if (s->kind == FK_ENUM || s->kind == FK_FOLD)
			field_opts_off(f, O_EDIT);
		set_field_back(f, s->kind == FK_ENUM || s->kind == FK_FOLD ? A_BOLD : A_UNDERLINE);
		a->field_specs[a->nfields] = s;
		a->fields[a->nfields++] = f;
	}
	a->fields[a->nfields] = NULL;
	a->form = new_form(a->fields);
	int h = a->lay.status_y - 3;
	a->form_sub = derwin(stdscr, h > 1 ? h : 1, inner, 2, a->lay.form_x + 1);
	set_form_win(a->form, stdscr);
	set_form_sub(a->form, a->form_sub);
	form_view_sync(a);
	post_form(a->form);
	form_driver(a->form, REQ_END_LINE);
	form_view_save_cursor(a);
	a->fresh_focus = true;
}

void form_view_free(struct app *a)
{
	if (a->form) {
		unpost_form(a->form);
		free_form(a->form);
		a->form = NULL;
	}
	for (int i = 0; i < a->nfields; i++)
		free_field(a->fields[i]);
	a->nfields = 0;
	if (a->form_sub) {
		delwin(a->form_sub);
		a->form_sub = NULL;
	}
}

static int current(const struct app *a)
{
	return a->form ? field_index(current_field(a->form)) : 0;
}

bool form_view_in_text(const struct app *a)
{
	if (!a->nfields)
		return false;
	enum field_kind k = a->field_specs[current(a)]->kind;
	return k == FK_MODEL || k == FK_NUMBER;
}

static void trimmed_buffer(const struct app *a, int i, char *out, size_t cap)
{
	form_driver(a->form, REQ_VALIDATION);
	snprintf(out, cap, "%s", field_buffer(a->fields[i], 0));
	size_t n = strlen(out);
	while (n && out[n - 1] == ' ')
		out[--n] = '\0';
}

static void find_matches(struct app *a, const char *text)
{
	a->nmatches = 0;
	for (size_t i = 0; i < a->cat->nmodels && a->nmatches < MODEL_MATCHES; i++) {
		const struct model *m = &a->cat->models[i];
		if (!text[0] || strcasestr(m->id, text) || strcasestr(m->name, text))
			a->matches[a->nmatches++] = m;
	}
}

/* Applies the edited field. The model accepts a catalogue name or a size;
 * anything else shows the catalogue entries that match so far. */
static void apply_field(struct app *a, int i)
{
	char text[128];
	const struct field_spec *s = a->field_specs[i];
	trimmed_buffer(a, i, text, sizeof text);
	if (s->kind != FK_MODEL) {
		app_apply(a, s->key, text);
		return;
	}
	double size;
	find_matches(a, text);
	bool exact = catalog_find_model(a->cat, text) != NULL;
	if (exact || a->nmatches == 0 || parse_model_size(text, &size)) {
		if (app_apply(a, "model", text) && exact)
			a->nmatches = 0;
		if (exact || a->nmatches == 0)
			return;
	}
	app_status(a, false, "%d match%s: Tab or Enter takes %s", a->nmatches,
		   a->nmatches == 1 ? "" : "es", a->matches[0]->name);
}

static void cycle(struct app *a, int i, int step)
{
	char text[64];
	const struct field_spec *s = a->field_specs[i];
	trimmed_buffer(a, i, text, sizeof text);
	int n = 0, at = 0;
	while (choice(s, n)) {
		if (strcasecmp(choice(s, n), text) == 0)
			at = n;
		n++;
	}
	at = (at + step + n) % n;
	if (app_apply(a, s->key, choice(s, at)))
		set_field_buffer(a->fields[i], 0, choice(s, at));
}

static void toggle_advanced(struct app *a)
{
	a->advanced = !a->advanced;
	form_view_free(a);
	form_view_build(a);
	for (int i = 0; i < a->nfields; i++)
		if (a->field_specs[i]->kind == FK_FOLD)
			set_current_field(a->form, a->fields[i]);
}

static bool complete_model(struct app *a, int i)
{
	if (a->field_specs[i]->kind != FK_MODEL || a->nmatches == 0)
		return false;
	const struct model *m = a->matches[0];
	a->nmatches = 0;
	if (app_apply(a, "model", m->id))
		set_field_buffer(a->fields[i], 0, m->name);
	return true;
}

static void move_focus(struct app *a, int req)
{
	int i = current(a);
	if (a->field_specs[i]->kind == FK_MODEL && a->nmatches)
		form_view_sync(a); /* leaving a half-typed model: show the one in use */
	a->nmatches = 0;
	form_driver(a->form, req);
	form_driver(a->form, REQ_END_LINE);
	a->fresh_focus = true;
}

/* Entering a text field selects its value: the first key typed replaces
 * it, any other key starts editing it in place. */
static bool edit_key(struct app *a, int i, int ch)
{
	bool fresh = a->fresh_focus;
	a->fresh_focus = false;
	enum edit_result r = widget_edit_key(a->form, ch, fresh);
	if (r == EDIT_CHANGED)
		apply_field(a, i);
	return r != EDIT_IGNORED;
}

/* Enter on an enumerated field opens its choices as a list under it. */
static void open_pick(struct app *a, int i)
{
	char text[64];
	trimmed_buffer(a, i, text, sizeof text);
	a->pick = 0;
	for (int n = 0; choice(a->field_specs[i], n); n++)
		if (strcasecmp(choice(a->field_specs[i], n), text) == 0)
			a->pick = n;
}

bool form_view_pick_open(const struct app *a)
{
	return a->pick >= 0;
}

static void pick_key(struct app *a, int i, int ch)
{
	const struct field_spec *s = a->field_specs[i];
	int n = 0;
	while (choice(s, n))
		n++;
	if (ch == KEY_UP || ch == 'k')
		a->pick = (a->pick + n - 1) % n;
	else if (ch == KEY_DOWN || ch == 'j' || ch == '\t')
		a->pick = (a->pick + 1) % n;
	else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
		if (app_apply(a, s->key, choice(s, a->pick)))
			set_field_buffer(a->fields[i], 0, choice(s, a->pick));
		a->pick = -1;
	} else if (ch == 27 || ch == 'q' || ch == KEY_LEFT || ch == KEY_RIGHT) {
		a->pick = -1;
	}
}

static void draw_pick(struct app *a)
{
	int i = current(a), x = a->lay.form_x + 1 + LABEL_WIDTH, y = screen_row(i) + 1;
	const struct field_spec *s = a->field_specs[i];
	int n = 0, w = 14;
	while (choice(s, n))
		n++;
	if (y + n + 2 > a->lay.status_y)
		y = screen_row(i) - n - 2;
	draw_box(a, y, x - 1, n + 2, w, NULL);
	for (int k = 0; k < n; k++) {
		char line[32];
		snprintf(line, sizeof line, " %-*s", w - 3, choice(s, k));
		if (k == a->pick)
			attron(theme_attr(&a->theme, EL_SELECTED));
		put_text(y + 1 + k, x, line, w - 2);
		if (k == a->pick)
			attroff(theme_attr(&a->theme, EL_SELECTED));
	}
}

bool form_view_key(struct app *a, int ch)
{
	if (!a->form)
		return false;
	int i = current(a);
	const struct field_spec *s = a->field_specs[i];
	if ((ch == '\t' || ch == '\n' || ch == '\r' || ch == KEY_ENTER) && complete_model(a, i))
		return true;
	if ((ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') && s->kind == FK_FOLD)
		return toggle_advanced(a), true;
	if (a->pick >= 0)
		return pick_key(a, i, ch), true;
	if ((ch == '\n' || ch == '\r' || ch == KEY_ENTER) && s->kind == FK_ENUM)
		return open_pick(a, i), true;
	switch (ch) {
	case '\t':
	case KEY_DOWN:
	case '\n':
	case '\r':
	case KEY_ENTER:
		move_focus(a, REQ_NEXT_FIELD);
		return true;
	case KEY_BTAB:
	case KEY_UP:
		move_focus(a, REQ_PREV_FIELD);
		return true;
	}
	if (s->kind == FK_ENUM && (ch == KEY_LEFT || ch == KEY_RIGHT))
		return cycle(a, i, ch == KEY_LEFT ? -1 : 1), true;
	if (s->kind == FK_MODEL || s->kind == FK_NUMBER)
		return edit_key(a, i, ch);
	return false;
}

bool form_view_click(struct app *a, int y, int x)
{
	if (!a->form || x >= a->lay.form_w)
		return false;
	for (int i = 0; i < a->nfields; i++) {
		if (screen_row(i) == y) {
			a->nmatches = 0;
			set_current_field(a->form, a->fields[i]);
			form_driver(a->form, REQ_END_LINE);
			a->fresh_focus = true;
			if (a->field_specs[i]->kind == FK_FOLD)
				toggle_advanced(a);
			return true;
		}
	}
	return false;
}

static void draw_size_line(struct app *a, int y, int x, int w)
{
	const struct model *m = a->sc.model;
	char buf[96];
	if (!m)
		return;
	if (m->derived)
		snprintf(buf, sizeof buf, "%.4gB (approx. shape)", m->params_b);
	else if (m->active_params_b < m->params_b)
		snprintf(buf, sizeof buf, w - LABEL_WIDTH >= 18 ? "%.4gB (%.3gB active)"
								: "%.4gB/%.3gB",
			 m->params_b, m->active_params_b);
	else
		snprintf(buf, sizeof buf, "%.4gB (dense)", m->params_b);
	put_text(y, x, "Size", w);
	put_text(y, x + LABEL_WIDTH, buf, w - LABEL_WIDTH);
}

static void draw_matches(struct app *a, int y, int x, int w)
{
	attron(theme_attr(&a->theme, EL_HINT));
	for (int i = 0; i < a->nmatches && y + i < a->lay.status_y - 1; i++) {
		char buf[128];
		snprintf(buf, sizeof buf, "%s %s", i == 0 ? "→" : " ", a->matches[i]->name);
		put_text(y + i, x, buf, w);
	}
	attroff(theme_attr(&a->theme, EL_HINT));
}

/* Where the cursor is inside the current field: the screen is redrawn
 * from scratch every turn, and posting a form puts the cursor back at the
 * start of the field. */
void form_view_save_cursor(struct app *a)
{
	int y, x;
	if (!a->form || pos_form_cursor(a->form) != E_OK)
		return;
	getyx(stdscr, y, x);
	(void)y;
	a->cursor_col = x - (a->lay.form_x + 1 + LABEL_WIDTH);
}

static void restore_cursor(struct app *a)
{
	form_driver(a->form, REQ_BEG_LINE);
	for (int i = 0; i < a->cursor_col; i++)
		form_driver(a->form, REQ_NEXT_CHAR);
}

void form_view_draw(struct app *a)
{
	int x = a->lay.form_x + 1, w = a->lay.form_w - 2, lw = LABEL_WIDTH;
	draw_box(a, 1, a->lay.form_x, a->lay.status_y - 1, a->lay.form_w, "Scenario");
	post_form(a->form);
	restore_cursor(a);
	draw_size_line(a, 3, x, w);
	for (int i = 0; i < a->nfields; i++) {
		const struct field_spec *s = a->field_specs[i];
		int y = screen_row(i);
		if (s->kind == FK_FOLD) {
			put_text(y, x, a->advanced ? "▾ Advanced" : "▸ Advanced", lw);
			continue;
		}
		put_text(y, x, s->label, lw - 1);
		if (s->unit)
			put_text(y, x + w - (int)strlen(s->unit), s->unit, (int)strlen(s->unit));
		if (s->kind == FK_ENUM)
			put_text(y, x + w - 2, "◂▸", 2);
	}
	draw_matches(a, screen_row(a->nfields) + 1, x, w);
	if (a->pick >= 0)
		draw_pick(a);
}

void form_view_place_cursor(struct app *a)
{
	if (a->form && !a->help) {
		pos_form_cursor(a->form);
		curs_set(form_view_in_text(a) ? 1 : 0);
	} else {
		curs_set(0);
	}
}
