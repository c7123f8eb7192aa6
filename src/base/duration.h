/* Parsers for the training inputs users type: a deadline ("14d", "36h",
 * "3w" or a date counted from today), a token count ("2B", "500M", "1.4T")
 * and measured speed-ups ("1:1520,2:2900,4:5400"). Each returns false with
 * an "expected ..., found ..." message. */
#ifndef GPUPLAN_DURATION_H
#define GPUPLAN_DURATION_H

#include <stdbool.h>
#include <stddef.h>

#include "usl.h"

/* Today as YYYYMMDD: GPUPLAN_TODAY=YYYY-MM-DD when set (tests, scripts),
 * else the local clock. False (message in err) for a malformed variable. */
bool duration_today(int *yyyymmdd, char *err, size_t cap);

/* A deadline in days: "14d", "36h" (1.5), "3w" (21), decimals allowed
 * ("2.5d"), or a date "2027-01-15" counted from 'today' (YYYYMMDD). A date
 * not after today is an error. */
bool duration_parse_deadline(const char *s, int today, double *days, char *err, size_t cap);

/* Tokens: a plain number or one with K, M, B or T (10^3 … 10^12, either
 * case, decimals allowed: "1.4T"). Decimal units as token counts are
 * quoted, unlike context lengths' binary "4k". Must be above 0. */
bool duration_parse_tokens(const char *s, double *tokens, char *err, size_t cap);

/* "cards:tokens/s" pairs separated by commas (spaces allowed around them),
 * at most 'max' of them; cards a whole number ≥ 1, tokens/s above 0 (with
 * the token suffixes above), each card count once; then usl_points_check's
 * ranges (cards, tokens/s, no superlinear typo). */
bool duration_parse_measured(const char *s, struct usl_point *pts, int max, int *n, char *err,
			     size_t cap);

#endif
