/* The GPU table's cells and headings, built once for the table report
 * and the screen; every figure through its unit's printer. */
#include "table_cells.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cheaper.h"
#include "i18n.h"
#include "plan_text.h"
#include "report_time.h"
#include "tables.h"
#include "train_text.h"

#define G(x) ((x) / GIB)

/* A plan that can be had: cards that hold the model. */
static bool row_priced(const struct plan *p)
{
	return p->cards && p->fits;
}

static bool on_screen(const struct style *st)
{
	return st->surface == SURFACE_SCREEN;
}

/* What a cell without a figure reads: the screen leaves it blank. */
static const char *no_figure(const struct style *st)
{
	return on_screen(st) ? "" : "—";
}

/* A plain terminal's table carries the digits alone ("CNY " on each
 * would push numbers off an 80-column table; the heading names it).
 * Abbreviated ("KRW 123M") only where the whole figures do not fit: a
 * number cut short would read as another, smaller one. */
static void cell_money(char *buf, size_t cap, double amount, const char *currency,
		       const struct style *st)
{
	bool bare = on_screen(st) && st->money == MONEY_ASCII;
	if (st->short_money && fabs(amount) >= 1e4)
		money_format_short(buf, cap, amount, bare ? "" : currency, st->money);
	else
		unit_money(buf, cap, amount, bare ? "" : currency, st->money);
}

#define CELL(r, c) (r)->text[c], sizeof (r)->text[c]

static void price_cell(struct table_row *r, enum table_col c, const struct plan *p,
		       const struct rent *rent, const struct style *st)
{
	if (!row_priced(p)) { /* a forced count that does not fit is no offer */
		snprintf(CELL(r, c), "%s", no_figure(st));
		return;
	}
	if (rent->available)
		cell_money(CELL(r, c), rent->monthly_per_card,
			   rent->offer ? rent->offer->currency : "CNY", st);
	else
		snprintf(CELL(r, c), "—");
	r->star[c] = rent == plan_cheaper_rent(p);
	if (r->star[c])
		strcat(r->text[c], "*");
}

/* The monthly total the cheaper way; the screen marks it c (container)
 * or b (bare metal). */
static void total_cell(struct table_row *r, const struct plan *p, const struct style *st)
{
	double monthly = plan_monthly(p);
	if (!row_priced(p))
		snprintf(CELL(r, TC_TOTAL), "%s",
			 on_screen(st) ? "" : p->cards ? _("does not fit") : "—");
	else if (monthly < 0)
		snprintf(CELL(r, TC_TOTAL), "—");
	else
		cell_money(CELL(r, TC_TOTAL), monthly, plan_currency(p), st);
	if (row_priced(p) && monthly >= 0 && on_screen(st))
		strcat(r->text[TC_TOTAL],
		       plan_cheaper_way(p) == CHEAPER_CONTAINER ? " c" : " b");
}

/* Inference: output tok/s at the concurrency and the cost per million
 * output tokens the cheaper way; training: days and the job's cost at
 * its cheapest billing. The screen marks an estimate row's "~". */
static void time_cells(struct table_row *r, const struct plan *p, const struct style *st)
{
	const char *mark = on_screen(st) && plan_time_estimate(p) ? "~" : "";
	char speed[48], cost[48];
	double money;
	bool training = p->training.valid;
	snprintf(CELL(r, TC_SPEED), "%s", no_figure(st));
	snprintf(CELL(r, TC_UNIT_COST), "%s", no_figure(st));
	if (!row_priced(p) || (!training && !p->throughput.valid))
		return;
	if (training) {
		unit_days(speed, sizeof speed, p->training.days);
		money = train_job_cost(p);
	} else {
		unit_rate(speed, sizeof speed, p->throughput.output_tokens_per_s);
		money = plan_per_million(p, &p->throughput);
	}
	/* "<": below the goals, no shape meets them: the row is the nearest
	 * (the legend; "!" is the bar's overflow on the screen) */
	snprintf(CELL(r, TC_SPEED), "%s%s%s", mark, speed, p->short_of_goals ? "<" : "");
	if (money < 0) {
		snprintf(CELL(r, TC_UNIT_COST), "—");
		return;
	}
	cell_money(cost, sizeof cost, money,
		   training ? plan_currency(p) : time_currency(p, &p->throughput), st);
	snprintf(CELL(r, TC_UNIT_COST), "%s%s", mark, cost);
}

