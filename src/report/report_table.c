/* The human-readable report: a header, one row per GPU type in columns
 * as wide as their widest cell, then each plan's breakdown. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "plan_text.h"
#include "report.h"
#include "table_cells.h"
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
	plan_terms_text(whole, sizeof whole, &a->totals, "  ", TERM_WEIGHTS, TERM_OVERHEAD, false);
	plan_terms_text(overhead, sizeof overhead, &a->totals, "", TERM_OVERHEAD, TERM_COUNT, false);
	fprintf(out, _("whole model: %s GiB; %s GiB/card; headroom %.0f %%\n"), whole, overhead,
		sc->headroom_pct);
	for (int i = 0; i < a->nnotes; i++)
		fprintf(out, _("note: %s\n"), MESSAGE_TEXT(&a->notes[i]));
}

/* The report's columns, in its order (table_cells.h holds the one
 * vocabulary the screen shares); the time columns come last. */
static const enum table_col report_cols[] = {
	TC_NAME, TC_CARDS, TC_PLAN, TC_NEED, TC_FIGURES, TC_FIT, TC_CONTAINER, TC_BAREMETAL,
	TC_TOTAL, TC_SPEED, TC_UNIT_COST,
};
#define NCOLS (sizeof report_cols / sizeof report_cols[0])

static bool table_training(const struct analysis *a)
{
	return tasks[a->sc.task].kind != TASK_INFERENCE;
}

/* The two time columns: inference tok/s and the cost per million output
 * tokens, training days and the job's cost; none without time figures. */
static size_t table_ncols(const struct analysis *a)
{
	return table_training(a) && a->sc.train_tokens <= 0 ? NCOLS - 2 : NCOLS;
}

/* What the columns mean, with the rows' bands and currency. */
static void print_legend(FILE *out, const struct table_look *look, size_t ncols)
{
	char bands[160], cost[32];
	table_bands_text(bands, sizeof bands, look);
	table_heading(cost, sizeof cost, TC_UNIT_COST, 0, look, &style_report);
	fputs(_("(prices per card per month; * the cheaper way to rent the plan, whose total "
		"is \"per month\"; — not offered)\n"),
	      out);
	if (ncols == NCOLS && look->training)
		fprintf(out, _("(days: the job on the plan's cards; job cost: its cheapest billing; "
			       "%s)\n"), bands);
	else if (ncols == NCOLS)
		fprintf(out, _("(tok/s: output tokens per second at the concurrency; %s: per million "
			       "output tokens, the cheaper way; %s)\n"), cost, bands);
	if (ncols == NCOLS && look->short_of_goals)
		fputs(_("(< short of the goals: no shape of that GPU type meets them; the row is "
			"the nearest, and its why says what the goals would need)\n"),
		      out);
}

/* The table, header to legend: every column as wide as its widest cell. */
static void print_table(FILE *out, const struct analysis *a)
{
	size_t nrows = a->nplans + 1, ncols = table_ncols(a);
	struct table_look look;
	struct table_row *rows = calloc(nrows, sizeof *rows);
	const char **cells = calloc(nrows * NCOLS, sizeof *cells);
	bool left[NCOLS];
	table_look_of(&look, a->plans, a->nplans);
	look.training = table_training(a);
	if (rows && cells) {
		for (size_t c = 0; c < NCOLS; c++)
			table_heading(rows[0].text[report_cols[c]], sizeof rows[0].text[0],
				      report_cols[c], 0, &look, &style_report);
		for (size_t i = 0; i < a->nplans; i++)
			table_row_fill(&rows[i + 1], &a->plans[i], &style_report);
		for (size_t r = 0; r < nrows; r++)
			for (size_t c = 0; c < ncols; c++)
				cells[r * ncols + c] = rows[r].text[report_cols[c]];
		for (size_t c = 0; c < NCOLS; c++)
			left[c] = table_col_left(report_cols[c]);
		fputc('\n', out);
		report_columns(out, cells, nrows, ncols, left);
	}
	free(cells);
	free(rows);
	print_legend(out, &look, ncols);
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
	char terms[256], line[512], need[32];
	fputc('\n', out);
	fprintf(out, _("%s: "), gpu_short_name(p->gpu));
	if (p->cards == 0) {
		fprintf(out, "%s\n", _("does not fit"));
	} else {
		char shape[64];
		plan_strategy_text(shape, sizeof shape, p);
		fprintf(out, P_("%s on %d card", "%s on %d cards", p->cards), shape, p->cards);
		fprintf(out, P_(", %d machine\n", ", %d machines\n", p->machines), p->machines);
		plan_terms_text(terms, sizeof terms, &p->per_card, " + ", TERM_WEIGHTS, TERM_COUNT,
				false);
		unit_gib(need, sizeof need, G(p->need));
		fprintf(out, _("  per card: %s = %s GiB\n"), terms, need);
		plan_memory_line(line, sizeof line, p, sc->headroom_pct);
		fprintf(out, "  %s\n", line);
		rent_describe(line, sizeof line, p, &p->container, &style_report);
		fprintf(out, "  %s\n", line);
		rent_describe(line, sizeof line, p, &p->baremetal, &style_report);
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
