/* The quit question: an overlay that draws nothing (the status line asks)
 * and takes every key as its answer: y quits, any other key stays. */
#include "quit_view.h"

#include <stdlib.h>

#include "i18n.h"

struct quit_view {
	bool open;
};

extern const struct view_ops quit_view_ops; /* at the end */

static struct quit_view *state_of(struct screen *sc)
{
	return view_state(sc, &quit_view_ops);
}

enum key_result quit_view_ask(struct screen *sc)
{
	const char *lost = view_unsaved(sc);
	if (!sc->s.pinned && !lost)
		return KR_QUIT;
	state_of(sc)->open = true;
	session_status(&sc->s, true, _("%s: quit anyway? y/n"),
		       lost ? lost : _("a pinned scenario is set"));
	return KR_DONE;
}

static enum key_result quit_key(struct screen *sc, void *state, int ch)
{
	(void)state, (void)ch;
	return quit_view_ask(sc);
}

static enum key_result quit_yes(struct screen *sc, void *state, int ch)
{
	struct quit_view *q = state;
	(void)sc, (void)ch;
	q->open = false;
	return KR_QUIT;
}

static enum key_result quit_no(struct screen *sc, void *state, int ch)
{
	struct quit_view *q = state;
	(void)ch;
	q->open = false;
	session_status(&sc->s, false, "%s", _("not quitting"));
	return KR_DONE;
}

#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

static const struct key_row quit_rows[] = {
	{.keys = {KEY_F(10)}, .ctx = KC_SCREEN | KC_OVER, .act = quit_key, .keeps_status = true,
	 .help_keys = "F10, Ctrl-C", .help = N_("quit (asks first with a pin or an edit)"),
	 .hints = {HINT(KC_TEXT, 12, N_("F10 quit"), N_("F10 quit"))}},
	{.keys = {'q'}, .ctx = KC_SMALL | KC_FIELD, .act = quit_key,
	 .help_keys = "q", .help = N_("quit (asks first with a pin or an edit)"),
	 .hints = {HINT(KC_FIELD, 13, N_("q quit"), N_("q quit"))}},
	{.keys = {'y', 'Y'}, .ctx = KC_ASK, .act = quit_yes, .keeps_status = true,
	 .help_keys = "y", .help = N_("quit anyway")},
	{.keys = {KEY_ANY}, .ctx = KC_ASK, .act = quit_no, .keeps_status = true,
	 .help_keys = N_("Esc, other keys"), .help = N_("do not quit")},
};

static void *hook_init(struct screen *sc)
{
	(void)sc;
	return calloc(1, sizeof(struct quit_view));
}

static bool hook_is_open(const void *state)
{
	return ((const struct quit_view *)state)->open;
}

const struct view_ops quit_view_ops = {
	.name = "quit",
	.title = N_("Asked \"quit anyway? y/n\""),
	.overlay = true,
	.question = true,
	.holds_edit = true,
	.ctx = KC_ASK,
	.keys = quit_rows,
	.nkeys = sizeof quit_rows / sizeof quit_rows[0],
	.init = hook_init,
	.free = free,
	.is_open = hook_is_open,
};
