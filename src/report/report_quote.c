/* The quote a sales engineer sends after the meeting: Markdown for chat
 * and email. It opens with the conclusion, then the inputs, the plans in
 * the order the screen shows them, memory, every price with its date and
 * source, and the assumptions a customer must see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "config.h"
#include "figures.h"
#include "datasrc.h"
#include "duration.h"
#include "i18n.h"
#include "native.h"
#include "plan_text.h"
#include "report.h"
#include "report_quote_budget.h"
#include "report_quote_md.h"
#include "report_quote_time.h"
#include "report_time.h"
#include "tables.h"
#include "train_text.h"

#define G(x) ((x) / GIB)

/* Money in the plan's currency, by money's one rule (units.h). */
static void md_money(char *buf, size_t cap, double amount, const struct plan *p)
{
	unit_money(buf, cap, amount, plan_currency(p), style_quote.money);
}

/* An amount of one way to rent p, in that way's own currency: the two
 * ways may be quoted in two (a USD container, a CNY machine). */
static void md_rent_money(char *buf, size_t cap, double amount, const struct plan *p,
			  const struct rent *r)
{
	unit_money(buf, cap, amount, rent_currency(p, r), style_quote.money);
}

/* "910B 64G bare metal, 1 machine (7 cards used, 1 idle)": bare metal is
 * rented in whole machines, so "7 × 910B 64G" would read as seven
 * machines; the machines and the idle cards say what is paid for. */
static void baremetal_text(char *buf, size_t cap, const struct plan *p)
{
	const struct rent *r = &p->baremetal;
	char machines[32], cards[64];
	snprintf(machines, sizeof machines,
		 P_("%d machine", "%d machines", (unsigned long)r->machines), r->machines);
	if (r->idle > 0)
		snprintf(cards, sizeof cards,
			 P_("%d card used, %d idle", "%d cards used, %d idle",
			    (unsigned long)p->cards), p->cards, r->idle);
	else
		snprintf(cards, sizeof cards, P_("%d card", "%d cards", (unsigned long)p->cards),
			 p->cards);
	/* TRANSLATORS: GPU, "bare metal", "1 machine", "7 cards used, 1 idle" */
	snprintf(buf, cap, _("%s %s, %s (%s)"), gpu_short_name(p->gpu),
		 _(figure_group_baremetal.label), machines, cards);
}

/* What is rented: "4 × H20 96G container", "3 × RTX 4090 24G container
 * by the hour" (way: translated), or the bare metal machines. */
static void rented_text(char *buf, size_t cap, const struct plan *p, bool baremetal,
			const char *way)
{
	if (baremetal)
		baremetal_text(buf, cap, p);
	else
		snprintf(buf, cap, _("%d × %s %s"), p->cards, gpu_short_name(p->gpu), way);
}

/* The conclusion: the plan, what it costs and whether that is a month or
 * the whole job (training with --train-tokens). */
struct headline {
	const struct plan *p; /* NULL: nothing fits at a price */
	double amount;
	bool job;
	enum train_rent way; /* the job's billing */
	bool not_native;     /* the GPU does not run the format natively (native.h) */
};

/* The job's cost its cheapest way: the table's "job cost"; -1 without. */
/* The lowest job cost in the currency plan_cheapest competes in, first on
 * a tie; with a deadline only among plans that meet it (the deadline
 * solver's rule, across GPU types) when any does. */
static const struct plan *cheapest_job(const struct analysis *a)
{
	const struct plan *by_month = plan_cheapest(a);
	for (int pass = 0; by_month && pass < 2; pass++) {
		const struct plan *best = NULL;
		for (size_t i = 0; i < a->nplans; i++) {
			const struct plan *p = &a->plans[i];
			bool in_time = !p->training.deadline || p->training.meets_deadline;
			if (train_job_cost(p) >= 0 && (pass || in_time) &&
			    strcmp(plan_currency(p), plan_currency(by_month)) == 0 &&
			    (!best || train_job_cost(p) < train_job_cost(best)))
				best = p;
		}
		if (best)
			return best;
	}
	return NULL;
}

/* The cheapest plan, by the headline's own figure (h->job: the job's
 * cost, else the month's), in h->p's currency, whose GPU runs the format
 * natively; NULL when none does. */
