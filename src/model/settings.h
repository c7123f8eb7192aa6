/* One row per scenario setting. The command line (getopt table, --help,
 * --compare), the terminal form, the report header and the JSON scenario
 * are all produced from settings[]; adding a setting is adding a row in
 * settings.c. Choice lists come from the engine tables (precisions[],
 * tasks[]), never typed again. */
#ifndef GPUPLAN_SETTINGS_H
#define GPUPLAN_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "scenario.h"
#include "setting_row.h"

extern const struct setting settings[];
extern const size_t n_settings;

/* For an option that is no longer a setting ("--efficiency=90,70"): what
 * replaced it, or NULL. */
const char *settings_removed_hint(const char *arg);

/* The row with this key, or NULL. */
const struct setting *settings_find(const char *key);

/* The scenario every row's default describes: no model (the catalogue
 * names the default one), nothing forced, no training goal. */
void scenario_defaults(struct scenario *sc);

/* setting_parse of the row with this key (not the model, which needs the
 * catalogue: scenario_set_model); false with the reason in err. */
bool scenario_set(struct scenario *sc, const char *key, const char *value, char *err,
		  size_t errlen);

/* Sets the row's value from text. The model needs the catalogue (c); the
 * other rows ignore it. A choice is taken by its name in any case, or as
 * the current language shows its name or label ("推理"). False, with the
 * reason in err (in the current language, "expected ..."), when the text
 * is not valid; sc is then unchanged. The reason is the hook's own where
 * the row has one, else "expected" and what the row accepts. */
bool setting_parse(const struct setting *s, struct scenario *sc, const struct catalog *c,
		   const char *text, char *err, size_t errlen);

/* The value as the form shows it and the command line accepts it. */
void setting_format(const struct setting *s, const struct scenario *sc, char *buf, size_t cap);

/* The same value as in the default scenario (see scenario_defaults). */
bool setting_is_default(const struct setting *s, const struct scenario *sc);

/* Choice rows: name i (NULL past the end), and how many. 0 for others. */
const char *setting_choice(const struct setting *s, size_t i);
/* Choice i as a person reads it in the current language: its label where
 * the language has a word for it (全量微调), else its name's (自动), else
 * the name as typed (bf16, and every name in English); NULL past the end. */
const char *setting_choice_shown(const struct setting *s, size_t i);
size_t setting_choice_count(const struct setting *s);
/* Choice rows: the index of sc's value among the choices. */
size_t setting_choice_index(const struct setting *s, const struct scenario *sc);

/* What the row accepts, translated: "fp32, bf16, ... or int4" for choices. */
void setting_accepted(const struct setting *s, char *buf, size_t cap);

/* The --help text, translated: help, the choices and "(default X)". */
void setting_help(const struct setting *s, char *buf, size_t cap);

/* The row's key(s) and value(s) in the JSON scenario object. */
void setting_json(const struct setting *s, struct jsonw *j, const struct scenario *sc);

/* One-line summaries of a scenario, built from the rows' summary styles. */
struct summary_style {
	const char *value_sep; /* before a bare value: " " */
	const char *named_sep; /* before "key value": ", " */
	bool labels;           /* choices by their label: "LoRA fine-tune" */
	bool changed;          /* ", custom KEY" for SUMMARY_IF_CHANGED rows off default */
};

/* Writes the rows' part of a summary to buf; returns the length it wanted. */
size_t settings_summary(char *buf, size_t cap, const struct scenario *sc,
			const struct summary_style *st);

static inline bool setting_on_cli(const struct setting *s)
{
	return (s->places & PLACE_CLI) != 0;
}

static inline bool setting_on_form(const struct setting *s)
{
	return (s->places & PLACE_FORM) != 0;
}

#endif
