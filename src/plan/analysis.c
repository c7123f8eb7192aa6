#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checkdata.h"
#include "i18n.h"

static bool filter_has(const char *filter, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = filter; *p;) {
		size_t len = strcspn(p, ",");
		if (len == n && strncasecmp(p, id, n) == 0)
			return true;
		p += len + (p[len] == ',');
	}
	return false;
}

/* "all" and "offered" are words, not ids (no GPU id is either). */
static bool filter_word(const char *filter, const char *word)
{
	return filter && strcasecmp(filter, word) == 0;
}

/* Whether the analysis plans GPU g: the ids a filter names, every GPU
 * for none or "all", those with an offer for "offered" (all of them
 * when no GPU has one: sizing without prices). */
static bool gpu_selected(const struct catalog *c, const char *filter, const struct gpu *g)
{
	if (!filter || filter_word(filter, GPU_FILTER_ALL))
		return true;
	if (filter_word(filter, GPU_FILTER_OFFERED))
		return g->noffers > 0 || c->noffers == 0;
	return filter_has(filter, g->id);
}

bool gpu_filter_valid(const struct catalog *c, const char *filter, char *err, size_t errlen)
{
	if (filter_word(filter, GPU_FILTER_ALL) || filter_word(filter, GPU_FILTER_OFFERED))
		return true;
	for (const char *p = filter; *p;) {
		size_t len = strcspn(p, ",");
		char id[128];
		snprintf(id, sizeof id, "%.*s", (int)(len < 127 ? len : 127), p);
		if (catalog_find_gpu(c, id) < 0) {
			snprintf(err, errlen, _("unknown GPU id \"%s\" (see --list-gpus)"), id);
			return false;
		}
		p += len + (p[len] == ',');
	}
	return true;
}

static void analysis_note(struct analysis *a, struct message m)
{
	if (a->nnotes < SCENARIO_NOTES)
		a->notes[a->nnotes++] = m;
}

/* A catalogue model whose counts disagree with its shape (a typo such as
 * active_params_b 3700 for 37): every figure uses the listed count, so
 * every surface says so, not only --check-data. "models/models.csv:12
 * active_params_b" names the cell to fix. */
static void data_notes(struct analysis *a, const struct model *m)
{
	struct params_gap gaps[2];
	const struct catalog *c = a->catalog;
	bool row = c && m >= c->models && m < c->models + c->nmodels; /* not a size, not a test's */
	int n = row && !m->derived ? model_params_gaps(m, gaps) : 0;
	for (int k = 0; k < n; k++) {
		char where[96];
		snprintf(where, sizeof where, "%s:%u %s", catalog_file_names[FILE_MODELS], m->line,
			 gaps[k].column);
		analysis_note(a, msg_data_params_differ(where, gaps[k].listed_b, gaps[k].implied_b,
							    100 * gaps[k].gap));
	}
}

/* Notes that concern the scenario rather than one GPU. */
static void scenario_notes(struct analysis *a)
{
	const struct workload *w = &a->w;
	const struct model *m = w->m;
	data_notes(a, m);
	if (m->derived)
		analysis_note(a, msg_architecture_approximated(m->name, m->source));
	const struct custom_model *cm = &a->sc.custom;
	if (a->sc.is_custom && cm->near_id[0])
		analysis_note(a, cm->near_moe
				      ? msg_size_of_moe_model(m->params_b, cm->near_name, cm->near_id)
				      : msg_size_of_model(m->params_b, cm->near_name, cm->near_id));
	if (m->active_params_b < m->params_b)
		analysis_note(a, msg_moe_all_resident(m->params_b, m->active_params_b));
	if (m->max_context && a->sc.context > m->max_context)
		analysis_note(a, msg_beyond_native_context(a->sc.context, m->name, m->max_context));
	if (w->train && w->train->approximate)
		analysis_note(a, msg_fp8_training_approximate(w->train->name));
	if (w->train)
		analysis_note(a, msg_training_accounting(w->train->name));
	if (w->train)
		analysis_note(a, a->sc.loss == LOSS_CHUNKED ? msg_loss_chunked() : msg_loss_full());
	if (w->kind == TASK_QLORA)
		analysis_note(a, a->sc.loss == LOSS_FULL ? msg_qlora_base() : msg_qlora_base_bf16());
	if (w->kind == TASK_LORA && w->prec->quantized)
		analysis_note(a, msg_lora_quantized_base(w->prec->name));
	if (w->train && a->sc.budget > 0 && !(a->sc.train_tokens > 0))
		analysis_note(a, msg_train_budget_needs_tokens());
}

