/* The selected GPU's plan in full (detail_lines.c writes it), scrolled
 * to fit the box; or the pinned and current scenarios compared. */
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
#include "detail_lines.h"

/* The plan's lines from v->scroll on; "↑ more" and "more ↓" on the box's
 * edges say that lines are out of view. */
static void plan_draw(struct detail_view *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	const struct plan *p = session_selected_plan(s);
	static struct detail_lines d; /* 32 KiB: not on the stack */
	char title[200];
	int x = l->table_x + 2, w = l->table_w - 4, y = l->detail_y + 1, rows = l->detail_h - 2;
	if (!p) {
		draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w, "Breakdown");
		put_text(y, x, s->status_error ? s->status : "no GPU type selected", w);
		return;
	}
	if (v->shown != p->gpu)
		v->scroll = 0, v->shown = p->gpu;
	detail_title(title, sizeof title, p);
	draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w, title);
	detail_lines_plan(&d, s, p, w);
	int max = d.n > rows ? d.n - rows : 0;
	v->scroll = v->scroll < 0 ? 0 : v->scroll > max ? max : v->scroll;
	for (int r = 0; r < rows && v->scroll + r < d.n; r++)
		put_text(y + r, x, d.line[v->scroll + r], w);
	if (max == 0)
		return;
	const char *more = v->scroll == 0 ? " more ↓ J/K " : v->scroll < max ? " ↑↓ more J/K " : " ↑ more J/K ";
	int mw = (int)text_width(more);
	attron(theme_attr(&v->fr->theme, EL_HINT));
	put_text(l->detail_y + l->detail_h - 1, l->table_x + l->table_w - 2 - mw, more, mw);
	attroff(theme_attr(&v->fr->theme, EL_HINT));
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
	v->scroll = 0;
	v->shown = NULL;
}

void detail_view_scroll(struct detail_view *v, int delta)
{
	v->scroll += delta;
}

bool detail_view_contains(const struct detail_view *v, int y, int x)
{
	const struct screen_layout *l = &v->fr->lay;
	return x >= l->table_x && y >= l->detail_y && y < l->detail_y + l->detail_h;
}

void detail_view_draw(struct detail_view *v)
{
	if (v->s->pinned)
		compare_draw(v);
	else
		plan_draw(v);
}
