/* Training in the breakdown: how long, what the job costs each way to
 * pay, the deadline, and the scaling tiers as two bar columns (days and
 * the job's total) so "one tier more" and "the top configuration" can be
 * compared at a glance. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "i18n.h"
#include "plan_text.h"
#include "report_time.h"
#include "text.h"
#include "detail_time.h"

#define LINE DETAIL_LINE_BYTES
#define BAR_GLYPH "█"

static void add_summary(struct detail_lines *d, const struct plan *p, int w)
{
	const struct training_estimate *t = &p->training;
	char line[LINE], hours[32], band[48];
	money_group(hours, sizeof hours, t->card_hours, 0);
	if (t->measured)
		snprintf(band, sizeof band, "%s", _("from --measured"));
	else if (plan_time_estimate(p))
		snprintf(band, sizeof band, _("±%.0f%% estimate"), t->band_pct);
	else
		snprintf(band, sizeof band, "±%.0f%%", t->band_pct);
	snprintf(line, sizeof line, _("training: %.2e FLOPs (k %.3g, MFU %.2f) · %.1f days on %d "
				      "cards · %s card-hours · parallel efficiency %.0f%% · %s"),
		 t->r.flops, t->r.k_lin, t->r.mu,
		 t->days, p->cards, hours, t->eff * 100, band);
	detail_add_wrapped(d, line, w);
}

static void add_deadline(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	const struct train_choice *c = &p->training.choice;
	char line[LINE], cost[40];
	if (!p->training.deadline)
		return;
	if (c->met && c->way != RENT_NONE) {
		money_or_dash(cost, sizeof cost, c->cost, plan_currency(p), 0, ms);
		snprintf(line, sizeof line,
			 p->training.meets_deadline
				 ? _("deadline: met with %d cards (%.1f days), cheapest %s %s")
				 : _("deadline: not met by this plan; met with %d cards (%.1f days), "
				     "cheapest %s %s"),
			 c->cards, c->at.days, _(train_rent_words[c->way]), cost);
	} else
		snprintf(line, sizeof line, _("deadline: not met; the fastest is %d cards, %.1f days"),
			 c->cards, c->at.days);
	detail_add_wrapped(d, line, w);
}

/* "job on 8 cards: container by the hour ¥1,234* · … · bare metal ¥9,345" */
static void add_bills(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	const struct train_bill *b = &p->training.bill;
	char line[LINE];
	/* the header ends with its own separator: Chinese has no space after "：" */
	size_t n = (size_t)snprintf(line, sizeof line, _("job on %d cards: "), p->cards);
	for (int r = 0; r < RENT_WAYS && n < sizeof line; r++) {
		char cost[40];
		money_or_dash(cost, sizeof cost, b->offered[r] ? b->cost[r] : -1, plan_currency(p), 0, ms);
		n += (size_t)snprintf(line + n, sizeof line - n, "%s%s %s%s", r ? " · " : "",
				      _(train_rent_words[r]), cost, (int)b->cheapest == r ? "*" : "");
	}
	detail_add_wrapped(d, line, w);
}

static void add_usl(struct detail_lines *d, const struct plan *p, int w)
{
	const struct usl_fit *f = &p->training.usl;
	char line[LINE], peak[32];
	double cards;
	if (!p->training.measured)
		return;
	if (usl_peak_cards(f, &cards))
		snprintf(peak, sizeof peak, _("%.0f cards"), cards);
	else
		snprintf(peak, sizeof peak, "%s", _("none (κ = 0)"));
	snprintf(line, sizeof line, _("measured speed-ups (USL): σ %.4f · κ %.6f · 1 card %.0f "
				      "tok/s · peak %s"), f->sigma, f->kappa, f->x1, peak);
	detail_add_wrapped(d, line, w);
}

