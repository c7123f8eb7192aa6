/* The GPU table, one row per plan: one vocabulary of columns for the
 * table report and the configurator's table. Each surface shows some of
 * the columns, in its own order (the report: GPU, cards, plan, GiB/card,
 * +headroom/cap, fit, both prices, per month, the time columns; the
 * screen: the columns in this enum's order, the bar drawn, need and fit
 * left out), and its headings; the cells are built here for both. */
#ifndef GPUPLAN_TABLE_CELLS_H
#define GPUPLAN_TABLE_CELLS_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"
#include "units.h"

/* Left to right as the screen lays them out (layout.c drops the bar,
 * then the figures, then the time columns on a narrow terminal). */
enum table_col {
	TC_NAME,      /* GPU */
	TC_BAR,       /* the screen's VRAM bar: drawn, no cell */
	TC_FIGURES,   /* with headroom / capacity, GiB: "10.7/79.6" */
	TC_SPEED,     /* output tok/s at the concurrency, or training days */
	TC_UNIT_COST, /* per million output tokens the cheaper way, or the job's cost */
	TC_CARDS,
	TC_PLAN,      /* the report: the strategy in words; the screen: its shape code */
	TC_NEED,      /* GiB per card (the report's) */
	TC_FIT,       /* ok / tight / no (the report's) */
	TC_CONTAINER, /* price per card per month, * the cheaper */
	TC_BAREMETAL,
	TC_TOTAL,     /* per month the cheaper way; the screen adds c or b */
	TC_COUNT
};

/* A row's cells as text. The screen leaves a plan that is no offer (no
 * cards, or a --cards count that does not fit) without prices or times;
 * the report writes "—" there. On the screen a plain terminal's money is
 * the digits alone (the heading names the currency) and an estimate
 * row's time figures start with "~". */
struct table_row {
	char text[TC_COUNT][96];
	bool star[TC_COUNT]; /* the cheaper way to rent, marked "*" */
};
void table_row_fill(struct table_row *r, const struct plan *p, const struct style *st);

/* What the headings read off the rows: whether they train (days and the
 * job's cost), the band of the rows that are not estimates and that of
 * those that are (-1: none), the currency the rows are priced in. */
struct table_look {
	bool training;
	double band, estimate_band;
	/* the widest row's sides of each (band_lo[0], band_hi[0]: the rows
	 * that are not estimates; [1]: those that are) */
	double band_lo[2], band_hi[2];
	const char *currency;
	bool short_of_goals; /* a row is marked "<": no shape on it meets the goals */
};
void table_look_of(struct table_look *look, const struct plan *plans, size_t n);
/* Column c's heading, form 0 the longest (the report has one form, the
 * screen up to four, each shorter than the one before: the first that
 * fits is drawn); false when c has no such form. Translated. */
bool table_heading(char *buf, size_t cap, enum table_col c, int form, const struct table_look *look,
		   const struct style *st);
/* "estimates ±30 %, ±50 % on calibration=estimate GPUs" from the rows'
 * bands ("measured, no band" for --measured days). */
void table_bands_text(char *buf, size_t cap, const struct table_look *look);
/* The two bands' sides ("±30", "−65/+35"): the rows that are not
 * estimates, and those that are; cap bytes each. */
void table_band_sides(const struct table_look *look, char *rows, char *estimates, size_t cap);
/* Text columns are aligned left, numbers right. */
bool table_col_left(enum table_col c);

#endif
