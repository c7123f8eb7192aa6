/* How a way of renting adds up, and the compare row, written once for
 * the reports and the screen. */
#include "plan_text.h"


#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "figures.h"
#include "i18n.h"
#include "report.h"
#include "tables.h"
#include "message.h"
#include "money.h"

/* Every text here is translated as it is written, never kept: the
 * language can change between two frames. */
static const char *rent_label(const struct plan *p, const struct rent *r)
{
	return figure_group_label(r == &p->container ? &figure_group_container
						     : &figure_group_baremetal);
}

static const char *rent_region(const struct rent *r)
{
	return r->offer->region[0] ? r->offer->region : _("region not listed");
}

/* "¥9,345": an amount in the offer's currency (the plan's when none). */
static const char *rent_money(char *buf, size_t cap, const struct plan *p, const struct rent *r,
			      double amount, int decimals)
{
	const char *cur = r->offer && r->offer->currency && r->offer->currency[0] ? r->offer->currency : plan_currency(p);
	money_format(buf, cap, amount, cur, decimals, MONEY_UTF8);
	return buf;
}

#define M(amount) rent_money((char[48]){""}, 48, p, r, (amount), 0)

static void rent_report(char *buf, size_t cap, const struct plan *p, const struct rent *r)
{
	char date[16], hourly[48] = "";
	const char *label = rent_label(p, r);
	if (!r->available && !r->offer) {
		snprintf(buf, cap, _("%s: — %s"), label, MESSAGE_TEXT(&r->why));
		return;
	}
	format_date(date, sizeof date, r->monthly_collected);
	if (r->hourly_per_card >= 0)
		snprintf(hourly, sizeof hourly, _(", %s/h = %s/month"),
			 rent_money((char[48]){""}, 48, p, r, r->hourly_per_card, 2),
			 M(r->hourly_per_card * HOURS_PER_MONTH));
	if (r->machines)
		snprintf(buf, cap,
			 P_("%s: %d × %s = %s/month, %s/card, %d idle card = %s (%s, %s)",
			    "%s: %d × %s = %s/month, %s/card, %d idle cards = %s (%s, %s)",
			    (unsigned long)r->idle),
			 label, r->machines, M(r->machine_monthly), M(r->total),
			 M(r->monthly_per_card), r->idle, M(r->idle_cost), rent_region(r), date);
	else
		snprintf(buf, cap, _("%s: %d × %s = %s/month%s (max %d cards, %s)%s%s"), label,
			 p->cards, M(r->monthly_per_card), M(r->total), hourly, r->max_cards, date,
			 r->available ? "" : " — ", r->available ? "" : MESSAGE_TEXT(&r->why));
}

static void rent_screen(char *buf, size_t cap, const struct plan *p, const struct rent *r)
{
	char date[16];
	const char *label = rent_label(p, r);
	format_date(date, sizeof date, r->monthly_collected);
	if (!r->offer)
		snprintf(buf, cap, "%s — %s", label, MESSAGE_TEXT(&r->why));
	else if (r->machines)
		snprintf(buf, cap, _("%s %d × %s = %s/month · %s/card · %d idle = %s · %s %s"),
			 label, r->machines, M(r->machine_monthly), M(r->total),
			 M(r->monthly_per_card), r->idle, M(r->idle_cost), rent_region(r), date);
	else if (r->available)
		snprintf(buf, cap, _("%s %d × %s = %s/month · max %d cards · %s"), label, p->cards,
			 M(r->monthly_per_card), M(r->total), r->max_cards, date);
	else
		snprintf(buf, cap, _("%s — %s (%s/card, %s)"), label, MESSAGE_TEXT(&r->why),
			 M(r->monthly_per_card), date);
}

static const char *or_dash(const char *s)
{
	return s[0] ? s : "—";
}

static void rent_quote(char *buf, size_t cap, const struct plan *p, const struct rent *r)
{
	char date[16], price[64];
	const struct offer *o = r->offer;
	buf[0] = '\0';
	if (!o)
		return;
	format_date(date, sizeof date, r->monthly_collected);
	snprintf(price, sizeof price, r->machines ? _("%s per machine") : _("%s per card"),
		 M(r->machines ? r->machine_monthly : r->monthly_per_card));
	snprintf(buf, cap, "%s | %s | %s%s%s | %s | %s | %s", rent_label(p, r), or_dash(o->region),
		 price, o->discount[0] ? ", " : "", o->discount, date, or_dash(o->network),
		 or_dash(o->source));
}

typedef void rent_writer(char *buf, size_t cap, const struct plan *p, const struct rent *r);

