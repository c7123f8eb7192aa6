/* The JSON report: every term, so anyone can re-derive the figures. Its
 * shape is a contract, doc/gpuplan-report.schema.json: keys, codes and
 * arguments never depend on the language; only "text" does. */
#include <stdio.h>

#include "config.h"
#include "figures.h"
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
void report_json_scenario(struct jsonw *j, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	const struct model *m = scenario_model(sc);
	report_json_settings(j, sc);
	jw_number(j, "params", m->params_b * 1e9, 0);
	jw_number(j, "active_params", m->active_params_b * 1e9, 0);
	jw_number(j, "kv_bytes", a->w.kv_bytes, 0);
	jw_number(j, "hours_per_month", HOURS_PER_MONTH, 0);
	jw_bool(j, "architecture_derived", m->derived);
	jw_string(j, "training_accounting", a->w.train ? a->w.train->name : NULL);
	jw_number(j, "trainable_params", a->w.train ? a->w.trainable : -1, 0);
}

void report_json_settings(struct jsonw *j, const struct scenario *sc)
{
	for (size_t i = 0; i < n_settings; i++)
		setting_json(&settings[i], j, sc);
}

static void json_arg(struct jsonw *j, const struct message_param *param,
		     const struct message_arg *arg)
{
	switch (arg->kind) {
	case ARG_INT:
		jw_int(j, param->name, arg->v.i);
		break;
	case ARG_DOUBLE:
		jw_double(j, param->name, arg->v.f);
		break;
	case ARG_MONEY:
		jw_open(j, param->name, '{');
		jw_double(j, "amount", arg->v.money.amount);
		jw_string(j, "currency", arg->v.money.currency);
		jw_close(j, '}');
		break;
	case ARG_STRING: /* a WORD as its msgid: English, whatever the language */
		jw_string(j, param->name, arg->v.s);
		break;
	default:
		jw_null(j, param->name);
		break;
	}
}

/* A note, a reason or a why: its code and arguments are the contract, its
 * text is for people, in the current language. */
void report_json_message(struct jsonw *j, const char *key, const struct message *m)
{
	const struct message_row *r = &message_rows[m->code < MSG_COUNT ? m->code : MSG_NONE];
	jw_open(j, key, '{');
	jw_string(j, "code", r->key);
	jw_string(j, "severity", message_severity_key(r->severity));
	jw_open(j, "args", '{');
	for (int i = 0; i < r->nparams; i++)
		json_arg(j, &r->params[i], &m->args[i]);
	jw_close(j, '}');
	jw_string(j, "text", MESSAGE_TEXT(m));
	jw_close(j, '}');
}

static void json_notes(struct jsonw *j, const struct message *notes, int n)
{
	jw_open(j, "notes", '[');
	for (int i = 0; i < n; i++)
		report_json_message(j, NULL, &notes[i]);
	jw_close(j, ']');
}

/* Without the closing brace: the plans add their total after the terms. */
static void json_terms(struct jsonw *j, const char *key, const struct mem_terms *m)
{
	jw_open(j, key, '{');
	for (enum mem_term t = 0; t < TERM_COUNT; t++)
		jw_number(j, mem_term_rows[t].key, G(mem_term_value(m, t)), 4);
}

static void json_list(struct jsonw *j, const struct figure *f, const struct plan *p);

static void json_value(struct jsonw *j, const struct figure *f, const struct plan *p,
		       const char *key, bool got, const struct figure_value *v)
{
	if (!got) {
		jw_null(j, key);
		return;
	}
	switch (f->kind) {
	case FIGURE_NUMBER:
		jw_number(j, key, v->number, f->decimals);
		break;
	case FIGURE_INT:
		jw_int(j, key, (long long)v->number);
		break;
	case FIGURE_BOOL:
		jw_bool(j, key, v->flag);
		break;
	case FIGURE_DATE:
		json_date(j, key, (int)v->number);
		break;
	case FIGURE_LIST:
		json_list(j, f, p);
		break;
	case FIGURE_MESSAGE:
		report_json_message(j, key, v->message);
		break;
	default:
		jw_string(j, key, v->text);
		break;
	}
}

