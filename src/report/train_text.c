/* The training lines, written once for the table report, the quote and
 * the screen; every figure through its unit's printer (units.h). */
#include "train_text.h"

#include <stdio.h>

#include "cheaper.h"
#include "i18n.h"
#include "plan_text.h"
#include "report_quote_md.h"
#include "report_time.h"
#include "tables.h"

/* Human words for the three ways to pay for a training job (marked:
 * translate where shown, _(train_rent_words[w])). */
const char *const train_rent_words[RENT_WAYS] = {
	[RENT_CONTAINER_HOURLY] = N_("container by the hour"),
	[RENT_CONTAINER_MONTHLY] = N_("container by the month"),
	[RENT_BAREMETAL] = N_("bare metal"),
};

double train_job_cost(const struct plan *p)
{
	const struct training_estimate *t = &p->training;
	if (!p->cards || !p->fits || !t->valid || t->bill.cheapest == RENT_NONE)
		return -1;
	return t->bill.cost[t->bill.cheapest];
}

static void money(char *buf, size_t cap, double amount, const struct plan *p,
		  const struct style *st)
{
	unit_money(buf, cap, amount, plan_currency(p), st->money);
}

/* The summary's figures. */
struct summary_fields {
	char flops[24], k[16], days[24], hours[32], eff[16], mfu[16], goodput[16], band[48];
};

static void summary_fields(struct summary_fields *f, const struct plan *p, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	unit_text(f->flops, sizeof f->flops, UNIT_FLOPS, t->r.flops, NULL, st->money);
	unit_count(f->k, sizeof f->k, t->r.k);
	unit_days(f->days, sizeof f->days, t->days);
	unit_count(f->hours, sizeof f->hours, t->card_hours);
	unit_share(f->eff, sizeof f->eff, t->eff);
	unit_ratio(f->mfu, sizeof f->mfu, t->r.mfu);
	unit_ratio(f->goodput, sizeof f->goodput, t->goodput);
	time_band_line(f->band, sizeof f->band, t->measured ? 0 : t->r.band_pct,
		       plan_time_estimate(p), st);
}

void train_summary_line(char *buf, size_t cap, const struct plan *p, const struct scenario *sc,
			const struct style *st)
{
	const struct training_estimate *t = &p->training;
	struct summary_fields f;
	char bills[256], deadline[256] = "—", eff[24];
	summary_fields(&f, p, st);
	if (st->surface == SURFACE_REPORT) {
		snprintf(buf, cap, _("  training (%s): %s FLOPs (k = %s), %s days, %s card-hours, "
				     "parallel efficiency %s %%, MFU %s, goodput %s\n"),
			 f.band, f.flops, f.k, f.days, f.hours, f.eff, f.mfu, f.goodput);
	} else if (st->surface == SURFACE_SCREEN) {
		snprintf(buf, cap, _("training: %s FLOPs (k %s, MFU %s) · %s days on %d cards · %s "
				     "card-hours · parallel efficiency %s%% · %s"),
			 f.flops, f.k, f.mfu, f.days, p->cards, f.hours, f.eff, f.band);
	} else {
		train_bills_line(bills, sizeof bills, p, st);
		if (t->deadline)
			train_deadline_line(deadline, sizeof deadline, p, sc, st);
		snprintf(eff, sizeof eff, _("%s %%"), f.eff);
		snprintf(buf, cap, "%d | %s | %s | %s | %s | %s | %s", p->cards, MD(f.days),
			 MD(f.hours), MD(eff), MD(bills), MD(deadline), MD(f.band));
	}
}

/* "deadline 7d: cheapest 4 cards, container by the hour, 4.29 days, ¥647;
 * the plan's 4 cards meet it". */
