/* The training lines, written once for the table report, the quote and
 * the screen; every figure through its unit's printer (units.h). */
#include "train_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

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
	if (!p->cards || !p->fits || !t->valid)
		return -1;
	return train_bill_cheapest(&t->bill);
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
	snprintf(f->k, sizeof f->k, "%.3g", t->r.k_lin);
	unit_days(f->days, sizeof f->days, t->days);
	unit_count(f->hours, sizeof f->hours, t->card_hours);
	unit_share(f->eff, sizeof f->eff, t->eff);
	unit_ratio(f->mfu, sizeof f->mfu, t->r.mu);
	unit_ratio(f->goodput, sizeof f->goodput, t->r.goodput);
	if (t->measured && st->surface == SURFACE_SCREEN)
		snprintf(f->band, sizeof f->band, _("±%.0f%% from --measured"), t->band_pct);
	else if (t->measured)
		snprintf(f->band, sizeof f->band, _("measured ±%.0f %%"), t->band_pct);
	else
		time_band_line(f->band, sizeof f->band, t->band_pct, plan_time_estimate(p), st);
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
		snprintf(buf, cap,
			 P_("training: %s FLOPs (k %s, MFU %s) · %s days on %d card · %s "
			    "card-hours · parallel efficiency %s%% · %s",
			    "training: %s FLOPs (k %s, MFU %s) · %s days on %d cards · %s "
			    "card-hours · parallel efficiency %s%% · %s",
			    (unsigned long)p->cards),
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
		snprintf(buf, cap, _("deadline %s: no count up to %d cards meets it; the fastest is "
				     "%d cards, %s days"),
			 sc->deadline_text, train_defaults.max_cards, c->cards, days);
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

/* "; prorated ¥1,317": the cheapest way's H/730 × the monthly price of
 * the units paid, beside the bill (TRAINING.md §8). */
static void prorated_text(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct train_bill *b = &p->training.bill;
	char cost[48];
	buf[0] = '\0';
	if (b->cheapest == RENT_NONE)
		return;
	money(cost, sizeof cost, b->prorated[b->cheapest], p, st);
	snprintf(buf, cap, _("; prorated %s"), cost);
}

void train_bills_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	char list[256], prorated[64];
	prorated_text(prorated, sizeof prorated, p, st);
	if (st->surface == SURFACE_SCREEN) {
		/* the header ends with its own separator: Chinese has no space after "：" */
		int n = snprintf(buf, cap, P_("job on %d card: ", "job on %d cards: ",
					      (unsigned long)p->cards), p->cards);
		if (n >= 0 && (size_t)n < cap)
			bills_list(buf + n, cap - (size_t)n, p, " · ", st);
		size_t used = strlen(buf);
		snprintf(buf + used, cap - used, "%s", prorated);
		return;
	}
	bills_list(list, sizeof list, p, _(", "), st);
	size_t used = strlen(list);
	snprintf(list + used, sizeof list - used, "%s", prorated);
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
	char mfu[16], mu[16], peak[24], goodput[16], link[24], node[24], between[64] = "";
	unit_ratio(mfu, sizeof mfu, p->gpu->mfu_train);
	unit_ratio(mu, sizeof mu, t->r.mu);
	unit_text(peak, sizeof peak, UNIT_TFLOPS, t->r.peak_tflops, NULL, st->money);
	snprintf(goodput, sizeof goodput, "%.3f", t->r.goodput);
	unit_text(link, sizeof link, UNIT_GBS, t->r.bw_link, NULL, st->money);
	if (t->r.bw_node > 0) {
		unit_text(node, sizeof node, UNIT_GBS, t->r.bw_node, NULL, st->money);
		snprintf(between, sizeof between, _(", %s GB/s between machines"), node);
	}
	snprintf(buf, cap, _("efficiency used: mfu_train %s, %s at this GEMM width · peak %s TFLOPS · "
			     "goodput %s · all-reduce %s GB/s in a machine%s"),
		 mfu, mu, peak, goodput, link, between);
}