void rent_describe(char *buf, size_t cap, const struct plan *p, const struct rent *r,
		   enum rent_style style)
{
	static rent_writer *const writers[] = {
		[RENT_REPORT] = rent_report,
		[RENT_SCREEN] = rent_screen,
		[RENT_QUOTE] = rent_quote,
	};
	writers[style](buf, cap, p, r);
}

void compare_row_fill(struct compare_row *r, const struct plan *a, const struct plan *b)
{
	double delta;
	*r = (struct compare_row){.a = a, .b = b, .gpu = a ? a->gpu : b->gpu};
	r->cards_a = a ? a->cards : 0;
	r->cards_b = b ? b->cards : 0;
	if (a)
		plan_strategy_text(r->strategy_a, sizeof r->strategy_a, a);
	else
		snprintf(r->strategy_a, sizeof r->strategy_a, "—");
	if (b)
		plan_strategy_text(r->strategy_b, sizeof r->strategy_b, b);
	else
		snprintf(r->strategy_b, sizeof r->strategy_b, "—");
	r->monthly_a = a ? plan_monthly(a) : -1;
	r->monthly_b = b ? plan_monthly(b) : -1;
	/* a missing side has no currency: its "—" needs none */
	money_or_dash(r->money_a, sizeof r->money_a, r->monthly_a, a ? plan_currency(a) : "", 0,
		      MONEY_UTF8);
	money_or_dash(r->money_b, sizeof r->money_b, r->monthly_b, b ? plan_currency(b) : "", 0,
		      MONEY_UTF8);
	if (compare_row_delta(r, &delta))
		money_format_signed(r->delta, sizeof r->delta, delta, plan_currency(b), 0, MONEY_UTF8);
	else
		snprintf(r->delta, sizeof r->delta, "—");
}

bool compare_row_delta(const struct compare_row *r, double *delta)
{
	*delta = r->monthly_b - r->monthly_a;
	return r->monthly_a >= 0 && r->monthly_b >= 0;
}

/* The parallel dimensions in the order a layout nests them: tensor,
 * pipeline, then replicas (sharded by ZeRO when a stage is set). */
static size_t shape_parts(char *buf, size_t cap, const struct layout *l)
{
	size_t n = 0;
	if (l->t > 1)
		n += (size_t)snprintf(buf + n, cap - n, "TP%d", l->t);
	if (l->p > 1 && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, "%sPP%d", n ? "×" : "", l->p);
	if (l->d > 1 && l->zero > 0 && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, "%sZ%d×%d", n ? "×" : "", l->zero, l->d);
	else if (l->d > 1 && n < cap)
		n += (size_t)snprintf(buf + n, cap - n, "%sDP%d", n ? "×" : "", l->d);
	return n < cap ? n : cap - 1;
}

void plan_shape_code(char *buf, size_t cap, const struct plan *p)
{
	char parts[48];
	if (cap == 0)
		return;
	if (p->cards <= 0) {
		snprintf(buf, cap, "%s", _("none"));
		return;
	}
	if (p->cards == 1 || shape_parts(parts, sizeof parts, &p->lay) == 0)
		snprintf(parts, sizeof parts, "%s", _("single"));
	/* "+rc" and "2m" stay notation in every language (the help explains
	 * them): "+重计算" and "2机" would widen a column that an 80-column
	 * table has no room for. */
	int n = snprintf(buf, cap, "%s%s", parts, p->lay.recompute ? "+rc" : "");
	if (p->machines > 1 && n >= 0 && (size_t)n < cap)
		snprintf(buf + n, cap - (size_t)n, " %dm", p->machines);
}

/* One parallel dimension in words, when it is the plan's only one. */
static void strategy_one_part(char *buf, size_t cap, const struct layout *l)
{
	if (l->t > 1)
		snprintf(buf, cap, _("tensor parallel TP%d"), l->t);
	else if (l->p > 1)
		snprintf(buf, cap, _("pipeline parallel PP%d"), l->p);
	else if (l->zero > 0)
		snprintf(buf, cap, _("ZeRO-%d data parallel ×%d"), l->zero, l->d);
	else
		snprintf(buf, cap, _("data parallel DP%d"), l->d);
}

/* Several dimensions: their codes, as the table writes them ("TP2×PP5"),
 * with the ZeRO part in words ("TP2 + ZeRO-3 数据并行 ×9"). */
static void strategy_parts(char *buf, size_t cap, const struct layout *l)
{
	struct layout codes = *l;
	char zero[48] = "";
	if (l->d > 1 && l->zero > 0) {
		struct layout z = {.t = 1, .p = 1, .d = l->d, .zero = l->zero};
		strategy_one_part(zero, sizeof zero, &z);
		codes.d = 1;
	}
	size_t n = shape_parts(buf, cap, &codes);
	if (zero[0])
		snprintf(buf + n, cap - n, "%s%s", n ? " + " : "", zero);
}

