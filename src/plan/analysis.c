#include "analysis.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

static void analysis_note(struct analysis *a, enum message_code code, ...)
{
	va_list ap;
	va_start(ap, code);
	message_vadd(a->notes, &a->nnotes, SCENARIO_NOTES, code, ap);
	va_end(ap);
}

/* Notes that concern the scenario rather than one GPU. */
static void scenario_notes(struct analysis *a)
{
	const struct workload *w = &a->w;
	const struct model *m = w->m;
	if (m->derived)
		analysis_note(a, MSG_ARCH_APPROXIMATED, m->name, m->source);
	const struct custom_model *cm = &a->sc.custom;
	if (a->sc.is_custom && cm->near_id[0])
		analysis_note(a, cm->near_moe ? MSG_SIZE_OF_MOE_MODEL : MSG_SIZE_OF_MODEL,
			      m->params_b, cm->near_name, cm->near_id);
	if (m->active_params_b < m->params_b)
		analysis_note(a, MSG_MOE_RESIDENT, m->params_b, m->active_params_b);
	if (m->max_context && a->sc.context > m->max_context)
		analysis_note(a, MSG_BEYOND_NATIVE_CONTEXT, a->sc.context, m->name, m->max_context);
	if (w->train && w->train->approximate)
		analysis_note(a, MSG_FP8_TRAINING_APPROXIMATE, w->train->name);
	if (w->train)
		analysis_note(a, MSG_TRAINING_ACCOUNTING, w->train->name);
	if (w->train)
		analysis_note(a, a->sc.loss == LOSS_CHUNKED ? MSG_LOSS_CHUNKED : MSG_LOSS_FULL);
	if (w->kind == TASK_QLORA)
		analysis_note(a, a->sc.loss == LOSS_FULL ? MSG_QLORA_BASE : MSG_QLORA_BASE_BF16);
	if (w->kind == TASK_LORA && w->prec->quantized)
		analysis_note(a, MSG_LORA_QUANTIZED_BASE, w->prec->name);
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

/* --measured: fitted once; it names one GPU type, the configurator's row
 * or the only one --gpu names. */
static bool measured_prepare(struct analysis *a, const char *gpu_filter, const char **gpu)
{
	const struct scenario *sc = &a->sc;
	*gpu = NULL;
	if (sc->nmeasured == 0 || tasks[sc->task].kind == TASK_INFERENCE || !(sc->train_tokens > 0))
		return true;
	if (a->measured_gpu[0]) {
		*gpu = a->measured_gpu;
	} else if (gpu_filter && gpu_filter[0] && !strchr(gpu_filter, ',') &&
		   !filter_word(gpu_filter, GPU_FILTER_ALL) &&
		   !filter_word(gpu_filter, GPU_FILTER_OFFERED)) {
		*gpu = gpu_filter;
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
	return true;
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
		plan_for_gpu(&a->w, c, &c->gpus[i], p);
		plan_choose(&a->w, c, p);
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