static void bar(char *buf, size_t cap, double v, double max, int w)
{
	int cells = max > 0 ? (int)lround(v / max * w) : 0;
	size_t n = 0;
	buf[0] = '\0';
	cells = cells < 1 && v > 0 ? 1 : cells;
	for (int i = 0; i < w && n + 4 < cap; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s", i < cells ? BAR_GLYPH : " ");
}

struct tier_text {
	char cards[16], days[16], cost[40];
};

static void tier_texts(const struct plan *p, enum money_style ms, struct tier_text *tt,
		       double *max_days, double *max_cost, int *cost_w)
{
	const struct training_estimate *t = &p->training;
	*max_days = *max_cost = 0;
	*cost_w = 0;
	for (int i = 0; i < t->ntiers; i++) {
		const struct train_tier *r = &t->tiers[i];
		snprintf(tt[i].cards, sizeof tt[i].cards, "%d", r->cards);
		snprintf(tt[i].days, sizeof tt[i].days, _("%.1f d"), r->at.days);
		money_or_dash(tt[i].cost, sizeof tt[i].cost, r->cost, plan_currency(p), 0, ms);
		*max_days = r->at.days > *max_days ? r->at.days : *max_days;
		*max_cost = r->cost > *max_cost ? r->cost : *max_cost;
		int cw = (int)text_width(tt[i].cost);
		*cost_w = cw > *cost_w ? cw : *cost_w;
	}
}

/* s in a field of cols display columns (right-aligned or left), appended
 * at out + *n: snprintf's widths count bytes, and "3.2 天" has 8 of them
 * in 6 columns. */
static void put_field(char *out, size_t cap, size_t *n, const char *s, int cols, bool right)
{
	char fit[64];
	int pad = cols - (int)text_fit(fit, sizeof fit, s, cols > 0 ? (size_t)cols : 0);
	if (*n < cap)
		*n += right ? (size_t)snprintf(out + *n, cap - *n, "%*s%s", pad, "", fit)
			    : (size_t)snprintf(out + *n, cap - *n, "%s%*s", fit, pad, "");
}

/* "card" / "cards", as wide as the wider of the two so the column holds. */
static int unit_width(void)
{
	int one = (int)text_width(P_("card", "cards", 1));
	int more = (int)text_width(P_("card", "cards", 2));
	return one > more ? one : more;
}

/* "  16 cards    3.2 d ████████      ¥12,345 ███      91%" per tier. */
static void tier_line(char *line, size_t cap, const struct train_tier *r,
		      const struct tier_text *tt, const char *bd, const char *bc, int cost_w)
{
	size_t n = 0;
	put_field(line, cap, &n, tt->cards, 4, true);
	put_field(line, cap, &n, " ", 1, false);
	put_field(line, cap, &n, P_("card", "cards", (unsigned long)r->cards), unit_width(), false);
	put_field(line, cap, &n, " ", 1, false);
	put_field(line, cap, &n, tt->days, 8, true);
	if (n < cap)
		n += (size_t)snprintf(line + n, cap - n, " %s ", bd);
	put_field(line, cap, &n, tt->cost, cost_w, true);
	if (n < cap)
		snprintf(line + n, cap - n, " %s %3.0f%%", bc, r->at.eff * 100);
}

static void add_tiers(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	const struct training_estimate *t = &p->training;
	struct tier_text tt[TRAIN_MAX_TIERS];
	double max_days, max_cost;
	int cost_w;
	if (t->ntiers == 0 || d->n >= DETAIL_LINES)
		return;
	tier_texts(p, ms, tt, &max_days, &max_cost, &cost_w);
	int fixed = 10 + 1 + 8 + 1 + 1 + cost_w + 1 + 1 + 4;
	int bw = (w - fixed) / 2;
	bw = bw < 3 ? 3 : bw > 24 ? 24 : bw;
	detail_add_wrapped(d, _("scaling tiers: cards, days, total cost of the job (cheapest way), "
				"efficiency"), w);
	for (int i = 0; i < t->ntiers && d->n < DETAIL_LINES; i++) {
		char line[LINE * 3], bd[LINE / 4], bc[LINE / 4];
		bar(bd, sizeof bd, t->tiers[i].at.days, max_days, bw);
		bar(bc, sizeof bc, t->tiers[i].cost, max_cost, bw);
		tier_line(line, sizeof line, &t->tiers[i], &tt[i], bd, bc, cost_w);
		text_fit(d->line[d->n++], DETAIL_LINE_BYTES, line, (size_t)w);
	}
}

static void add_train_efficiency(struct detail_lines *d, const struct plan *p, int w)
{
	const struct training_estimate *t = &p->training;
	char line[LINE], between[48] = "";
	if (t->r.machines > 1)
		snprintf(between, sizeof between, _(", %.2f GB/s between machines"), t->r.bw_node);
	snprintf(line, sizeof line, _("efficiency used: MFU %.2f · peak %.0f TFLOPS · goodput %.3f · "
				      "link %.0f GB/s in a machine%s"),
		 t->r.mu, t->r.peak_tflops, t->r.goodput, t->r.bw_link, between);
	detail_add_wrapped(d, line, w);
}

void detail_train_summary(struct detail_lines *d, const struct plan *p, int w,
			  enum money_style ms)
{
	add_summary(d, p, w);
	add_deadline(d, p, w, ms);
}

void detail_train_lines(struct detail_lines *d, const struct plan *p, int w, enum money_style ms)
{
	add_bills(d, p, w, ms);
	add_usl(d, p, w);
	add_tiers(d, p, w, ms);
	add_train_efficiency(d, p, w);
}
