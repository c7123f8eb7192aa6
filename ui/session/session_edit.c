/* e / E: a whole data file in $EDITOR, without risking it (issue 12): the
 * editor works on a copy; a copy that does not load, or that the editor
 * left after failing, is kept aside and the user chooses to reopen it or
 * keep the file as it is; a file changed on disk meanwhile (another
 * gpuplan's o, an outside edit) is never overwritten without a question:
 * merge the edit into it, keep mine, or keep theirs (issue 13). */
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

/* The stamp a row whose price the edit changed gets, as the o dialog's. */
static void edit_stamp(struct session_edit *e)
{
	session_edited_stamp(e->de.stamp_date, sizeof e->de.stamp_date, e->de.stamp_source,
			     sizeof e->de.stamp_source);
}

bool session_edit_begin(struct session *s, enum catalog_file which, struct session_edit *e)
{
	char err[PATH_MAX + 512];
	memset(e, 0, sizeof *e);
	char note[sizeof e->note - 2];
	if (!session_user_data_dir(s, e->dir, sizeof e->dir, note, sizeof note))
		return false;
	if (note[0]) { /* from now on the copy is the data in use */
		snprintf(e->note, sizeof e->note, "%s; ", note);
		if (!session_reload(s, e->dir, ""))
			return false;
	}
	if (!data_edit_begin(&e->de, e->dir, which, err, sizeof err)) {
		session_status(s, true, "%s", err);
		return false;
	}
	edit_stamp(e);
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

/* A path or message as the status line shows it: inside the data folder. */
static const char *short_path(const struct session_edit *e, const char *path, char *buf,
			      size_t cap)
{
	without_dir(buf, cap, path, e->dir);
	return buf;
}

/* The question first, so a narrow status line still shows it. */
static void ask_rejected(struct session *s, struct session_edit *e, const char *why)
{
	char text[sizeof ((struct data_edit_outcome *)0)->message];
	without_dir(text, sizeof text, why, e->dir);
	e->asking = EDIT_ASK_REJECTED;
	session_status(s, true, _("r reopen the rejected copy, k keep the file as it is — %s"), text);
}

static void ask_changed(struct session *s, struct session_edit *e)
{
	char file[PATH_MAX];
	e->asking = EDIT_ASK_CHANGED;
	session_status(s, true, _("m merge your edit into it, k keep yours, t keep theirs — %s changed "
				  "on disk while you edited it"),
		       short_path(e, e->de.live, file, sizeof file));
}

/* "18, 21" and how many more. */
static void line_list(char *out, size_t cap, const struct data_edit_outcome *o)
{
	size_t used = 0, shown = o->conflicts < CSV_MERGE_SHOWN ? o->conflicts : CSV_MERGE_SHOWN;
	out[0] = '\0';
	for (size_t i = 0; i < shown && used < cap; i++)
		used += (size_t)snprintf(out + used, cap - used, "%s%zu", i ? ", " : "", o->lines[i]);
	if (o->conflicts > shown && used < cap)
		snprintf(out + used, cap - used, _(" and %zu more"), o->conflicts - shown);
}

static void ask_conflict(struct session *s, struct session_edit *e,
			 const struct data_edit_outcome *o)
{
	char file[PATH_MAX], lines[160];
	line_list(lines, sizeof lines, o);
	e->asking = EDIT_ASK_CONFLICT;
	session_status(s, true,
		       P_("k keep yours, t keep theirs — your edit and the change on disk both changed "
			  "%s: your line %s",
			  "k keep yours, t keep theirs — your edit and the change on disk both changed "
			  "%s: your lines %s", o->conflicts),
		       short_path(e, e->de.live, file, sizeof file), lines);
}

/* Saved: reloaded, saying which rows were dated as edited. */
static void edit_saved(struct session *s, struct session_edit *e,
		       const struct data_edit_outcome *o, bool merged)
{
	char text[sizeof o->message], done[sizeof text + 4400], stamped[200] = "";
	without_dir(text, sizeof text, o->message, e->dir);
	if (o->stamped)
		snprintf(stamped, sizeof stamped,
			 P_("; %zu row with a changed price dated %s as edited",
			    "; %zu rows with a changed price dated %s as edited", o->stamped),
			 o->stamped, e->de.stamp_date);
	snprintf(done, sizeof done, merged ? _("%s%s, merged with the change on disk%s, reloaded")
					   : _("%s%s%s, reloaded"),
		 e->note, text, stamped);
	data_edit_free(&e->de);
	e->asking = EDIT_ASK_NONE;
	session_reload(s, e->dir, done);
}

/* A save that failed (another program writing the file, a full disk):
 * the edit is kept aside like a rejected one, r reopens it to try again. */
static bool keep_failed(struct session *s, struct session_edit *e, const char *why)
{
	char file[PATH_MAX], text[sizeof ((struct data_edit_outcome *)0)->message + PATH_MAX];
	struct data_edit_outcome kept;
	if (data_edit_abandon(&e->de, &kept) != DATA_EDIT_REJECTED) {
		data_edit_free(&e->de);
		return false;
	}
	snprintf(e->rejected, sizeof e->rejected, "%s", kept.rejected);
	snprintf(text, sizeof text, _("your edit is kept in %s (%s)"),
		 short_path(e, kept.rejected, file, sizeof file), why);
	ask_rejected(s, e, text);
	return true;
}

/* After data_edit_finish, _merge or _keep_mine: the next question, if any. */
static enum data_edit_status edit_outcome(struct session *s, struct session_edit *e,
					  const struct data_edit_outcome *o, bool merged)
{
	char text[sizeof o->message];
	switch (o->status) {
	case DATA_EDIT_SAVED:
		edit_saved(s, e, o, merged);
		break;
	case DATA_EDIT_UNCHANGED:
		data_edit_free(&e->de);
		e->asking = EDIT_ASK_NONE;
		without_dir(text, sizeof text, o->message, e->dir);
		session_status(s, false, _("%s%s: nothing to save"), e->note, text);
		break;
	case DATA_EDIT_REJECTED:
		snprintf(e->rejected, sizeof e->rejected, "%s", o->rejected);
		ask_rejected(s, e, o->message);
		break;
	case DATA_EDIT_CHANGED:
		ask_changed(s, e);
		break;
	case DATA_EDIT_CONFLICT:
		ask_conflict(s, e, o);
		break;
	default: /* the question, if one was open, stays */
		without_dir(text, sizeof text, o->message, e->dir);
		if (e->asking == EDIT_ASK_NONE && keep_failed(s, e, text))
			break;
		session_status(s, true, "%s", text);
	}
	return o->status;
}

/* The editor failed: what it wrote is kept aside, never lost (vim's :wq
 * after an error exits 1 with the copy written). */
static enum data_edit_status editor_failed(struct session *s, struct session_edit *e,
					   const char *failed)
{
	char file[PATH_MAX], why[PATH_MAX + 600];
	struct data_edit_outcome out;
	if (data_edit_abandon(&e->de, &out) == DATA_EDIT_REJECTED) {
		snprintf(e->rejected, sizeof e->rejected, "%s", out.rejected);
		snprintf(why, sizeof why, _("your edit is kept in %s (%s)"),
			 short_path(e, out.rejected, file, sizeof file), failed);
		ask_rejected(s, e, why);
		return DATA_EDIT_REJECTED;
	}
	data_edit_free(&e->de);
	session_status(s, true, _("%s%s: nothing saved, the data in use is unchanged"), e->note,
		       failed);
	return DATA_EDIT_FAILED;
}

enum data_edit_status session_edit_end(struct session *s, struct session_edit *e,
				       int wait_status)
{
	char failed[512];
	struct data_edit_outcome out;
	e->rejected[0] = '\0';
	e->asking = EDIT_ASK_NONE;
	if (editor_failure_text(failed, sizeof failed, e->command, wait_status, 0))
		return editor_failed(s, e, failed);
	data_edit_finish(&e->de, &out);
	return edit_outcome(s, e, &out, false);
}

bool session_edit_reopen(struct session *s, struct session_edit *e)
{
	char err[PATH_MAX + 512];
	if (!data_edit_reopen(&e->de, e->rejected, err, sizeof err)) {
		session_status(s, true, "%s", err);
		return false;
	}
	e->asking = EDIT_ASK_NONE;
	edit_argv(e);
	return true;
}

void session_edit_keep(struct session *s, struct session_edit *e)
{
	char file[PATH_MAX], kept[PATH_MAX];
	session_status(s, false, _("kept %s as it is; your edit stays in %s"),
		       short_path(e, e->de.live, file, sizeof file),
		       short_path(e, e->rejected, kept, sizeof kept));
	data_edit_free(&e->de);
	e->asking = EDIT_ASK_NONE;
}

/* t: the file as changed on disk stays; the copy is kept aside. */
static void keep_theirs(struct session *s, struct session_edit *e)
{
	char file[PATH_MAX], kept[PATH_MAX];
	struct data_edit_outcome out;
	if (data_edit_keep_theirs(&e->de, &out) != DATA_EDIT_UNCHANGED) {
		edit_outcome(s, e, &out, false);
		return;
	}
	session_status(s, false, _("kept %s as changed on disk; your edit is in %s"),
		       short_path(e, e->de.live, file, sizeof file),
		       short_path(e, out.rejected, kept, sizeof kept));
	data_edit_free(&e->de);
	e->asking = EDIT_ASK_NONE;
}

static enum edit_next answer_rejected(struct session *s, struct session_edit *e, int key)
{
	if (key == 'r')
		return session_edit_reopen(s, e) ? EDIT_NEXT_EDITOR : EDIT_NEXT_ASK;
	if (key == 'k' || key == 27 || key == SESSION_EDIT_QUIT) {
		session_edit_keep(s, e);
		return key == SESSION_EDIT_QUIT ? EDIT_NEXT_QUIT : EDIT_NEXT_DONE;
	}
	return EDIT_NEXT_ASK;
}

/* m merge (not after a conflict), k keep mine, t or Esc keep theirs. */
static enum edit_next answer_changed(struct session *s, struct session_edit *e, int key)
{
	struct data_edit_outcome out;
	if (key == 'm' && e->asking == EDIT_ASK_CHANGED) {
		data_edit_merge(&e->de, &out);
		edit_outcome(s, e, &out, true);
	} else if (key == 'k') {
		data_edit_keep_mine(&e->de, &out);
		edit_outcome(s, e, &out, false);
	} else if (key == 't' || key == 27 || key == SESSION_EDIT_QUIT) {
		keep_theirs(s, e);
		return key == SESSION_EDIT_QUIT ? EDIT_NEXT_QUIT : EDIT_NEXT_DONE;
	}
	return e->asking == EDIT_ASK_NONE ? EDIT_NEXT_DONE : EDIT_NEXT_ASK;
}

enum edit_next session_edit_answer(struct session *s, struct session_edit *e, int key)
{
	switch (e->asking) {
	case EDIT_ASK_REJECTED:
		return answer_rejected(s, e, key);
	case EDIT_ASK_CHANGED:
	case EDIT_ASK_CONFLICT:
		return answer_changed(s, e, key);
	default:
		return EDIT_NEXT_DONE;
	}
}