static const struct plan *cheapest_native(const struct analysis *a, const struct headline *h)
{
	const struct plan *best = NULL;
	double best_cost = -1;
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		double cost = h->job ? train_job_cost(p) : plan_monthly(p);
		if (cost >= 0 && native_format(p->gpu, &a->sc) &&
		    strcmp(plan_currency(p), plan_currency(h->p)) == 0 &&
		    (!best || cost < best_cost))
			best = p, best_cost = cost;
	}
	return best;
}

/* A job is paid for once, so its headline is the cheapest way to pay for
 * the job, not a month; otherwise the lowest monthly total. A plan on a
 * GPU that does not run the format natively (int4 on 910B) heads it only
 * when no GPU does, and then says so. */
static struct headline headline_of(const struct analysis *a)
{
	struct headline h = {.p = NULL, .amount = -1, .job = false, .way = RENT_NONE};
	if (tasks[a->sc.task].kind != TASK_INFERENCE && a->sc.train_tokens > 0)
		h.p = cheapest_job(a);
	if (h.p) {
		h.job = true;
		h.way = h.p->training.bill.cheapest;
		h.amount = train_job_cost(h.p);
	} else if ((h.p = plan_cheapest(a))) {
		h.amount = plan_monthly(h.p);
	}
	h.not_native = h.p && !native_format(h.p->gpu, &a->sc);
	const struct plan *native = h.not_native ? cheapest_native(a, &h) : NULL;
	if (native) {
		h.p = native;
		h.not_native = false;
		h.way = h.job ? native->training.bill.cheapest : h.way;
		h.amount = h.job ? train_job_cost(native) : plan_monthly(native);
	}
	return h;
}

/* "4 × H20 96G container, ¥17,856/month", "3 × RTX 4090 24G container by
 * the hour, ¥787 for the job", with speed ", ~24.4 tok/s (±30 %)" or
 * ", ~6.96 days (±25 %)". */
static void cheapest_text(char *buf, size_t cap, const struct headline *h, bool speed)
{
	const struct plan *p = h->p;
	char money[48], rented[128];
	if (!p) {
		snprintf(buf, cap, "%s", _("no GPU type fits at a listed price"));
		return;
	}
	md_money(money, sizeof money, h->amount, p);
	if (h->job)
		rented_text(rented, sizeof rented, p, h->way == RENT_BAREMETAL,
			    _(train_rent_words[h->way]));
	else
		rented_text(rented, sizeof rented, p, plan_cheaper_way(p) == CHEAPER_BAREMETAL,
			    plan_cheaper_label(p));
	snprintf(buf, cap, h->job ? _("%s, %s for the job") : _("%s, %s/month"), rented, money);
	if (speed) {
		size_t n = strlen(buf);
		quote_speed_suffix(buf + n, cap - n, p);
	}
	if (h->not_native) { /* the cheapest is no offer the customer can run as planned */
		size_t n = strlen(buf);
		snprintf(buf + n, cap - n, _(" (not native on %s: see the notes)"),
			 gpu_short_name(p->gpu));
	}
}

/* The dates of the prices the quote uses: the oldest and the newest. */
static void price_dates(const struct analysis *a, int *oldest, int *newest)
{
	*oldest = *newest = 0;
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		const struct rent *ways[] = {&p->container, &p->baremetal};
		for (size_t w = 0; w < 2 && p->cards && p->fits; w++) {
			int d = ways[w]->offer ? ways[w]->monthly_collected : 0;
			if (d <= 0)
				continue;
			if (!*oldest || d < *oldest)
				*oldest = d;
			if (d > *newest)
				*newest = d;
		}
	}
}

/* "Prepared 2026-12-01 ... Prices collected 2026-09-28 to 2026-10-12
 * (each one's date is under Prices used), CNY per month". Today is the
 * program's one today (duration_today: $GPUPLAN_TODAY, else the local
 * date), the day deadlines and price dates are counted from. */
