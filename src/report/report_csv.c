/* The CSV report: one row per plan, the JSON's figures flattened
 * (per_card_gib.total -> per_card_total_gib, container.region ->
 * container_region); the notes joined in one cell. */
#include <csv.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "report.h"
#include "tables.h"

#define MAX_FIELDS 256 /* 150 with the time figures */

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

static void add_scenario(struct row *r, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	add(r, "model", "%s", scenario_model(sc)->id);
	add(r, "precision", "%s", precisions[sc->precision].name);
	add(r, "task", "%s", tasks[sc->task].name);
	add(r, "context", "%lld", sc->context);
	add(r, "concurrency", "%lld", sc->concurrency);
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

static void add_figure(struct row *r, const struct figure *f, const struct plan *p)
{
	char name[64], value[1024];
	figure_csv_name(f, name, sizeof name);
	figure_text(f, p, value, sizeof value);
	add(r, name, "%s", value);
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

static void plan_row(struct row *r, const struct analysis *a, const struct plan *p)
{
	r->n = 0;
	add_scenario(r, a);
	add_first_figures(r, p);
	add_later_figures(r, p);
	char notes[PLAN_NOTES * MESSAGE_TEXT_MAX + 16] = "";
	for (int i = 0; i < p->nnotes; i++)
		snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "%s%s", i ? "; " : "",
			 MESSAGE_TEXT(&p->notes[i]));
	add(r, "notes", "%s", notes);
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
	static struct row r; /* large; one report at a time */
	for (size_t i = 0; i < a->nplans; i++) {
		plan_row(&r, a, &a->plans[i]);
		if (i == 0)
			write_cells(out, r.names, r.n);
		write_cells(out, r.values, r.n);
	}
}
