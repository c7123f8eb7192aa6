/* The selected GPU's plan in full (detail_lines.c writes it), scrolled
 * to fit the box; or the pinned and current scenarios compared. */
#include "detail_view.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "i18n.h"
#include "message.h"
#include "plan_text.h"
#include "report.h"
#include "tables.h"
#include "text.h"
#include "units.h"
#include "detail_lines.h"
#include "view.h"

/* "↑ more" and "more ↓" on the box's lower edge say that lines are out
 * of view (max: the last scroll). */
static void more_hint(const struct detail_view *v, int max)
{
	const struct screen_layout *l = &v->fr->lay;
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
	more_hint(v, max);
}

static void shape_or_dash(char *buf, size_t cap, const struct plan *p)
{
	if (p)
		plan_shape_code(buf, cap, p);
	else
		snprintf(buf, cap, "—");
}

/* The compare table's columns: GPU, pinned cards, plan, monthly cost and
 * speed (tok/s, or days for a training job) │ the same now │ the change.
 * Plans are shape codes, as in the table, so they are never cut. */
enum { C_GPU, C_CARDS_A, C_PLAN_A, C_MONEY_A, C_SPEED_A, C_SEP_A, C_CARDS_B, C_PLAN_B, C_MONEY_B,
       C_SPEED_B, C_SEP_B, C_DELTA, CMP_COLS };
static const bool cmp_right[CMP_COLS] = {false, true, false, true, true, false,
					 true,  false, true, true, false, true};

/* The ways to lay the table out, roomiest first: the first that fits the
 * box is drawn. Each column is as wide as its widest cell (headers
 * included) and at least its minimum, with gap spaces before it; the
 * minimums keep the layout the fixed widths used to give. Narrower boxes
 * leave out the plans (the table above has them) before the speed, which
 * "what if int4?" asks beside the price (issue 21); then the change
 * column (the two prices show it; the speed is what the price alone
 * hides, so an 80×24 box keeps it), the card counts where six-digit
 * prices leave no room (the table above has now's); then the speed, the
 * change back and the cards; then the "pin"/"now"
 * labels over the cards (the money columns say "pinned"/"now" instead),
 * then the │ rules (two spaces part the halves).
 * A table still too wide loses whole columns from the right: a cell is
 * never cut, and two cells never touch. */
struct cmp_layout {
	int min[CMP_COLS]; /* 0: as wide as its widest cell */
	bool plans, labels, rules, speed, delta, cards;
};
static const struct cmp_layout cmp_layouts[] = {
	{{12, 4, 10, 8, 5, 1, 3, 10, 8, 5, 1, 8}, true, true, true, true, true, true},
	{{12, 3, 0, 7, 5, 1, 3, 0, 7, 5, 1, 7}, false, true, true, true, true, true},
	{{12, 3, 0, 7, 5, 1, 3, 0, 7, 5, 1, 0}, false, true, true, true, false, true},
	{{0}, false, false, true, true, false, true},
	{{0}, false, false, false, true, false, true},
	{{0}, false, false, false, true, false, false},
	{{12, 3, 0, 7, 0, 1, 3, 0, 7, 0, 1, 7}, false, true, true, false, true, true},
	{{0}, false, false, true, false, true, true},
	{{0}, false, false, false, false, true, true},
};

struct cmp_table {
	const struct cmp_layout *lay;
	bool days_a, days_b; /* the speed columns (pinned, now) are a training job's days */
	int width[CMP_COLS], gap[CMP_COLS]; /* width 0: the column is left out */
};

/* One line's cells: the header, or a GPU's pinned and current plans. */
struct cmp_cells {
	char ca[16], cb[16], sa[32], sb[32], va[32], vb[32];
	struct compare_row r;
	const char *text[CMP_COLS];
};

