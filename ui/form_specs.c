/* The form's rows from the settings table (src/settings.c): a row's
 * `advanced` flag puts it under the fold, after every unfolded row. */
#include "form_specs.h"

#include <stdio.h>

struct field_spec form_specs[MAX_SPECS];
size_t form_nspecs;

static enum field_kind kind_of(const struct setting *st)
{
	switch (st->kind) {
	case SETTING_TEXT:
		return FK_MODEL;
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
		form_specs[form_nspecs++] = (struct field_spec){.label = "Advanced", .kind = FK_FOLD};
	specs_add(true);
	if (form_nspecs == fold + 1)
		form_nspecs = fold; /* no advanced row: no fold */
}

const char *form_choice(const struct field_spec *s, int i)
{
	return i < 0 ? NULL : setting_choice(s->setting, (size_t)i);
}

void form_field_value(const struct scenario *sc, const struct field_spec *s, char *buf,
		      size_t cap)
{
	const struct model *m = scenario_model(sc);
	if (!s->setting)
		buf[0] = '\0';
	else if (s->kind == FK_MODEL)
		snprintf(buf, cap, "%s", m ? m->name : "");
	else
		setting_format(s->setting, sc, buf, cap);
}