/* Inference reads the context as input + output: the output must leave
 * at least one input token. */
static bool output_len_valid(struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	a->error[0] = '\0';
	if (tasks[sc->task].kind != TASK_INFERENCE || sc->output_len < sc->context)
		return true;
	snprintf(a->error, sizeof a->error,
		 _("--output-len %lld is not below the context %lld: the input would be empty "
		   "(input = context - output); lower --output-len or raise --context"),
		 sc->output_len, sc->context);
	return false;
}

/* New speed-ups belong to the GPU id given (the one --gpu names, else the
 * configurator's row): the scenario keeps it and its name. */
static void measured_bind(const struct analysis *a, struct scenario *sc, const char *id)
{
	int g = id && id[0] ? catalog_find_gpu(a->catalog, id) : -1;
	if (g < 0)
		return;
	const struct gpu *gpu = &a->catalog->gpus[g];
	snprintf(sc->measured_gpu, sizeof sc->measured_gpu, "%s", gpu->id);
	snprintf(sc->measured_gpu_name, sizeof sc->measured_gpu_name, "%s", gpu_short_name(gpu));
}

/* --measured: fitted once; it names one GPU type: the one it is bound to
 * (the configurator's row when it was typed), else the only one --gpu
 * names. */
static bool measured_prepare(struct analysis *a, const char *gpu_filter, const char **gpu)
{
	struct scenario *sc = &a->sc;
	*gpu = NULL;
	bool one_gpu = gpu_filter && gpu_filter[0] && !strchr(gpu_filter, ',') &&
		       !filter_word(gpu_filter, GPU_FILTER_ALL) &&
		       !filter_word(gpu_filter, GPU_FILTER_OFFERED);
	if (sc->nmeasured > 0 && !sc->measured_gpu[0])
		measured_bind(a, sc, one_gpu ? gpu_filter : a->measured_gpu);
	if (sc->nmeasured == 0 || tasks[sc->task].kind == TASK_INFERENCE || !(sc->train_tokens > 0))
		return true;
	if (sc->measured_gpu[0]) {
		*gpu = sc->measured_gpu;
	} else {
		snprintf(a->error, sizeof a->error,
			 _("--measured needs the one GPU type the speed-ups were measured on: "
			   "name it with --gpu ID (%s)"),
			 gpu_filter && gpu_filter[0] ? _("--gpu names several") : _("no --gpu given"));
		return false;
	}
	char err[160];
	if (!usl_fit(sc->measured, sc->nmeasured, &a->usl, err, sizeof err)) {
		snprintf(a->error, sizeof a->error, "--measured: %s", err);
		return false;
	}
	double peak;
	if (usl_peak_cards(&a->usl, &peak))
		analysis_note(a, msg_trial_usl_peak(peak, a->usl.sigma, a->usl.kappa));
	return true;
}

/* The error when no GPU of the catalogue is the trial's: the file names
 * none, or one the catalogue does not hold ("NVIDIA H100 NVL"). */
static void trial_gpu_unknown(struct analysis *a, const char *named)
{
	if (named[0])
		snprintf(a->error, sizeof a->error,
			 _("--trial needs the GPU type the trial ran on: the file names \"%s\", "
			   "which no row of prices/gpus.csv matches; give it with --gpu ID"),
			 named);
	else
		snprintf(a->error, sizeof a->error, "%s",
			 _("--trial needs the GPU type the trial ran on: the file does not name "
			   "one; give it with --gpu ID"));
}

/* The GPU a trial ran on: the one its file names (a catalogue id or
 * name), else the one --gpu names. NULL with the error set when neither. */
static const struct gpu *trial_gpu_of(struct analysis *a, const char *gpu_filter, bool one_gpu)
{
	const struct trial_point *p = &a->sc.trial.pts[0];
	int g = p->gpu[0] ? catalog_find_gpu(a->catalog, p->gpu) : -1;
	if (g < 0 && one_gpu)
		g = catalog_find_gpu(a->catalog, gpu_filter);
	if (g >= 0)
		return &a->catalog->gpus[g];
	trial_gpu_unknown(a, p->gpu);
	return NULL;
}

