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
#include "csvtarget.h"
#include "fileio.h"
#include "i18n.h"

ssize_t (*csv_edit_write)(int fd, const void *buf, size_t len) = write;

/* Optional price columns an edit may add to a file that lacks them. */
static const char *const addable_columns[] = {"hourly", "discount"};

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

char *csv_field_encode(const char *value)
{
	return encode("", value);
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
 * the edited row, an empty field to every other record. */
static bool add_columns(const struct target *f, const struct field_change **add, size_t n,
			struct spans *s)
{
	struct csv_scan sc;
	struct csv_span r;
	csv_scan_init(&sc, f->buf, f->len);
	for (bool header = true; csv_scan_next(&sc, &r); header = false)
		for (size_t i = 0; i < n; i++) {
			const char *text = header ? add[i]->column
					   : r.start == f->row.start ? add[i]->value : "";
			if (!spans_add(s, r.end, r.end, encode(",", text)))
				return false;
		}
	return true;
}

/* The spans for the fields to write. only_user: just the fields the user
 * changed (a merge); otherwise every field whose text differs on disk. */
static bool plan_spans(const struct target *f, const struct csv_edit *e, bool only_user,
		       struct spans *s, char *err, size_t errlen)
{
	const struct field_change *add[CSV_MAX_FIELDS];
	size_t nadd = 0, start, end;
	for (size_t i = 0; i < e->n_fields; i++) {
		const struct field_change *fc = &e->fields[i];
		if ((only_user && !user_changed(fc)) || strcmp(csv_target_text(f, fc->column), fc->value) == 0)
			continue;
		int c = csv_target_column(f, fc->column);
		if (c < 0 && !is_addable(fc->column)) {
			snprintf(err, errlen, _("%s: no column \"%s\" to edit"), e->path, fc->column);
			return false;
		}
		if (c < 0) {
			add[nadd++] = fc;
			continue;
		}
		csv_target_cell(f, (size_t)c, &start, &end);
		if (!spans_add(s, start, end, encode("", fc->value)))
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

static void changed_meanwhile(const struct target *f, char *err, size_t errlen)
{
	snprintf(err, errlen, _("cannot save %s: another program began writing it while it was "
				"being saved; the file is as that program writes it, try again"), f->path);
}

/* A program that opened the file for writing while it was replaced waits
 * in open(2) with the old file: that one is put back under the name (it is
 * .bak now), so what it writes is the file, and this save is undone. */
static void put_back(const struct target *f)
{
	char bak[PATH_MAX + 16];
	backup_name(bak, sizeof bak, f->path, 0);
	file_guard_put_back(&f->g, bak);
}

/* Read back: the file holds what was written, not another program's. */
static bool reads_back(const struct target *f, const char *data, size_t len)
{
	char err[64];
	size_t n = 0;
	char *now = csv_read_regular(f->path, &n, err, sizeof err);
	bool same = now && n == len && memcmp(now, data, len) == 0;
	free(now);
	return same;
}

enum replace_outcome { REPLACED, NOT_REPLACED, MOVED_UNDER_US };

/* The temporary file next to the target with its mode and owner; once it
 * is on disk and the file is still the one read, the old file is kept as
 * .bak and the new one renamed over it, then read back. */
static enum replace_outcome replace_target(const struct target *f, const char *data, size_t len,
					   char *err, size_t errlen)
{
	struct atomic_file a;
	if (!atomic_begin(&a, f->path, f->st.st_mode, err, errlen))
		return NOT_REPLACED;
	a.write = csv_edit_write;
	atomic_keep_owner(a.fd, &f->st);
	if (!atomic_put(&a, data, len, err, errlen) || !atomic_finish(&a, err, errlen)) {
		snprintf(err + strlen(err), errlen - strlen(err), "%s", _("; the file is unchanged"));
		atomic_abort(&a);
		return NOT_REPLACED;
	}
	if (!file_guard_still(&f->g, err, errlen)) {
		atomic_abort(&a);
		return MOVED_UNDER_US;
	}
	bool ok = csv_backup_rotate(f->path, err, errlen) && atomic_commit(&a, false, err, errlen);
	atomic_abort(&a);
	if (ok && file_guard_knocked(&f->g)) {
		put_back(f);
		changed_meanwhile(f, err, errlen);
		return MOVED_UNDER_US;
	}
	if (ok && !reads_back(f, data, len)) {
		snprintf(err, errlen, _("cannot save %s: another program replaced it right after it was "
					"saved; your edit is not in it, reload and check"), f->path);
		return NOT_REPLACED;
	}
	return ok ? REPLACED : NOT_REPLACED;
}

/* The new header and row as the loader will read them: a CSV with the
 * header on its line and the row on its own (blank lines between make no
 * rows), for e->check. */
static char *checked_rows(const struct target *f, const struct spans *s, const char *data,
			  size_t *len)
{
	size_t hs = 0, he = 0, rs = 0, re = 0; /* the header's and the row's new spans */
	long dh = 0, dr = 0, drow = 0;
	for (size_t i = 0; i < s->n; i++) {
		long delta = (long)strlen(s->v[i].text) - (long)(s->v[i].end - s->v[i].start);
		if (s->v[i].start >= f->row.start && s->v[i].end <= f->row.end)
			drow += delta;
		else if (s->v[i].end <= f->row.start && s->v[i].start < f->row.start)
			dr += delta;
		if (s->v[i].start >= f->head.start && s->v[i].end <= f->head.end)
			dh += delta;
	}
	hs = f->head.start, he = (size_t)((long)f->head.end + dh);
	rs = (size_t)((long)f->row.start + dr), re = (size_t)((long)f->row.end + dr + drow);
	unsigned header_lines = 1;
	for (size_t i = hs; i < he; i++)
		header_lines += data[i] == '\n';
	size_t gap = f->row.line - f->head.line - header_lines + 1, top = f->head.line - 1;
	char *out = malloc(top + (he - hs) + gap + (re - rs) + 2), *o = out;
	if (!out)
		return NULL;
	memset(o, '\n', top), o += top;
	memcpy(o, data + hs, he - hs), o += he - hs;
	memset(o, '\n', gap), o += gap;
	memcpy(o, data + rs, re - rs), o += re - rs;
	*o++ = '\n';
	*len = (size_t)(o - out);
	return out;
}

/* The loader's own rules on the row as written (csv_edit.check). */
static bool row_checks(const struct target *f, const struct csv_edit *e, const struct spans *s,
		       const char *data, char *err, size_t errlen)
{
	size_t len = 0;
	if (!e->check)
		return true;
	char *rows = checked_rows(f, s, data, &len);
	if (!rows) {
		snprintf(err, errlen, _("%s: out of memory"), e->path);
		return false;
	}
	bool ok = e->check(e->check_ctx, e->path, rows, len, err, errlen);
	free(rows);
	return ok;
}

static void note_conflict(const struct target *f, const struct csv_edit *e, struct csv_edit_result *r)
{
	size_t used = (size_t)snprintf(r->message, sizeof r->message,
				       _("%s:%u: the row changed on disk since it was loaded"), e->path,
				       f->row.line);
	r->mergeable = true;
	int listed = 0;
	for (size_t i = 0; i < e->n_fields; i++) {
		const struct field_change *fc = &e->fields[i];
		const char *now = csv_target_text(f, fc->column);
		if (!fc->loaded || strcmp(now, fc->loaded) == 0)
			continue;
		if (user_changed(fc))
			r->mergeable = false;
		if (used < sizeof r->message)
			used += (size_t)snprintf(r->message + used, sizeof r->message - used,
						 _("%s %s: \"%s\" (was \"%s\")"), listed++ ? "," : ":",
						 fc->column, now, fc->loaded);
	}
	r->disk_row = csv_target_row_bytes(f);
	r->loaded_row = e->loaded_row ? strdup(e->loaded_row) : NULL;
	r->status = CSV_EDIT_CONFLICT;
}

/* Whether the row on disk is still the one loaded. only_user: a merge,
 * where only the fields the user changed must be as loaded. */
static bool row_as_loaded(const struct target *f, const struct csv_edit *e, bool only_user)
{
	if (!only_user && e->loaded_row && !csv_target_is(f, &f->row, e->loaded_row))
		return false;
	for (size_t i = 0; i < e->n_fields; i++) {
		const struct field_change *fc = &e->fields[i];
		if (fc->loaded && (!only_user || user_changed(fc)) &&
		    strcmp(csv_target_text(f, fc->column), fc->loaded) != 0)
			return false;
	}
	return true;
}

/* The new bytes, checked, in place of the file. */
static enum replace_outcome write_edit(const struct target *f, const struct csv_edit *e,
				       struct spans *s, struct csv_edit_result *r)
{
	size_t len = 0;
	char *data = splice_spans(f, s, &len);
	enum replace_outcome out = NOT_REPLACED;
	if (!data)
		snprintf(r->message, sizeof r->message, _("%s: out of memory"), e->path);
	else if (row_checks(f, e, s, data, r->message, sizeof r->message) &&
		 csv_target_writable(f, r->message, sizeof r->message))
		out = replace_target(f, data, len, r->message, sizeof r->message);
	free(data);
	if (out == REPLACED) {
		r->status = CSV_EDIT_SAVED;
		snprintf(r->message, sizeof r->message, _("saved %s (the old one is %s.bak)"), f->path,
			 f->path);
	}
	return out;
}

/* One try: read the file held still, find the row, write. MOVED_UNDER_US
 * when the file changed before it could be replaced (try again). */
static enum replace_outcome edit_once(const struct csv_edit *e, bool only_user,
				      struct csv_edit_result *r)
{
	char *err = r->message;
	size_t errlen = sizeof r->message;
	struct target f;
	struct spans s = {0};
	enum replace_outcome out = NOT_REPLACED;
	if (csv_target_open(&f, e->path, true, err, errlen) && csv_target_row(&f, e, err, errlen)) {
		r->line = f.row.line;
		if (!row_as_loaded(&f, e, only_user)) {
			note_conflict(&f, e, r);
		} else if (plan_spans(&f, e, only_user, &s, err, errlen) && s.n == 0) {
			r->status = CSV_EDIT_UNCHANGED;
			snprintf(err, errlen, _("%s:%u: unchanged: nothing to save"), e->path, r->line);
		} else if (s.n) {
			out = write_edit(&f, e, &s, r);
		}
	}
	spans_free(&s);
	csv_target_close(&f);
	return out;
}

/* Another program's write between the read and the rename is found by
 * the guard: the file is read again and the edit tried on it. */
static enum csv_edit_status edit_run(const struct csv_edit *e, bool only_user,
				     struct csv_edit_result *r)
{
	*r = (struct csv_edit_result){.status = CSV_EDIT_FAILED, .line = e->line};
	if (e->n_fields > CSV_MAX_FIELDS) {
		snprintf(r->message, sizeof r->message, "%s", _("too many fields at once"));
		return r->status;
	}
	for (int tries = 0; tries < 3 && edit_once(e, only_user, r) == MOVED_UNDER_US; tries++)
		csv_edit_result_free(r), r->status = CSV_EDIT_FAILED;
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
	struct field_change fields[CSV_MAX_FIELDS];
	if (n_edits > CSV_MAX_FIELDS) {
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
