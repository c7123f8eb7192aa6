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

/* The row an edit names (struct csv_edit, its keys and fields), a row's
 * snapshot, and reading the file: csvtarget.h, which csvedit.c's save
 * finds the row with. */
#include "csvtarget.h"

#define CSV_EDIT_BACKUPS 3 /* .bak, .bak.1, .bak.2 */

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
	unsigned line; /* where the row is now (a row inserted above moves it) */
};

/* Saves e. The row is found on its line while that still holds its loaded
 * bytes (or, without them, its keys); else wherever those bytes moved;
 * else as the row with its keys most like it (then changed on disk: a
 * CONFLICT). Only fields whose value differs from the text on disk are
 * written; a missing hourly or discount column is added (header and every
 * row, empty values). The file is held still meanwhile (fileguard.h):
 * another gpuplan's save waits, a program writing the file makes it fail
 * with nothing written, and the file written is read back. */
enum csv_edit_status csv_edit_save(const struct csv_edit *e, struct csv_edit_result *r);

/* After a CONFLICT: applies only the fields the user changed (value !=
 * loaded) onto the row as it is on disk now. CONFLICT again when one of
 * them was also changed on disk. */
enum csv_edit_status csv_edit_merge(const struct csv_edit *e, struct csv_edit_result *r);

void csv_edit_result_free(struct csv_edit_result *r);

/* The older interface: the row must start on 'line' and still hold the
 * keys. Returns 0 (saved or unchanged), or -1 with the reason in err and
 * the file untouched. */
int csv_edit_row(const char *path, unsigned line, const struct field_edit *keys, size_t n_keys,
		 const struct field_edit *edits, size_t n_edits, char *err, size_t errlen);

/* value as a CSV field's text, quoted when it needs to be (malloc'd). */
char *csv_field_encode(const char *value);

/* Keeps path as path.bak, shifting older ones to .bak.1 and .bak.2 (the
 * oldest dropped). Used before replacing a data file. */
bool csv_backup_rotate(const char *path, char *err, size_t errlen);

/* Tests replace this to simulate a full disk; it defaults to write(2). */
extern ssize_t (*csv_edit_write)(int fd, const void *buf, size_t len);

#endif