static void trial_notes(struct analysis *a, const struct gpu *g, const char *gpu_filter,
			bool one_gpu)
{
	const struct trial_set *t = &a->sc.trial;
	for (int i = 0, runs = 1; i < t->n; i++, runs++)
		if (i + 1 == t->n || strcmp(t->pts[i + 1].file, t->pts[i].file) != 0) {
			analysis_note(a, msg_trial_read(t->pts[i].file,
							trial_format_labels[t->pts[i].format], runs));
			runs = 0;
		}
	analysis_note(a, msg_trial_fitted(gpu_short_name(g), a->trial.after.mbu,
					  a->trial.after.mfu_infer, a->trial.after.sw));
	if (a->trial.residual_pct > TRIAL_POOR_FIT_PCT)
		analysis_note(a, msg_trial_poor_fit(a->trial.residual_pct));
	for (int q = 0; q < TRIAL_FACTORS; q++)
		if (a->trial.at_limit[q])
			analysis_note(a, msg_trial_at_limit(trial_factor_names[q]));
	const struct model *m = scenario_model(&a->sc);
	for (int i = 0; m && i < t->n; i++)
		if (t->pts[i].model[0] && !strcasestr(t->pts[i].model, m->name) &&
		    !strcasestr(t->pts[i].model, m->id)) {
			analysis_note(a, msg_trial_other_model(t->pts[i].file, t->pts[i].model,
							       m->name));
			break;
		}
	int planned = one_gpu ? catalog_find_gpu(a->catalog, gpu_filter) : -1;
	if (planned >= 0 && &a->catalog->gpus[planned] != g)
		analysis_note(a, msg_trial_other_gpu(gpu_short_name(g),
						     gpu_short_name(&a->catalog->gpus[planned]),
						     gpu_short_name(g)));
}

/* --trial on a serving scenario: fits the GPU the trial ran on (at --tp,
 * else TP1) and keeps that GPU's calibrated row. */
static bool trial_prepare(struct analysis *a, const char *gpu_filter)
{
	a->trial = (struct trial_fit){0};
	if (a->sc.trial.ntrain > 0)
		analysis_note(a, msg_trial_read(a->sc.trial.train_file, trial_train_label,
						a->sc.trial.ntrain));
	if (a->sc.trial.n == 0 || tasks[a->sc.task].kind != TASK_INFERENCE)
		return true;
	bool one_gpu = gpu_filter && gpu_filter[0] && !strchr(gpu_filter, ',') &&
		       !filter_word(gpu_filter, GPU_FILTER_ALL) &&
		       !filter_word(gpu_filter, GPU_FILTER_OFFERED);
	const struct gpu *g = trial_gpu_of(a, gpu_filter, one_gpu);
	char err[200];
	if (!g)
		return false;
	if (!trial_fit_run(&a->sc, g, a->sc.tp > 0 ? a->sc.tp : 1, &a->trial, err, sizeof err)) {
		snprintf(a->error, sizeof a->error, "--trial: %s", err);
		return false;
	}
	a->trial_gpu = *g;
	trial_fit_apply(&a->trial, &a->trial_gpu);
	trial_notes(a, g, gpu_filter, one_gpu);
	return true;
}

#define LOW_UTILISATION_PCT 40.0 /* one card this idle waits for its data, not for compute */

/* The catalogue GPU a memory log names: an id, else a type whose short
 * name's first word is in the printed name ("H100" in "NVIDIA H100 80GB
 * HBM3", "910B" in "910B2C") and whose memory is within 6 %. */
static const struct gpu *memory_log_gpu(const struct catalog *c, const struct trial_memory *m)
{
	double total;
	trial_memory_peak(m, &total);
	int g = catalog_find_gpu(c, m->gpu);
	if (g >= 0)
		return &c->gpus[g];
	for (size_t i = 0; i < c->ngpus; i++) {
		char word[32];
		snprintf(word, sizeof word, "%s", gpu_short_name(&c->gpus[i]));
		word[strcspn(word, " ")] = '\0';
		if (word[0] && strcasestr(m->gpu, word) &&
		    fabs(c->gpus[i].memory_mib - total) <= 0.06 * c->gpus[i].memory_mib)
			return &c->gpus[i];
	}
	return NULL;
}

