#include "schema.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "parse.h"
#include "tables.h"
#include "text.h"

/* "Currency" for currency: an error, not an unknown column left unread. */
static size_t case_only(const struct csv_table *t, const struct csv_cell *cell, const char *name,
			struct diag *d)
{
	char quoted[128];
	if (strcasecmp(cell->text, name) != 0)
		return 0;
	text_quote(quoted, sizeof quoted, cell->text);
	diag_error(d, _("%s:%u:%u: expected the column name %s, found \"%s\""), t->path, cell->line,
		   cell->col, name, quoted);
	return 1;
}

size_t schema_bind(const struct csv_table *t, const struct column *cols, size_t ncols,
		   int *index, struct diag *d)
{
	size_t errors = 0;
	if (t->nrecords == 0) {
		diag_error(d,
			   _("%s:1:1: expected a header row naming the columns, found an empty file"),
			   t->path);
		return 1;
	}
	const struct csv_record *h = &t->records[0];
	for (size_t c = 0; c < ncols; c++) {
		index[c] = -1;
		for (size_t i = 0; i < h->count; i++) {
			const struct csv_cell *cell = csvtab_cell(t, 0, i);
			if (strcmp(cell->text, cols[c].name) != 0) {
				errors += case_only(t, cell, cols[c].name, d);
				continue;
			}
			if (index[c] >= 0) {
				diag_error(d,
					   _("%s:%u:%u: expected each column once, found \"%s\" again"),
					   t->path, cell->line, cell->col, cols[c].name);
				errors++;
			} else {
				index[c] = (int)i;
			}
		}
		if (index[c] < 0 && cols[c].required && !cols[c].bundled) {
			diag_error(d, _("%s:%u:1: expected a column named \"%s\" in the header"), t->path,
				   h->line, cols[c].name);
			errors++;
		}
	}
	return errors;
}

bool schema_has_column(const struct csv_table *t, const char *name)
{
	if (t->nrecords == 0)
		return false;
	for (size_t i = 0; i < t->records[0].count; i++)
		if (strcmp(csvtab_cell(t, 0, i)->text, name) == 0)
			return true;
	return false;
}

static const char *expectation(const struct column *col, char *buf, size_t cap)
{
	switch (col->type) {
	case COL_NUMBER:
		return col->min > 0 ? _("a number above 0") : _("a number (0 or more)");
	case COL_FRACTION:
		return _("a fraction above 0 and at most 1");
	case COL_COUNT:
		snprintf(buf, cap, _("a whole number of at least %.0f"), col->min);
		return buf;
	case COL_YESNO:
		return _("yes or no");
	case COL_DATE:
		return _("a date YYYY-MM-DD");
	case COL_ENUM: {
		size_t used = 0;
		for (size_t i = 0; col->choices[i] && used < cap; i++)
			if (col->choices[i][0])
				used += (size_t)snprintf(buf + used, cap - used, "%s%s",
							 used ? _(", ") : _("one of "),
							 col->choices[i]);
		return buf;
	}
	default:
		return _("text");
	}
}

/* Inside the column's range: [min, max], max 0 for none. A number or
 * fraction column whose min is 0 still refuses 0 when it must be above 0
 * (COL_FRACTION always does: an efficiency of 0 divides by 0). */
static bool in_range(const struct column *col, double v)
{
	if (v < col->min || (col->max > 0 && v > col->max))
		return false;
	return col->type != COL_FRACTION || v > 0;
}

static bool convert(const struct column *col, const char *s, void *field)
{
	switch (col->type) {
	case COL_TEXT:
		*(const char **)field = s;
		return true;
	case COL_NUMBER:
	case COL_FRACTION: {
		double v;
		if (!parse_nonneg(s, &v) || !in_range(col, v))
			return false;
		*(double *)field = v;
		return true;
	}
	case COL_COUNT: {
		long long v;
		if (!parse_count(s, INT_MAX, &v) || !in_range(col, (double)v))
			return false;
		*(int *)field = (int)v;
		return true;
	}
	case COL_YESNO:
		return parse_yesno(s, (bool *)field);
	case COL_DATE:
		return parse_date(s, (int *)field);
	case COL_ENUM: {
		int i = name_index(col->choices, s);
		if (i < 0)
			return false;
		*(int *)field = i;
		return true;
	}
	}
	return false;
}

/* A value that reads as a number but lies outside the column's range gets
 * a message giving the range, so the user sees why 2147483647 (or 1e-300
 * for an efficiency) is refused. */
static bool out_of_range(const struct column *col, const char *s)
{
	double v;
	long long n;
	if (col->type == COL_COUNT)
		return parse_count(s, LLONG_MAX, &n) && !in_range(col, (double)n);
	if (col->type != COL_NUMBER && col->type != COL_FRACTION)
		return false;
	return parse_nonneg(s, &v) && !in_range(col, v);
}

/* A bound as people write it: "100000", "0.01", never "1e+05". */
static void bound_text(char *buf, size_t cap, double v)
{
	snprintf(buf, cap, "%.15g", v);
}

static const char *range(const struct column *col, char *buf, size_t cap)
{
	char lo[32], hi[32];
	bound_text(lo, sizeof lo, col->min);
	bound_text(hi, sizeof hi, col->max);
	if (col->type == COL_COUNT && col->max > 0)
		snprintf(buf, cap, _("a whole number from %.0f to %.0f"), col->min, col->max);
	else if (col->type == COL_COUNT)
		snprintf(buf, cap, _("a whole number of at least %.0f"), col->min);
	else if (col->type == COL_FRACTION && col->min > 0)
		snprintf(buf, cap, _("a fraction from %s to 1"), lo);
	else if (col->type == COL_FRACTION)
		snprintf(buf, cap, "%s", _("a fraction above 0 and at most 1"));
	else if (col->max > 0)
		snprintf(buf, cap, _("a number from %s to %s"), lo, hi);
	else
		snprintf(buf, cap, _("a number of at least %s"), lo);
	return buf;
}

