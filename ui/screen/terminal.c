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
#include "tempfiles.h"

volatile sig_atomic_t terminal_quit_signal;
static struct termios saved_termios;
/* Read by the fatal signal handler: only a screen in use is reset. */
static volatile sig_atomic_t curses_active;
/* Keys are read from a window nothing draws on: wget_wch refreshes the
 * window it reads from when it was touched, and stdscr is touched by every
 * edit, so reading from it cost one screen update per key (a 100 KB paste
 * took seconds). */
static WINDOW *input_win;

/* What each signal whose default action ends the program does instead:
 * every one of them is in this table or in the real-time range, which is
 * fatal too. SIGKILL cannot be caught; cleanup_stale_temps (datasrc.h)
 * removes what it leaves at the next start. */
enum signal_action {
	SIGNAL_QUITS,   /* the loop ends with 128 + it, restoring as q does */
	SIGNAL_IGNORED, /* the write it stands for fails with an errno instead */
	SIGNAL_FATAL,   /* restore the terminal, remove temporary files, die by it */
};

static const struct signal_row {
	int sig;
	enum signal_action action;
} signal_rows[] = {
	{SIGINT, SIGNAL_QUITS},
	{SIGTERM, SIGNAL_QUITS},
	{SIGHUP, SIGNAL_QUITS},
	{SIGQUIT, SIGNAL_QUITS}, /* Ctrl-\ */
	{SIGUSR1, SIGNAL_QUITS},
	{SIGUSR2, SIGNAL_QUITS},
	{SIGALRM, SIGNAL_QUITS},
	/* a closed pipe gives EPIPE, a file over ulimit -f EFBIG: the save
	 * fails with its message and the session goes on */
	{SIGPIPE, SIGNAL_IGNORED},
	{SIGXFSZ, SIGNAL_IGNORED},
	{SIGSEGV, SIGNAL_FATAL},
	{SIGBUS, SIGNAL_FATAL},
	{SIGFPE, SIGNAL_FATAL},
	{SIGABRT, SIGNAL_FATAL},
	{SIGILL, SIGNAL_FATAL},
	{SIGTRAP, SIGNAL_FATAL},
	{SIGSYS, SIGNAL_FATAL},
	{SIGXCPU, SIGNAL_FATAL},
	{SIGVTALRM, SIGNAL_FATAL},
	{SIGPROF, SIGNAL_FATAL},
#ifdef SIGIO
	{SIGIO, SIGNAL_FATAL}, /* SIGPOLL on Linux */
#elif defined SIGPOLL
	{SIGPOLL, SIGNAL_FATAL},
#endif
#ifdef SIGPWR
	{SIGPWR, SIGNAL_FATAL},
#endif
#ifdef SIGSTKFLT
	{SIGSTKFLT, SIGNAL_FATAL},
#endif
#ifdef SIGEMT
	{SIGEMT, SIGNAL_FATAL},
#endif
#ifdef SIGLOST
	{SIGLOST, SIGNAL_FATAL},
#endif
};

#define NSIGNAL_ROWS (sizeof signal_rows / sizeof signal_rows[0])

static void on_quit_signal(int sig)
{
	terminal_quit_signal = sig;
}

/* A crash must not leave the terminal raw nor a half-written NAME.tmp-*
 * beside a file: remove the temporary files, restore the saved settings,
 * turn mouse tracking and the keypad's application mode off and leave the
 * alternate screen with async-signal-safe calls, then die by the signal
 * (SA_RESETHAND put its default action back; it is delivered on return). */
static void on_fatal_signal(int sig)
{
	static const char reset[] = "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1l\033>"
				    "\033[?1049l\033[?25h\033[0m\r\n";
	tempfiles_unlink_all();
	if (curses_active) {
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
		if (write(STDOUT_FILENO, reset, sizeof reset - 1) < 0)
			_exit(128 + sig);
	}
	raise(sig);
}

void terminal_restore(void)
{
	if (curses_active) {
		curses_active = 0;
		delwin(input_win);
		input_win = NULL;
		endwin();
	}
}

static void catch_one(int sig, enum signal_action action)
{
	struct sigaction sa = {.sa_handler = on_quit_signal};
	sigemptyset(&sa.sa_mask);
	if (action == SIGNAL_IGNORED)
		sa.sa_handler = SIG_IGN;
	if (action == SIGNAL_FATAL) {
		sa.sa_handler = on_fatal_signal;
		sa.sa_flags = SA_RESETHAND;
		sigfillset(&sa.sa_mask); /* no second signal inside the handler */
	}
	sigaction(sig, &sa, NULL);
}

void terminal_catch_signals(void)
{
	for (size_t i = 0; i < NSIGNAL_ROWS; i++)
		catch_one(signal_rows[i].sig, signal_rows[i].action);
#ifdef SIGRTMIN
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		catch_one(sig, SIGNAL_FATAL);
#endif
}

/* An ignored signal stays ignored across exec: the editor gets the
 * defaults back. */
static void uncatch_ignored(void)
{
	for (size_t i = 0; i < NSIGNAL_ROWS; i++)
		if (signal_rows[i].action == SIGNAL_IGNORED)
			signal(signal_rows[i].sig, SIG_DFL);
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
	terminal_catch_signals();
	atexit(terminal_restore);
	set_escdelay(150); /* an ESC split from its [B on a slow link is not a key */
	initscr();
	curses_active = 1;
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
		signal(SIGINT, SIG_DFL); /* ignored by terminal_run meanwhile */
		signal(SIGQUIT, SIG_DFL);
		uncatch_ignored();
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
