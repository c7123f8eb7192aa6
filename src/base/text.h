/* UTF-8 text helpers shared by the reports and the terminal screen. */
#ifndef GPUPLAN_TEXT_H
#define GPUPLAN_TEXT_H

#include <stdbool.h>
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

/* The same, but a text too wide keeps its start and its end with "…"
 * between, so names that differ at the end stay apart:
 * "DeepSeek-R1-…Qwen-32B", "DeepSeek-R1-…Llama-70B". */
size_t text_fit_middle(char *out, size_t cap, const char *s, size_t max_cols);

/* Prints s left-aligned (or right-aligned when right != 0) in a field of
 * cols display columns, cutting it if needed. */
void text_pad(void *stream, const char *s, size_t cols, int right);

/* A control character: C0 (U+0000..U+001F), DEL or C1 (U+0080..U+009F).
 * A terminal acts on them (ESC ] sets its title, ESC [ 2 J clears it, CR
 * and BS overwrite what was shown, U+009B is a CSI): data text must hold
 * none, or it would drive the terminal of whoever prints it. */
bool text_is_control(uint32_t cp);

/* The first control character in s (a tab is allowed when tab_ok), with
 * its code point in *cp; NULL when there is none. Bytes that are not
 * UTF-8 are skipped (the loader refuses them before). */
const char *text_find_control(const char *s, bool tab_ok, uint32_t *cp);

/* A short, printable rendering of user data for error messages: control
 * characters escaped (\x1b, \u009b), cut to about 40 characters with
 * "...". */
void text_quote(char *out, size_t cap, const char *s);

#endif
