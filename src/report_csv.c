/* The CSV report: one row per plan, JSON names flattened
 * (per_card_gib.total -> per_card_total_gib). */
#include <csv.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "tables.h"

#define G(x) ((x) / GIB)
#define MAX_FIELDS 64

struct row {
	const char *names[MAX_FIELDS];
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
	r->names[r->n] = name;
	vsnprintf(r->values[r->n++], sizeof r->values[0], fmt, ap);
	va_end(ap);
}

/* Empty where a value does not apply, as null is in the JSON. */
static void add_num(struct row *r, const char *name, bool applies, int decimals, double v)
{
	if (applies)
		add(r, name, "%.*f", decimals, v);
	else
		add(r, name, "%s", "");
}

static void add_scenario(struct row *r, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	add(r, "model", "%s", sc->model->id);
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

static void add_memory(struct row *r, const struct plan *p)
{
	bool has = p->cards > 0;
	const struct mem_terms *m = &p->per_card;
	add_num(r, "per_card_weights_gib", has, 4, G(m->weights));
	add_num(r, "per_card_kv_cache_gib", has, 4, G(m->kv_cache));
	add_num(r, "per_card_activations_gib", has, 4, G(m->activations));
	add_num(r, "per_card_gradients_gib", has, 4, G(m->gradients));
	add_num(r, "per_card_optimizer_gib", has, 4, G(m->optimizer));
	add_num(r, "per_card_overhead_gib", has, 4, G(m->overhead));
	add_num(r, "per_card_total_gib", has, 4, G(p->need));
	add_num(r, "per_card_with_headroom_gib", has, 4, G(p->with_headroom));
	add_num(r, "utilization_pct", has, 1, p->utilization_pct);
}

static void add_rent(struct row *r, const struct plan *p, const struct rent *x, bool container)
{
	char date[16];
	bool priced = p->cards > 0 && x->offer;
	format_date(date, sizeof date, x->monthly_collected);
	add(r, container ? "container_available" : "baremetal_available", "%s",
	    x->available ? "true" : "false");
	add(r, container ? "container_region" : "baremetal_region", "%s",
	    priced ? x->offer->region : "");
	if (container) {
		add_num(r, "container_max_cards", priced, 0, x->max_cards);
		add_num(r, "container_monthly_per_card", priced, 2, x->monthly_per_card);
		add_num(r, "container_monthly_total", x->available, 2, x->total);
		add_num(r, "container_hourly_per_card", priced && x->hourly_per_card >= 0, 4,
			x->hourly_per_card);
	} else {
		add_num(r, "baremetal_machines", priced, 0, x->machines);
		add_num(r, "baremetal_monthly_machine", priced, 2, x->machine_monthly);
		add_num(r, "baremetal_monthly_per_card", priced, 2, x->monthly_per_card);
		add_num(r, "baremetal_monthly_total", priced, 2, x->total);
		add_num(r, "baremetal_idle_cards", priced, 0, x->idle);
		add(r, "baremetal_network", "%s", priced ? x->offer->network : "");
	}
	add(r, container ? "container_collected" : "baremetal_collected", "%s", priced ? date : "");
	add(r, container ? "container_source" : "baremetal_source", "%s", priced ? x->offer->source : "");
}

static void plan_row(struct row *r, const struct analysis *a, const struct plan *p)
{
	static const char *const cheaper[] = {"", "container", "baremetal"};
	bool has = p->cards > 0;
	r->n = 0;
	add_scenario(r, a);
	add(r, "gpu", "%s", p->gpu->id);
	add(r, "gpu_name", "%s", p->gpu->name);
	add(r, "capacity_gib", "%.4f", G(p->capacity));
	add(r, "fits", "%s", p->fits ? "true" : "false");
	add_num(r, "cards", has, 0, p->cards);
	add_num(r, "machines", has, 0, p->machines);
	add_num(r, "tp", has, 0, p->lay.t);
	add_num(r, "pp", has, 0, p->lay.p);
	add_num(r, "dp", has, 0, p->lay.d);
	add_num(r, "zero", has, 0, p->lay.zero);
	add(r, "strategy", "%s", p->strategy);
	add_memory(r, p);
	add_rent(r, p, &p->container, true);
	add_rent(r, p, &p->baremetal, false);
	add(r, "cheaper", "%s", cheaper[p->cheaper]);
	add_num(r, "efficiency_pct", has && p->efficiency >= 0, 1, 100 * p->efficiency);
	char notes[PLAN_NOTES * MESSAGE_TEXT_MAX + 16] = "";
	for (int i = 0; i < p->nnotes; i++)
		snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "%s%s", i ? "; " : "",
			 MESSAGE_TEXT(&p->notes[i]));
	add(r, "notes", "%s", notes);
	add_data(r, a);
}

static void write_cells(FILE *out, const char *const *cells, size_t stride, int n)
{
	for (int i = 0; i < n; i++) {
		const char *s = *(const char *const *)((const char *)cells + i * stride);
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
			write_cells(out, r.names, sizeof r.names[0], r.n);
		const char *values[MAX_FIELDS];
		for (int k = 0; k < r.n; k++)
			values[k] = r.values[k];
		write_cells(out, values, sizeof values[0], r.n);
	}
}
