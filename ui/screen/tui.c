/* The configurator's loop: keys in, one dispatch, the views catch up, one
 * redraw per turn. The terminal is restored on every way out, signals
 * included (terminal.c). */
#include "tui.h"

#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "i18n.h"
#include "message.h"
#include "detail_lines.h"
#include "keys.h"
#include "terminal.h"
#include "tui_screen.h"

/* A key code, an ASCII character, or KEY_WCHAR with the character in
 * sc->wch: get_wch reads a whole UTF-8 sequence as one character. */
static int read_key(struct screen *sc)
{
	wint_t wc;
	int r = terminal_read_key(&wc);
	if (r == ERR)
		return ERR;
	if (r == KEY_CODE_YES || wc < 0x80)
		return (int)wc;
	sc->wch = (wchar_t)wc;
	return KEY_WCHAR;
}

/* A new size is not a key: the screen is laid out again, every overlay
 * open stays open (one with no room left closes itself). */
static enum key_result dispatch(struct screen *sc, int ch)
{
	enum key_result r = ch == KEY_RESIZE ? KR_RELAYOUT : keys_dispatch(sc, ch);
	if (r == KR_RELAYOUT)
		tui_screen_relayout(sc, COLS, LINES);
	tui_screen_update(sc);
	return r;
}

/* ch and every key already waiting (a paste: 100 KB arrive at once), then
 * what was typed is applied once and the loop redraws once. */
static enum key_result keys_batch(struct screen *sc, int ch)
{
	enum key_result r = dispatch(sc, ch);
	terminal_key_wait(0);
	while (r != KR_QUIT && !terminal_quit_signal && (ch = read_key(sc)) != ERR)
		r = dispatch(sc, ch);
	terminal_key_wait(TUI_KEY_WAIT_MS);
	view_flush_all(sc);
	tui_screen_update(sc);
	return r;
}

/* A data file changed on disk: reloaded, unless an overlay that holds an
 * edit is open (the dialog's own save checks the row on disk; a question
 * waits). A reload can change the number of rows, so the layout follows. */
static void follow_data(struct screen *sc, unsigned *seen)
{
	if (!view_holds_edit(sc))
		session_watch(&sc->s);
	if (*seen == sc->s.reloads)
		return;
	*seen = sc->s.reloads;
	tui_screen_relayout(sc, COLS, LINES);
	tui_screen_update(sc);
}

/* A long step (a save or a reload of 10^6 offers) shows on the status
 * line as it starts, and Ctrl-C asks it to stop where it safely can. */
static void show_progress(void *ctx)
{
	tui_screen_draw_status(ctx);
}

static bool quit_asked(void *ctx)
{
	(void)ctx;
	return terminal_quit_signal != 0;
}

static int run_loop(struct screen *sc)
{
	unsigned seen = sc->s.reloads;
	for (;;) {
		follow_data(sc, &seen);
		tui_screen_draw(sc);
		int ch = read_key(sc);
		if (terminal_quit_signal)
			return terminal_quit_signal == SIGINT ? 130 : 128 + terminal_quit_signal;
		if (ch == ERR) {
			if (terminal_input_gone())
				return 0;
			continue;
		}
		if (keys_batch(sc, ch) == KR_QUIT)
			return 0;
	}
}

int tui_run(const struct catalog *c, const struct scenario *start, const char *gpu_filter,
	    char *why, size_t whylen)
{
	/* The locale stays as i18n_init set it: setting LC_ALL from the
	 * environment again would undo its C.UTF-8 fallback, and Chinese would
	 * show as '?'. Only its word about the fallback is left to show. */
	const char *locale_note = i18n_note();
	if (!terminal_usable(why, whylen))
		return -1;
	struct screen *sc = calloc(1, sizeof *sc);
	if (!sc || !tui_screen_init(sc, c, start, gpu_filter)) {
		free(sc);
		snprintf(why, whylen, "%s", _("out of memory"));
		return -1;
	}
	if (locale_note)
		session_status(&sc->s, false, "%s", locale_note);
	terminal_start();
	theme_init(&sc->fr.theme);
	draw_set_plain(!sc->fr.theme.unicode);
	enum money_style money_style = sc->fr.theme.unicode ? MONEY_UTF8 : MONEY_ASCII;
	detail_lines_set_money(money_style);
	message_set_money_style(money_style); /* amounts inside notes and reasons */
	tui_screen_relayout(sc, COLS, LINES);
	sc->s.progress = show_progress;
	sc->s.cancelled = quit_asked;
	sc->s.hooks_ctx = sc;
	int rc = run_loop(sc);
	tui_screen_free(sc); /* the views' forms and windows go while curses is on */
	terminal_restore();
	free(sc);
	return rc;
}
