/* UTF-8 text helpers shared by the reports and the terminal screen. */
#ifndef GPUPLAN_TEXT_H
#define GPUPLAN_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Decodes one UTF-8 sequence at s (n bytes left). Returns its length, or 0
 * when the bytes are not valid UTF-8 (overlong, surrogate, truncated...). */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* Columns a code point takes on a terminal: 0, 1 or 2 (East Asian Wide and
 * Fullwidth take 2). Independent of the locale, so reports align anywhere. */
int codepoint_width(uint32_t cp);

/* Display width of a UTF-8 string; invalid bytes count one column each. */
size_t text_width(const char *s);

/* Copies s into out (size cap) cut to at most max_cols display columns,
 * never splitting a character. Returns the columns used. */
size_t text_fit(char *out, size_t cap, const char *s, size_t max_cols);

/* Prints s left-aligned (or right-aligned when right != 0) in a field of
 * cols display columns, cutting it if needed. */
void text_pad(void *stream, const char *s, size_t cols, int right);

/* A short, printable rendering of user data for error messages: control
 * bytes escaped, cut to about 40 columns with "...". */
void text_quote(char *out, size_t cap, const char *s);

#endif
