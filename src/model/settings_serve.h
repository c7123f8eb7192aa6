/* The serving rows' own text forms (SERVING.md §13): a latency target in
 * seconds or milliseconds ("2", "2s", "50ms", "none") and the engine
 * constants ("tau_layer_us=25,kappa=3"). settings.c's rows point at these
 * hooks. */
#ifndef GPUPLAN_SETTINGS_SERVE_H
#define GPUPLAN_SETTINGS_SERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "setting_row.h"

bool latency_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		   const char *text, char *err, size_t cap);
void slo_ttft_format(const struct scenario *sc, char *buf, size_t cap);
void slo_tpot_format(const struct scenario *sc, char *buf, size_t cap);

bool engine_setting_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			  const char *text, char *err, size_t cap);
void engine_setting_format(const struct scenario *sc, char *buf, size_t cap);

/* --trial FILE[,FILE...] (issue 22): the customer's serving benchmark
 * files, read when given (trial.h); the command line adds a repeated
 * --trial to the list. A file that does not read leaves sc unchanged. */
bool trial_setting_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			 const char *text, char *err, size_t cap);
void trial_setting_format(const struct scenario *sc, char *buf, size_t cap);
void trial_setting_json(struct jsonw *j, const char *key, const struct scenario *sc);

#endif
