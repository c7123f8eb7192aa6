/* --limits: for each GPU type, the longest context (at the concurrency
 * set) and the most sequences (at the context set) on 1, 2, 4, 8 cards. */
#include <stdio.h>

#include "figures.h"
#include "jsonw.h"
#include "capacity.h"
#include "report.h"
#include "text.h"

static void count_text(char *buf, size_t cap, long long v)
{
	if (v <= 0)
		snprintf(buf, cap, "—");
	else if (v >= MAX_CONTEXT_TOKENS)
		snprintf(buf, cap, "≥%lld", v);
	else
		snprintf(buf, cap, "%lld", v);
}

static void limit_row(FILE *out, enum report_format f, struct jsonw *j, const struct catalog *c,
		      const struct gpu *g, const struct card_limit *lim, bool first)
{
	char ctx[32], seq[32];
	if (f == FORMAT_JSON) {
		jw_open(j, NULL, '{');
		jw_string(j, "gpu", g->id);
		jw_int(j, "cards", lim->cards);
		jw_int(j, "max_context", lim->max_context);
		jw_int(j, "max_concurrency", lim->max_concurrency);
		jw_close(j, '}');
	} else if (f == FORMAT_CSV) {
		fprintf(out, "%s,%d,%lld,%lld", g->id, lim->cards, lim->max_context,
			lim->max_concurrency);
		report_data_cells(out, c);
		fputc('\n', out);
	} else {
		count_text(ctx, sizeof ctx, lim->max_context);
		count_text(seq, sizeof seq, lim->max_concurrency);
		text_pad(out, first ? gpu_short_name(g) : "", 16, 0);
		fprintf(out, " %5d %16s %16s\n", lim->cards, ctx, seq);
	}
}

bool report_limits(FILE *out, enum report_format f, const struct analysis *a)
{
	struct jsonw j = {.out = out};
	char summary[256];
	scenario_summary(summary, sizeof summary, &a->sc);
	if (f == FORMAT_JSON) {
		char date[16];
		format_date(date, sizeof date, a->catalog->newest_date);
		jw_open(&j, NULL, '{');
		jw_string(&j, "data_source", a->catalog->source);
		jw_string(&j, "prices_as_of", date);
		jw_string(&j, "scenario", summary);
		jw_open(&j, "limits", '[');
	} else if (f == FORMAT_CSV) {
		fprintf(out, "gpu,cards,max_context,max_concurrency,data_source,prices_as_of\n");
	} else {
		fprintf(out, "%s\n", summary);
		report_data_line(out, a->catalog);
		fprintf(out, "longest context at concurrency %lld; most sequences at context %lld\n\n"
			"%-16s %5s %16s %16s\n", a->sc.concurrency, a->sc.context,
			figure_label_for(NULL, "gpu"), figure_label_for(NULL, "cards"),
			"longest context", "most sequences");
	}
	for (size_t i = 0; i < a->nplans; i++) {
		struct card_limit lim[LIMIT_CARD_COUNTS];
		if (!limits_for_gpu(a->catalog, &a->sc, a->plans[i].gpu, lim))
			return false;
		for (int k = 0; k < LIMIT_CARD_COUNTS; k++)
			limit_row(out, f, &j, a->catalog, a->plans[i].gpu, &lim[k], k == 0);
	}
	if (f == FORMAT_JSON) {
		jw_close(&j, ']');
		jw_close(&j, '}');
	}
	return true;
}
