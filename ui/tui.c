/* The configurator's loop: keys in, scenario changes, one redraw per turn.
 * The terminal is restored on every way out, signals included. */
#include "tui.h"

#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../src/report.h"
#include "../src/text.h"
#include "tui_internal.h"

#include <term.h>

static volatile sig_atomic_t quit_signal;
static struct termios saved_termios;
static bool curses_active;

static void on_quit_signal(int sig)
{
	quit_signal = sig;
}

/* A crash must not leave the terminal raw: restore the saved settings and
 * leave the alternate screen with async-signal-safe calls, then die. */
static void on_fatal_signal(int sig)
{
	static const char reset[] = "\033[?1049l\033[?25h\033[0m\r\n";
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
	if (write(STDOUT_FILENO, reset, sizeof reset - 1) < 0)
		_exit(128 + sig);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void restore_terminal(void)
{
	if (curses_active) {
		curses_active = false;
		endwin();
	}
}

static void install_signals(void)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_quit_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGFPE, &sa, NULL);
	sigaction(SIGABRT, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);
}

void app_status(struct app *a, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->status, sizeof a->status, fmt, ap);
	va_end(ap);
	a->status_error = error;
}

static const struct app *sort_app;

static double sort_cost(const struct plan *p)
{
	return p->cards && p->effective_per_card >= 0 ? p->effective_per_card * p->cards : 1e300;
}

static int order_cmp(const void *x, const void *y)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	const struct plan *p = &sort_app->an->plans[i], *q = &sort_app->an->plans[j];
	double a = 0, b = 0;
	if (sort_app->sort == SORT_COST)
		a = sort_cost(p), b = sort_cost(q);
	else if (sort_app->sort == SORT_CARDS)
		a = p->cards ? p->cards : 1e9, b = q->cards ? q->cards : 1e9;
	if (a != b)
		return a < b ? -1 : 1;
	return i < j ? -1 : i > j;
}

static void sort_rows(struct app *a)
{
	for (size_t i = 0; i < a->an->nplans; i++)
		a->order[i] = i;
	sort_app = a;
	qsort(a->order, a->an->nplans, sizeof *a->order, order_cmp);
	if (!a->selected && a->an->nplans)
		a->selected = a->an->plans[a->order[0]].gpu;
}

int app_selected_row(const struct app *a)
{
	for (size_t i = 0; i < a->an->nplans; i++)
		if (a->an->plans[a->order[i]].gpu == a->selected)
			return (int)i;
	return 0;
}

void app_select_row(struct app *a, int delta)
{
	int n = (int)a->an->nplans;
	if (n == 0)
		return;
	int row = app_selected_row(a) + delta;
	row = row < 0 ? 0 : row >= n ? n - 1 : row;
	a->selected = a->an->plans[a->order[row]].gpu;
}

/* Tries a change on a copy; only a scenario that computes replaces the one
 * on screen, so invalid input never loses the last good result. */
bool app_apply(struct app *a, const char *key, const char *value)
{
	struct scenario trial;
	char err[200];
	scenario_copy(&trial, &a->sc);
	bool ok = strcmp(key, "model") == 0
			  ? scenario_set_model(&trial, a->cat, value, err, sizeof err)
			  : scenario_set(&trial, key, value, err, sizeof err);
	if (!ok) {
		app_status(a, true, "%s \"%s\": expected %s", key, value, err);
		return false;
	}
	if (!analysis_run(a->spare, a->cat, &trial, a->gpu_filter)) {
		app_status(a, true, "%s", a->spare->error);
		return false;
	}
	struct analysis *shown = a->an;
	a->an = a->spare;
	a->spare = shown;
	scenario_copy(&a->sc, &a->an->sc);
	a->generation++;
	sort_rows(a);
	a->status[0] = '\0';
	return true;
}

/* The same scenario again, after the data changed under it. */
void app_recompute(struct app *a)
{
	struct scenario sc;
	scenario_copy(&sc, &a->sc);
	if (!analysis_run(a->an, a->cat, &sc, a->gpu_filter))
		app_status(a, true, "%s", a->an->error);
	scenario_copy(&a->sc, &a->an->sc);
	a->generation++;
	if (!a->selected && a->an->nplans)
		a->selected = a->an->plans[0].gpu;
	sort_rows(a);
}

int put_text(int y, int x, const char *s, int cols)
{
	char buf[1024];
	if (cols <= 0)
		return 0;
	int used = (int)text_fit(buf, sizeof buf, s, (size_t)cols);
	mvaddstr(y, x, buf);
	return used;
}