/* --trial's memory log: the peak a card against the estimate for the
 * scenario on as many cards (or --tp); more than estimated is carried as
 * overhead into that GPU's plans, unless the peak is the engine's
 * reservation (85 % of the card or more). */
static bool memory_prepare(struct analysis *a, const char *gpu_filter, bool one_gpu)
{
	const struct trial_memory *m = &a->sc.trial.mem;
	a->memory_gpu = NULL, a->memory_carried_gib = 0, a->memory_reserved = false;
	if (!m->valid || tasks[a->sc.task].kind != TASK_INFERENCE)
		return true;
	const struct gpu *g = memory_log_gpu(a->catalog, m);
	int planned = one_gpu ? catalog_find_gpu(a->catalog, gpu_filter) : -1;
	if (!g && planned < 0) {
		trial_gpu_unknown(a, m->gpu);
		return false;
	}
	if (!g)
		g = &a->catalog->gpus[planned];
	else if (planned >= 0 && &a->catalog->gpus[planned] != g)
		analysis_note(a, msg_trial_other_gpu(gpu_short_name(g),
						     gpu_short_name(&a->catalog->gpus[planned]),
						     gpu_short_name(g)));
	a->memory_gpu = g;
	double total_mib, peak_gib = trial_memory_peak(m, &total_mib) * MIB / GIB;
	double card_gib = total_mib * MIB / GIB;
	struct mem_terms t;
	int cards = a->sc.tp > 0 ? a->sc.tp : m->cards;
	workload_per_card(&a->w, &(struct layout){.t = cards, .p = 1, .d = 1}, &t);
	a->memory_estimate_gib =
		(t.weights + t.kv_cache + t.activations + t.gradients + t.optimizer + t.overhead) / GIB;
	analysis_note(a, msg_trial_memory_read(m->file, trial_memory_format_labels[m->format],
					       peak_gib, card_gib));
	if (m->cards == 1 && m->util_pct[0] >= 0 && m->util_pct[0] < LOW_UTILISATION_PCT)
		analysis_note(a, msg_trial_low_utilisation(m->util_pct[0]));
	if (peak_gib >= 0.95 * card_gib)
		analysis_note(a, msg_trial_memory_full(peak_gib, card_gib));
	a->memory_reserved = peak_gib >= 0.85 * card_gib;
	if (a->memory_reserved)
		analysis_note(a, msg_trial_memory_reserved(peak_gib, card_gib));
	else if (peak_gib <= a->memory_estimate_gib)
		analysis_note(a, msg_trial_memory_below(peak_gib, a->memory_estimate_gib));
	else
		a->memory_carried_gib = peak_gib - a->memory_estimate_gib;
	a->w_memory = a->w;
	a->w_memory.overhead += a->memory_carried_gib * GIB;
	return true;
}

/* The workload a GPU's plans use: with the measured overhead on the
 * memory log's GPU. */
static const struct workload *workload_for(const struct analysis *a, const struct gpu *g)
{
	return a->memory_carried_gib > 0 && a->memory_gpu && strcmp(a->memory_gpu->id, g->id) == 0
		       ? &a->w_memory
		       : &a->w;
}

/* The trial's own best speed a card, output tokens a second. */
static double trial_best_per_card(const struct analysis *a)
{
	double best = 0;
	for (int i = 0; i < a->sc.trial.n; i++)
		best = fmax(best, a->sc.trial.pts[i].output_tok_s / a->trial.tp);
	return best;
}

/* The hour against the month for a container at the trial's measured
 * speed: a card by the hour is paid only while it runs, by the month
 * whatever the duty. */
static void trial_billing(const struct analysis *a, struct plan *p)
{
	const struct rent *r = &p->container;
	double tok = trial_best_per_card(a), duty = a->sc.duty_pct / 100;
	if (!r->available || !(r->monthly_per_card > 0) || !(tok > 0) || !(duty > 0))
		return;
	const char *cur = r->offer && r->offer->currency ? r->offer->currency : "";
	double by_hour = r->hourly_per_card / (tok * 3600) * 1e6;
	double by_month = r->monthly_per_card / (tok * duty * HOURS_PER_MONTH * 3600) * 1e6;
	if (!(r->hourly_per_card > 0)) {
		plan_note(p, msg_trial_billing_month(by_month, cur, a->sc.duty_pct));
		return;
	}
	plan_note(p, msg_trial_billing(by_hour, cur, by_month, cur,
				       a->sc.duty_pct, r->monthly_per_card / r->hourly_per_card));
}

