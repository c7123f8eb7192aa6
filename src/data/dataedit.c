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
#include "csvscan.h"
#include "datasrc.h"
#include "fileguard.h"
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

/* NAME.edit-XXXXXX.csv next to the file: the editor still sees a .csv,
 * and the pattern is not the one stale temporary files are cleaned up by. */
static bool make_copy(struct data_edit *e, char *err, size_t errlen)
{
	char base[PATH_MAX];
	snprintf(base, sizeof base, "%s", e->live);
	char *dot = strrchr(base, '.');
	if (dot && !strchr(dot, '/'))
		*dot = '\0';
	snprintf(e->copy, sizeof e->copy, "%.*s.edit-XXXXXX.csv", (int)(sizeof e->copy - 20), base);
	int fd = mkstemps(e->copy, 4);
	if (fd < 0) {
		snprintf(err, errlen, _("cannot create a copy of %s to edit: %s"), e->live,
			 i18n_strerror(errno));
		e->copy[0] = '\0';
		return false;
	}
	close(fd);
	if (write_copy(e->copy, e->base, e->base_len, err, errlen))
		return true;
	unlink(e->copy);
	e->copy[0] = '\0';
	return false;
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
	e->base = csv_read_regular(e->live, &e->base_len, err, errlen);
	e->seen = e->base, e->seen_len = e->base_len;
	if (e->base && make_copy(e, err, errlen))
		return true;
	data_edit_free(e);
	return false;
}

void data_edit_free(struct data_edit *e)
{
	if (e->seen != e->base)
		free(e->seen);
	free(e->base);
	e->base = e->seen = NULL;
	e->base_len = e->seen_len = 0;
}

void data_edit_discard(struct data_edit *e)
{
	if (e->copy[0])
		unlink(e->copy);
	e->copy[0] = '\0';
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

/* The loader named the copy by its temporary name: the message names
 * the rejected file it is kept as. */
static void name_rejected(char *msg, size_t cap, const char *copy, const char *rejected)
{
	char out[sizeof ((struct data_edit_outcome *)0)->message];
	size_t n = strlen(copy), used = 0;
	for (const char *p = msg; *p && used + 1 < sizeof out;) {
		if (n && strncmp(p, copy, n) == 0) {
			used += (size_t)snprintf(out + used, sizeof out - used, "%s", rejected);
			p += n;
		} else {
			out[used++] = *p++;
		}
	}
	out[used < sizeof out ? used : sizeof out - 1] = '\0';
	snprintf(msg, cap, "%s", out);
}

/* The copy does not load: kept aside, the message naming it there. */
static enum data_edit_status reject(struct data_edit *e, struct data_edit_outcome *o,
				    const char *why)
{
	char copy[PATH_MAX];
	snprintf(copy, sizeof copy, "%s", e->copy);
	bool kept = keep_rejected(e, o);
	snprintf(o->message, sizeof o->message, _("%s; %s is unchanged"), why, e->live);
	if (kept)
		name_rejected(o->message, sizeof o->message, copy, o->rejected);
	return o->status = DATA_EDIT_REJECTED;
}

/* What a row whose price changed gets: the dialog's stamp. */
struct stamp_run {
	const struct data_edit *e;
	const struct csv_lines *base, *mine;
	int col[4]; /* monthly, hourly, collected, source */
	struct stamp_span {
		size_t start, end;
		const char *text;
	} *spans;
	size_t n, cap;
	bool oom;
};

static bool parse_line(const struct csv_lines *l, size_t i, struct csv_table *t)
{
	size_t start = l->at[i], stop = l->at[i + 1];
	while (stop > start && (l->buf[stop - 1] == '\n' || l->buf[stop - 1] == '\r'))
		stop--;
	struct diag d = {0};
	size_t bad = csvtab_parse(t, "stamp", l->buf + start, stop - start, &d);
	diag_clear(&d);
	if (bad || t->nrecords != 1) {
		csvtab_free(t);
		return false;
	}
	return true;
}

static const char *field(const struct csv_table *t, int col)
{
	return col >= 0 && (size_t)col < t->records[0].count ? csvtab_text(t, 0, (size_t)col) : "";
}

static void stamp_add(struct stamp_run *r, const struct csv_table *t, size_t line_start, int col,
		      const char *text)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		struct stamp_span *p = realloc(r->spans, cap * sizeof *p);
		if (!p) {
			r->oom = true;
			return;
		}
		r->spans = p, r->cap = cap;
	}
	const struct csv_cell *cell = csvtab_cell(t, 0, (size_t)col);
	r->spans[r->n++] = (struct stamp_span){line_start + cell->start, line_start + cell->end, text};
}