static void md_prepared(FILE *out, const struct analysis *a)
{
	char today[16], from[16], to[16], range[48], err[160];
	int oldest, newest, day;
	if (!duration_today(&day, err, sizeof err))
		day = 0; /* a malformed GPUPLAN_TODAY stopped the run before any report */
	unit_date(today, sizeof today, day);
	price_dates(a, &oldest, &newest);
	if (!newest)
		oldest = newest = a->catalog->newest_date;
	unit_date(from, sizeof from, oldest);
	unit_date(to, sizeof to, newest);
	if (oldest == newest)
		snprintf(range, sizeof range, "%s", from);
	else
		snprintf(range, sizeof range, _("%s to %s"), from, to);
	fprintf(out, _("Prepared %s with gpuplan %s. Prices collected %s (each price's date is "
		       "under Prices used), %s per month; data: %s.\n\n"), today, PACKAGE_VERSION,
		MD(range), MD(a->catalog->noffers ? a->catalog->offers[0].currency : "CNY"),
		MD(data_source_text(a->catalog)));
}

/* The inputs, one row each; a cell writer returns false when its row
 * does not apply to the scenario (a dense model has no active count). */
typedef bool scenario_cell_fn(char *buf, size_t cap, const struct scenario *sc);

static bool cell_model(char *buf, size_t cap, const struct scenario *sc)
{
	const struct model *m = scenario_model(sc);
	snprintf(buf, cap, _("%s (%.4gB parameters%s)"), m->name, m->params_b,
		 m->derived ? _(", architecture approximated") : "");
	return true;
}

static bool cell_active(char *buf, size_t cap, const struct scenario *sc)
{
	const struct model *m = scenario_model(sc);
	snprintf(buf, cap, _("%.4gB (MoE)"), m->active_params_b);
	return m->active_params_b < m->params_b;
}

static bool cell_precision(char *buf, size_t cap, const struct scenario *sc)
{
	snprintf(buf, cap, "%s", precisions[sc->precision].name);
	return true;
}

static bool cell_task(char *buf, size_t cap, const struct scenario *sc)
{
	snprintf(buf, cap, "%s", _(tasks[sc->task].label));
	return true;
}

static bool cell_context(char *buf, size_t cap, const struct scenario *sc)
{
	snprintf(buf, cap, _("%lld tokens"), sc->context);
	return true;
}

static bool cell_concurrency(char *buf, size_t cap, const struct scenario *sc)
{
	snprintf(buf, cap, "%lld", sc->concurrency);
	return true;
}

static bool cell_cards(char *buf, size_t cap, const struct scenario *sc)
{
	if (sc->cards)
		snprintf(buf, cap, "%d", sc->cards);
	else
		snprintf(buf, cap, "%s", _("as many as needed"));
	return sc->cards != 0;
}

static const struct scenario_row {
	const char *label;
	scenario_cell_fn *cell;
} scenario_rows[] = {
	{N_("Model"), cell_model},
	{N_("Active per token"), cell_active},
	{N_("Precision"), cell_precision},
	{N_("Task"), cell_task},
	{N_("Context"), cell_context},
	{N_("Concurrency"), cell_concurrency},
	{N_("Cards (fixed)"), cell_cards},
};
#define N_SCENARIO_ROWS (sizeof scenario_rows / sizeof scenario_rows[0])

static void md_scenario(FILE *out, const struct analysis *a)
{
	char cell[256];
	fprintf(out, "%s\n\n%s\n|---|---|\n", _("## Scenario"), _("| input | value |"));
	for (size_t i = 0; i < N_SCENARIO_ROWS; i++)
		if (scenario_rows[i].cell(cell, sizeof cell, &a->sc))
			fprintf(out, "| %s | %s |\n", MD(_(scenario_rows[i].label)), MD(cell));
}

/* A price cell: "¥9,345", or "—" when this way is not offered. */
static void md_price(FILE *out, const struct plan *p, const struct rent *r, bool per_card)
{
	char money[48];
	if (!r->available) {
		fprintf(out, " — |");
		return;
	}
	md_rent_money(money, sizeof money, per_card ? r->monthly_per_card : r->total, p, r);
	fprintf(out, " %s |", MD(money));
}

/* The renting columns in the words Chinese price lists use: a bare metal
 * machine's price per card is 整机折合单卡, not a card's own price, so
 * each heading is one phrase rather than the group's label joined to the
 * figure's. */
static const char *const rent_headings[] = {
	N_("container per card"), N_("container total"),
	N_("bare metal per card"), N_("bare metal total"),
};

