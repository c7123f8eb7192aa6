/* Saving an edit to a user's CSV file: only the edited fields change,
 * every other byte (comments, column order, quoting, unknown columns)
 * stays; the file is replaced atomically and the old one kept as .bak. */
#ifndef GPUPLAN_CSVEDIT_H
#define GPUPLAN_CSVEDIT_H

#include <stddef.h>
#include <sys/types.h>

struct field_edit {
	const char *column; /* header name */
	const char *value;  /* new text; quoted on write when it needs to be */
};

/* The row must start on 'line' and, for each of the n_keys key columns,
 * still hold the expected text (so an edit never lands on a row that
 * changed underneath). Returns 0, or -1 with the reason in err and the
 * file untouched. */
int csv_edit_row(const char *path, unsigned line, const struct field_edit *keys, size_t n_keys,
		 const struct field_edit *edits, size_t n_edits, char *err, size_t errlen);

/* Tests replace this to simulate a full disk; it defaults to write(2). */
extern ssize_t (*csv_edit_write)(int fd, const void *buf, size_t len);

#endif
