#include "csvtarget.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "i18n.h"

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

bool csv_target_writable(const struct target *f, char *err, size_t errlen)
{
	return csv_file_writable(f->path, &f->st, err, errlen);
}

int csv_target_column(const struct target *f, const char *name)
{
	for (size_t i = 0; i < f->ht.records[0].count; i++)
		if (strcmp(csvtab_text(&f->ht, 0, i), name) == 0)
			return (int)i;
	return -1;
}

/* One record's bytes parsed on their own: its fields' texts and spans. */
static bool parse_span(struct csv_table *t, const char *path, const char *buf,
		       const struct csv_span *s)
{
	struct diag d = {0};
	size_t bad = csvtab_parse(t, path, buf + s->start, s->end - s->start, &d);
	diag_clear(&d);
	if (bad || t->nrecords != 1) {
		csvtab_free(t);
		return false;
	}
	return true;
}

static void drop_row(struct target *f)
{
	if (f->rparsed)
		csvtab_free(&f->rt);
	f->rparsed = false;
}

/* The record s as the row to edit, when it has the header's fields. */
static bool take_row(struct target *f, const struct csv_span *s)
{
	drop_row(f);
	f->rparsed = parse_span(&f->rt, f->path, f->buf, s);
	if (f->rparsed && f->rt.records[0].count == f->ht.records[0].count) {
		f->row = *s;
		return true;
	}
	drop_row(f);
	return false;
}

/* The file's bytes, held still for a save; its header parsed. */
bool csv_target_open(struct target *f, const char *path, bool save, char *err, size_t errlen)
{
	*f = (struct target){.g = FILE_GUARD_INIT};
	if (save) {
		if (!file_guard_take(&f->g, path, err, errlen))
			return false;
		snprintf(f->path, sizeof f->path, "%s", f->g.path);
		f->buf = file_guard_read(&f->g, &f->len, err, errlen);
		f->st = f->g.st;
	} else if (!realpath(path, f->path)) {
		snprintf(err, errlen, _("cannot open %s: %s"), path, i18n_strerror(errno));
		return false;
	} else if ((f->buf = csv_read_regular(f->path, &f->len, err, errlen)) &&
		   stat(f->path, &f->st) != 0) {
		snprintf(err, errlen, _("cannot open %s: %s"), f->path, i18n_strerror(errno));
		return false;
	}
	if (!f->buf)
		return false;
	struct csv_scan sc;
	csv_scan_init(&sc, f->buf, f->len);
	if (!csv_scan_next(&sc, &f->head) || !(f->hparsed = parse_span(&f->ht, path, f->buf, &f->head))) {
		snprintf(err, errlen, _("%s: the file has no header"), path);
		return false;
	}
	return true;
}

void csv_target_close(struct target *f)
{
	drop_row(f);
	if (f->hparsed)
		csvtab_free(&f->ht);
	free(f->buf);
	file_guard_release(&f->g);
	*f = (struct target){.g = FILE_GUARD_INIT};
}

/* The field's text on disk; "" for a column the file lacks. */
const char *csv_target_text(const struct target *f, const char *column)
{
	int c = csv_target_column(f, column);
	return c < 0 ? "" : csvtab_text(&f->rt, 0, (size_t)c);
}

static bool keys_match(const struct target *f, const struct field_edit *keys, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (csv_target_column(f, keys[k].column) < 0 || strcmp(csv_target_text(f, keys[k].column), keys[k].value))
			return false;
	return true;
}

bool csv_target_is(const struct target *f, const struct csv_span *s, const char *bytes)
{
	size_t n = strlen(bytes);
	return s->end - s->start == n && memcmp(f->buf + s->start, bytes, n) == 0;
}

/* The one record holding the row's loaded bytes, wherever it moved to (a
 * row inserted above shifts it down). */
static bool find_bytes(struct target *f, const char *bytes)
{
	struct csv_scan sc;
	struct csv_span s, found = {0};
	size_t hits = 0;
	csv_scan_init(&sc, f->buf, f->len);
	csv_scan_next(&sc, &s); /* the header */
	while (csv_scan_next(&sc, &s))
		if (csv_target_is(f, &s, bytes) && hits++ == 0)
			found = s;
	return hits == 1 && take_row(f, &found);
}

