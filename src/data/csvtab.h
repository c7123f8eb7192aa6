/* A CSV file read into records whose fields remember where they came from
 * (line, column, bytes), so every later error can point at the source.
 *
 * Lean by design: the parse keeps each field's text, NUL-terminated, in
 * one block no larger than the file, and per record only where it starts.
 * A field's position is worked out again from the parsed bytes when a cell
 * is asked for, so csvtab_cell needs them to be alive; the texts themselves
 * live until csvtab_free. A file too large to hold (10^6 offers) is
 * streamed instead: each record is handed on as soon as it is read, with
 * the header and that record alone held, and exact positions all the same. */
#ifndef GPUPLAN_CSVTAB_H
#define GPUPLAN_CSVTAB_H

#include <stdbool.h>
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

/* Called for each record of a stream as soon as it is read, the header
 * (rec 0) first: t then holds the header and this record, and csvtab_cell
 * gives exact positions for both until fn returns. Returns false to stop
 * the stream (the reader says why: out of memory). */
typedef bool (*csv_record_fn)(const struct csv_table *t, size_t rec, void *ctx);

/* Reads buf as csvtab_parse does, handing each record to fn instead of
 * keeping it: t keeps only the header's texts. Returns the errors of the
 * file itself; then the messages fn's reader said are taken back as well
 * when the file is not text (one message for the file, as csvtab_parse
 * gives), and the caller discards what it built. A ';'-separated header
 * is said and no record goes to fn. */
size_t csvtab_stream(struct csv_table *t, const char *path, const char *buf, size_t len,
		     csv_record_fn fn, void *ctx, struct diag *d);
/* The same for a file read from fd as it is parsed: only a window of it
 * (256 KiB, more for a longer record) is held. */
size_t csvtab_stream_fd(struct csv_table *t, const char *path, int fd, csv_record_fn fn,
			void *ctx, struct diag *d);

/* Field i of record rec. The pointer stays valid until a cell of another
 * record than this one and the header is asked for (and only while the
 * buffer given to csvtab_parse lives). */
const struct csv_cell *csvtab_cell(const struct csv_table *t, size_t rec, size_t i);

/* The text of field i of record rec without working out its position:
 * valid until csvtab_free, even after the parsed buffer is gone. */
const char *csvtab_text(const struct csv_table *t, size_t rec, size_t i);

/* The parsed buffer is about to be freed: cells asked for later carry their
 * text and their record's line only (col 0, no bytes), never a dangling
 * read. data_load_dir calls it once the catalogue is loaded; a stream
 * ends with it. */
void csvtab_drop_source(struct csv_table *t);

#endif