void draw_box(struct app *a, int y, int x, int h, int w, const char *title)
{
	attron(theme_attr(&a->theme, EL_BORDER));
	mvaddch(y, x, ACS_ULCORNER);
	mvhline(y, x + 1, ACS_HLINE, w - 2);
	mvaddch(y, x + w - 1, ACS_URCORNER);
	mvvline(y + 1, x, ACS_VLINE, h - 2);
	mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
	mvaddch(y + h - 1, x, ACS_LLCORNER);
	mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
	mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
	attroff(theme_attr(&a->theme, EL_BORDER));
	if (title) {
		attron(theme_attr(&a->theme, EL_TITLE));
		mvaddstr(y, x + 1, " ");
		put_text(y, x + 2, title, w - 5);
		addstr(" ");
		attroff(theme_attr(&a->theme, EL_TITLE));
	}
}

static void draw_title(struct app *a)
{
	char date[16], left[512], right[96];
	format_date(date, sizeof date, a->cat->newest_date);
	snprintf(left, sizeof left, " gpuplan — prices as of %s (%s/month)", date,
		 a->cat->noffers ? a->cat->offers[0].currency : "CNY");
	snprintf(right, sizeof right, "models: %zu  gpus: %zu  offers: %zu ", a->cat->nmodels,
		 a->cat->ngpus, a->cat->noffers);
	attron(theme_attr(&a->theme, EL_TITLE));
	put_text(0, 0, left, COLS);
	int w = (int)text_width(right);
	if ((int)text_width(left) + w + 2 <= COLS)
		put_text(0, COLS - w, right, w);
	attroff(theme_attr(&a->theme, EL_TITLE));
}

static void draw_status(struct app *a)
{
	int attr = theme_attr(&a->theme, a->status_error ? EL_ERROR : EL_HINT);
	move(a->lay.status_y, 0);
	clrtoeol();
	attron(attr);
	put_text(a->lay.status_y, 0, a->status[0] ? a->status : help_status_keys(a), COLS - 1);
	attroff(attr);
}

static void draw_too_small(void)
{
	char msg[128];
	erase();
	snprintf(msg, sizeof msg, "terminal too small: %dx%d, gpuplan needs %dx%d", COLS, LINES,
		 MIN_COLS, MIN_LINES);
	put_text(LINES / 2, 0, msg, COLS);
	put_text(LINES / 2 + 1, 0, "enlarge the window, or press q to quit", COLS);
	refresh();
}

static void draw(struct app *a)
{
	if (a->lay.too_small)
		return draw_too_small();
	form_view_save_cursor(a);
	offer_dialog_save_cursor(a);
	unpost_form(a->form);
	erase();
	draw_title(a);
	gpu_table_draw(a);
	if (a->pinned)
		compare_view_draw(a);
	else
		detail_view_draw(a);
	form_view_draw(a);
	draw_status(a);
	if (a->help)
		help_view_draw(a);
	form_view_place_cursor(a);
	if (a->dialog.open)
		offer_dialog_draw(a);
	refresh();
}

static void relayout(struct app *a)
{
	form_view_free(a);
	layout_screen(COLS, LINES, (int)a->an->nplans, &a->lay);
	if (!a->lay.too_small)
		form_view_build(a);
}

/* A closed or hung-up terminal ends the loop instead of spinning. */
static bool input_gone(void)
{
	struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
	if (poll(&p, 1, 0) <= 0)
		return false;
	if (p.revents & (POLLHUP | POLLNVAL | POLLERR))
		return true;
	char c;
	return (p.revents & POLLIN) && read(STDIN_FILENO, &c, 0) < 0 && errno != EINTR;
}

static bool handle_global_key(struct app *a, int ch)
{
	switch (ch) {
	case KEY_RESIZE:
		relayout(a);
		return true;
	case KEY_NPAGE:
		app_select_row(a, 1);
		return true;
	case KEY_PPAGE:
		app_select_row(a, -1);
		return true;
	case KEY_MOUSE: {
		MEVENT ev;
		if (getmouse(&ev) == OK && !gpu_table_click(a, ev.y, ev.x))
			form_view_click(a, ev.y, ev.x);
		return true;
	}
	default:
		return false;
	}
}

/* Keys for everything but typing: active when the cursor is not in a
 * text field (there, letters are input). */
static bool handle_command_key(struct app *a, int ch, bool *quit)
{
	static const char *const sort_names[] = {"catalogue order", "monthly cost", "card count"};
	switch (ch) {
	case 'q':
		*quit = true;
		return true;
	case 'j':
		app_select_row(a, 1);
		return true;
	case 'k':
		app_select_row(a, -1);
		return true;
	case 's':
		a->sort = (a->sort + 1) % SORT_COUNT;
		sort_rows(a);
		app_status(a, false, "sorted by %s", sort_names[a->sort]);
		return true;
	case '?':
		a->help = !a->help;
		return true;
	case 'p':
		action_pin(a);
		return true;
	case 'P':
		action_unpin(a);
		return true;
	case 'x':
		action_export_quote(a);
		return true;
	case 'e':
	case 'E':
		action_edit_file(a, ch == 'e' ? FILE_OFFERS : FILE_MODELS);
		return true;
	case 'o':
	case 'O':
		offer_dialog_open(a, ch == 'O');
		return true;
	default:
		return false;
	}
}