/* Memory: with headroom of the card's capacity, and the need per card. */
static void memory_cells(struct table_row *r, const struct plan *p)
{
	char with[32], cap[32];
	unit_gib(with, sizeof with, G(p->with_headroom));
	unit_gib(cap, sizeof cap, G(p->capacity));
	snprintf(CELL(r, TC_FIGURES), "%s/%s", p->cards ? with : "—", cap);
	if (p->cards)
		unit_gib(CELL(r, TC_NEED), G(p->need));
	else
		snprintf(CELL(r, TC_NEED), "—");
}

/* The report names the plan in words, the screen by its shape code,
 * which a table never needs to cut. */
static void plan_cell(struct table_row *r, const struct plan *p, const struct style *st)
{
	if (on_screen(st) ? !row_priced(p) : !p->cards)
		snprintf(CELL(r, TC_PLAN), "%s", _("does not fit"));
	else if (on_screen(st))
		plan_shape_code(CELL(r, TC_PLAN), p);
	else
		plan_strategy_text(CELL(r, TC_PLAN), p);
}

void table_row_fill(struct table_row *r, const struct plan *p, const struct style *st)
{
	memset(r, 0, sizeof *r);
	snprintf(CELL(r, TC_NAME), "%s", gpu_short_name(p->gpu));
	memory_cells(r, p);
	snprintf(CELL(r, TC_CARDS), p->cards ? "%d" : "—", p->cards);
	plan_cell(r, p, st);
	snprintf(CELL(r, TC_FIT), "%s", plan_fit_label(p));
	price_cell(r, TC_CONTAINER, p, &p->container, st);
	price_cell(r, TC_BAREMETAL, p, &p->baremetal, st);
	total_cell(r, p, st);
	time_cells(r, p, st);
}

/* A row's band (the wider side) and its two sides, when it has time
 * figures: --measured days have none. */
static bool row_band(const struct plan *p, double *band, double *lo, double *hi)
{
	if (!row_priced(p))
		return false;
	if (p->training.valid) /* --measured carries its own (TRAINING.md §10) */
		*band = *lo = *hi = p->training.band_pct;
	else if (p->throughput.valid)
		*band = p->throughput.band_pct, *lo = p->throughput.band_low_pct,
		*hi = p->throughput.band_high_pct;
	else
		return false;
	return true;
}

/* The estimate rows' band is their widest one's. */
static void estimate_band_keep(struct table_look *look, double band, double lo, double hi)
{
	if (band > look->estimate_band || (band == look->estimate_band && lo > look->band_lo[1]))
		look->estimate_band = band, look->band_lo[1] = lo, look->band_hi[1] = hi;
}

void table_look_of(struct table_look *look, const struct plan *plans, size_t n)
{
	double lowest = -1, low_lo = 0, low_hi = 0;
	*look = (struct table_look){.band = -1, .estimate_band = -1, .currency = NULL};
	for (size_t i = 0; i < n; i++) {
		const struct plan *p = &plans[i];
		double band, lo, hi;
		look->training = look->training || p->training.valid;
		look->short_of_goals = look->short_of_goals || (p->short_of_goals && row_priced(p));
		if (!look->currency && plan_monthly(p) >= 0)
			look->currency = plan_currency(p);
		if (!row_band(p, &band, &lo, &hi))
			continue;
		if (lowest < 0 || band < lowest)
			lowest = band, low_lo = lo, low_hi = hi;
		if (plan_time_estimate(p))
			estimate_band_keep(look, band, lo, hi);
		else if (look->band < 0 || band < look->band)
			look->band = band, look->band_lo[0] = lo, look->band_hi[0] = hi;
	}
	if (look->band < 0) { /* every row is an estimate one */
		look->band = lowest, look->estimate_band = -1;
		look->band_lo[0] = low_lo, look->band_hi[0] = low_hi;
	}
}

/* How a column's heading takes the rows' data. */
enum heading_data { HEAD_PLAIN, HEAD_BAND, HEAD_CURRENCY };

struct heading_row {
	enum heading_data data;
	const char *report, *train_report; /* train_report NULL: report */
	const char *screen[4], *train_screen[4];
};

