#include "csvmerge.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csvtab.h"

/* Past this many differing lines the middle counts as replaced whole: the
 * diff's memory grows with the square of it. */
#define MAX_D 1000

bool csv_lines_split(struct csv_lines *l, const char *buf, size_t len)
{
	size_t n = 0, cap = 64;
	*l = (struct csv_lines){.buf = buf};
	size_t *at = malloc(cap * sizeof *at);
	for (size_t i = 0; at && i < len;) {
		const char *lf = memchr(buf + i, '\n', len - i);
		if (n + 2 > cap) {
			size_t *p = realloc(at, (cap *= 2) * sizeof *p);
			if (!p) {
				free(at);
				return false;
			}
			at = p;
		}
		at[n++] = i;
		i = lf ? (size_t)(lf - buf) + 1 : len;
	}
	if (!at)
		return false;
	at[n] = len;
	l->n = n, l->at = at;
	return true;
}

void csv_lines_free(struct csv_lines *l)
{
	free(l->at);
	*l = (struct csv_lines){0};
}

static size_t line_len(const struct csv_lines *l, size_t i)
{
	return l->at[i + 1] - l->at[i];
}

static bool line_eq(const struct csv_lines *a, size_t i, const struct csv_lines *b, size_t j)
{
	size_t n = line_len(a, i);
	return n == line_len(b, j) && memcmp(a->buf + a->at[i], b->buf + b->at[j], n) == 0;
}

/* The lines of one diff: a[a0, a0 + n) against b[b0, b0 + m). */
struct diff {
	const struct csv_lines *a, *b;
	size_t a0, b0;
	int n, m;
	size_t *match;
};

static bool eq_at(const struct diff *d, int x, int y)
{
	return line_eq(d->a, d->a0 + (size_t)x, d->b, d->b0 + (size_t)y);
}

/* Myers' greedy step for one d: the furthest x on each diagonal k. */
static bool myers_step(const struct diff *d, int *v, int off, int e)
{
	for (int k = -e; k <= e; k += 2) {
		int x = k == -e || (k != e && v[k - 1 + off] < v[k + 1 + off]) ? v[k + 1 + off]
									      : v[k - 1 + off] + 1;
		int y = x - k;
		while (x < d->n && y < d->m && eq_at(d, x, y))
			x++, y++;
		v[k + off] = x;
		if (x >= d->n && y >= d->m)
			return true;
	}
	return false;
}

/* From the end back to the start through each d's furthest points: the
 * diagonal runs are the matched lines. */
static void myers_back(const struct diff *d, int **trace, int off, int found)
{
	int x = d->n, y = d->m;
	for (int e = found; e > 0; e--) {
		const int *vp = trace[e - 1];
		int k = x - y;
		int pk = k == -e || (k != e && vp[k - 1 + off] < vp[k + 1 + off]) ? k + 1 : k - 1;
		int px = vp[pk + off], py = px - pk;
		int sx = pk == k + 1 ? px : px + 1, sy = sx - k;
		while (x > sx && y > sy) {
			x--, y--;
			d->match[d->a0 + (size_t)x] = d->b0 + (size_t)y;
		}
		x = px, y = py;
	}
	while (x > 0 && y > 0) {
		x--, y--;
		d->match[d->a0 + (size_t)x] = d->b0 + (size_t)y;
	}
}

/* The middle both ends left: matched when it differs in at most MAX_D
 * lines, else left unmatched (one change). False when out of memory. */
static bool myers(const struct diff *d)
{
	int dmax = d->n + d->m < MAX_D ? d->n + d->m : MAX_D, off = dmax + 1, found = -1;
	size_t width = (size_t)(2 * dmax + 3);
	int *v = calloc(width, sizeof *v);
	int **trace = calloc((size_t)dmax + 1, sizeof *trace);
	bool ok = v && trace;
	for (int e = 0; ok && e <= dmax && found < 0; e++) {
		if (myers_step(d, v, off, e))
			found = e;
		else if ((trace[e] = malloc(width * sizeof *v)))
			memcpy(trace[e], v, width * sizeof *v);
		else
			ok = false;
	}
	if (ok && found >= 0)
		myers_back(d, trace, off, found);
	for (int e = 0; trace && e <= dmax; e++)
		free(trace[e]);
	free(trace);
	free(v);
	return ok;
}

