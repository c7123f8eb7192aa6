/* The time figures as people read them (PERFORMANCE.md §2-§3), written
 * once for the table report and the quote: speed and cost per token for
 * inference, days and billings for training, each with its band. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "i18n.h"
#include "money.h"
#include "plan_text.h"
#include "report.h"
#include "report_time.h"
#include "tables.h"

/* Human words for the three ways to pay for a training job (marked:
 * translate where shown, _(train_rent_words[w])). */
const char *const train_rent_words[RENT_WAYS] = {
	[RENT_CONTAINER_HOURLY] = N_("container by the hour"),
	[RENT_CONTAINER_MONTHLY] = N_("container by the month"),
	[RENT_BAREMETAL] = N_("bare metal"),
};

void time_band_text(char *buf, size_t cap, double band_pct)
{
	if (band_pct <= 0)
		snprintf(buf, cap, "%s", _("measured"));
	else
		snprintf(buf, cap, _("estimate ±%.0f %%"), band_pct);
}

/* A time or a rate that is not a finite, non-negative number is no
 * figure: never "inf", "-nan" or a negative time on any surface. */
static bool time_is_figure(double v)
{
	return isfinite(v) && v >= 0;
}

void time_rate_text(char *buf, size_t cap, double v)
{
	if (!time_is_figure(v))
		snprintf(buf, cap, "—");
	else if (v < 100)
		snprintf(buf, cap, "%.1f", v);
	else
		money_group(buf, cap, v, 0);
}

void time_seconds_text(char *buf, size_t cap, double s)
{
	if (!time_is_figure(s))
		snprintf(buf, cap, "—");
	else if (s < 1)
		snprintf(buf, cap, "%.1f ms", s * 1000);
	else
		snprintf(buf, cap, "%.2f s", s);
}

void time_days_text(char *buf, size_t cap, double days)
{
	if (!time_is_figure(days)) {
		snprintf(buf, cap, "—");
		return;
	}
	snprintf(buf, cap, days < 0.1 ? "%.2g" : days < 10 ? "%.2f" : days < 100 ? "%.1f" : "%.0f",
		 days);
}

/* Per-token money keeps cents below 10 (¥0.27 must not read as ¥0);
 * above, cents would claim a precision the ±30 % band does not have. */
void time_money_per_million(char *buf, size_t cap, double v, const char *currency)
{
	if (v < 0)
		snprintf(buf, cap, "—");
	else
		money_format(buf, cap, v, currency ? currency : "CNY", v < 10 ? 2 : 0, MONEY_UTF8);
}

void time_speed_cell(char *buf, size_t cap, const struct plan *p)
{
	const struct throughput *t = &p->throughput;
	time_rate_text(buf, cap, t->valid && p->fits ? t->output_tokens_per_s : -1);
}

void time_per_million_cell(char *buf, size_t cap, const struct plan *p)
{
	const struct throughput *t = &p->throughput;
	double v = t->valid && p->fits ? plan_per_million(p, t) : -1;
	time_money_per_million(buf, cap, v, plan_currency(p));
}

void time_days_cell(char *buf, size_t cap, const struct plan *p)
{
	if (p->training.valid && p->fits)
		time_days_text(buf, cap, p->training.days);
	else
		snprintf(buf, cap, "—");
}

double time_job_cost(const struct plan *p)
{
	const struct training_estimate *t = &p->training;
	if (!p->cards || !p->fits || !t->valid || t->bill.cheapest == RENT_NONE)
		return -1;
	return t->bill.cost[t->bill.cheapest];
}

void time_job_cost_cell(char *buf, size_t cap, const struct plan *p)
{
	money_or_dash(buf, cap, time_job_cost(p), plan_currency(p), 0, MONEY_UTF8);
}

/* "container ¥0.27, bare metal ¥2.56" per million tokens, each way in its
 * own offer's currency. */
void time_per_million_pair(char *buf, size_t cap, const struct plan *p, const struct rent_pair *r)
{
	char c[48], b[48];
	time_money_per_million(c, sizeof c, r->container, rent_currency(p, &p->container));
	time_money_per_million(b, sizeof b, r->baremetal, rent_currency(p, &p->baremetal));
	snprintf(buf, cap, _("container %s, bare metal %s"), c, b);
}

/* "mbu 0.80, mbu_kv 0.75, mfu 0.55 of 1979 TFLOPS (w8a8), layer 30 us x sw 1,
 * all-reduce 8 us at 315 GB/s, 3350 GB/s per card; calibration published". */
