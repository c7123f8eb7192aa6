#include "atomicfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "tempfiles.h"

static bool fail(char *err, size_t errlen, const char *path, int e)
{
	snprintf(err, errlen, _("cannot save %s: %s"), path, i18n_strerror(e ? e : EIO));
	return false;
}

bool atomic_begin(struct atomic_file *a, const char *path, mode_t mode, char *err, size_t errlen)
{
	*a = (struct atomic_file){.fd = -1, .write = write};
	if ((size_t)snprintf(a->path, sizeof a->path, "%s", path) >= sizeof a->path ||
	    (size_t)snprintf(a->tmp, sizeof a->tmp, "%s" ATOMIC_TMP_INFIX "XXXXXX", path) >=
		    sizeof a->tmp) {
		a->tmp[0] = '\0';
		return fail(err, errlen, path, ENAMETOOLONG);
	}
	a->fd = mkstemp(a->tmp);
	if (a->fd < 0) {
		int e = errno;
		a->tmp[0] = '\0';
		return fail(err, errlen, path, e);
	}
	tempfiles_add(a->tmp); /* a fatal signal removes it (ui/terminal.c) */
	/* mkstemp makes it 0600; the final file gets the usual mode */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(a->fd, mode & ~mask & 07777) != 0) {
		int e = errno;
		atomic_abort(a);
		return fail(err, errlen, path, e);
	}
	return true;
}

void atomic_keep_owner(int fd, const struct stat *st)
{
	if (fchown(fd, st->st_uid, st->st_gid) == 0)
		return;
	if (fchown(fd, (uid_t)-1, st->st_gid) == 0)
		return;
}

bool atomic_put(struct atomic_file *a, const void *buf, size_t len, char *err, size_t errlen)
{
	const char *p = buf;
	while (len > 0) {
		errno = 0;
		ssize_t n = a->write(a->fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return fail(err, errlen, a->path, n == 0 ? ENOSPC : errno);
		p += n, len -= (size_t)n;
	}
	return true;
}

bool atomic_finish(struct atomic_file *a, char *err, size_t errlen)
{
	if (fsync(a->fd) != 0) {
		int e = errno;
		return fail(err, errlen, a->path, e);
	}
	int fd = a->fd;
	a->fd = -1;
	if (close(fd) != 0) {
		int e = errno;
		return fail(err, errlen, a->path, e);
	}
	return true;
}

/* RENAME_NOREPLACE where the file system has it, else a hard link, which
 * fails on an existing name just the same. */
static int rename_exclusive(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
	if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return -1;
#endif
	if (link(from, to) != 0)
		return -1;
	unlink(from);
	return 0;
}

bool atomic_commit(struct atomic_file *a, bool exclusive, char *err, size_t errlen)
{
	int rc = exclusive ? rename_exclusive(a->tmp, a->path) : rename(a->tmp, a->path);
	if (rc != 0) {
		int e = errno;
		atomic_abort(a);
		if (e == EEXIST) {
			snprintf(err, errlen, _("%s already exists: not overwriting it"), a->path);
			return false;
		}
		return fail(err, errlen, a->path, e);
	}
	tempfiles_drop(a->tmp);
	a->tmp[0] = '\0';
	return true;
}

void atomic_abort(struct atomic_file *a)
{
	if (a->fd >= 0)
		close(a->fd);
	a->fd = -1;
	if (a->tmp[0]) {
		unlink(a->tmp);
		tempfiles_drop(a->tmp);
	}
	a->tmp[0] = '\0';
}

/* The stream is a FILE over the temporary descriptor; closing it must not
 * close that descriptor before fsync, so it gets a duplicate. */
static bool write_stream(struct atomic_file *a, bool (*write)(FILE *, void *), void *ctx,
			 char *err, size_t errlen)
{
	int fd = dup(a->fd);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		return fail(err, errlen, a->path, e);
	}
	errno = 0;
	bool ok = write(f, ctx);
	int e = errno;
	ok = ok && fflush(f) == 0 && !ferror(f);
	if (!ok && !e)
		e = errno;
	if (fclose(f) != 0 && ok) {
		e = errno;
		ok = false;
	}
	return ok || fail(err, errlen, a->path, e);
}

bool atomic_write(const char *path, bool (*write)(FILE *, void *), void *ctx, bool exclusive,
		  char *err, size_t errlen)
{
	struct atomic_file a;
	if (!atomic_begin(&a, path, 0666, err, errlen))
		return false;
	if (!write_stream(&a, write, ctx, err, errlen) || !atomic_finish(&a, err, errlen)) {
		atomic_abort(&a);
		return false;
	}
	return atomic_commit(&a, exclusive, err, errlen);
}

bool atomic_write_bytes(const char *path, const void *data, size_t len, bool exclusive,
			char *err, size_t errlen)
{
	struct atomic_file a;
	if (!atomic_begin(&a, path, 0666, err, errlen))
		return false;
	if (!atomic_put(&a, data, len, err, errlen) || !atomic_finish(&a, err, errlen)) {
		atomic_abort(&a);
		return false;
	}
	return atomic_commit(&a, exclusive, err, errlen);
}
