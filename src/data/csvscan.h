/* The records of a CSV buffer found the way csvtab_parse finds them, but
 * without reading their fields: where each starts and ends and on which
 * line, in a few memchr passes (10^6 rows in about 0.1 s). An edit finds
 * its row and the header this way and parses just those two. For a file
 * csvtab_parse accepts, the records, their starts and lines are the same;
 * comment lines (# first on a line outside a record), blank lines and a
 * UTF-8 BOM are skipped, and LF, CRLF and CR end lines. */
#ifndef GPUPLAN_CSVSCAN_H
#define GPUPLAN_CSVSCAN_H

#include <stdbool.h>
#include <stddef.h>

struct csv_scan {
	const char *buf;
	size_t len, at;
	unsigned line; /* of the byte at 'at' */
};

struct csv_span {
	size_t start; /* the record's first byte */
	size_t end;   /* just before the line end of its last line (or the file's end) */
	size_t next;  /* after that line end */
	unsigned line;
};

void csv_scan_init(struct csv_scan *s, const char *buf, size_t len);
/* The next record; false at the end of the buffer. */
bool csv_scan_next(struct csv_scan *s, struct csv_span *r);
/* The record starting on line (its first line); false when none does. */
bool csv_scan_line(const char *buf, size_t len, unsigned line, struct csv_span *r);

#endif
