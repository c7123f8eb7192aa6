/* The quote's one escape for Markdown (report_quote_md.h, md_escape): every
 * cell and paragraph argument of the quote passes through it, so data text
 * (a GPU name, a region, a source, a note naming a model) reads as what it
 * says in CommonMark and GFM, whatever it holds.
 *
 * Escapes are kept to those a character needs where it stands, so that the
 * Markdown stays readable pasted into a chat that does not render it: the
 * quote's own marks ("~24 tok/s", "¥9,345*", "$1,290", "params_b") come
 * out as they are, because the flanking rules of CommonMark (§6.2) let
 * them neither open nor close anything; the same characters placed where
 * they could are escaped. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report_quote_md.h"
#include "text.h"

/* What stands before or after the text: unknown, so each rule assumes the
 * neighbour that would make its character markup. */
enum { EDGE = -1 };

static bool md_ws(int c)
{
	return c == ' ';
}

/* ASCII punctuation, as CommonMark counts it for flanking. */
static bool md_punct(int c)
{
	return c > 0 && c < 0x80 && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c);
}

/* A run of * _ ~ can open when left-flanking, close when right-flanking. */
static bool left_flanking(int prev, int next)
{
	return !md_ws(next) && (!md_punct(next) || md_ws(prev) || md_punct(prev));
}

static bool right_flanking(int prev, int next)
{
	return !md_ws(prev) && (!md_punct(prev) || md_ws(next) || md_punct(next));
}

/* Whether c, between prev and next, could be markup. * opens emphasis
 * only when left-flanking (so "¥9,345*," stays); _ also needs to be
 * outside a word (so "params_b" stays); ~ (GFM strikethrough) and $ (math)
 * are escaped where they could close instead (so "~24" and "$1,290", which
 * can only open, stay): with no closer left, nothing pairs. */
static bool md_needs_escape(int c, int prev, int next)
{
	switch (c) {
	case '*':
		return left_flanking(prev == EDGE ? ' ' : prev, next == EDGE ? 'a' : next);
	case '_': {
		int p = prev == EDGE ? ' ' : prev, n = next == EDGE ? 'a' : next;
		return left_flanking(p, n) && (!right_flanking(p, n) || md_punct(p));
	}
	case '~':
		return right_flanking(prev == EDGE ? 'a' : prev, next == EDGE ? ' ' : next);
	case '$':
		return !md_ws(prev) && !(next >= '0' && next <= '9');
	case '\\':
	case '`': /* ``` would open a code block that swallows the rest */
	case '[':
	case ']':
	case '|': /* would split the table cell */
		return true;
	default:
		return false;
	}
}

/* A start that opens a list or a heading after the quote's "- " ("- x",
 * "+ x", "# x", "1. x", "2) x": a marker, then a space or the end): the
 * byte of s to escape, or NULL. "+¥1,200" or "C#" open nothing. */
static const char *md_marker(const char *s)
{
	const char *p = s;
	if (*p == '-' || *p == '+')
		p++;
	else if (*p == '#')
		p += strspn(p, "#");
	else if (*p >= '0' && *p <= '9')
		p += strspn(p, "0123456789");
	if (p > s && *s >= '0' && *s <= '9') {
		if (*p != '.' && *p != ')')
			return NULL;
		return p[1] == ' ' || p[1] == '\0' ? p : NULL;
	}
	return p > s && (*p == ' ' || *p == '\0') ? s : NULL;
}

/* Bytes of the character starting with lead (1 for a byte that is not a
 * UTF-8 lead: it is copied alone). */
static size_t md_char_len(unsigned char lead)
{
	return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
}

/* The byte a flanking rule sees at s[i]: a control is the space it
 * becomes, past either end EDGE. */
static int md_at(const char *s, size_t n, long i)
{
	uint32_t cp;
	if (i < 0 || (size_t)i >= n)
		return EDGE;
	unsigned char c = (unsigned char)s[i];
	if (c < 0x20 || c == 0x7F)
		return ' ';
	if (c == 0xC2 && (size_t)i + 1 < n && utf8_decode((const unsigned char *)s + i, 2, &cp) == 2 &&
	    text_is_control(cp))
		return ' ';
	return c;
}

/* One character of s at i as the quote writes it, into piece. */
static void md_piece(char *piece, size_t cap, const char *s, size_t n, size_t i, size_t len,
		     bool marker)
{
	uint32_t cp;
	unsigned char c = (unsigned char)s[i];
	if (utf8_decode((const unsigned char *)s + i, len, &cp) == len && text_is_control(cp))
		snprintf(piece, cap, " "); /* a line break or a control: a space */
	else if (len > 1)
		snprintf(piece, cap, "%.*s", (int)len, s + i);
	else if (c == '<' || c == '>' || c == '&') /* HTML: as entities */
		snprintf(piece, cap, "%s", c == '<' ? "&lt;" : c == '>' ? "&gt;" : "&amp;");
	else if (marker || md_needs_escape(c, md_at(s, n, (long)i - 1), md_at(s, n, (long)i + 1)))
		snprintf(piece, cap, "\\%c", c);
	else
		snprintf(piece, cap, "%c", c);
}

char *md_escape(char *out, size_t cap, const char *s)
{
	size_t used = 0, n = strlen(s);
	const char *marker = md_marker(s);
	if (cap)
		out[0] = '\0';
	for (size_t i = 0; i < n;) {
		char piece[8];
		size_t len = md_char_len((unsigned char)s[i]);
		len = len <= n - i ? len : 1;
		md_piece(piece, sizeof piece, s, n, i, len, s + i == marker);
		size_t w = strlen(piece);
		if (used + w >= cap)
			break; /* whole characters and whole escapes only */
		memcpy(out + used, piece, w + 1);
		used += w;
		i += len;
	}
	return out;
}
