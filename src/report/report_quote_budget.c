/* What --budget buys, as the quote's line under its conclusion. A budget
 * never chooses the plan (the seeds: "决定卡数的不是预算"): serving names
 * the fastest plan a month within it, training the fastest job within
 * the job's budget. */
#include "report_quote_budget.h"

#include "cheaper.h"
#include "i18n.h"
#include "plan_text.h"
#include "report.h"
#include "report_quote_md.h"
#include "train_text.h"

static void quote_money(char *buf, size_t cap, double amount, const struct plan *p)
{
	unit_money(buf, cap, amount, plan_currency(p), style_quote.money);
}

/* The budget as money, in the currency of the plan it buys (none: CNY,
 * the bundled data's). */
static void budget_money(char *buf, size_t cap, const struct analysis *a, const struct plan *p)
{
	unit_money(buf, cap, a->sc.budget, p ? plan_currency(p) : "CNY", style_quote.money);
}

/* The fastest job a training budget pays for, any GPU: a plan itself, or
 * the count training_solve_budget found beside it. */
struct train_budget_pick {
	const struct plan *p; /* NULL: none within the budget */
	int cards;
	double days, band_pct, cost;
	enum train_rent way;
};

static struct train_budget_pick train_budget_pick(const struct analysis *a, double budget)
{
	struct train_budget_pick b = {.p = NULL};
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		const struct training_estimate *t = &p->training;
		const struct train_tier *x = &t->budget;
		double cost = train_job_cost(p);
		if (cost >= 0 && cost <= budget && (!b.p || t->days < b.days))
			b = (struct train_budget_pick){p, p->cards, t->days, t->band_pct, cost,
						       t->bill.cheapest};
		if (t->valid && x->cards > 0 && (!b.p || x->at.days < b.days))
			b = (struct train_budget_pick){p, x->cards, x->at.days, x->at.band_pct,
						       x->cost, x->way};
	}
	return b;
}

/* "Fastest within the job budget of ¥300,000: 32 × H100 80G, bare metal,
 * ~6.96 days (±25 %), ¥283,200 for the job." — or that none is within. */
static void md_train_budget_line(FILE *out, const struct analysis *a)
{
	char budget[48], money[48], days[32];
	if (!(a->sc.train_tokens > 0))
		return; /* no job to buy: a scenario note says so */
	const struct train_budget_pick b = train_budget_pick(a, a->sc.budget);
	budget_money(budget, sizeof budget, a, b.p);
	if (!b.p) {
		fprintf(out, _("Within the job budget of %s: no GPU type runs the job (see the notes "
			       "for by how much it falls short).\n\n"), MD(budget));
		return;
	}
	quote_money(money, sizeof money, b.cost, b.p);
	unit_days(days, sizeof days, b.days);
	fprintf(out, _("Fastest within the job budget of %s: %d × %s, %s, ~%s days (±%.0f %%), %s "
		       "for the job.\n\n"), MD(budget), b.cards, MD(gpu_short_name(b.p->gpu)),
		MD(_(train_rent_words[b.way])), MD(days), b.band_pct, MD(money));
}

/* The fastest of the plans and their within-budget alternatives that the
 * budget pays for (the plan itself when none is faster). */
struct budget_pick {
	const struct plan *p;          /* its GPU's plan */
	const struct alternative *alt; /* NULL: the plan itself */
	double tokens_per_s;
};

static struct budget_pick budget_pick(const struct analysis *a)
{
	struct budget_pick b = {.p = NULL, .alt = NULL, .tokens_per_s = -1};
	for (size_t i = 0; i < a->nplans; i++) {
		const struct plan *p = &a->plans[i];
		double m = plan_monthly(p);
		if (!p->fits || !p->throughput.valid || p->short_of_goals || m < 0)
			continue;
		if (m <= a->sc.budget && p->throughput.output_tokens_per_s > b.tokens_per_s)
			b = (struct budget_pick){p, NULL, p->throughput.output_tokens_per_s};
		for (int k = 0; k < p->nalternatives; k++) {
			const struct alternative *alt = &p->alternatives[k];
			if (alt->why.code == MSG_ALT_WITHIN_BUDGET && alt->tokens_per_s > b.tokens_per_s)
				b = (struct budget_pick){p, alt, alt->tokens_per_s};
		}
	}
	return b;
}

/* "Fastest within ¥40,000 a month: TP4 on 4 × H100 80G, ¥37,380/month,
 * ~6,706 tok/s." — or that nothing is within it. */
void quote_budget_line(FILE *out, const struct analysis *a)
{
	char budget[48], money[48], tok[32], shape[64], band[24];
	if (a->sc.budget <= 0)
		return;
	if (tasks[a->sc.task].kind != TASK_INFERENCE) {
		md_train_budget_line(out, a);
		return;
	}
	const struct budget_pick b = budget_pick(a);
	budget_money(budget, sizeof budget, a, b.p);
	if (!b.p) {
		fprintf(out, _("Within the budget of %s a month: no plan that meets the goals (see "
			       "the notes for by how much it falls short).\n\n"), MD(budget));
		return;
	}
	if (b.alt)
		alternative_strategy_text(shape, sizeof shape, b.alt);
	else
		plan_strategy_text(shape, sizeof shape, b.p);
	quote_money(money, sizeof money, b.alt ? b.alt->monthly : plan_monthly(b.p), b.p);
	unit_rate(tok, sizeof tok, b.tokens_per_s);
	const struct throughput *t = &b.p->throughput; /* the GPU's band is the alternative's */
	unit_band_sides(band, sizeof band, t->band_low_pct, t->band_high_pct);
	fprintf(out, _("Fastest within the budget of %s a month: %s on %d × %s, %s/month, ~%s "
		       "tok/s (%s %%).\n\n"), MD(budget), MD(shape),
		b.alt ? b.alt->cards : b.p->cards, MD(gpu_short_name(b.p->gpu)), MD(money), MD(tok),
		MD(band));
}

