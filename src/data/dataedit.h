/* Editing a whole data file in $EDITOR without risking it: the editor gets
 * a copy next to the file; after it exits the copy is loaded like the real
 * data; only a copy that loads replaces the file (atomically, the old one
 * kept as .bak, .bak.1, .bak.2); one that does not is kept aside as
 * FILE.rejected-YYYYMMDD-HHMMSS with its first error, the file untouched.
 * The file as it was when the copy was made is kept too: when another
 * gpuplan's o save or an outside edit changed it meanwhile, nothing is
 * installed over that change until the user chooses to merge the copy's
 * changes into it, keep the copy, or keep theirs. In offers.csv a row
 * whose price the copy changed, its date and source left as they were,
 * gets the stamp the o dialog gives (stamp_date, stamp_source).
 *
 *   data_edit_begin(&e, dir, FILE_OFFERS, err)  -> run the editor on e.copy
 *   data_edit_finish(&e, &out)                  -> SAVED: reload dir
 *                                                  REJECTED: show out.message,
 *                                                  offer data_edit_reopen or keep the file
 *                                                  CHANGED: data_edit_merge, _keep_mine
 *                                                  or _keep_theirs
 *   data_edit_free(&e)                          -> when the flow is over
 */
#ifndef GPUPLAN_DATAEDIT_H
#define GPUPLAN_DATAEDIT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "csvmerge.h"

struct data_edit {
	char dir[PATH_MAX];  /* the data folder */
	char live[PATH_MAX]; /* the file (a symlink's target) */
	char copy[PATH_MAX]; /* what the editor opens: NAME.edit-XXXXXX.csv next to it */
	enum catalog_file which;
	/* the file when the copy was made, and as last read (base until it
	 * changed): an install replaces only the bytes it saw */
	char *base, *seen;
	size_t base_len, seen_len;
	/* offers.csv: collected and source for a row whose price the copy
	 * changed ("" : rows keep theirs) */
	char stamp_date[16], stamp_source[256];
};

enum data_edit_status {
	DATA_EDIT_SAVED,     /* the file now holds the edited copy */
	DATA_EDIT_UNCHANGED, /* the copy was left as it was: nothing written, copy removed */
	DATA_EDIT_REJECTED,  /* the copy does not load: kept as 'rejected', file unchanged */
	DATA_EDIT_FAILED,    /* message says why; the file is unchanged */
	DATA_EDIT_CHANGED,   /* the file changed on disk since the copy was made: nothing written */
	DATA_EDIT_CONFLICT,  /* a merge found rows both changed (lines): nothing written */
};

struct data_edit_outcome {
	enum data_edit_status status;
	char message[2 * PATH_MAX + 512];
	char rejected[PATH_MAX + 64]; /* REJECTED: where the copy now is */
	size_t stamped;               /* SAVED: rows dated as edited */
	size_t conflicts;             /* CONFLICT: how many, the first at these lines of the copy */
	size_t lines[CSV_MERGE_SHOWN];
};

/* Makes the copy. False with err (the file is missing, read-only, ...). */
bool data_edit_begin(struct data_edit *e, const char *dir, enum catalog_file which, char *err,
		     size_t errlen);

/* Checks the copy after the editor exited and saves or rejects it. */
enum data_edit_status data_edit_finish(struct data_edit *e, struct data_edit_outcome *out);

/* After CHANGED: the copy's changes applied over the file as it is now
 * (SAVED), or CONFLICT naming the copy's lines both changed. */
enum data_edit_status data_edit_merge(struct data_edit *e, struct data_edit_outcome *out);
/* After CHANGED or CONFLICT: the copy replaces the file as it is now (the
 * other change stays in .bak); CHANGED again if it moved once more. */
enum data_edit_status data_edit_keep_mine(struct data_edit *e, struct data_edit_outcome *out);
/* After CHANGED or CONFLICT: the file stays; the copy is kept aside as
 * rejected (out.rejected). */
enum data_edit_status data_edit_keep_theirs(struct data_edit *e, struct data_edit_outcome *out);

/* After REJECTED: makes the rejected file the copy again, for the editor.
 * False with err. */
bool data_edit_reopen(struct data_edit *e, const char *rejected, char *err, size_t errlen);

/* The editor did not run or exit cleanly: a copy it changed is kept aside
 * as rejected (REJECTED, out.rejected), one it left alone is removed
 * (UNCHANGED). The file is never touched. */
enum data_edit_status data_edit_abandon(struct data_edit *e, struct data_edit_outcome *out);

/* Removes the copy (the file was never touched). */
void data_edit_discard(struct data_edit *e);
/* Releases what data_edit_begin kept; the copy, if any, stays. */
void data_edit_free(struct data_edit *e);

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
