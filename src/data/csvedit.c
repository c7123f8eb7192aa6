#include "csvedit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "csvtab.h"
#include "fileio.h"
#include "i18n.h"

ssize_t (*csv_edit_write)(int fd, const void *buf, size_t len) = write;

/* Optional price columns an edit may add to a file that lacks them. */
static const char *const addable_columns[] = {"hourly", "discount"};

#define MAX_FIELDS 16

/* Bytes [start, end) of the old file replaced by text; seq keeps
 * insertions at one place in the order they were made. */
struct span {
	size_t start, end, seq;
	char *text;
};

struct spans {
	struct span *v;
	size_t n, cap;
};

/* The file being edited, as it is on disk now. */
struct target {
	char path[PATH_MAX]; /* the symlink's target, if path was a link */
	struct stat st;
	char *buf;
	size_t len;
	struct csv_table t;
	bool parsed;
	size_t rec;
};

char *csv_read_regular(const char *path, size_t *len, char *err, size_t errlen)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(err, errlen, _("cannot open %s: %s"), path, i18n_strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, _("cannot read %s: it is %s, not a regular file"), path,
			 S_ISDIR(st.st_mode)    ? _("a folder")
			 : S_ISFIFO(st.st_mode) ? _("a FIFO")
						: _("a device"));
		close(fd);
		return NULL;
	}
	errno = 0;
	char *buf = fd_read_all(fd, (size_t)st.st_size);
	if (!buf)
		snprintf(err, errlen, _("cannot read %s: %s"), path,
			 errno == ENOMEM ? _("out of memory") : i18n_strerror(errno));
	else
		*len = (size_t)st.st_size;
	close(fd);
	return buf;
}

/* Write permission as the mode bits say, even for root, who could write
 * anything: a 0444 file is meant to be left alone. */
static bool mode_allows_write(const struct stat *st)
{
	uid_t uid = geteuid();
	if (uid == st->st_uid)
		return st->st_mode & S_IWUSR;
	if (uid == 0)
		return st->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH);
	if (getegid() == st->st_gid)
		return st->st_mode & S_IWGRP;
	return st->st_mode & S_IWOTH;
}

bool csv_file_writable(const char *path, const struct stat *st, char *err, size_t errlen)
{
	if (!mode_allows_write(st)) {
		bool own = geteuid() == st->st_uid || geteuid() == 0;
		snprintf(err, errlen, _("cannot save %s: %s (mode %04o); the file is unchanged"), path,
			 own ? _("it is read-only")
			     : _("it belongs to another user who did not let you write it"),
			 (unsigned)(st->st_mode & 07777));
		return false;
	}
	if (access(path, W_OK) != 0) {
		snprintf(err, errlen, _("cannot save %s: %s; the file is unchanged"), path,
			 i18n_strerror(errno));
		return false;
	}
	return true;
}

static bool target_writable(const struct target *f, char *err, size_t errlen)
{
	return csv_file_writable(f->path, &f->st, err, errlen);
}

static size_t row_at_line(const struct csv_table *t, unsigned line)
{
	for (size_t r = 1; r < t->nrecords; r++)
		if (t->records[r].line == line)
			return r;
	return 0;
}

static int column_of(const struct csv_table *t, const char *name)
{
	for (size_t i = 0; i < t->records[0].count; i++)
		if (strcmp(csvtab_text(t, 0, i), name) == 0)
			return (int)i;
	return -1;
}

/* Reads and parses the file a path names (through a symlink) and finds the
 * row on 'line'. */
static bool target_open(struct target *f, const char *path, unsigned line, char *err,
			size_t errlen)
{
	*f = (struct target){0};
	if (!realpath(path, f->path)) {
		snprintf(err, errlen, _("cannot open %s: %s"), path, i18n_strerror(errno));
		return false;
	}
	if (!(f->buf = csv_read_regular(f->path, &f->len, err, errlen)) || stat(f->path, &f->st) != 0)
		return false;
	struct diag d = {0};
	f->parsed = true;
	if (csvtab_parse(&f->t, path, f->buf, f->len, &d) != 0 || f->t.nrecords == 0) {
		snprintf(err, errlen, "%s", d.kept ? d.msgs[0] : _("the file has no header"));
		diag_clear(&d);
		return false;
	}
	diag_clear(&d);
	f->rec = row_at_line(&f->t, line);
	if (!f->rec || f->t.records[f->rec].count != f->t.records[0].count) {
		snprintf(err, errlen, _("%s:%u: no row there any more: reload first"), path, line);
		return false;
	}
	return true;
}