static bool process_key(struct app *a, int ch)
{
	bool quit = false;
	if (a->help && ch != KEY_RESIZE && ch != ERR) {
		a->help = false; /* any key closes the help */
		return ch == 'q';
	}
	if (a->dialog.open) {
		if (ch == KEY_RESIZE)
			offer_dialog_close(a), relayout(a);
		else if (ch != KEY_MOUSE)
			offer_dialog_key(a, ch);
		return false;
	}
	if (ch == 27 && !form_view_pick_open(a)) /* Esc */
		return true;
	if (handle_global_key(a, ch))
		return false;
	if (a->lay.too_small)
		return ch == 'q';
	a->status_error = false;
	a->status[0] = '\0';
	if (!form_view_in_text(a) && !form_view_pick_open(a) && handle_command_key(a, ch, &quit))
		return quit;
	form_view_key(a, ch);
	return false;
}

static int run_loop(struct app *a)
{
	for (;;) {
		draw(a);
		int ch = getch();
		if (quit_signal)
			return quit_signal == SIGINT ? 130 : 128 + quit_signal;
		if (ch == ERR) {
			if (input_gone())
				return 0;
			continue;
		}
		if (process_key(a, ch))
			return 0;
	}
}

static bool terminal_usable(char *why, size_t whylen)
{
	const char *term = getenv("TERM");
	if (!term || !term[0] || strcmp(term, "dumb") == 0) {
		snprintf(why, whylen, "TERM is %s, not a screen terminal", term && term[0] ? term : "unset");
		return false;
	}
	int err = 0;
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		snprintf(why, whylen, "unknown terminal type \"%s\"", term);
		return false;
	}
	del_curterm(cur_term); /* only a probe: initscr sets up its own */
	return true;
}

static void start_curses(struct app *a)
{
	tcgetattr(STDIN_FILENO, &saved_termios);
	install_signals();
	atexit(restore_terminal);
	set_escdelay(25);
	initscr();
	curses_active = true;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	timeout(250);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
	theme_init(&a->theme);
}

int tui_run(const struct catalog *c, const struct scenario *start, const char *gpu_filter,
	    char *why, size_t whylen)
{
	setlocale(LC_ALL, "");
	if (!terminal_usable(why, whylen))
		return -1;
	struct app *a = calloc(1, sizeof *a);
	if (!a || !(a->order = calloc(c->ngpus ? c->ngpus : 1, sizeof *a->order))) {
		free(a);
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	a->cat = c;
	a->gpu_filter = gpu_filter;
	scenario_copy(&a->sc, start);
	a->an = &a->bufs[0];
	a->spare = &a->bufs[1];
	a->pick = -1;
	if (!analysis_run(a->an, c, &a->sc, gpu_filter))
		app_status(a, true, "%s", a->an->error);
	sort_rows(a);
	start_curses(a);
	relayout(a);
	int rc = run_loop(a);
	offer_dialog_close(a);
	form_view_free(a);
	restore_terminal();
	analysis_free(&a->bufs[0]);
	analysis_free(&a->bufs[1]);
	analysis_free(&a->pin_an);
	if (a->owned)
		catalog_free(a->owned);
	free(a->owned);
	free(a->order);
	free(a);
	return rc;
}

/* For make bench: the time from a key to the refreshed screen, on a
 * terminal of cols x lines whose output goes to /dev/null. Types into the
 * context field, so every key recomputes every plan and redraws. */
double tui_bench_keystroke(const struct catalog *c, const struct scenario *start, int width,
			   int height, int keys)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	struct app *a = calloc(1, sizeof *a);
	if (!out || !in || !a || !(a->order = calloc(c->ngpus + 1, sizeof *a->order)))
		return -1;
	SCREEN *scr = newterm("xterm-256color", out, in);
	if (!scr)
		return -1;
	resizeterm(height, width);
	a->cat = c;
	scenario_copy(&a->sc, start);
	a->an = &a->bufs[0], a->spare = &a->bufs[1];
	a->pick = -1;
	analysis_run(a->an, c, &a->sc, NULL);
	sort_rows(a);
	theme_init(&a->theme);
	relayout(a);
	for (int i = 0; i < 3; i++) /* model, precision, task: then the context */
		process_key(a, '\t');
	draw(a);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < keys; i++) {
		process_key(a, i % 2 ? KEY_BACKSPACE : '1');
		draw(a);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	form_view_free(a);
	endwin();
	delscreen(scr);
	analysis_free(&a->bufs[0]);
	analysis_free(&a->bufs[1]);
	free(a->order);
	free(a);
	fclose(out);
	fclose(in);
	return ((t1.tv_sec - t0.tv_sec) * 1e6 + (t1.tv_nsec - t0.tv_nsec) / 1e3) / keys;
}
