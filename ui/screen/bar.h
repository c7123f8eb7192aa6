/* The width maths of the VRAM bar, kept pure so it can be tested. */
#ifndef GPUPLAN_BAR_H
#define GPUPLAN_BAR_H

#include "plan.h"

/* Splits 'width' cells among n values drawn on a scale of 'scale' (the
 * card's capacity, or the total when that is larger). The cells never add
 * up to more than width; every non-zero value gets at least one cell while
 * room allows. Returns the cells used. */
int bar_cells(const double *values, int n, double scale, int width, int *cells);

/* A plan's bar, one value per slot of the memory-terms table: each term
 * added to its slot (gradients and optimizer share one), then the
 * headroom. Draw slot s with theme_slot_element(s). */
void bar_plan_values(const struct plan *p, double values[SLOT_COUNT]);
/* The card's capacity, or the need with headroom when that is larger. */
double bar_plan_scale(const struct plan *p);

#endif
