/* e / E: the prices or the models in $EDITOR, on a copy (session_edit.c).
 * A copy that does not load asks "r reopen / k keep" on the status line:
 * that question is this overlay, which draws nothing and takes every key. */
#include <stdlib.h>

#include "i18n.h"
#include "terminal.h"
#include "view.h"

struct editor_view {
	struct session *s;
	struct session_edit edit;
	bool open; /* the rejected copy waits for r or k */
};

/* The editor on the prepared copy; a copy that does not load asks what
 * to do with it. */
static void run_editor(struct editor_view *e)
{
	int status = terminal_run(e->edit.argv);
	e->open = session_edit_end(e->s, &e->edit, status) == DATA_EDIT_REJECTED;
}

static enum key_result editor_open(struct screen *sc, void *state, int ch)
{
	struct editor_view *e = state;
	(void)sc;
	if (session_edit_begin(e->s, ch == 'e' ? FILE_OFFERS : FILE_MODELS, &e->edit))
		run_editor(e);
	return KR_DONE;
}

static enum key_result editor_reopen(struct screen *sc, void *state, int ch)
{
	struct editor_view *e = state;
	(void)sc, (void)ch;
	e->open = false;
	if (session_edit_reopen(e->s, &e->edit))
		run_editor(e);
	return KR_DONE;
}

static enum key_result editor_keep(struct screen *sc, void *state, int ch)
{
	struct editor_view *e = state;
	(void)sc, (void)ch;
	e->open = false;
	session_edit_keep(e->s, &e->edit);
	return KR_DONE;
}

static enum key_result editor_keep_quit(struct screen *sc, void *state, int ch)
{
	editor_keep(sc, state, ch);
	return KR_QUIT;
}

static enum key_result editor_wait(struct screen *sc, void *state, int ch)
{
	(void)sc, (void)state, (void)ch;
	return KR_DONE;
}

#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

static const struct key_row editor_rows[] = {
	{.keys = {'e', 'E'}, .ctx = KC_FIELD, .act = editor_open,
	 .help_keys = "e / E", .help = N_("edit prices / models in $EDITOR, reload"),
	 .hints = {HINT(KC_FIELD, 8, N_("e/o edit"), N_("e/o edit"))}},
	{.keys = {'r'}, .ctx = KC_ASK, .act = editor_reopen, .keeps_status = true,
	 .help_keys = "r", .help = N_("reopen the rejected copy in the editor")},
	{.keys = {'k', 27}, .ctx = KC_ASK, .act = editor_keep, .keeps_status = true,
	 .help_keys = "k, Esc", .help = N_("keep the file as it is")},
	{.keys = {KEY_F(10)}, .ctx = KC_ASK, .act = editor_keep_quit, .keeps_status = true,
	 .help_keys = "F10", .help = N_("keep the file as it is and quit")},
	{.keys = {KEY_ANY}, .ctx = KC_ASK, .act = editor_wait, .keeps_status = true},
};

static void *hook_init(struct screen *sc)
{
	struct editor_view *e = calloc(1, sizeof *e);
	if (e)
		e->s = &sc->s;
	return e;
}

static bool hook_is_open(const void *state)
{
	return ((const struct editor_view *)state)->open;
}

const struct view_ops editor_view_ops = {
	.name = "editor",
	.title = N_("After an edit that does not load"),
	.overlay = true,
	.question = true,
	.holds_edit = true,
	.ctx = KC_ASK,
	.keys = editor_rows,
	.nkeys = sizeof editor_rows / sizeof editor_rows[0],
	.init = hook_init,
	.free = free,
	.is_open = hook_is_open,
};
