/* The JSON report: every term, so anyone can re-derive the figures. */
#include <stdio.h>

#include "config.h"
#include "jsonw.h"
#include "report.h"
#include "settings.h"
#include "tables.h"

#define G(x) ((x) / GIB)

static void json_date(struct jsonw *j, const char *key, int d)
{
	char buf[16];
	format_date(buf, sizeof buf, d);
	jw_string(j, key, d > 0 ? buf : NULL);
}

/* The settings table's rows, then the figures derived from them. */
static void json_scenario(struct jsonw *j, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	const struct model *m = scenario_model(sc);
	jw_open(j, "scenario", '{');
	for (size_t i = 0; i < n_settings; i++)
		setting_json(&settings[i], j, sc);
	jw_number(j, "params", m->params_b * 1e9, 0);
	jw_number(j, "active_params", m->active_params_b * 1e9, 0);
	jw_number(j, "kv_bytes", a->w.kv_bytes, 0);
	jw_number(j, "hours_per_month", HOURS_PER_MONTH, 0);
	jw_bool(j, "architecture_derived", m->derived);
	jw_string(j, "training_accounting", a->w.train ? a->w.train->name : NULL);
	jw_number(j, "trainable_params", a->w.train ? a->w.trainable : -1, 0);
	jw_close(j, '}');
}

static void json_terms(struct jsonw *j, const char *key, const struct mem_terms *m)
{
	jw_open(j, key, '{');
	jw_number(j, "weights", G(m->weights), 4);
	jw_number(j, "kv_cache", G(m->kv_cache), 4);
	jw_number(j, "activations", G(m->activations), 4);
	jw_number(j, "gradients", G(m->gradients), 4);
	jw_number(j, "optimizer", G(m->optimizer), 4);
	jw_number(j, "overhead", G(m->overhead), 4);
}

static void json_rent_common(struct jsonw *j, const struct rent *r)
{
	jw_bool(j, "available", r->available);
	jw_string(j, "region", r->offer ? r->offer->region : NULL);
	jw_string(j, "reason", r->available ? NULL : MESSAGE_TEXT(&r->why));
	jw_string(j, "discount", r->offer && r->offer->discount[0] ? r->offer->discount : NULL);
	jw_string(j, "source", r->offer && r->offer->source[0] ? r->offer->source : NULL);
}

static void json_container(struct jsonw *j, const struct plan *p)
{
	const struct rent *r = &p->container;
	bool priced = r->offer != NULL;
	jw_open(j, "container", '{');
	json_rent_common(j, r);
	if (priced)
		jw_int(j, "max_cards", r->max_cards);
	else
		jw_null(j, "max_cards");
	jw_number(j, "monthly_per_card", priced ? r->monthly_per_card : -1, 2);
	jw_number(j, "monthly_total", r->available ? r->total : -1, 2);
	jw_number(j, "hourly_per_card", r->hourly_per_card, 4);
	json_date(j, "collected", priced ? r->monthly_collected : 0);
	jw_close(j, '}');
}

static void json_baremetal(struct jsonw *j, const struct plan *p)
{
	const struct rent *r = &p->baremetal;
	bool priced = r->offer != NULL;
	jw_open(j, "baremetal", '{');
	json_rent_common(j, r);
	if (priced) {
		jw_int(j, "machines", r->machines);
		jw_number(j, "monthly_machine", r->machine_monthly, 2);
		jw_number(j, "monthly_per_card", r->monthly_per_card, 2);
		jw_number(j, "monthly_total", r->total, 2);
		jw_int(j, "idle_cards", r->idle);
		jw_number(j, "idle_monthly", r->idle_cost, 2);
		jw_string(j, "network", r->offer->network[0] ? r->offer->network : NULL);
		jw_string(j, "inter_node", inter_node_names[r->offer->inter_node][0]
						   ? inter_node_names[r->offer->inter_node] : NULL);
	} else {
		static const char *const keys[] = {"machines", "monthly_machine", "monthly_per_card",
						   "monthly_total", "idle_cards", "idle_monthly",
						   "network", "inter_node"};
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
			jw_null(j, keys[i]);
	}
	json_date(j, "collected", priced ? r->monthly_collected : 0);
	jw_close(j, '}');
}

static void json_plan(struct jsonw *j, const struct plan *p)
{
	static const char *const cheaper[] = {NULL, "container", "baremetal"};
	bool has = p->cards > 0;
	jw_open(j, NULL, '{');
	jw_string(j, "gpu", p->gpu->id);
	jw_string(j, "gpu_name", p->gpu->name);
	jw_number(j, "capacity_gib", G(p->capacity), 4);
	jw_bool(j, "fits", p->fits);
	jw_string(j, "fit", plan_fit_word(p));
	if (has) {
		jw_int(j, "cards", p->cards);
		jw_int(j, "machines", p->machines);
		jw_int(j, "tp", p->lay.t);
		jw_int(j, "pp", p->lay.p);
		jw_int(j, "dp", p->lay.d);
		jw_int(j, "zero", p->lay.zero);
		jw_bool(j, "recompute", p->lay.recompute);
	} else {
		static const char *const keys[] = {"cards", "machines", "tp", "pp", "dp", "zero",
						   "recompute"};
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
			jw_null(j, keys[i]);
	}
	jw_string(j, "strategy", p->strategy);
	if (has) {
		json_terms(j, "per_card_gib", &p->per_card);
		jw_number(j, "total", G(p->need), 4);
		jw_number(j, "with_headroom", G(p->with_headroom), 4);
		jw_close(j, '}');
		jw_number(j, "utilization_pct", p->utilization_pct, 1);
		json_container(j, p);
		json_baremetal(j, p);
		jw_string(j, "cheaper", cheaper[p->cheaper]);
		if (p->efficiency < 0) /* not computed (training, until its time model) */
			jw_null(j, "efficiency_pct");
		else
			jw_number(j, "efficiency_pct", 100 * p->efficiency, 1);
		jw_number(j, "effective_monthly_per_card", p->effective_per_card, 2);
	} else {
		static const char *const keys[] = {"per_card_gib", "utilization_pct", "container",
						   "baremetal", "cheaper", "efficiency_pct",
						   "effective_monthly_per_card"};
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
			jw_null(j, keys[i]);
	}
	jw_open(j, "notes", '[');
	for (int i = 0; i < p->nnotes; i++)
		jw_string(j, NULL, MESSAGE_TEXT(&p->notes[i]));
	jw_close(j, ']');
	jw_close(j, '}');
}

void report_json(FILE *out, const struct analysis *a)
{
	struct jsonw j = {.out = out};
	jw_open(&j, NULL, '{');
	jw_string(&j, "version", PACKAGE_VERSION);
	jw_string(&j, "data_source", a->catalog->source);
	json_date(&j, "prices_as_of", a->catalog->newest_date);
	json_scenario(&j, a);
	json_terms(&j, "totals_gib", &a->totals);
	jw_close(&j, '}');
	jw_open(&j, "notes", '[');
	for (int i = 0; i < a->nnotes; i++)
		jw_string(&j, NULL, MESSAGE_TEXT(&a->notes[i]));
	jw_close(&j, ']');
	jw_open(&j, "plans", '[');
	for (size_t i = 0; i < a->nplans; i++)
		json_plan(&j, &a->plans[i]);
	jw_close(&j, ']');
	jw_close(&j, '}');
}