static void md_plans_heading(FILE *out, const struct analysis *a)
{
	char mem[64];
	snprintf(mem, sizeof mem, _("GiB per card (+%.0f %%)"), a->sc.headroom_pct);
	fprintf(out, "\n%s\n\n| %s | %s | %s | %s |", _("## Plans (per month)"),
		MD(_(figure_label_for(NULL, "gpu"))), MD(_(figure_label_for(NULL, "cards"))),
		MD(_(figure_label_for(NULL, "strategy"))), MD(mem));
	for (size_t i = 0; i < sizeof rent_headings / sizeof rent_headings[0]; i++)
		fprintf(out, " %s |", MD(_(rent_headings[i])));
	fprintf(out, " %s | %s | %s | %s |\n"
		"|---|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---|\n",
		MD(_(figure_label_for(&figure_group_baremetal, "idle_cards"))),
		MD(_(figure_label_for(NULL, "cheaper"))), MD(_("per month")), MD(_("price date")));
}

/* "52.9 (63.5) of 64.0": memory per card, with headroom, of the card's. */
static void md_memory_cell(FILE *out, const struct plan *p)
{
	char need[32], with[32], cap[32];
	unit_gib(need, sizeof need, G(p->need));
	unit_gib(with, sizeof with, G(p->with_headroom));
	unit_gib(cap, sizeof cap, G(p->capacity));
	fprintf(out, _("%s (%s) of %s"), need, with, cap);
}

/* "| GPU | cards | shape | ": a plan row's first cells. */
static void md_plan_start(FILE *out, const struct plan *p)
{
	char shape[64];
	plan_strategy_text(shape, sizeof shape, p);
	fprintf(out, "| %s | %d | %s | ", MD(gpu_short_name(p->gpu)), p->cards, MD(shape));
}

/* A plan forced onto too few cards (--cards) is no offer: no price. */
static void md_plan_unpriced(FILE *out, const struct plan *p)
{
	md_plan_start(out, p);
	md_memory_cell(out, p);
	fprintf(out, " | | | | | | %s | | |\n", MD(_("does not fit")));
}

/* The idle cards matter only when the plan is rented as whole machines. */
static void md_idle(FILE *out, const struct plan *p)
{
	char money[48];
	if (plan_cheaper_way(p) != CHEAPER_BAREMETAL) {
		fprintf(out, " |");
		return;
	}
	md_rent_money(money, sizeof money, p->baremetal.idle_cost, p, &p->baremetal);
	fputc(' ', out);
	fprintf(out, _("%d (%s)"), p->baremetal.idle, MD(money));
	fputs(" |", out);
}

static void md_plan_row(FILE *out, const struct plan *p)
{
	const struct rent *used = plan_cheaper_rent(p);
	char money[48] = "—", date[16] = "—";
	if (!p->cards) {
		fprintf(out, "| %s | — | %s | | | | | | | | | |\n", MD(gpu_short_name(p->gpu)),
			MD(_("does not fit")));
		return;
	}
	if (!p->fits) {
		md_plan_unpriced(out, p);
		return;
	}
	md_plan_start(out, p);
	md_memory_cell(out, p);
	fputs(" |", out);
	md_price(out, p, &p->container, true);
	md_price(out, p, &p->container, false);
	md_price(out, p, &p->baremetal, true);
	md_price(out, p, &p->baremetal, false);
	md_idle(out, p);
	if (used) {
		md_rent_money(money, sizeof money, used->total, p, used);
		unit_date(date, sizeof date, used->monthly_collected);
	}
	fprintf(out, " %s | %s | %s |\n", MD(plan_cheaper_label(p)), MD(money), MD(date));
}

static void md_plans(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	md_plans_heading(out, a);
	for (size_t i = 0; i < quote_order_count(a, o); i++)
		if (quote_order_plan(a, o, i))
			md_plan_row(out, quote_order_plan(a, o, i));
}