void train_tier_cells(struct tier_cells *c, const struct plan *p, int i, const struct style *st)
{
	const struct train_tier *r = &p->training.tiers[i];
	const struct train_point *at = &r->at;
	snprintf(c->cards, sizeof c->cards, "%d", r->cards);
	unit_days(c->days, sizeof c->days, at->days);
	unit_share(c->eff, sizeof c->eff, at->eff);
	money(c->cost, sizeof c->cost, r->cost, p, st);
	money(c->prorated, sizeof c->prorated,
	      r->way != RENT_NONE ? at->bill.prorated[r->way] : -1, p, st);
	train_shape_text(c->shape, sizeof c->shape, &at->shape);
	snprintf(c->region, sizeof c->region, "%s",
		 at->offer >= 0 && p->training.offers[at->offer].q.newest->region[0]
			 ? p->training.offers[at->offer].q.newest->region
			 : "—");
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
				      P_("%d card (%s, %s) %s days %s %% %s, prorated %s",
					 "%d cards (%s, %s) %s days %s %% %s, prorated %s",
					 (unsigned long)t->tiers[i].cards),
				      t->tiers[i].cards, MD(c.shape), MD(c.region), MD(c.days),
				      MD(c.eff), MD(c.cost), MD(c.prorated));
	}
}

/* ---- The shape, the step and the network (TRAINING.md §15) ---- */

static void shape_text(char *buf, size_t cap, const struct train_shape *sh, bool zero)
{
	int d = sh->cards / (sh->tp * sh->pp), n = 0;
	buf[0] = '\0';
	if (sh->cards == 1) {
		snprintf(buf, cap, "%s", _("single card"));
		return;
	}
	if (sh->tp > 1)
		n += snprintf(buf + n, cap - (size_t)n, "TP%d", sh->tp);
	if (sh->pp > 1 && n >= 0 && (size_t)n < cap)
		n += snprintf(buf + n, cap - (size_t)n, "%sPP%d", n ? "×" : "", sh->pp);
	if ((d > 1 || n == 0) && n >= 0 && (size_t)n < cap)
		n += snprintf(buf + n, cap - (size_t)n, "%sDP%d", n ? "×" : "", d);
	if (zero && d > 1 && sh->zero > 0 && n >= 0 && (size_t)n < cap)
		snprintf(buf + n, cap - (size_t)n, " Z%d", sh->zero);
}

void train_shape_text(char *buf, size_t cap, const struct train_shape *sh)
{
	shape_text(buf, cap, sh, true);
}

/* "TP2×PP4, ZeRO-0, micro-batch 1 (256 a step), 1 virtual stage, 6 of 8
 * layers a stage recomputed (75 %)". */
void train_shape_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	const struct train_shape *sh = &t->shape;
	char shape[48], m[24], rc[96], ep[32] = "", share[16];
	shape_text(shape, sizeof shape, sh, false); /* the stage follows in words */
	snprintf(m, sizeof m, "%.4g", t->r.m);
	unit_share(share, sizeof share, sh->rc_share);
	if (t->rc_layers > 0)
		snprintf(rc, sizeof rc, _("%d of %d layers a stage recomputed (%s %%)"), t->rc_layers,
			 t->stage_layers, share);
	else
		snprintf(rc, sizeof rc, "%s", _("no recomputation"));
	if (sh->ep > 1)
		snprintf(ep, sizeof ep, _(", expert parallel %d"), sh->ep);
	snprintf(buf, cap,
		 st->surface == SURFACE_REPORT
			 ? _("  shape: %s, ZeRO-%d%s, micro-batch %d (%s a step per data-parallel "
			     "rank), virtual stages %d, %s%s\n")
			 : _("shape: %s · ZeRO-%d%s · micro-batch %d (%s a step per data-parallel "
			     "rank) · virtual stages %d · %s%s"),
		 shape, sh->zero, ep, sh->b, m, sh->v, rc,
		 t->fits ? "" : _(" — does not fit, timed at its least memory"));
}

