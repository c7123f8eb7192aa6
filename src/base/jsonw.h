/* A tiny streaming JSON writer: indentation, commas and escaping. With
 * 'cell' set it writes nothing: each scalar of a flat object goes to
 * cell(ctx, key, text) as the JSON would show it, strings unquoted and
 * null as NULL, so that the CSV carries the JSON's values by the same
 * code (report_csv.c). */
#ifndef GPUPLAN_JSONW_H
#define GPUPLAN_JSONW_H

#include <stdbool.h>
#include <stdio.h>

#define JSONW_DEPTH 16

struct jsonw {
	FILE *out;
	int depth;
	bool has_items[JSONW_DEPTH];
	void (*cell)(void *ctx, const char *key, const char *text);
	void *ctx;
};

void jw_open(struct jsonw *j, const char *key, char bracket);
void jw_close(struct jsonw *j, char bracket);
void jw_string(struct jsonw *j, const char *key, const char *value); /* NULL -> null */
void jw_number(struct jsonw *j, const char *key, double value, int decimals); /* <0 -> null */
void jw_signed(struct jsonw *j, const char *key, double value, int decimals);
void jw_int(struct jsonw *j, const char *key, long long value);
/* Ten significant digits, any sign: a message's argument. */
void jw_double(struct jsonw *j, const char *key, double value);
void jw_bool(struct jsonw *j, const char *key, bool value);
void jw_null(struct jsonw *j, const char *key);

#endif
