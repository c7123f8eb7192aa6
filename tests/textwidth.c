/* Display columns of screen captures, by the program's own text_width()
 * (CJK = 2), for the shell screen tests: a capture's bytes say nothing of
 * where a Chinese label sits on the terminal.
 *   textwidth -w    each stdin line: its width
 *   textwidth -t    each stdin line: "L n", then "start end token" for each
 *                   space-separated token (columns from 0, end inclusive);
 *                   a box border │ is a token of its own
 *   textwidth -b    each stdin line: "L n", then "column glyph" for each
 *                   box-drawing character (U+2500 to U+257F)
 *   textwidth       checks itself on known strings (a test of make check) */
#include "text.h"

#include <stdio.h>
#include <string.h>

#define BORDER "\xe2\x94\x82" /* │ */

/* Where the token at s ends: a space, or a border (which is one alone). */
static size_t token_end(const char *s, size_t i, size_t n)
{
	if (strncmp(s + i, BORDER, 3) == 0)
		return i + 3;
	while (i < n && s[i] != ' ' && strncmp(s + i, BORDER, 3) != 0)
		i++;
	return i;
}

static void print_tokens(const char *line)
{
	size_t col = 0, i = 0, n = strlen(line);
	while (i < n) {
		if (line[i] == ' ') {
			col++, i++;
			continue;
		}
		size_t j = token_end(line, i, n);
		char tok[4096];
		size_t len = j - i < sizeof tok - 1 ? j - i : sizeof tok - 1;
		memcpy(tok, line + i, len);
		tok[len] = '\0';
		size_t w = text_width(tok);
		if (w > 0)
			printf("%zu %zu %s\n", col, col + w - 1, tok);
		col += w, i = j;
	}
}

static void print_boxes(const char *line)
{
	const unsigned char *s = (const unsigned char *)line;
	size_t col = 0, i = 0, n = strlen(line);
	while (i < n) {
		uint32_t cp = '?';
		size_t len = utf8_decode(s + i, n - i, &cp);
		if (len == 0)
			len = 1, cp = '?';
		if (cp >= 0x2500 && cp <= 0x257f)
			printf("%zu %.*s\n", col, (int)len, line + i);
		col += (size_t)(len == 1 && cp == '?' ? 1 : codepoint_width(cp));
		i += len;
	}
}

enum mode { WIDTHS, TOKENS, BOXES };

static int filter(enum mode mode)
{
	char line[8192];
	unsigned long n = 0;
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		n++;
		if (mode == WIDTHS) {
			printf("%zu\n", text_width(line));
			continue;
		}
		printf("L %lu\n", n);
		if (mode == TOKENS)
			print_tokens(line);
		else
			print_boxes(line);
	}
	return 0;
}

/* The widths the screen tests rely on. */
static const struct {
	const char *s;
	size_t cols;
} known[] = {
	{"VRAM", 4}, {"显存", 4}, {"¥9,345/月", 9}, {"张量并行 TP4", 12}, {"│▶", 2}, {"", 0},
};

static int self_check(void)
{
	int bad = 0;
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		size_t w = text_width(known[i].s);
		printf("%s: \"%s\" is %zu columns\n", w == known[i].cols ? "ok" : "FAIL", known[i].s, w);
		bad |= w != known[i].cols;
	}
	return bad;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "-w") == 0)
		return filter(WIDTHS);
	if (argc == 2 && strcmp(argv[1], "-t") == 0)
		return filter(TOKENS);
	if (argc == 2 && strcmp(argv[1], "-b") == 0)
		return filter(BOXES);
	if (argc == 1)
		return self_check();
	fputs("usage: textwidth [-w|-t|-b] < lines\n", stderr);
	return 2;
}
