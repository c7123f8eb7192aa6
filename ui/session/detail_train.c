/* Training in the breakdown: how long, what the job costs each way to
 * pay, the deadline, and the scaling tiers as two bar columns (days and
 * the job's total) so "one tier more" and "the top configuration" can be
 * compared at a glance. */
#include "detail_train.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "text.h"
#include "train_text.h"

#define LINE DETAIL_LINE_BYTES
#define BAR_GLYPH "█"
#define TIER_SHAPE_COLS 16 /* "TP2×PP4×DP2 Z1 ", at least: the widest shape and a space */
#define TIER_CARDS_COLS 5  /* up to 100,000 cards: 65536 */

static void bar(char *buf, size_t cap, double v, double max, int w)
{
	int cells = max > 0 ? (int)lround(v / max * w) : 0;
	size_t n = 0;
	buf[0] = '\0';
	cells = cells < 1 && v > 0 ? 1 : cells;
	for (int i = 0; i < w && n + 4 < cap; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s", i < cells ? BAR_GLYPH : " ");
}

/* A tier's cells as the bars show them: days with a short unit. */
struct tier_text {
	char cards[16], shape[48], days[32], cost[48];
};

/* The widths the tiers' columns take. */
struct tier_widths {
	int shape, cost;
};

static void tier_texts(const struct plan *p, const struct style *st, struct tier_text *tt,
		       double *max_days, double *max_cost, struct tier_widths *tw)
{
	const struct training_estimate *t = &p->training;
	*max_days = *max_cost = 0;
	*tw = (struct tier_widths){.shape = TIER_SHAPE_COLS, .cost = 0};
	for (int i = 0; i < t->ntiers; i++) {
		const struct train_tier *r = &t->tiers[i];
		struct tier_cells c;
		train_tier_cells(&c, p, i, st);
		snprintf(tt[i].cards, sizeof tt[i].cards, "%s", c.cards);
		snprintf(tt[i].shape, sizeof tt[i].shape, "%s", c.shape);
		snprintf(tt[i].days, sizeof tt[i].days, _("%s d"), c.days);
		snprintf(tt[i].cost, sizeof tt[i].cost, "%s", c.cost);
		*max_days = r->at.days > *max_days ? r->at.days : *max_days;
		*max_cost = r->cost > *max_cost ? r->cost : *max_cost;
		int cw = (int)text_width(tt[i].cost), sw = (int)text_width(tt[i].shape) + 1;
		tw->cost = cw > tw->cost ? cw : tw->cost;
		tw->shape = sw > tw->shape ? sw : tw->shape;
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

/* "  16 cards TP2×PP4×DP2 Z1   3.2 d ████████   ¥12,345 ███  91%" per tier. */
static void tier_line(char *line, size_t cap, const struct train_tier *r,
		      const struct tier_text *tt, const char *bd, const char *bc,
		      const struct tier_widths *tw)
{
	size_t n = 0;
	put_field(line, cap, &n, tt->cards, TIER_CARDS_COLS, true);
	put_field(line, cap, &n, " ", 1, false);
	put_field(line, cap, &n, P_("card", "cards", (unsigned long)r->cards), unit_width(), false);
	put_field(line, cap, &n, " ", 1, false);
	put_field(line, cap, &n, tt->shape, tw->shape, false);
	put_field(line, cap, &n, tt->days, 8, true);
	if (n < cap)
		n += (size_t)snprintf(line + n, cap - n, " %s ", bd);
	put_field(line, cap, &n, tt->cost, tw->cost, true);
	if (n < cap)
		snprintf(line + n, cap - n, " %s %3.0f%%", bc, r->at.eff * 100);
}

static void add_tiers(struct detail_lines *d, const struct plan *p, int w, const struct style *st)
{
	const struct training_estimate *t = &p->training;
	struct tier_text tt[TRAIN_MAX_TIERS];
	double max_days, max_cost;
	struct tier_widths tw;
	if (t->ntiers == 0 || d->n >= DETAIL_LINES)
		return;
	tier_texts(p, st, tt, &max_days, &max_cost, &tw);
	int fixed = TIER_CARDS_COLS + 7 + tw.shape + 8 + 1 + 1 + tw.cost + 1 + 1 + 4;
	int bw = (w - fixed) / 2;
	bw = bw < 3 ? 3 : bw > 24 ? 24 : bw;
	detail_add_wrapped(d, _("scaling tiers: cards, shape, days, total cost of the job (cheapest "
				"way), efficiency"), w);
	for (int i = 0; i < t->ntiers && d->n < DETAIL_LINES; i++) {
		char line[LINE * 3], bd[LINE / 4], bc[LINE / 4];
		bar(bd, sizeof bd, t->tiers[i].at.days, max_days, bw);
		bar(bc, sizeof bc, t->tiers[i].cost, max_cost, bw);
		tier_line(line, sizeof line, &t->tiers[i], &tt[i], bd, bc, &tw);
		text_fit(d->line[d->n++], DETAIL_LINE_BYTES, line, (size_t)w);
	}
}

/* A line of the presentation layer, wrapped; "" is no line. */
static void add_line(struct detail_lines *d, const char *line, int w)
{
	if (line[0])
		detail_add_wrapped(d, line, w);
}

void detail_train_summary(struct detail_lines *d, const struct plan *p,
			  const struct scenario *sc, int w, const struct style *st)
{
	char line[LINE];
	train_summary_line(line, sizeof line, p, sc, st);
	add_line(d, line, w);
	train_shape_line(line, sizeof line, p, st);
	add_line(d, line, w);
	train_step_line(line, sizeof line, p, st);
	add_line(d, line, w);
	train_network_line(line, sizeof line, p, st);
	add_line(d, line, w);
	train_deadline_line(line, sizeof line, p, sc, st);
	add_line(d, line, w);
}

void detail_train_lines(struct detail_lines *d, const struct plan *p, int w,
			const struct style *st)
{
	char line[LINE];
	train_bills_line(line, sizeof line, p, st);
	add_line(d, line, w);
	if (p->training.measured) {
		train_usl_line(line, sizeof line, p, st);
		add_line(d, line, w);
	}
	add_tiers(d, p, w, st);
	train_efficiency_line(line, sizeof line, p, st);
	add_line(d, line, w);
}
