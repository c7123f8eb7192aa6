/* The human-readable report: a header, one row per GPU type in columns
 * as wide as their widest cell, then each plan's breakdown. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "figures.h"
#include "i18n.h"
#include "money.h"
#include "plan_text.h"
#include "report.h"
#include "report_time.h"
#include "tables.h"
#include "text.h"

#define G(x) ((x) / GIB)

static void print_header(FILE *out, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	const struct model *m = scenario_model(sc);
	fprintf(out, _("%s · %.4gB params"), m->name, m->params_b);
	if (m->active_params_b < m->params_b)
		fprintf(out, _(" (%.4gB active)"), m->active_params_b);
	char line[256];
	scenario_header(line, sizeof line, sc);
	fprintf(out, "%s\n", line);
	report_data_line(out, a->catalog);
	char whole[256], overhead[64];
	mem_terms_text(whole, sizeof whole, &a->totals, 2, "  ", TERM_WEIGHTS, TERM_OVERHEAD);
	mem_terms_text(overhead, sizeof overhead, &a->totals, 2, "", TERM_OVERHEAD, TERM_COUNT);
	fprintf(out, _("whole model: %s GiB; %s GiB/card; headroom %.0f %%\n"), whole, overhead,
		sc->headroom_pct);
	for (int i = 0; i < a->nnotes; i++)
		fprintf(out, _("note: %s\n"), MESSAGE_TEXT(&a->notes[i]));
}

/* One row of the table as text; the columns are as wide as their widest
 * cell, so no number or plan is ever cut. */
enum table_col { COL_GPU, COL_CARDS, COL_PLAN, COL_NEED, COL_HEADROOM, COL_FIT, COL_CONTAINER,
		 COL_BAREMETAL, COL_MONTH, COL_TIME_A, COL_TIME_B, NCOLS };

struct table_row {
	char cell[NCOLS][96];
};

static bool table_training(const struct analysis *a)
{
	return tasks[a->sc.task].kind != TASK_INFERENCE;
}

/* The two time columns: inference tok/s and ¥ per million output tokens,
 * training days and the job's cost; none without time figures. */
static size_t table_ncols(const struct analysis *a)
{
	return table_training(a) && a->sc.train_tokens <= 0 ? COL_TIME_A : NCOLS;
}

static void time_cells(struct table_row *t, const struct plan *p, bool train)
{
	char (*c)[96] = t->cell;
	if (!train) {
		time_speed_cell(c[COL_TIME_A], sizeof c[0], p);
		time_per_million_cell(c[COL_TIME_B], sizeof c[0], p);
	} else {
		time_days_cell(c[COL_TIME_A], sizeof c[0], p);
		time_job_cost_cell(c[COL_TIME_B], sizeof c[0], p);
	}
}

/* Left-aligned columns; the others are numbers, aligned right. */
static bool col_left(enum table_col c)
{
	return c == COL_GPU || c == COL_PLAN || c == COL_FIT;
}

/* "¥9,345*": the per-card price, starred when this way is the cheaper. */
static void price_cell(char *buf, size_t cap, const struct plan *p, const struct rent *r)
{
	if (!p->fits) { /* a forced count that does not fit is no offer */
		snprintf(buf, cap, "—");
		return;
	}
	format_price_money(buf, cap, r);
	if (r == plan_cheaper_rent(p))
		snprintf(buf + strlen(buf), cap - strlen(buf), "*");
}

static void month_cell(char *buf, size_t cap, const struct plan *p)
{
	double m = plan_monthly(p);
	if (!p->fits)
		snprintf(buf, cap, "%s", _("does not fit"));
	else if (m < 0)
		snprintf(buf, cap, "—");
	else
		money_format(buf, cap, m, plan_currency(p), 0, MONEY_UTF8);
}