static void json_figure(struct jsonw *j, const struct figure *f, const struct plan *p)
{
	struct figure_value v = {0};
	json_value(j, f, p, figure_key(f), figure_get(f, p, &v), &v);
}

/* A list of plain values, or of objects with the list's fields. */
static void json_list(struct jsonw *j, const struct figure *f, const struct plan *p)
{
	const struct figure_list *l = f->list;
	bool plain = l->nfields == 1 && !l->fields[0].key;
	jw_open(j, figure_key(f), '[');
	for (int i = 0, n = figure_list_count(f, p); i < n; i++) {
		if (!plain)
			jw_open(j, NULL, '{');
		for (size_t k = 0; k < l->nfields; k++) {
			struct figure_value v;
			bool got = figure_item(&l->fields[k], p, i, &v);
			json_value(j, &l->fields[k], p, l->fields[k].key, got, &v);
		}
		if (!plain)
			jw_close(j, '}');
	}
	jw_close(j, ']');
}

/* The child of 'open' on the way down to g. */
static const struct figure_group *next_group(const struct figure_group *g,
					     const struct figure_group *open)
{
	while (g->parent != open)
		g = g->parent;
	return g;
}

/* The figures in table order, groups nested as their parents say; a group
 * that does not apply is one null. */
static void json_figures(struct jsonw *j, const struct plan *p)
{
	const struct figure_group *open = NULL;
	for (size_t i = 0; i < n_figures; i++) {
		const struct figure *f = &figures[i];
		for (; open && !figure_group_within(f->group, open); open = open->parent)
			jw_close(j, '}');
		while (f->group != open) {
			const struct figure_group *g = next_group(f->group, open);
			if (!figure_group_applies(g, p)) {
				jw_null(j, g->key);
				while (i + 1 < n_figures && figure_group_within(figures[i + 1].group, g))
					i++;
				break;
			}
			jw_open(j, g->key, '{');
			open = g;
		}
		if (f->group == open)
			json_figure(j, f, p);
	}
	for (; open; open = open->parent)
		jw_close(j, '}');
}

static void json_plan(struct jsonw *j, const struct plan *p)
{
	jw_open(j, NULL, '{');
	json_figures(j, p);
	json_notes(j, p->notes, p->nnotes);
	jw_close(j, '}');
}

static void json_trial_eff(struct jsonw *j, const char *key, const struct trial_eff *e)
{
	jw_open(j, key, '{');
	jw_number(j, "mbu", e->mbu, 4);
	jw_number(j, "mbu_kv", e->mbu_kv, 4);
	jw_number(j, "mfu_infer", e->mfu_infer, 4);
	jw_number(j, "mfu_infer_fp8", e->mfu_infer_fp8, 4);
	jw_number(j, "sw", e->sw, 4);
	jw_close(j, '}');
}

static void json_trial_figures(struct jsonw *j, const char *key, const double *v)
{
	static const int decimals[TRIAL_FIGURES] = {[TRIAL_TOK_S] = 1, [TRIAL_TPOT] = 6,
						    [TRIAL_TTFT] = 6};
	jw_open(j, key, '{');
	for (int f = 0; f < TRIAL_FIGURES; f++)
		jw_number(j, trial_figure_keys[f], v[f], decimals[f]);
	jw_close(j, '}');
}

static void json_trial_run(struct jsonw *j, const struct trial_point *p,
			   const struct trial_fit_point *fp)
{
	jw_open(j, NULL, '{');
	jw_string(j, "file", p->file);
	jw_int(j, "line", p->line);
	jw_string(j, "format", trial_format_keys[p->format]);
	jw_string(j, "model", p->model[0] ? p->model : NULL);
	jw_number(j, "concurrency", p->concurrency > 0 ? p->concurrency : -1, 0);
	jw_number(j, "rate", p->rate > 0 ? p->rate : -1, 3);
	jw_number(j, "input_len", p->isl, 1);
	jw_number(j, "output_len", p->osl, 1);
	json_trial_figures(j, "measured", fp->measured);
	json_trial_figures(j, "modelled", fp->modelled);
	json_trial_figures(j, "modelled_before", fp->before);
	jw_number(j, "ttft_p99_s", p->ttft_p99_ms / 1000, 6);
	jw_number(j, "tpot_p99_s", p->tpot_p99_ms / 1000, 6);
	jw_close(j, '}');
}

