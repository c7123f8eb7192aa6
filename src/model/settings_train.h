/* The text forms of the training settings (settings.c's rows use them as
 * their setting_ops): --train-tokens, --global-batch, --deadline,
 * --measured. Each parse leaves sc unchanged when the text is not valid. */
#ifndef GPUPLAN_SETTINGS_TRAIN_H
#define GPUPLAN_SETTINGS_TRAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"

struct jsonw;

bool train_tokens_parse(struct scenario *sc, const struct catalog *c, const char *text);
void train_tokens_format(const struct scenario *sc, char *buf, size_t cap);
void train_tokens_json(struct jsonw *j, const char *key, const struct scenario *sc);
bool global_batch_parse(struct scenario *sc, const struct catalog *c, const char *text);
void global_batch_format(const struct scenario *sc, char *buf, size_t cap);
void global_batch_json(struct jsonw *j, const char *key, const struct scenario *sc);
/* B_tok in effect: the user's, or 4 Mi tokens for pretraining and 1 Mi
 * for fine-tuning (TRAINING.md §1). */
double train_global_batch(const struct scenario *sc);
bool deadline_parse(struct scenario *sc, const struct catalog *c, const char *text);
void deadline_format(const struct scenario *sc, char *buf, size_t cap);
void deadline_json(struct jsonw *j, const char *key, const struct scenario *sc);
bool measured_parse(struct scenario *sc, const struct catalog *c, const char *text);
void measured_format(const struct scenario *sc, char *buf, size_t cap);
void measured_json(struct jsonw *j, const char *key, const struct scenario *sc);

/* settings.c: the shortest text that reads back as the same double. */
void settings_format_double(double x, char *buf, size_t cap);

#endif
