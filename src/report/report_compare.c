/* --compare: per GPU type, the base scenario's cards, plan and monthly
 * cost beside the other scenario's, and the difference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "figures.h"
#include "i18n.h"
#include "jsonw.h"
#include "plan_text.h"
#include "report.h"
#include "report_time.h"
#include "text.h"

enum compare_col { CC_GPU, CC_CARDS_A, CC_PLAN_A, CC_MONTH_A, CC_SPEED_A, CC_CARDS_B, CC_PLAN_B,
		   CC_MONTH_B, CC_SPEED_B, CC_DELTA, CC_SPEED_DELTA, NCC };

struct compare_cells {
	char cell[NCC][96];
};

static void side_cells(char (*c)[96], const struct plan *p, double monthly)
{
	time_side_cell(c[3], sizeof c[3], p);
	snprintf(c[0], sizeof c[0], "%d", p ? p->cards : 0);
	if (p && p->cards)
		plan_strategy_text(c[1], sizeof c[1], p);
	else
		snprintf(c[1], sizeof c[1], "%s", !p ? "—" : _("does not fit"));
	if (p && p->cards && !p->fits)
		snprintf(c[2], sizeof c[2], "%s", _("does not fit"));
	else if (monthly < 0)
		snprintf(c[2], sizeof c[2], "—");
	else
		unit_money(c[2], sizeof c[2], monthly, plan_currency(p), style_report.money);
}

static void compare_cells_fill(struct compare_cells *t, const struct plan *pa, const struct plan *pb)
{
	struct compare_row r;
	double delta;
	compare_row_fill(&r, pa, pb);
	snprintf(t->cell[CC_GPU], sizeof t->cell[0], "%s", gpu_short_name(r.gpu));
	side_cells(&t->cell[CC_CARDS_A], r.a, r.monthly_a);
	side_cells(&t->cell[CC_CARDS_B], r.b, r.monthly_b);
	if (compare_row_delta(&r, &delta))
		unit_money_signed(t->cell[CC_DELTA], sizeof t->cell[0], delta, plan_currency(r.b),
				  style_report.money);
	else
		snprintf(t->cell[CC_DELTA], sizeof t->cell[0], "—");
	time_delta_cell(t->cell[CC_SPEED_DELTA], sizeof t->cell[0], r.a, r.b);
}

/* The rows: A's GPU types, then those only B has (another catalogue). */
static size_t compare_rows(struct compare_cells *rows, const struct analysis *a,
			   const struct analysis *b)
{
	static const char *const head[NCC] = {
		[CC_GPU] = "GPU", [CC_CARDS_A] = "A", [CC_PLAN_A] = N_("plan"),
		[CC_MONTH_A] = N_("monthly"), [CC_SPEED_A] = N_("speed"), [CC_CARDS_B] = "B",
		[CC_PLAN_B] = N_("plan"), [CC_MONTH_B] = N_("monthly"), [CC_SPEED_B] = N_("speed"),
		[CC_DELTA] = "B - A", [CC_SPEED_DELTA] = N_("speed B - A")};
	static const bool marked[NCC] = {[CC_PLAN_A] = true, [CC_MONTH_A] = true,
		[CC_SPEED_A] = true, [CC_PLAN_B] = true, [CC_MONTH_B] = true, [CC_SPEED_B] = true,
		[CC_SPEED_DELTA] = true};
	size_t n = 0;
	for (enum compare_col c = 0; c < NCC; c++) /* "GPU", "A", "B - A" stay as they are */
		snprintf(rows[n].cell[c], sizeof rows[n].cell[c], "%s",
			 marked[c] ? _(head[c]) : head[c]);
	n++;
	for (size_t i = 0; i < a->nplans; i++)
		compare_cells_fill(&rows[n++], &a->plans[i], plan_for_same_gpu(b, &a->plans[i]));
	for (size_t i = 0; i < b->nplans; i++)
		if (!plan_for_same_gpu(a, &b->plans[i]))
			compare_cells_fill(&rows[n++], NULL, &b->plans[i]);
	return n;
}

static void compare_table(FILE *out, const struct analysis *a, const struct analysis *b)
{
	static const bool left[NCC] = {[CC_GPU] = true, [CC_PLAN_A] = true, [CC_PLAN_B] = true};
	char sa[256], sb[256];
	scenario_summary(sa, sizeof sa, &a->sc);
	scenario_summary(sb, sizeof sb, &b->sc);
	fprintf(out, _("A: %s\nB: %s\n"), sa, sb);
	report_data_line(out, a->catalog);
	if (b->catalog != a->catalog) {
		fputs(_("B's "), out);
		report_data_line(out, b->catalog);
	}
	fputs(_("(monthly: the cheaper way to rent each plan; speed: output tok/s at the "
		"concurrency, or days for a training job; estimates ±30 %, days ±25 %, ±50 % "
		"on calibration=estimate GPUs)\n\n"), out);
	struct compare_cells *rows = calloc(a->nplans + b->nplans + 1, sizeof *rows);
	const char **cells = calloc((a->nplans + b->nplans + 1) * NCC, sizeof *cells);
	if (rows && cells) {
		size_t n = compare_rows(rows, a, b);
		for (size_t r = 0; r < n; r++)
			for (enum compare_col c = 0; c < NCC; c++)
				cells[r * NCC + c] = rows[r].cell[c];
		report_columns(out, cells, n, NCC, left);
	}
	free(cells);
	free(rows);
}

