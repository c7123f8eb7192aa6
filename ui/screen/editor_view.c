/* e / E: the prices or the models in $EDITOR, on a copy (session_edit.c).
 * A copy that does not load asks "r reopen / k keep", a file changed on
 * disk while the editor was open "m merge / k keep yours / t keep theirs",
 * on the status line: that question is this overlay, which draws nothing
 * and takes every key (session_edit_answer decides what each one does). */
#include <stdlib.h>

#include "i18n.h"
#include "terminal.h"
#include "view.h"

struct editor_view {
	struct session *s;
	struct session_edit edit;
	bool open; /* a question waits (edit.asking) */
};

/* The editor on the prepared copy; a copy that does not load, or a file
 * changed meanwhile, asks what to do. */
static void run_editor(struct editor_view *e)
{
	int status = terminal_run(e->edit.argv);
	session_edit_end(e->s, &e->edit, status);
	e->open = e->edit.asking != EDIT_ASK_NONE;
}

static enum key_result editor_open(struct screen *sc, void *state, int ch)
{
	struct editor_view *e = state;
	(void)sc;
	if (session_edit_begin(e->s, ch == 'e' ? FILE_OFFERS : FILE_MODELS, &e->edit))
		run_editor(e);
	return KR_DONE;
}

/* r, k, m, t, Esc and F10 (the safe answer, then quit); any other key
 * leaves the question waiting. */
static enum key_result editor_answer(struct screen *sc, void *state, int ch)
{
	struct editor_view *e = state;
	(void)sc;
	enum edit_next next =
		session_edit_answer(e->s, &e->edit, ch == KEY_F(10) ? SESSION_EDIT_QUIT : ch);
	e->open = next == EDIT_NEXT_ASK;
	if (next == EDIT_NEXT_EDITOR)
		run_editor(e);
	return next == EDIT_NEXT_QUIT ? KR_QUIT : KR_DONE;
}

#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

static const struct key_row editor_rows[] = {
	{.keys = {'e', 'E'}, .ctx = KC_FIELD, .act = editor_open,
	 .help_keys = "e / E", .help = N_("edit prices / models in $EDITOR, reload"),
	 .hints = {HINT(KC_FIELD, 8, N_("e/o edit"), N_("e/o edit"))}},
	{.keys = {'r'}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true,
	 .help_keys = "r", .help = N_("reopen the rejected copy in the editor")},
	{.keys = {'k'}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true,
	 .help_keys = "k", .help = N_("keep the file; changed on disk: keep yours")},
	{.keys = {'m'}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true,
	 .help_keys = N_("m (changed on disk)"), .help = N_("merge your rows and fields into it")},
	{.keys = {'t'}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true,
	 .help_keys = N_("t (changed on disk)"), .help = N_("keep theirs; your copy is kept aside")},
	{.keys = {27}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true,
	 .help_keys = "Esc", .help = N_("keep the file as it is")},
	{.keys = {KEY_F(10)}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true,
	 .help_keys = "F10", .help = N_("keep the file as it is and quit")},
	{.keys = {KEY_ANY}, .ctx = KC_ASK, .act = editor_answer, .keeps_status = true},
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
	.title = N_("After e / E: a copy that does not load, a file changed"),
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