static void target_close(struct target *f)
{
	if (f->parsed)
		csvtab_free(&f->t);
	free(f->buf);
	*f = (struct target){0};
}

static bool keys_hold(const struct target *f, const struct csv_edit *e, char *err, size_t errlen)
{
	for (size_t k = 0; k < e->n_keys; k++) {
		int c = column_of(&f->t, e->keys[k].column);
		if (c < 0 || strcmp(csvtab_text(&f->t, f->rec, (size_t)c), e->keys[k].value) != 0) {
			snprintf(err, errlen,
				 _("%s:%u: the row changed since it was loaded: reload first"),
				 e->path, e->line);
			return false;
		}
	}
	return true;
}

/* The row's bytes: from its first field's start to its last field's end. */
static char *row_bytes(const struct target *f)
{
	const struct csv_cell *first = csvtab_cell(&f->t, f->rec, 0);
	size_t start = first->start;
	size_t end = csvtab_cell(&f->t, f->rec, f->t.records[f->rec].count - 1)->end;
	return strndup(f->buf + start, end - start);
}

char *csv_edit_read_row(const char *path, unsigned line, char *err, size_t errlen)
{
	struct target f;
	char *row = target_open(&f, path, line, err, errlen) ? row_bytes(&f) : NULL;
	target_close(&f);
	return row;
}

/* The field's text on disk; "" for a column the file lacks. */
static const char *disk_text(const struct target *f, const char *column)
{
	int c = column_of(&f->t, column);
	return c < 0 ? "" : csvtab_text(&f->t, f->rec, (size_t)c);
}

void csv_row_snapshot_free(struct csv_row_snapshot *snap)
{
	free(snap->bytes);
	for (size_t i = 0; i < snap->n; i++)
		free(snap->texts[i]);
	*snap = (struct csv_row_snapshot){0};
}

bool csv_edit_snapshot(const char *path, unsigned line, const struct field_edit *keys,
		       size_t n_keys, const char *const *columns, size_t n,
		       struct csv_row_snapshot *snap, char *err, size_t errlen)
{
	struct target f = {0};
	struct csv_edit e = {.path = path, .line = line, .keys = keys, .n_keys = n_keys};
	*snap = (struct csv_row_snapshot){0};
	bool ok = n <= MAX_FIELDS && target_open(&f, path, line, err, errlen) &&
		  keys_hold(&f, &e, err, errlen);
	if (n > MAX_FIELDS)
		snprintf(err, errlen, "%s", _("too many fields at once"));
	if (ok) {
		snap->bytes = row_bytes(&f);
		for (; snap->n < n; snap->n++)
			snap->texts[snap->n] = strdup(disk_text(&f, columns[snap->n]));
	}
	target_close(&f);
	return ok;
}

static bool user_changed(const struct field_change *fc)
{
	return !fc->loaded || strcmp(fc->loaded, fc->value) != 0;
}

static bool needs_quotes(const char *s)
{
	size_t n = strlen(s);
	return strpbrk(s, ",\"\r\n") || (n && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' ||
					      s[n - 1] == '\t' || (s[0] == '#')));
}

/* value as CSV field text, after 'prefix' (a comma for an added column). */
static char *encode(const char *prefix, const char *value)
{
	char *out = malloc(strlen(prefix) + 2 * strlen(value) + 3), *o = out;
	if (!out)
		return NULL;
	o = stpcpy(o, prefix);
	bool quote = needs_quotes(value);
	if (quote)
		*o++ = '"';
	for (const char *v = value; *v; v++) {
		if (*v == '"')
			*o++ = '"';
		*o++ = *v;
	}
	if (quote)
		*o++ = '"';
	*o = '\0';
	return out;
}

static bool spans_add(struct spans *s, size_t start, size_t end, char *text)
{
	if (!text)
		return false;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		struct span *v = realloc(s->v, cap * sizeof *v);
		if (!v) {
			free(text);
			return false;
		}
		s->v = v, s->cap = cap;
	}
	s->v[s->n] = (struct span){start, end, s->n, text};
	s->n++;
	return true;
}

static void spans_free(struct spans *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].text);
	free(s->v);
	*s = (struct spans){0};
}

static bool is_addable(const char *column)
{
	for (size_t i = 0; i < sizeof addable_columns / sizeof addable_columns[0]; i++)
		if (strcmp(addable_columns[i], column) == 0)
			return true;
	return false;
}

/* Appends the missing columns: their names to the header, their values to
 * the edited row, an empty field to every other row. */
