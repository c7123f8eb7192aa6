/* The screen as a whole: the title, the views in their order, the
 * status line, the overlays over them. Which views there are is view.c's
 * list; this file names none. */
#include "tui_screen.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "report.h"
#include "text.h"
#include "keys.h"

bool tui_screen_init(struct screen *sc, const struct catalog *c, const struct scenario *start,
		     const char *gpu_filter)
{
	if (!session_init(&sc->s, c, start, gpu_filter))
		return false;
	if (view_init_all(sc))
		return true;
	tui_screen_free(sc);
	return false;
}

void tui_screen_free(struct screen *sc)
{
	view_free_all(sc);
	session_free(&sc->s);
}

void tui_screen_relayout(struct screen *sc, int cols, int lines)
{
	layout_screen(cols, lines, (int)sc->s.an->nplans, &sc->fr.lay);
	view_resize_all(sc);
}

void tui_screen_update(struct screen *sc)
{
	view_update_all(sc);
}

/* The scenario on screen, so a screenshot says what it prices, and the
 * prices' date: in full when the line allows, else shorter. */
static void draw_title(const struct screen *sc)
{
	const struct catalog *c = sc->s.cat;
	char date[16], summary[256], left[2][320], right[2][160], warn[2][64] = {"", ""};
	format_date(date, sizeof date, c->newest_date);
	scenario_summary(summary, sizeof summary, &sc->s.sc);
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
	attron(theme_attr(&sc->fr.theme, EL_TITLE));
	put_text(0, 0, left[v], COLS - w - 1);
	put_text(0, COLS - w, right[v], w);
	attroff(theme_attr(&sc->fr.theme, EL_TITLE));
}

/* The session's message, or what the keys do where the focus is. */
static void draw_status(const struct screen *sc)
{
	const struct session *s = &sc->s;
	int y = sc->fr.lay.status_y, attr = theme_attr(&sc->fr.theme, s->status_error ? EL_ERROR : EL_HINT);
	char hint[256];
	keys_status_line(view_screen_mode(sc) == KC_TEXT ? KC_TEXT : KC_FIELD, COLS, hint, sizeof hint);
	move(y, 0);
	clrtoeol();
	attron(attr);
	/* a message too long for the line says where it is in full */
	const char *more = _(" … F1");
	int cols = COLS - 1, w = (int)text_width(more);
	bool cut = s->status[0] && strncmp(s->recent[0], s->status, strlen(s->status)) == 0 &&
		   (int)text_width(s->recent[0]) > cols;
	if (cut && cols > 2 * w) {
		put_text(y, 0, s->status, cols - w);
		put_text(y, cols - w, more, w);
	} else {
		put_text(y, 0, s->status[0] ? s->status : hint, cols);
	}
	attroff(attr);
}

void tui_screen_draw_status(const struct screen *sc)
{
	if (sc->fr.lay.too_small)
		return;
	draw_status(sc);
	refresh();
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

void tui_screen_draw(struct screen *sc)
{
	if (sc->fr.lay.too_small) {
		draw_too_small();
		return;
	}
	view_save_all(sc);
	erase();
	draw_title(sc);
	view_draw_main(sc);
	draw_status(sc);
	view_draw_overlays(sc);
	view_place_cursor(sc);
	refresh();
}
