#include "csvscan.h"

#include <string.h>

void csv_scan_init(struct csv_scan *s, const char *buf, size_t len)
{
	size_t bom = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	*s = (struct csv_scan){.buf = buf, .len = len, .at = bom, .line = 1};
}

/* Where the line starting at i ends (its LF, its CR) and where the next
 * one starts (a CRLF is one line end, as in csvtab). */
static size_t line_end(const char *b, size_t len, size_t i, size_t *next)
{
	const char *lf = memchr(b + i, '\n', len - i);
	size_t e = lf ? (size_t)(lf - b) : len;
	const char *cr = memchr(b + i, '\r', e - i);
	if (cr)
		e = (size_t)(cr - b);
	*next = e == len ? len : e + 1 + (b[e] == '\r' && e + 1 < len && b[e + 1] == '\n');
	return e;
}

/* Quotes in [i, e): an odd count leaves a quoted field open. */
static size_t quotes_in(const char *b, size_t i, size_t e)
{
	size_t n = 0;
	for (const char *q; i < e && (q = memchr(b + i, '"', e - i)); i = (size_t)(q - b) + 1)
		n++;
	return n;
}

static bool blank_line(const char *b, size_t i, size_t e)
{
	while (i < e && (b[i] == ' ' || b[i] == '\t'))
		i++;
	return i == e;
}

bool csv_scan_next(struct csv_scan *s, struct csv_span *r)
{
	const char *b = s->buf;
	while (s->at < s->len) {
		size_t next, e = line_end(b, s->len, s->at, &next);
		if (b[s->at] == '#' || blank_line(b, s->at, e)) { /* no record */
			s->at = next, s->line++;
			continue;
		}
		*r = (struct csv_span){.start = s->at, .line = s->line};
		size_t quotes = quotes_in(b, s->at, e);
		while (quotes % 2 && next < s->len) { /* a quoted field goes on */
			s->at = next, s->line++;
			e = line_end(b, s->len, s->at, &next);
			quotes += quotes_in(b, s->at, e);
		}
		r->end = e, r->next = next;
		s->at = next, s->line++;
		return true;
	}
	return false;
}

bool csv_scan_line(const char *buf, size_t len, unsigned line, struct csv_span *r)
{
	struct csv_scan s;
	csv_scan_init(&s, buf, len);
	while (csv_scan_next(&s, r))
		if (r->line >= line)
			return r->line == line;
	return false;
}
