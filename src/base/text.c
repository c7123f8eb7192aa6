#include "text.h"

#include <stdio.h>
#include <string.h>

size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	if (n == 0)
		return 0;
	unsigned char c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	size_t len;
	uint32_t v, min;
	if ((c & 0xE0) == 0xC0) {
		len = 2, v = c & 0x1F, min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		len = 3, v = c & 0x0F, min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		len = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

/* East Asian Wide (W) and Fullwidth (F) ranges, Unicode 15, merged. */
static const uint32_t wide_ranges[][2] = {
	{0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC},
	{0x23F0, 0x23F0}, {0x23F3, 0x23F3}, {0x25FD, 0x25FE}, {0x2614, 0x2615},
	{0x2648, 0x2653}, {0x267F, 0x267F}, {0x2693, 0x2693}, {0x26A1, 0x26A1},
	{0x26AA, 0x26AB}, {0x26BD, 0x26BE}, {0x26C4, 0x26C5}, {0x26CE, 0x26CE},
	{0x26D4, 0x26D4}, {0x26EA, 0x26EA}, {0x26F2, 0x26F3}, {0x26F5, 0x26F5},
	{0x26FA, 0x26FA}, {0x26FD, 0x26FD}, {0x2705, 0x2705}, {0x270A, 0x270B},
	{0x2728, 0x2728}, {0x274C, 0x274C}, {0x274E, 0x274E}, {0x2753, 0x2755},
	{0x2757, 0x2757}, {0x2795, 0x2797}, {0x27B0, 0x27B0}, {0x27BF, 0x27BF},
	{0x2B1B, 0x2B1C}, {0x2B50, 0x2B50}, {0x2B55, 0x2B55}, {0x2E80, 0x303E},
	{0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF},
	{0xA960, 0xA97F}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE10, 0xFE19},
	{0xFE30, 0xFE6F}, {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F},
	{0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

int codepoint_width(uint32_t cp)
{
	if (cp == 0)
		return 0;
	if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
		return 0;
	if ((cp >= 0x300 && cp <= 0x36F) || cp == 0x200B || (cp >= 0xFE00 && cp <= 0xFE0F))
		return 0; /* combining marks, zero-width space, variation selectors */
	size_t lo = 0, hi = sizeof wide_ranges / sizeof wide_ranges[0];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cp < wide_ranges[mid][0])
			hi = mid;
		else if (cp > wide_ranges[mid][1])
			lo = mid + 1;
		else
			return 2;
	}
	return 1;
}

/* Width and length of the character at s; invalid bytes are one column. */
static size_t next_char(const char *s, int *width)
{
	uint32_t cp;
	size_t n = strlen(s);
	size_t len = utf8_decode((const unsigned char *)s, n < 4 ? n : 4, &cp);
	if (len == 0) {
		*width = 1;
		return 1;
	}
	*width = codepoint_width(cp);
	return len;
}

size_t text_width(const char *s)
{
	size_t cols = 0;
	while (*s) {
		int w;
		s += next_char(s, &w);
		cols += (size_t)w;
	}
	return cols;
}

size_t text_fit(char *out, size_t cap, const char *s, size_t max_cols)
{
	size_t cols = 0, used = 0;
	while (*s) {
		int w;
		size_t len = next_char(s, &w);
		if (cols + (size_t)w > max_cols || used + len + 1 > cap)
			break;
		memcpy(out + used, s, len);
		used += len;
		cols += (size_t)w;
		s += len;
	}
	if (cap)
		out[used] = '\0';
	return cols;
}

size_t text_fit_middle(char *out, size_t cap, const char *s, size_t max_cols)
{
	static const char gap[] = "…";
	if (text_width(s) <= max_cols || max_cols < 5 || cap < sizeof gap)
		return text_fit(out, cap, s, max_cols);
	size_t tail_cols = (max_cols - 1) / 2, head = text_fit(out, cap - (sizeof gap - 1), s,
							      max_cols - 1 - tail_cols);
	size_t used = strlen(out), rest = text_width(s);
	const char *t = s;
	while (*t && rest > max_cols - 1 - head) { /* the tail that fills what is left */
		int w;
		size_t len = next_char(t, &w);
		rest -= (size_t)w;
		t += len;
	}
	memcpy(out + used, gap, sizeof gap - 1);
	used += sizeof gap - 1;
	return head + 1 + text_fit(out + used, cap - used, t, max_cols - 1 - head);
}

void text_pad(void *stream, const char *s, size_t cols, int right)
{
	char buf[512];
	size_t used = text_fit(buf, sizeof buf, s, cols);
	if (right)
		fprintf(stream, "%*s%s", (int)(cols - used), "", buf);
	else
		fprintf(stream, "%s%*s", buf, (int)(cols - used), "");
}

bool text_is_control(uint32_t cp)
{
	return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

/* Bytes that may start a control character: C0, DEL, and C2 (C1 is
 * always C2 80..C2 9F in UTF-8; those bytes occur in no other character).
 * One look-up a byte, no decoding: 10^6 offers' fields pass through. */
static const unsigned char may_control[256] = {
	[0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1, [0x07] = 1,
	[0x08] = 1, [0x09] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1, [0x0E] = 1,
	[0x0F] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1,
	[0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1, [0x1C] = 1,
	[0x1D] = 1, [0x1E] = 1, [0x1F] = 1, [0x7F] = 1, [0xC2] = 1,
	[0x00] = 1, /* the end of s: stops the scan */
};

const char *text_find_control(const char *s, bool tab_ok, uint32_t *cp)
{
	for (const unsigned char *p = (const unsigned char *)s;; p++) {
		while (!may_control[*p])
			p++;
		if (*p == 0)
			return NULL;
		if (*p == 0xC2 && !(p[1] >= 0x80 && p[1] <= 0x9F))
			continue;
		if (*p == '\t' && tab_ok)
			continue;
		*cp = *p == 0xC2 ? p[1] : *p;
		return (const char *)p;
	}
}

/* One character of s at *i (n bytes in all) into out: escaped when it is a
 * control character, a quote or a backslash; returns the bytes written. */
static size_t quote_char(char *out, size_t room, const char *s, size_t *i, size_t n)
{
	uint32_t cp;
	unsigned char c = (unsigned char)s[*i];
	size_t len = utf8_decode((const unsigned char *)s + *i, n - *i, &cp);
	int w;
	if (len == 0) { /* not UTF-8: the byte, escaped */
		w = snprintf(out, room, "\\x%02x", c);
		len = 1;
	} else if (cp == '"' || cp == '\\') {
		w = snprintf(out, room, "\\%c", (char)cp);
	} else if (cp < 0x80 && text_is_control(cp)) {
		w = snprintf(out, room, "\\x%02x", (unsigned)cp);
	} else if (text_is_control(cp)) {
		w = snprintf(out, room, "\\u%04x", (unsigned)cp);
	} else {
		w = snprintf(out, room, "%.*s", (int)len, s + *i);
	}
	*i += len;
	return w <= 0 ? 0 : (size_t)w < room ? (size_t)w : room - 1;
}

void text_quote(char *out, size_t cap, const char *s)
{
	size_t used = 0, n = strlen(s);
	for (size_t i = 0, shown = 0; i < n && used + 8 < cap; shown++) {
		if (shown >= 40) {
			used += (size_t)snprintf(out + used, cap - used, "...");
			break;
		}
		used += quote_char(out + used, cap - used, s, &i, n);
	}
	out[used < cap ? used : cap - 1] = '\0';
}
