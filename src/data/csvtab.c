#include "csvtab.h"

#include <csv.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvenc.h"
#include "i18n.h"
#include "text.h"

/* libcsv tokenizes, in strict mode as gpuplan always did: spaces and tabs
 * around an unquoted field and after a closing quote are dropped, a quote
 * inside an unquoted field or text after a closing quote is an error, CR
 * and LF both end a row, blank lines make no row. It is fed one physical
 * line per call (not a byte per call, which made a large file slow), so
 * the line of every record is known without libcsv reporting positions;
 * columns and byte spans are worked out only when a cell is asked for. A
 * line with no quote that starts a record is split here the same way
 * (split_plain): that is most lines, and libcsv's byte-by-byte state
 * machine was the larger part of reading 10^6 offers. */

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
static bool looks_semicolon(const struct csv_table *t)
{
	return t->nrecords > 0 && t->records[0].count == 1 &&
	       strchr(t->text + t->records[0].text, ';');
}

static size_t check_separator(const struct csv_table *t, struct diag *d)
{
	if (!looks_semicolon(t))
		return 0;
	diag_error(d, _("%s:%u:1: this file seems to use ';' as the separator: save it with commas"),
		   t->path, t->records[0].line);
	return 1;
}

/* Where libcsv's callbacks put what they are given. A stream (fn set)
 * keeps the header and the record being read: each record goes to fn as
 * soon as it ends, and the next one's text is written over it. */
