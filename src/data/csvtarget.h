/* The file an edit works on, as it is on disk now: its bytes, held still
 * for a save (fileguard.h), and only its header and the edited row parsed
 * (csvscan finds them: 10^6 rows are scanned, not parsed). The row is
 * found by its line, its loaded bytes or its keys (csv_edit). For
 * csvedit.c, and the row types and file reads csvedit.h passes on: its
 * public face is csvedit.h, which includes this. */
#ifndef GPUPLAN_CSVTARGET_H
#define GPUPLAN_CSVTARGET_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "csvscan.h"
#include "csvtab.h"
#include "fileguard.h"

#define CSV_MAX_FIELDS 16 /* fields one edit may name */

/* The row an edit names: by its keys, its line and its loaded bytes, and
 * the fields it changes (csv_edit_save in csvedit.h). */
struct field_edit {
	const char *column; /* header name */
	const char *value;  /* new text; quoted on write when it needs to be */
};

/* A field the user saw: its text as loaded and as the user left it. */
struct field_change {
	const char *column;
	const char *loaded; /* NULL: not known, not checked */
	const char *value;
};

struct csv_edit {
	const char *path;
	unsigned line; /* where the row started when it was loaded */
	/* the row's bytes as they were loaded (csv_edit_read_row), line end
	 * excluded; NULL: only the fields' loaded texts are compared */
	const char *loaded_row;
	const struct field_edit *keys; /* columns that must still hold these texts */
	size_t n_keys;
	const struct field_change *fields;
	size_t n_fields;
	/* The loader's rules for the row as it will be written (NULL: none):
	 * csv holds the file's header and the row on their own lines, the
	 * lines between blank, so a message names the row's line and column
	 * in path. False with the first message in err: nothing is written. */
	bool (*check)(void *ctx, const char *path, const char *csv, size_t len, char *err,
		      size_t errlen);
	void *check_ctx;
};

/* The file as read for an edit: */

struct stat;
/* Whether the file's own permission lets this user replace it (a 0444 file
 * is refused even for root, whose access(2) says yes to anything); false
 * with the reason in err. */
bool csv_file_writable(const char *path, const struct stat *st, char *err, size_t errlen);

/* Reads a regular file whole (a FIFO or a folder is refused, never waited
 * on). malloc'd, NUL-terminated; NULL with err. */
char *csv_read_regular(const char *path, size_t *len, char *err, size_t errlen);

/* The bytes of the row starting on line (malloc'd), for csv_edit.loaded_row;
 * NULL with err when there is no such row. */
char *csv_edit_read_row(const char *path, unsigned line, char *err, size_t errlen);

/* The row starting on 'line' as it is on disk now, for an edit dialog to
 * show and to pass back: bytes for csv_edit.loaded_row, and the exact texts
 * of the named columns ("" for one the file lacks) for field_change.loaded.
 * Showing these instead of the catalogue's (maybe older, reformatted)
 * values is what makes the conflict check sound. */
struct csv_row_snapshot {
	char *bytes;
	unsigned line; /* where the row was found */
	char *texts[16];
	size_t n;
};

/* False with err when the row is gone or its keys changed. */
bool csv_edit_snapshot(const char *path, unsigned line, const struct field_edit *keys,
		       size_t n_keys, const char *const *columns, size_t n,
		       struct csv_row_snapshot *snap, char *err, size_t errlen);
void csv_row_snapshot_free(struct csv_row_snapshot *snap);


struct target {
	char path[PATH_MAX]; /* the symlink's target, if path was a link */
	struct stat st;
	struct file_guard g; /* a save holds the file still (fileguard.h) */
	char *buf;
	size_t len;
	struct csv_span head, row;
	struct csv_table ht, rt; /* the header's and the row's own parses */
	bool hparsed, rparsed;
};

/* Reads path (held still when save) and parses its header. False with err. */
bool csv_target_open(struct target *f, const char *path, bool save, char *err, size_t errlen);
void csv_target_close(struct target *f);
/* Finds e's row (see csv_edit_save); false with err when it is gone. */
bool csv_target_row(struct target *f, const struct csv_edit *e, char *err, size_t errlen);
/* The header's column of that name, or -1. */
int csv_target_column(const struct target *f, const char *name);
/* The row's text in that column; "" for a column the file lacks. */
const char *csv_target_text(const struct target *f, const char *column);
/* Whether record s holds exactly these bytes. */
bool csv_target_is(const struct target *f, const struct csv_span *s, const char *bytes);
/* The row's bytes, line end excluded (malloc'd). */
char *csv_target_row_bytes(const struct target *f);
/* Where the row's field i is in the file. */
void csv_target_cell(const struct target *f, size_t i, size_t *start, size_t *end);
/* Whether this user may replace the file (csv_file_writable). */
bool csv_target_writable(const struct target *f, char *err, size_t errlen);

#endif
