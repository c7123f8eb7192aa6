/* The text forms of the training settings (settings.c's rows use them as
 * their setting_ops): --train-tokens, --global-batch, --deadline,
 * --measured. Each parse leaves sc unchanged when the text is not valid. */
#ifndef GPUPLAN_SETTINGS_TRAIN_H
#define GPUPLAN_SETTINGS_TRAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"

struct jsonw;
struct setting;

/* The training rows' ranges (their rows in settings.c hold them). Far
 * beyond any real job, and far below where the time model's products
 * overflow: 1000T tokens (the largest runs are ~36T) times 1000 epochs; a
 * step of at most 1B tokens (DeepSeek-V3's is ~63M); a deadline from one
 * hour to ten years. */
#define MAX_TRAIN_TOKENS 1e15
#define MAX_GLOBAL_BATCH 1e9
#define MIN_DEADLINE_DAYS (1.0 / 24)
#define MAX_DEADLINE_DAYS 3650.0

/* The parse hooks read the row's range (settings.h, struct setting_ops)
 * and write their own reason to err. */
bool train_tokens_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			const char *text, char *err, size_t cap);
void train_tokens_format(const struct scenario *sc, char *buf, size_t cap);
void train_tokens_json(struct jsonw *j, const char *key, const struct scenario *sc);
bool global_batch_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
			const char *text, char *err, size_t cap);
void global_batch_format(const struct scenario *sc, char *buf, size_t cap);
void global_batch_json(struct jsonw *j, const char *key, const struct scenario *sc);
/* B_tok in effect: the user's, or 4 Mi tokens for pretraining and 1 Mi
 * for fine-tuning (TRAINING.md §1). */
double train_global_batch(const struct scenario *sc);
bool deadline_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		    const char *text, char *err, size_t cap);
void deadline_format(const struct scenario *sc, char *buf, size_t cap);
void deadline_json(struct jsonw *j, const char *key, const struct scenario *sc);
bool measured_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		    const char *text, char *err, size_t cap);
void measured_format(const struct scenario *sc, char *buf, size_t cap);
void measured_json(struct jsonw *j, const char *key, const struct scenario *sc);

/* The shortest text that reads back as the same double. */
void settings_format_double(double x, char *buf, size_t cap);

#endif
