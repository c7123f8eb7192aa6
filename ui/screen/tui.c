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
 * t->wch: get_wch reads a whole UTF-8 sequence as one character. */
static int read_key(struct tui *t)
{
	wint_t wc;
	int r = terminal_read_key(&wc);
	if (r == ERR)
		return ERR;
	if (r == KEY_CODE_YES || wc < 0x80)
		return (int)wc;
	t->wch = (wchar_t)wc;
	return KEY_WCHAR;
}

static enum key_result dispatch(struct tui *t, int ch)
{
	enum key_result r = keys_dispatch(t, ch);
	if (r == KR_RELAYOUT)
		tui_screen_relayout(t, COLS, LINES);
	tui_screen_update(t);
	return r;
}

/* ch and every key already waiting (a paste: 100 KB arrive at once), then
 * what was typed is applied once and the loop redraws once. */
static enum key_result keys_batch(struct tui *t, int ch)
{
	enum key_result r = dispatch(t, ch);
	terminal_key_wait(0);
	while (r != KR_QUIT && !terminal_quit_signal && (ch = read_key(t)) != ERR)
		r = dispatch(t, ch);
	terminal_key_wait(TUI_KEY_WAIT_MS);
	form_view_flush(&t->form);
	tui_screen_update(t);
	return r;
}

/* A data file changed on disk: reloaded, unless a dialog or a question
 * is open (the dialog's own save checks the row on disk). A reload can
 * change the number of rows, so the layout follows. */
static void follow_data(struct tui *t, unsigned *seen)
{
	if (!t->dialog.open && !t->confirm_quit && !t->confirm_rejected)
		session_watch(&t->s);
	if (*seen == t->s.reloads)
		return;
	*seen = t->s.reloads;
	tui_screen_relayout(t, COLS, LINES);
	tui_screen_update(t);
}

static int run_loop(struct tui *t)
{
	unsigned seen = t->s.reloads;
	for (;;) {
		follow_data(t, &seen);
		tui_screen_draw(t);
		int ch = read_key(t);
		if (terminal_quit_signal)
			return terminal_quit_signal == SIGINT ? 130 : 128 + terminal_quit_signal;
		if (ch == ERR) {
			if (terminal_input_gone())
				return 0;
			continue;
		}
		if (keys_batch(t, ch) == KR_QUIT)
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
	struct tui *t = calloc(1, sizeof *t);
	if (!t || !tui_screen_init(t, c, start, gpu_filter)) {
		free(t);
		snprintf(why, whylen, "%s", _("out of memory"));
		return -1;
	}
	if (locale_note)
		session_status(&t->s, false, "%s", locale_note);
	terminal_start();
	theme_init(&t->fr.theme);
	draw_set_plain(!t->fr.theme.unicode);
	enum money_style money_style = t->fr.theme.unicode ? MONEY_UTF8 : MONEY_ASCII;
	detail_lines_set_money(money_style);
	message_set_money_style(money_style); /* amounts inside notes and reasons */
	tui_screen_relayout(t, COLS, LINES);
	int rc = run_loop(t);
	offer_dialog_close(&t->dialog);
	form_view_free(&t->form);
	terminal_restore();
	tui_screen_free(t);
	free(t);
	return rc;
}