static void deadline_report(char *buf, size_t cap, const struct plan *p,
			    const struct scenario *sc, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	const struct train_choice *c = &t->choice;
	char days[24], cost[48];
	unit_days(days, sizeof days, c->at.days);
	if (!c->met) {
		snprintf(buf, cap, _("deadline %s: no count up to %d machines meets it; the fastest is "
				     "%d cards, %s days"),
			 sc->deadline_text, train_defaults.max_machines, c->cards, days);
		return;
	}
	money(cost, sizeof cost, c->cost, p, st);
	int n = snprintf(buf, cap, P_("deadline %s: cheapest %d card, %s, %s days, %s; ",
				      "deadline %s: cheapest %d cards, %s, %s days, %s; ",
				      (unsigned long)c->cards),
			 sc->deadline_text, c->cards,
			 c->way == RENT_NONE ? _("not offered") : _(train_rent_words[c->way]), days,
			 cost);
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

static void deadline_screen(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct train_choice *c = &p->training.choice;
	char days[24], cost[48];
	unit_days(days, sizeof days, c->at.days);
	if (!c->met || c->way == RENT_NONE) {
		snprintf(buf, cap, _("deadline: not met; the fastest is %d cards, %s days"), c->cards,
			 days);
		return;
	}
	money(cost, sizeof cost, c->cost, p, st);
	snprintf(buf, cap,
		 p->training.meets_deadline
			 ? _("deadline: met with %d cards (%s days), cheapest %s %s")
			 : _("deadline: not met by this plan; met with %d cards (%s days), cheapest "
			     "%s %s"),
		 c->cards, days, _(train_rent_words[c->way]), cost);
}

void train_deadline_line(char *buf, size_t cap, const struct plan *p, const struct scenario *sc,
			 const struct style *st)
{
	buf[0] = '\0';
	if (!p->training.deadline)
		return;
	if (st->surface == SURFACE_SCREEN)
		deadline_screen(buf, cap, p, st);
	else
		deadline_report(buf, cap, p, sc, st);
}

/* "container by the hour ¥647*<sep>container by the month ¥4,292<sep>bare
 * metal ¥9,200": * marks the cheapest. */
static void bills_list(char *buf, size_t cap, const struct plan *p, const char *sep,
		       const struct style *st)
{
	const struct train_bill *b = &p->training.bill;
	size_t n = 0;
	buf[0] = '\0';
	for (enum train_rent w = 0; w < RENT_WAYS && n < cap; w++) {
		char cost[48];
		money(cost, sizeof cost, b->offered[w] ? b->cost[w] : -1, p, st);
		int k = snprintf(buf + n, cap - n, "%s%s %s%s", w ? sep : "", _(train_rent_words[w]),
				 cost, w == b->cheapest ? "*" : "");
		n += k > 0 ? (size_t)k : 0;
	}
}

void train_bills_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	char list[256];
	if (st->surface == SURFACE_SCREEN) {
		/* the header ends with its own separator: Chinese has no space after "：" */
		int n = snprintf(buf, cap, _("job on %d cards: "), p->cards);
		if (n >= 0 && (size_t)n < cap)
			bills_list(buf + n, cap - (size_t)n, p, " · ", st);
		return;
	}
	bills_list(list, sizeof list, p, _(", "), st);
	if (st->surface == SURFACE_QUOTE)
		snprintf(buf, cap, "%s", list);
	else
		snprintf(buf, cap, P_("  the job at %d card: %s\n", "  the job at %d cards: %s\n",
				      (unsigned long)p->cards), p->cards, list);
}

void train_usl_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct usl_fit *f = &p->training.usl;
	char sigma[24], kappa[24], x1[32], peak[32];
	double cards = 0;
	bool has_peak = usl_peak_cards(f, &cards); /* before cards is read below */
	unit_text(sigma, sizeof sigma, UNIT_COEFFICIENT, f->sigma, NULL, st->money);
	unit_text(kappa, sizeof kappa, UNIT_COEFFICIENT, f->kappa, NULL, st->money);
	unit_rate(x1, sizeof x1, f->x1);
	if (st->surface == SURFACE_SCREEN) {
		if (has_peak)
			snprintf(peak, sizeof peak, _("%.0f cards"), cards);
		else
			snprintf(peak, sizeof peak, _("none within %d cards"), USL_MAX_CARDS);
		snprintf(buf, cap, _("measured speed-ups (USL): σ %s · κ %s · 1 card %s tok/s · peak %s"),
			 sigma, kappa, x1, peak);
		return;
	}
	if (has_peak)
		snprintf(peak, sizeof peak, _(", peak at %.0f cards"), cards);
	else
		snprintf(peak, sizeof peak, _(", no peak within %d cards"), USL_MAX_CARDS);
	snprintf(buf, cap, _("  measured speed-ups (USL): σ %s, κ %s%s\n"), sigma, kappa, peak);
}

void train_efficiency_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	char mfu[16], peak[24], goodput[16], link[24], node[24], ar[32], c[32], between[64] = "";
	unit_ratio(mfu, sizeof mfu, t->r.mfu);
	unit_text(peak, sizeof peak, UNIT_TFLOPS, t->r.peak_tflops, NULL, st->money);
	unit_ratio(goodput, sizeof goodput, t->goodput);
	unit_text(link, sizeof link, UNIT_GBS, t->link_gbs, NULL, st->money);
	unit_seconds(ar, sizeof ar, t->r.t_ar);
	unit_seconds(c, sizeof c, t->r.t_c);
	if (t->r.machines > 1) {
		unit_text(node, sizeof node, UNIT_GBS, t->r.node_gbs, NULL, st->money);
		snprintf(between, sizeof between, _(", %s GB/s between machines"), node);
	}
	snprintf(buf, cap, _("efficiency used: mfu_train %s · peak %s TFLOPS · goodput %s · link %s "
			     "GB/s in a machine%s · all-reduce %s per step vs compute %s"),
		 mfu, peak, goodput, link, between, ar, c);
}

void train_tier_cells(struct tier_cells *c, const struct plan *p, int i, const struct style *st)
{
	const struct train_tier *r = &p->training.tiers[i];
	snprintf(c->cards, sizeof c->cards, "%d", r->cards);
	unit_days(c->days, sizeof c->days, r->at.days);
	unit_share(c->eff, sizeof c->eff, r->at.eff);
	money(c->cost, sizeof c->cost, r->cost, p, st);
}

void train_tiers_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	int n = snprintf(buf, cap, _("- %s:"), MD(gpu_short_name(p->gpu)));
	for (int i = 0; i < t->ntiers && n >= 0 && (size_t)n < cap; i++) {
		struct tier_cells c;
		train_tier_cells(&c, p, i, st);
		n += snprintf(buf + n, cap - (size_t)n, "%s ", i ? " ·" : "");
		if (n >= 0 && (size_t)n < cap)
			n += snprintf(buf + n, cap - (size_t)n,
				      P_("%d card %s days %s %% %s", "%d cards %s days %s %% %s",
					 (unsigned long)t->tiers[i].cards),
				      t->tiers[i].cards, MD(c.days), MD(c.eff), MD(c.cost));
	}
}