bool csv_lines_match(const struct csv_lines *a, const struct csv_lines *b, size_t *match)
{
	size_t head = 0, tail = 0;
	for (size_t i = 0; i < a->n; i++)
		match[i] = CSV_NO_LINE;
	while (head < a->n && head < b->n && line_eq(a, head, b, head))
		match[head] = head, head++;
	while (tail < a->n - head && tail < b->n - head &&
	       line_eq(a, a->n - 1 - tail, b, b->n - 1 - tail)) {
		match[a->n - 1 - tail] = b->n - 1 - tail;
		tail++;
	}
	struct diff d = {.a = a, .b = b, .a0 = head, .b0 = head, .n = (int)(a->n - head - tail),
			 .m = (int)(b->n - head - tail), .match = match};
	return d.n == 0 || d.m == 0 || myers(&d);
}

bool csv_lines_pairs(const struct csv_lines *a, const struct csv_lines *b,
		     void (*pair)(void *ctx, size_t i, size_t j), void *ctx)
{
	size_t *match = malloc((a->n + 1) * sizeof *match);
	if (!match || !csv_lines_match(a, b, match)) {
		free(match);
		return false;
	}
	for (size_t i = 0, j = 0; i < a->n || j < b->n;) {
		size_t i1 = i, j1;
		while (i1 < a->n && match[i1] == CSV_NO_LINE)
			i1++;
		j1 = i1 < a->n ? match[i1] : b->n;
		if (i1 - i == j1 - j)
			for (size_t k = 0; k < i1 - i; k++)
				pair(ctx, i + k, j + k);
		i = i1 < a->n ? i1 + 1 : i1, j = i1 < a->n ? j1 + 1 : j1;
	}
	free(match);
	return true;
}

/* The merge's output, grown as chunks are taken. */
struct out {
	char *buf;
	size_t len, cap;
	bool oom;
};

static void put(struct out *o, const char *p, size_t n)
{
	if (o->oom || n == 0)
		return;
	if (o->len + n > o->cap) {
		size_t cap = o->cap ? o->cap : 4096;
		while (cap < o->len + n)
			cap *= 2;
		char *b = realloc(o->buf, cap);
		if (!b) {
			o->oom = true;
			return;
		}
		o->buf = b, o->cap = cap;
	}
	memcpy(o->buf + o->len, p, n);
	o->len += n;
}

/* Lines [from, to) of a version. */
struct chunk {
	const struct csv_lines *l;
	size_t from, to;
};

static const char *chunk_bytes(const struct chunk *c, size_t *n)
{
	*n = c->l->at[c->to] - c->l->at[c->from];
	return c->l->buf + c->l->at[c->from];
}

static bool chunk_eq(const struct chunk *x, const struct chunk *y)
{
	size_t nx, ny;
	const char *px = chunk_bytes(x, &nx), *py = chunk_bytes(y, &ny);
	return nx == ny && memcmp(px, py, nx) == 0;
}

/* One line's fields (its line end left out). */
static bool parse_line(const struct chunk *c, size_t i, struct csv_table *t, size_t *end)
{
	const struct csv_lines *l = c->l;
	size_t start = l->at[c->from + i], stop = l->at[c->from + i + 1];
	while (stop > start && (l->buf[stop - 1] == '\n' || l->buf[stop - 1] == '\r'))
		stop--;
	*end = stop;
	struct diag d = {0};
	size_t bad = csvtab_parse(t, "merge", l->buf + start, stop - start, &d);
	diag_clear(&d);
	if (bad || t->nrecords != 1) {
		csvtab_free(t);
		return false;
	}
	return true;
}

static void put_field(struct out *o, const struct csv_table *t, const char *line, size_t i)
{
	const struct csv_cell *cell = csvtab_cell(t, 0, i);
	if (i)
		put(o, ",", 1);
	put(o, line + cell->start, cell->end - cell->start);
}

static bool same_shape(const struct csv_table t[3])
{
	return t[1].records[0].count == t[0].records[0].count &&
	       t[2].records[0].count == t[0].records[0].count;
}

/* Whether each field changed on one side only (or alike on both). */
static bool fields_apart(const struct csv_table t[3])
{
	for (size_t f = 0; f < t[0].records[0].count; f++) {
		const char *b = csvtab_text(&t[0], 0, f), *m = csvtab_text(&t[1], 0, f),
			   *o = csvtab_text(&t[2], 0, f);
		if (strcmp(m, b) && strcmp(o, b) && strcmp(m, o))
			return false;
	}
	return true;
}

