/* The CSV report: one row per plan, the JSON's figures flattened
 * (per_card_gib.total -> per_card_total_gib, container.region ->
 * container_region), the JSON's scenario object in every row
 * (scenario.output_len -> scenario_output_len), the notes joined in one
 * cell and their codes in the next. The columns and their order are in
 * gpuplan(1), CSV COLUMNS. */
#include <csv.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "jsonw.h"
#include "report.h"
#include "tables.h"

#define MAX_FIELDS 512 /* 370 with the serving figures (step terms, open loop) and the scenario */

struct row {
	char names[MAX_FIELDS][64];
	char values[MAX_FIELDS][1024];
	int n;
};

static void add(struct row *r, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add(struct row *r, const char *name, const char *fmt, ...)
{
	if (r->n == MAX_FIELDS)
		return;
	va_list ap;
	va_start(ap, fmt);
	snprintf(r->names[r->n], sizeof r->names[0], "%s", name);
	vsnprintf(r->values[r->n++], sizeof r->values[0], fmt, ap);
	va_end(ap);
}

/* The scenario's columns that lead each row, named as in the JSON
 * scenario object, for spreadsheets that read them by position. */
static const char *const lead_columns[] = {"model", "precision", "task", "context",
					   "concurrency"};
#define N_LEAD (sizeof lead_columns / sizeof lead_columns[0])

static bool is_lead_column(const char *name)
{
	for (size_t i = 0; i < N_LEAD; i++)
		if (strcmp(lead_columns[i], name) == 0)
			return true;
	return false;
}

/* jsonw's cell mode: each member of the JSON scenario object as a cell
 * (null: empty). */
static void scenario_cell(void *ctx, const char *key, const char *text)
{
	add(ctx, key, "%s", text ? text : "");
}

/* The scenario object as report_json writes it, so that a setting added
 * to settings[] reaches the CSV with no code here. */
static void scenario_cells(struct row *cells, const struct analysis *a)
{
	struct jsonw j = {.cell = scenario_cell, .ctx = cells};
	cells->n = 0;
	report_json_scenario(&j, a);
}

static void add_lead_scenario(struct row *r, const struct row *cells)
{
	for (size_t k = 0; k < N_LEAD; k++)
		for (int i = 0; i < cells->n; i++)
			if (strcmp(cells->names[i], lead_columns[k]) == 0)
				add(r, cells->names[i], "%s", cells->values[i]);
}

static void add_later_scenario(struct row *r, const struct row *cells)
{
	char name[80];
	for (int i = 0; i < cells->n; i++)
		if (!is_lead_column(cells->names[i])) {
			snprintf(name, sizeof name, "scenario_%s", cells->names[i]);
			add(r, name, "%s", cells->values[i]);
		}
}

/* Every report says which data it used and how fresh the prices are. */
static void add_data(struct row *r, const struct analysis *a)
{
	char date[16];
	format_date(date, sizeof date, a->catalog->newest_date);
	add(r, "data_source", "%s", a->catalog->source);
	add(r, "prices_as_of", "%s", date);
}

/* Today's plan columns in today's order, for spreadsheets that read them
 * by position. Every other figure follows them, in the order of the
 * figures table; the notes and the data cells stay last. */
static const char *const first_columns[] = {
	"gpu", "gpu_name", "capacity_gib", "fits", "cards", "machines", "tp", "pp", "dp", "zero",
	"strategy", "per_card_weights_gib", "per_card_kv_cache_gib", "per_card_activations_gib",
	"per_card_gradients_gib", "per_card_optimizer_gib", "per_card_overhead_gib",
	"per_card_total_gib", "per_card_with_headroom_gib", "utilization_pct",
	"container_available", "container_region", "container_max_cards",
	"container_monthly_per_card", "container_monthly_total", "container_hourly_per_card",
	"container_collected", "container_source", "baremetal_available", "baremetal_region",
	"baremetal_machines", "baremetal_monthly_machine", "baremetal_monthly_per_card",
	"baremetal_monthly_total", "baremetal_idle_cards", "baremetal_network",
	"baremetal_collected", "baremetal_source", "cheaper", "efficiency_pct"};
#define N_FIRST (sizeof first_columns / sizeof first_columns[0])

static bool is_first_column(const char *name)
{
	for (size_t i = 0; i < N_FIRST; i++)
		if (strcmp(first_columns[i], name) == 0)
			return true;
	return false;
}

/* "no_container_offer", or "" where the figure does not apply. */
static void add_message_code(struct row *r, const char *name, const struct figure *f,
			     const struct plan *p)
{
	struct figure_value v = {0};
	bool got = figure_get(f, p, &v);
	add(r, name, "%s", got ? message_key(v.message->code) : "");
}

/* A list of messages (why): their codes, in order, split by ';'. */
static void add_list_codes(struct row *r, const char *name, const struct figure *f,
			   const struct plan *p)
{
	char codes[1024] = "";
	for (int i = 0, n = figure_list_count(f, p); i < n; i++) {
		struct figure_value v;
		size_t used = strlen(codes);
		if (figure_item(&f->list->fields[0], p, i, &v))
			snprintf(codes + used, sizeof codes - used, "%s%s", i ? ";" : "",
				 message_key(v.message->code));
	}
	add(r, name, "%s", codes);
}

static bool is_message_list(const struct figure *f)
{
	return f->kind == FIGURE_LIST && f->list->nfields == 1 &&
	       f->list->fields[0].kind == FIGURE_MESSAGE;
}

/* A message figure is two cells: its text and, named NAME_code (a list:
 * NAME_codes), its code. */
static void add_figure(struct row *r, const struct figure *f, const struct plan *p)
{
	char name[64], code_name[80], value[1024];
	figure_csv_name(f, name, sizeof name);
	figure_text(f, p, value, sizeof value);
	add(r, name, "%s", value);
	snprintf(code_name, sizeof code_name, "%s_code%s", name, f->kind == FIGURE_LIST ? "s" : "");
	if (f->kind == FIGURE_MESSAGE)
		add_message_code(r, code_name, f, p);
	else if (is_message_list(f))
		add_list_codes(r, code_name, f, p);
}

static void add_first_figures(struct row *r, const struct plan *p)
{
	char name[64];
	for (size_t k = 0; k < N_FIRST; k++)
		for (size_t i = 0; i < n_figures; i++) {
			figure_csv_name(&figures[i], name, sizeof name);
			if (strcmp(name, first_columns[k]) == 0)
				add_figure(r, &figures[i], p);
		}
}

static void add_later_figures(struct row *r, const struct plan *p)
{
	char name[64];
	for (size_t i = 0; i < n_figures; i++) {
		figure_csv_name(&figures[i], name, sizeof name);
		if (!is_first_column(name))
			add_figure(r, &figures[i], p);
	}
}

/* The notes' texts joined by "; ", then their codes joined by ";". */
static void add_notes(struct row *r, const struct plan *p)
{
	char notes[PLAN_NOTES * MESSAGE_TEXT_MAX + 16] = "", codes[PLAN_NOTES * 48] = "";
	for (int i = 0; i < p->nnotes; i++) {
		snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "%s%s", i ? "; " : "",
			 MESSAGE_TEXT(&p->notes[i]));
		snprintf(codes + strlen(codes), sizeof codes - strlen(codes), "%s%s", i ? ";" : "",
			 message_key(p->notes[i].code));
	}
	add(r, "notes", "%s", notes);
	add(r, "note_codes", "%s", codes);
}

