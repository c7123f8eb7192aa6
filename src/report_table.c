/* The human-readable report: a header, one row per GPU type that fits in
 * 100 columns, then each plan's breakdown. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "plan_text.h"
#include "report.h"
#include "tables.h"
#include "text.h"

#define G(x) ((x) / GIB)

static void print_header(FILE *out, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	const struct model *m = scenario_model(sc);
	fprintf(out, "%s · %.4gB params", m->name, m->params_b);
	if (m->active_params_b < m->params_b)
		fprintf(out, " (%.4gB active)", m->active_params_b);
	char line[256];
	scenario_header(line, sizeof line, sc);
	fprintf(out, "%s\n", line);
	report_data_line(out, a->catalog);
	char whole[256], overhead[64];
	mem_terms_text(whole, sizeof whole, &a->totals, 2, "  ", TERM_WEIGHTS, TERM_OVERHEAD);
	mem_terms_text(overhead, sizeof overhead, &a->totals, 2, "", TERM_OVERHEAD, TERM_COUNT);
	fprintf(out, "whole model: %s GiB; %s GiB/card; headroom %.0f %%\n", whole, overhead,
		sc->headroom_pct);
	for (int i = 0; i < a->nnotes; i++)
		fprintf(out, "note: %s\n", MESSAGE_TEXT(&a->notes[i]));
}

static void print_row(FILE *out, const struct plan *p)
{
	char ct[24], bm[24], need[24];
	format_price(ct, sizeof ct, &p->container);
	format_price(bm, sizeof bm, &p->baremetal);
	if (p->cheaper == CHEAPER_CONTAINER)
		snprintf(ct + strlen(ct), sizeof ct - strlen(ct), "*");
	if (p->cheaper == CHEAPER_BAREMETAL)
		snprintf(bm + strlen(bm), sizeof bm - strlen(bm), "*");
	text_pad(out, gpu_short_name(p->gpu), 16, 0);
	if (p->cards == 0) {
		fprintf(out, "    —  %-18s %8s %15.1f  %-5s\n", "does not fit", "—", G(p->capacity), "no");
		return;
	}
	snprintf(need, sizeof need, "%.1f/%.1f", G(p->with_headroom), G(p->capacity));
	fprintf(out, " %4d  ", p->cards);
	text_pad(out, p->strategy, 18, 0);
	fprintf(out, " %8.2f %15s  %-5s ", G(p->need), need, plan_fit_word(p));
	text_pad(out, ct, 11, 1);
	text_pad(out, bm, 12, 1);
	fputc('\n', out);
}

static void print_detail(FILE *out, const struct plan *p, const struct scenario *sc)
{
	char terms[256], line[512];
	fprintf(out, "\n%s: ", gpu_short_name(p->gpu));
	if (p->cards == 0) {
		fprintf(out, "does not fit\n");
	} else {
		fprintf(out, "%s on %d card%s, %d machine%s\n", p->strategy, p->cards,
			p->cards > 1 ? "s" : "", p->machines, p->machines > 1 ? "s" : "");
		mem_terms_text(terms, sizeof terms, &p->per_card, 2, " + ", TERM_WEIGHTS, TERM_COUNT);
		fprintf(out, "  per card: %s = %.2f GiB\n", terms, G(p->need));
		fprintf(out, "  with %.0f %% headroom %.2f of %.2f GiB (%.0f %% used)\n",
			sc->headroom_pct, G(p->with_headroom), G(p->capacity), p->utilization_pct);
		rent_describe(line, sizeof line, p, &p->container, RENT_REPORT);
		fprintf(out, "  %s\n", line);
		rent_describe(line, sizeof line, p, &p->baremetal, RENT_REPORT);
		fprintf(out, "  %s\n", line);
	}
	for (int i = 0; i < p->nnotes; i++)
		fprintf(out, "  note: %s\n", MESSAGE_TEXT(&p->notes[i]));
}

void report_table(FILE *out, const struct analysis *a)
{
	print_header(out, a);
	fprintf(out, "\n%-16s %5s  %-18s %8s %15s  %-5s %11s %12s\n", figure_label_for(NULL, "gpu"),
		figure_label_for(NULL, "cards"), figure_label_for(NULL, "strategy"), "GiB/card",
		"+headroom/cap", figure_label_for(NULL, "fit"), figure_group_container.label,
		figure_group_baremetal.label);
	for (size_t i = 0; i < a->nplans; i++)
		print_row(out, &a->plans[i]);
	fprintf(out, "(%s per card per month; * cheaper for this plan; — not offered)\n",
		a->catalog->noffers ? a->catalog->offers[0].currency : "CNY");
	for (size_t i = 0; i < a->nplans; i++)
		print_detail(out, &a->plans[i], &a->sc);
}

void report_list_models(FILE *out, const struct catalog *c)
{
	fprintf(out, "%-30s %-30s %9s %6s %6s %5s %4s %8s\n", "id", "name", "params", "active",
		"layers", "hidden", "kv", "context");
	for (size_t i = 0; i < c->nmodels; i++) {
		const struct model *m = &c->models[i];
		text_pad(out, m->id, 30, 0);
		fputc(' ', out);
		text_pad(out, m->name, 30, 0);
		fprintf(out, " %8.4gB %5.4gB %6d %6d %4d %8d\n", m->params_b, m->active_params_b,
			m->layers, m->hidden, m->kv_heads, m->max_context);
	}
}

void report_list_gpus(FILE *out, const struct catalog *c)
{
	fprintf(out, "%-14s %-26s %10s %7s %6s %4s %-7s %s\n", "id", "name", "memory", "GB/s",
		"TFLOPS", "fp8", "link", "offers");
	for (size_t i = 0; i < c->ngpus; i++) {
		const struct gpu *g = &c->gpus[i];
		text_pad(out, g->id, 14, 0);
		fputc(' ', out);
		text_pad(out, g->name, 26, 0);
		fprintf(out, " %6.0f MiB %7.0f %6.0f %4s %-7s %zu\n", g->memory_mib,
			fmax(g->bandwidth_gbs, 0), fmax(g->bf16_tflops, 0), gpu_has_fp8(g) ? "yes" : "no",
			link_names[g->link], g->noffers);
	}
}
