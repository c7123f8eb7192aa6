/* The breakdown of the selected plan: memory, renting, time, notes and
 * limits, each line built by the presentation layer (plan_text.c,
 * report_time.c, train_text.c) in the screen's style and wrapped here. */
#include "detail_lines.h"

#include <stdio.h>
#include <stdlib.h>

#include "i18n.h"
#include "message.h"
#include "plan_text.h"
#include "tables.h"
#include "units.h"
#include "detail_time.h"

#define G(x) ((x) / GIB)

static enum money_style money_style = MONEY_UTF8;

void detail_lines_set_money(enum money_style ms)
{
	money_style = ms;
}

static struct style screen_style(void)
{
	return (struct style){.surface = SURFACE_SCREEN, .money = money_style};
}

static void short_count(char *buf, size_t cap, long long v)
{
	if (v <= 0)
		snprintf(buf, cap, "—");
	else if (v >= 1000000)
		snprintf(buf, cap, "%.1fM", v / 1e6);
	else if (v >= 10000)
		snprintf(buf, cap, "%.0fk", v / 1e3);
	else
		snprintf(buf, cap, "%lld", v);
}

/* Longest context and most sequences on 1, 2, 4, 8 cards of the selected
 * type, as the session computed them. */
static void limits_line(const struct session *s, char *line, size_t cap)
{
	size_t n = (size_t)snprintf(line, cap,
				    _("limits (context at %lld seq / sequences at %lld tokens):"),
				    s->sc.concurrency, s->sc.context);
	for (int k = 0; s->limits_ok && k < LIMIT_CARD_COUNTS && n < cap; k++) {
		const struct card_limit *c = &s->limits[k];
		char ctx[16], seq[16];
		short_count(ctx, sizeof ctx, c->max_context);
		short_count(seq, sizeof seq, c->max_concurrency);
		n += (size_t)snprintf(line + n, cap - n,
				      P_(" %d card %s/%s", " %d cards %s/%s", (unsigned long)c->cards),
				      c->cards, ctx, seq);
		/* TRANSLATORS: between the card counts of the limits line. */
		if (k + 1 < LIMIT_CARD_COUNTS && n < cap)
			n += (size_t)snprintf(line + n, cap - n, "%s", _(";"));
	}
}

/* Every term per card, the headroom and, for a plan that fits, both ways
 * of renting. Gradients and optimizer states hold nothing for inference:
 * left out. */
static void add_terms(struct detail_lines *d, const struct session *s, const struct plan *p,
		      int w)
{
	const struct style st = screen_style();
	char line[DETAIL_LINE_BYTES], need[32], with[32], cap[32];
	int n = plan_terms_text(line, sizeof line, &p->per_card, " + ", TERM_WEIGHTS, TERM_COUNT,
				true);
	unit_gib(need, sizeof need, G(p->need));
	snprintf(line + n, sizeof line - (size_t)n, _(" = %s GiB/card"), need);
	detail_add_wrapped(d, line, w);
	unit_gib(with, sizeof with, G(p->with_headroom));
	unit_gib(cap, sizeof cap, G(p->capacity));
	snprintf(line, sizeof line, _("+%.0f%% headroom: %s of %s GiB (%.0f%% used) — %s"),
		 s->sc.headroom_pct, with, cap, p->utilization_pct,
		 p->level == FIT_NONE	 ? _("does not fit")
		 : p->level == FIT_TIGHT ? _("tight")
					 : _("comfortable"));
	detail_add_wrapped(d, line, w);
	if (!p->fits)
		return; /* a layout that does not fit is not offered */
	rent_describe(line, sizeof line, p, &p->container, &st);
	detail_add_wrapped(d, line, w);
	rent_describe(line, sizeof line, p, &p->baremetal, &st);
	detail_add_wrapped(d, line, w);
}

/* What lowers each term when it is the one that does not fit. */
static const char *const term_remedy[TERM_COUNT] = {
	[TERM_WEIGHTS] = N_("weights: a lower precision or more cards"),
	[TERM_KV_CACHE] = N_("KV cache: lower context/concurrency or fp8 KV"),
	[TERM_ACTIVATIONS] = N_("activations: lower concurrency or context"),
	[TERM_GRADIENTS] = N_("gradients: LoRA, or ZeRO over more cards"),
	[TERM_OPTIMIZER] = N_("optimizer states: LoRA, or ZeRO over more cards"),
	[TERM_OVERHEAD] = N_("overhead: a card with more memory"),
};

static void add_totals(struct detail_lines *d, const struct session *s, int w)
{
	const struct mem_terms *t = &s->an->totals;
	char line[DETAIL_LINE_BYTES];
	enum mem_term top = TERM_WEIGHTS;
	char sum[32];
	int n = snprintf(line, sizeof line, "%s", _("whole model: "));
	n += plan_terms_text(line + n, sizeof line - (size_t)n, t, " + ", TERM_WEIGHTS, TERM_COUNT,
			     true);
	unit_gib(sum, sizeof sum, G(mem_sum(t)));
	snprintf(line + n, sizeof line - (size_t)n, " = %s GiB", sum);
	detail_add_wrapped(d, line, w);
	for (enum mem_term k = TERM_WEIGHTS; k < TERM_OVERHEAD; k++)
		if (mem_term_value(t, k) > mem_term_value(t, top))
			top = k;
	snprintf(line, sizeof line, _("most of it is %s"), _(term_remedy[top]));
	detail_add_wrapped(d, line, w);
}

/* The notes of at least (important) or below (!important) a warning,
 * most important first. */
static void add_notes(struct detail_lines *d, const struct session *s, const struct plan *p,
		      int w, bool important)
{
	const struct message *notes[PLAN_NOTES + SCENARIO_NOTES];
	size_t n = 0;
	for (int i = 0; i < p->nnotes; i++)
		notes[n++] = &p->notes[i];
	for (int i = 0; i < s->an->nnotes; i++)
		notes[n++] = &s->an->notes[i];
	qsort(notes, n, sizeof notes[0], message_compare);
	for (size_t i = 0; i < n; i++) {
		char line[DETAIL_LINE_BYTES];
		if ((message_severity(notes[i]) >= SEVERITY_WARNING) != important)
			continue;
		snprintf(line, sizeof line, _("note: %s"), MESSAGE_TEXT(notes[i]));
		detail_add_wrapped(d, line, w);
	}
}

void detail_lines_plan(struct detail_lines *d, const struct session *s, const struct plan *p,
		       int w)
{
	char line[DETAIL_LINE_BYTES];
	const struct style st = screen_style();
	d->n = 0;
	add_notes(d, s, p, w, true); /* what changes what is bought: in view first */
	detail_time_summary(d, p, &s->sc, w, &st);
	if (p->cards)
		add_terms(d, s, p, w);
	detail_time_lines(d, p, w, &st);
	if (!p->fits)
		add_totals(d, s, w);
	add_notes(d, s, p, w, false);
	if (p->cards) {
		limits_line(s, line, sizeof line);
		detail_add_wrapped(d, line, w);
	}
}

void detail_title(char *buf, size_t cap, const struct plan *p)
{
	char shape[96];
	plan_shape_words(shape, sizeof shape, p);
	if (p->cards)
		snprintf(buf, cap, P_("%s · %d card · %s%s", "%s · %d cards · %s%s",
				      (unsigned long)p->cards),
			 gpu_short_name(p->gpu), p->cards, shape, p->fits ? "" : _(" · does not fit"));
	else
		snprintf(buf, cap, "%s · %s", gpu_short_name(p->gpu), shape);
}
