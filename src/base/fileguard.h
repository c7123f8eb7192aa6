/* Holding a data file still while it is read, checked and replaced, so a
 * save never works from a half-written file nor writes over a change it
 * did not see:
 *   - an advisory lock (flock) on the file's folder keeps other gpuplans
 *     out until the file is replaced;
 *   - a read lease (Linux fcntl F_SETLEASE) is refused while another
 *     program has the file open for writing (cp, cat >, a script): the
 *     save stops before it reads a partial file; a program that opens it
 *     for writing meanwhile waits until the guard is released, and the
 *     guard knows it tried (the save then stops, or puts the old file
 *     back);
 *   - the file is read between two fstat()s and checked again, by inode,
 *     size and time, just before it is replaced.
 * Where leases are not available (another user's file, NFS) the locks and
 * the checks of size and time remain.
 *
 *   file_guard_take -> file_guard_read -> ... write the new file ...
 *   file_guard_still -> rename -> file_guard_knocked -> file_guard_release
 */
#ifndef GPUPLAN_FILEGUARD_H
#define GPUPLAN_FILEGUARD_H

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

struct file_guard {
	char path[PATH_MAX]; /* the file (a symlink's target) */
	int dir_fd;          /* its folder, locked */
	int fd;              /* the file as read, read-only */
	bool leased, masked;
	sigset_t saved_mask; /* SIGIO is held while the lease is */
	struct stat st;      /* the file as read */
};

/* How long a save waits for another gpuplan's save of the same folder. */
#define FILE_GUARD_WAIT_MS 10000

/* Locks path's folder and opens path (realpath'd into g->path). False with
 * err: the folder is locked for longer than FILE_GUARD_WAIT_MS, or another
 * program has the file open for writing. */
bool file_guard_take(struct file_guard *g, const char *path, char *err, size_t errlen);

/* The file's bytes (malloc'd, NUL-terminated), read whole between two
 * fstat()s that agree. NULL with err when it changed while it was read. */
char *file_guard_read(struct file_guard *g, size_t *len, char *err, size_t errlen);

/* Whether the file at g->path is still the one read, unchanged, and no
 * program tried to open it for writing since. False with err. */
bool file_guard_still(const struct file_guard *g, char *err, size_t errlen);

/* Whether a program tried to open the file for writing since it was taken
 * (it waits in open(2) until file_guard_release). */
bool file_guard_knocked(const struct file_guard *g);

/* After a rename over g->path: a program that opened the file for writing
 * meanwhile holds the old file, now named bak (a hard link): it goes back
 * under its name, so what the program writes is the file. False when bak
 * is not that file. */
bool file_guard_put_back(const struct file_guard *g, const char *bak);

/* Unlocks and closes; a program waiting to write the file goes on. Safe on
 * a guard zeroed with FILE_GUARD_INIT or released already. */
void file_guard_release(struct file_guard *g);

#define FILE_GUARD_INIT {.dir_fd = -1, .fd = -1}

#endif
