/* Writing a file so that it is either the old one or the whole new one,
 * never a truncated mix: the bytes go to a temporary file in the same
 * folder (NAME.tmp-XXXXXX), every write is checked, the file is flushed,
 * fsynced and closed, and only then renamed over NAME. On any failure the
 * temporary file is removed and the message names the path and errno. */
#ifndef GPUPLAN_ATOMICFILE_H
#define GPUPLAN_ATOMICFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "tempfiles.h"

/* The pattern of the temporary names: cleanup_stale_temps (datasrc.h)
 * removes what a killed gpuplan left behind. */
#define ATOMIC_TMP_INFIX ".tmp-"

struct atomic_file {
	char path[4096]; /* the final name */
	char tmp[TEMPFILE_PATH_MAX]; /* the temporary one, "" once renamed or removed */
	int fd;
	/* the write used for every byte; tests swap in a full disk */
	ssize_t (*write)(int fd, const void *buf, size_t len);
};

/* Creates the temporary file next to path with the given mode (0666 & ~umask
 * style bits; the caller may fchown/fchmod a->fd). Returns false with err. */
bool atomic_begin(struct atomic_file *a, const char *path, mode_t mode, char *err,
		  size_t errlen);
/* Gives fd the owner and group of st where allowed (root, or a group the
 * user is in); a file that cannot be given away stays the user's, and its
 * mode is what keeps it from others. */
void atomic_keep_owner(int fd, const struct stat *st);
/* Writes all of buf, retrying short writes. False with err on an error. */
bool atomic_put(struct atomic_file *a, const void *buf, size_t len, char *err, size_t errlen);
/* fsync and close: after this the bytes are on disk under the temporary name. */
bool atomic_finish(struct atomic_file *a, char *err, size_t errlen);
/* Renames the finished file into place. exclusive: never replace an existing
 * file (the error is then "PATH already exists"). */
bool atomic_commit(struct atomic_file *a, bool exclusive, char *err, size_t errlen);
/* Closes and removes the temporary file, if any. Safe to call twice. */
void atomic_abort(struct atomic_file *a);

/* All of the above for a writer on a stdio stream: write(f, ctx) returns
 * false on its own failure; stream errors are caught by the checks here.
 * exclusive: refuse to replace an existing file (numbered quote names). */
bool atomic_write(const char *path, bool (*write)(FILE *, void *), void *ctx, bool exclusive,
		  char *err, size_t errlen);

/* The same for bytes in memory. */
bool atomic_write_bytes(const char *path, const void *data, size_t len, bool exclusive,
			char *err, size_t errlen);

#endif