/* One part of the step: " + TP 47.2 s", nothing for a part of 0. */
static size_t step_part(char *buf, size_t cap, const char *name, double s)
{
	char v[32];
	if (!(s > 0) || cap == 0)
		return 0;
	unit_seconds(v, sizeof v, s);
	int n = snprintf(buf, cap, " + %s %s", name, v);
	return n > 0 ? (size_t)n : 0;
}

/* "step 187 s: compute 137 s + TP 47.2 s + PP sends 1.07 s + bubble
 * 2.17 s (data parallel 0.376 s, hidden)": what the link costs a step. */
void train_step_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct train_step *s = &p->training.r.step;
	char total[32], compute[32], dp[32], parts[256], hidden[96] = "";
	size_t n = 0;
	unit_seconds(total, sizeof total, s->total_s);
	unit_seconds(compute, sizeof compute, s->compute_s);
	parts[0] = '\0';
	n += step_part(parts + n, sizeof parts - n, _("TP"), s->tp_s);
	n += step_part(parts + n, sizeof parts - n, _("EP"), s->ep_s);
	n += step_part(parts + n, sizeof parts - n, _("PP sends"), s->pp_send_s);
	n += step_part(parts + n, sizeof parts - n, _("bubble"), s->pp_bubble_s);
	n += step_part(parts + n, sizeof parts - n, _("data parallel exposed"), s->dp_exposed_s);
	if (p->training.r.dp_s > 0 && !(s->dp_exposed_s > 0)) {
		unit_seconds(dp, sizeof dp, p->training.r.dp_s);
		snprintf(hidden, sizeof hidden, _(" (data parallel %s, hidden)"), dp);
	}
	snprintf(buf, cap,
		 st->surface == SURFACE_REPORT ? _("  step %s: compute %s%s%s\n")
					       : _("step %s: compute %s%s%s"),
		 total, compute, parts, hidden);
}

/* The link inside a machine as people write it (link_names are the CSV's). */
static const char *link_word(int link)
{
	static const char *const words[] = {[LINK_NVLINK] = "NVLink", [LINK_HCCS] = "HCCS",
					    [LINK_PCIE] = "PCIe"};
	return link >= 0 && (size_t)link < sizeof words / sizeof words[0] && words[link]
		       ? words[link]
		       : link_names[link];
}

static const char *const why_words[] = {
	[NET_WHY_ONE_MACHINE] = N_("one machine"),
	[NET_WHY_IB_FIRST] = N_("IB first across machines"),
	[NET_WHY_NO_IB_OFFER] = N_("no IB offer for this GPU"),
	[NET_WHY_FORCED] = N_("--network"),
};

/* "network: 吉林一区, NVLink + IB 400G×4, 200 GB/s a machine (IB first
 * across machines)"; in one machine the link alone. */
void train_network_line(char *buf, size_t cap, const struct plan *p, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	const struct train_offer *o = t->offer >= 0 ? &t->offers[t->offer] : NULL;
	char gbs[24], region[96];
	const char *net = o && o->net.network[0] ? o->net.network : link_word(p->gpu->link);
	snprintf(region, sizeof region, "%s", o && o->q.newest->region[0] ? o->q.newest->region
									 : "—");
	buf[0] = '\0';
	if (!(t->r.bw_node > 0)) {
		unit_text(gbs, sizeof gbs, UNIT_GBS, t->r.bw_link, NULL, st->money);
		snprintf(buf, cap,
			 st->surface == SURFACE_REPORT
				 ? _("  network: one machine, %s, %s GB/s all-reduce in it (%s)\n")
				 : _("network: one machine, %s, %s GB/s all-reduce in it (%s)"),
			 link_word(p->gpu->link), gbs, region);
		return;
	}
	unit_text(gbs, sizeof gbs, UNIT_GBS, t->r.bw_node / train_defaults.eta_net, NULL, st->money);
	snprintf(buf, cap,
		 st->surface == SURFACE_REPORT ? _("  network: %s, %s, %s GB/s a machine (%s)\n")
					       : _("network: %s, %s, %s GB/s a machine (%s)"),
		 region, net, gbs, _(why_words[t->why]));
}
