/* The terminal is restored on every way out, signals included. */
#include "terminal.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <term.h>

#include "i18n.h"

volatile sig_atomic_t terminal_quit_signal;
static struct termios saved_termios;
static bool curses_active;
/* Keys are read from a window nothing draws on: wget_wch refreshes the
 * window it reads from when it was touched, and stdscr is touched by every
 * edit, so reading from it cost one screen update per key (a 100 KB paste
 * took seconds). */
static WINDOW *input_win;

static void on_quit_signal(int sig)
{
	terminal_quit_signal = sig;
}

/* A crash must not leave the terminal raw: restore the saved settings,
 * turn mouse tracking and the keypad's application mode off and leave the
 * alternate screen with async-signal-safe calls, then die. */
static void on_fatal_signal(int sig)
{
	static const char reset[] = "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1l\033>"
				    "\033[?1049l\033[?25h\033[0m\r\n";
	tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
	if (write(STDOUT_FILENO, reset, sizeof reset - 1) < 0)
		_exit(128 + sig);
	signal(sig, SIG_DFL);
	raise(sig);
}

void terminal_restore(void)
{
	if (curses_active) {
		curses_active = false;
		delwin(input_win);
		input_win = NULL;
		endwin();
	}
}

/* Signals that end the program by default end the loop instead, so the
 * terminal is restored (Ctrl-\\ too). SIGPIPE is ignored: a write to a
 * closed pipe fails with EPIPE and is reported like any write error. */
static void install_signals(void)
{
	static const int quits[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM};
	static const int fatals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL};
	struct sigaction sa = {.sa_handler = on_quit_signal};
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof quits / sizeof quits[0]; i++)
		sigaction(quits[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatals / sizeof fatals[0]; i++)
		sigaction(fatals[i], &sa, NULL);
}

bool terminal_names_utf8(const char *locale)
{
	const char *dot = locale ? strchr(locale, '.') : NULL;
	return dot && (strncasecmp(dot + 1, "UTF-8", 5) == 0 || strncasecmp(dot + 1, "utf8", 4) == 0);
}

bool terminal_usable(char *why, size_t whylen)
{
	const char *term = getenv("TERM");
	if (!term || !term[0] || strcmp(term, "dumb") == 0) {
		snprintf(why, whylen, _("TERM is %s, not a screen terminal"),
			 term && term[0] ? term : _("unset"));
		return false;
	}
	int err = 0;
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		snprintf(why, whylen, _("unknown terminal type \"%s\""), term);
		return false;
	}
	del_curterm(cur_term); /* only a probe: initscr sets up its own */
	return true;
}

void terminal_start(void)
{
	tcgetattr(STDIN_FILENO, &saved_termios);
	install_signals();
	atexit(terminal_restore);
	set_escdelay(150); /* an ESC split from its [B on a slow link is not a key */
	initscr();
	curses_active = true;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	input_win = newwin(1, 1, 0, 0);
	keypad(input_win, TRUE);
	terminal_key_wait(TUI_KEY_WAIT_MS);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
}

void terminal_key_wait(int ms)
{
	wtimeout(input_win, ms);
}

int terminal_read_key(wint_t *wc)
{
	return wget_wch(input_win, wc);
}

bool terminal_input_gone(void)
{
	struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
	if (poll(&p, 1, 0) <= 0)
		return false;
	if (p.revents & (POLLHUP | POLLNVAL | POLLERR))
		return true;
	char c;
	return (p.revents & POLLIN) && read(STDIN_FILENO, &c, 0) < 0 && errno != EINTR;
}

static pid_t spawn(const char *const argv[])
{
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		signal(SIGPIPE, SIG_DFL); /* an ignored signal stays ignored across exec */
		execv("/bin/sh", (char *const *)argv);
		_exit(127);
	}
	return pid;
}

int terminal_run(const char *const argv[])
{
	struct sigaction ignore = {.sa_handler = SIG_IGN}, old_int, old_quit;
	sigaction(SIGINT, &ignore, &old_int);
	sigaction(SIGQUIT, &ignore, &old_quit);
	def_prog_mode();
	endwin();
	int status = -1;
	pid_t pid = spawn(argv);
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	reset_prog_mode();
	refresh();
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	return pid > 0 ? status : -1;
}