static void md_memory(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	fprintf(out, "\n%s\n\n| %s |", _("## Memory per card (GiB)"),
		MD(_(figure_label_for(NULL, "gpu"))));
	for (enum mem_term t = 0; t < TERM_COUNT; t++)
		fprintf(out, " %s |", MD(mem_term_label(t)));
	fprintf(out, " %s |\n|---|", MD(_(figure_label_for(&figure_group_per_card, "total"))));
	for (enum mem_term t = 0; t <= TERM_COUNT; t++)
		fprintf(out, "---:|");
	fputc('\n', out);
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (!p || !p->cards)
			continue;
		char gib[32];
		fprintf(out, "| %s |", MD(gpu_short_name(p->gpu)));
		for (enum mem_term t = 0; t < TERM_COUNT; t++) {
			unit_gib(gib, sizeof gib, G(mem_term_value(&p->per_card, t)));
			fprintf(out, " %s |", MD(gib));
		}
		unit_gib(gib, sizeof gib, G(p->need));
		fprintf(out, " %s |\n", MD(gib));
	}
}

static const char *or_dash(const char *s)
{
	return s[0] ? s : "—";
}

/* "¥9,200 per machine, 95折": the price as the offer states it (the
 * discount is data, as written). */
static void md_offer_price(char *buf, size_t cap, const struct rent *r)
{
	const struct offer *o = r->offer;
	char money[48];
	unit_money(money, sizeof money, r->machines ? r->machine_monthly : r->monthly_per_card,
		   o->currency, style_quote.money);
	int n = snprintf(buf, cap, r->machines ? _("%s per machine") : _("%s per card"), money);
	if (o->discount[0] && n >= 0 && (size_t)n < cap)
		snprintf(buf + n, cap - (size_t)n, _(", %s"), o->discount);
}

/* One price with its date and source; "yes" marks the one in the total. */
static void md_offer(FILE *out, const struct plan *p, const struct rent *r)
{
	const struct offer *o = r->offer;
	char price[160], date[16];
	if (!o)
		return;
	md_offer_price(price, sizeof price, r);
	unit_date(date, sizeof date, r->monthly_collected);
	fprintf(out, "| %s | %s | %s | %s | %s | %s | %s |", MD(gpu_short_name(p->gpu)),
		MD(_(r == &p->container ? figure_group_container.label
					: figure_group_baremetal.label)),
		MD(or_dash(o->region)), MD(price), MD(date), MD(or_dash(o->network)),
		MD(or_dash(o->source)));
	if (r == plan_cheaper_rent(p))
		fprintf(out, " %s |\n", MD(_("yes")));
	else
		fputs(" |\n", out);
}

static void md_sources(FILE *out, const struct analysis *a, const struct quote_order *o)
{
	fprintf(out, "\n%s\n\n%s\n|---|---|---|---|---|---|---|---|\n", _("## Prices used"),
		_("| GPU | way | region | price | collected | network | source | in the total |"));
	for (size_t i = 0; i < quote_order_count(a, o); i++) {
		const struct plan *p = quote_order_plan(a, o, i);
		if (!p || !p->cards || !p->fits)
			continue;
		md_offer(out, p, &p->container);
		md_offer(out, p, &p->baremetal);
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
			fprintf(out, "%s%s", sep, MD(gpu_short_name(a->plans[j].gpu)));
			sep = _(", ");
		}
		/* TRANSLATORS: after the GPUs a note is about, before the note */
		fprintf(out, _(": %s\n"), MD(MESSAGE_TEXT(m)));
	}
}

static void md_notes(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n%s\n\n", _("## Notes"));
	for (int i = 0; i < a->nnotes; i++)
		fprintf(out, "- %s\n", MD(MESSAGE_TEXT(&a->notes[i])));
	md_plan_notes(out, a);
}

/* The KV cache's element size as a customer reads it. */
static const char *kv_words(const struct analysis *a)
{
	return a->w.kv_bytes <= 1 ? _("fp8 (1 byte per value)")
	       : a->w.kv_bytes <= 2 ? _("16 bits (2 bytes per value)")
				    : _("fp32 (4 bytes per value)");
}