static void cmp_header_cells(struct cmp_cells *c, const struct cmp_layout *lay, bool days_a,
			     bool days_b)
{
	/* TRANSLATORS: the compare table's headers; each column is as wide
	   as its widest cell. "pin" and "now" head the card counts (narrow
	   boxes), "pinned" and "now" the plans or, narrower still, the monthly
	   costs. */
	bool cards = lay->labels && !lay->plans;
	const char *const text[CMP_COLS] = {
		_("GPU"),
		cards ? _("pin") : "",
		_("pinned"),
		lay->labels ? _("monthly") : _("pinned"),
		days_a ? _("days") : "tok/s",
		"│",
		cards ? _("now") : "",
		_("now"),
		lay->labels ? _("monthly") : _("now"),
		days_b ? _("days") : "tok/s",
		"│",
		_("change"),
	};
	memcpy(c->text, text, sizeof text);
}

/* The plan's speed as the table shows it: output tok/s, the days of a
 * training job, "—" where the time model has none. */
static void speed_or_dash(char *buf, size_t cap, const struct plan *p)
{
	if (p && p->cards && p->fits && p->training.valid)
		unit_days(buf, cap, p->training.days);
	else if (p && p->cards && p->fits && p->throughput.valid)
		unit_rate(buf, cap, p->throughput.output_tokens_per_s);
	else
		snprintf(buf, cap, "—");
}

static void cmp_row_cells(struct cmp_cells *c, const struct plan *p, const struct plan *q)
{
	compare_row_fill(&c->r, p, q);
	snprintf(c->ca, sizeof c->ca, "%d", c->r.cards_a);
	snprintf(c->cb, sizeof c->cb, "%d", c->r.cards_b);
	shape_or_dash(c->sa, sizeof c->sa, c->r.a);
	shape_or_dash(c->sb, sizeof c->sb, c->r.b);
	speed_or_dash(c->va, sizeof c->va, c->r.a);
	speed_or_dash(c->vb, sizeof c->vb, c->r.b);
	const char *const text[CMP_COLS] = {gpu_short_name(c->r.gpu), c->ca, c->sa, c->r.money_a,
					    c->va, "│", c->cb, c->sb, c->r.money_b, c->vb, "│",
					    c->r.delta};
	memcpy(c->text, text, sizeof text);
}

static bool cmp_shown(const struct cmp_layout *lay, int col)
{
	if (col == C_PLAN_A || col == C_PLAN_B)
		return lay->plans;
	if (col == C_SPEED_A || col == C_SPEED_B)
		return lay->speed;
	if (col == C_CARDS_A || col == C_CARDS_B)
		return lay->cards;
	if (col == C_SEP_A)
		return lay->rules;
	if (col == C_SEP_B) /* the rule before the change */
		return lay->rules && lay->delta;
	return col != C_DELTA || lay->delta;
}

static void cmp_widen(struct cmp_table *t, const struct cmp_cells *c)
{
	for (int col = 0; col < CMP_COLS; col++) {
		int w = (int)text_width(c->text[col]);
		if (t->width[col] && w > t->width[col])
			t->width[col] = w;
	}
}

static int cmp_total(const struct cmp_table *t)
{
	int sum = 0;
	for (int col = 0; col < CMP_COLS; col++)
		sum += t->width[col] ? t->gap[col] + t->width[col] : 0;
	return sum;
}

/* The widths of layout lay for the rows' cells. */
static void cmp_measure(struct cmp_table *t, const struct cmp_cells *rows, size_t n,
			const struct cmp_layout *lay)
{
	struct cmp_cells c;
	t->lay = lay;
	for (int col = 0; col < CMP_COLS; col++) {
		t->width[col] = cmp_shown(lay, col) ? (lay->min[col] > 0 ? lay->min[col] : 1) : 0;
		/* a rule left out leaves its space: the halves part by two */
		bool after_rule = col == C_SEP_A + 1 || col == C_SEP_B + 1;
		t->gap[col] = col == 0 ? 0 : after_rule && !lay->rules ? 2 : 1;
	}
	cmp_header_cells(&c, lay, t->days_a, t->days_b);
	cmp_widen(t, &c);
	for (size_t i = 0; i < n; i++)
		cmp_widen(t, &rows[i]);
}

/* The first layout that fits w columns, less columns from the right
 * when none does. */
static void cmp_fit(struct cmp_table *t, const struct cmp_cells *rows, size_t nrows, int w)
{
	size_t n = sizeof cmp_layouts / sizeof cmp_layouts[0];
	for (size_t i = 0; i < n; i++) {
		cmp_measure(t, rows, nrows, &cmp_layouts[i]);
		if (cmp_total(t) <= w)
			return;
	}
	for (int col = CMP_COLS - 1; col > C_GPU && cmp_total(t) > w; col--)
		t->width[col] = 0;
}

