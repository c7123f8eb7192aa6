/* One row per GPU type: VRAM bar per card, card count, the plan's shape
 * code, the two monthly prices per card (the cheaper one marked) and the
 * plan's monthly total. Columns are as wide as their widest cell, so a
 * number is never cut; where whole figures do not fit (nine-digit KRW on
 * 80 columns) the money is abbreviated, and nothing is drawn over the
 * border. The legend sits on the box's bottom edge. */
#include "gpu_table.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "table_cells.h"
#include "text.h"
#include "bar.h"
#include "legend.h"
#include "view.h"

static struct style style_of(const struct frame *fr)
{
	return (struct style){.surface = SURFACE_SCREEN,
			      .money = fr->theme.unicode ? MONEY_UTF8 : MONEY_ASCII};
}

/* Every row's cells, built once a draw (table_cells.c, shared with the
 * report), and what the columns and headings read off them. */
struct table_rows {
	struct table_row *cells; /* one per plan, in the analysis's order */
	struct table_look look;  /* training, the rows' bands and currency */
	struct style st;
	/* A price column keeps a cell for the star only when a row is starred
	 * in it: that one cell keeps a training row's days on an 80-column
	 * table. */
	bool star_room[TC_COUNT];
};

/* false when there is no memory for the cells: nothing is drawn. */
static bool rows_build(const struct session *s, const struct style *st, struct table_rows *r)
{
	memset(r, 0, sizeof *r);
	r->st = *st;
	r->cells = calloc(s->an->nplans ? s->an->nplans : 1, sizeof *r->cells);
	if (!r->cells)
		return false;
	table_look_of(&r->look, s->an->plans, s->an->nplans);
	for (size_t i = 0; i < s->an->nplans; i++) {
		table_row_fill(&r->cells[i], &s->an->plans[i], st);
		for (int c = 0; c < TC_COUNT; c++)
			r->star_room[c] = r->star_room[c] || r->cells[i].star[c];
	}
	return true;
}

/* The column the session sorts by carries the marker. */
static enum table_col sorted_col(enum sort_mode m)
{
	return m == SORT_COST ? TC_TOTAL : m == SORT_CARDS ? TC_CARDS : TC_COUNT;
}

/* The first heading of c that fits w columns, the shortest when none
 * does, after the sort marker. */
static void header_text(char *buf, size_t cap, enum table_col c, int w, bool sorted,
			const struct table_rows *r)
{
	char h[64];
	buf[0] = '\0';
	for (int i = 0; table_heading(h, sizeof h, c, i, &r->look, &r->st); i++) {
		snprintf(buf, cap, "%s%s", sorted ? "▼" : "", h);
		if ((int)text_width(buf) <= w)
			return;
	}
}

static int header_width(enum table_col c, bool sorted, bool longest, const struct table_rows *r)
{
	char h[64];
	header_text(h, sizeof h, c, longest ? 1000 : 0, sorted, r);
	return (int)text_width(h);
}

/* The widest cell of each column over every row, with the shortest and
 * the longest header (and the sort marker). */
static void column_wants(const struct session *s, const struct table_rows *r,
			 struct table_wants *want)
{
	int cells[TC_COUNT] = {0};
	for (size_t i = 0; i < s->an->nplans; i++)
		for (int c = 0; c < TC_COUNT; c++) {
			const struct table_row *rc = &r->cells[i];
			int w = (int)text_width(rc->text[c]) - rc->star[c]; /* without its star */
			cells[c] = w > cells[c] ? w : cells[c];
		}
	for (int c = 0; c < TC_COUNT; c++) {
		bool sorted = c == (int)sorted_col(s->sort);
		int pad = r->star_room[c]; /* the star's cell */
		cells[c] += cells[c] ? pad : 0;
		int lo = c == TC_BAR ? 0 : header_width((enum table_col)c, sorted, false, r) + pad;
		int hi = c == TC_BAR ? 0 : header_width((enum table_col)c, sorted, true, r) + pad;
		want->min[c] = cells[c] > lo ? cells[c] : lo;
		want->pref[c] = cells[c] > hi ? cells[c] : hi;
		if ((c == TC_SPEED || c == TC_UNIT_COST) && cells[c] == 0)
			want->min[c] = want->pref[c] = 0; /* no row has a time figure */
		if (c != TC_BAR && hi == pad) /* no heading here: the report's column */
			want->min[c] = want->pref[c] = 0;
	}
	want->min[TC_BAR] = want->pref[TC_BAR] = 0;
}