static bool add_columns(const struct target *f, const struct field_change **add, size_t n,
			struct spans *s)
{
	for (size_t rec = 0; rec < f->t.nrecords; rec++) {
		size_t end = csvtab_cell(&f->t, rec, f->t.records[rec].count - 1)->end;
		for (size_t i = 0; i < n; i++) {
			const char *text = rec == 0 ? add[i]->column : rec == f->rec ? add[i]->value : "";
			if (!spans_add(s, end, end, encode(",", text)))
				return false;
		}
	}
	return true;
}

/* The spans for the fields to write. only_user: just the fields the user
 * changed (a merge); otherwise every field whose text differs on disk. */
static bool plan_spans(const struct target *f, const struct csv_edit *e, bool only_user,
		       struct spans *s, char *err, size_t errlen)
{
	const struct field_change *add[MAX_FIELDS];
	size_t nadd = 0;
	for (size_t i = 0; i < e->n_fields; i++) {
		const struct field_change *fc = &e->fields[i];
		if ((only_user && !user_changed(fc)) || strcmp(disk_text(f, fc->column), fc->value) == 0)
			continue;
		int c = column_of(&f->t, fc->column);
		if (c < 0 && !is_addable(fc->column)) {
			snprintf(err, errlen, _("%s: no column \"%s\" to edit"), e->path, fc->column);
			return false;
		}
		if (c < 0) {
			add[nadd++] = fc;
			continue;
		}
		const struct csv_cell *cell = csvtab_cell(&f->t, f->rec, (size_t)c);
		if (!spans_add(s, cell->start, cell->end, encode("", fc->value)))
			goto oom;
	}
	if (nadd && !add_columns(f, add, nadd, s))
		goto oom;
	return true;
oom:
	snprintf(err, errlen, _("%s: out of memory"), e->path);
	return false;
}

