/* --compare: per GPU type, the base scenario's cards, plan and monthly
 * cost beside the other scenario's, and the difference. */
#include <stdio.h>

#include "compare.h"
#include "figures.h"
#include "jsonw.h"
#include "plan_text.h"
#include "report.h"
#include "text.h"

static void compare_table(FILE *out, const struct analysis *a, const struct analysis *b)
{
	char sa[256], sb[256];
	const char *plan = figure_label_for(NULL, "strategy");
	scenario_summary(sa, sizeof sa, &a->sc);
	scenario_summary(sb, sizeof sb, &b->sc);
	fprintf(out, "A: %s\nB: %s\n", sa, sb);
	report_data_line(out, a->catalog);
	fprintf(out, "(monthly: the cheaper way to rent each plan)\n\n");
	fprintf(out, "%-16s %5s %-16s %9s  %5s %-16s %9s %10s\n", figure_label_for(NULL, "gpu"), "A",
		plan, "monthly", "B", plan, "monthly", "B - A");
	for (size_t i = 0; i < a->nplans; i++) {
		struct compare_row r;
		compare_row_fill(&r, &a->plans[i], plan_for_same_gpu(b, &a->plans[i]));
		text_pad(out, gpu_short_name(r.gpu), 16, 0);
		fprintf(out, " %5d ", r.cards_a);
		text_pad(out, r.strategy_a, 16, 0);
		fprintf(out, " %9s  %5d ", r.money_a, r.cards_b);
		text_pad(out, r.strategy_b, 16, 0);
		fprintf(out, " %9s %10s\n", r.money_b, r.delta);
	}
}

static void compare_side(struct jsonw *j, const char *key, const struct plan *p)
{
	jw_open(j, key, '{');
	jw_int(j, "cards", p ? p->cards : 0);
	jw_string(j, "strategy", p ? p->strategy : NULL);
	jw_bool(j, "fits", p && p->fits);
	jw_number(j, "monthly", p ? plan_monthly(p) : -1, 2);
	jw_close(j, '}');
}

static void compare_json(FILE *out, const struct analysis *a, const struct analysis *b)
{
	struct jsonw j = {.out = out};
	char sa[256], sb[256];
	scenario_summary(sa, sizeof sa, &a->sc);
	scenario_summary(sb, sizeof sb, &b->sc);
	jw_open(&j, NULL, '{');
	char date[16];
	format_date(date, sizeof date, a->catalog->newest_date);
	jw_string(&j, "data_source", a->catalog->source);
	jw_string(&j, "prices_as_of", date);
	jw_string(&j, "a", sa);
	jw_string(&j, "b", sb);
	jw_open(&j, "rows", '[');
	for (size_t i = 0; i < a->nplans; i++) {
		struct compare_row r;
		double delta;
		compare_row_fill(&r, &a->plans[i], plan_for_same_gpu(b, &a->plans[i]));
		jw_open(&j, NULL, '{');
		jw_string(&j, "gpu", r.gpu->id);
		compare_side(&j, "a", r.a);
		compare_side(&j, "b", r.b);
		if (compare_row_delta(&r, &delta))
			jw_signed(&j, "difference_monthly", delta, 2);
		else
			jw_null(&j, "difference_monthly");
		jw_close(&j, '}');
	}
	jw_close(&j, ']');
	jw_close(&j, '}');
}

static void compare_csv(FILE *out, const struct analysis *a, const struct analysis *b)
{
	fprintf(out, "gpu,a_cards,a_strategy,a_monthly,b_cards,b_strategy,b_monthly,difference_monthly,"
		"data_source,prices_as_of\n");
	for (size_t i = 0; i < a->nplans; i++) {
		struct compare_row r;
		char ma[24] = "", mb[24] = "", d[24] = "";
		double delta;
		compare_row_fill(&r, &a->plans[i], plan_for_same_gpu(b, &a->plans[i]));
		if (r.monthly_a >= 0)
			snprintf(ma, sizeof ma, "%.2f", r.monthly_a);
		if (r.monthly_b >= 0)
			snprintf(mb, sizeof mb, "%.2f", r.monthly_b);
		if (compare_row_delta(&r, &delta))
			snprintf(d, sizeof d, "%.2f", delta);
		fprintf(out, "%s,%d,%s,%s,%d,%s,%s,%s", r.gpu->id, r.cards_a, r.a->strategy, ma,
			r.cards_b, r.b ? r.b->strategy : "", mb, d);
		report_data_cells(out, a->catalog);
		fputc('\n', out);
	}
}

void report_compare(FILE *out, enum report_format f, const struct analysis *a,
		    const struct analysis *b)
{
	if (f == FORMAT_JSON)
		compare_json(out, a, b);
	else if (f == FORMAT_MARKDOWN)
		report_markdown_compare(out, a, b, NULL, 0);
	else if (f == FORMAT_CSV)
		compare_csv(out, a, b);
	else
		compare_table(out, a, b);
}
