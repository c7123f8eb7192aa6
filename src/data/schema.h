/* Column descriptions that turn CSV cells into struct fields, so each file's
 * format is a table and every conversion error is reported the same way. */
#ifndef GPUPLAN_SCHEMA_H
#define GPUPLAN_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>

#include "csvtab.h"
#include "diag.h"

/* COL_FRACTION: an efficiency, a number above 0 (at least min) and at
 * most 1. */
enum col_type { COL_TEXT, COL_NUMBER, COL_COUNT, COL_YESNO, COL_DATE, COL_ENUM, COL_FRACTION };

struct column {
	const char *name;
	enum col_type type;
	bool required; /* the column must exist and the field be non-empty */
	size_t offset; /* of the field in the record struct */
	const char *const *choices; /* COL_ENUM */
	double min;                 /* COL_NUMBER / COL_FRACTION / COL_COUNT: smallest valid */
	/* COL_NUMBER / COL_COUNT: largest valid, 0 for none (COL_FRACTION:
	 * 1). A bound keeps a typo (2147483647 cards, 1e300 parameters, an
	 * efficiency of 1e-300) from reaching the arithmetic, where it would
	 * wrap or print inf; the message then gives the range. */
	double max;
	/* A column added after users had copies of the file: when the header
	 * lacks it, the loader takes the bundled value for the row's id, and
	 * 'required' only forbids an empty field. */
	bool bundled;
	/* A bundled column a row whose id the bundle does not know may lack:
	 * the field stays absent and the file's own rule fills it in. */
	bool defaulted;
	/* Free prose (a source) may hold a tab. No field holds any other
	 * control character (text_is_control): the reports and the screen
	 * print data text, and a shared file must not drive the terminal. */
	bool tab_ok;
};

/* Whether the header row of t names this column (gpus.csv: sw tells a
 * copy from before the serving model, mbu_bs1 a retired column). */
bool schema_has_column(const struct csv_table *t, const char *name);

/* Maps header names to column positions; reports missing required columns,
 * duplicated names and names that differ from a known one only in case
 * ("Currency"), which would otherwise be dropped without a word.
 * index[i] is -1 for an absent optional column. */
size_t schema_bind(const struct csv_table *t, const struct column *cols, size_t ncols,
		   int *index, struct diag *d);

/* Fills one record; empty optional fields get their "absent" value (NULL
 * text mapped to "", -1 for numbers, 0 for counts, false, 0). A field
 * with a control character is an error at the character's position. */
size_t schema_fill(const struct csv_table *t, size_t rec, const struct column *cols,
		   size_t ncols, const int *index, void *out, struct diag *d);

#endif
