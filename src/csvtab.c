#include "csvtab.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* The rules are libcsv's strict ones, which gpuplan used before: spaces
 * and tabs around an unquoted field and after a closing quote are dropped,
 * a quote inside an unquoted field or text after a closing quote is an
 * error, CR and LF both end a row, blank lines make no row. Scanning the
 * buffer here instead of feeding libcsv a byte at a time is what makes a
 * large file cheap, and it knows where every field starts. */

struct csv_cell_cache {
	size_t rec[2]; /* slot 0: the header; slot 1: the last other record asked for */
	struct csv_cell *cells[2];
	size_t cap[2];
};

enum scan_fault { SCAN_OK, SCAN_QUOTE_IN_FIELD, SCAN_AFTER_QUOTE, SCAN_OPEN_QUOTE };

struct scan {
	const char *buf; /* after the BOM */
	size_t len, i;
	unsigned line, col;
	char *out; /* where field text goes; NULL when only positions are wanted */
	enum scan_fault fault;
	unsigned fault_line, fault_col, field_line, field_col;
	char fault_char;
};

static bool is_line_end(char c)
{
	return c == '\n' || c == '\r';
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Moves past one byte. A CR ends a line unless an LF follows it, so CRLF,
 * LF and old Mac CR-only files all count lines alike. */
static void scan_step(struct scan *s)
{
	char c = s->buf[s->i++];
	if (c == '\n' || (c == '\r' && !(s->i < s->len && s->buf[s->i] == '\n')))
		s->line++, s->col = 1;
	else if (((unsigned char)c & 0xC0) != 0x80)
		s->col++;
}

static void scan_put(struct scan *s, char c)
{
	if (s->out)
		*s->out++ = c;
}

static bool scan_fail(struct scan *s, enum scan_fault fault)
{
	s->fault = fault;
	s->fault_line = s->line, s->fault_col = s->col;
	s->fault_char = s->i < s->len ? s->buf[s->i] : '\0';
	return false;
}

static void scan_blanks(struct scan *s)
{
	while (s->i < s->len && is_blank(s->buf[s->i]))
		scan_step(s);
}

/* The hot loop of a large file: kept to local variables. */
static bool scan_plain(struct scan *s)
{
	const char *b = s->buf;
	char *o = s->out;
	size_t i = s->i, trailing = 0;
	unsigned col = s->col;
	for (; i < s->len; i++) {
		char c = b[i];
		if (c == ',' || c == '\n' || c == '\r' || c == '"')
			break;
		trailing = is_blank(c) ? trailing + 1 : 0;
		if (o)
			*o++ = c;
		col += ((unsigned char)c & 0xC0) != 0x80;
	}
	s->i = i, s->col = col;
	if (o)
		s->out = o - trailing;
	if (i < s->len && b[i] == '"')
		return scan_fail(s, SCAN_QUOTE_IN_FIELD);
	return true;
}

static bool scan_quoted(struct scan *s)
{
	scan_step(s); /* the opening quote */
	for (;;) {
		if (s->i == s->len)
			return scan_fail(s, SCAN_OPEN_QUOTE);
		char c = s->buf[s->i];
		scan_step(s);
		if (c != '"') {
			scan_put(s, c);
			continue;
		}
		if (s->i < s->len && s->buf[s->i] == '"') {
			scan_put(s, '"');
			scan_step(s);
			continue;
		}
		break;
	}
	scan_blanks(s);
	if (s->i < s->len && s->buf[s->i] != ',' && !is_line_end(s->buf[s->i]))
		return scan_fail(s, SCAN_AFTER_QUOTE);
	return true;
}

/* One field; cell (may be NULL) gets its position. Returns false on a
 * quoting error; *row_end says whether the record ended after it. */
static bool scan_field(struct scan *s, size_t bom, struct csv_cell *cell, bool *row_end)
{
	size_t start = s->i;
	s->field_line = s->line, s->field_col = s->col;
	scan_blanks(s);
	bool ok = s->i < s->len && s->buf[s->i] == '"' ? scan_quoted(s) : scan_plain(s);
	if (!ok)
		return false;
	scan_put(s, '\0');
	if (cell)
		*cell = (struct csv_cell){.line = s->field_line, .col = s->field_col,
					  .start = bom + start, .end = bom + s->i};
	*row_end = s->i == s->len || is_line_end(s->buf[s->i]);
	if (s->i < s->len)
		scan_step(s); /* the comma, or the CR of CRLF */
	if (*row_end && s->i < s->len && s->buf[s->i - 1] == '\r' && s->buf[s->i] == '\n')
		scan_step(s);
	return true;
}

/* Skips a comment or a blank line at the start of a line. Returns false
 * when a record starts here. */
static bool scan_skip_line(struct scan *s)
{
	size_t j = s->i;
	if (s->buf[j] == '#') {
		while (j < s->len && !is_line_end(s->buf[j]))
			j++;
	} else {
		while (j < s->len && is_blank(s->buf[j]))
			j++;
		if (j < s->len && !is_line_end(s->buf[j]))
			return false;
	}
	while (s->i < j)
		scan_step(s);
	if (s->i < s->len)
		scan_step(s);
	if (s->i < s->len && s->buf[s->i - 1] == '\r' && s->buf[s->i] == '\n')
		scan_step(s);
	return true;
}

static bool add_record(struct csv_table *t, struct csv_record rec)
{
	if (t->nrecords == t->records_cap) {
		size_t cap = t->records_cap ? t->records_cap * 2 : 64;
		struct csv_record *p = realloc(t->records, cap * sizeof *p);
		if (!p)
			return false;
		t->records = p, t->records_cap = cap;
	}
	t->records[t->nrecords++] = rec;
	return true;
}

static void report_fault(const struct csv_table *t, const struct scan *s, struct diag *d)
{
	if (s->fault == SCAN_OPEN_QUOTE)
		diag_error(d, "%s:%u:%u: expected a closing quote for this field, found the end of the file",
			   t->path, s->field_line, s->field_col);
	else if (s->fault == SCAN_AFTER_QUOTE && s->fault_line != s->field_line)
		/* the quote that closed it belongs to a later line: this field's own
		 * closing quote is what is missing */
		diag_error(d, "%s:%u:%u: expected a closing quote for this field, found one only on "
			   "line %u, followed by '%c'", t->path, s->field_line, s->field_col,
			   s->fault_line, s->fault_char);
	else
		diag_error(d, "%s:%u:%u: expected a doubled quote (\"\") or the end of the quoted field, "
			   "found '%c'", t->path, s->fault_line, s->fault_col, s->fault_char);
}

/* The first pass: every field's text into t->text, a record per row. */
static size_t scan_table(struct csv_table *t, struct scan *s, size_t bom, struct diag *d)
{
	while (s->i < s->len) {
		if (scan_skip_line(s))
			continue;
		struct csv_record rec = {.raw = (uint32_t)s->i, .text = (uint32_t)(s->out - t->text),
					 .line = s->line};
		bool row_end = false;
		while (!row_end) {
			if (!scan_field(s, bom, NULL, &row_end)) {
				report_fault(t, s, d);
				return 1;
			}
			rec.count++;
		}
		if (!add_record(t, rec)) {
			diag_error(d, "%s: out of memory", t->path);
			return 1;
		}
	}
	return 0;
}

/* A file saved by a spreadsheet set to a ';' locale: say so once, instead
 * of every missing column. */
static size_t check_separator(const struct csv_table *t, struct diag *d)
{
	if (t->nrecords == 0 || t->records[0].count != 1)
		return 0;
	if (!strchr(t->text + t->records[0].text, ';'))
		return 0;
	diag_error(d, "%s:%u:1: this file seems to use ';' as the separator: save it with commas",
		   t->path, t->records[0].line);
	return 1;
}

/* GBK and GB18030 lead bytes are 0x81..0xFE, their second byte 0x40..0xFE. */
static bool looks_gbk(const unsigned char *p, size_t left)
{
	return left >= 2 && p[0] >= 0x81 && p[0] <= 0xFE && p[1] >= 0x40 && p[1] <= 0xFE &&
	       p[1] != 0x7F;
}

struct bad_bytes {
	size_t lines;
	unsigned line, col;
	unsigned char byte;
	bool gbk;
};

/* Counts characters from the start of the line to byte i. */
static unsigned column_at(const char *buf, size_t line_start, size_t i)
{
	unsigned col = 1;
	for (size_t j = line_start; j < i; j++)
		col += ((unsigned char)buf[j] & 0xC0) != 0x80;
	return col;
}

static void note_bad(struct bad_bytes *b, const char *buf, size_t i, size_t len, unsigned line,
		     size_t line_start)
{
	if (b->lines++ == 0) {
		b->line = line, b->col = column_at(buf, line_start, i), b->byte = (unsigned char)buf[i];
		b->gbk = looks_gbk((const unsigned char *)buf + i, len - i);
	}
}

/* ASCII is the common case: only a line count is kept, the column is
 * worked out for the first bad byte alone. */
static void scan_encoding(const char *buf, size_t len, struct bad_bytes *b)
{
	unsigned line = 1, last_bad_line = 0;
	size_t line_start = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)buf[i];
		if (c == '\n' || (c == '\r' && !(i + 1 < len && buf[i + 1] == '\n'))) {
			line++, line_start = ++i;
			continue;
		}
		uint32_t cp;
		size_t n = c && c < 0x80 ? 1 : c ? utf8_decode((const unsigned char *)buf + i, len - i, &cp) : 0;
		if (n == 0) {
			if (line != last_bad_line)
				note_bad(b, buf, i, len, line, line_start);
			last_bad_line = line;
			n = 1;
		}
		i += n;
	}
}

