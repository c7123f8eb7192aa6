#include "csvtab.h"

#include <csv.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "i18n.h"
#include "text.h"

/* libcsv tokenizes, in strict mode as gpuplan always did: spaces and tabs
 * around an unquoted field and after a closing quote are dropped, a quote
 * inside an unquoted field or text after a closing quote is an error, CR
 * and LF both end a row, blank lines make no row. It is fed one physical
 * line per call (not a byte per call, which made a large file slow), so
 * the line of every record is known without libcsv reporting positions;
 * columns and byte spans are worked out only when a cell is asked for. */

struct csv_cell_cache {
	size_t rec[2]; /* slot 0: the header; slot 1: the last other record asked for */
	struct csv_cell *cells[2];
	size_t cap[2];
};

static bool is_line_end(char c)
{
	return c == '\n' || c == '\r';
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A walk over the raw bytes that finds where fields start and end. */
struct walk {
	const char *buf; /* after the BOM */
	size_t len, i;
	unsigned line, col;
};

/* Moves past one byte. A CR ends a line unless an LF follows it, so CRLF,
 * LF and old Mac CR-only files all count lines alike (and as libcsv,
 * which ends a row at either byte and skips the LF of a CRLF). */
static void walk_step(struct walk *w)
{
	char c = w->buf[w->i++];
	if (c == '\n' || (c == '\r' && !(w->i < w->len && w->buf[w->i] == '\n')))
		w->line++, w->col = 1;
	else if (((unsigned char)c & 0xC0) != 0x80)
		w->col++;
}

/* Up to the next comma, quote or line end: the common bytes of a field,
 * kept to local variables because every record is walked when read. */
static void walk_plain(struct walk *w)
{
	const char *b = w->buf;
	size_t i = w->i;
	unsigned col = w->col;
	for (; i < w->len; i++) {
		char c = b[i];
		if (c == ',' || c == '"' || c == '\n' || c == '\r')
			break;
		col += ((unsigned char)c & 0xC0) != 0x80;
	}
	w->i = i, w->col = col;
}

/* One field's position, then past the comma or line end after it; returns
 * whether the record ended. Only for bytes libcsv accepted: there a comma
 * or line end outside quotes ends a field, and a doubled quote toggles the
 * quoting twice, so counting quotes is enough to agree with it. */
static bool walk_field(struct walk *w, struct csv_cell *cell)
{
	*cell = (struct csv_cell){.line = w->line, .col = w->col, .start = w->i};
	bool quoted = false;
	for (walk_plain(w); w->i < w->len; walk_plain(w)) {
		char c = w->buf[w->i];
		if (!quoted && c != '"')
			break;
		quoted ^= c == '"';
		walk_step(w);
	}
	cell->end = w->i;
	if (w->i == w->len)
		return true;
	bool row_end = is_line_end(w->buf[w->i]);
	walk_step(w);
	if (row_end && w->buf[w->i - 1] == '\r' && w->i < w->len && w->buf[w->i] == '\n')
		walk_step(w);
	return row_end;
}

/* Where the field that holds byte upto (or the last one before it) starts,
 * walking from the start of its record. */
static struct csv_cell walk_to(const char *buf, size_t len, const struct csv_record *rec,
			       size_t upto)
{
	struct walk w = {.buf = buf, .len = len, .i = rec->raw, .line = rec->line, .col = 1};
	struct csv_cell cell = {.line = rec->line, .col = 1, .start = rec->raw}, next;
	while (w.i < len && w.i <= upto) {
		walk_field(&w, &next);
		if (next.start > upto)
			break;
		cell = next;
	}
	return cell;
}

/* A file saved by a spreadsheet set to a ';' locale: say so once, instead
 * of every missing column. */
static size_t check_separator(const struct csv_table *t, struct diag *d)
{
	if (t->nrecords == 0 || t->records[0].count != 1)
		return 0;
	if (!strchr(t->text + t->records[0].text, ';'))
		return 0;
	diag_error(d, _("%s:%u:1: this file seems to use ';' as the separator: save it with commas"),
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

/* The encoding check takes eight bytes at a time while they are plain
 * ASCII; each test below is per byte, so byte order does not matter. */
static const uint64_t ONES = 0x0101010101010101u, HIGHS = 0x8080808080808080u;

static uint64_t word_at(const char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static bool has_zero_byte(uint64_t v)
{
	return ((v - ONES) & ~v & HIGHS) != 0;
}

/* Plain ASCII text: no high bit and no NUL. */
static bool is_ascii8(uint64_t v)
{
	return (v & HIGHS) == 0 && !has_zero_byte(v);
}

/* The common case, UTF-8 with no NUL, checked without counting lines:
 * lines are counted only for a file that has a bad byte. */
static bool is_clean_text(const char *buf, size_t len)
{
	for (size_t i = 0; i < len;) {
		if (len - i >= 8 && is_ascii8(word_at(buf + i))) {
			i += 8;
			continue;
		}
		unsigned char c = (unsigned char)buf[i];
		uint32_t cp;
		size_t n = c && c < 0x80 ? 1 : c ? utf8_decode((const unsigned char *)buf + i, len - i, &cp) : 0;
		if (n == 0)
			return false;
		i += n;
	}
	return true;
}

/* Bytes that are not UTF-8 text: one message for the whole file. */
static size_t check_encoding(const char *path, const char *buf, size_t len, struct diag *d)
{
	struct bad_bytes b = {0};
	if (is_clean_text(buf, len))
		return 0;
	scan_encoding(buf, len, &b);
	if (b.lines == 0)
		return 0;
	char found[80], more[200] = "";
	if (b.byte == 0)
		snprintf(found, sizeof found, "%s", _("expected text, found a NUL byte"));
	else
		snprintf(found, sizeof found, _("expected UTF-8 text, found byte 0x%02x"), b.byte);
	const char *gbk = b.gbk ? _(" (it looks like GBK/GB18030 text)") : "";
	if (b.lines > 1)
		snprintf(more, sizeof more,
			 P_(" (and on %zu more line): save the file as UTF-8%s",
			    " (and on %zu more lines): save the file as UTF-8%s", b.lines - 1),
			 b.lines - 1, gbk);
	else if (b.gbk)
		snprintf(more, sizeof more, _(": save the file as UTF-8%s"), gbk);
	diag_error(d, "%s:%u:%u: %s%s", path, b.line, b.col, found, more);
	return 1;
}

/* Where libcsv's callbacks put what they are given. */
struct reader {
	struct csv_table *t;
	size_t used;            /* bytes of t->text filled */
	struct csv_record rec;  /* the record being read */
	bool row_open, out_of_memory;
};

static void on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;
	if (len)
		memcpy(r->t->text + r->used, s, len);
	r->t->text[r->used + len] = '\0';
	r->used += len + 1;
	r->rec.count++;
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

static void on_row(int c, void *data)
{
	(void)c;
	struct reader *r = data;
	if (!add_record(r->t, r->rec))
		r->out_of_memory = true;
	r->row_open = false;
}

/* Lines end at the next LF or CR; both are looked for with memchr and
 * remembered until passed, so CR-only files stay one pass too. */
struct lines {
	const char *buf;
	size_t len, next_lf, next_cr;
};

static size_t find_byte(const char *buf, size_t len, size_t from, char c)
{
	const char *p = memchr(buf + from, c, len - from);
	return p ? (size_t)(p - buf) : len;
}

/* Just past the line end of the line that starts at i (CRLF is one). */
static size_t lines_next(struct lines *l, size_t i)
{
	if (l->next_lf < i)
		l->next_lf = find_byte(l->buf, l->len, i, '\n');
	if (l->next_cr < i)
		l->next_cr = find_byte(l->buf, l->len, i, '\r');
	size_t e = l->next_lf < l->next_cr ? l->next_lf : l->next_cr;
	if (e == l->len)
		return e;
	if (l->buf[e] == '\r' && e + 1 < l->len && l->buf[e + 1] == '\n')
		e++;
	return e + 1;
}

static bool is_blank_line(const char *buf, size_t i, size_t end)
{
	while (i < end && is_blank(buf[i]))
		i++;
	return i == end || is_line_end(buf[i]);
}

/* libcsv stopped at byte at, on line `line` which starts at line_start.
 * A quote that closed a field opened on an earlier line means this field's
 * own closing quote is what is missing: say where it opened. */
static void report_bad_byte(const struct csv_table *t, const char *buf, size_t len,
			    const struct csv_record *rec, size_t at, unsigned line,
			    size_t line_start, struct diag *d)
{
	struct csv_cell field = walk_to(buf, len, rec, at);
	if (field.line != line)
		diag_error(d, _("%s:%u:%u: expected a closing quote for this field, found one only on "
			     "line %u, followed by '%c'"),
			   t->path, field.line, field.col, line, buf[at]);
	else
		diag_error(d, _("%s:%u:%u: expected a doubled quote (\"\") or the end of the quoted "
			     "field, found '%c'"),
			   t->path, line, column_at(buf, line_start, at), buf[at]);
}

static void report_open_quote(const struct csv_table *t, const char *buf, size_t len,
			      const struct csv_record *rec, struct diag *d)
{
	struct csv_cell field = walk_to(buf, len, rec, len);
	diag_error(d, _("%s:%u:%u: expected a closing quote for this field, found the end of the "
			"file"),
		   t->path, field.line, field.col);
}

/* Feeds buf to libcsv a line at a time; comment lines (# in the first
 * column of a line where no record is open) are not fed. */
static size_t feed_lines(struct csv_parser *p, struct reader *r, const char *buf, size_t len,
			 struct diag *d)
{
	struct lines l = {.buf = buf, .len = len, .next_lf = find_byte(buf, len, 0, '\n'),
			  .next_cr = find_byte(buf, len, 0, '\r')};
	unsigned line = 1;
	for (size_t i = 0, end; i < len && !r->out_of_memory; i = end, line++) {
		end = lines_next(&l, i);
		if (!r->row_open && buf[i] == '#')
			continue;
		if (!r->row_open && !is_blank_line(buf, i, end)) {
			r->rec = (struct csv_record){.raw = (uint32_t)i, .text = (uint32_t)r->used,
						     .line = line};
			r->row_open = true;
		}
		size_t n = csv_parse(p, buf + i, end - i, on_field, on_row, r);
		if (n < end - i && csv_error(p) != CSV_EPARSE) {
			r->out_of_memory = true; /* libcsv could not grow its field buffer */
			return 0;
		}
		if (n < end - i) {
			report_bad_byte(r->t, buf, len, &r->rec, i + n, line, i, d);
			return 1;
		}
	}
	if (!r->out_of_memory && csv_fini(p, on_field, on_row, r) != 0) {
		report_open_quote(r->t, buf, len, &r->rec, d);
		return 1;
	}
	return 0;
}

static size_t read_table(struct csv_table *t, const char *buf, size_t len, struct diag *d)
{
	struct csv_parser p;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		diag_error(d, _("%s: out of memory"), t->path);
		return 1;
	}
	/* libcsv grows its field buffer by this much at a time: the default
	 * (128 bytes) makes a 10 MB field cost a realloc every 128 bytes */
	csv_set_blk_size(&p, 1 << 20);
	struct reader r = {.t = t};
	size_t errors = feed_lines(&p, &r, buf, len, d);
	csv_free(&p);
	if (r.out_of_memory) {
		diag_error(d, _("%s: out of memory"), t->path);
		errors++;
	}
	return errors;
}

/* Into t->text when set (the buffer itself), else a block of its own. */
static size_t parse_into(struct csv_table *t, const char *path, const char *buf, size_t len,
			 struct diag *d)
{
	size_t bom = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	if (len > UINT32_MAX - 2) {
		diag_error(d, _("%s: too large (over 4 GB)"), path);
		return 1;
	}
	size_t errors = check_encoding(path, buf + bom, len - bom, d);
	if (errors)
		return errors;
	/* each field's text and its NUL fit in its bytes and the comma or line
	 * end after it; the last field of a file may end at its end: + 1 */
	if (!t->text)
		t->text = malloc(len - bom + 2);
	t->cache = calloc(1, sizeof *t->cache);
	if (!t->text || !t->cache) {
		diag_error(d, _("%s: out of memory"), path);
		return 1;
	}
	t->cache->rec[0] = t->cache->rec[1] = SIZE_MAX;
	errors = read_table(t, buf + bom, len - bom, d);
	return errors ? errors : check_separator(t, d);
}

size_t csvtab_parse(struct csv_table *t, const char *path, const char *buf, size_t len,
		    struct diag *d)
{
	*t = (struct csv_table){.path = path, .src = buf, .src_len = len};
	return parse_into(t, path, buf, len, d);
}

/* Each field's text is written at or before the bytes it came from, and
 * libcsv has read them by then (it hands over a copy): the buffer can
 * take the texts in place of a second block the size of the file. */
size_t csvtab_parse_owned(struct csv_table *t, const char *path, char **buf, size_t len,
			  struct diag *d)
{
	*t = (struct csv_table){.path = path};
	char *own = realloc(*buf, len + 2); /* the NUL of a last field at the very end */
	if (!own) {
		diag_error(d, _("%s: out of memory"), path);
		return 1;
	}
	*buf = NULL;
	t->text = own;
	size_t errors = parse_into(t, path, own, len, d);
	csvtab_drop_source(t);
	return errors;
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
	size_t bom = t->src_len >= 3 && memcmp(t->src, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	struct walk w = {.buf = t->src, .len = t->src_len, .i = bom + r->raw, .line = r->line,
			 .col = 1}; /* the BOM is walked past, not cut off: src may be NULL */
	const char *text = t->text + r->text;
	for (size_t f = 0; f < r->count; f++, text += strlen(text) + 1) {
		struct csv_cell *cell = &c->cells[slot][f];
		if (t->src) {
			walk_field(&w, cell);
		} else { /* the buffer is gone: texts and lines only */
			*cell = (struct csv_cell){.line = r->line};
		}
		cell->text = text;
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

/* The pages wholly before record rec's text go back to the system (they
 * read as zeros after): a loader that keeps what it needs of each record
 * as it goes never holds the texts of the whole file. */
void csvtab_release_before(struct csv_table *t, size_t rec)
{
#ifdef MADV_DONTNEED
	long page = sysconf(_SC_PAGESIZE);
	if (!t->text || rec >= t->nrecords || page <= 0)
		return;
	size_t done = t->released; /* the header's text stays: messages name columns */
	if (t->nrecords > 1 && done < t->records[1].text)
		done = t->records[1].text;
	uintptr_t from = ((uintptr_t)t->text + done + (uintptr_t)page - 1) &
			 ~((uintptr_t)page - 1);
	uintptr_t to = ((uintptr_t)t->text + t->records[rec].text) & ~((uintptr_t)page - 1);
	if (to <= from)
		return;
	if (madvise((void *)from, to - from, MADV_DONTNEED) == 0)
		t->released = to - (uintptr_t)t->text;
#else
	(void)t, (void)rec;
#endif
}