/* TRANSLATORS: the GPU table's column headers; on the screen each is
   shorter than the one before it: keep them as short as the English (a
   Han character takes two columns); "n" is the card count's narrowest
   header. "%s" is the band ("30") or the currency's sign ("¥"). */
static const struct heading_row headings[TC_COUNT] = {
	[TC_NAME] = {HEAD_PLAIN, N_("GPU"), NULL, {N_("GPU")}, {NULL}},
	[TC_FIGURES] = {HEAD_PLAIN, N_("+headroom/cap"), NULL, {N_("GiB/card"), "GiB"}, {NULL}},
	[TC_SPEED] = {HEAD_BAND, "tok/s", N_("days"), {N_("tok/s±%s%%"), "tok/s"},
		      {N_("days±%s%%"), N_("days")}},
	[TC_UNIT_COST] = {HEAD_CURRENCY, N_("%s/M tok"), N_("job cost"), {N_("%s/M tok"), N_("%s/M")},
			  {N_("job total"), N_("job")}},
	[TC_CARDS] = {HEAD_PLAIN, N_("cards"), NULL, {N_("cards"), N_("n")}, {NULL}},
	[TC_PLAN] = {HEAD_PLAIN, N_("plan"), NULL, {N_("plan")}, {NULL}},
	[TC_NEED] = {HEAD_PLAIN, N_("GiB/card"), NULL, {NULL}, {NULL}},
	[TC_FIT] = {HEAD_PLAIN, N_("fit"), NULL, {NULL}, {NULL}},
	[TC_CONTAINER] = {HEAD_PLAIN, N_("container"), NULL,
			  {N_("container"), N_("contnr"), N_("ctr")}, {NULL}},
	[TC_BAREMETAL] = {HEAD_PLAIN, N_("bare metal"), NULL,
			  {N_("bare metal"), N_("b.metal"), N_("metal"), N_("bm")}, {NULL}},
	[TC_TOTAL] = {HEAD_PLAIN, N_("per month"), NULL, {N_("total"), N_("tot")}, {NULL}},
};

/* The heading forms of c on this surface: the report has one. */
static const char *heading_form(enum table_col c, int form, bool training, const struct style *st)
{
	const struct heading_row *h = &headings[c];
	if (form < 0 || form > 3)
		return NULL;
	if (!on_screen(st))
		return form ? NULL : training && h->train_report ? h->train_report : h->report;
	return training && h->train_screen[0] ? h->train_screen[form] : h->screen[form];
}

bool table_heading(char *buf, size_t cap, enum table_col c, int form, const struct table_look *look,
		   const struct style *st)
{
	const char *h = c < TC_COUNT ? heading_form(c, form, look->training, st) : NULL;
	char data[32] = "";
	if (!h)
		return false;
	if (headings[c].data == HEAD_BAND && strchr(h, '%') && look->band <= 0) { /* the word alone */
		const char *next = heading_form(c, form + 1, look->training, st);
		h = next ? next : h;
	}
	if (headings[c].data == HEAD_BAND)
		unit_percent(data, sizeof data, look->band);
	else if (headings[c].data == HEAD_CURRENCY)
		unit_currency_sign(data, sizeof data, look->currency, st->money);
	snprintf(buf, cap, _(h), data); /* a word without "%s" ignores data */
	return true;
}

void table_band_sides(const struct table_look *look, char *rows, char *estimates, size_t cap)
{
	unit_band_sides(rows, cap, look->band_lo[0], look->band_hi[0]);
	unit_band_sides(estimates, cap, look->band_lo[1], look->band_hi[1]);
}

void table_bands_text(char *buf, size_t cap, const struct table_look *look)
{
	char b[24], e[24];
	table_band_sides(look, b, e, sizeof b);
	if (look->band <= 0)
		snprintf(buf, cap, "%s", _("measured, no band"));
	else if (look->estimate_band > look->band)
		snprintf(buf, cap, _("estimates %s %%, %s %% on calibration=estimate GPUs"), b, e);
	else
		snprintf(buf, cap, _("estimates %s %%"), b);
}

bool table_col_left(enum table_col c)
{
	return c == TC_NAME || c == TC_BAR || c == TC_PLAN || c == TC_FIT;
}
