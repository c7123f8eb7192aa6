/* The quote a sales engineer sends after the meeting: Markdown for chat
 * and email, with inputs, plans, memory, prices with their sources and
 * dates, and the assumptions behind them. */
#include <stdio.h>
#include <time.h>

#include "config.h"
#include "report.h"
#include "tables.h"

#define G(x) ((x) / GIB)

static void md_scenario(FILE *out, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	const struct model *m = sc->model;
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

static void md_plans(FILE *out, const struct analysis *a)
{
	static const char *const cheaper[] = {"—", "container", "bare metal"};
	fprintf(out, "\n## Plans (per month)\n\n| GPU | cards | plan | GiB per card (+%.0f %%) "
		"| container per card | container total | bare metal per card | bare metal total "
		"| idle cards | cheaper |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n",
		a->sc.headroom_pct);
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
		fprintf(out, " %s |\n", cheaper[p->cheaper]);
	}
}

static void md_memory(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n## Memory per card (GiB)\n\n| GPU | weights | KV cache | activations | "
		"gradients | optimizer | overhead | total |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		const struct mem_terms *m = &p->per_card;
		if (p->cards)
			fprintf(out, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
				gpu_short_name(p->gpu), G(m->weights), G(m->kv_cache),
				G(m->activations), G(m->gradients), G(m->optimizer), G(m->overhead),
				G(p->need));
	}
}

static void md_offer(FILE *out, const struct plan *p, const char *way, const struct rent *r)
{
	char date[16];
	if (!r->offer)
		return;
	format_date(date, sizeof date, r->monthly_collected);
	fprintf(out, "| %s | %s | %s | %.0f %s%s%s | %s | %s | %s |\n", gpu_short_name(p->gpu), way,
		r->offer->region[0] ? r->offer->region : "—",
		r->machines ? r->machine_monthly : r->monthly_per_card,
		r->machines ? "per machine" : "per card", r->offer->discount[0] ? ", " : "",
		r->offer->discount, date, r->offer->network[0] ? r->offer->network : "—",
		r->offer->source[0] ? r->offer->source : "—");
}

static void md_sources(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n## Prices used\n\n| GPU | way | region | price | collected | network | "
		"source |\n|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < a->nplans; i++) {
		if (!a->plans[i].cards)
			continue;
		md_offer(out, &a->plans[i], "container", &a->plans[i].container);
		md_offer(out, &a->plans[i], "bare metal", &a->plans[i].baremetal);
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
	fprintf(out, "# GPU quote: %s, %s, %s\n\n", a->sc.model->name,
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