/* What the sizing takes for granted about the load and the precision. */
static void md_load_assumptions(FILE *out, const struct analysis *a, const char *who)
{
	const struct scenario *sc = &a->sc;
	const struct precision *pr = &precisions[sc->precision];
	if (tasks[sc->task].kind == TASK_INFERENCE)
		fprintf(out, _("- %sEvery one of the %lld concurrent users holds the full %lld-token "
			       "context at the same time: the KV cache is sized for that worst "
			       "case.\n"), who, sc->concurrency, sc->context);
	else
		fprintf(out, P_("- %sEach training step holds %lld sequence of %lld tokens.\n",
				"- %sEach training step holds %lld sequences of %lld tokens.\n",
				(unsigned long)sc->concurrency),
			who, sc->concurrency, sc->context);
	fprintf(out, _("- %sKV cache in %s (--kv-precision %s).\n"), who, MD(kv_words(a)),
		MD(scenario_kv_name(sc)));
	if (pr->quantized)
		fprintf(out, _("- %s%s is weight-only quantisation (GPTQ/AWQ style): the weights are "
			       "stored in %s, activations and the KV cache are not. Answers can be "
			       "less accurate than in bf16: check the quality on your own prompts "
			       "before committing.\n"), who, MD(pr->name), MD(pr->name));
	if (sc->cards)
		fprintf(out, _("- %sThe card count is fixed at %d (--cards): a GPU type on which the "
			       "model does not fit at that count says \"%s\" and has no price.\n"),
			who, sc->cards, MD(_("does not fit")));
}

static void md_fixed_assumptions(FILE *out, const struct analysis *a)
{
	const struct scenario *sc = &a->sc;
	fprintf(out,
		_("- A plan fits when memory per card × (1 + %.0f %% headroom) ≤ the card's usable "
		  "memory.\n"
		  "- Runtime overhead %.2f GiB per card; prefill chunk %lld tokens.\n"
		  "- Parallel efficiency from the time model (serving: one card's step over the "
		  "plan's cards' at the users' batch); speeds are estimates within the band shown.\n"
		  "- Hourly prices convert at %.0f hours a month; bare metal is rented in whole "
		  "machines; each offer (GPU, kind, region, cards, max_cards) is priced from its "
		  "newest row, whole.\n"
		  "- Multi-node clusters are quoted by sales; their figures here are estimates.\n"),
		sc->headroom_pct, sc->overhead_gib, sc->prefill_chunk, HOURS_PER_MONTH);
}

static void md_memory_only(FILE *out)
{
	fputs(_("- Sizing: each plan is the lowest spend whose memory holds the model, its KV "
		"cache and working memory and that meets the goals (serving: the per-user speed "
		"--min-speed, the TTFT target, --rate's percentiles; training: --deadline), the "
		"fastest at that spend; the memory minimum is kept beside it. Speed and time are "
		"estimates from the time model within the band shown: try the plan before "
		"committing to a month.\n"),
	      out);
}

static void md_assumptions(FILE *out, const struct analysis *a)
{
	fprintf(out, "\n%s\n\n", _("## Assumptions"));
	md_memory_only(out);
	md_load_assumptions(out, a, "");
	quote_time_assumptions(out, a, "");
	md_fixed_assumptions(out, a);
}

static void md_title(FILE *out, const struct analysis *a)
{
	char cheapest[256];
	const struct headline h = headline_of(a);
	cheapest_text(cheapest, sizeof cheapest, &h, true);
	fprintf(out, _("# GPU quote: %s, %s, %s\n\n"), MD(scenario_model(&a->sc)->name),
		MD(precisions[a->sc.precision].name), MD(_(tasks[a->sc.task].label)));
	fprintf(out, _("Cheapest: %s.\n\n"), MD(cheapest));
	quote_budget_line(out, a);
}

void report_markdown_ordered(FILE *out, const struct analysis *a, const size_t *order, size_t n)
{
	const struct quote_order o = {.order = order, .n = n};
	md_title(out, a);
	md_prepared(out, a);
	md_scenario(out, a);
	md_plans(out, a, &o);
	quote_time_sections(out, a, &o);
	md_memory(out, a, &o);
	md_sources(out, a, &o);
	md_notes(out, a);
	md_assumptions(out, a);
}

void report_markdown(FILE *out, const struct analysis *a)
{
	report_markdown_ordered(out, a, NULL, 0);
}

/* ---- Two scenarios side by side: the pinned one (A) and now (B). ---- */

/* The difference is of like with like: two months or two jobs. */
static void md_compare_delta(FILE *out, const struct headline *a, const struct headline *b)
{
	char delta[48];
	if (!a->p || !b->p || a->job != b->job)
		return;
	unit_money_signed(delta, sizeof delta, b->amount - a->amount, plan_currency(b->p),
			  style_quote.money);
	fprintf(out, b->job ? _(" B − A: %s for the job.") : _(" B − A: %s/month."), MD(delta));
}