/* How many of the fields the user saw still hold what was loaded. */
static size_t fields_as_loaded(const struct target *f, const struct csv_edit *e)
{
	size_t n = 0;
	for (size_t i = 0; i < e->n_fields; i++)
		n += e->fields[i].loaded && strcmp(csv_target_text(f, e->fields[i].column),
						   e->fields[i].loaded) == 0;
	return n;
}

/* The row moved and changed: among the records with its keys (a GPU's
 * rows, found by its id in their bytes before any is parsed), the one that
 * kept most of the loaded fields, when just one does. */
static bool find_keys(struct target *f, const struct csv_edit *e)
{
	const char *probe = e->n_keys ? e->keys[0].value : "";
	struct csv_scan sc;
	struct csv_span s, best = {0};
	size_t top = 0, ties = 0;
	csv_scan_init(&sc, f->buf, f->len);
	csv_scan_next(&sc, &s);
	while (csv_scan_next(&sc, &s)) {
		if (probe[0] && !memmem(f->buf + s.start, s.end - s.start, probe, strlen(probe)))
			continue;
		if (!take_row(f, &s) || !keys_match(f, e->keys, e->n_keys))
			continue;
		size_t score = fields_as_loaded(f, e) + 1;
		ties = score == top ? ties + 1 : score > top ? 0 : ties;
		if (score > top)
			top = score, best = s;
	}
	return top && !ties && take_row(f, &best);
}

/* The row to edit: on its line while it holds the loaded bytes (or, with
 * none given, its keys); else the one record with those bytes, wherever
 * it moved; else the row on its line or elsewhere that kept its keys
 * (changed on disk: the caller compares its fields). */
bool csv_target_row(struct target *f, const struct csv_edit *e, char *err, size_t errlen)
{
	struct csv_span s;
	bool there = csv_scan_line(f->buf, f->len, e->line, &s) && take_row(f, &s);
	bool keys = there && keys_match(f, e->keys, e->n_keys);
	if (keys && (!e->loaded_row || csv_target_is(f, &s, e->loaded_row)))
		return true;
	if (e->loaded_row && find_bytes(f, e->loaded_row))
		return true;
	if (keys ? take_row(f, &s) : find_keys(f, e))
		return true;
	if (there)
		snprintf(err, errlen, _("%s:%u: the row changed since it was loaded: reload first"),
			 e->path, e->line);
	else
		snprintf(err, errlen, _("%s:%u: no row there any more: reload first"), e->path, e->line);
	return false;
}

/* The row's bytes, line end excluded. */
char *csv_target_row_bytes(const struct target *f)
{
	return strndup(f->buf + f->row.start, f->row.end - f->row.start);
}

/* The row's field i: its bytes in the file. */
void csv_target_cell(const struct target *f, size_t i, size_t *start, size_t *end)
{
	const struct csv_cell *cell = csvtab_cell(&f->rt, 0, i);
	*start = f->row.start + cell->start;
	*end = f->row.start + cell->end;
}

char *csv_edit_read_row(const char *path, unsigned line, char *err, size_t errlen)
{
	struct target f;
	struct csv_edit e = {.path = path, .line = line};
	char *row = csv_target_open(&f, path, false, err, errlen) && csv_target_row(&f, &e, err, errlen)
			    ? csv_target_row_bytes(&f) : NULL;
	csv_target_close(&f);
	return row;
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
	struct target f = {.g = FILE_GUARD_INIT};
	struct csv_edit e = {.path = path, .line = line, .keys = keys, .n_keys = n_keys};
	*snap = (struct csv_row_snapshot){0};
	bool ok = n <= CSV_MAX_FIELDS && csv_target_open(&f, path, false, err, errlen) &&
		  csv_target_row(&f, &e, err, errlen);
	if (n > CSV_MAX_FIELDS)
		snprintf(err, errlen, "%s", _("too many fields at once"));
	if (ok) {
		snap->bytes = csv_target_row_bytes(&f);
		snap->line = f.row.line;
		for (; snap->n < n; snap->n++)
			snap->texts[snap->n] = strdup(csv_target_text(&f, columns[snap->n]));
	}
	csv_target_close(&f);
	return ok;
}