/* Appends s to line in a field of cols display columns after gap spaces,
 * so wide characters (× in a plan code, ¥, Han) never shift the columns
 * after it. */
static void cell(char *line, size_t cap, const char *s, int gap, int cols, bool right)
{
	char fit[96];
	size_t n = strlen(line);
	int w = (int)text_fit(fit, sizeof fit, s, (size_t)cols);
	snprintf(line + n, cap - n, "%*s%*s%s%*s", gap, "", right ? cols - w : 0, "", fit,
		 right ? 0 : cols - w, "");
}

static void cmp_line(char *buf, size_t cap, const struct cmp_table *t, const struct cmp_cells *c)
{
	buf[0] = '\0';
	for (int col = 0; col < CMP_COLS; col++)
		if (t->width[col])
			cell(buf, cap, c->text[col], t->gap[col], t->width[col], cmp_right[col]);
}

/* Display width of s without its trailing spaces. */
static int trimmed_width(const char *s)
{
	size_t n = strlen(s);
	int spaces = 0;
	while (n > (size_t)spaces && s[n - 1 - (size_t)spaces] == ' ')
		spaces++;
	return (int)text_width(s) - spaces;
}

/* Ends line, trailing spaces dropped, as the next of out. */
static void clause_flush(struct detail_lines *out, char *line)
{
	size_t n = strlen(line);
	while (n && line[n - 1] == ' ')
		line[--n] = '\0';
	if (n && out->n < DETAIL_LINES)
		snprintf(out->line[out->n++], DETAIL_LINE_BYTES, "%s", line);
	line[0] = '\0';
}

/* The summary in lines of at most w columns, broken after its separators
 * (", ", "，") so that "context 32768" stays whole; a part wider than w
 * alone is broken as the breakdown breaks text. */
static void clause_wrap(struct detail_lines *out, const char *text, int w)
{
	const char *sep = C_("summary|, ");
	char line[DETAIL_LINE_BYTES] = "", part[DETAIL_LINE_BYTES];
	int first = out->n;
	for (const char *p = text; *p;) {
		const char *e = strstr(p, sep);
		size_t n = e ? (size_t)(e - p) + strlen(sep) : strlen(p);
		snprintf(part, sizeof part, "%.*s", (int)n, p);
		p += n;
		if (trimmed_width(part) > w) {
			out->n = first;
			detail_add_wrapped(out, text, w);
			return;
		}
		if ((int)text_width(line) + trimmed_width(part) > w)
			clause_flush(out, line);
		size_t used = strlen(line);
		snprintf(line + used, sizeof line - used, "%s", part);
	}
	clause_flush(out, line);
}

/* "pinned: " and the scenario in words, wrapped under itself. */
static void cmp_scenario(struct detail_lines *d, const char *label, int lw,
			 const struct scenario *sc, int w)
{
	static struct detail_lines wrap; /* 32 KiB: not on the stack */
	char summary[256];
	scenario_summary(summary, sizeof summary, sc);
	wrap.n = 0;
	clause_wrap(&wrap, summary, w - lw);
	for (int i = 0; i < wrap.n && d->n < DETAIL_LINES; i++) {
		char *line = d->line[d->n++];
		line[0] = '\0';
		cell(line, DETAIL_LINE_BYTES, i ? "" : label, 0, lw, false);
		size_t used = strlen(line);
		snprintf(line + used, DETAIL_LINE_BYTES - used, "%s", wrap.line[i]);
	}
}