/* --trial: what was read, the fit and measured against modelled per run. */
static void json_calibration(struct jsonw *j, const struct analysis *a)
{
	const struct trial_fit *f = &a->trial;
	if (!f->valid)
		return;
	jw_open(j, "calibration", '{');
	jw_string(j, "gpu", a->trial_gpu.id);
	jw_int(j, "tp", f->tp);
	jw_int(j, "points", f->n);
	jw_string(j, "load", f->by_rate ? "rate" : "concurrency");
	jw_number(j, "load_min", f->load_min, 3);
	jw_number(j, "load_max", f->load_max, 3);
	jw_number(j, "residual_pct", f->residual_pct, 2);
	jw_number(j, "before_pct", f->before_pct, 2);
	jw_number(j, "band_pct", f->band_pct, 1);
	jw_number(j, "band_outside_pct", trial_fit_band(f, false), 1);
	json_trial_eff(j, "before", &f->before);
	json_trial_eff(j, "fitted", &f->after);
	jw_open(j, "runs", '[');
	for (int i = 0; i < f->n; i++)
		json_trial_run(j, &a->sc.trial.pts[i], &f->pts[i]);
	jw_close(j, ']');
	jw_close(j, '}');
}

/* --trial's memory log: the peak a card against the estimate. */
static void json_trial_memory(struct jsonw *j, const struct analysis *a)
{
	const struct trial_memory *m = &a->sc.trial.mem;
	if (!m->valid || !a->memory_gpu)
		return;
	double total_mib, peak_mib = trial_memory_peak(m, &total_mib), util = 0;
	int with_util = 0;
	for (int i = 0; i < m->cards; i++)
		if (m->util_pct[i] >= 0)
			util += m->util_pct[i], with_util++;
	jw_open(j, "trial_memory", '{');
	jw_string(j, "file", m->file);
	jw_string(j, "format", trial_memory_format_keys[m->format]);
	jw_string(j, "gpu", a->memory_gpu->id);
	jw_string(j, "gpu_name", m->gpu[0] ? m->gpu : NULL);
	jw_int(j, "cards", m->cards);
	jw_int(j, "samples", m->samples);
	jw_number(j, "peak_gib", peak_mib * MIB / GIB, 3);
	jw_number(j, "card_gib", total_mib * MIB / GIB, 3);
	jw_number(j, "estimate_gib", a->memory_estimate_gib, 3);
	jw_number(j, "carried_gib", a->memory_carried_gib, 3);
	jw_bool(j, "reservation", a->memory_reserved);
	jw_number(j, "utilization_pct", with_util ? util / with_util : -1, 1);
	jw_close(j, '}');
}

void report_json(FILE *out, const struct analysis *a)
{
	struct jsonw j = {.out = out};
	jw_open(&j, NULL, '{');
	jw_string(&j, "version", PACKAGE_VERSION);
	jw_string(&j, "data_source", a->catalog->source);
	json_date(&j, "prices_as_of", a->catalog->newest_date);
	jw_open(&j, "scenario", '{');
	report_json_scenario(&j, a);
	jw_close(&j, '}');
	json_terms(&j, "totals_gib", &a->totals);
	jw_close(&j, '}');
	json_notes(&j, a->notes, a->nnotes);
	json_calibration(&j, a);
	json_trial_memory(&j, a);
	jw_open(&j, "plans", '[');
	for (size_t i = 0; i < a->nplans; i++)
		json_plan(&j, &a->plans[i]);
	jw_close(&j, ']');
	jw_close(&j, '}');
}
