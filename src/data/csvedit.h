/* Saving an edit to a user's CSV file: only the edited fields change,
 * every other byte (comments, column order, quoting, unknown columns)
 * stays; the file is replaced atomically and the old ones kept as .bak,
 * .bak.1, .bak.2. A symlink is followed: its target is edited in its own
 * folder and the link stays a link. A file without write permission is
 * refused even when its folder is writable; mode and owner are kept. */
#ifndef GPUPLAN_CSVEDIT_H
#define GPUPLAN_CSVEDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define CSV_EDIT_BACKUPS 3 /* .bak, .bak.1, .bak.2 */

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
	unsigned line; /* where the row starts */
	/* the row's bytes as they were loaded (csv_edit_read_row), line end
	 * excluded; NULL: only the fields' loaded texts are compared */
	const char *loaded_row;
	const struct field_edit *keys; /* columns that must still hold these texts */
	size_t n_keys;
	const struct field_change *fields;
	size_t n_fields;
};

enum csv_edit_status {
	CSV_EDIT_SAVED,
	CSV_EDIT_UNCHANGED, /* nothing to write: no write, no .bak rotation */
	CSV_EDIT_CONFLICT,  /* the row changed on disk: nothing written */
	CSV_EDIT_FAILED,    /* message says why; the file is unchanged */
};

struct csv_edit_result {
	enum csv_edit_status status;
	char message[2 * 4096 + 512]; /* room for two paths */
	char *loaded_row; /* CONFLICT: the row as loaded (malloc'd) */
	char *disk_row;   /* CONFLICT: the row on disk now (malloc'd) */
	/* CONFLICT: every field the user changed still holds its loaded text
	 * on disk, so csv_edit_merge can apply just those */
	bool mergeable;
};

/* Saves e. Only fields whose value differs from the text on disk are
 * written; a missing hourly or discount column is added (header and every
 * row, empty values). */
enum csv_edit_status csv_edit_save(const struct csv_edit *e, struct csv_edit_result *r);

/* After a CONFLICT: applies only the fields the user changed (value !=
 * loaded) onto the row as it is on disk now. CONFLICT again when one of
 * them was also changed on disk. */
enum csv_edit_status csv_edit_merge(const struct csv_edit *e, struct csv_edit_result *r);

void csv_edit_result_free(struct csv_edit_result *r);

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
	char *texts[16];
	size_t n;
};

/* False with err when the row is gone or its keys changed. */
bool csv_edit_snapshot(const char *path, unsigned line, const struct field_edit *keys,
		       size_t n_keys, const char *const *columns, size_t n,
		       struct csv_row_snapshot *snap, char *err, size_t errlen);
void csv_row_snapshot_free(struct csv_row_snapshot *snap);

/* The older interface: the row must start on 'line' and still hold the
 * keys. Returns 0 (saved or unchanged), or -1 with the reason in err and
 * the file untouched. */
int csv_edit_row(const char *path, unsigned line, const struct field_edit *keys, size_t n_keys,
		 const struct field_edit *edits, size_t n_edits, char *err, size_t errlen);

/* Keeps path as path.bak, shifting older ones to .bak.1 and .bak.2 (the
 * oldest dropped). Used before replacing a data file. */
bool csv_backup_rotate(const char *path, char *err, size_t errlen);

struct stat;
/* Whether the file's own permission lets this user replace it (a 0444 file
 * is refused even for root, whose access(2) says yes to anything); false
 * with the reason in err. */
bool csv_file_writable(const char *path, const struct stat *st, char *err, size_t errlen);

/* Reads a regular file whole (a FIFO or a folder is refused, never waited
 * on). malloc'd, NUL-terminated; NULL with err. */
char *csv_read_regular(const char *path, size_t *len, char *err, size_t errlen);

/* Tests replace this to simulate a full disk; it defaults to write(2). */
extern ssize_t (*csv_edit_write)(int fd, const void *buf, size_t len);

#endif
