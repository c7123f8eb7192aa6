/* --limits: for each GPU type, the longest context (at the concurrency
 * set) and the most sequences (at the context set) on 1, 2, 4, 8 cards. */
#include <stdio.h>

#include "figures.h"
#include "i18n.h"
#include "jsonw.h"
#include "capacity.h"
#include "report.h"
#include "table_cells.h"
#include "units.h"
#include "tables.h"
#include "text.h"

/* Output tok/s of lim->cards cards serving the most sequences they hold
 * (the time model at B_max); < 0 for training or when none fits. */
static double limit_speed(const struct analysis *a, const struct gpu *g,
			  const struct card_limit *lim)
{
	struct scenario s;
	struct workload w;
	static struct plan p; /* large; one report at a time */
	if (tasks[a->sc.task].kind != TASK_INFERENCE || lim->max_concurrency <= 0)
		return -1;
	scenario_copy(&s, &a->sc);
	s.cards = lim->cards;
	s.concurrency = lim->max_concurrency;
	s.min_speed = 0;
	if (!workload_init(&w, &s))
		return -1;
	plan_for_gpu(&w, a->catalog, g, &p);
	plan_choose(&w, a->catalog, &p);
	return p.fits && p.throughput.valid ? p.throughput.output_tokens_per_s : -1;
}

static void count_text(char *buf, size_t cap, long long v)
{
	if (v <= 0)
		snprintf(buf, cap, "—");
	else if (v >= MAX_CONTEXT_TOKENS)
		snprintf(buf, cap, "≥%lld", v);
	else
		snprintf(buf, cap, "%lld", v);
}

static void limit_row(FILE *out, enum report_format f, struct jsonw *j, const struct analysis *a,
		      const struct gpu *g, const struct card_limit *lim, bool first)
{
	const struct catalog *c = a->catalog;
	char ctx[32], seq[32], tok[32];
	double speed = limit_speed(a, g, lim);
	if (f == FORMAT_JSON) {
		jw_open(j, NULL, '{');
		jw_string(j, "gpu", g->id);
		jw_int(j, "cards", lim->cards);
		jw_int(j, "max_context", lim->max_context);
		jw_int(j, "max_concurrency", lim->max_concurrency);
		jw_number(j, "output_tokens_per_s", speed, 2);
		jw_close(j, '}');
	} else if (f == FORMAT_CSV) {
		fprintf(out, "%s,%d,%lld,%lld,", g->id, lim->cards, lim->max_context,
			lim->max_concurrency);
		if (speed >= 0)
			fprintf(out, "%.2f", speed);
		report_data_cells(out, c);
		fputc('\n', out);
	} else {
		count_text(ctx, sizeof ctx, lim->max_context);
		count_text(seq, sizeof seq, lim->max_concurrency);
		text_pad(out, first ? gpu_short_name(g) : "", 16, 0);
		unit_rate(tok, sizeof tok, speed);
		fprintf(out, " %5d", lim->cards);
		const char *const cells[] = {ctx, seq, tok};
		for (size_t k = 0; k < 3; k++) { /* by display width: "—" is 3 bytes */
			fputc(' ', out);
			text_pad(out, cells[k], 16, 1);
		}
		fputc('\n', out);
	}
}

/* The columns' headings, padded by display width as the rows are. */
static void limits_heading(FILE *out)
{
	const char *const right[] = {_("longest context"), _("most sequences"), "tok/s"};
	text_pad(out, _(figure_label_for(NULL, "gpu")), 16, 0);
	fputc(' ', out);
	text_pad(out, _(figure_label_for(NULL, "cards")), 5, 1);
	for (size_t k = 0; k < 3; k++) {
		fputc(' ', out);
		text_pad(out, right[k], 16, 1);
	}
	fputc('\n', out);
}

bool report_limits(FILE *out, enum report_format f, const struct analysis *a)
{
	struct jsonw j = {.out = out};
	char summary[256];
	scenario_summary(summary, sizeof summary, &a->sc);
	if (f == FORMAT_JSON) {
		char date[16];
		unit_date(date, sizeof date, a->catalog->newest_date);
		jw_open(&j, NULL, '{');
		jw_string(&j, "data_source", a->catalog->source);
		jw_string(&j, "prices_as_of", date);
		jw_string(&j, "scenario", summary);
		jw_open(&j, "settings", '{'); /* the summary is for people; these are the values */
		report_json_settings(&j, &a->sc);
		jw_close(&j, '}');
		jw_open(&j, "limits", '[');
	} else if (f == FORMAT_CSV) {
		fprintf(out, "gpu,cards,max_context,max_concurrency,output_tokens_per_s,data_source,"
			     "prices_as_of\n");
	} else {
		struct table_look look;
		char bands[160];
		table_look_of(&look, a->plans, a->nplans);
		table_bands_text(bands, sizeof bands, &look);
		fprintf(out, "%s\n", summary);
		report_data_line(out, a->catalog);
		fprintf(out, _("longest context at concurrency %lld; most sequences at context %lld; "
			       "tok/s: output tokens per second serving that many (%s)\n\n"),
			a->sc.concurrency, a->sc.context, bands);
		limits_heading(out);
	}
	for (size_t i = 0; i < a->nplans; i++) {
		struct card_limit lim[LIMIT_CARD_COUNTS];
		if (!limits_for_gpu(a->catalog, &a->sc, a->plans[i].gpu, lim))
			return false;
		for (int k = 0; k < LIMIT_CARD_COUNTS; k++)
			limit_row(out, f, &j, a, a->plans[i].gpu, &lim[k], k == 0);
	}
	if (f == FORMAT_JSON) {
		jw_close(&j, ']');
		jw_close(&j, '}');
	}
	return true;
}
