/* The last messages in full, the key table drawn as the help overlay,
 * then the meaning of the marks and codes the table shows, and the bar
 * legend from the theme. */
#include "help_view.h"

#include <curses.h>
#include <stdlib.h>

#include "i18n.h"
#include "keys.h"
#include "legend.h"
#include "quit_view.h"
#include "view.h"

/* What the table's marks and plan codes mean (plan_shape_code's scheme). */
static const char *const marks[][2] = {
	{"*", N_("the cheaper way to rent this plan")},
	{"— / !", N_("none / does not fit (the bar overflows)")},
	{"c, b", N_("the total rents containers / bare metal")},
	{N_("single, TP4"), N_("one card; tensor parallel over 4 cards")},
	{"PP3, DP2", N_("3 pipeline stages; 2 replicas (data par.)")},
	{"Z3×18", N_("ZeRO-3 data parallel over 18 cards")},
	{"2m, +rc", N_("on 2 machines; activations recomputed")},
	{"~", N_("estimated GPU efficiencies: a wider band")},
	{"<", N_("short of the goals: no shape meets them, the nearest")},
};
#define N_MARKS (int)(sizeof marks / sizeof marks[0])

/* The own modes of an overlay: its rows are listed under its title. */
#define OWN_MODES (KC_READ | KC_EDIT | KC_ASK)

void help_view_init(struct help_view *v, const struct frame *fr, const char (*recent)[2048])
{
	v->open = false;
	v->over_ask = false;
	v->scroll = 0;
	v->fr = fr;
	v->recent = recent;
	v->msgs.n = 0;
}

/* The messages wrapped to the box, a title first and a blank line after. */
static void wrap_messages(struct help_view *v, int w)
{
	v->msgs.n = 0;
	for (int i = 0; v->recent && i < SESSION_RECENT; i++) {
		if (!v->recent[i][0])
			continue;
		if (v->msgs.n == 0)
			detail_add_wrapped(&v->msgs, _("Recent messages, newest first:"), w);
		detail_add_wrapped(&v->msgs, v->recent[i], w);
	}
	if (v->msgs.n && v->msgs.n < DETAIL_LINES)
		v->msgs.line[v->msgs.n++][0] = '\0';
}

/* Whether the row goes in the section of main-screen place p. */
static bool in_place(const struct key_row *r, const struct key_place *p)
{
	return (r->ctx & p->all) == p->all && !(r->ctx & p->none);
}

/* Walks section by section, counting down k; true when line k was found
 * (heading: keys NULL, text the heading). */
static bool place_lines(int *k, const char **keys, const char **text)
{
	const struct view_ops *o;
	const struct key_row *r;
	for (size_t p = 0; p < n_key_places; p++) {
		if ((*k)-- == 0) {
			*keys = NULL, *text = key_places[p].heading;
			return true;
		}
		for (size_t i = 0; (r = keys_row(i, &o)); i++)
			if (r->help && in_place(r, &key_places[p]) && (*k)-- == 0) {
				*keys = r->help_keys, *text = r->help;
				return true;
			}
	}
	return false;
}

static bool overlay_lines(int *k, const char **keys, const char **text)
{
	for (size_t v = 0; v < n_views; v++) {
		const struct view_ops *ov = views[v];
		if (!ov->overlay || !ov->title)
			continue;
		if ((*k)-- == 0) {
			*keys = NULL, *text = ov->title;
			return true;
		}
		for (size_t i = 0; i < ov->nkeys; i++)
			if (ov->keys[i].help && (ov->keys[i].ctx & OWN_MODES) && (*k)-- == 0) {
				*keys = ov->keys[i].help_keys, *text = ov->keys[i].help;
				return true;
			}
	}
	return false;
}

bool help_view_key_line(int k, const char **keys, const char **text)
{
	return place_lines(&k, keys, text) || overlay_lines(&k, keys, text);
}

static int key_lines(void)
{
	const char *keys, *text;
	int n = 0;
	while (help_view_key_line(n, &keys, &text))
		n++;
	return n;
}

/* Line k of the help: a message line, a heading, a key row, a blank, a
 * mark, the legend. */
static void help_line(const struct help_view *v, int k, int nkeys, int y, int x, int w)
{
	const char *left = NULL, *right = NULL;
	if (k < v->msgs.n) {
		if (k == 0)
			attron(A_BOLD);
		put_text(y, x, v->msgs.line[k], w);
		attroff(A_BOLD);
		return;
	}
	k -= v->msgs.n;
	if (k < nkeys && help_view_key_line(k, &left, &right) && !left) {
		attron(A_UNDERLINE);
		put_text(y, x, _(right), w);
		attroff(A_UNDERLINE);
		return;
	}
	if (k >= nkeys + 1 && k < nkeys + 1 + N_MARKS)
		left = marks[k - nkeys - 1][0], right = marks[k - nkeys - 1][1];
	if (k == nkeys + 1 + N_MARKS) {
		put_text(y, x, _("bar"), HELP_KEYS_W);
		legend_draw(v->fr, y, x + HELP_KEYS_W, w - HELP_KEYS_W,
			    &(struct legend_marks){.bar = true, .per_card = true, .band_lo = -1});
		return;
	}
	if (!left)
		return;
	attron(A_BOLD);
	put_text(y, x, _(left), HELP_KEYS_W); /* codes without words: not in the catalogue */
	attroff(A_BOLD);
	put_text(y, x + HELP_KEYS_W + 1, _(right), w - HELP_KEYS_W - 1);
}