static void row_cells(struct table_row *t, const struct plan *p, bool train)
{
	char (*c)[96] = t->cell;
	time_cells(t, p, train);
	snprintf(c[COL_GPU], sizeof c[0], "%s", gpu_short_name(p->gpu));
	snprintf(c[COL_FIT], sizeof c[0], "%s", plan_fit_label(p));
	if (p->cards == 0) {
		snprintf(c[COL_CARDS], sizeof c[0], "—");
		snprintf(c[COL_PLAN], sizeof c[0], "%s", _("does not fit"));
		snprintf(c[COL_NEED], sizeof c[0], "—");
		snprintf(c[COL_HEADROOM], sizeof c[0], "—/%.1f", G(p->capacity));
		snprintf(c[COL_CONTAINER], sizeof c[0], "—");
		snprintf(c[COL_BAREMETAL], sizeof c[0], "—");
		snprintf(c[COL_MONTH], sizeof c[0], "—");
		return;
	}
	snprintf(c[COL_CARDS], sizeof c[0], "%d", p->cards);
	plan_strategy_text(c[COL_PLAN], sizeof c[0], p);
	snprintf(c[COL_NEED], sizeof c[0], "%.2f", G(p->need));
	snprintf(c[COL_HEADROOM], sizeof c[0], "%.1f/%.1f", G(p->with_headroom), G(p->capacity));
	price_cell(c[COL_CONTAINER], sizeof c[0], p, &p->container);
	price_cell(c[COL_BAREMETAL], sizeof c[0], p, &p->baremetal);
	month_cell(c[COL_MONTH], sizeof c[0], p);
}

static void heading_cells(struct table_row *t, bool train)
{
	const char *const text[NCOLS] = {
		[COL_GPU] = figure_label_for(NULL, "gpu"),
		[COL_CARDS] = figure_label_for(NULL, "cards"),
		[COL_PLAN] = figure_label_for(NULL, "strategy"),
		[COL_NEED] = _("GiB/card"),
		[COL_HEADROOM] = _("+headroom/cap"),
		[COL_FIT] = figure_label_for(NULL, "fit"),
		[COL_CONTAINER] = figure_group_label(&figure_group_container),
		[COL_BAREMETAL] = figure_group_label(&figure_group_baremetal),
		[COL_MONTH] = _("per month"),
		[COL_TIME_A] = train ? _("days") : "tok/s",
		[COL_TIME_B] = train ? _("job cost") : _("¥/M tok"),
	};
	for (enum table_col c = 0; c < NCOLS; c++)
		snprintf(t->cell[c], sizeof t->cell[c], "%s", text[c]);
}

/* The table, header to legend: every column as wide as its widest cell. */
static void print_table(FILE *out, const struct analysis *a)
{
	size_t nrows = a->nplans + 1, ncols = table_ncols(a);
	bool train = table_training(a);
	struct table_row *rows = calloc(nrows, sizeof *rows);
	const char **cells = calloc(nrows * NCOLS, sizeof *cells);
	bool left[NCOLS];
	if (rows && cells) {
		heading_cells(&rows[0], train);
		for (size_t i = 0; i < a->nplans; i++)
			row_cells(&rows[i + 1], &a->plans[i], train);
		for (size_t r = 0; r < nrows; r++)
			for (enum table_col c = 0; c < ncols; c++)
				cells[r * ncols + c] = rows[r].cell[c];
		for (enum table_col c = 0; c < NCOLS; c++)
			left[c] = col_left(c);
		fputc('\n', out);
		report_columns(out, cells, nrows, ncols, left);
	}
	free(cells);
	free(rows);
	fputs(_("(prices per card per month; * the cheaper way to rent the plan, whose total "
		"is \"per month\"; — not offered)\n"),
	      out);
	if (ncols == NCOLS && train)
		fputs(_("(days: the job on the plan's cards; job cost: its cheapest billing; "
			"estimates ±25 %, ±50 % on calibration=estimate GPUs)\n"),
		      out);
	else if (ncols == NCOLS)
		fputs(_("(tok/s: output tokens per second at the concurrency; ¥/M tok: per "
			"million output tokens, the cheaper way; estimates ±30 %, ±50 % on "
			"calibration=estimate GPUs)\n"),
		      out);
	if (a->unoffered)
		fprintf(out, P_("(%zu GPU type with no offer on file is not shown: --gpu all sizes "
				"it, --list-gpus names it)\n",
				"(%zu GPU types with no offer on file are not shown: --gpu all "
				"sizes them, --list-gpus names them)\n",
				(unsigned long)a->unoffered),
			a->unoffered);
}

