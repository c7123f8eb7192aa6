/* The temporary files that exist right now (atomic_begin's NAME.tmp-XXXXXX),
 * so that a fatal signal's handler can remove them before the program dies:
 * a killed save must leave the old file and nothing beside it. */
#ifndef GPUPLAN_TEMPFILES_H
#define GPUPLAN_TEMPFILES_H

#include <stdbool.h>

/* At most this many at once (a save makes one at a time; the quote and a
 * price edit never overlap); a path past the limit is not registered, and
 * cleanup_stale_temps (datasrc.h) removes it at the next start instead. */
#define TEMPFILES_MAX 8
/* The longest path a slot holds (and atomic_file.tmp, which registers its
 * own). */
#define TEMPFILE_PATH_MAX 4096

/* Remembers a copy of path, the name of a file just created. False when
 * the table is full or the path too long. */
bool tempfiles_add(const char *path);
/* Forgets path once it is renamed or removed. */
void tempfiles_drop(const char *path);
/* Unlinks every registered file. Async-signal-safe: only unlink(2) and
 * reads of slots whose path is complete. */
void tempfiles_unlink_all(void);

#endif
