/* Editing a whole data file in $EDITOR without risking it: the editor gets
 * a copy next to the file; after it exits the copy is loaded like the real
 * data; only a copy that loads replaces the file (atomically, the old one
 * kept as .bak, .bak.1, .bak.2); one that does not is kept aside as
 * FILE.rejected-YYYYMMDD-HHMMSS with its first error, the file untouched.
 *
 *   data_edit_begin(&e, dir, FILE_OFFERS, err)  -> run the editor on e.copy
 *   data_edit_finish(&e, &out)                  -> SAVED: reload dir
 *                                                  REJECTED: show out.message,
 *                                                  offer data_edit_reopen or keep the file
 */
#ifndef GPUPLAN_DATAEDIT_H
#define GPUPLAN_DATAEDIT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"

struct data_edit {
	char dir[PATH_MAX];  /* the data folder */
	char live[PATH_MAX]; /* the file (a symlink's target) */
	char copy[PATH_MAX]; /* what the editor opens: NAME.edit-XXXXXX.csv next to it */
	enum catalog_file which;
};

enum data_edit_status {
	DATA_EDIT_SAVED,     /* the file now holds the edited copy */
	DATA_EDIT_UNCHANGED, /* the copy was left as it was: nothing written, copy removed */
	DATA_EDIT_REJECTED,  /* the copy does not load: kept as 'rejected', file unchanged */
	DATA_EDIT_FAILED,    /* message says why; the file is unchanged */
};

struct data_edit_outcome {
	enum data_edit_status status;
	char message[2 * PATH_MAX + 512];
	char rejected[PATH_MAX + 64]; /* REJECTED: where the copy now is */
};

/* Makes the copy. False with err (the file is missing, read-only, ...). */
bool data_edit_begin(struct data_edit *e, const char *dir, enum catalog_file which, char *err,
		     size_t errlen);

/* Checks the copy after the editor exited and saves or rejects it. */
enum data_edit_status data_edit_finish(struct data_edit *e, struct data_edit_outcome *out);

/* After a REJECTED: makes the rejected file the copy again, for the editor.
 * False with err. */
bool data_edit_reopen(struct data_edit *e, const char *rejected, char *err, size_t errlen);

/* The editor did not run or exit cleanly: removes the copy (the file was
 * never touched). */
void data_edit_discard(struct data_edit *e);

/* What went wrong with the editor, from the command line it was started
 * with (its first word names it), the status waitpid gave and the errno of
 * a failed exec (0 when it ran through sh -c):
 *   "could not start 'nano': No such file or directory" (sh's 127 too)
 *   "the editor 'vim' exited with status 1"
 *   "the editor 'vim' was killed by signal 9 (Killed)"
 * Returns false when the status is a clean exit (out is then ""). */
bool editor_failure_text(char *out, size_t cap, const char *command, int wait_status,
			 int exec_errno);

#endif