/* Line i of base replaced by line j of the copy: a changed monthly or
 * hourly price with collected and source as they were is stamped. */
static void stamp_pair(void *ctx, size_t i, size_t j)
{
	struct stamp_run *r = ctx;
	struct csv_table tb, tm;
	if (!parse_line(r->base, i, &tb))
		return;
	if (parse_line(r->mine, j, &tm)) {
		bool priced = strcmp(field(&tb, r->col[0]), field(&tm, r->col[0])) ||
			      strcmp(field(&tb, r->col[1]), field(&tm, r->col[1]));
		bool kept = !strcmp(field(&tb, r->col[2]), field(&tm, r->col[2])) &&
			    !strcmp(field(&tb, r->col[3]), field(&tm, r->col[3]));
		bool shaped = tb.records[0].count == tm.records[0].count &&
			      (size_t)r->col[2] < tm.records[0].count && (size_t)r->col[3] < tm.records[0].count;
		if (priced && kept && shaped) {
			stamp_add(r, &tm, r->mine->at[j], r->col[2], r->e->stamp_date);
			stamp_add(r, &tm, r->mine->at[j], r->col[3], r->e->stamp_source);
		}
		csvtab_free(&tm);
	}
	csvtab_free(&tb);
}

/* The copy's header: where its price, date and source columns are. */
static bool stamp_columns(struct stamp_run *r, const char *mine, size_t len)
{
	static const char *const names[4] = {"monthly", "hourly", "collected", "source"};
	struct csv_scan sc;
	struct csv_span h;
	struct csv_table t;
	struct diag d = {0};
	csv_scan_init(&sc, mine, len);
	if (!csv_scan_next(&sc, &h) || csvtab_parse(&t, "stamp", mine + h.start, h.end - h.start, &d)) {
		diag_clear(&d);
		return false;
	}
	diag_clear(&d);
	for (int c = 0; c < 4; c++) {
		r->col[c] = -1;
		for (size_t i = 0; i < t.records[0].count; i++)
			if (strcmp(csvtab_text(&t, 0, i), names[c]) == 0)
				r->col[c] = (int)i;
	}
	csvtab_free(&t);
	return r->col[2] >= 0 && r->col[3] >= 0;
}

static int by_start(const void *a, const void *b)
{
	const struct stamp_span *x = a, *y = b;
	return (x->start > y->start) - (x->start < y->start);
}

/* The copy with the stamps in place of their fields (malloc'd). */
static char *stamp_apply(struct stamp_run *r, const char *mine, size_t len, size_t *out_len)
{
	size_t cap = len + 1;
	char *enc[2] = {csv_field_encode(r->e->stamp_date), csv_field_encode(r->e->stamp_source)};
	for (size_t i = 0; enc[0] && enc[1] && i < r->n; i++)
		cap += strlen(i % 2 ? enc[1] : enc[0]);
	char *out = enc[0] && enc[1] ? malloc(cap) : NULL, *o = out;
	qsort(r->spans, r->n, sizeof *r->spans, by_start);
	for (size_t i = 0, at = 0; out && i <= r->n; i++) {
		size_t upto = i < r->n ? r->spans[i].start : len;
		memcpy(o, mine + at, upto - at), o += upto - at;
		if (i < r->n) {
			o = stpcpy(o, r->spans[i].text == r->e->stamp_date ? enc[0] : enc[1]);
			at = r->spans[i].end;
		}
	}
	*out_len = out ? (size_t)(o - out) : 0;
	free(enc[0]), free(enc[1]);
	return out;
}

/* offers.csv: the rows whose price the copy changed are dated as edited,
 * as the o dialog dates them; the copy is rewritten. How many. */
