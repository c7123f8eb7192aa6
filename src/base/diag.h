/* Diagnostics collected while loading data: errors and warnings as
 * ready-to-print lines ("file:line:col: expected ..., found ..."), in the
 * language of the moment they were made: callers pass _("format"). */
#ifndef GPUPLAN_DIAG_H
#define GPUPLAN_DIAG_H

#include <stdbool.h>
#include <stddef.h>

#define DIAG_KEEP 200 /* messages kept; the rest are only counted */

struct diag {
	char *msgs[DIAG_KEEP];
	bool is_warning[DIAG_KEEP];
	size_t kept;
	size_t errors, warnings;
};

void diag_error(struct diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void diag_warning(struct diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void diag_print(const struct diag *d, void *stream);
void diag_clear(struct diag *d);

/* Where d stands, to take back what a trial added (a load done again). */
struct diag_mark {
	size_t kept, errors, warnings;
};
struct diag_mark diag_mark(const struct diag *d);
void diag_rewind(struct diag *d, struct diag_mark m);

#endif