/* Bytes that are not UTF-8 text: one message for the whole file. */
static size_t check_encoding(const char *path, const char *buf, size_t len, struct diag *d)
{
	struct bad_bytes b = {0};
	scan_encoding(buf, len, &b);
	if (b.lines == 0)
		return 0;
	char found[40], more[160] = "";
	if (b.byte == 0)
		snprintf(found, sizeof found, "expected text, found a NUL byte");
	else
		snprintf(found, sizeof found, "expected UTF-8 text, found byte 0x%02x", b.byte);
	const char *gbk = b.gbk ? " (it looks like GBK/GB18030 text)" : "";
	if (b.lines > 1)
		snprintf(more, sizeof more, " (and on %zu more line%s): save the file as UTF-8%s",
			 b.lines - 1, b.lines == 2 ? "" : "s", gbk);
	else if (b.gbk)
		snprintf(more, sizeof more, ": save the file as UTF-8%s", gbk);
	diag_error(d, "%s:%u:%u: %s%s", path, b.line, b.col, found, more);
	return 1;
}

size_t csvtab_parse(struct csv_table *t, const char *path, const char *buf, size_t len,
		    struct diag *d)
{
	*t = (struct csv_table){.path = path, .src = buf, .src_len = len};
	size_t bom = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	if (len > UINT32_MAX - 2) {
		diag_error(d, "%s: too large (over 4 GB)", path);
		return 1;
	}
	size_t errors = check_encoding(path, buf + bom, len - bom, d);
	if (errors)
		return errors;
	/* each field's text and its NUL fit in its bytes and the comma or line
	 * end after it; the last field of a file may end at its end: + 1 */
	t->text = malloc(len - bom + 2);
	t->cache = calloc(1, sizeof *t->cache);
	if (!t->text || !t->cache) {
		diag_error(d, "%s: out of memory", path);
		return 1;
	}
	t->cache->rec[0] = t->cache->rec[1] = SIZE_MAX;
	struct scan s = {.buf = buf + bom, .len = len - bom, .line = 1, .col = 1, .out = t->text};
	errors = scan_table(t, &s, bom, d);
	return errors ? errors : check_separator(t, d);
}

