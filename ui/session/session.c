/* The session's scenario, order, selection, scroll, pin and limits. Every
 * operation leaves the derived state valid, so drawing only reads it. */
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "compare.h"
#include "report.h"
#include "settings.h"
#include "text.h"

static const char *const sort_names[SORT_COUNT] = {
	[SORT_CATALOGUE] = N_("catalogue order"),
	[SORT_COST] = N_("monthly cost"),
	[SORT_CARDS] = N_("card count"),
};

void session_status(struct session *s, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char full[sizeof s->recent[0]];
	vsnprintf(full, sizeof full, fmt, ap);
	va_end(ap);
	text_fit(s->status, sizeof s->status, full, (size_t)-1); /* never half a character */
	s->status_error = error;
	if (full[0] && strcmp(full, s->recent[0]) != 0) {
		memmove(s->recent[1], s->recent[0], sizeof s->recent - sizeof s->recent[0]);
		memcpy(s->recent[0], full, sizeof s->recent[0]);
	}
}

void session_clear_status(struct session *s)
{
	s->status[0] = '\0';
	s->status_error = false;
}

const struct plan *session_plan_at(const struct session *s, size_t row)
{
	return row < s->an->nplans && row < s->order_cap ? &s->an->plans[s->order[row]] : NULL;
}

/* A plan's GPU is the catalogue's, or a copy of it (the one a trial
 * calibrated): the selection goes by id. */
bool session_is_selected(const struct session *s, const struct plan *p)
{
	return p && s->selected &&
	       (p->gpu == s->selected || strcmp(p->gpu->id, s->selected->id) == 0);
}

/* The catalogue's GPU of a plan, which stays while analyses come and go. */
static const struct gpu *catalog_gpu(const struct session *s, const struct plan *p)
{
	int i = catalog_find_gpu(s->cat, p->gpu->id);
	return i >= 0 ? &s->cat->gpus[i] : p->gpu;
}

const struct plan *session_selected_plan(const struct session *s)
{
	for (size_t i = 0; i < s->an->nplans; i++)
		if (session_is_selected(s, &s->an->plans[i]))
			return &s->an->plans[i];
	return NULL;
}

int session_selected_row(const struct session *s)
{
	for (size_t i = 0; i < s->an->nplans; i++) {
		const struct plan *p = session_plan_at(s, i);
		if (session_is_selected(s, p))
			return (int)i;
	}
	return 0;
}

/* The sort key is the figure the screen shows: the monthly total the
 * cheaper way (plans without a price last), or the card count. */
static double sort_key(enum sort_mode m, const struct plan *p)
{
	double monthly = plan_monthly(p);
	switch (m) {
	case SORT_COST:
		return monthly >= 0 ? monthly : 1e300;
	case SORT_CARDS:
		return p->cards ? p->cards : 1e9;
	default:
		return 0;
	}
}

static const struct session *sorting; /* qsort has no context argument */

static int order_cmp(const void *x, const void *y)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	double a = sort_key(sorting->sort, &sorting->an->plans[i]);
	double b = sort_key(sorting->sort, &sorting->an->plans[j]);
	if (a != b)
		return a < b ? -1 : 1;
	return i < j ? -1 : i > j;
}

/* Keeps the selected row in view when there are more GPUs than rows. */
static void scroll_to_selection(struct session *s)
{
	if (s->visible <= 0)
		return;
	int row = session_selected_row(s);
	if (row < s->top)
		s->top = row;
	if (row >= s->top + s->visible)
		s->top = row - s->visible + 1;
	if (s->top < 0)
		s->top = 0;
}

/* Longest context and most sequences on 1, 2, 4, 8 cards of the selected
 * type, computed when the analysis or the selection changes. */
static void refresh_limits(struct session *s)
{
	const struct plan *p = session_selected_plan(s);
	s->limits_ok = p && limits_for_gpu(s->cat, &s->sc, p->gpu, s->limits);
	if (!s->limits_ok)
		memset(s->limits, 0, sizeof s->limits);
}

/* New --measured speed-ups are bound to the selected row's GPU type when
 * they are typed (issue 9; the scenario keeps it); before anything is
 * selected, to the first type shown, unless --gpu names the one (the
 * analysis takes it from there). */
static const char *measured_gpu(const struct session *s)
{
	if (s->selected)
		return s->selected->id;
	if (s->gpu_filter && s->gpu_filter[0])
		return NULL;
	return s->cat->ngpus ? s->cat->gpus[0].id : NULL;
}

bool session_run(struct session *s, struct analysis *a, const struct scenario *sc)
{
	analysis_measured_gpu(a, measured_gpu(s));
	return analysis_run(a, s->cat, sc, s->gpu_filter ? s->gpu_filter : GPU_FILTER_OFFERED);
}

/* After a selection change. A measurement stays on the GPU it was taken
 * on (sc.measured_gpu): it does not follow the cursor. */
static void selection_changed(struct session *s)
{
	scroll_to_selection(s);
	refresh_limits(s);
}

/* Room for every plan: a reload can bring more GPU types than the
 * catalogue the session started with (issue 12: a heap overflow). */