/* A plan on the calibrated GPU: the band from the fit, wider outside
 * what the trial measured. */
static void trial_band(const struct analysis *a, struct plan *p)
{
	if (!a->trial.valid || p->gpu != &a->trial_gpu || !p->throughput.valid)
		return;
	double load = a->sc.rate > 0 ? p->throughput.open.rate_per_replica
				     : (double)p->throughput.per_replica;
	bool inside = trial_fit_inside(&a->trial, p->lay.t, p->machines, load);
	double band = trial_fit_band(&a->trial, inside);
	struct throughput *ts[] = {&p->throughput, &p->throughput_at_max};
	for (size_t i = 0; i < 2; i++)
		ts[i]->band_low_pct = ts[i]->band_high_pct = ts[i]->band_pct = band;
	plan_note(p, msg_trial_calibrated(a->trial.n, a->trial.residual_pct, a->trial.band_pct));
	if (!inside)
		plan_note(p, msg_trial_outside(a->trial.tp, a->trial.load_min, a->trial.load_max,
					       band));
	trial_billing(a, p);
}

void analysis_measured_gpu(struct analysis *a, const char *gpu_id)
{
	snprintf(a->measured_gpu, sizeof a->measured_gpu, "%s", gpu_id ? gpu_id : "");
}

static bool plans_reserve(struct analysis *a, size_t n)
{
	if (a->cap >= n)
		return true;
	struct plan *p = realloc(a->plans, n * sizeof *p);
	if (!p)
		return false;
	a->plans = p;
	a->cap = n;
	return true;
}

bool analysis_run(struct analysis *a, const struct catalog *c, const struct scenario *sc,
		  const char *gpu_filter)
{
	a->catalog = c;
	scenario_copy(&a->sc, sc);
	a->nplans = 0;
	a->nnotes = 0;
	const char *measured = NULL;
	a->ok = output_len_valid(a) && measured_prepare(a, gpu_filter, &measured) &&
		workload_init(&a->w, &a->sc);
	if (!a->ok) {
		if (!a->error[0])
			snprintf(a->error, sizeof a->error, "%s", a->w.error);
		return false;
	}
	workload_per_card(&a->w, &(struct layout){.t = 1, .p = 1, .d = 1}, &a->totals);
	scenario_notes(a);
	bool one_gpu = gpu_filter && gpu_filter[0] && !strchr(gpu_filter, ',') &&
		       !filter_word(gpu_filter, GPU_FILTER_ALL) &&
		       !filter_word(gpu_filter, GPU_FILTER_OFFERED);
	if (!trial_prepare(a, gpu_filter) || !memory_prepare(a, gpu_filter, one_gpu)) {
		a->ok = false;
		return false;
	}
	if (!plans_reserve(a, c->ngpus)) {
		snprintf(a->error, sizeof a->error, "%s", _("out of memory"));
		a->ok = false;
		return false;
	}
	a->unoffered = 0;
	for (size_t i = 0; i < c->ngpus; i++) {
		if (!gpu_selected(c, gpu_filter, &c->gpus[i])) {
			a->unoffered += filter_word(gpu_filter, GPU_FILTER_OFFERED);
			continue;
		}
		struct plan *p = &a->plans[a->nplans++];
		bool calibrated = a->trial.valid && strcmp(a->trial_gpu.id, c->gpus[i].id) == 0;
		const struct workload *w = workload_for(a, &c->gpus[i]);
		plan_for_gpu(w, c, calibrated ? &a->trial_gpu : &c->gpus[i], p);
		plan_choose(w, c, p);
		trial_band(a, p);
		if (w == &a->w_memory)
			plan_note(p, msg_trial_memory_overhead(a->memory_carried_gib,
							       a->memory_carried_gib + a->memory_estimate_gib,
							       a->sc.tp > 0 ? a->sc.tp : a->sc.trial.mem.cards,
							       a->memory_estimate_gib));
		bool fit = measured && strcasecmp(measured, c->gpus[i].id) == 0;
		plan_train(&a->w, c, p, fit ? &a->usl : NULL);
	}
	return true;
}

void analysis_free(struct analysis *a)
{
	free(a->plans);
	*a = (struct analysis){0};
}
