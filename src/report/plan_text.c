/* How a way of renting adds up, and the compare row, written once for
 * the reports and the screen. */
#include "plan_text.h"


#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "figures.h"
#include "i18n.h"
#include "message.h"
#include "tables.h"
#include "units.h"

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

/* "¥9,345": an amount in the offer's currency (the plan's when none),
 * by money's one rule, in the surface's style. */
static const char *rent_money(char *buf, size_t cap, const struct plan *p, const struct rent *r,
			      double amount, const struct style *st)
{
	const char *cur = r->offer && r->offer->currency && r->offer->currency[0] ? r->offer->currency
										   : plan_currency(p);
	unit_money(buf, cap, amount, cur, st->money);
	return buf;
}

#define M(amount) rent_money((char[48]){""}, 48, p, r, (amount), st)

static void rent_report(char *buf, size_t cap, const struct plan *p, const struct rent *r,
			const struct style *st)
{
	char date[16], hourly[48] = "";
	const char *label = rent_label(p, r);
	if (!r->available && !r->offer) {
		snprintf(buf, cap, _("%s: — %s"), label, MESSAGE_TEXT(&r->why));
		return;
	}
	unit_date(date, sizeof date, r->monthly_collected);
	if (r->hourly_per_card >= 0)
		snprintf(hourly, sizeof hourly, _(", %s/h = %s/month"), M(r->hourly_per_card),
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

static void rent_screen(char *buf, size_t cap, const struct plan *p, const struct rent *r,
			const struct style *st)
{
	char date[16];
	const char *label = rent_label(p, r);
	unit_date(date, sizeof date, r->monthly_collected);
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

static void rent_quote(char *buf, size_t cap, const struct plan *p, const struct rent *r,
		       const struct style *st)
{
	char date[16], price[64];
	const struct offer *o = r->offer;
	buf[0] = '\0';
	if (!o)
		return;
	unit_date(date, sizeof date, r->monthly_collected);
	snprintf(price, sizeof price, r->machines ? _("%s per machine") : _("%s per card"),
		 M(r->machines ? r->machine_monthly : r->monthly_per_card));
	snprintf(buf, cap, "%s | %s | %s%s%s | %s | %s | %s", rent_label(p, r), or_dash(o->region),
		 price, o->discount[0] ? ", " : "", o->discount, date, or_dash(o->network),
		 or_dash(o->source));
}

typedef void rent_writer(char *buf, size_t cap, const struct plan *p, const struct rent *r,
			 const struct style *st);

void rent_describe(char *buf, size_t cap, const struct plan *p, const struct rent *r,
		   const struct style *st)
{
	static rent_writer *const writers[] = {
		[SURFACE_REPORT] = rent_report,
		[SURFACE_SCREEN] = rent_screen,
		[SURFACE_QUOTE] = rent_quote,
	};
	writers[st->surface](buf, cap, p, r, st);
}

int plan_terms_text(char *buf, size_t cap, const struct mem_terms *m, const char *sep,
		    enum mem_term first, enum mem_term last, bool held_only)
{
	size_t n = 0;
	if (cap)
		buf[0] = '\0';
	for (enum mem_term t = first; t < last && n < cap; t++) {
		char gib[32];
		if (held_only && t != TERM_WEIGHTS && mem_term_value(m, t) <= 0)
			continue;
		unit_gib(gib, sizeof gib, mem_term_value(m, t) / GIB);
		n += (size_t)snprintf(buf + n, cap - n, "%s%s %s", n ? sep : "", mem_term_name(t), gib);
	}
	return (int)(n < cap ? n : cap ? cap - 1 : 0);
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
	unit_money(r->money_a, sizeof r->money_a, r->monthly_a, a ? plan_currency(a) : "", MONEY_UTF8);
	unit_money(r->money_b, sizeof r->money_b, r->monthly_b, b ? plan_currency(b) : "", MONEY_UTF8);
	if (compare_row_delta(r, &delta))
		unit_money_signed(r->delta, sizeof r->delta, delta, plan_currency(b), MONEY_UTF8);
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

bool plan_time_estimate(const struct plan *p)
{
	if (p->training.valid)
		return !p->training.measured && p->training.band_pct > 25;
	return p->throughput.band_pct > BAND_PUBLISHED_PCT;
}