static void set_absent(const struct column *col, void *field)
{
	switch (col->type) {
	case COL_TEXT:
		*(const char **)field = "";
		break;
	case COL_NUMBER:
	case COL_FRACTION:
		*(double *)field = -1;
		break;
	case COL_YESNO:
		*(bool *)field = false;
		break;
	default:
		*(int *)field = 0;
	}
}

/* The texts of one record's fields in one walk (csvtab_text walks from the
 * first field each time); positions are worked out only for a message. */
#define FIELDS_AT_ONCE 64

static size_t record_texts(const struct csv_table *t, size_t rec, const char **texts)
{
	size_t n = t->records[rec].count;
	if (n > FIELDS_AT_ONCE || n == 0)
		return 0;
	const char *p = texts[0] = csvtab_text(t, rec, 0);
	for (size_t i = 1; i < n; i++)
		texts[i] = p = p + strlen(p) + 1;
	return n;
}

static void report(const struct csv_table *t, size_t rec, int i, const struct column *col,
		   struct diag *d)
{
	const struct csv_cell *cell = csvtab_cell(t, rec, (size_t)i);
	char buf[160], quoted[128];
	if (cell->text[0] == '\0') {
		diag_error(d, _("%s:%u:%u: expected %s for %s, found an empty field"), t->path,
			   cell->line, cell->col, expectation(col, buf, sizeof buf), col->name);
		return;
	}
	text_quote(quoted, sizeof quoted, cell->text);
	const char *want = out_of_range(col, cell->text) ? range(col, buf, sizeof buf)
							 : expectation(col, buf, sizeof buf);
	diag_error(d, _("%s:%u:%u: expected %s for %s, found \"%s\""), t->path, cell->line, cell->col,
		   want, col->name, quoted);
}

/* Where in the line the control character at 'at' (in the field's text)
 * sits: the cell's column plus the characters before it in the raw bytes
 * (a quoted field's quote included). The source may be gone (lean loads:
 * column 0), and then the cell's own column is all there is. */
static unsigned control_col(const struct csv_table *t, const struct csv_cell *cell,
			    unsigned char at)
{
	if (!t->src || cell->col == 0 || cell->end <= cell->start)
		return cell->col;
	unsigned col = cell->col;
	for (size_t i = cell->start; i < cell->end && i < t->src_len; i++) {
		unsigned char c = (unsigned char)t->src[i];
		if (c == at || (at >= 0x80 && c == 0xC2 && i + 1 < cell->end &&
				(unsigned char)t->src[i + 1] == at))
			return col;
		col += (c & 0xC0) != 0x80;
	}
	return cell->col;
}

/* ESC, BEL, CR, BS... in a field would reach the terminal of whoever
 * prints the report: refused, with the character and where it is. */
static size_t control_check(const struct csv_table *t, size_t rec, int i,
			    const struct column *col, const char *text, struct diag *d)
{
	uint32_t cp;
	const char *at = text_find_control(text, col->tab_ok, &cp);
	if (!at)
		return 0;
	const struct csv_cell *cell = csvtab_cell(t, rec, (size_t)i);
	char quoted[128], buf[160];
	text_quote(quoted, sizeof quoted, text);
	const char *want = col->type != COL_TEXT ? expectation(col, buf, sizeof buf)
			   : col->tab_ok ? _("text without control characters (a tab is allowed)")
					 : _("text without control characters");
	/* C1 as the second byte of its UTF-8 pair (C2 80..9F) */
	unsigned char byte = cp < 0x80 ? (unsigned char)cp : (unsigned char)(0x80 | (cp & 0x3F));
	diag_error(d, _("%s:%u:%u: expected %s for %s, found the control character U+%04X in "
			"\"%s\""), t->path, cell->line, control_col(t, cell, byte), want, col->name,
		   (unsigned)cp, quoted);
	return 1;
}

size_t schema_fill(const struct csv_table *t, size_t rec, const struct column *cols,
		   size_t ncols, const int *index, void *out, struct diag *d)
{
	const char *texts[FIELDS_AT_ONCE];
	size_t errors = 0, n = record_texts(t, rec, texts);
	for (size_t c = 0; c < ncols; c++) {
		void *field = (char *)out + cols[c].offset;
		int i = index[c];
		const char *text = i < 0		 ? NULL
				   : (size_t)i < n ? texts[i]
						   : csvtab_text(t, rec, (size_t)i);
		/* text is taken as it is: checked first. Any other type refuses
		 * a control character anyway; the check then only words the
		 * message (and costs 10^6 rows nothing). */
		if (text && cols[c].type == COL_TEXT && control_check(t, rec, i, &cols[c], text, d)) {
			set_absent(&cols[c], field);
			errors++;
			continue;
		}
		if (!text || text[0] == '\0') {
			set_absent(&cols[c], field);
			if (text && cols[c].required) {
				report(t, rec, i, &cols[c], d);
				errors++;
			}
			continue;
		}
		if (!convert(&cols[c], text, field)) {
			if (!control_check(t, rec, i, &cols[c], text, d))
				report(t, rec, i, &cols[c], d);
			errors++;
		}
	}
	return errors;
}
