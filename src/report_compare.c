/* --compare: per GPU type, the base scenario's cards, plan and monthly
 * cost beside the other scenario's, and the difference. */
#include <stdio.h>

#include "compare.h"
#include "jsonw.h"
#include "report.h"
#include "text.h"

static void cell_money(char *buf, size_t cap, double v)
{
	if (v < 0)
		snprintf(buf, cap, "—");
	else
		snprintf(buf, cap, "%.0f", v);
}

static void delta_text(char *buf, size_t cap, double base, double other)
{
	if (base < 0 || other < 0)
		snprintf(buf, cap, "—");
	else
		snprintf(buf, cap, "%+.0f", other - base);
}

static void compare_table(FILE *out, const struct analysis *a, const struct analysis *b)
{
	char sa[256], sb[256];
	scenario_summary(sa, sizeof sa, &a->sc);
	scenario_summary(sb, sizeof sb, &b->sc);
	fprintf(out, "A: %s\nB: %s\n", sa, sb);
	report_data_line(out, a->catalog);
	fprintf(out, "(monthly: the cheaper way to rent each plan)\n\n");
	fprintf(out, "%-16s %5s %-16s %9s  %5s %-16s %9s %10s\n", "GPU", "A", "plan", "monthly",
		"B", "plan", "monthly", "B - A");
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i], *q = plan_for_same_gpu(b, p);
		char ma[24], mb[24], d[24];
		double xa = plan_monthly(p), xb = q ? plan_monthly(q) : -1;
		cell_money(ma, sizeof ma, xa);
		cell_money(mb, sizeof mb, xb);
		delta_text(d, sizeof d, xa, xb);
		text_pad(out, gpu_short_name(p->gpu), 16, 0);
		fprintf(out, " %5d ", p->cards);
		text_pad(out, p->strategy, 16, 0);
		fprintf(out, " %9s  %5d ", ma, q ? q->cards : 0);
		text_pad(out, q ? q->strategy : "—", 16, 0);
		fprintf(out, " %9s %10s\n", mb, d);
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
		const struct plan *p = &a->plans[i], *q = plan_for_same_gpu(b, p);
		double xa = plan_monthly(p), xb = q ? plan_monthly(q) : -1;
		jw_open(&j, NULL, '{');
		jw_string(&j, "gpu", p->gpu->id);
		compare_side(&j, "a", p);
		compare_side(&j, "b", q);
		if (xa >= 0 && xb >= 0)
			jw_signed(&j, "difference_monthly", xb - xa, 2);
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
		const struct plan *p = &a->plans[i], *q = plan_for_same_gpu(b, p);
		double xa = plan_monthly(p), xb = q ? plan_monthly(q) : -1;
		char ma[24] = "", mb[24] = "", d[24] = "";
		if (xa >= 0)
			snprintf(ma, sizeof ma, "%.2f", xa);
		if (xb >= 0)
			snprintf(mb, sizeof mb, "%.2f", xb);
		if (xa >= 0 && xb >= 0)
			snprintf(d, sizeof d, "%.2f", xb - xa);
		fprintf(out, "%s,%d,%s,%s,%d,%s,%s,%s", p->gpu->id, p->cards, p->strategy, ma,
			q ? q->cards : 0, q ? q->strategy : "", mb, d);
		report_data_cells(out, a->catalog);
		fputc('\n', out);
	}
}

void report_compare(FILE *out, enum report_format f, const struct analysis *a,
		    const struct analysis *b)
{
	if (f == FORMAT_JSON)
		compare_json(out, a, b);
	else if (f == FORMAT_CSV)
		compare_csv(out, a, b);
	else
		compare_table(out, a, b);
}
