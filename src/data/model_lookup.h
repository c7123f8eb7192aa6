/* Model lookup by id, name or alias, tolerant of case, punctuation and
 * the hubs' "-Instruct" suffixes; suggestions when nothing matches. */
#ifndef GPUPLAN_MODEL_LOOKUP_H
#define GPUPLAN_MODEL_LOOKUP_H

#include <stddef.h>

#include "catalog.h"
#include "diag.h"

#define MODEL_KEY_MAX 64
#define MODEL_SUGGESTIONS 3

enum model_key_kind { MODEL_KEY_ID, MODEL_KEY_NAME, MODEL_KEY_ALIAS };

/* Lowercases, drops '-', '_', '.' and ' ', and a trailing "instruct",
 * "chat" or "base": "Qwen2.5-72B-Instruct" -> "qwen2572b". Returns the
 * length written to out. */
size_t model_key_normalise(const char *in, char *out, size_t cap);

/* The row marked default (the first one if several), else the first
 * row; NULL for an empty catalogue. */
const struct model *catalog_default_model(const struct catalog *c);

/* Up to MODEL_SUGGESTIONS model names nearest to key (edit distance on
 * the normalised keys), as "A, B or C" in buf; returns how many. */
size_t catalog_suggest_models(const struct catalog *c, const char *key, char *buf, size_t cap);

/* Errors for ids, names and aliases of different rows that normalise to
 * the same key: -m could not tell them apart. Returns how many. */
size_t catalog_check_model_keys(const struct model *models, size_t n, const char *path,
				struct diag *d);

#endif