struct reader {
	struct csv_table *t;
	struct csv_parser p;
	size_t used;           /* bytes of t->text filled */
	size_t header_used;    /* a stream's: the header's text, kept */
	size_t prefix;         /* a file's: where the header's line ends, 0 before */
	struct csv_record rec; /* the record being read */
	unsigned line;         /* the line fed next */
	bool row_open, out_of_memory;
	bool feeding;       /* false after a parse error or a bad byte: the rest is only scanned */
	bool bad_separator; /* a stream's header reads as ';'-separated: no record goes on */
	bool stopped;       /* fn asked to stop */
	csv_record_fn fn;
	void *ctx;
	struct csv_encoding enc;
	char parse_error[512]; /* the first quoting error, "" for none */
	struct diag *d;
	struct diag_mark mark; /* a file that does not read takes back what its rows said */
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

/* A stream's record to its reader, then forgotten (the header is kept). */
static void hand_on(struct reader *r)
{
	struct csv_table *t = r->t;
	size_t rec = t->nrecords - 1;
	if (rec == 0) {
		r->header_used = r->used;
		r->bad_separator = looks_semicolon(t);
	}
	if (!r->bad_separator && !r->fn(t, rec, r->ctx))
		r->stopped = true;
	if (rec > 0) {
		t->nrecords = 1;
		r->used = r->header_used;
		t->cache->rec[1] = SIZE_MAX;
	}
}

static void on_row(int c, void *data)
{
	(void)c;
	struct reader *r = data;
	r->row_open = false;
	if (r->out_of_memory || r->stopped)
		return;
	if (!add_record(r->t, r->rec))
		r->out_of_memory = true;
	else if (r->fn)
		hand_on(r);
}

/* A line with no quote, begun outside a record: split where libcsv would
 * (at each comma, blanks around a field dropped) without its byte-by-byte
 * state machine, which took most of the time of a large file. */
static void split_plain(struct reader *r, const char *s, size_t n)
{
	for (size_t i = 0;;) {
		size_t j = i;
		while (j < n && s[j] != ',')
			j++;
		size_t a = i, b = j;
		while (a < b && is_blank(s[a]))
			a++;
		while (b > a && is_blank(s[b - 1]))
			b--;
		on_field((void *)(s + a), b - a, r);
		if (j == n)
			break;
		i = j + 1;
	}
	on_row(0, r);
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

/* Where the line [i, end) ends without its CR, LF or CRLF. */
static size_t content_end(const char *buf, size_t i, size_t end)
{
	while (end > i && is_line_end(buf[end - 1]))
		end--;
	return end;
}

/* libcsv stopped at byte at, on line `line` which starts at line_start.
 * A quote that closed a field opened on an earlier line means this field's
 * own closing quote is what is missing: say where it opened. The message
 * is said when the file ends (finish), when its bytes may be gone. */
static void report_bad_byte(struct reader *r, const char *buf, size_t len, size_t at,
			    size_t line_start)
{
	struct csv_cell field = walk_to(buf, len, &r->rec, at);
	if (field.line != r->line)
		snprintf(r->parse_error, sizeof r->parse_error,
			 _("%s:%u:%u: expected a closing quote for this field, found one only on "
			   "line %u, followed by '%c'"),
			 r->t->path, field.line, field.col, r->line, buf[at]);
	else
		snprintf(r->parse_error, sizeof r->parse_error,
			 _("%s:%u:%u: expected a doubled quote (\"\") or the end of the quoted "
			   "field, found '%c'"),
			 r->t->path, r->line, csvenc_column(buf, line_start, at), buf[at]);
}

static void report_open_quote(struct reader *r, const char *buf, size_t len)
{
	struct csv_cell field = walk_to(buf, len, &r->rec, len);
	snprintf(r->parse_error, sizeof r->parse_error,
		 _("%s:%u:%u: expected a closing quote for this field, found the end of the file"),
		 r->t->path, field.line, field.col);
}

/* The line [i, end) to libcsv; false when it stopped (said) or memory ran out. */
static bool feed_libcsv(struct reader *r, const char *buf, size_t len, size_t i, size_t end)
{
	size_t n = csv_parse(&r->p, buf + i, end - i, on_field, on_row, r);
	if (n == end - i)
		return !r->out_of_memory && !r->stopped;
	if (csv_error(&r->p) != CSV_EPARSE) {
		r->out_of_memory = true; /* libcsv could not grow its field buffer */
		return false;
	}
	report_bad_byte(r, buf, len, i + n, i);
	return false;
}

/* One line where no record is open: a comment (# in the first column), a
 * blank line, a line split here, or the start of a record for libcsv. */
static bool feed_new_line(struct reader *r, const char *buf, size_t len, size_t i, size_t end)
{
	if (buf[i] == '#' || is_blank_line(buf, i, end))
		return true;
	r->rec = (struct csv_record){.raw = (uint32_t)i, .text = (uint32_t)r->used, .line = r->line};
	r->row_open = true;
	size_t stop = content_end(buf, i, end);
	if (memchr(buf + i, '"', stop - i))
		return feed_libcsv(r, buf, len, i, end);
	split_plain(r, buf + i, stop - i);
	return !r->out_of_memory && !r->stopped;
}

/* Feeds the lines of buf[*pos, len), which ends at a line end or at the
 * end of the file. False when the feeding stopped: *pos is then the start
 * of the line it stopped on, and r->line that line's number. */
static bool feed_lines(struct reader *r, const char *buf, size_t len, size_t *pos)
{
	struct lines l = {.buf = buf, .len = len, .next_lf = find_byte(buf, len, *pos, '\n'),
			  .next_cr = find_byte(buf, len, *pos, '\r')};
	for (size_t i = *pos, end; i < len; i = end, r->line++) {
		end = lines_next(&l, i);
		*pos = i;
		bool ok = r->row_open ? feed_libcsv(r, buf, len, i, end)
				      : feed_new_line(r, buf, len, i, end);
		if (!ok)
			return false;
		if (r->prefix == 0 && r->t->nrecords > 0)
			r->prefix = end;
	}
	*pos = len;
	return true;
}

/* One piece of whole lines, buf[*pos, to): its encoding checked, then fed
 * while nothing stopped the feeding; after that only scanned, so that a bad
 * byte anywhere is said as for a file held whole. */
static void take_piece(struct reader *r, const char *buf, size_t *pos, size_t to)
{
	if (r->feeding && csvenc_clean(buf + *pos, to - *pos)) {
		if (feed_lines(r, buf, to, pos))
			return;
		r->feeding = false;
		if (r->out_of_memory || r->stopped)
			return;
	}
	r->feeding = false;
	csvenc_scan(&r->enc, buf, *pos, to, &r->line);
	*pos = to;
}

/* The last record, then one message for a file that does not read (what
 * its rows said is taken back, as if they were never read): a bad byte
 * over a quoting error over a ';' header. */
static size_t finish(struct reader *r, const char *buf, size_t len)
{
	if (r->feeding && !r->out_of_memory && !r->stopped &&
	    csv_fini(&r->p, on_field, on_row, r) != 0)
		report_open_quote(r, buf, len);
	if (r->out_of_memory) {
		diag_error(r->d, _("%s: out of memory"), r->t->path);
		return 1;
	}
	if (!r->enc.lines && !r->parse_error[0])
		return r->stopped ? 0 : check_separator(r->t, r->d);
	diag_rewind(r->d, r->mark);
	if (r->enc.lines)
		return csvenc_report(&r->enc, r->t->path, r->d);
	diag_error(r->d, "%s", r->parse_error);
	return 1;
}

/* text_cap: room for the texts (each field's text and its NUL fit in its
 * bytes and the comma or line end after it; the last field of a file may
 * end at its end: the bytes + 2). */
static bool reader_start(struct reader *r, struct csv_table *t, size_t text_cap, struct diag *d)
{
	*r = (struct reader){.t = t, .line = 1, .feeding = true, .d = d, .mark = diag_mark(d)};
	t->text = malloc(text_cap);
	t->cache = calloc(1, sizeof *t->cache);
	if (!t->text || !t->cache || csv_init(&r->p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)) {
		diag_error(d, _("%s: out of memory"), t->path);
		return false;
	}
	t->cache->rec[0] = t->cache->rec[1] = SIZE_MAX;
	/* libcsv grows its field buffer by this much at a time: the default
	 * (128 bytes) makes a 10 MB field cost a realloc every 128 bytes */
	csv_set_blk_size(&r->p, 1 << 20);
	return true;
}

static size_t bom_length(const char *buf, size_t len)
{
	return len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* A file in memory: one piece. */
static size_t read_buffer(struct csv_table *t, const char *buf, size_t len, csv_record_fn fn,
			  void *ctx, struct diag *d)
{
	if (len > UINT32_MAX - 2) {
		diag_error(d, _("%s: too large (over 4 GB)"), t->path);
		return 1;
	}
	struct reader r;
	size_t bom = bom_length(buf, len), pos = 0;
	if (!reader_start(&r, t, len - bom + 2, d))
		return 1;
	r.fn = fn, r.ctx = ctx;
	take_piece(&r, buf + bom, &pos, len - bom);
	size_t errors = finish(&r, buf + bom, len - bom);
	csv_free(&r.p);
	return errors;
}

size_t csvtab_parse(struct csv_table *t, const char *path, const char *buf, size_t len,
		    struct diag *d)
{
	*t = (struct csv_table){.path = path, .src = buf, .src_len = len};
	return read_buffer(t, buf, len, NULL, NULL, d);
}

size_t csvtab_stream(struct csv_table *t, const char *path, const char *buf, size_t len,
		     csv_record_fn fn, void *ctx, struct diag *d)
{
	*t = (struct csv_table){.path = path, .src = buf, .src_len = len};
	size_t errors = read_buffer(t, buf, len, fn, ctx, d);
	csvtab_drop_source(t);
	return errors;
}

/* A file read as it is parsed: what is read so far sits in a window. */
struct window {
	char *buf;
	size_t cap, filled, bom;
};

#define WINDOW_START ((size_t)256 * 1024)

/* Just past the last line end of buf[from, len) that is surely one: a CR
 * at the very end may be the first half of a CRLF still to come. */
static size_t complete_upto(const char *buf, size_t from, size_t len, bool eof)
{
	if (eof)
		return len;
	size_t e = len;
	if (e > from && buf[e - 1] == '\r')
		e--;
	while (e > from && !is_line_end(buf[e - 1]))
		e--;
	return e;
}

/* Room in a full window: what is no longer needed goes, but the header's
 * line stays in front (its cells are read again for messages) and so does
 * the record being read. When all of it is needed (a record longer than
 * the window) the window grows, and the text block with it. */
static bool window_make_room(struct window *w, struct reader *r, size_t *pos)
{
	struct csv_table *t = r->t;
	size_t keep = r->feeding && r->row_open ? r->rec.raw : *pos;
	size_t front = r->feeding && t->nrecords > 0 ? r->prefix : 0;
	char *base = w->buf + w->bom;
	if (keep > front) {
		size_t drop = keep - front;
		memmove(base + front, base + keep, w->filled - w->bom - keep);
		w->filled -= drop, *pos -= drop;
		if (r->row_open)
			r->rec.raw -= (uint32_t)drop;
		return true;
	}
	size_t cap = w->cap * 2;
	char *buf = realloc(w->buf, cap), *text = buf ? realloc(t->text, cap + 2) : NULL;
	if (buf)
		w->buf = buf, w->cap = cap;
	if (!text)
		return false;
	t->text = text;
	t->cache->rec[0] = t->cache->rec[1] = SIZE_MAX; /* their texts pointed into the old block */
	return true;
}

static bool window_fill(struct window *w, int fd, struct reader *r, bool *eof)
{
	ssize_t n;
	do
		n = read(fd, w->buf + w->filled, w->cap - w->filled);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		diag_error(r->d, _("%s: cannot read: %s"), r->t->path, i18n_strerror(errno));
		return false;
	}
	w->filled += (size_t)n;
	*eof = n == 0;
	return true;
}

/* The pieces of whole lines as they are read; the BOM is known once three
 * bytes are in. */
static size_t read_pieces(struct reader *r, struct window *w, int fd)
{
	size_t pos = 0;
	bool eof = false, started = false;
	while (!eof && !r->out_of_memory && !r->stopped) {
		if (w->filled == w->cap && !window_make_room(w, r, &pos)) {
			r->out_of_memory = true;
			break;
		}
		if (!window_fill(w, fd, r, &eof))
			return 1;
		if (!started && w->filled < 3 && !eof)
			continue;
		if (!started)
			w->bom = bom_length(w->buf, w->filled), started = true;
		r->t->src = w->buf, r->t->src_len = w->filled;
		const char *base = w->buf + w->bom;
		take_piece(r, base, &pos, complete_upto(base, pos, w->filled - w->bom, eof));
	}
	return finish(r, w->buf + w->bom, w->filled - w->bom);
}

size_t csvtab_stream_fd(struct csv_table *t, const char *path, int fd, csv_record_fn fn,
			void *ctx, struct diag *d)
{
	*t = (struct csv_table){.path = path};
	struct window w = {.buf = malloc(WINDOW_START), .cap = WINDOW_START};
	struct reader r;
	size_t errors = 1;
	if (!w.buf)
		diag_error(d, _("%s: out of memory"), path);
	else if (reader_start(&r, t, WINDOW_START + 2, d)) {
		r.fn = fn, r.ctx = ctx;
		errors = read_pieces(&r, &w, fd);
		csv_free(&r.p);
	}
	free(w.buf);
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