/* English keeps the engine's label (JSON and CSV carry the same words);
 * another language writes the layout in its words. */
static void strategy_text(char *buf, size_t cap, const struct layout *l, int cards,
			  const char *english)
{
	char parts[64];
	int dims = (l->t > 1) + (l->p > 1) + (l->d > 1);
	if (i18n_lang() == I18N_EN || cap == 0) {
		snprintf(buf, cap, "%s", english);
		return;
	}
	if (cards <= 0) {
		snprintf(buf, cap, "%s", _("does not fit"));
		return;
	}
	if (cards == 1 || dims == 0)
		snprintf(parts, sizeof parts, "%s", _("single card"));
	else if (dims == 1)
		strategy_one_part(parts, sizeof parts, l);
	else
		strategy_parts(parts, sizeof parts, l);
	if ((cards + CARDS_PER_MACHINE - 1) / CARDS_PER_MACHINE > 1)
		snprintf(buf, cap, _("%s multi-node"), parts);
	else
		snprintf(buf, cap, "%s", parts);
}

void plan_strategy_text(char *buf, size_t cap, const struct plan *p)
{
	strategy_text(buf, cap, &p->lay, p->cards, p->strategy);
}

void alternative_strategy_text(char *buf, size_t cap, const struct alternative *a)
{
	strategy_text(buf, cap, &a->lay, a->cards, a->strategy);
}

void plan_shape_words(char *buf, size_t cap, const struct plan *p)
{
	char words[64];
	bool said = strstr(p->strategy, "recompute") != NULL;
	plan_strategy_text(words, sizeof words, p);
	if (p->cards && p->lay.recompute && !said)
		snprintf(buf, cap, _("%s +recompute"), words);
	else
		snprintf(buf, cap, "%s", words);
}

int per_million_decimals(double v)
{
	return v < 10 ? 2 : v < 100 ? 1 : 0;
}

double plan_per_million(const struct plan *p, const struct throughput *t)
{
	double c = t->per_million_output.container, b = t->per_million_output.baremetal;
	if (p->cheaper == CHEAPER_BAREMETAL && b >= 0)
		return b;
	if (c >= 0 && (b < 0 || p->cheaper == CHEAPER_CONTAINER || c <= b))
		return c;
	return b;
}

void table_money(char *buf, size_t cap, double amount, const char *currency, int decimals,
		 enum money_style ms)
{
	money_format(buf, cap, amount, ms == MONEY_UTF8 ? currency : "", decimals, ms);
}

static bool inference_cells(const struct plan *p, enum money_style ms, struct time_cells *out)
{
	const struct throughput *t = &p->throughput;
	const char *mark = out->estimate ? "~" : "";
	if (!t->valid)
		return false;
	char n[32];
	money_group(n, sizeof n, t->output_tokens_per_s, t->output_tokens_per_s < 100 ? 1 : 0);
	snprintf(out->speed, sizeof out->speed, "%s%s", mark, n);
	double m = plan_per_million(p, t);
	if (m < 0)
		snprintf(out->cost, sizeof out->cost, "—");
	else {
		table_money(n, sizeof n, m, t->currency ? t->currency : plan_currency(p),
			    per_million_decimals(m), ms);
		snprintf(out->cost, sizeof out->cost, "%s%s", mark, n);
	}
	return true;
}

static bool training_cells(const struct plan *p, enum money_style ms, struct time_cells *out)
{
	const struct training_estimate *t = &p->training;
	const char *mark = out->estimate ? "~" : "";
	char n[32];
	if (!t->valid)
		return false;
	snprintf(out->speed, sizeof out->speed, t->days < 100 ? "%s%.1f" : "%s%.0f", mark, t->days);
	if (t->bill.cheapest == RENT_NONE)
		snprintf(out->cost, sizeof out->cost, "—");
	else {
		table_money(n, sizeof n, t->bill.cost[t->bill.cheapest], plan_currency(p), 0, ms);
		snprintf(out->cost, sizeof out->cost, "%s%s", mark, n);
	}
	return true;
}

bool plan_time_estimate(const struct plan *p)
{
	if (p->training.valid)
		return !p->training.measured && p->training.band_pct > 25;
	return p->throughput.band_pct > BAND_PUBLISHED_PCT;
}

bool plan_time_cells(const struct plan *p, enum money_style ms, struct time_cells *out)
{
	memset(out, 0, sizeof *out);
	out->training = p->training.valid;
	out->estimate = plan_time_estimate(p);
	if (!p->fits || !p->cards)
		return false;
	return out->training ? training_cells(p, ms, out) : inference_cells(p, ms, out);
}
