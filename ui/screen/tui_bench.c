/* For make bench: the time from a key to the refreshed screen. Types into
 * the context field, so every key recomputes every plan and redraws. */
#include "tui_bench.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "keys.h"
#include "tui_screen.h"

static double elapsed_us(const struct timespec *t0, const struct timespec *t1)
{
	return (t1->tv_sec - t0->tv_sec) * 1e6 + (t1->tv_nsec - t0->tv_nsec) / 1e3;
}

static double time_keys(struct screen *sc, int keys)
{
	struct timespec t0, t1;
	for (int i = 0; i < 3; i++) /* model, precision, task: then the context */
		keys_dispatch(sc, '\t');
	tui_screen_draw(sc);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < keys; i++) {
		keys_dispatch(sc, i % 2 ? KEY_BACKSPACE : '1');
		tui_screen_update(sc);
		tui_screen_draw(sc);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return elapsed_us(&t0, &t1) / keys;
}

double tui_bench_keystroke(const struct catalog *c, const struct scenario *start, int width,
			   int height, int keys)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	struct screen *t = calloc(1, sizeof *t);
	SCREEN *scr = out && in ? newterm("xterm-256color", out, in) : NULL;
	double us = -1;
	if (scr && t && tui_screen_init(t, c, start, NULL)) {
		resizeterm(height, width);
		theme_init(&t->fr.theme);
		tui_screen_relayout(t, width, height);
		us = time_keys(t, keys);
		tui_screen_free(t);
	}
	if (scr) {
		endwin();
		delscreen(scr);
	}
	free(t);
	if (out)
		fclose(out);
	if (in)
		fclose(in);
	return us;
}
