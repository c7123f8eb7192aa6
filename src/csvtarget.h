/* The file an edit works on, as it is on disk now: its bytes, held still
 * for a save (fileguard.h), and only its header and the edited row parsed
 * (csvscan finds them: 10^6 rows are scanned, not parsed). The row is
 * found by its line, its loaded bytes or its keys (csv_edit). For
 * csvedit.c; the public face is csvedit.h. */
#ifndef GPUPLAN_CSVTARGET_H
#define GPUPLAN_CSVTARGET_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "csvedit.h"
#include "csvscan.h"
#include "csvtab.h"
#include "fileguard.h"

#define CSV_MAX_FIELDS 16 /* fields one edit may name */

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
