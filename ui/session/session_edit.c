/* e / E: a whole data file in $EDITOR, without risking it (issue 12): the
 * editor works on a copy; a copy that does not load is kept aside and the
 * user chooses to reopen it or keep the file as it is. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

static const char *editor_name(void)
{
	const char *editor = getenv("VISUAL");
	if (!editor || !editor[0])
		editor = getenv("EDITOR");
	return editor && editor[0] ? editor : "vi";
}

static void edit_argv(struct session_edit *e)
{
	/* $VISUAL may hold arguments: the shell splits it, the path stays one word */
	const char *argv[] = {"sh", "-c", "$0 \"$1\"", e->command, e->de.copy, NULL};
	memcpy(e->argv, argv, sizeof argv);
}

bool session_edit_begin(struct session *s, enum catalog_file which, struct session_edit *e)
{
	char err[PATH_MAX + 512];
	memset(e, 0, sizeof *e);
	if (!session_user_data_dir(s, e->dir, sizeof e->dir, e->note, sizeof e->note))
		return false;
	if (e->note[0] && !session_reload(s, e->dir, "")) /* from now on the copy is the data in use */
		return false;
	if (!data_edit_begin(&e->de, e->dir, which, err, sizeof err)) {
		session_status(s, true, "%s", err);
		return false;
	}
	e->command = editor_name();
	edit_argv(e);
	return true;
}

/* The message with the data folder's own prefix left out: the status line
 * is short, and the paths inside the folder say enough. */
static void without_dir(char *out, size_t cap, const char *msg, const char *dir)
{
	size_t n = strlen(dir), used = 0;
	while (*msg && used + 1 < cap) {
		if (n && strncmp(msg, dir, n) == 0 && msg[n] == '/') {
			msg += n + 1;
			continue;
		}
		out[used++] = *msg++;
	}
	out[used] = '\0';
}

/* The question first, so a narrow status line still shows it. */
static void edit_rejected(struct session *s, struct session_edit *e,
			  const struct data_edit_outcome *out)
{
	char why[sizeof out->message];
	snprintf(e->rejected, sizeof e->rejected, "%s", out->rejected);
	without_dir(why, sizeof why, out->message, e->dir);
	session_status(s, true, _("r reopen the rejected copy, k keep the file as it is — %s"), why);
}

enum data_edit_status session_edit_end(struct session *s, struct session_edit *e,
				       int wait_status)
{
	char failed[512], done[13000];
	struct data_edit_outcome out;
	e->rejected[0] = '\0';
	if (editor_failure_text(failed, sizeof failed, e->command, wait_status, 0)) {
		data_edit_discard(&e->de);
		session_status(s, true, _("%s%s: nothing saved, the data in use is unchanged"), e->note,
			       failed);
		return DATA_EDIT_FAILED;
	}
	enum data_edit_status st = data_edit_finish(&e->de, &out);
	switch (st) {
	case DATA_EDIT_SAVED:
		snprintf(done, sizeof done, _("%s%s, reloaded"), e->note, out.message);
		session_reload(s, e->dir, done);
		break;
	case DATA_EDIT_UNCHANGED:
		session_status(s, false, _("%s%s: nothing to save"), e->note, out.message);
		break;
	case DATA_EDIT_REJECTED:
		edit_rejected(s, e, &out);
		break;
	default:
		session_status(s, true, "%s", out.message);
	}
	return st;
}

bool session_edit_reopen(struct session *s, struct session_edit *e)
{
	char err[PATH_MAX + 512];
	if (!data_edit_reopen(&e->de, e->rejected, err, sizeof err)) {
		session_status(s, true, "%s", err);
		return false;
	}
	edit_argv(e);
	return true;
}

void session_edit_keep(struct session *s, const struct session_edit *e)
{
	session_status(s, false, _("kept %s as it is; the rejected edit stays in %s"), e->de.live,
		       e->rejected);
}