static void print_detail(FILE *out, const struct plan *p, const struct scenario *sc)
{
	char terms[256], line[512];
	fputc('\n', out);
	fprintf(out, _("%s: "), gpu_short_name(p->gpu));
	if (p->cards == 0) {
		fprintf(out, "%s\n", _("does not fit"));
	} else {
		char shape[64];
		plan_strategy_text(shape, sizeof shape, p);
		fprintf(out, P_("%s on %d card", "%s on %d cards", p->cards), shape, p->cards);
		fprintf(out, P_(", %d machine\n", ", %d machines\n", p->machines), p->machines);
		mem_terms_text(terms, sizeof terms, &p->per_card, 2, " + ", TERM_WEIGHTS, TERM_COUNT);
		fprintf(out, _("  per card: %s = %.2f GiB\n"), terms, G(p->need));
		fprintf(out, _("  with %.0f %% headroom %.2f of %.2f GiB (%.0f %% used)\n"),
			sc->headroom_pct, G(p->with_headroom), G(p->capacity), p->utilization_pct);
		rent_describe(line, sizeof line, p, &p->container, RENT_REPORT);
		fprintf(out, "  %s\n", line);
		rent_describe(line, sizeof line, p, &p->baremetal, RENT_REPORT);
		fprintf(out, "  %s\n", line);
	}
	report_time_detail(out, p, sc);
	for (int i = 0; i < p->nnotes; i++)
		fprintf(out, _("  note: %s\n"), MESSAGE_TEXT(&p->notes[i]));
}

void report_table(FILE *out, const struct analysis *a)
{
	print_header(out, a);
	print_table(out, a);
	for (size_t i = 0; i < a->nplans; i++)
		print_detail(out, &a->plans[i], &a->sc);
}

/* A listing's column heading: its label (translated) and the width and
 * side of the values under it, so a Chinese heading lines up too. */
struct list_heading {
	const char *label;
	size_t width;
	bool right;
};

/* Each heading padded to its column by display width, never cut: a
 * heading wider than its column pushes the next one over, as printf did. */
static void list_headings(FILE *out, const struct list_heading *h, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *label = _(h[i].label);
		if (i > 0)
			fputc(' ', out);
		if ((i + 1 == n && !h[i].right) || text_width(label) >= h[i].width)
			fputs(label, out); /* no trailing blanks, nothing cut */
		else
			text_pad(out, label, h[i].width, h[i].right);
	}
	fputc('\n', out);
}

static const struct list_heading model_headings[] = {
	{N_("id"), 30, false},   {N_("name"), 30, false},  {N_("params"), 9, true},
	{N_("active"), 6, true}, {N_("layers"), 6, true},  {N_("hidden"), 6, true},
	{N_("kv"), 4, true},     {N_("context"), 8, true},
};

void report_list_models(FILE *out, const struct catalog *c)
{
	list_headings(out, model_headings, sizeof model_headings / sizeof model_headings[0]);
	for (size_t i = 0; i < c->nmodels; i++) {
		const struct model *m = &c->models[i];
		text_pad(out, m->id, 30, 0);
		fputc(' ', out);
		text_pad(out, m->name, 30, 0);
		fprintf(out, " %8.4gB %5.4gB %6d %6d %4d %8d\n", m->params_b, m->active_params_b,
			m->layers, m->hidden, m->kv_heads, m->max_context);
	}
}

/* "GB/s" and "TFLOPS" are units and "fp8" a precision's name: the same in
 * every language (no catalogue entry, so _() gives them back). */
static const struct list_heading gpu_headings[] = {
	{N_("id"), 14, false},  {N_("name"), 26, false}, {N_("memory"), 10, true},
	{"GB/s", 7, true},      {"TFLOPS", 6, true},     {"fp8", 4, true},
	{"fp4", 4, true},       {N_("link"), 7, false},  {N_("offers"), 0, false},
};

void report_list_gpus(FILE *out, const struct catalog *c)
{
	list_headings(out, gpu_headings, sizeof gpu_headings / sizeof gpu_headings[0]);
	for (size_t i = 0; i < c->ngpus; i++) {
		const struct gpu *g = &c->gpus[i];
		text_pad(out, g->id, 14, 0);
		fputc(' ', out);
		text_pad(out, g->name, 26, 0);
		fprintf(out, " %6.0f MiB %7.0f %6.0f ", g->memory_mib, fmax(g->bandwidth_gbs, 0),
			fmax(g->bf16_tflops, 0));
		text_pad(out, gpu_has_fp8(g) ? _("yes") : _("no"), 4, 1);
		fputc(' ', out);
		text_pad(out, gpu_has_fp4(g) ? _("yes") : _("no"), 4, 1);
		/* a type without an offer is sized on request only (--gpu): one
		 * word, so the column lines up in both languages */
		if (g->noffers)
			fprintf(out, " %-7s %zu\n", link_names[g->link], g->noffers);
		else
			fprintf(out, " %-7s %s\n", link_names[g->link], C_("offers|none"));
	}
}
