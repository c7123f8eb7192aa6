#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "i18n.h"

static void diag_add(struct diag *d, bool warning, const char *fmt, va_list ap)
{
	if (warning)
		d->warnings++;
	else
		d->errors++;
	if (d->kept == DIAG_KEEP)
		return;
	char *msg = NULL;
	if (vasprintf(&msg, fmt, ap) < 0)
		return;
	d->is_warning[d->kept] = warning;
	d->msgs[d->kept++] = msg;
}

void diag_error(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_add(d, false, fmt, ap);
	va_end(ap);
}

void diag_warning(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_add(d, true, fmt, ap);
	va_end(ap);
}

void diag_print(const struct diag *d, void *stream)
{
	FILE *out = stream;
	for (size_t i = 0; i < d->kept; i++)
		fprintf(out, "%s%s\n", d->is_warning[i] ? _("warning: ") : "", d->msgs[i]);
	size_t total = d->errors + d->warnings;
	if (total > d->kept)
		fprintf(out, _("... and %zu more\n"), total - d->kept);
}

void diag_clear(struct diag *d)
{
	for (size_t i = 0; i < d->kept; i++)
		free(d->msgs[i]);
	*d = (struct diag){0};
}

struct diag_mark diag_mark(const struct diag *d)
{
	return (struct diag_mark){.kept = d->kept, .errors = d->errors, .warnings = d->warnings};
}

void diag_rewind(struct diag *d, struct diag_mark m)
{
	while (d->kept > m.kept)
		free(d->msgs[--d->kept]);
	d->errors = m.errors;
	d->warnings = m.warnings;
}
