/* What one settings row is (settings.c holds the rows): the row's kind,
 * its field in struct scenario, its range and default, and its hooks.
 * Apart from settings.h so that the hooks of settings_train.c, which read
 * their row's range, need the row but not the table. */
#ifndef GPUPLAN_SETTING_ROW_H
#define GPUPLAN_SETTING_ROW_H

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
	bool repeatable;      /* given again on the command line, the values add up
				 as one list ("a.json" then "b.txt": "a.json,b.txt") */
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
	/* The default: count and number rows write def to their field,
	 * choice rows take the choice named def_choice (scenario_defaults);
	 * rows with neither start empty. */
	double def;
	const char *def_choice;
	bool zero_is_auto; /* "auto" on the command line, 0 in sc, null in JSON */
	const char *zero_word; /* a number whose 0 reads as this word ("none"); NULL: 0 */
	struct setting_ops ops;
};

#endif
