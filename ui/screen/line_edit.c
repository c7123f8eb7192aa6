#include "line_edit.h"

#include <string.h>

#include "text.h"

static bool continuation(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

size_t line_edit_chars(const struct line_edit *l)
{
	size_t n = 0;
	for (size_t i = 0; i < l->len; i++)
		n += !continuation(l->text[i]);
	return n;
}

void line_edit_clear(struct line_edit *l)
{
	*l = (struct line_edit){0};
}

void line_edit_set(struct line_edit *l, const char *text)
{
	size_t n = strlen(text);
	line_edit_clear(l);
	if (n > sizeof l->text - 1)
		for (n = sizeof l->text - 1; n && continuation(text[n]); n--)
			;
	memcpy(l->text, text, n);
	l->text[n] = '\0';
	l->len = l->cursor = n;
}

static size_t utf8_encode(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

bool line_edit_insert(struct line_edit *l, uint32_t cp)
{
	char bytes[4];
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || codepoint_width(cp) <= 0)
		return false;
	size_t n = utf8_encode(cp, bytes);
	if (l->len + n > sizeof l->text - 1 || line_edit_chars(l) >= LINE_EDIT_CHARS)
		return false;
	memmove(l->text + l->cursor + n, l->text + l->cursor, l->len - l->cursor + 1);
	memcpy(l->text + l->cursor, bytes, n);
	l->len += n, l->cursor += n;
	return true;
}

/* Where the character before byte i starts. */
static size_t char_before(const struct line_edit *l, size_t i)
{
	while (i > 0 && continuation(l->text[--i]))
		;
	return i;
}

static size_t char_after(const struct line_edit *l, size_t i)
{
	while (i < l->len && continuation(l->text[++i]))
		;
	return i;
}

static void cut(struct line_edit *l, size_t from, size_t to)
{
	memmove(l->text + from, l->text + to, l->len - to + 1);
	l->len -= to - from;
	l->cursor = from;
	if (l->first > from)
		l->first = from;
}

bool line_edit_delete_before(struct line_edit *l)
{
	if (l->cursor == 0)
		return false;
	cut(l, char_before(l, l->cursor), l->cursor);
	return true;
}

bool line_edit_delete_at(struct line_edit *l)
{
	if (l->cursor == l->len)
		return false;
	cut(l, l->cursor, char_after(l, l->cursor));
	return true;
}

void line_edit_step(struct line_edit *l, int dir)
{
	l->cursor = dir < 0 ? char_before(l, l->cursor) : char_after(l, l->cursor);
}

void line_edit_home(struct line_edit *l)
{
	l->cursor = 0;
}

void line_edit_end(struct line_edit *l)
{
	l->cursor = l->len;
}

/* Display columns of bytes [from, to). */
static int columns(const struct line_edit *l, size_t from, size_t to)
{
	int cols = 0;
	uint32_t cp;
	for (size_t i = from, n; i < to; i += n ? n : 1)
		if ((n = utf8_decode((const unsigned char *)l->text + i, to - i, &cp)))
			cols += codepoint_width(cp);
	return cols;
}

void line_edit_view(struct line_edit *l, int cols, size_t *start, int *col)
{
	if (cols < 2)
		cols = 2;
	if (l->first > l->cursor)
		l->first = l->cursor;
	/* the cursor's own cell stays on screen: a wide character needs two */
	while (l->first < l->cursor && columns(l, l->first, l->cursor) > cols - 2)
		l->first = char_after(l, l->first);
	*start = l->first;
	*col = columns(l, l->first, l->cursor);
}
