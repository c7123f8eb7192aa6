#include "fileguard.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "fileio.h"
#include "i18n.h"

static void folder_of(const char *path, char *dir, size_t cap)
{
	snprintf(dir, cap, "%s", path);
	char *slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, cap, ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
}

static void sleep_ms(long ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = ms % 1000 * 1000000L};
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Another gpuplan saving in this folder holds the lock for the length of
 * one save: wait for it, a while. */
static bool lock_folder(struct file_guard *g, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	folder_of(g->path, dir, sizeof dir);
	g->dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (g->dir_fd < 0) {
		snprintf(err, errlen, _("cannot open %s: %s"), dir, i18n_strerror(errno));
		return false;
	}
	for (long waited = 0;; waited += 50) {
		if (flock(g->dir_fd, LOCK_EX | LOCK_NB) == 0)
			return true;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return true; /* no locks on this file system: the checks below remain */
		if (waited >= FILE_GUARD_WAIT_MS)
			break;
		sleep_ms(50);
	}
	snprintf(err, errlen, _("cannot save %s: another gpuplan has been saving in %s for %d s; "
				"the file is unchanged, try again"),
		 g->path, dir, FILE_GUARD_WAIT_MS / 1000);
	return false;
}

/* The lease's break arrives as SIGIO, which would end the program: it is
 * held while the lease is, and read with sigpending. */
static bool take_lease(struct file_guard *g, char *err, size_t errlen)
{
	sigset_t io;
	sigemptyset(&io);
	sigaddset(&io, SIGIO);
	g->masked = sigprocmask(SIG_BLOCK, &io, &g->saved_mask) == 0;
	if (g->masked && fcntl(g->fd, F_SETLEASE, F_RDLCK) == 0) {
		g->leased = true;
		return true;
	}
	if (errno != EAGAIN)
		return true; /* not the owner, or no leases here: the checks remain */
	snprintf(err, errlen, _("cannot save %s: another program has it open for writing (a copy "
				"or an editor saving it); the file is unchanged, try again when it is "
				"done"), g->path);
	return false;
}

bool file_guard_take(struct file_guard *g, const char *path, char *err, size_t errlen)
{
	*g = (struct file_guard)FILE_GUARD_INIT;
	if (!realpath(path, g->path)) {
		snprintf(err, errlen, _("cannot open %s: %s"), path, i18n_strerror(errno));
		return false;
	}
	if (!lock_folder(g, err, errlen))
		return false;
	g->fd = open(g->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (g->fd < 0 || fstat(g->fd, &g->st) != 0) {
		snprintf(err, errlen, _("cannot open %s: %s"), g->path, i18n_strerror(errno));
		return false;
	}
	if (!S_ISREG(g->st.st_mode)) {
		snprintf(err, errlen, _("cannot read %s: it is %s, not a regular file"), g->path,
			 S_ISDIR(g->st.st_mode) ? _("a folder") : S_ISFIFO(g->st.st_mode) ? _("a FIFO")
											: _("a device"));
		return false;
	}
	return take_lease(g, err, errlen);
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static void changed(const struct file_guard *g, char *err, size_t errlen)
{
	snprintf(err, errlen, _("cannot save %s: another program changed it while it was being "
				"saved; the file is as that program left it, try again"), g->path);
}

char *file_guard_read(struct file_guard *g, size_t *len, char *err, size_t errlen)
{
	struct stat after;
	if (fstat(g->fd, &g->st) != 0 || lseek(g->fd, 0, SEEK_SET) != 0) {
		snprintf(err, errlen, _("cannot read %s: %s"), g->path, i18n_strerror(errno));
		return NULL;
	}
	errno = 0;
	char *buf = fd_read_all(g->fd, (size_t)g->st.st_size);
	if (!buf) {
		snprintf(err, errlen, _("cannot read %s: %s"), g->path,
			 errno == ENOMEM ? _("out of memory") : i18n_strerror(errno ? errno : EIO));
		return NULL;
	}
	if (fstat(g->fd, &after) != 0 || !same_file(&g->st, &after)) {
		free(buf);
		changed(g, err, errlen);
		return NULL;
	}
	*len = (size_t)g->st.st_size;
	return buf;
}

bool file_guard_knocked(const struct file_guard *g)
{
	sigset_t pending;
	return g->leased && sigpending(&pending) == 0 && sigismember(&pending, SIGIO) == 1;
}

bool file_guard_still(const struct file_guard *g, char *err, size_t errlen)
{
	struct stat now, held;
	if (file_guard_knocked(g) || stat(g->path, &now) != 0 || fstat(g->fd, &held) != 0 ||
	    !same_file(&g->st, &now) || !same_file(&g->st, &held)) {
		changed(g, err, errlen);
		return false;
	}
	return true;
}

bool file_guard_put_back(const struct file_guard *g, const char *bak)
{
	struct stat st;
	return stat(bak, &st) == 0 && st.st_ino == g->st.st_ino && st.st_dev == g->st.st_dev &&
	       rename(bak, g->path) == 0;
}

/* The lease's SIGIO, if one came, is taken before the mask is restored. */
static void drop_lease(struct file_guard *g)
{
	if (g->leased)
		fcntl(g->fd, F_SETLEASE, F_UNLCK);
	if (g->masked) {
		sigset_t io;
		struct timespec now = {0};
		sigemptyset(&io);
		sigaddset(&io, SIGIO);
		while (sigtimedwait(&io, NULL, &now) == SIGIO)
			;
		sigprocmask(SIG_SETMASK, &g->saved_mask, NULL);
	}
	g->leased = g->masked = false;
}

void file_guard_release(struct file_guard *g)
{
	drop_lease(g);
	if (g->fd >= 0)
		close(g->fd);
	if (g->dir_fd >= 0)
		close(g->dir_fd); /* and its lock */
	g->fd = g->dir_fd = -1;
}
