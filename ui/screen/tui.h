/* The interactive configurator. This header is curses-free so that the
 * command-line program in src/ can call it. */
#ifndef GPUPLAN_TUI_H
#define GPUPLAN_TUI_H

#include <stddef.h>

#include "catalog.h"
#include "scenario.h"

/* Runs the configurator until the user quits. Returns an exit status, or
 * -1 when the terminal cannot host it (why says so: the caller prints the
 * report instead). */
int tui_run(const struct catalog *c, const struct scenario *start, const char *gpu_filter,
	    char *why, size_t whylen);

#endif