static void plan_row(struct row *r, const struct row *scenario, const struct analysis *a,
		     const struct plan *p)
{
	r->n = 0;
	add_lead_scenario(r, scenario);
	add_first_figures(r, p);
	add_later_figures(r, p);
	add_later_scenario(r, scenario);
	add_notes(r, p);
	add_data(r, a);
}

/* cells: n strings of 'stride' bytes each (a row's names or values). */
#define write_cells(out, cells, n) write_strings(out, &(cells)[0][0], sizeof (cells)[0], n)

static void write_strings(FILE *out, const char *cells, size_t stride, int n)
{
	for (int i = 0; i < n; i++) {
		const char *s = cells + (size_t)i * stride;
		if (i)
			fputc(',', out);
		if (strpbrk(s, ",\"\n\r"))
			csv_fwrite(out, s, strlen(s));
		else
			fputs(s, out);
	}
	fputc('\n', out);
}

void report_csv(FILE *out, const struct analysis *a)
{
	static struct row r, scenario; /* large; one report at a time */
	scenario_cells(&scenario, a);
	for (size_t i = 0; i < a->nplans; i++) {
		plan_row(&r, &scenario, a, &a->plans[i]);
		if (i == 0)
			write_cells(out, r.names, r.n);
		write_cells(out, r.values, r.n);
	}
}
