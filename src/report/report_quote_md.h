/* The quote's one escape for Markdown (report_quote_md.c). */
#ifndef GPUPLAN_REPORT_QUOTE_MD_H
#define GPUPLAN_REPORT_QUOTE_MD_H

#include <stddef.h>

/* s made literal in a table cell or a paragraph, whatever it holds. |
 * would split a cell, a line break end the table or the paragraph, ```
 * open a code block that swallows the rest, <b> or &copy; pass as HTML,
 * * _ ~ $ [ ] turn into emphasis, strikes, math or links, # - + 1. at the
 * start into a heading or a list: each is backslash-escaped (< > & as
 * entities), and every control character or line break becomes a space.
 * Every cell and paragraph argument of the quote passes through it.
 * Returns out, always terminated, never cut inside a character or an
 * escape. */
char *md_escape(char *out, size_t cap, const char *s);
#define MD_TEXT_MAX 1024
/* md_escape into a buffer that lives to the end of the enclosing block,
 * for one printf argument (as MESSAGE_TEXT). */
#define MD(s) md_escape((char[MD_TEXT_MAX]){""}, MD_TEXT_MAX, (s))

#endif
