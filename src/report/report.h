/* The reports printed without a terminal: table, CSV and JSON. */
#ifndef GPUPLAN_REPORT_H
#define GPUPLAN_REPORT_H

#include <stdio.h>

#include "analysis.h"
#include "units.h"

enum report_format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON, FORMAT_MARKDOWN };

void report_table(FILE *out, const struct analysis *a);
void report_csv(FILE *out, const struct analysis *a);
void report_json(FILE *out, const struct analysis *a);
/* Pieces of the JSON that the other machine outputs share: the scenario
 * object's members (every setting, then the figures derived from them),
 * the settings alone, and a message as {code, severity, args, text}
 * (key NULL inside a list). */
struct jsonw;
void report_json_scenario(struct jsonw *j, const struct analysis *a);
void report_json_settings(struct jsonw *j, const struct scenario *sc);
void report_json_message(struct jsonw *j, const char *key, const struct message *m);
void report_markdown(FILE *out, const struct analysis *a);
/* The quote with its plans in the order the screen shows them: order[i]
 * indexes a->plans (n of them); NULL: the catalogue's order. */
void report_markdown_ordered(FILE *out, const struct analysis *a, const size_t *order, size_t n);
/* The quote for two scenarios side by side with the monthly difference:
 * the pinned one (A) and the one now (B); order indexes now->plans as the
 * screen shows them (NULL: the catalogue's order). The analyses may use
 * different catalogues (--compare "--data DIR"). */
void report_markdown_compare(FILE *out, const struct analysis *pinned, const struct analysis *now,
			     const size_t *order, size_t n);
/* The table report's time lines for one plan (report_time_detail.c). */
void report_time_detail(FILE *out, const struct plan *p, const struct scenario *sc);
void report_list_models(FILE *out, const struct catalog *c);

/* --compare: the base scenario and the other one, per GPU type. */
void report_compare(FILE *out, enum report_format f, const struct analysis *base,
		    const struct analysis *other);
/* --limits: 1, 2, 4 and 8 cards per GPU type. Returns false when the
 * scenario cannot be computed. */
bool report_limits(FILE *out, enum report_format f, const struct analysis *a);
/* "data: DIR · prices as of 2026-10-12": every report names its data. */
void report_data_line(FILE *out, const struct catalog *c);
/* The same as CSV cells: ",DIR,2026-10-12" (appended to each row). */
void report_data_cells(FILE *out, const struct catalog *c);

/* A one-line summary of a scenario: "Llama-3.1-70B bf16 inference 4096x1". */
void scenario_summary(char *out, size_t cap, const struct scenario *sc);
/* " · bf16 · LoRA fine-tune · context 4096 · concurrency 1". */
void scenario_header(char *out, size_t cap, const struct scenario *sc);
void report_list_gpus(FILE *out, const struct catalog *c);

/* 0 when everything written to out has reached it (flushing it), else
 * the errno that says why not (ENOSPC on a full disk). Clear errno
 * before writing for the reason of an early failure to survive. */
int report_write_error(FILE *out);

/* Rows of cells (nrows × ncols strings, row by row, at most 16 columns)
 * in columns as wide as their widest cell, two blanks apart: nothing is
 * ever cut. left[c]: column c is text, aligned left; numbers go right. */
void report_columns(FILE *out, const char *const *cells, size_t nrows, size_t ncols,
		    const bool *left);

/* The settings' names for a scenario's choices, as the command line takes them. */
const char *scenario_kv_name(const struct scenario *sc);

#endif
