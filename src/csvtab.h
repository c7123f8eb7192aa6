/* A CSV file read with libcsv into cells that remember where they came
 * from (line, column), so every later error can point at the source. */
#ifndef GPUPLAN_CSVTAB_H
#define GPUPLAN_CSVTAB_H

#include <stddef.h>

#include "diag.h"

struct csv_cell {
	const char *text;   /* NUL-terminated, owned by the table */
	unsigned line, col; /* 1-based; col counts characters */
	size_t start, end;  /* the raw bytes in the buffer, quotes included */
};

struct csv_record {
	size_t first, count; /* cells[first .. first+count) */
	unsigned line;
};

struct csv_table {
	const char *path; /* as shown in messages */
	struct csv_cell *cells;
	size_t ncells, cells_cap;
	struct csv_record *records; /* records[0] is the header */
	size_t nrecords, records_cap;
	struct arena_block *arena;
};

/* Parses buf. Comment lines (# in the first column), a UTF-8 BOM and CRLF
 * line ends are accepted. Encoding and quoting problems go to d; returns
 * the number of errors added (0 on success). */
size_t csvtab_parse(struct csv_table *t, const char *path, const char *buf, size_t len,
		    struct diag *d);
void csvtab_free(struct csv_table *t);

static inline const struct csv_cell *csvtab_cell(const struct csv_table *t, size_t rec, size_t i)
{
	return &t->cells[t->records[rec].first + i];
}

#endif
