/* r, and the data files watched: prices edited in another window or by
 * another gpuplan show without restarting (issue 12: "reload first" had no
 * key). One stat per file per loop turn, so the check costs nothing. */
#include "session.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "i18n.h"
#include "datasrc.h"

static bool watched(const struct session *s)
{
	return s->cat->kind != DATA_BUILTIN && s->cat->source[0];
}

static void stamp_of(const char *dir, enum catalog_file f, struct data_stamp *st)
{
	char path[4200];
	struct stat sb;
	snprintf(path, sizeof path, "%s/%s", dir, catalog_file_names[f]);
	if (stat(path, &sb) != 0) {
		*st = (struct data_stamp){.mtime_ns = -1, .size = -1};
		return;
	}
	*st = (struct data_stamp){
		.mtime_ns = (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec,
		.size = (long long)sb.st_size,
	};
}

void session_watch_reset(struct session *s)
{
	if (!watched(s))
		return;
	for (int f = 0; f < 3; f++)
		stamp_of(s->cat->source, (enum catalog_file)f, &s->stamps[f]);
}

bool session_data_changed(const struct session *s)
{
	struct data_stamp now;
	if (!watched(s))
		return false;
	for (int f = 0; f < 3; f++) {
		stamp_of(s->cat->source, (enum catalog_file)f, &now);
		if (now.mtime_ns != s->stamps[f].mtime_ns || now.size != s->stamps[f].size)
			return true;
	}
	return false;
}

/* The folder in use again, as the same kind of data (bundled data stays
 * bundled: an edit still copies it first). */
static bool reload_in_use(struct session *s, const char *done)
{
	char dir[sizeof s->cat->source];
	enum data_kind kind = s->cat->kind;
	snprintf(dir, sizeof dir, "%s", s->cat->source);
	if (!session_reload(s, dir, done))
		return false;
	s->owned->kind = kind;
	return true;
}

/* Started on the bundled or built-in data, and another gpuplan has made
 * the user's copy since: that is what a start now would load. */
static bool switch_to_user_copy(struct session *s)
{
	char dir[4096], done[4300];
	if (s->cat->kind == DATA_USER || !data_user_dir_ready(dir, sizeof dir))
		return false;
	snprintf(done, sizeof done, _("switched to the user copy in %s, which another gpuplan made"),
		 dir);
	session_reload(s, dir, done);
	return true;
}

void session_reload_data(struct session *s)
{
	char done[4200];
	if (switch_to_user_copy(s))
		return;
	if (!watched(s)) {
		session_status(s, true, "%s",
			       _("the built-in data has no files to reload: e copies it to edit"));
		return;
	}
	snprintf(done, sizeof done, _("reloaded %s"), s->cat->source);
	reload_in_use(s, done);
}

bool session_watch(struct session *s)
{
	char done[4200];
	if (switch_to_user_copy(s))
		return true;
	if (!session_data_changed(s))
		return false;
	snprintf(done, sizeof done, _("a data file changed on disk: reloaded %s"), s->cat->source);
	if (!reload_in_use(s, done))
		session_watch_reset(s); /* the error shows once, not every turn */
	return true;
}
