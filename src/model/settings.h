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

struct jsonw;
struct setting;

enum setting_kind {
	SETTING_CHOICE, /* one name of setting_choice(); the form cycles through them */
	SETTING_COUNT,  /* a whole number ("4k" allowed); "auto" where the row says */
	SETTING_NUMBER, /* a decimal, or two ("90,70") */
	SETTING_TEXT,   /* free text: the model */
};

/* Where a setting is offered (bits). */
enum setting_place { PLACE_CLI = 1, PLACE_FORM = 2, PLACE_BOTH = PLACE_CLI | PLACE_FORM };

/* How a setting shows in one-line summaries (scenario_summary, the table
 * report's header): its value alone, "key value", or ", custom key" only
 * when it differs from the default. */
enum setting_summary { SUMMARY_NONE, SUMMARY_VALUE, SUMMARY_NAMED, SUMMARY_IF_CHANGED };

/* How a count or number row's field is stored in struct scenario. */
enum setting_field { FIELD_LLONG, FIELD_INT, FIELD_DOUBLE };

/* Hooks for rows whose text form is their own (the model); NULL
 * hooks use the generic handling of the row's kind. parse reads the row's
 * range (s->min, s->max) and, on false, writes its own reason to err
 * ("expected each card count once, found 2 twice"), so the user sees what
 * is wrong with this text rather than what the row accepts in general. */
struct setting_ops {
	bool (*parse)(const struct setting *s, struct scenario *sc, const struct catalog *c,
		      const char *text, char *err, size_t cap);
	void (*format)(const struct scenario *sc, char *buf, size_t cap);
	void (*json)(struct jsonw *j, const char *key, const struct scenario *sc);
	/* The value in effect, for summaries, when it differs from the request
	 * ("auto" precision is the model's dtype); NULL: format's. */
	void (*effective)(const struct scenario *sc, char *buf, size_t cap);
};

/* label, unit, help, accepted, summary_text and the choice labels are
 * marked N_(): show them with _(). Choice names are what is typed and
 * stay as they are; those that are English words are marked too, so a
 * screen may show _(name), which setting_parse reads back. */
struct setting {
	const char *key;     /* scenario_set key and long flag (--key) */
	char short_flag;     /* -p; 0: none */
	const char *metavar; /* "--key METAVAR" in --help */
	const char *label;   /* form label */
	const char *unit;    /* shown after the form field; NULL: none */
	unsigned places;     /* enum setting_place bits */
	bool advanced;       /* on the form under the "Advanced" fold */
	enum setting_kind kind;
	enum setting_summary summary;
	/* SUMMARY_NAMED: "context %s" (%s: the value); SUMMARY_IF_CHANGED:
	 * "custom headroom". A whole phrase each, for the translator. */
	const char *summary_text;
	bool needs_catalog;   /* parsed against the catalogue (the model): the
				 command line keeps the text until the data is loaded */
	const char *json_key; /* key in the JSON scenario object; NULL: none */
	int json_decimals;    /* number rows */
	const char *help;     /* --help line, before the choices and the default */
	const char *accepted; /* what a value must be; NULL: generated from the choices */
	/* Choice rows: name i (NULL past the end), a longer label for reports
	 * (NULL: the name), and the index held in sc: these hooks, or (NULL
	 * hooks) the int field at offset, as precision and task keep it. */
	const char *(*choice)(size_t i);
	const char *(*choice_label)(size_t i);
	size_t (*get_choice)(const struct scenario *sc);
	void (*set_choice)(struct scenario *sc, size_t i);
	/* Count and number rows: the field, its type and range (the token
	 * rows' hooks read the range too). */
	size_t offset;
	enum setting_field type;
	double min, max;
	bool zero_is_auto; /* "auto" on the command line, 0 in sc, null in JSON */
	const char *zero_word; /* a number whose 0 reads as this word ("none"); NULL: 0 */
	struct setting_ops ops;
};

extern const struct setting settings[];
extern const size_t n_settings;

/* For an option that is no longer a setting ("--efficiency=90,70"): what
 * replaced it, or NULL. */
const char *settings_removed_hint(const char *arg);

/* The row with this key, or NULL. */
const struct setting *settings_find(const char *key);

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