static void md_compare_title(FILE *out, const struct analysis *a, const struct analysis *b)
{
	char ca[256], cb[256];
	const struct headline ha = headline_of(a), hb = headline_of(b);
	cheapest_text(ca, sizeof ca, &ha, false);
	cheapest_text(cb, sizeof cb, &hb, false);
	const char *ma = scenario_model(&a->sc)->name, *mb = scenario_model(&b->sc)->name;
	if (strcmp(ma, mb) == 0)
		fprintf(out, _("# GPU quote: %s, two scenarios\n\n"), MD(mb));
	else
		fprintf(out, _("# GPU quote: %s (A) and %s (B)\n\n"), MD(ma), MD(mb));
	fprintf(out, _("Cheapest now (B): %s. Pinned (A): %s."), MD(cb), MD(ca));
	md_compare_delta(out, &ha, &hb);
	fprintf(out, "\n\n");
}

static void md_compare_scenarios(FILE *out, const struct analysis *a, const struct analysis *b)
{
	char ca[256], cb[256];
	fprintf(out, "%s\n\n%s\n|---|---|---|\n", _("## Scenarios"),
		_("| input | A (pinned) | B (now) |"));
	for (size_t i = 0; i < N_SCENARIO_ROWS; i++) {
		bool in_a = scenario_rows[i].cell(ca, sizeof ca, &a->sc);
		bool in_b = scenario_rows[i].cell(cb, sizeof cb, &b->sc);
		if (in_a || in_b)
			fprintf(out, "| %s | %s | %s |\n", MD(_(scenario_rows[i].label)),
				in_a ? MD(ca) : "—", in_b ? MD(cb) : "—");
	}
	if (a->catalog != b->catalog)
		fprintf(out, "| %s | %s | %s |\n", MD(_("Data")), MD(data_source_text(a->catalog)),
			MD(data_source_text(b->catalog)));
}

/* "4 | TP4 | ¥17,856 |": one side of a row; a missing plan is dashes. */
static void md_compare_side(FILE *out, const struct plan *p)
{
	char money[48] = "—", speed[32], shape[64];
	if (!p || !p->cards) {
		fprintf(out, " — | %s | — | — |", p ? MD(_("does not fit")) : "—");
		return;
	}
	if (!p->fits)
		snprintf(money, sizeof money, "%s", _("does not fit"));
	else if (plan_monthly(p) >= 0)
		md_money(money, sizeof money, plan_monthly(p), p);
	time_side_cell(speed, sizeof speed, p);
	plan_strategy_text(shape, sizeof shape, p);
	fprintf(out, " %d | %s | %s | %s |", p->cards, MD(shape), MD(money), MD(speed));
}

static void md_compare_row(FILE *out, const struct plan *pa, const struct plan *pb)
{
	const struct plan *p = pb ? pb : pa;
	char delta[48] = "—";
	fprintf(out, "| %s |", MD(gpu_short_name(p->gpu)));
	md_compare_side(out, pa);
	md_compare_side(out, pb);
	if (pa && pb && plan_monthly(pa) >= 0 && plan_monthly(pb) >= 0)
		unit_money_signed(delta, sizeof delta, plan_monthly(pb) - plan_monthly(pa),
				  plan_currency(pb), style_quote.money);
	fprintf(out, " %s |\n", MD(delta));
}

/* B's rows in the order shown, then GPU types only A has. */
static void md_compare_plans(FILE *out, const struct analysis *a, const struct analysis *b,
			     const struct quote_order *o)
{
	fprintf(out, "\n%s\n\n%s\n|---|---:|---|---:|---:|---:|---|---:|---:|---:|\n",
		_("## Plans side by side (per month, the cheaper way to rent each)"),
		_("| GPU | A cards | A plan | A per month | A speed | B cards | B plan | B per month "
		  "| B speed | B − A per month |"));
	for (size_t i = 0; i < quote_order_count(b, o); i++) {
		const struct plan *pb = quote_order_plan(b, o, i);
		if (pb)
			md_compare_row(out, plan_for_same_gpu(a, pb), pb);
	}
	for (size_t i = 0; i < a->nplans; i++)
		if (!plan_for_same_gpu(b, &a->plans[i]))
			md_compare_row(out, &a->plans[i], NULL);
}

