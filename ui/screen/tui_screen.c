/* The screen as a whole: which views there are, where they go, in which
 * order they draw. */
#include "tui_screen.h"

#include <curses.h>
#include <stdio.h>

#include "i18n.h"
#include "report.h"
#include "text.h"
#include "keys.h"

bool tui_screen_init(struct tui *t, const struct catalog *c, const struct scenario *start,
		     const char *gpu_filter)
{
	if (!session_init(&t->s, c, start, gpu_filter))
		return false;
	form_view_init(&t->form, &t->s, &t->fr);
	gpu_table_init(&t->table, &t->s, &t->fr);
	detail_view_init(&t->detail, &t->s, &t->fr);
	help_view_init(&t->help, &t->fr, key_rows, n_key_rows);
	offer_dialog_init(&t->dialog, &t->s, &t->fr);
	return true;
}

void tui_screen_free(struct tui *t)
{
	offer_dialog_close(&t->dialog);
	form_view_free(&t->form);
	session_free(&t->s);
}

void tui_screen_relayout(struct tui *t, int cols, int lines)
{
	layout_screen(cols, lines, (int)t->s.an->nplans, &t->fr.lay);
	offer_dialog_resize(&t->dialog);
	form_view_resize(&t->form);
	if (!t->fr.lay.too_small)
		gpu_table_resize(&t->table);
}

void tui_screen_update(struct tui *t)
{
	form_view_update(&t->form);
}

/* The scenario on screen, so a screenshot says what it prices, and the
 * prices' date: in full when the line allows, else shorter. */
static void draw_title(const struct tui *t)
{
	const struct catalog *c = t->s.cat;
	char date[16], summary[256], left[2][320], right[2][160], warn[2][64] = {"", ""};
	format_date(date, sizeof date, c->newest_date);
	scenario_summary(summary, sizeof summary, &t->s.sc);
	if (c->nwarnings) { /* a future date, a missing column: --check-data lists them */
		snprintf(warn[0], sizeof warn[0],
			 P_("%zu data warning (--check-data) · ", "%zu data warnings (--check-data) · ",
			    c->nwarnings), c->nwarnings);
		snprintf(warn[1], sizeof warn[1], _("%zu warn · "), c->nwarnings);
	}
	snprintf(left[0], sizeof left[0], " gpuplan — %s", summary);
	snprintf(right[0], sizeof right[0], _("%sprices as of %s · %s/month "), warn[0], date,
		 c->noffers ? c->offers[0].currency : "CNY");
	snprintf(left[1], sizeof left[1], " %s", summary);
	snprintf(right[1], sizeof right[1], _("%sprices %s "), warn[1], date);
	int v = (int)(text_width(left[0]) + text_width(right[0])) + 2 <= COLS ? 0 : 1;
	int w = (int)text_width(right[v]);
	attron(theme_attr(&t->fr.theme, EL_TITLE));
	put_text(0, 0, left[v], COLS - w - 1);
	put_text(0, COLS - w, right[v], w);
	attroff(theme_attr(&t->fr.theme, EL_TITLE));
}

/* The session's message, or what the keys do where the cursor is. */
static void draw_status(const struct tui *t)
{
	const struct session *s = &t->s;
	int y = t->fr.lay.status_y, attr = theme_attr(&t->fr.theme, s->status_error ? EL_ERROR : EL_HINT);
	char hint[256];
	keys_status_line(form_view_in_text(&t->form) ? KC_TEXT : KC_FIELD, COLS, hint, sizeof hint);
	move(y, 0);
	clrtoeol();
	attron(attr);
	put_text(y, 0, s->status[0] ? s->status : hint, COLS - 1);
	attroff(attr);
}

static void draw_too_small(void)
{
	char msg[128];
	erase();
	snprintf(msg, sizeof msg, _("terminal too small: %dx%d, gpuplan needs %dx%d"), COLS, LINES,
		 MIN_COLS, MIN_LINES);
	put_text(LINES / 2, 0, msg, COLS);
	put_text(LINES / 2 + 1, 0, _("enlarge the window, or press q to quit"), COLS);
	refresh();
}

void tui_screen_draw(struct tui *t)
{
	if (t->fr.lay.too_small) {
		draw_too_small();
		return;
	}
	form_view_save_cursor(&t->form);
	offer_dialog_save_cursor(&t->dialog);
	form_view_unpost(&t->form);
	erase();
	draw_title(t);
	gpu_table_draw(&t->table);
	detail_view_draw(&t->detail);
	form_view_draw(&t->form);
	draw_status(t);
	if (t->help.open)
		help_view_draw(&t->help);
	form_view_place_cursor(&t->form, t->help.open);
	if (t->dialog.open)
		offer_dialog_draw(&t->dialog);
	refresh();
}
