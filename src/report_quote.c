/* The quote a sales engineer sends after the meeting: Markdown for chat
 * and email, with inputs, plans, memory, prices with their sources and
 * dates, and the assumptions behind them. */
#include <stdio.h>
#include <time.h>

#include "config.h"
#include "figures.h"
#include "plan_text.h"
#include "report.h"
#include "tables.h"

#define G(x) ((x) / GIB)

static void md_scenario(FILE *out, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	const struct model *m = scenario_model(sc);
	fprintf(out, "## Scenario\n\n| input | value |\n|---|---|\n");
	fprintf(out, "| Model | %s (%.4gB parameters%s) |\n", m->name, m->params_b,
		m->derived ? ", architecture approximated" : "");
	if (m->active_params_b < m->params_b)
		fprintf(out, "| Active per token | %.4gB (MoE) |\n", m->active_params_b);
	fprintf(out, "| Precision | %s |\n| Task | %s |\n| Context | %lld tokens |\n"
		"| Concurrency | %lld |\n", precisions[sc->precision].name, tasks[sc->task].label,
		sc->context, sc->concurrency);
	if (sc->cards)
		fprintf(out, "| Cards (fixed) | %d |\n", sc->cards);
}

static void md_price(FILE *out, const struct rent *r, bool per_card)
{
	if (!r->available)
		fprintf(out, " — |");
	else
		fprintf(out, " %.0f |", per_card ? r->monthly_per_card : r->total);
}

/* The renting columns: "container per card | container total | …". */
static void md_rent_headings(FILE *out, const struct figure_group *g)
{
	fprintf(out, " %s %s | %s %s |", g->label, figure_label_for(g, "monthly_per_card"), g->label,
		figure_label_for(g, "monthly_total"));
}

static void md_plans_heading(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n## Plans (per month)\n\n| %s | %s | %s | GiB per card (+%.0f %%) |",
		figure_label_for(NULL, "gpu"), figure_label_for(NULL, "cards"),
		figure_label_for(NULL, "strategy"), a->sc.headroom_pct);
	md_rent_headings(out, &figure_group_container);
	md_rent_headings(out, &figure_group_baremetal);
	fprintf(out, " %s | %s |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n",
		figure_label_for(&figure_group_baremetal, "idle_cards"),
		figure_label_for(NULL, "cheaper"));
}

static void md_plans(FILE *out, const struct analysis *a)
{
	md_plans_heading(out, a);
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		if (!p->cards) {
			fprintf(out, "| %s | — | does not fit | | | | | | | |\n", gpu_short_name(p->gpu));
			continue;
		}
		fprintf(out, "| %s | %d | %s | %.1f (%.1f) of %.1f |", gpu_short_name(p->gpu), p->cards,
			p->strategy, G(p->need), G(p->with_headroom), G(p->capacity));
		md_price(out, &p->container, true);
		md_price(out, &p->container, false);
		md_price(out, &p->baremetal, true);
		md_price(out, &p->baremetal, false);
		if (p->baremetal.available)
			fprintf(out, " %d (%.0f) |", p->baremetal.idle, p->baremetal.idle_cost);
		else
			fprintf(out, " — |");
		fprintf(out, " %s |\n", figure_cheaper(p) ? figure_cheaper(p)->label : "—");
	}
}

static void md_memory(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n## Memory per card (GiB)\n\n| %s |", figure_label_for(NULL, "gpu"));
	for (enum mem_term t = 0; t < TERM_COUNT; t++)
		fprintf(out, " %s |", mem_term_rows[t].label);
	fprintf(out, " %s |\n|---|", figure_label_for(&figure_group_per_card, "total"));
	for (enum mem_term t = 0; t <= TERM_COUNT; t++)
		fprintf(out, "---:|");
	fputc('\n', out);
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		if (!p->cards)
			continue;
		fprintf(out, "| %s |", gpu_short_name(p->gpu));
		for (enum mem_term t = 0; t < TERM_COUNT; t++)
			fprintf(out, " %.2f |", G(mem_term_value(&p->per_card, t)));
		fprintf(out, " %.2f |\n", G(p->need));
	}
}

static void md_offer(FILE *out, const struct plan *p, const struct rent *r)
{
	char cells[512];
	if (!r->offer)
		return;
	rent_describe(cells, sizeof cells, p, r, RENT_QUOTE);
	fprintf(out, "| %s | %s |\n", gpu_short_name(p->gpu), cells);
}

static void md_sources(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n## Prices used\n\n| GPU | way | region | price | collected | network | "
		"source |\n|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < a->nplans; i++) {
		if (!a->plans[i].cards)
			continue;
		md_offer(out, &a->plans[i], &a->plans[i].container);
		md_offer(out, &a->plans[i], &a->plans[i].baremetal);
	}
}

/* Each distinct note once, after the GPUs it applies to: the same
 * efficiency note for six GPUs is one line. */
static void md_plan_notes(FILE *out, const struct analysis *a)
{
	struct note_cursor at = {0};
	for (const struct message *m; (m = plan_notes_next(a->plans, a->nplans, &at));) {
		const char *sep = "- ";
		for (size_t j = at.plan; j < a->nplans; j++) {
			if (!plan_has_note(&a->plans[j], m))
				continue;
			fprintf(out, "%s%s", sep, gpu_short_name(a->plans[j].gpu));
			sep = ", ";
		}
		fprintf(out, ": %s\n", MESSAGE_TEXT(m));
	}
}

static void md_notes(FILE *out, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	fprintf(out, "\n## Notes\n\n");
	for (int i = 0; i < a->nnotes; i++)
		fprintf(out, "- %s\n", MESSAGE_TEXT(&a->notes[i]));
	md_plan_notes(out, a);
	fprintf(out, "\n## Assumptions\n\n"
		"- A plan fits when memory per card × (1 + %.0f %% headroom) ≤ the card's usable memory.\n"
		"- Runtime overhead %.2f GiB per card; KV cache %s; prefill chunk %lld tokens.\n"
		"- Parallel efficiency from the time model (tensor-parallel efficiency by link); "
		"speeds are estimates within the band shown.\n"
		"- Hourly prices convert at %.0f hours a month; bare metal is rented in whole machines; "
		"for each GPU, kind and region the newest quote is used.\n"
		"- Multi-node clusters are quoted by sales; their figures here are estimates.\n",
		sc->headroom_pct, sc->overhead_gib, scenario_kv_name(sc), sc->prefill_chunk,
		HOURS_PER_MONTH);
}

void report_markdown(FILE *out, const struct analysis *a)
{
	char date[16], today[16];
	time_t now = time(NULL);
	strftime(today, sizeof today, "%Y-%m-%d", localtime(&now));
	format_date(date, sizeof date, a->catalog->newest_date);
	fprintf(out, "# GPU quote: %s, %s, %s\n\n", scenario_model(&a->sc)->name,
		precisions[a->sc.precision].name, tasks[a->sc.task].label);
	fprintf(out, "Prepared %s with gpuplan %s. Prices as of %s, %s per month; data: %s.\n\n",
		today, PACKAGE_VERSION, date, a->catalog->noffers ? a->catalog->offers[0].currency : "CNY",
		a->catalog->source);
	md_scenario(out, a);
	md_plans(out, a);
	md_memory(out, a);
	md_sources(out, a);
	md_notes(out, a);
}
