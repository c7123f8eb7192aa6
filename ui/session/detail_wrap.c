/* The breakdown's text as lines of a given width: wrapped at spaces,
 * never between a number and its unit, and in Chinese also between Han
 * characters. No curses here. */
#include "detail_wrap.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "i18n.h"
#include "text.h"

/* Closing punctuation that does not start a line, opening that does not
 * end one (Chinese line breaking). */
static bool no_line_start(uint32_t cp)
{
	static const uint32_t closing[] = {0xFF0C, 0x3002, 0x3001, 0xFF1A, 0xFF1B,
					   0xFF09, 0xFF01, 0xFF1F, 0x300D, 0x201D};
	for (size_t i = 0; i < sizeof closing / sizeof closing[0]; i++)
		if (cp == closing[i])
			return true;
	return false;
}

static bool no_line_end(uint32_t cp)
{
	return cp == 0xFF08 || cp == 0x300C || cp == 0x201C;
}

/* Between two wide characters, or a wide one and a letter; never
 * inside "8卡" or "¥9,345/月". */
static bool may_break(uint32_t prev, uint32_t cp)
{
	bool wide_prev = codepoint_width(prev) == 2, wide_cp = codepoint_width(cp) == 2;
	bool letter_prev = prev < 0x80 && isalpha((int)prev), letter_cp = cp < 0x80 && isalpha((int)cp);
	if (no_line_start(cp) || no_line_end(prev))
		return false;
	return (wide_prev && wide_cp) || (wide_prev && letter_cp) || (letter_prev && wide_cp);
}

size_t detail_cjk_break(const char *text, size_t fitted)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len = strlen(text), at = 0, best = 0;
	uint32_t prev = 0, cp;
	while (at < len && at <= fitted) {
		size_t n = utf8_decode(s + at, len - at, &cp);
		if (n == 0)
			n = 1, cp = s[at];
		if (at > 0 && may_break(prev, cp))
			best = at;
		prev = cp;
		at += n;
	}
	return best;
}

/* A space between a number and its unit or noun ("1.9 tok/s", "4 cards",
 * "20 张卡") keeps them on one line. */
static bool binds(const char *text, size_t at)
{
	unsigned char next = (unsigned char)text[at + 1];
	return at > 0 && isdigit((unsigned char)text[at - 1]) && (isalpha(next) || next >= 0x80);
}

/* The last space of buf (cut from text) that may end a line, or NULL. */
static char *last_break_space(char *buf, const char *text)
{
	for (char *s = buf + strlen(buf); s > buf;)
		if (*--s == ' ' && !binds(text, (size_t)(s - buf)))
			return s;
	return NULL;
}

/* Where the line cut to the width (buf, from text) breaks: after its last
 * space that does not bind a number to its unit (that space dropped), or
 * in Chinese between two characters of which one is wide, whichever comes
 * later. Returns the bytes taken. */
static size_t line_break(char *buf, const char *text)
{
	size_t take = strlen(buf);
	if (take >= strlen(text))
		return take;
	char *space = last_break_space(buf, text);
	size_t cjk = i18n_lang() == I18N_ZH ? detail_cjk_break(text, take) : 0;
	if (space && space > buf && (size_t)(space - buf) + 1 >= cjk)
		take = (size_t)(space - buf) + 1, buf[take - 1] = '\0';
	else if (cjk > 0)
		take = cjk, buf[take] = '\0';
	return take;
}

void detail_add_wrapped(struct detail_lines *d, const char *text, int w)
{
	const char *p = text;
	while (*p && d->n < DETAIL_LINES) {
		char *buf = d->line[d->n];
		text_fit(buf, DETAIL_LINE_BYTES, p, (size_t)(w > 0 ? w : 1));
		size_t take = line_break(buf, p);
		d->n++;
		p += take;
		while (*p == ' ')
			p++;
		if (take == 0)
			break;
	}
}
