#include "dataedit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "atomicfile.h"
#include "csvedit.h"
#include "datasrc.h"
#include "i18n.h"

static bool write_copy(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	bool ok = fd >= 0;
	for (size_t done = 0; ok && done < len;) {
		ssize_t n = write(fd, data + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		ok = n > 0;
		done += ok ? (size_t)n : 0;
	}
	ok = ok && fsync(fd) == 0;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok)
		snprintf(err, errlen, _("cannot write %s: %s"), path, i18n_strerror(errno ? errno : ENOSPC));
	return ok;
}

bool data_edit_begin(struct data_edit *e, const char *dir, enum catalog_file which, char *err,
		     size_t errlen)
{
	char path[2 * PATH_MAX];
	*e = (struct data_edit){.which = which};
	err[0] = '\0';
	snprintf(e->dir, sizeof e->dir, "%s", dir);
	snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[which]);
	if (!realpath(path, e->live)) {
		snprintf(err, errlen, _("cannot open %s: %s"), path, i18n_strerror(errno));
		return false;
	}
	struct stat st;
	if (stat(e->live, &st) != 0 || !csv_file_writable(e->live, &st, err, errlen)) {
		if (!err[0])
			snprintf(err, errlen, _("cannot open %s: %s"), e->live, i18n_strerror(errno));
		return false;
	}
	size_t len = 0;
	char *data = csv_read_regular(e->live, &len, err, errlen);
	if (!data)
		return false;
	/* NAME.edit-XXXXXX.csv: the editor still sees a .csv, and the pattern
	 * is not the one stale temporary files are cleaned up by */
	char base[PATH_MAX];
	snprintf(base, sizeof base, "%s", e->live);
	char *dot = strrchr(base, '.');
	if (dot && !strchr(dot, '/'))
		*dot = '\0';
	snprintf(e->copy, sizeof e->copy, "%.*s.edit-XXXXXX.csv", (int)(sizeof e->copy - 20), base);
	int fd = mkstemps(e->copy, 4);
	bool ok = fd >= 0;
	if (!ok)
		snprintf(err, errlen, _("cannot create a copy of %s to edit: %s"), e->live,
			 i18n_strerror(errno));
	else
		close(fd);
	if (ok && !(ok = write_copy(e->copy, data, len, err, errlen)))
		unlink(e->copy);
	free(data);
	if (!ok)
		e->copy[0] = '\0';
	return ok;
}

void data_edit_discard(struct data_edit *e)
{
	if (e->copy[0])
		unlink(e->copy);
	e->copy[0] = '\0';
}

static bool same_bytes(const char *a, const char *b)
{
	char err[64];
	size_t la = 0, lb = 0;
	char *x = csv_read_regular(a, &la, err, sizeof err), *y = csv_read_regular(b, &lb, err, sizeof err);
	bool same = x && y && la == lb && memcmp(x, y, la) == 0;
	free(x);
	free(y);
	return same;
}

/* FILE.rejected-YYYYMMDD-HHMMSS, never over an earlier one. */
static bool keep_rejected(struct data_edit *e, struct data_edit_outcome *o)
{
	char stamp[32];
	time_t now = time(NULL);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	for (int n = 1; n < 100; n++) {
		if (n == 1)
			snprintf(o->rejected, sizeof o->rejected, "%s.rejected-%s", e->live, stamp);
		else
			snprintf(o->rejected, sizeof o->rejected, "%s.rejected-%s-%d", e->live, stamp, n);
		if (link(e->copy, o->rejected) == 0) {
			unlink(e->copy);
			e->copy[0] = '\0';
			return true;
		}
		if (errno != EEXIST)
			break;
	}
	o->rejected[0] = '\0';
	return false;
}

/* The copy is complete and in the file's folder: give it the file's mode
 * and owner, keep the old file as .bak, rename the copy over it. */
