#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "i18n.h"
#include "model_lookup.h"
#include "parse.h"
#include "tables.h"

/* A plain copy still carries the source's pointers; aiming them at this
 * scenario's own strings changes no value a reader sees, so it is done on
 * read, through a const scenario too (no scenario is defined const). */
const struct model *scenario_model(const struct scenario *sc)
{
	if (!sc->is_custom)
		return sc->model_ref;
	struct scenario *own = (struct scenario *)sc;
	own->custom.shape.id = own->custom.id;
	own->custom.shape.name = own->custom.name;
	own->custom.shape.source = own->custom.source;
	own->model_ref = &own->custom.shape;
	return own->model_ref;
}

/* "auto" is the precision the model's weights ship in; bf16 for a bare
 * size or a row without a dtype. */
void scenario_resolve_precision(struct scenario *sc)
{
	const struct model *m = scenario_model(sc);
	if (sc->precision_auto)
		sc->precision = m && !sc->is_custom && m->dtype >= 0 ? m->dtype : precision_find("bf16");
}

void scenario_use_model(struct scenario *sc, const struct model *m)
{
	sc->model_ref = m;
	sc->is_custom = false;
	scenario_resolve_precision(sc);
}

const char scenario_model_accepted[] =
	N_("a catalogue model (see --list-models) or a size such as 70b");

/* What is accepted, and the nearest catalogue names when there are any. */
static void model_refused(const struct catalog *c, const char *text, char *err, size_t errlen)
{
	char near[200];
	snprintf(err, errlen, "%s", _(scenario_model_accepted));
	if (!catalog_suggest_models(c, text, near, sizeof near))
		return;
	size_t used = strlen(err);
	if (used < errlen)
		snprintf(err + used, errlen - used, _("; did you mean %s?"), near);
}

void scenario_copy(struct scenario *dst, const struct scenario *src)
{
	*dst = *src;
	scenario_model(dst);
}

/* Which template the shape came from, and the catalogue model the size is
 * the total of (a note says so: analysis.c). */
static void custom_source(struct custom_model *cm, const struct model *ref,
			  const struct model *near)
{
	snprintf(cm->source, sizeof cm->source, _("architecture scaled from %s"),
		 ref ? ref->name : _("a Llama-3.1-8B shape"));
	snprintf(cm->near_name, sizeof cm->near_name, "%s", near ? near->name : "");
	snprintf(cm->near_id, sizeof cm->near_id, "%s", near ? near->id : "");
	cm->near_moe = near && near->experts;
}

bool scenario_set_model(struct scenario *sc, const struct catalog *c, const char *text,
			char *err, size_t errlen)
{
	const struct model *m = catalog_find_model(c, text);
	if (m) {
		scenario_use_model(sc, m);
		return true;
	}
	double params;
	if (!parse_model_size(text, &params) || params > 1e15) {
		model_refused(c, text, err, errlen);
		return false;
	}
	struct custom_model *cm = &sc->custom;
	const struct model *near = NULL;
	const struct model *ref = arch_derive(&cm->shape, c, params, &near);
	snprintf(cm->id, sizeof cm->id, "%s", text);
	/* Held in the language of the moment the size was set: a model is
	 * shown as data, so a live switch keeps these words until it is set
	 * again. */
	snprintf(cm->name, sizeof cm->name, _("%.4gB (size only)"), params / 1e9);
	custom_source(cm, ref, near);
	sc->is_custom = true;
	scenario_model(sc);
	scenario_resolve_precision(sc);
	return true;
}

