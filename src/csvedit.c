#include "csvedit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csvtab.h"

ssize_t (*csv_edit_write)(int fd, const void *buf, size_t len) = write;

#define MAX_EDITS 16

struct span {
	size_t start, end;
	const char *value;
};

static char *read_all(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	char *buf = NULL;
	if (fstat(fileno(f), &st) == 0 && st.st_size >= 0 && (buf = malloc((size_t)st.st_size + 1)))
		*len = fread(buf, 1, (size_t)st.st_size, f);
	if (!buf || ferror(f) || *len != (size_t)st.st_size) {
		snprintf(err, errlen, "cannot read %s", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static int column_of(const struct csv_table *t, const char *name)
{
	for (size_t i = 0; i < t->records[0].count; i++)
		if (strcmp(csvtab_cell(t, 0, i)->text, name) == 0)
			return (int)i;
	return -1;
}

static size_t row_at_line(const struct csv_table *t, unsigned line)
{
	for (size_t r = 1; r < t->nrecords; r++)
		if (t->records[r].line == line)
			return r;
	return 0;
}

/* Where each edit goes, after checking the row is the one meant. */
static int find_spans(const struct csv_table *t, unsigned line, const struct field_edit *keys,
		      size_t nk, const struct field_edit *edits, size_t ne, struct span *spans,
		      char *err, size_t errlen)
{
	size_t rec = t->nrecords ? row_at_line(t, line) : 0;
	if (!rec || t->records[rec].count != t->records[0].count) {
		snprintf(err, errlen, "%s:%u: no row there any more: reload first", t->path, line);
		return -1;
	}
	for (size_t k = 0; k < nk; k++) {
		int c = column_of(t, keys[k].column);
		if (c < 0 || strcmp(csvtab_cell(t, rec, (size_t)c)->text, keys[k].value) != 0) {
			snprintf(err, errlen, "%s:%u: the row changed since it was loaded: reload first",
				 t->path, line);
			return -1;
		}
	}
	for (size_t e = 0; e < ne; e++) {
		int c = column_of(t, edits[e].column);
		if (c < 0) {
			snprintf(err, errlen, "%s: no column \"%s\" to edit", t->path, edits[e].column);
			return -1;
		}
		const struct csv_cell *cell = csvtab_cell(t, rec, (size_t)c);
		spans[e] = (struct span){cell->start, cell->end, edits[e].value};
	}
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	return (x->start > y->start) - (x->start < y->start);
}

static bool needs_quotes(const char *s)
{
	size_t n = strlen(s);
	return strpbrk(s, ",\"\r\n") || (n && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' ||
					      s[n - 1] == '\t' || (s[0] == '#')));
}

/* The new file: the old bytes with each span replaced. */
static char *splice_spans(const char *old, size_t len, struct span *spans, size_t n, size_t *out_len)
{
	size_t cap = len + 1;
	for (size_t i = 0; i < n; i++)
		cap += 2 * strlen(spans[i].value) + 2;
	char *out = malloc(cap);
	if (!out)
		return NULL;
	qsort(spans, n, sizeof *spans, by_start);
	size_t o = 0, at = 0;
	for (size_t i = 0; i < n; i++) {
		memcpy(out + o, old + at, spans[i].start - at);
		o += spans[i].start - at;
		bool quote = needs_quotes(spans[i].value);
		if (quote)
			out[o++] = '"';
		for (const char *v = spans[i].value; *v; v++) {
			if (*v == '"')
				out[o++] = '"';
			out[o++] = *v;
		}
		if (quote)
			out[o++] = '"';
		at = spans[i].end;
	}
	memcpy(out + o, old + at, len - at);
	*out_len = o + len - at;
	return out;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = csv_edit_write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n, len -= (size_t)n;
	}
	return 0;
}

/* Keeps the current file as .bak (a hard link, or a copy where links do
 * not work), so the rename below is the only moment the file changes. */
static int keep_backup(const char *path, const char *old, size_t len, char *err, size_t errlen)
{
	char bak[PATH_MAX];
	snprintf(bak, sizeof bak, "%s.bak", path);
	if (unlink(bak) != 0 && errno != ENOENT)
		goto fail;
	if (link(path, bak) == 0)
		return 0;
	int fd = open(bak, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd >= 0 && write_all(fd, old, len) == 0 && fsync(fd) == 0 && close(fd) == 0)
		return 0;
	if (fd >= 0)
		close(fd);
fail:
	snprintf(err, errlen, "cannot keep %s: %s", bak, strerror(errno));
	return -1;
}

static int replace_file(const char *path, const char *old, size_t old_len, const char *data,
			size_t len, char *err, size_t errlen)
{
	char tmp[PATH_MAX];
	struct stat st;
	snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot save %s: %s", path, strerror(errno));
		return -1;
	}
	if (stat(path, &st) == 0)
		fchmod(fd, st.st_mode & 07777);
	if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
		snprintf(err, errlen, "cannot save %s: %s; the file is unchanged", path,
			 strerror(errno ? errno : EIO));
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) != 0 || keep_backup(path, old, old_len, err, errlen) != 0 ||
	    rename(tmp, path) != 0) {
		if (!err[0])
			snprintf(err, errlen, "cannot save %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

int csv_edit_row(const char *path, unsigned line, const struct field_edit *keys, size_t n_keys,
		 const struct field_edit *edits, size_t n_edits, char *err, size_t errlen)
{
	size_t len = 0, new_len = 0;
	struct span spans[MAX_EDITS];
	struct csv_table t;
	struct diag d = {0};
	err[0] = '\0';
	if (n_edits > MAX_EDITS)
		return snprintf(err, errlen, "too many fields at once"), -1;
	char *old = read_all(path, &len, err, errlen), *data = NULL;
	if (!old)
		return -1;
	int rc = -1;
	if (csvtab_parse(&t, path, old, len, &d) != 0)
		snprintf(err, errlen, "%s", d.kept ? d.msgs[0] : "the file does not parse");
	else if (find_spans(&t, line, keys, n_keys, edits, n_edits, spans, err, errlen) == 0 &&
		 (data = splice_spans(old, len, spans, n_edits, &new_len)))
		rc = replace_file(path, old, len, data, new_len, err, errlen);
	csvtab_free(&t);
	diag_clear(&d);
	free(data);
	free(old);
	return rc;
}