static bool install_copy(struct data_edit *e, char *err, size_t errlen)
{
	struct stat st;
	int fd = open(e->copy, O_RDONLY | O_CLOEXEC);
	bool ok = fd >= 0 && stat(e->live, &st) == 0 && fsync(fd) == 0 &&
		  fchmod(fd, st.st_mode & 07777) == 0;
	if (ok)
		atomic_keep_owner(fd, &st);
	if (fd >= 0)
		close(fd);
	if (!ok) {
		snprintf(err, errlen, _("cannot save %s: %s; the file is unchanged"), e->live,
			 i18n_strerror(errno));
		return false;
	}
	if (!csv_backup_rotate(e->live, err, errlen))
		return false;
	if (rename(e->copy, e->live) != 0) {
		snprintf(err, errlen, _("cannot save %s: %s"), e->live, i18n_strerror(errno));
		return false;
	}
	e->copy[0] = '\0';
	return true;
}

enum data_edit_status data_edit_finish(struct data_edit *e, struct data_edit_outcome *o)
{
	*o = (struct data_edit_outcome){.status = DATA_EDIT_FAILED};
	struct stat st;
	if (!e->copy[0] || stat(e->copy, &st) != 0) {
		snprintf(o->message, sizeof o->message,
			 _("the edited copy %s is gone; %s is unchanged"),
			 e->copy, e->live);
		return o->status;
	}
	if (same_bytes(e->copy, e->live)) {
		data_edit_discard(e);
		snprintf(o->message, sizeof o->message, _("%s: unchanged"), e->live);
		return o->status = DATA_EDIT_UNCHANGED;
	}
	struct catalog c = {0};
	struct diag d = {0};
	size_t errors = data_load_dir_with(&c, e->dir, (int)e->which, e->copy, &d);
	catalog_free(&c);
	if (errors) {
		bool kept = keep_rejected(e, o);
		snprintf(o->message, sizeof o->message, _("%s; %s is unchanged%s%s"),
			 d.kept ? d.msgs[0] : _("the edited copy does not load"), e->live,
			 kept ? _(", the edit is kept as ") : "", kept ? o->rejected : "");
		diag_clear(&d);
		return o->status = DATA_EDIT_REJECTED;
	}
	diag_clear(&d);
	if (!install_copy(e, o->message, sizeof o->message))
		return o->status;
	snprintf(o->message, sizeof o->message, _("saved %s (the old one is %s.bak)"), e->live,
		 e->live);
	return o->status = DATA_EDIT_SAVED;
}

bool data_edit_reopen(struct data_edit *e, const char *rejected, char *err, size_t errlen)
{
	snprintf(e->copy, sizeof e->copy, "%s", rejected);
	if (access(e->copy, R_OK | W_OK) != 0) {
		snprintf(err, errlen, _("cannot reopen %s: %s"), rejected, i18n_strerror(errno));
		e->copy[0] = '\0';
		return false;
	}
	return true;
}

bool editor_failure_text(char *out, size_t cap, const char *command, int wait_status,
			 int exec_errno)
{
	char name[256];
	const char *c = command ? command + strspn(command, " \t") : "";
	snprintf(name, sizeof name, "%.*s", (int)strcspn(c, " \t"), c);
	out[0] = '\0';
	if (exec_errno || wait_status == -1) {
		snprintf(out, cap, _("could not start '%s': %s"), name,
			 i18n_strerror(exec_errno ? exec_errno : ECHILD));
	} else if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0) {
		return false;
	} else if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) >= 126 &&
		   WEXITSTATUS(wait_status) <= 127) {
		/* sh -c: 127 the command was not found, 126 it could not run */
		snprintf(out, cap, _("could not start '%s': %s"), name,
			 i18n_strerror(WEXITSTATUS(wait_status) == 127 ? ENOENT : EACCES));
	} else if (WIFEXITED(wait_status)) {
		snprintf(out, cap, _("the editor '%s' exited with status %d"), name,
			 WEXITSTATUS(wait_status));
	} else if (WIFSIGNALED(wait_status)) {
		snprintf(out, cap, _("the editor '%s' was killed by signal %d (%s)"), name,
			 WTERMSIG(wait_status), i18n_strsignal(WTERMSIG(wait_status)));
	} else {
		snprintf(out, cap, _("the editor '%s' did not exit cleanly"), name);
	}
	return true;
}
