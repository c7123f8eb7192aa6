#include "csvtab.h"

#include <csv.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

struct arena_block {
	struct arena_block *next;
	size_t used, cap;
	char data[];
};

static char *arena_copy(struct csv_table *t, const char *s, size_t len)
{
	struct arena_block *b = t->arena;
	if (!b || b->cap - b->used < len + 1) {
		size_t cap = len + 1 > 65536 ? len + 1 : 65536;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		*b = (struct arena_block){.next = t->arena, .cap = cap};
		t->arena = b;
	}
	char *out = b->data + b->used;
	memcpy(out, s, len);
	out[len] = '\0';
	b->used += len + 1;
	return out;
}

static bool grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap * 2 : 64;
	while (n < need)
		n *= 2;
	void *p = realloc(*arr, n * elem);
	if (!p)
		return false;
	*arr = p;
	*cap = n;
	return true;
}

/* Parser state shared with libcsv's callbacks. */
struct reader {
	struct csv_table *t;
	unsigned line, col;             /* position of the byte being fed */
	size_t offset;                  /* its byte offset */
	unsigned start_line, start_col; /* where the current field began */
	size_t start_offset;
	bool field_started, row_open;
	size_t row_first;
	size_t bom; /* bytes skipped before the buffer handed to the parser */
	bool out_of_memory;
};

static void on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;
	struct csv_table *t = r->t;
	if (!grow((void **)&t->cells, &t->cells_cap, t->ncells + 1, sizeof *t->cells)) {
		r->out_of_memory = true;
		return;
	}
	const char *text = arena_copy(t, s ? s : "", s ? len : 0);
	if (!text) {
		r->out_of_memory = true;
		return;
	}
	unsigned line = r->field_started ? r->start_line : r->line;
	unsigned col = r->field_started ? r->start_col : r->col;
	size_t start = r->field_started ? r->start_offset : r->offset;
	t->cells[t->ncells++] = (struct csv_cell){text, line, col, start, r->offset};
	r->field_started = false;
}

static void on_row(int c, void *data)
{
	(void)c;
	struct reader *r = data;
	struct csv_table *t = r->t;
	if (r->out_of_memory)
		return;
	if (!grow((void **)&t->records, &t->records_cap, t->nrecords + 1, sizeof *t->records)) {
		r->out_of_memory = true;
		return;
	}
	size_t count = t->ncells - r->row_first;
	unsigned line = count ? t->cells[r->row_first].line : r->line;
	t->records[t->nrecords++] = (struct csv_record){r->row_first, count, line};
	r->row_first = t->ncells;
	r->row_open = false;
	r->field_started = false;
}

/* Reports bytes that are not UTF-8 text, one message per line at most. */
static size_t check_encoding(const char *path, const char *buf, size_t len, struct diag *d)
{
	size_t errors = 0;
	unsigned line = 1, col = 1, last_bad_line = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = buf[i] ? utf8_decode((const unsigned char *)buf + i, len - i, &cp) : 0;
		if (n == 0) {
			if (line != last_bad_line) {
				if (buf[i] == '\0')
					diag_error(d, "%s:%u:%u: expected text, found a NUL byte", path, line, col);
				else
					diag_error(d, "%s:%u:%u: expected UTF-8 text, found byte 0x%02x",
						   path, line, col, (unsigned char)buf[i]);
				errors++;
				last_bad_line = line;
			}
			i++, col++;
			continue;
		}
		if (cp == '\n')
			line++, col = 1;
		else
			col++;
		i += n;
	}
	return errors;
}

static bool is_line_end(char c)
{
	return c == '\n' || c == '\r';
}

/* Feeds one byte, keeping track of where each field starts. Comment lines
 * are skipped here because libcsv has no notion of them. */
static bool feed(struct csv_parser *p, struct reader *r, const char *buf, size_t len, size_t *i)
{
	char c = buf[*i];
	if (!r->row_open && r->col == 1 && c == '#') {
		while (*i < len && buf[*i] != '\n')
			(*i)++;
		return true; /* the '\n' is fed next, as a blank line */
	}
	if (!r->row_open && !is_line_end(c))
		r->row_open = true;
	r->offset = r->bom + *i;
	if (r->row_open && !r->field_started && !is_line_end(c)) {
		r->field_started = true;
		r->start_line = r->line;
		r->start_col = r->col;
		r->start_offset = r->offset;
	}
	if (csv_parse(p, &c, 1, on_field, on_row, r) != 1)
		return false;
	if (c == '\n')
		r->line++, r->col = 1;
	else if (((unsigned char)c & 0xC0) != 0x80)
		r->col++;
	(*i)++;
	return true;
}

size_t csvtab_parse(struct csv_table *t, const char *path, const char *buf, size_t len,
		    struct diag *d)
{
	*t = (struct csv_table){.path = path};
	size_t bom = 0;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		buf += 3, len -= 3, bom = 3;
	size_t errors = check_encoding(path, buf, len, d);
	if (errors)
		return errors;

	struct csv_parser p;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		diag_error(d, "%s: out of memory", path);
		return 1;
	}
	/* libcsv grows its field buffer by this much at a time: the default
	 * (128 bytes) makes a 10 MB field cost a realloc every 128 bytes */
	csv_set_blk_size(&p, 1 << 20);
	struct reader r = {.t = t, .line = 1, .col = 1, .bom = bom};
	for (size_t i = 0; i < len && !r.out_of_memory;) {
		if (!feed(&p, &r, buf, len, &i)) {
			diag_error(d, "%s:%u:%u: expected a doubled quote (\"\") or the end of the "
				   "quoted field, found '%c'", path, r.line, r.col, buf[i]);
			errors++;
			break;
		}
	}
	r.offset = bom + len; /* a last field without a line end ends the file */
	if (!errors && csv_fini(&p, on_field, on_row, &r) != 0) {
		diag_error(d, "%s:%u:%u: expected a closing quote for this field, found the end of the file",
			   path, r.start_line, r.start_col);
		errors++;
	}
	if (r.out_of_memory) {
		diag_error(d, "%s: out of memory", path);
		errors++;
	}
	csv_free(&p);
	return errors;
}

void csvtab_free(struct csv_table *t)
{
	while (t->arena) {
		struct arena_block *next = t->arena->next;
		free(t->arena);
		t->arena = next;
	}
	free(t->cells);
	free(t->records);
	*t = (struct csv_table){0};
}
