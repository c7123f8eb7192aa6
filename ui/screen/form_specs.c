/* The form's rows from the settings table (src/settings.c): a row's
 * `advanced` flag puts it under the fold, after every unfolded row. */
#include "form_specs.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"

struct field_spec form_specs[MAX_SPECS];
size_t form_nspecs;

static enum field_kind kind_of(const struct setting *st)
{
	switch (st->kind) {
	case SETTING_TEXT: /* the model's name and size, or another text */
		return st->needs_catalog ? FK_MODEL : FK_TEXT;
	case SETTING_CHOICE:
		return FK_ENUM;
	case SETTING_COUNT:
	case SETTING_NUMBER:
		break;
	}
	return FK_NUMBER;
}

static void spec_add(const struct setting *st)
{
	if (form_nspecs < MAX_SPECS)
		form_specs[form_nspecs++] = (struct field_spec){
			.setting = st, .label = st->label, .key = st->key,
			.kind = kind_of(st), .unit = st->unit, .advanced = st->advanced};
}

/* The settings the form shows with the fold open or closed, in the
 * settings table's order. */
static void specs_add(bool advanced)
{
	for (size_t i = 0; i < n_settings; i++)
		if (setting_on_form(&settings[i]) && settings[i].advanced == advanced)
			spec_add(&settings[i]);
}

/* Every unfolded row first, then the fold and the advanced rows: opening
 * Advanced must not push Output, Min speed, To train and Deadline below
 * a dozen rows. The table's own order stays, since --help and the JSON
 * scenario follow it. */
void form_specs_build(void)
{
	if (form_nspecs)
		return;
	specs_add(false);
	size_t fold = form_nspecs;
	if (form_nspecs < MAX_SPECS)
		form_specs[form_nspecs++] = (struct field_spec){.label = N_("Advanced"), .kind = FK_FOLD};
	specs_add(true);
	if (form_nspecs == fold + 1)
		form_nspecs = fold; /* no advanced row: no fold */
}

const char *form_choice(const struct field_spec *s, int i)
{
	return i < 0 ? NULL : setting_choice(s->setting, (size_t)i);
}

/* Choice names are command-line values: a person reads the label where
 * the language has one (全量微调, LoRA 微调), else the name's word ("auto"
 * 自动); "bf16" stays. English shows the names, as typed. */
const char *form_choice_shown(const struct field_spec *s, int i)
{
	return i < 0 ? NULL : setting_choice_shown(s->setting, (size_t)i);
}

int form_choice_find(const struct field_spec *s, const char *text)
{
	for (int i = 0; form_choice(s, i); i++)
		if (strcmp(form_choice_shown(s, i), text) == 0 ||
		    strcasecmp(form_choice(s, i), text) == 0)
			return i;
	return -1;
}

/* The word a number row shows for 0 ("auto", "none"), or NULL. */
static const char *zero_word(const struct field_spec *s)
{
	if (!s->setting || s->kind != FK_NUMBER)
		return NULL;
	return s->setting->zero_is_auto ? "auto" : s->setting->zero_word;
}

void form_field_value(const struct scenario *sc, const struct field_spec *s, char *buf,
		      size_t cap)
{
	const struct model *m = scenario_model(sc);
	const char *word = zero_word(s);
	if (!s->setting)
		buf[0] = '\0';
	else if (s->kind == FK_MODEL)
		snprintf(buf, cap, "%s", m ? m->name : "");
	else if (s->kind == FK_ENUM)
		snprintf(buf, cap, "%s",
			 form_choice_shown(s, (int)setting_choice_index(s->setting, sc)));
	else
		setting_format(s->setting, sc, buf, cap);
	if (word && strcmp(buf, word) == 0)
		snprintf(buf, cap, "%s", _(word));
}

void form_cli_value(const struct field_spec *s, const char *text, char *out, size_t cap)
{
	const char *word = zero_word(s);
	int at = s->kind == FK_ENUM ? form_choice_find(s, text) : -1;
	if (at >= 0)
		text = form_choice(s, at);
	else if (word && strcmp(text, _(word)) == 0)
		text = word;
	snprintf(out, cap, "%s", text);
}
