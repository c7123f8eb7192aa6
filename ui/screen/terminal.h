/* The terminal itself: probing it, curses on and off, the signals that
 * must restore it on every way out, and handing it to another program. */
#ifndef GPUPLAN_TERMINAL_H
#define GPUPLAN_TERMINAL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

/* How long the loop waits for a key before it looks at the data files
 * and the signals again. */
#define TUI_KEY_WAIT_MS 250

/* Set by SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 or SIGALRM:
 * the loop ends with 128 + it. */
extern volatile sig_atomic_t terminal_quit_signal;

/* Whether a locale name asks for UTF-8 ("zh_CN.UTF-8", "en_US.utf8"). */
bool terminal_names_utf8(const char *locale);

/* False (why says so) when TERM cannot host a full-screen program. */
bool terminal_usable(char *why, size_t whylen);
void terminal_start(void);
/* The signal dispositions terminal_start sets (one table in terminal.c):
 * quits end the loop, SIGPIPE and SIGXFSZ are ignored so a write fails
 * with its errno, and every other signal whose default action ends the
 * program restores the terminal, removes the temporary files
 * (tempfiles.h) and dies by it. Tests call it without a screen. */
void terminal_catch_signals(void);
void terminal_restore(void);
/* A key as get_wch reads it, waiting up to the last terminal_key_wait
 * (0: only what is already there). */
int terminal_read_key(wint_t *wc);
void terminal_key_wait(int ms);
/* A closed or hung-up terminal: the loop ends instead of spinning. */
bool terminal_input_gone(void);
/* Runs /bin/sh with argv (argv[0] its name, NULL-terminated) with the
 * terminal handed over; like system(3), Ctrl-C is ignored meanwhile.
 * Returns the status waitpid gave (editor_failure_text reads it), or -1
 * when it could not be started. */
int terminal_run(const char *const argv[]);

#endif
