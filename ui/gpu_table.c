/* One row per GPU type: VRAM bar per card, card count, plan and the two
 * monthly prices per card, the cheaper one marked. */
#include "gpu_table.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "../src/report.h"
#include "../src/tables.h"
#include "../src/text.h"
#include "bar.h"


static void draw_bar(const struct frame *fr, int y, int x, int w, const struct plan *p)
{
	double values[SLOT_COUNT];
	int cells[SLOT_COUNT];
	bar_plan_values(p, values);
	int used = bar_cells(values, SLOT_COUNT, bar_plan_scale(p), w, cells);
	move(y, x);
	for (enum mem_slot s = 0; s < SLOT_COUNT; s++) {
		enum element e = theme_slot_element(s);
		attron(theme_attr(&fr->theme, e));
		for (int i = 0; i < cells[s]; i++)
			addstr(theme_glyph(&fr->theme, e));
		attroff(theme_attr(&fr->theme, e));
	}
	int attr = theme_attr(&fr->theme, EL_FREE);
	attron(attr);
	for (int i = used; i < w; i++)
		addstr(theme_glyph(&fr->theme, EL_FREE));
	attroff(attr);
}

static void draw_price(const struct frame *fr, int y, int x, int w, const struct rent *r, bool cheaper)
{
	char buf[32];
	format_price(buf, sizeof buf, r);
	if (cheaper)
		strcat(buf, "*");
	int attr = cheaper ? theme_attr(&fr->theme, EL_CHEAPER) : 0;
	attron(attr);
	put_right(y, x, w - (cheaper ? 0 : 1), buf);
	attroff(attr);
}

static void draw_row(const struct frame *fr, int y, int x0, const struct plan *p, bool selected)
{
	const struct table_layout *t = &fr->lay.table;
	char buf[64];
	enum element fit = p->level == FIT_COMFORTABLE ? EL_OK
			   : p->level == FIT_TIGHT     ? EL_TIGHT
						       : EL_NOFIT;
	if (selected)
		attron(A_BOLD);
	put_text(y, x0 - 1, selected ? "▶" : " ", 1);
	put_text(y, x0 + t->x[TC_NAME], gpu_short_name(p->gpu), t->w[TC_NAME]);
	if (selected)
		attroff(A_BOLD);
	if (t->shown[TC_BAR] && p->cards)
		draw_bar(fr, y, x0 + t->x[TC_BAR], t->w[TC_BAR], p);
	if (t->shown[TC_FIGURES]) {
		snprintf(buf, sizeof buf, "%.1f/%.0f", p->cards ? p->with_headroom / GIB : 0,
			 p->capacity / GIB);
		attron(theme_attr(&fr->theme, fit));
		put_right(y, x0 + t->x[TC_FIGURES], t->w[TC_FIGURES], p->cards ? buf : "—");
		attroff(theme_attr(&fr->theme, fit));
	}
	snprintf(buf, sizeof buf, p->cards ? "%d" : "—", p->cards);
	put_right(y, x0 + t->x[TC_CARDS], t->w[TC_CARDS] - 1, buf);
	attron(theme_attr(&fr->theme, fit));
	put_text(y, x0 + t->x[TC_PLAN], p->strategy, t->w[TC_PLAN]);
	attroff(theme_attr(&fr->theme, fit));
	if (!p->cards)
		return;
	draw_price(fr, y, x0 + t->x[TC_CONTAINER], t->w[TC_CONTAINER], &p->container,
		   p->cheaper == CHEAPER_CONTAINER);
	draw_price(fr, y, x0 + t->x[TC_BAREMETAL], t->w[TC_BAREMETAL], &p->baremetal,
		   p->cheaper == CHEAPER_BAREMETAL);
}

static void draw_header(const struct frame *fr, int y, int x0, double headroom_pct)
{
	const struct table_layout *t = &fr->lay.table;
	char bar[64];
	snprintf(bar, sizeof bar, t->w[TC_BAR] >= 24 ? "VRAM per card (need+%.0f%%)" : "VRAM +%.0f%%",
		 headroom_pct);
	attron(theme_attr(&fr->theme, EL_HINT));
	put_text(y, x0 + t->x[TC_NAME], "GPU", t->w[TC_NAME]);
	if (t->shown[TC_BAR])
		put_text(y, x0 + t->x[TC_BAR], bar, t->w[TC_BAR]);
	if (t->shown[TC_FIGURES])
		put_right(y, x0 + t->x[TC_FIGURES], t->w[TC_FIGURES], "GiB/card");
	put_right(y, x0 + t->x[TC_CARDS], t->w[TC_CARDS], t->w[TC_CARDS] >= 5 ? "cards" : "n");
	put_text(y, x0 + t->x[TC_PLAN], "plan", t->w[TC_PLAN]);
	put_right(y, x0 + t->x[TC_CONTAINER], t->w[TC_CONTAINER] - 1,
		  t->w[TC_CONTAINER] >= 10 ? "container" : "contnr");
	put_right(y, x0 + t->x[TC_BAREMETAL], t->w[TC_BAREMETAL] - 1,
		  t->w[TC_BAREMETAL] >= 11 ? "bare metal" : "metal");
	attroff(theme_attr(&fr->theme, EL_HINT));
}

void gpu_table_init(struct gpu_table *v, struct session *s, const struct frame *fr)
{
	v->s = s;
	v->fr = fr;
}

void gpu_table_resize(struct gpu_table *v)
{
	session_set_visible(v->s, v->fr->lay.table_h - 3);
}

void gpu_table_draw(const struct gpu_table *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	draw_box(v->fr, 1, l->table_x, l->table_h, l->table_w, "Per GPU type · per card per month");
	int x0 = l->table_x + 2, visible = l->table_h - 3;
	draw_header(v->fr, 2, x0, s->sc.headroom_pct);
	for (int r = 0; r < visible && s->top + r < (int)s->an->nplans; r++) {
		const struct plan *p = session_plan_at(s, (size_t)(s->top + r));
		draw_row(v->fr, 3 + r, x0, p, p->gpu == s->selected);
	}
}

bool gpu_table_click(struct gpu_table *v, int y, int x)
{
	const struct screen_layout *l = &v->fr->lay;
	int row = y - 3 + v->s->top;
	if (x < l->table_x || y < 3 || y >= 1 + l->table_h - 1 || row >= (int)v->s->an->nplans)
		return false;
	session_select_at(v->s, row);
	return true;
}
