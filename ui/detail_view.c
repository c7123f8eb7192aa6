/* The selected GPU's plan in full: every term per card, both ways of
 * renting, idle cards, dates and regions, notes. */
#include "detail_view.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "../src/compare.h"
#include "../src/message.h"
#include "../src/plan_text.h"
#include "../src/report.h"
#include "../src/tables.h"
#include "../src/text.h"

#define G(x) ((x) / GIB)

/* Writes text over as many lines as it needs (breaking at spaces), up to
 * and including line 'last'. Returns the next free line. */
static int put_wrapped(int y, int x, int w, const char *text, int last)
{
	const char *p = text;
	while (*p && y <= last) {
		size_t len = strlen(p);
		char buf[512];
		text_fit(buf, sizeof buf, p, (size_t)w);
		size_t take = strlen(buf);
		if (take < len) { /* break at the last space that fits */
			char *space = strrchr(buf, ' ');
			if (space && space > buf)
				take = (size_t)(space - buf) + 1, buf[take - 1] = '\0';
		}
		put_text(y++, x, buf, w);
		p += take;
		if (take == 0)
			break;
	}
	return y;
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

/* Every term per card, the headroom, both ways of renting, the limits. */
static int draw_terms(const struct session *s, const struct plan *p, int y, int x, int w,
		      int last)
{
	char line[512];
	int n = mem_terms_text(line, sizeof line, &p->per_card, 1, " + ", TERM_WEIGHTS, TERM_COUNT);
	snprintf(line + n, sizeof line - (size_t)n, " = %.1f GiB/card", G(p->need));
	y = put_wrapped(y, x, w, line, last);
	snprintf(line, sizeof line, "+%.0f%% headroom: %.1f of %.1f GiB (%.0f%% used) — %s",
		 s->sc.headroom_pct, G(p->with_headroom), G(p->capacity), p->utilization_pct,
		 p->level == FIT_NONE ? "does not fit" : p->level == FIT_TIGHT ? "tight" : "comfortable");
	y = put_wrapped(y, x, w, line, last);
	rent_describe(line, sizeof line, p, &p->container, RENT_SCREEN);
	y = put_wrapped(y, x, w, line, last);
	rent_describe(line, sizeof line, p, &p->baremetal, RENT_SCREEN);
	y = put_wrapped(y, x, w, line, last);
	limits_line(s, line, sizeof line);
	return put_wrapped(y, x, w, line, last);
}

static int draw_note(const struct message *note, int y, int x, int w, int last)
{
	char line[512];
	snprintf(line, sizeof line, "note: %s", MESSAGE_TEXT(note));
	return put_wrapped(y, x, w, line, last);
}

static void plan_draw(const struct detail_view *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	const struct plan *p = session_selected_plan(s);
	char title[160];
	int x = l->table_x + 2, w = l->table_w - 4, y = l->detail_y + 1;
	int last = l->detail_y + l->detail_h - 2;
	if (!p) {
		draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w, "Breakdown");
		put_text(y, x, s->status_error ? s->status : "no GPU type selected", w);
		return;
	}
	if (p->cards)
		snprintf(title, sizeof title, "%s · %d card%s · %s", gpu_short_name(p->gpu),
			 p->cards, p->cards == 1 ? "" : "s", p->strategy);
	else
		snprintf(title, sizeof title, "%s · %s", gpu_short_name(p->gpu), p->strategy);
	draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w, title);
	if (p->cards)
		y = draw_terms(s, p, y, x, w, last);
	for (int i = 0; i < p->nnotes && y <= last; i++)
		y = draw_note(&p->notes[i], y, x, w, last);
	for (int i = 0; i < s->an->nnotes && y <= last; i++)
		y = draw_note(&s->an->notes[i], y, x, w, last);
}

static void compare_line(char *buf, size_t cap, const struct plan *p, const struct plan *q,
			 bool wide)
{
	struct compare_row r;
	compare_row_fill(&r, p, q);
	if (wide)
		snprintf(buf, cap, "%-13.13s %3d %-10.10s %8s │ %3d %-10.10s %8s │ %8s",
			 gpu_short_name(r.gpu), r.cards_a, r.strategy_a, r.money_a, r.cards_b,
			 r.strategy_b, r.money_b, r.delta);
	else
		snprintf(buf, cap, "%-12.12s %3d %7s │ %3d %7s │ %7s", gpu_short_name(r.gpu),
			 r.cards_a, r.money_a, r.cards_b, r.money_b, r.delta);
}

/* After p: each GPU's pinned and current cards, plan and monthly cost (the
 * cheaper way to rent), and the difference. */
static void put_scenario(int y, int x, int w, const char *label, const struct scenario *sc)
{
	char line[512], summary[256];
	scenario_summary(summary, sizeof summary, sc);
	snprintf(line, sizeof line, "%s%s", label, summary);
	put_text(y, x, line, w);
}

static void compare_draw(const struct detail_view *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	int x = l->table_x + 2, w = l->table_w - 4, y = l->detail_y + 1;
	int last = l->detail_y + l->detail_h - 2;
	bool wide = w >= 72;
	char line[512];
	draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w,
		 "Pinned vs now · monthly · P unpins");
	put_scenario(y++, x, w, "pinned: ", &s->pin_sc);
	put_scenario(y++, x, w, "now:    ", &s->sc);
	if (wide)
		snprintf(line, sizeof line, "%-13s %-14s %8s │ %-14s %8s │ %8s", "GPU", "pinned",
			 "monthly", "now", "monthly", "change");
	else
		snprintf(line, sizeof line, "%-12s %3s %7s │ %3s %7s │ %7s", "GPU", "pin", "monthly",
			 "now", "monthly", "change");
	attron(theme_attr(&v->fr->theme, EL_HINT));
	put_text(y++, x, line, w);
	attroff(theme_attr(&v->fr->theme, EL_HINT));
	for (size_t i = 0; i < s->an->nplans && y <= last; i++) {
		const struct plan *q = session_plan_at(s, i);
		compare_line(line, sizeof line, plan_for_same_gpu(&s->pin_an, q), q, wide);
		if (q->gpu == s->selected)
			attron(A_BOLD);
		put_text(y++, x, line, w);
		attroff(A_BOLD);
	}
}

void detail_view_init(struct detail_view *v, const struct session *s, const struct frame *fr)
{
	v->s = s;
	v->fr = fr;
}

void detail_view_draw(const struct detail_view *v)
{
	if (v->s->pinned)
		compare_draw(v);
	else
		plan_draw(v);
}