void time_efficiency_text(char *buf, size_t cap, const struct plan *p)
{
	const struct step_efficiency *e = &p->throughput.eff;
	snprintf(buf, cap, _("mbu %.2f, mbu_kv %.2f, mfu %.2f of %.0f TFLOPS (%s), layer %.0f us x "
			    "sw %.4g, all-reduce %.0f us at %.0f GB/s, %.0f GB/s per card; "
			    "calibration %s"),
		 e->mbu, e->mbu_kv, e->mfu * e->eta_dq, e->peak_tflops, compute_path_names[e->path],
		 e->tau_layer_us, e->sw, e->alpha_us, e->bw_ar_gbs, e->bandwidth_gbs,
		 C_(calibration_labels[p->gpu->calibration]));
}

/* The cheapest billing of a job: "¥12,345 (container by the hour)". */
void time_bill_text(char *buf, size_t cap, const struct plan *p, const struct train_bill *b)
{
	char money[48];
	if (b->cheapest == RENT_NONE) {
		snprintf(buf, cap, "%s", _("not offered"));
		return;
	}
	money_format(money, sizeof money, b->cost[b->cheapest], plan_currency(p), 0, MONEY_UTF8);
	snprintf(buf, cap, _("%s (%s)"), money, _(train_rent_words[b->cheapest]));
}

/* "container by the hour ¥1,234*, container by the month ¥9,345, bare
 * metal ¥88,480": * marks the cheapest. */
void time_billings_text(char *buf, size_t cap, const struct plan *p, const struct train_bill *b)
{
	size_t n = 0;
	buf[0] = '\0';
	for (enum train_rent w = 0; w < RENT_WAYS && n < cap; w++) {
		char money[48] = "—";
		if (b->offered[w])
			money_format(money, sizeof money, b->cost[w], plan_currency(p), 0, MONEY_UTF8);
		int k = snprintf(buf + n, cap - n, "%s%s %s%s", w ? _(", ") : "",
				 _(train_rent_words[w]), money, w == b->cheapest ? "*" : "");
		n += k > 0 ? (size_t)k : 0;
	}
}

/* "deadline 7 days: 2 cards, container by the hour, 3.1 days, ¥1,234; the
 * plan's 1 card does not meet it". */
void time_deadline_text(char *buf, size_t cap, const struct plan *p, const struct scenario *sc)
{
	const struct training_estimate *t = &p->training;
	const struct train_choice *c = &t->choice;
	char days[24], money[48];
	time_days_text(days, sizeof days, c->at.days);
	if (!c->met) {
		snprintf(buf, cap, _("deadline %s: no count up to %d machines meets it; the fastest is "
				     "%d cards, %s days"),
			 sc->deadline_text, train_defaults.max_machines, c->cards, days);
		return;
	}
	money_format(money, sizeof money, c->cost, plan_currency(p), 0, MONEY_UTF8);
	int n = snprintf(buf, cap, P_("deadline %s: cheapest %d card, %s, %s days, %s; ",
				      "deadline %s: cheapest %d cards, %s, %s days, %s; ",
				      (unsigned long)c->cards),
			 sc->deadline_text, c->cards,
			 c->way == RENT_NONE ? _("not offered") : _(train_rent_words[c->way]), days,
			 money);
	if (n < 0 || (size_t)n >= cap)
		return;
	if (t->meets_deadline)
		snprintf(buf + n, cap - (size_t)n, P_("the plan's %d card meets it",
						      "the plan's %d cards meet it",
						      (unsigned long)p->cards), p->cards);
	else
		snprintf(buf + n, cap - (size_t)n, P_("the plan's %d card does not",
						      "the plan's %d cards do not",
						      (unsigned long)p->cards), p->cards);
}

/* "σ 0.031, κ 0.00012, peak at 91 cards" (none when κ = 0 or it lies
 * beyond the cards a plan can have). */
void time_usl_text(char *buf, size_t cap, const struct usl_fit *f)
{
	double peak = 0;
	bool has_peak = usl_peak_cards(f, &peak); /* before peak is read below */
	int n = snprintf(buf, cap, _("σ %.4g, κ %.4g"), f->sigma, f->kappa);
	if (n < 0 || (size_t)n >= cap)
		return;
	if (has_peak)
		snprintf(buf + n, cap - (size_t)n, _(", peak at %.0f cards"), peak);
	else
		snprintf(buf + n, cap - (size_t)n, _(", no peak within %d cards"), USL_MAX_CARDS);
}

bool time_figure(const struct plan *p, double *v, bool *days)
{
	*days = p && p->training.valid;
	if (!p || !p->cards || !p->fits)
		return false;
	*v = *days ? p->training.days : p->throughput.output_tokens_per_s;
	return *days || p->throughput.valid;
}

void time_side_cell(char *buf, size_t cap, const struct plan *p)
{
	char v[32];
	double x;
	bool days;
	if (!time_figure(p, &x, &days)) {
		snprintf(buf, cap, "—");
	} else if (days) {
		time_days_text(v, sizeof v, x);
		snprintf(buf, cap, _("%s days"), v);
	} else {
		time_rate_text(v, sizeof v, x);
		snprintf(buf, cap, "%s tok/s", v);
	}
}