int detail_lines_compare(struct detail_lines *d, const struct session *s, int w)
{
	struct cmp_table t;
	struct cmp_cells c;
	/* the two summaries start in one column: "pinned: ", "now:    " */
	const char *pinned = _("pinned:"), *now = _("now:");
	int lw = (int)(text_width(pinned) > text_width(now) ? text_width(pinned) : text_width(now)) + 1;
	d->n = 0;
	cmp_scenario(d, pinned, lw, &s->pin_sc, w);
	cmp_scenario(d, now, lw, &s->sc, w);
	int header = d->n;
	/* every row's cells once, for every layout tried and for the lines;
	   filled in place: their texts point into them */
	size_t n = s->an->nplans;
	struct cmp_cells *rows = calloc(n ? n : 1, sizeof *rows);
	if (!rows)
		return header;
	for (size_t i = 0; i < n; i++) {
		const struct plan *q = session_plan_at(s, i);
		cmp_row_cells(&rows[i], plan_for_same_gpu(&s->pin_an, q), q);
	}
	t.days_a = tasks[s->pin_sc.task].kind != TASK_INFERENCE;
	t.days_b = tasks[s->sc.task].kind != TASK_INFERENCE;
	cmp_fit(&t, rows, n, w);
	cmp_header_cells(&c, t.lay, t.days_a, t.days_b);
	if (d->n < DETAIL_LINES)
		cmp_line(d->line[d->n++], DETAIL_LINE_BYTES, &t, &c);
	for (size_t i = 0; i < n && d->n < DETAIL_LINES; i++)
		cmp_line(d->line[d->n++], DETAIL_LINE_BYTES, &t, &rows[i]);
	free(rows);
	return header;
}

/* Line i of the table (-1: its header, 0: the first GPU's row). */
static int compare_attr(const struct detail_view *v, int i)
{
	if (i == -1)
		return theme_attr(&v->fr->theme, EL_HINT);
	if (i >= 0 && session_is_selected(v->s, session_plan_at(v->s, (size_t)i)))
		return (int)A_BOLD;
	return (int)A_NORMAL;
}

/* The pinned and current scenarios, then the table: its header in the
 * hint colour, the selected GPU's row in bold; scrolled as the plan is. */
static void compare_draw(struct detail_view *v)
{
	const struct session *s = v->s;
	const struct screen_layout *l = &v->fr->lay;
	static struct detail_lines d; /* 32 KiB: not on the stack */
	int x = l->table_x + 2, w = l->table_w - 4, y = l->detail_y + 1, rows = l->detail_h - 2;
	if (v->shown)
		v->scroll = 0, v->shown = NULL;
	draw_box(v->fr, l->detail_y, l->table_x, l->detail_h, l->table_w,
		 _("Pinned vs now · monthly · P unpins"));
	int header = detail_lines_compare(&d, s, w);
	int max = d.n > rows ? d.n - rows : 0;
	v->scroll = v->scroll < 0 ? 0 : v->scroll > max ? max : v->scroll;
	for (int r = 0; r < rows && v->scroll + r < d.n; r++) {
		int a = compare_attr(v, v->scroll + r - header - 1);
		attron(a);
		put_text(y + r, x, d.line[v->scroll + r], w);
		attroff(a);
	}
	more_hint(v, max);
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

/* J K scroll the breakdown where letters are commands; the wheel over it
 * scrolls three lines. */
static enum key_result detail_key(struct screen *sc, void *state, int ch)
{
	(void)sc;
	detail_view_scroll(state, ch == 'J' ? 1 : -1);
	return KR_DONE;
}

static const struct key_row detail_rows[] = {
	{.keys = {'J', 'K'}, .ctx = KC_FIELD, .act = detail_key, .keeps_status = true,
	 .help_keys = N_("J K, mouse wheel"), .help = N_("scroll the breakdown (J K: not in text)")},
};

static void *hook_init(struct screen *sc)
{
	struct detail_view *v = malloc(sizeof *v);
	if (v)
		detail_view_init(v, &sc->s, &sc->fr);
	return v;
}

static void hook_draw(void *state)
{
	detail_view_draw(state);
}

static bool hook_mouse(void *state, const MEVENT *ev)
{
	if (!view_is_wheel(ev) || !detail_view_contains(state, ev->y, ev->x))
		return false;
	detail_view_scroll(state, ev->bstate & BUTTON4_PRESSED ? -3 : 3);
	return true;
}

const struct view_ops detail_view_ops = {
	.name = "detail",
	.keys = detail_rows,
	.nkeys = sizeof detail_rows / sizeof detail_rows[0],
	.init = hook_init,
	.free = free,
	.draw = hook_draw,
	.mouse = hook_mouse,
};