static void compare_side(struct jsonw *j, const char *key, const struct plan *p)
{
	jw_open(j, key, '{');
	jw_int(j, "cards", p ? p->cards : 0);
	jw_string(j, "strategy", p ? p->strategy : NULL);
	jw_bool(j, "fits", p && p->fits);
	jw_number(j, "monthly", p ? plan_monthly(p) : -1, 2);
	double v;
	bool days;
	bool has = time_figure(p, &v, &days);
	jw_number(j, "output_tokens_per_s", has && !days ? v : -1, 2);
	jw_number(j, "days", has && days ? v : -1, 3);
	jw_close(j, '}');
}

/* B's tok/s (or days) minus A's; null when either has none. */
static bool time_delta(const struct plan *a, const struct plan *b, double *d, bool *days)
{
	double va, vb;
	bool da;
	if (!time_figure(a, &va, &da) || !time_figure(b, &vb, days) || da != *days)
		return false;
	*d = vb - va;
	return true;
}

static void compare_time_json(struct jsonw *j, const struct plan *a, const struct plan *b)
{
	double d;
	bool days;
	bool has = time_delta(a, b, &d, &days);
	if (has && !days)
		jw_signed(j, "difference_output_tokens_per_s", d, 2);
	else
		jw_null(j, "difference_output_tokens_per_s");
	if (has && days)
		jw_signed(j, "difference_days", d, 3);
	else
		jw_null(j, "difference_days");
}

static void csv_number(FILE *out, bool has, double v, int decimals)
{
	if (has)
		fprintf(out, ",%.*f", decimals, v);
	else
		fputc(',', out);
}

/* ",a_tok,b_tok,diff_tok,a_days,b_days,diff_days": empty cells where none. */
static void compare_time_csv(FILE *out, const struct plan *a, const struct plan *b)
{
	double va, vb, d;
	bool da, db, dd;
	bool ha = time_figure(a, &va, &da), hb = time_figure(b, &vb, &db);
	bool hd = time_delta(a, b, &d, &dd);
	for (int k = 0; k < 2; k++) {
		bool want_days = k == 1;
		int dec = want_days ? 3 : 2;
		csv_number(out, ha && da == want_days, va, dec);
		csv_number(out, hb && db == want_days, vb, dec);
		csv_number(out, hd && dd == want_days, d, dec);
	}
}

static void compare_json(FILE *out, const struct analysis *a, const struct analysis *b)
{
	struct jsonw j = {.out = out};
	char sa[256], sb[256];
	scenario_summary(sa, sizeof sa, &a->sc);
	scenario_summary(sb, sizeof sb, &b->sc);
	jw_open(&j, NULL, '{');
	char date[16];
	unit_date(date, sizeof date, a->catalog->newest_date);
	jw_string(&j, "data_source", a->catalog->source);
	jw_string(&j, "prices_as_of", date);
	if (b->catalog != a->catalog) { /* --compare "--data DIR" */
		unit_date(date, sizeof date, b->catalog->newest_date);
		jw_string(&j, "b_data_source", b->catalog->source);
		jw_string(&j, "b_prices_as_of", date);
	}
	jw_string(&j, "a", sa);
	jw_string(&j, "b", sb);
	/* the summaries above are for people; these are the values */
	jw_open(&j, "a_settings", '{');
	report_json_settings(&j, &a->sc);
	jw_close(&j, '}');
	jw_open(&j, "b_settings", '{');
	report_json_settings(&j, &b->sc);
	jw_close(&j, '}');
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
		compare_time_json(&j, r.a, r.b);
		jw_close(&j, '}');
	}
	jw_close(&j, ']');
	jw_close(&j, '}');
}

static void compare_csv(FILE *out, const struct analysis *a, const struct analysis *b)
{
	fprintf(out, "gpu,a_cards,a_strategy,a_monthly,b_cards,b_strategy,b_monthly,difference_monthly,"
		"a_output_tokens_per_s,b_output_tokens_per_s,difference_output_tokens_per_s,a_days,"
		"b_days,difference_days,data_source,prices_as_of\n");
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
		compare_time_csv(out, r.a, r.b);
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
