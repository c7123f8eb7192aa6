/* The selected GPU's plan in full (detail_lines.c writes it), scrolled
 * to fit the box; or the pinned and current scenarios compared. */
#include "detail_view.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "../src/compare.h"
#include "../src/i18n.h"
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
		draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w, _("Breakdown"));
		put_text(y, x, s->status_error ? s->status : _("no GPU type selected"), w);
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
	const char *more = v->scroll == 0 ? _(" more ↓ J/K ")
			   : v->scroll < max ? _(" ↑↓ more J/K ")
					     : _(" ↑ more J/K ");
	int mw = (int)text_width(more);
	attron(theme_attr(&v->fr->theme, EL_HINT));
	put_text(l->detail_y + l->detail_h - 1, l->table_x + l->table_w - 2 - mw, more, mw);
	attroff(theme_attr(&v->fr->theme, EL_HINT));
}

/* Appends s to line padded (or cut) to cols display columns, so wide
 * characters (× in a plan code, ¥) never shift the columns after it. */
static void cell(char *line, size_t cap, const char *s, int cols, bool right)
{
	char fit[96];
	size_t n = strlen(line);
	int w = (int)text_fit(fit, sizeof fit, s, (size_t)cols);
	snprintf(line + n, cap - n, "%*s%s%*s", right ? cols - w : 0, "", fit, right ? 0 : cols - w,
		 "");
}

static void shape_or_dash(char *buf, size_t cap, const struct plan *p)
{
	if (p)
		plan_shape_code(buf, cap, p);
	else
		snprintf(buf, cap, "—");
}

/* The compare table's columns: GPU, pinned cards, plan and monthly cost │
 * the same now │ the change. Plans are shape codes, as in the table, so
 * they are never cut; narrow boxes leave them out. */
enum { CMP_COLS = 12 };
static const struct {
	int narrow, wide; /* columns; 0: not shown */
	bool right;
} cmp_cols[CMP_COLS] = {
	{12, 13, false}, {4, 4, true}, {0, 1, false}, {0, 11, false}, {8, 8, true},
	{2, 2, false},	 {4, 4, true}, {0, 1, false}, {0, 11, false}, {8, 8, true},
	{2, 2, false},	 {8, 9, true},
};

static void cmp_line(char *buf, size_t cap, const char *const text[CMP_COLS], bool wide)
{
	buf[0] = '\0';
	for (int c = 0; c < CMP_COLS; c++) {
		int cols = wide ? cmp_cols[c].wide : cmp_cols[c].narrow;
		if (cols)
			cell(buf, cap, text[c], cols, cmp_cols[c].right);
	}
}

static void compare_line(char *buf, size_t cap, const struct plan *p, const struct plan *q,
			 bool wide)
{
	struct compare_row r;
	char ca[16], cb[16], sa[32], sb[32];
	compare_row_fill(&r, p, q);
	snprintf(ca, sizeof ca, "%d", r.cards_a);
	snprintf(cb, sizeof cb, "%d", r.cards_b);
	shape_or_dash(sa, sizeof sa, r.a);
	shape_or_dash(sb, sizeof sb, r.b);
	const char *const text[CMP_COLS] = {gpu_short_name(r.gpu), ca, " ", sa, r.money_a, " │",
					    cb, " ", sb, r.money_b, " │", r.delta};
	cmp_line(buf, cap, text, wide);
}

static void compare_header(char *buf, size_t cap, bool wide)
{
	/* TRANSLATORS: the compare table's headers: "pin" and "now" have 4
	   columns (a Han character takes two), "pinned" 11, "monthly" and
	   "change" 8. */
	const char *const text[CMP_COLS] = {_("GPU"), wide ? "" : _("pin"), " ", _("pinned"),
					    _("monthly"), " │", wide ? "" : _("now"), " ",
					    _("now"), _("monthly"), " │", _("change")};
	cmp_line(buf, cap, text, wide);
}

/* After p: each GPU's pinned and current cards, plan and monthly cost (the
 * cheaper way to rent), and the difference. */
static void put_scenario(int y, int x, int w, const char *label, int lw,
			 const struct scenario *sc)
{
	char summary[256];
	scenario_summary(summary, sizeof summary, sc);
	put_text(y, x, label, lw);
	put_text(y, x + lw, summary, w - lw);
}

static void compare_draw(const struct detail_view *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	int x = l->table_x + 2, w = l->table_w - 4, y = l->detail_y + 1;
	int last = l->detail_y + l->detail_h - 2;
	bool wide = w >= 74;
	char line[512];
	draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w,
		 _("Pinned vs now · monthly · P unpins"));
	/* the two summaries start in one column: "pinned: ", "now:    " */
	const char *pinned = _("pinned:"), *now = _("now:");
	int lw = (int)(text_width(pinned) > text_width(now) ? text_width(pinned) : text_width(now)) + 1;
	put_scenario(y++, x, w, pinned, lw, &s->pin_sc);
	put_scenario(y++, x, w, now, lw, &s->sc);
	compare_header(line, sizeof line, wide);
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