static size_t stamp_prices(struct data_edit *e, char **mine, size_t *len)
{
	struct csv_lines base, lines;
	struct stamp_run r = {.e = e, .base = &base, .mine = &lines};
	size_t n = 0;
	if (e->which != FILE_OFFERS || !e->stamp_date[0] || !stamp_columns(&r, *mine, *len))
		return 0;
	if (csv_lines_split(&base, e->base, e->base_len)) {
		if (csv_lines_split(&lines, *mine, *len)) {
			csv_lines_pairs(&base, &lines, stamp_pair, &r);
			csv_lines_free(&lines);
		}
		csv_lines_free(&base);
	}
	size_t out_len = 0;
	char err[64], *out = r.n && !r.oom ? stamp_apply(&r, *mine, *len, &out_len) : NULL;
	if (out && write_copy(e->copy, out, out_len, err, sizeof err)) {
		free(*mine);
		*mine = out, *len = out_len, out = NULL;
		n = r.n / 2;
	}
	free(out);
	free(r.spans);
	return n;
}

/* The copy's bytes as the editor left them. */
static char *read_copy(struct data_edit *e, struct data_edit_outcome *o, size_t *len)
{
	struct stat st;
	char err[PATH_MAX + 128];
	char *bytes = e->copy[0] && stat(e->copy, &st) == 0 ? csv_read_regular(e->copy, len, err, sizeof err)
							    : NULL;
	if (!bytes)
		snprintf(o->message, sizeof o->message, _("the edited copy %s is gone; %s is unchanged"),
			 e->copy, e->live);
	return bytes;
}

/* Whether the copy loads with the other two files: else REJECTED. */
static bool copy_loads(struct data_edit *e, struct data_edit_outcome *o)
{
	struct catalog c = {0};
	struct diag d = {0};
	size_t errors = data_load_dir_with(&c, e->dir, (int)e->which, e->copy, &d);
	catalog_free(&c);
	if (errors)
		reject(e, o, d.kept ? d.msgs[0] : _("the edited copy does not load"));
	diag_clear(&d);
	return errors == 0;
}

/* The copy gets the file's mode and owner and is flushed. */
static bool prepare_copy(const struct data_edit *e, const struct stat *st, char *err,
			 size_t errlen)
{
	int fd = open(e->copy, O_RDONLY | O_CLOEXEC);
	bool ok = fd >= 0 && fsync(fd) == 0 && fchmod(fd, st->st_mode & 07777) == 0;
	if (ok)
		atomic_keep_owner(fd, st);
	if (fd >= 0)
		close(fd);
	if (!ok)
		snprintf(err, errlen, _("cannot save %s: %s; the file is unchanged"), e->live,
			 i18n_strerror(errno));
	return ok;
}

/* The file read again: what the install may replace, if it is still what
 * was seen; else it becomes what was seen (CHANGED). */
static bool still_seen(struct data_edit *e, struct file_guard *g, struct data_edit_outcome *o)
{
	size_t len = 0;
	char *now = file_guard_read(g, &len, o->message, sizeof o->message);
	if (!now)
		return false;
	if (len == e->seen_len && memcmp(now, e->seen, len) == 0) {
		free(now);
		return true;
	}
	if (e->seen != e->base)
		free(e->seen);
	e->seen = now, e->seen_len = len;
	snprintf(o->message, sizeof o->message, _("%s changed on disk while you edited it"), e->live);
	o->status = DATA_EDIT_CHANGED;
	return false;
}

/* The copy renamed over the file, held still (fileguard.h): only over the
 * bytes last seen, the old one kept as .bak. A program that opened the
 * file for writing meanwhile gets it back, and the copy is kept aside. */
