/* o / O: edit the container or bare-metal quote in use for the selected
 * GPU type (monthly, hourly, discount, date). Enter saves to the user's
 * prices/offers.csv, changing only those fields; Esc cancels. */
#include <stdio.h>
#include <string.h>

#include "../src/csvedit.h"
#include "../src/parse.h"
#include "../src/report.h"
#include "../src/tables.h"
#include "tui_internal.h"
#include "widgets.h"

static const char *const labels[4] = {"monthly", "hourly", "discount", "collected"};

static const struct plan *selected_plan(const struct app *a)
{
	for (size_t i = 0; i < a->an->nplans; i++)
		if (a->an->plans[i].gpu == a->selected)
			return &a->an->plans[i];
	return NULL;
}

static void field_text(char *buf, size_t cap, const struct offer *o, int i)
{
	if (i == 0)
		snprintf(buf, cap, o->monthly >= 0 ? "%g" : "", o->monthly);
	else if (i == 1)
		snprintf(buf, cap, o->hourly >= 0 ? "%g" : "", o->hourly);
	else if (i == 2)
		snprintf(buf, cap, "%s", o->discount);
	else
		format_date(buf, cap, o->collected);
}

/* The cursor starts at the end of the monthly price. */
static void offer_dialog_save_cursor_at_end(struct offer_dialog *d)
{
	char buf[128];
	snprintf(buf, sizeof buf, "%s", field_buffer(d->fields[0], 0));
	size_t n = strlen(buf);
	while (n && buf[n - 1] == ' ')
		n--;
	d->cursor_col = (int)n;
}

static void build_form(struct app *a, const struct offer *o)
{
	struct offer_dialog *d = &a->dialog;
	d->w = 52, d->h = 9;
	d->y = (LINES - d->h) / 2, d->x = (COLS - d->w) / 2;
	for (int i = 0; i < 4; i++) {
		char buf[64];
		d->fields[i] = new_field(1, d->w - 16, i, 12, 0, 0);
		field_opts_off(d->fields[i], O_AUTOSKIP | O_BLANK);
		set_field_back(d->fields[i], A_UNDERLINE);
		field_text(buf, sizeof buf, o, i);
		set_field_buffer(d->fields[i], 0, buf);
	}
	d->fields[4] = NULL;
	d->form = new_form(d->fields);
	d->sub = derwin(stdscr, 4, d->w - 4, d->y + 2, d->x + 2);
	set_form_win(d->form, stdscr);
	set_form_sub(d->form, d->sub);
	d->cursor_col = 0;
}

void offer_dialog_open(struct app *a, bool baremetal)
{
	char dir[4096], note[4200];
	const struct plan *p = selected_plan(a);
	const struct rent *r = p ? (baremetal ? &p->baremetal : &p->container) : NULL;
	const char *way = baremetal ? "bare-metal" : "container";
	if (!r || !r->offer)
		return app_status(a, true, "no %s quote for this GPU type to edit", way);
	if (!app_user_data_dir(a, dir, sizeof dir, note, sizeof note))
		return;
	if (note[0] && !app_reload(a, dir, note))
		return;
	p = selected_plan(a); /* the reloaded copy's plan */
	r = p ? (baremetal ? &p->baremetal : &p->container) : NULL;
	if (!r || !r->offer)
		return;
	struct offer_dialog *d = &a->dialog;
	const struct offer *o = r->offer;
	snprintf(d->path, sizeof d->path, "%s/%s", dir, catalog_file_names[FILE_OFFERS]);
	d->line = o->line;
	snprintf(d->gpu, sizeof d->gpu, "%s", o->gpu_id);
	snprintf(d->kind, sizeof d->kind, "%s", offer_kind_names[o->kind]);
	snprintf(d->region, sizeof d->region, "%s", o->region);
	snprintf(d->title, sizeof d->title, "%s %s quote · line %u", gpu_short_name(p->gpu), way,
		 o->line);
	build_form(a, o);
	post_form(d->form);
	form_driver(d->form, REQ_END_LINE);
	offer_dialog_save_cursor_at_end(d);
	d->open = true;
}

