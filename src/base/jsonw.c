#include "jsonw.h"

#include <math.h>
#include <stdarg.h>

static void put_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c < 0x20 || c == 0x7F)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* In cell mode: hands the value on (NULL: null) and returns true. */
static bool cell_text(struct jsonw *j, const char *key, const char *text)
{
	if (!j->cell)
		return false;
	j->cell(j->ctx, key ? key : "", text);
	return true;
}

static bool to_cell(struct jsonw *j, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool to_cell(struct jsonw *j, const char *key, const char *fmt, ...)
{
	char text[1024];
	if (!j->cell)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	return cell_text(j, key, text);
}

/* Comma, newline and indentation before an item, then its key. */
static void item(struct jsonw *j, const char *key)
{
	if (j->depth > 0) {
		fputs(j->has_items[j->depth] ? ",\n" : "\n", j->out);
		j->has_items[j->depth] = true;
		fprintf(j->out, "%*s", 2 * j->depth, "");
	}
	if (key) {
		put_string(j->out, key);
		fputs(": ", j->out);
	}
}

void jw_open(struct jsonw *j, const char *key, char bracket)
{
	if (j->cell) /* flat objects only: their members are the cells */
		return;
	item(j, key);
	fputc(bracket, j->out);
	if (j->depth + 1 < JSONW_DEPTH)
		j->has_items[++j->depth] = false;
}

void jw_close(struct jsonw *j, char bracket)
{
	if (j->cell)
		return;
	bool had = j->has_items[j->depth];
	j->depth--;
	if (had)
		fprintf(j->out, "\n%*s", 2 * j->depth, "");
	fputc(bracket, j->out);
	if (j->depth == 0)
		fputc('\n', j->out);
}

void jw_string(struct jsonw *j, const char *key, const char *value)
{
	if (cell_text(j, key, value))
		return;
	item(j, key);
	if (value)
		put_string(j->out, value);
	else
		fputs("null", j->out);
}

void jw_number(struct jsonw *j, const char *key, double value, int decimals)
{
	bool null = value < 0 || !isfinite(value);
	if (null ? cell_text(j, key, NULL) : to_cell(j, key, "%.*f", decimals, value))
		return;
	item(j, key);
	if (value < 0 || !isfinite(value))
		fputs("null", j->out);
	else
		fprintf(j->out, "%.*f", decimals, value);
}

void jw_signed(struct jsonw *j, const char *key, double value, int decimals)
{
	if (!isfinite(value) ? cell_text(j, key, NULL) : to_cell(j, key, "%.*f", decimals, value))
		return;
	item(j, key);
	if (isfinite(value))
		fprintf(j->out, "%.*f", decimals, value);
	else
		fputs("null", j->out);
}

void jw_int(struct jsonw *j, const char *key, long long value)
{
	if (to_cell(j, key, "%lld", value))
		return;
	item(j, key);
	fprintf(j->out, "%lld", value);
}

void jw_double(struct jsonw *j, const char *key, double value)
{
	if (!isfinite(value) ? cell_text(j, key, NULL) : to_cell(j, key, "%.10g", value))
		return;
	item(j, key);
	if (isfinite(value))
		fprintf(j->out, "%.10g", value);
	else
		fputs("null", j->out);
}

void jw_bool(struct jsonw *j, const char *key, bool value)
{
	if (to_cell(j, key, "%s", value ? "true" : "false"))
		return;
	item(j, key);
	fputs(value ? "true" : "false", j->out);
}

void jw_null(struct jsonw *j, const char *key)
{
	if (cell_text(j, key, NULL))
		return;
	item(j, key);
	fputs("null", j->out);
}