static void put_glyphs(const struct frame *fr, enum element e, int n)
{
	int attr = theme_attr(&fr->theme, e);
	attron(attr);
	for (int i = 0; i < n; i++)
		addstr(theme_glyph(&fr->theme, e));
	attroff(attr);
}

/* A plan that does not fit fills its bar and ends it with the no-fit
 * mark, so it never looks like an offer. */
static void draw_bar(const struct frame *fr, int y, int x, int w, const struct plan *p)
{
	double values[SLOT_COUNT];
	int cells[SLOT_COUNT];
	bar_plan_values(p, values);
	int used = bar_cells(values, SLOT_COUNT, bar_plan_scale(p), p->fits ? w : w - 1, cells);
	move(y, x);
	for (enum mem_slot s = 0; s < SLOT_COUNT; s++)
		put_glyphs(fr, theme_slot_element(s), cells[s]);
	if (p->fits)
		put_glyphs(fr, EL_FREE, w - used);
	else
		put_glyphs(fr, EL_NOFIT, w - used);
}

static void draw_price(const struct frame *fr, int y, int x, int w, const char *text, bool star,
		       bool room)
{
	int attr = star ? theme_attr(&fr->theme, EL_CHEAPER) : 0;
	attron(attr);
	put_right(y, x, w - (star || !room ? 0 : 1), text);
	attroff(attr);
}

static enum element fit_element(const struct plan *p)
{
	return p->level == FIT_COMFORTABLE ? EL_OK : p->level == FIT_TIGHT ? EL_TIGHT : EL_NOFIT;
}

/* A name too long for its column loses whole words ("RTX 4090", not
 * "RTX 4090 2"), unless its first word alone is too long. */
static void name_fit(char *name, int w)
{
	char cut[48];
	if ((int)text_width(name) <= w)
		return;
	text_fit(cut, sizeof cut, name, (size_t)w);
	char *space = strrchr(cut, ' ');
	if (space && space > cut && name[strlen(cut)] != ' ')
		*space = '\0';
	snprintf(name, 48, "%s", cut);
}

static void draw_row(const struct frame *fr, const struct table_layout *t, int y, int x0,
		     const struct plan *p, bool selected, const struct table_row *cells,
		     const bool star_room[TC_COUNT])
{
	struct table_row c = *cells; /* the name is cut to its column here */
	int fit = theme_attr(&fr->theme, fit_element(p));
	if (selected)
		attron(A_BOLD);
	put_text(y, x0 - 1, selected ? "▶" : " ", 1);
	name_fit(c.text[TC_NAME], t->w[TC_NAME]);
	if (t->shown[TC_NAME])
		put_text(y, x0 + t->x[TC_NAME], c.text[TC_NAME], t->w[TC_NAME]);
	if (selected)
		attroff(A_BOLD);
	if (t->shown[TC_BAR] && p->cards)
		draw_bar(fr, y, x0 + t->x[TC_BAR], t->w[TC_BAR], p);
	attron(fit);
	if (t->shown[TC_FIGURES])
		put_right(y, x0 + t->x[TC_FIGURES], t->w[TC_FIGURES], c.text[TC_FIGURES]);
	attroff(fit);
	for (int col = TC_SPEED; col <= TC_UNIT_COST; col++)
		if (t->shown[col])
			put_right(y, x0 + t->x[col], t->w[col], c.text[col]);
	if (t->shown[TC_CARDS])
		put_right(y, x0 + t->x[TC_CARDS], t->w[TC_CARDS], c.text[TC_CARDS]);
	attron(fit);
	if (t->shown[TC_PLAN])
		put_text(y, x0 + t->x[TC_PLAN], c.text[TC_PLAN], t->w[TC_PLAN]);
	attroff(fit);
	for (int col = TC_CONTAINER; col <= TC_BAREMETAL; col++)
		if (t->shown[col])
			draw_price(fr, y, x0 + t->x[col], t->w[col], c.text[col], c.star[col],
				   star_room[col]);
	if (t->shown[TC_TOTAL])
		put_right(y, x0 + t->x[TC_TOTAL], t->w[TC_TOTAL], c.text[TC_TOTAL]);
}

/* The bar's header, the long form where it fits. */
static void bar_header(char *buf, size_t cap, int w, double headroom_pct)
{
	snprintf(buf, cap, _("VRAM per card (need+%.0f%%)"), headroom_pct);
	if ((int)text_width(buf) > w)
		snprintf(buf, cap, _("VRAM +%.0f%%"), headroom_pct);
}