static int by_start(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	if (x->start != y->start)
		return (x->start > y->start) - (x->start < y->start);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The new file: the old bytes with each span replaced. */
static char *splice_spans(const struct target *f, struct spans *s, size_t *out_len)
{
	size_t cap = f->len + 1;
	for (size_t i = 0; i < s->n; i++)
		cap += strlen(s->v[i].text);
	char *out = malloc(cap), *o = out;
	if (!out)
		return NULL;
	qsort(s->v, s->n, sizeof *s->v, by_start);
	size_t at = 0;
	for (size_t i = 0; i < s->n; i++) {
		memcpy(o, f->buf + at, s->v[i].start - at);
		o += s->v[i].start - at;
		o = stpcpy(o, s->v[i].text);
		at = s->v[i].end;
	}
	memcpy(o, f->buf + at, f->len - at);
	*out_len = (size_t)(o - out) + f->len - at;
	return out;
}

static void backup_name(char *out, size_t cap, const char *path, int i)
{
	if (i == 0)
		snprintf(out, cap, "%s.bak", path);
	else
		snprintf(out, cap, "%s.bak.%d", path, i);
}

bool csv_backup_rotate(const char *path, char *err, size_t errlen)
{
	char from[PATH_MAX + 16], to[PATH_MAX + 16];
	for (int i = CSV_EDIT_BACKUPS - 1; i > 0; i--) {
		backup_name(from, sizeof from, path, i - 1);
		backup_name(to, sizeof to, path, i);
		if (rename(from, to) != 0 && errno != ENOENT) {
			snprintf(err, errlen, _("cannot keep %s: %s"), to, i18n_strerror(errno));
			return false;
		}
	}
	backup_name(to, sizeof to, path, 0);
	if (link(path, to) == 0)
		return true;
	/* no hard links here: a copy of the current bytes */
	size_t len = 0;
	char *old = csv_read_regular(path, &len, err, errlen);
	bool ok = old && atomic_write_bytes(to, old, len, false, err, errlen);
	free(old);
	return ok;
}

/* The temporary file next to the target with its mode and owner; after it
 * is on disk, the old file is kept as .bak and the new one renamed over. */
static bool replace_target(const struct target *f, const char *data, size_t len, char *err,
			   size_t errlen)
{
	struct atomic_file a;
	if (!atomic_begin(&a, f->path, f->st.st_mode, err, errlen))
		return false;
	a.write = csv_edit_write;
	atomic_keep_owner(a.fd, &f->st);
	bool ok = atomic_put(&a, data, len, err, errlen) && atomic_finish(&a, err, errlen);
	if (ok)
		ok = csv_backup_rotate(f->path, err, errlen) && atomic_commit(&a, false, err, errlen);
	else
		snprintf(err + strlen(err), errlen - strlen(err), "%s", _("; the file is unchanged"));
	atomic_abort(&a);
	return ok;
}

static void note_conflict(const struct target *f, const struct csv_edit *e, struct csv_edit_result *r)
{
	size_t used = (size_t)snprintf(r->message, sizeof r->message,
				       _("%s:%u: the row changed on disk since it was loaded"), e->path,
				       e->line);
	r->mergeable = true;
	int listed = 0;
	for (size_t i = 0; i < e->n_fields; i++) {
		const struct field_change *fc = &e->fields[i];
		const char *now = disk_text(f, fc->column);
		if (!fc->loaded || strcmp(now, fc->loaded) == 0)
			continue;
		if (user_changed(fc))
			r->mergeable = false;
		if (used < sizeof r->message)
			used += (size_t)snprintf(r->message + used, sizeof r->message - used,
						 _("%s %s: \"%s\" (was \"%s\")"), listed++ ? "," : ":",
						 fc->column, now, fc->loaded);
	}
	r->disk_row = row_bytes(f);
	r->loaded_row = e->loaded_row ? strdup(e->loaded_row) : NULL;
	r->status = CSV_EDIT_CONFLICT;
}

/* Whether the row on disk is still the one loaded. only_user: a merge,
 * where only the fields the user changed must be as loaded. */
static bool row_as_loaded(const struct target *f, const struct csv_edit *e, bool only_user)
{
	if (!only_user && e->loaded_row) {
		char *now = row_bytes(f);
		bool same = now && strcmp(now, e->loaded_row) == 0;
		free(now);
		if (!same)
			return false;
	}
	for (size_t i = 0; i < e->n_fields; i++) {
		const struct field_change *fc = &e->fields[i];
		if (fc->loaded && (!only_user || user_changed(fc)) &&
		    strcmp(disk_text(f, fc->column), fc->loaded) != 0)
			return false;
	}
	return true;
}

static enum csv_edit_status edit_run(const struct csv_edit *e, bool only_user,
				     struct csv_edit_result *r)
{
	*r = (struct csv_edit_result){.status = CSV_EDIT_FAILED};
	char *err = r->message;
	size_t errlen = sizeof r->message;
	struct target f = {0};
	struct spans s = {0};
	if (e->n_fields > MAX_FIELDS)
		snprintf(err, errlen, "%s", _("too many fields at once"));
	else if (target_open(&f, e->path, e->line, err, errlen) && keys_hold(&f, e, err, errlen)) {
		if (!row_as_loaded(&f, e, only_user))
			note_conflict(&f, e, r);
		else if (plan_spans(&f, e, only_user, &s, err, errlen) && s.n == 0) {
			r->status = CSV_EDIT_UNCHANGED;
			snprintf(err, errlen, _("%s:%u: unchanged: nothing to save"), e->path, e->line);
		} else if (s.n && target_writable(&f, err, errlen)) {
			size_t len = 0;
			char *data = splice_spans(&f, &s, &len);
			if (data && replace_target(&f, data, len, err, errlen)) {
				r->status = CSV_EDIT_SAVED;
				snprintf(err, errlen, _("saved %s (the old one is %s.bak)"), f.path,
					 f.path);
			} else if (!data) {
				snprintf(err, errlen, _("%s: out of memory"), e->path);
			}
			free(data);
		}
	}
	spans_free(&s);
	target_close(&f);
	return r->status;
}

enum csv_edit_status csv_edit_save(const struct csv_edit *e, struct csv_edit_result *r)
{
	return edit_run(e, false, r);
}

enum csv_edit_status csv_edit_merge(const struct csv_edit *e, struct csv_edit_result *r)
{
	return edit_run(e, true, r);
}

void csv_edit_result_free(struct csv_edit_result *r)
{
	free(r->loaded_row);
	free(r->disk_row);
	r->loaded_row = r->disk_row = NULL;
}

int csv_edit_row(const char *path, unsigned line, const struct field_edit *keys, size_t n_keys,
		 const struct field_edit *edits, size_t n_edits, char *err, size_t errlen)
{
	struct field_change fields[MAX_FIELDS];
	if (n_edits > MAX_FIELDS) {
		snprintf(err, errlen, "%s", _("too many fields at once"));
		return -1;
	}
	for (size_t i = 0; i < n_edits; i++)
		fields[i] = (struct field_change){edits[i].column, NULL, edits[i].value};
	struct csv_edit e = {.path = path, .line = line, .keys = keys, .n_keys = n_keys,
			     .fields = fields, .n_fields = n_edits};
	struct csv_edit_result r;
	enum csv_edit_status st = csv_edit_save(&e, &r);
	snprintf(err, errlen, "%s", r.message);
	csv_edit_result_free(&r);
	return st == CSV_EDIT_SAVED || st == CSV_EDIT_UNCHANGED ? 0 : -1;
}
