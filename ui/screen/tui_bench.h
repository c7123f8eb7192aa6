/* make bench only: this file is linked into bench/, not the program. */
#ifndef GPUPLAN_TUI_BENCH_H
#define GPUPLAN_TUI_BENCH_H

#include "catalog.h"
#include "scenario.h"

/* Microseconds from a key to the refreshed screen, on a terminal of
 * width x height whose output goes to /dev/null; -1 when it cannot run. */
double tui_bench_keystroke(const struct catalog *c, const struct scenario *start, int width,
			   int height, int keys);

#endif
