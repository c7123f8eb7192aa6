/* The reports printed without a terminal: table, CSV and JSON. */
#ifndef GPUPLAN_REPORT_H
#define GPUPLAN_REPORT_H

#include <stdio.h>

#include "analysis.h"

enum report_format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON };

void report_table(FILE *out, const struct analysis *a);
void report_csv(FILE *out, const struct analysis *a);
void report_json(FILE *out, const struct analysis *a);
void report_list_models(FILE *out, const struct catalog *c);
void report_list_gpus(FILE *out, const struct catalog *c);

/* Shared wording, also used by the terminal screen. */
void format_date(char *out, size_t cap, int yyyymmdd);
const char *plan_fit_word(const struct plan *p);
const char *scenario_kv_name(const struct scenario *sc);
const char *scenario_recompute_name(const struct scenario *sc);
const char *scenario_zero_name(const struct scenario *sc, char *buf, size_t cap);
/* "9345" or "—" when the way of renting is not available. */
void format_price(char *out, size_t cap, const struct rent *r);

#endif