void help_view_draw(struct help_view *v)
{
	int w = COLS - 8 < HELP_BOX_MAX_W ? COLS - 8 : HELP_BOX_MAX_W;
	wrap_messages(v, w - 4);
	int nkeys = key_lines(), n = v->msgs.n + nkeys + 2 + N_MARKS;
	int h = n + 4 < LINES - 2 ? n + 4 : LINES - 2;
	int y = (LINES - h) / 2, x = (COLS - w) / 2, rows = h - 4;
	int max = n > rows ? n - rows : 0;
	v->scroll = v->scroll < 0 ? 0 : v->scroll > max ? max : v->scroll;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	draw_box(v->fr, y, x, h, w, _("Keys and marks · any other key closes"));
	for (int r = 0; r < rows; r++)
		help_line(v, v->scroll + r, nkeys, y + 2 + r, x + 2, w - 4);
	if (max)
		put_text(y + h - 1, x + w - 16, v->scroll < max ? _(" more ↓ j/k ") : " ↑ j/k ", 14);
}

/* The help's keys: F1 (or ? where letters are commands) opens it, F1
 * also over a question, whose reason it then shows in full; over it ↑↓ j
 * k scroll, q quits (but over a question, which waits again), any other
 * key closes it. */

static enum key_result help_open(struct screen *sc, void *state, int ch)
{
	struct help_view *v = state;
	const struct view_ops *under = view_top(sc);
	(void)ch;
	v->open = true;
	v->over_ask = under && under->question;
	v->scroll = 0;
	return KR_DONE;
}

static enum key_result help_scroll(struct screen *sc, void *state, int ch)
{
	struct help_view *v = state;
	(void)sc;
	v->scroll += ch == KEY_DOWN || ch == 'j' ? 1 : -1;
	return KR_DONE;
}

static enum key_result help_close(struct screen *sc, void *state, int ch)
{
	struct help_view *v = state;
	(void)sc, (void)ch;
	v->open = false;
	return KR_DONE;
}

static enum key_result help_quit(struct screen *sc, void *state, int ch)
{
	bool asking = ((const struct help_view *)state)->over_ask;
	help_close(sc, state, ch);
	return asking ? KR_DONE : quit_view_ask(sc);
}

#define HINT(c, r, w, n) {.ctx = (c), .rank = (r), .wide = (w), .narrow = (n)}

static const struct key_row help_rows[] = {
	{.keys = {KEY_F(1)}, .ctx = KC_PICK | KC_TEXT | KC_FIELD | KC_OVER_ASK, .act = help_open,
	 .keeps_status = true, /* the message stays: the help shows it in full */
	 .help_keys = "F1", .help = N_("this help, the last messages in full"),
	 .hints = {HINT(KC_FIELD, 11, N_("F1 help"), N_("F1 help")),
		   HINT(KC_TEXT, 11, N_("F1 help"), N_("F1 help"))}},
	{.keys = {'?'}, .ctx = KC_FIELD, .act = help_open, .help_keys = "?", .help = N_("this help")},
	{.keys = {KEY_DOWN, 'j'}, .ctx = KC_READ, .act = help_scroll, .keeps_status = true,
	 .help_keys = "↑ ↓, j k", .help = N_("scroll the help")},
	{.keys = {KEY_UP, 'k'}, .ctx = KC_READ, .act = help_scroll, .keeps_status = true},
	{.keys = {'q'}, .ctx = KC_READ, .act = help_quit, .keeps_status = true,
	 .help_keys = "q", .help = N_("close the help and quit")},
	{.keys = {KEY_ANY}, .ctx = KC_READ, .act = help_close, .keeps_status = true,
	 .help_keys = N_("Esc, other keys"), .help = N_("close the help")},
};

static void *hook_init(struct screen *sc)
{
	struct help_view *v = malloc(sizeof *v);
	if (v)
		help_view_init(v, &sc->fr, (const char (*)[2048])sc->s.recent);
	return v;
}

static bool hook_is_open(const void *state)
{
	return ((const struct help_view *)state)->open;
}

static unsigned hook_mode(const void *state)
{
	return KC_READ | (((const struct help_view *)state)->over_ask ? KC_ABOVE_ASK : 0);
}

static void hook_draw(void *state)
{
	help_view_draw(state);
}

const struct view_ops help_view_ops = {
	.name = "help",
	.title = N_("In the help"),
	.overlay = true,
	.ctx = KC_READ,
	.keys = help_rows,
	.nkeys = sizeof help_rows / sizeof help_rows[0],
	.init = hook_init,
	.free = free,
	.is_open = hook_is_open,
	.mode = hook_mode,
	.draw = hook_draw,
};
