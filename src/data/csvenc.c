#include "csvenc.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "text.h"

/* GBK and GB18030 lead bytes are 0x81..0xFE, their second byte 0x40..0xFE. */
static bool looks_gbk(const unsigned char *p, size_t left)
{
	return left >= 2 && p[0] >= 0x81 && p[0] <= 0xFE && p[1] >= 0x40 && p[1] <= 0xFE &&
	       p[1] != 0x7F;
}

unsigned csvenc_column(const char *buf, size_t line_start, size_t i)
{
	unsigned col = 1;
	for (size_t j = line_start; j < i; j++)
		col += ((unsigned char)buf[j] & 0xC0) != 0x80;
	return col;
}

static void note_bad(struct csv_encoding *e, const char *buf, size_t i, size_t len, unsigned line,
		     size_t line_start)
{
	if (e->lines++ == 0) {
		e->line = line, e->col = csvenc_column(buf, line_start, i), e->byte = (unsigned char)buf[i];
		e->gbk = looks_gbk((const unsigned char *)buf + i, len - i);
	}
}

/* The length of the UTF-8 character at i, 0 for a bad byte (NUL included). */
static size_t char_at(const char *buf, size_t i, size_t len)
{
	unsigned char c = (unsigned char)buf[i];
	uint32_t cp;
	return c && c < 0x80 ? 1 : c ? utf8_decode((const unsigned char *)buf + i, len - i, &cp) : 0;
}

/* ASCII is the common case: only a line count is kept, the column is
 * worked out for the first bad byte alone. A piece ends at a line end, so
 * no character and no CRLF is split between two. */
void csvenc_scan(struct csv_encoding *e, const char *buf, size_t from, size_t to, unsigned *line)
{
	unsigned last_bad_line = 0;
	size_t line_start = from;
	for (size_t i = from; i < to;) {
		unsigned char c = (unsigned char)buf[i];
		if (c == '\n' || (c == '\r' && !(i + 1 < to && buf[i + 1] == '\n'))) {
			++*line, line_start = ++i;
			continue;
		}
		size_t n = char_at(buf, i, to);
		if (n == 0) {
			if (*line != last_bad_line)
				note_bad(e, buf, i, to, *line, line_start);
			last_bad_line = *line;
			n = 1;
		}
		i += n;
	}
}

/* Eight bytes at a time while they are plain ASCII; each test below is
 * per byte, so byte order does not matter. */
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

bool csvenc_clean(const char *buf, size_t len)
{
	for (size_t i = 0; i < len;) {
		if (len - i >= 8 && is_ascii8(word_at(buf + i))) {
			i += 8;
			continue;
		}
		size_t n = char_at(buf, i, len);
		if (n == 0)
			return false;
		i += n;
	}
	return true;
}

size_t csvenc_report(const struct csv_encoding *e, const char *path, struct diag *d)
{
	if (e->lines == 0)
		return 0;
	char found[80], more[200] = "";
	if (e->byte == 0)
		snprintf(found, sizeof found, "%s", _("expected text, found a NUL byte"));
	else
		snprintf(found, sizeof found, _("expected UTF-8 text, found byte 0x%02x"), e->byte);
	const char *gbk = e->gbk ? _(" (it looks like GBK/GB18030 text)") : "";
	if (e->lines > 1)
		snprintf(more, sizeof more,
			 P_(" (and on %zu more line): save the file as UTF-8%s",
			    " (and on %zu more lines): save the file as UTF-8%s", e->lines - 1),
			 e->lines - 1, gbk);
	else if (e->gbk)
		snprintf(more, sizeof more, _(": save the file as UTF-8%s"), gbk);
	diag_error(d, "%s:%u:%u: %s%s", path, e->line, e->col, found, more);
	return 1;
}
