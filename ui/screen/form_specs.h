/* The form's rows, built once from the settings table: each setting the
 * form shows, and the "Advanced" fold before the first advanced one.
 * Labels stay English here; the form translates them as it draws. */
#ifndef GPUPLAN_FORM_SPECS_H
#define GPUPLAN_FORM_SPECS_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"
#include "settings.h"

/* FK_MODEL: the model, with the catalogue's matches; FK_TEXT: other free
 * text (the engine constants), typed and applied as it reads */
enum field_kind { FK_MODEL, FK_TEXT, FK_ENUM, FK_NUMBER, FK_FOLD };

struct field_spec {
	const struct setting *setting; /* NULL: the fold */
	const char *label;
	const char *key;
	enum field_kind kind;
	const char *unit;
	bool advanced;
};

#define FORM_MAX_FIELDS 48 /* the most fields a form shows (the settings on it and the fold) */
#define MAX_SPECS (FORM_MAX_FIELDS + 1)
extern struct field_spec form_specs[MAX_SPECS];
extern size_t form_nspecs;

/* Builds the rows (once): the unfolded ones, the fold, the advanced
 * ones, each group in the settings table's order. */
void form_specs_build(void);
/* The i-th value an enumerated field cycles through, as the command line
 * takes it; NULL past the end. */
const char *form_choice(const struct field_spec *s, int i);
/* The same as the form shows it: in the language in use. */
const char *form_choice_shown(const struct field_spec *s, int i);
/* The choice whose shown text is text, or whose name is (any case); -1. */
int form_choice_find(const struct field_spec *s, const char *text);
/* The scenario's current value of a field, as the form shows it: the
 * model by its name ("70B (size only)" for a bare size), a choice and a
 * number's word for 0 ("auto", "none") in the language in use, the others
 * as the command line takes them. */
void form_field_value(const struct scenario *sc, const struct field_spec *s, char *buf,
		      size_t cap);
/* What a field shows, back as the command line takes it (session_apply):
 * a translated choice or word becomes its English name. */
void form_cli_value(const struct field_spec *s, const char *text, char *out, size_t cap);

#endif