void csvtab_free(struct csv_table *t)
{
	if (t->cache) {
		free(t->cache->cells[0]);
		free(t->cache->cells[1]);
	}
	free(t->cache);
	free(t->text);
	free(t->records);
	*t = (struct csv_table){0};
}

const char *csvtab_text(const struct csv_table *t, size_t rec, size_t i)
{
	const char *p = t->text + t->records[rec].text;
	while (i-- > 0)
		p += strlen(p) + 1;
	return p;
}

/* Works the positions of one record out again from the parsed buffer. */
static bool decode_record(const struct csv_table *t, size_t rec, size_t slot)
{
	struct csv_cell_cache *c = t->cache;
	const struct csv_record *r = &t->records[rec];
	if (c->cap[slot] < r->count) {
		struct csv_cell *p = realloc(c->cells[slot], r->count * sizeof *p);
		if (!p)
			return false;
		c->cells[slot] = p, c->cap[slot] = r->count;
	}
	if (!t->src) {
		/* the buffer is gone: texts and lines only */
		const char *text = t->text + r->text;
		for (size_t f = 0; f < r->count; f++, text += strlen(text) + 1)
			c->cells[slot][f] = (struct csv_cell){.text = text, .line = r->line};
		c->rec[slot] = rec;
		return true;
	}
	size_t bom = t->src_len >= 3 && memcmp(t->src, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	struct scan s = {.buf = t->src + bom, .len = t->src_len - bom, .i = r->raw,
			 .line = r->line, .col = 1};
	const char *text = t->text + r->text;
	bool row_end = false;
	for (size_t f = 0; f < r->count; f++) {
		struct csv_cell *cell = &c->cells[slot][f];
		scan_field(&s, bom, cell, &row_end);
		cell->text = text;
		text += strlen(text) + 1;
	}
	c->rec[slot] = rec;
	return true;
}

const struct csv_cell *csvtab_cell(const struct csv_table *t, size_t rec, size_t i)
{
	static const struct csv_cell none = {.text = ""};
	size_t slot = rec == 0 ? 0 : 1;
	if (!t->cache || rec >= t->nrecords || i >= t->records[rec].count)
		return &none;
	if (t->cache->rec[slot] != rec && !decode_record(t, rec, slot))
		return &none;
	return &t->cache->cells[slot][i];
}

void csvtab_drop_source(struct csv_table *t)
{
	t->src = NULL;
	t->src_len = 0;
	if (t->cache)
		t->cache->rec[0] = t->cache->rec[1] = SIZE_MAX;
}
