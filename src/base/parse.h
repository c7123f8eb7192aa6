/* Parsers for the values users type: numbers, token counts ("4k"),
 * model sizes ("70b") and dates. All reject trailing junk, NaN and inf. */
#ifndef GPUPLAN_PARSE_H
#define GPUPLAN_PARSE_H

#include <stdbool.h>

/* A finite number >= 0 with nothing after it. */
bool parse_nonneg(const char *s, double *out);

/* A whole number of items with an optional binary suffix: 4096, 4k, 128K,
 * 1M (k = 1024, as context lengths are quoted). At most 'max'. */
bool parse_count(const char *s, long long max, long long *out);

/* A parameter count: "70b", "7.5B", "405B", "1.5t", "350m". Returns units. */
bool parse_model_size(const char *s, double *params);

/* YYYY-MM-DD, a real calendar day. Stored as YYYYMMDD. */
bool parse_date(const char *s, int *yyyymmdd);

/* yes/no (also true/false, 1/0). */
bool parse_yesno(const char *s, bool *out);

#endif
