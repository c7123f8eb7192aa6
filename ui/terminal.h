/* The terminal itself: probing it, curses on and off, the signals that
 * must restore it on every way out, and handing it to another program. */
#ifndef GPUPLAN_TERMINAL_H
#define GPUPLAN_TERMINAL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/* Set by SIGINT, SIGTERM or SIGHUP: the loop ends with 128 + it. */
extern volatile sig_atomic_t terminal_quit_signal;

/* False (why says so) when TERM cannot host a full-screen program. */
bool terminal_usable(char *why, size_t whylen);
void terminal_start(void);
void terminal_restore(void);
/* A closed or hung-up terminal: the loop ends instead of spinning. */
bool terminal_input_gone(void);
/* Runs /bin/sh with argv (argv[0] its name, NULL-terminated) with the
 * terminal handed over; like system(3), Ctrl-C is ignored meanwhile.
 * Returns the exit status, or -1 when it did not exit normally. */
int terminal_run(const char *const argv[]);

#endif
