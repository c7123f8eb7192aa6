/* Time and money over time in the breakdown, most telling first: the
 * speed, what a million tokens cost, the shapes worth knowing, then the
 * efficiencies the figures rest on. Training: days, the deadline, the
 * three billings and the scaling tiers as two bar columns (days and the
 * job's total per tier), where more cards stop paying for themselves. */
#include "detail_time.h"

#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "i18n.h"
#include "message.h"
#include "plan_text.h"
#include "text.h"

#define LINE DETAIL_LINE_BYTES

/* "850 ms", "1.2 s", "14 s". */
static void seconds_text(char *buf, size_t cap, double s)
{
	if (s < 1)
		snprintf(buf, cap, "%.0f ms", s * 1e3);
	else
		snprintf(buf, cap, s < 10 ? "%.1f s" : "%.0f s", s);
}

static void band_text(char *buf, size_t cap, double band_pct, bool estimate)
{
	if (estimate)
		snprintf(buf, cap, _("±%.0f%% estimate"), band_pct);
	else
		snprintf(buf, cap, "±%.0f%%", band_pct);
}

static void per_million(char *buf, size_t cap, double v, const char *cur, enum money_style ms)
{
	money_or_dash(buf, cap, v, cur, v < 0 ? 0 : per_million_decimals(v), ms);
}

/* "TTFT 1.2 s · TPOT 33 ms · 30.3 tok/s per user · 606 tok/s total · memory-bound" */
static void speed_text(char *buf, size_t cap, const struct throughput *t)
{
	char ttft[16], tpot[16], total[32];
	seconds_text(ttft, sizeof ttft, t->ttft_s);
	seconds_text(tpot, sizeof tpot, t->tpot_s);
	money_group(total, sizeof total, t->output_tokens_per_s, t->output_tokens_per_s < 100 ? 1 : 0);
	snprintf(buf, cap, _("TTFT %s · TPOT %s · %.1f tok/s per user · %s tok/s total · %s"),
		 ttft, tpot, t->user_tokens_per_s, total, bound_text(t->bound));
}

static void add_why(struct detail_lines *d, const struct plan *p, int w)
{
	for (int i = 0; i < p->nwhy; i++) {
		char line[LINE];
		snprintf(line, sizeof line, _("why: %s"), MESSAGE_TEXT(&p->why[i]));
		detail_add_wrapped(d, line, w);
	}
}

void detail_time_summary(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	char line[LINE], speed[LINE / 2], band[32];
	add_why(d, p, w);
	if (!p->fits || !p->cards)
		return;
	if (p->training.valid) {
		detail_train_summary(d, p, w, ms);
		return;
	}
	if (!p->throughput.valid)
		return;
	speed_text(speed, sizeof speed, &p->throughput);
	band_text(band, sizeof band, p->throughput.band_pct, plan_time_estimate(p));
	snprintf(line, sizeof line, _("speed: %s · %s"), speed, band);
	detail_add_wrapped(d, line, w);
}

static void add_at_max(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	const struct throughput *m = &p->throughput_at_max;
	char line[LINE], speed[LINE / 2], cost[40];
	if (!m->valid)
		return;
	speed_text(speed, sizeof speed, m);
	per_million(cost, sizeof cost, plan_per_million(p, m), plan_currency(p), ms);
	snprintf(line, sizeof line, _("at most %lld sequences (B_max): %s · %s per million output"),
		 m->max_concurrency, speed, cost);
	detail_add_wrapped(d, line, w);
}

static void add_costs(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	const struct throughput *t = &p->throughput;
	/* each way in its own offer's currency: they may differ */
	const char *ct = rent_currency(p, &p->container), *bm = rent_currency(p, &p->baremetal);
	char line[LINE], a[40], b[40], c[40], e[40];
	per_million(a, sizeof a, t->per_million_output.container, ct, ms);
	per_million(b, sizeof b, t->per_million_output.baremetal, bm, ms);
	per_million(c, sizeof c, t->per_million_total.container, ct, ms);
	per_million(e, sizeof e, t->per_million_total.baremetal, bm, ms);
	snprintf(line, sizeof line, _("per million output tokens: container %s · bare metal %s; "
				      "in+out: container %s · bare metal %s"), a, b, c, e);
	detail_add_wrapped(d, line, w);
	if (p->container.available && t->hourly_break_even_hours >= 0) {
		snprintf(line, sizeof line, _("container: the monthly price beats the hourly one "
					      "above %.0f h a month"), t->hourly_break_even_hours);
		detail_add_wrapped(d, line, w);
	}
}

/* "alternative: TP8, 8 cards · 4.9× tok/s · ¥45,600/month · ¥0.12/M — uses the idle card" */
static void add_alternatives(struct detail_lines *d, const struct plan *p, int w,
			     enum money_style ms)
{
	const char *cur = plan_currency(p);
	for (int i = 0; i < p->nalternatives; i++) {
		const struct alternative *a = &p->alternatives[i];
		char line[LINE], monthly[40], pm[40], ratio[32] = "", shape[64];
		alternative_strategy_text(shape, sizeof shape, a);
		money_or_dash(monthly, sizeof monthly, a->monthly, cur, 0, ms);
		per_million(pm, sizeof pm, a->per_million_output, cur, ms);
		if (p->throughput.output_tokens_per_s > 0)
			snprintf(ratio, sizeof ratio, " · %.1f× tok/s",
				 a->tokens_per_s / p->throughput.output_tokens_per_s);
		snprintf(line, sizeof line, _("alternative: %s, %d cards%s · %s/month · %s per "
					      "million output — %s"),
			 shape, a->cards, ratio, monthly, pm, MESSAGE_TEXT(&a->why));
		detail_add_wrapped(d, line, w);
	}
}

static void add_efficiency(struct detail_lines *d, const struct plan *p, int w)
{
	const struct step_efficiency *e = &p->throughput.eff;
	char line[LINE];
	snprintf(line, sizeof line, _("efficiency used: mbu %.2f · mbu_kv %.2f · mfu %.2f of %.0f "
				      "TFLOPS (%s) · layer %.0f us x sw %.4g · all-reduce %.0f us "
				      "at %.0f GB/s · %.0f GB/s per card"),
		 e->mbu, e->mbu_kv, e->mfu * e->eta_dq, e->peak_tflops, compute_path_names[e->path],
		 e->tau_layer_us, e->sw, e->alpha_us, e->bw_ar_gbs, e->bandwidth_gbs);
	detail_add_wrapped(d, line, w);
}

static void inference_lines(struct detail_lines *d, const struct plan *p, int w,
			    enum money_style ms)
{
	add_costs(d, p, w, ms);
	add_alternatives(d, p, w, ms);
	add_at_max(d, p, w, ms);
	add_efficiency(d, p, w);
}

void detail_time_lines(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	if (!p->fits || !p->cards)
		return;
	if (p->training.valid)
		detail_train_lines(d, p, w, ms);
	else if (p->throughput.valid)
		inference_lines(d, p, w, ms);
}
