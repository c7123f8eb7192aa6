/* The width maths of the VRAM bar, kept pure so it can be tested. */
#ifndef GPUPLAN_BAR_H
#define GPUPLAN_BAR_H

/* Splits 'width' cells among n values drawn on a scale of 'scale' (the
 * card's capacity, or the total when that is larger). The cells never add
 * up to more than width; every non-zero value gets at least one cell while
 * room allows. Returns the cells used. */
int bar_cells(const double *values, int n, double scale, int width, int *cells);

#endif