void offer_dialog_close(struct app *a)
{
	struct offer_dialog *d = &a->dialog;
	if (d->form) {
		unpost_form(d->form);
		free_form(d->form);
		d->form = NULL;
	}
	for (int i = 0; i < 4 && d->fields[i]; i++)
		free_field(d->fields[i]), d->fields[i] = NULL;
	if (d->sub)
		delwin(d->sub), d->sub = NULL;
	d->open = false;
}

static void trimmed(const struct offer_dialog *d, int i, char *out, size_t cap)
{
	snprintf(out, cap, "%s", field_buffer(d->fields[i], 0));
	size_t n = strlen(out);
	while (n && out[n - 1] == ' ')
		out[--n] = '\0';
}

/* Checked as the loader would check them, so a save never writes a file
 * that then fails to load. */
static bool valid(struct app *a, char values[4][128])
{
	double v;
	int date;
	for (int i = 0; i < 2; i++)
		if (values[i][0] && !parse_nonneg(values[i], &v))
			return app_status(a, true, "%s \"%s\": expected a number (0 or more)", labels[i],
					  values[i]), false;
	if (!values[0][0] && !values[1][0])
		return app_status(a, true, "expected a monthly or an hourly price"), false;
	if (!parse_date(values[3], &date))
		return app_status(a, true, "collected \"%s\": expected a date YYYY-MM-DD", values[3]),
		       false;
	return true;
}

static void save(struct app *a)
{
	struct offer_dialog *d = &a->dialog;
	char values[4][128], err[512], dir[4200], done[8600];
	form_driver(d->form, REQ_VALIDATION);
	for (int i = 0; i < 4; i++)
		trimmed(d, i, values[i], sizeof values[i]);
	if (!valid(a, values))
		return;
	const struct field_edit keys[] = {{"gpu", d->gpu}, {"kind", d->kind}, {"region", d->region}};
	struct field_edit edits[4];
	for (int i = 0; i < 4; i++)
		edits[i] = (struct field_edit){labels[i], values[i]};
	if (csv_edit_row(d->path, d->line, keys, 3, edits, 4, err, sizeof err) != 0)
		return app_status(a, true, "%s", err);
	snprintf(dir, sizeof dir, "%s", d->path);
	*strrchr(dir, '/') = '\0';
	*strrchr(dir, '/') = '\0'; /* .../prices/offers.csv -> the data folder */
	snprintf(done, sizeof done, "saved %s line %u in %s (the previous file kept as .bak)",
		 catalog_file_names[FILE_OFFERS], d->line, dir);
	offer_dialog_close(a);
	app_reload(a, dir, done);
}

void offer_dialog_key(struct app *a, int ch)
{
	struct offer_dialog *d = &a->dialog;
	switch (ch) {
	case 27:
		offer_dialog_close(a);
		app_status(a, false, "edit cancelled: nothing saved");
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		save(a);
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

void offer_dialog_save_cursor(struct app *a)
{
	struct offer_dialog *d = &a->dialog;
	int y, x;
	if (!d->open || pos_form_cursor(d->form) != E_OK)
		return;
	getyx(stdscr, y, x);
	(void)y;
	d->cursor_col = x - (d->x + 2 + 12);
}

void offer_dialog_draw(struct app *a)
{
	struct offer_dialog *d = &a->dialog;
	for (int r = 0; r < d->h; r++)
		mvhline(d->y + r, d->x, ' ', d->w);
	draw_box(a, d->y, d->x, d->h, d->w, d->title);
	unpost_form(d->form);
	post_form(d->form);
	form_driver(d->form, REQ_BEG_LINE);
	for (int i = 0; i < d->cursor_col; i++)
		form_driver(d->form, REQ_NEXT_CHAR);
	for (int i = 0; i < 4; i++)
		put_text(d->y + 2 + i, d->x + 2, labels[i], 11);
	attron(theme_attr(&a->theme, EL_HINT));
	put_text(d->y + d->h - 2, d->x + 2, "Enter save  Esc cancel  Tab field", d->w - 4);
	attroff(theme_attr(&a->theme, EL_HINT));
	pos_form_cursor(d->form);
	curs_set(1);
}