/* Row i changed on both sides: each field from the side that changed it,
 * their line end; false when both changed one field differently. */
static bool merge_row(struct out *o, const struct chunk *c[3], size_t i)
{
	struct csv_table t[3];
	size_t end[3];
	int parsed = 0;
	while (parsed < 3 && parse_line(c[parsed], i, &t[parsed], &end[parsed]))
		parsed++;
	bool ok = parsed == 3 && same_shape(t) && fields_apart(t);
	for (size_t f = 0; ok && f < t[0].records[0].count; f++) {
		int side = strcmp(csvtab_text(&t[1], 0, f), csvtab_text(&t[0], 0, f)) ? 1 : 2;
		put_field(o, &t[side], c[side]->l->buf + c[side]->l->at[c[side]->from + i], f);
	}
	if (ok)
		put(o, c[2]->l->buf + end[2], c[2]->l->at[c[2]->from + i + 1] - end[2]);
	for (int k = 0; k < parsed; k++)
		csvtab_free(&t[k]);
	return ok;
}

static void conflict(struct csv_merge *m, const struct chunk *mine)
{
	size_t line = mine->from + 1;
	if (m->nconflicts < CSV_MERGE_SHOWN)
		m->lines[m->nconflicts] = line;
	m->nconflicts++;
}

/* A stretch where the versions differ: the side that changed it wins;
 * rows changed on both sides one for one merge field by field. */
static void resolve(struct out *o, struct csv_merge *m, const struct chunk *base,
		    const struct chunk *mine, const struct chunk *theirs)
{
	size_t n;
	const struct chunk *take = chunk_eq(mine, base)     ? theirs
				   : chunk_eq(theirs, base) ? mine
				   : chunk_eq(mine, theirs) ? mine
							    : NULL;
	if (take) {
		const char *p = chunk_bytes(take, &n);
		put(o, p, n);
		return;
	}
	size_t rows = base->to - base->from;
	bool one_for_one = rows && mine->to - mine->from == rows && theirs->to - theirs->from == rows;
	const struct chunk *c[3] = {base, mine, theirs};
	for (size_t i = 0; one_for_one && i < rows; i++) {
		struct chunk line = {mine->l, mine->from + i, mine->from + i + 1};
		if (!merge_row(o, c, i))
			conflict(m, &line);
	}
	if (!one_for_one)
		conflict(m, mine);
}

bool csv_merge3(const char *base, size_t base_len, const char *mine, size_t mine_len,
		const char *theirs, size_t theirs_len, struct csv_merge *m)
{
	struct csv_lines o = {0}, a = {0}, b = {0};
	struct out out = {0};
	size_t *ma = NULL, *mb = NULL;
	*m = (struct csv_merge){0};
	bool ok = csv_lines_split(&o, base, base_len) && csv_lines_split(&a, mine, mine_len) &&
		  csv_lines_split(&b, theirs, theirs_len) &&
		  (ma = malloc((o.n + 1) * sizeof *ma)) && (mb = malloc((o.n + 1) * sizeof *mb)) &&
		  csv_lines_match(&o, &a, ma) && csv_lines_match(&o, &b, mb);
	for (size_t x = 0, y = 0, z = 0; ok && (x < o.n || y < a.n || z < b.n);) {
		size_t i = 0;
		while (x + i < o.n && ma[x + i] == y + i && mb[x + i] == z + i)
			i++;
		if (i) {
			put(&out, base + o.at[x], o.at[x + i] - o.at[x]);
			x += i, y += i, z += i;
			continue;
		}
		size_t j = x;
		while (j < o.n && (ma[j] == CSV_NO_LINE || mb[j] == CSV_NO_LINE))
			j++;
		struct chunk cb = {&o, x, j}, ca = {&a, y, j < o.n ? ma[j] : a.n},
			     cc = {&b, z, j < o.n ? mb[j] : b.n};
		resolve(&out, m, &cb, &ca, &cc);
		x = j, y = ca.to, z = cc.to;
	}
	ok = ok && !out.oom;
	if (ok && !m->nconflicts)
		m->data = out.buf ? out.buf : calloc(1, 1), m->len = out.len;
	else
		free(out.buf);
	free(ma), free(mb);
	csv_lines_free(&o), csv_lines_free(&a), csv_lines_free(&b);
	return ok && (m->nconflicts || m->data);
}

void csv_merge_free(struct csv_merge *m)
{
	free(m->data);
	*m = (struct csv_merge){0};
}