static void draw_header(const struct frame *fr, const struct table_layout *t, int y, int x0,
			const struct session *s, const struct table_rows *r)
{
	char h[96];
	attron(theme_attr(&fr->theme, EL_HINT));
	for (int c = 0; c < TC_COUNT; c++) {
		if (!t->shown[c])
			continue;
		if (c == TC_BAR)
			bar_header(h, sizeof h, t->w[c], s->sc.headroom_pct);
		bool right = c != TC_NAME && c != TC_BAR && c != TC_PLAN;
		int room = r->star_room[c];
		if (c != TC_BAR)
			header_text(h, sizeof h, (enum table_col)c, t->w[c] - room,
				    c == (int)sorted_col(s->sort), r);
		if (right)
			put_right(y, x0 + t->x[c], t->w[c] - room, h);
		else
			put_text(y, x0 + t->x[c], h, t->w[c]);
	}
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

/* Whether every column shown ends inside width. */
static bool layout_fits(const struct table_layout *t, int width)
{
	for (int c = 0; c < TC_COUNT; c++)
		if (t->shown[c] && t->x[c] + t->w[c] > width)
			return false;
	return true;
}

/* The cells and their columns for width: the money whole where it fits,
 * else abbreviated; a column that would still cross the border is left
 * out rather than drawn over it. */
static bool rows_lay_out(const struct session *s, const struct style *st, int width,
			 struct table_rows *rows, struct table_layout *t)
{
	struct table_wants want;
	for (int abbreviate = 0; abbreviate < 2; abbreviate++) {
		struct style cells = *st;
		cells.short_money = abbreviate;
		if (abbreviate)
			free(rows->cells);
		if (!rows_build(s, &cells, rows))
			return false;
		column_wants(s, rows, &want);
		layout_table(width, &want, t);
		if (layout_fits(t, width))
			return true;
	}
	for (int c = 0; c < TC_COUNT; c++)
		t->shown[c] = t->shown[c] && t->x[c] + t->w[c] <= width;
	return true;
}

void gpu_table_draw(const struct gpu_table *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	struct table_rows rows;
	struct table_layout t;
	struct style st = style_of(v->fr);
	/* the inside less the borders and the selection marker */
	if (!rows_lay_out(s, &st, l->table_w - 3, &rows, &t))
		return;
	bool per_card = t.shown[TC_CONTAINER] || t.shown[TC_BAREMETAL];
	draw_box(v->fr, 1, l->table_x, l->table_h, l->table_w,
		 per_card ? _("Per GPU type · per card, total per month")
			  : _("Per GPU type · total per month"));
	bool timed = (t.shown[TC_SPEED] || t.shown[TC_UNIT_COST]) && rows.look.estimate_band > 0;
	legend_draw(v->fr, l->table_h, l->table_x + 1, l->table_w - 2,
		    &(struct legend_marks){.bar = t.shown[TC_BAR], .per_card = per_card,
					   .short_rows = rows.look.short_of_goals && t.shown[TC_SPEED],
					   .band_lo = timed ? rows.look.band_lo[1] : -1,
					   .band_hi = timed ? rows.look.band_hi[1] : -1});
	int x0 = l->table_x + 2, visible = l->table_h - 3;
	draw_header(v->fr, &t, 2, x0, s, &rows);
	for (int r = 0; r < visible && s->top + r < (int)s->an->nplans; r++) {
		const struct plan *p = session_plan_at(s, (size_t)(s->top + r));
		draw_row(v->fr, &t, 3 + r, x0, p, session_is_selected(s, p),
			 &rows.cells[p - s->an->plans], rows.star_room);
	}
	free(rows.cells);
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

/* The table as a view (view.h): the keys that select a row are the
 * screen's own (keys.c), the click is the table's. */
static void *hook_init(struct screen *sc)
{
	struct gpu_table *v = malloc(sizeof *v);
	if (v)
		gpu_table_init(v, &sc->s, &sc->fr);
	return v;
}

static void hook_resize(void *state)
{
	struct gpu_table *v = state;
	if (!v->fr->lay.too_small)
		gpu_table_resize(v);
}

static void hook_draw(void *state)
{
	gpu_table_draw(state);
}

static bool hook_mouse(void *state, const MEVENT *ev)
{
	return !view_is_wheel(ev) && gpu_table_click(state, ev->y, ev->x);
}

const struct view_ops gpu_table_ops = {
	.name = "table",
	.init = hook_init,
	.free = free,
	.resize = hook_resize,
	.draw = hook_draw,
	.mouse = hook_mouse,
};
