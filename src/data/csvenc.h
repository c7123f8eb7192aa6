/* Whether a CSV file is UTF-8 text: one message for the whole file, at its
 * first bad byte, counting the other lines that have one. The check goes
 * over the file in pieces of whole lines as they are read (csvtab.c), so a
 * streamed file is checked as a file held whole would be. */
#ifndef GPUPLAN_CSVENC_H
#define GPUPLAN_CSVENC_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* What the pieces scanned so far held. */
struct csv_encoding {
	size_t lines;       /* lines with a bad byte */
	unsigned line, col; /* the first one's position (col in characters) */
	unsigned char byte;
	bool gbk; /* it looks like GBK/GB18030 text */
};

/* UTF-8 with no NUL byte: the common case, checked eight bytes at a time
 * without counting lines. */
bool csvenc_clean(const char *buf, size_t len);

/* Scans buf[from, to), which starts a line, numbered *line: notes the
 * bad bytes in e and moves *line past the line ends scanned. */
void csvenc_scan(struct csv_encoding *e, const char *buf, size_t from, size_t to,
		 unsigned *line);

/* The column of byte i on the line that starts at line_start: characters
 * before it, plus 1. */
unsigned csvenc_column(const char *buf, size_t line_start, size_t i);

/* The message for what e saw, if anything: returns the errors added (0 or 1). */
size_t csvenc_report(const struct csv_encoding *e, const char *path, struct diag *d);

#endif