static enum data_edit_status install(struct data_edit *e, struct data_edit_outcome *o)
{
	struct file_guard g;
	char bak[PATH_MAX + 16];
	o->status = DATA_EDIT_FAILED;
	bool ok = file_guard_take(&g, e->live, o->message, sizeof o->message) && still_seen(e, &g, o) &&
		  prepare_copy(e, &g.st, o->message, sizeof o->message) &&
		  file_guard_still(&g, o->message, sizeof o->message) &&
		  csv_backup_rotate(e->live, o->message, sizeof o->message);
	if (ok && rename(e->copy, e->live) != 0) {
		snprintf(o->message, sizeof o->message, _("cannot save %s: %s"), e->live,
			 i18n_strerror(errno));
		ok = false;
	}
	if (ok && file_guard_knocked(&g)) {
		snprintf(bak, sizeof bak, "%s.bak", e->live);
		if (link(e->live, e->copy) == 0 && file_guard_put_back(&g, bak)) {
			file_guard_release(&g);
			return reject(e, o, _("another program began writing the file while it was being "
					      "saved: your edit is kept aside"));
		}
	}
	file_guard_release(&g);
	if (!ok)
		return o->status;
	e->copy[0] = '\0';
	snprintf(o->message, sizeof o->message, _("saved %s (the old one is %s.bak)"), e->live,
		 e->live);
	return o->status = DATA_EDIT_SAVED;
}

enum data_edit_status data_edit_finish(struct data_edit *e, struct data_edit_outcome *o)
{
	*o = (struct data_edit_outcome){.status = DATA_EDIT_FAILED};
	size_t len = 0;
	char *mine = read_copy(e, o, &len);
	if (!mine)
		return o->status;
	if (len == e->base_len && memcmp(mine, e->base, len) == 0) {
		free(mine);
		data_edit_discard(e);
		snprintf(o->message, sizeof o->message, _("%s: unchanged"), e->live);
		return o->status = DATA_EDIT_UNCHANGED;
	}
	size_t stamped = stamp_prices(e, &mine, &len);
	free(mine);
	if (!copy_loads(e, o))
		return o->status;
	enum data_edit_status st = install(e, o);
	o->stamped = stamped;
	return st;
}

enum data_edit_status data_edit_merge(struct data_edit *e, struct data_edit_outcome *o)
{
	*o = (struct data_edit_outcome){.status = DATA_EDIT_FAILED};
	struct csv_merge m;
	size_t len = 0;
	char *mine = read_copy(e, o, &len);
	if (!mine)
		return o->status;
	if (!csv_merge3(e->base, e->base_len, mine, len, e->seen, e->seen_len, &m)) {
		free(mine);
		snprintf(o->message, sizeof o->message, _("%s: out of memory"), e->live);
		return o->status;
	}
	if (m.nconflicts) {
		o->conflicts = m.nconflicts;
		memcpy(o->lines, m.lines, sizeof o->lines);
		free(mine);
		return o->status = DATA_EDIT_CONFLICT;
	}
	bool ok = write_copy(e->copy, m.data, m.len, o->message, sizeof o->message);
	csv_merge_free(&m);
	if (ok && !copy_loads(e, o)) { /* the merge, kept aside as rejected */
		free(mine);
		return o->status;
	}
	if (!ok || install(e, o) != DATA_EDIT_SAVED) {
		char err[64];
		write_copy(e->copy, mine, len, err, sizeof err); /* the copy as the editor left it */
	}
	free(mine);
	return o->status;
}

enum data_edit_status data_edit_keep_mine(struct data_edit *e, struct data_edit_outcome *o)
{
	*o = (struct data_edit_outcome){.status = DATA_EDIT_FAILED};
	return copy_loads(e, o) ? install(e, o) : o->status;
}

enum data_edit_status data_edit_keep_theirs(struct data_edit *e, struct data_edit_outcome *o)
{
	*o = (struct data_edit_outcome){.status = DATA_EDIT_UNCHANGED};
	if (!keep_rejected(e, o)) {
		snprintf(o->message, sizeof o->message, _("cannot keep the edited copy %s aside: %s"),
			 e->copy, i18n_strerror(errno));
		return o->status = DATA_EDIT_FAILED;
	}
	return o->status;
}

enum data_edit_status data_edit_abandon(struct data_edit *e, struct data_edit_outcome *o)
{
	*o = (struct data_edit_outcome){.status = DATA_EDIT_UNCHANGED};
	size_t len = 0;
	char err[64];
	char *mine = e->copy[0] ? csv_read_regular(e->copy, &len, err, sizeof err) : NULL;
	bool changed = mine && (len != e->base_len || memcmp(mine, e->base, len) != 0);
	free(mine);
	if (changed && keep_rejected(e, o))
		return o->status = DATA_EDIT_REJECTED;
	data_edit_discard(e);
	return o->status;
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
