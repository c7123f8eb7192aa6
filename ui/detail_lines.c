#include "detail_lines.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/message.h"
#include "../src/plan_text.h"
#include "../src/report.h"
#include "../src/tables.h"
#include "../src/text.h"
#include "detail_time.h"

#define G(x) ((x) / GIB)

static enum money_style money_style = MONEY_UTF8;

void detail_lines_set_money(enum money_style ms)
{
	money_style = ms;
}

void detail_add_wrapped(struct detail_lines *d, const char *text, int w)
{
	const char *p = text;
	while (*p && d->n < DETAIL_LINES) {
		char *buf = d->line[d->n];
		text_fit(buf, DETAIL_LINE_BYTES, p, (size_t)(w > 0 ? w : 1));
		size_t take = strlen(buf), len = strlen(p);
		if (take < len) { /* break at the last space that fits */
			char *space = strrchr(buf, ' ');
			if (space && space > buf)
				take = (size_t)(space - buf) + 1, buf[take - 1] = '\0';
		}
		d->n++;
		p += take;
		while (*p == ' ')
			p++;
		if (take == 0)
			break;
	}
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
	size_t n = (size_t)snprintf(line, cap, "limits (context at %lld seq / sequences at %lld "
				    "tokens):", s->sc.concurrency, s->sc.context);
	for (int k = 0; s->limits_ok && k < LIMIT_CARD_COUNTS && n < cap; k++) {
		const struct card_limit *c = &s->limits[k];
		char ctx[16], seq[16];
		short_count(ctx, sizeof ctx, c->max_context);
		short_count(seq, sizeof seq, c->max_concurrency);
		n += (size_t)snprintf(line + n, cap - n, " %d card%s %s/%s%s", c->cards,
				      c->cards > 1 ? "s" : "", ctx, seq,
				      k + 1 < LIMIT_CARD_COUNTS ? ";" : "");
	}
}

/* "weights 2.8 + KV 14.3 + overhead 1.0": the terms that hold memory
 * (gradients and optimizer states are 0 for inference: left out). */
static int terms_text(char *buf, size_t cap, const struct mem_terms *m)
{
	size_t n = 0;
	buf[0] = '\0';
	for (enum mem_term t = TERM_WEIGHTS; t < TERM_COUNT && n < cap; t++)
		if (t == TERM_WEIGHTS || mem_term_value(m, t) > 0)
			n += (size_t)snprintf(buf + n, cap - n, "%s%s %.1f", n ? " + " : "",
					      mem_term_rows[t].name, mem_term_value(m, t) / GIB);
	return (int)(n < cap ? n : cap - 1);
}

/* Every term per card, the headroom and, for a plan that fits, both ways
 * of renting. */
static void add_terms(struct detail_lines *d, const struct session *s, const struct plan *p,
		      int w)
{
	char line[DETAIL_LINE_BYTES];
	int n = terms_text(line, sizeof line, &p->per_card);
	snprintf(line + n, sizeof line - (size_t)n, " = %.1f GiB/card", G(p->need));
	detail_add_wrapped(d, line, w);
	snprintf(line, sizeof line, "+%.0f%% headroom: %.1f of %.1f GiB (%.0f%% used) — %s",
		 s->sc.headroom_pct, G(p->with_headroom), G(p->capacity), p->utilization_pct,
		 p->level == FIT_NONE ? "does not fit" : p->level == FIT_TIGHT ? "tight" : "comfortable");
	detail_add_wrapped(d, line, w);
	if (!p->fits)
		return; /* a layout that does not fit is not offered */
	rent_describe(line, sizeof line, p, &p->container, RENT_SCREEN);
	detail_add_wrapped(d, line, w);
	rent_describe(line, sizeof line, p, &p->baremetal, RENT_SCREEN);
	detail_add_wrapped(d, line, w);
}

/* What lowers each term when it is the one that does not fit. */
static const char *const term_remedy[TERM_COUNT] = {
	[TERM_WEIGHTS] = "weights: a lower precision or more cards",
	[TERM_KV_CACHE] = "KV cache: lower context/concurrency or fp8 KV",
	[TERM_ACTIVATIONS] = "activations: lower concurrency or context",
	[TERM_GRADIENTS] = "gradients: LoRA, or ZeRO over more cards",
	[TERM_OPTIMIZER] = "optimizer states: LoRA, or ZeRO over more cards",
	[TERM_OVERHEAD] = "overhead: a card with more memory",
};

static void add_totals(struct detail_lines *d, const struct session *s, int w)
{
	const struct mem_terms *t = &s->an->totals;
	char line[DETAIL_LINE_BYTES];
	enum mem_term top = TERM_WEIGHTS;
	int n = snprintf(line, sizeof line, "whole model: ");
	n += terms_text(line + n, sizeof line - (size_t)n, t);
	snprintf(line + n, sizeof line - (size_t)n, " = %.1f GiB", G(mem_sum(t)));
	detail_add_wrapped(d, line, w);
	for (enum mem_term k = TERM_WEIGHTS; k < TERM_OVERHEAD; k++)
		if (mem_term_value(t, k) > mem_term_value(t, top))
			top = k;
	snprintf(line, sizeof line, "most of it is %s", term_remedy[top]);
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
		snprintf(line, sizeof line, "note: %s", MESSAGE_TEXT(notes[i]));
		detail_add_wrapped(d, line, w);
	}
}

void detail_lines_plan(struct detail_lines *d, const struct session *s, const struct plan *p,
		       int w)
{
	char line[DETAIL_LINE_BYTES];
	d->n = 0;
	add_notes(d, s, p, w, true); /* what changes what is bought: in view first */
	detail_time_summary(d, p, w, money_style);
	if (p->cards)
		add_terms(d, s, p, w);
	detail_time_lines(d, p, w, money_style);
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
		snprintf(buf, cap, "%s · %d card%s · %s%s", gpu_short_name(p->gpu), p->cards,
			 p->cards == 1 ? "" : "s", shape, p->fits ? "" : " · does not fit");
	else
		snprintf(buf, cap, "%s · %s", gpu_short_name(p->gpu), shape);
}
