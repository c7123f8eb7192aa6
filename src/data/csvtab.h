/* A CSV file read into records whose fields remember where they came from
 * (line, column, bytes), so every later error can point at the source.
 *
 * Lean by design (10^6 rows in well under a second and a few bytes per
 * field): the parse keeps each field's text, NUL-terminated, in one block
 * no larger than the file, and per record only where it starts. A field's
 * position is worked out again from the parsed buffer when a cell is asked
 * for, so csvtab_cell needs the buffer given to csvtab_parse to be alive;
 * the texts themselves live until csvtab_free. */
#ifndef GPUPLAN_CSVTAB_H
#define GPUPLAN_CSVTAB_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct csv_cell {
	const char *text;   /* NUL-terminated, owned by the table */
	unsigned line, col; /* 1-based; col counts characters */
	size_t start, end;  /* the raw bytes in the buffer, quotes included */
};

struct csv_record {
	uint32_t raw;  /* where the record starts in the parsed buffer, after a BOM */
	uint32_t text; /* its first field's text in the table's text block */
	unsigned count, line;
};

struct csv_cell_cache; /* the cells of the header and of one other record */

struct csv_table {
	const char *path; /* as shown in messages */
	const char *src;  /* the buffer given to csvtab_parse, BOM included (borrowed) */
	size_t src_len;
	char *text; /* every field's text, in file order */
	size_t released; /* bytes of text given back (csvtab_release_before) */
	struct csv_record *records; /* records[0] is the header */
	size_t nrecords, records_cap;
	struct csv_cell_cache *cache;
};

/* Parses buf. Comment lines (# in the first column), a UTF-8 BOM and CRLF,
 * LF or CR-only line ends are accepted. Encoding and quoting problems go to
 * d; returns the number of errors added (0 on success). */
size_t csvtab_parse(struct csv_table *t, const char *path, const char *buf, size_t len,
		    struct diag *d);
void csvtab_free(struct csv_table *t);

/* csvtab_parse for a malloc'd buffer it takes (*buf becomes NULL): the
 * texts are written over the bytes they came from, so a file is never held
 * twice. Cells carry texts and lines only (as after csvtab_drop_source),
 * and a quoting error's message may point at the wrong column: a caller
 * that gets any parses the file again with csvtab_parse for exact ones. */
size_t csvtab_parse_owned(struct csv_table *t, const char *path, char **buf, size_t len,
			  struct diag *d);

/* Field i of record rec. The pointer stays valid until a cell of another
 * record than this one and the header is asked for (and only while the
 * buffer given to csvtab_parse lives). */
const struct csv_cell *csvtab_cell(const struct csv_table *t, size_t rec, size_t i);

/* The text of field i of record rec without working out its position:
 * valid until csvtab_free, even after the parsed buffer is gone. */
const char *csvtab_text(const struct csv_table *t, size_t rec, size_t i);

/* The parsed buffer is about to be freed: cells asked for later carry their
 * text and their record's line only (col 0, no bytes), never a dangling
 * read. data_load_dir calls it once the catalogue is loaded. */
void csvtab_drop_source(struct csv_table *t);

/* The texts of the records before rec are no longer needed: their memory
 * goes back to the system (whole pages only; where the system cannot, it
 * is kept). Reading them afterwards gives empty or cut texts. */
void csvtab_release_before(struct csv_table *t, size_t rec);

#endif