/* What one scenario writes into a section: its lines as a bullet list. */
typedef void (*md_section)(FILE *out, const struct analysis *a);

static char *md_section_text(md_section write, const struct analysis *a)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	write(f, a);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Whether the line [line, its '\n'] stands whole among text's lines. */
static bool md_has_line(const char *text, const char *line, size_t n)
{
	for (const char *t = text; *t;) {
		const char *end = strchr(t, '\n');
		size_t len = end ? (size_t)(end - t) : strlen(t);
		if (len == n && strncmp(t, line, n) == 0)
			return true;
		t += len + (end != NULL);
	}
	return false;
}

/* text's lines, each "- …" line that the other text lacks marked with
 * prefix after its "- " ("- A: …"); the lines both have are printed by
 * the first text's call only (print_shared). */
static void md_merge_lines(FILE *out, const char *text, const char *other, const char *prefix,
			   bool print_shared)
{
	for (const char *t = text; *t;) {
		const char *end = strchr(t, '\n');
		size_t n = end ? (size_t)(end - t) : strlen(t);
		bool shared = md_has_line(other, t, n);
		if (shared && print_shared)
			fprintf(out, "%.*s\n", (int)n, t);
		else if (!shared && n > 2 && strncmp(t, "- ", 2) == 0)
			fprintf(out, "- %s%.*s\n", prefix, (int)(n - 2), t + 2);
		else if (!shared)
			fprintf(out, "%.*s\n", (int)n, t);
		t += n + (end != NULL);
	}
}

/* One section for both scenarios: a line both write once, the others
 * marked A: or B: (a two-scenario quote repeated every identical line
 * under A and under B). */
static void md_compare_section(FILE *out, md_section write, const struct analysis *a,
			       const struct analysis *b)
{
	char *ta = md_section_text(write, a), *tb = md_section_text(write, b);
	if (ta && tb) {
		md_merge_lines(out, ta, tb, _("A: "), true);
		md_merge_lines(out, tb, ta, _("B: "), false);
	} else { /* out of memory: each in full */
		write(out, a);
		write(out, b);
	}
	free(ta);
	free(tb);
}

static void md_load_lines(FILE *out, const struct analysis *a)
{
	md_load_assumptions(out, a, "");
}

static void md_time_lines(FILE *out, const struct analysis *a)
{
	quote_time_assumptions(out, a, "");
}

/* The scenario's notes, then its plans' (each once). */
static void md_note_lines(FILE *out, const struct analysis *a)
{
	for (int i = 0; i < a->nnotes; i++)
		fprintf(out, "- %s\n", MD(MESSAGE_TEXT(&a->notes[i])));
	md_plan_notes(out, a);
}

static void md_compare_assumptions(FILE *out, const struct analysis *a, const struct analysis *b)
{
	fprintf(out, "\n%s\n\n", _("## Assumptions"));
	md_memory_only(out);
	md_compare_section(out, md_load_lines, a, b);
	md_compare_section(out, md_time_lines, a, b);
	md_fixed_assumptions(out, b);
}

void report_markdown_compare(FILE *out, const struct analysis *pinned, const struct analysis *now,
			     const size_t *order, size_t n)
{
	const struct quote_order o = {.order = order, .n = n}, all = {0};
	md_compare_title(out, pinned, now);
	md_prepared(out, now);
	md_compare_scenarios(out, pinned, now);
	md_compare_plans(out, pinned, now, &o);
	md_sources(out, now, &o);
	if (pinned->catalog != now->catalog) {
		fprintf(out, _("\nPinned scenario (A), data %s:\n"), MD(data_source_text(pinned->catalog)));
		md_sources(out, pinned, &all);
	}
	fputs(_("\nSpeed: output tok/s of the whole plan at the users' concurrency (inference) "
		"or days for the job (training); estimates, ±30 % (days ±25 %), ±50 % on "
		"GPUs whose efficiencies are estimates.\n"), out);
	/* both scenarios' notes: A's multi-machine note was missing */
	fprintf(out, "\n%s\n\n", _("## Notes"));
	md_compare_section(out, md_note_lines, pinned, now);
	md_compare_assumptions(out, pinned, now);
}
