#include "bar.h"

#include <math.h>

static int biggest(const int *cells, int n)
{
	int best = 0;
	for (int i = 1; i < n; i++)
		if (cells[i] > cells[best])
			best = i;
	return best;
}

/* Largest remainder: floor every share, then hand the cells still due to
 * the largest fractions. */
static int share_out(const double *values, int n, double scale, int width, int *cells)
{
	double sum = 0, frac[16];
	int used = 0;
	for (int i = 0; i < n; i++) {
		double exact = values[i] > 0 ? values[i] / scale * width : 0;
		cells[i] = (int)floor(exact);
		frac[i] = exact - cells[i];
		used += cells[i];
		sum += exact;
	}
	int target = (int)fmin(width, lround(sum));
	while (used < target) {
		int best = 0;
		for (int i = 1; i < n; i++)
			if (frac[i] > frac[best])
				best = i;
		cells[best]++, frac[best] = -1, used++;
	}
	return used;
}

int bar_cells(const double *values, int n, double scale, int width, int *cells)
{
	for (int i = 0; i < n; i++)
		cells[i] = 0;
	if (n <= 0 || n > 16 || width <= 0 || !(scale > 0))
		return 0;
	int used = share_out(values, n, scale, width, cells);
	for (int i = 0; i < n; i++) {
		if (values[i] <= 0 || cells[i] > 0)
			continue;
		if (used < width) {
			cells[i] = 1, used++;
		} else {
			int from = biggest(cells, n);
			if (cells[from] > 1)
				cells[from]--, cells[i] = 1;
		}
	}
	return used;
}

void bar_plan_values(const struct plan *p, double values[SLOT_COUNT])
{
	for (int s = 0; s < SLOT_COUNT; s++)
		values[s] = 0;
	for (enum mem_term t = 0; t < TERM_COUNT; t++)
		values[mem_term_rows[t].slot] += mem_term_value(&p->per_card, t);
	values[SLOT_HEADROOM] = p->with_headroom - p->need;
}

double bar_plan_scale(const struct plan *p)
{
	return p->capacity > p->with_headroom ? p->capacity : p->with_headroom;
}