static bool order_fits(struct session *s)
{
	size_t n = s->an->nplans;
	if (n <= s->order_cap)
		return true;
	size_t *grown = realloc(s->order, n * sizeof *grown);
	if (!grown) {
		session_status(s, true, _("out of memory: %zu GPU types"), n);
		return false;
	}
	s->order = grown;
	s->order_cap = n;
	return true;
}

static void sort_rows(struct session *s)
{
	size_t n = order_fits(s) ? s->an->nplans : s->order_cap;
	for (size_t i = 0; i < n; i++)
		s->order[i] = i;
	sorting = s;
	qsort(s->order, n, sizeof *s->order, order_cmp);
	if (!s->selected && s->an->nplans)
		s->selected = catalog_gpu(s, session_plan_at(s, 0));
	selection_changed(s);
}

bool session_init(struct session *s, const struct catalog *c, const struct scenario *start,
		  const char *gpu_filter)
{
	memset(s, 0, sizeof *s);
	s->order_cap = c->ngpus ? c->ngpus : 1;
	s->order = calloc(s->order_cap, sizeof *s->order);
	if (!s->order)
		return false;
	s->cat = c;
	s->gpu_filter = gpu_filter;
	scenario_copy(&s->sc, start);
	s->an = &s->bufs[0];
	s->spare = &s->bufs[1];
	if (!session_run(s, s->an, &s->sc))
		session_status(s, true, "%s", s->an->error);
	/* the GPU the start's --measured was bound to stays its GPU */
	memcpy(s->sc.measured_gpu, s->an->sc.measured_gpu, sizeof s->sc.measured_gpu);
	memcpy(s->sc.measured_gpu_name, s->an->sc.measured_gpu_name, sizeof s->sc.measured_gpu_name);
	sort_rows(s);
	session_watch_reset(s);
	return true;
}

void session_free(struct session *s)
{
	analysis_free(&s->bufs[0]);
	analysis_free(&s->bufs[1]);
	analysis_free(&s->pin_an);
	if (s->owned)
		catalog_free(s->owned);
	free(s->owned);
	free(s->order);
	s->owned = NULL;
	s->order = NULL;
}

void session_relabel(struct session *s)
{
	char typed[sizeof s->sc.custom.id];
	if (!s->sc.is_custom)
		return;
	snprintf(typed, sizeof typed, "%s", s->sc.custom.id);
	session_apply(s, "model", typed);
}

/* The setting as an error names it: its key in English (the word typed
 * after -- on the command line), its form label in a translation, where
 * the key is an English word. */
static const char *setting_name(const struct setting *row)
{
	return i18n_lang() == I18N_EN ? row->key : _(row->label);
}

bool session_apply(struct session *s, const char *key, const char *value)
{
	struct scenario trial;
	char err[200];
	scenario_copy(&trial, &s->sc);
	const struct setting *row = settings_find(key);
	if (!row) {
		session_status(s, true, _("%s: not a setting"), key);
		return false;
	}
	if (!setting_parse(row, &trial, s->cat, value, err, sizeof err)) {
		session_status(s, true, _("%s \"%s\": %s"), setting_name(row), value, err);
		return false;
	}
	if (!session_run(s, s->spare, &trial)) {
		session_status(s, true, "%s", s->spare->error);
		return false;
	}
	struct analysis *shown = s->an;
	s->an = s->spare;
	s->spare = shown;
	scenario_copy(&s->sc, &s->an->sc);
	sort_rows(s);
	s->status[0] = '\0';
	return true;
}

void session_recompute(struct session *s)
{
	struct scenario sc;
	scenario_copy(&sc, &s->sc);
	if (!session_run(s, s->an, &sc))
		session_status(s, true, "%s", s->an->error);
	scenario_copy(&s->sc, &s->an->sc);
	if (!s->selected && s->an->nplans)
		s->selected = catalog_gpu(s, &s->an->plans[0]);
	sort_rows(s);
}

void session_select_at(struct session *s, int row)
{
	const struct plan *p = row >= 0 ? session_plan_at(s, (size_t)row) : NULL;
	if (!p)
		return;
	s->selected = catalog_gpu(s, p);
	selection_changed(s);
}

void session_select_row(struct session *s, int delta)
{
	int n = (int)s->an->nplans;
	if (n == 0)
		return;
	int row = session_selected_row(s) + delta;
	session_select_at(s, row < 0 ? 0 : row >= n ? n - 1 : row);
}

void session_set_visible(struct session *s, int rows)
{
	s->visible = rows;
	scroll_to_selection(s);
}

void session_cycle_sort(struct session *s)
{
	s->sort = (enum sort_mode)((s->sort + 1) % SORT_COUNT);
	sort_rows(s);
	session_status(s, false, _("sorted by %s"), _(sort_names[s->sort]));
}

void session_pin(struct session *s)
{
	char summary[256];
	scenario_copy(&s->pin_sc, &s->sc);
	if (!session_run(s, &s->pin_an, &s->pin_sc)) {
		session_status(s, true, "%s", s->pin_an.error);
		return;
	}
	s->pinned = true;
	scenario_summary(summary, sizeof summary, &s->pin_sc);
	session_status(s, false, _("pinned %s: change anything to compare, P unpins"), summary);
}

void session_unpin(struct session *s)
{
	s->pinned = false;
	session_status(s, false, "%s", _("unpinned"));
}
